// The checkpoint model (MODELS §6): Young (1974), Daly (2006), the seed's shouldCheckpoint
// (lesson §3b), against hand calculations and published figures written out in the comments.
#include "fixtures.h"
#include "simcore/models/checkpoint.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace simcore;

namespace {

constexpr auto params = &testing::checkpointParams;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kHour = 3600.0;
constexpr double kDay = 86400.0;
// dtsim's default scenario: GPU MTBF 5e4 h, 1024 GPUs → M = 5e4·3600/1024 = 175 781.25 s
// = 48.828 h (MODELS §6, cluster MTBF = GPU MTBF / N).
constexpr double kDefaultM = 175781.25;

void checkPartsAddUp(const WasteBreakdown& b)
{
    REQUIRE(b.status == CheckpointStatus::Ok);
    // Every second is work, a write, lost work or a restart (derivation in checkpoint.cpp).
    CHECK(b.workSeconds + b.writeSeconds + b.lostWorkSeconds + b.restartSeconds ==
          Approx(b.expectedSeconds).epsilon(1e-12));
    CHECK(b.writeFraction + b.lostFraction + b.restartFraction ==
          Approx(b.wasteFraction).epsilon(1e-12));
    CHECK(b.wasteFraction ==
          Approx((b.expectedSeconds - b.workSeconds) / b.expectedSeconds).epsilon(1e-9));
}
} // namespace

TEST_CASE("cluster MTBF is the GPU MTBF divided by the GPU count", "[checkpoint]")
{
    // MODELS §6. Default scenario: 5e4 h · 3600 s/h / 1024 = 175 781.25 s exactly.
    const auto m = clusterMtbf(5e4 * kHour, 1024);
    REQUIRE(m.ok());
    CHECK(m.value == 175781.25);
    // Llama 3 paper §3.3.4: 419 unexpected interruptions in 54 days on 16 384 GPUs → job MTBF
    // = 54·24/419 h = 3.0931 h = 11 135.08 s; the matching GPU MTBF is 3.0931 h · 16 384.
    const auto llama = clusterMtbf(54 * kDay / 419 * 16384, 16384);
    REQUIRE(llama.ok());
    CHECK(llama.value / kHour == Approx(3.0931).epsilon(1e-4));
    // No failures stay no failures.
    CHECK(clusterMtbf(kInf, 8).value == kInf);
    CHECK(clusterMtbf(1e6, 0).status == CheckpointStatus::InvalidInput);
    CHECK(clusterMtbf(0.0, 8).status == CheckpointStatus::InvalidInput);
    CHECK(clusterMtbf(kNaN, 8).status == CheckpointStatus::InvalidInput);
}

TEST_CASE("Young's interval by hand", "[checkpoint]")
{
    // Young (1974): τ = √(2δM). δ = 60 s, M = 175 781.25 s (48.8 h):
    // 2·60·175 781.25 = 21 093 750; √ = 4592.7933 s (76.5 min).
    const auto t = youngInterval(60, kDefaultM);
    REQUIRE(t.ok());
    CHECK(t.value == Approx(4592.7933).epsilon(1e-7));
    // δ = 0: free checkpoints, checkpoint continuously.
    CHECK(youngInterval(0, kDefaultM).value == 0.0);
    CHECK(youngInterval(60, kInf).status == CheckpointStatus::NoFailures);
    CHECK(youngInterval(-1, kDefaultM).status == CheckpointStatus::InvalidInput);
    CHECK(youngInterval(60, 0).status == CheckpointStatus::InvalidInput);
    CHECK(youngInterval(kNaN, kDefaultM).status == CheckpointStatus::InvalidInput);
}

