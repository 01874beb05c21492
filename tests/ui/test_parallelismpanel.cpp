// The Parallelism panel end to end: controls → Scenario → simcore (parallellayout, pipeline,
// pipelinememory) → the diagram and the Gantt chart, inline problems, export. Expected numbers:
// Megatron-LM's rank order (megatron/core/parallel_state.py), Huang et al. 2019 and Narayanan et
// al. 2021's bubble formulas (MODELS §5), worked out by hand below.
#include "common/format.h"
#include "helpers.h"
#include "simcore/models/parallellayout.h"
#include "simcore/models/pipeline.h"
#include "simcore/models/pipelinememory.h"
#include "simcore/reports/parallelismreport.h"
#include "simcore/reports/pipelinereport.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/parallelism/parallelismdiagram.h"
#include "ui/panels/parallelism/parallelismpanel.h"
#include "ui/panels/parallelism/pipelineview.h"
#include "ui/shell/exporter.h"
#include "ui/shell/panelregistry.h"

#include <QComboBox>
#include <QFile>
#include <QPainter>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <algorithm>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {

using testing::choose;

void setField(Panel& panel, const char* key, double value)
{
    NumberField* field = panel.field(QString::fromLatin1(key));
    REQUIRE(field != nullptr);
    field->setValue(value);
}

/// A panel at the screenshot size, shown off screen so both views have their real size.
struct ShownPanel {
    ScenarioModel model;
    ParallelismPanel panel{&model};
    ShownPanel()
    {
        panel.resize(1280, 760);
        panel.show();
        QCoreApplication::processEvents();
    }
};

bool containsColour(const QImage& image, QRgb colour)
{
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) {
            if (image.pixel(x, y) == colour) {
                return true;
            }
        }
    }
    return false;
}

} // namespace

TEST_CASE("every control has a tooltip and edits its key", "[ui][parallelism]")
{
    ShownPanel s;
    for (const char* key :
         {"parallel.dp", "parallel.tp", "parallel.pp", "hardware.gpus_per_node", "model.layers",
          "train.global_batch", "train.micro_batch", "parallel.virtual_stages",
          "parallel.forward_time", "parallel.backward_time", "parallel.p2p_time"}) {
        INFO(key);
        NumberField* field = s.panel.field(QString::fromLatin1(key));
        REQUIRE(field != nullptr);
        CHECK_FALSE(field->toolTip().isEmpty());
    }
    QComboBox* schedule = s.panel.choiceBox(QStringLiteral("parallel.schedule"));
    REQUIRE(schedule != nullptr);
    CHECK_FALSE(schedule->toolTip().isEmpty());
    for (int i = 0; i < 4; ++i) {
        CHECK_FALSE(s.panel.strategyButton(i)->toolTip().isEmpty());
    }
    // Times are shown in milliseconds and stored in seconds.
    setField(s.panel, "parallel.forward_time", 25);
    CHECK(s.model.scenario().parallel.forwardSeconds == Approx(0.025).epsilon(1e-12));
}

