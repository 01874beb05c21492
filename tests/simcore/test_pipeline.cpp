// Pipeline schedules (MODELS §5): hand calculations, published bubble formulas, and properties of
// many random schedules. Sources: Huang et al. 2019 (GPipe), Narayanan et al. 2021 ("Efficient
// Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", §2.2), Korthikanti et
// al. 2022 (activation memory of the interleaved schedule, MODELS §2).
#include "simcore/models/pipeline.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <random>
#include <tuple>
#include <vector>

using namespace simcore;

namespace {

// Times are sums of at most a few thousand durations of order 1 s, so 1e-9 relative leaves
// ample room for rounding while any scheduling mistake (≥ one operation, ≥ 1e-2 s) fails.
constexpr double kRelative = 1e-9;
// Bubble ratios are 0 for p = 1 up to rounding (≈ 1e-16), where a relative tolerance is empty.
constexpr double kRatioMargin = 1e-12;

struct Expected {
    PipelinePass pass;
    int stage;
    int microbatch;
    double start;
    double end;
};

PipelineParams params(std::int64_t p, std::int64_t m, PipelineSchedule schedule, std::int64_t v = 1,
                      double tf = 1.0, double tb = 2.0, double x = 0.0)
{
    PipelineParams result;
    result.stages = p;
    result.microbatches = m;
    result.schedule = schedule;
    result.virtualStages = v;
    result.forwardSeconds = tf;
    result.backwardSeconds = tb;
    result.transferSeconds = x;
    return result;
}

// Compares one device's operations, in execution order, with a hand-written list.
void checkDevice(const PipelineResult& r, int device, const std::vector<Expected>& expected)
{
    REQUIRE(r.ok());
    REQUIRE(static_cast<std::size_t>(r.operationsPerDevice) == expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        const PipelineOp& op =
            r.operations[static_cast<std::size_t>(device * r.operationsPerDevice) + k];
        INFO("device " << device << ", operation " << k);
        CHECK(op.device == device);
        CHECK(op.pass == expected[k].pass);
        CHECK(op.stage == expected[k].stage);
        CHECK(op.microbatch == expected[k].microbatch);
        CHECK(op.startSeconds == Approx(expected[k].start).epsilon(kRelative));
        CHECK(op.endSeconds == Approx(expected[k].end).epsilon(kRelative));
    }
}

constexpr PipelinePass F = PipelinePass::Forward;
constexpr PipelinePass B = PipelinePass::Backward;

// The properties every schedule must have, checked from the operation list alone.
void checkProperties(const PipelineParams& in, const PipelineResult& r)
{
    REQUIRE(r.ok());
    const std::int64_t p = in.stages;
    const std::int64_t m = in.microbatches;
    const std::int64_t v = in.virtualStages;
    const double tf = in.forwardSeconds / static_cast<double>(v);
    const double tb = in.backwardSeconds / static_cast<double>(v);
    const double x = p > 1 ? in.transferSeconds : 0.0;
    const double eps = 1e-9 * std::max(1.0, r.totalSeconds);
    REQUIRE(r.operationsPerDevice == 2 * v * m);
    REQUIRE(static_cast<std::int64_t>(r.operations.size()) == p * 2 * v * m);

    // Exactly one forward and one backward per (stage, micro-batch); stage = chunk·p + device.
    const std::int64_t stages = p * v;
    std::vector<const PipelineOp*> fwd(static_cast<std::size_t>(stages * m), nullptr);
    std::vector<const PipelineOp*> bwd(static_cast<std::size_t>(stages * m), nullptr);
    for (std::size_t k = 0; k < r.operations.size(); ++k) {
        const PipelineOp& op = r.operations[k];
        REQUIRE(op.device == static_cast<std::int64_t>(k) / r.operationsPerDevice);
        REQUIRE(op.chunk >= 0);
        REQUIRE(op.chunk < v);
        REQUIRE(op.stage == op.chunk * p + op.device);
        REQUIRE(op.microbatch >= 0);
        REQUIRE(op.microbatch < m);
        REQUIRE(op.startSeconds >= 0.0);
        const double duration = op.pass == F ? tf : tb;
        REQUIRE(op.endSeconds - op.startSeconds == Approx(duration).epsilon(kRelative));
        auto& slot =
            (op.pass == F ? fwd : bwd)[static_cast<std::size_t>(op.stage * m + op.microbatch)];
        REQUIRE(slot == nullptr);
        slot = &op;
    }
    // (All slots are filled: 2·p·v·m operations, none repeated.)

    // Dependencies (Narayanan et al. 2021 §2.2): forward after the previous stage's forward
    // (+ transfer); backward after its own forward and after the next stage's backward
    // (+ transfer). Each operation also starts exactly when the last of these and its device
    // became free: a list scheduler never idles a device that could run its next operation.
    for (std::int64_t d = 0; d < p; ++d) {
        std::vector<const PipelineOp*> mine;
        for (std::int64_t k = 0; k < r.operationsPerDevice; ++k) {
            mine.push_back(&r.operations[static_cast<std::size_t>(d * r.operationsPerDevice + k)]);
        }
        std::stable_sort(mine.begin(), mine.end(), [](const PipelineOp* a, const PipelineOp* b) {
            return a->startSeconds < b->startSeconds;
        });
        double deviceFree = 0.0;
        std::int64_t inFlight = 0;
        std::int64_t peak = 0;
        for (const PipelineOp* op : mine) {
            // No device runs two operations at once.
            REQUIRE(op->startSeconds >= deviceFree - eps);
            const std::size_t here = static_cast<std::size_t>(op->stage * m + op->microbatch);
            double ready = deviceFree;
            if (op->pass == F) {
                if (op->stage > 0) {
                    const PipelineOp* before = fwd[here - static_cast<std::size_t>(m)];
                    REQUIRE(op->startSeconds >= before->endSeconds + x - eps);
                    ready = std::max(ready, before->endSeconds + x);
                }
                ++inFlight;
                peak = std::max(peak, inFlight);
            } else {
                REQUIRE(op->startSeconds >= fwd[here]->endSeconds - eps);
                ready = std::max(ready, fwd[here]->endSeconds);
                if (op->stage + 1 < stages) {
                    const PipelineOp* after = bwd[here + static_cast<std::size_t>(m)];
                    REQUIRE(op->startSeconds >= after->endSeconds + x - eps);
                    ready = std::max(ready, after->endSeconds + x);
                }
                --inFlight;
            }
            REQUIRE(op->startSeconds == Approx(ready).epsilon(kRelative).margin(eps));
            deviceFree = op->endSeconds;
        }
        // In-flight memory recounted from the operations (forwards done, backwards not yet).
        REQUIRE(r.peakInFlight[static_cast<std::size_t>(d)] == peak);
    }

    double last = 0.0;
    for (const PipelineOp& op : r.operations) {
        last = std::max(last, op.endSeconds);
    }
    const double ideal = static_cast<double>(m) * (in.forwardSeconds + in.backwardSeconds);
    CHECK(r.totalSeconds == Approx(last).epsilon(kRelative));
    CHECK(r.idealSeconds == Approx(ideal).epsilon(kRelative));
    CHECK(r.bubbleSeconds == Approx(last - ideal).epsilon(kRelative).margin(eps));
    CHECK(r.bubbleRatio == Approx((last - ideal) / ideal).epsilon(kRelative).margin(1e-9));
    CHECK(r.bubbleFraction == Approx((last - ideal) / last).epsilon(kRelative).margin(1e-9));
}

} // namespace