TEST_CASE("Daly's interval by hand", "[checkpoint]")
{
    // Daly (2006): τ = √(2δM)·[1 + ⅓√(δ/2M) + (δ/2M)/9] − δ. δ = 60 s, M = 175 781.25 s:
    // δ/2M = 60/351 562.5 = 1.70667e-4; ⅓√ = 0.00435465; /9 = 1.8963e-5;
    // bracket = 1.00437361; × 4592.7933 = 4612.8804; − 60 = 4552.8804 s.
    const auto t = dalyInterval(60, kDefaultM);
    REQUIRE(t.ok());
    CHECK(t.value == Approx(4552.8804).epsilon(1e-7));
    // Below Young's: the −δ term dominates when δ ≪ M.
    CHECK(t.value < youngInterval(60, kDefaultM).value);
}

TEST_CASE("Daly's interval matches the paper's own examples", "[checkpoint]")
{
    // Daly (2006), captions of Figs. 3-5: δ = 5 min, R = 10 min, T_s = 500 h;
    // M = 24 h → τ_opt = 117 min; M = 6 h → 57 min; M = 15 min → 9.1 min.
    // By hand, M = 1440 min: √(2·5·1440) = 120; δ/2M = 0.0017361; bracket 1.0140818 → 116.69 min.
    CHECK(dalyInterval(5 * 60, 24 * kHour).value / 60 == Approx(117).margin(0.5));
    CHECK(dalyInterval(5 * 60, 6 * kHour).value / 60 == Approx(57).margin(0.5));
    CHECK(dalyInterval(5 * 60, 15 * 60).value / 60 == Approx(9.1).margin(0.05));
}

TEST_CASE("Daly's interval for a write time of at least 2M is M", "[checkpoint]")
{
    // Daly (2006): τ_opt = M for δ ≥ 2M.
    CHECK(dalyInterval(100, 50).value == 50.0);
    CHECK(dalyInterval(100, 50).ok());
    CHECK(dalyInterval(1e6, 1).value == 1.0);
    // Just below 2M the series applies: √(4M²)·(1 + ⅓ + 1/9) − 2M = 2M·13/9 − 2M = 8M/9.
    CHECK(dalyInterval(99.999999, 50).value == Approx(8.0 * 50 / 9).epsilon(1e-6));
    CHECK(dalyInterval(0, kDefaultM).value == 0.0);
    CHECK(dalyInterval(60, kInf).status == CheckpointStatus::NoFailures);
    CHECK(dalyInterval(-60, kDefaultM).status == CheckpointStatus::InvalidInput);
}

TEST_CASE("Daly's expected time by hand", "[checkpoint]")
{
    // Daly (2006): T = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W/τ.
    // M = 1000, τ = 500, δ = 100, R = 200, W = 50 000 (100 intervals):
    // e^{0.2} = 1.2214028, e^{0.6} − 1 = 0.8221188 → 1000·1.2214028·0.8221188·100 = 100 413.82 s.
    const auto b = dalyExpectedTime(params(500, 100, 200, 1000, 50000));
    REQUIRE(b.status == CheckpointStatus::Ok);
    CHECK(b.expectedSeconds == Approx(100413.817).epsilon(1e-8));
    CHECK(b.wasteFraction == Approx(1 - 50000 / 100413.817).epsilon(1e-8));
    // The split (renewal argument in checkpoint.cpp), per interval × 100:
    // writes   M(e^{δ/M} − 1)            = 1000·0.1051709 = 105.1709  → 10 517.09
    // lost     M·e^{δ/M}(e^{τ/M} − 1) − τ = 1000·1.1051709·0.6487213 − 500 = 216.9479 → 21 694.79
    // restarts M(e^{(τ+δ)/M} − 1)(e^{R/M} − 1) = 1000·0.8221188·0.2214028 = 182.0194 → 18 201.94
    CHECK(b.writeSeconds == Approx(10517.092).epsilon(1e-7));
    CHECK(b.lostWorkSeconds == Approx(21694.788).epsilon(1e-7));
    CHECK(b.restartSeconds == Approx(18201.937).epsilon(1e-7));
    // Expected failures = T/M (Wald) = 100.41.
    CHECK(b.expectedFailures == Approx(100.413817).epsilon(1e-8));
    checkPartsAddUp(b);
}

