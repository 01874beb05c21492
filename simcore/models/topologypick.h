#pragma once
// Picking a wiring on the Topology panel (SPEC panel 5): one price for one thing. The other
// panels (Scaling, Communication) price a uniform cluster from the hardware.* keys, so picking a
// named wiring also writes the keys that wiring implies, in the same step, and they price the
// cluster the Topology panel draws.

#include "simcore/scenario/scenario.h"

namespace simcore {

/// The scenario with topology.preset = `preset` and the keys that wiring implies:
/// - a named preset (topologyPreset): hardware.gpu = its GPU, hardware.gpus_per_node,
///   hardware.intra_* and hardware.inter_* = equivalentLinks of its cluster (the slowest hop of
///   the best ring over a whole node, and one GPU's share of the node's NICs); and when
///   collective.workers exceeds the preset's GPUs, collective.workers = its GPUs, so a click on
///   a smaller preset is never an error;
/// - imported: when topology.node holds a node, hardware.gpus_per_node = its GPUs and
///   hardware.intra_* = the slowest hop of its best ring (hardware.inter_* stay the NIC rate the
///   imported cluster reads);
/// - scenario: nothing else (the hardware keys are that wiring).
/// Every written value is inside its key's range; the result validates when `scenario` did.
Scenario withTopologyPreset(Scenario scenario, TopologyPresetId preset);

} // namespace simcore
