#pragma once
// The Pipeline view's report (MODELS §5; the Parallelism panel's Gantt chart): the simulated
// schedule of one training step (every forward and backward, device by device), its bubble, the
// published closed form it is compared with, and what each device holds in flight and what
// those activations weigh (simcore/models/pipelinememory.h, Korthikanti et al. 2022).

#include "simcore/models/pipeline.h"
#include "simcore/models/pipelinememory.h"
#include "simcore/reports/report.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace simcore {

/// The report lists the operations (for the Gantt chart and the CSV) when 2·p·v·m is at most
/// this (2^18 = 262,144); larger schedules are simulated without the list, their numbers exact.
inline constexpr std::int64_t kMaxListedPipelineOperations = std::int64_t{1} << 18;

/// The published closed form of the schedule's bubble (MODELS §5) with its terms, as the formula
/// strip substitutes them and `dtsim calc pipeline` prints them.
struct BubbleFormula {
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    /// p − 1: the stages a pipeline fills and drains.
    std::int64_t idleStages = 0;
    /// The denominator: m + p − 1 (GPipe: a share of the step, Huang et al. 2019 §2.3), m (1F1B:
    /// of the ideal time, Narayanan et al. 2021 §2.2.1) or v·m (interleaved, §2.2.2).
    std::int64_t denominator = 1;
    /// idleStages / denominator: gpipeBubbleFraction, oneFOneBBubbleRatio or
    /// interleavedBubbleRatio; for ZB-H1, ZB-H2 and DualPipe, `seconds` over the ideal time
    /// m(F+B) (denominator m, idleStages p − 1, or p/2 − 1 for DualPipe).
    double value = 0;
    /// The bubble in seconds: the published time formula for ZB-H1, ZB-H2 and DualPipe
    /// (zeroBubbleH1BubbleSeconds, …), else `value` times the step (GPipe) or the ideal time.
    double seconds = 0;
    /// The formula in words, e.g. "(p-1)/m of the ideal time (Narayanan et al. 2021)".
    std::string text;
};

struct PipelineReport : Report {
    /// The schedule simulated (pipelineParamsFromScenario): p, m, v, t_f, t_b, transfer.
    PipelineParams params;
    /// The simulated step; `operations` holds every operation when operationsListed.
    PipelineResult result;
    /// 2·p·v·m: every device runs a forward and a backward per (chunk, micro-batch).
    std::int64_t operations = 0;
    /// operations ≤ kMaxListedPipelineOperations: the operations are listed (and drawn).
    bool operationsListed = false;
    /// p − 1: the last device, whose activations the memory line quotes beside device 0's.
    std::int64_t lastDevice = 0;
    /// One forward block as the chart draws it: t_f / v, seconds.
    double forwardBlockSeconds = 0;
    /// Per device: its peak in flight and, unless memoryProblem, what it weighs (bytes NaN
    /// otherwise).
    std::vector<DeviceActivations> devices;
    /// Why the memory model cannot weigh the activations (validateMemory's first problem), or
    /// none; the schedule is drawn either way.
    std::optional<ScenarioError> memoryProblem;
    /// Activations of one layer for one micro-batch (activationBytesPerLayer); NaN with a
    /// memoryProblem. Bytes.
    double activationBytesPerLayer = std::numeric_limits<double>::quiet_NaN();
    BubbleFormula formula;
};

/// Quantities: schedule, stages, microbatches, virtual_stages, forward_time, backward_time,
/// backward_automatic (parallel.backward_time = 0: t_b = 2·t_f, named so in backward_time too),
/// weight_grad_time, weight_grad_automatic (parallel.weight_grad_time = 0: W = t_b / 2),
/// backward_split (the schedule runs W apart), p2p_time, time, ideal_time, bubble_time,
/// bubble_fraction (of the step), bubble_ratio (of the ideal time), unsynchronized_time,
/// unsynchronized_bubble_time, unsynchronized_bubble_ratio (each device's own span, for steps
/// that do not synchronise the pipeline), formula_value (the published form, in its own
/// convention: of the step for GPipe, of the ideal time otherwise), formula_bubble_time,
/// parameter_copies, peak_in_flight (chunks), peak_in_flight_microbatches,
/// activations_per_layer, first_device_activations, last_device_activations (the last three NaN
/// with a memoryProblem).
/// The schedule's bubble for a step time (MODELS §8: bubble as a share of the ideal time) is
/// `bubble_ratio`: simulated, of a synchronous step, as the Gantt chart draws it. Problems: the
/// view's keys, a layout the schedule cannot have (checkLayout: more stages or chunks than layers),
/// and what simulatePipeline refuses, each naming its key.
PipelineReport pipelineReport(const Scenario& scenario);

/// A pipeline error as the scenario problem it is: the field as its scenario key
/// (pipeline.forward_seconds → parallel.forward_time, …) with the value given.
ScenarioError scenarioError(const PipelineError& error, const PipelineParams& params);

/// The CSV: the quantities; "operations" (device, chunk, virtual_stage, microbatch, pass,
/// start_s, end_s; microbatch 0-based; header only when the operations are not listed); "devices",
/// one row per device (device, peak_in_flight_chunks, peak_in_flight_microbatches,
/// activation_bytes). A report with problems has the quantities only.
std::vector<CsvTable> pipelineCsv(const PipelineReport& report);

} // namespace simcore
