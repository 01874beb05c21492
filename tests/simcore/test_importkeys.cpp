// Which keys an import sets is decided once (reports/importkeys.h): the Topology panel, the
// main window and `dtsim import` apply or print these groups, so they cannot differ.
#include "simcore/reports/importkeys.h"

#include "simcore/import/nccllog.h"

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

std::string valueOf(const std::vector<AssignmentGroup>& groups, const std::string& key)
{
    for (const auto& group : groups) {
        for (const auto& assignment : group) {
            if (assignment.key == key) {
                return assignment.value;
            }
        }
    }
    return "(none)";
}

} // namespace

TEST_CASE("nvidia-smi topo: the node, its wiring and the ring over its GPUs", "[importkeys]")
{
    for (const char* sample : {"dgx_h100.txt", "pcie_workstation_4gpu.txt", "miswired_h100.txt"}) {
        INFO(sample);
        const auto parsed = parseNvidiaTopo(readSample(std::string("nvtopo/") + sample));
        REQUIRE(parsed.node);
        const auto cluster = nvTopoCluster(*parsed.node);
        REQUIRE(cluster);
        const auto groups = topoImportKeys(*parsed.node, *cluster);
        REQUIRE(groups.size() == 2);
        const std::string gpus = std::to_string(parsed.node->gpus);
        CHECK(valueOf(groups, "hardware.gpus_per_node") == gpus);
        CHECK(valueOf(groups, "topology.preset") == "imported");
        CHECK(valueOf(groups, "topology.node") == nvTopoWiringText(*parsed.node));
        CHECK(valueOf(groups, "topology.node_nics") == std::to_string(parsed.node->gpuNics()));
        CHECK(valueOf(groups, "collective.workers") == gpus);
        CHECK(valueOf(groups, "collective.algorithm") == "ring");
        // The equivalent link inside the node is the topology model's (topology.h), as
        // formatNumber writes it for --set.
        const auto links = equivalentLinks(*cluster);
        CHECK(valueOf(groups, "hardware.intra_bandwidth") ==
              formatNumber(links.intra.bandwidthBytesPerSecond));

        // Every group is taken on a default scenario, and the result draws the imported node.
        const AppliedGroups applied = applyGroups(Scenario{}, groups);
        CHECK(applied.leftOut.empty());
        CHECK(applied.scenario.topology.preset == TopologyPresetId::Imported);
        CHECK(applied.scenario.collective.workers == parsed.node->gpus);
    }
}

TEST_CASE("nvidia-smi topo: one GPU proposes nothing", "[importkeys]")
{
    NvTopoNode one;
    one.gpus = 1;
    one.gpuGpu = {TopoCell{TopoCode::Self, 0}};
    const auto cluster = nvTopoCluster(one);
    REQUIRE(cluster);
    CHECK(topoImportKeys(one, *cluster).empty());
}

TEST_CASE("nccl-tests: the link at its level, and the measured run to reproduce it", "[importkeys]")
{
    const NcclLog imported = importNcclLog(readSample("nccl/all_reduce_8xh100_nvswitch.txt"));
    REQUIRE_FALSE(imported.error);
    const auto& fit = imported.combined.fit;
    const NcclImportKeys intra = ncclImportKeys(imported.combined, true);
    REQUIRE(intra.links.size() == 1);
    CHECK(intra.links.front() ==
          AssignmentGroup{{"hardware.intra_latency", formatNumber(fit.latencySeconds)},
                          {"hardware.intra_bandwidth", formatNumber(fit.bandwidthBytesPerSecond)}});
    // The run: ring over its 8 ranks on one host of 8, then the link.
    REQUIRE(intra.measuredRun.size() == 3);
    CHECK(intra.measuredRun[0] ==
          AssignmentGroup{{"collective.algorithm", "ring"}, {"collective.workers", "8"}});
    CHECK(intra.measuredRun[1] == AssignmentGroup{{"hardware.gpus_per_node", "8"}});
    CHECK(intra.measuredRun[2] == intra.links.front());

    // A second log fills the other level in the same step.
    const NcclImportKeys both = ncclImportKeys(imported.combined, true, &imported.combined);
    REQUIRE(both.links.size() == 2);
    CHECK(both.links[1].front().key == "hardware.inter_latency");
}

TEST_CASE("step times: the fitted lesson constants, then the points", "[importkeys]")
{
    const std::vector<MeasuredStep> points = {{1, 1.0, 2}, {2, 0.55, 3}, {4, 0.31, 4}};
    const LessonFit fit = fitLessonConstants(points);
    REQUIRE_FALSE(fit.error);
    const auto groups = stepTimesImportKeys(points, fit);
    REQUIRE(groups.size() == 2);
    CHECK(groups[0][0] ==
          KeyAssignment{"lesson.base_compute", formatNumber(fit.baseComputeSeconds)});
    CHECK(groups[1] == AssignmentGroup{{"scaling.measured", "1:1 2:0.55 4:0.31"}});

    // Too few worker counts to fit: the points alone.
    const std::vector<MeasuredStep> two = {{1, 1.0, 2}, {2, 0.55, 3}};
    const auto fewer = stepTimesImportKeys(two, fitLessonConstants(two));
    REQUIRE(fewer.size() == 1);
    CHECK(fewer[0].front().key == "scaling.measured");
}

TEST_CASE("applyGroups leaves out a refused group with its key and goes on", "[importkeys]")
{
    const std::vector<AssignmentGroup> groups = {
        {{"collective.workers", "4"}},
        {{"collective.workers", "0"}, {"collective.algorithm", "tree"}}, // workers out of range
        {{"collective.algorithm", "tree"}}};
    const AppliedGroups applied = applyGroups(Scenario{}, groups);
    REQUIRE(applied.accepted.size() == 2);
    REQUIRE(applied.leftOut.size() == 1);
    CHECK(applied.leftOut.front() == groups[1]);
    REQUIRE(applied.problems.size() == 1);
    CHECK(applied.problems.front().key == "collective.workers");
    CHECK(applied.reasons.front() == applied.problems.front().message());
    CHECK(applied.scenario.collective.workers == 4);
    CHECK(applied.scenario.collective.algorithm == CommAlgorithm::Tree);
}
