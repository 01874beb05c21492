// The Scaling panel end to end: controls → Scenario → simcore → bar sets and read-outs.
#include "common/format.h"
#include "simcore/scaling.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/scaling/scalingcharts.h"
#include "ui/panels/scaling/scalingpanel.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {

/// The bars must show exactly what simcore computes for the model's scenario: the solid bar is
/// the whole step, compute below and everything else the step waits for (communication not
/// hidden and the pipeline bubble) above; the hatched one the ideal.
void requireBarsMatchSimcore(const ScalingPanel& panel)
{
    const auto expected = simcore::evaluateScaling(panel.model()->scenario());
    const ScalingCharts* charts = panel.charts();
    const double unit = charts->barUnitSeconds();
    REQUIRE(charts->computeSet()->count() == static_cast<qsizetype>(expected.window.size()));
    REQUIRE(charts->categoryAxis()->count() == static_cast<qsizetype>(expected.window.size()));
    for (std::size_t i = 0; i < expected.window.size(); ++i) {
        const auto& bar = expected.window[i];
        const auto index = static_cast<qsizetype>(i);
        INFO("bar " << i << ", N = " << bar.workers);
        CHECK(charts->categoryAxis()->at(index) == QString::number(bar.workers));
        CHECK(charts->computeSet()->at(index) * unit == Approx(bar.computeSeconds).epsilon(1e-12));
        CHECK(charts->communicationSet()->at(index) * unit ==
              Approx(bar.syncSeconds + bar.bubbleSeconds).epsilon(1e-12));
        CHECK((charts->computeSet()->at(index) + charts->communicationSet()->at(index)) * unit ==
              Approx(bar.stepSeconds).epsilon(1e-12));
        CHECK(charts->idealSet()->at(index) * unit == Approx(bar.idealSeconds).epsilon(1e-12));
    }
}

} // namespace

TEST_CASE("moving the slider puts simcore's numbers into the bar sets", "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.resize(1400, 900);
    QSignalSpy changed(&model, &ScenarioModel::changed);

    panel.workerSlider()->setValue(40);
    CHECK(changed.count() == 1);
    CHECK(model.scenario().scaling.workers == 40);
    CHECK(panel.workerSpinBox()->value() == 40);
    requireBarsMatchSimcore(panel);

    // Hand calculation (seed lesson §5, defaults 1000/20/4 ms): step(40) = 25 + 20 + 156 = 201 ms.
    CHECK(panel.report().result.selected.stepSeconds == Approx(0.201).epsilon(1e-12));
    CHECK(panel.readouts().at(0) == dtsim::common::formatDuration(0.201));
    // The selected-N marker sits over the bar for N = 40.
    const auto marker = panel.charts()->selectedMarker()->points();
    REQUIRE(marker.size() == 1);
    CHECK(panel.charts()->categoryAxis()->at(static_cast<qsizetype>(marker[0].x())) == "40");
    // The optimum marker sits over N = 16.
    const auto optimum = panel.charts()->optimumMarker()->points();
    REQUIRE(optimum.size() == 1);
    CHECK(panel.charts()->categoryAxis()->at(static_cast<qsizetype>(optimum[0].x())) == "16");
}

TEST_CASE("the spin box and the slider stay in sync", "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.workerSpinBox()->setValue(1000);
    CHECK(model.scenario().scaling.workers == 1000);
    CHECK(panel.workerSlider()->value() == 1000);
    requireBarsMatchSimcore(panel);

    panel.logScaleBox()->setChecked(true);
    CHECK(model.scenario().scaling.axis == simcore::AxisScale::Log);
    CHECK(panel.workerSlider()->maximum() == ScalingPanel::kLogSteps);
    // The log slider cannot land on every N; the scenario keeps the exact 1000.
    CHECK(model.scenario().scaling.workers == 1000);
    CHECK(panel.workerSlider()->value() == ScalingPanel::sliderPosition(1000, true));
    requireBarsMatchSimcore(panel);
    CHECK(qobject_cast<QLogValueAxis*>(
              panel.charts()->speedupSeries()->chart()->axes(Qt::Horizontal).value(0)) != nullptr);

    panel.workerSlider()->setValue(ScalingPanel::kLogSteps);
    CHECK(model.scenario().scaling.workers == 4096);
    panel.workerSlider()->setValue(0);
    CHECK(model.scenario().scaling.workers == 1);
    CHECK(panel.workerSpinBox()->value() == 1);
}

