#include "app/calcmodels.h"
#include "app/cli.h"
#include "simcore/checkpoint.h"
#include "simcore/montecarlo.h"
#include "simcore/scaling.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QTextStream>

namespace dtsim::app {

// `dtsim calc checkpoint`: MODELS §6 (Young 1974, Daly 2006).
int calcCheckpoint(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const bool json = options.json;
    const bool monteCarlo = options.monteCarlo;
    const auto r = simcore::evaluateCheckpoint(scenario);
    if (r.status == simcore::CheckpointStatus::InvalidInput) {
        printError(QStringLiteral("checkpoint: the checkpoint.* values cannot be evaluated "
                                  "(dtsim keys lists their ranges)"));
        return kBadInput;
    }
    const bool overflow = r.status == simcore::CheckpointStatus::Overflow;
    const auto& a = r.atInterval;
    const double stepSeconds = simcore::evaluateScaling(scenario).selected.stepSeconds;
    const auto steps = simcore::intervalSecondsToSteps(r.params.intervalSeconds, stepSeconds);
    std::optional<simcore::BatchResult> batch;
    double mcExpected = 0;
    if (monteCarlo) {
        simcore::MonteCarloOptions options;
        options.seed = static_cast<std::uint64_t>(scenario.checkpoint.monteCarloSeed);
        batch = simcore::simulateBatch(r.params, scenario.checkpoint.monteCarloRuns, options);
        mcExpected = simcore::segmentedExpectedTime(r.params).expectedSeconds;
    }
    const char* batchStatus = !batch                                              ? ""
                              : batch->status == simcore::RunStatus::Completed    ? "completed"
                              : batch->status == simcore::RunStatus::FailureLimit ? "failure_limit"
                              : batch->status == simcore::RunStatus::TooManyIntervals
                                  ? "too_many_intervals"
                                  : "invalid";
    if (json) {
        const QJsonValue expected = overflow ? QJsonValue() : QJsonValue(r.expectedSeconds);
        QJsonObject object{
            {QStringLiteral("model"), QStringLiteral("checkpoint")},
            {QStringLiteral("status"),
             overflow ? QStringLiteral("overflow") : QStringLiteral("ok")},
            {QStringLiteral("gpus"), static_cast<double>(scenario.checkpoint.gpus)},
            {QStringLiteral("gpu_mtbf"), scenario.checkpoint.gpuMtbfSeconds},
            {QStringLiteral("cluster_mtbf"), r.clusterMtbfSeconds},
            {QStringLiteral("interval"), r.params.intervalSeconds},
            {QStringLiteral("write_time"), r.params.writeSeconds},
            {QStringLiteral("restart_time"), r.params.restartSeconds},
            {QStringLiteral("work"), r.params.workSeconds},
            {QStringLiteral("young_interval"), r.youngIntervalSeconds},
            {QStringLiteral("optimal_interval"), r.optimalIntervalSeconds},
            {QStringLiteral("waste_fraction"), r.wasteFraction},
            {QStringLiteral("waste_parts"),
             QJsonObject{{QStringLiteral("write"), a.writeFraction},
                         {QStringLiteral("lost"), a.lostFraction},
                         {QStringLiteral("restart"), a.restartFraction}}},
            {QStringLiteral("expected_time"), expected},
            {QStringLiteral("expected_failures"), a.expectedFailures},
            {QStringLiteral("optimal_waste_fraction"), r.atOptimum.wasteFraction},
            {QStringLiteral("optimal_expected_time"), r.atOptimum.expectedSeconds},
            {QStringLiteral("step_time"), stepSeconds},
            {QStringLiteral("interval_steps"),
             steps.ok() ? QJsonValue(static_cast<double>(steps.value)) : QJsonValue()}};
        if (batch) {
            object.insert(
                QStringLiteral("monte_carlo"),
                QJsonObject{{QStringLiteral("status"), QLatin1String(batchStatus)},
                            {QStringLiteral("runs"), static_cast<double>(batch->runsCompleted)},
                            {QStringLiteral("seed"),
                             static_cast<double>(scenario.checkpoint.monteCarloSeed)},
                            {QStringLiteral("mean"), batch->meanSeconds},
                            {QStringLiteral("standard_error"), batch->standardErrorSeconds},
                            {QStringLiteral("min"), batch->minSeconds},
                            {QStringLiteral("max"), batch->maxSeconds},
                            {QStringLiteral("mean_failures"), batch->meanFailures},
                            {QStringLiteral("expected"), mcExpected}});
        }
        printOut(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) +
                 QLatin1Char('\n'));
        return kSuccess;
    }
    QString text;
    QTextStream out(&text);
    out << "Checkpoints and failures (MODELS §6: Young 1974, Daly 2006), N = "
        << scenario.checkpoint.gpus << " GPUs\n";
    const auto number = [](double value) { return QString::number(value, 'g', 6); };
    const auto row = [&out](const char* name, const QString& value, const char* unit) {
        out << "  " << QString::fromLatin1(name).leftJustified(26) << value.rightJustified(14)
            << "  " << unit << "\n";
    };
    row("GPU MTBF", number(scenario.checkpoint.gpuMtbfSeconds), "s");
    row("cluster MTBF (M = GPU/N)", number(r.clusterMtbfSeconds), "s");
    row("interval (tau)", number(r.params.intervalSeconds), "s");
    row("write time (delta)", number(r.params.writeSeconds), "s");
    row("restart time (R)", number(r.params.restartSeconds), "s");
    row("work (W)", number(r.params.workSeconds), "s");
    row("Young interval", number(r.youngIntervalSeconds), "s");
    row("optimal interval (Daly)", number(r.optimalIntervalSeconds), "s");
    row("waste fraction", number(r.wasteFraction), "");
    row("  writes", number(a.writeFraction), "");
    row("  lost work", number(a.lostFraction), "");
    row("  restarts", number(a.restartFraction), "");
    row("expected time", overflow ? QStringLiteral("overflow") : number(r.expectedSeconds), "s");
    row("expected failures", number(a.expectedFailures), "");
    row("waste at optimum", number(r.atOptimum.wasteFraction), "");
    if (steps.ok()) {
        row("interval in steps", QString::number(steps.value), "steps");
    }
    if (batch) {
        row("Monte-Carlo runs", QString::number(batch->runsCompleted), batchStatus);
        row("Monte-Carlo mean", number(batch->meanSeconds), "s");
        row("  standard error", number(batch->standardErrorSeconds), "s");
        row("  expected (whole intervals)", number(mcExpected), "s");
    }
    out.flush();
    printOut(text);
    return kSuccess;
}

} // namespace dtsim::app
