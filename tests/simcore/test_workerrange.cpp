// The worker counts the Scaling model accepts (workerRange, workerProblem), the slider's stops
// and how they are stepped, and the report's bars with their break marks and CSV rows.
#include "simcore/physicalscaling.h"
#include "simcore/scaling.h"
#include "simcore/scalingreport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <sstream>
#include <string>

using namespace simcore;

namespace {

/// The classroom preset's Scaling keys (resources/presets/classroom.json): a 1.3B model on
/// 4 workstations × 4 RTX 4090, 64 sequences of 2048 tokens, strong scaling, the flat ring.
Scenario classroom()
{
    Scenario s;
    s.scaling.mode = ScalingMode::Physical;
    s.model.params = 1.3e9;
    s.model.layers = 24;
    s.model.hidden = 2048;
    s.model.heads = 16;
    s.model.vocab = 50257;
    s.model.seqLen = 2048;
    s.train.globalBatch = 64;
    s.train.microBatch = 4;
    s.train.precision = Precision::Mixed;
    s.train.recompute = Recompute::Full;
    s.hardware.gpu = "rtx4090";
    s.hardware.gpusPerNode = 4;
    s.hardware.gpus = 16;
    s.hardware.intraBandwidthBytesPerSecond = 32e9;
    s.hardware.interBandwidthBytesPerSecond = 12.5e9;
    s.hardware.intraLatencySeconds = 5.7e-6;
    s.hardware.interLatencySeconds = 9.6e-6;
    s.collective.algorithm = CollectiveAlgorithm::Ring;
    s.scaling.workers = 8;
    s.scaling.axis = AxisScale::Linear;
    return s;
}

/// The CSV's chart rows: workers → the `bar` cell.
std::vector<std::pair<std::int64_t, bool>> csvBars(const std::string& csv)
{
    std::vector<std::pair<std::int64_t, bool>> rows;
    std::istringstream lines(csv);
    std::string line;
    bool table = false;
    while (std::getline(lines, line)) {
        if (line.rfind("workers,compute_s,", 0) == 0) {
            REQUIRE(line == "workers,compute_s,communication_s,step_s,ideal_s,speedup,efficiency,"
                            "total_training_s,bar,selected,optimal");
            table = true;
            continue;
        }
        if (table) {
            std::vector<std::string> cells;
            std::istringstream fields(line);
            for (std::string cell; std::getline(fields, cell, ',');) {
                cells.push_back(cell);
            }
            REQUIRE(cells.size() == 11);
            rows.emplace_back(std::stoll(cells[0]), cells[8] == "1");
        }
    }
    return rows;
}

} // namespace

TEST_CASE("worker range: the lesson takes every N up to the key's 4096", "[scaling][range]")
{
    Scenario s;
    s.hardware.gpus = 16; // a cluster means nothing to the lesson model
    CHECK(workerRange(s) == WorkerRange{4096, 1, "scaling.workers"});
    s.scaling.workers = 4096;
    CHECK_FALSE(workerProblem(s));
}

TEST_CASE("worker range: the cluster and the batch bound the Physical N", "[scaling][range]")
{
    // The classroom: 16 GPUs (hardware.gpus) below its 64 sequences.
    Scenario s = classroom();
    CHECK(workerRange(s) == WorkerRange{16, 1, "hardware.gpus"});
    // No cluster given: 64 sequences, one per GPU at most.
    s.hardware.gpus = 0;
    CHECK(workerRange(s) == WorkerRange{64, 1, "train.global_batch"});
    // A 3-D layout's replica of tp × pp = 8 × 4 GPUs shares one sequence: 64 × 32 = 2048.
    s.parallel.tp = 8;
    s.parallel.pp = 4;
    CHECK(workerRange(s) == WorkerRange{2048, 1, "train.global_batch"});
    // Weak scaling gives every GPU its own micro-batch: no batch limit, the key's 4096.
    s.scaling.batch = BatchScalingMode::Weak;
    CHECK(workerRange(s) == WorkerRange{4096, 1, "scaling.workers"});
    // The hierarchical all-reduce: past one node of 8, whole nodes only; 1536 sequences and
    // 1020 GPUs → 1016 = 127 nodes.
    s = classroom();
    s.collective.algorithm = CollectiveAlgorithm::Hierarchical;
    s.hardware.gpusPerNode = 8;
    s.hardware.gpus = 1020;
    s.train.globalBatch = 1536;
    CHECK(workerRange(s) == WorkerRange{1016, 8, "hardware.gpus"});
    // A cluster smaller than one node keeps every N.
    s.hardware.gpus = 6;
    CHECK(workerRange(s) == WorkerRange{6, 8, "hardware.gpus"});
    CHECK(workerRange(s).allows(5));
}

