// The worker axis of the Scaling view: which N are allowed (workerRange, workerProblem), where
// the slider stops (sliderWorkers), which N are drawn as bars (barWorkers) and the speed-up
// curve's points. Expected values are worked out by hand from the rules in
// simcore/models/scaling.h.
#include "csvtables.h"
#include "simcore/models/scaling.h"
#include "simcore/reports/report.h"
#include "simcore/reports/scalingreport.h"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace simcore;

namespace {

using Workers = std::vector<std::int64_t>;

Workers workersOf(const std::vector<BarPick>& bars)
{
    Workers workers;
    for (const auto& bar : bars) {
        workers.push_back(bar.workers);
    }
    return workers;
}

Workers breaksOf(const std::vector<BarPick>& bars)
{
    Workers workers;
    for (const auto& bar : bars) {
        if (bar.breakBefore) {
            workers.push_back(bar.workers);
        }
    }
    return workers;
}

Workers range(std::int64_t from, std::int64_t to, std::int64_t step = 1)
{
    Workers workers;
    for (std::int64_t n = from; n <= to; n += step) {
        workers.push_back(n);
    }
    return workers;
}

Workers join(std::initializer_list<Workers> parts)
{
    Workers all;
    for (const auto& part : parts) {
        all.insert(all.end(), part.begin(), part.end());
    }
    return all;
}

/// Physical mode, no cluster given, strong scaling of 512 sequences, data parallelism alone
/// (tp = pp = cp = 1: N = dp).
Scenario physical()
{
    Scenario scenario;
    scenario.scaling.mode = ScalingMode::Physical;
    scenario.train.globalBatch = 512;
    scenario.parallel.tp = 1;
    scenario.parallel.pp = 1;
    scenario.parallel.cp = 1;
    return scenario;
}

/// 16 RTX-class GPUs, 64 sequences: the classroom preset's cluster and batch.
Scenario classroom()
{
    Scenario scenario = physical();
    scenario.hardware.gpus = 16;
    scenario.hardware.gpusPerNode = 4;
    scenario.train.globalBatch = 64;
    return scenario;
}

const WorkerRange kLesson{};

} // namespace

TEST_CASE("worker range: the lesson allows the key's 1…4096", "[scaling][workers]")
{
    const auto r = workerRange(Scenario{});
    CHECK(r.max == 4096);
    CHECK(r.limit == WorkerLimit::Key);
    CHECK(r.node == 1);
    CHECK(workerLimitKey(r.limit) == "scaling.workers");
    Scenario big;
    big.scaling.workers = 4096;
    CHECK_FALSE(workerProblem(big).has_value());
}

TEST_CASE("worker range: Physical mode stops at the cluster and the batch", "[scaling][workers]")
{
    // No cluster given, strong scaling of 512 sequences: 512 GPUs at most.
    auto r = workerRange(physical());
    CHECK(r.max == 512);
    CHECK(r.limit == WorkerLimit::Batch);
    CHECK(workerLimitKey(r.limit) == "train.global_batch");
    // The classroom: 16 GPUs, 64 sequences → the cluster sets 16.
    r = workerRange(classroom());
    CHECK(r.max == 16);
    CHECK(r.limit == WorkerLimit::Cluster);
    CHECK(r.limitValue == 16);
    CHECK(workerLimitKey(r.limit) == "hardware.gpus");
    // A tie goes to the cluster.
    Scenario tie = classroom();
    tie.hardware.gpus = 64;
    CHECK(workerRange(tie).limit == WorkerLimit::Cluster);
    // Weak scaling does not split the batch: only the cluster (or the key) limits N.
    Scenario weak = physical();
    weak.scaling.batch = BatchScalingMode::Weak;
    CHECK(workerRange(weak).max == 4096);
    CHECK(workerRange(weak).limit == WorkerLimit::Key);
}

