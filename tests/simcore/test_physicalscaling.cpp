// The Physical scaling model (MODELS §3 compute, §2 ZeRO §7 volumes, §4 collectives) against
// hand calculations and Narayanan et al. 2021 eq. 4 (GPT-3 175B in ≈ 34 days).
#include "simcore/physicalscaling.h"
#include "simcore/scaling.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

using namespace simcore;

namespace {

constexpr double kRelative = 1e-12;

// Ψ = 1e9, 1e6 tokens per step, peak 1e15 FLOP/s, MFU 0.5 → one GPU: 6e9·1e6/5e14 = 12 s.
// Gradients in BF16: S = 2e9 bytes. One node of 8 on a 100 GB/s link with α = 0.
PhysicalParams handParams()
{
    PhysicalParams p;
    p.params = 1e9;
    p.tokensPerStep = 1e6;
    p.bytesPerGradElement = 2;
    p.peakFlopsPerSecond = 1e15;
    p.mfu = 0.5;
    p.overlap = 0;
    p.recompute = Recompute::None;
    p.strategy = ShardingStrategy::Ddp;
    p.batch = BatchScaling::Strong;
    p.algorithm = CommAlgorithm::Ring;
    p.intra = {0.0, 100e9};
    p.inter = {0.0, 1e9};
    p.gpusPerNode = 8;
    p.steps = 10;
    return p;
}

} // namespace

TEST_CASE("physical: data-parallel step on 8 GPUs by hand", "[physical]")
{
    // MODELS §3 (Kaplan et al. 2020): compute = 6Ψ·tokens/(N·peak·MFU) = 12 s / 8 = 1.5 s.
    // MODELS §4 ring all-reduce of S = 2e9 B at 100 GB/s: 2·(7/8)·2e9/1e11 = 0.035 s.
    const auto p = handParams();
    const auto t = physicalStep(p, 8);
    CHECK(t.workers == 8);
    CHECK(t.computeSeconds == Approx(1.5).epsilon(kRelative));
    CHECK(t.syncSeconds == Approx(0.035).epsilon(kRelative));
    CHECK(t.bubbleSeconds == 0.0);
    CHECK(t.stepSeconds == Approx(1.535).epsilon(kRelative));
    CHECK(t.idealSeconds == Approx(1.5).epsilon(kRelative));
    // speed-up = 12 / 1.535 = 7.817589576547…; efficiency = that / 8 = 0.977198697068…
    CHECK(t.speedup == Approx(7.817589576547232).epsilon(kRelative));
    CHECK(t.efficiency == Approx(0.977198697068404).epsilon(kRelative));
    CHECK(t.totalSeconds == Approx(15.35).epsilon(kRelative)); // 10 steps
    CHECK(syncSeconds(p, 8) == Approx(0.035).epsilon(kRelative));
}

TEST_CASE("physical: full recomputation costs 8Ψ per token", "[physical]")
{
    // Kaplan et al. 2020 / Narayanan et al. 2021 eq. 4: 8Ψ·tokens with full recompute.
    // One GPU: 8e9·1e6/5e14 = 16 s; backward share 6Ψ/8Ψ = 3/4 (vs 4Ψ/6Ψ = 2/3 without).
    auto p = handParams();
    CHECK(flopsPerToken(p) == 6e9);
    CHECK(backwardFraction(p) == Approx(2.0 / 3.0).epsilon(kRelative));
    p.recompute = Recompute::Full;
    CHECK(flopsPerToken(p) == 8e9);
    CHECK(backwardFraction(p) == 0.75);
    CHECK(physicalStep(p, 1).computeSeconds == Approx(16.0).epsilon(kRelative));
}

