#pragma once
// Monte-Carlo simulation of whole training jobs with random failures (SPEC panel 6, MODELS §6).
//
// The model is exactly the one of checkpoint.h (Daly 2006), so the mean over many runs converges
// to segmentedExpectedTime (and to Daly's closed form when τ divides W):
// - the job does ⌈W/τ⌉ intervals: τ of work (the last one W − (n−1)·τ) followed by a δ write;
//   the write after the last interval saves the finished model and is part of the job;
// - failures form a Poisson process of rate 1/M in wall-clock time: they strike during work,
//   during a write and during a restart alike;
// - after a failure the job restarts (R seconds). A restart CAN fail: a failure during the restart
//   starts it over (that is what gives Daly's factor e^{R/M}). Then the job resumes from the last
//   completed checkpoint: the work of the interrupted interval (and the interrupted write) is lost.
//
// Random numbers: xoshiro256** seeded by SplitMix64 (random.h), exponentials by inversion of
// uniform doubles in (0, 1] with a platform-independent logarithm, so a seed gives the same
// numbers on every platform. Run i of a batch uses the seed's stream jumped i times (2^128 steps
// apart), so a run's result does not depend on how many runs come before it.
//
// Stragglers (MODELS §9, optional: StragglerSteps): a synchronous step of N GPUs waits for the
// slowest, so part of every second of work is spent waiting. The checkpoint policy is one of wall
// time (a checkpoint after τ seconds of work), so the interval's length stays τ and what varies
// is how many steps fit in it: the straggler wait of a stretch of w work seconds is
// w − μ·(steps done in w), the steps a renewal count of mean w/m and variance w·σ²/m³ (m = μ·s the
// mean synchronous step, σ its standard deviation; the renewal central limit theorem, e.g. Ross,
// "Stochastic Processes", 2nd ed., §3.3), drawn as a normal once per stretch between events (a
// failure or the run's end), and once per interval when a timeline is recorded: the cost stays
// one draw per failure, not one per step. The wait's mean is w·(s − 1)/s, so the work kept W
// holds W·(s − 1)/s of waiting, and W/s of useful steps. The straggler numbers come from their own
// generator (seeded from the run's state, drawing nothing from it), so the failures, the wall
// times and the closed form's comparison are those of the same job without stragglers.
//
// Speed: one logarithm per failure; stretches of intervals without a failure are skipped in one
// step, so the cost is proportional to the number of failures, not of intervals.
// Run on a worker thread: `cancel` is polled between runs and every 4096 failures within a run.

#include "simcore/models/checkpoint.h"
#include "simcore/montecarlo/random.h"

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

namespace simcore {

/// What one stretch of a simulated job's timeline was spent on.
enum class SegmentKind {
    Work,    ///< work kept (committed by the checkpoint that follows)
    Write,   ///< writing a checkpoint
    Lost,    ///< work thrown away by a failure (rolled back to the last checkpoint)
    Restart, ///< restarting after a failure
};

/// One stretch of a job's timeline; seconds of wall time from the job's start.
struct TimelineSegment {
    SegmentKind kind = SegmentKind::Work;
    double startSeconds = 0;    ///< ≥ 0
    double endSeconds = 0;      ///< ≥ startSeconds
    bool endsInFailure = false; ///< a failure struck at endSeconds (Lost work, a cut write or
                                ///< restart)
    /// Of a Work segment, the seconds spent waiting for the slowest GPU (0 … its length; 0
    /// without stragglers and for the other kinds).
    double stragglerSeconds = 0;
    friend bool operator==(const TimelineSegment&, const TimelineSegment&) = default;
};

/// How a run (or a batch) ended.
enum class RunStatus {
    Completed,        ///< all W seconds of work done and checkpointed
    FailureLimit,     ///< stopped after maxFailuresPerRun failures: with these inputs the job
                      ///< (practically) never finishes; the numbers are those at the stop
    Cancelled,        ///< `cancel` was set; the numbers are those at the stop
    InvalidInput,     ///< a parameter is out of its range (CheckpointParams, MonteCarloOptions)
    TooManyIntervals, ///< ⌈W/τ⌉ > 2^53 intervals: counting them exactly is not possible
    TooManyFailures,  ///< the batch would simulate more than kMaxMonteCarloFailures failures
                      ///< (expectedMonteCarloFailures): not started
};

/// The steps inside the work, for the straggler wait (see the top of this file). stepSeconds = 0:
/// no stragglers. Not part of CheckpointParams: the closed form of checkpoint.h does not read them,
/// and the work's wall time is CheckpointParams::workSeconds either way.
struct StragglerSteps {
    double stepSeconds = 0;          ///< μ > 0: one GPU's step alone, useful time per step
    double factor = 1;               ///< s ≥ 1: the mean synchronous step is μ·s
    double stepDeviationSeconds = 0; ///< σ ≥ 0: one synchronous step's standard deviation

