// The imported node as a scenario: topology.node holds the nvidia-smi topo -m codes of
// every GPU pair, topology.preset = imported draws it pair by pair. Round trips over every sample
// under tests/data/nvtopo, a ring over a mis-wired imported node (hand calculation below, figures
// from simcore/models/links.cpp and topology.cpp's catalogue), and bad keys refused with the key
// named.
#include "simcore/import/nvtopoimport.h"
#include "simcore/models/topology.h"
#include "simcore/scenario/scenario.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

using namespace simcore;

namespace {

constexpr double kRelative = 1e-12;
constexpr double kUpi = 22e9;                              // topology.cpp, NCCL SRP_QPI_BW
constexpr double kPcie5 = 32e9 * 16 * (128.0 / 130.0) / 8; // PCIe 5.0 x16, 128b/130b
constexpr double kNvlinkLatency = 3.4e-6;                  // links.cpp
constexpr double kPcieLatency = 5.7e-6;                    // links.cpp (NCCL hwLat, PCI)

NvTopoNode parseSample(const std::string& name)
{
    std::ifstream file(std::string(DTSIM_SOURCE_DIR "/tests/data/nvtopo/") + name,
                       std::ios::binary);
    REQUIRE(file.good());
    std::ostringstream text;
    text << file.rdbuf();
    const auto r = parseNvidiaTopo(text.str());
    INFO(name << ": " << (r.error ? r.error->message() : std::string()));
    REQUIRE(r.node);
    return *r.node;
}

Scenario importedScenario(const std::string& wiring, std::int64_t nics, std::int64_t workers)
{
    Scenario s;
    REQUIRE_FALSE(setValue(s, "topology.preset", "imported"));
    const auto error = setValue(s, "topology.node", wiring);
    INFO((error ? error->message() : std::string()));
    REQUIRE_FALSE(error);
    REQUIRE_FALSE(setValue(s, "topology.node_nics", std::to_string(nics)));
    s.hardware.gpusPerNode = parseNvTopoWiring(wiring).node->gpus; // as "Use these" sets it
    s.collective.workers = workers;
    REQUIRE(validate(s).empty());
    return s;
}

} // namespace

TEST_CASE("imported topology: every sample round-trips text → node → key → the same node",
          "[topology][imported]")
{
    for (const char* name : {"dgx_h100.txt", "dgx_a100.txt", "pcie_workstation_4gpu.txt",
                             "two_socket_8gpu_pcie.txt", "miswired_h100.txt"}) {
        INFO(name);
        const NvTopoNode node = parseSample(name);
        const auto direct = nvTopoCluster(node);
        REQUIRE(direct);
        const std::string key = nvTopoWiringText(node);
        // g(g−1)/2 codes, one per pair.
        CHECK(std::count(key.begin(), key.end(), ' ') + 1 == node.gpus * (node.gpus - 1) / 2);

        const Scenario s = importedScenario(key, node.gpuNics(), node.gpus);
        CHECK(s.topology.node == key); // stored as written: the canonical form
        const ClusterTopology fromKey = topologyFromScenario(s);
        CHECK(fromKey.id == "imported");
        CHECK(fromKey.nodes == 1);
        CHECK(fromKey.node == direct->node); // every pair's kind, NV#, α, B, source, and NICs

        // The key reads back from its own text (what a scenario file or --set stores).
        Scenario again;
        REQUIRE_FALSE(setValue(again, "topology.node", valueText(s, "topology.node")));
        CHECK(again.topology.node == s.topology.node);
    }
}

TEST_CASE("imported topology: codes read as nvidia-smi prints them, in canonical form",
          "[topology][imported]")
{
    Scenario s;
    // Lower case, SOC for SYS, tabs and runs of spaces: one canonical text.
    REQUIRE_FALSE(setValue(s, "topology.node", "  nv4\tpix   soc "));
    CHECK(s.topology.node == "NV4 PIX SYS");
    const auto wiring = parseNvTopoWiring(s.topology.node);
    REQUIRE(wiring.node);
    CHECK(wiring.node->gpus == 3);
    CHECK(wiring.node->cell(0, 1) == TopoCell{TopoCode::NvLink, 4});
    CHECK(wiring.node->cell(2, 0).code == TopoCode::Pix); // symmetric: pair (0,2)
    CHECK(wiring.node->cell(1, 2).code == TopoCode::Sys);
    // Empty = none.
    REQUIRE_FALSE(setValue(s, "topology.node", ""));
    CHECK(s.topology.node.empty());
    CHECK(findKey("topology.node")->type == KeyType::Text);
    CHECK(findKey("topology.node_nics")->type == KeyType::Integer);
}

