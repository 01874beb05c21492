// The Topology view's report and picking a wiring, against hand calculations with the
// catalogue's figures (simcore/models/links.h, linkfigures.h; MODELS §7) and the α–β ring of MODELS
// §4, T = 2(N−1)·α + 2(N−1)/N · S/B on the ring's slowest hop:
//   NVLink 4: B = 450 GB/s one way (H100 whitepaper), α = 3.4 µs; PCIe 4.0 x16:
//   16e9·16·(128/130)/8 B/s, PCIe 5.0 x16: 32e9·16·(128/130)/8 B/s, α = 5.7 µs; InfiniBand NDR:
//   50 GB/s, α = 9.6 µs; 100 GbE: 12.5 GB/s (α the NCCL hwLat figures, links.h).
// And one price for one thing: the report's time is the same double as collectives.h's
// allReduceFromScenario (what the Communication and Scaling panels price) on every uniform
// wiring once it is picked.
#include "csvtables.h"
#include "simcore/import/ncclfitchart.h"
#include "simcore/models/collectives.h"
#include "simcore/models/topologypick.h"
#include "simcore/reports/topologyreport.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace simcore;

namespace {

constexpr double kRelative = 1e-12; // a handful of floating-point operations per number
constexpr double kNvlink4 = 450e9;
constexpr double kPcie4 = 16e9 * 16 * (128.0 / 130.0) / 8;
constexpr double kPcie5 = 32e9 * 16 * (128.0 / 130.0) / 8;
constexpr double kNdr = 50e9;
constexpr double kNvlinkAlpha = 3.4e-6;
constexpr double kPcieAlpha = 5.7e-6;
constexpr double kNetworkAlpha = 9.6e-6;

/// MODELS §4: the ring all-reduce of S bytes over n GPUs on one link.
double ring(double n, double bytes, double alpha, double bandwidth)
{
    return 2 * (n - 1) * alpha + 2 * (n - 1) / n * bytes / bandwidth;
}

Scenario with(std::initializer_list<const char*> sets, Scenario scenario = {})
{
    for (const char* set : sets) {
        INFO(set);
        REQUIRE_FALSE(applyAssignment(scenario, set));
    }
    return scenario;
}

double value(const TopologyReport& report, std::string_view id)
{
    const Quantity* q = report.find(id);
    INFO(id);
    REQUIRE(q);
    return q->value;
}

std::string word(const TopologyReport& report, std::string_view id)
{
    const Quantity* q = report.find(id);
    INFO(id);
    REQUIRE(q);
    REQUIRE(q->unit == Unit::Word);
    return q->word;
}

} // namespace

