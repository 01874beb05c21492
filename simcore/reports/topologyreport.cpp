#include "simcore/reports/topologyreport.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

namespace simcore {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

/// The wiring's own problem (topology.h names scenario keys) as a ScenarioError naming the key.
ScenarioError wiringProblem(const Scenario& scenario, const TopologyError& error)
{
    if (error.field == "collective.workers") {
        return {ScenarioError::Kind::Inconsistent, error.field,
                std::to_string(scenario.collective.workers), error.allowed,
                "topology.preset = " + valueText(scenario, "topology.preset")};
    }
    if (error.field == "topology.node_nics") {
        return {ScenarioError::Kind::Inconsistent, error.field,
                std::to_string(scenario.topology.nodeNics), error.allowed,
                "collective.workers = " + std::to_string(scenario.collective.workers)};
    }
    if (error.field == "topology.node") {
        return {ScenarioError::Kind::Inconsistent, error.field, scenario.topology.node,
                error.allowed, "topology.preset = imported"};
    }
    if (error.field == "collective.bytes") {
        return {ScenarioError::Kind::OutOfRange, error.field,
                formatNumber(scenario.collective.bytes), error.allowed, ""};
    }
    // The rest (a node without pairs, a bad link) cannot come from a validated scenario; named
    // on the wiring so that the view still refuses it.
    return {ScenarioError::Kind::Inconsistent, "topology.preset",
            valueText(scenario, "topology.preset"), error.allowed, error.field};
}

std::vector<TopologyNode> drawnNodes(const ClusterTopology& cluster, const TopologyAllReduce& r)
{
    const std::int64_t g = cluster.node.gpus;
    std::vector<TopologyNode> nodes(static_cast<std::size_t>(cluster.nodes));
    std::vector<bool> inRing(static_cast<std::size_t>(cluster.totalGpus()), false);
    for (const std::int64_t gpu : r.ring) {
        auto& node = nodes[static_cast<std::size_t>(gpu / g)];
        node.gpus.push_back(gpu);
        ++node.ringGpus;
        inRing[static_cast<std::size_t>(gpu)] = true;
    }
    for (std::int64_t n = 0; n < cluster.nodes; ++n) {
        auto& node = nodes[static_cast<std::size_t>(n)];
        node.index = n;
        node.number = n + 1;
        node.used = n < r.nodesUsed;
        for (std::int64_t gpu = n * g; gpu < (n + 1) * g; ++gpu) {
            if (!inRing[static_cast<std::size_t>(gpu)]) {
                node.gpus.push_back(gpu);
            }
        }
    }
    return nodes;
}

TopologyNodeParts nodeParts(const NodeTopology& node)
{
    const auto has = [&node](LinkKind kind) {
        return std::any_of(node.pairs.begin(), node.pairs.end(),
                           [kind](const PairLink& p) { return p.kind == kind; });
    };
    return {has(LinkKind::NvSwitch), has(LinkKind::PcieSwitch), has(LinkKind::CpuInterconnect),
            node.nics};
}

std::vector<TopologyHop> drawnHops(const ClusterTopology& cluster, const TopologyAllReduce& r)
{
    const std::int64_t g = cluster.node.gpus;
    const RingHop* slowest = r.bottleneck ? &r.hops[*r.bottleneck] : nullptr;
    std::vector<TopologyHop> hops;
    for (std::size_t i = 0; i < r.hops.size(); ++i) {
        const RingHop& hop = r.hops[i];
        TopologyHop drawn;
        drawn.hop = hop;
        drawn.fromNode = hop.from / g;
        drawn.toNode = hop.to / g;
        if (!hop.interNode) {
            drawn.nvlinks = cluster.node.pair(hop.from % g, hop.to % g).nvlinks;
        }
        // One ring across nodes per GPU position: position 0's stands for them all.
        drawn.representative =
            !(hop.interNode && r.algorithm == CommAlgorithm::Hierarchical && hop.from % g != 0);
        drawn.bottleneck = r.bottleneck && *r.bottleneck == i;
        drawn.likeBottleneck = slowest && hop.kind == slowest->kind && hop.link == slowest->link &&
                               hop.busySeconds == slowest->busySeconds;
        hops.push_back(drawn);
    }
    return hops;
}

std::vector<TopologyPairCell> pairCells(const Scenario& scenario, const ClusterTopology& cluster,
                                        const std::vector<TopologyHop>& hops, bool balanced)
{
    std::vector<TopologyPairCell> cells;
    if (cluster.id != "imported") {
        return cells;
    }
    const auto wiring = parseNvTopoWiring(scenario.topology.node).node;
    const std::int64_t g = cluster.node.gpus;
    if (!wiring || wiring->gpus != g) {
        return cells;
    }
    using Pair = std::pair<std::int64_t, std::int64_t>;
    const auto ordered = [](std::int64_t a, std::int64_t b) {
        return Pair{std::min(a, b), std::max(a, b)};
    };
    std::set<Pair> ringPairs;
    std::optional<Pair> slowest;
    for (const auto& drawn : hops) {
        if (drawn.hop.interNode || drawn.fromNode != 0) {
            continue; // the first node's pairs
        }
        ringPairs.insert(ordered(drawn.hop.from, drawn.hop.to));
        if (drawn.bottleneck && !balanced) {
            slowest = ordered(drawn.hop.from, drawn.hop.to);
        }
    }
    for (std::int64_t a = 0; a < g; ++a) {
        for (std::int64_t b = 0; b < g; ++b) {
            if (a == b) {
                continue;
            }
            TopologyPairCell cell;
            cell.a = a;
            cell.b = b;
            cell.cell = wiring->cell(a, b);
            cell.code = topoCellText(cell.cell);
            cell.link = cluster.node.pair(a, b);
            cell.inRing = ringPairs.count(ordered(a, b)) > 0;
            cell.slowest = slowest && *slowest == ordered(a, b);
            cells.push_back(std::move(cell));
        }
    }
    return cells;
}

TopologyFormulaTerms formulaTerms(const TopologyAllReduce& r, double bytes)
{
    TopologyFormulaTerms terms;
    terms.bytes = bytes;
    terms.intra = r.intra;
    terms.inter = r.inter;
    terms.nodesUsed = r.nodesUsed;
    terms.intraSeconds = r.intraSeconds;
    terms.interSeconds = r.interSeconds;
    terms.seconds = r.cost.seconds;
    if (r.workers < 2) {
        return terms;
    }
    const double n = static_cast<double>(r.workers);
    terms.ringSteps = 2 * (n - 1);
    terms.ringFactor = 2 * (n - 1) / n;
    terms.form = r.algorithm == CommAlgorithm::Hierarchical && r.nodesUsed > 1
                     ? TopologyFormulaTerms::Form::Hierarchical
                     : TopologyFormulaTerms::Form::Ring;
    return terms;
}

std::string heading(const Scenario& scenario, const ScenarioTopology& topology)
{
    const auto& r = topology.allReduce;
    return "Topology, " + topology.cluster.name + ": " + std::string(commAlgorithmId(r.algorithm)) +
           " all-reduce of " + formatNumber(scenario.collective.bytes) + " bytes over " +
           std::to_string(r.workers) + " GPUs";
}

void addQuantities(TopologyReport& report, const Scenario& scenario)
{
    const auto& cluster = report.topology.cluster;
    const auto& r = report.topology.allReduce;
    auto& q = report.quantities;
    const auto count = [](std::int64_t value) { return static_cast<double>(value); };
    q.push_back(quantity("workers", "GPUs N", count(r.workers), Unit::Gpus));
    q.push_back(quantity("bytes", "message size S", scenario.collective.bytes, Unit::Bytes));
    q.push_back(
        wordQuantity("algorithm", "algorithm drawn", std::string(commAlgorithmId(r.algorithm))));
    q.push_back(wordQuantity("requested_algorithm", "collective.algorithm",
                             valueText(scenario, "collective.algorithm")));
    q.push_back(quantity("drawn_as_ring", "tree or naive drawn as the ring",
                         report.topology.ringInsteadOf ? 1 : 0, Unit::Boolean));
    q.push_back(wordQuantity("cluster", "wiring", cluster.id));
    q.push_back(wordQuantity("gpu", "GPU", cluster.gpu));
    q.push_back(quantity("nodes", "nodes", count(cluster.nodes), Unit::Nodes));
    q.push_back(quantity("gpus_per_node", "GPUs per node", count(cluster.node.gpus), Unit::Gpus));
    q.push_back(quantity("nics_per_node", "NICs per node", count(cluster.node.nics), Unit::Number));
    q.push_back(
        quantity("total_gpus", "GPUs in the cluster", count(cluster.totalGpus()), Unit::Gpus));
    q.push_back(quantity("nodes_used", "nodes used", count(r.nodesUsed), Unit::Nodes));
    q.push_back(quantity("time", "all-reduce time", r.cost.seconds, Unit::Seconds));
    q.push_back(quantity("latency_time", "latency part", r.cost.latencySeconds, Unit::Seconds));
    q.push_back(
        quantity("bandwidth_time", "bandwidth part", r.cost.bandwidthSeconds, Unit::Seconds));
    q.push_back(quantity("intra_time", "inside the nodes", r.intraSeconds, Unit::Seconds));
    q.push_back(quantity("inter_time", "across the nodes", r.interSeconds, Unit::Seconds));
    q.push_back(quantity("steps", "message rounds", count(r.cost.steps), Unit::Steps));
    q.push_back(quantity("intra_latency", "latency (slowest hop / in a node)",
                         r.intra.latencySeconds, Unit::Seconds));
    q.push_back(quantity("intra_bandwidth", "bandwidth (slowest hop / in a node)",
                         r.intra.bandwidthBytesPerSecond, Unit::BytesPerSecond));
    q.push_back(
        quantity("inter_latency", "latency (across nodes)", r.inter.latencySeconds, Unit::Seconds));
    q.push_back(quantity("inter_bandwidth", "bandwidth (a GPU's network share)",
                         r.inter.bandwidthBytesPerSecond, Unit::BytesPerSecond));
    q.push_back(quantity("algbw", "algorithm bandwidth S/T", r.cost.algbwBytesPerSecond,
                         Unit::BytesPerSecond));
    q.push_back(
        quantity("busbw", "bus bandwidth", r.cost.busbwBytesPerSecond, Unit::BytesPerSecond));
    q.push_back(
        quantity("hops", "hops", count(static_cast<std::int64_t>(r.hops.size())), Unit::Number));
    q.push_back(quantity("balanced", "every hop alike", report.balanced ? 1 : 0, Unit::Boolean));
    const TopologyHop* slowest = report.bottleneckHop();
    const RingHop* hop = slowest ? &slowest->hop : nullptr;
    q.push_back(quantity("bottleneck_from", "slowest hop from GPU", hop ? count(hop->from) : kNone,
                         Unit::Number));
    q.push_back(quantity("bottleneck_to", "slowest hop to GPU", hop ? count(hop->to) : kNone,
                         Unit::Number));
    q.push_back(wordQuantity("bottleneck_kind", "slowest hop's link",
                             hop ? std::string(linkKindId(hop->kind)) : std::string("none")));
    q.push_back(quantity("bottleneck_bandwidth", "slowest hop's bandwidth",
                         hop ? hop->link.bandwidthBytesPerSecond : kNone, Unit::BytesPerSecond));
    q.push_back(quantity("bottleneck_latency", "slowest hop's latency",
                         hop ? hop->link.latencySeconds : kNone, Unit::Seconds));
    q.push_back(quantity("bottleneck_busy", "slowest hop busy", hop ? hop->busySeconds : kNone,
                         Unit::Seconds));
    q.push_back(quantity("bottleneck_utilisation", "slowest hop's busy share",
                         hop ? hop->utilisation : kNone, Unit::Fraction));
}

} // namespace

