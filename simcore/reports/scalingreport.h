#pragma once
// The Scaling view's report (seed lesson §4–5, MODELS §1 and §3): the step at the slider's N, the
// optimum, the bars and the speed-up curve, and the terms of the formula strip, in the lesson
// model or the Physical one (scaling.mode).

#include "simcore/models/layoutscaling.h"
#include "simcore/models/scaling.h"
#include "simcore/reports/report.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace simcore {

/// One bar pair of the step-time chart, as drawn: the solid bar stacks compute and everything
/// else the step waits for; the hatched bar beside it is the ideal T₁/N. Seconds.
struct ScalingBar {
    std::int64_t workers = 1;
    double computeSeconds = 0;
    /// Communication not hidden plus the pipeline bubble.
    double communicationSeconds = 0;
    /// With scaling.count_failures (else 0): waiting for the slowest GPU, and the step's share
    /// of checkpoint writes, lost work and restarts (goodput.h). The solid bar stacks compute,
    /// communication, straggler and failure: the whole step.
    double stragglerSeconds = 0;
    double failureSeconds = 0;
    double idealSeconds = 0;
    /// Physical model: communicationSeconds split into the layout's exposed terms (StepTimes'
    /// Physical parts, from evaluateStepTime); the solid bar stacks compute, these four and the
    /// failure parts. 0 in the lesson model.
    double tensorParallelSeconds = 0; ///< TP collectives
    double pipelineSeconds = 0;       ///< bubble + point-to-point sends
    double dataParallelSeconds = 0;   ///< DP reduction (+ ZeRO-1/2 gather) + ZeRO-3 gathers
    double otherSeconds = 0;          ///< CP K/V exchange + optimizer step + any other term
    std::int64_t dataParallel = 0;    ///< dp at this N (Physical), else 0
    /// False: N is no layout (fit says why); nothing is priced, every time is NaN and the chart
    /// draws an empty slot marked impossible.
    bool possible = true;
    LayoutFit fit = LayoutFit::Fits;
    bool selected = false;    ///< the slider's N
    bool optimum = false;     ///< the fastest step
    bool breakBefore = false; ///< counts before this bar are left out: draw a break mark
};

/// The Physical model's formula terms at the selected N: the layout (layoutscaling.h) and its
/// step's terms from evaluateStepTime (training.h).
struct PhysicalTerms {
    LayoutShape shape;               ///< the scenario's tp, pp, cp and tp·pp·cp
    LayoutFit fit = LayoutFit::Fits; ///< whether the selected N is a layout
    StepTimeParams params;           ///< the selected N's layout (dp set; the GPU's efficiency)
    StepTime step;                   ///< evaluateStepTime(params) when it fits
    double singleSeconds = 0;        ///< T₁: one GPU's step for the same global batch
    std::int64_t globalBatch = 0;    ///< B at the selected N, sequences
    std::int64_t microBatch = 1;     ///< b, sequences
};

/// The lesson model's constants (seed lesson §5), seconds, and the workers beyond the first
/// that the per-worker term counts at the selected N.
struct LessonTerms {
    double baseComputeSeconds = 0;
    double fixedSyncSeconds = 0;
    double syncPerWorkerSeconds = 0;
    std::int64_t extraWorkers = 0; ///< N − 1
    /// Where dT/dN = −T_compute/N² + per-worker = 0: N* = √(T_compute / per-worker), a real
    /// number (the fastest whole N is next to it); NaN without a per-worker cost.
    double continuousOptimum = 0;
};

/// One measured run (scaling.measured) as the charts draw it over the model.
struct ScalingMeasuredPoint {
    std::int64_t workers = 1;
    double stepSeconds = 0; ///< as measured
    /// T₁ / T_N with T₁ the mean of the runs measured at N = 1, or, when none was, the model's
    /// step at N = 1 (`speedupFromModel`).
    double speedup = 1;
    /// The slot of the step-time chart whose bar has this N (break slots counted), when N is
    /// one of the bars; the speed-up chart draws every point.
    std::optional<std::size_t> barSlot;
};

/// How many left-out N a report lists.
inline constexpr std::size_t kMostSkippedShown = 4;

struct ScalingReport : Report {
    ScalingResult result;                  ///< selected, optimum, window and curve
    AxisScale axis = AxisScale::Linear;    ///< how the worker axis is spaced (scaling.axis)
    std::vector<ScalingBar> bars;          ///< result.window as drawn
    LessonTerms lesson;                    ///< the lesson model's terms (always filled)
    std::optional<PhysicalTerms> physical; ///< set in the Physical mode
    /// Physical mode: multiples of tp·pp·cp between the first and the last bar that are no
    /// layout and so have no bar (the first kMostSkippedShown; skippedMore when there are more).
    std::vector<std::int64_t> skippedWorkers;
    bool skippedMore = false;
    std::vector<ScalingMeasuredPoint> measured; ///< scaling.measured, in the key's order
    bool speedupFromModel = false; ///< no run at N = 1 was measured: T₁ is the model's
    /// With scaling.count_failures: the goodput model's inputs (N and μ those of the selected
    /// N) and its result there, for the formula strip.
    std::optional<GoodputParams> failureParams;
    GoodputResult failureResult;
    /// scaling.count_failures: the bars stack stragglers and failures (failureParams is unset
    /// when the selected N is no layout, the others still count them).
    bool countsFailures = false;
};

/// Quantities: workers, compute, sync, step, ideal, speedup, efficiency, optimal_workers,
/// optimal_step, steps, total_time (all at the selected N, but the two optimal_* ones),
/// max_workers (the largest N allowed, workerRange) and workers_limit (the key that sets it),
/// count_failures (off | on), straggler and failure_overhead (seconds per step, 0 when off); the
/// Physical model's layout at N: layout_possible (a Boolean; NaN in the lesson), tensor_parallel,
/// pipeline_parallel, context_parallel, replica_gpus (tp·pp·cp), data_parallel,
/// microbatches and its exposed terms tp_comm, pp_bubble, pp_p2p, dp_comm, zero_gather,
/// cp_comm, optimizer_step (s; NaN in the lesson model and at an impossible N, whose step,
/// speed-up and the rest are NaN too).
/// A scaling.workers outside workerRange is a problem (workerProblem); with count_failures, so
/// is any problem of the goodput model's keys; in the Physical model so are the layout's rules
/// that do not depend on N (layoutRuleProblems) and a tp·pp·cp larger than the largest N.
ScalingReport scalingReport(const Scenario& scenario);

/// The CSV behind both charts: the quantities; "curve", one row per N of the bars and the curve
/// (workers, compute_s, communication_s, step_s, ideal_s, speedup, efficiency,
/// total_training_s, bar, selected, optimal, break_before, straggler_s, failure_s, possible,
/// data_parallel, microbatches, tp_comm_s, pp_bubble_s, pp_p2p_s, dp_comm_s, zero_gather_s,
/// cp_comm_s, optimizer_s, other_s; bar = 1 for the N drawn as bars, break_before = 1 where the
/// chart draws a break mark before the bar; possible = 0 for an N that is no layout, whose
/// times are empty; the layout's columns are empty in the lesson model); then, when
/// scaling.measured holds runs, "measured", one row per run (workers, measured_step_s,
/// measured_speedup, model_step_s, on_bar). A report with problems has the quantities only.
std::vector<CsvTable> scalingCsv(const ScalingReport& report);

} // namespace simcore