TEST_CASE("the diagram draws dp · tp · pp GPUs in Megatron-LM's order", "[ui][parallelism]")
{
    ShownPanel s;
    setField(s.panel, "parallel.dp", 2);
    setField(s.panel, "parallel.tp", 2);
    setField(s.panel, "parallel.pp", 2);
    const ParallelismDiagram* diagram = s.panel.diagram();
    REQUIRE(diagram->isValid());
    CHECK(diagram->report().summary.gpus == 8);
    auto ranks = diagram->drawnRanks();
    std::sort(ranks.begin(), ranks.end());
    CHECK(ranks == std::vector<std::int64_t>{0, 1, 2, 3, 4, 5, 6, 7});
    CHECK_FALSE(diagram->isAbridged());
    // No two boxes overlap, and all are inside the diagram.
    for (std::int64_t a = 0; a < 8; ++a) {
        const QRectF ra = diagram->gpuRect(a);
        CHECK(QRectF(diagram->rect()).contains(ra));
        for (std::int64_t b = a + 1; b < 8; ++b) {
            CHECK_FALSE(ra.intersects(diagram->gpuRect(b)));
        }
    }
    // Shards sit side by side in a tensor group, replicas one above the other, stages left to
    // right: rank 1 (shard 1) right of rank 0, rank 2 (replica 1) below, rank 4 (stage 1) right.
    CHECK(diagram->gpuRect(1).left() > diagram->gpuRect(0).right());
    CHECK(diagram->gpuRect(2).top() > diagram->gpuRect(0).bottom());
    CHECK(diagram->gpuRect(4).left() > diagram->gpuRect(1).right());
    // Links: a tensor outline per (stage, replica) = 4; a data line per (stage, shard) = 4;
    // pipeline arrows between the two stages, at least one per replica. One node of 8 GPUs:
    // nothing crosses a node.
    auto links = diagram->drawnLinks();
    CHECK(links.tensor == 4);
    CHECK(links.data == 4);
    CHECK(links.pipeline >= 2);
    CHECK(links.crossing == 0);

    // Four GPUs per node: nodes {0–3} and {4–7}, so stage 0 and stage 1 are on different nodes
    // and every pipeline send crosses (rank r → r + 4); tensor and data groups stay inside.
    setField(s.panel, "hardware.gpus_per_node", 4);
    links = diagram->drawnLinks();
    CHECK(links.crossing == links.pipeline);
    CHECK(diagram->report().summary.pipeline.crossingHops == 4);
    CHECK(diagram->report().summary.tensor.crossingNodes == 0);

    // Hover text of rank 5 = stage 1, replica 0, shard 1 (5 = 1·(2·2) + 0·2 + 1).
    const QString tip = diagram->gpuToolTip(5);
    CHECK(tip.contains(QStringLiteral("GPU 5: node 1, slot 1")));
    CHECK(tip.contains(QStringLiteral("layers 17–32")));
    CHECK(tip.contains(QStringLiteral("shard 2 of 2")));
    CHECK(tip.contains(QStringLiteral("batch slice 1 of 2")));
    CHECK(tip.contains(QStringLiteral("gradients back to GPU 1")));
    CHECK(tip.contains(QStringLiteral("GPUs 4, 5 (tensor group, inside node 1)")));
}

TEST_CASE("a large layout is drawn abridged, its counts cover every GPU", "[ui][parallelism]")
{
    ShownPanel s;
    setField(s.panel, "parallel.dp", 16);
    setField(s.panel, "parallel.tp", 8);
    setField(s.panel, "parallel.pp", 8);
    const ParallelismDiagram* diagram = s.panel.diagram();
    CHECK(diagram->report().summary.gpus == 1024);
    CHECK(diagram->report().summary.nodes == 128);
    CHECK(diagram->isAbridged());
    auto ranks = diagram->drawnRanks();
    CHECK(ranks.size() <= static_cast<std::size_t>(ParallelismDiagram::kMaxDrawnGpus));
    CHECK(ranks.size() >= 8);
    // The first and the last GPU are always among those drawn.
    CHECK(std::count(ranks.begin(), ranks.end(), 0) == 1);
    CHECK(std::count(ranks.begin(), ranks.end(), 1023) == 1);
    // Every shown box is large enough to read its rank (≥ 20 px by hand for "1023").
    for (auto rank : ranks) {
        CHECK(diagram->gpuRect(rank).width() >= 20);
    }
    // DGX nodes of 8 with tp = 8: tensor groups are whole nodes, everything else crosses.
    CHECK(diagram->report().summary.tensor.crossingNodes == 0);
    CHECK(diagram->report().summary.data.crossingNodes == 64);
}

