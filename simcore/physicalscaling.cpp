#include "simcore/physicalscaling.h"

#include "simcore/catalogue.h"
#include "simcore/memory.h"

#include <algorithm>
#include <cmath>

namespace simcore {

namespace {

bool positiveFinite(double x)
{
    return std::isfinite(x) && x > 0;
}

bool validLink(const Link& link)
{
    return std::isfinite(link.latencySeconds) && link.latencySeconds >= 0 &&
           positiveFinite(link.bandwidthBytesPerSecond);
}

/// One GPU's compute time for `tokens` tokens.
double computeSeconds(const PhysicalParams& p, double tokens)
{
    return flopsPerToken(p) * tokens / (p.peakFlopsPerSecond * p.mfu);
}

double tokensPerGpu(const PhysicalParams& p, std::int64_t workers)
{
    return p.batch == BatchScaling::Strong ? p.tokensPerStep / static_cast<double>(workers)
                                           : p.tokensPerStep;
}

} // namespace

std::optional<PhysicalError> validatePhysicalParams(const PhysicalParams& p)
{
    if (!positiveFinite(p.params)) {
        return PhysicalError{"params", "> 0"};
    }
    if (!positiveFinite(p.tokensPerStep)) {
        return PhysicalError{"tokensPerStep", "> 0"};
    }
    if (!positiveFinite(p.bytesPerGradElement)) {
        return PhysicalError{"bytesPerGradElement", "> 0"};
    }
    if (!positiveFinite(p.peakFlopsPerSecond)) {
        return PhysicalError{"peakFlopsPerSecond", "> 0"};
    }
    if (!positiveFinite(p.mfu) || p.mfu > 1) {
        return PhysicalError{"mfu", "(0, 1]"};
    }
    if (!std::isfinite(p.overlap) || p.overlap < 0 || p.overlap > 1) {
        return PhysicalError{"overlap", "[0, 1]"};
    }
    if (!validLink(p.intra)) {
        return PhysicalError{"intra", "latency ≥ 0, bandwidth > 0"};
    }
    if (!validLink(p.inter)) {
        return PhysicalError{"inter", "latency ≥ 0, bandwidth > 0"};
    }
    if (p.gpusPerNode < 1) {
        return PhysicalError{"gpusPerNode", "≥ 1"};
    }
    if (p.steps < 1) {
        return PhysicalError{"steps", "≥ 1"};
    }
    return std::nullopt;
}

double flopsPerToken(const PhysicalParams& params)
{
    return (params.recompute == Recompute::Full ? 8.0 : 6.0) * params.params;
}

double backwardFraction(const PhysicalParams& params)
{
    return params.recompute == Recompute::Full ? 6.0 / 8.0 : 4.0 / 6.0;
}

double syncSeconds(const PhysicalParams& p, std::int64_t workers)
{
    if (workers <= 1) {
        return 0.0;
    }
    CollectiveParams c;
    c.workers = workers;
    c.bytes = p.params * p.bytesPerGradElement;
    c.intra = p.intra;
    c.inter = p.inter;
    c.gpusPerNode = p.gpusPerNode;

    if (p.strategy == ShardingStrategy::Ddp) {
        return collectiveSeconds(p.algorithm, CollectiveOp::AllReduce, c);
    }
    const double reduceScatter = collectiveSeconds(p.algorithm, CollectiveOp::ReduceScatter, c);
    const double allGather = collectiveSeconds(p.algorithm, CollectiveOp::AllGather, c);
    const double gathers = p.strategy == ShardingStrategy::Zero3 ? 2.0 : 1.0;
    if (!std::isnan(reduceScatter) && !std::isnan(allGather)) {
        return reduceScatter + gathers * allGather;
    }
    // Same volume priced as all-reduces: 2Ψ = one all-reduce, 3Ψ = 1.5 all-reduces.
    return (1.0 + gathers) / 2.0 * collectiveSeconds(p.algorithm, CollectiveOp::AllReduce, c);
}

StepTimes physicalStep(const PhysicalParams& p, std::int64_t workers)
{
    workers = std::max<std::int64_t>(workers, 1);
    const auto n = static_cast<double>(workers);
    StepTimes t;
    t.workers = workers;
    t.computeSeconds = computeSeconds(p, tokensPerGpu(p, workers));
    const double communication = syncSeconds(p, workers);
    const double hidden =
        std::min(p.overlap * communication, backwardFraction(p) * t.computeSeconds);
    t.syncSeconds = communication - hidden;
    t.bubbleSeconds = 0;
    t.stepSeconds = t.computeSeconds + t.syncSeconds;
    // One GPU doing the whole global batch of this step.
    const double single = computeSeconds(p, tokensPerGpu(p, workers) * n);
    t.idealSeconds = single / n;
    t.speedup = single / t.stepSeconds;
    t.efficiency = t.speedup / n;
    t.totalSeconds = static_cast<double>(p.steps) * t.stepSeconds;
    return t;
}

std::int64_t physicalOptimalWorkers(const PhysicalParams& params, std::int64_t maxWorkers)
{
    WorkerRange range;
    range.max = std::max<std::int64_t>(maxWorkers, 1);
    return physicalOptimalWorkers(params, range);
}

std::int64_t physicalOptimalWorkers(const PhysicalParams& params, const WorkerRange& range)
{
    std::int64_t best = 1;
    double bestSpeedup = physicalStep(params, 1).speedup;
    for (std::int64_t n : allowedWorkers(range)) {
        const double speedup = physicalStep(params, n).speedup;
        if (speedup > bestSpeedup) {
            best = n;
            bestSpeedup = speedup;
        }
    }
    return best;
}

std::optional<PhysicalParams> physicalParamsFromScenario(const Scenario& scenario)
{
    const GpuSpec* gpu = findGpu(scenario.hardware.gpu);
    if (!gpu) {
        return std::nullopt;
    }
    const bool fp32 = scenario.train.precision == Precision::Fp32;
    const bool weak = scenario.scaling.batch == BatchScalingMode::Weak;
    const auto sequences = weak ? scenario.train.microBatch : scenario.train.globalBatch;
    PhysicalParams p;
    p.params = effectiveParameters(scenario.model);
    p.tokensPerStep = static_cast<double>(sequences) * static_cast<double>(scenario.model.seqLen);
    p.bytesPerGradElement = fp32 ? 4.0 : 2.0;
    p.peakFlopsPerSecond = fp32 ? gpu->fp32FlopsPerSecond : gpu->bf16FlopsPerSecond;
    p.mfu = scenario.scaling.mfu;
    p.overlap = scenario.scaling.overlap;
    p.recompute = scenario.train.recompute;
    constexpr ShardingStrategy kStrategies[] = {ShardingStrategy::Ddp, ShardingStrategy::Zero1,
                                                ShardingStrategy::Zero2, ShardingStrategy::Zero3};
    p.strategy = kStrategies[std::clamp<std::int64_t>(scenario.parallel.zero, 0, 3)];
    p.batch = weak ? BatchScaling::Weak : BatchScaling::Strong;
    p.algorithm = toCommAlgorithm(scenario.collective.algorithm);
    p.intra = {scenario.hardware.intraLatencySeconds,
               scenario.hardware.intraBandwidthBytesPerSecond};
    p.inter = {scenario.hardware.interLatencySeconds,
               scenario.hardware.interBandwidthBytesPerSecond};
    p.gpusPerNode = scenario.hardware.gpusPerNode;
    p.steps = scenario.train.steps;
    return p;
}

} // namespace simcore
