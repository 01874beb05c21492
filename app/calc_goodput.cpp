#include "app/calcmodels.h"
#include "app/cli.h"
#include "common/longwork.h"
#include "simcore/models/goodput.h"
#include "simcore/montecarlo/goodputruns.h"
#include "simcore/reports/goodputreport.h"

#include <atomic>

namespace dtsim::app {

// `dtsim calc goodput`: MODELS §9 (Daly 2006, order statistics of normals, Llama 3 Table 5);
// --monte-carlo adds a seeded simulation of the whole run.
int calcGoodput(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const auto report = simcore::goodputReport(scenario);
    if (!report.ok() || !options.monteCarlo) {
        return printReport(report, options);
    }
    if (!(report.result.optimalIntervalSeconds > 0)) {
        printError(QStringLiteral("checkpoint.write_time: 0 s makes the optimal interval 0 s "
                                  "(checkpoint continuously): there are no intervals to "
                                  "simulate; --monte-carlo needs a write time above 0"));
        return kBadInput;
    }
    const std::int64_t runs = scenario.checkpoint.monteCarloRuns;
    if (const double events = simcore::expectedGoodputEvents(report.params, runs);
        !(events <= simcore::kMaxGoodputEvents)) {
        const auto fewerRuns =
            static_cast<qlonglong>(simcore::kMaxGoodputEvents * static_cast<double>(runs) / events);
        printError(
            QStringLiteral("checkpoint.mc_runs: %1 simulated runs would draw about %2 "
                           "failures and straggler draws; --monte-carlo draws at most %3: %4")
                .arg(runs)
                .arg(events, 0, 'g', 3)
                .arg(simcore::kMaxGoodputEvents, 0, 'g', 3)
                .arg(fewerRuns >= 1 ? QStringLiteral("lower checkpoint.mc_runs to at most %1, or "
                                                     "train.steps")
                                          .arg(fewerRuns)
                                    : QStringLiteral("even one run draws too many; lower "
                                                     "train.steps")));
        return kBadInput;
    }
    std::atomic<std::int64_t> progress{0};
    simcore::GoodputSimulation mc;
    common::runReportingProgress(
        [&] {
            mc = simcore::simulateGoodput(
                report.params, runs, static_cast<std::uint64_t>(scenario.checkpoint.monteCarloSeed),
                nullptr, &progress);
        },
        progress, runs, printMonteCarloProgress);
    if (!mc.ok) { // guarded above; kept so a future input can never print an empty batch
        printError(QStringLiteral("checkpoint.mc_runs: the simulation could not run"));
        return kFailure;
    }
    simcore::Report withRuns = report;
    const auto simulated = simcore::goodputSimulationQuantities(
        mc, static_cast<std::uint64_t>(scenario.checkpoint.monteCarloSeed));
    withRuns.quantities.insert(withRuns.quantities.end(), simulated.begin(), simulated.end());
    return printReport(withRuns, options);
}

} // namespace dtsim::app
