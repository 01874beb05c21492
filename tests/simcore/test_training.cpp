// The step time of a dp × tp × pp × cp layout (simcore/models/training.h) against hand calculations
// and published figures, each named with its source and tolerance.
#include "simcore/models/memory.h"
#include "simcore/models/pipeline.h"
#include "simcore/reports/memoryreport.h"
#include "simcore/reports/parallelismreport.h"
#include "simcore/reports/pipelinereport.h"
#include "simcore/reports/trainingreport.h"
#include "simcore/reports/validation.h"
#include "simcore/scenario/catalogue.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace simcore;

namespace {

/// A Selene-like GPT-3 layout: A100 80GB, NVLink 3 (300 GB/s), 8 × 25 GB/s HDR NICs per node,
/// mixed precision + Adam, s = 2048, V = 51,200, b = 1.
Scenario gpt3(std::int64_t dp, std::int64_t tp, std::int64_t pp, std::int64_t batch)
{
    Scenario s;
    s.model = {0, 96, 12288, 96, 2048, 51200};
    s.train.precision = Precision::Mixed;
    s.train.optimizer = Optimizer::Adam;
    s.train.microBatch = 1;
    s.train.globalBatch = batch;
    s.train.recompute = Recompute::Full;
    s.parallel.dp = dp;
    s.parallel.tp = tp;
    s.parallel.pp = pp;
    s.parallel.cp = 1;
    s.parallel.zero = 0;
    s.parallel.schedule = PipelineSchedule::OneFOneB;
    s.hardware.gpu = "a100-80";
    s.hardware.gpusPerNode = 8;
    s.hardware.intraBandwidthBytesPerSecond = 300e9;
    s.hardware.nicsPerNode = 8;
    s.hardware.nicBandwidthBytesPerSecond = 25e9;
    return s;
}

bool hasProblem(const std::vector<ScenarioError>& problems, const std::string& key)
{
    for (const auto& problem : problems) {
        if (problem.key == key) {
            return true;
        }
    }
    return false;
}

} // namespace

TEST_CASE("FLOPs per layer: 24·b·s·h² + 4·b·s²·h forward, by hand (Narayanan et al. 2021 eq. 3)",
          "[training]")
{
    // b = 2, s = 1024, h = 4096: 24·2·1024·4096² = 824,633,720,832; 4·2·1024²·4096 =
    // 34,359,738,368; sum 858,993,459,200 (exact in doubles).
    CHECK(layerForwardFlops(2, 1024, 4096) == 858993459200.0);
    CHECK(logitForwardFlops(2, 1024, 4096, 51200) == 2.0 * 2 * 1024 * 4096 * 51200);

    // A whole step's hardware FLOPs with full recomputation are eq. 3 exactly:
    // 96·B·s·L·h²·(1 + s/(6h) + V/(16·L·h)); relative 1e-12.
    const auto p = *stepTimeParamsFromScenario(gpt3(4, 8, 12, 1536));
    const auto r = evaluateStepTime(p);
    const double B = 1536, s = 2048, L = 96, h = 12288, V = 51200;
    const double eq3 = 96 * B * s * L * h * h * (1 + s / (6 * h) + V / (16 * L * h));
    CHECK(r.hardwareFlops == Approx(eq3).epsilon(1e-12));
    // Model FLOPs (MFU) leave the recomputed forward out: 72·B·s·L·h²·(1 + s/(6h) + V/(12Lh)).
    const double model = 72 * B * s * L * h * h * (1 + s / (6 * h) + V / (12 * L * h));
    CHECK(r.modelFlops == Approx(model).epsilon(1e-12));
}

TEST_CASE("TP volume per layer is 8·b·s·h·(t−1)/t values (Narayanan et al. 2021 §3.2)",
          "[training]")
{
    StepTimeParams p;
    p.microBatch = 2;
    p.seqLen = 2048;
    p.hidden = 4096;
    p.tp = 8;
    p.valueBytes = 2;
    p.recompute = Recompute::None;
    // 8 · 2 · 2048 · 4096 · 7/8 values × 2 bytes = 234,881,024 bytes (exact).
    CHECK(tpBytesPerLayer(p) == 8.0 * 2 * 2048 * 4096 * 7.0 / 8.0 * 2);
    CHECK(tpBytesPerLayer(p) == 234881024.0);
    // Sequence parallelism moves the same volume (reduce-scatter + all-gather per all-reduce).
    p.sequenceParallel = true;
    CHECK(tpBytesPerLayer(p) == 234881024.0);
    // Full recomputation repeats the forward's two all-reduces: 6 instead of 4.
    p.recompute = Recompute::Full;
    CHECK(tpBytesPerLayer(p) == Approx(234881024.0 * 6 / 4));
    // t = 1: nothing.
    p.tp = 1;
    CHECK(tpBytesPerLayer(p) == 0.0);
}

