// The Monte-Carlo job simulator (SPEC panel 6, MODELS §6) and its generator (random.h): published
// reference vectors for the generators; convergence of the mean to Daly's (2006) closed form.
#include "fixtures.h"
#include "simcore/montecarlo/montecarlo.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace simcore;

namespace {

constexpr auto params = &testing::checkpointParams;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kDay = 86400.0;
constexpr std::uint64_t kSeed = 20240723; // fixed: the tests are deterministic

/// The batch mean agrees with the model: within 1 % of T (the brief), within 5 standard errors,
/// and the waste T − W itself within 2 % (so a wrong model cannot hide behind a small waste).
void checkConverges(const CheckpointParams& p, std::int64_t runs, const WasteBreakdown& model)
{
    MonteCarloOptions options;
    options.seed = kSeed;
    const auto batch = simulateBatch(p, runs, options);
    REQUIRE(batch.status == RunStatus::Completed);
    REQUIRE(batch.runsCompleted == runs);
    REQUIRE(model.status == CheckpointStatus::Ok);
    const double t = model.expectedSeconds;
    INFO("mean " << batch.meanSeconds << " ± " << batch.standardErrorSeconds << ", model " << t);
    // The runs were chosen so that the standard error is well below 1 % of T.
    CHECK(batch.standardErrorSeconds < 0.002 * t);
    CHECK(std::abs(batch.meanSeconds - t) < 0.01 * t);
    CHECK(std::abs(batch.meanSeconds - t) < 5 * batch.standardErrorSeconds);
    const double waste = t - p.workSeconds;
    CHECK(std::abs(batch.meanSeconds - p.workSeconds - waste) < 0.02 * waste);
    // Failures: Wald's identity E[failures] = E[T]/M.
    CHECK(batch.meanFailures == Approx(model.expectedFailures).epsilon(0.02));
    // The parts, each against its own closed form (derivation in checkpoint.cpp). Zero parts are
    // exactly zero in both.
    const auto close = [](double simulated, double expected) {
        return expected == 0.0 ? simulated == 0.0
                               : std::abs(simulated - expected) < 0.03 * expected;
    };
    CHECK(close(batch.meanWriteSeconds, model.writeSeconds));
    CHECK(close(batch.meanLostWorkSeconds, model.lostWorkSeconds));
    CHECK(close(batch.meanRestartSeconds, model.restartSeconds));
}
} // namespace

TEST_CASE("SplitMix64 reproduces its published outputs", "[montecarlo]")
{
    // Vigna's reference splitmix64.c, seed 0: the first four outputs.
    SplitMix64 g(0);
    CHECK(g.next() == 0xe220a8397b1dcdafULL);
    CHECK(g.next() == 0x6e789e6aa1b965f4ULL);
    CHECK(g.next() == 0x06c45d188009454fULL);
    CHECK(g.next() == 0xf88bb8a8724c81ecULL);
}

TEST_CASE("xoshiro256** reproduces its published outputs", "[montecarlo]")
{
    // Blackman & Vigna's reference xoshiro256starstar.c from the state {1, 2, 3, 4}: the test
    // vector of the Rust rand_xoshiro crate. By hand, the first is rotl(2·5, 7)·9 = 1280·9 = 11520.
    auto g = Xoshiro256StarStar::fromState({1, 2, 3, 4});
    const std::uint64_t expected[] = {11520ULL,
                                      0ULL,
                                      1509978240ULL,
                                      1215971899390074240ULL,
                                      1216172134540287360ULL,
                                      607988272756665600ULL,
                                      16172922978634559625ULL,
                                      8476171486693032832ULL,
                                      10595114339597558777ULL,
                                      2904607092377533576ULL};
    for (const auto e : expected) {
        CHECK(g.next() == e);
    }
}

