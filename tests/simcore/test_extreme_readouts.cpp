// The issue "Extremes that print nonsense": each hazard a user met, one test named after it. A
// value is refused by the key that causes it, or every read-out is a finite number or none with
// the reason said beside it.
#include "reportvalue.h"
#include "simcore/import/ncclimport.h"
#include "simcore/models/checkpoint.h"
#include "simcore/montecarlo/montecarlo.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/goodputreport.h"
#include "simcore/reports/jobfinish.h"
#include "simcore/scenario/scenario.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <variant>

using namespace simcore;

namespace {

/// The never_finishes field of a report: its key and message.
std::pair<std::string, std::string> neverFinishesField(const Report& report)
{
    const Value* field = findField(report.details, "never_finishes");
    REQUIRE(field != nullptr);
    const auto& record = std::get<Record>(*field);
    return {std::get<std::string>(*findField(record, "key")),
            std::get<std::string>(*findField(record, "message"))};
}

} // namespace

TEST_CASE("hazard: checkpoint.interval=5e-324 drew tau = nan and an empty chart",
          "[extremes][checkpoint]")
{
    Scenario scenario;
    const auto refused = applyAssignment(scenario, "checkpoint.interval=5e-324");
    REQUIRE(refused);
    CHECK(refused->key == "checkpoint.interval");
    CHECK(refused->kind == ScenarioError::Kind::OutOfRange);
    CHECK(findKey("checkpoint.interval")->minimum == 1.0);
    CHECK(std::string(findKey("checkpoint.interval")->meaning).find("below a second") !=
          std::string::npos);
    // At the lowest allowed interval the chart is drawn, every point, and τ is a number.
    REQUIRE_FALSE(applyAssignment(scenario, "checkpoint.interval=1"));
    const auto report = checkpointReport(scenario);
    REQUIRE(report.ok());
    CHECK(report.stack.size() == 61);
    CHECK(std::isfinite(testing::quantityValue(report, "interval")));
    CHECK(testing::quantityValue(report, "waste_fraction") < 1.0);
}

TEST_CASE("hazard: checkpoint.gpu_mtbf=1e-300 showed 0 expected failures", "[extremes][checkpoint]")
{
    Scenario scenario;
    const auto refused = applyAssignment(scenario, "checkpoint.gpu_mtbf=1e-300");
    REQUIRE(refused);
    CHECK(refused->key == "checkpoint.gpu_mtbf");
    CHECK(refused->kind == ScenarioError::Kind::OutOfRange);
    CHECK(std::string(findKey("checkpoint.gpu_mtbf")->meaning).find("below a second") !=
          std::string::npos);
    // checkpoint.work below a second is refused too (0 still means "not given").
    CHECK(applyAssignment(scenario, "checkpoint.work=5e-324")->key == "checkpoint.work");
    REQUIRE_FALSE(applyAssignment(scenario, "checkpoint.work=0"));
}

TEST_CASE("hazard: checkpoint.gpu_mtbf=1 read 0 expected failures for a job that never ends",
          "[extremes][checkpoint][goodput]")
{
    // 1 s over 32 GPUs: M = 1/32 s against 3,600 s intervals. The closed form overflows; the
    // failures are none, not 0, and the report says why, naming the MTBF.
    Scenario scenario;
    REQUIRE_FALSE(applyAssignment(scenario, "checkpoint.gpu_mtbf=1"));
    const auto report = checkpointReport(scenario);
    REQUIRE(report.ok());
    REQUIRE(report.overflow);
    CHECK(std::isnan(testing::quantityValue(report, "expected_failures")));
    CHECK(std::isnan(testing::quantityValue(report, "expected_time")));
    const auto [key, message] = neverFinishesField(report);
    CHECK(key == "checkpoint.gpu_mtbf");
    CHECK(message.find("never finishes") != std::string::npos);
    CHECK(message.find("checkpoint.gpus = 32") != std::string::npos);
    // The CSV leaves the overflowed seconds and failures of the curve empty, not 0.
    const auto csv = checkpointCsv(report, MonteCarloSummary{});
    REQUIRE(csv.size() == 2);
    CHECK(csv[1].text.find(",,\n") != std::string::npos);

    const auto goodput = goodputReport(scenario);
    REQUIRE(goodput.ok());
    CHECK(std::isnan(testing::quantityValue(goodput, "expected_failures")));
    CHECK(neverFinishesField(goodput).first == "checkpoint.gpu_mtbf");
    for (const auto& row : goodput.failures) {
        CHECK(std::isnan(row.expectedFailures));
    }
}

