// An imported nvidia-smi topo -m node end to end: import a sample on the Topology
// panel, press "Use these for my cluster", and the scenario holds the node pair by pair
// (topology.preset = imported, topology.node, topology.node_nics) in one undo step; the diagram's
// pair table shows every pair with the kind simcore gives it (nvTopoCluster on the same file),
// hovering explains pairs and hops, and the node survives a scenario file. Expected values come
// from simcore on the same sample files (tests/simcore/test_topology_imported.cpp has the hand
// calculations).
#include "common/files.h"
#include "common/scenariofile.h"
#include "helpers.h"
#include "simcore/import/nvtopoimport.h"
#include "simcore/models/topology.h"
#include "simcore/reports/importkeys.h"
#include "topologyfixture.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/topology/topologydiagram.h"
#include "ui/panels/topology/topologypanel.h"
#include "ui/shell/panelregistry.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHelpEvent>
#include <QImage>
#include <QPushButton>
#include <QTemporaryDir>
#include <QToolTip>
#include <QUndoStack>
#include <catch2/catch.hpp>
#include <sys/stat.h>

using namespace dtsim::ui;

// A control as a problem line names it: by its label, the key only in the tooltip.
static QString labelOf(const char* key)
{
    return dtsim::ui::accessibleLabel(dtsim::ui::keyText(QString::fromLatin1(key)).label);
}

namespace {

using testing::dataFile;

simcore::NvTopoNode parseFile(const QString& path)
{
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    const auto parsed = simcore::parseNvidiaTopo(std::string_view(bytes.constData(), bytes.size()));
    REQUIRE(parsed.node);
    return *parsed.node;
}

using Fixture = testing::TopologyFixture;

} // namespace

TEST_CASE("imported node: use writes the node in one undo step and the table matches the file",
          "[ui][topology][imported]")
{
    for (const char* sample : {"dgx_h100.txt", "two_socket_8gpu_pcie.txt", "miswired_h100.txt",
                               "pcie_workstation_4gpu.txt", "dgx_a100.txt"}) {
        INFO(sample);
        Fixture f;
        const QString path = dataFile(QStringLiteral("nvtopo/") + QLatin1String(sample));
        const simcore::NvTopoNode node = parseFile(path);
        const auto expected = simcore::nvTopoCluster(node);
        REQUIRE(expected);
        const simcore::Scenario before = f.model.scenario();
        const int steps = f.model.undoStack()->count();

        REQUIRE(f.panel.importTopoFile(path));
        CHECK(f.model.scenario() == before); // nothing changes until "Use these"
        f.panel.useImportButton()->click();
        CHECK(f.panel.problemText().isEmpty());
        const auto& s = f.model.scenario();
        CHECK(f.model.undoStack()->count() == steps + 1);
        CHECK(s.topology.preset == simcore::TopologyPresetId::Imported);
        CHECK(s.topology.node == simcore::nvTopoWiringText(node));
        CHECK(s.topology.nodeNics == node.gpuNics());
        CHECK(s.hardware.gpusPerNode == node.gpus);
        CHECK(s.collective.workers == node.gpus);
        // Every key `dtsim import nvidia-topo` prints, with its value: one decision of both.
        for (const auto& group : simcore::topoImportKeys(node, *expected)) {
            for (const auto& assignment : group) {
                INFO(assignment.text());
                CHECK(simcore::valueText(s, assignment.key) == assignment.value);
            }
        }
        CHECK(f.panel.choiceBox(QStringLiteral("topology.preset"))->currentData().toString() ==
              QStringLiteral("imported"));

        // The diagram: one node, every pair of the file in the table with simcore's kind and the
        // file's own code.
        auto* diagram = f.panel.diagram();
        REQUIRE(diagram->isValid());
        CHECK(diagram->topology().cluster.node == expected->node);
        CHECK(diagram->drawnNodeCount() == 1);
        const auto& pairs = diagram->drawnPairs();
        REQUIRE(pairs.size() == static_cast<std::size_t>(node.gpus * (node.gpus - 1)));
        for (const auto& cell : pairs) {
            CHECK(cell.kind == expected->node.pair(cell.a, cell.b).kind);
            CHECK(cell.code.toStdString() == simcore::topoCellText(node.cell(cell.a, cell.b)));
            CHECK(diagram->pairAt(cell.rect.center()) ==
                  static_cast<std::size_t>(&cell - pairs.data()));
        }
        // The ring's pairs are marked, and a ring of g GPUs on one node uses g pairs (each in
        // both halves of the table).
        const auto inRing =
            std::count_if(pairs.begin(), pairs.end(), [](const auto& cell) { return cell.inRing; });
        CHECK(inRing == 2 * node.gpus);

        // One undo brings the old scenario back, and the table goes with the imported preset.
        f.model.undoStack()->undo();
        CHECK(f.model.scenario() == before);
        CHECK(diagram->drawnPairs().empty());
    }
}

