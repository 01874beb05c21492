// The Scaling view counting failures and stragglers (scaling.count_failures): each N's terms
// against the goodput model written out by hand (MODELS §6 Daly 2006, §9 order statistics), and
// the optimum moving left.
#include "csvtables.h"
#include "simcore/models/checkpointjob.h"
#include "simcore/models/goodput.h"
#include "simcore/models/scaling.h"
#include "simcore/reports/scalingreport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

using namespace simcore;

namespace {

constexpr double kDay = 86400.0;

/// Llama 3's failures (§3.3.4: 419 unexpected interruptions in 54 days on 16,384 GPUs, so one GPU
/// fails every 54·24·16,384/419 h), a 405B checkpoint in mixed precision with Adam (14 B/param)
/// at Tectonic's 2 TB/s (§3.3.1), R = 10 min and c = 2 % (assumptions), on the lesson's step
/// curve with its optimum at Llama 3's scale: base/N + per-worker·N is least near
/// √(base/per-worker) = √(4194.304 s / 1 ms) = 2048 GPUs. The Physical model cannot stand in:
/// its data-parallel step still halves when N doubles at the batch's limit, so its optimum is
/// the largest N allowed whatever failures cost.
Scenario llama3Like()
{
    Scenario s;
    s.lesson.baseComputeSeconds = 4194.304;
    s.lesson.fixedSyncSeconds = 0.02;
    s.lesson.syncPerWorkerSeconds = 0.001;
    s.scaling.workers = 1024;
    s.scaling.axis = AxisScale::Log;
    s.model.params = 405e9;
    s.train.precision = Precision::Mixed;
    s.train.optimizer = Optimizer::Adam;
    s.train.steps = 930000;
    s.scaling.stragglerCv = 0.02;
    s.checkpoint.gpuMtbfSeconds = kLlama3Days * kDay / kLlama3Interruptions * 16384;
    s.checkpoint.storageBytesPerSecond = 2e12;
    s.checkpoint.restartTimeSeconds = 600;
    return s;
}

Scenario counting(Scenario s)
{
    s.scaling.countFailures = true;
    return s;
}

} // namespace

TEST_CASE("scaling.count_failures is a scenario key, off by default", "[scaling][goodput]")
{
    CHECK_FALSE(Scenario{}.scaling.countFailures);
    const KeyInfo* key = findKey("scaling.count_failures");
    REQUIRE(key != nullptr);
    CHECK(key->type == KeyType::Choice);
    Scenario s;
    CHECK_FALSE(setValue(s, "scaling.count_failures", "on").has_value());
    CHECK(s.scaling.countFailures);
    CHECK(setValue(s, "scaling.count_failures", "maybe").has_value());
    // Off: nothing is added to any step.
    const auto report = scalingReport(Scenario{});
    REQUIRE(report.ok());
    for (const auto& bar : report.bars) {
        CHECK(bar.stragglerSeconds == 0);
        CHECK(bar.failureSeconds == 0);
    }
    CHECK(report.find("count_failures")->word == "off");
    CHECK(std::isnan(report.find("goodput")->value));
}