TEST_CASE("the Gantt chart has one row per stage and simcore's bubble", "[ui][parallelism]")
{
    ShownPanel s;
    s.panel.views()->showPipeline(true);
    QCoreApplication::processEvents();
    setField(s.panel, "parallel.pp", 4);
    setField(s.panel, "train.global_batch", 32); // m = 32 / (1 × 4) = 8
    const PipelineView* gantt = s.panel.pipelineView();
    CHECK(gantt->rowCount() == 4);

    const auto expect = [&](double fraction) {
        const auto params = simcore::pipelineParamsFromScenario(s.model.scenario());
        const auto r = simcore::simulatePipeline(params);
        REQUIRE(r.ok());
        CHECK(gantt->report().result.bubbleFraction == Approx(r.bubbleFraction).epsilon(1e-12));
        CHECK(r.bubbleFraction == Approx(fraction).epsilon(1e-12));
        CHECK(gantt->bubbleText().contains(dtsim::common::formatPercent(fraction)));
    };
    // GPipe, p = 4, m = 8: (p − 1)/(m + p − 1) = 3/11 = 27.3 % (Huang et al. 2019).
    choose(s.panel.choiceBox(QStringLiteral("parallel.schedule")), QStringLiteral("gpipe"));
    expect(3.0 / 11.0);
    CHECK(gantt->titleText().contains(QStringLiteral("GPipe")));
    CHECK(s.panel.formulaText().contains(QStringLiteral("3/11")));
    CHECK(gantt->report().result.maxPeakInFlight == 8); // all m forwards kept
    // 1F1B: the same step, at most p = 4 in flight (Narayanan et al. 2021 §2.2.1).
    choose(s.panel.choiceBox(QStringLiteral("parallel.schedule")), QStringLiteral("1f1b"));
    expect(3.0 / 11.0);
    CHECK(gantt->report().result.maxPeakInFlight == 4);
    // Interleaved, v = 2: bubble/ideal (1/v)(p − 1)/m = 3/16, of the step 3/19 = 15.8 %.
    choose(s.panel.choiceBox(QStringLiteral("parallel.schedule")), QStringLiteral("interleaved"));
    setField(s.panel, "parallel.virtual_stages", 2);
    expect(3.0 / 19.0);
    CHECK(gantt->titleText().contains(QStringLiteral("v = 2")));
    CHECK(s.panel.formulaText().contains(QStringLiteral("3/(2·8)")));

    // pp = 8 → 8 rows.
    setField(s.panel, "parallel.pp", 8);
    CHECK(gantt->rowCount() == 8);
}

TEST_CASE("the Gantt chart links the in-flight micro-batches to the memory model",
          "[ui][parallelism]")
{
    ShownPanel s;
    setField(s.panel, "parallel.pp", 4);
    const PipelineView* gantt = s.panel.pipelineView();
    const auto& scenario = s.model.scenario();
    const auto expected =
        simcore::pipelineActivations(scenario, simcore::memoryOptionsFromScenario(scenario));
    const auto& devices = gantt->report().devices;
    REQUIRE(devices.size() == 4);
    CHECK(devices[0].bytes == expected[0].bytes);
    CHECK(devices[0].peakMicrobatches == 4); // 1F1B: p on the first device
    CHECK(gantt->memoryText().contains(dtsim::common::formatBytes(expected[0].bytes)));
    CHECK(gantt->memoryText().contains(QStringLiteral("device 0 holds 4 micro-batches")));

    // An operation's tooltip: device 0 runs micro-batch 1's forward first, 0 … 10 ms.
    s.panel.views()->showPipeline(true);
    QCoreApplication::processEvents();
    const QString tip = gantt->toolTipAt(gantt->pointAt(0.005, 0));
    CHECK(tip.contains(QStringLiteral("forward of micro-batch 1")));
    CHECK(gantt->toolTipAt(gantt->pointAt(0.005, 3)).contains(QStringLiteral("idle")));
}

TEST_CASE("bad pipeline input is named inline and nothing is drawn", "[ui][parallelism]")
{
    ShownPanel s;
    setField(s.panel, "parallel.pp", 4);
    setField(s.panel, "train.global_batch", 24); // m = 24 / (1 × 4) = 6
    CHECK(s.panel.problemText().isEmpty());
    // Narayanan et al. 2021 §2.2.2: interleaving needs m a multiple of p; 6 is not one of 4.
    choose(s.panel.choiceBox(QStringLiteral("parallel.schedule")), QStringLiteral("interleaved"));
    CHECK(s.panel.problemText().contains(QStringLiteral("Global batch B = 24")));
    CHECK(s.panel.problemText().contains(QStringLiteral("interleaved")));
    CHECK_FALSE(s.panel.pipelineView()->isValid());
    CHECK(s.panel.pipelineView()->problem().contains(QStringLiteral("Global batch B")));
    setField(s.panel, "train.global_batch", 32);
    CHECK(s.panel.problemText().isEmpty());
    CHECK(s.panel.pipelineView()->isValid());

    // More stages than layers: the layout names parallel.pp.
    setField(s.panel, "model.layers", 2);
    CHECK(s.panel.problemText().contains(QStringLiteral("Pipeline stages (pp)")));
    CHECK_FALSE(s.panel.diagram()->isValid());
}