TEST_CASE("log slider positions map onto 1…4096 and back", "[ui][scaling]")
{
    for (std::int64_t n : {1, 2, 3, 16, 100, 1000, 4096}) {
        const int position = ScalingPanel::sliderPosition(n, true);
        // Each position step is a factor 4096^(1/1200) ≈ 1.007: the round trip lands within it.
        CHECK(static_cast<double>(ScalingPanel::workersAtPosition(position, true)) ==
              Approx(static_cast<double>(n)).epsilon(0.0071));
    }
    CHECK(ScalingPanel::workersAtPosition(37, false) == 37);
}

TEST_CASE("editing a lesson constant redraws from simcore", "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    NumberField* perWorker = panel.field(QStringLiteral("lesson.sync_per_worker"));
    REQUIRE(perWorker != nullptr);
    perWorker->setValue(1.0); // ms
    CHECK(model.scenario().lesson.syncPerWorkerSeconds == Approx(0.001).epsilon(1e-12));
    // √(1000 / 1) = 31.6: step(31) = 32.258 + 20 + 30 = 82.258 ms; step(32) = 31.25 + 20 + 31 =
    // 82.25 ms; step(33) = 30.303 + 20 + 32 = 82.303 ms → optimum 32.
    CHECK(panel.report().result.optimalWorkers == 32);
    requireBarsMatchSimcore(panel);
    CHECK(panel.formulaText().contains(QStringLiteral("1 ms")));
}

TEST_CASE("an out-of-range entry is reported by name, not clamped", "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.show();
    NumberField* base = panel.field(QStringLiteral("lesson.base_compute"));
    REQUIRE(base != nullptr);
    base->editor()->selectAll();
    QTest::keyClicks(base->editor(), QStringLiteral("5000000000"));
    CHECK(panel.problemText().contains(QStringLiteral("lesson.base_compute")));
    CHECK(panel.problemText().contains(QStringLiteral("out of range")));
    CHECK(model.scenario().lesson.baseComputeSeconds == 1.0);
    // Enter keeps the last valid value and applies nothing.
    QTest::keyClick(base->editor(), Qt::Key_Return);
    CHECK(model.scenario().lesson.baseComputeSeconds == 1.0);

    base->editor()->selectAll();
    QTest::keyClicks(base->editor(), QStringLiteral("2000"));
    QTest::keyClick(base->editor(), Qt::Key_Return);
    CHECK(model.scenario().lesson.baseComputeSeconds == Approx(2.0).epsilon(1e-12));
    CHECK(panel.problemText().isEmpty());
}

TEST_CASE("the main window hosts six panels and resets to the lesson defaults", "[ui][window]")
{
    MainWindow window;
    REQUIRE(window.tabs()->count() == 6);
    CHECK(window.tabs()->tabText(0) == "Scaling");
    CHECK(window.tabs()->tabText(5) == "Checkpoint");
    auto* scaling = qobject_cast<ScalingPanel*>(window.panel(QStringLiteral("scaling")));
    REQUIRE(scaling != nullptr);
    scaling->workerSpinBox()->setValue(300);
    CHECK(window.model()->scenario().scaling.workers == 300);
    for (QAction* action : window.findChildren<QAction*>()) {
        if (action->text() == QStringLiteral("&Reset all")) {
            action->trigger();
        }
    }
    CHECK(window.model()->scenario() == simcore::Scenario{});
    CHECK(scaling->workerSpinBox()->value() == 8);
}

TEST_CASE("a language change re-sets texts without losing numbers", "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.workerSpinBox()->setValue(24);
    const QStringList before = panel.readouts();
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(&panel, &change);
    QCoreApplication::sendEvent(panel.charts(), &change);
    CHECK(panel.readouts() == before);
    requireBarsMatchSimcore(panel);
}