TEST_CASE("each N's straggler wait and failure overhead are the goodput model's, by hand",
          "[scaling][goodput]")
{
    for (const Scenario& base : {counting(Scenario{}), counting(llama3Like())}) {
        const auto report = scalingReport(base);
        REQUIRE(report.ok());
        REQUIRE(report.find("count_failures")->word == "on");
        const auto lesson = LessonParams::fromScenario(base);
        // δ: the given 60 s by default; 14 B × 405e9 / 2 TB/s = 2.835 s for the Llama 3 job.
        const double delta = base.checkpoint.storageBytesPerSecond > 0
                                 ? 14 * 405e9 / base.checkpoint.storageBytesPerSecond
                                 : base.checkpoint.writeTimeSeconds;
        const double restart = base.checkpoint.restartTimeSeconds;
        const auto steps = static_cast<double>(base.train.steps);
        for (const auto& bar : report.bars) {
            const auto n = bar.workers;
            INFO("N = " << n);
            // μ: the lesson's step (MODELS §1).
            const double mu = lesson.baseComputeSeconds / static_cast<double>(n) +
                              (n > 1 ? lesson.fixedSyncSeconds +
                                           lesson.syncPerWorkerSeconds * static_cast<double>(n - 1)
                                     : 0.0);
            CHECK(bar.computeSeconds + bar.communicationSeconds == Approx(mu).epsilon(1e-12));
            // s = 1 + c·E[max of N normals]; E[max] checked against tables in test_goodput.
            const double s = 1 + base.scaling.stragglerCv * normalMaxMoments(n).mean;
            CHECK(bar.stragglerSeconds == Approx(mu * (s - 1)).epsilon(1e-9));
            // Daly (2006): M = M₁/N, τ = √(2δM)·[1 + ⅓√(δ/2M) + (δ/2M)/9] − δ,
            // T = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W/τ for W = steps·μ·s of wall work.
            const double m = base.checkpoint.gpuMtbfSeconds / static_cast<double>(n);
            const double x = delta / (2 * m);
            const double work = steps * mu * s;
            // τ past the whole job is the job (checkpoint.h): the lesson's 100,000 steps of
            // ≈ 0.15 s are 4 h of work, less than Daly's τ at M = 1.8e8/16 s (9 h).
            const double tau =
                std::min(std::sqrt(2 * delta * m) * (1 + std::sqrt(x) / 3 + x / 9) - delta, work);
            const double wall =
                m * std::exp(restart / m) * std::expm1((tau + delta) / m) * work / tau;
            CHECK(bar.failureSeconds == Approx(wall / steps - mu * s).epsilon(1e-6));
            CHECK(bar.computeSeconds + bar.communicationSeconds + bar.stragglerSeconds +
                      bar.failureSeconds ==
                  Approx(wall / steps).epsilon(1e-9));
        }
    }
}

TEST_CASE("the selected N's numbers: step, total time, goodput and the formula's terms",
          "[scaling][goodput]")
{
    const Scenario s = counting(llama3Like());
    const auto report = scalingReport(s);
    REQUIRE(report.ok());
    REQUIRE(report.failureParams);
    const auto& sel = report.result.selected;
    const auto wall =
        goodputPerStep(*report.failureParams, sel.workers, report.find("plain_step")->value);
    CHECK(report.find("step")->value == Approx(wall.wallSeconds).epsilon(1e-12));
    CHECK(report.find("straggler")->value == Approx(wall.stragglerSeconds).epsilon(1e-12));
    CHECK(report.find("failure_overhead")->value == Approx(wall.failureSeconds).epsilon(1e-12));
    CHECK(report.find("goodput")->value == Approx(wall.goodput).epsilon(1e-12));
    CHECK(report.find("total_time")->value ==
          Approx(wall.wallSeconds * static_cast<double>(s.train.steps)).epsilon(1e-12));
    // M = M₁/N at the selected N (1024): 54·86,400/419 s × 16,384/1024.
    CHECK(report.find("job_mtbf")->value ==
          Approx(kLlama3Days * kDay / kLlama3Interruptions * 16).epsilon(1e-12));
    CHECK(report.find("checkpoint_write_time")->value == Approx(2.835).epsilon(1e-12));
    // The CSV carries the two new columns.
    CHECK(testing::tableText(scalingCsv(report), "curve")
              .find("break_before,straggler_s,failure_s") != std::string::npos);
}

