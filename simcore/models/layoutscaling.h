#pragma once
// The Scaling view's Physical model: N GPUs as a dp × tp × pp × cp layout at the scenario's
// parallel.tp, parallel.pp and parallel.cp, N growing the data-parallel degree dp = N/(tp·pp·cp),
// each N priced by training.h's evaluateStepTime (Narayanan et al. 2021; Korthikanti et al.
// 2022). An N that is no such layout is impossible and never priced. Plain C++20, no Qt.

#include "simcore/models/scaling.h"
#include "simcore/models/training.h"
#include "simcore/scenario/scenario.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace simcore {

/// Whether N GPUs are a layout of the scenario, and why not.
enum class LayoutFit {
    Fits,
    /// N is not a multiple of tp·pp·cp: no whole number of data-parallel replicas.
    NotMultiple,
    /// b·dp does not divide the global batch: m = B/(b·dp) micro-batches is not whole.
    BatchNotDivisible,
    /// The interleaved schedule needs m a multiple of pp (Narayanan et al. 2021 §2.2.2).
    MicrobatchesNotMultipleOfStages,
};

/// tp·pp·cp of the scenario: the GPUs of one data-parallel replica.
std::int64_t replicaGpus(const Scenario& scenario);

/// Every N of the Physical model, priced from one set of parameters: the scenario's at dp = 1,
/// with dp (and, under weak scaling, the global batch) set per N. Cheap per N: no allocation.
class LayoutSweep {
public:
    /// nullopt when hardware.gpu is not in the catalogue.
    static std::optional<LayoutSweep> fromScenario(const Scenario& scenario);

    [[nodiscard]] LayoutFit fit(std::int64_t workers) const;
    /// The layout of N GPUs' parameters (N fits): dp = N/(tp·pp·cp), the global batch
    /// (strong: train.global_batch; weak: dp · B/dp₀, each replica keeping the share of the
    /// batch it has at the scenario's dp₀: train.micro_batch · m) and the optimizer state a GPU
    /// updates (÷ dp from ZeRO-1 on) — what stepTimeParamsFromScenario gives for that dp and batch.
    [[nodiscard]] StepTimeParams layout(std::int64_t workers) const;
    /// The step on N GPUs: compute, the bubble and every exposed term (StepTimes' Physical
    /// parts) from evaluateStepTime; ideal = T₁/N with T₁ one GPU's step for the same global
    /// batch (dp = tp = pp = cp = 1); speed-up T₁/T_N; total = train.steps × step. An N that
    /// does not fit is returned with possible = false and every time NaN.
    [[nodiscard]] StepTimes step(std::int64_t workers) const;
    /// One GPU's step for N's global batch (the T₁ of the speed-up).
    [[nodiscard]] StepTimes single(std::int64_t workers) const;
    [[nodiscard]] std::int64_t unit() const { return m_unit; }

private:
    StepTimeParams m_base;       ///< dp = 1
    StepTimeParams m_singleBase; ///< dp = tp = pp = cp = 1
    double m_optimizerBytes = 0; ///< at dp = 1
    double m_singleOptimizerBytes = 0;
    std::int64_t m_unit = 1;
    std::int64_t m_zero = 0;
    bool m_weak = false;
    double m_replicaBatch = 1; ///< weak: sequences per replica per step (b · m)
    std::int64_t m_steps = 1;
};

/// The scenario's layout rules that do not depend on N (model.heads by tp, model.layers by
/// pp·v, model.seq_len by cp, the schedule): layoutProblems without the ones on
/// parallel.dp, hardware.gpus and the global batch, which N sets.
std::vector<ScenarioError> layoutRuleProblems(const Scenario& scenario);

/// Why `workers` GPUs are no layout of the scenario (the sweep's fit, and at most hardware.gpus
/// when given), as a problem of `key` (the key that set the count): the allowed values are the
/// layouts nearest to it (all of them when there are a few), the detail says which rule fails and
/// which keys set it. nullopt when `workers` is a layout. What the Scaling view marks "✗ N", for a
/// view that must refuse such an N instead (the goodput model's job).
std::optional<ScenarioError> layoutProblemAt(const Scenario& scenario, const LayoutSweep& sweep,
                                             std::int64_t workers, std::string_view key);

/// The GPU counts 1 … maxWorkers that are layouts of the scenario (sweep.fit and at most
/// hardware.gpus when given), ascending. One fit test per multiple of tp·pp·cp.
std::vector<std::int64_t> layoutWorkers(const Scenario& scenario, const LayoutSweep& sweep,
                                        std::int64_t maxWorkers);

/// The worker count's layout as the view names it ("tp 8 × pp 4 × cp 1, dp = N/32" is the ui's).
struct LayoutShape {
    std::int64_t tp = 1;
    std::int64_t pp = 1;
    std::int64_t cp = 1;
    std::int64_t unit = 1; ///< tp·pp·cp
};
LayoutShape layoutShape(const Scenario& scenario);

} // namespace simcore
