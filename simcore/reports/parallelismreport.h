#pragma once
// The Parallelism view's report (lesson §2, MODELS §2 and §5): dp × tp × pp GPUs in Megatron-LM's
// rank order (simcore/models/parallellayout.h) — what each GPU holds, which group sends what to
// whom and which of that traffic crosses a node — the numbers of the diagram's title, captions and
// counts, and the pipeline bubble its pipeline caption quotes.

#include "simcore/models/parallellayout.h"
#include "simcore/reports/report.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace simcore {

/// The pipeline caption quotes the simulated bubble when the schedule has at most this many
/// operations (2·p·v·m ≤ 2^20): simulated on every edit without its operation list; larger
/// pipelines are left to the Pipeline view.
inline constexpr std::int64_t kMaxCaptionPipelineOperations = std::int64_t{1} << 20;

/// The CSV lists at most this many GPUs, one row each; a comment line says when it stops.
inline constexpr std::int64_t kMaxParallelismCsvRows = 65536;

/// What the diagram draws. The layout, the schedule and the links are set even when the report
/// has a problem (the diagram's legend and title); the rest only without.
struct ParallelismReport : Report {
    /// The layout drawn: parallel.dp/tp/pp, hardware.gpus_per_node, model.layers, and v
    /// (parallel.virtual_stages for the interleaved schedule, else 1).
    LayoutParams layout;
    /// Counts for the whole layout, every GPU: groups, and those crossing a node.
    LayoutSummary summary;
    /// Layers each pipeline stage holds, the most loaded stage's ⌈L/p⌉ (the pipeline caption).
    std::int64_t stageLayers = 0;
    /// Layers each GPU holds, chunk by chunk: v × ⌈L/(p·v)⌉ (the formula strip).
    std::int64_t gpuLayers = 0;
    PipelineSchedule schedule = PipelineSchedule::OneFOneB; ///< parallel.schedule
    std::int64_t microbatches = 1;                          ///< m, parallel.microbatches
    /// The idle share of the step, bubble / step (simulatePipeline, Huang et al. 2019's
    /// convention), when pp > 1 and the schedule has at most kMaxCaptionPipelineOperations
    /// operations; NaN otherwise.
    double bubbleFraction = std::numeric_limits<double>::quiet_NaN();
    /// The same layout priced by the training model (training.h's trainingReport), when it
    /// can price it: the numbers Scaling's Physical mode, Memory and `calc training` show.
    struct TrainingCost {
        double stepSeconds = 0;
        double computeSeconds = 0;
        double tpSeconds = 0;
        double pipelineSeconds = 0; ///< bubble + sends
        double dpSeconds = 0;       ///< exposed
        double microbatches = 0;    ///< m = B/(b·dp)
        double memoryPerGpuBytes = 0;
        double capacityBytes = 0;
        bool fits = false;
    };
    std::optional<TrainingCost> training;
    /// Why the training model cannot price it (its first problem), when `training` is empty.
    std::optional<ScenarioError> trainingProblem;
    double nodeLinkBytesPerSecond = 0; ///< hardware.intra_bandwidth: links inside a node
    double networkBytesPerSecond = 0;  ///< hardware.inter_bandwidth: links between nodes
};

/// Quantities: gpus, dp, tp, pp, nodes, gpus_per_node, layers, virtual_stages,
/// layers_per_stage, layers_per_gpu, tensor_groups, tensor_groups_crossing, pipelines,
/// pipeline_sends, pipeline_sends_crossing, data_groups, data_groups_crossing, bubble_fraction.
/// Problems: the view's keys, and checkLayout's (a layout that cannot be drawn).
ParallelismReport parallelismReport(const Scenario& scenario);

/// One GPU as the diagram's box, its tooltip and the CSV's row describe it.
struct GpuRole {
    GpuCoordinates place;          ///< rank, node, slot; data, tensor and pipeline index (0-based)
    std::int64_t weightShard = 1;  ///< tensor index + 1: it holds shard weightShard of t
    std::int64_t batchSlice = 1;   ///< data index + 1: it trains on slice batchSlice of d
    std::vector<LayerSpan> layers; ///< its v layer ranges, chunk by chunk (pipelineRankLayers)
    GroupRanks tensorGroup;        ///< all-reduce of every layer's output
    GroupRanks pipelineGroup;      ///< point-to-point sends between stages
    GroupRanks dataGroup;          ///< all-reduce of the gradients
    bool tensorGroupCrossesNode = false;
    bool pipelineGroupCrossesNode = false;
    bool dataGroupCrossesNode = false;
    /// The next stage's GPU, which gets its activations (rank + d·t); none on the last stage.
    std::optional<std::int64_t> activationsTo;
    /// The previous stage's GPU, which gets its gradients (rank − d·t); none on stage 0.
    std::optional<std::int64_t> gradientsTo;
    /// Interleaved (v > 1), last stage: stage 0's GPU of its pipeline, which gets the next
    /// chunk's activations.
    std::optional<std::int64_t> nextChunkTo;
};

/// The role of `rank`. Preconditions: report.ok() and 0 ≤ rank < report.summary.gpus.
GpuRole gpuRole(const ParallelismReport& report, std::int64_t rank);

/// A layer span as the CSV writes it: "17-32", "5", or "-" for none.
std::string layerSpanText(const LayerSpan& span);

/// The CSV: the quantities; "gpus", one row per GPU (the first kMaxParallelismCsvRows of the
/// quantity gpus): rank, node, slot, dp_index, tp_index, pp_index, layers (chunks separated by
/// ';'), weight_shard, batch_slice, tensor_group_crosses_node, pipeline_group_crosses_node,
/// data_group_crosses_node. A report with problems has the quantities only.
std::vector<CsvTable> parallelismCsv(const ParallelismReport& report);

} // namespace simcore
