#pragma once
// The Memory view's report (seed lesson §1, MODELS §2; Rajbhandari et al. 2020, Korthikanti et
// al. 2022): what one GPU holds under each ZeRO stage of the same model, the verdict on the
// scenario's GPU, the GPU capacities the chart draws, and the formula strip's terms.

#include "simcore/models/memory.h"
#include "simcore/reports/report.h"
#include "simcore/scenario/catalogue.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace simcore {

/// One ZeRO stage of the scenario's model and layout.
struct MemoryStage {
    std::int64_t zero = 0;
    MemoryBreakdown memory;
    MemoryVerdict verdict;
    /// Bytes beyond the GPU's capacity, 0 when it fits (−headroom).
    double excessBytes = 0;
};

struct MemoryReport : Report {
    static constexpr std::int64_t kStages = 4;
    /// The scenario's GPU (hardware.gpu); null only when the report has a problem.
    const GpuSpec* gpu = nullptr;
    std::int64_t selectedStage = 0;            ///< parallel.zero
    std::array<MemoryStage, kStages> stages{}; ///< ZeRO 0 … 3, every other key as it is
    BytesPerParameter bytesPerParameter;       ///< the MODELS §2 table's cell
    Precision precision = Precision::Fp32;     ///< train.precision and train.optimizer, named in
    Optimizer optimizer = Optimizer::Adam;     ///< the summary
    /// The capacity lines: the lesson's reference cards (a 24 GB consumer GPU and an 80 GB data
    /// centre GPU), the scenario's GPU replacing the one of its capacity, smallest first.
    std::vector<const GpuSpec*> capacityGpus;
    std::int64_t gpus = 1; ///< dp × tp × pp × cp
    std::int64_t dp = 1;   ///< parallel.dp, tp and pp: the formula strip's N_d and Ψ′ split
    std::int64_t tp = 1;
    std::int64_t pp = 1;
    std::int64_t cp = 1; ///< context parallel: each GPU holds s/cp of every sequence's tokens
    /// ZeRO-3 never fits at any dp: its activations (which ZeRO does not shard) alone are too
    /// many (the verdict then suggests recomputation, a shorter sequence, a smaller batch).
    bool activationsBound = false;

    [[nodiscard]] const MemoryStage& selected() const
    {
        return stages[static_cast<std::size_t>(selectedStage)];
    }
};

/// Quantities, for the scenario's own ZeRO stage: params, params_per_gpu, zero, dp, tp, pp, cp,
/// gpus, weights, gradients, optimizer, activations, buffers, total, total_gib, gpu (word),
/// capacity, headroom, excess, fits, min_dp, min_gpus. Problems: validate()'s and
/// validateMemory()'s.
MemoryReport memoryReport(const Scenario& scenario);

/// The CSV: the quantities; "zero_stages", one row per ZeRO stage (stage, name, selected,
/// parameters, weights_bytes, gradients_bytes, optimizer_bytes, activations_bytes,
/// buffers_bytes, total_bytes, total_gib, gpu, capacity_bytes, fits, headroom_bytes, min_gpus).
/// A report with problems has the quantities only.
std::vector<CsvTable> memoryCsv(const MemoryReport& report);

/// "DDP (ZeRO-0)", "ZeRO-1", "ZeRO-2", "ZeRO-3 / FSDP": the English stage names of the CSV.
std::string zeroStageName(std::int64_t zero);

} // namespace simcore
