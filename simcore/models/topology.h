#pragma once
// Cluster topology (topology seed: "wiring matters as much as the algorithm"; SPEC panel 5):
// nodes of GPUs wired by NVLink / NVSwitch / PCIe, nodes joined by InfiniBand or Ethernet NICs,
// and how a collective group of N GPUs maps onto that wiring.
//
// Conventions (as simcore/models/collectives.h):
// - Every bandwidth is one direction, per GPU (MODELS §7), every latency α seconds per message.
// - Placement is node-major: workers 0…g−1 on node 0, g…2g−1 on node 1, … (g = GPUs per node).
// - All nodes of a cluster are wired alike.
// - A ring's cost is the α–β ring of MODELS §4 run at its slowest hop: the largest α and the
//   smallest B of the hops it uses (collectives.h, "a flat ring across nodes runs at the slowest
//   link"). Hierarchical runs a ring inside every node on the node's slowest ring hop and rings
//   across nodes on each GPU's share of the node's NICs (collectives.h, Hierarchical).

#include "simcore/models/collectives.h"
#include "simcore/models/links.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simcore {

/// How two GPUs of one node reach each other, or (Network) how a GPU leaves its node. The
/// intra-node kinds follow the codes of `nvidia-smi topo -m` (its Legend block).
enum class LinkKind {
    NvSwitch,        ///< NV# on every pair through NVSwitch: any peer at the GPU's full NVLink rate
    NvLink,          ///< NV#: a direct bonded set of # NVLinks between the two GPUs
    PcieSwitch,      ///< PIX / PXB: PCIe peer-to-peer below PCIe switches, not through the CPU
    PcieHostBridge,  ///< PHB / NODE: PCIe through the CPU's host bridge(s), one NUMA node
    CpuInterconnect, ///< SYS: PCIe and the link between CPU sockets (QPI/UPI, Infinity Fabric)
    Network,         ///< between nodes, through a NIC: InfiniBand or Ethernet
    Custom,          ///< inside a node, with the scenario's own numbers (hardware.intra_*)
};

/// Stable lower-case id for files, CSV and the command line: "nvswitch", "nvlink", "pcie-switch",
/// "pcie-host-bridge", "cpu-interconnect", "network", "custom" (not translated).
std::string_view linkKindId(LinkKind kind);
/// The kind whose linkKindId is `id`; nullopt for any other text.
std::optional<LinkKind> findLinkKind(std::string_view id);

/// A link catalogue entry by id: linkCatalogue() (simcore/models/links.h) plus the CPU-socket
/// interconnect figures the topology needs ("upi-spr"). nullptr when unknown. Static storage.
const LinkSpec* findTopologyLink(std::string_view id);

/// Bandwidth of one NVLink, one direction, bytes/s, for an NVLink catalogue id ("nvlink3",
/// "nvlink4", "nvlink5"): the per-GPU figure of links.h divided by the links per GPU (A100: 12,
/// H100 and B200: 18; NVIDIA A100 / H100 whitepapers, DGX B200 datasheet) → 25, 25, 50 GB/s.
/// 0 for any other id.
double nvlinkBandwidthPerLink(std::string_view nvlinkId);

/// One GPU pair's connection inside a node.
struct PairLink {
    LinkKind kind = LinkKind::PcieHostBridge;
    int nvlinks = 0;           ///< NV#: bonded NVLinks (NvLink, NvSwitch), else 0
    Link link;                 ///< α (s) and B (bytes/s, one direction, per GPU) of the path
    std::string_view sourceId; ///< findTopologyLink() id the figure comes from, e.g. "nvlink4"

    friend bool operator==(const PairLink&, const PairLink&) = default;
};

/// One node: g GPUs, the link of every pair, and the NICs that leave the node.
struct NodeTopology {
    std::int64_t gpus = 0;       ///< g ≥ 1
    std::vector<PairLink> pairs; ///< g × g, row-major, symmetric; the diagonal is not used
    std::int64_t nics = 0;       ///< NICs for traffic between nodes, ≥ 0

    /// The link between GPUs a and b (0 ≤ a, b < gpus, a ≠ b).
    [[nodiscard]] const PairLink& pair(std::int64_t a, std::int64_t b) const;
    friend bool operator==(const NodeTopology&, const NodeTopology&) = default;
};