const TopologyHop* TopologyReport::bottleneckHop() const
{
    const auto found = std::find_if(hops.begin(), hops.end(),
                                    [](const TopologyHop& hop) { return hop.bottleneck; });
    return found == hops.end() ? nullptr : &*found;
}

TopologyReport topologyReport(const Scenario& scenario)
{
    TopologyReport report;
    report.view = View::Topology;
    report.heading = "Topology";
    report.preset = scenario.topology.preset;
    report.problems = problemsOf(View::Topology, scenario);
    if (!report.ok()) {
        return report;
    }
    ScenarioTopology topology = topologyAllReduceFromScenario(scenario);
    if (const auto& error = topology.allReduce.error) {
        report.problems = problemsOf(View::Topology, scenario, {wiringProblem(scenario, *error)});
        return report;
    }
    report.topology = std::move(topology);
    const auto& cluster = report.topology.cluster;
    const auto& r = report.topology.allReduce;
    report.heading = heading(scenario, report.topology);
    report.nodes = drawnNodes(cluster, r);
    report.parts = nodeParts(cluster.node);
    report.hops = drawnHops(cluster, r);
    std::set<std::pair<int, double>> used;
    for (const auto& hop : r.hops) {
        used.insert({static_cast<int>(hop.kind), hop.link.bandwidthBytesPerSecond});
    }
    for (const auto& [kind, bandwidth] : used) {
        report.linksUsed.push_back({static_cast<LinkKind>(kind), bandwidth});
    }
    report.balanced =
        !r.hops.empty() && std::all_of(r.hops.begin(), r.hops.end(), [&r](const RingHop& hop) {
            return hop.link.bandwidthBytesPerSecond == r.hops.front().link.bandwidthBytesPerSecond;
        });
    report.pairs = pairCells(scenario, cluster, report.hops, report.balanced);
    report.formula = formulaTerms(r, scenario.collective.bytes);
    addQuantities(report, scenario);
    List ring;
    for (const std::int64_t gpu : r.ring) {
        ring.push_back(gpu);
    }
    report.details = {{"ring", std::move(ring)}};
    return report;
}

