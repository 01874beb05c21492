// The Scaling view's Physical model over dp × tp × pp × cp layouts (simcore/models/layoutscaling.h,
// scalingreport.h): every N's terms are the training model's (training.h) for that layout,
// and an N that is no layout is never priced. The reference is trainingReport of the same
// layout written as a scenario (parallel.dp = N/(tp·pp·cp)), so the tolerance is rounding only.
#include "csvtables.h"
#include "simcore/models/layoutscaling.h"
#include "simcore/models/scaling.h"
#include "simcore/reports/scalingreport.h"
#include "simcore/reports/trainingreport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

using namespace simcore;

namespace {

constexpr double kRounding = 1e-12;

/// The defaults in Physical mode: 7B on H100 nodes of 8, tp 2 × pp 4 × cp 1 = 8 GPUs per
/// replica, 32 sequences of b = 1 per step, 1F1B.
Scenario physical()
{
    Scenario s;
    s.scaling.mode = ScalingMode::Physical;
    return s;
}

/// The scenario's layout at N, as `calc training` would read it.
Scenario layoutAt(Scenario s, std::int64_t workers)
{
    s.parallel.dp = workers / (s.parallel.tp * s.parallel.pp * s.parallel.cp);
    s.hardware.gpus = workers;
    s.train.globalBatch = (s.train.globalBatch / (s.train.microBatch * s.parallel.dp)) *
                          s.train.microBatch * s.parallel.dp;
    return s;
}

void requireSameTerms(const StepTimes& t, const StepTime& expected)
{
    REQUIRE(t.possible);
    CHECK(t.computeSeconds == Approx(expected.computeSeconds).epsilon(kRounding));
    CHECK(t.tensorParallelSeconds == Approx(expected.tpSeconds).epsilon(kRounding));
    CHECK(t.bubbleSeconds == Approx(expected.bubbleSeconds).epsilon(kRounding));
    CHECK(t.pipelineSendSeconds == Approx(expected.p2pSeconds).epsilon(kRounding));
    CHECK(t.dataParallelSeconds == Approx(expected.dpSeconds).epsilon(kRounding).margin(1e-15));
    CHECK(t.zeroGatherSeconds == Approx(expected.zeroGatherSeconds).margin(1e-15));
    CHECK(t.contextParallelSeconds == Approx(expected.cpSeconds).margin(1e-15));
    CHECK(t.optimizerSeconds == Approx(expected.optimizerSeconds).epsilon(kRounding));
    CHECK(t.otherSeconds == 0.0);
    CHECK(t.stepSeconds == Approx(expected.stepSeconds).epsilon(kRounding));
    CHECK(t.microbatches == Approx(expected.microbatches).epsilon(kRounding));
    // The parts add up to the step the bar draws.
    CHECK(t.computeSeconds + t.syncSeconds + t.bubbleSeconds ==
          Approx(t.stepSeconds).epsilon(kRounding));
}

} // namespace

TEST_CASE("layout scaling: each N's terms are evaluateStepTime's for that layout",
          "[scaling][physical][layout]")
{
    for (const auto& [name, edit] : std::vector<std::pair<std::string, void (*)(Scenario&)>>{
             {"defaults (tp 2, pp 4)", [](Scenario&) {}},
             {"ZeRO-3, full recompute, b = 2, 256 sequences",
              [](Scenario& s) {
                  s.parallel.zero = 3;
                  s.train.recompute = Recompute::Full;
                  s.train.microBatch = 2;
                  s.train.globalBatch = 256;
              }},
             {"tp 8, pp 1, cp 2 with sequence parallelism", [](Scenario& s) {
                  s.parallel.tp = 8;
                  s.parallel.pp = 1;
                  s.parallel.cp = 2;
                  s.memory.sequenceParallel = true;
                  s.train.globalBatch = 64;
              }}}) {
        Scenario s = physical();
        edit(s);
        INFO(name);
        const ScalingReport report = scalingReport(s);
        REQUIRE(report.ok());
        std::size_t priced = 0;
        for (const auto& t : report.result.window) {
            if (!t.possible) {
                continue;
            }
            INFO("N = " << t.workers);
            const TrainingReport training = trainingReport(layoutAt(s, t.workers));
            REQUIRE(training.ok());
            requireSameTerms(t, training.step);
            ++priced;
        }
        CHECK(priced >= 3);
        // The curve and the optimum are the same model.
        for (const auto& t : report.result.curve) {
            INFO("curve N = " << t.workers);
            requireSameTerms(t, trainingReport(layoutAt(s, t.workers)).step);
        }
        requireSameTerms(report.result.optimal,
                         trainingReport(layoutAt(s, report.result.optimalWorkers)).step);
    }
}

