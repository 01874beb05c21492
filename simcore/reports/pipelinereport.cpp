#include "simcore/reports/pipelinereport.h"

#include "simcore/models/memory.h"
#include "simcore/models/parallellayout.h"
#include "simcore/models/training.h"

#include <algorithm>
#include <cmath>

namespace simcore {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string text(std::int64_t value)
{
    return std::to_string(value);
}

std::string scheduleWord(PipelineSchedule schedule)
{
    Scenario scenario;
    scenario.parallel.schedule = schedule;
    return valueText(scenario, "parallel.schedule");
}

// The rules of the model beyond single keys: what the simulation refuses, then the layout the
// schedule runs on (every virtual stage needs a layer; the node size plays no part in it).
std::vector<ScenarioError> pipelineRules(const Scenario& scenario, const PipelineParams& params)
{
    // The one layout check first: its words name the keys a user sets (train.global_batch for
    // m), where the simulation's own would name m.
    std::vector<ScenarioError> rules = layoutProblems(scenario);
    if (!rules.empty()) {
        return rules;
    }
    if (auto problem = checkPipeline(params)) {
        ScenarioError error = scenarioError(*problem, params);
        if (error.key == "parallel.microbatches") {
            // m is no key: the batch that sets it is (microbatchesPerStep).
            error.key = "train.global_batch";
            error.given = text(scenario.train.globalBatch);
            error.detail = "m = global batch / (b x dp) = " + text(params.microbatches);
        }
        rules.push_back(std::move(error));
    }
    LayoutParams layout = layoutParamsFromScenario(scenario);
    layout.gpusPerNode = 1;
    if (auto problem = checkLayout(layout)) {
        rules.push_back(*problem);
    }
    return rules;
}

BubbleFormula bubbleFormula(const PipelineParams& params)
{
    const std::int64_t p = params.stages;
    const std::int64_t m = params.microbatches;
    const std::int64_t v = params.virtualStages;
    const double f = params.forwardSeconds;
    const double b = params.backwardSeconds;
    const double w = params.weightGradSeconds;
    BubbleFormula formula;
    formula.schedule = params.schedule;
    formula.idleStages = p - 1;
    switch (params.schedule) {
    case PipelineSchedule::GPipe:
        formula.denominator = m + p - 1;
        formula.value = gpipeBubbleFraction(p, m);
        formula.text = "(p-1)/(m+p-1) of the step (Huang et al. 2019)";
        break;
    case PipelineSchedule::OneFOneB:
        formula.denominator = m;
        formula.value = oneFOneBBubbleRatio(p, m);
        formula.text = "(p-1)/m of the ideal time (Narayanan et al. 2021)";
        break;
    case PipelineSchedule::Interleaved:
        formula.denominator = v * m;
        formula.value = interleavedBubbleRatio(p, m, v);
        formula.text = "(p-1)/(v*m) of the ideal time (Narayanan et al. 2021)";
        break;
    case PipelineSchedule::ZeroBubbleH1:
        formula.seconds = zeroBubbleH1BubbleSeconds(p, f, b, w);
        formula.text = "(p-1)(F+B-2W) over the ideal m(F+B), B the whole backward (Qi et al. "
                       "2023; DeepSeek-V3 report, Table 2: ZB1P)";
        break;
    case PipelineSchedule::ZeroBubbleH2:
        formula.seconds = zeroBubbleH2BubbleSeconds(p, f, b, w);
        formula.text = "(p-1)(F+B-3W), at least 0, over the ideal m(F+B), for steps that do not "
                       "synchronise the pipeline (Qi et al. 2023)";
        break;
    case PipelineSchedule::DualPipe:
        formula.idleStages = p / 2 - 1;
        formula.seconds = dualPipeBubbleSeconds(p, f, b, w);
        formula.text = "(p/2-1)(F&B+B-3W) over the ideal m(F+B), F&B = F+B here (DeepSeek-V3 "
                       "report, Table 2)";
        break;
    }
    if (splitsBackward(params.schedule)) {
        formula.denominator = m;
        formula.value = formula.seconds / (static_cast<double>(m) * (f + b));
    } else {
        formula.seconds = formula.value * (params.schedule == PipelineSchedule::GPipe
                                               ? static_cast<double>(m + p - 1) * (f + b)
                                               : static_cast<double>(m) * (f + b));
    }
    return formula;
}

} // namespace

