// The Pipeline view's report (simcore/reports/pipelinereport.h): the simulated schedule, its bubble
// beside the published closed form, the in-flight activations per device, the quantities `dtsim
// calc pipeline` prints and the CSV. Expected numbers are hand calculations of MODELS §5: GPipe's
// idle share (p − 1)/(m + p − 1) (Huang et al. 2019 §2.3), 1F1B's bubble/ideal (p − 1)/m and step
// (m + p − 1)(t_f + t_b) (Narayanan et al. 2021 §2.2.1), interleaved (1/v)(p − 1)/m (§2.2.2).
#include "csvtables.h"
#include "reportvalue.h"
#include "simcore/models/training.h"
#include "simcore/reports/memoryreport.h"
#include "simcore/reports/pipelinereport.h"
#include "simcore/views/views.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

using namespace simcore;
using testing::quantityValue;

namespace {

// Sums of a few dozen durations of 0.01–0.02 s: 1e-12 relative is far below any scheduling
// mistake (≥ one operation, 1e-2 s) and above rounding.
constexpr double kRelative = 1e-12;

Scenario pipeline(std::int64_t p, std::int64_t m, PipelineSchedule schedule, std::int64_t v = 1)
{
    Scenario s;
    s.parallel.pp = p;
    s.train.globalBatch = (m)*s.train.microBatch * s.parallel.dp;
    s.parallel.schedule = schedule;
    s.parallel.virtualStages = v;
    return s;
}

} // namespace

TEST_CASE("GPipe p = 4, m = 8: the bubble by hand", "[pipelinereport]")
{
    // t_f = 0.01 s, t_b = 2·t_f = 0.02 s (Kaplan et al. 2020). Step (m + p − 1)(t_f + t_b) =
    // 11 × 0.03 = 0.33 s, ideal 8 × 0.03 = 0.24 s, bubble 0.09 s = 3/11 of the step; every
    // device keeps all 8 micro-batches.
    const auto report = pipelineReport(pipeline(4, 8, PipelineSchedule::GPipe));
    REQUIRE(report.ok());
    CHECK(report.find("schedule")->word == "gpipe");
    CHECK(quantityValue(report, "stages") == 4);
    CHECK(quantityValue(report, "microbatches") == 8);
    CHECK(quantityValue(report, "virtual_stages") == 1);
    CHECK(quantityValue(report, "forward_time") == 0.01);
    CHECK(quantityValue(report, "backward_time") == 0.02);
    CHECK(quantityValue(report, "p2p_time") == 0);
    CHECK(quantityValue(report, "time") == Approx(0.33).epsilon(kRelative));
    CHECK(quantityValue(report, "ideal_time") == Approx(0.24).epsilon(kRelative));
    CHECK(quantityValue(report, "bubble_time") == Approx(0.09).epsilon(kRelative));
    CHECK(quantityValue(report, "bubble_fraction") == Approx(3.0 / 11.0).epsilon(kRelative));
    CHECK(quantityValue(report, "bubble_ratio") == Approx(0.09 / 0.24).epsilon(kRelative));
    CHECK(quantityValue(report, "peak_in_flight") == 8);
    CHECK(quantityValue(report, "peak_in_flight_microbatches") == 8);
    // The formula strip's terms: (p − 1)/(m + p − 1) = 3/11 of the step.
    CHECK(report.formula.schedule == PipelineSchedule::GPipe);
    CHECK(report.formula.idleStages == 3);
    CHECK(report.formula.denominator == 11);
    CHECK(report.formula.value == Approx(3.0 / 11.0).epsilon(1e-15));
    CHECK(quantityValue(report, "formula_value") == report.formula.value);
    CHECK(report.formula.text == "(p-1)/(m+p-1) of the step (Huang et al. 2019)");
    CHECK(report.heading == "Pipeline step (MODELS §5), gpipe schedule, p = 4, m = 8, v = 1; "
                            "published bubble (p-1)/(m+p-1) of the step (Huang et al. 2019)");
    // The chart: 2·p·m = 64 operations, forward blocks t_f / v = 10 ms long.
    CHECK(report.operationsListed);
    CHECK(report.result.operations.size() == 64u);
    CHECK(report.forwardBlockSeconds == 0.01);
}

