// The lesson guide's answers: each from the model it names, checked by hand.
#include "simcore/models/memory.h"
#include "simcore/reports/lessonanswers.h"
#include "simcore/reports/trainingreport.h"

#include <catch2/catch.hpp>

using namespace simcore;

namespace {

constexpr double kRelative = 1e-12;

} // namespace

TEST_CASE("lesson answers: the seed lesson's numbers by hand", "[lesson][answers]")
{
    // Seed lesson §5 with the default constants (base 1 s, fixed 20 ms, 4 ms per worker):
    // √(base / per-worker) = √250 ≈ 15.8; T(16) = 62.5 + 20 + 60 = 142.5 ms is the shortest.
    CHECK(lessonAnswer(LessonQuestion::OptimalWorkers) == 16);
    // Seed lesson §1 (MODELS §2): 7e9 · 16 B = 112e9 B, the seed's "≈ 104.3 GB" in GiB.
    CHECK(lessonAnswer(LessonQuestion::Fp32AdamMemory7B) == Approx(112e9).epsilon(kRelative));
    CHECK(lessonAnswer(LessonQuestion::Fp32AdamMemory7B) / (1024.0 * 1024.0 * 1024.0) ==
          Approx(104.31).epsilon(1e-4));
    // GPipe (Huang et al. 2019): (p − 1)/(m + p − 1) = 3/11.
    CHECK(lessonAnswer(LessonQuestion::GpipeBubble4x8) == Approx(3.0 / 11.0).epsilon(kRelative));
    // Ring all-reduce (MODELS §4): 2(N − 1)/N · S = 2 · 7/8 · 1e9 = 1.75e9 bytes.
    CHECK(lessonAnswer(LessonQuestion::RingBytesSent8Gpus1GB) == Approx(1.75e9).epsilon(kRelative));
    // MODELS §6: 50,000 h / 16,384 = 3.0518 h.
    CHECK(lessonAnswer(LessonQuestion::ClusterMtbf16384Gpus) ==
          Approx(5e4 * 3600 / 16384).epsilon(kRelative));
    // MODELS §1 at N = 64: 1/64 + 0.020 + 0.004 · 63 = 0.287625 s.
    CHECK(lessonAnswer(LessonQuestion::LessonStep64Workers) == Approx(0.287625).epsilon(kRelative));
}

TEST_CASE("lesson answers: crossing the node boundary, by hand", "[lesson][answers][physical]")
{
    const Scenario scenario = lessonNodeBoundaryScenario({});
    CHECK(scenario.scaling.mode == ScalingMode::Physical);
    CHECK(scenario.train.precision == Precision::Mixed);
    CHECK(scenario.scaling.workers == 16);
    CHECK(scenario.model.params == Scenario{}.model.params); // the rest is kept
    // Data parallelism only (dp = N), one sequence per GPU at N = 16, one 50 GB/s NIC per node.
    const auto layout = [&scenario](std::int64_t dp) {
        Scenario s = scenario;
        s.parallel.dp = dp;
        return trainingReport(s);
    };
    const auto eight = layout(8);
    const auto sixteen = layout(16);
    REQUIRE(eight.ok());
    REQUIRE(sixteen.ok());
    // One node: the DP ring on NVLink 4 (450 GB/s). Two nodes: the ring leaves each node through
    // its one NIC, 50 GB/s (MODELS §8).
    CHECK(eight.step.dpLink.bandwidthBytesPerSecond == 450e9);
    CHECK(sixteen.step.dpLink.bandwidthBytesPerSecond == 50e9);
    // The gradient all-reduce, S = 2 B × Ψ: 2(N − 1)/N · S / B + 2(N − 1)α (MODELS §4).
    const double bytes = 2 * effectiveParameters(scenario.model);
    CHECK(sixteen.step.dpTotalSeconds ==
          Approx(2 * 15.0 / 16 * bytes / 50e9 + 30 * sixteen.step.dpLink.latencySeconds)
              .epsilon(1e-9));
    // The answer is the Scaling panel's step at 16 over its step at 8: the training model's.
    const double ratio = sixteen.step.stepSeconds / eight.step.stepSeconds;
    CHECK(lessonAnswer(LessonQuestion::NodeBoundarySlowdown) == Approx(ratio).epsilon(1e-9));
    // Several times slower with twice the GPUs: the lesson's point.
    CHECK(ratio > 3);
}
