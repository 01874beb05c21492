// The lesson guide's answers: each from the model it names, checked by hand.
#include "simcore/lessonanswers.h"

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
    // Physical model (MODELS §3, §4), 7e9 parameters, 8 × 256 = 2048 tokens per step, 6Ψ FLOPs
    // per token, H100 SXM's 989.4 TFLOP/s BF16 (catalogue) at MFU 0.4; DDP all-reduce of
    // S = 2 B × 7e9 = 14e9 bytes, nothing hidden.
    const double compute1 = 6 * 7e9 * 2048 / (989.4e12 * 0.4);
    const double bytes = 14e9;
    // 8 GPUs, one node: ring on NVLink 4 (α = 3.4 µs, B = 450 GB/s).
    const double step8 = compute1 / 8 + 2 * 7 * 3.4e-6 + 2 * 7.0 / 8 * bytes / 450e9;
    // 16 GPUs, two nodes: the flat ring at the slowest link (α = 9.6 µs, InfiniBand NDR 50 GB/s).
    const double step16 = compute1 / 16 + 2 * 15 * 9.6e-6 + 2 * 15.0 / 16 * bytes / 50e9;
    CHECK(lessonAnswer(LessonQuestion::NodeBoundarySlowdown) ==
          Approx(step16 / step8).epsilon(1e-9));
    CHECK(step16 / step8 == Approx(6.599).epsilon(1e-3));
}