TEST_CASE("1F1B by hand: p = 2, m = 2, t_f = 1, t_b = 2", "[pipeline]")
{
    // Narayanan et al. 2021 §2.2.1: device 0 warms up with p − 0 − 1 = 1 forward, device 1
    // with 0. Worked by hand (times in seconds):
    //   device 0: F0 [0,1]  F1 [1,2]  B0 [4,6] (waits for device 1's B0)  B1 [7,9]
    //   device 1: F0 [1,2]  B0 [2,4]  F1 [4,5]  B1 [5,7]
    // total 9 = (m + p − 1)(t_f + t_b) = 3·3; ideal m(t_f + t_b) = 6; bubble 3;
    // bubble/ideal = 0.5 = (p − 1)/m; bubble/total = 1/3 = (p − 1)/(m + p − 1).
    const auto r = simulatePipeline(params(2, 2, PipelineSchedule::OneFOneB));
    checkDevice(r, 0, {{F, 0, 0, 0, 1}, {F, 0, 1, 1, 2}, {B, 0, 0, 4, 6}, {B, 0, 1, 7, 9}});
    checkDevice(r, 1, {{F, 1, 0, 1, 2}, {B, 1, 0, 2, 4}, {F, 1, 1, 4, 5}, {B, 1, 1, 5, 7}});
    CHECK(r.totalSeconds == Approx(9.0).epsilon(kRelative));
    CHECK(r.idealSeconds == Approx(6.0).epsilon(kRelative));
    CHECK(r.bubbleSeconds == Approx(3.0).epsilon(kRelative));
    CHECK(r.bubbleRatio == Approx(0.5).epsilon(kRelative));
    CHECK(r.bubbleFraction == Approx(1.0 / 3.0).epsilon(kRelative));
    // In flight: device 0 holds F0 and F1 from t = 2 until B0 ends at 6 → 2 = p;
    // device 1 finishes B0 before starting F1 → 1.
    CHECK(r.peakInFlight == std::vector<std::int64_t>{2, 1});
    CHECK(r.maxPeakInFlight == 2);
}

