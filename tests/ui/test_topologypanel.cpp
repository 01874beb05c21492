// The Topology panel end to end: wiring picker → Scenario → simcore::topologyReport → the drawn
// nodes, ring and bottleneck, read-outs and formula; the importers through the panel's functions
// (the file dialogs only call them); export. Expected numbers come from simcore (tests/simcore/
// test_topology.cpp has the hand calculations) and the samples under tests/data.
#include "common/format.h"
#include "helpers.h"
#include "simcore/import/ncclimport.h"
#include "simcore/import/nccllog.h"
#include "simcore/models/collectives.h"
#include "simcore/models/topology.h"
#include "simcore/models/topologypick.h"
#include "topologyfixture.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/topology/topologydiagram.h"
#include "ui/panels/topology/topologypanel.h"
#include "ui/shell/exporter.h"
#include "ui/shell/panelregistry.h"

#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

// A control as a problem line names it: by its label, the key only in the tooltip.
static QString labelOf(const char* key)
{
    return dtsim::ui::accessibleLabel(dtsim::ui::keyText(QString::fromLatin1(key)).label);
}

namespace {

using testing::choose;

using testing::dataFile;

using Fixture = testing::TopologyFixture;

} // namespace

TEST_CASE("topology panel: the tab sits between Communication and Checkpoint", "[ui][topology]")
{
    QStringList ids;
    for (const auto& entry : panelEntries()) {
        if (entry.createPanel) {
            ids << entry.id;
        }
    }
    const auto at = ids.indexOf(QStringLiteral("topology"));
    REQUIRE(at >= 0);
    CHECK(ids.indexOf(QStringLiteral("checkpoint")) == at + 1);
    if (ids.contains(QStringLiteral("communication"))) {
        CHECK(ids.indexOf(QStringLiteral("communication")) == at - 1);
    }
}

TEST_CASE("topology panel: presets change the drawn nodes", "[ui][topology]")
{
    Fixture f;
    REQUIRE(f.presets());
    // Default: 4 nodes × 8 H100 (simcore/models/topology.h), all drawn.
    CHECK(f.model.scenario().topology.preset == simcore::TopologyPresetId::NdrCluster);
    CHECK(f.panel.diagram()->drawnNodeCount() == 4);
    CHECK(f.panel.diagram()->drawnGpuCount() == 32);

    choose(f.presets(), QStringLiteral("pcie-workstation"));
    CHECK(f.model.scenario().topology.preset == simcore::TopologyPresetId::PcieWorkstation);
    // N = 8 does not fit 4 GPUs: picking the preset brings N down to 4, with no error.
    CHECK(f.model.scenario().collective.workers == 4);
    CHECK(f.panel.problemText().isEmpty());
    CHECK(f.panel.diagram()->drawnNodeCount() == 1);
    CHECK(f.panel.diagram()->drawnGpuCount() == 4);

    choose(f.presets(), QStringLiteral("h100-nvswitch"));
    CHECK(f.panel.diagram()->drawnNodeCount() == 1);
    CHECK(f.panel.diagram()->drawnGpuCount() == 8);

    // "Your cluster": hardware.gpus_per_node = 8 and 24 workers → 3 nodes.
    REQUIRE_FALSE(f.model.setValue(QStringLiteral("collective.workers"), QStringLiteral("24")));
    choose(f.presets(), QStringLiteral("scenario"));
    CHECK(f.panel.diagram()->drawnNodeCount() == 3);
    CHECK(f.panel.diagram()->drawnGpuCount() == 24);
    // Ten nodes: the first three, an ellipsis, the last.
    REQUIRE_FALSE(f.model.setValue(QStringLiteral("collective.workers"), QStringLiteral("80")));
    CHECK(f.panel.diagram()->drawnNodeCount() == TopologyDiagram::kMaxShownNodes);
    CHECK(f.panel.diagram()->topology().cluster.nodes == 10);
}