ScenarioError scenarioError(const PipelineError& error, const PipelineParams& params)
{
    using Kind = ScenarioError::Kind;
    std::string key = error.field;
    std::string given;
    if (key == "pipeline.forward_seconds") {
        key = "parallel.forward_time";
        given = formatNumber(params.forwardSeconds);
    } else if (key == "pipeline.backward_seconds") {
        key = "parallel.backward_time";
        given = formatNumber(params.backwardSeconds);
    } else if (key == "pipeline.transfer_seconds") {
        key = "parallel.p2p_time";
        given = formatNumber(params.transferSeconds);
    } else if (key == "pipeline.weight_grad_seconds") {
        key = "parallel.weight_grad_time";
        given = formatNumber(params.weightGradSeconds);
    } else if (key == "parallel.pp") {
        given = text(params.stages);
    } else if (key == "parallel.virtual_stages") {
        given = text(params.virtualStages);
    } else if (key == "parallel.schedule") {
        given = scheduleWord(params.schedule);
    } else {
        given = text(params.microbatches);
    }
    switch (error.kind) {
    case PipelineError::Kind::NotAMultiple:
        // Worded as validate() words the same rule, so the two are one problem.
        return {Kind::Inconsistent, key, given,
                "a multiple of parallel.pp for the interleaved schedule",
                "parallel.pp = " + text(params.stages)};
    case PipelineError::Kind::Deadlock:
        return {Kind::Inconsistent, key, given, error.allowed, {}};
    case PipelineError::Kind::DualPipeShape:
        // Worded as validate() words the same rules.
        return key == "parallel.pp"
                   ? ScenarioError{Kind::Inconsistent, key, given,
                                   "an even number for the dualpipe schedule",
                                   "parallel.schedule = dualpipe"}
                   : ScenarioError{Kind::Inconsistent, key, given,
                                   "an even number ≥ 2 × parallel.pp for the dualpipe schedule",
                                   "parallel.pp = " + text(params.stages)};
    case PipelineError::Kind::OutOfRange:
    case PipelineError::Kind::TooManyOperations:
        break;
    }
    if (key == "parallel.weight_grad_time" && params.weightGradSeconds >= 0 &&
        std::isfinite(params.backwardSeconds)) {
        // Beyond the backward: worded as validate() words it (its detail names the backward).
        return {Kind::Inconsistent,
                key,
                given,
                "0 … parallel.backward_time (the whole backward, " +
                    formatNumber(params.backwardSeconds) + " s)",
                {}};
    }
    return {Kind::OutOfRange, key, given, error.allowed, {}};
}