TEST_CASE("the xoshiro jump is linear and commutes with next", "[montecarlo]")
{
    // Blackman & Vigna: jump() applies a fixed polynomial of the (GF(2)-linear) transition, so
    // jump(a ⊕ b) = jump(a) ⊕ jump(b) and jump(next(s)) = next(jump(s)).
    const Xoshiro256StarStar::State a{0x0123456789abcdefULL, 42, 7, 0xfedcba9876543210ULL};
    const Xoshiro256StarStar::State b{99, 0xdeadbeefULL, 0x5555555555555555ULL, 1};
    Xoshiro256StarStar::State both{};
    for (std::size_t i = 0; i < 4; ++i) {
        both[i] = a[i] ^ b[i];
    }
    auto ga = Xoshiro256StarStar::fromState(a);
    auto gb = Xoshiro256StarStar::fromState(b);
    auto gab = Xoshiro256StarStar::fromState(both);
    ga.jump();
    gb.jump();
    gab.jump();
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(gab.state()[i] == (ga.state()[i] ^ gb.state()[i]));
    }
    auto first = Xoshiro256StarStar::fromState(a);
    first.next();
    first.jump();
    auto second = Xoshiro256StarStar::fromState(a);
    second.jump();
    second.next();
    CHECK(first.state() == second.state());
    CHECK(first.state() != Xoshiro256StarStar::fromState(a).state());
}

TEST_CASE("the portable logarithm agrees with the exact values", "[montecarlo]")
{
    // ln 1 = 0 exactly; ln ½ = −ln 2 = −0.6931471805599453; ln 2^−53 = −53·ln 2 = −36.7368005697;
    // others against the C library's log to a few ulp.
    CHECK(portableLog(1.0) == 0.0);
    CHECK(portableLog(0.5) == Approx(-0.6931471805599453).epsilon(2e-16));
    CHECK(portableLog(0x1.0p-53) == Approx(-36.73680056967710).epsilon(2e-16));
    CHECK(portableLog(std::exp(1.0)) == Approx(1.0).epsilon(4e-16));
    for (double x = 1e-16; x <= 1.0; x *= 1.37) {
        CHECK(portableLog(x) == Approx(std::log(x)).epsilon(4e-16));
    }
    CHECK(portableLog(0.0) == 0.0); // outside the domain: 0, no NaN or trap
    CHECK(portableLog(-1.0) == 0.0);
}

TEST_CASE("exponential variates have the right mean and range", "[montecarlo]")
{
    // Exp(mean 1000): mean 1000, s.d. 1000; over 10^6 draws the standard error is 1 (0.1 %).
    // U in (0, 1] bounds a draw to [0, 1000·53·ln 2] = [0, 36 736.8].
    Xoshiro256StarStar g(kSeed);
    double sum = 0;
    double largest = 0;
    double smallest = kInf;
    for (int i = 0; i < 1000000; ++i) {
        const double x = g.exponential(1000.0);
        sum += x;
        largest = std::max(largest, x);
        smallest = std::min(smallest, x);
    }
    CHECK(sum / 1e6 == Approx(1000.0).epsilon(0.005));
    CHECK(smallest >= 0.0);
    CHECK(largest <= 36736.81);
    // P(X > 10·mean) = e^{−10} = 4.5e-5: about 45 of 10^6 draws, so one must exceed it.
    CHECK(largest > 10000.0);
}

TEST_CASE("Monte-Carlo mean matches Daly for the real Llama 3 failure rate", "[montecarlo]")
{
    // Llama 3 paper §3.3.4 (MODELS §6): 419 unexpected interruptions in 54 days on 16 384 GPUs →
    // job MTBF M = 54·86 400/419 = 11 135.08 s (3.09 h). δ = 60 s, R = 600 s, τ = 1200 s (Daly's
    // optimum is 1116 s), W = 54 days = 3888 intervals. Daly: T = M·e^{R/M}·(e^{1260/M} − 1)·3888
    // = 5 473 956.9 s (63.36 days), about 492 failures per run. 2000 runs: s.e. ≈ 0.01 %.
    const auto p = params(1200, 60, 600, 54 * kDay / 419, 54 * kDay);
    const auto model = dalyExpectedTime(p);
    CHECK(model.expectedSeconds == Approx(5473956.9).epsilon(1e-7)); // the hand value
    checkConverges(p, 2000, model);
}

TEST_CASE("Monte-Carlo mean matches Daly for frequent failures", "[montecarlo]")
{
    // Daly (2006): M = 1000, τ = 500, δ = 100, R = 200, W = 50 000 → T = 100 413.8 s (hand
    // calculation in test_checkpoint.cpp), half the time wasted; ≈ 100 failures per run.
    const auto p = params(500, 100, 200, 1000, 50000);
    checkConverges(p, 4000, dalyExpectedTime(p));
}

