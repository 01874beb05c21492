// Training memory per GPU (MODELS.md §2) against the seed lesson, the ZeRO paper's Table 1 /
// Figure 1, Narayanan et al. 2021 eq. 2 and Table 1, and hand calculations of Korthikanti et al.
// 2022's activation formulas written out below. Every expected number is worked out by hand.
#include "simcore/models/memory.h"
#include "simcore/scenario/catalogue.h"
#include "simcore/scenario/scenario.h"
#include "tests/onegpuscenario.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>

using namespace simcore;
using Kind = ScenarioError::Kind;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// "The same number": every value below is an integer far below 2^53, so only rounding in the
// last bit is allowed.
Approx same(double value)
{
    return Approx(value).epsilon(1e-12);
}

Scenario statesOnly(double params, Precision precision, Optimizer optimizer, std::int64_t zero,
                    std::int64_t dp)
{
    Scenario s = testing::oneGpuScenario(); // no model parallelism: ZeRO's own figures
    s.model.params = params;
    s.train.precision = precision;
    s.train.optimizer = optimizer;
    s.parallel.zero = zero;
    s.parallel.dp = dp;
    return s;
}

// GPT-3 175B's shape as Korthikanti et al. 2022 Table 3 trains it: s = 2048, h = 12288, a = 96,
// L = 96, b = 1, vocabulary padded to 51200, 16-bit activations.
Scenario gpt3OnKorthikantiSetup()
{
    Scenario s;
    s.model = {.params = 175e9,
               .layers = 96,
               .hidden = 12288,
               .heads = 96,
               .seqLen = 2048,
               .vocab = 51200};
    s.train.precision = Precision::Mixed;
    s.train.optimizer = Optimizer::Adam;
    s.train.microBatch = 1;
    s.train.recompute = Recompute::None;
    s.parallel.tp = 8;
    s.parallel.pp = 8;
    s.parallel.dp = 1;
    s.train.globalBatch = (64) * s.train.microBatch * s.parallel.dp;
    s.parallel.schedule = PipelineSchedule::OneFOneB;
    return s;
}

// The 7B scenario used for verdicts: the default shape (L = 32, h = 4096, a = 32, s = 4096,
// V = 32000), b = 1, mixed + Adam, full recompute, no model parallelism.
// Activations by hand (p = 1: every layer, the embedding mask and the output layer):
//   s·b·h = 4096·4096 = 16,777,216
//   layers: full recompute keeps 2·s·b·h bytes per layer → 33,554,432 × 32 = 1,073,741,824
//   embedding dropout mask: s·b·h = 16,777,216
//   output layer: 4·s·b·h + 4·s·b·V = 67,108,864 + 524,288,000 = 591,396,864
//   activations = 1,681,915,904 bytes
Scenario sevenBillionFullRecompute(std::int64_t zero, std::int64_t dp)
{
    Scenario s = statesOnly(7e9, Precision::Mixed, Optimizer::Adam, zero, dp);
    s.train.recompute = Recompute::Full;
    return s;
}

} // namespace

TEST_CASE("seed lesson section 1: 7e9 parameters, FP32 + Adam, no sharding = 104.31 GiB",
          "[memory]")
{
    // Seed lesson §1: 4 (weight) + 4 (gradient) + 8 (two Adam states) = 16 B/param;
    // estimateTrainingMemoryGB(7) = 7e9·16 / 1024³ ≈ 104.3. 112e9 / 2^30 = 104.3081…
    const Scenario s = statesOnly(7e9, Precision::Fp32, Optimizer::Adam, 0, 1);
    const MemoryBreakdown m = evaluateMemory(s);
    CHECK(m.weightsBytes == same(28e9));
    CHECK(m.gradientsBytes == same(28e9));
    CHECK(m.optimizerBytes == same(56e9));
    CHECK(m.modelStatesBytes() == same(112e9));
    CHECK(m.modelStatesBytes() / kGiB == Approx(104.31).margin(0.005));
    // "far beyond a 24 GB consumer GPU, even beyond an 80 GB data-centre GPU"
    CHECK_FALSE(memoryVerdict(s, *findGpu("rtx4090")).fits);
    CHECK_FALSE(memoryVerdict(s, *findGpu("h100-sxm")).fits);
}