TEST_CASE("the panel shows its reports' problems, one rule for the diagram and the Gantt chart",
          "[ui][parallelism]")
{
    // 64 stages cannot share 32 layers: both views refuse it, naming parallel.pp.
    simcore::Scenario scenario;
    scenario.parallel.pp = 64;
    {
        ScenarioModel model(scenario);
        ParallelismPanel panel(&model);
        CHECK(panel.problemText().contains(QStringLiteral("Pipeline stages (pp)")));
        CHECK_FALSE(panel.diagram()->isValid());
        CHECK_FALSE(panel.pipelineView()->isValid());
        CHECK(panel.pipelineView()->problem().contains(QStringLiteral("Pipeline stages (pp)")));
    }
    // tp = 3 does not divide 32 heads: a layout Megatron cannot build, refused by the diagram,
    // the Gantt chart and the Memory panel alike (one layout check).
    scenario.parallel.pp = 4;
    scenario.parallel.tp = 3;
    {
        ScenarioModel model(scenario);
        ParallelismPanel panel(&model);
        CHECK_FALSE(panel.diagram()->isValid());
        CHECK_FALSE(panel.pipelineView()->isValid());
        CHECK(panel.problemText().contains(QStringLiteral("Tensor parallel (tp) = 3")));
    }
    // A key no view of this panel reads is not its problem.
    scenario.parallel.tp = 1;
    scenario.scaling.workers = 0;
    {
        ScenarioModel model(scenario);
        ParallelismPanel panel(&model);
        CHECK(panel.problemText().isEmpty());
    }
}

TEST_CASE("the formula strip writes the reports' numbers", "[ui][parallelism]")
{
    // L = 40 over pp = 4, interleaved v = 2: chunks of 40/8 = 5 layers, 10 per GPU; bubble /
    // ideal (p − 1)/(v·m) = 3/(2·8) (Narayanan et al. 2021 §2.2.2).
    simcore::Scenario scenario;
    scenario.model.layers = 40;
    scenario.parallel.pp = 4;
    scenario.parallel.schedule = simcore::PipelineSchedule::Interleaved;
    scenario.parallel.virtualStages = 2;
    ScenarioModel model(scenario);
    ParallelismPanel panel(&model);
    const auto layout = simcore::parallelismReport(scenario);
    const auto pipeline = simcore::pipelineReport(scenario);
    REQUIRE(layout.gpuLayers == 10);
    const QString formula = panel.formulaText();
    CHECK(formula.contains(QStringLiteral("L/pp = 40/4 = 10 layers")));
    CHECK(formula.contains(QStringLiteral("3/(2·8) = ") +
                           dtsim::common::formatQuantity(pipeline, "formula_value")));
    CHECK(formula.contains(dtsim::common::formatQuantity(pipeline, "bubble_fraction") +
                           QStringLiteral(" of the ") +
                           dtsim::common::formatQuantity(pipeline, "time")));
}

TEST_CASE("the strategy buttons show one strategy on 8 GPUs", "[ui][parallelism]")
{
    ShownPanel s;
    QSignalSpy changed(&s.model, &ScenarioModel::changed);
    s.panel.strategyButton(1)->click(); // tensor ×8
    CHECK(changed.count() == 1);
    CHECK(s.model.scenario().parallel.tp == 8);
    CHECK(s.model.scenario().parallel.dp == 1);
    CHECK(s.model.scenario().parallel.pp == 1);
    CHECK(s.panel.diagram()->drawnLinks().tensor == 1);
    CHECK(s.panel.diagram()->drawnLinks().pipeline == 0);
    s.panel.strategyButton(3)->click(); // 2 × 2 × 2
    CHECK(s.panel.diagram()->report().summary.gpus == 8);
    CHECK(s.panel.diagram()->captionText().contains(QStringLiteral("compute-time")));
}