TEST_CASE("hazard: an interval shorter than a step was rounded up without a word",
          "[extremes][checkpoint]")
{
    // The default job's step is several seconds (training model at checkpoint.gpus = 32):
    // an interval of 1 s is less than half a step and reads as one step, and the report says so.
    Scenario scenario;
    REQUIRE_FALSE(applyAssignment(scenario, "checkpoint.interval=1"));
    const auto report = checkpointReport(scenario);
    REQUIRE(report.ok());
    const double step = testing::quantityValue(report, "step_time");
    REQUIRE(step > 2.0);
    CHECK(testing::quantityValue(report, "interval_steps") == 1.0);
    CHECK(report.find("interval_rounding")->word == "up_to_one_step");
    CHECK(testing::quantityValue(report, "interval_steps_time") == step);
    // An hour is rounded to the nearest step; an interval of exactly five steps is exact.
    REQUIRE_FALSE(applyAssignment(scenario, "checkpoint.interval=3600"));
    CHECK(checkpointReport(scenario).find("interval_rounding")->word == "nearest");
    CHECK(intervalRounding(5 * 2.5, 2.5) == "exact");
    CHECK(intervalRounding(1.0, 2.5) == "up_to_one_step");
    CHECK(intervalRounding(1.0, std::nan("")) == "none");
}

TEST_CASE("hazard: a Monte-Carlo where no run finishes blamed nothing, or train.steps",
          "[extremes][montecarlo]")
{
    Scenario scenario;
    REQUIRE_FALSE(applyAssignment(scenario, "checkpoint.gpu_mtbf=1"));
    const auto report = checkpointReport(scenario);
    const auto& params = report.result.params;
    // The overflowed closed form expects more failures than any batch may meet: not 0.
    CHECK(std::isinf(expectedMonteCarloFailures(params, 1)));
    CHECK(mtbfIsTheCause(params));
    const auto why = runsNeverFinish(scenario, params, expectedMonteCarloFailures(params, 1), 1e6);
    CHECK(why.key == "checkpoint.gpu_mtbf");
    // The goodput model's job at its optimum (τ_opt = M, δ = 60 s ≫ M) has the same cause.
    const auto goodput = goodputReport(scenario);
    const auto job = goodputJobAtOptimum(goodput.params, goodput.result);
    CHECK(mtbfIsTheCause(job));
    CHECK(runsNeverFinish(scenario, job, INFINITY, 1e6).key == "checkpoint.gpu_mtbf");
    // A long job at a usual MTBF: its length is the cause, named by its own key.
    Scenario longJob;
    REQUIRE_FALSE(applyAssignment(longJob, "train.steps=1e12"));
    const auto longParams = checkpointReport(longJob).result.params;
    CHECK_FALSE(mtbfIsTheCause(longParams));
    CHECK(runsNeverFinish(longJob, longParams, 1e9, 1e6).key == "train.steps");
    REQUIRE_FALSE(applyAssignment(longJob, "checkpoint.work=1e11"));
    const auto givenParams = checkpointReport(longJob).result.params;
    CHECK(runsNeverFinish(longJob, givenParams, 1e9, 1e6).key == "checkpoint.work");
}

TEST_CASE("hazard: the nccl-tests check printed 1e-314 s = inf GB/s", "[extremes][import]")
{
    const std::string text =
        "# nThread 1 nGpus 2 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 "
        "validation: 1\n"
        "#\n"
        "# Using devices\n"
        "#   Rank  0 Pid  21877 on workstation device  0 [0x01] NVIDIA GeForce RTX 4090\n"
        "#   Rank  1 Pid  21877 on workstation device  1 [0x21] NVIDIA GeForce RTX 4090\n"
        "#\n"
        "#                                                     out-of-place                    "
        "   in-place          \n"
        "#       size         count    type   redop    root     time   algbw   busbw  error     "
        "time   algbw   busbw  error\n"
        "#        (B)    (elements)                            (us)  (GB/s)  (GB/s)            "
        "(us)  (GB/s)  (GB/s)       \n"
        "           8             2   float     sum           1e-308    0.00    0.00  0e+00    "
        "10.69    0.00    0.00  0e+00\n"
        "# Out of bounds values : 0 OK\n"
        "# Avg bus bandwidth    : 0 \n"
        "#\n";
    const auto result = parseNcclTests(text, "all_reduce_perf.txt");
    REQUIRE(result.error);
    const std::string message = result.error->message();
    INFO(message);
    CHECK(result.error->kind == ImportError::Kind::BadNumber);
    CHECK(message.find("1 ns") != std::string::npos);
    CHECK(message.find("inf") == std::string::npos);
    CHECK(message.find("nan") == std::string::npos);
}