TEST_CASE("physical: overlap hides communication, never more than the backward pass", "[physical]")
{
    // Overlap 0.5 of 0.035 s = 0.0175 s hidden (backward = 2/3·1.5 = 1 s is enough):
    // exposed 0.0175 s, step 1.5175 s.
    auto p = handParams();
    p.overlap = 0.5;
    const auto half = physicalStep(p, 8);
    CHECK(half.syncSeconds == Approx(0.0175).epsilon(kRelative));
    CHECK(half.stepSeconds == Approx(1.5175).epsilon(kRelative));

    // N = 16 over two nodes, flat ring on the 1 GB/s inter link: 2·(15/16)·2e9/1e9 = 3.75 s.
    // compute = 12/16 = 0.75 s, backward = 0.5 s. Overlap 1 hides only 0.5 s: exposed 3.25 s,
    // step 4.0 s.
    p.overlap = 1.0;
    const auto capped = physicalStep(p, 16);
    CHECK(syncSeconds(p, 16) == Approx(3.75).epsilon(kRelative));
    CHECK(capped.computeSeconds == Approx(0.75).epsilon(kRelative));
    CHECK(capped.syncSeconds == Approx(3.25).epsilon(kRelative));
    CHECK(capped.stepSeconds == Approx(4.0).epsilon(kRelative));
}

TEST_CASE("physical: ZeRO communication volumes", "[physical]")
{
    // ZeRO (Rajbhandari et al. 2020) §7, MODELS §2: DDP 2Ψ, ZeRO-1/2 2Ψ, ZeRO-3 3Ψ.
    // Ring, 8 GPUs, S = 2e9 B at 100 GB/s: reduce-scatter = all-gather = (7/8)·0.02 = 0.0175 s.
    auto p = handParams();
    p.strategy = ShardingStrategy::Zero1;
    CHECK(syncSeconds(p, 8) == Approx(0.035).epsilon(kRelative)); // RS + AG
    p.strategy = ShardingStrategy::Zero2;
    CHECK(syncSeconds(p, 8) == Approx(0.035).epsilon(kRelative));
    p.strategy = ShardingStrategy::Zero3;
    CHECK(syncSeconds(p, 8) == Approx(0.0525).epsilon(kRelative)); // RS + 2·AG = 1.5× DDP

    // The tree has no reduce-scatter/all-gather: the volume is priced as all-reduces.
    // Tree all-reduce, n = 8: 2·3·(2e9/1e11) = 0.12 s; ZeRO-2 0.12 s; ZeRO-3 1.5·0.12 = 0.18 s.
    p.algorithm = CommAlgorithm::Tree;
    p.strategy = ShardingStrategy::Ddp;
    CHECK(syncSeconds(p, 8) == Approx(0.12).epsilon(kRelative));
    p.strategy = ShardingStrategy::Zero2;
    CHECK(syncSeconds(p, 8) == Approx(0.12).epsilon(kRelative));
    p.strategy = ShardingStrategy::Zero3;
    CHECK(syncSeconds(p, 8) == Approx(0.18).epsilon(kRelative));
}

TEST_CASE("physical: weak scaling keeps the per-GPU batch", "[physical]")
{
    // Each GPU always processes 1e6 tokens: compute 12 s at every N. N = 8: step 12.035 s;
    // the one-GPU time for the same 8e6 tokens is 96 s, ideal 96/8 = 12 s;
    // speed-up 96/12.035 = 7.976734524304…; efficiency 12/12.035 = 0.997091815538…
    auto p = handParams();
    p.batch = BatchScaling::Weak;
    const auto t = physicalStep(p, 8);
    CHECK(t.computeSeconds == Approx(12.0).epsilon(kRelative));
    CHECK(t.stepSeconds == Approx(12.035).epsilon(kRelative));
    CHECK(t.idealSeconds == Approx(12.0).epsilon(kRelative));
    CHECK(t.speedup == Approx(7.976734524304113).epsilon(kRelative));
    CHECK(t.efficiency == Approx(0.9970918155380141).epsilon(kRelative));
}

TEST_CASE("physical: one GPU: no communication, speed-up 1", "[physical]")
{
    for (const auto algorithm : allCommAlgorithms()) {
        auto p = handParams();
        p.algorithm = algorithm;
        p.strategy = ShardingStrategy::Zero3;
        const auto t = physicalStep(p, 1);
        CHECK(t.syncSeconds == 0.0);
        CHECK(t.stepSeconds == Approx(12.0).epsilon(kRelative));
        CHECK(t.speedup == Approx(1.0).epsilon(kRelative));
        CHECK(t.efficiency == Approx(1.0).epsilon(kRelative));
    }
}