TEST_CASE("bytes per parameter: every precision x optimizer cell of MODELS.md section 2",
          "[memory]")
{
    // MODELS §2 (fp32/mixed/bf16 + Adam from the seed, ZeRO §3.1 K = 12, "states kept in bf16");
    // SGD keeps no state, momentum one, 8-bit Adam two 1-byte states (Dettmers et al. 2022);
    // mixed adds the 4-byte FP32 master copy to the optimizer column.
    using P = Precision;
    using O = Optimizer;
    struct Cell {
        P precision;
        O optimizer;
        BytesPerParameter expected;
    };
    const Cell cells[] = {
        {P::Fp32, O::Sgd, {4, 4, 0}},    {P::Fp32, O::Momentum, {4, 4, 4}},
        {P::Fp32, O::Adam, {4, 4, 8}},   {P::Fp32, O::Adam8bit, {4, 4, 2}},
        {P::Mixed, O::Sgd, {2, 2, 4}},   {P::Mixed, O::Momentum, {2, 2, 8}},
        {P::Mixed, O::Adam, {2, 2, 12}}, {P::Mixed, O::Adam8bit, {2, 2, 6}},
        {P::Bf16, O::Sgd, {2, 2, 0}},    {P::Bf16, O::Momentum, {2, 2, 2}},
        {P::Bf16, O::Adam, {2, 2, 4}},   {P::Bf16, O::Adam8bit, {2, 2, 2}},
    };
    for (const auto& cell : cells) {
        INFO(static_cast<int>(cell.precision) << " " << static_cast<int>(cell.optimizer));
        CHECK(bytesPerParameter(cell.precision, cell.optimizer) == cell.expected);
    }
    // The MODELS table's totals: 16, 16, 8.
    CHECK(bytesPerParameter(P::Fp32, O::Adam).total() == 16);
    CHECK(bytesPerParameter(P::Mixed, O::Adam).total() == 16);
    CHECK(bytesPerParameter(P::Bf16, O::Adam).total() == 8);
}

TEST_CASE("ZeRO Figure 1 and Table 1: 7.5B parameters, K = 12, per-device GB", "[memory][zero]")
{
    // Rajbhandari et al. 2020, Figure 1 (N_d = 64) and Table 1 (7.5B column), GB = 1e9 bytes:
    // baseline (2+2+K)Ψ, P_os 4Ψ + KΨ/N_d, P_os+g 2Ψ + 14Ψ/N_d, P_os+g+p 16Ψ/N_d. The table
    // rounds inconsistently, so each value is compared to ±1 in its last printed digit.
    struct Row {
        std::int64_t dp;
        double printed[4];
        double lastDigit[4];
    };
    const Row rows[] = {
        {1, {120, 120, 120, 120}, {1, 1, 1, 1}},
        {4, {120, 52.5, 41.3, 30}, {1, 0.1, 0.1, 1}},
        {16, {120, 35.6, 21.6, 7.5}, {1, 0.1, 0.1, 0.1}},
        {64, {120, 31.4, 16.6, 1.88}, {1, 0.1, 0.1, 0.01}}, // Figure 1
        {256, {120, 30.4, 15.4, 0.47}, {1, 0.1, 0.1, 0.01}},
        {1024, {120, 30.1, 15.1, 0.12}, {1, 0.1, 0.1, 0.01}},
    };
    for (const auto& row : rows) {
        for (std::int64_t stage = 0; stage <= 3; ++stage) {
            INFO("N_d = " << row.dp << ", stage " << stage);
            const Scenario s = statesOnly(7.5e9, Precision::Mixed, Optimizer::Adam, stage, row.dp);
            const double gigabytes = evaluateMemory(s).modelStatesBytes() / 1e9;
            const auto i = static_cast<std::size_t>(stage);
            CHECK(gigabytes == Approx(row.printed[i]).margin(row.lastDigit[i]));
        }
    }
    // Figure 1's exact values (the formulas, worked by hand): 31.40625, 16.640625, 1.875 GB.
    CHECK(evaluateMemory(statesOnly(7.5e9, Precision::Mixed, Optimizer::Adam, 1, 64))
              .modelStatesBytes() == same(31.40625e9));
    CHECK(evaluateMemory(statesOnly(7.5e9, Precision::Mixed, Optimizer::Adam, 2, 64))
              .modelStatesBytes() == same(16.640625e9));
    CHECK(evaluateMemory(statesOnly(7.5e9, Precision::Mixed, Optimizer::Adam, 3, 64))
              .modelStatesBytes() == same(1.875e9));
}

TEST_CASE("ZeRO stages shard the right states, generalised to every precision and optimizer",
          "[memory][zero]")
{
    // ZeRO §5.1 generalised (MODELS §2): stage k shards the first k of (optimizer, gradients,
    // weights). Example: bf16 + momentum (2 / 2 / 2 B), Ψ = 8e9, N_d = 8 → shard of 1e9.
    const auto at = [](std::int64_t stage) {
        return evaluateMemory(statesOnly(8e9, Precision::Bf16, Optimizer::Momentum, stage, 8));
    };
    CHECK(at(0).optimizerBytes == same(16e9));
    CHECK(at(1).optimizerBytes == same(2e9));
    CHECK(at(1).gradientsBytes == same(16e9));
    CHECK(at(2).gradientsBytes == same(2e9));
    CHECK(at(2).weightsBytes == same(16e9));
    CHECK(at(3).weightsBytes == same(2e9));
    CHECK(at(3).modelStatesBytes() == same(6e9));
}

