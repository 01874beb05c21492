// Pipeline schedules as a list scheduler over the dependency graph (MODELS §5).
#include "simcore/models/pipeline.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
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

// ---- The list scheduler every schedule runs -----------------------------------------------------
// A device's order is a list of steps, each one operation or, for DualPipe's F&B pairs, up to
// three run back to back whose results leave together.

struct StageOp {
    PipelinePass pass;
    std::int64_t stage;
    std::int64_t microbatch;
};

struct DeviceStep {
    std::array<StageOp, 3> ops{};
    int count = 0;
};

// The virtual stages and the devices that hold them: one pipeline of p·v stages, stage s on
// device s mod p as chunk s / p (v = 1 for ZB-H1/H2); or DualPipe's two pipelines of p stages
// each: stages 0 … p−1 (the first direction, stage i on device i, chunk 0) and p … 2p−1 (the
// second, stage p + j on device p − 1 − j, chunk 1).
struct StageGraph {
    std::int64_t p = 1;
    std::int64_t chunks = 1; // per device: v, or DualPipe's 2
    bool dual = false;

    [[nodiscard]] std::int64_t stageCount() const { return chunks * p; }
    [[nodiscard]] std::int64_t deviceOf(std::int64_t stage) const
    {
        return dual && stage >= p ? 2 * p - 1 - stage : stage % p;
    }
    [[nodiscard]] std::int64_t chunkOf(std::int64_t stage) const { return stage / p; }
    [[nodiscard]] bool isFirst(std::int64_t stage) const
    {
        return stage == 0 || (dual && stage == p);
    }
    [[nodiscard]] bool isLast(std::int64_t stage) const
    {
        return stage == stageCount() - 1 || (dual && stage == p - 1);
    }
};