TEST_CASE("the default scenario's expected time by hand", "[checkpoint]")
{
    // M = 175 781.25 s, τ = 3600, δ = 60, R = 600, W = 14 days = 1 209 600 s (336 intervals):
    // T = M·e^{600/M}·(e^{3660/M} − 1)·336 = 1 246 900.77 s; waste = 2.9915 %.
    const auto b = dalyExpectedTime(params(3600, 60, 600, kDefaultM, 14 * kDay));
    CHECK(b.expectedSeconds == Approx(1246900.774).epsilon(1e-8));
    CHECK(b.wasteFraction == Approx(0.0299148).epsilon(1e-5));
    checkPartsAddUp(b);
}

TEST_CASE("the parts add up to the total waste", "[checkpoint]")
{
    // Derivation in checkpoint.cpp; each part is computed from its own formula, so this is a check.
    checkPartsAddUp(dalyExpectedTime(params(3600, 60, 600, kDefaultM, 14 * kDay)));
    checkPartsAddUp(dalyExpectedTime(params(1200, 60, 600, 54 * kDay / 419, 54 * kDay)));
    checkPartsAddUp(dalyExpectedTime(params(10, 1, 5, 1e9, 1e6)));       // rare failures
    checkPartsAddUp(dalyExpectedTime(params(5000, 300, 600, 900, 1e5))); // frequent failures
    checkPartsAddUp(dalyExpectedTime(params(4000, 0, 0, 4000, 2e5)));    // δ = R = 0
    checkPartsAddUp(segmentedExpectedTime(params(5000, 100, 300, 3000, 47000)));
}

TEST_CASE("without failures Daly's time is the work plus the writes", "[checkpoint]")
{
    // Daly (2006) as M → ∞: T → W + (W/τ)·δ. W = 14 days = 1 209 600 s, τ = 3600 s → 336
    // intervals, δ = 60 s → T = 1 209 600 + 20 160 = 1 229 760 s, waste 20 160/1 229 760.
    const auto none = dalyExpectedTime(params(3600, 60, 600, kInf, 14 * kDay));
    REQUIRE(none.status == CheckpointStatus::Ok);
    CHECK(none.expectedSeconds == Approx(1229760.0).epsilon(1e-14));
    CHECK(none.writeSeconds == Approx(20160.0).epsilon(1e-14));
    CHECK(none.lostWorkSeconds == 0.0);
    CHECK(none.restartSeconds == 0.0);
    CHECK(none.expectedFailures == 0.0);
    CHECK(none.wasteFraction == Approx(20160.0 / 1229760.0).epsilon(1e-12));
    // A huge finite M tends to the same. To first order in 1/M, per interval: lost work
    // M[(e^{a} − 1 − a) + (e^{d} − 1)(e^{a} − 1)] ≈ τ²/(2M) + δτ/M, so over W/τ intervals
    // W·(τ/2 + δ)/M = 1 209 600·1860/1e18 = 2.25e-9 s; restarts M(e^{s} − 1)(e^{r} − 1) ≈
    // (τ + δ)·R/M per interval, in all T·R/M = 1 229 760·600/1e18 = 7.38e-10 s.
    const auto rare = dalyExpectedTime(params(3600, 60, 600, 1e18, 14 * kDay));
    CHECK(rare.expectedSeconds == Approx(1229760.0).epsilon(1e-12));
    CHECK(rare.lostWorkSeconds == Approx(1209600.0 * 1860 / 1e18).epsilon(1e-6));
    CHECK(rare.restartSeconds == Approx(1229760.0 * 600 / 1e18).epsilon(1e-6));
    checkPartsAddUp(rare);
}