TEST_CASE("1F1B and interleaved: the published ratio of the ideal time", "[pipelinereport]")
{
    // 1F1B p = 4, m = 8: (p − 1)/m = 3/8; device i holds p − i = 4, 3, 2, 1 micro-batches.
    const auto plain = pipelineReport(pipeline(4, 8, PipelineSchedule::OneFOneB));
    REQUIRE(plain.ok());
    CHECK(plain.formula.idleStages == 3);
    CHECK(plain.formula.denominator == 8);
    CHECK(quantityValue(plain, "formula_value") == Approx(3.0 / 8.0).epsilon(1e-15));
    CHECK(quantityValue(plain, "bubble_ratio") == Approx(3.0 / 8.0).epsilon(kRelative));
    CHECK(plain.formula.text == "(p-1)/m of the ideal time (Narayanan et al. 2021)");
    REQUIRE(plain.devices.size() == 4);
    for (std::size_t d = 0; d < 4; ++d) {
        CHECK(plain.devices[d].peakChunks == static_cast<std::int64_t>(4 - d));
        CHECK(plain.devices[d].peakMicrobatches == static_cast<double>(4 - d));
    }
    // Interleaved v = 2: (1/v)(p − 1)/m = 3/16 = 3/(2·8); the step 0.24 × 19/16 = 0.285 s;
    // device 0 holds 11 chunks = 5.5 micro-batches' worth; forward blocks t_f / 2 = 5 ms.
    const auto twice = pipelineReport(pipeline(4, 8, PipelineSchedule::Interleaved, 2));
    REQUIRE(twice.ok());
    CHECK(twice.formula.denominator == 16);
    CHECK(quantityValue(twice, "formula_value") == Approx(3.0 / 16.0).epsilon(1e-15));
    CHECK(quantityValue(twice, "time") == Approx(0.285).epsilon(kRelative));
    CHECK(quantityValue(twice, "peak_in_flight") == 11);
    CHECK(quantityValue(twice, "peak_in_flight_microbatches") == 5.5);
    CHECK(twice.devices.front().peakMicrobatches == 5.5);
    CHECK(twice.forwardBlockSeconds == 0.005);
    CHECK(twice.formula.text == "(p-1)/(v*m) of the ideal time (Narayanan et al. 2021)");
}