TEST_CASE("GPipe by hand: p = 2, m = 2, t_f = 1, t_b = 2", "[pipeline]")
{
    // Huang et al. 2019: all forwards, then all backwards (last micro-batch first). By hand:
    //   device 0: F0 [0,1]  F1 [1,2]  B1 [5,7]  B0 [7,9]
    //   device 1: F0 [1,2]  F1 [2,3]  B1 [3,5]  B0 [5,7]
    // total 9, bubble 3, bubble/total = 1/3 = (p − 1)/(m + p − 1); both devices hold m = 2.
    const auto r = simulatePipeline(params(2, 2, PipelineSchedule::GPipe));
    checkDevice(r, 0, {{F, 0, 0, 0, 1}, {F, 0, 1, 1, 2}, {B, 0, 1, 5, 7}, {B, 0, 0, 7, 9}});
    checkDevice(r, 1, {{F, 1, 0, 1, 2}, {F, 1, 1, 2, 3}, {B, 1, 1, 3, 5}, {B, 1, 0, 5, 7}});
    CHECK(r.totalSeconds == Approx(9.0).epsilon(kRelative));
    CHECK(r.bubbleFraction == Approx(1.0 / 3.0).epsilon(kRelative));
    CHECK(r.peakInFlight == std::vector<std::int64_t>{2, 2});
}

TEST_CASE("interleaved by hand: p = 2, m = 2, v = 2, t_f = 1, t_b = 2", "[pipeline]")
{
    // Narayanan et al. 2021 §2.2.2: device 0 holds virtual stages 0 and 2, device 1 stages 1
    // and 3; each chunk takes t_f/v = 0.5 forward, t_b/v = 1 backward. m = p, so (as in
    // Megatron-LM) every forward runs before any backward; forwards go chunk 0 for micro-batches
    // 0, 1, then chunk 1; backwards the chunks in reverse. By hand:
    //   device 0: F(s0,0) [0,.5] F(s0,1) [.5,1] F(s2,0) [1,1.5] F(s2,1) [1.5,2]
    //             B(s2,0) [3.5,4.5] B(s2,1) [4.5,5.5] B(s0,0) [5.5,6.5] B(s0,1) [6.5,7.5]
    //   device 1: F(s1,0) [.5,1] F(s1,1) [1,1.5] F(s3,0) [1.5,2] F(s3,1) [2,2.5]
    //             B(s3,0) [2.5,3.5] B(s3,1) [3.5,4.5] B(s1,0) [4.5,5.5] B(s1,1) [5.5,6.5]
    // total 7.5; ideal 6; bubble 1.5; bubble/ideal = 0.25 = (1/v)(p − 1)/m = ½·½.
    const auto r = simulatePipeline(params(2, 2, PipelineSchedule::Interleaved, 2));
    checkDevice(r, 0,
                {{F, 0, 0, 0, 0.5},
                 {F, 0, 1, 0.5, 1},
                 {F, 2, 0, 1, 1.5},
                 {F, 2, 1, 1.5, 2},
                 {B, 2, 0, 3.5, 4.5},
                 {B, 2, 1, 4.5, 5.5},
                 {B, 0, 0, 5.5, 6.5},
                 {B, 0, 1, 6.5, 7.5}});
    checkDevice(r, 1,
                {{F, 1, 0, 0.5, 1},
                 {F, 1, 1, 1, 1.5},
                 {F, 3, 0, 1.5, 2},
                 {F, 3, 1, 2, 2.5},
                 {B, 3, 0, 2.5, 3.5},
                 {B, 3, 1, 3.5, 4.5},
                 {B, 1, 0, 4.5, 5.5},
                 {B, 1, 1, 5.5, 6.5}});
    CHECK(r.totalSeconds == Approx(7.5).epsilon(kRelative));
    CHECK(r.bubbleRatio == Approx(0.25).epsilon(kRelative));
    // Four chunk activations at once on each device = 2 micro-batches' worth (v = 2).
    CHECK(r.peakInFlight == std::vector<std::int64_t>{4, 4});
    CHECK(r.maxPeakInFlightMicrobatches == Approx(2.0).epsilon(kRelative));
}