TEST_CASE("Bubble is (p−1)/(v·m) of the ideal time (Narayanan et al. 2021 §2.2; Llama 3)",
          "[training]")
{
    auto s = gpt3(4, 8, 12, 1536); // m = 1536 / 4 = 384
    auto r = evaluateStepTime(*stepTimeParamsFromScenario(s));
    CHECK(r.microbatches == 384);
    CHECK(r.bubbleSeconds == Approx(11.0 / 384.0 * (r.computeSeconds + r.tpSeconds)));
    s.parallel.schedule = PipelineSchedule::Interleaved;
    s.parallel.virtualStages = 2;
    r = evaluateStepTime(*stepTimeParamsFromScenario(s));
    CHECK(r.bubbleSeconds == Approx(11.0 / (2 * 384.0) * (r.computeSeconds + r.tpSeconds)));
    // GPipe's bubble time is the same as 1F1B's (it differs in memory).
    s.parallel.schedule = PipelineSchedule::GPipe;
    const auto gpipe = evaluateStepTime(*stepTimeParamsFromScenario(s));
    CHECK(gpipe.bubbleSeconds == Approx(11.0 / 384.0 * (gpipe.computeSeconds + gpipe.tpSeconds)));
}

TEST_CASE("Memory-bound work streams Korthikanti et al. 2022's activation bytes at HBM bandwidth",
          "[training]")
{
    // Table 1's 1.7B shape (a = 24, h = 2304, s = 2048, b = 1, t = 1), no sequence parallelism:
    // s·b·h·(10 + 24/t) + 5·a·s²·b/t = 2048·2304·34 + 5·24·2048² = 160,432,128 + 503,316,480
    // = 663,748,608 bytes per layer (Korthikanti et al. 2022 §4.1, 16-bit values).
    StepTimeParams p;
    p.heads = 24;
    p.hidden = 2304;
    p.seqLen = 2048;
    p.microBatch = 1;
    p.tp = 1;
    p.valueBytes = 2;
    CHECK(layerActivationBytes(p) == 663748608.0);
    // t = 8 with sequence parallelism: s·b·h·34/t + 5·a·s²·b/t.
    p.tp = 8;
    p.sequenceParallel = true;
    CHECK(layerActivationBytes(p) == Approx((2048.0 * 2304 * 34 + 5.0 * 24 * 2048 * 2048) / 8));
    // FP32 values: twice the bytes.
    p.valueBytes = 4;
    CHECK(layerActivationBytes(p) == Approx(2 * (2048.0 * 2304 * 34 + 5.0 * 24 * 2048 * 2048) / 8));

    // In a step: 3 passes (forward writes, backward reads and writes gradients) of L/p layers
    // per micro-batch, + 1 with full recomputation, + the scores' share with selective.
    auto s = gpt3(4, 8, 12, 1536); // full recomputation
    const auto params = *stepTimeParamsFromScenario(s);
    const auto r = evaluateStepTime(params);
    const double perLayer = layerActivationBytes(params);
    CHECK(r.memoryBoundSeconds ==
          Approx(384.0 * 8 * 4 * perLayer / params.memoryBytesPerSecond).epsilon(1e-12));
    s.train.recompute = Recompute::None;
    const auto none = evaluateStepTime(*stepTimeParamsFromScenario(s));
    CHECK(none.memoryBoundSeconds ==
          Approx(384.0 * 8 * 3 * perLayer / params.memoryBytesPerSecond).epsilon(1e-12));
    s.train.recompute = Recompute::Selective;
    const auto selective = evaluateStepTime(*stepTimeParamsFromScenario(s));
    const double scores = 5.0 * 96 * 2048 * 2048 / 8;
    CHECK(selective.memoryBoundSeconds ==
          Approx(384.0 * 8 * (3 * perLayer + scores) / params.memoryBytesPerSecond).epsilon(1e-12));
    // It is part of the compute term, a few per cent of it for GPT-3 175B.
    CHECK(r.memoryBoundSeconds < 0.1 * r.computeSeconds);
    CHECK(r.memoryBoundSeconds > 0.01 * r.computeSeconds);
}