TEST_CASE("topology report: the default cluster, one NVSwitch node of the four",
          "[topology][report]")
{
    const auto report = topologyReport(Scenario{});
    REQUIRE(report.ok());
    CHECK(report.view == View::Topology);
    CHECK(report.heading.find("4 nodes × 8 H100") != std::string::npos);
    // 8 GPUs, 1 GB, NVLink 4: 14 × 3.4 µs + 1.75 × 1e9 / 450e9 = 3.9364889 ms (the panels'
    // "3.936 ms").
    const double t = ring(8, 1e9, kNvlinkAlpha, kNvlink4);
    CHECK(value(report, "time") == Approx(t).epsilon(kRelative));
    CHECK(value(report, "time") == Approx(3.9364888888888889e-3).epsilon(kRelative));
    CHECK(value(report, "latency_time") == Approx(14 * kNvlinkAlpha).epsilon(kRelative));
    CHECK(value(report, "bandwidth_time") == Approx(1.75e9 / kNvlink4).epsilon(kRelative));
    CHECK(value(report, "intra_time") == value(report, "time")); // one node: all inside
    CHECK(value(report, "inter_time") == 0);
    CHECK(value(report, "steps") == 14);
    CHECK(value(report, "workers") == 8);
    CHECK(value(report, "nodes") == 4);
    CHECK(value(report, "nodes_used") == 1);
    CHECK(value(report, "total_gpus") == 32);
    CHECK(value(report, "gpus_per_node") == 8);
    CHECK(value(report, "nics_per_node") == 8);
    CHECK(value(report, "hops") == 8);
    CHECK(word(report, "cluster") == "ndr-cluster");
    CHECK(word(report, "gpu") == "h100-sxm");
    CHECK(word(report, "algorithm") == "ring");
    // Every hop NVSwitch at 450 GB/s: balanced; the first hop is named, busy 3.889 of 3.936 ms.
    CHECK(report.balanced);
    CHECK(value(report, "balanced") == 1);
    REQUIRE(report.bottleneckHop());
    CHECK(report.bottleneckHop() == &report.hops.front());
    CHECK(word(report, "bottleneck_kind") == "nvswitch");
    CHECK(value(report, "bottleneck_from") == 0);
    CHECK(value(report, "bottleneck_to") == 1);
    CHECK(value(report, "bottleneck_bandwidth") == kNvlink4);
    CHECK(value(report, "bottleneck_utilisation") ==
          Approx(1.75e9 / kNvlink4 / t).epsilon(kRelative));
    CHECK(value(report, "intra_bandwidth") == kNvlink4);
    CHECK(value(report, "intra_latency") == kNvlinkAlpha);
    // nccl-tests (doc/PERFORMANCE.md): algbw = S/T, busbw = algbw × 2(n−1)/n.
    CHECK(value(report, "algbw") == Approx(1e9 / t).epsilon(kRelative));
    CHECK(value(report, "busbw") == Approx(1e9 / t * 1.75).epsilon(kRelative));

    // The cluster drawn: node 0 holds the ring in order 0…7, the other three are idle.
    REQUIRE(report.nodes.size() == 4);
    CHECK(report.nodes[0].used);
    CHECK(report.nodes[0].number == 1);
    CHECK(report.nodes[0].ringGpus == 8);
    CHECK(report.nodes[0].gpus == std::vector<std::int64_t>{0, 1, 2, 3, 4, 5, 6, 7});
    CHECK_FALSE(report.nodes[3].used);
    CHECK(report.nodes[3].ringGpus == 0);
    CHECK(report.nodes[3].gpus.front() == 24);
    CHECK(report.parts.nvswitch);
    CHECK_FALSE(report.parts.pcieSwitch);
    CHECK(report.parts.nics == 8);
    REQUIRE(report.linksUsed.size() == 1);
    CHECK(report.linksUsed[0].kind == LinkKind::NvSwitch);
    CHECK(report.hops[3].nvlinks == 18); // NV18 on every pair
    CHECK(report.pairs.empty());         // only an imported node has a pair table

    // The formula strip: 2(N−1) = 14, 2(N−1)/N = 1.75, α and B of the slowest hop.
    CHECK(report.formula.form == TopologyFormulaTerms::Form::Ring);
    CHECK(report.formula.ringSteps == 14);
    CHECK(report.formula.ringFactor == 1.75);
    CHECK(report.formula.bytes == 1e9);
    CHECK(report.formula.intra.bandwidthBytesPerSecond == kNvlink4);
    CHECK(report.formula.seconds == value(report, "time"));
}