TEST_CASE("imported node: hovering a pair or a hop explains it", "[ui][topology][imported]")
{
    Fixture f;
    REQUIRE(f.panel.importTopoFile(dataFile(QStringLiteral("nvtopo/two_socket_8gpu_pcie.txt"))));
    REQUIRE(f.panel.useImport());
    auto* diagram = f.panel.diagram();
    const auto& pairs = diagram->drawnPairs();
    REQUIRE_FALSE(pairs.empty());
    // Pair 0–1 is PIX (the file's row GPU0), 0–2 NODE, 0–4 SYS.
    const auto find = [&pairs](std::int64_t a, std::int64_t b) {
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            if (pairs[i].a == a && pairs[i].b == b) {
                return i;
            }
        }
        FAIL("pair not drawn");
        return std::size_t{0};
    };
    const QString pix = diagram->pairToolTip(find(0, 1));
    CHECK(pix.contains(QStringLiteral("GPU 0 ↔ GPU 1")));
    CHECK(pix.contains(QStringLiteral("PIX: through at most one PCIe switch")));
    CHECK(pix.contains(QStringLiteral("Bandwidth:")));
    CHECK(pix.contains(QStringLiteral("Source:")));
    CHECK(pairs[find(0, 1)].kind == simcore::LinkKind::PcieSwitch);
    CHECK(diagram->pairToolTip(find(0, 2)).contains(QStringLiteral("NODE")));
    CHECK(pairs[find(0, 2)].kind == simcore::LinkKind::PcieHostBridge);
    CHECK(diagram->pairToolTip(find(4, 0)).contains(QStringLiteral("SYS")));
    CHECK(pairs[find(4, 0)].kind == simcore::LinkKind::CpuInterconnect);
    // The real hover: a tooltip event over the cell shows that text.
    diagram->show();
    const QPoint at = pairs[find(0, 1)].rect.center().toPoint();
    QHelpEvent help(QEvent::ToolTip, at, diagram->mapToGlobal(at));
    QApplication::sendEvent(diagram, &help);
    CHECK(QToolTip::text() == pix);
    QToolTip::hideText();
    // The node's parts include its PCIe switches.
    CHECK(diagram->drawnComponentCount() >= 3); // PCIe switch, CPU, CPU 2 (and NICs if room)

    // The ring's hops keep their tooltips; the bottleneck (a SYS hop: the two sockets must be
    // crossed twice) is the framed pair in the table.
    const auto& r = diagram->topology().allReduce;
    REQUIRE(r.bottleneck);
    CHECK(r.hops[*r.bottleneck].kind == simcore::LinkKind::CpuInterconnect);
    const auto point = diagram->hopPoint(*r.bottleneck);
    REQUIRE(point);
    CHECK(diagram->hopAt(*point) == r.bottleneck);
    CHECK(diagram->hopToolTip(*r.bottleneck).contains(QStringLiteral("slowest link")));
    const auto slowest =
        std::count_if(pairs.begin(), pairs.end(), [](const auto& cell) { return cell.slowest; });
    CHECK(slowest == 2); // one pair, both halves of the table
}

TEST_CASE("imported node: direct NVLink counts show in the table and the hop tooltips",
          "[ui][topology][imported]")
{
    // Four GPUs in a ring of NV4 with the diagonals on PHB (a made-up board): pairs 0-1 0-2 0-3
    // 1-2 1-3 2-3.
    simcore::Scenario s;
    REQUIRE_FALSE(simcore::setValue(s, "topology.preset", "imported"));
    REQUIRE_FALSE(simcore::setValue(s, "topology.node", "NV4 PHB NV4 NV4 PHB NV4"));
    s.collective.workers = 4;
    s.hardware.gpusPerNode = 4; // the node's GPUs (validate() names any other count)
    ScenarioModel model(s);
    TopologyPanel panel(&model);
    panel.resize(1280, 760);
    panel.diagram()->resize(880, 600);
    auto* diagram = panel.diagram();
    REQUIRE(diagram->isValid());
    int nv4 = 0;
    for (const auto& cell : diagram->drawnPairs()) {
        if (cell.code == QLatin1String("NV4")) {
            ++nv4;
            CHECK(cell.kind == simcore::LinkKind::NvLink);
            CHECK(cell.inRing); // the best ring 0 → 1 → 2 → 3 → 0 runs on the NV4 pairs only
        } else {
            CHECK(cell.code == QLatin1String("PHB"));
            CHECK_FALSE(cell.inRing);
        }
    }
    CHECK(nv4 == 8);
    CHECK(diagram->hopToolTip(0).contains(QStringLiteral("4 NVLinks bonded (NV4)")));
    CHECK(diagram->isBalanced()); // every hop NV4: no pair singled out
}