TEST_CASE("ZeRO with dp = 1 is stage 0, for every precision, optimizer and stage", "[memory][zero]")
{
    for (auto precision : {Precision::Fp32, Precision::Mixed, Precision::Bf16}) {
        for (auto optimizer :
             {Optimizer::Sgd, Optimizer::Momentum, Optimizer::Adam, Optimizer::Adam8bit}) {
            Scenario base = statesOnly(1.3e9, precision, optimizer, 0, 1);
            base.parallel.tp = 2;
            base.parallel.pp = 4;
            const double ddp = evaluateMemory(base).totalBytes;
            CHECK(ddp > 0);
            for (std::int64_t stage = 1; stage <= 3; ++stage) {
                Scenario sharded = base;
                sharded.parallel.zero = stage;
                INFO(static_cast<int>(precision)
                     << " " << static_cast<int>(optimizer) << " stage " << stage);
                CHECK(evaluateMemory(sharded).totalBytes == ddp);
            }
        }
    }
}

TEST_CASE("model parallelism divides the states by tp x pp before ZeRO", "[memory][zero]")
{
    // MODELS §2: Ψ is divided by t·p first. 175e9 / (8·8) = 2,734,375,000 parameters per GPU;
    // mixed + Adam, no ZeRO: 16 B each = 43,750,000,000 bytes.
    const MemoryBreakdown m = evaluateMemory(gpt3OnKorthikantiSetup());
    CHECK(m.parametersPerGpu == same(2734375000.0));
    CHECK(m.modelStatesBytes() == same(43.75e9));
}

TEST_CASE("dp that does not divide the parameters: every rank holds the padded shard",
          "[memory][zero]")
{
    // Ψ = 1000, FP32 + Adam (4/4/8), N_d = 3: shard = ⌈1000/3⌉ = 334 parameters, not 333.33.
    const auto states = [](std::int64_t stage) {
        return evaluateMemory(statesOnly(1000, Precision::Fp32, Optimizer::Adam, stage, 3))
            .modelStatesBytes();
    };
    CHECK(states(3) == 16 * 334);            // 5,344
    CHECK(states(2) == 4 * 1000 + 12 * 334); // 8,008
    CHECK(states(1) == 8 * 1000 + 8 * 334);  // 10,672
    CHECK(states(0) == 16 * 1000);
    // Never less than the unpadded share.
    CHECK(states(3) >= 16.0 * 1000 / 3);
}

TEST_CASE("1e13 parameters: no overflow and no precision loss", "[memory]")
{
    // 16 B × 1e13 = 1.6e14 bytes; with N_d = 1e6 (parallel.dp's maximum) a shard is exactly 1e7
    // parameters = 1.6e8 bytes. One parameter more makes the shard 10,000,001 → 160,000,016 B:
    // the extra parameter must show, so counts stay exact well past 1e13.
    CHECK(evaluateMemory(statesOnly(1e13, Precision::Fp32, Optimizer::Adam, 0, 1))
              .modelStatesBytes() == 1.6e14);
    CHECK(evaluateMemory(statesOnly(1e13, Precision::Fp32, Optimizer::Adam, 3, 1000000))
              .modelStatesBytes() == 160000000.0);
    CHECK(evaluateMemory(statesOnly(1e13 + 1, Precision::Fp32, Optimizer::Adam, 3, 1000000))
              .modelStatesBytes() == 160000016.0);
    // The largest shape the keys allow (L = 1000, h = 1e6) stays finite: 12·L·h² = 1.2e16.
    ModelSpec huge{
        .params = 0, .layers = 1000, .hidden = 1000000, .heads = 1000, .seqLen = 1, .vocab = 1};
    CHECK(std::isfinite(parametersFromShape(huge)));
    CHECK(parametersFromShape(huge) == Approx(1.2e16).epsilon(1e-5));
}

