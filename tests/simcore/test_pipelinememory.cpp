// Activation memory per pipeline device (simcore/pipelinememory.h): the schedule's peak of
// micro-batches in flight (Narayanan et al. 2021 §2.2) times Korthikanti et al. 2022's activation
// bytes, checked by hand and against memory.h's first- and last-stage figures.
#include "simcore/pipelinememory.h"

#include <catch2/catch.hpp>
#include <random>

using namespace simcore;

namespace {

PipelineResult simulate(const Scenario& s)
{
    return simulatePipeline(pipelineParamsFromScenario(s));
}

} // namespace

TEST_CASE("1F1B on 4 stages by hand", "[pipelinememory]")
{
    // L = 32, s = h = 4096, b = 1, V = 32000, mixed precision, full recompute, p = 4, m = 8.
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
    s.parallel.pp = 4;
    s.parallel.microbatches = 8;
    s.parallel.schedule = PipelineSchedule::OneFOneB;
    const auto pipeline = simulate(s);
    const auto devices = pipelineActivations(s, pipeline, {});
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
    const auto gpipe = pipelineActivations(s, simulate(s), {});
    CHECK(gpipe[0].peakMicrobatches == 8);
    CHECK(gpipe[0].bytes == 2'147'483'648.0 + 134'217'728.0);

    // Interleaved v = 2: device 0 holds p·v + p − 1 = 11 chunks of 4 layers = 5.5 micro-batches'
    // worth (Korthikanti et al. 2022 §4.2.3: × (1 + (p − 1)/(p·v)) = × 11/8).
    s.parallel.schedule = PipelineSchedule::Interleaved;
    s.parallel.virtualStages = 2;
    const auto interleaved = pipelineActivations(s, simulate(s), {});
    CHECK(interleaved[0].peakChunks == 11);
    CHECK(interleaved[0].peakMicrobatches == 5.5);
    CHECK(interleaved[0].layerSets == 44);
}

TEST_CASE("first and last device carry memory.h's stage figures", "[pipelinememory]")
{
    std::mt19937_64 rng(0x3E30'0001);
    std::uniform_int_distribution<std::int64_t> stages(2, 8);
    std::uniform_int_distribution<std::int64_t> groups(1, 4);
    std::uniform_int_distribution<std::int64_t> chunks(1, 3);
    std::uniform_int_distribution<int> schedule(0, 2);
    std::uniform_int_distribution<int> recompute(0, 2);
    for (int trial = 0; trial < 120; ++trial) {
        Scenario s;
        s.parallel.pp = stages(rng);
        s.parallel.microbatches = s.parallel.pp * groups(rng) + (trial % 3 == 0 ? 1 : 0);
        s.parallel.schedule = static_cast<PipelineSchedule>(schedule(rng));
        s.parallel.virtualStages = chunks(rng);
        s.train.recompute = static_cast<Recompute>(recompute(rng));
        s.parallel.tp = trial % 2 == 0 ? 1 : 4;
        if (s.parallel.schedule == PipelineSchedule::Interleaved) {
            // Two cases where memory.h's closed counts and the simulated (Megatron-LM) schedule
            // differ, reported to memory.h's owner and left out here: v = 1 (pipeline.h runs
            // plain 1F1B, memory.h applies the interleaved warm-up 2(p − 1) + 1) and m = p
            // (Megatron-LM then runs every forward first on every rank, so the last device holds
            // m·v chunks, not memory.h's (v − 1)·p + 1).
            s.parallel.microbatches = s.parallel.pp * (1 + groups(rng));
            s.parallel.virtualStages = 1 + chunks(rng) % 2 + 1;
        }
        INFO("p " << s.parallel.pp << " m " << s.parallel.microbatches << " schedule "
                  << static_cast<int>(s.parallel.schedule) << " v " << s.parallel.virtualStages);
        REQUIRE(validateMemory(s).empty());
        const auto pipeline = simulate(s);
        REQUIRE(pipeline.ok());
        const auto devices = pipelineActivations(s, pipeline, {});
        REQUIRE(devices.size() == static_cast<std::size_t>(s.parallel.pp));
        double largest = 0;
        for (const auto& d : devices) {
            largest = std::max(largest, d.bytes);
        }
        // memory.h: activations = max(first stage, last stage), with the same rounding.
        CHECK(largest == Approx(evaluateMemory(s).activationsBytes).epsilon(1e-12));
        const auto counts = inFlightActivations(s.model, s.parallel);
        CHECK(devices.front().layerSets == Approx(counts.firstStageLayerSets).epsilon(1e-12));
        CHECK(devices.back().layerSets == Approx(counts.lastStageLayerSets).epsilon(1e-12));
    }
}

TEST_CASE("a failed pipeline has no device figures", "[pipelinememory]")
{
    Scenario s;
    s.parallel.pp = 4;
    s.parallel.microbatches = 6;
    s.parallel.schedule = PipelineSchedule::Interleaved; // m must be a multiple of p
    CHECK(pipelineActivations(s, simulate(s), {}).empty());
}