std::vector<CsvTable> topologyCsv(const TopologyReport& report)
{
    std::vector<CsvTable> tables{csvQuantities(report)};
    // Every link: the ring's hops in order (ring_hop), then the first node's other pairs;
    // bandwidth one direction, per GPU. A report with problems has the header only.
    CsvTableBuilder links("links",
                          {"from_gpu", "to_gpu", "kind", "bandwidth_bytes_per_s", "latency_s",
                           "ring_hop", "bottleneck", "busy_s", "utilisation", "source"});
    if (!report.ok()) {
        tables.push_back(links.table());
        return tables;
    }
    const auto& r = report.topology.allReduce;
    std::set<std::pair<std::int64_t, std::int64_t>> listed;
    for (std::size_t h = 0; h < r.hops.size(); ++h) {
        const auto& hop = r.hops[h];
        links.row({std::to_string(hop.from), std::to_string(hop.to), csvField(linkKindId(hop.kind)),
                   csvNumber(hop.link.bandwidthBytesPerSecond), csvNumber(hop.link.latencySeconds),
                   std::to_string(h), r.bottleneck && *r.bottleneck == h ? "yes" : "no",
                   csvNumber(hop.busySeconds), csvNumber(hop.utilisation), csvField(hop.sourceId)});
        if (!hop.interNode) {
            listed.insert({std::min(hop.from, hop.to), std::max(hop.from, hop.to)});
        }
    }
    // The other links inside the first node, so the whole wiring is in the file (small nodes).
    const auto& node = report.topology.cluster.node;
    if (node.gpus <= 64) {
        for (std::int64_t a = 0; a < node.gpus; ++a) {
            for (std::int64_t b = a + 1; b < node.gpus; ++b) {
                if (listed.count({a, b})) {
                    continue;
                }
                const auto& pair = node.pair(a, b);
                links.row({std::to_string(a), std::to_string(b), csvField(linkKindId(pair.kind)),
                           csvNumber(pair.link.bandwidthBytesPerSecond),
                           csvNumber(pair.link.latencySeconds), "", "no", "", "",
                           csvField(pair.sourceId)});
            }
        }
    }
    tables.push_back(links.table());
    return tables;
}

} // namespace simcore