TEST_CASE("only the current tab redraws on each change; the others catch up when shown",
          "[ui][window]")
{
    MainWindow window;
    auto* scaling = window.panel(QStringLiteral("scaling"));
    auto* memory = window.panel(QStringLiteral("memory"));
    REQUIRE(scaling != nullptr);
    REQUIRE(memory != nullptr);
    CHECK(scaling->isActive());
    CHECK_FALSE(memory->isActive());
    const QString before = memory->formulaText();
    window.model()->setNumber(QStringLiteral("model.params"), 13e9);
    CHECK(memory->formulaText() == before); // not redrawn while hidden
    window.showPanel(QStringLiteral("memory"));
    CHECK(memory->isActive());
    CHECK_FALSE(scaling->isActive());
    CHECK(memory->formulaText() != before); // redrawn once on becoming current
}

TEST_CASE("the Physical mode: the mode box swaps the controls and the bars follow simcore",
          "[ui][scaling][physical]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.resize(1400, 900);
    panel.show();
    QComboBox* mode = panel.choiceBox(QStringLiteral("scaling.mode"));
    REQUIRE(mode != nullptr);
    CHECK(panel.field(QStringLiteral("lesson.base_compute"))->isVisible());
    // The Physical rows are built when that model is first shown.
    CHECK(panel.field(QStringLiteral("scaling.mfu")) == nullptr);

    const int physical = mode->findData(QStringLiteral("physical"));
    REQUIRE(physical >= 0);
    mode->setCurrentIndex(physical);
    emit mode->activated(physical); // what a click on the item does
    CHECK(model.scenario().scaling.mode == simcore::ScalingMode::Physical);
    CHECK(panel.report().result.mode == simcore::ScalingMode::Physical);
    CHECK_FALSE(panel.field(QStringLiteral("lesson.base_compute"))->isVisible());
    CHECK(panel.field(QStringLiteral("scaling.mfu"))->isVisible());
    requireBarsMatchSimcore(panel);
    CHECK(panel.charts()->computeSet()->label() == QStringLiteral("Compute"));
    CHECK(panel.formulaText().contains(QStringLiteral("FLOP")));

    // MFU is shown in per cent: 50 % sets 0.5 and halves nothing but compute.
    panel.field(QStringLiteral("scaling.mfu"))->setValue(50.0);
    CHECK(model.scenario().scaling.mfu == Approx(0.5).epsilon(1e-12));
    requireBarsMatchSimcore(panel);

    // A choice set elsewhere (undo, a file) shows in the box without a signal loop.
    REQUIRE_FALSE(model.setValue(QStringLiteral("collective.algorithm"), QStringLiteral("tree")));
    CHECK(panel.choiceBox(QStringLiteral("collective.algorithm"))->currentData().toString() ==
          QStringLiteral("tree"));
    requireBarsMatchSimcore(panel);

    // A scenario that starts in Physical mode shows only the Physical controls.
    ScalingPanel second(&model);
    second.resize(1400, 900);
    second.show();
    CHECK_FALSE(second.field(QStringLiteral("lesson.base_compute"))->isVisible());
    CHECK(second.field(QStringLiteral("scaling.mfu"))->isVisible());

    mode->setCurrentIndex(mode->findData(QStringLiteral("lesson")));
    emit mode->activated(mode->currentIndex());
    CHECK(panel.field(QStringLiteral("lesson.base_compute"))->isVisible());
    CHECK(panel.charts()->computeSet()->label() == QStringLiteral("Compute T(1)/N"));
}

TEST_CASE("Scaling read-outs are copied from their right-click menu, one or all, with their names",
          "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.workerSlider()->setValue(40);
    const auto values = panel.findChildren<QLabel*>();
    QLabel* step = nullptr;
    for (QLabel* label : values) {
        if (label->text() == dtsim::common::formatDuration(0.201)) {
            step = label;
        }
    }
    REQUIRE(step != nullptr);
    CHECK(step->contextMenuPolicy() == Qt::ActionsContextMenu);
    REQUIRE(step->actions().size() == 2);

    step->actions().at(0)->trigger();
    CHECK(QGuiApplication::clipboard()->text() == QStringLiteral("Step time: ") + step->text());

    step->actions().at(1)->trigger();
    const QStringList lines = QGuiApplication::clipboard()->text().split(QLatin1Char('\n'));
    REQUIRE(lines.size() == panel.readouts().size());
    CHECK(lines.at(0) == QStringLiteral("Step time: ") + panel.readouts().at(0));
    CHECK(lines.at(2) == QStringLiteral("Speed-up: ") + panel.readouts().at(2));
}