TEST_CASE("The split schedules' bubble is the Pipeline view's for the same F, B and W",
          "[training][zerobubble]")
{
    // GPT-3 175B, d = 4, t = 8, p = 12: m = 384 micro-batches.
    auto s = gpt3(4, 8, 12, 1536);
    const auto oneF = evaluateStepTime(*stepTimeParamsFromScenario(s));
    const double f = oneF.microbatchForwardSeconds;
    const double b = oneF.microbatchBackwardSeconds;
    const double w = oneF.microbatchWeightGradSeconds;
    // F and B of one micro-batch add up to its share of compute + TP.
    CHECK(384 * (f + b) == Approx(oneF.computeSeconds + oneF.tpSeconds).epsilon(1e-12));
    // W by hand: the weight-gradient matmuls, as many FLOPs as the forward's weight matmuls:
    // (8 layers · 24·b·s·h² + 2·b·s·h·V / 12) / 8, at the calibrated rate.
    const double h = 12288, sq = 2048, V = 51200;
    const double weightFlops = (8 * 24 * sq * h * h + 2 * sq * h * V / 12) / 8;
    CHECK(w == Approx(weightFlops / (312e12 * kCalibratedEfficiency)).epsilon(1e-12));
    // 1F1B's (p − 1)/m of the ideal time is (p − 1)(F + B), DeepSeek-V3 Table 2's form.
    CHECK(oneF.bubbleSeconds == Approx(11 * (f + b)).epsilon(1e-12));

    const auto bubbleOf = [&](PipelineSchedule schedule, std::int64_t stages) {
        auto layout = s;
        layout.parallel.schedule = schedule;
        layout.parallel.pp = stages;
        layout.parallel.dp = 4;
        return evaluateStepTime(*stepTimeParamsFromScenario(layout)).bubbleSeconds;
    };
    // The closed forms, each by hand (MODELS §5):
    CHECK(bubbleOf(PipelineSchedule::ZeroBubbleH1, 12) ==
          Approx(11 * (f + b - 2 * w)).epsilon(1e-12));
    CHECK(bubbleOf(PipelineSchedule::ZeroBubbleH2, 12) ==
          Approx(std::max(0.0, 11 * (f + b - 3 * w))).margin(1e-12));
    CHECK(bubbleOf(PipelineSchedule::DualPipe, 12) ==
          Approx(5 * ((f + b) + b - 3 * w)).epsilon(1e-12));
    // ZB-H1 removes 2(p − 1)W from 1F1B's bubble, a large share for a transformer.
    CHECK(bubbleOf(PipelineSchedule::ZeroBubbleH1, 12) < 0.75 * oneF.bubbleSeconds);

    // And the Pipeline view's simulation of the same F, B, W, p and a small m agrees
    // (ZB-H2 without the synchronisation before the optimizer step: Qi et al.'s post-validation).
    for (const auto schedule : {PipelineSchedule::ZeroBubbleH1, PipelineSchedule::ZeroBubbleH2,
                                PipelineSchedule::DualPipe}) {
        PipelineParams pipe;
        pipe.schedule = schedule;
        pipe.stages = 12;
        pipe.microbatches = 24;
        pipe.forwardSeconds = f;
        pipe.backwardSeconds = b;
        pipe.weightGradSeconds = w;
        pipe.transferSeconds = 0;
        const auto simulated = simulatePipeline(pipe);
        REQUIRE(simulated.ok());
        const double expected = schedule == PipelineSchedule::ZeroBubbleH2
                                    ? simulated.unsynchronizedBubbleSeconds
                                    : simulated.bubbleSeconds;
        CHECK(bubbleOf(schedule, 12) == Approx(expected).epsilon(1e-9).margin(1e-9));
    }
}