TEST_CASE("layout scaling: the report's bars and quantities at N", "[scaling][physical][layout]")
{
    Scenario s = physical();
    s.scaling.workers = 32; // dp = 4, m = 8: the defaults' own layout
    const ScalingReport report = scalingReport(s);
    REQUIRE(report.ok());
    const TrainingReport training = trainingReport(layoutAt(s, 32));
    REQUIRE(training.ok());
    const StepTime& step = training.step;
    const auto value = [&](std::string_view id) { return report.find(id)->value; };
    CHECK(value("tensor_parallel") == 2);
    CHECK(value("pipeline_parallel") == 4);
    CHECK(value("context_parallel") == 1);
    CHECK(value("replica_gpus") == 8);
    CHECK(value("data_parallel") == 4);
    CHECK(value("microbatches") == 8);
    CHECK(value("layout_possible") == 1);
    CHECK(value("step") == Approx(step.stepSeconds).epsilon(kRounding));
    CHECK(value("tp_comm") == Approx(step.tpSeconds).epsilon(kRounding));
    CHECK(value("pp_bubble") == Approx(step.bubbleSeconds).epsilon(kRounding));
    CHECK(value("pp_p2p") == Approx(step.p2pSeconds).epsilon(kRounding));
    CHECK(value("optimizer_step") == Approx(step.optimizerSeconds).epsilon(kRounding));
    const auto bar = std::find_if(report.bars.begin(), report.bars.end(),
                                  [](const ScalingBar& b) { return b.selected; });
    REQUIRE(bar != report.bars.end());
    CHECK(bar->workers == 32);
    CHECK(bar->dataParallel == 4);
    CHECK(bar->tensorParallelSeconds == Approx(step.tpSeconds).epsilon(kRounding));
    CHECK(bar->pipelineSeconds == Approx(step.bubbleSeconds + step.p2pSeconds).epsilon(kRounding));
    CHECK(bar->dataParallelSeconds ==
          Approx(step.dpSeconds + step.zeroGatherSeconds).epsilon(kRounding).margin(1e-15));
    CHECK(bar->otherSeconds == Approx(step.cpSeconds + step.optimizerSeconds).epsilon(kRounding));
    CHECK(bar->computeSeconds + bar->tensorParallelSeconds + bar->pipelineSeconds +
              bar->dataParallelSeconds + bar->otherSeconds ==
          Approx(step.stepSeconds).epsilon(kRounding));
    // One GPU for the same batch: dp = tp = pp = cp = 1, the ideal T₁/N and the speed-up.
    Scenario one = layoutAt(s, 8);
    one.parallel.dp = 1;
    one.parallel.tp = 1;
    one.parallel.pp = 1;
    one.hardware.gpus = 1;
    one.train.globalBatch = (32) * one.train.microBatch * one.parallel.dp;
    const TrainingReport single = trainingReport(one);
    REQUIRE(single.ok());
    CHECK(value("single_gpu_step") == Approx(single.step.stepSeconds).epsilon(kRounding));
    CHECK(value("ideal") == Approx(single.step.stepSeconds / 32).epsilon(kRounding));
    CHECK(value("speedup") ==
          Approx(single.step.stepSeconds / step.stepSeconds).epsilon(kRounding));
    // The heading names the layout.
    CHECK(report.heading.find("tp 2 x pp 4 x cp 1") != std::string::npos);
}