/// A cluster of identical nodes.
struct ClusterTopology {
    std::string id;          ///< preset id ("h100-nvswitch", …) or "imported"
    std::string name;        ///< English display name
    std::string gpu;         ///< hardware.gpu catalogue id of every GPU
    std::int64_t nodes = 1;  ///< ≥ 1
    NodeTopology node;       ///< the wiring of each node
    Link nic{kNetworkLatencySeconds, kInfinibandNdrBytesPerSecond}; ///< one NIC port (NDR)
    std::string_view nicId;  ///< findTopologyLink() id of the NIC figure, e.g. "ib-ndr"
    std::string_view source; ///< where the preset's wiring comes from (English)

    [[nodiscard]] std::int64_t totalGpus() const { return nodes * node.gpus; }
    friend bool operator==(const ClusterTopology&, const ClusterTopology&) = default;
};

/// A problem with a topology or a query, as a value: the field and the allowed range.
struct TopologyError {
    std::string field;   ///< e.g. "workers", "node.pairs", "nics"
    std::string allowed; ///< e.g. "1 … 32", "≥ 1 when nodes > 1"
    friend bool operator==(const TopologyError&, const TopologyError&) = default;
};

/// The first problem of a topology (sizes, links, NICs), or nullopt.
std::optional<TopologyError> validateTopology(const ClusterTopology& topology);

/// Every preset id, in the order a picker lists them: "pcie-workstation", "h100-nvswitch",
/// "ndr-cluster", "miswired".
std::span<const std::string_view> topologyPresetIds();

/// A preset as data (SPEC panel 5; sources in each preset's `source`):
/// - "pcie-workstation": 1 node, 4 × RTX 4090 on PCIe 4.0 x16, every pair through the CPU (PHB);
/// - "h100-nvswitch": 1 node, 8 × H100 SXM on NVSwitch (NV18, NVLink 4), 8 NDR NICs (DGX H100);
/// - "ndr-cluster": 4 such nodes joined by InfiniBand NDR, 8 NICs per node;
/// - "miswired": the 8 × H100 node with GPU 7 off NVSwitch, reaching its peers only over
///   PCIe 5.0 x16 through the host bridge (PHB).
/// nullopt for an unknown id.
std::optional<ClusterTopology> topologyPreset(std::string_view id);

/// Builds a node whose every pair has the same kind and link (NvSwitch / PCIe presets).
NodeTopology uniformNode(std::int64_t gpus, const PairLink& link, std::int64_t nics);

/// A PairLink from a catalogue entry: kind, NV# and the entry's α and B. For NvLink and NvSwitch
/// the bandwidth is nvlinks × nvlinkBandwidthPerLink(id) (NvSwitch with nvlinks = 0: the entry's
/// per-GPU figure); for CpuInterconnect the smaller of the PCIe entry `id` and the socket link
/// `socketId`.
/// nullopt when an id is unknown.
std::optional<PairLink> makePairLink(LinkKind kind, std::string_view id, int nvlinks = 0,
                                     std::string_view socketId = "upi-spr");

/// One hop of a ring: GPU `from` sends to GPU `to` (global ids, node-major).
struct RingHop {
    std::int64_t from = 0;
    std::int64_t to = 0;
    LinkKind kind = LinkKind::NvSwitch;
    Link link;                 ///< the link this hop runs on (Network: one NIC, or its share)
    std::string_view sourceId; ///< catalogue id of the figure
    bool interNode = false;    ///< crosses a node boundary
    /// Seconds this hop spends moving bytes during the collective: bytes it carries ÷ its B.
    double busySeconds = 0;
    /// busySeconds ÷ the collective's time: the share of the all-reduce during which this link
    /// is transferring, [0, 1].
    double utilisation = 0;
};

/// A ring all-reduce (flat or hierarchical) of S bytes over the first N GPUs of a cluster.
struct TopologyAllReduce {
    std::optional<TopologyError> error; ///< when set, everything else is empty or 0
    CommAlgorithm algorithm = CommAlgorithm::Ring;
    std::int64_t workers = 0;
    std::int64_t nodesUsed = 0;
    std::vector<std::int64_t> ring; ///< GPU ids in flat-ring order (hierarchical: node-major)
    std::vector<RingHop> hops;      ///< every hop the algorithm uses
    std::optional<std::size_t> bottleneck; ///< index into hops of the busiest link; none for N = 1
    /// The α and B the cost was computed with: flat ring, the slowest hop (largest α, smallest
    /// B); hierarchical, `intra` = slowest intra-node ring hop and `inter` = a GPU's NIC share.
    Link intra;
    Link inter;
    CollectiveCost cost; ///< from collectiveCost() (simcore/models/collectives.h) with those links
    /// Hierarchical: seconds of the intra-node reduce-scatter + all-gather and of the inter-node
    /// all-reduce (their sum is cost.seconds). Flat ring: all in intraSeconds when on one node,
    /// all in interSeconds when it crosses nodes.
    double intraSeconds = 0;
    double interSeconds = 0;
};

