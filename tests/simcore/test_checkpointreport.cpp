// The Checkpoint view's report: what the charts, the read-outs and `dtsim calc checkpoint` show.
#include "csvtables.h"
#include "fixtures.h"
#include "reportvalue.h"
#include "simcore/models/checkpointjob.h"
#include "simcore/models/goodput.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/trainingreport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <string>
#include <string_view>
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
    // Guards against: checkpoint.gpu_mtbf=5e-324 (then in range: > 0) gives a job MTBF of 0
    // over 32 GPUs, and the refusal named checkpoint.interval. The key now starts at 1 s.
    Scenario scenario;
    scenario.checkpoint.gpuMtbfSeconds = 5e-324;
    const auto report = checkpointReport(scenario);
    REQUIRE_FALSE(report.ok());
    CHECK(report.problems.front().key == "checkpoint.gpu_mtbf");
    CHECK(report.problems.front().kind == ScenarioError::Kind::OutOfRange);
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

namespace {

/// The student's question (MODELS §6): 1,000 GPUs, each failing once in 5 years (of 365 days),
/// a checkpoint written in 2 minutes. The default layout is tp 2 × pp 4 with a global batch of
/// 32, so N = 1000 (dp = 125) is no layout: there is no step time at N, and W is not given.
Scenario studentsQuestion()
{
    Scenario s;
    s.checkpoint.gpus = 1000;
    s.checkpoint.gpuMtbfSeconds = 5 * 365 * 86400.0;
    s.checkpoint.writeTimeSeconds = 120;
    return s;
}

} // namespace

TEST_CASE("checkpoint report: the interval for 1,000 GPUs needs no layout of 1,000 GPUs",
          "[checkpoint][report]")
{
    const Scenario scenario = studentsQuestion();
    const auto report = checkpointReport(scenario);
    // Nothing the interval trade-off reads needs a step time: no problem, the report stands.
    REQUIRE(report.ok());
    CHECK(report.find("status")->word == "ok");
    // By hand: M = 5 · 365 · 86400 s / 1000 = 157,680 s (43.8 h). Young (1974): τ = √(2δM) =
    // √(2 · 120 · 157,680) = 6151.68 s ≈ 1 h 43 min (102.5 min). Daly (2006): with x = δ/(2M),
    // √(2δM)·[1 + ⅓√x + x/9] − δ = 6071.97 s ≈ 1 h 41 min (101.2 min). The same formulas the model
    // implements, so the tolerance is rounding only (1e-12 relative).
    const double m = 5 * 365 * 86400.0 / 1000;
    const double young = std::sqrt(2 * 120 * m);
    const double x = 120 / (2 * m);
    const double daly = young * (1 + std::sqrt(x) / 3 + x / 9) - 120;
    CHECK(testing::quantityValue(report, "cluster_mtbf") == Approx(157680).epsilon(1e-12));
    CHECK(testing::quantityValue(report, "young_interval") == Approx(young).epsilon(1e-12));
    CHECK(testing::quantityValue(report, "optimal_interval") == Approx(daly).epsilon(1e-12));
    CHECK(std::lround(testing::quantityValue(report, "young_interval") / 60) == 103);
    CHECK(std::lround(testing::quantityValue(report, "optimal_interval") / 60) == 101);
    // Every quantity of the interval trade-off is a finite number.
    for (const auto* id :
         {"gpus", "gpu_mtbf", "cluster_mtbf", "interval", "write_time", "restart_time",
          "young_interval", "optimal_interval", "waste_fraction", "write_fraction", "lost_fraction",
          "restart_fraction", "optimal_waste_fraction"}) {
        INFO(id);
        CHECK(std::isfinite(testing::quantityValue(report, id)));
    }
    // The waste-vs-interval curve is drawn, every point of it.
    REQUIRE(report.stack.size() == 61);
    for (const auto& point : report.stack) {
        CHECK(std::isfinite(point.restartTop));
        CHECK(point.restartTop > 0);
    }
    // The steps are train.steps, which need no step time; what is priced from the step time is
    // none, and the reason names the key and the layouts.
    CHECK(testing::quantityValue(report, "steps") == static_cast<double>(scenario.train.steps));
    CHECK(std::ranges::find(report.unpriced, std::string_view("steps")) == report.unpriced.end());
    for (const auto* id : {"step_time", "work", "expected_time", "expected_failures",
                           "optimal_expected_time", "interval_steps", "optimal_interval_steps"}) {
        INFO(id);
        CHECK(std::isnan(testing::quantityValue(report, id)));
        CHECK(std::ranges::find(report.unpriced, std::string_view(id)) != report.unpriced.end());
    }
    REQUIRE(report.stepProblems.size() == 1);
    CHECK(report.stepProblems.front().key == "checkpoint.gpus");
    CHECK(report.stepProblems.front().message().find("8, 16, 32, 64, 128 or 256") !=
          std::string::npos);
    const Value* unpriced = findField(report.details, "unpriced");
    REQUIRE(unpriced != nullptr);
    const auto& record = std::get<Record>(*unpriced);
    CHECK(std::get<std::string>(*findField(record, "key")) == "checkpoint.gpus");
    // The CSV writes the curve's shares and leaves its seconds empty.
    const auto tables = checkpointCsv(report, {});
    REQUIRE(tables.size() == 2);
    CHECK(tables[1].name == "waste_curve");
    CHECK(tables[1].text.find(",,\n") != std::string::npos);
}

