#include "app/calcmodels.h"
#include "app/cli.h"
#include "common/longwork.h"
#include "simcore/models/goodput.h"
#include "simcore/montecarlo/goodputruns.h"
#include "simcore/reports/goodputreport.h"
#include "simcore/reports/jobfinish.h"

#include <atomic>
#include <cmath>
#include <limits>
#include <string>
#include <variant>

namespace dtsim::app {

// `dtsim calc goodput`: MODELS §9 (Daly 2006, order statistics of normals, Llama 3 Table 5);
// --monte-carlo adds a seeded simulation of the whole run.
int calcGoodput(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const auto report = simcore::goodputReport(scenario);
    const bool overflow = report.result.status == simcore::CheckpointStatus::Overflow;
    if (!report.ok() || !options.monteCarlo) {
        const int code = printReport(report, options);
        // Below the table, why the expected time and failures are none (JSON: never_finishes).
        if (const simcore::Value* field = simcore::findField(report.details, "never_finishes");
            field != nullptr && !options.json && report.ok()) {
            const auto& record = std::get<simcore::Record>(*field);
            printOut(QStringLiteral("never finishes (expected time and failures are none): %1\n")
                         .arg(QString::fromStdString(
                             std::get<std::string>(*simcore::findField(record, "message")))));
        }
        return code;
    }
    // Runs that each meet more failures than a run may would all stop unfinished: refused, with
    // the key that causes it (the job MTBF against the intervals, or the job's length).
    const auto job = simcore::goodputJobAtOptimum(report.params, report.result);
    const double perRun = overflow ? std::numeric_limits<double>::infinity()
                                   : report.result.atOptimum.expectedFailures;
    const auto limit = static_cast<double>(simcore::MonteCarloOptions{}.maxFailuresPerRun);
    if (report.result.optimalIntervalSeconds > 0 && !(perRun <= limit)) {
        printError(QStringLiteral("--monte-carlo: no run would finish (a run stops after %1 "
                                  "failures): %2")
                       .arg(limit, 0, 'g', 3)
                       .arg(QString::fromStdString(
                           simcore::runsNeverFinish(scenario, job, perRun, limit).message())));
        return kBadInput;
    }
    if (!(report.result.optimalIntervalSeconds > 0)) {
        printError(QStringLiteral("checkpoint.write_time: 0 s makes the optimal interval 0 s "
                                  "(checkpoint continuously): there are no intervals to "
                                  "simulate; --monte-carlo needs a write time above 0"));
        return kBadInput;
    }
    // More intervals than a double counts exactly (montecarlo.h, TooManyIntervals): a write time
    // near 0 makes Daly's optimum that short. Refused by the key the write time comes from.
    if (const double intervals =
            report.result.wallWorkSeconds / report.result.optimalIntervalSeconds;
        !(intervals <= 0x1p53)) {
        const auto source = report.job.writeSource;
        const QString key =
            source == simcore::WriteSource::Storage ? QStringLiteral("checkpoint.storage_bandwidth")
            : source == simcore::WriteSource::Memory ? QStringLiteral("checkpoint.memory_bandwidth")
                                                     : QStringLiteral("checkpoint.write_time");
        printError(QStringLiteral("%1: a write time of %2 s makes the optimal interval %3 s, "
                                  "%4 intervals; --monte-carlo counts at most 2^53: give a "
                                  "longer write time")
                       .arg(key)
                       .arg(report.params.writeSeconds, 0, 'g', 3)
                       .arg(report.result.optimalIntervalSeconds, 0, 'g', 3)
                       .arg(std::isfinite(intervals) ? QString::number(intervals, 'g', 3)
                                                     : QStringLiteral("more than 1e308")));
        return kBadInput;
    }
    const std::int64_t runs = scenario.checkpoint.monteCarloRuns;
    const std::string lengthKey =
        scenario.checkpoint.workSeconds > 0 ? "checkpoint.work" : "train.steps";
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
                .arg(fewerRuns >= 1
                         ? QStringLiteral("lower checkpoint.mc_runs to at most %1, or %2")
                               .arg(fewerRuns)
                               .arg(QString::fromStdString(lengthKey))
                         : QStringLiteral("even one run draws too many: %1")
                               .arg(QString::fromStdString(
                                   simcore::runsNeverFinish(scenario, job, perRun, limit)
                                       .message()))));
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