TEST_CASE("DP reduces the shard Ψ/(t·p) per GPU over the NICs", "[training]")
{
    const auto s = gpt3(4, 8, 12, 1536);
    const auto p = *stepTimeParamsFromScenario(s);
    const auto r = evaluateStepTime(p);
    const double psi = parametersFromShape(s.model);
    CHECK(r.dpShardParameters == Approx(psi / 96));
    // d = 4 ranks 8 apart, one per node: 8 rings leave each node together and share its
    // 8 × 25 GB/s, 25 GB/s each. Ring all-reduce: 2(d−1)α + 2(d−1)/d·S/B (MODELS §4).
    CHECK(r.dpLink.bandwidthBytesPerSecond == Approx(25e9));
    const double bytes = psi / 96 * 2;
    const double ring = 6 * r.dpLink.latencySeconds + 1.5 * bytes / 25e9;
    CHECK(r.dpTotalSeconds == Approx(ring));
    // Hidden under the last micro-batch's backward only: the exposed part is what is left.
    CHECK(r.dpSeconds <= r.dpTotalSeconds);
    CHECK(r.dpSeconds >= 0);
}

TEST_CASE("A 2 × 4 H100 all-reduce over 4 NICs of 50 GB/s runs near the measured 235 GB/s busbw",
          "[training]")
{
    // The measurement this case is named for (nccl-tests all_reduce_perf on 2 nodes of 4 H100,
    // 4 × 400 Gb/s NICs per node, as the project's issue tracker reports it): ~235 GB/s busbw,
    // not one NIC's 50. One ring leaves each node and NCCL spreads its channels over the 4 NICs,
    // so the model's ring runs at min(NVLink 450, 4 × 50) = 200 GB/s. A ring cannot beat the
    // NICs' 200 GB/s; the measured 235 exceeds it because NCCL then uses an algorithm that moves
    // less data between the nodes (its tree). Tolerance: 0.8 … 1.0 × 235 GB/s.
    StepTimeParams p;
    p.gpusPerNode = 4;
    p.intra = {kNvlinkLatencySeconds, kNvlink4BytesPerSecond};
    p.interLatencySeconds = kNetworkLatencySeconds;
    p.nicsPerNode = 4;
    p.nicBytesPerSecond = 50e9;
    const Link link = groupLink(p, 8, 1);
    CHECK(link.bandwidthBytesPerSecond == Approx(200e9));
    // busbw at nccl-tests' largest message (8 GB: latency negligible): algbw × 2(n−1)/n.
    CollectiveParams c;
    c.workers = 8;
    c.bytes = 8e9;
    c.intra = link;
    c.inter = link;
    c.gpusPerNode = 4;
    const auto cost = collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, c);
    CHECK(cost.busbwBytesPerSecond >= 0.8 * 235e9);
    CHECK(cost.busbwBytesPerSecond <= 235e9);
    CHECK(cost.busbwBytesPerSecond > 3.5 * 50e9); // far above one NIC's 50 GB/s
    // Old files: no NIC keys → one NIC per GPU at hardware.inter_bandwidth.
    Scenario old;
    old.hardware.gpusPerNode = 4;
    old.hardware.interBandwidthBytesPerSecond = 50e9;
    const auto derived = *stepTimeParamsFromScenario(old);
    CHECK(derived.nicsPerNode == 4);
    CHECK(derived.nicBytesPerSecond == 50e9);
}

TEST_CASE("GPT-3 eq. 4: 8·T·P/(n·X) ≈ 34 days when the compute term is isolated", "[training]")
{
    // Narayanan et al. 2021 eq. 4: T = 300e9 tokens, P = 175e9, n = 1024 A100, X = 140 TFLOP/s
    // → 8·300e9·175e9/(1024·140e12) s = 33.9 days. Here the compute term alone, with the
    // efficiency set to X/peak and P from GPT-3's shape (174.6e9), must agree within 3 % (eq. 4
    // drops the s/(6h) and V/(16Lh) terms that eq. 3, and this model, keep: +2.7 %).
    auto s = gpt3(16, 8, 8, 1536); // 1024 GPUs
    auto p = *stepTimeParamsFromScenario(s);
    p.efficiency = 140e12 / 312e12;
    const auto r = evaluateStepTime(p);
    const double tokensPerStep = 1536.0 * 2048;
    // The FLOPs term: eq. 4 has no memory-bound element-wise time.
    const double days = 300e9 / tokensPerStep * (r.computeSeconds - r.memoryBoundSeconds) / 86400;
    const double eq4 = 8 * 300e9 * 175e9 / (1024 * 140e12) / 86400;
    CHECK(eq4 == Approx(33.9).epsilon(0.005));
    CHECK(days == Approx(eq4).epsilon(0.03));
}