TEST_CASE("Narayanan eq. 2: parameter count from the shape", "[memory][params]")
{
    // Narayanan et al. 2021 eq. 2, GPT-3 175B shape (L = 96, h = 12288, V = 51200, s = 2048):
    // 12·96·12288² = 173,946,175,488; 13·96·12288 = 15,335,424; (51200 + 2048)·12288 =
    // 654,311,424; sum = 174,615,822,336 ≈ 174.6e9 (their Table 1 prints 174.6B).
    ModelSpec gpt3{
        .params = 0, .layers = 96, .hidden = 12288, .heads = 96, .seqLen = 2048, .vocab = 51200};
    CHECK(parametersFromShape(gpt3) == same(174615822336.0));
    CHECK(parametersFromShape(gpt3) / 1e9 == Approx(174.6).margin(0.05));
    // params = 0 means "from the shape"; a positive params wins.
    CHECK(effectiveParameters(gpt3) == parametersFromShape(gpt3));
    gpt3.params = 175e9;
    CHECK(effectiveParameters(gpt3) == 175e9);

    // Narayanan et al. 2021 Table 1 (V = 51200, s = 2048), billions as printed (to 0.1B):
    struct Row {
        std::int64_t heads, hidden, layers;
        double billions;
    };
    const Row rows[] = {{24, 2304, 24, 1.7},      {32, 3072, 30, 3.6},     {32, 4096, 36, 7.5},
                        {48, 6144, 40, 18.4},     {64, 8192, 48, 39.1},    {80, 10240, 60, 76.1},
                        {96, 12288, 80, 145.6},   {128, 16384, 96, 310.1}, {128, 20480, 105, 529.6},
                        {160, 25600, 128, 1008.0}};
    for (const auto& row : rows) {
        INFO(row.billions << "B");
        const ModelSpec shape{.params = 0,
                              .layers = row.layers,
                              .hidden = row.hidden,
                              .heads = row.heads,
                              .seqLen = 2048,
                              .vocab = 51200};
        CHECK(parametersFromShape(shape) / 1e9 == Approx(row.billions).margin(0.05));
    }
}

TEST_CASE("Korthikanti per-layer activations: GPT-3 175B shape, t = 8", "[memory][activations]")
{
    // Korthikanti et al. 2022 §4 (Table 2), s = 2048, b = 1, h = 12288, a = 96, 16-bit:
    //   s·b·h = 25,165,824;  5·a·s/h = 5·96·2048/12288 = 80
    Scenario s = gpt3OnKorthikantiSetup();
    MemoryOptions sp;
    sp.sequenceParallel = true;

    SECTION("no parallelism: s·b·h·(34 + 80) = 114 × 25,165,824 = 2,868,903,936")
    {
        s.parallel.tp = 1;
        CHECK(activationBytesPerLayer(s) == same(2868903936.0));
    }
    SECTION("tensor parallel: s·b·h·(10 + 24/8 + 80/8) = 23 × 25,165,824 = 578,813,952")
    {
        CHECK(activationBytesPerLayer(s) == same(578813952.0));
    }
    SECTION("tensor + sequence parallel: s·b·h/8·(34 + 80) = 358,612,992")
    {
        CHECK(activationBytesPerLayer(s, sp) == same(358612992.0));
    }
    SECTION("tensor parallel + selective recompute: s·b·h·(10 + 24/8) = 327,155,712")
    {
        s.train.recompute = Recompute::Selective;
        CHECK(activationBytesPerLayer(s) == same(327155712.0));
    }
    SECTION("tensor + sequence parallel + selective: 34·s·b·h/8 = 106,954,752")
    {
        s.train.recompute = Recompute::Selective;
        CHECK(activationBytesPerLayer(s, sp) == same(106954752.0));
    }
    SECTION("full recompute: 2·s·b·h = 50,331,648; ÷ 8 with sequence parallel = 6,291,456")
    {
        s.train.recompute = Recompute::Full;
        CHECK(activationBytesPerLayer(s) == same(50331648.0));
        CHECK(activationBytesPerLayer(s, sp) == same(6291456.0));
    }
    SECTION("micro-batch b scales every term linearly")
    {
        const double one = activationBytesPerLayer(s, sp);
        s.train.microBatch = 4;
        CHECK(activationBytesPerLayer(s, sp) == same(4 * one));
    }
    SECTION("FP32 values take 4 bytes, the 1-byte dropout masks do not grow")
    {
        // No parallelism, fp32: values 16·sbh + 2·as²b at 4 B, masks 2·sbh + as²b at 1 B:
        // 66·sbh + 9·as²b; as²b = 96·2048² = 402,653,184 →
        // 66 × 25,165,824 + 9 × 402,653,184 = 1,660,944,384 + 3,623,878,656 = 5,284,823,040.
        s.parallel.tp = 1;
        s.train.precision = Precision::Fp32;
        CHECK(activationBytesPerLayer(s) == same(5284823040.0));
    }
}

TEST_CASE("Korthikanti 4.3: selective recompute saves the attention share 5as/h / (34 + 5as/h)",
          "[memory][activations]")
{
    // Korthikanti et al. 2022 §4.3 state that selective recomputation cuts activation memory by
    // 70 % for GPT-3 175B (5as/h = 80: 80/114 = 70.2 %) and by 65 % for MT-NLG 530B (a = 128,
    // h = 20480, s = 2048: 5as/h = 64, 64/98 = 65.3 %). Compared to ±1 in the printed digit.
    MemoryOptions sp;
    sp.sequenceParallel = true;
    Scenario gpt3 = gpt3OnKorthikantiSetup();
    const double gpt3None = activationBytesPerLayer(gpt3, sp);
    gpt3.train.recompute = Recompute::Selective;
    CHECK(1 - activationBytesPerLayer(gpt3, sp) / gpt3None == Approx(0.70).margin(0.01));

    Scenario mtnlg = gpt3OnKorthikantiSetup();
    mtnlg.model = {.params = 530e9,
                   .layers = 105,
                   .hidden = 20480,
                   .heads = 128,
                   .seqLen = 2048,
                   .vocab = 51200};
    mtnlg.parallel.pp = 35;
    const double mtnlgNone = activationBytesPerLayer(mtnlg, sp);
    mtnlg.train.recompute = Recompute::Selective;
    CHECK(1 - activationBytesPerLayer(mtnlg, sp) / mtnlgNone == Approx(0.65).margin(0.01));
}