TEST_CASE("imported topology: the ring over a mis-wired node is bounded by its SYS pair",
          "[topology][imported]")
{
    // 4 GPUs: 0, 1, 2 on direct NV4 links, GPU 3 reaches every peer only across the CPU sockets
    // (SYS). Pairs in key order: 0-1 0-2 0-3 1-2 1-3 2-3.
    const Scenario s = importedScenario("NV4 NV4 SYS NV4 SYS SYS", 0, 4);
    const auto t = topologyAllReduceFromScenario(s);
    REQUIRE_FALSE(t.allReduce.error);
    const auto& r = t.allReduce;
    // Hand calculation. Largest NV# is 4 < 18, so nvTopoChoice picks NVLink 3 and PCIe 4.0: NV4
    // = 4 × 25 GB/s = 100 GB/s; SYS = min(PCIe 4.0 x16 31.5 GB/s, UPI 22 GB/s) = 22 GB/s with
    // α = 5.7 µs. Any ring through GPU 3 uses two of its SYS pairs, so the slowest hop is SYS:
    // B = 22e9, α = 5.7e-6. Ring all-reduce (MODELS §4), N = 4, S = 1e9 (the default):
    //   T = 2(N−1)·α + 2(N−1)/N · S/B = 6 · 5.7e-6 + 1.5 · 1e9 / 22e9 = 3.42e-5 + 0.0681818… s.
    REQUIRE(r.bottleneck);
    const auto& hop = r.hops[*r.bottleneck];
    CHECK(hop.kind == LinkKind::CpuInterconnect);
    CHECK((hop.from == 3 || hop.to == 3));
    CHECK(hop.link.bandwidthBytesPerSecond == kUpi);
    CHECK(r.cost.seconds == Approx(6 * kPcieLatency + 1.5 * 1e9 / kUpi).epsilon(kRelative));

    // The imported mis-wired DGX H100 sample: GPU 3's NVLinks are down, NODE to GPUs 0–2 and
    // SYS to 4–7. The best ring gives GPU 3 its two NODE neighbours (PCIe 5.0 through the host
    // bridge, 63.0 GB/s) rather than a SYS one (22 GB/s): slowest hop = a NODE pair,
    // T = 14 · 5.7e-6 + 1.75 · 1e9 / 63.0154e9 s (N = 8).
    const NvTopoNode miswired = parseSample("miswired_h100.txt");
    const Scenario m = importedScenario(nvTopoWiringText(miswired), miswired.gpuNics(), 8);
    const auto mt = topologyAllReduceFromScenario(m);
    REQUIRE_FALSE(mt.allReduce.error);
    REQUIRE(mt.allReduce.bottleneck);
    const auto& slow = mt.allReduce.hops[*mt.allReduce.bottleneck];
    CHECK(slow.kind == LinkKind::PcieHostBridge);
    CHECK((slow.from == 3 || slow.to == 3));
    CHECK(slow.link.bandwidthBytesPerSecond == Approx(kPcie5).epsilon(kRelative));
    CHECK(mt.allReduce.cost.seconds ==
          Approx(14 * kPcieLatency + 1.75 * 1e9 / kPcie5).epsilon(kRelative));
    // Every other hop of that ring is NVSwitch-class NV18 (3.4 µs): not the bottleneck.
    for (const auto& h : mt.allReduce.hops) {
        if (h.from != 3 && h.to != 3) {
            CHECK(h.kind == LinkKind::NvLink);
            CHECK(h.link.latencySeconds == kNvlinkLatency);
        }
    }
}

TEST_CASE("imported topology: several nodes take their NICs from hardware.inter_*",
          "[topology][imported]")
{
    // Two imported NV18 nodes of 4 GPUs (H100-class: NVLink 4), 2 NICs each, N = 8.
    Scenario s = importedScenario("NV18 NV18 NV18 NV18 NV18 NV18", 2, 8);
    const auto c = topologyFromScenario(s);
    CHECK(c.nodes == 2);
    CHECK(c.node.nics == 2);
    CHECK(c.nic.bandwidthBytesPerSecond == s.hardware.interBandwidthBytesPerSecond);
    CHECK(c.nic.latencySeconds == s.hardware.interLatencySeconds);
    CHECK(c.node.pair(0, 1).kind == LinkKind::NvSwitch); // NV18 on every pair of ≥ 3 GPUs
    const auto t = topologyAllReduceFromScenario(s);
    REQUIRE_FALSE(t.allReduce.error);
    CHECK(t.allReduce.nodesUsed == 2);

    // No NIC and N past one node: the error names topology.node_nics.
    s.topology.nodeNics = 0;
    const auto e = topologyAllReduceFromScenario(s);
    REQUIRE(e.allReduce.error);
    CHECK(e.allReduce.error->field == "topology.node_nics");
    // At most kMaxTopologyGpus workers, as for the `scenario` cluster.
    s.topology.nodeNics = 2;
    s.collective.workers = kMaxTopologyGpus + 1;
    const auto big = topologyAllReduceFromScenario(s);
    REQUIRE(big.allReduce.error);
    CHECK(big.allReduce.error->field == "collective.workers");
}