TEST_CASE("worker range: the Physical model's N is a whole number of replicas",
          "[scaling][workers]")
{
    // tp 2 × pp 4 × cp 1 = 8 GPUs per data-parallel replica, 20 GPUs: N = 8 or 16 (dp 1, 2).
    Scenario scenario = physical();
    scenario.parallel.tp = 2;
    scenario.parallel.pp = 4;
    scenario.hardware.gpus = 20;
    scenario.collective.algorithm = CommAlgorithm::Hierarchical; // not read: no nodes rule
    const auto r = workerRange(scenario);
    CHECK(r.unit == 8);
    CHECK(r.node == 1);
    CHECK(r.max == 20);
    CHECK(allowedWorkers(r) == Workers{8, 16});
    CHECK(r.allows(8));
    CHECK_FALSE(r.allows(12));
    CHECK_FALSE(r.allows(4));
    CHECK(allowedAtOrBelow(r, 15) == 8);
    CHECK(allowedAtOrBelow(r, 3) == 8);
    CHECK(allowedAtOrBelow(r, 1000) == 16);
    // Under strong scaling each replica needs a micro-batch: 512 sequences of b = 2 are at most
    // 256 replicas, N ≤ 256 × 8 = 2048.
    scenario.hardware.gpus = 0;
    scenario.train.microBatch = 2;
    CHECK(workerRange(scenario).max == 2048);
    CHECK(workerRange(scenario).limit == WorkerLimit::Batch);
    // An N that is no layout is drawn as impossible, not refused.
    scenario.scaling.workers = 12;
    CHECK_FALSE(workerProblem(scenario).has_value());
}

TEST_CASE("worker problem: N past the limit is refused, naming the key and the limit",
          "[scaling][workers]")
{
    Scenario scenario = classroom();
    scenario.scaling.workers = 1005;
    auto problem = workerProblem(scenario);
    REQUIRE(problem.has_value());
    CHECK(problem->key == "scaling.workers");
    CHECK(problem->message() ==
          "scaling.workers: '1005' must be at most 16 (hardware.gpus = 16, the GPUs of the "
          "cluster)");

    scenario.hardware.gpus = 0;
    scenario.scaling.workers = 65;
    problem = workerProblem(scenario);
    REQUIRE(problem.has_value());
    CHECK(problem->message() == "scaling.workers: '65' must be at most 64 (train.global_batch = "
                                "64 sequences: strong scaling gives each GPU at least one)");
    scenario.scaling.workers = 64;
    CHECK_FALSE(workerProblem(scenario).has_value());

    // With a replica of tp × pp × cp GPUs the batch limits the replicas, not the GPUs.
    scenario.parallel.tp = 4;
    scenario.scaling.workers = 260;
    problem = workerProblem(scenario);
    REQUIRE(problem.has_value());
    CHECK(problem->message() ==
          "scaling.workers: '260' must be at most 256 (train.global_batch = 64, "
          "train.micro_batch = 1: strong scaling gives each data-parallel replica of tp x pp x "
          "cp = 4 GPUs at least one micro-batch)");

    // The report carries it and prices nothing; it belongs to the Scaling view.
    const auto report = scalingReport(scenario);
    REQUIRE(report.problems.size() == 1);
    CHECK(report.problems.front() == *problem);
    CHECK(report.bars.empty());
    CHECK(report.quantities.empty());
    CHECK(problemsOf(View::Communication, scenario, {*problem}).empty());
}

TEST_CASE("the optimum is searched only inside the range", "[scaling][workers]")
{
    // The classroom over its ring: the report said "Optimum N = 1005" when 1…4096 was searched.
    Scenario scenario = classroom();
    const auto result = evaluateScaling(scenario);
    CHECK(result.range.max == 16);
    CHECK(result.optimalWorkers >= 1);
    CHECK(result.optimalWorkers <= 16);
    for (const auto& bar : result.window) {
        CHECK(bar.workers <= 16);
    }
    for (const auto& point : result.curve) {
        CHECK(point.workers <= 16);
    }
    // Replicas of tp 2 × pp 2: the optimum and every point of the curve are whole replicas.
    scenario.parallel.tp = 2;
    scenario.parallel.pp = 2;
    const auto whole = evaluateScaling(scenario);
    CHECK(whole.range.unit == 4);
    CHECK(whole.range.allows(whole.optimalWorkers));
    for (const auto& point : whole.curve) {
        CHECK(whole.range.allows(point.workers));
        CHECK(point.possible);
    }
}

