// What an import reports is decided once (reports/importreport.h): `dtsim import` prints its
// text and details, the Topology panel its quantities. Figures from the samples in tests/data.
#include "simcore/reports/importreport.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

using namespace simcore;

namespace {

std::string readSample(const std::string& name)
{
    std::ifstream file(std::string(DTSIM_SOURCE_DIR "/tests/data/") + name, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

ImportSource sourceOf(const std::string& shown, const std::string& text)
{
    const auto slash = shown.rfind('/');
    return {shown, slash == std::string::npos ? shown : shown.substr(slash + 1), text};
}

const Value& fieldOf(const Record& record, std::string_view id)
{
    const Value* value = findField(record, id);
    REQUIRE(value != nullptr);
    return *value;
}

} // namespace

TEST_CASE("Import errors name the file and the line", "[importreport]")
{
    const ImportError error{ImportError::Kind::BadNumber, 12, "a number", "abc"};
    CHECK(importErrorText("log.txt", error) == "log.txt:12: expected a number, found 'abc'");
    const ImportError whole{ImportError::Kind::Empty, 0, "some text", ""};
    CHECK(importErrorText("log.txt", whole) == "log.txt: expected some text");

    const std::string empty;
    const ImportSource source = sourceOf("empty.txt", empty);
    const auto nccl = ncclImportReport({&source, 1});
    CHECK_FALSE(nccl.ok());
    CHECK(nccl.errorSource == 0u);
    CHECK(nccl.errorText.rfind("empty.txt", 0) == 0);
    CHECK(nccl.text.empty());
    CHECK_FALSE(nvTopoImportReport(source).ok());
    CHECK_FALSE(stepTimesImportReport(source).ok());
}

TEST_CASE("An nccl-tests log: the fit as quantities, details and text", "[importreport]")
{
    const std::string text = readSample("nccl/all_reduce_8xh100_nvswitch.txt");
    const ImportSource source = sourceOf("all_reduce_8xh100_nvswitch.txt", text);
    const auto report = ncclImportReport({&source, 1});
    REQUIRE(report.ok());
    REQUIRE(report.logs.size() == 1);
    const auto& fit = report.logs.front().combined.fit;
    CHECK(report.find("collective")->word == "all_reduce");
    CHECK(report.find("ranks")->value == 8);
    CHECK(report.find("nodes")->value == 1);
    CHECK(report.find("latency")->value == fit.latencySeconds);
    CHECK(report.find("bandwidth")->value == fit.bandwidthBytesPerSecond);
    CHECK(report.find("scope")->word == "intra"); // one host: inside a node
    CHECK(report.find("second_ranks") == nullptr);
    CHECK(std::get<std::string>(fieldOf(report.details, "kind")) == "nccl-tests");
    CHECK(std::get<std::string>(fieldOf(report.details, "scope")) == "intra");
    CHECK(std::get<double>(fieldOf(report.details, "latency")) == fit.latencySeconds);
    CHECK(report.text.rfind("all_reduce_8xh100_nvswitch.txt: nccl-tests all_reduce, 8 ranks on "
                            "1 node(s)",
                            0) == 0);
    CHECK(report.text.find("Paste into dtsim:\n  --set hardware.intra_latency=") !=
          std::string::npos);
}

TEST_CASE("Two nccl-tests logs fill both link levels", "[importreport]")
{
    const std::string intra = readSample("nccl/all_reduce_8xh100_nvswitch.txt");
    const std::string inter = readSample("nccl/all_reduce_2x8xh100_ndr.txt");
    // Given across first: the levels come from the hosts, not the order.
    const ImportSource sources[] = {sourceOf("across.txt", inter), sourceOf("inside.txt", intra)};
    const auto report = ncclImportReport(sources);
    REQUIRE(report.ok());
    CHECK(report.levels.intra == 1u);
    CHECK(report.levels.inter == 0u);
    CHECK(report.find("scope")->word == "inter");
    CHECK(report.find("second_ranks")->value == 8);
    CHECK(std::get<std::string>(fieldOf(report.details, "intra_file")) == "inside.txt");
    CHECK(std::get<List>(fieldOf(report.details, "logs")).size() == 2);
    CHECK(report.text.find("Both link levels (inside.txt inside a node, across.txt between "
                           "nodes); paste into dtsim:") != std::string::npos);

    const ImportSource same[] = {sourceOf("a.txt", intra), sourceOf("b.txt", intra)};
    const auto refused = ncclImportReport(same);
    CHECK_FALSE(refused.ok());
    CHECK_FALSE(refused.errorSource.has_value());
    CHECK(refused.errorText.rfind("a.txt, b.txt: expected ", 0) == 0);
}

TEST_CASE("An nvidia-smi topo -m matrix: the node and the slowest hop of its ring",
          "[importreport]")
{
    const std::string text = readSample("nvtopo/dgx_h100.txt");
    const auto report = nvTopoImportReport(sourceOf("dgx_h100.txt", text));
    REQUIRE(report.ok());
    REQUIRE(report.node);
    CHECK(report.find("gpus")->value == 8);
    CHECK(report.find("nics")->value == static_cast<double>(report.node->nics.size()));
    CHECK(report.find("nvswitch")->value == 1);
    REQUIRE(report.find("slowest_hop_kind") != nullptr);
    CHECK(report.find("slowest_hop_bandwidth")->value > 0);
    CHECK(report.proposed == topoImportKeys(*report.node, *report.cluster));
    CHECK(std::get<List>(fieldOf(report.details, "pairs")).size() == 8 * 7 / 2);
    CHECK(report.text.rfind("nvidia-smi topo -m: 8 GPUs, ", 0) == 0);
}

TEST_CASE("Step times: the lesson's constants fitted, with the points to paste", "[importreport]")
{
    const std::string text = "workers,seconds\n1,1.0\n2,0.53\n4,0.29\n8,0.19\n";
    const auto report = stepTimesImportReport(sourceOf("steps.csv", text));
    REQUIRE(report.ok());
    CHECK(report.points.size() == 4);
    CHECK(report.find("base_compute")->value == report.fit.baseComputeSeconds);
    CHECK(report.find("points")->value == 4);
    CHECK(report.proposed == stepTimesImportKeys(report.points, report.fit));
    CHECK(std::get<std::string>(fieldOf(report.details, "model")) == "lesson");
    CHECK(report.text.rfind("step times: 4 runs at 4 worker counts", 0) == 0);
    // The table's rows as `dtsim calc` aligns them: a name column of 24, values right-aligned.
    CHECK(report.text.find("\n  base_compute             ") != std::string::npos);
}

TEST_CASE("Every link kind reads back from its id", "[importreport]")
{
    for (const LinkKind kind :
         {LinkKind::NvSwitch, LinkKind::NvLink, LinkKind::PcieSwitch, LinkKind::PcieHostBridge,
          LinkKind::CpuInterconnect, LinkKind::Network, LinkKind::Custom}) {
        CHECK(findLinkKind(linkKindId(kind)) == kind);
    }
    CHECK_FALSE(findLinkKind("ethernet").has_value());
}