TEST_CASE("topology panel: picking a wiring prices that cluster on every panel, in one undo step",
          "[ui][topology]")
{
    Fixture f;
    const simcore::Scenario before = f.model.scenario();
    const int steps = f.model.undoStack()->count();
    choose(f.presets(), QStringLiteral("pcie-workstation"));
    const auto& s = f.model.scenario();
    CHECK(f.model.undoStack()->count() == steps + 1);
    CHECK(s == simcore::withTopologyPreset(before, simcore::TopologyPresetId::PcieWorkstation));
    // The workstation's own hardware: 4 × RTX 4090 on PCIe 4.0 x16 (links.h), N down to 4.
    CHECK(s.hardware.gpu == "rtx4090");
    CHECK(s.hardware.gpusPerNode == 4);
    CHECK(s.hardware.intraBandwidthBytesPerSecond ==
          simcore::findLink("pcie4-x16")->link.bandwidthBytesPerSecond);
    CHECK(s.hardware.intraLatencySeconds == 5.7e-6);
    CHECK(s.collective.workers == 4);
    // Scaling and Communication price the uniform cluster of these keys: the same all-reduce.
    // 4 GPUs on PCIe 4.0: 6 × 5.7 µs + 1.5 × 1e9 / 31.5077e9 = 47.64 ms.
    const auto* time = f.panel.diagram()->report().find("time");
    REQUIRE(time);
    CHECK(time->value == simcore::allReduceFromScenario(s).seconds);
    CHECK(time->value ==
          Approx(6 * 5.7e-6 + 1.5 * 1e9 / (16e9 * 16 * (128.0 / 130.0) / 8)).epsilon(1e-12));
    CHECK(f.panel.readouts().at(0) == dtsim::common::formatDuration(time->value));
    // One undo brings back the wiring, the hardware and N together.
    f.model.undoStack()->undo();
    CHECK(f.model.scenario() == before);
}

TEST_CASE("topology panel: the read-outs and the formula are the report's", "[ui][topology]")
{
    Fixture f;
    // The default cluster: a balanced ring of 8 NVSwitch GPUs.
    const auto& report = f.panel.diagram()->report();
    const QStringList shown = f.panel.readouts();
    CHECK(shown.at(0) == dtsim::common::formatQuantity(report, "time"));
    CHECK(shown.at(1) == QStringLiteral("every hop alike: %1, %2")
                             .arg(TopologyDiagram::kindName(simcore::LinkKind::NvSwitch),
                                  dtsim::common::formatBandwidth(450e9)));
    CHECK(shown.at(2) == dtsim::common::formatQuantity(report, "bottleneck_utilisation"));
    CHECK(shown.at(3) == QStringLiteral("1 of 4"));
    // 2(N−1) = 14 and 2(N−1)/N = 1.75 for N = 8, from the report's terms.
    CHECK(f.panel.formulaText().contains(QStringLiteral("= 14 × ")));
    CHECK(f.panel.formulaText().contains(QStringLiteral(" + 1.75 × ")));
    // One GPU: nothing to name, no numbers in the formula.
    REQUIRE_FALSE(f.model.setValue(QStringLiteral("collective.workers"), QStringLiteral("1")));
    CHECK(f.panel.readouts().at(1) == QStringLiteral("none: one GPU sends nothing"));
    CHECK(f.panel.readouts().at(2) == QStringLiteral("—"));
    CHECK_FALSE(f.panel.formulaText().contains(QStringLiteral("<b>")));
    // Hierarchical over three nodes: the two phases and their sum, as the report has them.
    REQUIRE_FALSE(f.model.setValue(QStringLiteral("collective.workers"), QStringLiteral("20")));
    REQUIRE_FALSE(
        f.model.setValue(QStringLiteral("collective.algorithm"), QStringLiteral("hierarchical")));
    const auto& hierarchical = f.panel.diagram()->report();
    CHECK(f.panel.formulaText().contains(QStringLiteral("across 3 nodes")));
    CHECK(f.panel.formulaText().contains(
        dtsim::common::formatQuantity(hierarchical, "intra_time") + QStringLiteral(" + ") +
        dtsim::common::formatQuantity(hierarchical, "inter_time")));
}