TEST_CASE("slider stops: every N up to 16, then four per octave, up to 4× the optimum",
          "[scaling][workers]")
{
    // Lesson defaults, optimum 16: 1…16, then 20, 24, 28, 32, 40, 48, 56, 64 = 4 × 16.
    const Workers lesson = join({range(1, 16), {20, 24, 28, 32, 40, 48, 56, 64}});
    CHECK(sliderWorkers(kLesson, 16, 8, AxisScale::Linear, ScalingMode::Lesson) == lesson);
    // A typed N outside the stops becomes one, so the slider sits on it.
    const auto typed = sliderWorkers(kLesson, 16, 1000, AxisScale::Linear, ScalingMode::Lesson);
    CHECK(typed.back() == 1000);
    CHECK(typed.size() == lesson.size() + 1);
    const auto between = sliderWorkers(kLesson, 16, 50, AxisScale::Linear, ScalingMode::Lesson);
    CHECK(std::find(between.begin(), between.end(), 50) != between.end());
    // Log axis: powers of two.
    CHECK(sliderWorkers(kLesson, 16, 8, AxisScale::Log, ScalingMode::Lesson) ==
          Workers{1, 2, 4, 8, 16, 32, 64});
    // At least 16 even when the optimum is 1; up to 4096 when the step falls for ever.
    CHECK(sliderWorkers(kLesson, 1, 1, AxisScale::Linear, ScalingMode::Lesson).back() == 16);
    CHECK(sliderWorkers(kLesson, 4096, 8, AxisScale::Linear, ScalingMode::Lesson).back() == 4096);

    // Physical, 1024 GPUs in whole nodes of 8 (the GPT-3 preset): 1…8, then whole nodes.
    const WorkerRange gpt3{1024, WorkerLimit::Cluster, 1024, 8};
    const Workers nodes =
        join({range(1, 8), {16,  24,  32,  40,  48,  56,  64,  80,  96,  112, 128, 160,
                            192, 224, 256, 320, 384, 448, 512, 640, 768, 896, 1024}});
    CHECK(sliderWorkers(gpt3, 1024, 1024, AxisScale::Linear, ScalingMode::Physical) == nodes);
    CHECK(sliderWorkers(gpt3, 1024, 1024, AxisScale::Log, ScalingMode::Physical) ==
          Workers{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024});
    for (auto n : nodes) {
        CHECK(gpt3.allows(n));
    }
}

TEST_CASE("bars: N = 1, the selected N and two each side of the optimum, no silent gap",
          "[scaling][workers]")
{
    // N = 8, optimum 16: the run 1…20 (two past the optimum rounded up to a step of five).
    auto bars = barWorkers(kLesson, 8, 16, AxisScale::Linear);
    CHECK(workersOf(bars) == range(1, 20));
    CHECK(breaksOf(bars).empty());
    // N = 40: N = 1, 14…18 around the optimum and 34…42 around N, a break mark before 14 and 34.
    bars = barWorkers(kLesson, 40, 16, AxisScale::Linear);
    CHECK(workersOf(bars) == join({{1}, range(14, 18), range(34, 42)}));
    CHECK(breaksOf(bars) == Workers{14, 34});
    // N = 36…40 share those bars: dragging inside them only moves the marker.
    for (std::int64_t n = 36; n <= 40; ++n) {
        CHECK(barWorkers(kLesson, n, 16, AxisScale::Linear) == bars);
    }
    // At the top of the range the run ends at 4096.
    bars = barWorkers(kLesson, 4096, 16, AxisScale::Linear);
    CHECK(workersOf(bars) == join({{1}, range(14, 18), range(4094, 4096)}));
    CHECK(barWorkers(WorkerRange{1, WorkerLimit::Cluster, 1, 1}, 1, 1, AxisScale::Linear) ==
          std::vector<BarPick>{{1, false}});
    // Every pair of selected N and optimum: both drawn, two each side of the optimum, and a
    // break mark wherever consecutive bars are not consecutive counts.
    for (std::int64_t optimum : {1, 2, 16, 100, 4096}) {
        for (std::int64_t n = 1; n <= 4096; n += 7) {
            const auto picks = barWorkers(kLesson, n, optimum, AxisScale::Linear);
            const auto drawn = workersOf(picks);
            INFO("N = " << n << ", optimum " << optimum);
            REQUIRE(drawn.front() == 1);
            CHECK(std::find(drawn.begin(), drawn.end(), n) != drawn.end());
            CHECK(picks.size() <= kMaxBars);
            for (std::int64_t d = -2; d <= 2; ++d) {
                if (optimum + d >= 1 && optimum + d <= 4096) {
                    CHECK(std::find(drawn.begin(), drawn.end(), optimum + d) != drawn.end());
                }
            }
            for (std::size_t i = 1; i < picks.size(); ++i) {
                CHECK(picks[i].breakBefore == (picks[i].workers != picks[i - 1].workers + 1));
            }
        }
    }
}

