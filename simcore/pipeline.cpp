// Pipeline schedules as a list scheduler over the dependency graph (MODELS §5).
#include "simcore/pipeline.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace simcore {

namespace {

// Every pipeline schedule here (p > 1) has the same shape on a device: U "units"
// (forward/backward pairs), W of them forwards in a warm-up, then alternately one forward and one
// backward, then the remaining backwards (GPipe is the case W = U). Unit k's forward and backward
// are then mapped to a (chunk, micro-batch) by the schedule. One device (p = 1) is no pipeline:
// operationAt runs its micro-batches one after another.
struct DeviceOrder {
    std::int64_t units = 0;  // U
    std::int64_t warmup = 0; // W, 0 … U
};

struct Slot {
    PipelinePass pass;
    std::int64_t unit;
};

// The position-th operation of a device whose order has the shape above.
Slot slotAt(const DeviceOrder& order, std::int64_t position)
{
    const std::int64_t u = order.units;
    const std::int64_t w = order.warmup;
    if (position < w) {
        return {PipelinePass::Forward, position};
    }
    if (position < 2 * u - w) {
        const std::int64_t j = position - w;
        return j % 2 == 0 ? Slot{PipelinePass::Forward, w + j / 2}
                          : Slot{PipelinePass::Backward, j / 2};
    }
    return {PipelinePass::Backward, position - u};
}

struct Layout {
    std::int64_t p = 1;
    std::int64_t m = 1;
    std::int64_t v = 1;
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    bool megatronInterleaved = false; // Interleaved with v > 1 on more than one device
    bool noPipeline = false;          // one device: micro-batches one after another
};

Layout layoutOf(const PipelineParams& params)
{
    Layout layout;
    layout.p = params.stages;
    layout.m = params.microbatches;
    layout.v = params.virtualStages;
    layout.schedule = params.schedule;
    layout.noPipeline = params.stages == 1;
    layout.megatronInterleaved = !layout.noPipeline &&
                                 params.schedule == PipelineSchedule::Interleaved &&
                                 params.virtualStages > 1;
    return layout;
}

DeviceOrder deviceOrder(const Layout& layout, std::int64_t device)
{
    const std::int64_t p = layout.p;
    const std::int64_t m = layout.m;
    if (layout.schedule == PipelineSchedule::GPipe) {
        return {m, m}; // Huang et al. 2019: every forward before any backward
    }
    if (!layout.megatronInterleaved) {
        // Narayanan et al. 2021 §2.2.1: device i starts with p − i − 1 forwards.
        return {m, std::min(p - device - 1, m)};
    }
    // Megatron-LM forward_backward_pipelining_with_interleaving: with m = p every forward runs
    // first; otherwise rank i warms up with 2·(p − i − 1) + (v − 1)·p chunk forwards.
    const std::int64_t units = layout.v * m;
    if (m == p) {
        return {units, units};
    }
    return {units, std::min(2 * (p - device - 1) + (layout.v - 1) * p, units)};
}

struct Work {
    std::int64_t chunk;
    std::int64_t microbatch;
};

// Unit k of a device's order, for the given pass, as (chunk, micro-batch).
Work workOf(const Layout& layout, PipelinePass pass, std::int64_t unit)
{
    if (layout.schedule == PipelineSchedule::GPipe) {
        // Backwards last micro-batch first, as drawn in Huang et al. 2019 Fig. 2(c); with equal
        // micro-batch times the order changes no reported number.
        return {0, pass == PipelinePass::Forward ? unit : layout.m - 1 - unit};
    }
    if (!layout.megatronInterleaved) {
        return {0, unit};
    }
    // Megatron-LM get_model_chunk_id: units go in groups of p·v; inside a group, p consecutive
    // micro-batches through chunk 0, then the same p through chunk 1, …; backwards visit the
    // chunks in reverse. Needs m a multiple of p.
    const std::int64_t group = layout.p * layout.v;
    const std::int64_t inGroup = unit % group;
    std::int64_t chunk = inGroup / layout.p;
    if (pass == PipelinePass::Backward) {
        chunk = layout.v - 1 - chunk;
    }
    return {chunk, (unit / group) * layout.p + unit % layout.p};
}

struct Operation {
    PipelinePass pass;
    std::int64_t chunk;
    std::int64_t microbatch;
};

// The position-th operation a device runs.
Operation operationAt(const Layout& layout, const DeviceOrder& order, std::int64_t position)
{
    if (layout.noPipeline) {
        // Each micro-batch's forward through chunks 0 … v−1, then its backward back to chunk 0.
        const std::int64_t v = layout.v;
        const std::int64_t step = position % (2 * v);
        const std::int64_t microbatch = position / (2 * v);
        return step < v ? Operation{PipelinePass::Forward, step, microbatch}
                        : Operation{PipelinePass::Backward, 2 * v - 1 - step, microbatch};
    }
    const Slot slot = slotAt(order, position);
    const Work work = workOf(layout, slot.pass, slot.unit);
    return {slot.pass, work.chunk, work.microbatch};
}

PipelineResult failed(PipelineError::Kind kind, std::string field, std::string allowed)
{
    PipelineResult result;
    result.error = PipelineError{kind, std::move(field), std::move(allowed)};
    return result;
}

} // namespace

