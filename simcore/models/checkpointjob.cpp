#include "simcore/models/checkpointjob.h"

#include "simcore/models/checkpoint.h"
#include "simcore/models/goodput.h"
#include "simcore/models/layoutscaling.h"
#include "simcore/models/memory.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace simcore {

namespace {

using namespace std::string_view_literals;

} // namespace

std::string_view workSourceId(WorkSource source)
{
    return source == WorkSource::Given ? "given" : "steps";
}

std::string_view writeSourceId(WriteSource source)
{
    switch (source) {
    case WriteSource::Given:
        return "given";
    case WriteSource::Storage:
        return "storage";
    case WriteSource::Memory:
        return "memory";
    }
    return "given";
}

double checkpointBytes(const Scenario& scenario)
{
    const auto perParameter = bytesPerParameter(scenario.train.precision, scenario.train.optimizer);
    return (perParameter.weights + perParameter.optimizer) * effectiveParameters(scenario.model);
}

bool stepReadsKey(std::string_view key)
{
    constexpr std::array kPipelineViewOnly = {"parallel.dp"sv,
                                              "parallel.forward_time"sv,
                                              "parallel.backward_time"sv,
                                              "parallel.weight_grad_time"sv,
                                              "parallel.p2p_time"sv,
                                              "train.tokens"sv};
    if (std::find(kPipelineViewOnly.begin(), kPipelineViewOnly.end(), key) !=
        kPipelineViewOnly.end()) {
        return false; // N sets dp and m; the days are not the step
    }
    return key.starts_with("model.") || key.starts_with("train.") || key.starts_with("parallel.") ||
           key.starts_with("hardware.") || key.starts_with("memory.") || key == "scaling.batch" ||
           key == "checkpoint.gpus";
}

CheckpointJobContext checkpointJobContext(const Scenario& scenario,
                                          const std::vector<ScenarioError>& validation)
{
    CheckpointJobContext context;
    for (const auto& problem : validation) {
        const bool read = stepReadsKey(problem.key) ||
                          std::ranges::find(goodputKeys(), problem.key) != goodputKeys().end();
        if (read && std::find(context.problems.begin(), context.problems.end(), problem) ==
                        context.problems.end()) {
            context.problems.push_back(problem);
        }
    }
    if (!context.problems.empty()) {
        return context; // the rules below read those keys
    }
    context.sweep = LayoutSweep::fromScenario(scenario);
    if (!context.sweep) {
        context.problems.push_back({ScenarioError::Kind::Inconsistent, "hardware.gpu",
                                    scenario.hardware.gpu,
                                    "a GPU of the catalogue (dtsim keys lists them)",
                                    "the goodput model takes its step time from it"});
        return context;
    }
    context.problems = layoutRuleProblems(scenario);
    return context;
}

/// The job of `scenario` with checkpoint.gpus = `gpus`.
CheckpointJob checkpointJobAt(const Scenario& scenario, const CheckpointJobContext& context,
                              std::int64_t gpus)
{
    constexpr double none = std::numeric_limits<double>::quiet_NaN();
    const auto& c = scenario.checkpoint;
    CheckpointJob job;
    job.gpus = gpus;
    job.gpuMtbfSeconds = c.gpuMtbfSeconds;
    job.jobMtbfSeconds = clusterMtbf(c.gpuMtbfSeconds, gpus).value;
    job.restartSeconds = c.restartTimeSeconds;
    job.intervalSeconds = c.intervalSeconds;
    // The state is one copy of the weights and the optimizer state of all Ψ parameters, however
    // dp, tp, pp and cp split it (checkpointBytes): its size, and so δ from a bandwidth, needs no
    // layout at N. What a layout changes is how many GPUs write it in parallel, which the
    // storage bandwidth, a figure of the whole file system, already stands for.
    job.checkpointBytes = checkpointBytes(scenario);
    job.writeSeconds = c.writeTimeSeconds;
    if (c.storageBytesPerSecond > 0) {
        job.writeSource = WriteSource::Storage;
        job.writeSeconds = job.checkpointBytes / c.storageBytesPerSecond;
    }
    if (c.memoryTierBytesPerSecond > 0) {
        // Behind the copy to memory, the copy to storage takes what a direct write would have.
        job.storageWriteSeconds = job.writeSeconds;
        job.writeSource = WriteSource::Memory;
        job.writeSeconds = job.checkpointBytes / c.memoryTierBytesPerSecond;
    }
    job.workSource = c.workSeconds > 0 ? WorkSource::Given : WorkSource::Steps;
    job.problems = context.problems;
    if (job.problems.empty() && context.sweep) {
        if (auto problem = layoutProblemAt(scenario, *context.sweep, gpus, "checkpoint.gpus")) {
            job.problems.push_back(std::move(*problem));
        }
    }
    job.stepSeconds = none;
    if (job.problems.empty()) {
        const double step = context.sweep->step(gpus).stepSeconds;
        if (finitePositive(step)) {
            job.stepSeconds = step;
        } else {
            // Within every key's range this does not happen; kept with the key to look at.
            job.problems.push_back({ScenarioError::Kind::Inconsistent, "checkpoint.gpus",
                                    std::to_string(gpus), "a layout the training model can price",
                                    "its step time is not a finite number of seconds"});
        }
    }
    const auto steps = static_cast<double>(scenario.train.steps);
    if (job.workSource == WorkSource::Given) {
        job.workSeconds = c.workSeconds;
        job.steps = job.priced() ? c.workSeconds / job.stepSeconds : none;
    } else {
        job.steps = steps;
        job.workSeconds = job.priced() ? steps * job.stepSeconds : none;
    }
    return job;
}

CheckpointJob checkpointJob(const Scenario& scenario)
{
    return checkpointJobAt(scenario, checkpointJobContext(scenario, validate(scenario)),
                           scenario.checkpoint.gpus);
}

} // namespace simcore
