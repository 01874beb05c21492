// The topology model (topology seed; SPEC panel 5) against hand calculations with the catalogue's
// figures (simcore/models/links.h, MODELS §7) and the α–β ring of MODELS §4:
//   NVLink 4: 450 GB/s one way, α 3.4 µs; PCIe 4.0 x16: 16e9·16·(128/130)/8 = 31.5077e9 B/s,
//   PCIe 5.0 x16: 63.0154e9 B/s, α 5.7 µs; InfiniBand NDR: 50 GB/s, α 9.6 µs;
//   UPI between Sapphire Rapids sockets: 22 GB/s (NCCL src/graph/topo.h SRP_QPI_BW).
#include "simcore/models/topology.h"

#include <catch2/catch.hpp>
#include <set>

using namespace simcore;

namespace {

constexpr double kRelative = 1e-12; // a handful of floating-point operations per number
constexpr double kPcie4 = 16e9 * 16 * (128.0 / 130.0) / 8;
constexpr double kPcie5 = 32e9 * 16 * (128.0 / 130.0) / 8;

ClusterTopology preset(std::string_view id)
{
    auto t = topologyPreset(id);
    REQUIRE(t);
    return *t;
}

} // namespace

TEST_CASE("topology: presets are data with their sources", "[topology]")
{
    const auto ids = topologyPresetIds();
    REQUIRE(ids.size() == 4);
    CHECK(ids[0] == "pcie-workstation");
    CHECK(ids[3] == "miswired");
    for (const auto id : ids) {
        INFO(id);
        const auto t = preset(id);
        CHECK(t.id == id);
        CHECK_FALSE(validateTopology(t));
        CHECK_FALSE(t.source.empty());
        CHECK_FALSE(t.name.empty());
    }
    CHECK_FALSE(topologyPreset("no-such-preset"));

    const auto ws = preset("pcie-workstation");
    CHECK(ws.totalGpus() == 4);
    CHECK(ws.gpu == "rtx4090");
    CHECK(ws.node.pair(0, 3).kind == LinkKind::PcieHostBridge);
    CHECK(ws.node.pair(0, 3).link.bandwidthBytesPerSecond == Approx(kPcie4).epsilon(kRelative));
    CHECK(ws.node.pair(0, 3).sourceId == "pcie4-x16");

    const auto dgx = preset("h100-nvswitch");
    CHECK(dgx.totalGpus() == 8);
    CHECK(dgx.node.nics == 8);
    CHECK(dgx.node.pair(2, 5).kind == LinkKind::NvSwitch);
    CHECK(dgx.node.pair(2, 5).nvlinks == 18);
    // H100 whitepaper: 18 links × 50 GB/s both ways = 900 GB/s → 450 GB/s one way.
    CHECK(dgx.node.pair(2, 5).link.bandwidthBytesPerSecond == Approx(450e9).epsilon(kRelative));
    CHECK(dgx.nicId == "ib-ndr");
    CHECK(dgx.nic.bandwidthBytesPerSecond == 50e9);

    const auto cluster = preset("ndr-cluster");
    CHECK(cluster.nodes == 4);
    CHECK(cluster.totalGpus() == 32);

    const auto bad = preset("miswired");
    CHECK(bad.node.pair(7, 3).kind == LinkKind::PcieHostBridge);
    CHECK(bad.node.pair(3, 7).link.bandwidthBytesPerSecond == Approx(kPcie5).epsilon(kRelative));
    CHECK(bad.node.pair(6, 5).kind == LinkKind::NvSwitch);
}

TEST_CASE("topology: link figures from the catalogue", "[topology]")
{
    // Whitepapers: A100 12 links = 300 GB/s one way, H100 18 links = 450, B200 18 links = 900.
    CHECK(nvlinkBandwidthPerLink("nvlink3") == Approx(25e9).epsilon(kRelative));
    CHECK(nvlinkBandwidthPerLink("nvlink4") == Approx(25e9).epsilon(kRelative));
    CHECK(nvlinkBandwidthPerLink("nvlink5") == Approx(50e9).epsilon(kRelative));
    CHECK(nvlinkBandwidthPerLink("pcie4-x16") == 0);

    const auto nv4 = makePairLink(LinkKind::NvLink, "nvlink3", 4);
    REQUIRE(nv4);
    CHECK(nv4->link.bandwidthBytesPerSecond == Approx(100e9).epsilon(kRelative)); // 4 × 25 GB/s
    CHECK(nv4->link.latencySeconds == 3.4e-6);
    CHECK_FALSE(makePairLink(LinkKind::NvLink, "nvlink3", 0));
    CHECK_FALSE(makePairLink(LinkKind::PcieSwitch, "pcie9-x16"));

    // SYS: the slower of the GPU's PCIe link and the socket link (22 GB/s < 31.5 GB/s).
    const auto sys = makePairLink(LinkKind::CpuInterconnect, "pcie4-x16");
    REQUIRE(sys);
    CHECK(sys->link.bandwidthBytesPerSecond == 22e9);
    CHECK(sys->sourceId == "upi-spr");
    CHECK(sys->link.latencySeconds == 5.7e-6);
    REQUIRE(findTopologyLink("upi-spr"));
    CHECK(findTopologyLink("upi-spr")->source.find("SRP_QPI_BW") != std::string_view::npos);
    CHECK(findTopologyLink("ib-ndr") == findLink("ib-ndr"));
}