TEST_CASE("topology panel: the bottleneck drawn is the one simcore finds", "[ui][topology]")
{
    Fixture f;
    choose(f.presets(), QStringLiteral("miswired"));
    const auto preset = simcore::topologyPreset("miswired");
    REQUIRE(preset);
    const auto expected = simcore::topologyAllReduce(*preset, 8, 1e9, simcore::CommAlgorithm::Ring);
    REQUIRE(expected.bottleneck);
    const auto* diagram = f.panel.diagram();
    REQUIRE(diagram->highlightedHop());
    CHECK(*diagram->highlightedHop() == *expected.bottleneck);
    const auto& hop = expected.hops[*expected.bottleneck];
    CHECK(hop.kind == simcore::LinkKind::PcieHostBridge);
    CHECK(diagram->bottleneckText().contains(QStringLiteral("GPU 6 → GPU 7")));
    CHECK(f.panel.readouts().at(1).contains(QStringLiteral("GPU 6 → GPU 7")));
    CHECK(f.panel.readouts().at(0) == dtsim::common::formatDuration(expected.cost.seconds));
    // Hovering the highlighted hop explains it: kind, bandwidth one way per GPU, latency, source.
    const auto point = diagram->hopPoint(*expected.bottleneck);
    REQUIRE(point);
    CHECK(diagram->hopAt(*point) == expected.bottleneck);
    const QString tip = diagram->hopToolTip(*expected.bottleneck);
    CHECK(tip.contains(TopologyDiagram::kindName(simcore::LinkKind::PcieHostBridge)));
    CHECK(tip.contains(dtsim::common::formatBandwidth(hop.link.bandwidthBytesPerSecond)));
    CHECK(tip.contains(QStringLiteral("one direction")));
    CHECK(tip.contains(dtsim::common::formatDuration(5.7e-6)));
    CHECK(tip.contains(QStringLiteral("PCI-SIG"))); // links.h source of PCIe 5.0
    // Every hop of the ring is drawn.
    CHECK(diagram->drawnHops().size() == expected.hops.size());

    // Crossing nodes: 16 GPUs on the NDR cluster, the NIC hop 7 → 8 bounds the ring.
    choose(f.presets(), QStringLiteral("ndr-cluster"));
    REQUIRE_FALSE(f.model.setValue(QStringLiteral("collective.workers"), QStringLiteral("16")));
    REQUIRE(diagram->highlightedHop());
    const auto& r = diagram->topology().allReduce;
    CHECK(*diagram->highlightedHop() == *r.bottleneck);
    CHECK(r.hops[*r.bottleneck].kind == simcore::LinkKind::Network);
    CHECK(r.hops[*r.bottleneck].from == 7);
    CHECK(f.panel.formulaText().contains(dtsim::common::formatDuration(r.cost.seconds)));

    // A balanced ring (one NVSwitch node) singles out no link.
    REQUIRE_FALSE(f.model.setValue(QStringLiteral("collective.workers"), QStringLiteral("8")));
    CHECK(diagram->isBalanced());
    CHECK_FALSE(diagram->highlightedHop());
    CHECK(diagram->bottleneckText().startsWith(QStringLiteral("Balanced ring")));
}

TEST_CASE("topology panel: too many GPUs for the wiring is an inline problem", "[ui][topology]")
{
    Fixture f;
    REQUIRE_FALSE(f.model.setValue(QStringLiteral("collective.workers"), QStringLiteral("33")));
    CHECK_FALSE(f.panel.diagram()->isValid());
    CHECK(f.panel.problemText().contains(labelOf("collective.workers")));
    CHECK(f.panel.problemText().contains(QStringLiteral("1 … 32")));
    CHECK(f.panel.readouts().at(0) == QStringLiteral("—"));
    REQUIRE_FALSE(f.model.setValue(QStringLiteral("collective.workers"), QStringLiteral("32")));
    CHECK(f.panel.diagram()->isValid());
    CHECK(f.panel.problemText().isEmpty());
}