TEST_CASE("Monte-Carlo mean matches Daly for the default scenario", "[montecarlo]")
{
    // Default scenario: M = 175 781.25 s (1024 GPUs), τ = 3600, δ = 60, R = 600, W = 14 days →
    // T = 1 246 900.8 s (hand value in test_checkpoint.cpp); only ≈ 7 failures per run, so many
    // runs: 20 000 give a standard error of ≈ 0.15 % of the waste.
    const auto p = params(3600, 60, 600, 175781.25, 14 * kDay);
    checkConverges(p, 20000, dalyExpectedTime(p));
}

TEST_CASE("Monte-Carlo mean matches Daly with zero write and restart time", "[montecarlo]")
{
    // Daly (2006) with δ = R = 0: T = M(e^{τ/M} − 1)·W/τ = 4000·(e^{0.5} − 1)·100 = 259 488.5 s.
    const auto p = params(2000, 0, 0, 4000, 200000);
    checkConverges(p, 20000, dalyExpectedTime(p));
}

TEST_CASE("Monte-Carlo mean matches the model for an interval longer than the job", "[montecarlo]")
{
    // τ > W: one interval (checkpoint.h). W = 3000, δ = 120, R = 300, M = 5000:
    // T = 5000·e^{0.06}·(e^{0.624} − 1) = 4599.76 s (test_checkpoint.cpp).
    const auto p = params(1e5, 120, 300, 5000, 3000);
    checkConverges(p, 150000, dalyExpectedTime(p));
}

TEST_CASE("Monte-Carlo mean matches the segmented model for a partial last interval",
          "[montecarlo]")
{
    // W = 47 000, τ = 5000: 9 whole intervals and one of 2000 (δ = 100, R = 300, M = 3000):
    // exact mean 136 862.0 s, while Daly's fractional count gives 139 434.2 s (1.9 % more): the
    // simulation must find the former.
    const auto p = params(5000, 100, 300, 3000, 47000);
    const auto exact = segmentedExpectedTime(p);
    checkConverges(p, 20000, exact);
    MonteCarloOptions options;
    options.seed = kSeed;
    const auto batch = simulateBatch(p, 20000, options);
    CHECK(std::abs(batch.meanSeconds - dalyExpectedTime(p).expectedSeconds) >
          5 * batch.standardErrorSeconds);
}

TEST_CASE("without failures every run takes the work plus the writes", "[montecarlo]")
{
    // M = ∞: T = W + ⌈W/τ⌉·δ = 1 209 600 + 336·60 = 1 229 760 s, identical in every run.
    MonteCarloOptions options;
    options.seed = kSeed;
    const auto batch = simulateBatch(params(3600, 60, 600, kInf, 14 * kDay), 10, options);
    REQUIRE(batch.status == RunStatus::Completed);
    CHECK(batch.meanSeconds == Approx(1229760.0).epsilon(1e-12));
    CHECK(batch.standardErrorSeconds == Approx(0.0).margin(1e-6));
    CHECK(batch.totalFailures == 0);
}

TEST_CASE("same seed same results, different seed different results", "[montecarlo]")
{
    const auto p = params(1200, 60, 600, 54 * kDay / 419, 10 * kDay);
    MonteCarloOptions options;
    options.seed = 7;
    const auto a = simulateBatch(p, 50, options);
    const auto b = simulateBatch(p, 50, options);
    REQUIRE(a.status == RunStatus::Completed);
    CHECK(a.completionSeconds == b.completionSeconds); // bit for bit
    CHECK(a.totalFailures == b.totalFailures);
    options.seed = 8;
    const auto c = simulateBatch(p, 50, options);
    REQUIRE(c.status == RunStatus::Completed);
    CHECK(a.completionSeconds != c.completionSeconds);
    // Run i of a batch is the seed's stream jumped i times, so it can be replayed on its own.
    options.seed = 7;
    CHECK(simulateRun(p, options, 0).completionSeconds == a.completionSeconds[0]);
    CHECK(simulateRun(p, options, 17).completionSeconds == a.completionSeconds[17]);
    // Runs are different from each other.
    CHECK(a.completionSeconds[0] != a.completionSeconds[1]);
}