TEST_CASE("an interval longer than the job is one interval", "[checkpoint]")
{
    // τ > W: one interval of W work and one write; Daly's W/τ = 1 is exact at τ = W (checkpoint.h).
    // W = 3000, δ = 120, R = 300, M = 5000: T = 5000·e^{0.06}·(e^{3120/5000} − 1) = 4599.7625 s.
    const auto longer = dalyExpectedTime(params(1e5, 120, 300, 5000, 3000));
    CHECK(longer.intervalSeconds == 3000.0);
    CHECK(longer.expectedSeconds == Approx(4599.7625).epsilon(1e-8));
    // Without failures that is W + δ, not W + (W/τ)·δ.
    CHECK(dalyExpectedTime(params(1e5, 120, 300, kInf, 3000)).expectedSeconds == 3120.0);
    CHECK(segmentedExpectedTime(params(1e5, 120, 300, 5000, 3000)).expectedSeconds ==
          Approx(4599.7625).epsilon(1e-8));
}

TEST_CASE("a partial last interval is counted exactly by the segmented model", "[checkpoint]")
{
    // W = 47 000, τ = 5000 → 9 whole intervals and one of 2000. δ = 100, R = 300, M = 3000.
    // Per interval M·e^{R/M}(e^{(w+δ)/M} − 1) = 3000·e^{0.1}·(e^{(w+100)/3000} − 1):
    // w = 5000 → 3315.51·(e^{1.7} − 1) = 14 833.43; w = 2000 → 3315.51·(e^{0.7} − 1) = 3361.11.
    // 9·14 833.43 + 3361.11 = 136 861.98 s; Daly's fractional 9.4 intervals: 9.4·14 833.43
    // = 139 434.24 s.
    const auto p = params(5000, 100, 300, 3000, 47000);
    CHECK(segmentedExpectedTime(p).expectedSeconds == Approx(136861.977).epsilon(1e-8));
    CHECK(dalyExpectedTime(p).expectedSeconds == Approx(139434.239).epsilon(1e-8));
    // When τ divides W the two agree: W = 50 000 = 10 · 5000.
    const auto whole = params(5000, 100, 300, 3000, 50000);
    CHECK(segmentedExpectedTime(whole).expectedSeconds ==
          Approx(dalyExpectedTime(whole).expectedSeconds).epsilon(1e-12));
}

TEST_CASE("zero restart and zero write time", "[checkpoint]")
{
    // R = 0, δ = 0: T = M(e^{τ/M} − 1)·W/τ; M = 4000, τ = 2000, W = 200 000:
    // 4000·(e^{0.5} − 1)·100 = 4000·0.6487213·100 = 259 488.51 s, all of the waste lost work.
    const auto b = dalyExpectedTime(params(2000, 0, 0, 4000, 200000));
    CHECK(b.expectedSeconds == Approx(259488.508).epsilon(1e-8));
    CHECK(b.writeSeconds == 0.0);
    CHECK(b.restartSeconds == 0.0);
    CHECK(b.lostWorkSeconds == Approx(59488.508).epsilon(1e-7));
    // δ = 0 and τ → 0 (Young's and Daly's optimum for free checkpoints): the limit is
    // T = W·e^{R/M} = 1 209 600·e^{600/175 781.25} = 1 213 735.82 s, all of it restarts.
    const auto limit = dalyExpectedTime(params(0, 0, 600, kDefaultM, 14 * kDay));
    REQUIRE(limit.status == CheckpointStatus::Ok);
    CHECK(limit.expectedSeconds == Approx(1213735.822).epsilon(1e-9));
    CHECK(limit.lostWorkSeconds == 0.0);
    // τ = 0 with a write cost would take forever.
    CHECK(dalyExpectedTime(params(0, 60, 600, kDefaultM, 14 * kDay)).status ==
          CheckpointStatus::InvalidInput);
}

