// The Memory panel end to end: controls → Scenario → simcore → stacked bars, verdict, export.
// Expected numbers: seed lesson §1 (7e9 × 16 B = 112e9 B), the ZeRO paper §5.1 (what each stage
// divides by N_d), and hand calculations of Korthikanti et al. 2022 written out below.
#include "common/presets.h"
#include "helpers.h"
#include "simcore/models/memory.h"
#include "simcore/scenario/catalogue.h"
#include "tests/onegpuscenario.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/memory/memorycharts.h"
#include "ui/panels/memory/memorypanel.h"
#include "ui/shell/exporter.h"
#include "ui/shell/mainwindow.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>
#include <QWheelEvent>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {

using testing::choose;

// Hand calculation, default shape (L = 32, h = 4096, s = 4096, V = 32000, b = 1), FP32, full
// recompute, p = 1 (Korthikanti et al. 2022 §4, as MODELS §2 applies it to 4-byte values):
//   layers: s·b·h values × 4 B × 32 = 16,777,216 × 4 × 32   = 2,147,483,648
//   embedding dropout mask s·b·h (1 B)                        =    16,777,216
//   output layer: 2·s·b·h values × 4 B + 4·s·b·V (FP32 logits) = 134,217,728 + 524,288,000
//   activations                                               = 2,822,766,592 bytes
constexpr double kFullRecomputeActivations = 2'822'766'592.0;
constexpr double kRtx4090 = 24.0 * 1024 * 1024 * 1024; // catalogue: "24 GB" read as GiB

/// The four stacked bars must hold exactly what simcore computes for each ZeRO stage.
void requireBarsMatchSimcore(const MemoryPanel& panel)
{
    const simcore::Scenario& scenario = panel.model()->scenario();
    const auto options = simcore::memoryOptionsFromScenario(scenario);
    const MemoryCharts* charts = panel.charts();
    REQUIRE(charts->categoryAxis()->count() == 4);
    for (int zero = 0; zero < 4; ++zero) {
        INFO("ZeRO stage " << zero);
        // The layout as the training model prices it (m = B/(b·dp) micro-batches, s/cp tokens).
        simcore::Scenario trial = simcore::layoutMemoryScenario(scenario);
        trial.parallel.zero = zero;
        const auto expected = simcore::evaluateMemory(trial, options);
        const double gb = MemoryCharts::kAxisUnit; // GiB
        REQUIRE(charts->itemSet(MemoryCharts::Weights)->count() == 4);
        CHECK(charts->itemSet(MemoryCharts::Weights)->at(zero) * gb ==
              Approx(expected.weightsBytes).epsilon(1e-12));
        CHECK(charts->itemSet(MemoryCharts::Gradients)->at(zero) * gb ==
              Approx(expected.gradientsBytes).epsilon(1e-12));
        CHECK(charts->itemSet(MemoryCharts::Optimizer)->at(zero) * gb ==
              Approx(expected.optimizerBytes).epsilon(1e-12));
        CHECK(charts->itemSet(MemoryCharts::Activations)->at(zero) * gb ==
              Approx(expected.activationsBytes).epsilon(1e-12));
        CHECK(charts->itemSet(MemoryCharts::Buffers)->at(zero) * gb ==
              Approx(expected.buffersBytes).margin(1e-3));
    }
    // The selected stage is marked: the marker sits over its bar.
    const auto marker = charts->selectedMarker()->points();
    REQUIRE(marker.size() == 1);
    CHECK(static_cast<std::int64_t>(marker[0].x()) == scenario.parallel.zero);
    CHECK(charts->categoryAxis()
              ->at(static_cast<qsizetype>(scenario.parallel.zero))
              .contains(QStringLiteral("▶")));
}

} // namespace

