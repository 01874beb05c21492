// The lesson model, MODELS §1 / seed lesson §5 (`simulateTraining`), against hand calculations.
#include "simcore/scaling.h"

#include <catch2/catch.hpp>
#include <limits>
#include <random>

using namespace simcore;

namespace {
constexpr double kRelative = 1e-12; // the model is a few floating-point operations
const LessonParams kDefaults{1.0, 0.020, 0.004, 100000};
} // namespace

TEST_CASE("lesson step matches the seed's simulateTraining by hand", "[lesson]")
{
    // Hand calculation, defaults 1000 ms / 20 ms / 4 ms, N = 16:
    // compute = 1000/16 = 62.5 ms; sync = 20 + 4·15 = 80 ms; step = 142.5 ms.
    const auto t = lessonStep(kDefaults, 16);
    CHECK(t.computeSeconds == Approx(0.0625).epsilon(kRelative));
    CHECK(t.syncSeconds == Approx(0.080).epsilon(kRelative));
    CHECK(t.stepSeconds == Approx(0.1425).epsilon(kRelative));
    CHECK(t.idealSeconds == Approx(0.0625).epsilon(kRelative));
    // speed-up = 1000 / 142.5 = 7.017543859649…, efficiency = that / 16 = 0.438596491…
    CHECK(t.speedup == Approx(7.017543859649123).epsilon(kRelative));
    CHECK(t.efficiency == Approx(0.43859649122807).epsilon(kRelative));
    // total = 100000 steps × 0.1425 s = 14250 s.
    CHECK(t.totalSeconds == Approx(14250.0).epsilon(kRelative));
}

TEST_CASE("one worker pays no synchronisation", "[lesson]")
{
    const auto t = lessonStep(kDefaults, 1);
    CHECK(t.syncSeconds == 0.0);
    CHECK(t.stepSeconds == 1.0);
    CHECK(t.speedup == 1.0);
    CHECK(t.efficiency == 1.0);
    CHECK(t.totalSeconds == 100000.0);
}

TEST_CASE("past the optimum, more workers make the step slower", "[lesson]")
{
    // N = 64: 1000/64 + 20 + 4·63 = 15.625 + 20 + 252 = 287.625 ms > step(16) = 142.5 ms.
    const auto t64 = lessonStep(kDefaults, 64);
    CHECK(t64.stepSeconds == Approx(0.287625).epsilon(kRelative));
    CHECK(t64.stepSeconds > lessonStep(kDefaults, 16).stepSeconds);
}

TEST_CASE("the default constants put the optimum at 16 workers", "[lesson]")
{
    // √(1000/4) = 15.81; step(15) = 66.667 + 20 + 56 = 142.667 ms; step(16) = 142.5 ms;
    // step(17) = 58.824 + 20 + 64 = 142.824 ms, so 16 wins.
    CHECK(lessonOptimalWorkers(kDefaults, 4096) == 16);
    const LessonParams fromDefaults = LessonParams::fromScenario(Scenario{});
    CHECK(fromDefaults.baseComputeSeconds == kDefaults.baseComputeSeconds);
    CHECK(lessonOptimalWorkers(fromDefaults, maxScalingWorkers()) == 16);
}

TEST_CASE("optimum edge cases", "[lesson]")
{
    SECTION("no per-worker cost: the most workers win")
    {
        CHECK(lessonOptimalWorkers({1.0, 0.01, 0.0, 1}, 4096) == 4096);
    }
    SECTION("a fixed sync larger than the whole gain keeps one worker")
    {
        // base 1 s, fixed 2 s: any N ≥ 2 costs more than 1 s.
        CHECK(lessonOptimalWorkers({1.0, 2.0, 0.0, 1}, 4096) == 1);
    }
    SECTION("the optimum is capped at the largest allowed N")
    {
        // √(1/1e-9) ≈ 31623 > 4096.
        CHECK(lessonOptimalWorkers({1.0, 0.0, 1e-9, 1}, 4096) == 4096);
    }
    SECTION("a single allowed worker")
    {
        CHECK(lessonOptimalWorkers(kDefaults, 1) == 1);
    }
}

TEST_CASE("the direct optimum equals a brute-force scan over random constants", "[lesson]")
{
    std::mt19937_64 generator(20261130);
    std::uniform_real_distribution<double> logUniform(-4.0, 3.0);
    const std::int64_t maxWorkers = 4096;
    for (int trial = 0; trial < 2000; ++trial) {
        const LessonParams params{std::pow(10.0, logUniform(generator)),
                                  std::pow(10.0, logUniform(generator) - 1),
                                  std::pow(10.0, logUniform(generator) - 3), 1};
        std::int64_t bruteBest = 1;
        double bruteStep = lessonStep(params, 1).stepSeconds;
        for (std::int64_t n = 2; n <= maxWorkers; ++n) {
            const double step = lessonStep(params, n).stepSeconds;
            if (step < bruteStep) {
                bruteBest = n;
                bruteStep = step;
            }
        }
        const auto direct = lessonOptimalWorkers(params, maxWorkers);
        INFO("base " << params.baseComputeSeconds << " fixed " << params.fixedSyncSeconds
                     << " per worker " << params.syncPerWorkerSeconds);
        CHECK(direct == bruteBest);
        CHECK(lessonStep(params, direct).stepSeconds == bruteStep);
    }
}