TEST_CASE("huge exponents stay finite or are reported", "[checkpoint]")
{
    // M = 1e-5 s, τ = δ = 0.0036 s, W = τ, R = 0: (τ + δ)/M = 720, e^{720} overflows a double,
    // but T = 1e-5·(e^{720} − 1) = e^{720 + ln 1e-5} = e^{708.48707} does not.
    const auto big = dalyExpectedTime(params(0.0036, 0.0036, 0, 1e-5, 0.0036));
    REQUIRE(big.status == CheckpointStatus::Ok);
    CHECK(std::log(big.expectedSeconds) == Approx(708.48707).epsilon(1e-8));
    CHECK(big.wasteFraction == Approx(1.0).epsilon(1e-12));
    checkPartsAddUp(big);
    // M = 1 s, δ = τ = 1000 s: e^{2000} has no double: Overflow, fractions at their limit.
    const auto never = dalyExpectedTime(params(1000, 1000, 0, 1, 1e6));
    CHECK(never.status == CheckpointStatus::Overflow);
    CHECK(never.expectedSeconds == 0.0);
    CHECK(never.wasteFraction == 1.0);
    // δ = 3600 s much larger than M = 60 s, at Daly's rule τ = M = 60 s: finite but hopeless,
    // T = 60·e^{10}·(e^{3660/60} − 1)·1e4/60 ≈ e^{71}·1e4 = 6.84e34 s: the waste 1 − 1e4/T.
    const auto awful = dalyExpectedTime(params(dalyInterval(3600, 60).value, 3600, 600, 60, 1e4));
    REQUIRE(awful.status == CheckpointStatus::Ok);
    CHECK(awful.expectedSeconds == Approx(6.84e34).epsilon(0.001));
    CHECK(awful.wasteFraction == Approx(1.0).epsilon(1e-15));
}

TEST_CASE("invalid model inputs are reported, not computed", "[checkpoint]")
{
    const auto ok = params(3600, 60, 600, kDefaultM, 14 * kDay);
    auto p = ok;
    p.intervalSeconds = -1;
    CHECK(dalyExpectedTime(p).status == CheckpointStatus::InvalidInput);
    p = ok;
    p.writeSeconds = kNaN;
    CHECK(dalyExpectedTime(p).status == CheckpointStatus::InvalidInput);
    p = ok;
    p.restartSeconds = -5;
    CHECK(dalyExpectedTime(p).status == CheckpointStatus::InvalidInput);
    p = ok;
    p.mtbfSeconds = 0;
    CHECK(dalyExpectedTime(p).status == CheckpointStatus::InvalidInput);
    p = ok;
    p.workSeconds = 0;
    CHECK(dalyExpectedTime(p).status == CheckpointStatus::InvalidInput);
    p = ok;
    p.intervalSeconds = 0;
    CHECK(segmentedExpectedTime(p).status == CheckpointStatus::InvalidInput);
}

TEST_CASE("the sweep is log-spaced and its minimum sits at Daly's interval", "[checkpoint]")
{
    // MODELS §6: Daly's τ_opt approximates the minimiser of T; on a fine grid the smallest waste
    // must fall within one grid step of τ_opt = 4552.88 s (hand value above).
    const auto p = params(0, 60, 600, kDefaultM, 14 * kDay);
    const auto sweep = wasteSweep(p, 100, 1e5, 601);
    REQUIRE(sweep.status == CheckpointStatus::Ok);
    REQUIRE(sweep.points.size() == 601);
    CHECK(sweep.points.front().intervalSeconds == 100.0);
    CHECK(sweep.points.back().intervalSeconds == 1e5);
    // Log spacing: the middle point is the geometric mean √(100·1e5) = 3162.28.
    CHECK(sweep.points[300].intervalSeconds == Approx(3162.27766017).epsilon(1e-9));
    std::size_t best = 0;
    for (std::size_t i = 0; i < sweep.points.size(); ++i) {
        checkPartsAddUp(sweep.points[i]);
        if (sweep.points[i].wasteFraction < sweep.points[best].wasteFraction) {
            best = i;
        }
    }
    const double step = std::pow(1e3, 1.0 / 600); // ratio between neighbours
    CHECK(sweep.points[best].intervalSeconds / 4552.88 < step * 1.0001);
    CHECK(4552.88 / sweep.points[best].intervalSeconds < step * 1.0001);
    // Short intervals are dominated by writes, long ones by lost work.
    CHECK(sweep.points.front().writeFraction > sweep.points.front().lostFraction);
    CHECK(sweep.points.back().lostFraction > sweep.points.back().writeFraction);

    CHECK(wasteSweep(p, 0, 10, 5).status == CheckpointStatus::InvalidInput);
    CHECK(wasteSweep(p, 10, 10, 5).status == CheckpointStatus::InvalidInput);
    CHECK(wasteSweep(p, 10, 100, 1).status == CheckpointStatus::InvalidInput);
    CHECK(wasteSweep(p, 10, kInf, 5).points.empty());
}

