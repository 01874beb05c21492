#pragma once
// Which scenario keys an import sets, decided once: the Topology panel's "Use these for my
// cluster", `dtsim import` and the main window's import all apply or print these groups.

#include "simcore/import/measuredsteps.h"
#include "simcore/import/ncclfit.h"
#include "simcore/import/nvtopoimport.h"
#include "simcore/scenario/scenario.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace simcore {

/// One key and its value as `--set` and setValue read it back (formatNumber for numbers).
struct KeyAssignment {
    std::string key;
    std::string value;
    /// "key=value", as the command line takes it.
    [[nodiscard]] std::string text() const { return key + "=" + value; }
    friend bool operator==(const KeyAssignment&, const KeyAssignment&) = default;
};

/// Assignments that stand or fall together (a link's latency and bandwidth; a node's wiring).
using AssignmentGroup = std::vector<KeyAssignment>;

/// What an nccl-tests import proposes.
struct NcclImportKeys {
    /// One group per log: its fitted α and B at its link level, hardware.{intra,inter}_latency
    /// and _bandwidth. What the import means for the user's cluster.
    std::vector<AssignmentGroup> links;
    /// The run as it was measured, to reproduce it with `dtsim calc allreduce` and to show it on
    /// the Topology panel: collective.algorithm = ring and collective.workers = its ranks, then
    /// hardware.gpus_per_node when the Rank lines tell it, then the links.
    std::vector<AssignmentGroup> measuredRun;
};

/// The keys of one log (`intra`: it measured the link inside a node) and, optionally, a second
/// log measured at the other level. A log whose fit failed contributes no link.
NcclImportKeys ncclImportKeys(const NcclImport& log, bool intra,
                              const NcclImport* otherLevel = nullptr);

/// What an nvidia-smi topo -m import proposes: the node's GPUs and its equivalent link inside
/// the node (hardware.gpus_per_node, hardware.intra_latency, hardware.intra_bandwidth) for a
/// node of 2 GPUs or more; for 2 to kMaxWiringGpus GPUs also the node pair by pair
/// (topology.preset = imported, topology.node, topology.node_nics) and the ring over its GPUs
/// that the import shows (collective.workers = its GPUs, collective.algorithm = ring), as an
/// nccl-tests import shows the ring it measured.
std::vector<AssignmentGroup> topoImportKeys(const NvTopoNode& node, const ClusterTopology& cluster);

/// What a step-times import proposes: the lesson model's constants fitted to the points
/// (lesson.base_compute, lesson.fixed_sync, lesson.sync_per_worker; none when the fit failed),
/// then the points themselves (scaling.measured), which the Scaling view draws over the model.
std::vector<AssignmentGroup> stepTimesImportKeys(std::span<const MeasuredStep> points,
                                                 const LessonFit& fit);

/// Groups applied in order on top of a scenario: each is applied whole (applyAssignment), then
/// the result validated (validate, and with topology.preset = imported the Topology view's own
/// rules); a group that is refused is left out with its reason and the next one tried on what
/// was accepted before it.
struct AppliedGroups {
    Scenario scenario; ///< the base with every accepted group
    std::vector<AssignmentGroup> accepted;
    std::vector<AssignmentGroup> leftOut;
    std::vector<ScenarioError> problems; ///< one per left-out group
    std::vector<std::string> reasons;    ///< the same in English: message(), or "key: allowed …"
};
AppliedGroups applyGroups(Scenario base, const std::vector<AssignmentGroup>& groups);

} // namespace simcore
