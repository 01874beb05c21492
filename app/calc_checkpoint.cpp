#include "app/calcmodels.h"
#include "app/cli.h"
#include "common/longwork.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/jobfinish.h"

#include <QStringList>
#include <atomic>
#include <limits>
#include <string>
#include <variant>

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

/// Below the table, why the expected time and failures are none: the job practically never
/// finishes, and the key that makes it so. JSON carries the same in its "never_finishes" field.
void printNeverFinishes(const simcore::Report& report, const CalcOptions& options)
{
    const simcore::Value* field = simcore::findField(report.details, "never_finishes");
    if (options.json || field == nullptr) {
        return;
    }
    const auto& record = std::get<simcore::Record>(*field);
    printOut(QStringLiteral("never finishes (expected time and failures are none): %1\n")
                 .arg(QString::fromStdString(
                     std::get<std::string>(*simcore::findField(record, "message")))));
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
        printNeverFinishes(report, options);
        return code;
    }
    // Refused before it starts: runs that each meet more failures than a run may would all stop
    // unfinished (an overflowed closed form expects more than any count).
    const auto& params = report.result.params;
    const double perRun = report.overflow ? std::numeric_limits<double>::infinity()
                                          : simcore::expectedMonteCarloFailures(params, 1);
    const auto limit = static_cast<double>(simcore::MonteCarloOptions{}.maxFailuresPerRun);
    if (!(perRun <= limit)) {
        printError(QStringLiteral("--monte-carlo: no run would finish (a run stops after %1 "
                                  "failures): %2")
                       .arg(limit, 0, 'g', 3)
                       .arg(QString::fromStdString(
                           simcore::runsNeverFinish(scenario, params, perRun, limit).message())));
        return kBadInput;
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
    const bool noneFinished = mc.valid && mc.batch.runsCompleted == 0;
    if (noneFinished) {
        // Every run met the failure limit: said, with the key to change.
        const auto why = simcore::runsNeverFinish(scenario, params, perRun, limit);
        withBatch.details.push_back(
            {"no_run_finished", simcore::Record{{"key", why.key}, {"message", why.message()}}});
    }
    const int code = printReport(withBatch, options);
    printUnpriced(report, options);
    printNeverFinishes(report, options);
    if (noneFinished) {
        printError(QStringLiteral("--monte-carlo: no run finished: %1")
                       .arg(QString::fromStdString(
                           simcore::runsNeverFinish(scenario, params, perRun, limit).message())));
        return code == kSuccess ? kFailure : code;
    }
    return code;
}

} // namespace dtsim::app