// Runs every device's order over the graph: F waits for the previous stage's F (+ transfer), B
// for its own F and the next stage's B (+ transfer), W for its own B. What differs between
// schedules comes in: the orders, listed or computed, as orders.stepCount(device) and
// orders.stepAt(device, position), `perDevice` operations on each device; the graph; `seconds`,
// each pass's time, indexed by PipelinePass. Fills the operations and the step's times; the
// caller adds the ideal time and the peaks.
template <class Orders>
PipelineResult listSchedule(const PipelineParams& params, const StageGraph& graph,
                            const Orders& orders, const std::array<double, 3>& seconds,
                            std::int64_t perDevice)
{
    const std::int64_t p = graph.p;
    const std::int64_t m = params.microbatches;
    // Consecutive stages sit on different devices whenever p > 1.
    const double transfer = p > 1 ? params.transferSeconds : 0.0;

    // End time of each (stage, micro-batch) forward and backward; negative = not yet run. Every
    // micro-batch goes through one direction only under DualPipe: the other's slots stay unused.
    const auto slots = static_cast<std::size_t>(graph.stageCount() * m);
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

    const auto devices = static_cast<std::size_t>(p);
    std::vector<std::size_t> next(devices, 0);     // position in the order
    std::vector<std::int64_t> written(devices, 0); // operations run
    std::vector<double> freeAt(devices, 0.0);
    std::vector<double> firstStart(devices, -1.0);
    std::vector<char> queued(devices, 1);
    std::vector<std::int64_t> pending; // devices that may be able to run their next step
    pending.reserve(devices);
    for (std::int64_t d = p - 1; d >= 0; --d) {
        pending.push_back(d);
    }
    const auto wake = [&](std::int64_t device) {
        auto& flag = queued[static_cast<std::size_t>(device)];
        if (flag == 0) {
            flag = 1;
            pending.push_back(device);
        }
    };

    // Each device runs its order until a step's dependency is missing; finishing a step wakes
    // the devices that can depend on it. Start times are the longest paths of the dependency
    // graph, so the processing order here does not change them.
    while (!pending.empty()) {
        const std::int64_t d = pending.back();
        pending.pop_back();
        const auto du = static_cast<std::size_t>(d);
        queued[du] = 0;
        const std::size_t length = orders.stepCount(d);
        while (next[du] < length) {
            const DeviceStep& step = orders.stepAt(d, next[du]);
            const auto inStep = [&step](PipelinePass pass, std::int64_t stage, std::int64_t mb) {
                for (int i = 0; i < step.count; ++i) {
                    const auto& op = step.ops[static_cast<std::size_t>(i)];
                    if (op.pass == pass && op.stage == stage && op.microbatch == mb) {
                        return true;
                    }
                }
                return false;
            };
            // A step starts when the device is free and every input from outside it is there.
            double ready = freeAt[du];
            bool waiting = false;
            for (int i = 0; i < step.count && !waiting; ++i) {
                const StageOp& op = step.ops[static_cast<std::size_t>(i)];
                const auto need = [&](const std::vector<double>& ends, PipelinePass pass,
                                      std::int64_t stage, double delay) {
                    // Most steps are one operation, which never waits for itself.
                    if (step.count > 1 && inStep(pass, stage, op.microbatch)) {
                        return;
                    }
                    const double end = ends[index(stage, op.microbatch)];
                    if (end < 0) {
                        waiting = true;
                    } else {
                        ready = std::max(ready, end + delay);
                    }
                };
                switch (op.pass) {
                case PipelinePass::Forward:
                    if (!graph.isFirst(op.stage)) {
                        need(forwardEnd, PipelinePass::Forward, op.stage - 1, transfer);
                    }
                    break;
                case PipelinePass::Backward:
                    need(forwardEnd, PipelinePass::Forward, op.stage, 0.0);
                    if (!graph.isLast(op.stage)) {
                        need(backwardEnd, PipelinePass::Backward, op.stage + 1, transfer);
                    }
                    break;
                case PipelinePass::Weight:
                    need(backwardEnd, PipelinePass::Backward, op.stage, 0.0);
                    break;
                }
            }
            if (waiting) {
                break;
            }
            double at = ready;
            for (int i = 0; i < step.count; ++i) {
                const StageOp& op = step.ops[static_cast<std::size_t>(i)];
                const double end = at + seconds[static_cast<std::size_t>(op.pass)];
                if (params.recordOperations) {
                    result.operations[static_cast<std::size_t>(d * perDevice + written[du])] = {
                        static_cast<std::int32_t>(d),
                        static_cast<std::int32_t>(graph.chunkOf(op.stage)),
                        static_cast<std::int32_t>(op.stage),
                        static_cast<std::int32_t>(op.microbatch),
                        op.pass,
                        at,
                        end};
                }
                ++written[du];
                at = end;
            }
            if (firstStart[du] < 0) {
                firstStart[du] = ready;
            }
            freeAt[du] = at;
            // Results leave when the whole step is done (an F&B pair sends both at its end).
            for (int i = 0; i < step.count; ++i) {
                const StageOp& op = step.ops[static_cast<std::size_t>(i)];
                if (op.pass == PipelinePass::Forward) {
                    forwardEnd[index(op.stage, op.microbatch)] = at;
                    if (!graph.isLast(op.stage)) {
                        wake(graph.deviceOf(op.stage + 1));
                    }
                } else if (op.pass == PipelinePass::Backward) {
                    backwardEnd[index(op.stage, op.microbatch)] = at;
                    if (!graph.isFirst(op.stage)) {
                        wake(graph.deviceOf(op.stage - 1));
                    }
                }
            }
            ++next[du];
        }
    }

    for (std::int64_t d = 0; d < p; ++d) {
        const auto du = static_cast<std::size_t>(d);
        if (next[du] != orders.stepCount(d) || written[du] != perDevice) {
            return failed(PipelineError::Kind::Deadlock, "parallel.schedule",
                          "an order without circular waits");
        }
    }
    result.totalSeconds = *std::max_element(freeAt.begin(), freeAt.end());
    for (std::int64_t d = 0; d < p; ++d) {
        const auto du = static_cast<std::size_t>(d);
        result.unsynchronizedSeconds =
            std::max(result.unsynchronizedSeconds, freeAt[du] - firstStart[du]);
    }
    return result;
}

// ---- Schedules that split the backward (ZB-H1, ZB-H2, DualPipe) ---------------------------------
// Their orders are listed explicitly, one device at a time.

class OrderBuilder {
public:
    explicit OrderBuilder(std::vector<DeviceStep>& steps) : m_steps(steps) {}
    void add(std::initializer_list<StageOp> ops)
    {
        DeviceStep step;
        for (const auto& op : ops) {
            step.ops[static_cast<std::size_t>(step.count++)] = op;
        }
        m_steps.push_back(step);
    }

private:
    std::vector<DeviceStep>& m_steps;
};