TEST_CASE("physical: Megatron-LM eq. 4: GPT-3 175B on 1024 GPUs in about 34 days", "[physical]")
{
    // Narayanan et al. 2021 (SC'21) eq. 4, MODELS §3: time ≈ 8·T·P/(n·X) with T = 300e9 tokens,
    // P = 175e9, n = 1024, X = 140 TFLOP/s achieved per GPU (the 8 counts the recompute forward).
    // Mapping: full recompute (8Ψ per token), utilisation X/peak with A100 peak 312 TFLOP/s.
    // 300e9 tokens = 100,000 steps of 3e6 tokens. By hand:
    // 8·300e9·175e9/(1024·140e12) = 4.2e23/1.4336e17 = 2,929,687.5 s = 33.91 days.
    PhysicalParams p;
    p.params = 175e9;
    p.tokensPerStep = 3e6;
    p.steps = 100000;
    p.peakFlopsPerSecond = 312e12;
    p.mfu = 140.0 / 312.0;
    p.recompute = Recompute::Full;
    p.batch = BatchScaling::Strong;
    p.strategy = ShardingStrategy::Ddp;
    p.algorithm = CommAlgorithm::Ring;
    p.bytesPerGradElement = 2;
    p.gpusPerNode = 8;
    p.intra = {3e-6, 300e9}; // NVLink 3
    p.inter = {1e-5, 25e9};  // InfiniBand HDR, one HCA per GPU
    constexpr double day = 86400.0;

    // Eq. 4 counts compute only: compare the compute part first. Per step: 8·175e9·3e6/1024 FLOP
    // at 140e12 FLOP/s = 29.296875 s.
    const auto t = physicalStep(p, 1024);
    const double computeDays = t.computeSeconds * static_cast<double>(p.steps) / day;
    CHECK(computeDays == Approx(34.0).epsilon(0.02));
    CHECK(t.computeSeconds * static_cast<double>(p.steps) == Approx(2929687.5).epsilon(kRelative));

    // Communication: the flat DDP ring moves 2·(1023/1024)·350e9 B per GPU. On HDR (25 GB/s) that
    // is ≈ 28 s, more than the 0.75·29.3 ≈ 22.0 s backward window; on NDR (50 GB/s) ≈ 14.0 s, which
    // fits: fully overlapped, the whole run is eq. 4's 34 days.
    p.inter = {1e-5, 50e9};
    p.overlap = 1.0;
    const auto hidden = physicalStep(p, 1024);
    CHECK(hidden.syncSeconds == 0.0);
    CHECK(hidden.totalSeconds / day == Approx(34.0).epsilon(0.02));
    // Not overlapped, the same communication adds ≈ 14/29.3 ≈ 48 %: eq. 4 leaves it out.
    p.overlap = 0.0;
    const auto exposed = physicalStep(p, 1024);
    CHECK(exposed.totalSeconds / day > 1.4 * 34.0);
}

