#pragma once
// Step time as a function of the worker count N: the lesson model (seed lesson §4–5, MODELS §1).

#include "simcore/models/goodput.h"
#include "simcore/scenario/scenario.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
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
    /// With scaling.count_failures: waiting for the slowest of N GPUs (goodput.h), else 0.
    double stragglerSeconds = 0;
    /// With scaling.count_failures: this step's share of checkpoint writes, work lost to
    /// failures and restarts at Daly's interval (goodput.h), else 0.
    double failureSeconds = 0;
    double stepSeconds = 0;  ///< compute + sync + bubble + straggler + failure
    double idealSeconds = 0; ///< T₁ / N: perfect parallelism
    double speedup = 1;      ///< T₁ / T_N
    double efficiency = 1;   ///< speed-up / N
    double totalSeconds = 0; ///< steps × stepSeconds

    // The Physical model's parts of syncSeconds, a dp × tp × pp × cp layout's exposed terms
    // (training.h StepTime; layoutscaling.h); 0 in the lesson model. syncSeconds is their sum.
    std::int64_t dataParallel = 0;     ///< dp = N / (tp·pp·cp); 0 in the lesson model
    double microbatches = 0;           ///< m = B / (b·dp); 0 in the lesson model
    double tensorParallelSeconds = 0;  ///< StepTime::tpSeconds
    double pipelineSendSeconds = 0;    ///< StepTime::p2pSeconds (the bubble is bubbleSeconds)
    double dataParallelSeconds = 0;    ///< StepTime::dpSeconds
    double zeroGatherSeconds = 0;      ///< StepTime::zeroGatherSeconds
    double contextParallelSeconds = 0; ///< StepTime::cpSeconds
    double optimizerSeconds = 0;       ///< StepTime::optimizerSeconds
    /// Whatever else the layout's step holds: its step less the terms above (0 today; a term
    /// the model gains later is drawn here rather than lost).
    double otherSeconds = 0;
    /// False when N is no layout of the scenario (layoutscaling.h LayoutFit): nothing is priced
    /// and every time is NaN.
    bool possible = true;
};

/// MODELS §1: compute = base/N; sync = N > 1 ? fixed + perWorker·(N − 1) : 0.
StepTimes lessonStep(const LessonParams& params, std::int64_t workers);

/// The N in 1…maxWorkers with the shortest step, computed directly: for N ≥ 2 the step is
/// base/N + perWorker·N + const, convex, so the integer optimum is next to √(base/perWorker);
/// N = 1 pays no sync and is compared too. Ties go to the smaller N.
std::int64_t lessonOptimalWorkers(const LessonParams& params, std::int64_t maxWorkers);

/// What sets the largest worker count the Scaling view allows.
enum class WorkerLimit {
    Key,     ///< scaling.workers' own maximum
    Cluster, ///< hardware.gpus: the GPUs the cluster has (Physical mode)
    Batch,   ///< train.global_batch: strong scaling gives every GPU at least one sequence
};

/// The worker counts the Scaling view allows: 1 … max, and past one node only whole nodes
/// when `node` > 1.
struct WorkerRange {
    std::int64_t max = 4096; ///< the largest allowed N, ≥ 1
    WorkerLimit limit = WorkerLimit::Key;
    std::int64_t limitValue = 4096; ///< the value of the key that sets the limit
    /// Past one node, N moves in steps of this many GPUs (1: every N). The hierarchical
    /// all-reduce assumes every node holds the same GPUs; a partial node would send its whole
    /// share through fewer links (the saw-tooth of a speed-up curve over every N).
    std::int64_t node = 1;
    /// The Physical model's layout: N is dp × tp × pp × cp, so only multiples of tp·pp·cp are
    /// on its scale (allowedWorkers); another N is shown as impossible, not refused.
    std::int64_t unit = 1;

    [[nodiscard]] bool allows(std::int64_t workers) const;
    friend bool operator==(const WorkerRange&, const WorkerRange&) = default;
};

/// The key that sets the limit: "scaling.workers", "hardware.gpus" or "train.global_batch".
std::string_view workerLimitKey(WorkerLimit limit);

/// The range of N for the scenario's model. Lesson: 1 … scaling.workers' maximum. Physical: also
/// at most hardware.gpus (when given) and, under strong scaling, train.global_batch (a sequence
/// is not split between GPUs); the smallest limit wins (the cluster on a tie). With the
/// hierarchical algorithm, N past one node is a whole number of nodes (hardware.gpus_per_node),
/// so max is rounded down to whole nodes.
WorkerRange workerRange(const Scenario& scenario);

/// Why scaling.workers is not in workerRange(scenario), naming the key and the limit; nullopt
/// when it is allowed. A Scaling report with this problem prices nothing.
std::optional<ScenarioError> workerProblem(const Scenario& scenario);

/// Every allowed N, ascending.
std::vector<std::int64_t> allowedWorkers(const WorkerRange& range);