TEST_CASE("topology: a flat ring runs at its slowest hop (hand examples)", "[topology]")
{
    SECTION("PCIe workstation: every hop is PCIe 4.0 x16")
    {
        const auto r = topologyAllReduce(preset("pcie-workstation"), 4, 1e9, CommAlgorithm::Ring);
        REQUIRE_FALSE(r.error);
        // 2(n−1)α + 2(n−1)/n·S/B = 6·5.7e-6 + 1.5e9/31.5077e9 = 3.42e-5 + 0.0476074 s.
        const double bandwidth = 1.5e9 / kPcie4;
        CHECK(r.cost.bandwidthSeconds == Approx(bandwidth).epsilon(kRelative));
        CHECK(r.cost.seconds == Approx(3.42e-5 + bandwidth).epsilon(kRelative));
        REQUIRE(r.hops.size() == 4);
        CHECK(r.ring == std::vector<std::int64_t>{0, 1, 2, 3});
        REQUIRE(r.bottleneck);
        CHECK(*r.bottleneck == 0); // all hops alike: the first
        // Utilisation = busy / total = 0.0476074 / 0.0476416 = 0.99928.
        CHECK(r.hops[0].utilisation == Approx(bandwidth / (3.42e-5 + bandwidth)).epsilon(1e-12));
        CHECK(r.intraSeconds == r.cost.seconds);
        CHECK(r.interSeconds == 0);
    }
    SECTION("two NVLink pairs joined over PCIe: the PCIe hop bounds the ring")
    {
        // 4 GPUs; (0,1) and (2,3) bridged by 4 NVLink 3 links (100 GB/s), the rest PHB.
        ClusterTopology t = preset("pcie-workstation");
        const PairLink nv = *makePairLink(LinkKind::NvLink, "nvlink3", 4);
        for (const auto& [a, b] : {std::pair{0, 1}, std::pair{2, 3}}) {
            t.node.pairs[static_cast<std::size_t>(a * 4 + b)] = nv;
            t.node.pairs[static_cast<std::size_t>(b * 4 + a)] = nv;
        }
        const auto r = topologyAllReduce(t, 4, 1e9, CommAlgorithm::Ring);
        REQUIRE_FALSE(r.error);
        // Ring 0→1 (NV), 1→2 (PCIe), 2→3 (NV), 3→0 (PCIe): B = 31.5077e9, α = 5.7 µs.
        CHECK(r.intra.bandwidthBytesPerSecond == Approx(kPcie4).epsilon(kRelative));
        CHECK(r.intra.latencySeconds == 5.7e-6);
        REQUIRE(r.bottleneck);
        CHECK(r.hops[*r.bottleneck].from == 1);
        CHECK(r.hops[*r.bottleneck].to == 2);
        CHECK(r.hops[*r.bottleneck].kind == LinkKind::PcieHostBridge);
        // An NVLink hop carries the same bytes at 100 GB/s: busy 1.5e9/100e9 = 0.015 s.
        CHECK(r.hops[0].busySeconds == Approx(0.015).epsilon(1e-12));
    }
    SECTION("mis-wired node: the ring through GPU 7 runs at PCIe 5.0, the others at NVLink")
    {
        const auto t = preset("miswired");
        const auto all = topologyAllReduce(t, 8, 1e9, CommAlgorithm::Ring);
        REQUIRE_FALSE(all.error);
        // 14·5.7e-6 + 1.75e9/63.0154e9 = 7.98e-5 + 0.0277710 s.
        const double bw8 = 1.75e9 / kPcie5;
        CHECK(all.cost.seconds == Approx(7.98e-5 + bw8).epsilon(kRelative));
        REQUIRE(all.bottleneck);
        CHECK(all.hops[*all.bottleneck].kind == LinkKind::PcieHostBridge);
        CHECK(all.hops[*all.bottleneck].to == 7);
        // Seven GPUs leave GPU 7 out: 12·3.4e-6 + (12/7)·1e9/450e9 = 4.08e-5 + 3.809524e-3 s.
        const auto seven = topologyAllReduce(t, 7, 1e9, CommAlgorithm::Ring);
        CHECK(seven.cost.seconds ==
              Approx(4.08e-5 + (12.0 / 7.0) * 1e9 / 450e9).epsilon(kRelative));
        CHECK(seven.hops[*seven.bottleneck].kind == LinkKind::NvSwitch);
        // Adding the eighth GPU makes the all-reduce 7.2× slower.
        CHECK(all.cost.seconds / seven.cost.seconds ==
              Approx((7.98e-5 + bw8) / (4.08e-5 + (12.0 / 7.0) * 1e9 / 450e9)).epsilon(1e-12));
        CHECK(all.cost.seconds / seven.cost.seconds > 7.2);
    }
}