TEST_CASE("physical: crossing the node boundary is a cliff", "[physical]")
{
    // SPEC Topology panel; MODELS §4. 7B model, BF16 gradients S = 14e9 B, 2048 tokens per step
    // (strong scaling, a communication-bound configuration), H100 989 TFLOP/s at MFU 0.4:
    // compute(N) = 6·7e9·2048/(989e12·0.4·N) = 0.2174317…/N s.
    // 8 GPUs per node on NVLink 4 (3 µs, 450 GB/s), InfiniBand NDR between nodes (10 µs, 50 GB/s).
    PhysicalParams p;
    p.params = 7e9;
    p.tokensPerStep = 2048;
    p.bytesPerGradElement = 2;
    p.peakFlopsPerSecond = 989e12;
    p.mfu = 0.4;
    p.overlap = 0;
    p.intra = {3e-6, 450e9};
    p.inter = {1e-5, 50e9};
    p.gpusPerNode = 8;
    const double compute1 = 6 * 7e9 * 2048 / (989e12 * 0.4);

    // Flat ring. sync(8) = 2·7·3e-6 + 2·(7/8)·14e9/450e9 = 4.2e-5 + 0.054444… = 0.0544864 s;
    // sync(16), at the slowest link: 2·15·1e-5 + 2·(15/16)·14e9/50e9 = 3e-4 + 0.525 = 0.5253 s.
    p.algorithm = CommAlgorithm::Ring;
    const auto ring8 = physicalStep(p, 8);
    const auto ring16 = physicalStep(p, 16);
    CHECK(ring8.syncSeconds == Approx(4.2e-5 + 2 * 0.875 * 14e9 / 450e9).epsilon(kRelative));
    CHECK(ring16.syncSeconds == Approx(3e-4 + 0.525).epsilon(kRelative));
    CHECK(ring8.stepSeconds == Approx(compute1 / 8 + 0.0544864444444).epsilon(1e-9));
    // Step 0.0817 s → 0.5389 s: 6.6× slower with twice the GPUs.
    CHECK(ring16.stepSeconds > 5 * ring8.stepSeconds);
    // So the flat ring's optimum is the node size: within the node step(N) falls (step(7) =
    // 0.0311 + 0.0533 = 0.0844 s > step(8)), and past it the sync alone is at least
    // 2·(8/9)·14e9/50e9 = 0.498 s.
    CHECK(physicalOptimalWorkers(p, 4096) == 8);

    // Hierarchical. sync(16) = 4.2e-5 + 2e-5 + 0.054444… + 2·(1/2)·(14e9/8)/50e9 (= 0.035)
    // = 0.0895064 s; sync(32) = 4.2e-5 + 6e-5 + 0.054444… + 2·(3/4)·0.035 = 0.1070464 s.
    // Steps: 8 → 0.0816654 s, 16 → 0.1030959 s (+26 %), 32 → 0.1138411 s (+10 %).
    p.algorithm = CommAlgorithm::Hierarchical;
    const auto h4 = physicalStep(p, 4);
    const auto h8 = physicalStep(p, 8);
    const auto h16 = physicalStep(p, 16);
    const auto h32 = physicalStep(p, 32);
    CHECK(h16.syncSeconds == Approx(6.2e-5 + 1.75 * 14e9 / 450e9 + 0.035).epsilon(kRelative));
    CHECK(h32.syncSeconds == Approx(1.02e-4 + 1.75 * 14e9 / 450e9 + 0.0525).epsilon(kRelative));
    CHECK(h16.stepSeconds > h8.stepSeconds); // slower with more GPUs …
    CHECK(h8.stepSeconds < h4.stepSeconds);  // … while inside a node it got faster
    CHECK(h16.stepSeconds / h8.stepSeconds > h32.stepSeconds / h16.stepSeconds); // a cliff at 8
    // Hierarchical softens the cliff of the flat ring.
    CHECK(h16.stepSeconds < 0.25 * ring16.stepSeconds);
}