TEST_CASE("transfer time by hand: p = 2, m = 2, t_f = 1, t_b = 2, transfer 0.5", "[pipeline]")
{
    // Each hop between devices adds 0.5 s. 1F1B by hand:
    //   device 0: F0 [0,1]  F1 [1,2]  B0 [5,7] (device 1's B0 ends 4.5, + 0.5)  B1 [8,10]
    //   device 1: F0 [1.5,2.5]  B0 [2.5,4.5]  F1 [4.5,5.5]  B1 [5.5,7.5]
    const auto onefoneb = simulatePipeline(params(2, 2, PipelineSchedule::OneFOneB, 1, 1, 2, 0.5));
    checkDevice(onefoneb, 0, {{F, 0, 0, 0, 1}, {F, 0, 1, 1, 2}, {B, 0, 0, 5, 7}, {B, 0, 1, 8, 10}});
    checkDevice(
        onefoneb, 1,
        {{F, 1, 0, 1.5, 2.5}, {B, 1, 0, 2.5, 4.5}, {F, 1, 1, 4.5, 5.5}, {B, 1, 1, 5.5, 7.5}});
    CHECK(onefoneb.totalSeconds == Approx(10.0).epsilon(kRelative));
    CHECK(onefoneb.bubbleSeconds == Approx(4.0).epsilon(kRelative));
    // GPipe by hand:
    //   device 0: F0 [0,1]  F1 [1,2]  B1 [6,8]  B0 [8,10]
    //   device 1: F0 [1.5,2.5]  F1 [2.5,3.5]  B1 [3.5,5.5]  B0 [5.5,7.5]
    const auto gpipe = simulatePipeline(params(2, 2, PipelineSchedule::GPipe, 1, 1, 2, 0.5));
    checkDevice(gpipe, 0, {{F, 0, 0, 0, 1}, {F, 0, 1, 1, 2}, {B, 0, 1, 6, 8}, {B, 0, 0, 8, 10}});
    checkDevice(
        gpipe, 1,
        {{F, 1, 0, 1.5, 2.5}, {F, 1, 1, 2.5, 3.5}, {B, 1, 1, 3.5, 5.5}, {B, 1, 0, 5.5, 7.5}});
    CHECK(gpipe.totalSeconds == Approx(10.0).epsilon(kRelative));
}

TEST_CASE("one micro-batch crosses every hop twice", "[pipeline]")
{
    // With m = 1 nothing overlaps: the forward walks p stages with p − 1 hops, the backward
    // walks back: total = p(t_f + t_b) + 2(p − 1)·transfer, for GPipe and 1F1B alike. For
    // interleaved (m = p = 1 is the only m = 1 case) v chunks on one device, no hop.
    std::mt19937_64 rng(20240607);
    std::uniform_int_distribution<std::int64_t> stages(1, 40);
    std::uniform_real_distribution<double> time(0.05, 3.0);
    for (int trial = 0; trial < 100; ++trial) {
        const std::int64_t p = stages(rng);
        const double tf = time(rng);
        const double tb = time(rng);
        const double x = time(rng);
        const double expected =
            static_cast<double>(p) * (tf + tb) + 2.0 * static_cast<double>(p - 1) * x;
        for (auto schedule : {PipelineSchedule::GPipe, PipelineSchedule::OneFOneB}) {
            INFO("p = " << p << " t_f = " << tf << " t_b = " << tb << " transfer = " << x);
            const auto in = params(p, 1, schedule, 1, tf, tb, x);
            const auto r = simulatePipeline(in);
            checkProperties(in, r);
            CHECK(r.totalSeconds == Approx(expected).epsilon(kRelative));
        }
    }
    const auto single = simulatePipeline(params(1, 1, PipelineSchedule::Interleaved, 3, 1, 2, 9));
    REQUIRE(single.ok());
    CHECK(single.totalSeconds == Approx(3.0).epsilon(kRelative)); // no hop on one device
}