TEST_CASE("layout scaling: an N that is no layout is shown, never priced",
          "[scaling][physical][layout]")
{
    // tp 2 × pp 4 = 8 GPUs per replica, 32 sequences of b = 1: N = 24 is dp = 3, and 3 does
    // not divide 32 (m = 10.67); N = 20 is no whole number of replicas.
    for (const auto& [workers, fit] : {std::pair{std::int64_t{24}, LayoutFit::BatchNotDivisible},
                                       std::pair{std::int64_t{20}, LayoutFit::NotMultiple}}) {
        INFO("N = " << workers);
        Scenario s = physical();
        s.scaling.workers = workers;
        const ScalingReport report = scalingReport(s);
        REQUIRE(report.ok()); // the other N are still drawn
        const auto& r = report.result;
        CHECK_FALSE(r.selected.possible);
        CHECK(std::isnan(r.selected.stepSeconds));
        CHECK(std::isnan(r.selected.speedup));
        CHECK(std::isnan(report.find("step")->value));
        CHECK(std::isnan(report.find("tp_comm")->value));
        CHECK(report.find("layout_possible")->value == 0);
        const auto bar = std::find_if(report.bars.begin(), report.bars.end(),
                                      [](const ScalingBar& b) { return b.selected; });
        REQUIRE(bar != report.bars.end());
        CHECK(bar->workers == workers);
        CHECK_FALSE(bar->possible);
        CHECK(bar->fit == fit);
        CHECK(std::isnan(bar->computeSeconds));
        // Never the optimum, never on the curve, on the slider only as the typed N.
        CHECK(r.optimalWorkers != workers);
        CHECK(r.optimal.possible);
        for (const auto& t : r.curve) {
            CHECK(t.workers != workers);
            CHECK(t.possible);
        }
        for (const auto n : r.sliderStops) {
            const auto sweep = LayoutSweep::fromScenario(s);
            CHECK((n == workers || sweep->fit(n) == LayoutFit::Fits));
        }
        // The CSV's row for it: possible = 0 and no time.
        const std::string csv = testing::tableText(scalingCsv(report), "curve");
        std::istringstream lines(csv);
        bool found = false;
        for (std::string line; std::getline(lines, line);) {
            if (line.rfind(std::to_string(workers) + ",", 0) == 0) {
                found = true;
                CHECK(line.rfind(std::to_string(workers) + ",,,,,,,,1,1,0,", 0) == 0);
                CHECK(line.find(",0,,,,,,,,,,") != std::string::npos);
            }
        }
        CHECK(found);
    }
    // With failures counted the impossible N stays unpriced and the rest count them.
    Scenario s = physical();
    s.scaling.workers = 24;
    s.scaling.countFailures = true;
    const ScalingReport counted = scalingReport(s);
    REQUIRE(counted.ok());
    for (const auto& bar : counted.bars) {
        if (bar.possible) {
            CHECK(bar.stragglerSeconds > 0);
            CHECK(bar.failureSeconds > 0);
        } else {
            CHECK(bar.stragglerSeconds == 0);
        }
    }
    CHECK_FALSE(counted.failureParams.has_value()); // no formula at a step that is not priced
}

TEST_CASE("layout scaling: the rules that do not depend on N are the report's problems",
          "[scaling][physical][layout]")
{
    Scenario s = physical();
    s.model.heads = 30; // tp = 4 does not divide 30 heads
    s.parallel.tp = 4;
    ScalingReport report = scalingReport(s);
    REQUIRE_FALSE(report.ok());
    const std::string key = report.problems.front().key;
    CHECK((key == "model.heads" || key == "parallel.tp"));
    CHECK(report.bars.empty());
    // The lesson model does not read the layout.
    s.scaling.mode = ScalingMode::Lesson;
    CHECK(scalingReport(s).ok());
    // A replica larger than the cluster: no N at all.
    s = physical();
    s.hardware.gpus = 4;
    s.scaling.workers = 4;
    report = scalingReport(s);
    REQUIRE_FALSE(report.ok());
    CHECK(report.problems.front().key == "parallel.tp");
    // A micro-batch larger than the batch: no N splits it.
    s = physical();
    s.train.microBatch = 64;
    report = scalingReport(s);
    REQUIRE_FALSE(report.ok());
    CHECK(report.problems.front().key == "train.global_batch");
}

TEST_CASE("layout scaling: weak scaling keeps each replica's micro-batches",
          "[scaling][physical][layout]")
{
    // Weak: every replica keeps m = parallel.microbatches = 8 micro-batches of b = 1, so the
    // global batch is 8·dp and every multiple of tp·pp·cp is a layout.
    Scenario s = physical();
    s.scaling.batch = BatchScalingMode::Weak;
    s.scaling.workers = 24;
    const ScalingReport report = scalingReport(s);
    REQUIRE(report.ok());
    CHECK(report.result.selected.possible);
    CHECK(report.result.selected.microbatches == 8);
    Scenario layout = layoutAt(s, 24);
    layout.train.globalBatch = 24; // 8 × dp 3
    layout.train.globalBatch = (8) * layout.train.microBatch * layout.parallel.dp;
    const TrainingReport training = trainingReport(layout);
    REQUIRE(training.ok());
    requireSameTerms(report.result.selected, training.step);
}