TEST_CASE("changing a control puts simcore's numbers into the bar sets", "[ui][memory]")
{
    ScenarioModel model(testing::oneGpuScenario()); // ZeRO §5.1's figures below: no pipeline
    MemoryPanel panel(&model);
    panel.resize(1280, 800);
    requireBarsMatchSimcore(panel);
    QSignalSpy changed(&model, &ScenarioModel::changed);

    panel.field(QStringLiteral("parallel.dp"))->setValue(8);
    CHECK(changed.count() == 1);
    CHECK(model.scenario().parallel.dp == 8);
    requireBarsMatchSimcore(panel);

    choose(panel.combo(QStringLiteral("parallel.zero")), QStringLiteral("2"));
    CHECK(model.scenario().parallel.zero == 2);
    requireBarsMatchSimcore(panel);

    choose(panel.combo(QStringLiteral("train.precision")), QStringLiteral("mixed"));
    choose(panel.combo(QStringLiteral("train.recompute")), QStringLiteral("selective"));
    panel.field(QStringLiteral("parallel.tp"))->setValue(4);
    panel.sequenceParallelBox()->setChecked(true);
    panel.field(QStringLiteral("memory.buffers_fraction"))->setValue(10); // shown in %
    CHECK(model.scenario().memory.sequenceParallel);
    CHECK(model.scenario().memory.buffersFraction == Approx(0.1).epsilon(1e-12));
    requireBarsMatchSimcore(panel);

    // ZeRO §5.1 with mixed precision + Adam (K = 12), Ψ' = 7e9 / 4 = 1.75e9, N_d = 8, stage 2:
    // weights 2 B × 1.75e9 = 3.5e9; gradients 2 × 1.75e9 / 8 = 0.4375e9; optimizer 12 × 1.75e9
    // / 8 = 2.625e9 bytes.
    const auto& m = panel.charts()->report().stages[2].memory;
    CHECK(m.weightsBytes == Approx(3.5e9).epsilon(1e-12));
    CHECK(m.gradientsBytes == Approx(0.4375e9).epsilon(1e-12));
    CHECK(m.optimizerBytes == Approx(2.625e9).epsilon(1e-12));
    CHECK(panel.formulaText().contains(QStringLiteral("ZeRO-2")));
}

TEST_CASE("the verdict says whether 7B fits a 24 GB card, and with how many GPUs", "[ui][memory]")
{
    ScenarioModel model(testing::oneGpuScenario()); // seed lesson §1: the whole model per GPU
    MemoryPanel panel(&model);
    choose(panel.combo(QStringLiteral("hardware.gpu")), QStringLiteral("rtx4090"));
    choose(panel.combo(QStringLiteral("train.recompute")), QStringLiteral("full"));

    // Seed lesson §1: 7e9 × (4 + 4 + 8) B = 112e9 B = 104.3 GiB, far beyond 24 GiB; DDP (ZeRO-0)
    // copies the whole model on every GPU, so no number of GPUs helps.
    CHECK(panel.charts()->report().stages[0].memory.modelStatesBytes() ==
          Approx(112e9).epsilon(1e-12));
    CHECK(panel.charts()->verdictText().contains(QStringLiteral("Does not fit")));
    CHECK(panel.charts()->verdictText().contains(QStringLiteral("DDP: never")));
    CHECK(panel.formulaText().contains(QStringLiteral("104.3 GiB")));
    CHECK(panel.formulaText().contains(QStringLiteral("112 GB")));

    // ZeRO-3 over dp = 8 (ZeRO §5.1: 16Ψ / N_d): 112e9 / 8 = 14e9 B + 2,822,766,592 B of
    // activations = 16,822,766,592 B ≤ 24 GiB = 25,769,803,776 B.
    choose(panel.combo(QStringLiteral("parallel.zero")), QStringLiteral("3"));
    panel.field(QStringLiteral("parallel.dp"))->setValue(8);
    const auto& m = panel.charts()->report().stages[3].memory;
    CHECK(m.totalBytes == Approx(14e9 + kFullRecomputeActivations).epsilon(1e-12));
    CHECK(panel.charts()->report().stages[3].verdict.fits);
    CHECK(panel.charts()->report().stages[3].verdict.headroomBytes ==
          Approx(kRtx4090 - 14e9 - kFullRecomputeActivations).epsilon(1e-12));
    CHECK(panel.charts()->verdictText().contains(QStringLiteral("Fits")));
    // Fewest: 112e9 / dp + 2.8228e9 ≤ 25.7698e9 ⇔ dp ≥ 4.88 → 5 GPUs (hand calculation).
    CHECK(panel.charts()->report().stages[3].verdict.minGpus == 5);
    CHECK(panel.charts()->verdictText().contains(QStringLiteral("ZeRO-3 / FSDP: 5 GPUs")));

    // Without recomputation the activations alone (≈ 190.7 GB) exceed the card: no sharding
    // helps, and the banner says why.
    choose(panel.combo(QStringLiteral("train.recompute")), QStringLiteral("none"));
    CHECK_FALSE(panel.charts()->report().stages[3].verdict.fits);
    CHECK(panel.charts()->report().stages[3].verdict.minGpus == 0);
    CHECK(panel.charts()->verdictText().contains(QStringLiteral("activations")));
}

TEST_CASE("the GPU capacities are drawn as labelled lines", "[ui][memory]")
{
    ScenarioModel model;
    MemoryPanel panel(&model);
    // Default GPU H100 SXM (80 GiB) and the 24 GiB RTX 4090 reference: two lines.
    REQUIRE(panel.charts()->capacityLines().size() == 2);
    CHECK(panel.charts()->capacityLines()[0]->at(0).y() ==
          Approx(kRtx4090 / MemoryCharts::kGiB).epsilon(1e-12));
    choose(panel.combo(QStringLiteral("hardware.gpu")), QStringLiteral("h200"));
    REQUIRE(panel.charts()->capacityLines().size() == 3);
    // H200: 141 GiB = 151.4 GB (catalogue: the datasheet's GB read as GiB), drawn at 141 GiB.
    CHECK(panel.charts()->capacityLines()[2]->at(0).y() == Approx(141.0).epsilon(1e-12));
    CHECK(panel.charts()->capacityLines()[2]->name().contains(QStringLiteral("H200")));
    CHECK(panel.charts()->valueAxis()->max() >= 141.0);
}

