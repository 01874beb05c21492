#pragma once
// The one job the Checkpoint view, the goodput model, their reports and the Monte-Carlo runs read:
// N GPUs in the scenario's layout, their step from the training model, the checkpoint's size and
// write time, and the work to do (MODELS §9).

#include "simcore/models/layoutscaling.h"
#include "simcore/scenario/scenario.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace simcore {

/// Bytes of one checkpoint of the whole model: (weights + optimizer state) bytes per parameter ×
/// Ψ, the memory model's table (memory.h, bytesPerParameter): 2 + 12 = 14 B under mixed precision
/// with Adam (FP32 master, m and v), 4 + 8 = 12 B in FP32 with Adam. Gradients are not saved. One
/// copy however many data-parallel replicas hold it.
double checkpointBytes(const Scenario& scenario);

/// Where the write time came from.
enum class WriteSource {
    Given,   ///< checkpoint.write_time (no storage bandwidth given)
    Storage, ///< checkpoint bytes / checkpoint.storage_bandwidth
    Memory,  ///< checkpoint bytes / checkpoint.memory_bandwidth (the in-memory tier)
};

/// Where the useful work W came from.
enum class WorkSource {
    Steps, ///< train.steps × μ (checkpoint.work = 0, the default)
    Given, ///< checkpoint.work (then steps = W/μ)
};

/// The one job the Checkpoint view, the goodput model, their CSV and JSON and the Monte-Carlo
/// runs read (and the Scaling view's failures switch, for its steps): N = checkpoint.gpus GPUs in
/// the scenario's layout, dp = N/(tp·pp·cp) (layoutscaling.h); μ = that layout's step from the
/// training model, as the Scaling view's Physical mode prices it at N (LayoutSweep::step); W =
/// train.steps × μ, or checkpoint.work when given (> 0); δ = checkpoint bytes /
/// checkpoint.memory_bandwidth with an in-memory tier, else / checkpoint.storage_bandwidth when
/// given, else checkpoint.write_time. M = M₁/N, δ, R and τ never need a layout. An N that is no
/// layout (or a layout the training model refuses) has no μ: `problems` names the key and the
/// allowed values, and what is priced from μ (μ itself, W from train.steps, the steps of a given
/// W) is NaN, as the Scaling view never prices such an N.
struct CheckpointJob {
    std::int64_t gpus = 1;
    double gpuMtbfSeconds = 0;
    double jobMtbfSeconds = 0; ///< M₁/N (0 when it underflows)
    double checkpointBytes = 0;
    double writeSeconds = 0; ///< δ
    WriteSource writeSource = WriteSource::Given;
    double storageWriteSeconds = 0; ///< with an in-memory tier: the copy to storage behind it
    double restartSeconds = 0;
    double intervalSeconds = 0;
    double stepSeconds = 0; ///< μ; NaN without a layout at N
    double steps = 0;       ///< train.steps, or W/μ when W is given; NaN when unknown
    double workSeconds = 0; ///< W; NaN when it needs μ and there is none
    WorkSource workSource = WorkSource::Steps;
    std::vector<ScenarioError> problems; ///< why there is no μ (keys named); empty: priced
    [[nodiscard]] bool priced() const { return problems.empty(); }
};

/// The job of the scenario (see CheckpointJob); its problems include validate()'s for every key
/// it reads (goodputKeys and stepReadsKey).
CheckpointJob checkpointJob(const Scenario& scenario);

/// The keys whose problems stop μ: the training model's (model.*, train.*, parallel.*,
/// hardware.*, memory.*, but not the Pipeline view's own), scaling.batch, checkpoint.gpus.
bool stepReadsKey(std::string_view key);

/// "given" | "storage" | "memory": the write_source quantity's word.
std::string_view writeSourceId(WriteSource source);
/// "steps" | "given": the work_source quantity's word.
std::string_view workSourceId(WorkSource source);

/// What the job at any N shares: the layout sweep, and the problems that stop every N (a key of
/// the training model out of range, a rule of the layout that N does not set).
struct CheckpointJobContext {
    std::optional<LayoutSweep> sweep;
    std::vector<ScenarioError> problems;
};
CheckpointJobContext checkpointJobContext(const Scenario& scenario,
                                          const std::vector<ScenarioError>& validation);
/// The job of `scenario` with checkpoint.gpus = `gpus`.
CheckpointJob checkpointJobAt(const Scenario& scenario, const CheckpointJobContext& context,
                              std::int64_t gpus);

} // namespace simcore