TEST_CASE("imported node: survives a scenario file; an empty node names the key",
          "[ui][topology][imported]")
{
    Fixture f;
    REQUIRE(f.panel.importTopoFile(dataFile(QStringLiteral("nvtopo/dgx_h100.txt"))));
    REQUIRE(f.panel.useImport());
    const simcore::Scenario used = f.model.scenario();
    const auto reread = dtsim::common::parseScenario(dtsim::common::serializeScenario(used),
                                                     QStringLiteral("s.dtsim"), {});
    INFO(reread.error.toStdString());
    REQUIRE(reread.scenario);
    CHECK(*reread.scenario == used);

    // Picking "Imported node" with nothing imported: an inline message naming topology.node.
    Fixture empty;
    auto* presets = empty.panel.choiceBox(QStringLiteral("topology.preset"));
    const int index = presets->findData(QStringLiteral("imported"));
    REQUIRE(index >= 0);
    presets->setCurrentIndex(index);
    emit presets->activated(index);
    CHECK(empty.model.scenario().topology.preset == simcore::TopologyPresetId::Imported);
    CHECK_FALSE(empty.panel.diagram()->isValid());
    CHECK(empty.panel.problemText().contains(QStringLiteral("topology.node")));
    CHECK(empty.panel.diagram()->drawnPairs().empty());
    // It still paints.
    QImage image(empty.panel.diagram()->size(), QImage::Format_ARGB32);
    empty.panel.diagram()->render(&image);
    CHECK(testing::inkShare(image) > 0);
}

TEST_CASE("imported node: another GPUs-per-node count is named on the panel until it matches",
          "[ui][topology][imported]")
{
    Fixture f;
    REQUIRE(f.panel.importTopoFile(dataFile(QStringLiteral("nvtopo/pcie_workstation_4gpu.txt"))));
    f.panel.useImportButton()->click();
    REQUIRE(f.panel.problemText().isEmpty());
    REQUIRE(f.model.scenario().hardware.gpusPerNode == 4);
    // Edited on another panel (Communication, Scaling): the node drawn has 4 GPUs.
    REQUIRE_FALSE(f.model.setNumber(QStringLiteral("hardware.gpus_per_node"), 8));
    CHECK(f.panel.problemText().contains(labelOf("hardware.gpus_per_node")));
    CHECK(f.panel.problemText().contains(QStringLiteral("4")));
    REQUIRE_FALSE(f.model.setNumber(QStringLiteral("hardware.gpus_per_node"), 4));
    CHECK(f.panel.problemText().isEmpty());
}

TEST_CASE("imports on the panel refuse what is not a regular file, and files past the cap",
          "[ui][topology][imported]")
{
    // The window reads an import as the command line does: a folder, a FIFO (which would block
    // the open without a writer) and a device (which never ends) are refused by name, and the
    // 64 MiB cap counts bytes read; nothing is imported and the panel keeps what it had.
    QTemporaryDir folder;
    REQUIRE(folder.isValid());
    const QString fifo = folder.filePath(QStringLiteral("log.fifo"));
    REQUIRE(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    for (const QString& path : {folder.path(), fifo, QStringLiteral("/dev/zero")}) {
        INFO(path.toStdString());
        Fixture f;
        CHECK_FALSE(f.panel.importNcclFile(path));
        CHECK(f.panel.problemText().contains(QStringLiteral("not a regular file")));
        CHECK_FALSE(f.panel.importTopoFile(path));
        CHECK(f.panel.problemText().contains(QStringLiteral("Nothing was imported")));
    }
    Fixture missing;
    CHECK_FALSE(missing.panel.importTopoFile(folder.filePath(QStringLiteral("absent.txt"))));
    CHECK(missing.panel.problemText().contains(QStringLiteral("does not exist")));

    const QString large = folder.filePath(QStringLiteral("large.txt"));
    QFile file(large);
    REQUIRE(file.open(QIODevice::WriteOnly));
    REQUIRE(file.resize(dtsim::common::kMaxMeasurementLogBytes + 1)); // sparse: no disk used
    file.close();
    Fixture f;
    CHECK_FALSE(f.panel.importNcclFile(large));
    CHECK(f.panel.problemText().contains(QStringLiteral("too large for a measurement log")));
    CHECK(f.panel.problemText().contains(QStringLiteral("64 MiB")));
}
