#include "simcore/scalingreport.h"

#include "simcore/physicalscaling.h"

#include <algorithm>
#include <limits>
#include <map>

namespace simcore {

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
    if (!report.ok()) {
        return report;
    }
    report.result = evaluateScaling(scenario);
    report.axis = scenario.scaling.axis;
    const auto& r = report.result;
    const auto& s = r.selected;
    const bool physical = r.mode == ScalingMode::Physical;
    report.heading = (physical ? "Scaling, physical model (MODELS §3 compute, §4 collectives), N = "
                               : "Scaling, lesson model (seed lesson §5), N = ") +
                     std::to_string(s.workers);

    for (std::size_t i = 0; i < r.window.size(); ++i) {
        const auto& bar = r.window[i];
        report.bars.push_back({bar.workers, bar.computeSeconds, bar.syncSeconds + bar.bubbleSeconds,
                               bar.stragglerSeconds, bar.failureSeconds, bar.idealSeconds,
                               bar.workers == s.workers, bar.workers == r.optimalWorkers,
                               r.breakBefore[i]});
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
                     lesson.syncPerWorkerSeconds, s.workers - 1};
    if (physical) {
        if (const auto params = physicalParamsFromScenario(scenario)) {
            const double communication = syncSeconds(*params, s.workers);
            const bool weak = params->batch == BatchScaling::Weak;
            report.physical =
                PhysicalTerms{flopsPerToken(*params),
                              weak ? params->tokensPerStep
                                   : params->tokensPerStep / static_cast<double>(s.workers),
                              params->peakFlopsPerSecond,
                              params->mfu,
                              communication,
                              communication - s.syncSeconds};
        }
    }

    if (scenario.scaling.countFailures) {
        if (auto params = goodputParamsFromScenario(scenario)) {
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
    return report;
}

std::string scalingCsv(const ScalingReport& report)
{
    std::string text = csvQuantities(report);
    if (!report.ok()) {
        return text;
    }
    const auto& r = report.result;
    struct Row {
        StepTimes times;
        bool bar = false;
        bool breakBefore = false;
    };
    std::map<std::int64_t, Row> rows;
    for (const auto& point : r.curve) {
        rows[point.workers] = {point, false, false};
    }
    for (std::size_t i = 0; i < r.window.size(); ++i) {
        rows[r.window[i].workers] = {r.window[i], true, r.breakBefore[i]};
    }
    text += "# the bars (bar = 1) and the speed-up curve, one row per N\n"
            "workers,compute_s,communication_s,step_s,ideal_s,speedup,efficiency,"
            "total_training_s,bar,selected,optimal,break_before,straggler_s,failure_s\n";
    for (const auto& [workers, row] : rows) {
        const auto& t = row.times;
        text += std::to_string(workers) + ',' + csvNumber(t.computeSeconds) + ',' +
                csvNumber(t.syncSeconds + t.bubbleSeconds) + ',' + csvNumber(t.stepSeconds) + ',' +
                csvNumber(t.idealSeconds) + ',' + csvNumber(t.speedup) + ',' +
                csvNumber(t.efficiency) + ',' + csvNumber(t.totalSeconds) + ',' +
                (row.bar ? "1" : "0") + ',' + (workers == r.selected.workers ? "1" : "0") + ',' +
                (workers == r.optimalWorkers ? "1" : "0") + ',' + (row.breakBefore ? "1" : "0") +
                ',' + csvNumber(t.stragglerSeconds) + ',' + csvNumber(t.failureSeconds) + '\n';
    }
    if (!report.measured.empty()) {
        text +=
            std::string("# measured step times (scaling.measured), one row per run; speed-up ") +
            (report.speedupFromModel ? "against the model's T(1): no run at N = 1"
                                     : "against the mean of the runs at N = 1") +
            "\nworkers,measured_step_s,measured_speedup,model_step_s,on_bar\n";
        for (std::size_t i = 0; i < report.measured.size(); ++i) {
            const auto& m = report.measured[i];
            text += std::to_string(m.workers) + ',' + csvNumber(m.stepSeconds) + ',' +
                    csvNumber(m.speedup) + ',' + csvNumber(r.measuredModel[i].stepSeconds) + ',' +
                    (m.barSlot ? "1" : "0") + '\n';
        }
    }
    return text;
}

} // namespace simcore