TEST_CASE("the activations per device are the memory model's", "[pipelinereport]")
{
    // Mixed precision, full recompute: 2·s·b·h = 33,554,432 bytes per layer and micro-batch
    // (Korthikanti et al. 2022); 1F1B on 4 stages of 8 layers (test_pipelinememory.cpp by hand):
    // device 0 4 × 8 layers + 4 embedding masks of s·b·h = 1,140,850,688 bytes, device 3
    // 8 layers + one output layer = 859,832,320 bytes.
    Scenario s = pipeline(4, 8, PipelineSchedule::OneFOneB);
    s.train.precision = Precision::Mixed;
    s.train.recompute = Recompute::Full;
    s.parallel.tp = 1; // the whole vocabulary's logits on the last device
    const auto report = pipelineReport(s);
    REQUIRE(report.ok());
    CHECK_FALSE(report.memoryProblem);
    CHECK(quantityValue(report, "activations_per_layer") == 33'554'432.0);
    CHECK(quantityValue(report, "first_device_activations") == 1'140'850'688.0);
    CHECK(quantityValue(report, "last_device_activations") == 859'832'320.0);
    const auto expected = pipelineActivations(s, memoryOptionsFromScenario(s));
    REQUIRE(report.devices.size() == expected.size());
    for (std::size_t d = 0; d < expected.size(); ++d) {
        CHECK(report.devices[d].bytes == expected[d].bytes);
    }
    // The memory panel's activations are the most loaded device's.
    CHECK(evaluateMemory(s).activationsBytes == 1'140'850'688.0);
}

TEST_CASE("a layout the other views refuse is not drawn as a schedule either", "[pipelinereport]")
{
    // tp = 3 does not divide 32 heads: Memory and the training model refuse it, so the Gantt
    // does too (one layout check), naming the key.
    Scenario s = pipeline(4, 8, PipelineSchedule::OneFOneB);
    s.parallel.tp = 3;
    const auto report = pipelineReport(s);
    REQUIRE_FALSE(report.ok());
    CHECK(report.problems.front().key == "parallel.tp");
    CHECK(report.quantities.empty());
    CHECK(memoryReport(s).problems == report.problems);
}

TEST_CASE("one rule everywhere: what the schedule cannot be is a problem naming its key",
          "[pipelinereport]")
{
    const auto problemKey = [](const Scenario& s) {
        const auto report = pipelineReport(s);
        REQUIRE_FALSE(report.ok());
        CHECK(report.quantities.empty());
        CHECK(evaluateView(View::Pipeline, s).problems == report.problems);
        return report.problems.front().key;
    };
    // 64 stages cannot share 32 layers (every stage needs one).
    CHECK(problemKey(pipeline(64, 64, PipelineSchedule::OneFOneB)) == "parallel.pp");
    // Interleaved: 4 stages × 16 chunks > 32 layers.
    CHECK(problemKey(pipeline(4, 8, PipelineSchedule::Interleaved, 16)) ==
          "parallel.virtual_stages");
    // Narayanan et al. 2021 §2.2.2: m must be a multiple of p — the layout check's rule, once,
    // on the key that sets m (B = 6 × b × dp = 24).
    const auto notMultiple = pipelineReport(pipeline(4, 6, PipelineSchedule::Interleaved, 2));
    REQUIRE(notMultiple.problems.size() == 1);
    CHECK(notMultiple.problems.front().key == "train.global_batch");
    CHECK(notMultiple.problems.front().detail == "m = 6 micro-batches");
    // 2·1024·1e5 operations are more than simcore simulates (2^23), whatever the layers.
    Scenario huge = pipeline(1024, 100000, PipelineSchedule::OneFOneB);
    CHECK(problemKey(huge) == "parallel.pp"); // 1024 stages cannot share 32 layers
    huge.model.layers = 1000;
    huge.parallel.pp = 1000;
    CHECK(problemKey(huge) == "train.global_batch");
    // A key of another view is not the pipeline's problem.
    Scenario other = pipeline(4, 8, PipelineSchedule::OneFOneB);
    other.scaling.workers = 0;
    CHECK(pipelineReport(other).ok());
}

TEST_CASE("a simulation error as a scenario problem names the key and the value",
          "[pipelinereport]")
{
    PipelineParams params;
    params.forwardSeconds = 0.25;
    const auto forward =
        scenarioError({PipelineError::Kind::OutOfRange, "pipeline.forward_seconds", "> 0"}, params);
    CHECK(forward.key == "parallel.forward_time");
    CHECK(forward.given == "0.25");
    CHECK(forward.kind == ScenarioError::Kind::OutOfRange);
    params.transferSeconds = 3;
    CHECK(
        scenarioError({PipelineError::Kind::OutOfRange, "pipeline.transfer_seconds", "≥ 0"}, params)
            .key == "parallel.p2p_time");
    params.stages = 4;
    params.microbatches = 6;
    const auto multiple = scenarioError(
        {PipelineError::Kind::NotAMultiple, "parallel.microbatches", "a multiple of parallel.pp"},
        params);
    CHECK(multiple.kind == ScenarioError::Kind::Inconsistent);
    CHECK(multiple.given == "6");
    CHECK(multiple.detail == "parallel.pp = 4");
}

TEST_CASE("a schedule too large to list is simulated exactly, without its operations",
          "[pipelinereport]")
{
    // p = 512, m = 512: 2·512·512 = 524,288 operations > 2^18. 1F1B at zero transfer:
    // (m + p − 1)(t_f + t_b) = 1023 × 0.03 s (Narayanan et al. 2021 §2.2.1).
    Scenario s = pipeline(512, 512, PipelineSchedule::OneFOneB);
    s.model.layers = 512;
    const auto report = pipelineReport(s);
    REQUIRE(report.ok());
    CHECK_FALSE(report.operationsListed);
    CHECK(report.result.operations.empty());
    CHECK(quantityValue(report, "time") == Approx(1023 * 0.03).epsilon(1e-9));
    // The operations' table is its header alone.
    CHECK(testing::tableText(pipelineCsv(report), "operations") ==
          "device,chunk,virtual_stage,microbatch,pass,start_s,end_s\n");
}

TEST_CASE("pipeline CSV: the quantities, the operations, the devices", "[pipelinereport][csv]")
{
    const auto report = pipelineReport(pipeline(4, 8, PipelineSchedule::OneFOneB));
    const auto tables = pipelineCsv(report);
    REQUIRE(tables.size() == 3);
    CHECK(tables[0] == csvQuantities(report));
    CHECK(tables[0].text.find("\nbubble_fraction,0.2727272727272") != std::string::npos);
    // 1F1B by hand (t_f = 10 ms, t_b = 20 ms): device 3 runs micro-batch 0's forward after three
    // forwards upstream, 30 … 40 ms, then at once its backward, 40 … 60 ms.
    const std::string operations = testing::tableText(tables, "operations");
    CHECK(operations.starts_with("device,chunk,virtual_stage,microbatch,pass,start_s,end_s\n"
                                 "0,0,0,0,forward,0,0.01\n"));
    CHECK(operations.find("\n3,0,3,0,forward,0.03,0.04\n3,0,3,0,backward,0.04,0.06\n") !=
          std::string::npos);
    const std::string devices = testing::tableText(tables, "devices");
    CHECK(devices.starts_with(
        "device,peak_in_flight_chunks,peak_in_flight_microbatches,activation_bytes\n0,4,4,"));
    CHECK(devices.find("\n3,1,1,") != std::string::npos);
    // A refused scenario: the quantities' header and no table.
    const auto refused = pipelineCsv(pipelineReport(pipeline(64, 64, PipelineSchedule::GPipe)));
    REQUIRE(refused.size() == 1);
    CHECK(refused[0].name == "quantities");
}