// ZB-H1 (Qi et al. 2023 §3.1): 1F1B's order, each W right after its B except that device i runs
// its W's i micro-batches late, so that its last i W's fill the drain, where 1F1B idles.
void zeroBubbleH1Order(std::int64_t p, std::int64_t m, std::int64_t device,
                       std::vector<DeviceStep>& steps)
{
    OrderBuilder order(steps);
    const std::int64_t warmup = std::min(p - device - 1, m);
    std::int64_t forwards = 0;
    for (; forwards < warmup; ++forwards) {
        order.add({{PipelinePass::Forward, device, forwards}});
    }
    std::int64_t weights = 0;
    for (std::int64_t k = 0; k < m; ++k) {
        if (forwards < m) {
            order.add({{PipelinePass::Forward, device, forwards++}});
        }
        order.add({{PipelinePass::Backward, device, k}});
        if (k - weights >= device) {
            order.add({{PipelinePass::Weight, device, weights++}});
        }
    }
    for (; weights < m; ++weights) {
        order.add({{PipelinePass::Weight, device, weights}});
    }
}

// ZB-H2 (Qi et al. 2023 §3.1): 2(p − i) − 1 forwards fill device i's wait for its first B, then
// B/F pairs, then B/W pairs once the forwards are done, then the W's left: the parallelogram of
// the paper's figure, drawn for T_F = T_B = T_W, in which no device idles between its first and
// its last operation.
void zeroBubbleH2Order(std::int64_t p, std::int64_t m, std::int64_t device,
                       std::vector<DeviceStep>& steps)
{
    OrderBuilder order(steps);
    std::int64_t forwards = 0;
    for (; forwards < std::min(2 * (p - device) - 1, m); ++forwards) {
        order.add({{PipelinePass::Forward, device, forwards}});
    }
    std::int64_t weights = 0;
    for (std::int64_t k = 0; k < m; ++k) {
        order.add({{PipelinePass::Backward, device, k}});
        if (forwards < m) {
            order.add({{PipelinePass::Forward, device, forwards++}});
        } else if (k + 1 < m) {
            order.add({{PipelinePass::Weight, device, weights++}});
        }
    }
    for (; weights < m; ++weights) {
        order.add({{PipelinePass::Weight, device, weights}});
    }
}

// DualPipe, step by step as deepseek-ai/DualPipe's dualpipe.py (DualPipe.step) runs them on rank
// `device`. Phase 0 is the direction in which the device is in the first half of the pipeline,
// phase 1 the other; a backward with "zero bubble" leaves its W in a first-in-first-out queue
// that _weight_chunk empties one at a time, any other backward runs its W right after its B.
void dualPipeOrder(std::int64_t p, std::int64_t m, std::int64_t device,
                   std::vector<DeviceStep>& steps)
{
    OrderBuilder order(steps);
    const std::int64_t halfRanks = p / 2;
    const std::int64_t halfRank = std::min(device, p - 1 - device);
    const std::int64_t halfChunks = m / 2;
    const bool secondHalf = device >= halfRanks;
    // Phase 0 is the first direction (stage = device) on the first half of the devices.
    const auto stageOf = [&](int phase) {
        const bool firstDirection = (phase == 0) != secondHalf;
        return firstDirection ? device : p + (p - 1 - device);
    };
    const auto microbatchOf = [&](int phase, std::int64_t k) {
        const bool firstDirection = (phase == 0) != secondHalf;
        return firstDirection ? k : halfChunks + k;
    };
    std::array<std::int64_t, 2> forwards{0, 0};
    std::array<std::int64_t, 2> backwards{0, 0};
    std::vector<StageOp> weightQueue;
    std::size_t weightNext = 0;
    const auto forward = [&](int phase) {
        return StageOp{PipelinePass::Forward, stageOf(phase),
                       microbatchOf(phase, forwards[static_cast<std::size_t>(phase)]++)};
    };
    const auto backward = [&](int phase) {
        return StageOp{PipelinePass::Backward, stageOf(phase),
                       microbatchOf(phase, backwards[static_cast<std::size_t>(phase)]++)};
    };
    const auto weightOf = [](const StageOp& b) {
        return StageOp{PipelinePass::Weight, b.stage, b.microbatch};
    };
    const auto backwardChunk = [&](int phase, bool zeroBubble) {
        const StageOp b = backward(phase);
        if (zeroBubble) {
            order.add({b});
            weightQueue.push_back(weightOf(b));
        } else {
            order.add({b, weightOf(b)});
        }
    };
    const auto weightChunk = [&] {
        if (weightNext < weightQueue.size()) { // always, for an even p and m ≥ 2p
            order.add({weightQueue[weightNext++]});
        }
    };
    const auto forwardBackwardChunk = [&](int phase0, int phase1) {
        const StageOp f = forward(phase0);
        const StageOp b = backward(phase1);
        order.add({f, b, weightOf(b)});
    };

    // Step 1: nF0
    for (std::int64_t i = 0; i < (halfRanks - halfRank - 1) * 2; ++i) {
        order.add({forward(0)});
    }
    // Step 2: nF0F1
    for (std::int64_t i = 0; i < halfRank + 1; ++i) {
        order.add({forward(0)});
        order.add({forward(1)});
    }
    // Step 3: nB1W1F1, with zero bubble
    for (std::int64_t i = 0; i < halfRanks - halfRank - 1; ++i) {
        backwardChunk(1, true);
        weightChunk();
        order.add({forward(1)});
    }
    // Step 4, the main step: nF0B1F1B0. The middle devices run their first F0 and B1 apart in
    // dualpipe.py, but send both results after both, which is the pair's timing here.
    for (std::int64_t i = 0; i < halfChunks - p + halfRank + 1; ++i) {
        forwardBackwardChunk(0, 1);
        forwardBackwardChunk(1, 0);
    }
    // Step 5: nB1F1B0
    for (std::int64_t i = 0; i < halfRanks - halfRank - 1; ++i) {
        backwardChunk(1, false);
        forwardBackwardChunk(1, 0);
    }
    // Step 6: nB1B0, the second half of them with zero bubble
    const std::int64_t step6 = halfRank + 1;
    bool zeroBubble = false;
    for (std::int64_t i = 0; i < step6; ++i) {
        if (i == step6 / 2 && halfRank % 2 == 1) {
            zeroBubble = true;
        }
        backwardChunk(1, zeroBubble);
        if (i == step6 / 2 && halfRank % 2 == 0) {
            zeroBubble = true;
        }
        backwardChunk(0, zeroBubble);
    }
    // Step 7: nWB0, with zero bubble
    for (std::int64_t i = 0; i < halfRanks - halfRank - 1; ++i) {
        weightChunk();
        backwardChunk(0, true);
    }
    // Step 8: nW
    for (std::int64_t i = 0; i < halfRank + 1; ++i) {
        weightChunk();
    }
    while (weightNext < weightQueue.size()) { // only when p or m break DualPipe's rules
        order.add({weightQueue[weightNext++]});
    }
}