TEST_CASE("random schedules respect every dependency and the published bubbles", "[pipeline]")
{
    // Sources of the closed forms (MODELS §5), checked at zero transfer time to 1e-9 relative:
    // GPipe idle share (p − 1)/(m + p − 1) (Huang et al. 2019 §2.3); 1F1B bubble/ideal
    // (p − 1)/m and total (m + p − 1)(t_f + t_b) (Narayanan et al. 2021 §2.2.1); interleaved
    // bubble/ideal (1/v)(p − 1)/m (Narayanan et al. 2021 §2.2.2).
    std::mt19937_64 rng(0x5EED'0001);
    std::uniform_int_distribution<std::int64_t> stagesDist(1, 12);
    std::uniform_int_distribution<std::int64_t> microDist(1, 24);
    std::uniform_int_distribution<std::int64_t> groupDist(1, 4);
    std::uniform_int_distribution<std::int64_t> chunkDist(1, 4);
    std::uniform_real_distribution<double> time(0.1, 3.0);
    std::bernoulli_distribution coin(0.5);
    int checked = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const std::int64_t p = stagesDist(rng);
        const double tf = time(rng);
        const double tb = coin(rng) ? 2.0 * tf : time(rng); // default ratio, or any
        const double x = coin(rng) ? 0.0 : time(rng) / 3.0;
        const std::int64_t mAny = microDist(rng);
        const std::int64_t mMultiple = p * groupDist(rng);
        const std::int64_t v = chunkDist(rng);
        const double perMb = tf + tb;

        INFO("trial " << trial << ": p = " << p << " m = " << mAny
                      << " (interleaved m = " << mMultiple << ", v = " << v << ") t_f = " << tf
                      << " t_b = " << tb << " transfer = " << x);

        const auto gIn = params(p, mAny, PipelineSchedule::GPipe, 1, tf, tb, x);
        const auto g = simulatePipeline(gIn);
        checkProperties(gIn, g);
        // GPipe keeps every micro-batch's activations until the backwards start; one device is
        // no pipeline and holds one micro-batch at a time.
        for (auto peak : g.peakInFlight) {
            CHECK(peak == (p > 1 ? mAny : 1));
        }

        const auto oIn = params(p, mAny, PipelineSchedule::OneFOneB, 1, tf, tb, x);
        const auto o = simulatePipeline(oIn);
        checkProperties(oIn, o);
        // 1F1B: device i holds its p − i − 1 warm-up forwards plus one, never more than m;
        // so never more than p on any device (Narayanan et al. 2021 §2.2.1).
        for (std::int64_t d = 0; d < p; ++d) {
            CHECK(o.peakInFlight[static_cast<std::size_t>(d)] == std::min(p - d, mAny));
        }
        CHECK(o.maxPeakInFlight <= p);

        const auto iIn = params(p, mMultiple, PipelineSchedule::Interleaved, v, tf, tb, x);
        const auto in = simulatePipeline(iIn);
        checkProperties(iIn, in);
        if (mMultiple >= 2 * p && p > 1 && v > 1) {
            // First device: Megatron-LM's warm-up 2(p − 1) + (v − 1)p chunk forwards plus one
            // = p·v + p − 1 chunks, i.e. p·(1 + (p − 1)/(p·v)) micro-batches' worth: the
            // interleaving factor of Korthikanti et al. 2022 (MODELS §2).
            CHECK(in.peakInFlight[0] == p * v + p - 1);
            CHECK(in.maxPeakInFlightMicrobatches ==
                  Approx(static_cast<double>(p) *
                         (1.0 + static_cast<double>(p - 1) / static_cast<double>(p * v)))
                      .epsilon(kRelative));
        }

        if (x == 0.0) {
            const double mA = static_cast<double>(mAny);
            const double pp = static_cast<double>(p);
            const double mM = static_cast<double>(mMultiple);
            const double vv = static_cast<double>(v);
            CHECK(g.bubbleFraction ==
                  Approx((pp - 1) / (mA + pp - 1)).epsilon(kRelative).margin(kRatioMargin));
            CHECK(o.bubbleRatio == Approx((pp - 1) / mA).epsilon(kRelative).margin(kRatioMargin));
            CHECK(o.totalSeconds == Approx((mA + pp - 1) * perMb).epsilon(kRelative));
            CHECK(g.totalSeconds == Approx(o.totalSeconds).epsilon(kRelative));
            CHECK(in.bubbleRatio ==
                  Approx((pp - 1) / (vv * mM)).epsilon(kRelative).margin(kRatioMargin));
            ++checked;
        } else if (p > 1) {
            // A transfer can only lengthen the step beyond the zero-transfer formula.
            CHECK(o.totalSeconds > (static_cast<double>(mAny + p - 1)) * perMb * (1 - kRelative));
        }
    }
    CHECK(checked > 100); // the zero-transfer branch really ran
}

TEST_CASE("one device is no pipeline, whatever the schedule", "[pipeline]")
{
    // Megatron-LM's forward_backward_no_pipelining: each micro-batch's forward and backward in
    // turn (gradient accumulation). t_f = 1, t_b = 2 (0.5 and 1 per chunk with v = 2). By hand:
    //   GPipe, m = 3:  F0 [0,1] B0 [1,3] F1 [3,4] B1 [4,6] F2 [6,7] B2 [7,9]
    //   interleaved, v = 2, m = 2: F(c0,0) [0,.5] F(c1,0) [.5,1] B(c1,0) [1,2] B(c0,0) [2,3]
    //                              F(c0,1) [3,3.5] F(c1,1) [3.5,4] B(c1,1) [4,5] B(c0,1) [5,6]
    // No idle time (total = ideal), one micro-batch's chunks in flight.
    const auto g = simulatePipeline(params(1, 3, PipelineSchedule::GPipe));
    checkDevice(g, 0,
                {{F, 0, 0, 0, 1},
                 {B, 0, 0, 1, 3},
                 {F, 0, 1, 3, 4},
                 {B, 0, 1, 4, 6},
                 {F, 0, 2, 6, 7},
                 {B, 0, 2, 7, 9}});
    CHECK(g.bubbleSeconds == 0.0);
    CHECK(g.peakInFlight == std::vector<std::int64_t>{1});
    const auto in = simulatePipeline(params(1, 2, PipelineSchedule::Interleaved, 2));
    checkDevice(in, 0,
                {{F, 0, 0, 0, 0.5},
                 {F, 1, 0, 0.5, 1},
                 {B, 1, 0, 1, 2},
                 {B, 0, 0, 2, 3},
                 {F, 0, 1, 3, 3.5},
                 {F, 1, 1, 3.5, 4},
                 {B, 1, 1, 4, 5},
                 {B, 0, 1, 5, 6}});
    CHECK(in.totalSeconds == Approx(6.0).epsilon(kRelative));
    CHECK(in.peakInFlight == std::vector<std::int64_t>{2});
    CHECK(in.maxPeakInFlightMicrobatches == 1.0);
    CHECK(inFlightPeak(params(1, 2, PipelineSchedule::Interleaved, 2), 0) == InFlightPeak{2, 1, 1});
}

