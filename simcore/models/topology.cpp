#include "simcore/models/topology.h"

#include "simcore/models/nodetopology.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>

namespace simcore {

namespace {

// PCIe paths share the catalogue's per-hop PCIe latency (links.h: NCCL's hwLat for PCI).
constexpr double kPcieLatency = 5.7e-6;

const std::array kCpuInterconnects{
    LinkSpec{"upi-spr", "Intel UPI between two Sapphire Rapids sockets", LinkScope::IntraNode,
             Link{kPcieLatency, 22e9},
             "NVIDIA NCCL src/graph/topo.h, SRP_QPI_BW = 22 GB/s: the bandwidth NCCL's topology "
             "search assigns to a crossing between two Sapphire Rapids sockets (the CPUs of a "
             "DGX H100); the path also crosses PCIe, so the slower of the two bounds it"},
};

constexpr std::array<std::string_view, 4> kPresetIds{"pcie-workstation", "h100-nvswitch",
                                                     "ndr-cluster", "miswired"};

/// Links per GPU of each NVLink generation (NVIDIA A100 whitepaper 2020: 12 NVLink 3 links;
/// H100 whitepaper 2022: 18 NVLink 4 links; DGX B200 datasheet 2024: 18 NVLink 5 links).
struct NvlinkGeneration {
    std::string_view id;
    double linksPerGpu;
};
constexpr std::array kNvlinkGenerations{NvlinkGeneration{"nvlink3", 12},
                                        NvlinkGeneration{"nvlink4", 18},
                                        NvlinkGeneration{"nvlink5", 18}};

bool validLink(const Link& link)
{
    return std::isfinite(link.latencySeconds) && link.latencySeconds >= 0 &&
           std::isfinite(link.bandwidthBytesPerSecond) && link.bandwidthBytesPerSecond > 0;
}

/// The slowest of a set of links: the largest α and the smallest B (collectives.h convention).
struct Slowest {
    double latency = 0;
    double bandwidth = std::numeric_limits<double>::infinity();
    void add(const Link& link)
    {
        latency = std::max(latency, link.latencySeconds);
        bandwidth = std::min(bandwidth, link.bandwidthBytesPerSecond);
    }
    [[nodiscard]] Link link() const { return {latency, bandwidth}; }
};

/// Slowest hop of the cycle order[0] → order[1] → … → order[0].
Slowest cycleSlowest(const NodeTopology& node, std::span<const std::int64_t> order)
{
    Slowest slowest;
    for (std::size_t i = 0; i < order.size(); ++i) {
        slowest.add(node.pair(order[i], order[(i + 1) % order.size()]).link);
    }
    return slowest;
}

Link nicShare(const ClusterTopology& topology)
{
    const double g = static_cast<double>(topology.node.gpus);
    const double nics = static_cast<double>(topology.node.nics);
    // Without NICs (a single workstation) nothing leaves the node; keep the NIC's own figure so
    // the unused inter link stays a valid Link.
    const double share = nics > 0 ? std::min(1.0, nics / g) : 1.0;
    return {topology.nic.latencySeconds, topology.nic.bandwidthBytesPerSecond * share};
}

TopologyAllReduce failure(std::string field, std::string allowed)
{
    TopologyAllReduce result;
    result.error = TopologyError{std::move(field), std::move(allowed)};
    return result;
}

RingHop intraHop(const NodeTopology& node, std::int64_t base, std::int64_t from, std::int64_t to)
{
    const PairLink& pair = node.pair(from, to);
    RingHop hop;
    hop.from = base + from;
    hop.to = base + to;
    hop.kind = pair.kind;
    hop.link = pair.link;
    hop.sourceId = pair.sourceId;
    return hop;
}

ClusterTopology h100Node(std::string id, std::string name, std::int64_t nodes)
{
    ClusterTopology t;
    t.id = std::move(id);
    t.name = std::move(name);
    t.gpu = "h100-sxm";
    t.nodes = nodes;
    t.node = uniformNode(8, *makePairLink(LinkKind::NvSwitch, "nvlink4", 18), 8);
    t.nicId = "ib-ndr";
    t.nic = findLink("ib-ndr")->link;
    return t;
}

} // namespace

std::string_view linkKindId(LinkKind kind)
{
    switch (kind) {
    case LinkKind::NvSwitch:
        return "nvswitch";
    case LinkKind::NvLink:
        return "nvlink";
    case LinkKind::PcieSwitch:
        return "pcie-switch";
    case LinkKind::PcieHostBridge:
        return "pcie-host-bridge";
    case LinkKind::CpuInterconnect:
        return "cpu-interconnect";
    case LinkKind::Network:
        return "network";
    case LinkKind::Custom:
        return "custom";
    }
    return "network";
}

std::optional<LinkKind> findLinkKind(std::string_view id)
{
    for (const LinkKind kind :
         {LinkKind::NvSwitch, LinkKind::NvLink, LinkKind::PcieSwitch, LinkKind::PcieHostBridge,
          LinkKind::CpuInterconnect, LinkKind::Network, LinkKind::Custom}) {
        if (linkKindId(kind) == id) {
            return kind;
        }
    }
    return std::nullopt;
}

const LinkSpec* findTopologyLink(std::string_view id)
{
    if (const LinkSpec* spec = findLink(id)) {
        return spec;
    }
    for (const auto& entry : kCpuInterconnects) {
        if (entry.id == id) {
            return &entry;
        }
    }
    return nullptr;
}

double nvlinkBandwidthPerLink(std::string_view nvlinkId)
{
    for (const auto& generation : kNvlinkGenerations) {
        if (generation.id == nvlinkId) {
            return findLink(nvlinkId)->link.bandwidthBytesPerSecond / generation.linksPerGpu;
        }
    }
    return 0;
}

const PairLink& NodeTopology::pair(std::int64_t a, std::int64_t b) const
{
    return pairs[static_cast<std::size_t>(a * gpus + b)];
}

std::optional<TopologyError> validateTopology(const ClusterTopology& topology)
{
    const auto& node = topology.node;
    if (topology.nodes < 1) {
        return TopologyError{"nodes", "≥ 1"};
    }
    if (node.gpus < 1) {
        return TopologyError{"node.gpus", "≥ 1"};
    }
    if (node.pairs.size() != static_cast<std::size_t>(node.gpus * node.gpus)) {
        return TopologyError{"node.pairs", "one link for every pair (gpus × gpus entries)"};
    }
    for (std::int64_t a = 0; a < node.gpus; ++a) {
        for (std::int64_t b = 0; b < node.gpus; ++b) {
            if (a != b && !validLink(node.pair(a, b).link)) {
                return TopologyError{"node.pairs",
                                     "latency ≥ 0 and bandwidth > 0, finite, on every pair"};
            }
        }
    }
    if (node.nics < 0) {
        return TopologyError{"nics", "≥ 0"};
    }
    if (topology.nodes > 1) {
        if (node.nics < 1) {
            return TopologyError{"nics", "≥ 1 when nodes > 1"};
        }
        if (!validLink(topology.nic)) {
            return TopologyError{"nic", "latency ≥ 0 and bandwidth > 0, finite"};
        }
    }
    return std::nullopt;
}

std::span<const std::string_view> topologyPresetIds()
{
    return kPresetIds;
}

NodeTopology uniformNode(std::int64_t gpus, const PairLink& link, std::int64_t nics)
{
    NodeTopology node;
    node.gpus = gpus;
    node.nics = nics;
    node.pairs.assign(static_cast<std::size_t>(gpus * gpus), link);
    return node;
}

std::optional<PairLink> makePairLink(LinkKind kind, std::string_view id, int nvlinks,
                                     std::string_view socketId)
{
    const LinkSpec* spec = findTopologyLink(id);
    if (!spec) {
        return std::nullopt;
    }
    PairLink pair;
    pair.kind = kind;
    pair.link = spec->link;
    pair.sourceId = spec->id;
    switch (kind) {
    case LinkKind::NvSwitch:
        // Through NVSwitch a GPU reaches any peer over all of its # links (NV# on every pair).
        pair.nvlinks = nvlinks;
        if (nvlinks > 0) {
            const double perLink = nvlinkBandwidthPerLink(id);
            if (perLink <= 0) {
                return std::nullopt;
            }
            pair.link.bandwidthBytesPerSecond = nvlinks * perLink;
        }
        break;
    case LinkKind::NvLink: {
        const double perLink = nvlinkBandwidthPerLink(id);
        if (perLink <= 0 || nvlinks < 1) {
            return std::nullopt;
        }
        pair.nvlinks = nvlinks;
        pair.link.bandwidthBytesPerSecond = nvlinks * perLink;
        break;
    }
    case LinkKind::CpuInterconnect: {
        const LinkSpec* socket = findTopologyLink(socketId);
        if (!socket) {
            return std::nullopt;
        }
        if (socket->link.bandwidthBytesPerSecond < pair.link.bandwidthBytesPerSecond) {
            pair.link.bandwidthBytesPerSecond = socket->link.bandwidthBytesPerSecond;
            pair.sourceId = socket->id;
        }
        pair.link.latencySeconds = std::max(pair.link.latencySeconds, socket->link.latencySeconds);
        break;
    }
    case LinkKind::PcieSwitch:
    case LinkKind::PcieHostBridge:
    case LinkKind::Network:
    case LinkKind::Custom:
        break;
    }
    return pair;
}

std::optional<ClusterTopology> topologyPreset(std::string_view id)
{
    if (id == "pcie-workstation") {
        ClusterTopology t;
        t.id = "pcie-workstation";
        t.name = "PCIe workstation: 4 × RTX 4090, PCIe 4.0 through the CPU";
        t.gpu = "rtx4090";
        t.nodes = 1;
        t.node = uniformNode(4, *makePairLink(LinkKind::PcieHostBridge, "pcie4-x16"), 0);
        t.nicId = "eth-100g";
        t.nic = findLink("eth-100g")->link;
        t.source = "RTX 4090: PCIe 4.0 x16, no NVLink (MODELS §7); four x16 slots on one CPU's "
                   "root complex, so every pair is PHB in nvidia-smi topo -m";
        return t;
    }
    if (id == "h100-nvswitch") {
        ClusterTopology t = h100Node("h100-nvswitch", "8 × H100 SXM on NVSwitch (one DGX H100)", 1);
        t.source = "NVIDIA DGX H100 user guide: 8 × H100 SXM5, 18 NVLink 4 links per GPU into "
                   "4 NVSwitch chips (NV18 on every pair), 8 × ConnectX-7 400 Gb/s NICs";
        return t;
    }
    if (id == "ndr-cluster") {
        ClusterTopology t = h100Node("ndr-cluster", "4 nodes × 8 H100, InfiniBand NDR", 4);
        t.source = "4 DGX H100 nodes (8 × H100 SXM5 on NVSwitch each) on an InfiniBand NDR "
                   "fabric, one 400 Gb/s ConnectX-7 NIC per GPU (DGX SuperPOD reference design)";
        return t;
    }
    if (id == "miswired") {
        ClusterTopology t =
            h100Node("miswired", "Mis-wired node: GPU 7 off NVSwitch, on PCIe through the CPU", 1);
        const PairLink pcie = *makePairLink(LinkKind::PcieHostBridge, "pcie5-x16");
        for (std::int64_t peer = 0; peer < 7; ++peer) {
            t.node.pairs[static_cast<std::size_t>(7 * 8 + peer)] = pcie;
            t.node.pairs[static_cast<std::size_t>(peer * 8 + 7)] = pcie;
        }
        t.source = "The DGX H100 node with one GPU whose NVLink ports are down (or a card in the "
                   "wrong slot): GPU 7 reaches its peers only over PCIe 5.0 x16 through the CPU "
                   "host bridge (PHB)";
        return t;
    }
    return std::nullopt;
}

std::vector<std::int64_t> bestNodeRing(const NodeTopology& node, std::int64_t count)
{
    std::vector<std::int64_t> order(static_cast<std::size_t>(std::max<std::int64_t>(count, 0)));
    std::iota(order.begin(), order.end(), 0);
    if (count <= 3 || count > 8) { // with three GPUs both directions use the same pairs
        return order;
    }
    // Every pair alike (NVSwitch, one PCIe root): every order is as good as the natural one.
    bool uniform = true;
    for (std::int64_t a = 0; a < count && uniform; ++a) {
        for (std::int64_t b = 0; b < count && uniform; ++b) {
            uniform = a == b || node.pair(a, b).link == node.pair(0, 1).link;
        }
    }
    if (uniform) {
        return order;
    }
    std::vector<std::int64_t> best = order;
    Slowest bestSlowest = cycleSlowest(node, best);
    std::vector<std::int64_t> trial = order;
    while (std::next_permutation(trial.begin() + 1, trial.end())) {
        const Slowest s = cycleSlowest(node, trial);
        if (s.bandwidth > bestSlowest.bandwidth ||
            (s.bandwidth == bestSlowest.bandwidth && s.latency < bestSlowest.latency)) {
            best = trial;
            bestSlowest = s;
        }
    }
    return best;
}

TopologyAllReduce topologyAllReduce(const ClusterTopology& topology, std::int64_t workers,
                                    double bytes, CommAlgorithm algorithm)
{
    if (auto error = validateTopology(topology)) {
        TopologyAllReduce result;
        result.error = std::move(error);
        return result;
    }
    if (algorithm != CommAlgorithm::Ring && algorithm != CommAlgorithm::Hierarchical) {
        return failure("algorithm", "ring | hierarchical");
    }
    const std::int64_t g = topology.node.gpus;
    const std::int64_t total = topology.totalGpus();
    if (workers < 1 || workers > total) {
        return failure("workers", "1 … " + std::to_string(total));
    }
    if (!std::isfinite(bytes) || bytes < 0) {
        return failure("bytes", "≥ 0, finite");
    }
    const auto& node = topology.node;
    TopologyAllReduce result;
    result.algorithm = algorithm;
    result.workers = workers;
    result.nodesUsed = (workers + g - 1) / g;
    const std::int64_t k = result.nodesUsed;

    // Each node's order: the best ring over its GPUs (the last node may be partly used). Nodes
    // are wired alike, so the search runs once for a full node and once for a partial one.
    std::vector<std::vector<std::int64_t>> orders;
    const auto fullOrder = bestNodeRing(node, std::min(g, workers));
    for (std::int64_t a = 0; a < k; ++a) {
        const std::int64_t count = std::min(g, workers - a * g);
        orders.push_back(count == static_cast<std::int64_t>(fullOrder.size())
                             ? fullOrder
                             : bestNodeRing(node, count));
        for (const std::int64_t local : orders.back()) {
            result.ring.push_back(a * g + local);
        }
    }

    CollectiveParams params;
    params.workers = workers;
    params.bytes = bytes;
    const Link share = nicShare(topology);

    if (algorithm == CommAlgorithm::Ring) {
        for (std::int64_t a = 0; a < k; ++a) {
            const auto& order = orders[static_cast<std::size_t>(a)];
            for (std::size_t i = 0; i + 1 < order.size(); ++i) {
                result.hops.push_back(intraHop(node, a * g, order[i], order[i + 1]));
            }
            if (k == 1 && order.size() >= 2) {
                result.hops.push_back(intraHop(node, 0, order.back(), order.front()));
            }
            if (k > 1) {
                const auto& next = orders[static_cast<std::size_t>((a + 1) % k)];
                RingHop hop;
                hop.from = a * g + order.back();
                hop.to = ((a + 1) % k) * g + next.front();
                hop.kind = LinkKind::Network;
                hop.link = topology.nic; // one ring crosses each boundary once: a whole NIC
                hop.sourceId = topology.nicId;
                hop.interNode = true;
                result.hops.push_back(hop);
            }
        }
        Slowest slowest;
        for (const auto& hop : result.hops) {
            slowest.add(hop.link);
        }
        const Link slow = result.hops.empty() ? node.pair(0, 0).link : slowest.link();
        result.intra = slow;
        result.inter = slow;
        params.intra = slow;
        params.inter = slow;
        params.gpusPerNode = workers; // one link for every step: the slowest hop
        result.cost = collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, params);
        for (auto& hop : result.hops) {
            hop.busySeconds = result.cost.bandwidthSeconds * slow.bandwidthBytesPerSecond /
                              hop.link.bandwidthBytesPerSecond;
        }
        (k == 1 ? result.intraSeconds : result.interSeconds) = result.cost.seconds;
    } else {
        Slowest intraSlowest;
        for (std::int64_t a = 0; a < k; ++a) {
            const auto& order = orders[static_cast<std::size_t>(a)];
            if (order.size() < 2) {
                continue;
            }
            for (std::size_t i = 0; i < order.size(); ++i) {
                result.hops.push_back(
                    intraHop(node, a * g, order[i], order[(i + 1) % order.size()]));
                intraSlowest.add(result.hops.back().link);
            }
        }
        const std::size_t intraHops = result.hops.size();
        // Rings across nodes, one per GPU position, on each GPU's share of the NICs.
        for (std::int64_t p = 0; p < g && k > 1; ++p) {
            std::vector<std::int64_t> members;
            for (std::int64_t a = 0; a < k; ++a) {
                if (p < std::min(g, workers - a * g)) {
                    members.push_back(a * g + p);
                }
            }
            for (std::size_t i = 0; members.size() >= 2 && i < members.size(); ++i) {
                RingHop hop;
                hop.from = members[i];
                hop.to = members[(i + 1) % members.size()];
                hop.kind = LinkKind::Network;
                hop.link = share;
                hop.sourceId = topology.nicId;
                hop.interNode = true;
                result.hops.push_back(hop);
            }
        }
        const Link intra = intraHops == 0 ? share : intraSlowest.link();
        result.intra = intra;
        result.inter = share;
        params.intra = intra;
        params.inter = share;
        params.gpusPerNode = g;
        result.cost = collectiveCost(CommAlgorithm::Hierarchical, CollectiveOp::AllReduce, params);
        // The intra-node phase alone is the ring all-reduce of collectives.h on one node.
        CollectiveParams inside = params;
        inside.workers = std::min(workers, g);
        inside.inter = intra;
        const CollectiveCost intraCost =
            collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, inside);
        result.intraSeconds = intraCost.seconds;
        result.interSeconds = result.cost.seconds - intraCost.seconds;
        const double interBusy = result.cost.bandwidthSeconds - intraCost.bandwidthSeconds;
        for (std::size_t i = 0; i < result.hops.size(); ++i) {
            auto& hop = result.hops[i];
            hop.busySeconds = i < intraHops
                                  ? intraCost.bandwidthSeconds * intra.bandwidthBytesPerSecond /
                                        hop.link.bandwidthBytesPerSecond
                                  : interBusy;
        }
    }

    if (result.cost.error) { // the links were validated above; kept as a guard
        return failure(std::string(result.cost.error->field),
                       std::string(result.cost.error->allowed));
    }
    std::optional<std::size_t> busiest;
    for (std::size_t i = 0; i < result.hops.size(); ++i) {
        auto& hop = result.hops[i];
        hop.utilisation = result.cost.seconds > 0 ? hop.busySeconds / result.cost.seconds : 0.0;
        if (!busiest || hop.busySeconds > result.hops[*busiest].busySeconds) {
            busiest = i;
        }
    }
    result.bottleneck = busiest;
    return result;
}