/// The largest allowed N ≤ n (n ≥ 1).
std::int64_t allowedAtOrBelow(const WorkerRange& range, std::int64_t n);

/// The worker counts the slider stops at, ascending: every allowed N up to 16, then four stops
/// per octave (×1, ×1.25, ×1.5, ×1.75 of a power of two, rounded down to an allowed N); powers of
/// two only on the log axis. Up to max(16, 4·optimum) in the lesson model (both sides of the
/// optimum, not the 4096 the key allows), up to range.max in the Physical one. Always the
/// optimum, the last stop and the selected N (so the slider sits on it and its arrow keys step
/// from it to the next stop).
std::vector<std::int64_t> sliderWorkers(const WorkerRange& range, std::int64_t optimum,
                                        std::int64_t selected, AxisScale axis, ScalingMode mode);

/// One bar of the step-time chart.
struct BarPick {
    std::int64_t workers = 1;
    /// Allowed counts between the previous bar and this one are not drawn: the chart draws a
    /// break mark here rather than space unequal steps equally.
    bool breakBefore = false;
    friend bool operator==(const BarPick&, const BarPick&) = default;
};

/// The worker counts drawn as bars, ascending: always N = 1, the selected N, the optimum and two
/// counts each side of the optimum (where the range has them). The scale: every allowed N on
/// the linear axis (a run of at most kMaxBars that moves in steps of five, or, when the selected
/// N is far from the optimum, five bars around each), powers of two on the log axis (up to
/// max(16, 4·optimum, 2·N)). Where a bar does not follow the previous one on that scale,
/// breakBefore says so.
std::vector<BarPick> barWorkers(const WorkerRange& range, std::int64_t selected,
                                std::int64_t optimum, AxisScale axis);

/// barWorkers' choice on a given scale (ascending): the Physical model draws its bars on the N
/// that are layouts (layoutscaling.h) rather than on every allowed N. Empty for an empty scale.
std::vector<BarPick> barWorkersOnScale(const std::vector<std::int64_t>& scale,
                                       std::int64_t selected, std::int64_t optimum, AxisScale axis);

/// The most bars barWorkers draws on the linear axis.
inline constexpr std::size_t kMaxBars = 24;

/// The smallest of 1, 2, 5, 10, 20, 50, … that is ≥ n (n ≥ 1): chart ranges that change rarely.
std::int64_t roundUpToNice(std::int64_t n);

/// The worker counts of the speed-up curve: every allowed N up to max(16, 4·optimum, 2·N)
/// rounded up to 1-2-5 (thinned geometrically past `densePoints` points, 256 being more than the
/// ~700 px of plot can show), within the range, always with the selected N and optimum.
std::vector<std::int64_t> speedupCurveWorkers(std::int64_t selected, std::int64_t optimum,
                                              const WorkerRange& range,
                                              std::int64_t densePoints = 256);

/// Everything the Scaling panel and `dtsim calc scaling` show.
struct ScalingResult {
    ScalingMode mode = ScalingMode::Lesson;
    StepTimes selected;
    StepTimes optimal;
    std::int64_t optimalWorkers = 1;
    WorkerRange range;                     ///< the N allowed; the optimum is searched in it
    std::vector<StepTimes> window;         ///< bars, in barWorkers order
    std::vector<bool> breakBefore;         ///< per bar: a break mark before it (BarPick)
    std::vector<StepTimes> curve;          ///< speed-up curve, in speedupCurveWorkers order
    std::vector<std::int64_t> sliderStops; ///< sliderWorkers: the slider's positions
    /// The model at each measured N (scaling.measured, in its order), whether or not the range
    /// allows that N: what a measurement is compared with.
    std::vector<StepTimes> measuredModel;
    StepTimes single; ///< the model at N = 1 (T₁)
};

/// The goodput model's wall time per step (goodputPerStep) added to a step of N = t.workers:
/// stragglerSeconds and failureSeconds set, stepSeconds and totalSeconds grown by them, and the
/// speed-up and efficiency scaled by how much longer this N's step grew than one GPU's
/// (`oneGpuStretch`, the wall step over the plain step at N = 1). A step the model cannot price
/// (the job never finishes) gets a failure part, step and total of none (NaN) and no speed-up.
StepTimes withFailures(StepTimes t, const GoodputParams& base, double oneGpuStretch);

/// The largest N scaling.workers' key allows.
std::int64_t maxScalingWorkers();

/// Evaluates the scenario's scaling model (scaling.mode: lesson or physical) at
/// `scaling.workers`, its bars, curve and slider stops. With scaling.count_failures every step is
/// withFailures' and the optimum is the N of the best speed-up so counted: the same N or a
/// smaller one, since failures and stragglers stretch a step more the more GPUs share it. Callers
/// check workerProblem first (the report does); a count outside the range is evaluated at the
/// allowed one at or below it.
ScalingResult evaluateScaling(const Scenario& scenario);

} // namespace simcore
