#include "simcore/layoutscaling.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace simcore {

std::int64_t replicaGpus(const Scenario& scenario)
{
    const auto& parallel = scenario.parallel;
    return std::max<std::int64_t>(1, parallel.tp * parallel.pp * parallel.cp);
}

LayoutShape layoutShape(const Scenario& scenario)
{
    const auto& parallel = scenario.parallel;
    return {parallel.tp, parallel.pp, parallel.cp, replicaGpus(scenario)};
}

std::optional<LayoutSweep> LayoutSweep::fromScenario(const Scenario& scenario)
{
    Scenario replica = scenario;
    replica.parallel.dp = 1;
    auto base = stepTimeParamsFromScenario(replica);
    Scenario one = replica;
    one.parallel.tp = 1;
    one.parallel.pp = 1;
    one.parallel.cp = 1;
    auto single = stepTimeParamsFromScenario(one);
    if (!base || !single) {
        return std::nullopt;
    }
    LayoutSweep sweep;
    sweep.m_base = *base;
    sweep.m_singleBase = *single;
    sweep.m_optimizerBytes = base->optimizerStateBytes;
    sweep.m_singleOptimizerBytes = single->optimizerStateBytes;
    sweep.m_unit = replicaGpus(scenario);
    sweep.m_zero = scenario.parallel.zero;
    sweep.m_weak = scenario.scaling.batch == BatchScalingMode::Weak;
    sweep.m_replicaBatch =
        static_cast<double>(scenario.train.microBatch) *
        static_cast<double>(std::max<std::int64_t>(1, scenario.parallel.microbatches));
    sweep.m_steps = scenario.train.steps;
    return sweep;
}

LayoutFit LayoutSweep::fit(std::int64_t workers) const
{
    if (workers < m_unit || workers % m_unit != 0) {
        return LayoutFit::NotMultiple;
    }
    const std::int64_t dp = workers / m_unit;
    const auto b = static_cast<std::int64_t>(m_base.microBatch);
    std::int64_t microbatches = 0;
    if (m_weak) {
        microbatches = static_cast<std::int64_t>(m_replicaBatch) / b;
    } else {
        const auto batch = static_cast<std::int64_t>(m_base.globalBatch);
        if (batch % (b * dp) != 0) {
            return LayoutFit::BatchNotDivisible;
        }
        microbatches = batch / (b * dp);
    }
    if (m_base.schedule == PipelineSchedule::Interleaved && microbatches % m_base.pp != 0) {
        return LayoutFit::MicrobatchesNotMultipleOfStages;
    }
    return LayoutFit::Fits;
}

StepTimeParams LayoutSweep::layout(std::int64_t workers) const
{
    StepTimeParams p = m_base;
    p.dp = std::max<std::int64_t>(1, workers / m_unit);
    const auto dp = static_cast<double>(p.dp);
    if (m_weak) {
        p.globalBatch = dp * m_replicaBatch;
    }
    p.optimizerStateBytes = m_zero >= 1 ? m_optimizerBytes / dp : m_optimizerBytes;
    return p;
}

StepTimes LayoutSweep::single(std::int64_t workers) const
{
    StepTimeParams p = m_singleBase;
    if (m_weak) {
        p.globalBatch =
            static_cast<double>(std::max<std::int64_t>(1, workers / m_unit)) * m_replicaBatch;
    }
    p.optimizerStateBytes = m_singleOptimizerBytes;
    const StepTime s = evaluateStepTime(p);
    StepTimes t;
    t.workers = 1;
    t.dataParallel = 1;
    t.microbatches = s.microbatches;
    t.computeSeconds = s.computeSeconds;
    t.optimizerSeconds = s.optimizerSeconds;
    t.otherSeconds = s.stepSeconds - s.computeSeconds - s.optimizerSeconds;
    t.syncSeconds = s.stepSeconds - s.computeSeconds;
    t.stepSeconds = s.stepSeconds;
    t.idealSeconds = s.stepSeconds;
    t.totalSeconds = static_cast<double>(m_steps) * s.stepSeconds;
    return t;
}

StepTimes LayoutSweep::step(std::int64_t workers) const
{
    StepTimes t;
    t.workers = workers;
    if (fit(workers) != LayoutFit::Fits) {
        constexpr double none = std::numeric_limits<double>::quiet_NaN();
        t.possible = false;
        t.computeSeconds = t.syncSeconds = t.bubbleSeconds = t.stepSeconds = none;
        t.idealSeconds = t.speedup = t.efficiency = t.totalSeconds = none;
        t.microbatches = none;
        t.tensorParallelSeconds = t.pipelineSendSeconds = t.dataParallelSeconds = none;
        t.zeroGatherSeconds = t.contextParallelSeconds = t.optimizerSeconds = none;
        t.otherSeconds = none;
        t.dataParallel = workers % m_unit == 0 ? workers / m_unit : 0;
        return t;
    }
    const StepTimeParams p = layout(workers);
    const StepTime s = evaluateStepTime(p);
    t.dataParallel = p.dp;
    t.microbatches = s.microbatches;
    t.computeSeconds = s.computeSeconds;
    t.bubbleSeconds = s.bubbleSeconds;
    t.tensorParallelSeconds = s.tpSeconds;
    t.pipelineSendSeconds = s.p2pSeconds;
    t.dataParallelSeconds = s.dpSeconds;
    t.zeroGatherSeconds = s.zeroGatherSeconds;
    t.contextParallelSeconds = s.cpSeconds;
    t.optimizerSeconds = s.optimizerSeconds;
    const double named = s.computeSeconds + s.bubbleSeconds + s.tpSeconds + s.p2pSeconds +
                         s.dpSeconds + s.zeroGatherSeconds + s.cpSeconds + s.optimizerSeconds;
    // A term the model gains later, kept in the sum; rounding alone is not one.
    t.otherSeconds =
        std::abs(s.stepSeconds - named) > 1e-12 * s.stepSeconds ? s.stepSeconds - named : 0.0;
    t.syncSeconds = s.stepSeconds - s.computeSeconds - s.bubbleSeconds;
    t.stepSeconds = s.stepSeconds;
    const double one = single(workers).stepSeconds;
    const auto n = static_cast<double>(workers);
    t.idealSeconds = one / n;
    t.speedup = one / t.stepSeconds;
    t.efficiency = t.speedup / n;
    t.totalSeconds = static_cast<double>(m_steps) * t.stepSeconds;
    return t;
}

std::vector<ScenarioError> layoutRuleProblems(const Scenario& scenario)
{
    // One replica with a batch every rule accepts: what is left is the layout's own.
    Scenario replica = scenario;
    replica.hardware.gpus = 0;
    replica.parallel.dp = 1;
    replica.train.globalBatch =
        scenario.train.microBatch * std::max<std::int64_t>(1, scenario.parallel.pp);
    std::vector<ScenarioError> problems;
    for (auto& problem : trainingLayoutProblems(replica)) {
        if (problem.key != "parallel.dp" && problem.key != "train.global_batch" &&
            problem.key != "hardware.gpus") {
            problems.push_back(std::move(problem));
        }
    }
    return problems;
}

} // namespace simcore
