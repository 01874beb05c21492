#pragma once
// Checkpoints and failures (seed lesson §3b, MODELS §6): how much wall time a long job wastes on
// writing checkpoints, re-doing work lost to failures, and restarting, as a function of the
// checkpoint interval; and the interval that minimises it (Young 1974, Daly 2006).
//
// The failure model throughout (Daly 2006, §2): the job stops whenever any of its GPUs fails; GPUs
// fail independently with exponentially distributed lifetimes, so failures of the whole job form a
// Poisson process of rate 1/M in wall-clock time, M = GPU MTBF / N. Failures strike at any moment:
// during work, during a checkpoint write and during a restart. After a failure the job restarts
// (R seconds; a failure during the restart starts the restart over) and resumes from the last
// completed checkpoint. A checkpoint is committed only when its write finishes.
//
// Units: seconds throughout. Plain C++20, no Qt, no I/O.

#include "simcore/scenario/scenario.h"

#include <cstdint>
#include <vector>

namespace simcore {

/// A duration, rate or count these models can use: finite and above 0 (finitePositive), or
/// finite and at least 0 (finiteNonNegative). One test for the checkpoint, goodput and
/// Monte-Carlo models alike.
bool finitePositive(double x);
bool finiteNonNegative(double x);

/// Why a checkpoint-model function gave no usable number. Values, never exceptions.
enum class CheckpointStatus {
    Ok,
    InvalidInput, ///< a parameter is NaN, infinite where it must be finite, negative, or zero
                  ///< where it must be positive (each function names its ranges)
    NoFailures,   ///< M = +∞: failures never happen, so an optimum interval does not exist
    Overflow,     ///< the expected time is beyond the double range (≈ 1.8e308 s): the job
                  ///< practically never finishes; fractions are still given, seconds are 0
};

/// A value, or the reason there is none; `value` is T{} unless `status` is Ok.
template <class T> struct Checked {
    T value{};
    CheckpointStatus status = CheckpointStatus::Ok;

    /// True when `value` is usable.
    [[nodiscard]] bool ok() const { return status == CheckpointStatus::Ok; }
    friend bool operator==(const Checked&, const Checked&) = default;
};

/// Job MTBF M = GPU MTBF / N in seconds (MODELS §6: independent exponential failures, the job stops
/// when any GPU fails, so rates add). gpuMtbfSeconds > 0 (+∞ allowed: gives +∞), gpus ≥ 1;
/// otherwise InvalidInput.
Checked<double> clusterMtbf(double gpuMtbfSeconds, std::int64_t gpus);

/// Young (1974), "A first order approximation to the optimum checkpoint interval", CACM 17(9):
/// τ_opt = √(2·δ·M) seconds of work between checkpoints. δ = write time ≥ 0 (finite), M = job
/// MTBF > 0. δ = 0 gives 0 (free checkpoints: checkpoint continuously). M = +∞ gives NoFailures;
/// anything else out of range gives InvalidInput.
Checked<double> youngInterval(double writeSeconds, double mtbfSeconds);

/// Daly (2006), "A higher order estimate of the optimum checkpoint interval for restart dumps",
/// FGCS 22(3), its higher-order perturbation solution: τ_opt = √(2δM)·[1 + ⅓·√(δ/(2M)) +
/// (1/9)·(δ/(2M))] − δ for δ < 2M, else M (seconds of work between checkpoints). Ranges and errors
/// as youngInterval. Note the published formula is discontinuous at δ = 2M (8M/9 just below, M at
/// and above).
Checked<double> dalyInterval(double writeSeconds, double mtbfSeconds);

/// The inputs of the expected-time model, seconds.
struct CheckpointParams {
    double intervalSeconds = 3600;  ///< τ, work between two checkpoints, > 0, finite
    double writeSeconds = 60;       ///< δ, time to write one checkpoint, ≥ 0, finite
    double restartSeconds = 600;    ///< R, time to restart after a failure, ≥ 0, finite
    double mtbfSeconds = 175781.25; ///< M, job (cluster) MTBF, > 0; +∞ = failures never happen
    double workSeconds = 1209600;   ///< W, useful work the job must complete, > 0, finite