TEST_CASE("shouldCheckpoint follows the seed", "[checkpoint]")
{
    // Seed lesson §3b: shouldCheckpoint(step, every) = step > 0 && step % every === 0.
    CHECK_FALSE(shouldCheckpoint(0, 100).value); // no checkpoint before the first step
    CHECK(shouldCheckpoint(100, 100).value);
    CHECK_FALSE(shouldCheckpoint(150, 100).value);
    CHECK(shouldCheckpoint(5000, 100).value);
    CHECK(shouldCheckpoint(5000, 5000).value); // the seed's "sparse" example
    CHECK_FALSE(shouldCheckpoint(4999, 5000).value);
    CHECK(shouldCheckpoint(1, 1).value);
    CHECK_FALSE(shouldCheckpoint(-100, 100).value);
    CHECK(shouldCheckpoint(100, 100).ok());
    // every ≤ 0 is an error value (the JS seed would compute step % 0 = NaN).
    CHECK(shouldCheckpoint(100, 0).status == CheckpointStatus::InvalidInput);
    CHECK_FALSE(shouldCheckpoint(100, 0).value);
    CHECK(shouldCheckpoint(100, -100).status == CheckpointStatus::InvalidInput);
}

TEST_CASE("intervals convert between seconds and steps", "[checkpoint]")
{
    // Lesson model at N = 16 (MODELS §1): step = 0.1425 s. 3600 s / 0.1425 s = 25 263.16 → 25 263
    // steps; back: 25 263 · 0.1425 = 3599.9775 s.
    const auto steps = intervalSecondsToSteps(3600, 0.1425);
    REQUIRE(steps.ok());
    CHECK(steps.value == 25263);
    CHECK(stepsToIntervalSeconds(25263, 0.1425).value == Approx(3599.9775).epsilon(1e-12));
    CHECK(intervalSecondsToSteps(0.01, 1.0).value == 1); // at most every step
    CHECK(intervalSecondsToSteps(0, 1.0).status == CheckpointStatus::InvalidInput);
    CHECK(intervalSecondsToSteps(3600, 0).status == CheckpointStatus::InvalidInput);
    CHECK(intervalSecondsToSteps(1e300, 1e-300).status == CheckpointStatus::Overflow);
    CHECK(stepsToIntervalSeconds(0, 1.0).status == CheckpointStatus::InvalidInput);
    CHECK(stepsToIntervalSeconds(10, kNaN).status == CheckpointStatus::InvalidInput);
}