TEST_CASE("parallelism and pipeline exports: PNG not blank, CSV rows", "[ui][parallelism][export]")
{
    QTemporaryDir dir;
    simcore::Scenario scenario;
    scenario.parallel.dp = 2;
    scenario.parallel.tp = 2;
    scenario.parallel.pp = 2;
    const QString png = dir.filePath(QStringLiteral("diagram.png"));
    REQUIRE(exportPanel(QStringLiteral("parallelism"), scenario, png, {QSize(900, 600), 2.0})
                .isEmpty());
    QImage image(png);
    REQUIRE(image.size() == QSize(1800, 1200));
    CHECK(testing::distinctColours(image) > 20);
    CHECK(testing::inkShare(image) > 0.03);
    CHECK(containsColour(image, qRgb(0x00, 0x72, 0xB2))); // tensor outline, Okabe–Ito blue

    const QString csv = dir.filePath(QStringLiteral("diagram.csv"));
    REQUIRE(exportPanel(QStringLiteral("parallelism"), scenario, csv, {}).isEmpty());
    // simcore::parallelismCsv's tables: the quantities in diagram.csv, the GPUs beside it.
    const auto tables = simcore::parallelismCsv(simcore::parallelismReport(scenario));
    REQUIRE(tables.size() == 2);
    CHECK(testing::exportedCsvTable(csv, QStringLiteral("quantities")) ==
          QString::fromStdString(tables[0].text));
    const QString diagramText = testing::exportedCsvTable(csv, QStringLiteral("gpus"));
    CHECK(diagramText == QString::fromStdString(tables[1].text));
    const QStringList lines = testing::csvTable(diagramText, QStringLiteral("rank,node,"));
    REQUIRE(lines.size() == 9);
    CHECK(lines[0] == "rank,node,slot,dp_index,tp_index,pp_index,layers,weight_shard,batch_slice,"
                      "tensor_group_crosses_node,pipeline_group_crosses_node,"
                      "data_group_crosses_node");
    CHECK(lines[1] == "0,0,0,0,0,0,1-16,1/2,1/2,0,0,0");

    scenario.parallel.pp = 4;
    const QString gantt = dir.filePath(QStringLiteral("gantt.png"));
    REQUIRE(
        exportPanel(QStringLiteral("pipeline"), scenario, gantt, {QSize(900, 600), 1.0}).isEmpty());
    image = QImage(gantt);
    CHECK(containsColour(image, qRgb(0x00, 0x72, 0xB2))); // forward
    CHECK(containsColour(image, qRgb(0xE6, 0x9F, 0x00))); // backward
    const QString ganttCsv = dir.filePath(QStringLiteral("gantt.csv"));
    REQUIRE(exportPanel(QStringLiteral("pipeline"), scenario, ganttCsv, {}).isEmpty());
    CHECK(testing::exportedCsvTable(ganttCsv, QStringLiteral("quantities"))
              .startsWith(QStringLiteral("quantity,value,unit\n")));
    const QStringList rows =
        testing::csvTable(testing::exportedCsvTable(ganttCsv, QStringLiteral("operations")),
                          QStringLiteral("device,chunk,"));
    CHECK(rows[0] == "device,chunk,virtual_stage,microbatch,pass,start_s,end_s");
    CHECK(rows.size() == 1 + 2 * 4 * 16); // 2·p·m operations, m = B/(b·dp) = 32 / 2
    // The chart's right-hand column: what each device holds at its peak (1F1B: 4, 3, 2, 1).
    const QStringList devices =
        testing::csvTable(testing::exportedCsvTable(ganttCsv, QStringLiteral("devices")),
                          QStringLiteral("device,peak_"));
    REQUIRE(devices.size() == 1 + 4);
    CHECK(devices[1].startsWith(QStringLiteral("0,4,4,")));
    CHECK(devices[4].startsWith(QStringLiteral("3,1,1,")));
    // 1F1B by hand (t_f = 10 ms, t_b = 20 ms): device 3 runs micro-batch 0's forward after
    // three forwards upstream, 30 … 40 ms, then at once its backward, 40 … 60 ms.
    CHECK(rows.contains(QStringLiteral("3,0,3,0,forward,0.03,0.04")));
    CHECK(rows.contains(QStringLiteral("3,0,3,0,backward,0.04,0.06")));
}

