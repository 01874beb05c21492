#pragma once
// One node read from `nvidia-smi topo -m` (or the topology.node key) as simcore's topology model:
// its link codes turned into links.

#include "simcore/models/topology.h"
#include "simcore/scenario/nodewiring.h"

namespace simcore {

/// How codes become links (bandwidths from simcore/models/links.h and topology.h's catalogue).
struct NvTopoOptions {
    /// NVLink generation id; empty = from the largest NV#: 18 → "nvlink4" (H100/H200; pass
    /// "nvlink5" for B200), else "nvlink3" (25 GB/s per link, also right for NVLink 2).
    std::string_view nvlinkId;
    /// PCIe entry of every PCIe path; empty = "pcie5-x16" with NVLink 4 (H100-era boards),
    /// else "pcie4-x16".
    std::string_view pcieId;
    std::string_view socketId = "upi-spr"; ///< the CPU link a SYS path crosses
    std::string_view nicId = "ib-ndr";     ///< NIC rate (topo -m does not show it)
};

/// The node as simcore's topology: NV# on every pair of ≥ 3 GPUs → NvSwitch at the generation's
/// per-GPU rate; other NV# → NvLink at # × nvlinkBandwidthPerLink; PIX, PXB → PcieSwitch;
/// PHB, NODE → PcieHostBridge (PCIe rate); SYS → CpuInterconnect (the slower of PCIe and the
/// socket link). One node; its NICs = gpuNics(). nullopt when an option names an unknown id.
std::optional<ClusterTopology> nvTopoCluster(const NvTopoNode& node,
                                             const NvTopoOptions& options = {});

/// The ring an import describes (`dtsim import nvidia-topo`, the Topology panel's import): a ring
/// all-reduce over every GPU of the imported node (topologyAllReduce, best ring order), priced for
/// 1 GB — the order and the slowest hop do not depend on the size. `cluster` is nvTopoCluster's.
TopologyAllReduce nvTopoRing(const ClusterTopology& cluster);

/// The generation ids nvTopoCluster uses for these options (auto rules resolved).
struct NvTopoChoice {
    std::string_view nvlinkId;
    std::string_view pcieId;
};
NvTopoChoice nvTopoChoice(const NvTopoNode& node, const NvTopoOptions& options = {});

} // namespace simcore