std::optional<ClusterTopology> importedNodeCluster(std::string_view wiring)
{
    const auto parsed = parseNvTopoWiring(wiring);
    if (!parsed.node) {
        return std::nullopt;
    }
    return nvTopoCluster(*parsed.node); // the importer's code → link mapping, written once
}

ClusterTopology topologyFromScenario(const Scenario& scenario)
{
    if (scenario.topology.preset == TopologyPresetId::Imported) {
        if (auto cluster = importedNodeCluster(scenario.topology.node)) {
            const auto& h = scenario.hardware;
            const std::int64_t g = cluster->node.gpus;
            const std::int64_t workers =
                std::clamp<std::int64_t>(scenario.collective.workers, 1, kMaxTopologyGpus);
            cluster->name = "Imported node (topology.node)";
            cluster->gpu = h.gpu;
            cluster->nodes = (workers + g - 1) / g;
            cluster->node.nics = std::max<std::int64_t>(0, scenario.topology.nodeNics);
            cluster->nic = {h.interLatencySeconds, h.interBandwidthBytesPerSecond};
            cluster->nicId = "hardware.inter_bandwidth";
            cluster->source = "the scenario's topology.node (nvidia-smi topo -m codes), "
                              "topology.node_nics and hardware.inter_* keys";
            return *cluster;
        }
    }
    if (scenario.topology.preset != TopologyPresetId::Scenario &&
        scenario.topology.preset != TopologyPresetId::Imported) {
        if (auto preset = topologyPreset(valueText(scenario, "topology.preset"))) {
            return *preset;
        }
    }
    const auto& h = scenario.hardware;
    const std::int64_t g = std::max<std::int64_t>(1, h.gpusPerNode);
    const std::int64_t workers =
        std::clamp<std::int64_t>(scenario.collective.workers, 1, kMaxTopologyGpus);
    PairLink pair;
    pair.kind = LinkKind::Custom;
    pair.link = {h.intraLatencySeconds, h.intraBandwidthBytesPerSecond};
    pair.sourceId = "hardware.intra_bandwidth";
    ClusterTopology t;
    t.id = "scenario";
    t.name = "Your cluster (hardware.* keys)";
    t.gpu = h.gpu;
    t.nodes = (workers + g - 1) / g;
    t.node = uniformNode(g, pair, h.nodeNics());
    t.nic = {h.interLatencySeconds, h.nicBytesPerSecond()};
    t.nicId =
        h.nicBandwidthBytesPerSecond > 0 ? "hardware.nic_bandwidth" : "hardware.inter_bandwidth";
    t.source = "the scenario's hardware.gpus_per_node, hardware.intra_*, hardware.inter_* and "
               "hardware.nic* keys (set by hand or by an import)";
    return t;
}

