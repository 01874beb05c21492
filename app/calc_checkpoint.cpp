#include "app/calcmodels.h"
#include "app/cli.h"
#include "common/longwork.h"
#include "simcore/reports/checkpointreport.h"

#include <QStringList>
#include <atomic>

namespace dtsim::app {

namespace {

/// The batch, on a worker thread; a batch that runs past a second says how far it is on stderr,
/// once a second.
simcore::MonteCarloSummary monteCarloWithProgress(const simcore::CheckpointParams& params,
                                                  std::int64_t runs, std::uint64_t seed)
{
    std::atomic<std::int64_t> progress{0};
    simcore::MonteCarloSummary summary;
    common::runReportingProgress(
        [&] {
            summary = simcore::computeMonteCarlo(params, runs, seed, /*timelineSegments=*/0,
                                                 nullptr, &progress);
        },
        progress, runs, printMonteCarloProgress);
    return summary;
}

/// Below the table, which quantities read "none" for want of a step time, and why: the key and
/// the layouts it allows. JSON carries the same in its "unpriced" field.
void printUnpriced(const simcore::CheckpointReport& report, const CalcOptions& options)
{
    if (options.json || report.stepProblems.empty()) {
        return;
    }
    QStringList ids;
    for (const auto id : report.unpriced) {
        ids << QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size()));
    }
    printOut(QStringLiteral("not priced (they need the training model's step time at N): %1\n"
                            "  because %2\n")
                 .arg(ids.join(QStringLiteral(", ")),
                      QString::fromStdString(report.stepProblems.front().message())));
}

} // namespace

// `dtsim calc checkpoint`: MODELS §6 (Young 1974, Daly 2006); --monte-carlo adds a seeded batch.
int calcCheckpoint(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const auto report = simcore::checkpointReport(scenario);
    if (!report.ok()) {
        return printReport(report, options);
    }
    if (options.monteCarlo && !report.workKnown()) {
        // The batch runs whole jobs: without W there is none to run.
        printError(QStringLiteral("--monte-carlo needs the job's length W: give checkpoint.work, "
                                  "or price it from train.steps at a layout: %1")
                       .arg(QString::fromStdString(report.stepProblems.front().message())));
        return kBadInput;
    }
    if (!options.monteCarlo) {
        const int code = printReport(report, options);
        printUnpriced(report, options);
        return code;
    }
    // Refused before it starts: a batch past the limit would run for minutes.
    const std::int64_t runs = scenario.checkpoint.monteCarloRuns;
    if (const double failures = simcore::expectedMonteCarloFailures(report.result.params, runs);
        failures > simcore::kMaxMonteCarloFailures) {
        const auto fewerRuns = static_cast<qlonglong>(simcore::kMaxMonteCarloFailures *
                                                      static_cast<double>(runs) / failures);
        printError(QStringLiteral("checkpoint.mc_runs: %1 simulated jobs would meet about %2 "
                                  "failures; --monte-carlo simulates at most %3 (a few seconds): "
                                  "%4")
                       .arg(runs)
                       .arg(failures, 0, 'g', 3)
                       .arg(simcore::kMaxMonteCarloFailures, 0, 'g', 3)
                       .arg(fewerRuns >= 1
                                ? QStringLiteral("lower checkpoint.mc_runs to at most %1, or "
                                                 "shorten checkpoint.work")
                                      .arg(fewerRuns)
                                : QStringLiteral("even one job meets too many; shorten "
                                                 "checkpoint.work")));
        return kBadInput;
    }
    const auto mc = monteCarloWithProgress(
        report.result.params, runs, static_cast<std::uint64_t>(scenario.checkpoint.monteCarloSeed));
    // The batch's numbers join the report's: the same rows the CSV writes.
    simcore::Report withBatch = report;
    const auto batchQuantities = simcore::monteCarloQuantities(mc);
    withBatch.quantities.insert(withBatch.quantities.end(), batchQuantities.begin(),
                                batchQuantities.end());
    withBatch.details.push_back(simcore::monteCarloDetails(
        mc, static_cast<std::uint64_t>(scenario.checkpoint.monteCarloSeed)));
    const int code = printReport(withBatch, options);
    printUnpriced(report, options);
    return code;
}

} // namespace dtsim::app
