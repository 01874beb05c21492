#pragma once
// The link codes of `nvidia-smi topo -m` and one node's GPU × GPU wiring: what the importer reads
// and what the topology.node scenario key holds.
//
// The codes, as nvidia-smi's own Legend block defines them:
//   X = self; NV# = a bonded set of # NVLinks; PIX = at most a single PCIe bridge;
//   PXB = multiple PCIe bridges, not the host bridge; PHB = PCIe and a PCIe host bridge (the CPU);
//   NODE = PCIe and the interconnect between host bridges within a NUMA node;
//   SYS = PCIe and the SMP interconnect between NUMA nodes (QPI/UPI). Older drivers print SOC
//   for SYS.

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

/// One cell as nvidia-smi prints it: "X", "NV1" … "NV64", "PIX", "PXB", "PHB", "NODE", "SYS",
/// "SOC" (= SYS); nullopt for anything else. The one reader of the codes (the parser below and
/// the topology.node scenario key both use it).
std::optional<TopoCell> parseTopoCode(std::string_view token);

/// "NV18", "PIX", … (the canonical text of a cell; SOC prints as SYS).
std::string topoCellText(const TopoCell& cell);

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

// ---- The topology.node scenario key (simcore/scenario/scenario.h) ----
//
// Form: the upper triangle of the GPU × GPU matrix, row by row, one code per pair, separated by
// spaces: for g GPUs the pairs (0,1) (0,2) … (0,g−1) (1,2) … (g−2,g−1), g(g−1)/2 codes. Why
// this and not the whole matrix: the matrix is symmetric with X on the diagonal (the parser
// refuses anything else), so the triangle says everything once, cannot contradict itself, and
// the GPU count follows from the code count. NIC columns are not kept: the panel needs only how
// many NICs face the GPUs (topology.node_nics).

/// Largest node topology.node describes (an HGX board has 8; 64 leaves room for odd machines
/// while the drawn matrix and the ring search stay instant).
constexpr std::int64_t kMaxWiringGpus = 64;

/// The allowed form, as `dtsim keys` and error messages print it.
inline constexpr std::string_view kWiringForm =
    "empty, or g(g-1)/2 link codes for g = 2 to 64 GPUs (1, 3, 6, 10, 15, 21, 28, ... 2016 "
    "codes), the upper triangle of nvidia-smi topo -m row by row, each NV1 to NV64, PIX, PXB, "
    "PHB, NODE or SYS (SOC), separated by spaces";

/// topology.node text of a node: its GPU × GPU codes, upper triangle, canonical ("NV18 PIX …").
std::string nvTopoWiringText(const NvTopoNode& node);

struct NvTopoWiring {
    /// The node (gpus and gpuGpu only; no NICs), or nullopt for empty text or an error.
    std::optional<NvTopoNode> node;
    /// Empty when the text is allowed; else the offending part: a code ("QPI") or "5 codes".
    std::string problem;
};
/// Reads topology.node text (codes case-insensitive, any run of spaces or tabs between them).
NvTopoWiring parseNvTopoWiring(std::string_view text);

} // namespace simcore