PipelineReport pipelineReport(const Scenario& scenario)
{
    PipelineReport report;
    report.view = View::Pipeline;
    report.heading = "Pipeline step (MODELS §5)";
    report.params = pipelineParamsFromScenario(scenario);
    report.lastDevice = report.params.stages - 1;
    report.problems = problemsOf(View::Pipeline, scenario);
    if (report.ok()) {
        report.problems =
            problemsOf(View::Pipeline, scenario, pipelineRules(scenario, report.params));
    }
    if (!report.ok()) {
        return report;
    }
    auto& params = report.params;
    // checkPipeline keeps 2·p·v·m ≤ 2^23: no overflow here.
    report.operations = splitsBackward(params.schedule)
                            ? 3 * params.stages * params.microbatches
                            : 2 * params.stages * params.virtualStages * params.microbatches;
    report.operationsListed = report.operations <= kMaxListedPipelineOperations;
    params.recordOperations = report.operationsListed;
    report.result = simulatePipeline(params);
    if (!report.result.ok()) {
        report.problems.push_back(scenarioError(*report.result.error, params));
        return report;
    }
    const auto& r = report.result;
    const std::string schedule = scheduleWord(params.schedule);
    report.heading += ", " + schedule + " schedule, p = " + text(params.stages) +
                      ", m = " + text(params.microbatches) + ", v = " + text(params.virtualStages);
    report.forwardBlockSeconds = params.forwardSeconds / static_cast<double>(params.virtualStages);
    report.formula = bubbleFormula(params);
    report.heading += "; published bubble " + report.formula.text;
    // Where the simulated timeline departs from the published one, the heading says so.
    switch (params.schedule) {
    case PipelineSchedule::ZeroBubbleH1:
    case PipelineSchedule::ZeroBubbleH2:
        report.heading += "; the order of the paper's figure (drawn for T_F = T_B = T_W): with "
                          "W > F the drain idles more than the formula";
        break;
    case PipelineSchedule::DualPipe:
        report.heading += "; each F&B pair runs as F then B (its computation-communication "
                          "overlap is not modelled) and sends both results at its end";
        break;
    case PipelineSchedule::GPipe:
    case PipelineSchedule::OneFOneB:
    case PipelineSchedule::Interleaved:
        break;
    }

    const auto options = memoryOptionsFromScenario(scenario);
    if (const auto problems = validateMemory(scenario, options); !problems.empty()) {
        report.memoryProblem = problems.front();
    }
    report.devices = pipelineActivations(scenario, options);
    if (report.memoryProblem) {
        for (auto& device : report.devices) {
            device.bytes = kNaN;
        }
    } else {
        report.activationBytesPerLayer = activationBytesPerLayer(scenario, options);
    }
    const double firstBytes = report.devices.empty() ? kNaN : report.devices.front().bytes;
    const double lastBytes = report.devices.empty() ? kNaN : report.devices.back().bytes;

    const auto count = [](std::int64_t value) { return static_cast<double>(value); };
    auto& q = report.quantities;
    q.push_back(wordQuantity("schedule", "schedule", schedule));
    q.push_back(quantity("stages", "stages p", count(params.stages), Unit::Number));
    q.push_back(quantity("microbatches", "micro-batches m", count(params.microbatches),
                         Unit::Microbatches));
    q.push_back(quantity("virtual_stages", "chunks per device v", count(params.virtualStages),
                         Unit::Number));
    q.push_back(
        quantity("forward_time", "forward time (t_f)", params.forwardSeconds, Unit::Seconds));
    // parallel.backward_time = 0 means "automatic": t_b = 2·t_f (Kaplan et al. 2020). Say so,
    // so that neither the 0 of the key nor the 2·t_f here reads as a figure someone gave.
    const bool automaticBackward = scenario.parallel.backwardSeconds == 0;
    q.push_back(quantity("backward_time",
                         automaticBackward ? "backward time (t_b), automatic: 2 × t_f"
                                           : "backward time (t_b)",
                         params.backwardSeconds, Unit::Seconds));
    q.push_back(quantity("backward_automatic", "backward time automatic (2 × t_f)",
                         automaticBackward ? 1 : 0, Unit::Boolean));
    // parallel.weight_grad_time = 0 means "automatic": W = t_b / 2, named so as t_b is.
    const bool automaticWeight = scenario.parallel.weightGradSeconds == 0;
    q.push_back(quantity("weight_grad_time",
                         automaticWeight ? "weight-gradient time (W), automatic: t_b / 2"
                                         : "weight-gradient time (W)",
                         params.weightGradSeconds, Unit::Seconds));
    q.push_back(quantity("weight_grad_automatic", "weight-gradient time automatic (t_b / 2)",
                         automaticWeight ? 1 : 0, Unit::Boolean));
    q.push_back(quantity("backward_split", "backward split into B and W",
                         splitsBackward(params.schedule) ? 1 : 0, Unit::Boolean));
    q.push_back(quantity("p2p_time", "p2p time", params.transferSeconds, Unit::Seconds));
    q.push_back(quantity("time", "step time", r.totalSeconds, Unit::Seconds));
    q.push_back(quantity("ideal_time", "ideal m(t_f+t_b)", r.idealSeconds, Unit::Seconds));
    q.push_back(quantity("bubble_time", "bubble time", r.bubbleSeconds, Unit::Seconds));
    q.push_back(quantity("bubble_fraction", "bubble / step", r.bubbleFraction, Unit::Fraction));
    q.push_back(quantity("bubble_ratio", "bubble / ideal", r.bubbleRatio, Unit::Fraction));
    q.push_back(quantity("unsynchronized_time", "step without pipeline-wide sync",
                         r.unsynchronizedSeconds, Unit::Seconds));
    q.push_back(quantity("unsynchronized_bubble_time", "bubble without pipeline-wide sync",
                         r.unsynchronizedBubbleSeconds, Unit::Seconds));
    q.push_back(quantity("unsynchronized_bubble_ratio", "bubble / ideal without pipeline-wide sync",
                         r.unsynchronizedBubbleSeconds / r.idealSeconds, Unit::Fraction));
    // Each paper's own convention: GPipe's is a share of the step, the others' of the ideal.
    q.push_back(quantity("formula_value",
                         params.schedule == PipelineSchedule::GPipe
                             ? "published formula, bubble / step"
                             : "published formula, bubble / ideal",
                         report.formula.value, Unit::Fraction));
    q.push_back(quantity("formula_bubble_time", "published formula, bubble time",
                         report.formula.seconds, Unit::Seconds));
    q.push_back(quantity("parameter_copies", "parameter copies per device",
                         count(parameterCopies(params.schedule)), Unit::Number));
    q.push_back(quantity("peak_in_flight", "peak in flight (chunks)", count(r.maxPeakInFlight),
                         Unit::Number));
    q.push_back(quantity("peak_in_flight_microbatches", "peak in flight",
                         r.maxPeakInFlightMicrobatches, Unit::Microbatches));
    q.push_back(quantity("activations_per_layer", "activations per layer and micro-batch",
                         report.activationBytesPerLayer, Unit::Bytes));
    q.push_back(
        quantity("first_device_activations", "activations, device 0", firstBytes, Unit::Bytes));
    q.push_back(
        quantity("last_device_activations", "activations, last device", lastBytes, Unit::Bytes));
    List peaks;
    List activations;
    for (const auto& device : report.devices) {
        peaks.push_back(static_cast<double>(device.peakChunks));
        activations.push_back(device.bytes);
    }
    report.details = {
        {"formula", report.formula.text},
        {"peak_in_flight_per_device", std::move(peaks)},
        {"activations_per_device", report.memoryProblem ? Value{} : Value{std::move(activations)}}};
    return report;
}