TEST_CASE("physical: optimum worker count by hand", "[physical]")
{
    // Latency-bound ring on one big node: compute(1) = 6·1e9·1e5/(1e15·0.6) = 1 s, α = 2 ms,
    // B so large that S/B ≈ 2e-21 s. step(N) = 1/N + 2(N−1)·0.002: the lesson's shape (MODELS §1),
    // minimised near √(1/0.004) = 15.8: step(15) = 0.066667 + 0.056 = 0.122667,
    // step(16) = 0.0625 + 0.060 = 0.1225, step(17) = 0.058824 + 0.064 = 0.122824 → 16.
    PhysicalParams p;
    p.params = 1e9;
    p.tokensPerStep = 1e5;
    p.peakFlopsPerSecond = 1e15;
    p.mfu = 0.6;
    p.intra = {0.002, 1e30};
    p.inter = {0.002, 1e30};
    p.gpusPerNode = 4096;
    p.algorithm = CommAlgorithm::Ring;
    CHECK(physicalStep(p, 16).stepSeconds == Approx(0.1225).epsilon(1e-12));
    CHECK(physicalOptimalWorkers(p, 4096) == 16);
    CHECK(physicalOptimalWorkers(p, 10) == 10);
    CHECK(physicalOptimalWorkers(p, 1) == 1);
    CHECK(physicalOptimalWorkers(p, 0) == 1);
    // Weak scaling: speed-up N/(1 + 0.004(N−1)) rises for ever, so the optimum is the largest N.
    p.batch = BatchScaling::Weak;
    CHECK(physicalOptimalWorkers(p, 4096) == 4096);
    // Past the optimum, more GPUs are slower (seed lesson, intro).
    p.batch = BatchScaling::Strong;
    CHECK(physicalStep(p, 64).stepSeconds > physicalStep(p, 16).stepSeconds);
}

TEST_CASE("physical: parameters out of range are error values", "[physical]")
{
    CHECK_FALSE(validatePhysicalParams(handParams()));
    auto p = handParams();
    p.mfu = 0;
    CHECK(validatePhysicalParams(p)->field == "mfu");
    p.mfu = 1.2;
    CHECK(validatePhysicalParams(p)->field == "mfu");
    p = handParams();
    p.overlap = 1.5;
    CHECK(validatePhysicalParams(p)->field == "overlap");
    p = handParams();
    p.params = -1;
    CHECK(validatePhysicalParams(p)->field == "params");
    p = handParams();
    p.inter.bandwidthBytesPerSecond = 0;
    CHECK(validatePhysicalParams(p)->field == "inter");
    p = handParams();
    p.steps = 0;
    CHECK(validatePhysicalParams(p)->field == "steps");
}

TEST_CASE("physical mode from scenario keys: GPT-3 175B on 1024 A100s in about 34 days",
          "[physical][scenario]")
{
    // Narayanan et al. 2021 eq. 4 (MODELS §3) through the scenario keys a user would --set:
    // GPT-3's batch of 1536 sequences of 2048 tokens (Brown et al. 2020, Table 2.1) is 3,145,728
    // tokens per step; 300e9 tokens is 95,367 steps. A100 BF16 dense peak 312 TFLOP/s at
    // 140/312 utilisation, full recomputation (the 8 of eq. 4). By hand:
    // 8 · 175e9 · 3,145,728 · 95,367 / (1024 · 140e12) = 2,929,683 s = 33.91 days.
    Scenario s;
    REQUIRE_FALSE(applyAssignment(s, "scaling.mode=physical"));
    REQUIRE_FALSE(applyAssignment(s, "model.params=175e9"));
    REQUIRE_FALSE(applyAssignment(s, "model.seq_len=2048"));
    REQUIRE_FALSE(applyAssignment(s, "train.global_batch=1536"));
    REQUIRE_FALSE(applyAssignment(s, "train.steps=95367"));
    REQUIRE_FALSE(applyAssignment(s, "train.precision=mixed"));
    REQUIRE_FALSE(applyAssignment(s, "train.recompute=full"));
    REQUIRE_FALSE(applyAssignment(s, "hardware.gpu=a100-80"));
    REQUIRE_FALSE(applyAssignment(s, "scaling.mfu=0.44871794871794873")); // 140/312
    REQUIRE_FALSE(applyAssignment(s, "scaling.overlap=1"));
    REQUIRE_FALSE(applyAssignment(s, "scaling.workers=1024"));
    REQUIRE(validate(s).empty());

    const auto p = physicalParamsFromScenario(s);
    REQUIRE(p);
    CHECK(p->tokensPerStep == 3145728.0);
    CHECK(p->peakFlopsPerSecond == 312e12);
    CHECK(p->bytesPerGradElement == 2.0);
    CHECK(p->recompute == Recompute::Full);

    // The data-parallel model itself (the Scaling view now prices dp × tp × pp × cp layouts,
    // layoutscaling.h; goodput.h still prices this one).
    struct {
        StepTimes selected;
    } result{physicalStep(*p, 1024)};
    constexpr double day = 86400.0;
    const double computeTotal = result.selected.computeSeconds * 95367.0;
    CHECK(computeTotal == Approx(8 * 175e9 * 3145728.0 * 95367.0 / (1024 * 140e12)).epsilon(1e-9));
    CHECK(computeTotal / day == Approx(34.0).epsilon(0.02));
    // The default links (NVLink 4 inside the node, NDR between nodes) let the full overlap hide
    // the DDP all-reduce (2·(1023/1024)·350e9 B / 50e9 B/s ≈ 14 s < ¾ · 29.3 s of backward).
    CHECK(result.selected.syncSeconds == 0.0);
    CHECK(result.selected.totalSeconds / day == Approx(34.0).epsilon(0.02));
}