TEST_CASE("topology report: the mis-wired node's PCIe hop bounds the ring", "[topology][report]")
{
    const auto report = topologyReport(with({"topology.preset=miswired"}));
    REQUIRE(report.ok());
    // GPU 7 is on PCIe 5.0 through the CPU: the ring enters and leaves it over PCIe, so its slowest
    // hop is PCIe 5.0 x16 (α 5.7 µs): 14 × 5.7 µs + 1.75 × 1e9 / 63.0154e9 = 27.85 ms.
    CHECK(value(report, "time") == Approx(ring(8, 1e9, kPcieAlpha, kPcie5)).epsilon(kRelative));
    CHECK_FALSE(report.balanced);
    const auto* slowest = report.bottleneckHop();
    REQUIRE(slowest);
    CHECK(slowest->hop.from == 6);
    CHECK(slowest->hop.to == 7);
    CHECK(word(report, "bottleneck_kind") == "pcie-host-bridge");
    CHECK(value(report, "bottleneck_bandwidth") == Approx(kPcie5).epsilon(kRelative));
    CHECK(value(report, "bottleneck_latency") == kPcieAlpha);
    // Its busy share: all of the bandwidth time, none of the latency.
    CHECK(value(report, "bottleneck_utilisation") ==
          Approx((1.75e9 / kPcie5) / ring(8, 1e9, kPcieAlpha, kPcie5)).epsilon(kRelative));
    // The NVSwitch hops are busy 63/450 of that.
    for (const auto& hop : report.hops) {
        if (hop.hop.kind == LinkKind::NvSwitch) {
            CHECK(hop.hop.busySeconds == Approx(1.75e9 / kNvlink4).epsilon(kRelative));
            CHECK_FALSE(hop.likeBottleneck);
        } else {
            CHECK(hop.likeBottleneck); // both PCIe hops of the ring
        }
    }
    REQUIRE(report.linksUsed.size() == 2);
    CHECK(report.linksUsed[0].kind == LinkKind::NvSwitch);
    CHECK(report.linksUsed[1].kind == LinkKind::PcieHostBridge);
}

TEST_CASE("topology report: 16 GPUs cross a node, and the NIC hop bounds the ring",
          "[topology][report]")
{
    const auto report = topologyReport(with({"collective.workers=16"}));
    REQUIRE(report.ok());
    // The flat ring's slowest hop is the NIC: α 9.6 µs, 50 GB/s:
    // 30 × 9.6 µs + 2·15/16 × 1e9 / 50e9 = 0.288 ms + 37.5 ms = 37.788 ms.
    CHECK(value(report, "time") == Approx(37.788e-3).epsilon(kRelative));
    CHECK(value(report, "inter_time") == value(report, "time"));
    CHECK(value(report, "nodes_used") == 2);
    CHECK(value(report, "hops") == 16); // 7 + 1 NIC hop per node
    const auto* slowest = report.bottleneckHop();
    REQUIRE(slowest);
    CHECK(slowest->hop.interNode);
    CHECK(slowest->hop.from == 7);
    CHECK(slowest->hop.to == 8);
    CHECK(slowest->fromNode == 0);
    CHECK(slowest->toNode == 1);
    CHECK(report.nodes[1].used);
    CHECK(report.nodes[1].ringGpus == 8);
    CHECK_FALSE(report.nodes[2].used);
    REQUIRE(report.linksUsed.size() == 2);
    CHECK(report.linksUsed[1].kind == LinkKind::Network);
    CHECK(report.linksUsed[1].bandwidthBytesPerSecond == kNdr);
}

TEST_CASE("topology report: hierarchical over 20 GPUs, the last node half full",
          "[topology][report]")
{
    const auto report =
        topologyReport(with({"collective.workers=20", "collective.algorithm=hierarchical"}));
    REQUIRE(report.ok());
    // collectives.h, Hierarchical: g = 8, k = 3 nodes, r = 4 GPUs on the last, each carrying
    // ⌈8/4⌉ = 2 shards: 2·7·α_i + 2·7/8·S/B_i + 2·2·α_e + 2·2/3·(2·S/8)/B_e.
    const double inside = ring(8, 1e9, kNvlinkAlpha, kNvlink4);
    const double across = 4 * kNetworkAlpha + (4.0 / 3.0) * (2 * 1e9 / 8) / kNdr;
    CHECK(value(report, "time") == Approx(inside + across).epsilon(kRelative));
    CHECK(value(report, "intra_time") == Approx(inside).epsilon(kRelative));
    CHECK(value(report, "inter_time") == Approx(across).epsilon(kRelative));
    CHECK(value(report, "inter_bandwidth") == kNdr); // 8 NICs for 8 GPUs: a whole NIC each
    CHECK(word(report, "algorithm") == "hierarchical");
    // Hops: rings of 8, 8 and 4 inside the nodes; across nodes one ring per GPU position, of 3
    // GPUs for positions 0–3 and 2 for 4–7 (the last node has 4): 20 + 12 + 8 = 40. Drawn: all
    // inside, and position 0's ring across (3 hops).
    CHECK(report.hops.size() == 40);
    const auto drawn = std::count_if(report.hops.begin(), report.hops.end(),
                                     [](const TopologyHop& hop) { return hop.representative; });
    CHECK(drawn == 20 + 3);
    CHECK(report.formula.form == TopologyFormulaTerms::Form::Hierarchical);
    CHECK(report.formula.nodesUsed == 3);
    CHECK(report.formula.intraSeconds == value(report, "intra_time"));
    CHECK(report.formula.interSeconds == value(report, "inter_time"));
}