TEST_CASE("in flight at the peak by hand", "[pipeline]")
{
    // 1F1B, p = 8, m = 32 (Narayanan et al. 2021 §2.2.1): device i holds p − i micro-batches,
    // device 0 all 8 of its embeddings, device 7 one output layer.
    const auto o = params(8, 32, PipelineSchedule::OneFOneB);
    CHECK(inFlightPeak(o, 0) == InFlightPeak{8, 8, 0});
    CHECK(inFlightPeak(o, 3) == InFlightPeak{5, 0, 0});
    CHECK(inFlightPeak(o, 7) == InFlightPeak{1, 0, 1});
    // Fewer micro-batches than stages: only m = 3 exist.
    CHECK(inFlightPeak(params(8, 3, PipelineSchedule::OneFOneB), 0).chunks == 3);
    // GPipe (Huang et al. 2019), p = 4, m = 6: all 6 on every device.
    const auto g = params(4, 6, PipelineSchedule::GPipe);
    CHECK(inFlightPeak(g, 0) == InFlightPeak{6, 6, 0});
    CHECK(inFlightPeak(g, 3) == InFlightPeak{6, 0, 6});
    // Interleaved, p = 4, v = 2, m = 8 (Megatron-LM's warm-up 2(p − i − 1) + (v − 1)·p, plus
    // one): device 0 11 chunks (Korthikanti et al. 2022: × (1 + 3/8) of 8), of which 2p = 8
    // micro-batches through chunk 0; device 3: (v − 1)·p + 1 = 5, one through the last stage.
    const auto in = params(4, 8, PipelineSchedule::Interleaved, 2);
    CHECK(inFlightPeak(in, 0) == InFlightPeak{11, 8, 0});
    CHECK(inFlightPeak(in, 1) == InFlightPeak{9, 0, 0});
    CHECK(inFlightPeak(in, 3) == InFlightPeak{5, 0, 1});
    // m = p: every forward first, m·v = 8 chunks and all 4 micro-batches at both ends.
    const auto full = params(4, 4, PipelineSchedule::Interleaved, 2);
    CHECK(inFlightPeak(full, 0) == InFlightPeak{8, 4, 0});
    CHECK(inFlightPeak(full, 3) == InFlightPeak{8, 0, 4});
}

TEST_CASE("interleaving with v = 1 is plain 1F1B", "[pipeline]")
{
    // Megatron-LM runs its non-interleaved 1F1B schedule when there is one chunk per device.
    const auto a = simulatePipeline(params(4, 8, PipelineSchedule::Interleaved, 1, 1, 2, 0.3));
    const auto b = simulatePipeline(params(4, 8, PipelineSchedule::OneFOneB, 1, 1, 2, 0.3));
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    REQUIRE(a.operations.size() == b.operations.size());
    for (std::size_t k = 0; k < a.operations.size(); ++k) {
        CHECK(a.operations[k].stage == b.operations[k].stage);
        CHECK(a.operations[k].microbatch == b.operations[k].microbatch);
        CHECK(a.operations[k].pass == b.operations[k].pass);
        CHECK(a.operations[k].startSeconds == b.operations[k].startSeconds);
    }
}

TEST_CASE("interleaving shrinks the bubble and costs memory", "[pipeline]")
{
    // p = 4, m = 8, zero transfer, t_f = 1, t_b = 2:
    // 1F1B bubble = (p − 1)(t_f + t_b) = 9 s; interleaved v = 2 halves it to 4.5 s.
    const auto plain = simulatePipeline(params(4, 8, PipelineSchedule::OneFOneB));
    const auto twice = simulatePipeline(params(4, 8, PipelineSchedule::Interleaved, 2));
    REQUIRE(plain.ok());
    REQUIRE(twice.ok());
    CHECK(plain.bubbleSeconds == Approx(9.0).epsilon(kRelative));
    CHECK(twice.bubbleSeconds == Approx(4.5).epsilon(kRelative));
    // First device: 1F1B holds p = 4 micro-batches; interleaved 4·2 + 4 − 1 = 11 chunks
    // = 5.5 micro-batches' worth (Korthikanti et al. 2022: × (1 + 3/8)).
    CHECK(plain.maxPeakInFlight == 4);
    CHECK(twice.peakInFlight[0] == 11);
    CHECK(twice.maxPeakInFlightMicrobatches == Approx(5.5).epsilon(kRelative));
}