TEST_CASE("micro-batches in flight follow the pipeline schedule", "[memory][activations]")
{
    ModelSpec model;
    ParallelSpec parallel;
    std::int64_t m = 8; // micro-batches per step (microbatchesPerStep of a scenario)

    SECTION("no pipeline: every layer once, whatever the schedule")
    {
        model.layers = 32;
        parallel.pp = 1;
        for (auto schedule :
             {PipelineSchedule::GPipe, PipelineSchedule::OneFOneB, PipelineSchedule::Interleaved}) {
            parallel.schedule = schedule;
            const auto f = inFlightActivations(model, parallel, m);
            CHECK(f.firstStageLayerSets == 32);
            CHECK(f.firstStageMicrobatches == 1);
        }
    }
    SECTION("1F1B: the first stage holds p micro-batches of L/p layers = L (Korthikanti 4.2.3)")
    {
        model.layers = 96;
        parallel.pp = 8;
        m = 64;
        parallel.schedule = PipelineSchedule::OneFOneB;
        const auto f = inFlightActivations(model, parallel, m);
        CHECK(f.firstStageLayerSets == 96);
        CHECK(f.firstStageMicrobatches == 8);
        CHECK(f.lastStageLayerSets == 12);
        CHECK(f.lastStageMicrobatches == 1);
        // Fewer micro-batches than stages: only m = 4 can be in flight: 4 × 12 = 48.
        m = 4;
        CHECK(inFlightActivations(model, parallel, m).firstStageLayerSets == 48);
    }
    SECTION("GPipe: m micro-batches of L/p layers on every stage (Huang et al. 2019)")
    {
        model.layers = 32;
        parallel.pp = 4;
        m = 8;
        parallel.schedule = PipelineSchedule::GPipe;
        const auto f = inFlightActivations(model, parallel, m);
        CHECK(f.firstStageLayerSets == 8 * 8);
        CHECK(f.lastStageLayerSets == 8 * 8);
        CHECK(f.lastStageMicrobatches == 8);
    }
    SECTION("interleaved: L·(1 + (p−1)/(p·v)) (Korthikanti 4.2.3, v interleaved chunks)")
    {
        // p = 4, v = 2, L = 32: 32·(1 + 3/8) = 44. p = 8, v = 4, L = 96: 96·(1 + 7/32) = 117.
        model.layers = 32;
        parallel.pp = 4;
        parallel.virtualStages = 2;
        m = 8;
        parallel.schedule = PipelineSchedule::Interleaved;
        CHECK(inFlightActivations(model, parallel, m).firstStageLayerSets == 44);
        model.layers = 96;
        parallel.pp = 8;
        parallel.virtualStages = 4;
        m = 64;
        CHECK(inFlightActivations(model, parallel, m).firstStageLayerSets == 117);
    }
    SECTION("p not dividing L: the larger stage (⌈L/p⌉ layers) counts")
    {
        // L = 30, p = 4, 1F1B, m = 8: ⌈30/4⌉ = 8 layers × 4 micro-batches = 32.
        model.layers = 30;
        parallel.pp = 4;
        m = 8;
        parallel.schedule = PipelineSchedule::OneFOneB;
        CHECK(inFlightActivations(model, parallel, m).firstStageLayerSets == 32);
    }
}