TEST_CASE("counting failures and stragglers moves the optimum left", "[scaling][goodput]")
{
    SECTION("the lesson's defaults: at 16 GPUs failures and stragglers barely differ per GPU")
    {
        // Daly's waste at M = 1.8e8/16 s is 0.33 %, and s goes from 1.03472 (N = 15) to 1.03532
        // (N = 16): less than the 0.1 % by which 15 GPUs step slower than 16. The optimum stays
        // (it never moves right).
        const auto plain = scalingReport(Scenario{});
        const auto counted = scalingReport(counting(Scenario{}));
        CHECK(plain.result.optimalWorkers == 16);
        CHECK(counted.result.optimalWorkers <= plain.result.optimalWorkers);
        // With the largest variation allowed (c = 0.3) stragglers cost 51 % at N = 16: the
        // optimum moves to 14 (s·step: 0.21800 s at 16, 0.21697 at 15, 0.21672 at 14, 0.21744
        // at 13).
        Scenario noisy = counting(Scenario{});
        noisy.scaling.stragglerCv = 0.3;
        CHECK(scalingReport(noisy).result.optimalWorkers == 14);
    }
    SECTION("a Llama-3-like job")
    {
        const auto plain = scalingReport(llama3Like());
        const auto counted = scalingReport(counting(llama3Like()));
        REQUIRE(plain.ok());
        REQUIRE(counted.ok());
        CHECK(plain.result.optimalWorkers == 2048);
        CHECK(counted.result.optimalWorkers < plain.result.optimalWorkers);
        // The optimum is the best counted speed-up of every allowed N (the search is pruned,
        // not approximate): check it against all N in a window around it.
        const auto best = counted.result.optimalWorkers;
        const auto plainParams = LessonParams::fromScenario(llama3Like());
        const auto failureParams = failureParamsFromScenario(llama3Like(), nullptr);
        REQUIRE(failureParams);
        const auto counted1 = withFailures(lessonStep(plainParams, 1), *failureParams, 1.0);
        const double stretch1 = counted1.stepSeconds / lessonStep(plainParams, 1).stepSeconds;
        const auto speedupAt = [&](std::int64_t n) {
            return withFailures(lessonStep(plainParams, n), *failureParams, stretch1).speedup;
        };
        const double bestSpeedup = speedupAt(best);
        for (std::int64_t n = best - 40; n <= best + 40; n += 4) {
            INFO("N = " << n);
            CHECK(speedupAt(n) <= bestSpeedup);
        }
        CHECK(counted.result.optimal.speedup == Approx(bestSpeedup).epsilon(1e-12));
    }
}

TEST_CASE("the failures switch prices train.steps at every N, or the steps of a given W",
          "[scaling][goodput]")
{
    // W from the steps (the default): the Scaling view prices train.steps at each of its N,
    // whatever checkpoint.gpus is; a checkpoint.gpus that is no layout stops only the Checkpoint
    // view. A given checkpoint.work sets the steps as W / the step at checkpoint.gpus: without
    // that layout there are none, and the view names the key as the goodput model does.
    Scenario s;
    s.scaling.countFailures = true;
    s.scaling.mode = ScalingMode::Physical;
    s.checkpoint.gpus = 1024; // no layout of tp 2 × pp 4 with a batch of 32
    const auto fromSteps = failureParamsFromScenario(s, nullptr);
    REQUIRE(fromSteps);
    CHECK(fromSteps->steps == static_cast<double>(s.train.steps));
    CHECK(scalingReport(s).ok());

    s.checkpoint.workSeconds = 14 * kDay;
    std::vector<ScenarioError> problems;
    CHECK_FALSE(failureParamsFromScenario(s, &problems));
    REQUIRE_FALSE(problems.empty());
    CHECK(problems.front().key == "checkpoint.gpus");
    const auto refused = scalingReport(s);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.problems.front().key == "checkpoint.gpus");

    s.checkpoint.gpus = 32; // the default layout's own N: W / its step
    const auto given = failureParamsFromScenario(s, nullptr);
    REQUIRE(given);
    CHECK(given->steps == Approx(14 * kDay / checkpointJob(s).stepSeconds).epsilon(1e-12));
    CHECK(scalingReport(s).ok());
}