std::vector<DeviceStep> splitOrder(const PipelineParams& params, std::int64_t device)
{
    std::vector<DeviceStep> steps;
    steps.reserve(static_cast<std::size_t>(3 * params.microbatches));
    const std::int64_t p = params.stages;
    const std::int64_t m = params.microbatches;
    switch (params.schedule) {
    case PipelineSchedule::ZeroBubbleH1:
        zeroBubbleH1Order(p, m, device, steps);
        break;
    case PipelineSchedule::ZeroBubbleH2:
        zeroBubbleH2Order(p, m, device, steps);
        break;
    case PipelineSchedule::DualPipe:
        dualPipeOrder(p, m, device, steps);
        break;
    case PipelineSchedule::GPipe:
    case PipelineSchedule::OneFOneB:
    case PipelineSchedule::Interleaved:
        break;
    }
    return steps;
}

StageGraph splitGraph(const PipelineParams& params)
{
    if (params.schedule == PipelineSchedule::DualPipe && params.stages > 1) {
        return {params.stages, 2, true};
    }
    return {params.stages, 1, false};
}

// One device (p = 1) runs every micro-batch's F, B and W one after another, whatever the
// schedule (nothing to overlap).
std::vector<DeviceStep> singleDeviceOrder(std::int64_t m)
{
    std::vector<DeviceStep> steps;
    OrderBuilder order(steps);
    for (std::int64_t k = 0; k < m; ++k) {
        order.add({{PipelinePass::Forward, 0, k}});
        order.add({{PipelinePass::Backward, 0, k}});
        order.add({{PipelinePass::Weight, 0, k}});
    }
    return steps;
}

std::vector<DeviceStep> deviceSplitOrder(const PipelineParams& params, std::int64_t device)
{
    return params.stages == 1 ? singleDeviceOrder(params.microbatches) : splitOrder(params, device);
}