TEST_CASE("the registry lists parallelism after memory and pipeline as an export-only view",
          "[ui][parallelism]")
{
    const auto& entries = panelEntries();
    std::vector<QString> ids;
    for (const auto& entry : entries) {
        ids.push_back(entry.id);
    }
    const auto memory = std::find(ids.begin(), ids.end(), QStringLiteral("memory"));
    REQUIRE(memory != ids.end());
    REQUIRE(memory + 1 != ids.end());
    CHECK(*(memory + 1) == QStringLiteral("parallelism"));
    const PanelEntry* pipeline = findPanelEntry(QStringLiteral("pipeline"));
    REQUIRE(pipeline != nullptr);
    CHECK(pipeline->createPanel == nullptr);
    CHECK(ids.back() == QStringLiteral("pipeline"));
}

TEST_CASE("the Gantt chart draws all 1,024 operations of p = 8, m = 32, v = 2, and follows a "
          "change",
          "[ui][parallelism]")
{
    // How fast it repaints is dtsim_bench's pipeline case (BENCHMARKS.md), in a release build.
    simcore::Scenario scenario;
    scenario.parallel.pp = 8;
    scenario.train.globalBatch = 128; // m = 128 / (1 × 4) = 32
    scenario.parallel.schedule = simcore::PipelineSchedule::Interleaved;
    scenario.parallel.virtualStages = 2;
    PipelineView view;
    view.resize(900, 560);
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    const auto showAndPaint = [&] {
        view.showScenario(scenario);
        QPainter painter(&image);
        view.render(&painter);
    };
    showAndPaint();
    REQUIRE(view.report().result.operations.size() == 1024u);
    CHECK(view.operationsDrawn());
    CHECK(view.drawnLayout().drawn);
    CHECK(view.drawnLayout().operationsDrawn);
    CHECK(view.rowCount() == 8);
    CHECK_FALSE(view.drawnLayout().blocks.empty());
    // Another forward time: the schedule is simulated again and the chart shows the new step.
    const double before = view.report().result.totalSeconds;
    scenario.parallel.forwardSeconds *= 2;
    showAndPaint();
    const auto expected =
        simcore::simulatePipeline(simcore::pipelineParamsFromScenario(scenario)).totalSeconds;
    CHECK(view.report().result.totalSeconds == expected);
    CHECK(expected > before);
    CHECK(view.drawnLayout().operationsDrawn);
}

TEST_CASE("the diagram's captions follow every edit (prepared texts are reused only when equal)",
          "[ui][parallelism]")
{
    ShownPanel s;
    const auto captions = [&s] { return s.panel.diagram()->captionText(); };
    REQUIRE_FALSE(s.model.setNumber(QStringLiteral("parallel.dp"), 2));
    CHECK(captions().contains(QStringLiteral("dp = 2")));
    REQUIRE_FALSE(s.model.setNumber(QStringLiteral("parallel.tp"), 4));
    CHECK(captions().contains(QStringLiteral("dp = 2"))); // kept: unchanged
    CHECK(captions().contains(QStringLiteral("tp = 4")));
    REQUIRE_FALSE(s.model.setNumber(QStringLiteral("parallel.dp"), 1));
    CHECK(captions().contains(QStringLiteral("dp = 1")));
    CHECK_FALSE(captions().contains(QStringLiteral("dp = 2")));
    CHECK(captions().contains(QStringLiteral("tp = 4")));
    // Back to a text prepared before, and a narrower diagram (the captions wrap again).
    REQUIRE_FALSE(s.model.setNumber(QStringLiteral("parallel.dp"), 2));
    CHECK(captions().contains(QStringLiteral("dp = 2")));
    const QString wide = captions();
    s.panel.diagram()->resize(s.panel.diagram()->width() - 200, s.panel.diagram()->height());
    CHECK(captions() == wide); // same words, laid out again at the new width
}