TEST_CASE("evaluateCheckpoint reads the scenario", "[checkpoint]")
{
    // A job of 1,024 GPUs (fixtures.h): M = 175 781.25 s; Daly 4552.88 s; Young 4592.79 s; at
    // τ = 3600 s T = 1 246 900.77 s, waste 2.9915 % (hand values above).
    const Scenario scenario = testing::thousandGpuJob();
    const auto r = evaluateCheckpoint(scenario);
    REQUIRE(r.status == CheckpointStatus::Ok);
    CHECK(r.clusterMtbfSeconds == 175781.25);
    CHECK(r.optimalIntervalSeconds == Approx(4552.8804).epsilon(1e-7));
    CHECK(r.youngIntervalSeconds == Approx(4592.7933).epsilon(1e-7));
    CHECK(r.expectedSeconds == Approx(1246900.774).epsilon(1e-8));
    CHECK(r.wasteFraction == Approx(0.0299148).epsilon(1e-5));
    // The optimum wastes less than the scenario's 1 h interval.
    CHECK(r.atOptimum.wasteFraction < r.atInterval.wasteFraction);
    // The curve: the whole decades around τ_opt/10 = 455.3 s and 10·τ_opt = 45 528.8 s, 100 s …
    // 100 000 s, since τ = 3600 s lies inside.
    REQUIRE(r.curve.size() == 61);
    CHECK(r.curve.front().intervalSeconds == Approx(100.0).epsilon(1e-12));
    CHECK(r.curve.back().intervalSeconds == Approx(100000.0).epsilon(1e-12));

    Scenario bad = scenario;
    bad.checkpoint.gpus = 0;
    CHECK(evaluateCheckpoint(bad).status == CheckpointStatus::InvalidInput);
    // An N that is no layout has no step time, so no W from train.steps: the optima and the
    // shares stand, the seconds that scale with W are NaN.
    Scenario noLayout = scenario;
    noLayout.checkpoint.gpus = 1000;
    noLayout.checkpoint.workSeconds = 0;
    const auto n = evaluateCheckpoint(noLayout);
    CHECK(n.status == CheckpointStatus::Ok);
    CHECK_FALSE(n.workKnown);
    CHECK(std::isnan(n.params.workSeconds));
    CHECK(std::isnan(n.expectedSeconds));
    CHECK(std::isfinite(n.optimalIntervalSeconds));
    CHECK(std::isfinite(n.wasteFraction));
    CHECK(n.curve.size() == 61);
    Scenario freeWrites = scenario; // δ = 0: both optima are 0 (checkpoint continuously)
    freeWrites.checkpoint.writeTimeSeconds = 0;
    const auto f = evaluateCheckpoint(freeWrites);
    REQUIRE(f.status == CheckpointStatus::Ok);
    CHECK(f.optimalIntervalSeconds == 0.0);
    CHECK(f.atOptimum.status == CheckpointStatus::Ok);
    CHECK(f.curve.size() == 61);
}

TEST_CASE("the waste curve stays put while τ moves inside the decades around the optimum",
          "[checkpoint]")
{
    // A job of 1,024 GPUs (fixtures.h): τ_opt = 4552.88 s (Daly), W = 14 days = 1 209 600 s. The
    // sweep covers the decades holding τ_opt/10 and 10·τ_opt, 100 s … 100 000 s, whatever τ is
    // inside them; outside, it grows to τ's decade.
    Scenario scenario = testing::thousandGpuJob();
    const auto span = [&scenario](double tau) {
        scenario.checkpoint.intervalSeconds = tau;
        const auto r = evaluateCheckpoint(scenario);
        REQUIRE(r.status == CheckpointStatus::Ok);
        REQUIRE(r.curve.size() == 61);
        return std::pair{r.curve.front().intervalSeconds, r.curve.back().intervalSeconds};
    };
    const auto inside = span(3600);
    CHECK(inside.first == Approx(100.0).epsilon(1e-12));
    CHECK(inside.second == Approx(1e5).epsilon(1e-12));
    for (const double tau : {100.0, 300.0, 1000.0, 20000.0, 99999.0}) {
        CHECK(span(tau) == inside);
    }
    // τ = 50 s: the curve starts at 10 s; the far end stays.
    CHECK(span(50).first == Approx(10.0).epsilon(1e-12));
    CHECK(span(50).second == inside.second);
    // τ = 200 000 s: the curve ends at 10⁶ s; τ = 2·10⁶ s > W: it ends at W.
    CHECK(span(200000).first == inside.first);
    CHECK(span(200000).second == Approx(1e6).epsilon(1e-12));
    CHECK(span(2e6).second == Approx(1209600.0).epsilon(1e-12));
}