TEST_CASE("whole-GPU activations: GPT-3 175B with t = 8, p = 8 (Korthikanti Table 3 setup)",
          "[memory][activations]")
{
    // Sequence parallel + selective recompute, 1F1B, m = 64 (Korthikanti Table 3: 175B on
    // t = 8, p = 8, global batch 64, micro-batch 1; A100 80GB):
    //   first stage: 8 micro-batches × 12 layers × 106,954,752 = 10,267,656,192
    //                + embedding mask 8 × s·b·h/8 = 8 × 3,145,728 = 25,165,824
    //                = 10,292,822,016 (the paper's 34·s·b·h·L/t + s·b·h·p/t)
    //   last stage:  12 × 106,954,752 = 1,283,457,024 + output 4·s·b·h/8 + 4·s·b·V/8
    //                = 12,582,912 + 52,428,800 → 1,348,468,736 (smaller)
    Scenario s = gpt3OnKorthikantiSetup();
    s.train.recompute = Recompute::Selective;
    MemoryOptions sp;
    sp.sequenceParallel = true;
    const MemoryBreakdown m = evaluateMemory(s, sp);
    CHECK(m.activationsBytes == same(10292822016.0));
    CHECK(outputLayerActivationBytes(s, sp) == same(65011712.0));
    CHECK(m.totalBytes == same(43.75e9 + 10292822016.0));
    // It ran on 80 GB A100s (Korthikanti §5): the model says it fits, with ≈ 32 GB to spare.
    const MemoryVerdict onA100 = memoryVerdict(s, *findGpu("a100-80"), sp);
    CHECK(onA100.fits);
    CHECK(onA100.headroomBytes == same(80 * kGiB - 43.75e9 - 10292822016.0));

    // The plain tensor-parallel baseline stores 23·s·b·h per layer: 96 × 578,813,952 +
    // 8 × 25,165,824 = 55,767,465,984 bytes of activations; with 43.75e9 of states that is
    // 99.5e9 > 80 GiB — why the paper's baseline needs full recomputation (§1, Figure 1).
    s.train.recompute = Recompute::None;
    const MemoryBreakdown baseline = evaluateMemory(s);
    CHECK(baseline.activationsBytes == same(55767465984.0));
    CHECK_FALSE(memoryVerdict(s, *findGpu("a100-80")).fits);
}

TEST_CASE("no pipeline: one GPU holds every layer, the embedding and the output layer",
          "[memory][activations]")
{
    // The 7B scenario worked out above sevenBillionFullRecompute: 1,681,915,904 bytes.
    const MemoryBreakdown m = evaluateMemory(sevenBillionFullRecompute(0, 1));
    CHECK(m.activationsBytes == same(1681915904.0));
    CHECK(m.buffersBytes == 0);
    CHECK(m.totalBytes == same(112e9 + 1681915904.0));
}

TEST_CASE("verdict: fewest GPUs per ZeRO stage on a 24 GB RTX 4090", "[memory][verdict]")
{
    // Capacity 24 GiB = 25,769,803,776; activations 1,681,915,904 (see the helper), leaving
    // 24,087,887,872 bytes for model states (mixed + Adam, Ψ = 7e9):
    //   stage 3: 112e9/N ≤ 24,087,887,872 → N ≥ 4.65 → 5
    //   stage 2: 14e9 + 98e9/N ≤ …          → N ≥ 9.71 → 10
    //   stage 1: 28e9 of unsharded weights + gradients alone exceed it → never (0)
    //   stage 0: 112e9 → never (DDP replicas do not shrink)
    const GpuSpec& rtx = *findGpu("rtx4090");
    const auto verdict = [&](std::int64_t stage, std::int64_t dp) {
        return memoryVerdict(sevenBillionFullRecompute(stage, dp), rtx);
    };
    CHECK(verdict(3, 1).minDataParallel == 5);
    CHECK(verdict(3, 1).minGpus == 5);
    CHECK(verdict(2, 1).minDataParallel == 10);
    CHECK(verdict(1, 1).minDataParallel == 0);
    CHECK(verdict(1, 1).minGpus == 0);
    CHECK(verdict(0, 1).minDataParallel == 0);
    // The answer does not depend on the dp the scenario currently has.
    CHECK(verdict(3, 64).minDataParallel == 5);

    // fits / headroom at the scenario's own dp: stage 3, N = 8: 14e9 + 1,681,915,904 in use,
    // 25,769,803,776 − 15,681,915,904 = 10,087,887,872 free.
    CHECK(verdict(3, 8).fits);
    CHECK(verdict(3, 8).headroomBytes == same(10087887872.0));
    CHECK_FALSE(verdict(3, 4).fits);
    CHECK(verdict(3, 4).headroomBytes < 0);
    CHECK(verdict(3, 4).capacityBytes == 24 * kGiB);

    // tp = 2 halves Ψ' (3.5e9) and the vocabulary-parallel logits (262,144,000):
    // activations 1,073,741,824 + 16,777,216 + 67,108,864 + 262,144,000 = 1,419,771,904;
    // 56e9/N ≤ 25,769,803,776 − 1,419,771,904 = 24,350,031,872 → N ≥ 2.30 → 3; GPUs = 3 × 2 = 6.
    Scenario tp2 = sevenBillionFullRecompute(3, 1);
    tp2.parallel.tp = 2;
    const MemoryVerdict v = memoryVerdict(tp2, rtx);
    CHECK(v.minDataParallel == 3);
    CHECK(v.minGpus == 6);
}

