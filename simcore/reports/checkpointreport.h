#pragma once
// The Checkpoint view's report (seed lesson §3b, MODELS §6; Young 1974, Daly 2006): the closed
// form at the scenario's interval and at the optimum, the wasted-time curve as the chart stacks
// it, the interval in training steps, and the Monte-Carlo batch's summary when one is run.

#include "simcore/models/checkpoint.h"
#include "simcore/montecarlo/montecarlo.h"
#include "simcore/reports/report.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace simcore {

/// One interval of the wasted-time chart, as stacked: the tops of writes, writes + lost work and
/// writes + lost work + restarts, as shares (0 … 1) of the wall time.
struct WasteStack {
    double intervalSeconds = 0;
    double writeTop = 0;
    double lostTop = 0;
    double restartTop = 0;
};

struct CheckpointReport : Report {
    CheckpointResult result;       ///< the closed form, its inputs, and the curve (checkpoint.h)
    std::vector<WasteStack> stack; ///< result.curve's usable points, as the chart stacks them
    /// Daly's optimum in whole seconds: what "Use the optimum interval" sets.
    double optimalIntervalWholeSeconds = 0;
    double stepSeconds = 0; ///< the job's step μ at checkpoint.gpus; NaN without one
    bool overflow = false;  ///< the expected time is beyond any calendar
    /// The job's steps for the Monte-Carlo straggler wait: the goodput model's μ, s and step
    /// deviation at checkpoint.gpus with scaling.straggler_cv (goodputStragglerSteps); none when
    /// c = 0 or the goodput model has no step time for this scenario.
    StragglerSteps stragglers;
    /// Why the quantities priced from the training model's step time at checkpoint.gpus are none
    /// (`unpriced`): N is no dp × tp × pp × cp layout (the key and the nearest layouts), or the
    /// training model cannot price it. Not the report's problems: the intervals, the waste curve
    /// and, with W known, the expected time need no step time and stand. Empty when priced.
    std::vector<ScenarioError> stepProblems;
    /// The ids of the quantities that need that step time and are none: step_time,
    /// interval_steps, optimal_interval_steps; with W given also steps (W / step); with W from
    /// train.steps also work, expected_time, expected_failures and optimal_expected_time.
    std::vector<std::string_view> unpriced;
    /// Whether the job's length W is known (from checkpoint.work, or a step time at N): the
    /// expected time and the Monte-Carlo batch need it.
    [[nodiscard]] bool workKnown() const { return result.workKnown; }
};

/// The job is goodput.h's checkpointJob. Cluster MTBF, δ, R, Young's and Daly's intervals and the
/// shares of wasted time need no layout at checkpoint.gpus; what is priced from its step time is
/// NaN without one, named in stepProblems and unpriced (and the details' field "unpriced": the
/// quantities' ids and the problem's key, given, allowed and message).
/// Quantities (the JSON fields of `dtsim calc checkpoint`): status (word: ok | overflow), gpus,
/// gpu_mtbf, cluster_mtbf, interval, write_time, write_source (given | storage | memory),
/// restart_time, work, steps, work_source (steps | given), young_interval,
/// optimal_interval, waste_fraction, write_fraction, lost_fraction, restart_fraction,
/// expected_time (none on overflow), expected_failures, optimal_waste_fraction,
/// optimal_expected_time, step_time, interval_steps and optimal_interval_steps (none when the
/// interval is not a whole number of steps).
CheckpointReport checkpointReport(const Scenario& scenario);
/// The problem of a GPU MTBF within its range (> 0) that underflows to 0 once shared by
/// checkpoint.gpus GPUs (the checkpoint and goodput reports refuse it alike).
ScenarioError jobMtbfUnderflow(const Scenario& scenario);

