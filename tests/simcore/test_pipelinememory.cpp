// Activation memory per pipeline device (simcore/models/pipelinememory.h): the schedule's peak of
// micro-batches in flight (Narayanan et al. 2021 §2.2) times Korthikanti et al. 2022's activation
// bytes, checked by hand and against memory.h's first- and last-stage figures. The in-flight
// counts have one source, the schedule's order (pipeline.h inFlightPeak): memory.h and the
// simulated operations agree on every schedule, p, m and v.
#include "simcore/models/pipelinememory.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <utility>
#include <vector>

using namespace simcore;

namespace {

PipelineResult simulate(const Scenario& s)
{
    return simulatePipeline(pipelineParamsFromScenario(s));
}

// What a device of the simulated schedule holds, recounted from its operations as drawn: the
// most (chunk, micro-batch) pairs between their forward and their backward, and at that moment
// the micro-batches through the first and the last virtual stage.
InFlightPeak recount(const PipelineResult& r, std::int64_t p, std::int64_t v, std::int64_t device)
{
    const auto begin = r.operations.begin() + device * r.operationsPerDevice;
    std::vector<std::pair<std::int32_t, std::int32_t>> held; // (stage, micro-batch)
    InFlightPeak peak;
    for (auto op = begin; op != begin + r.operationsPerDevice; ++op) {
        const std::pair key{op->stage, op->microbatch};
        if (op->pass == PipelinePass::Forward) {
            held.push_back(key);
        } else if (op->pass == PipelinePass::Backward) { // a split schedule's W frees nothing
            held.erase(std::find(held.begin(), held.end(), key));
        }
        const auto through = [&](std::int64_t stage) {
            return static_cast<std::int64_t>(std::count_if(
                held.begin(), held.end(), [stage](const auto& h) { return h.first == stage; }));
        };
        const InFlightPeak now{static_cast<std::int64_t>(held.size()), device == 0 ? through(0) : 0,
                               device == p - 1 ? through(p * v - 1) : 0};
        if (now.chunks > peak.chunks ||
            (now.chunks == peak.chunks &&
             now.firstStageMicrobatches + now.lastStageMicrobatches >
                 peak.firstStageMicrobatches + peak.lastStageMicrobatches)) {
            peak = now;
        }
    }
    return peak;
}

} // namespace