TEST_CASE("verdict: exactly full fits, one byte less does not", "[memory][verdict]")
{
    // ZeRO-3, N = 5: 16 × 7e9/5 = 22,400,000,000 + activations 1,681,915,904 = 24,081,915,904.
    GpuSpec exact = *findGpu("rtx4090");
    exact.memoryBytes = 24081915904.0;
    const Scenario s = sevenBillionFullRecompute(3, 5);
    CHECK(memoryVerdict(s, exact).fits);
    CHECK(memoryVerdict(s, exact).headroomBytes == 0);
    CHECK(memoryVerdict(s, exact).minDataParallel == 5);
    // One byte short: N = 6 holds ⌈7e9/6⌉ = 1,166,666,667 parameters → 18,666,666,672 B of states.
    exact.memoryBytes -= 1;
    CHECK_FALSE(memoryVerdict(s, exact).fits);
    CHECK(memoryVerdict(s, exact).minDataParallel == 6);
}

TEST_CASE("verdict: DDP never fits, activations alone never fit, the search stays bounded",
          "[memory][verdict]")
{
    // DDP on an 80 GB H100: 112e9 + 1.68e9 > 80 GiB at any dp.
    const MemoryVerdict ddp = memoryVerdict(sevenBillionFullRecompute(0, 1), *findGpu("h100-sxm"));
    CHECK_FALSE(ddp.fits);
    CHECK(ddp.minDataParallel == 0);
    CHECK(ddp.minGpus == 0);

    // No recompute: 32 × s·b·h·(34 + 5·32·4096/4096) = 32 × 194 × 16,777,216 = 104,152,956,928
    // bytes of layer activations: more than 80 GiB before any weight, so even ZeRO-3 never fits.
    Scenario noRecompute = sevenBillionFullRecompute(3, 1);
    noRecompute.train.recompute = Recompute::None;
    CHECK(evaluateMemory(noRecompute).activationsBytes > 104e9);
    CHECK(memoryVerdict(noRecompute, *findGpu("h100-sxm")).minDataParallel == 0);
    // … but it does fit 192 GB MI300Xs with 2 ranks: 104,761,131,008 + 112e9/N ≤ 192 GiB
    // (206,158,430,208) → N ≥ 1.10 → 2.
    CHECK(memoryVerdict(noRecompute, *findGpu("mi300x")).minDataParallel == 2);

    // Ψ = 1e16 (beyond the key's range, set directly): 1.6e17/1e6 = 1.6e11 per GPU even at the
    // largest dp; the bounded search answers 0 instead of looping.
    Scenario enormous = sevenBillionFullRecompute(3, 1);
    enormous.model.params = 1e16;
    CHECK(memoryVerdict(enormous, *findGpu("rtx4090")).minDataParallel == 0);
    CHECK(maxDataParallel() == 1000000);
}

TEST_CASE("buffers allowance: off by default, its own item, and it moves the verdict",
          "[memory][verdict]")
{
    // 10 % of (states + activations). ZeRO-3 on the RTX 4090: 1.1·(1,681,915,904 + 112e9/N) ≤
    // 25,769,803,776 → 112e9/N ≤ 23,427,094,341.8 − 1,681,915,904 = 21,745,178,437.8 → N ≥ 5.15
    // → 6.
    MemoryOptions options;
    options.buffersFraction = 0.1;
    const Scenario s = sevenBillionFullRecompute(3, 8);
    const MemoryBreakdown m = evaluateMemory(s, options);
    CHECK(m.buffersBytes == same(0.1 * (14e9 + 1681915904.0)));
    CHECK(m.totalBytes == same(1.1 * (14e9 + 1681915904.0)));
    CHECK(memoryVerdict(s, *findGpu("rtx4090"), options).minDataParallel == 6);
    CHECK(memoryVerdict(s, *findGpu("rtx4090")).minDataParallel == 5);
    CHECK(MemoryOptions{}.buffersFraction == 0);
}

TEST_CASE("ZeRO section 7 communication volume: 2Ψ, 2Ψ, 2Ψ, 3Ψ", "[memory][zero]")
{
    // Rajbhandari et al. 2020 §7.2: DP all-reduce 2Ψ; P_os and P_os+g 2Ψ; P_os+g+p 3Ψ = 1.5×.
    CHECK(zeroCommunicationFactor(0) == 2);
    CHECK(zeroCommunicationFactor(1) == 2);
    CHECK(zeroCommunicationFactor(2) == 2);
    CHECK(zeroCommunicationFactor(3) == 3);
    CHECK(zeroCommunicationFactor(4) == 0);
    // Ψ = 7.5e9 in 16-bit (mixed): DDP 2 × 7.5e9 × 2 B = 30e9 bytes; ZeRO-3 45e9 bytes.
    CHECK(zeroCommunicationBytes(statesOnly(7.5e9, Precision::Mixed, Optimizer::Adam, 0, 64)) ==
          same(30e9));
    CHECK(zeroCommunicationBytes(statesOnly(7.5e9, Precision::Mixed, Optimizer::Adam, 3, 64)) ==
          same(45e9));
    // One rank has nothing to synchronise.
    CHECK(zeroCommunicationBytes(statesOnly(7.5e9, Precision::Mixed, Optimizer::Adam, 3, 1)) == 0);
}