TEST_CASE("The calibration: Narayanan et al. 2021 Table 2, PTD-P 175B on 384 A100 → 153 TFLOP/s",
          "[training]")
{
    // The one run the efficiency was calibrated on (catalogue.h): t = 8, p = 12, d = 4,
    // b = 1, batch 1536, full recomputation. Reproduced within 0.5 % (the constant is rounded).
    const auto report = trainingReport(gpt3(4, 8, 12, 1536));
    REQUIRE(report.ok());
    CHECK(report.find("hardware_tflops_per_gpu")->value == Approx(153).epsilon(0.005));
    CHECK(findGpu("a100-80")->trainingEfficiency == kCalibratedEfficiency);
}

TEST_CASE("Impossible layouts are bad input naming the key", "[training]")
{
    auto s = gpt3(4, 8, 12, 1536);
    CHECK(layoutProblems(s).empty());

    auto wrongGpus = s;
    wrongGpus.hardware.gpus = 512; // 4 × 8 × 12 = 384
    auto problems = layoutProblems(wrongGpus);
    REQUIRE(hasProblem(problems, "parallel.dp"));
    CHECK(problems.front().message().find("hardware.gpus") != std::string::npos);

    auto heads = s;
    heads.parallel.tp = 7; // 96 heads
    CHECK(hasProblem(layoutProblems(heads), "parallel.tp"));

    auto layers = s;
    layers.parallel.pp = 10; // 96 layers
    CHECK(hasProblem(layoutProblems(layers), "parallel.pp"));

    auto batch = s;
    batch.train.globalBatch = 1538; // b·dp = 4
    problems = layoutProblems(batch);
    REQUIRE(hasProblem(problems, "train.global_batch"));
    CHECK(problems.front().allowed.find("= 4") != std::string::npos);

    auto interleaved = s;
    interleaved.parallel.schedule = PipelineSchedule::Interleaved;
    interleaved.parallel.virtualStages = 2;
    interleaved.train.globalBatch = 4 * 13; // m = 13, not a multiple of p = 12
    CHECK(hasProblem(layoutProblems(interleaved), "train.global_batch"));

    // The split schedules' closed forms hold from these m on (pipeline.h): ZB-H1 m ≥ p,
    // ZB-H2 m ≥ 2p − 1, DualPipe an even m ≥ 2p and an even p.
    auto zb1 = s;
    zb1.parallel.schedule = PipelineSchedule::ZeroBubbleH1;
    CHECK(layoutProblems(zb1).empty()); // m = 384
    zb1.train.globalBatch = 4 * 11;     // m = 11 < p = 12
    CHECK(hasProblem(layoutProblems(zb1), "train.global_batch"));
    auto zb2 = s;
    zb2.parallel.schedule = PipelineSchedule::ZeroBubbleH2;
    zb2.train.globalBatch = 4 * 23; // m = 23 = 2p − 1
    CHECK(layoutProblems(zb2).empty());
    zb2.train.globalBatch = 4 * 22;
    CHECK(hasProblem(layoutProblems(zb2), "train.global_batch"));
    auto dual = s;
    dual.parallel.schedule = PipelineSchedule::DualPipe;
    dual.train.globalBatch = 4 * 24; // m = 24 = 2p
    CHECK(layoutProblems(dual).empty());
    dual.train.globalBatch = 4 * 25; // odd m
    CHECK(hasProblem(layoutProblems(dual), "train.global_batch"));
    dual.train.globalBatch = 4 * 24;
    dual.parallel.pp = 3; // 96 layers: divisible, but odd
    CHECK(hasProblem(layoutProblems(dual), "parallel.pp"));

    auto context = s;
    context.parallel.cp = 3; // s = 2048
    CHECK(hasProblem(layoutProblems(context), "parallel.cp"));

    // The report refuses them too, and prices nothing.
    const auto report = trainingReport(heads);
    CHECK_FALSE(report.ok());
    CHECK(report.quantities.empty());
}