TEST_CASE("1F1B on 4 stages by hand", "[pipelinememory]")
{
    // L = 32, s = h = 4096, b = 1, V = 32000, mixed precision, full recompute, t = 1, p = 4,
    // m = 8.
    // Korthikanti et al. 2022: full recompute keeps the layer input, 2·s·b·h bytes =
    // 33,554,432 per layer; 8 layers per stage. 1F1B peaks (Narayanan et al. 2021 §2.2.1): device
    // i holds p − i = 4, 3, 2, 1 micro-batches.
    //   device 0: 4 × 8 × 33,554,432 = 1,073,741,824 + embedding mask 4 × s·b·h (16,777,216)
    //             = 1,140,850,688 bytes
    //   device 1: 3 × 8 × 33,554,432 = 805,306,368;  device 2: 536,870,912
    //   device 3: 268,435,456 + output layer 1 × (2·s·b·h × 2 B + 4·s·b·V) = 67,108,864 +
    //             524,288,000 → 859,832,320 bytes
    Scenario s;
    s.train.precision = Precision::Mixed;
    s.train.recompute = Recompute::Full;
    s.parallel.tp = 1; // the whole vocabulary's logits on the last device
    s.parallel.pp = 4;
    s.train.globalBatch = (8) * s.train.microBatch * s.parallel.dp;
    s.parallel.schedule = PipelineSchedule::OneFOneB;
    const auto devices = pipelineActivations(s, {});
    REQUIRE(devices.size() == 4);
    CHECK(devices[0].peakChunks == 4);
    CHECK(devices[0].layerSets == 32);
    CHECK(devices[0].bytes == 1'140'850'688.0);
    CHECK(devices[1].bytes == 805'306'368.0);
    CHECK(devices[2].bytes == 536'870'912.0);
    CHECK(devices[3].bytes == 859'832'320.0);
    // The memory panel's activations item is the most loaded stage: the same number.
    CHECK(evaluateMemory(s).activationsBytes == 1'140'850'688.0);

    // GPipe keeps all m = 8 forwards: device 0 = 8 × 8 × 33,554,432 + 8 × 16,777,216.
    s.parallel.schedule = PipelineSchedule::GPipe;
    const auto gpipe = pipelineActivations(s, {});
    CHECK(gpipe[0].peakMicrobatches == 8);
    CHECK(gpipe[0].bytes == 2'147'483'648.0 + 134'217'728.0);

    // Interleaved v = 2: device 0 holds p·v + p − 1 = 11 chunks of 4 layers = 5.5 micro-batches'
    // worth (Korthikanti et al. 2022 §4.2.3: × (1 + (p − 1)/(p·v)) = × 11/8).
    s.parallel.schedule = PipelineSchedule::Interleaved;
    s.parallel.virtualStages = 2;
    const auto interleaved = pipelineActivations(s, {});
    CHECK(interleaved[0].peakChunks == 11);
    CHECK(interleaved[0].peakMicrobatches == 5.5);
    CHECK(interleaved[0].layerSets == 44);
}

TEST_CASE("memory.h and the simulated schedule count the same in flight, every schedule",
          "[pipelinememory]")
{
    // A grid of every schedule over p = 1 … 9, m = 1 … 20 (multiples of p when interleaved),
    // v = 1 … 4: each device's peak as the operations drawn hold it (recount) is
    // inFlightPeak's, PipelineResult::peakInFlight's, and at both ends memory.h's
    // inFlightActivations', so the largest device is evaluateMemory's activations exactly.
    int cases = 0;
    for (std::int64_t p = 1; p <= 9; ++p) {
        for (std::int64_t m = 1; m <= 20; ++m) {
            for (std::int64_t v = 1; v <= 4; ++v) {
                for (auto schedule : {PipelineSchedule::GPipe, PipelineSchedule::OneFOneB,
                                      PipelineSchedule::Interleaved, PipelineSchedule::ZeroBubbleH1,
                                      PipelineSchedule::ZeroBubbleH2}) {
                    if ((schedule != PipelineSchedule::Interleaved && v > 1) ||
                        (schedule == PipelineSchedule::Interleaved && m % p != 0)) {
                        continue;
                    }
                    Scenario s;
                    s.model.layers = 36; // p·v ≤ 36; 36 is not a multiple of 8 or 7 (rounding)
                    s.parallel.pp = p;
                    s.train.globalBatch = (m)*s.train.microBatch * s.parallel.dp;
                    s.parallel.schedule = schedule;
                    s.parallel.virtualStages = v;
                    s.train.recompute = static_cast<Recompute>(cases % 3);
                    s.parallel.tp = cases % 2 == 0 ? 1 : 4;
                    INFO("p " << p << " m " << m << " v " << v << " schedule "
                              << static_cast<int>(schedule));
                    REQUIRE(validate(s).empty());
                    // Uneven stages (36 layers on 8) and m < p for the zero-bubble schedules are
                    // no layout (layoutProblems) but what the two counts must still agree on.
                    const auto params = pipelineParamsFromScenario(s);
                    const auto pipeline = simulatePipeline(params);
                    REQUIRE(pipeline.ok());
                    for (std::int64_t d = 0; d < p; ++d) {
                        INFO("device " << d);
                        const InFlightPeak peak = inFlightPeak(params, d);
                        CHECK(recount(pipeline, p, v, d) == peak);
                        CHECK(pipeline.peakInFlight[static_cast<std::size_t>(d)] == peak.chunks);
                    }
                    const auto counts =
                        inFlightActivations(s.model, s.parallel, *microbatchesPerStep(s));
                    const auto devices = pipelineActivations(s, {});
                    REQUIRE(devices.size() == static_cast<std::size_t>(p));
                    CHECK(devices.front().layerSets == counts.firstStageLayerSets);
                    CHECK(devices.back().layerSets == counts.lastStageLayerSets);
                    CHECK(inFlightPeak(params, 0).firstStageMicrobatches ==
                          counts.firstStageMicrobatches);
                    CHECK(inFlightPeak(params, p - 1).lastStageMicrobatches ==
                          counts.lastStageMicrobatches);
                    double largest = 0;
                    for (const auto& d : devices) {
                        largest = std::max(largest, d.bytes);
                    }
                    // memory.h: activations = max(first stage, last stage), the same rounding.
                    CHECK(largest == Approx(evaluateMemory(s).activationsBytes).epsilon(1e-12));
                    ++cases;
                }
            }
        }
    }
    CHECK(cases > 500);
}

TEST_CASE("memory.h and the schedule on the edge cases of p, m and v, by hand", "[pipelinememory]")
{
    // L = 32, p = 4, m = 8 unless said. Sources: Narayanan et al. 2021 §2.2 and Megatron-LM's
    // schedules (forward_backward_no_pipelining, _without_interleaving, _with_interleaving).
    Scenario s;
    s.parallel.pp = 4;
    s.train.globalBatch = (8) * s.train.microBatch * s.parallel.dp;
    SECTION("interleaved with v = 1 is plain 1F1B: p = 4 micro-batches on device 0")
    {
        // Megatron-LM runs its non-interleaved schedule with one chunk: device 0 warms up with
        // p − 1 = 3 forwards, then holds 4 × 8 layers (not the interleaved 2(p − 1) + 1 = 7).
        s.parallel.schedule = PipelineSchedule::Interleaved;
        s.parallel.virtualStages = 1;
        CHECK(
            inFlightActivations(s.model, s.parallel, *microbatchesPerStep(s)).firstStageLayerSets ==
            32);
        CHECK(simulate(s).peakInFlight == std::vector<std::int64_t>{4, 3, 2, 1});
    }
    SECTION("interleaved with m = p runs every forward first: the last device holds m·v chunks")
    {
        // v = 2, m = p = 4: all 8 chunk forwards before any backward on every device, 8 chunks
        // of 32/8 = 4 layers = 32 layer sets, and all 4 micro-batches' output layers.
        s.parallel.schedule = PipelineSchedule::Interleaved;
        s.parallel.virtualStages = 2;
        s.train.globalBatch = (4) * s.train.microBatch * s.parallel.dp;
        const auto counts = inFlightActivations(s.model, s.parallel, *microbatchesPerStep(s));
        CHECK(counts.lastStageLayerSets == 32);
        CHECK(counts.lastStageMicrobatches == 4);
        CHECK(simulate(s).peakInFlight == std::vector<std::int64_t>{8, 8, 8, 8});
    }
    SECTION("interleaved, m ≥ 2p: device 0 keeps 2p micro-batches' input embeddings")
    {
        // v = 2, m = 8: device 0 runs chunk 0 of micro-batches 0–3, chunk 1 of 0–3, then chunk 0
        // of 4–7 before chunk 0's first backward: 2p = 8 embedding masks, with 4·2 + 3 = 11
        // chunks in flight.
        s.parallel.schedule = PipelineSchedule::Interleaved;
        s.parallel.virtualStages = 2;
        const auto counts = inFlightActivations(s.model, s.parallel, *microbatchesPerStep(s));
        CHECK(counts.firstStageLayerSets == 44);
        CHECK(counts.firstStageMicrobatches == 8);
        CHECK(counts.lastStageMicrobatches == 1);
    }
    SECTION("one device is no pipeline: one micro-batch at a time, whatever the schedule")
    {
        // GPipe on p = 1 is gradient accumulation: F1 B1 F2 B2 …, not all forwards first.
        s.parallel.pp = 1;
        s.parallel.schedule = PipelineSchedule::GPipe;
        const auto r = simulate(s);
        REQUIRE(r.ok());
        CHECK(r.peakInFlight == std::vector<std::int64_t>{1});
        CHECK(r.operations[1].pass == PipelinePass::Backward);
        CHECK(pipelineActivations(s, {}).front().layerSets == 32);
        CHECK(
            inFlightActivations(s.model, s.parallel, *microbatchesPerStep(s)).firstStageLayerSets ==
            32);
    }
}

TEST_CASE("a failed pipeline has no device figures", "[pipelinememory]")
{
    Scenario s;
    s.parallel.pp = 4;
    s.train.globalBatch = (6) * s.train.microBatch * s.parallel.dp;
    s.parallel.schedule = PipelineSchedule::Interleaved; // m must be a multiple of p
    CHECK(pipelineActivations(s, {}).empty());
}