TEST_CASE("physical mode from scenario keys: the mapping", "[physical][scenario]")
{
    Scenario s;
    s.scaling.mode = ScalingMode::Physical;
    s.train.precision = Precision::Fp32;
    s.model.params = 7e9;
    s.model.seqLen = 4096;
    s.train.globalBatch = 512;
    s.train.microBatch = 2;
    s.parallel.zero = 3;
    s.collective.algorithm = CollectiveAlgorithm::Hierarchical;
    auto p = physicalParamsFromScenario(s);
    REQUIRE(p);
    CHECK(p->peakFlopsPerSecond == 67e12); // H100 SXM FP32 (datasheet), not the tensor peak
    CHECK(p->bytesPerGradElement == 4.0);
    CHECK(p->tokensPerStep == 512.0 * 4096.0);
    CHECK(p->strategy == ShardingStrategy::Zero3);
    CHECK(p->algorithm == CommAlgorithm::Hierarchical);
    CHECK(p->batch == BatchScaling::Strong);
    s.scaling.batch = BatchScalingMode::Weak; // per-GPU batch: train.micro_batch sequences
    p = physicalParamsFromScenario(s);
    CHECK(p->tokensPerStep == 2.0 * 4096.0);
    CHECK(p->batch == BatchScaling::Weak);
    s.hardware.gpu = "no-such-gpu";
    CHECK_FALSE(physicalParamsFromScenario(s));
}

TEST_CASE("physical mode: the Scaling result crosses the node boundary as a cliff",
          "[physical][scenario]")
{
    // The default H100 node (8 GPUs, NVLink 4 450 GB/s inside, NDR 50 GB/s between), BF16
    // gradients of 7e9 parameters = 14e9 B, a small global batch (16 × 128 tokens) so that
    // communication matters; the flat ring at 16 GPUs runs at the slowest hop (MODELS §4).
    // 16 sequences: strong scaling gives each of the 16 GPUs at least one (workerRange).
    Scenario s;
    s.scaling.mode = ScalingMode::Physical;
    s.train.precision = Precision::Mixed;
    s.model.seqLen = 128;
    s.train.globalBatch = 16;
    s.scaling.workers = 16;
    const auto params = physicalParamsFromScenario(s);
    REQUIRE(params);
    const auto at = [&](std::int64_t n) { return physicalStep(*params, n); };
    // sync(8) = 2·7·3.4e-6 + 1.75·14e9/450e9 = 0.0544920 s; sync(16) = 30·9.6e-6 +
    // 1.875·14e9/50e9 = 0.525288 s: almost ten times more for twice the GPUs.
    CHECK(at(8).syncSeconds == Approx(4.76e-5 + 1.75 * 14e9 / 450e9).epsilon(1e-12));
    CHECK(at(16).syncSeconds == Approx(2.88e-4 + 1.875 * 14e9 / 50e9).epsilon(1e-12));
    CHECK(at(16).stepSeconds > 5 * at(8).stepSeconds);
    WorkerRange sixteen;
    sixteen.max = 16;
    CHECK(physicalOptimalWorkers(*params, sixteen) == 8);
}