TEST_CASE("Training report: memory from the memory model, fits, days", "[training]")
{
    auto s = gpt3(4, 8, 12, 1536);
    s.train.tokens = 300e9;
    const auto report = trainingReport(s);
    REQUIRE(report.ok());
    // Memory per GPU: 16 bytes per parameter of Ψ/96 plus activations, under 80 GiB.
    const double states = 16 * parametersFromShape(s.model) / 96;
    CHECK(report.memoryPerGpuBytes > states);
    CHECK(report.fits);
    CHECK(report.find("fits")->value == 1.0);
    // days = tokens / (tokens per second) / 86400.
    CHECK(report.days == Approx(300e9 / report.tokensPerSecond / 86400));
    // MFU = HFU × 3/4-ish with full recomputation (model FLOPs exclude the extra forward).
    CHECK(report.find("mfu")->value < report.find("hfu")->value);
    // Sequence parallelism with selective recomputation: fewer hardware FLOPs, a faster step.
    auto sp = s;
    sp.train.recompute = Recompute::Selective;
    sp.memory.sequenceParallel = true;
    const auto faster = trainingReport(sp);
    REQUIRE(faster.ok());
    CHECK(faster.step.stepSeconds < report.step.stepSeconds);
}

TEST_CASE("Context parallelism and ZeRO-3 add their exchanges", "[training]")
{
    auto s = gpt3(4, 8, 12, 1536);
    s.parallel.cp = 2;
    s.parallel.dp = 2;
    auto r = evaluateStepTime(*stepTimeParamsFromScenario(s));
    CHECK(r.cpTotalSeconds > 0);
    CHECK(r.cpSeconds <= r.cpTotalSeconds);
    auto z = gpt3(4, 8, 12, 1536);
    z.parallel.zero = 3;
    r = evaluateStepTime(*stepTimeParamsFromScenario(z));
    CHECK(r.zeroGatherTotalSeconds > 0);
}

TEST_CASE("Validation: published runs within ±15 % (Narayanan et al. 2021 Table 1; "
          "Korthikanti et al. 2022)",
          "[training][validation]")
{
    // Predicted with the efficiency calibrated on a run not in this list; never tuned to them.
    // Before the memory-bound element-wise term, Table 1's 1.7B (+25 %) and 3.6B (+18 %) and
    // Korthikanti's 1T (−17 %) missed; the term was derived from Korthikanti's activation bytes,
    // not from these rows. The errors still lean one way with size (small models fast, 530B and
    // 1T slow: a matmul efficiency that grows with h/t, which this model keeps constant).
    const auto results = validateRuns();
    REQUIRE(results.size() == 18);
    int within = 0;
    for (const auto& result : results) {
        INFO(result.run->id << ": published " << result.run->published << ", dtsim "
                            << result.predicted);
        REQUIRE(result.problem.empty());
        CHECK(std::abs(result.errorFraction) <= 0.15);
        if (std::abs(result.errorFraction) <= 0.15) {
            ++within;
        }
    }
    CHECK(within == 18);
}

TEST_CASE("The new keys load, and their zeros keep older files' meaning", "[training][scenario]")
{
    Scenario s;
    CHECK(s.parallel.cp == 1);
    CHECK(s.train.tokens == 0);
    CHECK(s.hardware.nicsPerNode == 0);
    CHECK(s.hardware.nicBandwidthBytesPerSecond == 0);
    CHECK_FALSE(setValue(s, "parallel.cp", "2"));
    CHECK_FALSE(setValue(s, "train.tokens", "3e11"));
    CHECK_FALSE(setValue(s, "hardware.nics_per_node", "4"));
    CHECK_FALSE(setValue(s, "hardware.nic_bandwidth", "5e10"));
    CHECK_FALSE(setValue(s, "hardware.nics_per_node", "0")); // 0 = one per GPU
    const auto bad = setValue(s, "hardware.nics_per_node", "-1");
    REQUIRE(bad);
    CHECK(bad->key == "hardware.nics_per_node");
    CHECK(bad->allowed.find("or 0") != std::string::npos);
    CHECK(setValue(s, "parallel.cp", "0"));
    // The default scenario's layout is a valid training layout.
    CHECK(trainingReport(Scenario{}).ok());
}