std::optional<PipelineError> checkPipeline(const PipelineParams& params)
{
    using K = PipelineError::Kind;
    if (params.stages < 1) {
        return PipelineError{K::OutOfRange, "parallel.pp", "≥ 1"};
    }
    if (params.microbatches < 1) {
        return PipelineError{K::OutOfRange, "parallel.microbatches", "≥ 1"};
    }
    if (params.virtualStages < 1) {
        return PipelineError{K::OutOfRange, "parallel.virtual_stages", "≥ 1"};
    }
    if (params.schedule != PipelineSchedule::Interleaved && params.virtualStages != 1) {
        return PipelineError{K::OutOfRange, "parallel.virtual_stages",
                             "1 unless parallel.schedule is interleaved"};
    }
    if (!std::isfinite(params.forwardSeconds) || params.forwardSeconds <= 0) {
        return PipelineError{K::OutOfRange, "pipeline.forward_seconds", "> 0, finite"};
    }
    if (!std::isfinite(params.backwardSeconds) || params.backwardSeconds <= 0) {
        return PipelineError{K::OutOfRange, "pipeline.backward_seconds", "> 0, finite"};
    }
    if (!std::isfinite(params.transferSeconds) || params.transferSeconds < 0) {
        return PipelineError{K::OutOfRange, "pipeline.transfer_seconds", "≥ 0, finite"};
    }
    // 2·p·v·m ≤ limit, multiplied step by step so that no product can overflow.
    const std::int64_t halfLimit = kMaxPipelineOperations / 2;
    if (params.stages > halfLimit || params.virtualStages > halfLimit ||
        params.stages * params.virtualStages > halfLimit ||
        params.microbatches > halfLimit / (params.stages * params.virtualStages)) {
        return PipelineError{K::TooManyOperations, "parallel.microbatches",
                             "2·p·v·m ≤ " + std::to_string(kMaxPipelineOperations)};
    }
    if (params.schedule == PipelineSchedule::Interleaved &&
        params.microbatches % params.stages != 0) {
        return PipelineError{K::NotAMultiple, "parallel.microbatches",
                             "a multiple of parallel.pp (" + std::to_string(params.stages) + ")"};
    }
    return std::nullopt;
}

