#pragma once
// Goodput at scale (MODELS §9): failures, checkpoints and stragglers priced together.
//
// Goodput = useful training time / expected wall time, for the one job of CheckpointJob: useful
// time W = steps × μ, μ the step of N GPUs in the scenario's dp × tp × pp × cp layout without
// stragglers (the training model's, its communication counted as useful here: this model prices
// only what failures, checkpoints and stragglers add). An N that is no layout is not priced.
// Composition:
// - stragglers: a synchronous step waits for the slowest of N GPUs; with independent normal step
//   times of coefficient of variation c the mean step is μ·s, s = 1 + c·E[max of N standard
//   normals] (order statistics), so the work takes W·s of wall time;
// - failures: independent exponential per-GPU lifetimes, job MTBF M = M₁/N (checkpoint.h);
// - checkpoints: δ = state bytes / storage bandwidth (or the given write time; or, with an
//   in-memory tier, the copy to memory), restart R, interval τ;
// - wall time T = Daly (2006)'s expected time for W·s of work (checkpoint.h, dalyExpectedTime),
//   at Daly's optimal τ and at the scenario's τ.
//
// Units: seconds, bytes, bytes/s. Plain C++20, no Qt.

#include "simcore/models/checkpoint.h"
#include "simcore/scenario/scenario.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace simcore {

struct CheckpointJob; // checkpointjob.h: the job, whose step needs the training model

/// Mean and variance of the largest of N independent standard normal variables.
struct NormalMaxMoments {
    double mean = 0;     ///< E[max]; 0 for N = 1
    double variance = 1; ///< Var[max]; 1 for N = 1
};

/// E[max] and Var[max] of N i.i.d. N(0, 1), exactly up to the quadrature's error (< 1e-9): the
/// integrals of x^k·N·φ(x)·Φ(x)^{N−1} over [−12, 13] (the density of the largest order statistic,
/// e.g. David & Nagaraja, "Order Statistics", 3rd ed., §2.1) by adaptive Simpson quadrature,
/// Φ^{N−1} as exp((N − 1)·ln Φ) so no power is formed. Outside that range the density is below
/// 1e-25 for any N ≤ 1e12. About a millisecond at any N. N < 1 is treated as 1; N ≤ 1e12.
NormalMaxMoments normalMaxMoments(std::int64_t n);

/// The first-order approximation E[max] ≈ √(2 ln N) (0 for N = 1), for comparison only: it
/// overestimates (3.03 against 2.51 at N = 100, 4.80 against 4.38 at N = 100k).
double normalMaxApproximation(std::int64_t n);

/// Mean step of N synchronised GPUs over one GPU's mean step: 1 + c·E[max of N] (MODELS §9).
/// c ≥ 0.
double stragglerFactor(double cv, std::int64_t n);

/// One row of a failure breakdown.
struct FailureCause {
    std::string_view id;       ///< stable snake_case id (JSON, CSV)
    std::string_view name;     ///< English, as the source names it
    std::string_view category; ///< the source's category
    int count = 0;             ///< interruptions
    double printedPercent = 0; ///< the share the source prints, percent
};

/// The Llama 3 paper's Table 5 ("The Llama 3 Herd of Models", arXiv 2407.21783, §3.3.4): root
/// causes of the 419 unexpected interruptions in a 54-day snapshot of pre-training on up to
/// 16,384 H100 GPUs, in the table's order. The counts add up to 419; the printed percentages add
/// up to 94.9 % because the first row prints 30.1 % for 148 of 419 (35.3 %): shares are computed
/// from the counts.
std::span<const FailureCause> llama3FailureCauses();

inline constexpr double kLlama3Days = 54;           ///< Llama 3 §3.3.4, the snapshot's length
inline constexpr double kLlama3Interruptions = 419; ///< unexpected interruptions in it
inline constexpr std::int64_t kLlama3Gpus = 16384;  ///< H100 GPUs, at most

/// The inputs of the goodput model, SI units.
struct GoodputParams {
    std::int64_t gpus = 1024;       ///< N ≥ 1
    double gpuMtbfSeconds = 1.8e8;  ///< M₁ > 0
    double stepSeconds = 1;         ///< μ > 0: one GPU's step without stragglers
    double steps = 1e5;             ///< optimizer steps > 0 (W/μ when W is given)
    double stragglerCv = 0;         ///< c, 0 … 0.3
    double writeSeconds = 60;       ///< δ ≥ 0, what training waits for per checkpoint
    double restartSeconds = 600;    ///< R ≥ 0
    double intervalSeconds = 3600;  ///< τ > 0, the scenario's policy (wall time of work)
    double storageWriteSeconds = 0; ///< with an in-memory tier: the copy to storage behind it
};