    /// The scenario's one job (goodput.h, checkpointJob): τ and R from `checkpoint.*`, δ from
    /// the storage or the given write time, W = train.steps × the training model's step at
    /// checkpoint.gpus or checkpoint.work when given, M = clusterMtbf(checkpoint.gpu_mtbf,
    /// checkpoint.gpus). None of τ, δ, R and M needs N to be a layout. W is NaN only when it
    /// comes from train.steps and there is no step time at N (M is 0 when it underflows); the
    /// model functions report such a W as InvalidInput, evaluateCheckpoint prices what needs no W.
    static CheckpointParams fromScenario(const Scenario& scenario);
    friend bool operator==(const CheckpointParams&, const CheckpointParams&) = default;
};

/// Expected wall time of a job and its split. Seconds, except the fractions (of the expected
/// wall time T, each in [0, 1]) and the failure count. Every second of wall time is exactly one
/// of: useful work (kept), writing a checkpoint (completed or interrupted), work later lost
/// (rolled back by a failure), or restarting (completed or interrupted). So
/// T = W + writeSeconds + lostWorkSeconds + restartSeconds and
/// wasteFraction = writeFraction + lostFraction + restartFraction.
struct WasteBreakdown {
    CheckpointStatus status = CheckpointStatus::Ok;
    double intervalSeconds = 0;  ///< τ actually used: min(τ, W) (see dalyExpectedTime)
    double expectedSeconds = 0;  ///< T, expected wall time (0 on Overflow)
    double workSeconds = 0;      ///< W
    double writeSeconds = 0;     ///< expected time writing checkpoints
    double lostWorkSeconds = 0;  ///< expected time computing work that a failure threw away
    double restartSeconds = 0;   ///< expected time restarting
    double expectedFailures = 0; ///< expected failures in the whole job = T/M (Wald's identity)
    double wasteFraction = 0;    ///< (T − W)/T, in [0, 1]; 1 on Overflow (the limit)
    double writeFraction = 0;    ///< writeSeconds / T
    double lostFraction = 0;     ///< lostWorkSeconds / T
    double restartFraction = 0;  ///< restartSeconds / T
};

/// Daly (2006), the expected wall time of his complete cost function, with failures during work,
/// writes and restarts: T = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W/τ, with its split (derivation in
/// checkpoint.cpp). The formula counts W/τ intervals, fractional when τ does not divide W. When τ >
/// W the job has one interval of W work and one write, which the formula gives exactly at τ = W, so
/// τ is clamped: τ_eff = min(τ, W). M = +∞ gives T = W + (W/τ_eff)·δ. τ = 0 is allowed only with δ
/// = 0 (the limit of continuous free checkpoints, T = W·e^{R/M}); any other input out of the
/// CheckpointParams ranges gives InvalidInput; a T beyond the double range gives Overflow.
WasteBreakdown dalyExpectedTime(const CheckpointParams& params);

/// The same model counted exactly in whole intervals, as the Monte-Carlo simulator runs it:
/// n = ⌈W/τ⌉ intervals, n − 1 of τ work and a last one of W − (n − 1)·τ ∈ (0, τ], each followed by
/// a write (the last one saves the finished model). Equal to dalyExpectedTime when τ divides W or
/// τ ≥ W. Ranges as dalyExpectedTime, except τ must be > 0.
WasteBreakdown segmentedExpectedTime(const CheckpointParams& params);

/// The waste over log-spaced intervals, for the chart.
struct WasteSweep {
    CheckpointStatus status = CheckpointStatus::Ok; ///< InvalidInput: bad range or count
    std::vector<WasteBreakdown> points;             ///< dalyExpectedTime at each τ, τ ascending
};

/// dalyExpectedTime at `count` intervals τ_i = τ_min·(τ_max/τ_min)^{i/(count−1)}, i = 0…count−1
/// (params.intervalSeconds is ignored). 0 < τ_min < τ_max finite, 2 ≤ count ≤ 100000; otherwise
/// InvalidInput and no points. Points past W are flat (τ is clamped to W). A point's own status
/// tells whether that point is usable.
WasteSweep wasteSweep(const CheckpointParams& params, double minIntervalSeconds,
                      double maxIntervalSeconds, int count);

/// The seed's `shouldCheckpoint(step, every)` (lesson §3b): step > 0 && step % every == 0, for
/// every ≥ 1. every ≤ 0 is InvalidInput (value false), never undefined behaviour. Steps ≤ 0 give
/// false.
Checked<bool> shouldCheckpoint(std::int64_t step, std::int64_t every);

/// An interval in seconds as whole optimizer steps: round(intervalSeconds / stepSeconds), at
/// least 1 (a checkpoint every step at most). intervalSeconds > 0 and stepSeconds > 0, finite;
/// otherwise InvalidInput; a step count beyond 2^62 gives Overflow.
Checked<std::int64_t> intervalSecondsToSteps(double intervalSeconds, double stepSeconds);

/// An interval in steps as seconds: steps · stepSeconds. steps ≥ 1 and stepSeconds > 0, finite;
/// otherwise InvalidInput.
Checked<double> stepsToIntervalSeconds(std::int64_t steps, double stepSeconds);

/// Everything the Checkpoint panel and `dtsim calc checkpoint` show (JSON names in brackets).
struct CheckpointResult {
    CheckpointStatus status = CheckpointStatus::Ok; ///< InvalidInput if the scenario is unusable
    CheckpointParams params;                        ///< the model inputs taken from the scenario
    double clusterMtbfSeconds = 0;                  ///< M = GPU MTBF / N [cluster_mtbf]
    double optimalIntervalSeconds = 0;              ///< Daly's τ_opt [optimal_interval]
    double youngIntervalSeconds = 0;                ///< Young's τ_opt [young_interval]
    double wasteFraction = 0;                       ///< at the scenario's τ [waste_fraction]
    double expectedSeconds = 0;                     ///< T at the scenario's τ [expected_time]
    WasteBreakdown atInterval;                      ///< the full split at the scenario's τ
    WasteBreakdown atOptimum;                       ///< the split at Daly's τ_opt (clamped to W)
    std::vector<WasteBreakdown> curve; ///< the chart: 61 log-spaced τ over whole decades, from
                                       ///< the one holding min(τ, τ_opt/10, W/10) to the one
                                       ///< holding max(τ, 10·τ_opt), capped at W
    /// False when W is unknown (params.workSeconds NaN: it needs a step time there is not). The
    /// optima and every fraction above still hold (for τ ≤ W they do not depend on W); the
    /// seconds and failure counts of atInterval, atOptimum and the curve, and expectedSeconds,
    /// are NaN.
    bool workKnown = true;
};

/// Evaluates the scenario's `checkpoint.*` keys. Cheap (≈ 70 model evaluations): fine on every
/// slider move.
CheckpointResult evaluateCheckpoint(const Scenario& scenario);

} // namespace simcore