TEST_CASE("topology report: one GPU sends nothing; tree is drawn as the ring", "[topology][report]")
{
    const auto one = topologyReport(with({"collective.workers=1"}));
    REQUIRE(one.ok());
    CHECK(value(one, "time") == 0);
    CHECK_FALSE(one.bottleneckHop());
    CHECK(std::isnan(value(one, "bottleneck_utilisation")));
    CHECK(std::isnan(value(one, "bottleneck_from")));
    CHECK(word(one, "bottleneck_kind") == "none");
    CHECK_FALSE(one.balanced);
    CHECK(one.formula.form == TopologyFormulaTerms::Form::General);

    const auto tree = topologyReport(with({"collective.algorithm=tree"}));
    REQUIRE(tree.ok());
    CHECK(tree.topology.ringInsteadOf == CommAlgorithm::Tree);
    CHECK(value(tree, "drawn_as_ring") == 1);
    CHECK(word(tree, "algorithm") == "ring");
    CHECK(word(tree, "requested_algorithm") == "tree");
    CHECK(value(tree, "time") == Approx(ring(8, 1e9, kNvlinkAlpha, kNvlink4)).epsilon(kRelative));
}

TEST_CASE("topology report: problems name the key", "[topology][report]")
{
    // 33 GPUs on the 32 of the NDR cluster: the wiring's rule, named on collective.workers.
    const auto many = topologyReport(with({"collective.workers=33"}));
    REQUIRE(many.problems.size() == 1);
    CHECK(many.problems[0].key == "collective.workers");
    CHECK(many.problems[0].given == "33");
    CHECK(many.problems[0].allowed == "1 … 32");
    CHECK(many.problems[0].message().find("topology.preset = ndr-cluster") != std::string::npos);
    CHECK(many.quantities.empty());
    CHECK(many.hops.empty());
    CHECK(belongsTo(many.problems[0], View::Topology));

    // The imported preset with no node: validate()'s rule on topology.node.
    const auto empty = topologyReport(with({"topology.preset=imported"}));
    REQUIRE_FALSE(empty.ok());
    CHECK(empty.problems[0].key == "topology.node");

    // A node without NICs cannot span two nodes.
    const auto noNics =
        topologyReport(with({"topology.preset=imported", "topology.node=NV4 PHB NV4 NV4 PHB NV4",
                             "hardware.gpus_per_node=4", "collective.workers=8"}));
    REQUIRE_FALSE(noNics.ok());
    CHECK(noNics.problems[0].key == "topology.node_nics");

    // Another view's problem is not this view's.
    CHECK(topologyReport(with({"parallel.tp=3"})).ok());
}

