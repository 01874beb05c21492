// The Checkpoint view's report: what the charts, the read-outs and `dtsim calc checkpoint` show.
#include "reportvalue.h"
#include "simcore/checkpointreport.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace simcore;

TEST_CASE("checkpoint report: the defaults, by Young's and Daly's formulas", "[checkpoint][report]")
{
    // Defaults: N = 1024 GPUs of MTBF 5e4 h → M = 5e4·3600/1024 = 175,781.25 s; δ = 60 s.
    // Young (1974): √(2·60·175781.25) = 4592.79 s; Daly (2006): √(2δM)·[1 + ⅓√(δ/2M) +
    // (δ/2M)/9] − δ = 4552.88 s (tests/simcore/test_checkpoint.cpp checks the model itself).
    const auto report = checkpointReport(Scenario{});
    REQUIRE(report.ok());
    CHECK(testing::quantityValue(report, "cluster_mtbf") == 175781.25);
    CHECK(testing::quantityValue(report, "young_interval") ==
          Approx(std::sqrt(2 * 60 * 175781.25)).epsilon(1e-12));
    const double x = 60.0 / (2 * 175781.25);
    CHECK(
        testing::quantityValue(report, "optimal_interval") ==
        Approx(std::sqrt(2 * 60 * 175781.25) * (1 + std::sqrt(x) / 3 + x / 9) - 60).epsilon(1e-12));
    CHECK(report.find("status")->word == "ok");
    CHECK(report.optimalIntervalWholeSeconds == 4553);
    // The parts of the waste add up to it, and the stack's tops do too (as the chart draws it).
    CHECK(testing::quantityValue(report, "write_fraction") +
              testing::quantityValue(report, "lost_fraction") +
              testing::quantityValue(report, "restart_fraction") ==
          Approx(testing::quantityValue(report, "waste_fraction")).epsilon(1e-12));
    REQUIRE(report.stack.size() == report.result.curve.size());
    for (std::size_t i = 0; i < report.stack.size(); ++i) {
        const auto& point = report.result.curve[i];
        CHECK(report.stack[i].restartTop == Approx(point.wasteFraction).epsilon(1e-12));
        CHECK(report.stack[i].writeTop <= report.stack[i].lostTop);
    }
    // The interval in steps uses the Scaling view's step at its N (lesson defaults: 173 ms at
    // N = 8): round(3600 / 0.173) = 20,809 steps.
    CHECK(testing::quantityValue(report, "step_time") == Approx(0.173).epsilon(1e-12));
    CHECK(testing::quantityValue(report, "interval_steps") == 20809);
}

TEST_CASE("checkpoint report: a job that never finishes has no expected time",
          "[checkpoint][report]")
{
    Scenario s;
    s.checkpoint.gpus = 1000000;
    s.checkpoint.gpuMtbfSeconds = 3600; // M = 3.6 ms
    s.checkpoint.restartTimeSeconds = 3600;
    const auto report = checkpointReport(s);
    REQUIRE(report.ok());
    CHECK(report.overflow);
    CHECK(report.find("status")->word == "overflow");
    CHECK(std::isnan(testing::quantityValue(report, "expected_time")));
}

TEST_CASE("checkpoint report: Llama 3's interruption rate", "[checkpoint][report]")
{
    // Llama 3 paper §3.3.4: 419 unexpected interruptions in 54 days on 16,384 GPUs, a job MTBF of
    // 54·24/419 = 3.093 h.
    const auto report = checkpointReport(withLlama3Failures(Scenario{}));
    REQUIRE(report.ok());
    CHECK(testing::quantityValue(report, "gpus") == 16384);
    CHECK(testing::quantityValue(report, "cluster_mtbf") ==
          Approx(54.0 * 86400 / 419).epsilon(1e-12));
    CHECK(testing::quantityValue(report, "work") == 54.0 * 86400);
}

TEST_CASE("checkpoint CSV and the Monte-Carlo summary", "[checkpoint][report][csv]")
{
    const auto report = checkpointReport(Scenario{});
    const auto mc = computeMonteCarlo(report.result.params, 200, 7);
    REQUIRE(mc.valid);
    CHECK(mc.histogram.counts.size() == static_cast<std::size_t>(histogramBins(200))); // √200 ≈ 14
    CHECK(histogramBins(200) == 14);
    // The expectations the caption compares the mean with (checkpoint.h).
    CHECK(mc.expectedSeconds == segmentedExpectedTime(report.result.params).expectedSeconds);
    CHECK(mc.differenceFraction ==
          Approx((mc.batch.meanSeconds - mc.expectedSeconds) / mc.expectedSeconds).epsilon(1e-12));
    const std::string csv = checkpointCsv(report, mc);
    CHECK(csv.rfind("# dtsim checkpoint: Checkpoints and failures", 0) == 0);
    CHECK(csv.find("\ncluster_mtbf,175781.25,s\n") != std::string::npos);
    CHECK(csv.find("\nmc_runs,200,runs\n") != std::string::npos);
    CHECK(csv.find("\ninterval_s,waste_fraction,") != std::string::npos);
    CHECK(csv.find("\nbin_start_s,bin_end_s,jobs\n") != std::string::npos);
    CHECK(checkpointCsv(report, MonteCarloSummary{}).find("mc_runs") == std::string::npos);
}

TEST_CASE("a GPU MTBF that vanishes when shared by the GPUs is refused by its own key",
          "[checkpointreport]")
{
    // Guards against: checkpoint.gpu_mtbf=5e-324 (in range: > 0) gives a job MTBF of 0 over
    // 1024 GPUs, and the refusal named checkpoint.interval.
    Scenario scenario;
    scenario.checkpoint.gpuMtbfSeconds = 5e-324;
    const auto report = checkpointReport(scenario);
    REQUIRE_FALSE(report.ok());
    CHECK(report.problems.front().key == "checkpoint.gpu_mtbf");
    CHECK(report.problems.front().message().find("checkpoint.gpus") != std::string::npos);
}