    [[nodiscard]] bool active() const { return stepSeconds > 0; }
    friend bool operator==(const StragglerSteps&, const StragglerSteps&) = default;
};

/// Settings of a simulation (not of the job: those are CheckpointParams).
struct MonteCarloOptions {
    std::uint64_t seed = 1;                    ///< any value; same seed → same results
    std::int64_t maxFailuresPerRun = 1000000;  ///< ≥ 1; a run stops (flagged) after this many
    bool recordTimeline = false;               ///< simulateRun only: fill RunResult::timeline
    std::int64_t maxTimelineSegments = 10000;  ///< ≥ 0; recording stops (flagged) after this many
    const std::atomic<bool>* cancel = nullptr; ///< optional; set to true from any thread to stop
    std::atomic<std::int64_t>* progress = nullptr; ///< optional; simulateBatch stores the number
                                                   ///< of runs finished so far after each run
    StragglerSteps stragglers;                     ///< the job's steps; default: none
};

/// One simulated job. Seconds of wall time. When completed, completionSeconds = workSeconds +
/// writeSeconds + lostWorkSeconds + restartSeconds (to rounding).
struct RunResult {
    RunStatus status = RunStatus::Completed;
    double completionSeconds = 0; ///< wall time at the end (or at the stop, if flagged)
    std::int64_t failures = 0;    ///< failures, including those during writes and restarts
    double workSeconds = 0;       ///< work kept (= W when completed)
    double lostWorkSeconds = 0;   ///< work computed and then rolled back
    double writeSeconds = 0;      ///< time writing checkpoints, including writes cut short
    double restartSeconds = 0;    ///< time restarting, including restarts cut short
    double stragglerSeconds = 0;  ///< of workSeconds, waiting for the slowest GPU (0 without)
    std::vector<TimelineSegment> timeline; ///< only with recordTimeline; in time order
    bool timelineTruncated = false;        ///< the timeline hit maxTimelineSegments
};

/// Simulates one job with the given generator (advanced by the run). M = +∞ gives a run without
/// failures. Errors as RunStatus.
RunResult simulateRun(const CheckpointParams& params, Xoshiro256StarStar& rng,
                      const MonteCarloOptions& options);

/// Simulates run number `runIndex` (≥ 0) of the batch with options.seed: the same numbers as that
/// run inside simulateBatch. Costs runIndex generator jumps (≈ 256 steps each) to reach it.
RunResult simulateRun(const CheckpointParams& params, const MonteCarloOptions& options,
                      std::int64_t runIndex = 0);

/// Many independent jobs.
struct BatchResult {
    RunStatus status = RunStatus::Completed; ///< Completed when every run completed; otherwise
                                             ///< why the batch stopped (it stops at the first
                                             ///< flagged run or on cancel)
    std::int64_t runsRequested = 0;
    std::int64_t runsCompleted = 0;        ///< runs that finished the job
    std::vector<double> completionSeconds; ///< one per completed run, in run order (histogram)
    /// The means, extremes and standard error below are NaN when no run completed.
    double meanSeconds = 0;          ///< mean completion time of completed runs
    double standardErrorSeconds = 0; ///< sample s.d. / √runs (0 for fewer than 2 runs)
    double minSeconds = 0;           ///< fastest completed run
    double maxSeconds = 0;           ///< slowest completed run
    double meanFailures = 0;         ///< per completed run
    double meanLostWorkSeconds = 0;  ///< per completed run
    double meanWriteSeconds = 0;     ///< per completed run
    double meanRestartSeconds = 0;   ///< per completed run
    double meanStragglerSeconds = 0; ///< per completed run: of the work kept, the straggler wait
    std::int64_t totalFailures = 0;  ///< simulated failure events, all runs (flagged too)
};

/// The most failure events a batch may be expected to simulate: at the measured 2.5 × 10^7
/// events per second on one core (BENCHMARKS.md) about four seconds, and far more than a
/// histogram of completion times needs.
inline constexpr double kMaxMonteCarloFailures = 1e8;

/// The failures `runs` jobs are expected to meet (runs × the closed form's T/M, Wald's identity):
/// what a batch costs, known before it starts.
double expectedMonteCarloFailures(const CheckpointParams& params, std::int64_t runs);

/// Simulates `runs` jobs (1 ≤ runs ≤ 10^7; otherwise InvalidInput; TooManyFailures, without a
/// run, past kMaxMonteCarloFailures), run i from options.seed's
/// stream jumped i times. Timelines are never recorded here (use simulateRun for one run).
BatchResult simulateBatch(const CheckpointParams& params, std::int64_t runs,
                          const MonteCarloOptions& options);

/// Equal-width bins over the finite values, for the completion-time histogram.
struct Histogram {
    double minSeconds = 0;            ///< left edge of the first bin
    double binWidthSeconds = 0;       ///< > 0 (values all equal: a width of 1 s around them)
    std::vector<std::int64_t> counts; ///< values per bin; the last bin includes its right edge

    /// The left edge of bin `i` (i = counts.size() gives the right edge of the last), seconds.
    [[nodiscard]] double edgeSeconds(std::size_t i) const
    {
        return minSeconds + static_cast<double>(i) * binWidthSeconds;
    }
};

/// Bins `values` (seconds) into `bins` equal bins from their minimum to their maximum. 1 ≤ bins ≤
/// 10000, otherwise empty counts; non-finite values are skipped; no finite values gives empty
/// counts.
Histogram makeHistogram(std::span<const double> values, int bins);

} // namespace simcore
