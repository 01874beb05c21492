#include "app/calcmodels.h"
#include "app/cli.h"
#include "common/longwork.h"
#include "simcore/models/goodput.h"
#include "simcore/montecarlo/goodputruns.h"
#include "simcore/reports/goodputreport.h"

#include <QJsonArray>
#include <QJsonObject>
#include <atomic>

namespace dtsim::app {

namespace {

QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

/// The failure breakdown with its source, as JSON.
QJsonObject failureBreakdown(const simcore::GoodputReport& report)
{
    QJsonArray causes;
    for (const auto& row : report.failures) {
        causes.append(QJsonObject{{QStringLiteral("id"), fromView(row.cause.id)},
                                  {QStringLiteral("name"), fromView(row.cause.name)},
                                  {QStringLiteral("category"), fromView(row.cause.category)},
                                  {QStringLiteral("count"), row.cause.count},
                                  {QStringLiteral("share"), row.share},
                                  {QStringLiteral("printed_percent"), row.cause.printedPercent},
                                  {QStringLiteral("expected_failures"), row.expectedFailures}});
    }
    return {{QStringLiteral("source"),
             QStringLiteral("Llama 3 paper (arXiv 2407.21783), Table 5: 419 unexpected "
                            "interruptions in 54 days on 16,384 H100")},
            {QStringLiteral("causes"), causes}};
}

QJsonArray curveJson(const simcore::GoodputReport& report)
{
    QJsonArray points;
    for (const auto& point : report.curve) {
        points.append(
            QJsonObject{{QStringLiteral("gpus"), static_cast<double>(point.gpus)},
                        {QStringLiteral("goodput_optimal"), point.goodputOptimal},
                        {QStringLiteral("goodput_at_interval"), point.goodputAtInterval}});
    }
    return points;
}

} // namespace

// `dtsim calc goodput`: MODELS §9 (Daly 2006, order statistics of normals, Llama 3 Table 5);
// --monte-carlo adds a seeded simulation of the whole run.
int calcGoodput(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const auto report = simcore::goodputReport(scenario);
    QJsonObject extra{{QStringLiteral("model"), QStringLiteral("goodput")},
                      {QStringLiteral("failure_breakdown"), failureBreakdown(report)},
                      {QStringLiteral("goodput_vs_gpus"), curveJson(report)}};
    if (!report.ok() || !options.monteCarlo) {
        return printReport(report, options, extra);
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
    return printReport(withRuns, options, extra);
}

} // namespace dtsim::app