TEST_CASE("topology panel: importing nccl-tests fits, draws and sets the keys", "[ui][topology]")
{
    Fixture f;
    const simcore::Scenario before = f.model.scenario();
    CHECK_FALSE(f.panel.useImportButton()->isEnabled());
    const QString path = dataFile(QStringLiteral("nccl/all_reduce_2x8xh100_ndr.txt"));
    REQUIRE(f.panel.importNcclFile(path));
    CHECK(f.panel.problemText().isEmpty());
    CHECK(f.model.scenario() == before); // nothing changes until "Use these"
    CHECK(f.panel.useImportButton()->isEnabled());
    CHECK(f.panel.importText().contains(QStringLiteral("all_reduce")));
    CHECK(f.panel.fitView()->isVisibleTo(&f.panel));
    // The measured points (31 sizes, all > 0 bytes) and the fitted model on the log–log chart.
    CHECK(f.panel.measuredSeries()->count() == 31);
    CHECK(f.panel.fittedSeries()->count() == 64);

    // The same fit simcore computes from the file.
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    const auto imported = simcore::importNcclTests(
        std::string_view(bytes.constData(), bytes.size()), "all_reduce_2x8xh100_ndr.txt");
    REQUIRE(imported.table);
    const auto& points = f.panel.measuredSeries()->points();
    CHECK(points.last().x() == 8589934592.0);
    CHECK(points.last().y() == Approx(imported.table->outOfPlace.back().seconds * 1e6));

    REQUIRE(f.panel.useImport());
    const auto& s = f.model.scenario();
    CHECK(s.topology.preset == simcore::TopologyPresetId::Scenario);
    CHECK(s.collective.workers == 16);
    CHECK(s.hardware.gpusPerNode == 8);
    CHECK(s.hardware.interLatencySeconds == imported.fit.latencySeconds);
    CHECK(s.hardware.interBandwidthBytesPerSecond == imported.fit.bandwidthBytesPerSecond);
    CHECK(s.collective.algorithm == simcore::CommAlgorithm::Ring);
    // The diagram now draws "your cluster": 2 nodes, the network hop at the fitted bandwidth.
    CHECK(f.panel.diagram()->drawnNodeCount() == 2);
    const auto& r = f.panel.diagram()->topology().allReduce;
    REQUIRE(r.bottleneck);
    CHECK(r.hops[*r.bottleneck].link.bandwidthBytesPerSecond ==
          imported.fit.bandwidthBytesPerSecond);
    // One undo step brings everything back.
    f.model.undoStack()->undo();
    CHECK(f.model.scenario() == before);
}

TEST_CASE("topology panel: importing nvidia-smi topo sets the node's slowest ring hop",
          "[ui][topology]")
{
    Fixture f;
    REQUIRE(f.panel.importTopoFile(dataFile(QStringLiteral("nvtopo/miswired_h100.txt"))));
    CHECK(f.panel.importText().contains(QStringLiteral("8 GPUs")));
    CHECK_FALSE(f.panel.fitView()->isVisibleTo(&f.panel));
    REQUIRE(f.panel.useImport());
    const auto& h = f.model.scenario().hardware;
    CHECK(h.gpusPerNode == 8);
    // The best ring keeps GPU 3 on its socket: its slowest hop is PCIe 5.0 x16 (links.h).
    CHECK(h.intraBandwidthBytesPerSecond ==
          simcore::findLink("pcie5-x16")->link.bandwidthBytesPerSecond);
    CHECK(h.intraLatencySeconds == 5.7e-6);
    // …and the node itself, pair by pair (test_topology_import_ui.cpp checks the drawing).
    CHECK(f.model.scenario().topology.preset == simcore::TopologyPresetId::Imported);
}

TEST_CASE("topology panel: a bad file shows an inline message and changes nothing",
          "[ui][topology]")
{
    Fixture f;
    const simcore::Scenario before = f.model.scenario();
    CHECK_FALSE(f.panel.importNcclFile(dataFile(QStringLiteral("nccl/bad/decimal_comma.txt"))));
    CHECK(f.panel.problemText().contains(QStringLiteral("line 18")));
    CHECK(f.panel.problemText().contains(QStringLiteral("26,41")));
    CHECK(f.panel.problemText().contains(QStringLiteral("Nothing was imported")));
    CHECK(f.model.scenario() == before);
    CHECK_FALSE(f.panel.useImportButton()->isEnabled());
    CHECK(f.panel.importText().isEmpty());

    // After a good import, a bad one keeps the good one.
    REQUIRE(
        f.panel.importNcclFile(dataFile(QStringLiteral("nccl/all_reduce_8xh100_nvswitch.txt"))));
    const QString good = f.panel.importText();
    CHECK_FALSE(f.panel.importTopoFile(dataFile(QStringLiteral("nvtopo/bad/asymmetric.txt"))));
    CHECK(f.panel.problemText().contains(QStringLiteral("line 9")));
    CHECK(f.panel.importText() == good);
    CHECK_FALSE(f.panel.importNcclFile(dataFile(QStringLiteral("nccl/no-such-file.txt"))));
    CHECK(f.panel.problemText().contains(QStringLiteral("does not exist")));
    CHECK(f.model.scenario() == before);
}