TEST_CASE("topology: hierarchical on one node is the flat ring", "[topology]")
{
    for (const auto id : {"pcie-workstation", "h100-nvswitch", "miswired"}) {
        const auto t = preset(id);
        for (std::int64_t n = 1; n <= t.node.gpus; ++n) {
            INFO(id << ", N = " << n);
            const auto flat = topologyAllReduce(t, n, 1e9, CommAlgorithm::Ring);
            const auto hier = topologyAllReduce(t, n, 1e9, CommAlgorithm::Hierarchical);
            REQUIRE_FALSE(flat.error);
            REQUIRE_FALSE(hier.error);
            CHECK(hier.cost.seconds == Approx(flat.cost.seconds).epsilon(kRelative));
            CHECK(hier.hops.size() == flat.hops.size());
            CHECK(hier.bottleneck == flat.bottleneck);
            if (flat.bottleneck) {
                CHECK(hier.hops[*hier.bottleneck].link == flat.hops[*flat.bottleneck].link);
            }
        }
    }
}

TEST_CASE("topology: crossing a node boundary is a cliff (8 → 16 H100, 1 GB)", "[topology]")
{
    const auto t = preset("ndr-cluster");
    const auto r8 = topologyAllReduce(t, 8, 1e9, CommAlgorithm::Ring);
    const auto r16 = topologyAllReduce(t, 16, 1e9, CommAlgorithm::Ring);
    REQUIRE_FALSE(r8.error);
    REQUIRE_FALSE(r16.error);
    // 8 on NVSwitch: 14·3.4e-6 + 2·(7/8)·1e9/450e9 = 4.76e-5 + 3.888889e-3 = 3.936489e-3 s.
    CHECK(r8.cost.seconds == Approx(4.76e-5 + 1.75e9 / 450e9).epsilon(kRelative));
    // 16 over two nodes, the slowest hop is a NIC: α = 9.6 µs, B = 50 GB/s:
    //   30·9.6e-6 + 2·(15/16)·1e9/50e9 = 2.88e-4 + 0.0375 = 0.037788 s.
    CHECK(r16.cost.seconds == Approx(0.037788).epsilon(kRelative));
    // The bandwidth terms jump by (1.875/50e9) / (1.75/450e9) = 9.642857 — the link ratio
    // 450/50 = 9 times the ring factor 2(n−1)/n going from 1.75 to 1.875.
    CHECK(r16.cost.bandwidthSeconds / r8.cost.bandwidthSeconds == Approx(9.0 * 1.875 / 1.75));
    CHECK(r16.cost.seconds / r8.cost.seconds == Approx(0.037788 / 3.936489e-3).epsilon(1e-6));
    REQUIRE(r16.bottleneck);
    const auto& hop = r16.hops[*r16.bottleneck];
    CHECK(hop.kind == LinkKind::Network);
    CHECK(hop.interNode);
    CHECK(hop.from == 7);
    CHECK(hop.to == 8);
    CHECK(hop.utilisation == Approx(0.0375 / 0.037788).epsilon(1e-12));
    // Two NIC hops: node 0 → 1 and back 1 → 0.
    CHECK(std::count_if(r16.hops.begin(), r16.hops.end(),
                        [](const RingHop& h) { return h.interNode; }) == 2);
    CHECK(r16.interSeconds == r16.cost.seconds);

    // Hierarchical uses each tier: intra 3.936489e-3 s as above, then an all-reduce of
    // S/8 = 0.125 GB between 2 nodes: 2·9.6e-6 + 2·(1/2)·0.125e9/50e9 = 1.92e-5 + 2.5e-3.
    const auto h16 = topologyAllReduce(t, 16, 1e9, CommAlgorithm::Hierarchical);
    REQUIRE_FALSE(h16.error);
    CHECK(h16.cost.seconds == Approx(4.76e-5 + 1.75e9 / 450e9 + 1.92e-5 + 2.5e-3).epsilon(1e-12));
    CHECK(h16.intraSeconds == Approx(4.76e-5 + 1.75e9 / 450e9).epsilon(1e-12));
    CHECK(h16.interSeconds == Approx(1.92e-5 + 2.5e-3).epsilon(1e-9));
    // Busiest link: NVSwitch 3.888889 ms against a NIC's 2.5 ms.
    REQUIRE(h16.bottleneck);
    CHECK(h16.hops[*h16.bottleneck].kind == LinkKind::NvSwitch);
    CHECK(h16.hops[*h16.bottleneck].busySeconds == Approx(1.75e9 / 450e9).epsilon(1e-12));
    // 8 intra hops per node + one ring of 2 hops per GPU position.
    CHECK(h16.hops.size() == 16 + 16);
}