TEST_CASE("bars on the log axis: powers of two past the optimum", "[scaling][workers]")
{
    // Up to max(16, 4·optimum, 2·N): 64 here, two doublings past the optimum.
    auto bars = barWorkers(kLesson, 8, 16, AxisScale::Log);
    CHECK(workersOf(bars) == Workers{1, 2, 4, 8, 16, 32, 64});
    CHECK(breaksOf(bars).empty());
    // max(16, 4·14, 2·12) = 56: powers up to 32, plus N = 12 and the optimum 14.
    CHECK(workersOf(barWorkers(kLesson, 12, 14, AxisScale::Log)) ==
          Workers{1, 2, 4, 8, 12, 14, 16, 32});
    CHECK(workersOf(barWorkers(kLesson, 1000, 16, AxisScale::Log)) ==
          Workers{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000, 1024});
    // A cluster of 1536 GPUs in nodes of 8: the range's end is a bar.
    const WorkerRange cluster{1536, WorkerLimit::Cluster, 1536, 8};
    CHECK(workersOf(barWorkers(cluster, 1536, 1536, AxisScale::Log)) ==
          Workers{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1536});
}

TEST_CASE("speed-up curve: the allowed N around the selected one and the optimum",
          "[scaling][workers]")
{
    const auto dense = speedupCurveWorkers(8, 16, kLesson);
    CHECK(dense.front() == 1);
    CHECK(dense.back() == 100); // 4 × optimum = 64, rounded up to 1-2-5: 100
    CHECK(dense.size() == 100);
    const auto sparse = speedupCurveWorkers(3000, 16, kLesson);
    CHECK(sparse.front() == 1);
    CHECK(sparse.back() == 4096);
    CHECK(sparse.size() <= 260); // 256 geometric points plus the ends, N and the optimum
    CHECK(std::is_sorted(sparse.begin(), sparse.end()));
    CHECK(std::find(sparse.begin(), sparse.end(), 3000) != sparse.end());
    CHECK(std::find(sparse.begin(), sparse.end(), 16) != sparse.end());
    // Whole nodes: 2048 GPUs in nodes of 8, no point at a partial node.
    const WorkerRange nodes{2048, WorkerLimit::Cluster, 2048, 8};
    const auto whole = speedupCurveWorkers(2048, 2048, nodes);
    CHECK(whole.back() == 2048);
    for (auto n : whole) {
        CHECK(nodes.allows(n));
    }
}

TEST_CASE("the report shows the limit and the CSV which N are bars", "[scaling][workers]")
{
    Scenario scenario = classroom();
    const auto report = scalingReport(scenario);
    REQUIRE(report.ok());
    REQUIRE(report.find("max_workers"));
    CHECK(report.find("max_workers")->value == 16.0);
    REQUIRE(report.find("workers_limit"));
    CHECK(report.find("workers_limit")->word == "hardware.gpus");
    CHECK(report.result.sliderStops.back() == 16);

    // Lesson at N = 40: the CSV's bar column is 1 exactly for the drawn N, break_before for 14
    // and 34.
    Scenario lesson;
    lesson.scaling.workers = 40;
    const auto csv = testing::tableText(scalingCsv(scalingReport(lesson)), "curve");
    CHECK(csv.find("total_training_s,bar,selected,optimal,break_before,straggler_s,failure_s,"
                   "possible,") != std::string::npos);
    const auto bars = scalingReport(lesson).bars;
    std::size_t barRows = 0;
    std::size_t breakRows = 0;
    std::size_t at = csv.find("other_s\n") + std::string("other_s").size();
    for (std::size_t end; (end = csv.find('\n', at + 1)) != std::string::npos; at = end) {
        const std::string line = csv.substr(at + 1, end - at - 1);
        const auto fields = std::count(line.begin(), line.end(), ',');
        REQUIRE(fields == 24); // the layout's ten columns empty in the lesson model
        std::size_t field = 0;
        std::size_t pos = 0;
        std::string bar;
        while (field < 8) {
            pos = line.find(',', pos) + 1;
            ++field;
        }
        bar = line.substr(pos, 1);
        const std::int64_t workers = std::stoll(line.substr(0, line.find(',')));
        const bool drawn = std::any_of(bars.begin(), bars.end(),
                                       [&](const ScalingBar& b) { return b.workers == workers; });
        CHECK((bar == "1") == drawn);
        barRows += bar == "1" ? 1 : 0;
        std::size_t breakAt = 0; // break_before, the twelfth field
        for (int i = 0; i < 11; ++i) {
            breakAt = line.find(',', breakAt) + 1;
        }
        if (line.substr(breakAt, 1) == "1") {
            ++breakRows;
            CHECK((workers == 14 || workers == 34));
        }
    }
    CHECK(barRows == bars.size());
    CHECK(breakRows == 2);
}
