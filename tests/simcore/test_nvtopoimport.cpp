// The nvidia-smi topo -m importer: every sample under tests/data/nvtopo (codes as nvidia-smi's
// Legend defines them; values in the checks read off the sample files), the mapping to the
// topology model with the catalogue's figures (NVLink 25 GB/s per link one way, PCIe 4.0 x16
// 31.5077 GB/s, PCIe 5.0 x16 63.0154 GB/s, UPI 22 GB/s — see test_topology.cpp), and bad input.
#include "simcore/import/nvtopoimport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace simcore;

namespace {

constexpr double kPcie4 = 16e9 * 16 * (128.0 / 130.0) / 8;
constexpr double kPcie5 = 32e9 * 16 * (128.0 / 130.0) / 8;

std::string readSample(const std::string& name)
{
    std::ifstream file(std::string(DTSIM_SOURCE_DIR "/tests/data/nvtopo/") + name,
                       std::ios::binary);
    REQUIRE(file.good());
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

NvTopoNode parseSample(const std::string& name)
{
    const auto r = parseNvidiaTopo(readSample(name));
    INFO(name << ": " << (r.error ? r.error->message() : std::string()));
    REQUIRE(r.node);
    REQUIRE_FALSE(r.error);
    return *r.node;
}

ClusterTopology clusterOf(const NvTopoNode& node)
{
    const auto cluster = nvTopoCluster(node);
    REQUIRE(cluster);
    REQUIRE_FALSE(validateTopology(*cluster));
    return *cluster;
}

ImportError badSample(const std::string& name)
{
    const auto r = parseNvidiaTopo(readSample("bad/" + name));
    INFO(name);
    REQUIRE(r.error);
    REQUIRE_FALSE(r.node);
    return *r.error;
}

} // namespace

TEST_CASE("nvidia-smi topo: DGX H100, NV18 and 10 NICs", "[nvtopoimport]")
{
    const auto n = parseSample("dgx_h100.txt");
    CHECK(n.gpus == 8);
    REQUIRE(n.nics.size() == 10);
    CHECK(n.nics[0] == "mlx5_0"); // from the NIC Legend
    CHECK(n.nics[9] == "mlx5_9");
    CHECK(n.cell(0, 0).code == TopoCode::Self);
    CHECK(n.cell(2, 6) == TopoCell{TopoCode::NvLink, 18});
    CHECK(n.nvswitch());
    CHECK(n.nicCell(0, 0).code == TopoCode::Pix);
    CHECK(n.nicCell(0, 4).code == TopoCode::Sys);
    for (std::int64_t g = 0; g < 8; ++g) {
        CHECK(n.nearestNic[static_cast<std::size_t>(g)] == g); // NIC g sits on GPU g's switch
    }
    CHECK(n.gpuNics() == 8); // NIC8 and NIC9 are storage NICs: NODE / SYS to every GPU
    REQUIRE(n.cpuAffinity.size() == 8);
    CHECK(n.cpuAffinity[0] == "0-55,112-167");
    CHECK(n.cpuAffinity[4] == "56-111,168-223");
    CHECK(n.numaAffinity[7] == "1");
    CHECK(n.gpuNumaId[3] == "N/A");

    const auto choice = nvTopoChoice(n);
    CHECK(choice.nvlinkId == "nvlink4");
    CHECK(choice.pcieId == "pcie5-x16");
    const auto c = clusterOf(n);
    CHECK(c.id == "imported");
    CHECK(c.nodes == 1);
    CHECK(c.node.gpus == 8);
    CHECK(c.node.nics == 8);
    CHECK(c.nicId == "ib-ndr");
    CHECK(c.node.pair(1, 7).kind == LinkKind::NvSwitch);
    // 18 links × 25 GB/s = 450 GB/s one way (H100 whitepaper).
    CHECK(c.node.pair(1, 7).link.bandwidthBytesPerSecond == Approx(450e9).epsilon(1e-12));
    // The imported node prices an all-reduce exactly as the 8 × H100 preset does.
    const auto preset = topologyPreset("h100-nvswitch");
    REQUIRE(preset);
    const auto mine = topologyAllReduce(c, 8, 1e9, CommAlgorithm::Ring);
    const auto theirs = topologyAllReduce(*preset, 8, 1e9, CommAlgorithm::Ring);
    CHECK(mine.cost.seconds == Approx(theirs.cost.seconds).epsilon(1e-12));
}

TEST_CASE("nvidia-smi topo: DGX A100, NV12, NICs named by device", "[nvtopoimport]")
{
    const auto n = parseSample("dgx_a100.txt");
    CHECK(n.gpus == 8);
    REQUIRE(n.nics.size() == 10);
    CHECK(n.nics[3] == "mlx5_3"); // no NIC Legend: the column label
    CHECK(n.cell(0, 5) == TopoCell{TopoCode::NvLink, 12});
    CHECK(n.nvswitch());
    CHECK(n.nicCell(0, 0).code == TopoCode::Pxb);
    CHECK(n.nearestNic[0] == 0);
    CHECK(n.nearestNic[3] == 2);
    CHECK(n.nearestNic[6] == 6);
    CHECK(n.gpuNics() == 8);
    CHECK(n.numaAffinity[0] == "3");
    CHECK(n.cpuAffinity[6] == "80-95,208-223");
    CHECK(n.gpuNumaId.empty()); // older driver: no GPU NUMA ID column

    const auto choice = nvTopoChoice(n);
    CHECK(choice.nvlinkId == "nvlink3");
    CHECK(choice.pcieId == "pcie4-x16");
    const auto c = clusterOf(n);
    // 12 links × 25 GB/s = 300 GB/s one way (A100 whitepaper: 600 GB/s both ways).
    CHECK(c.node.pair(0, 5).link.bandwidthBytesPerSecond == Approx(300e9).epsilon(1e-12));
    CHECK(c.node.pair(0, 5).kind == LinkKind::NvSwitch);
}

TEST_CASE("nvidia-smi topo: PCIe workstation on two sockets (spaces, no NICs)", "[nvtopoimport]")
{
    const auto n = parseSample("pcie_workstation_4gpu.txt");
    CHECK(n.gpus == 4);
    CHECK(n.nics.empty());
    CHECK(n.cell(0, 1).code == TopoCode::Phb);
    CHECK(n.cell(1, 2).code == TopoCode::Sys);
    CHECK_FALSE(n.nvswitch());
    CHECK(n.nearestNic == std::vector<std::int64_t>{-1, -1, -1, -1});
    CHECK(n.cpuAffinity[2] == "16-31,48-63");

    const auto c = clusterOf(n);
    CHECK(c.node.nics == 0);
    CHECK(c.node.pair(0, 1).kind == LinkKind::PcieHostBridge);
    CHECK(c.node.pair(0, 1).link.bandwidthBytesPerSecond == Approx(kPcie4).epsilon(1e-12));
    CHECK(c.node.pair(0, 2).kind == LinkKind::CpuInterconnect);
    CHECK(c.node.pair(0, 2).link.bandwidthBytesPerSecond == 22e9);
    CHECK(c.node.pair(0, 2).sourceId == "upi-spr");
    // Any ring of the four crosses the sockets twice: the SYS hop bounds it.
    // 2(n−1)α + 2(n−1)/n·S/B = 6·5.7e-6 + 1.5e9/22e9 = 3.42e-5 + 0.0681818 s.
    const auto r = topologyAllReduce(c, 4, 1e9, CommAlgorithm::Ring);
    REQUIRE_FALSE(r.error);
    CHECK(r.cost.seconds == Approx(3.42e-5 + 1.5e9 / 22e9).epsilon(1e-12));
    REQUIRE(r.bottleneck);
    CHECK(r.hops[*r.bottleneck].kind == LinkKind::CpuInterconnect);
    CHECK(r.hops[*r.bottleneck].from == 1);
    CHECK(r.hops[*r.bottleneck].to == 2);
}

TEST_CASE("nvidia-smi topo: the ring an import describes is the whole node's", "[nvtopoimport]")
{
    // The same four GPUs: the import's ring runs over all of them, 1 GB, and its slowest hop is
    // the SYS hop between the sockets (6·5.7e-6 + 1.5e9/22e9 s, as above).
    const auto c = clusterOf(parseSample("pcie_workstation_4gpu.txt"));
    const auto r = nvTopoRing(c);
    REQUIRE_FALSE(r.error);
    CHECK(r.workers == 4);
    CHECK(r.ring.size() == 4);
    CHECK(r.cost.seconds == Approx(3.42e-5 + 1.5e9 / 22e9).epsilon(1e-12));
    REQUIRE(r.bottleneck);
    CHECK(r.hops[*r.bottleneck].kind == LinkKind::CpuInterconnect);
    CHECK(r.hops[*r.bottleneck].link.bandwidthBytesPerSecond == 22e9);
}

TEST_CASE("nvidia-smi topo: 2-socket PCIe server, PIX / NODE / SYS and 2 NICs", "[nvtopoimport]")
{
    const auto n = parseSample("two_socket_8gpu_pcie.txt");
    CHECK(n.gpus == 8);
    CHECK(n.nics == std::vector<std::string>{"mlx5_0", "mlx5_1"});
    CHECK(n.cell(0, 1).code == TopoCode::Pix);
    CHECK(n.cell(0, 2).code == TopoCode::Node);
    CHECK(n.cell(3, 4).code == TopoCode::Sys);
    CHECK(n.nearestNic == std::vector<std::int64_t>{0, 0, 0, 0, 1, 1, 1, 1});
    CHECK(n.gpuNics() == 2);
    const auto c = clusterOf(n);
    CHECK(c.node.pair(0, 1).kind == LinkKind::PcieSwitch);
    CHECK(c.node.pair(0, 2).kind == LinkKind::PcieHostBridge);
    CHECK(c.node.pair(0, 4).kind == LinkKind::CpuInterconnect);
    CHECK(c.node.nics == 2);
}

TEST_CASE("nvidia-smi topo: mis-wired node, the ring search routes around GPU 3", "[nvtopoimport]")
{
    const auto n = parseSample("miswired_h100.txt"); // ANSI underline on the header
    CHECK(n.gpus == 8);
    CHECK(n.cell(3, 0).code == TopoCode::Node);
    CHECK(n.cell(3, 5).code == TopoCode::Sys);
    CHECK(n.cell(4, 5) == TopoCell{TopoCode::NvLink, 18});
    CHECK_FALSE(n.nvswitch()); // one GPU is off the NVLink fabric
    const auto c = clusterOf(n);
    CHECK(c.node.pair(4, 5).kind == LinkKind::NvLink);
    CHECK(c.node.pair(4, 5).link.bandwidthBytesPerSecond == Approx(450e9).epsilon(1e-12));
    CHECK(c.node.pair(3, 1).link.bandwidthBytesPerSecond == Approx(kPcie5).epsilon(1e-12));
    CHECK(c.node.pair(3, 6).link.bandwidthBytesPerSecond == 22e9);
    // The natural ring 0→…→7 would enter GPU 3 from GPU 2 (NODE) and leave to GPU 4 (SYS,
    // 22 GB/s). The best ring keeps both of GPU 3's neighbours on its own socket: 0→1→3→2→4…
    // whose slowest hop is PCIe 5.0 through the host bridges (63.0 GB/s).
    const auto r = topologyAllReduce(c, 8, 1e9, CommAlgorithm::Ring);
    REQUIRE_FALSE(r.error);
    CHECK(r.ring == std::vector<std::int64_t>{0, 1, 3, 2, 4, 5, 6, 7});
    CHECK(r.intra.bandwidthBytesPerSecond == Approx(kPcie5).epsilon(1e-12));
    REQUIRE(r.bottleneck);
    CHECK(r.hops[*r.bottleneck].kind == LinkKind::PcieHostBridge);
    CHECK(r.hops[*r.bottleneck].to == 3);
}

TEST_CASE("nvidia-smi topo: bad input names the line and what was expected", "[nvtopoimport]")
{
    using Kind = ImportError::Kind;
    CHECK(badSample("empty.txt").kind == Kind::Empty);
    const auto garbage = badSample("garbage.txt");
    CHECK(garbage.kind == Kind::NoHeader);
    CHECK(garbage.expected.find("GPU0") != std::string::npos);

    const auto cut = badSample("truncated.txt"); // GPU5's row cut after 40 characters
    CHECK(cut.kind == Kind::Truncated);
    CHECK(cut.line == 8);
    CHECK(cut.expected.find("18 link codes") != std::string::npos);

    const auto reordered = badSample("reordered.txt");
    CHECK(reordered.kind == Kind::ReorderedColumns);
    CHECK(reordered.line == 2);

    const auto unknown = badSample("unknown_code.txt");
    CHECK(unknown.kind == Kind::BadLine);
    CHECK(unknown.line == 5);
    CHECK(unknown.found == "NVL");
    CHECK(unknown.message().starts_with("line 5: expected a link code: X, NV#, PIX"));

    const auto asymmetric = badSample("asymmetric.txt"); // GPU2→GPU6 NV12, GPU6→GPU2 NV18
    CHECK(asymmetric.kind == Kind::Inconsistent);
    CHECK(asymmetric.line == 9);
    CHECK(asymmetric.found == "NV18");
    CHECK(asymmetric.expected.find("(NV12)") != std::string::npos);

    const auto missing = badSample("missing_cell.txt");
    CHECK(missing.kind == Kind::BadLine);
    CHECK(missing.line == 6);

    // A matrix whose diagonal is not X.
    const auto diagonal = parseNvidiaTopo("\tGPU0\tGPU1\nGPU0\tNV4\tNV4\nGPU1\tNV4\t X \n");
    REQUIRE(diagonal.error);
    CHECK(diagonal.error->kind == Kind::Inconsistent);
    CHECK(diagonal.error->line == 2);
}

TEST_CASE("nvidia-smi topo: any prefix or corruption is a node or an error", "[nvtopoimport]")
{
    const std::string good = readSample("dgx_h100.txt");
    int nodes = 0;
    for (std::size_t cut = 0; cut <= good.size(); cut += 5) {
        const auto r = parseNvidiaTopo(std::string_view(good).substr(0, cut));
        CHECK(r.node.has_value() != r.error.has_value());
        nodes += r.node ? 1 : 0;
        if (r.node) {
            CHECK(nvTopoCluster(*r.node));
        }
    }
    CHECK(nodes > 0);
    for (std::size_t at = 0; at < good.size(); at += 11) {
        for (const char c : {'x', '\t', '\n', ' ', '7'}) {
            std::string bad = good;
            bad[at] = c;
            const auto r = parseNvidiaTopo(bad);
            CHECK(r.node.has_value() != r.error.has_value());
        }
    }
}

TEST_CASE("nvidia-smi topo: a wide header is refused before the matrix is allocated",
          "[nvtopoimport]")
{
    const auto header = [](std::int64_t gpus) {
        std::string text = "\t";
        for (std::int64_t g = 0; g < gpus; ++g) {
            text += "GPU" + std::to_string(g) + "\t";
        }
        return text + "CPU Affinity\tNUMA Affinity\n";
    };
    SECTION("200,000 GPU columns and no rows")
    {
        // Guards against: the gpus × gpus matrix allocated first — std::bad_alloc, the process
        // aborted. Just over the limit that matrix would be small and the order would go
        // unnoticed; at 200,000 columns it is 4e10 cells (320 GB), more memory than the machines
        // this runs on have, and more columns would only take longer to build and split.
        const auto r = parseNvidiaTopo(header(200'000));
        REQUIRE(r.error);
        CHECK(r.error->kind == ImportError::Kind::Inconsistent);
        CHECK(r.error->line == 1);
        CHECK(r.error->expected ==
              "at most 1024 GPU columns (hardware.gpus_per_node's largest); this header has more");
    }
    SECTION("1025 columns are one too many, 1024 are read (and end without rows)")
    {
        CHECK(parseNvidiaTopo(header(kMaxTopoGpus + 1)).error->kind ==
              ImportError::Kind::Inconsistent);
        const auto atLimit = parseNvidiaTopo(header(kMaxTopoGpus));
        REQUIRE(atLimit.error);
        CHECK(atLimit.error->kind == ImportError::Kind::Truncated);
        CHECK(atLimit.error->expected.starts_with("row GPU0 of the matrix"));
    }
    SECTION("more NIC columns than the GPU limit: the header is read, the short row refused")
    {
        // 2 GPUs and 1025 NIC columns, one row: the limit counts GPU columns only, and the
        // matrix is read row by row, so the row that ends early is the error.
        std::string text = "\tGPU0\tGPU1";
        for (std::int64_t n = 0; n < kMaxTopoGpus + 1; ++n) {
            text += "\tNIC" + std::to_string(n);
        }
        text += "\nGPU0\t X \tNV4\n";
        const auto r = parseNvidiaTopo(text);
        REQUIRE(r.error);
        CHECK(r.error->kind == ImportError::Kind::Truncated);
        CHECK(r.error->line == 2);
    }
}

TEST_CASE("nvidia-smi topo: UTF-8 BOM, UTF-16 LE/BE with BOM (PowerShell) and CR-only line ends",
          "[nvtopoimport]")
{
    const std::string plain = readSample("dgx_h100.txt");
    const auto reference = parseSample("dgx_h100.txt");
    const auto utf16 = [](const std::string& text, bool bigEndian) {
        std::string out = bigEndian ? "\xFE\xFF" : "\xFF\xFE";
        for (const char c : text) {
            out += bigEndian ? std::string{'\0', c} : std::string{c, '\0'};
        }
        return out;
    };
    std::string cr = plain;
    std::replace(cr.begin(), cr.end(), '\n', '\r');
    std::string crlf;
    for (const char c : plain) {
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    }
    for (const auto& [what, text] : std::vector<std::pair<std::string, std::string>>{
             {"UTF-8 BOM", "\xEF\xBB\xBF" + plain},
             {"UTF-16 LE", utf16(plain, false)},
             {"UTF-16 BE", utf16(plain, true)},
             {"UTF-16 LE, CRLF (PowerShell's Out-File)", utf16(crlf, false)},
             {"CR only", cr}}) {
        INFO(what);
        // Guards against: NoHeader for UTF-16 (a NUL between letters) and for CR-only (one long
        // line).
        const auto r = parseNvidiaTopo(text);
        INFO((r.error ? r.error->message() : std::string()));
        REQUIRE(r.node);
        CHECK(r.node->gpus == reference.gpus);
        CHECK(r.node->gpuGpu == reference.gpuGpu);
        CHECK(r.node->gpuNic == reference.gpuNic);
        CHECK(r.node->nics == reference.nics);
        CHECK(r.node->cpuAffinity == reference.cpuAffinity);
    }
    // Line numbers count CR-only lines as an editor shows them.
    std::string broken = cr;
    broken.replace(broken.find("NV18"), 4, "QPI1");
    const auto r = parseNvidiaTopo(broken);
    REQUIRE(r.error);
    CHECK(r.error->line ==
          parseNvidiaTopo(readSample("dgx_h100.txt").replace(plain.find("NV18"), 4, "QPI1"))
              .error->line);
}