TEST_CASE("the chosen GPU's line follows a preset that keeps the same lines", "[ui][memory]")
{
    // The 7B-on-24-GB preset and the Llama-70B one draw the same two lines (RTX 4090, H100);
    // only which one is chosen differs, and that line alone is drawn thick.
    ScenarioModel model;
    MemoryPanel panel(&model);
    const auto chosenLine = [&]() -> QString {
        QString name;
        for (const QLineSeries* line : panel.charts()->capacityLines()) {
            if (line->pen().widthF() > 2.5) {
                name = line->name();
            }
        }
        return name;
    };
    for (const auto& [preset, gpu] :
         {std::pair{"7b-24gb", "RTX 4090"}, std::pair{"llama-70b-h100", "H100"},
          std::pair{"7b-24gb", "RTX 4090"}}) {
        INFO(preset);
        const auto scenario = dtsim::common::loadPreset(QString::fromLatin1(preset));
        REQUIRE(scenario);
        model.setScenario(*scenario, QStringLiteral("preset"));
        CHECK(chosenLine().startsWith(QLatin1String(gpu)));
    }
}

TEST_CASE("an out-of-range entry is reported by key and not applied", "[ui][memory]")
{
    ScenarioModel model;
    MemoryPanel panel(&model);
    panel.show();
    NumberField* dp = panel.field(QStringLiteral("parallel.dp"));
    REQUIRE(dp != nullptr);
    const std::int64_t before = model.scenario().parallel.dp;
    dp->editor()->selectAll();
    QTest::keyClicks(dp->editor(), QStringLiteral("5000000")); // key range: 1 … 1e6
    CHECK(panel.problemText().contains(QStringLiteral("parallel.dp")));
    CHECK(panel.problemText().contains(QStringLiteral("out of range")));
    QTest::keyClick(dp->editor(), Qt::Key_Return);
    CHECK(model.scenario().parallel.dp == before);

    // A cross-key problem (simcore::validateMemory): tp = 3 does not divide 32 heads. The value
    // is the user's and stays; the panel names the key, and the banner says the numbers are off.
    panel.field(QStringLiteral("parallel.tp"))->setValue(3);
    CHECK(model.scenario().parallel.tp == 3);
    // Named by their labels, the keys in the tooltip.
    CHECK(panel.problemText().contains(QStringLiteral("Tensor parallel (tp) = 3")));
    CHECK(panel.problemText().contains(QStringLiteral("32 attention heads")));
    CHECK_FALSE(panel.problemText().contains(QStringLiteral("parallel.tp")));
    CHECK(panel.charts()->verdictText().contains(QStringLiteral("do not go together")));
    panel.field(QStringLiteral("parallel.tp"))->setValue(4);
    CHECK(panel.problemText().isEmpty());
}

TEST_CASE("a model preset sets the whole shape at once", "[ui][memory]")
{
    ScenarioModel model;
    MemoryPanel panel(&model);
    QSignalSpy changed(&model, &ScenarioModel::changed);
    choose(panel.combo(QStringLiteral("preset")), QStringLiteral("llama2-7b"));
    CHECK(changed.count() == 1);
    CHECK(model.scenario().model == simcore::findModelPreset("llama2-7b")->model);
    requireBarsMatchSimcore(panel);
    // Editing the count by hand turns the preset into "Custom".
    panel.field(QStringLiteral("model.params"))->setValue(13); // billions
    CHECK(model.scenario().model.params == Approx(13e9).epsilon(1e-12));
    CHECK(panel.combo(QStringLiteral("preset"))->currentData().toString().isEmpty());
}

TEST_CASE("the main window hosts the Memory panel as its second tab", "[ui][memory]")
{
    MainWindow window;
    REQUIRE(window.tabs()->count() == 7);
    auto* memory = qobject_cast<MemoryPanel*>(window.panel(QStringLiteral("memory")));
    REQUIRE(memory != nullptr);
    CHECK(window.tabs()->widget(1)->isAncestorOf(memory));
    CHECK(window.tabs()->tabText(1) == "Memory");
}

