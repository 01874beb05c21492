// The default scenario is what a class sees first: every view must be valid with it and show its
// contrast (DESIGN.md, "Defaults that teach"), and the lesson's Scaling defaults stay the seed's.
#include "reportvalue.h"
#include "simcore/models/pipeline.h"
#include "simcore/models/scaling.h"
#include "simcore/reports/memoryreport.h"
#include "simcore/reports/parallelismreport.h"
#include "simcore/reports/pipelinereport.h"
#include "simcore/reports/report.h"
#include "simcore/scenario/scenario.h"
#include "simcore/views/views.h"

#include <catch2/catch.hpp>
#include <string>

using namespace simcore;
using testing::quantityValue;

TEST_CASE("defaults: no rule refuses the default scenario, in any view", "[defaults]")
{
    const Scenario s;
    for (const auto& error : validate(s)) {
        FAIL_CHECK(error.message());
    }
    for (const View view : allViews()) {
        INFO(std::string(viewId(view)));
        const Report report = evaluateView(view, s);
        for (const auto& problem : report.problems) {
            FAIL_CHECK(problem.message());
        }
        CHECK_FALSE(report.quantities.empty());
    }
    // The rules between keys a teacher would check by hand: Megatron splits heads and the hidden
    // size over tp (Shoeybi et al. 2019 §3), every stage gets whole layers, and the global batch
    // is dp × b × m (MODELS §8: m = global batch / (b·dp)).
    CHECK(s.model.heads % s.parallel.tp == 0);
    CHECK(s.model.hidden % s.parallel.tp == 0);
    CHECK(s.model.layers % s.parallel.pp == 0);
    REQUIRE(microbatchesPerStep(s).has_value());
    CHECK(*microbatchesPerStep(s) == 8); // 32 / (1 × 4): the Gantt's and the training model's m
    CHECK(*microbatchesPerStep(s) % s.parallel.pp == 0);
    // The layout is the default cluster's: hardware.gpus_per_node × the 4 nodes of ndr-cluster.
    CHECK(s.parallel.dp * s.parallel.tp * s.parallel.pp == 4 * s.hardware.gpusPerNode);
}

TEST_CASE("defaults: the Memory view's ZeRO stages differ per GPU", "[defaults][memory]")
{
    // ZeRO §5: each stage shards one more model state over dp > 1, so every stage's total per
    // GPU is below the one before (with dp = 1 the four bars were identical).
    const auto report = memoryReport(Scenario{});
    REQUIRE(report.ok());
    REQUIRE(report.dp > 1);
    for (std::size_t stage = 1; stage < report.stages.size(); ++stage) {
        INFO("ZeRO-" << stage);
        CHECK(report.stages[stage].memory.totalBytes < report.stages[stage - 1].memory.totalBytes);
        CHECK(report.stages[stage].memory.modelStatesBytes() <
              report.stages[stage - 1].memory.modelStatesBytes());
    }
    // FP32 + Adam, 16 B per parameter over tp·pp = 8 shards: 14 GB under DDP, 16Ψ′/dp under
    // ZeRO-3 = 3.5 GB (seed lesson §1's 7B model).
    CHECK(report.stages[0].memory.modelStatesBytes() == Approx(7e9 / 8 * 16).epsilon(1e-12));
    CHECK(report.stages[3].memory.modelStatesBytes() == Approx(7e9 / 8 * 16 / 4).epsilon(1e-12));
    // The model states, not the activations, are the larger part of the DDP bar's contrast:
    // ZeRO-3 saves at least a quarter of the DDP total.
    CHECK(report.stages[3].memory.totalBytes < 0.75 * report.stages[0].memory.totalBytes);
    CHECK(quantityValue(report, "fits") == 1);
}

TEST_CASE("defaults: the Parallelism view has several GPUs in all three dimensions",
          "[defaults][parallelism]")
{
    const auto report = parallelismReport(Scenario{});
    REQUIRE(report.ok());
    CHECK(report.layout.dp > 1);
    CHECK(report.layout.tp > 1);
    CHECK(report.layout.pp > 1);
    CHECK(quantityValue(report, "gpus") == 32);
    CHECK(quantityValue(report, "nodes") == 4);
    // tp inside a node, one pipeline stage per node (Megatron-LM's rank order).
    CHECK(quantityValue(report, "tensor_groups_crossing") == 0);
    CHECK(quantityValue(report, "data_groups_crossing") == 0);
}

TEST_CASE("defaults: the Pipeline view has a visible bubble", "[defaults][pipeline]")
{
    // Huang et al. 2019: (p − 1)/(m + p − 1) = 3/11 of the step at p = 4, m = 8 (1F1B has the
    // same total, Narayanan et al. 2021): the lesson's §2 question.
    const auto report = pipelineReport(Scenario{});
    REQUIRE(report.ok());
    CHECK(quantityValue(report, "stages") == 4);
    CHECK(quantityValue(report, "microbatches") == 8);
    CHECK(quantityValue(report, "bubble_fraction") > 0);
    CHECK(quantityValue(report, "bubble_fraction") == Approx(gpipeBubbleFraction(4, 8)));
    // t_b = 0 is automatic, 2 × t_f (Kaplan et al. 2020), and the report says so.
    CHECK(quantityValue(report, "backward_automatic") == 1);
    CHECK(quantityValue(report, "backward_time") == Approx(2 * Scenario{}.parallel.forwardSeconds));
    CHECK(std::string(report.find("backward_time")->name).find("automatic") != std::string::npos);
}

TEST_CASE("defaults: the lesson's Scaling defaults stay the seed constants", "[defaults][lesson]")
{
    // DESIGN.md, "The lesson model's defaults": N = 8, optimum 16.
    const Scenario s;
    CHECK(s.scaling.mode == ScalingMode::Lesson);
    CHECK(s.scaling.workers == 8);
    CHECK(evaluateScaling(s).optimalWorkers == 16);
    // Physical mode: N = dp × tp 2 × pp 4, and the default batch's 32 sequences of b = 1 give
    // at most 32 replicas, N ≤ 256 (dp = 3 does not divide them: 24 is no layout).
    Scenario physical = s;
    physical.scaling.mode = ScalingMode::Physical;
    CHECK(workerRange(physical).max == 256);
    CHECK(workerRange(physical).unit == 8);
    CHECK(workerRange(physical).limit == WorkerLimit::Batch);
}