/// Goodput and its parts. Fractions are of the expected wall time T (at the optimum unless
/// named "at interval") and add up to 1: goodput + straggler + write + lost + restart.
struct GoodputResult {
    CheckpointStatus status = CheckpointStatus::Ok;
    double jobMtbfSeconds = 0;         ///< M = M₁/N
    NormalMaxMoments normalMax;        ///< of N
    double stragglerFactor = 1;        ///< s
    double usefulSeconds = 0;          ///< W = steps·μ
    double wallWorkSeconds = 0;        ///< W·s
    double youngIntervalSeconds = 0;   ///< √(2δM)
    double optimalIntervalSeconds = 0; ///< Daly's τ_opt
    WasteBreakdown atOptimum;          ///< Daly for W·s at τ_opt
    WasteBreakdown atInterval;         ///< Daly for W·s at the scenario's τ
    double goodput = 0;                ///< W / T at τ_opt
    double goodputAtInterval = 0;      ///< W / T at the scenario's τ
    double stragglerFraction = 0;      ///< W·(s − 1) / T at τ_opt
    double writeFraction = 0;          ///< at τ_opt
    double lostFraction = 0;           ///< at τ_opt
    double restartFraction = 0;        ///< at τ_opt
    double expectedSeconds = 0;        ///< T at τ_opt (0 on Overflow)
};

/// The closed form. Inputs out of GoodputParams' ranges give InvalidInput; a T past the double
/// range gives Overflow (goodput 0).
GoodputResult evaluateGoodput(const GoodputParams& params);

/// One optimizer step's share of the expected wall time T (at Daly's optimal interval), for a
/// step-time chart that counts failures: useful + straggler + failure = T / steps.
struct GoodputStep {
    CheckpointStatus status = CheckpointStatus::Ok;
    double usefulSeconds = 0;    ///< μ, the step without stragglers (W / steps)
    double stragglerSeconds = 0; ///< μ·(s − 1): waiting for the slowest GPU
    double failureSeconds = 0;   ///< (checkpoint writes + lost work + restarts) / steps
    double wallSeconds = 0;      ///< T / steps
    double goodput = 0;          ///< μ / wallSeconds
};

/// evaluateGoodput with N = `gpus` and μ = `stepSeconds` (the rest from `base`), split per step
/// from its fractions of T. On InvalidInput or Overflow every part but usefulSeconds is 0 and
/// status says why.
GoodputStep goodputPerStep(const GoodputParams& base, std::int64_t gpus, double stepSeconds);

/// What `runs` simulated jobs are expected to draw: runs × (1 + failures), one stretch of
/// intervals between two failures each.
double expectedGoodputEvents(const GoodputParams& params, std::int64_t runs);

/// The goodput model's inputs from the scenario's job (checkpointJob): nullopt when the job has
/// a problem (no layout at checkpoint.gpus). With an in-memory tier the restart still costs R and
/// a failure loses only the work since the last copy to memory: the copy is assumed to survive
/// the failure, kept on a peer as Gemini does (Wang et al., SOSP 2023).
std::optional<GoodputParams> goodputParamsFromScenario(const Scenario& scenario);

/// The same from an evaluated job.
std::optional<GoodputParams> goodputParams(const CheckpointJob& job, const Scenario& scenario);

/// The goodput inputs of a job whether it is priced or not (μ and the steps are NaN when not).
GoodputParams goodputParamsOfJob(const CheckpointJob& job, const Scenario& scenario);

/// What the Scaling view's failures switch prices at every N, with N and μ set per N
/// (goodputPerStep): M₁, c, δ, R, τ and the job's steps (train.steps, or checkpoint.work / μ at
/// checkpoint.gpus when the work is given). nullopt when the steps need a job that has a problem:
/// `problems` then holds it.
std::optional<GoodputParams> failureParamsFromScenario(const Scenario& scenario,
                                                       std::vector<ScenarioError>* problems);

/// The scenario keys the goodput model reads, in `dtsim keys` order.
std::span<const std::string_view> goodputKeys();

} // namespace simcore