TEST_CASE("a language change keeps the numbers", "[ui][memory]")
{
    ScenarioModel model;
    MemoryPanel panel(&model);
    panel.field(QStringLiteral("parallel.dp"))->setValue(16);
    const QString before = panel.charts()->summary();
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(&panel, &change);
    QCoreApplication::sendEvent(panel.charts(), &change);
    CHECK(panel.charts()->summary() == before);
    requireBarsMatchSimcore(panel);
}

TEST_CASE("memory export: PNG not blank, CSV with simcore's bytes", "[ui][memory][export]")
{
    QTemporaryDir dir;
    simcore::Scenario scenario = testing::oneGpuScenario(); // seed lesson §1's figures below
    scenario.hardware.gpu = "rtx4090";
    const QString png = dir.filePath(QStringLiteral("memory.png"));
    REQUIRE(exportPanel(QStringLiteral("memory"), scenario, png, {QSize(800, 450), 2.0}).isEmpty());
    const QImage image(png);
    REQUIRE(!image.isNull());
    CHECK(image.size() == QSize(1600, 900));
    CHECK(testing::distinctColours(image) > 20);
    CHECK(testing::inkShare(image) > 0.05);
    // The weights colour (Okabe–Ito blue #0072B2) and the activations colour (#CC79A7) are drawn.
    CHECK(testing::containsColour(image, qRgb(0x00, 0x72, 0xB2), 3));
    CHECK(testing::containsColour(image, qRgb(0xCC, 0x79, 0xA7), 3));

    const QString csv = dir.filePath(QStringLiteral("memory.csv"));
    REQUIRE(exportPanel(QStringLiteral("memory"), scenario, csv, {}).isEmpty());
    CHECK(testing::exportedCsvTable(csv, QStringLiteral("quantities"))
              .contains("\nweights,2.8e10,bytes\n"));
    const QStringList lines =
        testing::csvTable(testing::exportedCsvTable(csv, QStringLiteral("zero_stages")),
                          QStringLiteral("stage,name,"));
    REQUIRE(lines.size() == 5);
    CHECK(lines[0] == "stage,name,selected,parameters,weights_bytes,gradients_bytes,"
                      "optimizer_bytes,activations_bytes,buffers_bytes,total_bytes,total_gib,gpu,"
                      "capacity_bytes,fits,headroom_bytes,min_gpus");
    const QStringList ddp = lines[1].split(',');
    REQUIRE(ddp.size() == 16);
    // Seed lesson §1, FP32 + Adam, 7e9 parameters: 4 + 4 + 8 B each.
    CHECK(ddp[0] == "0");
    CHECK(ddp[2] == "1");
    CHECK(ddp[4].toDouble() == 28e9);
    CHECK(ddp[5].toDouble() == 28e9);
    CHECK(ddp[6].toDouble() == 56e9);
    CHECK(ddp[11] == "rtx4090");
    CHECK(ddp[12].toDouble() == kRtx4090);
    CHECK(ddp[13] == "0");
    for (int zero = 0; zero < 4; ++zero) {
        simcore::Scenario trial = scenario;
        trial.parallel.zero = zero;
        const auto expected = simcore::evaluateMemory(trial);
        CHECK(lines[zero + 1].split(',')[9].toDouble() ==
              Approx(expected.totalBytes).epsilon(1e-15));
    }
}

TEST_CASE("memory: the wheel over an unfocused box leaves its value alone", "[ui][memory][wheel]")
{
    // Scrolling the controls column passes boxes under the pointer: only the box with the
    // keyboard focus takes the wheel (the event is left for the scroll area).
    ScenarioModel model;
    MemoryPanel panel(&model);
    panel.resize(1280, 800);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    NumberField* sequence = panel.field(QStringLiteral("model.seq_len"));
    REQUIRE(sequence);
    const double before = model.scenario().model.seqLen;
    const auto wheelOver = [](QWidget* widget) {
        const QPointF centre = QRectF(widget->rect()).center();
        QWheelEvent wheel(centre, widget->mapToGlobal(centre), QPoint(0, -120), QPoint(0, -120),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(widget, &wheel);
        return wheel.isAccepted();
    };
    REQUIRE_FALSE(sequence->hasFocus());
    CHECK_FALSE(wheelOver(sequence));
    CHECK(model.scenario().model.seqLen == before);
    CHECK(sequence->focusPolicy() == Qt::StrongFocus); // the wheel does not take the focus
    QComboBox* gpu = panel.choiceBox(QStringLiteral("hardware.gpu"));
    REQUIRE(gpu);
    const int gpuIndex = gpu->currentIndex();
    CHECK_FALSE(wheelOver(gpu));
    CHECK(gpu->currentIndex() == gpuIndex);

    panel.activateWindow();
    sequence->setFocus(Qt::MouseFocusReason);
    if (sequence->hasFocus()) { // the platform gave the window the focus
        CHECK(wheelOver(sequence));
        CHECK(model.scenario().model.seqLen != before);
    }
}
