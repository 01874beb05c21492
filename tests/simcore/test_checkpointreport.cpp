// The Checkpoint view's report: what the charts, the read-outs and `dtsim calc checkpoint` show.
#include "csvtables.h"
#include "fixtures.h"
#include "reportvalue.h"
#include "simcore/models/goodput.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/trainingreport.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

using namespace simcore;

TEST_CASE("checkpoint report: the defaults, by Young's and Daly's formulas", "[checkpoint][report]")
{
    // A job of N = 1024 GPUs of MTBF 5e4 h (fixtures.h) → M = 5e4·3600/1024 = 175,781.25 s;
    // δ = 60 s. Young (1974): √(2·60·175781.25) = 4592.79 s; Daly (2006): √(2δM)·[1 + ⅓√(δ/2M) +
    // (δ/2M)/9] − δ = 4552.88 s (tests/simcore/test_checkpoint.cpp checks the model itself).
    const Scenario scenario = testing::thousandGpuJob();
    const auto report = checkpointReport(scenario);
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
    // The interval in steps uses the job's step: the training model's at N = 1024 (dp = 128 of
    // the layout tp 2 × pp 4), the step the goodput model and Scaling's Physical mode price.
    Scenario layout = scenario;
    layout.parallel.dp = 128;
    const double step = trainingReport(layout).step.stepSeconds;
    REQUIRE(step > 0);
    CHECK(testing::quantityValue(report, "step_time") == step);
    CHECK(testing::quantityValue(report, "interval_steps") == std::round(3600 / step));
}

TEST_CASE("checkpoint report: a job that never finishes has no expected time",
          "[checkpoint][report]")
{
    Scenario s;
    s.checkpoint.gpus = 1000000;
    s.train.globalBatch = 125000;       // N = 10^6 is dp = 125,000 × tp 2 × pp 4
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
    const auto report = checkpointReport(testing::thousandGpuJob());
    const auto mc = computeMonteCarlo(report.result.params, 200, 7);
    REQUIRE(mc.valid);
    CHECK(mc.histogram.counts.size() == static_cast<std::size_t>(histogramBins(200))); // √200 ≈ 14
    CHECK(histogramBins(200) == 14);
    // The expectations the caption compares the mean with (checkpoint.h).
    CHECK(mc.expectedSeconds == segmentedExpectedTime(report.result.params).expectedSeconds);
    CHECK(mc.differenceFraction ==
          Approx((mc.batch.meanSeconds - mc.expectedSeconds) / mc.expectedSeconds).epsilon(1e-12));
    const auto tables = checkpointCsv(report, mc);
    std::vector<std::string> names;
    for (const auto& table : tables) {
        names.push_back(table.name);
    }
    CHECK(names == std::vector<std::string>{"quantities", "monte_carlo", "waste_curve", "histogram",
                                            "timeline"});
    CHECK(testing::tableText(tables, "quantities").find("\ncluster_mtbf,175781.25,s\n") !=
          std::string::npos);
    CHECK(testing::tableText(tables, "monte_carlo").starts_with("quantity,value,unit\n"));
    CHECK(testing::tableText(tables, "monte_carlo").find("\nmc_runs,200,runs\n") !=
          std::string::npos);
    CHECK(testing::tableText(tables, "waste_curve").starts_with("interval_s,waste_fraction,"));
    CHECK(testing::tableText(tables, "histogram").starts_with("bin_start_s,bin_end_s,jobs\n"));
    const auto without = checkpointCsv(report, MonteCarloSummary{});
    CHECK(without.size() == 2); // the quantities and the waste curve
    CHECK(testing::joinedCsv(without).find("mc_runs") == std::string::npos);
}

TEST_CASE("a GPU MTBF that vanishes when shared by the GPUs is refused by its own key",
          "[checkpointreport]")
{
    // Guards against: checkpoint.gpu_mtbf=5e-324 (in range: > 0) gives a job MTBF of 0 over
    // 32 GPUs, and the refusal named checkpoint.interval.
    Scenario scenario;
    scenario.checkpoint.gpuMtbfSeconds = 5e-324;
    const auto report = checkpointReport(scenario);
    REQUIRE_FALSE(report.ok());
    CHECK(report.problems.front().key == "checkpoint.gpu_mtbf");
    CHECK(report.problems.front().message().find("checkpoint.gpus") != std::string::npos);
}

TEST_CASE("the Monte-Carlo run marks the straggler wait, and the CSV carries its timeline",
          "[checkpoint][report][csv]")
{
    // A job of N = 1024 GPUs (fixtures.h), c = 2 %: s = 1 + 0.02·E[max of 1024 normals]
    // (goodput.h). Of the W = 14 days of work kept, W·(s − 1)/s is waiting: the simulated mean
    // within 0.5 % (its noise is that of ≈ 10^5 steps a run, far below).
    const Scenario scenario = testing::thousandGpuJob();
    const auto report = checkpointReport(scenario);
    REQUIRE(report.ok());
    REQUIRE(report.stragglers.active());
    const double s = stragglerFactor(0.02, 1024);
    CHECK(report.stragglers.factor == Approx(s).epsilon(1e-12));
    const auto mc =
        computeMonteCarlo(report.result.params, 200, 7, 20000, nullptr, nullptr, report.stragglers);
    REQUIRE(mc.valid);
    const double work = scenario.checkpoint.workSeconds;
    CHECK(mc.batch.meanStragglerSeconds == Approx(work * (s - 1) / s).epsilon(0.005));
    CHECK(mc.stragglerFraction ==
          Approx(mc.batch.meanStragglerSeconds / mc.batch.meanSeconds).epsilon(1e-12));
    // The wait changes no wall time: the batch is the one without it.
    CHECK(mc.batch.meanSeconds ==
          computeMonteCarlo(report.result.params, 200, 7).batch.meanSeconds);

    const auto tables = checkpointCsv(report, mc);
    CHECK(testing::tableText(tables, "monte_carlo").find("\nmc_mean_straggler_time,") !=
          std::string::npos);
    const std::string header =
        "start_s,end_s,work_kept_s,straggler_s,write_s,lost_s,restart_s,ends_in_failure\n";
    const std::string timeline = testing::tableText(tables, "timeline");
    REQUIRE(timeline.starts_with(header));
    // One row per failure of run 0 and one to its end; the straggler column adds up to the run's.
    std::istringstream rows(timeline.substr(header.size()));
    std::string line;
    std::int64_t count = 0;
    double straggler = 0;
    double end = 0;
    while (std::getline(rows, line) && !line.empty()) {
        ++count;
        std::vector<double> cells;
        std::istringstream fields(line);
        for (std::string cell; std::getline(fields, cell, ',');) {
            cells.push_back(std::stod(cell));
        }
        REQUIRE(cells.size() == 8);
        CHECK(cells[3] <= cells[2]);
        straggler += cells[3];
        end = cells[1];
    }
    CHECK(count == mc.sampleRun.failures + 1);
    CHECK(straggler == Approx(mc.sampleRun.stragglerSeconds).epsilon(1e-9));
    CHECK(end == Approx(mc.sampleRun.completionSeconds).epsilon(1e-12));

    Scenario steady;
    steady.scaling.stragglerCv = 0;
    const auto none = checkpointReport(steady);
    CHECK_FALSE(none.stragglers.active());
    const auto plain =
        computeMonteCarlo(none.result.params, 50, 7, 20000, nullptr, nullptr, none.stragglers);
    CHECK(plain.batch.meanStragglerSeconds == 0.0);
    CHECK(testing::joinedCsv(checkpointCsv(none, plain)).find("mc_mean_straggler_time") ==
          std::string::npos);
}
