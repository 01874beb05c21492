#pragma once
// Published training runs as presets, each with the figure its paper printed and what
// simcore/models/training.h predicts for its layout (`dtsim validate`, the Validation view). The
// model's one fitted constant (catalogue.h, kCalibratedEfficiency) comes from a run that is NOT
// in this list; nothing here was tuned to these rows.
//
// Every row runs on Selene as Narayanan et al. 2021 §5 describes it: DGX A100 80GB nodes of
// 8 GPUs, NVLink 3 inside (300 GB/s one way per GPU, catalogue.h), 8 InfiniBand HDR NICs of
// 200 Gb/s = 25 GB/s per node, mixed precision with Adam, sequence length 2048, vocabulary
// 51,200; Narayanan et al.'s Table 1 gives neither b nor the schedule: b = 1 (what their
// Table 2's PTD-P rows use) and 1F1B; Korthikanti et al.'s Table 3 gives both.

#include "simcore/reports/record.h"
#include "simcore/scenario/scenario.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simcore {

/// What a published figure measures.
enum class ValidationMetric {
    /// TFLOP/s per GPU of Narayanan et al. 2021 eq. 3's FLOPs (recomputation included): our
    /// hardware_tflops_per_gpu.
    HardwareTflopsPerGpu,
    /// Seconds per iteration (Korthikanti et al. 2022 Table 5): our step_time. Its error is
    /// the throughput's: published / predicted − 1.
    IterationSeconds,
};

struct ValidationRun {
    std::string_view id;   ///< e.g. "narayanan-t1-1t"
    std::string_view name; ///< e.g. "GPT 1T, 3072 A100 (t 8, p 64)"
    std::string source;    ///< paper, table, row
    ValidationMetric metric = ValidationMetric::HardwareTflopsPerGpu;
    double published = 0;  ///< in the metric's unit (TFLOP/s, or %)
    Scenario scenario;     ///< the run's layout
    std::string_view note; ///< what was assumed beyond the source
};

/// Narayanan et al. 2021 Table 1 (all ten rows) and Korthikanti et al. 2022's four models, each
/// with full recomputation and with sequence parallelism + selective recomputation (Table 5).
/// Static storage.
std::span<const ValidationRun> validationRuns();

struct ValidationResult {
    const ValidationRun* run = nullptr;
    double predicted = 0;     ///< dtsim, in the run's metric unit
    double errorFraction = 0; ///< predicted / published − 1
    std::string problem;      ///< non-empty when the scenario could not be evaluated
};

/// Every run evaluated with trainingReport.
std::vector<ValidationResult> validateRuns();

/// The runs within ±15 % of their published figure (evaluated ones only).
std::int64_t runsWithin15Percent(std::span<const ValidationResult> results);

/// What `dtsim validate --json` writes: model "validate", efficiency, count, within_15_percent
/// and runs [{id, name, source, metric, published, note, then predicted and error, or problem}].
Record validationRecord(std::span<const ValidationResult> results);

/// "TFLOP/s per GPU" or "iteration time, s".
std::string_view metricName(ValidationMetric metric);

} // namespace simcore