/// The best ring through GPUs 0…count−1 of one node: the order that maximises the slowest hop's
/// bandwidth, then minimises the largest latency; ties keep the natural order 0, 1, …, count−1.
/// Exhaustive for count ≤ 8 (as NCCL searches rings over its topology graph); natural order for
/// larger nodes. Returns local GPU ids starting with 0.
std::vector<std::int64_t> bestNodeRing(const NodeTopology& node, std::int64_t count);

/// All-reduce of `bytes` over workers 0…N−1 of `topology` with `algorithm`: Ring or Hierarchical
/// (any other algorithm returns an error naming "algorithm").
/// - Ring: each node's GPUs in bestNodeRing order, node after node; one NIC hop per node
///   boundary (k hops for k ≥ 2 nodes), each at one NIC's full rate. Cost = ring of MODELS §4 on
///   the slowest hop. Every hop carries 2(N−1)/N·S bytes.
/// - Hierarchical: a best ring inside every node, then one ring across nodes per GPU position,
///   each on the GPU's share of the NICs: B = B_nic · min(1, nics / g) (g rings share the node's
///   NICs). Cost = collectiveCost(Hierarchical) on those two links.
/// Errors: workers outside 1 … totalGpus, bytes < 0 or not finite, an invalid topology.
TopologyAllReduce topologyAllReduce(const ClusterTopology& topology, std::int64_t workers,
                                    double bytes, CommAlgorithm algorithm);

/// The scenario's hardware links that reproduce this topology in simcore::collectiveCost:
/// gpus per node, intra = the slowest hop of the best ring over a whole node (largest α,
/// smallest B), inter = one GPU's share of the NICs (B_nic · min(1, nics/g), NIC α).
struct EquivalentLinks {
    std::int64_t gpusPerNode = 1;
    Link intra;
    Link inter;
};
EquivalentLinks equivalentLinks(const ClusterTopology& topology);

/// The Topology panel's cluster for a scenario (SPEC panel 5). topology.preset names a preset
/// (topologyPreset), or `scenario` builds a uniform cluster from the hardware keys — what the
/// importers set: hardware.gpus_per_node GPUs per node, every pair a Custom link
/// (hardware.intra_latency, hardware.intra_bandwidth), one NIC per GPU at
/// (hardware.inter_latency, hardware.inter_bandwidth), and as many nodes as collective.workers
/// needs (at least one).
/// `imported` builds nodes wired pair by pair from topology.node (nvTopoCluster of
/// simcore/import/nvtopoimport.h, its automatic NVLink / PCIe generation rules), topology.node_nics
/// NICs per node, each NIC at (hardware.inter_latency, hardware.inter_bandwidth), and as many
/// nodes as collective.workers needs. An empty or malformed topology.node (validate() reports
/// it) gives the `scenario` cluster; topologyAllReduceFromScenario then names the key.
ClusterTopology topologyFromScenario(const Scenario& scenario);

/// The `imported` cluster of a topology.node text: one node, nullopt when the text holds no node.
/// The NIC count and rate and the node count are left for the caller.
std::optional<ClusterTopology> importedNodeCluster(std::string_view wiring);

/// The most GPUs the Topology panel lays out for a `scenario` cluster.
constexpr std::int64_t kMaxTopologyGpus = 4096;

/// The all-reduce the Topology panel shows: collective.workers GPUs, collective.bytes, on
/// topologyFromScenario; hierarchical when collective.algorithm is hierarchical, else the ring
/// (the panel draws only ring-based algorithms; `ringInsteadOf` is set for tree and naive).
/// Errors name scenario keys: "collective.workers" with the cluster's range; for `imported`,
/// "topology.node" when it holds no node and "topology.node_nics" when N needs a second node
/// but the node has no NIC.
struct ScenarioTopology {
    ClusterTopology cluster;
    TopologyAllReduce allReduce;
    std::optional<CommAlgorithm> ringInsteadOf; ///< tree or naive: drawn as a ring
};
ScenarioTopology topologyAllReduceFromScenario(const Scenario& scenario);

} // namespace simcore
