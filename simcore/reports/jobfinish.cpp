#include "simcore/reports/jobfinish.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace simcore {

bool mtbfIsTheCause(const CheckpointParams& params)
{
    const double m = params.mtbfSeconds;
    if (!(m > 0) || std::isinf(m)) {
        return false;
    }
    const double interval = std::min(params.intervalSeconds, params.workSeconds);
    const double exponent = (std::isnan(interval) ? params.intervalSeconds : interval) / m +
                            params.writeSeconds / m + params.restartSeconds / m;
    return !(exponent <= std::log(kMtbfCauseAttempts));
}

ScenarioError neverFinishes(const Scenario& scenario, const CheckpointParams& params)
{
    const double m = params.mtbfSeconds;
    const double interval = std::isnan(params.workSeconds)
                                ? params.intervalSeconds
                                : std::min(params.intervalSeconds, params.workSeconds);
    const double attemptLength = interval + params.writeSeconds;
    return {ScenarioError::Kind::Inconsistent, "checkpoint.gpu_mtbf",
            formatNumber(scenario.checkpoint.gpuMtbfSeconds),
            "long enough that the job outlasts an interval and its write",
            "a job MTBF of " + formatNumber(m) +
                " s over checkpoint.gpus = " + std::to_string(scenario.checkpoint.gpus) +
                ", against " + formatNumber(attemptLength) +
                " s of an interval and its write and " + formatNumber(params.restartSeconds) +
                " s of a restart: each interval needs about e^" +
                formatNumber(std::round(attemptLength / m)) +
                " attempts, so the job practically never finishes"};
}

CheckpointParams goodputJobAtOptimum(const GoodputParams& params, const GoodputResult& result)
{
    CheckpointParams job;
    job.intervalSeconds = result.optimalIntervalSeconds;
    job.writeSeconds = params.writeSeconds;
    job.restartSeconds = params.restartSeconds;
    job.mtbfSeconds = result.jobMtbfSeconds;
    job.workSeconds = result.wallWorkSeconds;
    return job;
}

ScenarioError runsNeverFinish(const Scenario& scenario, const CheckpointParams& params,
                              double failuresPerRun, double limit)
{
    if (mtbfIsTheCause(params)) {
        return neverFinishes(scenario, params);
    }
    const bool given = scenario.checkpoint.workSeconds > 0;
    const std::string key = given ? "checkpoint.work" : "train.steps";
    const std::string given_ = given ? formatNumber(scenario.checkpoint.workSeconds)
                                     : std::to_string(scenario.train.steps);
    const std::string failures =
        std::isfinite(failuresPerRun) ? formatNumber(failuresPerRun) : "more than 1e308";
    return {ScenarioError::Kind::Inconsistent, key, given_,
            "short enough that a simulated job meets at most " + formatNumber(limit) + " failures",
            "each job of " + formatNumber(params.workSeconds) + " s of work expects " + failures +
                " failures at a job MTBF of " + formatNumber(params.mtbfSeconds) + " s"};
}

std::string_view intervalRounding(double intervalSeconds, double stepSeconds)
{
    const auto steps = intervalSecondsToSteps(intervalSeconds, stepSeconds);
    if (!steps.ok()) {
        return "none";
    }
    const double exact = intervalSeconds / stepSeconds;
    const double whole = static_cast<double>(steps.value);
    if (std::abs(exact - whole) <= 1e-9 * whole) {
        return "exact";
    }
    return exact < 0.5 ? "up_to_one_step" : "nearest";
}

} // namespace simcore