TEST_CASE("Memory, Parallelism and the training model read one layout", "[training][memory]")
{
    // GPT-3 175B, d = 4, t = 8, p = 12, and the same with context parallelism cp = 2 (d = 2).
    auto plain = gpt3(4, 8, 12, 1536);
    auto context = gpt3(2, 8, 12, 1536);
    context.parallel.cp = 2;
    for (const auto& s : {plain, context}) {
        INFO("cp = " << s.parallel.cp);
        const auto training = trainingReport(s);
        REQUIRE(training.ok());
        const auto memory = memoryReport(s);
        REQUIRE(memory.ok());
        // The Memory view's bar for the scenario's own ZeRO stage is the training report's.
        CHECK(memory.selected().memory.totalBytes == training.memoryPerGpuBytes);
        CHECK(memory.gpus == s.parallel.dp * 8 * 12 * s.parallel.cp);
        const auto parallelism = parallelismReport(s);
        REQUIRE(parallelism.training.has_value());
        CHECK(parallelism.training->stepSeconds == training.step.stepSeconds);
        CHECK(parallelism.training->memoryPerGpuBytes == training.memoryPerGpuBytes);
    }
    // cp halves each GPU's tokens: the activations per micro-batch halve (selective
    // recomputation stores none of the s² scores).
    auto selective = plain;
    selective.train.recompute = Recompute::Selective;
    auto halved = selective;
    halved.parallel.cp = 2;
    halved.parallel.dp = 2;
    const Scenario one = layoutMemoryScenario(selective);
    const Scenario two = layoutMemoryScenario(halved);
    CHECK(two.model.seqLen == one.model.seqLen / 2);
    CHECK(microbatchesPerStep(one) == 1536 / 4); // m = B/(b·dp)
    CHECK(microbatchesPerStep(two) == 1536 / 2);
    // A cp that does not divide the sequence is refused by the memory view, naming the key.
    auto odd = plain;
    odd.parallel.cp = 3;
    CHECK(hasProblem(memoryReport(odd).problems, "parallel.cp"));
}

TEST_CASE("One m: the Gantt, memory and the training model read B/(b·dp)", "[training]")
{
    // Narayanan et al. 2021 §2.2: m = B/(b·dp) = 1536 / (1 × 4) = 384, a multiple of p = 12 for
    // the interleaved schedule; the Pipeline view simulates the same m.
    auto s = gpt3(4, 8, 12, 1536);
    s.parallel.schedule = PipelineSchedule::Interleaved;
    s.parallel.virtualStages = 2;
    const auto report = trainingReport(s);
    CHECK(report.ok());
    CHECK(report.step.microbatches == 384);
    CHECK(pipelineParamsFromScenario(s).microbatches == 384);
    // A batch the layout cannot split is one problem, on train.global_batch, in every view.
    s.train.globalBatch = 1000;
    CHECK(hasProblem(trainingReport(s).problems, "train.global_batch"));
    CHECK(hasProblem(pipelineReport(s).problems, "train.global_batch"));
    CHECK(hasProblem(memoryReport(s).problems, "train.global_batch"));
}