InFlightPeak splitInFlightPeak(const PipelineParams& params, std::int64_t device)
{
    const StageGraph graph = splitGraph(params);
    const auto steps = deviceSplitOrder(params, device);
    std::int64_t live = 0;
    std::int64_t first = 0;
    std::int64_t last = 0;
    InFlightPeak peak;
    for (const auto& step : steps) {
        for (int i = 0; i < step.count; ++i) {
            const StageOp& op = step.ops[static_cast<std::size_t>(i)];
            const int sign = op.pass == PipelinePass::Forward    ? 1
                             : op.pass == PipelinePass::Backward ? -1
                                                                 : 0;
            live += sign;
            if (graph.isFirst(op.stage)) {
                first += sign;
            }
            if (graph.isLast(op.stage)) {
                last += sign;
            }
            // The most chunks; among equal counts the most through the end stages, whose
            // embedding or output layer adds to the activations (memory.h takes the largest).
            if (live > peak.chunks ||
                (live == peak.chunks &&
                 first + last > peak.firstStageMicrobatches + peak.lastStageMicrobatches)) {
                peak = {live, first, last};
            }
        }
    }
    if (!graph.dual) {
        // One pipeline: only device 0 keeps embeddings, only device p − 1 output layers.
        peak.firstStageMicrobatches = device == 0 ? peak.firstStageMicrobatches : 0;
        peak.lastStageMicrobatches = device == params.stages - 1 ? peak.lastStageMicrobatches : 0;
    }
    return peak;
}

struct ListedOrders {
    std::vector<std::vector<DeviceStep>> steps; // by device

    [[nodiscard]] std::size_t stepCount(std::int64_t device) const
    {
        return steps[static_cast<std::size_t>(device)].size();
    }
    [[nodiscard]] const DeviceStep& stepAt(std::int64_t device, std::size_t position) const
    {
        return steps[static_cast<std::size_t>(device)][position];
    }
};

PipelineResult simulateSplit(const PipelineParams& params)
{
    ListedOrders orders;
    orders.steps.reserve(static_cast<std::size_t>(params.stages));
    for (std::int64_t d = 0; d < params.stages; ++d) {
        orders.steps.push_back(deviceSplitOrder(params, d));
    }
    const double weight = params.weightGradSeconds;
    return listSchedule(params, splitGraph(params), orders,
                        {params.forwardSeconds, params.backwardSeconds - weight, weight},
                        3 * params.microbatches);
}

// ---- Schedules that run the whole backward (GPipe, 1F1B, interleaved) ---------------------------
// Their orders follow from each device's warm-up count, so they are computed position by position
// rather than listed: a list would cost 80 bytes per operation, up to kMaxPipelineOperations.

class ComputedOrders {
public:
    explicit ComputedOrders(const Layout& layout) : m_layout(layout)
    {
        m_orders.reserve(static_cast<std::size_t>(layout.p));
        for (std::int64_t d = 0; d < layout.p; ++d) {
            m_orders.push_back(deviceOrder(layout, d));
        }
    }
    [[nodiscard]] std::size_t stepCount(std::int64_t /*device*/) const
    {
        return static_cast<std::size_t>(2 * m_layout.v * m_layout.m);
    }
    [[nodiscard]] DeviceStep stepAt(std::int64_t device, std::size_t position) const
    {
        const Operation work = operationAt(m_layout, m_orders[static_cast<std::size_t>(device)],
                                           static_cast<std::int64_t>(position));
        DeviceStep step;
        step.ops[0] = {work.pass, work.chunk * m_layout.p + device, work.microbatch};
        step.count = 1;
        return step;
    }

private:
    Layout m_layout;
    std::vector<DeviceOrder> m_orders; // by device
};

PipelineResult simulateUnsplit(const PipelineParams& params)
{
    const Layout layout = layoutOf(params);
    const auto v = static_cast<double>(layout.v);
    return listSchedule(params, StageGraph{layout.p, layout.v, false}, ComputedOrders(layout),
                        {params.forwardSeconds / v, params.backwardSeconds / v, 0.0},
                        2 * layout.v * layout.m);
}

// The summary numbers of a simulated step whose times, ideal time and peaks are set.
void finish(PipelineResult& result, std::int64_t virtualStages)
{
    // A bubble within rounding of the sums (1e-12 of the ideal time) is none: ZB-H2's zero
    // would otherwise read "8E-11 µs".
    const auto idle = [&result](double span) {
        const double bubble = span - result.idealSeconds;
        return bubble > 1e-12 * result.idealSeconds ? bubble : 0.0;
    };
    result.bubbleSeconds = idle(result.totalSeconds);
    result.bubbleRatio = result.bubbleSeconds / result.idealSeconds;
    result.bubbleFraction = result.bubbleSeconds / result.totalSeconds;
    result.unsynchronizedBubbleSeconds = idle(result.unsynchronizedSeconds);
    result.maxPeakInFlight =
        *std::max_element(result.peakInFlight.begin(), result.peakInFlight.end());
    result.maxPeakInFlightMicrobatches =
        static_cast<double>(result.maxPeakInFlight) / static_cast<double>(virtualStages);
}

} // namespace