ScenarioTopology topologyAllReduceFromScenario(const Scenario& scenario)
{
    ScenarioTopology result;
    result.cluster = topologyFromScenario(scenario);
    const auto algorithm = scenario.collective.algorithm;
    if (algorithm == CommAlgorithm::Tree || algorithm == CommAlgorithm::Naive) {
        result.ringInsteadOf = algorithm;
    }
    const std::int64_t workers = scenario.collective.workers;
    const bool imported = scenario.topology.preset == TopologyPresetId::Imported;
    if (imported && result.cluster.id != "imported") {
        result.allReduce.error =
            TopologyError{"topology.node", std::string(kWiringForm) + " (not empty)"};
        return result;
    }
    const std::int64_t most = scenario.topology.preset == TopologyPresetId::Scenario || imported
                                  ? kMaxTopologyGpus
                                  : result.cluster.totalGpus();
    if (workers < 1 || workers > most) {
        result.allReduce.error = TopologyError{"collective.workers", "1 … " + std::to_string(most)};
        return result;
    }
    if (imported && workers > result.cluster.node.gpus && result.cluster.node.nics < 1) {
        // The node has no NIC: nothing leaves it, so the all-reduce cannot span two nodes.
        result.allReduce.error = TopologyError{
            "topology.node_nics", "≥ 1 when collective.workers exceeds the node's " +
                                      std::to_string(result.cluster.node.gpus) + " GPUs"};
        return result;
    }
    result.allReduce =
        topologyAllReduce(result.cluster, workers, scenario.collective.bytes,
                          algorithm == CommAlgorithm::Hierarchical ? CommAlgorithm::Hierarchical
                                                                   : CommAlgorithm::Ring);
    if (result.allReduce.error && result.allReduce.error->field == "bytes") {
        result.allReduce.error->field = "collective.bytes";
    }
    return result;
}

EquivalentLinks equivalentLinks(const ClusterTopology& topology)
{
    EquivalentLinks links;
    links.gpusPerNode = topology.node.gpus;
    links.inter = nicShare(topology);
    const auto order = bestNodeRing(topology.node, topology.node.gpus);
    links.intra = order.size() >= 2 ? cycleSlowest(topology.node, order).link() : links.inter;
    return links;
}

} // namespace simcore
