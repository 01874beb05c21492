#pragma once
// Which GPU does what under 3-D parallelism (lesson §2, MODELS §2/§5): for dp × tp × pp GPUs,
// each GPU's coordinates (data-parallel replica, tensor shard, pipeline stage), the node it sits
// in, the layers it holds, and which collective runs in which group — and whether that group's
// traffic has to cross a node boundary (the slow links). Plain C++20, no Qt.
//
// Rank order (Megatron-LM, megatron/core/parallel_state.py, initialize_model_parallel; Narayanan
// et al. 2021 §3.3 "tensor parallelism inside a node"): tensor-parallel ranks are innermost, then
// data-parallel, then pipeline stages outermost:
//     rank = pp_index · (dp · tp) + dp_index · tp + tp_index.
// Nodes hold consecutive ranks: node = rank / gpus_per_node ("adjacent ranks are on the same DGX
// box", same source). With 16 GPUs, tp = 2, pp = 4 (so dp = 2) this gives Megatron-LM's example:
// tensor groups [0,1] [2,3] …, data groups [0,2] [1,3] [4,6] …, pipelines [0,4,8,12] [1,5,9,13] ….

#include "simcore/scenario/scenario.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace simcore {

/// The inputs of the layout. Counts, all ≥ 1; checkLayout says which are not usable.
struct LayoutParams {
    std::int64_t dp = 1;          ///< data-parallel degree d (`parallel.dp`)
    std::int64_t tp = 1;          ///< tensor-parallel degree t (`parallel.tp`)
    std::int64_t pp = 1;          ///< pipeline-parallel degree p (`parallel.pp`)
    std::int64_t gpusPerNode = 8; ///< `hardware.gpus_per_node`
    std::int64_t layers = 32;     ///< transformer layers L (`model.layers`)
    /// v: model chunks per pipeline rank, 1 unless the schedule is interleaved
    /// (`parallel.virtual_stages`).
    std::int64_t virtualStages = 1;

    friend bool operator==(const LayoutParams&, const LayoutParams&) = default;
};

/// The scenario's layout: parallel.dp/tp/pp, hardware.gpus_per_node, model.layers, and
/// parallel.virtual_stages when parallel.schedule is interleaved (else v = 1), as
/// pipelineParamsFromScenario reads v.
LayoutParams layoutParamsFromScenario(const Scenario& scenario);

/// Why the layout cannot be drawn, as a value naming the key: a count below 1 (OutOfRange), more
/// pipeline stages than layers (`parallel.pp`, Inconsistent with model.layers), or more
/// interleaved chunks than layers (`parallel.virtual_stages`). Every virtual stage needs at least
/// one layer, as validateMemory (simcore/models/memory.h) also requires.
std::optional<ScenarioError> checkLayout(const LayoutParams& params);

/// GPUs in all: dp · tp · pp (at most 1e6 · 1024 · 1024 ≈ 1.1e12 within the keys' ranges).
std::int64_t totalGpus(const LayoutParams& params);
/// Nodes: ⌈total / gpus_per_node⌉; the last node is partly filled when the division is not even.
std::int64_t nodeCount(const LayoutParams& params);

/// One GPU's place in the layout. Indices are 0-based.
struct GpuCoordinates {
    std::int64_t rank = 0; ///< global rank, 0 … total − 1
    std::int64_t node = 0; ///< rank / gpus_per_node
    std::int64_t slot = 0; ///< position inside its node: rank mod gpus_per_node
    std::int64_t dp = 0;   ///< data-parallel replica 0 … d − 1: it gets batch slice dp + 1 of d
    std::int64_t tp = 0;   ///< tensor shard 0 … t − 1: it holds 1/t of every weight matrix
    std::int64_t pp = 0;   ///< pipeline stage (pipeline rank) 0 … p − 1

    friend bool operator==(const GpuCoordinates&, const GpuCoordinates&) = default;
};

/// The rank of the GPU at (dp, tp, pp) in Megatron-LM's order (header comment).
std::int64_t rankOf(const LayoutParams& params, std::int64_t dpIndex, std::int64_t tpIndex,
                    std::int64_t ppIndex);
/// The inverse of rankOf, plus the node and the slot in it.
GpuCoordinates coordinatesOf(const LayoutParams& params, std::int64_t rank);
/// Node of a rank: rank / gpus_per_node.
std::int64_t nodeOf(const LayoutParams& params, std::int64_t rank);

