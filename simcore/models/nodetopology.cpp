#include "simcore/models/nodetopology.h"

#include "simcore/models/links.h"

#include <algorithm>

namespace simcore {

NvTopoChoice nvTopoChoice(const NvTopoNode& node, const NvTopoOptions& options)
{
    int most = 0;
    for (const auto& cell : node.gpuGpu) {
        most = std::max(most, cell.nvlinks);
    }
    NvTopoChoice choice;
    choice.nvlinkId = !options.nvlinkId.empty() ? options.nvlinkId
                      : most >= 18              ? std::string_view("nvlink4")
                                                : std::string_view("nvlink3");
    choice.pcieId = !options.pcieId.empty()                    ? options.pcieId
                    : most > 0 && choice.nvlinkId != "nvlink3" ? std::string_view("pcie5-x16")
                                                               : std::string_view("pcie4-x16");
    return choice;
}

std::optional<ClusterTopology> nvTopoCluster(const NvTopoNode& node, const NvTopoOptions& options)
{
    const NvTopoChoice choice = nvTopoChoice(node, options);
    const LinkSpec* nic = findTopologyLink(options.nicId);
    if (!nic || !findTopologyLink(choice.pcieId) || nvlinkBandwidthPerLink(choice.nvlinkId) <= 0) {
        return std::nullopt;
    }
    const bool nvswitch = node.nvswitch();
    ClusterTopology cluster;
    cluster.id = "imported";
    cluster.name = "Imported node (nvidia-smi topo -m)";
    cluster.nodes = 1;
    cluster.node.gpus = node.gpus;
    cluster.node.nics = node.gpuNics();
    cluster.nic = nic->link;
    cluster.nicId = nic->id;
    cluster.source = "nvidia-smi topo -m";
    cluster.node.pairs.resize(node.gpuGpu.size());
    for (std::int64_t a = 0; a < node.gpus; ++a) {
        for (std::int64_t b = 0; b < node.gpus; ++b) {
            const TopoCell& cell = node.cell(a, b);
            std::optional<PairLink> link;
            switch (cell.code) {
            case TopoCode::Self:
            case TopoCode::Phb:
            case TopoCode::Node:
                link = makePairLink(LinkKind::PcieHostBridge, choice.pcieId);
                break;
            case TopoCode::NvLink:
                link = makePairLink(nvswitch ? LinkKind::NvSwitch : LinkKind::NvLink,
                                    choice.nvlinkId, cell.nvlinks);
                break;
            case TopoCode::Pix:
            case TopoCode::Pxb:
                link = makePairLink(LinkKind::PcieSwitch, choice.pcieId);
                break;
            case TopoCode::Sys:
                link = makePairLink(LinkKind::CpuInterconnect, choice.pcieId, 0, options.socketId);
                break;
            }
            if (!link) {
                return std::nullopt;
            }
            cluster.node.pairs[static_cast<std::size_t>(a * node.gpus + b)] = *link;
        }
    }
    return cluster;
}

TopologyAllReduce nvTopoRing(const ClusterTopology& cluster)
{
    return topologyAllReduce(cluster, cluster.totalGpus(), 1e9, CommAlgorithm::Ring);
}

} // namespace simcore