TEST_CASE("topology panel: export draws the diagram and writes the links as CSV", "[ui][topology]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    simcore::Scenario scenario;
    scenario.topology.preset = simcore::TopologyPresetId::Miswired;
    const QString png = dir.filePath(QStringLiteral("topology.png"));
    REQUIRE(
        exportPanel(QStringLiteral("topology"), scenario, png, {QSize(1280, 720), 1.0}).isEmpty());
    QImage image(png);
    REQUIRE_FALSE(image.isNull());
    CHECK(testing::distinctColours(image) > 8);
    CHECK(testing::inkShare(image) > 0.02); // a white page has 0

    auto area = createChartArea(QStringLiteral("topology"));
    REQUIRE(area);
    area->showScenario(scenario);
    // The report's quantities first (simcore/reports/topologyreport.h), then the links.
    const QString csv = testing::csvText(area->csv());
    CHECK(csv.startsWith(QStringLiteral("quantity,value,unit\n")));
    CHECK(testing::csvTable(csv, QStringLiteral("quantity,value,unit"))
              .contains(QStringLiteral("bottleneck_kind,pcie-host-bridge,")));
    const QStringList lines = testing::csvTable(csv, QStringLiteral("from_gpu,"));
    REQUIRE_FALSE(lines.isEmpty());
    CHECK(lines.first() == QStringLiteral("from_gpu,to_gpu,kind,bandwidth_bytes_per_s,latency_s,"
                                          "ring_hop,bottleneck,busy_s,utilisation,source"));
    // 8 ring hops + the other 20 of the node's 28 pairs.
    CHECK(lines.size() == 1 + 8 + 20);
    CHECK(lines.filter(QStringLiteral(",yes,")).size() == 1);
    CHECK(lines.filter(QStringLiteral(",yes,"))
              .first()
              .startsWith(QStringLiteral("6,7,pcie-host-bridge,")));
    CHECK(area->summary().contains(QStringLiteral("GPU 6 → GPU 7")));
    CHECK(area->exportTitle().contains(QStringLiteral("Mis-wired")));
}

TEST_CASE("topology panel: two nccl-tests logs fill both link levels in one step",
          "[ui][topology][import]")
{
    Fixture f;
    const QString intra = dataFile(QStringLiteral("nccl/all_reduce_8xh100_nvswitch.txt"));
    const QString across = dataFile(QStringLiteral("nccl/all_reduce_2x8xh100_srun_label.txt"));
    // Across first: the hosts, not the order, decide.
    REQUIRE(f.panel.importNcclFiles({across, intra}));
    CHECK(f.panel.importText().contains(QStringLiteral("Second log")));
    REQUIRE(f.panel.useImport());
    const auto& hardware = f.model.scenario().hardware;
    const auto fitOf = [](const QString& path) {
        QFile file(path);
        REQUIRE(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        return simcore::importNcclLog(std::string_view(bytes.constData(), bytes.size()))
            .combined.fit;
    };
    CHECK(hardware.intraBandwidthBytesPerSecond ==
          Approx(fitOf(intra).bandwidthBytesPerSecond).epsilon(1e-12));
    CHECK(hardware.interBandwidthBytesPerSecond ==
          Approx(fitOf(across).bandwidthBytesPerSecond).epsilon(1e-12));
    // Two logs of one node: refused, the import before stays.
    CHECK_FALSE(f.panel.importNcclFiles(
        {intra, dataFile(QStringLiteral("nccl/rccl_all_reduce_8xmi300x_nocheck.txt"))}));
    CHECK(f.panel.problemText().contains(QStringLiteral("one measured inside a node")));
}