std::vector<CsvTable> pipelineCsv(const PipelineReport& report)
{
    std::vector<CsvTable> tables{csvQuantities(report)};
    if (!report.ok()) {
        return tables;
    }
    const auto& r = report.result;
    // The Gantt chart: one row per forward or backward (for zb-h1, zb-h2 and dualpipe: backward
    // = the input gradient B, weight = the weight gradient W), each device's in the order it
    // runs them; microbatch is 0-based (the chart numbers them from 1). Past
    // kMaxListedPipelineOperations the table has its header only.
    CsvTableBuilder operations("operations", {"device", "chunk", "virtual_stage", "microbatch",
                                              "pass", "start_s", "end_s"});
    for (const auto& op : r.operations) {
        operations.row({text(op.device), text(op.chunk), text(op.stage), text(op.microbatch),
                        op.pass == PipelinePass::Forward    ? "forward"
                        : op.pass == PipelinePass::Backward ? "backward"
                                                            : "weight",
                        csvNumber(op.startSeconds), csvNumber(op.endSeconds)});
    }
    tables.push_back(operations.table());
    // Per device: the most activations in flight at once and what they weigh.
    CsvTableBuilder devices("devices", {"device", "peak_in_flight_chunks",
                                        "peak_in_flight_microbatches", "activation_bytes"});
    for (std::size_t d = 0; d < report.devices.size(); ++d) {
        const auto& device = report.devices[d];
        devices.row({std::to_string(d), text(device.peakChunks), csvNumber(device.peakMicrobatches),
                     csvNumber(device.bytes)});
    }
    tables.push_back(devices.table());
    return tables;
}

} // namespace simcore