TEST_CASE("worker range refusals name scaling.workers, the limit and the key behind it",
          "[scaling][range]")
{
    Scenario s = classroom();
    s.scaling.workers = 16;
    CHECK_FALSE(workerProblem(s));
    s.scaling.workers = 17;
    auto problem = workerProblem(s);
    REQUIRE(problem);
    CHECK(problem->kind == ScenarioError::Kind::Inconsistent);
    CHECK(problem->key == "scaling.workers");
    CHECK(problem->message() == "scaling.workers: '17' must be at most 16 (hardware.gpus = 16: "
                                "the cluster has no more GPUs)");

    s.hardware.gpus = 0;
    s.scaling.workers = 1005; // the optimum the unbounded search used to report
    problem = workerProblem(s);
    REQUIRE(problem);
    CHECK(problem->message() ==
          "scaling.workers: '1005' must be at most 64 (train.global_batch = 64: under strong "
          "scaling each GPU takes at least one of the step's sequences)");

    s.collective.algorithm = CollectiveAlgorithm::Hierarchical;
    s.hardware.gpusPerNode = 8;
    s.hardware.gpus = 4096;
    s.train.globalBatch = 4096;
    s.scaling.workers = 2049;
    problem = workerProblem(s);
    REQUIRE(problem);
    CHECK(problem->key == "scaling.workers");
    CHECK(problem->allowed == "1 to 8 or a whole number of nodes (a multiple of 8)");
    CHECK(problem->detail.find("hardware.gpus_per_node = 8") != std::string::npos);
    s.scaling.workers = 2048;
    CHECK_FALSE(workerProblem(s));
}

TEST_CASE("a refused N prices nothing but keeps the slider's stops", "[scaling][range]")
{
    Scenario s = classroom();
    s.scaling.workers = 17;
    const auto report = scalingReport(s);
    REQUIRE_FALSE(report.ok());
    CHECK(report.problems.front().key == "scaling.workers");
    CHECK(report.bars.empty());
    CHECK(report.quantities.empty());
    CHECK(report.result.range == WorkerRange{16, 1, "hardware.gpus"});
    std::vector<std::int64_t> every(16);
    std::iota(every.begin(), every.end(), 1);
    CHECK(report.result.sliderWorkers == every);
    // Only the quantities block is written: no chart rows for a refused N.
    CHECK(scalingCsv(report).find("workers,compute_s") == std::string::npos);
}

TEST_CASE("the classroom's optimum stays within its 16 GPUs", "[scaling][range][physical]")
{
    // Unbounded, strong scaling would split 64 sequences over about a thousand GPUs; within the
    // cluster the full scan finds the fastest allowed N.
    Scenario s = classroom();
    const auto report = scalingReport(s);
    REQUIRE(report.ok());
    const auto& r = report.result;
    CHECK(r.optimalWorkers >= 1);
    CHECK(r.optimalWorkers <= 16);
    const auto params = physicalParamsFromScenario(s);
    REQUIRE(params);
    // Unbounded, the search leaves the cluster far behind (about a thousand GPUs).
    CHECK(physicalOptimalWorkers(*params, 4096) > 16 * 50);
    for (std::int64_t n = 1; n <= 16; ++n) {
        CHECK(physicalStep(*params, n).stepSeconds >= r.optimal.stepSeconds);
    }
    // Every bar, curve point and stop is an N the cluster has.
    for (const auto& bar : r.window) {
        CHECK(bar.workers <= 16);
    }
    for (const auto& point : r.curve) {
        CHECK(point.workers <= 16);
    }
    CHECK(r.sliderWorkers.back() == 16);
    const auto maxWorkers = std::find_if(report.quantities.begin(), report.quantities.end(),
                                         [](const Quantity& q) { return q.id == "max_workers"; });
    REQUIRE(maxWorkers != report.quantities.end());
    CHECK(maxWorkers->value == 16.0);
}