TEST_CASE("the defaults draw several GPUs and a visible bubble", "[ui][parallelism][defaults]")
{
    // A first look must show the lesson's §2 contrast (DESIGN.md, "Defaults that teach"): the
    // default 4 × 2 × 4 layout, not one GPU, and a pipeline with idle time.
    ShownPanel s;
    const ParallelismDiagram* diagram = s.panel.diagram();
    REQUIRE(diagram->isValid());
    CHECK(diagram->report().summary.gpus == 32);
    CHECK(diagram->drawnRanks().size() > 1);
    s.panel.views()->showPipeline(true);
    QCoreApplication::processEvents();
    const PipelineView* gantt = s.panel.pipelineView();
    CHECK(gantt->rowCount() == 4);
    // Huang et al. 2019: (p − 1)/(m + p − 1) = 3/11 of the step at p = 4, m = 8.
    CHECK(gantt->report().result.bubbleFraction == Approx(3.0 / 11.0).epsilon(1e-12));
    CHECK(gantt->bubbleText().contains(dtsim::common::formatPercent(3.0 / 11.0)));
}

TEST_CASE("a backward time of 0 reads as automatic, 2 × forward", "[ui][parallelism]")
{
    // parallel.backward_time = 0 means t_b = 2·t_f (Kaplan et al. 2020): "0.000 ms" read as a
    // backward pass that takes no time.
    ShownPanel s;
    NumberField* backward = s.panel.field(QStringLiteral("parallel.backward_time"));
    REQUIRE(backward != nullptr);
    CHECK(s.model.scenario().parallel.backwardSeconds == 0);
    CHECK(backward->text() == QStringLiteral("automatic (2 × forward)"));
    CHECK_FALSE(backward->text().contains(QStringLiteral("0.000")));
    // A given time is a number again, and 0 brings the text back.
    setField(s.panel, "parallel.backward_time", 25);
    CHECK(s.model.scenario().parallel.backwardSeconds == Approx(0.025).epsilon(1e-12));
    CHECK(backward->text().contains(QStringLiteral("25")));
    setField(s.panel, "parallel.backward_time", 0);
    CHECK(s.model.scenario().parallel.backwardSeconds == 0);
    CHECK(backward->text() == QStringLiteral("automatic (2 × forward)"));
}

TEST_CASE("a whole-scenario edit with a value out of its range is refused and names the key",
          "[ui][parallelism][model]")
{
    ScenarioModel model;
    const simcore::Scenario before = model.scenario();
    const int steps = model.undoStack()->count();
    simcore::Scenario broken = before;
    broken.collective.workers = 0; // setValue refuses this key by key
    const auto refused = model.setScenario(broken, QStringLiteral("test"));
    REQUIRE(refused);
    CHECK(refused->key == "collective.workers");
    CHECK(model.scenario() == before);
    CHECK(model.undoStack()->count() == steps);

    // A conflict between keys goes through, as setValue lets it through, for the panels to
    // name (pp = 5 with 32 layers: the Parallelism panel names parallel.pp).
    simcore::Scenario conflicting = before;
    conflicting.parallel.pp = 5;
    CHECK_FALSE(model.setScenario(conflicting, QStringLiteral("test")));
    CHECK(model.scenario().parallel.pp == 5);
}

TEST_CASE("the strategy buttons set each node strategy through simcore", "[ui][parallelism]")
{
    ScenarioModel model;
    ParallelismPanel panel(&model);
    const auto strategies = simcore::nodeStrategies();
    for (std::size_t i = 0; i < strategies.size(); ++i) {
        INFO(i);
        panel.strategyButton(static_cast<int>(i))->click();
        const auto& p = model.scenario().parallel;
        CHECK(p.dp == strategies[i].dp);
        CHECK(p.tp == strategies[i].tp);
        CHECK(p.pp == strategies[i].pp);
    }
}