bool splitsBackward(PipelineSchedule schedule)
{
    return schedule == PipelineSchedule::ZeroBubbleH1 ||
           schedule == PipelineSchedule::ZeroBubbleH2 || schedule == PipelineSchedule::DualPipe;
}

std::int64_t parameterCopies(PipelineSchedule schedule)
{
    return schedule == PipelineSchedule::DualPipe ? 2 : 1;
}

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
    if (splitsBackward(params.schedule) &&
        (!std::isfinite(params.weightGradSeconds) || params.weightGradSeconds < 0 ||
         params.weightGradSeconds > params.backwardSeconds)) {
        return PipelineError{K::OutOfRange, "pipeline.weight_grad_seconds",
                             "0 … the backward time (" + formatNumber(params.backwardSeconds) +
                                 " s)"};
    }
    if (params.schedule == PipelineSchedule::DualPipe) {
        if (params.stages % 2 != 0) {
            return PipelineError{K::DualPipeShape, "parallel.pp",
                                 "an even number for the dualpipe schedule"};
        }
        if (params.microbatches % 2 != 0 || params.microbatches < 2 * params.stages) {
            return PipelineError{K::DualPipeShape, "parallel.microbatches",
                                 "an even number ≥ 2 × parallel.pp for the dualpipe schedule"};
        }
    }
    if (splitsBackward(params.schedule) && params.stages > 0 &&
        params.microbatches > kMaxPipelineOperations / 3 / params.stages) {
        return PipelineError{K::TooManyOperations, "parallel.microbatches",
                             "3·p·m ≤ " + std::to_string(kMaxPipelineOperations)};
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

    PipelineResult result =
        splitsBackward(params.schedule) ? simulateSplit(params) : simulateUnsplit(params);
    if (!result.ok()) {
        return result;
    }
    // The device's order fixes what it holds at its peak (tests recount it from the operations
    // as drawn).
    result.peakInFlight.resize(static_cast<std::size_t>(params.stages));
    for (std::int64_t d = 0; d < params.stages; ++d) {
        result.peakInFlight[static_cast<std::size_t>(d)] = inFlightPeak(params, d).chunks;
    }
    result.idealSeconds =
        static_cast<double>(params.microbatches) * (params.forwardSeconds + params.backwardSeconds);
    finish(result, params.virtualStages);
    return result;
}

InFlightPeak inFlightPeak(const PipelineParams& params, std::int64_t device)
{
    if (splitsBackward(params.schedule)) {
        return splitInFlightPeak(params, device);
    }
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
    // 0 when b·dp does not divide B: checkPipeline refuses it, the layout check names the key.
    params.microbatches = microbatchesPerStep(scenario).value_or(0);
    params.schedule = scenario.parallel.schedule;
    params.virtualStages = scenario.parallel.schedule == PipelineSchedule::Interleaved
                               ? scenario.parallel.virtualStages
                               : 1;
    params.forwardSeconds = forwardSeconds;
    params.backwardSeconds = scenario.parallel.backwardSeconds > 0
                                 ? scenario.parallel.backwardSeconds
                                 : 2.0 * forwardSeconds;
    params.weightGradSeconds = scenario.parallel.weightGradSeconds > 0
                                   ? scenario.parallel.weightGradSeconds
                                   : params.backwardSeconds / 2;
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

double zeroBubbleH1BubbleSeconds(std::int64_t stages, double forward, double backward,
                                 double weight)
{
    if (stages < 1 || !std::isfinite(forward + backward + weight)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return static_cast<double>(stages - 1) * (forward + backward - 2 * weight);
}

double zeroBubbleH2BubbleSeconds(std::int64_t stages, double forward, double backward,
                                 double weight)
{
    if (stages < 1 || !std::isfinite(forward + backward + weight)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return std::max(0.0, static_cast<double>(stages - 1) * (forward + backward - 3 * weight));
}

double dualPipeBubbleSeconds(std::int64_t stages, double forward, double backward, double weight)
{
    if (stages < 2 || stages % 2 != 0 || !std::isfinite(forward + backward + weight)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    const double forwardAndBackward = forward + backward; // "F&B", not overlapped here
    return static_cast<double>(stages / 2 - 1) * (forwardAndBackward + backward - 3 * weight);
}

} // namespace simcore