TEST_CASE("ZeRO-2 and -3 reduce-scatter every micro-batch's gradients; ZeRO-1 once",
          "[training][zero]")
{
    // ZeRO-2 and -3 keep only their gradient shard, so gradients are reduced after every
    // backward (DeepSpeed maintainers, deepspeedai/DeepSpeed #2252); ZeRO-1 accumulates whole
    // gradients and reduces once (ZeRO §5.1). A ring reduce-scatter and a ring all-gather of
    // the same bytes take the same time, (n − 1)/n · bytes / bandwidth + (n − 1)·α, so by hand,
    // with RS = AG = ZeRO-1's total / 2 and m micro-batches:
    //   ZeRO-2 total = m·RS + AG = (m + 1)/2 · ZeRO-1's;  ZeRO-3 reduce-scatters = m/2 · ZeRO-1's.
    auto s = gpt3(16, 8, 12, 1536); // m = 1536 / 16 = 96
    s.parallel.zero = 1;
    const auto one = evaluateStepTime(*stepTimeParamsFromScenario(s));
    REQUIRE(one.microbatches == 96.0);
    REQUIRE(one.dpTotalSeconds > 0);
    s.parallel.zero = 2;
    const auto two = evaluateStepTime(*stepTimeParamsFromScenario(s));
    CHECK(two.dpTotalSeconds == Approx(97.0 / 2.0 * one.dpTotalSeconds).epsilon(1e-12));
    s.parallel.zero = 3;
    const auto three = evaluateStepTime(*stepTimeParamsFromScenario(s));
    CHECK(three.dpTotalSeconds == Approx(96.0 / 2.0 * one.dpTotalSeconds).epsilon(1e-12));
    // Exposed: each micro-batch's reduce-scatter beyond its own backward B, m times (tp = 1, so
    // B is the micro-batch's backward unstretched by TP collectives).
    auto flat = gpt3(16, 1, 12, 1536);
    flat.parallel.zero = 1;
    const double reduceScatter =
        evaluateStepTime(*stepTimeParamsFromScenario(flat)).dpTotalSeconds / 2.0;
    flat.parallel.zero = 3;
    const auto sharded = evaluateStepTime(*stepTimeParamsFromScenario(flat));
    const double backward = sharded.microbatchBackwardSeconds;
    CHECK(sharded.dpSeconds ==
          Approx(96.0 * std::max(0.0, reduceScatter - backward)).epsilon(1e-12).margin(1e-15));
    CHECK(sharded.dpSeconds <= sharded.dpTotalSeconds);
    // ZeRO-3's gathers (ZeRO §7.2.2: the parameters gathered for the forward and again for the
    // backward), layer by layer as FSDP wraps each transformer block (Zhao et al. 2023 §3.2),
    // each pass's hidden under that pass only. A pass moves the same bytes as one whole-shard
    // gather (= RS, the same ring) plus L/p − 1 more rings' latency, (L/p − 1)(n − 1)α: here
    // L/p = 96/12 = 8 layers, n = 16 ranks across nodes, α the inter-node latency 9.6 µs.
    REQUIRE(sharded.dpLink.latencySeconds == 9.6e-6);
    const auto passGather = [](double wholeShard) { return wholeShard + 7.0 * 15.0 * 9.6e-6; };
    // With F the micro-batch's forward and B its backward: exposed = m·(max(0, G − F) + max(0,
    // G − B)); with full recomputation (this fixture's) the backward holds two: max(0, 2G − B).
    CHECK(sharded.zeroGatherTotalSeconds ==
          Approx(96.0 * 3.0 * passGather(reduceScatter)).epsilon(1e-12));
    const auto gathersExposed = [](const StepTime& r, double gather, double backwardGathers) {
        return 96.0 * (std::max(0.0, gather - r.microbatchForwardSeconds) +
                       std::max(0.0, backwardGathers * gather - r.microbatchBackwardSeconds));
    };
    CHECK(sharded.zeroGatherSeconds ==
          Approx(gathersExposed(sharded, passGather(reduceScatter), 2.0))
              .epsilon(1e-12)
              .margin(1e-15));
    // On 1 GB/s NICs the gathers outlast every pass: both terms are exposed.
    auto slow = flat;
    slow.hardware.nicBandwidthBytesPerSecond = 1e9;
    slow.parallel.zero = 1;
    const double slowGather =
        passGather(evaluateStepTime(*stepTimeParamsFromScenario(slow)).dpTotalSeconds / 2.0);
    slow.parallel.zero = 3;
    const auto slowFull = evaluateStepTime(*stepTimeParamsFromScenario(slow));
    REQUIRE(slowGather > slowFull.microbatchBackwardSeconds);
    CHECK(slowFull.zeroGatherSeconds ==
          Approx(gathersExposed(slowFull, slowGather, 2.0)).epsilon(1e-12));
    slow.train.recompute = Recompute::None;
    const auto slowNone = evaluateStepTime(*stepTimeParamsFromScenario(slow));
    CHECK(slowNone.zeroGatherTotalSeconds == Approx(96.0 * 2.0 * slowGather).epsilon(1e-12));
    CHECK(slowNone.zeroGatherSeconds ==
          Approx(gathersExposed(slowNone, slowGather, 1.0)).epsilon(1e-12));
}