TEST_CASE("stepping along the stops, from a stop or from between two", "[scaling][window]")
{
    const std::vector<std::int64_t> stops{1, 2, 4, 8, 16, 32, 64};
    CHECK(stopIndex(stops, 1) == 0);
    CHECK(stopIndex(stops, 12) == 3); // 8 is the largest stop ≤ 12
    CHECK(stopIndex(stops, 1000) == 6);
    CHECK(stepAlong(stops, 8, 1) == 16);
    CHECK(stepAlong(stops, 8, -1) == 4);
    CHECK(stepAlong(stops, 12, 1) == 16); // the neighbours of an N between stops
    CHECK(stepAlong(stops, 12, -1) == 8);
    CHECK(stepAlong(stops, 12, -2) == 4);
    CHECK(stepAlong(stops, 1000, -1) == 64); // past the end: the last stop
    CHECK(stepAlong(stops, 1000, 1) == 64);
    CHECK(stepAlong(stops, 64, 3) == 64); // held at the ends
    CHECK(stepAlong(stops, 1, -1) == 1);
    CHECK(stepAlong(stops, 2, 100) == 64);
    CHECK(stepAlong({}, 5, 1) == 5);
}

TEST_CASE("the bars' breaks and the CSV's bar column say which N are drawn", "[scaling][window]")
{
    // Log axis (the default): 1, 2, 4, … 64 follow one another, no break.
    Scenario s;
    auto report = scalingReport(s);
    REQUIRE(report.ok());
    std::vector<std::int64_t> drawn;
    for (const auto& bar : report.bars) {
        drawn.push_back(bar.workers);
        CHECK_FALSE(bar.breakBefore);
    }
    CHECK(drawn == std::vector<std::int64_t>{1, 2, 4, 8, 16, 32, 64});
    std::vector<std::int64_t> flagged;
    for (const auto& [workers, bar] : csvBars(scalingCsv(report))) {
        if (bar) {
            flagged.push_back(workers);
        }
    }
    CHECK(flagged == drawn);

    // Linear, N = 40: 1 | 14…18 | 34…43, a break before 14 and before 34 only.
    s.scaling.axis = AxisScale::Linear;
    s.scaling.workers = 40;
    report = scalingReport(s);
    REQUIRE(report.ok());
    drawn.clear();
    std::vector<std::int64_t> breaks;
    for (const auto& bar : report.bars) {
        drawn.push_back(bar.workers);
        if (bar.breakBefore) {
            breaks.push_back(bar.workers);
        }
    }
    CHECK(breaks == std::vector<std::int64_t>{14, 34});
    flagged.clear();
    for (const auto& [workers, bar] : csvBars(scalingCsv(report))) {
        if (bar) {
            flagged.push_back(workers);
        }
    }
    CHECK(flagged == drawn);
    // The optimum has two bars on each side, and the bars go on past it: the step slows down.
    const auto at16 = std::find(drawn.begin(), drawn.end(), 16);
    REQUIRE(at16 - drawn.begin() >= 2);
    CHECK(*(at16 - 2) == 14);
    CHECK(*(at16 + 2) == 18);
    CHECK(report.bars[static_cast<std::size_t>(at16 - drawn.begin() + 2)].computeSeconds +
              report.bars[static_cast<std::size_t>(at16 - drawn.begin() + 2)].communicationSeconds >
          report.result.optimal.stepSeconds);
}
