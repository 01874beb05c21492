#include "simcore/montecarlo/goodputruns.h"

#include "simcore/montecarlo/montecarlo.h"

#include <cmath>

namespace simcore {

StragglerSteps goodputStragglerSteps(const GoodputParams& params)
{
    StragglerSteps steps;
    if (!finitePositive(params.stepSeconds) || !finitePositive(params.stragglerCv) ||
        params.gpus < 1) {
        return steps; // none: no wait to mark
    }
    const NormalMaxMoments moments = normalMaxMoments(params.gpus);
    steps.stepSeconds = params.stepSeconds;
    steps.factor = 1.0 + params.stragglerCv * moments.mean;
    steps.stepDeviationSeconds =
        params.stepSeconds * params.stragglerCv * std::sqrt(std::max(0.0, moments.variance));
    return steps;
}

GoodputSimulation simulateGoodput(const GoodputParams& params, std::int64_t runs,
                                  std::uint64_t seed, const std::atomic<bool>* cancel,
                                  std::atomic<std::int64_t>* progress)
{
    GoodputSimulation out;
    if (runs < 1 || runs > 10'000'000 || expectedGoodputEvents(params, runs) > kMaxGoodputEvents) {
        return out;
    }
    const GoodputResult r = evaluateGoodput(params);
    // The job of montecarlo.h: W·s of work at Daly's interval, with the stragglers' wait inside.
    const CheckpointParams job{r.optimalIntervalSeconds, params.writeSeconds, params.restartSeconds,
                               r.jobMtbfSeconds, r.wallWorkSeconds};
    MonteCarloOptions options;
    options.seed = seed;
    options.cancel = cancel;
    options.progress = progress;
    options.stragglers = goodputStragglerSteps(params);
    const BatchResult batch = simulateBatch(job, runs, options);
    if (batch.status != RunStatus::Completed || batch.runsCompleted != runs) {
        return out;
    }
    out.ok = true;
    out.runs = runs;
    out.meanSeconds = batch.meanSeconds;
    out.standardErrorSeconds = batch.standardErrorSeconds;
    out.meanFailures = batch.meanFailures;
    out.meanStragglerSeconds = batch.meanStragglerSeconds;
    out.goodput = r.usefulSeconds / out.meanSeconds;
    return out;
}

} // namespace simcore