TEST_CASE("topology report: an imported node's pair table", "[topology][report]")
{
    // Four GPUs in a ring of NV4 with the diagonals on PHB: pairs 0-1 0-2 0-3 1-2 1-3 2-3.
    const auto report =
        topologyReport(with({"topology.preset=imported", "topology.node=NV4 PHB NV4 NV4 PHB NV4",
                             "hardware.gpus_per_node=4", "collective.workers=4"}));
    REQUIRE(report.ok());
    REQUIRE(report.pairs.size() == 12); // both halves of the 4 × 4 table
    int nv4 = 0;
    for (const auto& cell : report.pairs) {
        if (cell.code == "NV4") {
            ++nv4;
            CHECK(cell.link.kind == LinkKind::NvLink);
            CHECK(cell.inRing); // the best ring 0 → 1 → 2 → 3 → 0 runs on the NV4 pairs only
        } else {
            CHECK(cell.code == "PHB");
            CHECK(cell.cell.code == TopoCode::Phb);
            CHECK_FALSE(cell.inRing);
        }
        CHECK_FALSE(cell.slowest); // balanced: no pair singled out
    }
    CHECK(nv4 == 8);
    CHECK(report.balanced);
    // NVLink 3 (the automatic generation below NV18): 300/12 = 25 GB/s per link, × 4 = 100 GB/s.
    CHECK(value(report, "bottleneck_bandwidth") == Approx(100e9).epsilon(kRelative));
    CHECK(report.hops.front().nvlinks == 4);

    // Two sockets of PCIe: switches, host bridges and the socket link are all parts of the node.
    const auto sockets = topologyReport(
        with({"topology.preset=imported",
              "topology.node=PIX NODE NODE SYS SYS SYS SYS NODE NODE SYS SYS SYS SYS PIX SYS SYS "
              "SYS SYS SYS SYS SYS SYS PIX NODE NODE NODE NODE PIX",
              "hardware.gpus_per_node=8"}));
    REQUIRE(sockets.ok());
    CHECK(sockets.parts.pcieSwitch);
    CHECK(sockets.parts.secondSocket);
    CHECK_FALSE(sockets.parts.nvswitch);
    // The ring crosses the sockets twice; the first crossing is framed, both halves of the table.
    const auto slowest = std::count_if(sockets.pairs.begin(), sockets.pairs.end(),
                                       [](const TopologyPairCell& cell) { return cell.slowest; });
    CHECK(slowest == 2);
    CHECK(word(sockets, "bottleneck_kind") == "cpu-interconnect");
    CHECK(value(sockets, "bottleneck_bandwidth") == 22e9); // NCCL SRP_QPI_BW
}

TEST_CASE("topology report: the CSV is the quantities, then every link", "[topology][report]")
{
    const auto report = topologyReport(with({"topology.preset=miswired"}));
    const auto tables = topologyCsv(report);
    REQUIRE(tables.size() == 2);
    const std::string csv = testing::tableText(tables, "quantities");
    CHECK(csv.starts_with("quantity,value,unit\n"));
    CHECK(csv.find("\ntime," + formatNumber(value(report, "time")) + ",s\n") != std::string::npos);
    CHECK(csv.find("\nbottleneck_kind,pcie-host-bridge,\n") != std::string::npos);
    const std::string header = "from_gpu,to_gpu,kind,bandwidth_bytes_per_s,latency_s,ring_hop,"
                               "bottleneck,busy_s,utilisation,source\n";
    const std::string links = testing::tableText(tables, "links");
    REQUIRE(links.starts_with(header));
    const std::string table = links.substr(header.size());
    // 8 ring hops + the other 20 of the node's 28 pairs, the bottleneck once.
    CHECK(std::count(table.begin(), table.end(), '\n') == 8 + 20);
    CHECK(table.find("6,7,pcie-host-bridge,63015384615.38462,5.7e-6,6,yes,") != std::string::npos);
    std::size_t yes = 0;
    for (auto pos = table.find(",yes,"); pos != std::string::npos;
         pos = table.find(",yes,", pos + 1)) {
        ++yes;
    }
    CHECK(yes == 1);

    // A problem: the quantities say nothing and the links' table is its header alone.
    const auto bad = topologyCsv(topologyReport(with({"collective.workers=33"})));
    CHECK(testing::tableText(bad, "quantities") == "quantity,value,unit\n");
    CHECK(testing::tableText(bad, "links") == header);
}