TEST_CASE("checkpoint report: with W given, N needs no layout for the expected time either",
          "[checkpoint][report]")
{
    // The student's job with its length given: 14 days of work. Only the step time, and what is
    // counted in steps, still needs a layout at N.
    Scenario scenario = studentsQuestion();
    scenario.checkpoint.workSeconds = 14 * 86400.0;
    const auto report = checkpointReport(scenario);
    REQUIRE(report.ok());
    CHECK(report.workKnown());
    const auto expected = dalyExpectedTime(report.result.params);
    REQUIRE(expected.status == CheckpointStatus::Ok);
    CHECK(testing::quantityValue(report, "work") == 14 * 86400.0);
    CHECK(testing::quantityValue(report, "expected_time") == expected.expectedSeconds);
    CHECK(std::isfinite(testing::quantityValue(report, "expected_failures")));
    CHECK(std::isfinite(testing::quantityValue(report, "optimal_expected_time")));
    CHECK(std::isnan(testing::quantityValue(report, "step_time")));
    CHECK(std::isnan(testing::quantityValue(report, "steps")));
    CHECK(std::isnan(testing::quantityValue(report, "interval_steps")));
    CHECK(std::ranges::find(report.unpriced, std::string_view("expected_time")) ==
          report.unpriced.end());
    CHECK(std::ranges::find(report.unpriced, std::string_view("step_time")) !=
          report.unpriced.end());
    CHECK(std::ranges::find(report.unpriced, std::string_view("steps")) != report.unpriced.end());

    // The shares of T do not depend on W once τ ≤ W: without W they are the same numbers.
    const auto withoutWork = checkpointReport(studentsQuestion());
    for (const auto* id : {"waste_fraction", "write_fraction", "lost_fraction", "restart_fraction",
                           "optimal_waste_fraction"}) {
        INFO(id);
        CHECK(testing::quantityValue(withoutWork, id) ==
              Approx(testing::quantityValue(report, id)).epsilon(1e-12));
    }

    // The Monte-Carlo check runs on the same job, and agrees with the closed form.
    const auto mc = computeMonteCarlo(report.result.params, 400, 7, 0);
    REQUIRE(mc.valid);
    CHECK(mc.batch.status == RunStatus::Completed);
    CHECK(std::abs(mc.standardErrors) < 5);
}

TEST_CASE("checkpoint report: the write time from storage needs no layout at N",
          "[checkpoint][report]")
{
    // The state saved is one copy of the weights and the optimizer state (checkpointBytes),
    // whatever the layout: δ = bytes / bandwidth at N = 1000 as at any N.
    Scenario scenario = studentsQuestion();
    scenario.checkpoint.storageBytesPerSecond = 10e9;
    const auto report = checkpointReport(scenario);
    REQUIRE(report.ok());
    CHECK(report.find("write_source")->word == "storage");
    CHECK(testing::quantityValue(report, "write_time") ==
          Approx(checkpointBytes(scenario) / 10e9).epsilon(1e-12));
    CHECK(std::isfinite(testing::quantityValue(report, "young_interval")));
}
