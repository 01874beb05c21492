#include "simcore/models/layoutscaling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

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
    // Weak scaling keeps each replica's share of the batch at the scenario's layout, B / dp.
    sweep.m_replicaBatch = static_cast<double>(scenario.train.microBatch) *
                           static_cast<double>(microbatchesPerStep(scenario).value_or(1));
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
    for (auto& problem : layoutProblems(replica)) {
        if (problem.key != "parallel.dp" && problem.key != "train.global_batch" &&
            problem.key != "hardware.gpus") {
            problems.push_back(std::move(problem));
        }
    }
    return problems;
}

namespace {

/// The largest count the scenario's layouts can reach: the cluster when given, else the most any
/// key allows a job (checkpoint.gpus' maximum); under strong scaling also one micro-batch per
/// replica.
std::int64_t layoutLimit(const Scenario& scenario, std::int64_t unit)
{
    constexpr std::int64_t kMostGpus = 10'000'000;
    std::int64_t limit = scenario.hardware.gpus > 0 ? scenario.hardware.gpus : kMostGpus;
    if (scenario.scaling.batch == BatchScalingMode::Strong) {
        const std::int64_t replicas =
            scenario.train.globalBatch / std::max<std::int64_t>(1, scenario.train.microBatch);
        if (replicas >= 1 && replicas <= limit / unit) {
            limit = replicas * unit;
        }
    }
    return limit;
}

std::string listOfCounts(const std::vector<std::int64_t>& counts)
{
    std::string text;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        if (i > 0) {
            text += i + 1 == counts.size() ? " or " : ", ";
        }
        text += std::to_string(counts[i]);
    }
    return text;
}

} // namespace

std::vector<std::int64_t> layoutWorkers(const Scenario& scenario, const LayoutSweep& sweep,
                                        std::int64_t maxWorkers)
{
    const std::int64_t unit = sweep.unit();
    const std::int64_t limit = std::min(maxWorkers, layoutLimit(scenario, unit));
    std::vector<std::int64_t> counts;
    for (std::int64_t n = unit; n <= limit; n += unit) {
        if (sweep.fit(n) == LayoutFit::Fits) {
            counts.push_back(n);
        }
    }
    return counts;
}

std::optional<ScenarioError> layoutProblemAt(const Scenario& scenario, const LayoutSweep& sweep,
                                             std::int64_t workers, std::string_view key)
{
    const auto text = [](std::int64_t n) { return std::to_string(n); };
    const std::int64_t unit = sweep.unit();
    const std::int64_t cluster = scenario.hardware.gpus;
    const LayoutFit fit = sweep.fit(workers);
    const bool pastCluster = cluster > 0 && workers > cluster;
    if (fit == LayoutFit::Fits && !pastCluster) {
        return std::nullopt;
    }
    ScenarioError problem{
        ScenarioError::Kind::Inconsistent, std::string(key), text(workers), {}, {}};
    const std::string shape =
        "parallel.tp x parallel.pp x parallel.cp = " + text(scenario.parallel.tp) + " x " +
        text(scenario.parallel.pp) + " x " + text(scenario.parallel.cp) + " = " + text(unit);
    // The layouts nearest to N: every one when there are a few, else one on each side.
    const std::int64_t limit = layoutLimit(scenario, unit);
    std::vector<std::int64_t> few;
    std::int64_t below = 0;
    std::int64_t above = 0;
    bool many = false;
    for (std::int64_t n = unit; n <= limit; n += unit) {
        if (sweep.fit(n) != LayoutFit::Fits) {
            continue;
        }
        if (n < workers) {
            below = n;
        } else if (n > workers && above == 0) {
            above = n;
        }
        if (few.size() < 8) {
            few.push_back(n);
        } else {
            many = true;
        }
        if (many && above != 0) {
            break;
        }
    }
    if (few.empty()) {
        problem.allowed = "a dp x tp x pp x cp layout, and the scenario has none";
    } else if (!many) {
        problem.allowed = "a dp x tp x pp x cp layout: " + listOfCounts(few);
    } else {
        std::vector<std::int64_t> nearest;
        for (const std::int64_t n : {below, above}) {
            if (n != 0) {
                nearest.push_back(n);
            }
        }
        problem.allowed = "a dp x tp x pp x cp layout, e.g. " + listOfCounts(nearest) +
                          " (the nearest; N = dp x " + text(unit) + ")";
    }
    if (pastCluster) {
        problem.detail = "hardware.gpus = " + text(cluster) + ": the cluster has no more GPUs";
        return problem;
    }
    const std::int64_t dp = workers / unit;
    switch (fit) {
    case LayoutFit::NotMultiple:
        problem.detail = "not a multiple of " + shape;
        break;
    case LayoutFit::BatchNotDivisible:
        problem.detail = "dp = " + text(dp) +
                         " replicas of train.micro_batch = " + text(scenario.train.microBatch) +
                         " do not divide train.global_batch = " + text(scenario.train.globalBatch);
        break;
    case LayoutFit::MicrobatchesNotMultipleOfStages:
        problem.detail = "parallel.schedule = interleaved needs m = B/(b x dp) a multiple of "
                         "parallel.pp = " +
                         text(scenario.parallel.pp) + " at dp = " + text(dp);
        break;
    case LayoutFit::Fits:
        break;
    }
    return problem;
}

} // namespace simcore
