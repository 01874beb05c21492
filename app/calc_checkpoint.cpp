#include "app/calcmodels.h"
#include "simcore/checkpointreport.h"

#include <QJsonObject>

namespace dtsim::app {

namespace {

QString batchStatus(simcore::RunStatus status)
{
    switch (status) {
    case simcore::RunStatus::Completed:
        return QStringLiteral("completed");
    case simcore::RunStatus::FailureLimit:
        return QStringLiteral("failure_limit");
    case simcore::RunStatus::TooManyIntervals:
        return QStringLiteral("too_many_intervals");
    default:
        return QStringLiteral("invalid");
    }
}

} // namespace

// `dtsim calc checkpoint`: MODELS §6 (Young 1974, Daly 2006); --monte-carlo adds a seeded batch.
int calcCheckpoint(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const auto report = simcore::checkpointReport(scenario);
    if (!report.ok() || !options.monteCarlo) {
        const auto& a = report.result.atInterval;
        return printReport(report, options,
                           {{QStringLiteral("waste_parts"),
                             QJsonObject{{QStringLiteral("write"), a.writeFraction},
                                         {QStringLiteral("lost"), a.lostFraction},
                                         {QStringLiteral("restart"), a.restartFraction}}}});
    }
    const auto mc =
        simcore::computeMonteCarlo(report.result.params, scenario.checkpoint.monteCarloRuns,
                                   static_cast<std::uint64_t>(scenario.checkpoint.monteCarloSeed),
                                   /*timelineSegments=*/0);
    // The batch's numbers join the report's, as the CSV's mc_* rows do.
    simcore::Report withBatch = report;
    auto& q = withBatch.quantities;
    using simcore::Unit;
    q.push_back(simcore::wordQuantity("mc_status", "Monte-Carlo",
                                      batchStatus(mc.batch.status).toStdString()));
    q.push_back(simcore::quantity("mc_runs", "Monte-Carlo runs finished",
                                  static_cast<double>(mc.batch.runsCompleted), Unit::Runs));
    q.push_back(
        simcore::quantity("mc_mean_time", "Monte-Carlo mean", mc.batch.meanSeconds, Unit::Seconds));
    q.push_back(simcore::quantity("mc_standard_error", "  standard error",
                                  mc.batch.standardErrorSeconds, Unit::Seconds));
    q.push_back(simcore::quantity("mc_expected_time", "  expected (whole intervals)",
                                  mc.expectedSeconds, Unit::Seconds));
    const auto& a = report.result.atInterval;
    return printReport(
        withBatch, options,
        {{QStringLiteral("waste_parts"),
          QJsonObject{{QStringLiteral("write"), a.writeFraction},
                      {QStringLiteral("lost"), a.lostFraction},
                      {QStringLiteral("restart"), a.restartFraction}}},
         {QStringLiteral("monte_carlo"),
          QJsonObject{
              {QStringLiteral("status"), batchStatus(mc.batch.status)},
              {QStringLiteral("runs"), static_cast<double>(mc.batch.runsCompleted)},
              {QStringLiteral("seed"), static_cast<double>(scenario.checkpoint.monteCarloSeed)},
              {QStringLiteral("mean"), mc.batch.meanSeconds},
              {QStringLiteral("standard_error"), mc.batch.standardErrorSeconds},
              {QStringLiteral("min"), mc.batch.minSeconds},
              {QStringLiteral("max"), mc.batch.maxSeconds},
              {QStringLiteral("mean_failures"), mc.batch.meanFailures},
              {QStringLiteral("expected"), mc.expectedSeconds}}}});
}

} // namespace dtsim::app
