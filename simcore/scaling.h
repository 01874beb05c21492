#pragma once
// Step time as a function of the worker count N: the lesson model (seed lesson §4–5, MODELS §1).

#include "simcore/scenario.h"

#include <cstdint>
#include <span>
#include <vector>

namespace simcore {

/// The seed's `simulateTraining` constants, in seconds, and the run length in steps.
struct LessonParams {
    double baseComputeSeconds = 1.0;     ///< T_compute on one worker, > 0
    double fixedSyncSeconds = 0.02;      ///< paid once as soon as N > 1, ≥ 0
    double syncPerWorkerSeconds = 0.004; ///< paid per extra worker, ≥ 0
    std::int64_t steps = 1;              ///< optimizer steps in the run, ≥ 1

    static LessonParams fromScenario(const Scenario& scenario);
};

/// One worker count's step, split into its parts. Seconds unless named otherwise.
struct StepTimes {
    std::int64_t workers = 1;
    double computeSeconds = 0;
    double syncSeconds = 0;   ///< communication not hidden behind compute
    double bubbleSeconds = 0; ///< pipeline idle time (0 in the lesson model)
    double stepSeconds = 0;   ///< compute + sync + bubble
    double idealSeconds = 0;  ///< T₁ / N: perfect parallelism
    double speedup = 1;       ///< T₁ / T_N
    double efficiency = 1;    ///< speed-up / N
    double totalSeconds = 0;  ///< steps × stepSeconds
};

/// MODELS §1: compute = base/N; sync = N > 1 ? fixed + perWorker·(N − 1) : 0.
StepTimes lessonStep(const LessonParams& params, std::int64_t workers);

/// The N in 1…maxWorkers with the shortest step, computed directly: for N ≥ 2 the step is
/// base/N + perWorker·N + const, convex, so the integer optimum is next to √(base/perWorker);
/// N = 1 pays no sync and is compared too. Ties go to the smaller N.
std::int64_t lessonOptimalWorkers(const LessonParams& params, std::int64_t maxWorkers);

/// How the bars around the slider are chosen.
enum class WindowKind {
    Linear, ///< 11 consecutive counts around N (moving in steps of 5), plus 1 and the optimum
    Log,    ///< powers of two up to max(16, 4·optimum, 2·N), plus N and the optimum
};

/// The worker counts shown as bars, ascending, unique, within 1…maxWorkers.
std::vector<std::int64_t> scalingWindow(std::int64_t selected, std::int64_t optimum,
                                        std::int64_t maxWorkers, WindowKind kind);

/// The smallest of 1, 2, 5, 10, 20, 50, … that is ≥ n (n ≥ 1): chart ranges that change rarely.
std::int64_t roundUpToNice(std::int64_t n);

/// The worker counts of the speed-up curve: every N up to max(16, 4·optimum, 2·N) rounded up
/// to 1-2-5 (thinned geometrically past 256 points), always with the selected N and optimum.
std::vector<std::int64_t> speedupCurveWorkers(std::int64_t selected, std::int64_t optimum,
                                              std::int64_t maxWorkers);

/// Everything the Scaling panel and `dtsim calc scaling` show.
struct ScalingResult {
    ScalingMode mode = ScalingMode::Lesson;
    StepTimes selected;
    StepTimes optimal;
    std::int64_t optimalWorkers = 1;
    std::int64_t maxWorkers = 1;
    std::vector<StepTimes> window; ///< bars, in scalingWindow order
    std::vector<StepTimes> curve;  ///< speed-up curve, in speedupCurveWorkers order
};

/// The largest N the Scaling panel offers (the range of `scaling.workers`).
std::int64_t maxScalingWorkers();

/// Evaluates the scenario's scaling model (scaling.mode: lesson or physical) at
/// `scaling.workers`, its window and curve.
ScalingResult evaluateScaling(const Scenario& scenario);

} // namespace simcore