PipelineResult simulatePipeline(const PipelineParams& params)
{
    if (auto error = checkPipeline(params)) {
        return failed(error->kind, std::move(error->field), std::move(error->allowed));
    }

    const Layout layout = layoutOf(params);

    const std::int64_t p = layout.p;
    const std::int64_t m = layout.m;
    const std::int64_t v = layout.v;
    const std::int64_t stageCount = p * v;
    const std::int64_t perDevice = 2 * v * m;
    const double forward = params.forwardSeconds / static_cast<double>(v);
    const double backward = params.backwardSeconds / static_cast<double>(v);
    // Consecutive virtual stages sit on different devices whenever p > 1 (stage s on s mod p).
    const double transfer = p > 1 ? params.transferSeconds : 0.0;

    // End time of each (stage, micro-batch) forward and backward; negative = not yet run.
    const auto slots = static_cast<std::size_t>(stageCount * m);
    std::vector<double> forwardEnd(slots, -1.0);
    std::vector<double> backwardEnd(slots, -1.0);
    const auto index = [m](std::int64_t stage, std::int64_t microbatch) {
        return static_cast<std::size_t>(stage * m + microbatch);
    };

    PipelineResult result;
    result.operationsPerDevice = perDevice;
    if (params.recordOperations) {
        result.operations.resize(static_cast<std::size_t>(p * perDevice));
    }
    result.peakInFlight.resize(static_cast<std::size_t>(p));

    std::vector<DeviceOrder> orders(static_cast<std::size_t>(p));
    std::vector<std::int64_t> next(static_cast<std::size_t>(p), 0); // position in the order
    std::vector<double> freeAt(static_cast<std::size_t>(p), 0.0);
    std::vector<char> queued(static_cast<std::size_t>(p), 1);
    std::vector<std::int64_t> pending; // devices that may be able to run their next operation
    pending.reserve(static_cast<std::size_t>(p));
    for (std::int64_t d = p - 1; d >= 0; --d) {
        orders[static_cast<std::size_t>(d)] = deviceOrder(layout, d);
        // The device's order fixes what it holds at its peak (tests recount it from the
        // operations as drawn).
        result.peakInFlight[static_cast<std::size_t>(d)] = inFlightPeak(params, d).chunks;
        pending.push_back(d);
    }
    const auto wake = [&](std::int64_t device) {
        auto& flag = queued[static_cast<std::size_t>(device)];
        if (flag == 0) {
            flag = 1;
            pending.push_back(device);
        }
    };

    // Each device runs its order until an operation's dependency is missing; finishing an
    // operation wakes the one device that can depend on it. Start times are the longest paths
    // of the dependency graph, so the processing order here does not change them.
    while (!pending.empty()) {
        const std::int64_t d = pending.back();
        pending.pop_back();
        const auto du = static_cast<std::size_t>(d);
        queued[du] = 0;
        while (next[du] < perDevice) {
            const Operation work = operationAt(layout, orders[du], next[du]);
            const std::int64_t stage = work.chunk * p + d;
            const std::size_t here = index(stage, work.microbatch);
            double ready = freeAt[du];
            if (work.pass == PipelinePass::Forward) {
                if (stage > 0) {
                    const double previous = forwardEnd[index(stage - 1, work.microbatch)];
                    if (previous < 0) {
                        break;
                    }
                    ready = std::max(ready, previous + transfer);
                }
            } else {
                const double own = forwardEnd[here];
                if (own < 0) {
                    break;
                }
                ready = std::max(ready, own);
                if (stage + 1 < stageCount) {
                    const double later = backwardEnd[index(stage + 1, work.microbatch)];
                    if (later < 0) {
                        break;
                    }
                    ready = std::max(ready, later + transfer);
                }
            }
            const double end = ready + (work.pass == PipelinePass::Forward ? forward : backward);
            freeAt[du] = end;
            if (params.recordOperations) {
                result.operations[static_cast<std::size_t>(d * perDevice + next[du])] = {
                    static_cast<std::int32_t>(d),
                    static_cast<std::int32_t>(work.chunk),
                    static_cast<std::int32_t>(stage),
                    static_cast<std::int32_t>(work.microbatch),
                    work.pass,
                    ready,
                    end};
            }
            if (work.pass == PipelinePass::Forward) {
                forwardEnd[here] = end;
                if (stage + 1 < stageCount) {
                    wake((stage + 1) % p);
                }
            } else {
                backwardEnd[here] = end;
                if (stage > 0) {
                    wake((stage - 1) % p);
                }
            }
            ++next[du];
        }
    }

    for (std::int64_t d = 0; d < p; ++d) {
        if (next[static_cast<std::size_t>(d)] != perDevice) {
            return failed(PipelineError::Kind::Deadlock, "parallel.schedule",
                          "an order without circular waits");
        }
    }

    result.totalSeconds = *std::max_element(freeAt.begin(), freeAt.end());
    result.idealSeconds = static_cast<double>(m) * (params.forwardSeconds + params.backwardSeconds);
    result.bubbleSeconds = std::max(0.0, result.totalSeconds - result.idealSeconds);
    result.bubbleRatio = result.bubbleSeconds / result.idealSeconds;
    result.bubbleFraction = result.bubbleSeconds / result.totalSeconds;
    result.maxPeakInFlight =
        *std::max_element(result.peakInFlight.begin(), result.peakInFlight.end());
    result.maxPeakInFlightMicrobatches =
        static_cast<double>(result.maxPeakInFlight) / static_cast<double>(v);
    return result;
}