TEST_CASE("closed forms match hand arithmetic", "[pipeline]")
{
    // Huang et al. 2019 §2.3: (p − 1)/(m + p − 1). p = 8, m = 32: 7/39.
    CHECK(gpipeBubbleFraction(8, 32) == Approx(7.0 / 39.0).epsilon(1e-15));
    // "negligible when m ≥ 4p": p = 4, m = 16 → 3/19 ≈ 0.158.
    CHECK(gpipeBubbleFraction(4, 16) == Approx(3.0 / 19.0).epsilon(1e-15));
    CHECK(gpipeBubbleFraction(1, 5) == 0.0);
    // Narayanan et al. 2021 §2.2.1: (p − 1)/m. p = 8, m = 32: 7/32.
    CHECK(oneFOneBBubbleRatio(8, 32) == Approx(0.21875).epsilon(1e-15));
    // §2.2.2: (1/v)(p − 1)/m. p = 8, m = 32, v = 4: 7/128.
    CHECK(interleavedBubbleRatio(8, 32, 4) == Approx(7.0 / 128.0).epsilon(1e-15));
    // The two conventions describe the same idle time: fraction = ratio / (1 + ratio),
    // (7/32)/(39/32) = 7/39.
    const double ratio = oneFOneBBubbleRatio(8, 32);
    CHECK(ratio / (1 + ratio) == Approx(gpipeBubbleFraction(8, 32)).epsilon(1e-15));
    CHECK(std::isnan(gpipeBubbleFraction(0, 4)));
    CHECK(std::isnan(oneFOneBBubbleRatio(4, 0)));
    CHECK(std::isnan(interleavedBubbleRatio(4, 8, 0)));
}

TEST_CASE("bad inputs are error values naming the field", "[pipeline]")
{
    using K = PipelineError::Kind;
    const auto kindAndField = [](const PipelineParams& in) {
        const auto r = simulatePipeline(in);
        REQUIRE_FALSE(r.ok());
        CHECK(r.operations.empty());
        CHECK(r.totalSeconds == 0.0);
        return std::pair{r.error->kind, r.error->field};
    };
    auto in = params(4, 8, PipelineSchedule::OneFOneB);
    in.stages = 0;
    CHECK(kindAndField(in) == std::pair{K::OutOfRange, std::string("parallel.pp")});
    in = params(4, 0, PipelineSchedule::GPipe);
    CHECK(kindAndField(in) == std::pair{K::OutOfRange, std::string("parallel.microbatches")});
    in = params(4, 8, PipelineSchedule::Interleaved, 0);
    CHECK(kindAndField(in) == std::pair{K::OutOfRange, std::string("parallel.virtual_stages")});
    in = params(4, 8, PipelineSchedule::OneFOneB, 2); // chunks need the interleaved schedule
    CHECK(kindAndField(in) == std::pair{K::OutOfRange, std::string("parallel.virtual_stages")});
    // Narayanan et al. 2021 §2.2.2: m must be a multiple of p for the interleaved schedule.
    in = params(4, 6, PipelineSchedule::Interleaved, 2);
    CHECK(kindAndField(in) == std::pair{K::NotAMultiple, std::string("parallel.microbatches")});
    in = params(4, 8, PipelineSchedule::OneFOneB, 1, 0.0);
    CHECK(kindAndField(in) == std::pair{K::OutOfRange, std::string("pipeline.forward_seconds")});
    in = params(4, 8, PipelineSchedule::OneFOneB, 1, 1.0, std::nan(""));
    CHECK(kindAndField(in) == std::pair{K::OutOfRange, std::string("pipeline.backward_seconds")});
    in = params(4, 8, PipelineSchedule::OneFOneB, 1, 1.0, 2.0, -0.1);
    CHECK(kindAndField(in) == std::pair{K::OutOfRange, std::string("pipeline.transfer_seconds")});
    // 2·1024·2·4096 = 16.8 million operations > 2^23: refused before allocating anything.
    in = params(1024, 4096, PipelineSchedule::Interleaved, 2);
    CHECK(kindAndField(in) ==
          std::pair{K::TooManyOperations, std::string("parallel.microbatches")});
    // Products that would overflow 64 bits are refused too, not wrapped around.
    in = params(std::int64_t{1} << 40, std::int64_t{1} << 40, PipelineSchedule::OneFOneB);
    CHECK(kindAndField(in).first == K::TooManyOperations);
    in = params(1024, std::int64_t{1} << 62, PipelineSchedule::Interleaved, 1 << 20);
    CHECK(kindAndField(in).first == K::TooManyOperations);
}

TEST_CASE("the largest accepted pipeline: p = 1024, m = 4096", "[pipeline]")
{
    // 2·1024·4096 = 2^23 operations, exactly the limit. 1F1B at zero transfer must take
    // (m + p − 1)(t_f + t_b) = 5119·3 s (Narayanan et al. 2021 §2.2.1). No operation list,
    // so only the scheduler's own arrays are allocated.
    auto in = params(1024, 4096, PipelineSchedule::OneFOneB);
    in.recordOperations = false;
    const auto r = simulatePipeline(in);
    REQUIRE(r.ok());
    CHECK(r.operations.empty());
    CHECK(r.totalSeconds == Approx(5119.0 * 3.0).epsilon(kRelative));
    CHECK(r.maxPeakInFlight == 1024);
}