TEST_CASE("topology: the same numbers as collectives.h with the equivalent links", "[topology]")
{
    const auto t = preset("ndr-cluster");
    const auto links = equivalentLinks(t);
    CHECK(links.gpusPerNode == 8);
    CHECK(links.intra.bandwidthBytesPerSecond == Approx(450e9).epsilon(kRelative));
    CHECK(links.inter.bandwidthBytesPerSecond == 50e9); // 8 NICs for 8 GPUs
    for (const auto algorithm : {CommAlgorithm::Ring, CommAlgorithm::Hierarchical}) {
        for (const std::int64_t n : {2, 8, 12, 16, 24, 32}) {
            INFO(commAlgorithmId(algorithm) << " N = " << n);
            CollectiveParams p;
            p.workers = n;
            p.bytes = 3e8;
            p.intra = links.intra;
            p.inter = links.inter;
            p.gpusPerNode = links.gpusPerNode;
            const auto expected = collectiveCost(algorithm, CollectiveOp::AllReduce, p);
            const auto got = topologyAllReduce(t, n, 3e8, algorithm);
            REQUIRE_FALSE(got.error);
            CHECK(got.cost.seconds == Approx(expected.seconds).epsilon(kRelative));
        }
    }
    // Fewer NICs than GPUs: each GPU's ring across nodes gets its share, 2·50/8 = 12.5 GB/s.
    auto shared = t;
    shared.node.nics = 2;
    CHECK(equivalentLinks(shared).inter.bandwidthBytesPerSecond == 12.5e9);
    const auto h = topologyAllReduce(shared, 16, 1e9, CommAlgorithm::Hierarchical);
    CHECK(h.inter.bandwidthBytesPerSecond == 12.5e9);
    // …while the flat ring crosses each boundary on one whole NIC.
    const auto f = topologyAllReduce(shared, 16, 1e9, CommAlgorithm::Ring);
    CHECK(f.intra.bandwidthBytesPerSecond == 50e9);
}

TEST_CASE("topology: the ring search avoids a slow hop when it can", "[topology]")
{
    // 4 GPUs, NVLink 3 ×4 (100 GB/s) on the pairs (0,2), (2,1), (1,3), (3,0), PCIe 4 on (0,1)
    // and (2,3). The natural ring 0→1→2→3→0 crosses PCIe twice (slowest hop 31.5 GB/s); the
    // ring 0→2→1→3→0 is NVLink all the way (100 GB/s), and the search must find it.
    ClusterTopology t = preset("pcie-workstation");
    const PairLink nv = *makePairLink(LinkKind::NvLink, "nvlink3", 4);
    const auto set = [&t](int a, int b, const PairLink& link) {
        t.node.pairs[static_cast<std::size_t>(a * 4 + b)] = link;
        t.node.pairs[static_cast<std::size_t>(b * 4 + a)] = link;
    };
    set(0, 2, nv);
    set(2, 1, nv);
    set(1, 3, nv);
    set(3, 0, nv);
    const auto order = bestNodeRing(t.node, 4);
    CHECK(order == std::vector<std::int64_t>{0, 2, 1, 3});
    const auto r = topologyAllReduce(t, 4, 1e9, CommAlgorithm::Ring);
    CHECK(r.intra.bandwidthBytesPerSecond == Approx(100e9).epsilon(kRelative));
    // A uniform node keeps the natural order.
    CHECK(bestNodeRing(preset("h100-nvswitch").node, 8) ==
          std::vector<std::int64_t>{0, 1, 2, 3, 4, 5, 6, 7});
}