InFlightPeak inFlightPeak(const PipelineParams& params, std::int64_t device)
{
    const Layout layout = layoutOf(params);
    const bool first = device == 0;
    const bool last = device == layout.p - 1;
    if (layout.noPipeline) {
        return {layout.v, 1, 1}; // one micro-batch's v chunks at a time
    }
    // The order W warm-up forwards, then forward/backward pairs, then backwards: W + 1 in
    // flight after the first steady-state forward, or all U when the warm-up is everything.
    const DeviceOrder order = deviceOrder(layout, device);
    const std::int64_t chunks = std::min(order.warmup + 1, order.units);
    std::int64_t firstStage = chunks; // v = 1: a chunk is the device's whole share
    std::int64_t lastStage = chunks;
    if (layout.megatronInterleaved) {
        if (order.warmup == order.units) {
            firstStage = layout.m; // m = p: every forward first
            lastStage = layout.m;
        } else {
            // Device 0 runs chunk 0 for two groups of p micro-batches before chunk 0's first
            // backward (units go in groups of p·v, chunk 0 first, backwards chunk v−1 first);
            // the last device's chunk v−1 forwards are each followed by that backward.
            firstStage = std::min(2 * layout.p, layout.m);
            lastStage = 1;
        }
    }
    return {chunks, first ? firstStage : 0, last ? lastStage : 0};
}

PipelineParams pipelineParamsFromScenario(const Scenario& scenario)
{
    const double forwardSeconds = scenario.parallel.forwardSeconds;
    PipelineParams params;
    params.stages = scenario.parallel.pp;
    params.microbatches = scenario.parallel.microbatches;
    params.schedule = scenario.parallel.schedule;
    params.virtualStages = scenario.parallel.schedule == PipelineSchedule::Interleaved
                               ? scenario.parallel.virtualStages
                               : 1;
    params.forwardSeconds = forwardSeconds;
    params.backwardSeconds = scenario.parallel.backwardSeconds > 0
                                 ? scenario.parallel.backwardSeconds
                                 : 2.0 * forwardSeconds;
    params.transferSeconds = scenario.parallel.transferSeconds;
    return params;
}

double gpipeBubbleFraction(std::int64_t stages, std::int64_t microbatches)
{
    if (stages < 1 || microbatches < 1) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return static_cast<double>(stages - 1) / static_cast<double>(microbatches + stages - 1);
}

double oneFOneBBubbleRatio(std::int64_t stages, std::int64_t microbatches)
{
    if (stages < 1 || microbatches < 1) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return static_cast<double>(stages - 1) / static_cast<double>(microbatches);
}

double interleavedBubbleRatio(std::int64_t stages, std::int64_t microbatches,
                              std::int64_t virtualStages)
{
    if (stages < 1 || microbatches < 1 || virtualStages < 1) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return static_cast<double>(stages - 1) /
           (static_cast<double>(virtualStages) * static_cast<double>(microbatches));
}

} // namespace simcore
