#include "simcore/reports/scalingreport.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace simcore {

namespace {

/// The keys the Physical model reads beyond the view's own (training.h): a problem of one of
/// them stops that model, not the lesson's.
constexpr std::string_view kLayoutKeys[] = {"parallel.tp",
                                            "parallel.pp",
                                            "parallel.cp",
                                            "parallel.schedule",
                                            "parallel.virtual_stages",
                                            "model.heads",
                                            "memory.sequence_parallel",
                                            "hardware.nics_per_node",
                                            "hardware.nic_bandwidth",
                                            "train.optimizer"};

void addLayoutProblems(const Scenario& scenario, std::vector<ScenarioError>& problems)
{
    const auto add = [&](ScenarioError problem) {
        if (std::find(problems.begin(), problems.end(), problem) == problems.end()) {
            problems.push_back(std::move(problem));
        }
    };
    for (auto& problem : validate(scenario)) {
        const bool layoutKey = std::find(std::begin(kLayoutKeys), std::end(kLayoutKeys),
                                         problem.key) != std::end(kLayoutKeys);
        if (layoutKey) {
            add(std::move(problem));
        }
    }
    if (!problems.empty()) {
        return; // the rules below read those keys
    }
    for (auto& problem : layoutRuleProblems(scenario)) {
        add(std::move(problem));
    }
    const WorkerRange range = workerRange(scenario);
    const auto text = [](std::int64_t n) { return std::to_string(n); };
    if (range.unit > range.max) {
        add({ScenarioError::Kind::Inconsistent, "parallel.tp", text(scenario.parallel.tp),
             "tp x pp x cp at most " + text(range.max) + ", the largest N",
             "tp x pp x cp = " + text(range.unit) + " GPUs per data-parallel replica; " +
                 std::string(workerLimitKey(range.limit)) + " sets N <= " + text(range.max)});
        return;
    }
    // Not one N of the range is a layout (the batch splits into no whole micro-batches).
    if (const auto sweep = LayoutSweep::fromScenario(scenario)) {
        const auto workers = allowedWorkers(range);
        const bool any = std::any_of(workers.begin(), workers.end(), [&](std::int64_t n) {
            return sweep->fit(n) == LayoutFit::Fits;
        });
        if (!any) {
            add({ScenarioError::Kind::Inconsistent, "train.global_batch",
                 text(scenario.train.globalBatch),
                 "a multiple of train.micro_batch x dp for some N = dp x " + text(range.unit) +
                     " up to " + text(range.max),
                 "train.micro_batch = " + text(scenario.train.microBatch) +
                     ": no N of the range splits the batch into whole micro-batches"});
        }
    }
}

double nan()
{
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace

ScalingReport scalingReport(const Scenario& scenario)
{
    ScalingReport report;
    report.view = View::Scaling;
    std::vector<ScenarioError> rules;
    if (auto problem = workerProblem(scenario)) {
        rules.push_back(*problem);
    }
    report.problems = problemsOf(View::Scaling, scenario, rules);
    if (scenario.scaling.countFailures) {
        // The bars then price failures too: the goodput model's keys are this view's.
        const auto keys = goodputKeys();
        for (auto& problem : validate(scenario)) {
            const bool known = std::any_of(report.problems.begin(), report.problems.end(),
                                           [&](const auto& p) { return p.key == problem.key; });
            if (!known && std::find(keys.begin(), keys.end(), problem.key) != keys.end()) {
                report.problems.push_back(std::move(problem));
            }
        }
    }
    if (report.ok() && scenario.scaling.countFailures) {
        // A given checkpoint.work sets the job's steps through the step at checkpoint.gpus.
        std::vector<ScenarioError> jobProblems;
        if (!failureParamsFromScenario(scenario, &jobProblems)) {
            report.problems = std::move(jobProblems);
        }
    }
    if (report.ok() && scenario.scaling.mode == ScalingMode::Physical) {
        addLayoutProblems(scenario, report.problems);
    }
    if (!report.ok()) {
        return report;
    }
    report.result = evaluateScaling(scenario);
    report.axis = scenario.scaling.axis;
    const auto& r = report.result;
    const auto& s = r.selected;
    const bool physical = r.mode == ScalingMode::Physical;
    const LayoutShape shape = layoutShape(scenario);
    const auto sweep = physical ? LayoutSweep::fromScenario(scenario) : std::nullopt;
    report.heading =
        (physical ? "Scaling, physical model (dp x tp x pp x cp layouts, tp " +
                        std::to_string(shape.tp) + " x pp " + std::to_string(shape.pp) + " x cp " +
                        std::to_string(shape.cp) + "; Narayanan et al. 2021, MODELS §8), N = "
                  : std::string("Scaling, lesson model (seed lesson §5), N = ")) +
        std::to_string(s.workers);

    for (std::size_t i = 0; i < r.window.size(); ++i) {
        const auto& bar = r.window[i];
        ScalingBar drawn;
        drawn.workers = bar.workers;
        drawn.computeSeconds = bar.computeSeconds;
        drawn.communicationSeconds = bar.syncSeconds + bar.bubbleSeconds;
        drawn.stragglerSeconds = bar.stragglerSeconds;
        drawn.failureSeconds = bar.failureSeconds;
        drawn.idealSeconds = bar.idealSeconds;
        if (sweep) {
            drawn.tensorParallelSeconds = bar.tensorParallelSeconds;
            drawn.pipelineSeconds = bar.bubbleSeconds + bar.pipelineSendSeconds;
            drawn.dataParallelSeconds = bar.dataParallelSeconds + bar.zeroGatherSeconds;
            drawn.otherSeconds =
                bar.contextParallelSeconds + bar.optimizerSeconds + bar.otherSeconds;
            drawn.dataParallel = bar.dataParallel;
            drawn.possible = bar.possible;
            drawn.fit = sweep->fit(bar.workers);
        }
        drawn.selected = bar.workers == s.workers;
        drawn.optimum = bar.workers == r.optimalWorkers;
        drawn.breakBefore = r.breakBefore[i];
        report.bars.push_back(drawn);
    }
    // Measured runs: T₁ from the runs at N = 1 when there are any, else the model's.
    double singleSum = 0;
    int singleRuns = 0;
    for (const auto& point : scenario.scaling.measured) {
        if (point.workers == 1) {
            singleSum += point.seconds;
            ++singleRuns;
        }
    }
    report.speedupFromModel = singleRuns == 0 && !scenario.scaling.measured.empty();
    const double single = singleRuns > 0 ? singleSum / singleRuns : r.single.stepSeconds;
    for (const auto& point : scenario.scaling.measured) {
        ScalingMeasuredPoint drawn{point.workers, point.seconds, single / point.seconds, {}};
        std::size_t slot = 0;
        for (const auto& bar : report.bars) {
            slot += bar.breakBefore ? 1 : 0;
            if (bar.workers == point.workers) {
                drawn.barSlot = slot;
                break;
            }
            ++slot;
        }
        report.measured.push_back(drawn);
    }
    const auto& lesson = scenario.lesson;
    report.lesson = {lesson.baseComputeSeconds, lesson.fixedSyncSeconds,
                     lesson.syncPerWorkerSeconds, s.workers - 1,
                     lesson.syncPerWorkerSeconds > 0
                         ? std::sqrt(lesson.baseComputeSeconds / lesson.syncPerWorkerSeconds)
                         : std::numeric_limits<double>::quiet_NaN()};
    if (sweep) {
        PhysicalTerms terms;
        terms.shape = shape;
        terms.fit = sweep->fit(s.workers);
        terms.params = sweep->layout(s.workers); // its GPU and efficiency, even at no layout
        if (terms.fit == LayoutFit::Fits) {
            terms.step = evaluateStepTime(terms.params);
        }
        if (!report.bars.empty()) {
            const std::int64_t unit = shape.unit;
            const std::int64_t from = report.bars.front().workers;
            const std::int64_t to = report.bars.back().workers;
            for (std::int64_t n = (from + unit - 1) / unit * unit; n <= to; n += unit) {
                const bool drawn =
                    std::any_of(report.bars.begin(), report.bars.end(),
                                [n](const ScalingBar& bar) { return bar.workers == n; });
                if (drawn || sweep->fit(n) == LayoutFit::Fits) {
                    continue;
                }
                if (report.skippedWorkers.size() == kMostSkippedShown) {
                    report.skippedMore = true;
                    break;
                }
                report.skippedWorkers.push_back(n);
            }
        }
        terms.singleSeconds = sweep->single(s.workers).stepSeconds;
        terms.microBatch = scenario.train.microBatch;
        terms.globalBatch = static_cast<std::int64_t>(sweep->layout(s.workers).globalBatch);
        report.physical = terms;
    }

    report.countsFailures = scenario.scaling.countFailures;
    if (scenario.scaling.countFailures && s.possible) {
        if (auto params = failureParamsFromScenario(scenario, nullptr)) {
            // The plain step at N: the counted one less what counting added.
            params->gpus = s.workers;
            params->stepSeconds = s.stepSeconds - s.stragglerSeconds - s.failureSeconds;
            report.failureParams = params;
            report.failureResult = evaluateGoodput(*params);
        }
    }

    auto& q = report.quantities;
    q.push_back(quantity("workers", "workers N", static_cast<double>(s.workers), Unit::Gpus));
    q.push_back(quantity("compute", physical ? "compute" : "compute (T1/N)", s.computeSeconds,
                         Unit::Seconds));
    q.push_back(quantity("sync", physical ? "sync (not overlapped)" : "sync", s.syncSeconds,
                         Unit::Seconds));
    q.push_back(quantity("step", "step", s.stepSeconds, Unit::Seconds));
    q.push_back(quantity("ideal", "ideal (T1/N)", s.idealSeconds, Unit::Seconds));
    q.push_back(quantity("speedup", "speed-up", s.speedup, Unit::Factor));
    q.push_back(quantity("efficiency", "efficiency", s.efficiency, Unit::Fraction));
    q.push_back(quantity("optimal_workers", "optimal workers",
                         static_cast<double>(r.optimalWorkers), Unit::Gpus));
    q.push_back(quantity("optimal_step", "step at optimum", r.optimal.stepSeconds, Unit::Seconds));
    q.push_back(quantity("steps", "steps", static_cast<double>(scenario.train.steps), Unit::Steps));
    q.push_back(quantity("total_time", "total training time", s.totalSeconds, Unit::Seconds));
    q.push_back(
        quantity("max_workers", "largest N allowed", static_cast<double>(r.range.max), Unit::Gpus));
    q.push_back(
        wordQuantity("workers_limit", "set by", std::string(workerLimitKey(r.range.limit))));
    q.push_back(wordQuantity("count_failures", "failures and stragglers counted",
                             scenario.scaling.countFailures ? "on" : "off"));
    q.push_back(quantity("straggler", "straggler wait", s.stragglerSeconds, Unit::Seconds));
    q.push_back(quantity("failure_overhead", "failures (lost work, checkpoints, restarts)",
                         s.failureSeconds, Unit::Seconds));
    // The goodput model's terms at N (none when failures are not counted): the formula strip.
    const bool counted = report.failureParams.has_value();
    const auto& g = report.failureResult;
    const auto ifCounted = [counted](double value) {
        return counted ? value : std::numeric_limits<double>::quiet_NaN();
    };
    q.push_back(quantity("plain_step", "step without failures",
                         ifCounted(counted ? report.failureParams->stepSeconds : 0),
                         Unit::Seconds));
    q.push_back(quantity("straggler_cv", "step time variation (c)",
                         ifCounted(scenario.scaling.stragglerCv), Unit::Fraction));
    q.push_back(
        quantity("expected_max", "E[max of N normals]", ifCounted(g.normalMax.mean), Unit::Number));
    q.push_back(quantity("straggler_factor", "straggler factor (1 + c E[max])",
                         ifCounted(g.stragglerFactor), Unit::Factor));
    q.push_back(quantity("gpu_mtbf", "GPU MTBF",
                         ifCounted(counted ? report.failureParams->gpuMtbfSeconds : 0),
                         Unit::Seconds));
    q.push_back(
        quantity("job_mtbf", "job MTBF (M = GPU/N)", ifCounted(g.jobMtbfSeconds), Unit::Seconds));
    q.push_back(quantity("checkpoint_write_time", "checkpoint write time (delta)",
                         ifCounted(counted ? report.failureParams->writeSeconds : 0),
                         Unit::Seconds));
    q.push_back(quantity("restart_time", "restart time (R)",
                         ifCounted(counted ? report.failureParams->restartSeconds : 0),
                         Unit::Seconds));
    q.push_back(quantity("optimal_interval", "optimal interval (Daly)",
                         ifCounted(g.optimalIntervalSeconds), Unit::Seconds));
    q.push_back(quantity("goodput", "goodput", ifCounted(g.goodput), Unit::Fraction));
    // The Physical model's layout at N and its step's exposed terms (NaN in the lesson).
    const bool layout = report.physical.has_value();
    const auto ifLayout = [layout](double value) { return layout ? value : nan(); };
    q.push_back(quantity("layout_possible", "N is a dp x tp x pp x cp layout",
                         ifLayout(s.possible ? 1.0 : 0.0), Unit::Boolean));
    q.push_back(quantity("tensor_parallel", "tensor-parallel degree tp",
                         ifLayout(static_cast<double>(shape.tp)), Unit::Number));
    q.push_back(quantity("pipeline_parallel", "pipeline-parallel degree pp",
                         ifLayout(static_cast<double>(shape.pp)), Unit::Number));
    q.push_back(quantity("context_parallel", "context-parallel degree cp",
                         ifLayout(static_cast<double>(shape.cp)), Unit::Number));
    q.push_back(quantity("replica_gpus", "GPUs per data-parallel replica (tp x pp x cp)",
                         ifLayout(static_cast<double>(shape.unit)), Unit::Gpus));
    const bool fits = layout && s.possible;
    const auto ifFits = [fits](double value) { return fits ? value : nan(); };
    q.push_back(quantity(
        "data_parallel", "data-parallel degree dp = N / (tp x pp x cp)",
        layout && s.workers % shape.unit == 0 ? static_cast<double>(s.workers / shape.unit) : nan(),
        Unit::Number));
    q.push_back(quantity("microbatches", "micro-batches m = B/(b x dp)", ifFits(s.microbatches),
                         Unit::Microbatches));
    q.push_back(quantity("tp_comm", "tensor-parallel communication",
                         ifFits(s.tensorParallelSeconds), Unit::Seconds));
    q.push_back(quantity("pp_bubble", "pipeline bubble", ifFits(s.bubbleSeconds), Unit::Seconds));
    q.push_back(quantity("pp_p2p", "pipeline sends", ifFits(s.pipelineSendSeconds), Unit::Seconds));
    q.push_back(quantity("dp_comm", "data-parallel reduction, exposed",
                         ifFits(s.dataParallelSeconds), Unit::Seconds));
    q.push_back(quantity("zero_gather", "ZeRO-3 parameter gathers, exposed",
                         ifFits(s.zeroGatherSeconds), Unit::Seconds));
    q.push_back(quantity("cp_comm", "context-parallel K/V exchange, exposed",
                         ifFits(s.contextParallelSeconds), Unit::Seconds));
    q.push_back(
        quantity("optimizer_step", "optimizer step", ifFits(s.optimizerSeconds), Unit::Seconds));
    q.push_back(quantity("single_gpu_step", "one GPU's step T1 (same global batch)",
                         layout ? report.physical->singleSeconds : nan(), Unit::Seconds));
    report.details = {
        {"mode",
         std::string(scenario.scaling.mode == ScalingMode::Physical ? "physical" : "lesson")}};
    return report;
}

std::vector<CsvTable> scalingCsv(const ScalingReport& report)
{
    std::vector<CsvTable> tables{csvQuantities(report)};
    if (!report.ok()) {
        return tables;
    }
    const auto& r = report.result;
    struct Row {
        StepTimes times;
        bool bar = false;
        bool breakBefore = false;
    };
    const bool layout = report.physical.has_value();
    std::map<std::int64_t, Row> rows;
    for (const auto& point : r.curve) {
        rows[point.workers] = {point, false, false};
    }
    for (std::size_t i = 0; i < r.window.size(); ++i) {
        rows[r.window[i].workers] = {r.window[i], true, r.breakBefore[i]};
    }
    const auto flag = [](bool value) { return std::string(value ? "1" : "0"); };
    // The bars (bar = 1) and the speed-up curve, one row per N; the layout's terms stay empty
    // where N is no layout.
    CsvTableBuilder curve(
        "curve", {"workers",       "compute_s",     "communication_s",  "step_s",      "ideal_s",
                  "speedup",       "efficiency",    "total_training_s", "bar",         "selected",
                  "optimal",       "break_before",  "straggler_s",      "failure_s",   "possible",
                  "data_parallel", "microbatches",  "tp_comm_s",        "pp_bubble_s", "pp_p2p_s",
                  "dp_comm_s",     "zero_gather_s", "cp_comm_s",        "optimizer_s", "other_s"});
    for (const auto& [workers, row] : rows) {
        const auto& t = row.times;
        std::vector<std::string> fields{std::to_string(workers),
                                        csvNumber(t.computeSeconds),
                                        csvNumber(t.syncSeconds + t.bubbleSeconds),
                                        csvNumber(t.stepSeconds),
                                        csvNumber(t.idealSeconds),
                                        csvNumber(t.speedup),
                                        csvNumber(t.efficiency),
                                        csvNumber(t.totalSeconds),
                                        flag(row.bar),
                                        flag(workers == r.selected.workers),
                                        flag(workers == r.optimalWorkers),
                                        flag(row.breakBefore),
                                        csvNumber(t.stragglerSeconds),
                                        csvNumber(t.failureSeconds),
                                        flag(t.possible)};
        if (layout && t.possible) {
            fields.insert(fields.end(),
                          {std::to_string(t.dataParallel), csvNumber(t.microbatches),
                           csvNumber(t.tensorParallelSeconds), csvNumber(t.bubbleSeconds),
                           csvNumber(t.pipelineSendSeconds), csvNumber(t.dataParallelSeconds),
                           csvNumber(t.zeroGatherSeconds), csvNumber(t.contextParallelSeconds),
                           csvNumber(t.optimizerSeconds), csvNumber(t.otherSeconds)});
        }
        curve.row(std::move(fields));
    }
    tables.push_back(curve.table());
    if (!report.measured.empty()) {
        // One row per run of scaling.measured; the speed-up is against the mean of the runs at
        // N = 1, or against the model's T(1) when no run is at N = 1 (speedupFromModel).
        CsvTableBuilder measured("measured", {"workers", "measured_step_s", "measured_speedup",
                                              "model_step_s", "on_bar"});
        for (std::size_t i = 0; i < report.measured.size(); ++i) {
            const auto& m = report.measured[i];
            measured.row({std::to_string(m.workers), csvNumber(m.stepSeconds), csvNumber(m.speedup),
                          csvNumber(r.measuredModel[i].stepSeconds), flag(m.barSlot.has_value())});
        }
        tables.push_back(measured.table());
    }
    return tables;
}

} // namespace simcore
