#pragma once
// The Topology view's report (topology seed, SPEC panel 5; simcore/models/topology.h): the cluster
// the diagram draws, the all-reduce on it (ring, hops, bottleneck, busy shares, the links the cost
// used, the times), the terms of the formula strip, the quantities the read-outs show and
// `dtsim calc topology` prints, and the CSV of every link.

#include "simcore/import/nvtopoimport.h"
#include "simcore/models/topology.h"
#include "simcore/reports/report.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace simcore {

/// One node of the cluster as the diagram draws it.
struct TopologyNode {
    std::int64_t index = 0;  ///< 0-based, node-major placement (topology.h)
    std::int64_t number = 1; ///< 1-based, as captions and tooltips write it
    bool used = false;       ///< holds GPUs of the all-reduce
    /// Global GPU ids in the order the diagram lays them out: the ring's order first, then the
    /// node's idle GPUs in id order.
    std::vector<std::int64_t> gpus;
    std::int64_t ringGpus = 0; ///< the first ringGpus of `gpus` take part in the all-reduce
};

/// What a node holds besides its GPUs, drawn along its bottom edge. All nodes are wired alike.
struct TopologyNodeParts {
    bool nvswitch = false;     ///< some pair runs through NVSwitch
    bool pcieSwitch = false;   ///< some pair stays below a PCIe switch (PIX / PXB)
    bool secondSocket = false; ///< some pair crosses the link between two CPU sockets (SYS)
    std::int64_t nics = 0;     ///< NICs per node
};

/// One hop of the all-reduce with what the diagram needs to place and explain it.
struct TopologyHop {
    RingHop hop;               ///< from the all-reduce (topology.h)
    std::int64_t fromNode = 0; ///< node index of hop.from
    std::int64_t toNode = 0;   ///< node index of hop.to
    int nvlinks = 0;           ///< NV# of the pair it runs on (inside a node), else 0
    /// Drawn: every hop but the hierarchical rings across nodes of the GPU positions other than
    /// 0 (they repeat the ring of position 0 on other GPUs).
    bool representative = true;
    bool bottleneck = false; ///< the busiest hop (TopologyAllReduce::bottleneck)
    /// Same kind, link and busy time as the bottleneck: it stands for the bottleneck when that
    /// hop itself is not drawn.
    bool likeBottleneck = false;
};

/// One entry of the diagram's legend: a kind of link at one bandwidth the hops use.
struct TopologyLinkUsed {
    LinkKind kind = LinkKind::Custom;
    double bandwidthBytesPerSecond = 0; ///< one direction, per GPU
};

/// One cell of an imported node's pair table: GPUs a ≠ b of the first node (both halves).
struct TopologyPairCell {
    std::int64_t a = 0;
    std::int64_t b = 0;
    TopoCell cell;        ///< the nvidia-smi code of topology.node
    std::string code;     ///< as nvidia-smi prints it: "NV18", "PIX", "SYS", …
    PairLink link;        ///< what simcore makes of the code (nvTopoCluster)
    bool inRing = false;  ///< a ring hop runs on this pair
    bool slowest = false; ///< the bottleneck hop runs on this pair (never on a balanced ring)
};

/// The formula strip's terms (MODELS §4 ring; collectives.h, Hierarchical).
struct TopologyFormulaTerms {
    enum class Form {
        General,      ///< no numbers: one GPU, or the all-reduce cannot be evaluated
        Ring,         ///< T = 2(N−1)·α + 2(N−1)/N · S/B on the slowest hop
        Hierarchical, ///< rings inside each node + rings across the nodes used
    };
    Form form = Form::General;
    double ringSteps = 0;  ///< 2(N−1): the messages each GPU sends in a ring all-reduce
    double ringFactor = 0; ///< 2(N−1)/N: bytes each GPU sends per byte of S
    double bytes = 0;      ///< S, bytes
    Link intra;            ///< α, B of the ring (Ring) or of the rings inside a node
    Link inter;            ///< Hierarchical: α, B of one GPU's share of the network
    std::int64_t nodesUsed = 0;
    double intraSeconds = 0; ///< Hierarchical: the phases inside the nodes
    double interSeconds = 0; ///< Hierarchical: the rings across the nodes
    double seconds = 0;      ///< T
};

struct TopologyReport : Report {
    /// topology.preset: the wiring asked for (set also when the report has a problem, so that
    /// the diagram can name it).
    TopologyPresetId preset = TopologyPresetId::NdrCluster;
    /// The cluster drawn, the all-reduce on it and whether it stands in for tree or naive.
    ScenarioTopology topology;
    std::vector<TopologyNode> nodes; ///< every node of the cluster, in order
    TopologyNodeParts parts;
    std::vector<TopologyHop> hops;           ///< topology.allReduce.hops, in order
    std::vector<TopologyLinkUsed> linksUsed; ///< distinct kind and bandwidth, by kind, then B
    /// Every hop runs at the same bandwidth: no single link is singled out (false for N = 1).
    bool balanced = false;
    /// The imported node's pair table (topology.preset = imported), else empty.
    std::vector<TopologyPairCell> pairs;
    TopologyFormulaTerms formula;

    /// The bottleneck hop, or null (N = 1, or a problem).
    [[nodiscard]] const TopologyHop* bottleneckHop() const;
};

/// Quantities (SI units): workers, bytes, algorithm (the one drawn: ring or hierarchical),
/// requested_algorithm, drawn_as_ring, cluster (the wiring's id), gpu, nodes, gpus_per_node,
/// nics_per_node, total_gpus, nodes_used, time, latency_time, bandwidth_time, intra_time,
/// inter_time, steps, intra_latency, intra_bandwidth, inter_latency, inter_bandwidth (the α and
/// B the cost used), algbw, busbw, hops, balanced, bottleneck_from, bottleneck_to,
/// bottleneck_kind, bottleneck_bandwidth, bottleneck_latency, bottleneck_busy,
/// bottleneck_utilisation (NaN, kind "none", for N = 1). Problems: validate()'s for the view's
/// keys, then the wiring's own (collective.workers beyond its GPUs, topology.node,
/// topology.node_nics) as ScenarioErrors naming the key.
TopologyReport topologyReport(const Scenario& scenario);

/// The CSV behind the diagram: the quantities; "links", one row per link (from_gpu, to_gpu,
/// kind, bandwidth_bytes_per_s, latency_s, ring_hop, bottleneck, busy_s, utilisation, source):
/// the ring's hops in order, then the first node's other pairs (nodes of at most 64 GPUs); its
/// header only when the report has problems.
std::vector<CsvTable> topologyCsv(const TopologyReport& report);

} // namespace simcore