TEST_CASE("skipping the operation list changes no number", "[pipeline]")
{
    auto in = params(6, 12, PipelineSchedule::Interleaved, 3, 0.7, 1.9, 0.05);
    const auto full = simulatePipeline(in);
    in.recordOperations = false;
    const auto lean = simulatePipeline(in);
    REQUIRE(full.ok());
    REQUIRE(lean.ok());
    CHECK(lean.operations.empty());
    CHECK(full.operations.size() == 6u * 2u * 3u * 12u);
    CHECK(lean.totalSeconds == full.totalSeconds);
    CHECK(lean.bubbleSeconds == full.bubbleSeconds);
    CHECK(lean.peakInFlight == full.peakInFlight);
}

TEST_CASE("scenario mapping", "[pipeline]")
{
    Scenario s;
    s.parallel.pp = 4;
    s.train.globalBatch = (16) * s.train.microBatch * s.parallel.dp;
    s.parallel.schedule = PipelineSchedule::OneFOneB;
    s.parallel.virtualStages = 3; // ignored unless interleaved
    s.parallel.forwardSeconds = 0.25;
    auto in = pipelineParamsFromScenario(s);
    CHECK(in.stages == 4);
    CHECK(in.microbatches == 16);
    CHECK(in.schedule == PipelineSchedule::OneFOneB);
    CHECK(in.virtualStages == 1);
    CHECK(in.forwardSeconds == 0.25);
    CHECK(in.backwardSeconds == 0.5); // Kaplan et al. 2020: backward = 2 × forward
    CHECK(in.transferSeconds == 0.0);
    CHECK(simulatePipeline(in).ok());

    s.parallel.backwardSeconds = 0.6; // an explicit t_b replaces the 2 × t_f default
    CHECK(pipelineParamsFromScenario(s).backwardSeconds == 0.6);
    s.parallel.backwardSeconds = 0;

    s.parallel.schedule = PipelineSchedule::Interleaved;
    s.parallel.transferSeconds = 0.01;
    in = pipelineParamsFromScenario(s);
    CHECK(in.virtualStages == 3);
    CHECK(in.transferSeconds == 0.01);
    const auto r = simulatePipeline(in);
    REQUIRE(r.ok());
    // MODELS §5: (1/v)(p − 1)/m = 3/48 with no transfer; the 0.01 s hops make it larger.
    CHECK(r.bubbleRatio > 3.0 / 48.0);
}

TEST_CASE("larger random pipelines keep every property", "[pipeline]")
{
    // The random test above stops at p = 12, m = 24, v = 4; the panel offers much more. Same
    // properties (checkProperties) on p up to 48, m up to 96, v up to 6, plus two bounds that
    // hold at any size:
    // - 1F1B never holds more than p micro-batches on any device (Narayanan et al. 2021 §2.2.1);
    // - interleaved never holds more than p·v + p − 1 chunks (Megatron-LM's warm-up, plus one),
    //   i.e. p·(1 + (p − 1)/(p·v)) micro-batches' worth (Korthikanti et al. 2022 §4.2.3);
    // - at zero transfer, interleaving never lengthens the step: (1/v)(p − 1)/m ≤ (p − 1)/m.
    std::mt19937_64 rng(0x5EED'0002);
    std::uniform_int_distribution<std::int64_t> stagesDist(1, 48);
    std::uniform_int_distribution<std::int64_t> groupDist(1, 2);
    std::uniform_int_distribution<std::int64_t> chunkDist(1, 6);
    std::uniform_real_distribution<double> time(0.1, 3.0);
    for (int trial = 0; trial < 24; ++trial) {
        const std::int64_t p = stagesDist(rng);
        const std::int64_t m = p * groupDist(rng);
        const std::int64_t v = chunkDist(rng);
        const double tf = time(rng);
        const double tb = 2.0 * tf;
        INFO("trial " << trial << ": p = " << p << " m = " << m << " v = " << v);
        const auto oIn = params(p, m, PipelineSchedule::OneFOneB, 1, tf, tb, 0.0);
        const auto o = simulatePipeline(oIn);
        checkProperties(oIn, o);
        CHECK(o.maxPeakInFlight <= p);
        const auto iIn = params(p, m, PipelineSchedule::Interleaved, v, tf, tb, 0.0);
        const auto in = simulatePipeline(iIn);
        checkProperties(iIn, in);
        CHECK(in.maxPeakInFlight <= p * v + p - 1);
        CHECK(in.totalSeconds <= o.totalSeconds * (1 + kRelative));
        CHECK(in.bubbleRatio == Approx(static_cast<double>(p - 1) / static_cast<double>(v * m))
                                    .epsilon(kRelative)
                                    .margin(kRatioMargin));
    }
}
