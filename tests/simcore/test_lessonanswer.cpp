// The lesson guide's answers are quantities of the reports the panels draw, checked by hand.
#include "simcore/models/memory.h"
#include "simcore/reports/trainingreport.h"
#include "simcore/views/lessonanswer.h"

#include <catch2/catch.hpp>

using namespace simcore;

TEST_CASE("a lesson answer is the named quantity of the view's report", "[lesson][answers]")
{
    // Seed lesson §5 with the default constants (base 1 s, fixed 20 ms, 4 ms per worker):
    // √(base / per-worker) = √250 ≈ 15.8; T(16) = 62.5 + 20 + 60 = 142.5 ms is the shortest.
    CHECK(lessonAnswer({View::Scaling, "optimal_workers", {}}, Scenario{}) == 16);
    // MODELS §1 at N = 64: 1/64 + 0.020 + 0.004 · 63 = 0.287625 s.
    Scenario sixtyFour;
    sixtyFour.scaling.workers = 64;
    CHECK(*lessonAnswer({View::Scaling, "step", {}}, sixtyFour) == Approx(0.287625).epsilon(1e-12));
    // Relative to the same quantity at 16 workers: 287.625 / 142.5.
    CHECK(*lessonAnswer({View::Scaling, "step", {"scaling.workers=16"}}, sixtyFour) ==
          Approx(287.625 / 142.5).epsilon(1e-12));
}

TEST_CASE("a lesson answer the report cannot give is no number, with the reason",
          "[lesson][answers]")
{
    const LessonAnswerSpec unknown{View::Memory, "no_such_quantity", {}};
    CHECK_FALSE(lessonAnswer(unknown, Scenario{}));
    CHECK(lessonAnswerProblem(unknown, Scenario{}) == "memory has no quantity 'no_such_quantity'");

    Scenario noLayout; // 1,000 GPUs are no layout: the interval in steps is not priced
    noLayout.checkpoint.gpus = 1000;
    const LessonAnswerSpec steps{View::Checkpoint, "interval_steps", {}};
    CHECK_FALSE(lessonAnswer(steps, noLayout));
    CHECK(lessonAnswerProblem(steps, noLayout) == "checkpoint: 'interval_steps' has no value here");
    const LessonAnswerSpec badReference{View::Scaling, "step", {"scaling.workers=0"}};
    CHECK_FALSE(lessonAnswer(badReference, Scenario{}));
    CHECK(lessonAnswerProblem(badReference, Scenario{}).find("scaling.workers") !=
          std::string::npos);
}

TEST_CASE("crossing the node boundary, by hand", "[lesson][answers][physical]")
{
    // The lesson plan's node-boundary step: the Physical model in mixed precision, 256-token
    // sequences, one sequence per GPU at 16, data parallelism only, one 50 GB/s NIC per node.
    Scenario scenario;
    for (const char* assignment :
         {"scaling.mode=physical", "train.precision=mixed", "model.seq_len=256",
          "train.micro_batch=1", "train.global_batch=16", "parallel.tp=1", "parallel.pp=1",
          "parallel.cp=1", "parallel.zero=0", "hardware.nics_per_node=1",
          "hardware.nic_bandwidth=50e9", "scaling.workers=16"}) {
        REQUIRE_FALSE(applyAssignment(scenario, assignment));
    }
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
    CHECK(*lessonAnswer({View::Scaling, "step", {"scaling.workers=8"}}, scenario) ==
          Approx(ratio).epsilon(1e-9));
    CHECK(ratio > 3); // several times slower with twice the GPUs: the lesson's point
}