TEST_CASE("picking a wiring writes the hardware keys it implies", "[topology][report]")
{
    // The default cluster is the NDR cluster already priced alike (linkfigures.h): picking it
    // changes nothing.
    CHECK(withTopologyPreset(Scenario{}, TopologyPresetId::NdrCluster) == Scenario{});

    // PCIe workstation: 4 × RTX 4090, PCIe 4.0 x16 through the CPU, no NIC (the NIC figure is
    // the catalogue's 100 GbE); N = 8 does not fit its 4 GPUs, so N follows.
    const Scenario ws = withTopologyPreset(Scenario{}, TopologyPresetId::PcieWorkstation);
    CHECK(ws.topology.preset == TopologyPresetId::PcieWorkstation);
    CHECK(ws.hardware.gpu == "rtx4090");
    CHECK(ws.hardware.gpusPerNode == 4);
    CHECK(ws.hardware.intraLatencySeconds == kPcieAlpha);
    CHECK(ws.hardware.intraBandwidthBytesPerSecond == Approx(kPcie4).epsilon(kRelative));
    CHECK(ws.hardware.interLatencySeconds == kNetworkAlpha);
    CHECK(ws.hardware.interBandwidthBytesPerSecond == 12.5e9);
    CHECK(ws.collective.workers == 4);
    CHECK(validate(ws).empty());

    // One DGX H100: N = 24 comes down to its 8 GPUs; the links stay NVLink 4 and NDR.
    Scenario big = with({"collective.workers=24"});
    const Scenario dgx = withTopologyPreset(big, TopologyPresetId::H100Nvswitch);
    CHECK(dgx.collective.workers == 8);
    CHECK(dgx.hardware == Scenario{}.hardware);
    // N that fits stays.
    CHECK(withTopologyPreset(with({"collective.workers=3"}), TopologyPresetId::H100Nvswitch)
              .collective.workers == 3);

    // The mis-wired node: the uniform node the other panels price runs at its slowest ring hop,
    // PCIe 5.0 x16.
    const Scenario bad = withTopologyPreset(Scenario{}, TopologyPresetId::Miswired);
    CHECK(bad.hardware.intraLatencySeconds == kPcieAlpha);
    CHECK(bad.hardware.intraBandwidthBytesPerSecond == Approx(kPcie5).epsilon(kRelative));
    CHECK(bad.hardware.interBandwidthBytesPerSecond == kNdr);

    // "Your cluster" is the hardware keys: only the preset changes.
    Scenario own = ws;
    own.topology.preset = TopologyPresetId::Scenario;
    CHECK(withTopologyPreset(ws, TopologyPresetId::Scenario) == own);

    // An imported node: its GPUs and its best ring's slowest hop; the NIC rate stays.
    const Scenario node = with({"topology.node=NV4 PHB NV4 NV4 PHB NV4"});
    const Scenario imported = withTopologyPreset(node, TopologyPresetId::Imported);
    CHECK(imported.topology.preset == TopologyPresetId::Imported);
    CHECK(imported.hardware.gpusPerNode == 4);
    CHECK(imported.hardware.intraBandwidthBytesPerSecond == Approx(100e9).epsilon(kRelative));
    CHECK(imported.hardware.intraLatencySeconds == kNvlinkAlpha);
    CHECK(imported.hardware.interBandwidthBytesPerSecond ==
          node.hardware.interBandwidthBytesPerSecond);
    CHECK(validate(imported).empty());
    // With no node there is nothing to follow.
    CHECK(withTopologyPreset(Scenario{}, TopologyPresetId::Imported).hardware ==
          Scenario{}.hardware);
}