TEST_CASE("a recorded timeline accounts for every second", "[montecarlo]")
{
    // Frequent failures so that every kind of segment appears: M = 1000, τ = 500, δ = 100,
    // R = 200, W = 20 000 (40 intervals). The segments must tile [0, completion] and sum to the
    // run's own totals; each failure ends exactly one segment.
    const auto p = params(500, 100, 200, 1000, 20000);
    MonteCarloOptions options;
    options.seed = kSeed;
    options.recordTimeline = true;
    const auto run = simulateRun(p, options);
    REQUIRE(run.status == RunStatus::Completed);
    REQUIRE_FALSE(run.timelineTruncated);
    REQUIRE_FALSE(run.timeline.empty());
    CHECK(run.workSeconds == Approx(20000.0).epsilon(1e-12));
    CHECK(run.workSeconds + run.writeSeconds + run.lostWorkSeconds + run.restartSeconds ==
          Approx(run.completionSeconds).epsilon(1e-12));
    double sums[4] = {0, 0, 0, 0};
    std::int64_t failureEnds = 0;
    int completedWrites = 0;
    double cursor = 0;
    bool tiled = true;
    for (const auto& s : run.timeline) {
        tiled = tiled && std::abs(s.startSeconds - cursor) <= 1e-9 * (1 + cursor) &&
                s.endSeconds >= s.startSeconds;
        cursor = s.endSeconds;
        sums[static_cast<int>(s.kind)] += s.endSeconds - s.startSeconds;
        failureEnds += s.endsInFailure ? 1 : 0;
        completedWrites += (s.kind == SegmentKind::Write && !s.endsInFailure) ? 1 : 0;
    }
    CHECK(tiled);
    CHECK(cursor == Approx(run.completionSeconds).epsilon(1e-12));
    CHECK(sums[static_cast<int>(SegmentKind::Work)] == Approx(run.workSeconds).epsilon(1e-9));
    CHECK(sums[static_cast<int>(SegmentKind::Write)] == Approx(run.writeSeconds).epsilon(1e-9));
    CHECK(sums[static_cast<int>(SegmentKind::Lost)] == Approx(run.lostWorkSeconds).epsilon(1e-9));
    CHECK(sums[static_cast<int>(SegmentKind::Restart)] == Approx(run.restartSeconds).epsilon(1e-9));
    CHECK(failureEnds == run.failures);
    CHECK(completedWrites == 40); // one checkpoint per interval
    CHECK(run.failures > 0);
    // The same run without a timeline gives the same numbers.
    options.recordTimeline = false;
    const auto plain = simulateRun(p, options);
    CHECK(plain.completionSeconds == run.completionSeconds);
    CHECK(plain.timeline.empty());

    // The cap: recording stops and says so; the run itself is unchanged.
    options.recordTimeline = true;
    options.maxTimelineSegments = 10;
    const auto capped = simulateRun(p, options);
    CHECK(capped.timeline.size() == 10);
    CHECK(capped.timelineTruncated);
    CHECK(capped.completionSeconds == run.completionSeconds);
}

TEST_CASE("hopeless jobs stop at the failure cap instead of hanging", "[montecarlo]")
{
    // M = 1 s and δ = 3600 s: a checkpoint succeeds with probability e^{−3600}; the job never
    // finishes, and its expected time is past the double range: more failures than any count,
    // so the batch is refused before a run starts.
    const auto p = params(60, 3600, 600, 1, 1e4);
    MonteCarloOptions options;
    options.seed = kSeed;
    CHECK(std::isinf(expectedMonteCarloFailures(p, 1)));
    const auto refused = simulateBatch(p, 1000, options);
    CHECK(refused.status == RunStatus::TooManyFailures);
    CHECK(refused.runsCompleted == 0);
    CHECK(refused.totalFailures == 0);
    // τ = 10 s at M = 1 s, no writes or restarts: e^10 − 1 ≈ 22,025 failures an interval, about
    // 2.2e7 for the job's 1,000 intervals; within the batch limit, so the run starts, and with
    // the default cap (10^6 failures) it stops there.
    const auto batch = simulateBatch(params(10, 0, 0, 1, 1e4), 1, options);
    CHECK(batch.status == RunStatus::FailureLimit);
    CHECK(batch.runsCompleted == 0);
    CHECK(batch.completionSeconds.empty());
    CHECK(batch.totalFailures == options.maxFailuresPerRun);
    options.maxFailuresPerRun = 100;
    const auto run = simulateRun(p, options);
    CHECK(run.status == RunStatus::FailureLimit);
    CHECK(run.failures == 100);
}

