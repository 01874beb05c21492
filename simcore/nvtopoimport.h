#pragma once
// Reading `nvidia-smi topo -m` (topology seed: check the physical wiring of the cluster): the
// GPU/NIC matrix of link codes, the CPU / NUMA affinity columns and the NIC legend, turned into
// one node of simcore's topology model. Plain C++20; the caller passes the text.
//
// The codes, as nvidia-smi's own Legend block defines them:
//   X = self; NV# = a bonded set of # NVLinks; PIX = at most a single PCIe bridge;
//   PXB = multiple PCIe bridges, not the host bridge; PHB = PCIe and a PCIe host bridge (the CPU);
//   NODE = PCIe and the interconnect between host bridges within a NUMA node;
//   SYS = PCIe and the SMP interconnect between NUMA nodes (QPI/UPI). Older drivers print SOC
//   for SYS.

#include "simcore/ncclimport.h" // ImportError
#include "simcore/topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simcore {

/// One cell of the matrix.
enum class TopoCode { Self, NvLink, Pix, Pxb, Phb, Node, Sys };

/// "X", "NV", "PIX", "PXB", "PHB", "NODE", "SYS" (NvLink without its count).
std::string_view topoCodeText(TopoCode code);

struct TopoCell {
    TopoCode code = TopoCode::Sys;
    int nvlinks = 0; ///< NV#: the #, else 0
    friend bool operator==(const TopoCell&, const TopoCell&) = default;
};

/// What `nvidia-smi topo -m` says about one node.
struct NvTopoNode {
    std::int64_t gpus = 0;
    std::vector<std::string> nics;         ///< NIC names: "mlx5_0" from the NIC Legend, else the
                                           ///< column label
    std::vector<TopoCell> gpuGpu;          ///< gpus × gpus, row-major
    std::vector<TopoCell> gpuNic;          ///< gpus × nics, row-major
    std::vector<std::string> cpuAffinity;  ///< per GPU, e.g. "0-47,96-143"; empty if no column
    std::vector<std::string> numaAffinity; ///< per GPU, e.g. "0" or "N/A"; empty if no column
    std::vector<std::string> gpuNumaId;    ///< per GPU ("GPU NUMA ID", newer drivers)
    /// Per GPU: index of the NIC closest to it (best code PIX < PXB < PHB < NODE < SYS, ties to
    /// the lower index), −1 without NICs.
    std::vector<std::int64_t> nearestNic;

    [[nodiscard]] const TopoCell& cell(std::int64_t a, std::int64_t b) const;
    [[nodiscard]] const TopoCell& nicCell(std::int64_t gpu, std::int64_t nic) const;
    /// True when every pair of three or more GPUs shows the same NV#: NVSwitch (a DGX / HGX
    /// board), not direct links.
    [[nodiscard]] bool nvswitch() const;
    /// NICs a GPU reaches without the CPU (PIX or PXB to at least one GPU): the ones GPUDirect
    /// RDMA uses for traffic between nodes. Storage NICs far from every GPU do not count.
    [[nodiscard]] std::int64_t gpuNics() const;
};

struct NvTopoParseResult {
    std::optional<NvTopoNode> node;
    std::optional<ImportError> error;
};

/// Parses the text. Accepted: tab- or space-separated columns, ANSI underline escapes, any text
/// before the matrix, NIC columns named NIC# (with a NIC Legend) or by device (mlx5_0), the
/// trailing "CPU Affinity", "NUMA Affinity" and "GPU NUMA ID" columns in any subset, SOC for
/// SYS. Refused with an ImportError (line number and what was expected): empty text, no matrix
/// header, GPU columns out of order, an unknown code, a row with too few or too many cells, a
/// matrix that is not symmetric or whose diagonal is not X, a text that ends inside the matrix.
NvTopoParseResult parseNvidiaTopo(std::string_view text);

/// How codes become links (bandwidths from simcore/links.h and topology.h's catalogue).
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

/// The generation ids nvTopoCluster uses for these options (auto rules resolved).
struct NvTopoChoice {
    std::string_view nvlinkId;
    std::string_view pcieId;
};
NvTopoChoice nvTopoChoice(const NvTopoNode& node, const NvTopoOptions& options = {});

} // namespace simcore