TEST_CASE("topology: bad queries are errors, never a crash", "[topology]")
{
    const auto t = preset("ndr-cluster");
    const auto zero = topologyAllReduce(t, 0, 1e9, CommAlgorithm::Ring);
    REQUIRE(zero.error);
    CHECK(zero.error->field == "workers");
    CHECK(zero.error->allowed == "1 … 32");
    CHECK(zero.hops.empty());
    CHECK(topologyAllReduce(t, 33, 1e9, CommAlgorithm::Ring).error->field == "workers");
    CHECK(topologyAllReduce(t, 8, -1, CommAlgorithm::Ring).error->field == "bytes");
    CHECK(topologyAllReduce(t, 8, 1e9, CommAlgorithm::Tree).error->field == "algorithm");

    auto noNics = t;
    noNics.node.nics = 0;
    REQUIRE(validateTopology(noNics));
    CHECK(validateTopology(noNics)->field == "nics");
    CHECK(topologyAllReduce(noNics, 16, 1e9, CommAlgorithm::Ring).error->field == "nics");

    auto broken = t;
    broken.node.pairs.pop_back();
    CHECK(validateTopology(broken)->field == "node.pairs");
    auto zeroLink = t;
    zeroLink.node.pairs[1].link.bandwidthBytesPerSecond = 0;
    CHECK(validateTopology(zeroLink)->field == "node.pairs");

    // One worker: nothing to send, no hops, no bottleneck.
    const auto one = topologyAllReduce(t, 1, 1e9, CommAlgorithm::Ring);
    REQUIRE_FALSE(one.error);
    CHECK(one.cost.seconds == 0);
    CHECK(one.hops.empty());
    CHECK_FALSE(one.bottleneck);
}

TEST_CASE("topology: the scenario's cluster (topology.preset)", "[topology]")
{
    // Every preset id is a word of the topology.preset key, and back.
    for (const auto id : topologyPresetIds()) {
        Scenario s;
        REQUIRE_FALSE(setValue(s, "topology.preset", id));
        CHECK(topologyFromScenario(s).id == id);
    }
    // Default: the NDR cluster, an all-reduce of 1 GB over 8 GPUs = one NVSwitch node:
    // 14·3.4e-6 + 1.75e9/450e9 s (as in the cliff test).
    const Scenario defaults;
    CHECK(defaults.topology.preset == TopologyPresetId::NdrCluster);
    const auto d = topologyAllReduceFromScenario(defaults);
    REQUIRE_FALSE(d.allReduce.error);
    CHECK(d.allReduce.cost.seconds == Approx(4.76e-5 + 1.75e9 / 450e9).epsilon(kRelative));
    CHECK_FALSE(d.ringInsteadOf);

    // `scenario`: a uniform cluster from the hardware keys prices the all-reduce exactly as
    // collectives.h's allReduceFromScenario does, flat ring and hierarchical.
    Scenario s;
    REQUIRE_FALSE(setValue(s, "topology.preset", "scenario"));
    REQUIRE_FALSE(setValue(s, "hardware.intra_bandwidth", "2e11"));
    REQUIRE_FALSE(setValue(s, "hardware.inter_latency", "2e-5"));
    REQUIRE_FALSE(setValue(s, "hardware.gpus_per_node", "4"));
    for (const char* algorithm : {"ring", "hierarchical"}) {
        REQUIRE_FALSE(setValue(s, "collective.algorithm", algorithm));
        for (std::int64_t n = 1; n <= 40; n += 3) {
            INFO(algorithm << " N = " << n);
            s.collective.workers = n;
            const auto t = topologyAllReduceFromScenario(s);
            REQUIRE_FALSE(t.allReduce.error);
            CHECK(t.cluster.nodes == (n + 3) / 4);
            CHECK(t.allReduce.cost.seconds ==
                  Approx(allReduceFromScenario(s).seconds).epsilon(kRelative));
        }
    }
    CHECK(topologyFromScenario(s).node.pair(0, 1).kind == LinkKind::Custom);

    // Too many workers for the preset: the error names the scenario key and the range.
    Scenario big;
    big.collective.workers = 33;
    const auto e = topologyAllReduceFromScenario(big);
    REQUIRE(e.allReduce.error);
    CHECK(e.allReduce.error->field == "collective.workers");
    CHECK(e.allReduce.error->allowed == "1 … 32");
    // Tree and naive are drawn as the ring, and say so.
    Scenario tree;
    REQUIRE_FALSE(setValue(tree, "collective.algorithm", "tree"));
    CHECK(topologyAllReduceFromScenario(tree).ringInsteadOf == CommAlgorithm::Tree);
}
