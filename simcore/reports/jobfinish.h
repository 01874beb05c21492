#pragma once
// What the checkpoint and goodput reports say when a number would be none: the job that
// practically never finishes, and which key makes it so (the job MTBF against its intervals, or
// the job's length); and how an interval in seconds reads as whole optimizer steps.

#include "simcore/models/checkpoint.h"
#include "simcore/models/goodput.h"
#include "simcore/scenario/scenario.h"

#include <string_view>

namespace simcore {

/// Attempts an interval (its work and its write) may need on average before the job MTBF, not the
/// job's length, is what keeps a job from finishing: e^{(τ + δ)/M}·e^{R/M} above 1000.
inline constexpr double kMtbfCauseAttempts = 1000;

/// True when the job MTBF M is the cause of a job that never finishes or of a Monte-Carlo batch
/// too costly to run: one interval of τ = min(τ, W) work and its write δ, with the restart R,
/// needs more than kMtbfCauseAttempts attempts (e^{(τ + δ + R)/M}). Otherwise its length is.
bool mtbfIsTheCause(const CheckpointParams& params);

/// The problem of a job that practically never finishes because of its MTBF, named by
/// checkpoint.gpu_mtbf: the job MTBF (gpu_mtbf / gpus) against one interval and its write and
/// against the restart, and the attempts each interval needs (e to the power (τ + δ)/M).
ScenarioError neverFinishes(const Scenario& scenario, const CheckpointParams& params);

/// The checkpoint model's job the goodput model prices at Daly's optimum: τ = τ_opt, W = W·s
/// (the work with the straggler wait), δ, R and M = M₁/N.
CheckpointParams goodputJobAtOptimum(const GoodputParams& params, const GoodputResult& result);

/// The problem of a job whose Monte-Carlo runs would not finish (each expects more failures than
/// a run may meet, `failuresPerRun` against `limit`): neverFinishes when the MTBF is the cause
/// (mtbfIsTheCause), else the job's length, named by checkpoint.work when given, else train.steps.
ScenarioError runsNeverFinish(const Scenario& scenario, const CheckpointParams& params,
                              double failuresPerRun, double limit);

/// How `intervalSeconds` reads as whole steps of `stepSeconds` (intervalSecondsToSteps: the
/// nearest whole number, at least one): "exact" (within 1e-9 of a whole number of steps),
/// "nearest" (rounded to the nearest whole step), "up_to_one_step" (below half a step: rounded
/// up to one step) or "none" (no step time, or no count of steps).
std::string_view intervalRounding(double intervalSeconds, double stepSeconds);

} // namespace simcore