TEST_CASE("imported topology: bad keys are refused with the key named", "[topology][imported]")
{
    struct Case {
        const char* text;
        const char* given; // the offending part the message quotes
    };
    const Case cases[] = {
        {"NV18 QPI NV18", "QPI"},           // not a code
        {"NV18 X NV18", "X"},               // self is not a pair
        {"NV0", "NV0"},                     // NV# counts from 1
        {"NV65", "NV65"},                   // more bonded links than any GPU has
        {"NV18 NV18", "2 codes"},           // not g(g−1)/2
        {"PIX PIX PIX PIX PIX", "5 codes"}, // between 3 (g = 3) and 6 (g = 4)
    };
    for (const auto& c : cases) {
        INFO(c.text);
        Scenario s;
        const Scenario before = s;
        const auto error = setValue(s, "topology.node", c.text);
        REQUIRE(error);
        CHECK(error->key == "topology.node");
        CHECK(error->given == c.given);
        CHECK(error->message().find("topology.node") != std::string::npos);
        CHECK(error->message().find("g(g-1)/2") != std::string::npos); // the allowed form
        CHECK(s == before);
    }
    // 65 GPUs = 2080 codes: past the largest node.
    std::string big;
    for (int i = 0; i < 65 * 64 / 2; ++i) {
        big += "PHB ";
    }
    Scenario s;
    auto error = setValue(s, "topology.node", big);
    REQUIRE(error);
    CHECK(error->given == "2080 codes");
    // 64 GPUs = 2016 codes: allowed.
    big.resize(2016 * 4);
    REQUIRE_FALSE(setValue(s, "topology.node", big));
    CHECK(parseNvTopoWiring(s.topology.node).node->gpus == 64);

    // NICs: whole numbers from 0.
    error = setValue(s, "topology.node_nics", "-1");
    REQUIRE(error);
    CHECK(error->key == "topology.node_nics");

    // The imported preset with no node: one error naming both keys.
    Scenario empty;
    REQUIRE_FALSE(setValue(empty, "topology.preset", "imported"));
    const auto problems = validate(empty);
    REQUIRE(problems.size() == 1);
    CHECK(problems.front().key == "topology.node");
    CHECK(problems.front().message().find("topology.preset") != std::string::npos);
    // …and the panel's topology names the key instead of drawing something else.
    const auto t = topologyAllReduceFromScenario(empty);
    REQUIRE(t.allReduce.error);
    CHECK(t.allReduce.error->field == "topology.node");
    // A stored node that is not the imported preset's is simply unused.
    Scenario unused;
    REQUIRE_FALSE(setValue(unused, "topology.node", "PHB"));
    CHECK(validate(unused).empty());
    CHECK(topologyFromScenario(unused).id == "ndr-cluster");
}

TEST_CASE("imported topology: hardware.gpus_per_node must be the imported node's GPU count",
          "[topology][imported]")
{
    simcore::Scenario scenario;
    REQUIRE_FALSE(simcore::setValue(scenario, "topology.preset", "imported"));
    REQUIRE_FALSE(simcore::setValue(scenario, "topology.node", "NV4 PIX PHB NV4 PHB NV4")); // 4
    REQUIRE_FALSE(simcore::setValue(scenario, "hardware.gpus_per_node", "4"));
    CHECK(simcore::validate(scenario).empty());

    // The Communication and Scaling panels price hardware.gpus_per_node: an 8-GPU node there and
    // a 4-GPU node drawn would disagree without a word.
    REQUIRE_FALSE(simcore::setValue(scenario, "hardware.gpus_per_node", "8"));
    const auto problems = simcore::validate(scenario);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].key == "hardware.gpus_per_node");
    CHECK(problems[0].given == "8");
    CHECK(problems[0].allowed.starts_with("4 "));
    CHECK(problems[0].message().find("topology.preset = imported") != std::string::npos);

    // Another wiring: gpus_per_node is free again.
    REQUIRE_FALSE(simcore::setValue(scenario, "topology.preset", "ndr-cluster"));
    CHECK(simcore::validate(scenario).empty());
}