TEST_CASE("bar window: linear", "[lesson][window]")
{
    // 11 consecutive counts starting at 5·⌊(N−1)/5⌋ − 2 (at least 1), plus 1 and the optimum.
    // N = 40: 5·7 − 2 = 33 → 33…43.
    CHECK(scalingWindow(40, 16, 4096, WindowKind::Linear) ==
          std::vector<std::int64_t>{1, 16, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43});
    // N = 36…40 share that window: dragging inside it only moves the marker.
    for (std::int64_t n = 36; n <= 40; ++n) {
        CHECK(scalingWindow(n, 16, 4096, WindowKind::Linear) ==
              scalingWindow(40, 16, 4096, WindowKind::Linear));
    }
    // N = 2: 5·0 − 2 < 1 → 1…11.
    CHECK(scalingWindow(2, 16, 4096, WindowKind::Linear) ==
          std::vector<std::int64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16});
    // At the top the window ends at the largest N.
    CHECK(scalingWindow(4096, 16, 4096, WindowKind::Linear) ==
          std::vector<std::int64_t>{1, 16, 4086, 4087, 4088, 4089, 4090, 4091, 4092, 4093, 4094,
                                    4095, 4096});
    CHECK(scalingWindow(1, 1, 1, WindowKind::Linear) == std::vector<std::int64_t>{1});
    // Every N has at least three neighbours on each side (away from the ends of 1…4096).
    for (std::int64_t n = 4; n <= 4093; ++n) {
        const auto window = scalingWindow(n, 1, 4096, WindowKind::Linear);
        const auto at = std::find(window.begin(), window.end(), n);
        REQUIRE(at != window.end());
        CHECK(*(at - 3) == n - 3);
        CHECK(*(at + 3) == n + 3);
    }
}

TEST_CASE("bar window: log", "[lesson][window]")
{
    CHECK(scalingWindow(8, 16, 64, WindowKind::Log) ==
          std::vector<std::int64_t>{1, 2, 4, 8, 16, 32, 64});
    // max(16, 4·14, 2·12) = 56: powers of two up to 32, plus N = 12 and the optimum 14.
    CHECK(scalingWindow(12, 14, 64, WindowKind::Log) ==
          std::vector<std::int64_t>{1, 2, 4, 8, 12, 14, 16, 32});
    // Up to max(16, 4·optimum, 2·N): 4·16 = 64 here, 2·1000 = 2000 → 1024 below.
    CHECK(scalingWindow(8, 16, 4096, WindowKind::Log) ==
          std::vector<std::int64_t>{1, 2, 4, 8, 16, 32, 64});
    CHECK(scalingWindow(1000, 16, 4096, WindowKind::Log) ==
          std::vector<std::int64_t>{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000, 1024});
    CHECK(scalingWindow(4096, 4096, 4096, WindowKind::Log).back() == 4096);
}

TEST_CASE("chart ranges round up to 1-2-5", "[lesson][window]")
{
    CHECK(roundUpToNice(1) == 1);
    CHECK(roundUpToNice(3) == 5);
    CHECK(roundUpToNice(16) == 20);
    CHECK(roundUpToNice(64) == 100);
    CHECK(roundUpToNice(101) == 200);
    CHECK(roundUpToNice(4096) == 5000);
}

TEST_CASE("speed-up curve covers the selected N and the optimum", "[lesson][window]")
{
    const auto dense = speedupCurveWorkers(8, 16, 4096);
    CHECK(dense.front() == 1);
    CHECK(dense.back() == 100); // 4 × optimum = 64, rounded up to 1-2-5: 100
    CHECK(dense.size() == 100);
    const auto sparse = speedupCurveWorkers(3000, 16, 4096);
    CHECK(sparse.front() == 1);
    CHECK(sparse.back() == 4096);
    CHECK(sparse.size() <= 260); // 256 geometric points plus the ends, N and the optimum
    CHECK(std::is_sorted(sparse.begin(), sparse.end()));
    CHECK(std::find(sparse.begin(), sparse.end(), 3000) != sparse.end());
    CHECK(std::find(sparse.begin(), sparse.end(), 16) != sparse.end());
}

TEST_CASE("evaluateScaling puts the scenario's numbers in one result", "[lesson]")
{
    Scenario scenario;
    scenario.scaling.workers = 40;
    const auto result = evaluateScaling(scenario);
    CHECK(result.optimalWorkers == 16);
    CHECK(result.selected.workers == 40);
    // 1000/40 + 20 + 4·39 = 25 + 20 + 156 = 201 ms.
    CHECK(result.selected.stepSeconds == Approx(0.201).epsilon(kRelative));
    CHECK(result.window.size() == 13);
    CHECK(result.window.front().workers == 1);
    for (const auto& bar : result.window) {
        CHECK(bar.stepSeconds == Approx(bar.computeSeconds + bar.syncSeconds).epsilon(kRelative));
    }
}

TEST_CASE("extreme but valid constants stay finite", "[lesson]")
{
    const LessonParams extreme{1e6, 1e6, 1e6, 1000000000000};
    for (std::int64_t n : {1, 2, 4096}) {
        const auto t = lessonStep(extreme, n);
        CHECK(std::isfinite(t.totalSeconds));
        CHECK(std::isfinite(t.speedup));
    }
    const LessonParams tiny{std::numeric_limits<double>::min() * 1e10, 0, 0, 1};
    CHECK(std::isfinite(lessonStep(tiny, 4096).speedup));
}