TEST_CASE("a simulation can be cancelled and reports progress", "[montecarlo]")
{
    const auto hopeless = params(60, 3600, 600, 1, 1e4);
    std::atomic<bool> cancel{true};
    MonteCarloOptions options;
    options.seed = kSeed;
    options.cancel = &cancel;
    // Inside a run: polled every 4096 failures, long before the 10^6 cap.
    const auto run = simulateRun(hopeless, options);
    CHECK(run.status == RunStatus::Cancelled);
    CHECK(run.failures == 4096);
    // Between runs: nothing is simulated.
    const auto batch = simulateBatch(params(500, 100, 200, 1000, 50000), 100, options);
    CHECK(batch.status == RunStatus::Cancelled);
    CHECK(batch.runsCompleted == 0);

    cancel = false;
    std::atomic<std::int64_t> progress{0};
    options.progress = &progress;
    const auto done = simulateBatch(params(500, 100, 200, 1000, 50000), 100, options);
    CHECK(done.status == RunStatus::Completed);
    CHECK(progress.load() == 100);
}

TEST_CASE("invalid Monte-Carlo inputs are reported", "[montecarlo]")
{
    MonteCarloOptions options;
    const auto ok = params(500, 100, 200, 1000, 50000);
    CHECK(simulateBatch(ok, 0, options).status == RunStatus::InvalidInput);
    CHECK(simulateBatch(params(0, 100, 200, 1000, 50000), 10, options).status ==
          RunStatus::InvalidInput);
    CHECK(simulateBatch(params(500, -1, 200, 1000, 50000), 10, options).status ==
          RunStatus::InvalidInput);
    CHECK(simulateBatch(params(500, 100, 200, 0, 50000), 10, options).status ==
          RunStatus::InvalidInput);
    CHECK(simulateRun(ok, options, -1).status == RunStatus::InvalidInput);
    // 1e11 s of work in 1e-6 s intervals: 1e17 intervals, more than a double counts exactly.
    CHECK(simulateRun(params(1e-6, 0, 0, 1000, 1e11), options).status ==
          RunStatus::TooManyIntervals);
    options.maxFailuresPerRun = 0;
    CHECK(simulateRun(ok, options).status == RunStatus::InvalidInput);
}

TEST_CASE("the histogram bins completion times", "[montecarlo]")
{
    // Values 0…9 into 5 bins of width (9 − 0)/5 = 1.8: [0,1.8) 0,1; [1.8,3.6) 2,3; [3.6,5.4) 4,5;
    // [5.4,7.2) 6,7; [7.2,9] 8,9 (the last bin keeps its right edge).
    const double values[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, std::nan("")};
    const auto h = makeHistogram(values, 5);
    CHECK(h.minSeconds == 0.0);
    CHECK(h.binWidthSeconds == Approx(1.8));
    CHECK(h.counts == std::vector<std::int64_t>{2, 2, 2, 2, 2});
    const double same[] = {5, 5, 5};
    const auto flat = makeHistogram(same, 4);
    CHECK(flat.binWidthSeconds == Approx(0.25));
    CHECK(flat.counts == std::vector<std::int64_t>{0, 0, 3, 0});
    CHECK(makeHistogram(values, 0).counts.empty());
    CHECK(makeHistogram({}, 10).counts.empty());
}

TEST_CASE("a batch past the failure limit is not started, and no run has no times", "[montecarlo]")
{
    // A job MTBF of 10 s against an hour's interval: no run can finish.
    CheckpointParams params;
    params.workSeconds = 86400;
    params.intervalSeconds = 3600;
    params.writeSeconds = 60;
    params.restartSeconds = 600;
    params.mtbfSeconds = 10;
    CHECK(expectedMonteCarloFailures(params, 3) > kMaxMonteCarloFailures);
    MonteCarloOptions options;
    const BatchResult batch = simulateBatch(params, 3, options);
    CHECK(batch.status == RunStatus::TooManyFailures);
    CHECK(batch.runsCompleted == 0);
    CHECK(batch.totalFailures == 0); // refused before any run
    CHECK(std::isnan(batch.meanSeconds));
    CHECK(std::isnan(batch.minSeconds));
    CHECK(std::isnan(batch.maxSeconds));
}