/// What a Monte-Carlo batch gives the charts (MODELS §6): its statistics against the closed form,
/// the histogram of completion times, and run 0 with its timeline. A value: made on a worker
/// thread in the window, then moved to the chart.
struct MonteCarloSummary {
    bool valid = false; ///< false until a batch has been computed
    CheckpointParams params;
    StragglerSteps stragglers; ///< the straggler wait marked inside the work (none: not drawn)
    std::int64_t runsRequested = 0;
    std::uint64_t seed = 0;
    BatchResult batch; ///< completionSeconds cleared (the histogram keeps their shape)
    Histogram histogram;
    RunResult sampleRun; ///< run 0 of the batch, with its timeline (the batch's status, and
                         ///< nothing else, when the batch did not run)
    /// The closed form counted in whole intervals, as the simulation runs the job
    /// (segmentedExpectedTime), and Daly's with a fractional last interval (dalyExpectedTime).
    double expectedSeconds = 0;
    double closedFormSeconds = 0;
    bool closedFormDiffers = false; ///< τ does not divide W: the two expectations differ
    double differenceFraction = 0;  ///< (mean − expected) / expected
    double standardErrors = 0;      ///< (mean − expected) / standard error; 0 without one
    double stragglerFraction = 0;   ///< mean straggler wait / mean completion time
};

/// Histogram bins for `runs` jobs: about √runs, 1 … 60.
int histogramBins(std::int64_t runs);

/// Runs the batch and run 0 with its timeline (at most `timelineSegments` segments), with the
/// straggler wait of `stragglers` inside the work (it changes no wall time). Pure computation,
/// safe on any thread; `cancel` and `progress` as MonteCarloOptions.
MonteCarloSummary computeMonteCarlo(const CheckpointParams& params, std::int64_t runs,
                                    std::uint64_t seed, std::int64_t timelineSegments = 20000,
                                    const std::atomic<bool>* cancel = nullptr,
                                    std::atomic<std::int64_t>* progress = nullptr,
                                    const StragglerSteps& stragglers = {});

/// "completed", "failure_limit", "too_many_intervals", "no_run_finished" or "invalid": the
/// mc_status quantity's word.
std::string batchStatusId(const BatchResult& batch);

/// The batch's numbers as quantities, the one list `calc checkpoint --monte-carlo` prints and the
/// CSV writes: mc_status, mc_runs (finished), mc_seed, mc_mean_time, mc_standard_error,
/// mc_expected_time (whole intervals), mc_mean_failures, and with stragglers
/// mc_straggler_factor and mc_mean_straggler_time. Empty when no batch was computed.
std::vector<Quantity> monteCarloQuantities(const MonteCarloSummary& monteCarlo);
/// The batch as `calc checkpoint --monte-carlo --json` writes it beside the quantities: the
/// field monte_carlo {status, runs, seed, mean, standard_error, min, max, mean_failures,
/// expected}, in seconds.
Field monteCarloDetails(const MonteCarloSummary& monteCarlo, std::uint64_t seed);

/// The CSV: the quantities; "monte_carlo", the batch's quantities (when one was computed);
/// "waste_curve", wasted time vs interval (interval_s, waste_fraction, write_fraction,
/// lost_fraction, restart_fraction, expected_s, expected_failures); with a valid batch,
/// "histogram" of its completion times (bin_start_s, bin_end_s, jobs) and "timeline", run 0's
/// stretches between failures (start_s, end_s, work_kept_s, straggler_s, write_s, lost_s,
/// restart_s, ends_in_failure: as many rows as failures + 1, whatever the number of intervals). A
/// report with problems has the quantities only.
std::vector<CsvTable> checkpointCsv(const CheckpointReport& report,
                                    const MonteCarloSummary& monteCarlo);

/// Llama 3 405B's model and its 16,384-GPU layout (Llama 3 paper, Tables 3 and 4: tp 8 × pp 16
/// × dp 128, 2,048 sequences of 8,192 a step; 128 layers stand in for its 126, see the
/// definition), with checkpoint.gpus = 16,384: a job the training model prices. Every other key
/// of `base` is kept.
Scenario withLlama3Scale(const Scenario& base);

/// The Llama 3 preset of the Checkpoint panel (Llama 3 paper §3.3.4, MODELS §6): withLlama3Scale,
/// 419 unexpected interruptions in 54 days → job MTBF 54·24/419 h ≈ 3.09 h, GPU MTBF = that ×
/// 16,384; W = 54 days (checkpoint.work given). The paper gives no checkpoint times: δ = 60 s and
/// R = 600 s are assumptions (a minute to write in parallel, ten minutes to reschedule and
/// reload), τ = 1 h. Every other key of `base` is kept.
Scenario withLlama3Failures(const Scenario& base);

} // namespace simcore