TEST_CASE("topology report: the same all-reduce costs the same as collectives.h, to the last "
          "digit",
          "[topology][report]")
{
    // Every uniform wiring once picked, and the scenario's own cluster, at N inside one node,
    // across nodes and not a whole number of nodes. The mis-wired node agrees only for N = 8:
    // below that the Topology panel's ring avoids GPU 7, while the others price a uniform node
    // at its slowest hop.
    std::vector<Scenario> scenarios;
    for (const auto preset : {TopologyPresetId::PcieWorkstation, TopologyPresetId::H100Nvswitch,
                              TopologyPresetId::NdrCluster}) {
        for (const char* workers : {"1", "2", "3", "4", "8", "12", "20", "32"}) {
            const Scenario s = with({(std::string("collective.workers=") + workers).c_str()});
            scenarios.push_back(withTopologyPreset(s, preset));
        }
    }
    scenarios.push_back(withTopologyPreset(Scenario{}, TopologyPresetId::Miswired));
    for (const char* workers : {"5", "64", "100", "4096"}) {
        scenarios.push_back(
            with({"topology.preset=scenario", "hardware.gpus_per_node=4",
                  "hardware.intra_bandwidth=32e9", "hardware.inter_bandwidth=12.5e9",
                  (std::string("collective.workers=") + workers).c_str()}));
    }
    int compared = 0;
    for (Scenario s : scenarios) {
        for (const auto algorithm : {CommAlgorithm::Ring, CommAlgorithm::Hierarchical}) {
            s.collective.algorithm = algorithm;
            const auto report = topologyReport(s);
            INFO(valueText(s, "topology.preset") << ", N = " << s.collective.workers << ", "
                                                 << valueText(s, "collective.algorithm"));
            if (!report.ok()) {
                continue; // more GPUs than the wiring has
            }
            const auto cost = allReduceFromScenario(s);
            REQUIRE_FALSE(cost.error);
            CHECK(value(report, "time") == cost.seconds);
            ++compared;
        }
    }
    CHECK(compared >= 40);
}

TEST_CASE("the nccl-tests import chart: the measured points and the fit at log-spaced sizes",
          "[topology][report][nccl]")
{
    // A made-up table: 0, 1 kB and 1 MB out of place; the fit t = 10 µs + 1 ns/byte.
    NcclImport imported;
    imported.table = NcclTable{};
    for (const auto& [bytes, seconds] : {std::pair{0.0, 9e-6}, {1e3, 12e-6}, {1e6, 1.2e-3}}) {
        NcclPoint point;
        point.bytes = bytes;
        point.seconds = seconds;
        imported.table->outOfPlace.push_back(point);
    }
    imported.fit.interceptSeconds = 10e-6;
    imported.fit.secondsPerByte = 1e-9;
    const auto chart = ncclFitChart(imported, 3);
    // The 0-byte row is left out: a log axis cannot show it.
    REQUIRE(chart.measured.size() == 2);
    CHECK(chart.measured[0].bytes == 1e3);
    CHECK(chart.smallestBytes == 1e3);
    CHECK(chart.largestBytes == 1e6);
    // Sizes 1e3 · (1e6/1e3)^(i/2): 1 kB, 31.6 kB, 1 MB; times 10 µs + S × 1 ns.
    REQUIRE(chart.fitted.size() == 3);
    CHECK(chart.fitted[1].bytes == Approx(std::sqrt(1e3 * 1e6)).epsilon(kRelative));
    CHECK(chart.fitted[1].seconds == Approx(10e-6 + std::sqrt(1e9) * 1e-9).epsilon(kRelative));
    CHECK(chart.fitted[2].seconds == Approx(10e-6 + 1e-3).epsilon(kRelative));
    // The time range covers both: 11 µs (the fit at 1 kB) to 1.2 ms (measured).
    CHECK(chart.fastestSeconds == Approx(11e-6).epsilon(kRelative));
    CHECK(chart.slowestSeconds == 1.2e-3);
    // No table, no chart.
    CHECK(ncclFitChart(NcclImport{}, 64).measured.empty());
}
