// The lesson model, MODELS §1 / seed lesson §5 (`simulateTraining`), against hand calculations.
#include "simcore/models/scaling.h"

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

TEST_CASE("chart ranges round up to 1-2-5", "[lesson][window]")
{
    CHECK(roundUpToNice(1) == 1);
    CHECK(roundUpToNice(3) == 5);
    CHECK(roundUpToNice(16) == 20);
    CHECK(roundUpToNice(64) == 100);
    CHECK(roundUpToNice(101) == 200);
    CHECK(roundUpToNice(4096) == 5000);
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
    // Far from the optimum: N = 1, 14…18 around the optimum, 34…42 around N (test_workerrange).
    CHECK(result.window.size() == 15);
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