TEST_CASE("validateMemory: impossible combinations are values that name the key", "[memory]")
{
    const auto only = [](const std::vector<ScenarioError>& errors, const char* key) {
        REQUIRE(errors.size() == 1);
        CHECK(errors.front().key == key);
        CHECK(errors.front().message().find(key) != std::string::npos);
        return errors.front();
    };
    CHECK(validateMemory(Scenario{}).empty());

    SECTION("tp must divide the heads")
    {
        Scenario s;
        s.parallel.tp = 3; // 32 heads
        const auto error = only(validateMemory(s), "parallel.tp");
        CHECK(error.kind == Kind::Inconsistent);
        CHECK(error.given == "3");
        CHECK(error.message().find("model.heads") != std::string::npos);
        CHECK(error.detail == "model.heads = 32");
    }
    SECTION("tp must divide the hidden size")
    {
        Scenario s;
        s.model.heads = 6;
        s.model.hidden = 4100;
        s.parallel.tp = 3;
        const auto error = only(validateMemory(s), "parallel.tp");
        CHECK(error.message().find("model.hidden") != std::string::npos);
    }
    SECTION("pp cannot exceed the layers")
    {
        Scenario s;
        s.parallel.pp = 64; // 32 layers
        const auto error = only(validateMemory(s), "parallel.pp");
        CHECK(error.kind == Kind::Inconsistent);
        CHECK(error.message().find("model.layers") != std::string::npos);
        s.parallel.pp = 32; // one layer per stage is fine
        CHECK(validateMemory(s).empty());
    }
    SECTION("interleaved chunks need a layer each")
    {
        Scenario s;
        s.parallel.schedule = PipelineSchedule::Interleaved;
        s.parallel.pp = 8;
        s.train.globalBatch = (8) * s.train.microBatch * s.parallel.dp;
        s.parallel.virtualStages = 8; // 8 × 8 = 64 chunks > 32 layers
        only(validateMemory(s), "parallel.virtual_stages");
        s.parallel.virtualStages = 4;
        CHECK(validateMemory(s).empty());
    }
    SECTION("dp·tp·pp beyond int64")
    {
        Scenario s;
        s.parallel.dp = std::numeric_limits<std::int64_t>::max() / 2;
        s.parallel.tp = 4;
        const auto errors = validateMemory(s);
        REQUIRE(!errors.empty());
        CHECK(errors.back().key == "parallel.dp");
        CHECK(errors.back().message().find("parallel.dp") != std::string::npos);
    }
    SECTION("sequence parallelism needs tp to divide the sequence")
    {
        Scenario s;
        s.model.seqLen = 4095;
        s.parallel.tp = 2;
        CHECK(validateMemory(s).empty());
        MemoryOptions sp;
        sp.sequenceParallel = true;
        only(validateMemory(s, sp), "parallel.cp");
    }
    SECTION("buffers fraction outside 0…1, NaN included")
    {
        MemoryOptions options;
        options.buffersFraction = 1.5;
        CHECK(only(validateMemory(Scenario{}, options), "memory.buffers_fraction").kind ==
              Kind::OutOfRange);
        options.buffersFraction = std::numeric_limits<double>::quiet_NaN();
        only(validateMemory(Scenario{}, options), "memory.buffers_fraction");
        options.buffersFraction = -0.1;
        only(validateMemory(Scenario{}, options), "memory.buffers_fraction");
    }
}

TEST_CASE("memory options come from the scenario's memory.* keys", "[memory]")
{
    Scenario s;
    CHECK_FALSE(memoryOptionsFromScenario(s).sequenceParallel);
    CHECK(memoryOptionsFromScenario(s).buffersFraction == 0);
    REQUIRE_FALSE(setValue(s, "memory.sequence_parallel", "on"));
    REQUIRE_FALSE(setValue(s, "memory.buffers_fraction", "0.25"));
    const MemoryOptions options = memoryOptionsFromScenario(s);
    CHECK(options.sequenceParallel);
    CHECK(options.buffersFraction == 0.25);
    // The cross-key rule of sequence parallelism is reported through the scenario's options
    // (hand example: 4095 tokens do not split over tp = 2).
    s.model.seqLen = 4095;
    s.parallel.tp = 2;
    const auto errors = validateMemory(s, memoryOptionsFromScenario(s));
    REQUIRE(errors.size() == 1);
    CHECK(errors.front().key == "parallel.cp");
    // Buffers: 25 % of model states + activations, as a separate item (hand: 0.25 × held).
    const MemoryBreakdown m = evaluateMemory(s, memoryOptionsFromScenario(s));
    CHECK(m.buffersBytes == same(0.25 * (m.modelStatesBytes() + m.activationsBytes)));
}