/// A range of transformer layers, numbered from 1 as Megatron-LM's documentation numbers them;
/// `last` inclusive. Empty when last < first (a stage with no layer).
struct LayerSpan {
    std::int64_t first = 1;
    std::int64_t last = 0;
    [[nodiscard]] std::int64_t count() const { return last >= first ? last - first + 1 : 0; }
    friend bool operator==(const LayerSpan&, const LayerSpan&) = default;
};

/// The layers of virtual stage k (0 … p·v − 1): L layers split as evenly as possible in order,
/// the first L mod (p·v) virtual stages holding one layer more (⌈L/(p·v)⌉, the count the memory
/// model charges the most loaded stage with); Megatron-LM itself requires an exact division.
LayerSpan virtualStageLayers(const LayoutParams& params, std::int64_t virtualStage);
/// The layers pipeline rank i holds: v spans, chunk c being virtual stage c·p + i (Narayanan et
/// al. 2021 §2.2.2; Megatron-LM's example: 16 layers, p = 4, v = 2 → GPU 0 holds [1, 2] and
/// [9, 10]).
std::vector<LayerSpan> pipelineRankLayers(const LayoutParams& params, std::int64_t ppIndex);

/// The three kinds of process group and what each communicates.
enum class GroupKind {
    Tensor,   ///< t GPUs splitting every layer: all-reduce of layer outputs, forward and backward
    Pipeline, ///< p GPUs holding consecutive layers: point-to-point sends between stages
    Data,     ///< d replicas: all-reduce (or ZeRO reduce-scatter/all-gather) of the gradients
};

/// One group as an arithmetic progression of ranks: first, first + stride, … (size ranks).
struct GroupRanks {
    std::int64_t first = 0;
    std::int64_t stride = 1;
    std::int64_t size = 1;
    [[nodiscard]] std::int64_t at(std::int64_t k) const { return first + k * stride; }
    [[nodiscard]] std::int64_t last() const { return at(size - 1); }
    friend bool operator==(const GroupRanks&, const GroupRanks&) = default;
};

/// The group of `kind` that contains `rank`: tensor = stride 1, size t; data = stride t, size d;
/// pipeline = stride d·t, size p.
GroupRanks groupOf(const LayoutParams& params, GroupKind kind, std::int64_t rank);

/// Whether a group spans more than one node. Ranks are ascending and nodes are consecutive rank
/// ranges, so a group crosses a node boundary exactly when its first and last rank differ in node.
bool crossesNodes(const LayoutParams& params, const GroupRanks& group);

/// Counts for one kind of group.
struct GroupStats {
    std::int64_t size = 1;          ///< GPUs per group (t, p or d)
    std::int64_t count = 0;         ///< groups of this kind: total / size
    std::int64_t crossingNodes = 0; ///< groups that span more than one node
    /// Pipeline only: point-to-point links between consecutive stages, (p − 1)·d·t, plus d·t from
    /// the last rank back to the first when v > 1 (chunk c's last stage feeds chunk c + 1's
    /// first). 0 for the other kinds.
    std::int64_t hops = 0;
    std::int64_t crossingHops = 0; ///< of those, links whose two ends are on different nodes

    friend bool operator==(const GroupStats&, const GroupStats&) = default;
};

/// The whole layout in numbers, for any size (no per-GPU list: O(gpus_per_node · t) at most).
struct LayoutSummary {
    std::int64_t gpus = 0;
    std::int64_t nodes = 0;
    GroupStats tensor;
    GroupStats pipeline;
    GroupStats data;
};

/// Counts groups and the ones crossing nodes by the periodicity of rank mod gpus_per_node, so
/// 1e12 GPUs cost no more than 8. Preconditions: checkLayout(params) is empty.
LayoutSummary summarizeLayout(const LayoutParams& params);

/// One strategy the Parallelism panel teaches on one node of 8 GPUs (a DGX-class machine).
struct NodeStrategy {
    std::int64_t dp = 1;
    std::int64_t tp = 1;
    std::int64_t pp = 1;
};

/// Data, tensor and pipeline parallelism alone (8 × 1 × 1, 1 × 8 × 1, 1 × 1 × 8), then all three
/// (2 × 2 × 2), in the panel's button order.
std::span<const NodeStrategy> nodeStrategies();

/// The scenario with parallel.dp, parallel.tp and parallel.pp set to the strategy's, the rest
/// kept; the caller validates it like any other whole-scenario edit.
Scenario withStrategy(Scenario scenario, const NodeStrategy& strategy);

} // namespace simcore
