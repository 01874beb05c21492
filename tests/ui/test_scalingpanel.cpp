// The Scaling panel end to end: controls → Scenario → simcore → bar sets and read-outs.
#include "common/format.h"
#include "helpers.h"
#include "simcore/models/scaling.h"
#include "simcore/reports/scalingreport.h"
#include "testaccess.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/pointmarker.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/scaling/scalingcharts.h"
#include "ui/panels/scaling/scalingpanel.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QColor>
#include <QComboBox>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QTest>
#include <algorithm>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

// A control as a problem line names it: by its label, the key only in the tooltip.
static QString labelOf(const char* key)
{
    return dtsim::ui::accessibleLabel(dtsim::ui::keyText(QString::fromLatin1(key)).label);
}

namespace {

/// The bars must show exactly what simcore computes for the model's scenario: the solid bar is
/// the whole step, compute below and everything else the step waits for (communication not
/// hidden and the pipeline bubble) above; the hatched one the ideal.
void requireBarsMatchSimcore(const ScalingPanel& panel)
{
    const auto expected = simcore::evaluateScaling(panel.model()->scenario());
    const ScalingCharts* charts = panel.charts();
    const double unit = TestAccess::barUnitSeconds(*charts);
    const auto breaks = static_cast<qsizetype>(
        std::count(expected.breakBefore.begin(), expected.breakBefore.end(), true));
    // One slot per bar, and an empty slot marked "…" before each bar that follows a gap.
    const auto slotCount = static_cast<qsizetype>(expected.window.size()) + breaks;
    REQUIRE(TestAccess::computeSet(*charts)->count() == slotCount);
    REQUIRE(TestAccess::categoryAxis(*charts)->count() == slotCount);
    qsizetype index = 0;
    for (std::size_t i = 0; i < expected.window.size(); ++i, ++index) {
        const auto& bar = expected.window[i];
        INFO("bar " << i << ", N = " << bar.workers);
        if (expected.breakBefore[i]) {
            CHECK(TestAccess::categoryAxis(*charts)->at(index).trimmed() ==
                  ScalingCharts::breakMark());
            CHECK(TestAccess::computeSet(*charts)->at(index) == 0.0);
            CHECK(TestAccess::idealSet(*charts)->at(index) == 0.0);
            ++index;
        }
        if (!bar.possible) {
            // No layout has this N: an empty slot named so, no bar.
            CHECK(TestAccess::categoryAxis(*charts)->at(index) ==
                  ScalingCharts::impossibleMark(bar.workers));
            CHECK(TestAccess::computeSet(*charts)->at(index) == 0.0);
            CHECK(TestAccess::idealSet(*charts)->at(index) == 0.0);
            continue;
        }
        CHECK(TestAccess::categoryAxis(*charts)->at(index) == QString::number(bar.workers));
        CHECK(TestAccess::computeSet(*charts)->at(index) * unit ==
              Approx(bar.computeSeconds).epsilon(1e-12));
        double communication = 0;
        if (TestAccess::showsLayoutTerms(*charts)) {
            // Physical: the layout's terms, stacked (simcore's StepTimes parts).
            CHECK(TestAccess::tensorParallelSet(*charts)->at(index) * unit ==
                  Approx(bar.tensorParallelSeconds).margin(1e-15));
            CHECK(TestAccess::pipelineSet(*charts)->at(index) * unit ==
                  Approx(bar.bubbleSeconds + bar.pipelineSendSeconds).margin(1e-15));
            CHECK(TestAccess::dataParallelSet(*charts)->at(index) * unit ==
                  Approx(bar.dataParallelSeconds + bar.zeroGatherSeconds).margin(1e-15));
            for (QBarSet* set :
                 {TestAccess::tensorParallelSet(*charts), TestAccess::pipelineSet(*charts),
                  TestAccess::dataParallelSet(*charts), TestAccess::otherSet(*charts)}) {
                communication += set->at(index);
            }
        } else {
            communication = TestAccess::communicationSet(*charts)->at(index);
        }
        CHECK(communication * unit == Approx(bar.syncSeconds + bar.bubbleSeconds).epsilon(1e-12));
        CHECK((TestAccess::computeSet(*charts)->at(index) + communication) * unit ==
              Approx(bar.stepSeconds).epsilon(1e-12));
        CHECK(TestAccess::idealSet(*charts)->at(index) * unit ==
              Approx(bar.idealSeconds).epsilon(1e-12));
    }
}

/// The N the bar chart draws, in order, with "…" for a break mark.
QStringList drawnCategories(const ScalingPanel& panel)
{
    QStringList categories = TestAccess::categoryAxis(*panel.charts())->categories();
    for (QString& category : categories) {
        category = category.trimmed();
    }
    return categories;
}

QStringList numbers(std::int64_t from, std::int64_t to)
{
    QStringList list;
    for (std::int64_t n = from; n <= to; ++n) {
        list << QString::number(n);
    }
    return list;
}

} // namespace

TEST_CASE("moving the slider puts simcore's numbers into the bar sets", "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.resize(1400, 900);
    QSignalSpy changed(&model, &ScenarioModel::changed);

    REQUIRE(panel.sliderPosition(40) >= 0); // a stop: 32, 40, 48 past 16
    panel.workerSlider()->setValue(panel.sliderPosition(40));
    CHECK(changed.count() == 1);
    CHECK(model.scenario().scaling.workers == 40);
    CHECK(panel.workerSpinBox()->value() == 40);
    requireBarsMatchSimcore(panel);

    // Hand calculation (seed lesson §5, defaults 1000/20/4 ms): step(40) = 25 + 20 + 156 = 201 ms.
    CHECK(panel.report().result.selected.stepSeconds == Approx(0.201).epsilon(1e-12));
    CHECK(panel.readouts().at(0) == dtsim::common::formatDuration(0.201));
    // The selected-N marker sits over the bar for N = 40.
    const auto marker = TestAccess::selectedMarker(*panel.charts())->point();
    REQUIRE(marker.has_value());
    CHECK(TestAccess::categoryAxis(*panel.charts())->at(static_cast<qsizetype>(marker->x())) ==
          "40");
    // The optimum marker sits over N = 16.
    const auto optimum = TestAccess::optimumMarker(*panel.charts())->point();
    REQUIRE(optimum.has_value());
    CHECK(TestAccess::categoryAxis(*panel.charts())->at(static_cast<qsizetype>(optimum->x())) ==
          "16");
}

TEST_CASE("the markers are drawn where their points map, and follow the axes", "[ui][scaling]")
{
    // Hazard: a marker drawn as its own item keeps its old place when an axis range moves
    // under an unchanged point (the speed-up axis grows with N).
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.resize(1280, 800);
    panel.show();
    QCoreApplication::processEvents();
    const auto expectAtItsPoint = [&](dtsim::ui::PointMarker* marker) {
        REQUIRE(marker->point().has_value());
        CHECK(marker->isShown());
        QChart* chart = marker->legendEntry()->chart();
        const QPointF expected = chart->mapToPosition(*marker->point(), marker->legendEntry());
        CHECK(marker->position().x() == Approx(expected.x()).margin(0.01));
        CHECK(marker->position().y() == Approx(expected.y()).margin(0.01));
        CHECK(chart->plotArea().adjusted(-1, -1, 1, 1).contains(marker->position()));
    };
    for (int workers : {8, 64, 16, 3000, 2}) {
        model.setValue(QStringLiteral("scaling.workers"), QString::number(workers));
        QCoreApplication::processEvents();
        INFO("N = " << workers);
        expectAtItsPoint(TestAccess::selectedMarker(*panel.charts()));
        expectAtItsPoint(TestAccess::optimumMarker(*panel.charts()));
        expectAtItsPoint(TestAccess::selectedPoint(*panel.charts()));
        expectAtItsPoint(TestAccess::optimumPoint(*panel.charts()));
    }
    model.setValue(QStringLiteral("scaling.axis"), QStringLiteral("log"));
    QCoreApplication::processEvents();
    expectAtItsPoint(TestAccess::selectedPoint(*panel.charts()));
    expectAtItsPoint(TestAccess::optimumPoint(*panel.charts()));
}

TEST_CASE("the spin box and the slider stay in sync", "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.workerSpinBox()->setValue(1000);
    CHECK(model.scenario().scaling.workers == 1000);
    // A typed N becomes a stop of its own: the slider sits on it, at the end.
    CHECK(panel.workerSlider()->value() == panel.sliderPosition(1000));
    CHECK(panel.workerSlider()->value() == panel.workerSlider()->maximum());
    requireBarsMatchSimcore(panel);

    panel.logScaleBox()->setChecked(true);
    CHECK(model.scenario().scaling.axis == simcore::AxisScale::Log);
    // Powers of two up to 4 × the optimum 16, and the typed 1000; the scenario keeps 1000.
    CHECK(panel.sliderStops() == std::vector<std::int64_t>{1, 2, 4, 8, 16, 32, 64, 1000});
    CHECK(model.scenario().scaling.workers == 1000);
    CHECK(panel.workerSlider()->value() == panel.sliderPosition(1000));
    requireBarsMatchSimcore(panel);
    CHECK(qobject_cast<QLogValueAxis*>(
              TestAccess::speedupSeries(*panel.charts())->chart()->axes(Qt::Horizontal).value(0)) !=
          nullptr);

    panel.workerSlider()->setValue(0);
    CHECK(model.scenario().scaling.workers == 1);
    CHECK(panel.workerSpinBox()->value() == 1);
    // 1000 was a stop only while selected.
    CHECK(panel.sliderStops() == std::vector<std::int64_t>{1, 2, 4, 8, 16, 32, 64});
    panel.workerSlider()->setValue(panel.workerSlider()->maximum());
    CHECK(model.scenario().scaling.workers == 64);
}

TEST_CASE("every slider stop is reachable and lands on its N", "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    // Lesson defaults, optimum 16: 1…16, then four stops per octave up to 4 × 16 = 64.
    const auto stops = panel.sliderStops();
    REQUIRE(stops.size() == 24);
    CHECK(stops.front() == 1);
    CHECK(stops.back() == 64);
    CHECK(panel.workerSlider()->minimum() == 0);
    CHECK(panel.workerSlider()->maximum() == 23);
    for (int position = 0; position <= panel.workerSlider()->maximum(); ++position) {
        panel.workerSlider()->setValue(position);
        CHECK(model.scenario().scaling.workers == stops[static_cast<std::size_t>(position)]);
        CHECK(panel.workerSpinBox()->value() == stops[static_cast<std::size_t>(position)]);
    }
}

TEST_CASE("a first drag on the slider lands in the lesson's range", "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.resize(1280, 800);
    panel.show();
    QCoreApplication::processEvents();
    QSlider* slider = panel.workerSlider();
    REQUIRE(slider->width() > 100);
    // A press on the handle (N = 8) and a drag a third of the groove to the right: with a linear
    // 1…4096 this landed on N = 1083.
    const int y = slider->height() / 2;
    const QRect groove = slider->rect();
    const int from = groove.left() + groove.width() * slider->value() / slider->maximum();
    QTest::mousePress(slider, Qt::LeftButton, {}, QPoint(from, y));
    QTest::mouseMove(slider, QPoint(from + groove.width() / 3, y));
    QTest::mouseRelease(slider, Qt::LeftButton, {}, QPoint(from + groove.width() / 3, y));
    const auto n = model.scenario().scaling.workers;
    INFO("N = " << n);
    CHECK(n > 8);
    CHECK(n <= 64);
}

TEST_CASE("arrow keys, Page and Home/End step N along the stops in both modes", "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.show();
    QSlider* slider = panel.workerSlider();
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Right);
    CHECK(model.scenario().scaling.workers == 9);
    QTest::keyClick(slider, Qt::Key_Left);
    QTest::keyClick(slider, Qt::Key_Left);
    CHECK(model.scenario().scaling.workers == 7);
    QTest::keyClick(slider, Qt::Key_End);
    CHECK(model.scenario().scaling.workers == 64);
    QTest::keyClick(slider, Qt::Key_Left);
    CHECK(model.scenario().scaling.workers == 56);
    QTest::keyClick(slider, Qt::Key_Home);
    CHECK(model.scenario().scaling.workers == 1);
    // A typed N off the stops: the arrow keys step from it to the next stop.
    panel.workerSpinBox()->setValue(50);
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Right);
    CHECK(model.scenario().scaling.workers == 56);

    // Physical, GPT-3's cluster and batch: 1024 GPUs as dp × (tp 2 × pp 4), dp dividing the
    // 1536 sequences. The stops are layouts only: 8, 16, 24 (dp 3), …, 1024.
    REQUIRE_FALSE(model.setValue(QStringLiteral("scaling.mode"), QStringLiteral("physical")));
    REQUIRE_FALSE(model.setValue(QStringLiteral("hardware.gpus"), QStringLiteral("1024")));
    REQUIRE_FALSE(model.setValue(QStringLiteral("train.global_batch"), QStringLiteral("1536")));
    REQUIRE_FALSE(model.setValue(QStringLiteral("scaling.workers"), QStringLiteral("8")));
    CHECK(panel.sliderStops().front() == 8);
    CHECK(panel.sliderStops().back() == 1024);
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Right);
    CHECK(model.scenario().scaling.workers == 16);
    QTest::keyClick(slider, Qt::Key_End);
    CHECK(model.scenario().scaling.workers == 1024);
    QTest::keyClick(slider, Qt::Key_Left);
    CHECK(model.scenario().scaling.workers == 768); // dp 96; 896 (dp 112) is no layout
    CHECK_FALSE(panel.workersNote()->isVisible());
    for (auto n : panel.sliderStops()) {
        INFO("N = " << n);
        CHECK(n % 8 == 0);
        CHECK(1536 % (n / 8) == 0);
    }
}

TEST_CASE("the bars hold N = 1, the selected N and both sides of the optimum", "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    // N = 8 (the start): 1…20, no gap; 2, 14 and 15 are drawn, and two past the optimum 16.
    CHECK(drawnCategories(panel) == numbers(1, 20));
    requireBarsMatchSimcore(panel);
    // N = 40: a break mark before 14 and before 34.
    panel.workerSpinBox()->setValue(40);
    const QString mark = ScalingCharts::breakMark();
    CHECK(drawnCategories(panel) ==
          QStringList{"1", mark} + numbers(14, 18) + QStringList{mark} + numbers(34, 42));
    requireBarsMatchSimcore(panel);
    // The step past the optimum is slower, and it is drawn: step(18) > step(16).
    const auto& bars = panel.report().bars;
    const auto stepAt = [&](std::int64_t n) {
        for (const auto& bar : bars) {
            if (bar.workers == n) {
                return bar.computeSeconds + bar.communicationSeconds;
            }
        }
        return -1.0;
    };
    CHECK(stepAt(18) > stepAt(16));
    CHECK(stepAt(42) > stepAt(18));
    // The CSV says which N are bars and where the breaks are.
    const QString csv = testing::csvText(panel.charts()->csv());
    CHECK(csv.contains(
        QStringLiteral("bar,selected,optimal,break_before,straggler_s,failure_s,possible,")));
    // Failures not counted: their two columns are 0; every lesson N is possible, and the
    // Physical model's ten layout columns are empty.
    const QString lessonTail = QStringLiteral(",1,,,,,,,,,,\n");
    CHECK(csv.contains(QRegularExpression(QStringLiteral("\n14,[^\n]*,1,0,0,1,0,0") + lessonTail)));
    CHECK(csv.contains(QRegularExpression(QStringLiteral("\n40,[^\n]*,1,1,0,0,0,0") + lessonTail)));
    CHECK(csv.contains(QRegularExpression(QStringLiteral("\n16,[^\n]*,1,0,1,0,0,0") + lessonTail)));
    CHECK(csv.contains(QRegularExpression(QStringLiteral("\n25,[^\n]*,0,0,0,0") + lessonTail)));
}

TEST_CASE("Physical mode refuses N past the cluster or the batch, naming the key and the limit",
          "[ui][scaling][physical]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.show();
    REQUIRE_FALSE(model.setValue(QStringLiteral("scaling.mode"), QStringLiteral("physical")));
    REQUIRE_FALSE(model.setValue(QStringLiteral("hardware.gpus"), QStringLiteral("16")));
    CHECK(panel.sliderStops().back() == 16);
    panel.workerSpinBox()->setValue(1005);
    CHECK(model.scenario().scaling.workers == 1005); // kept, not clamped
    CHECK(panel.problemText().contains(labelOf("scaling.workers")));
    CHECK(panel.problemText().contains(QStringLiteral("at most 16")));
    CHECK(panel.problemText().contains(labelOf("hardware.gpus")));
    CHECK(panel.charts()->summary() == panel.problemText());
    panel.workerSpinBox()->setValue(16);
    CHECK(panel.problemText().isEmpty());
    // The control that limits N, by its label: a class reads no key names.
    CHECK(panel.readouts().last() == QStringLiteral("16 (GPUs in the cluster)"));
    CHECK(panel.report().result.optimalWorkers <= 16);
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

TEST_CASE("the main window hosts seven panels and resets to the lesson defaults", "[ui][window]")
{
    MainWindow window;
    REQUIRE(window.tabs()->count() == 7);
    CHECK(window.tabs()->tabText(0) == "Scaling");
    CHECK(window.tabs()->tabText(5) == "Checkpoint");
    CHECK(window.tabs()->tabText(6) == "Plan");
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
    CHECK(panel.field(QStringLiteral("parallel.tp")) == nullptr);

    const int physical = mode->findData(QStringLiteral("physical"));
    REQUIRE(physical >= 0);
    mode->setCurrentIndex(physical);
    emit mode->activated(physical); // what a click on the item does
    CHECK(model.scenario().scaling.mode == simcore::ScalingMode::Physical);
    CHECK(panel.report().result.mode == simcore::ScalingMode::Physical);
    CHECK_FALSE(panel.field(QStringLiteral("lesson.base_compute"))->isVisible());
    CHECK(panel.field(QStringLiteral("parallel.tp"))->isVisible());
    requireBarsMatchSimcore(panel);
    CHECK(TestAccess::computeSet(*panel.charts())->label() == QStringLiteral("Compute"));
    CHECK(TestAccess::showsLayoutTerms(*panel.charts()));
    CHECK(panel.formulaText().contains(QStringLiteral("dp 1 × tp 2 × pp 4 × cp 1")));
    CHECK(panel.formulaText().contains(QStringLiteral("bubble")));

    // tp 2 → 4: the replica is 16 GPUs, and N = 8 is no layout: an empty slot, said so.
    panel.field(QStringLiteral("parallel.tp"))->setValue(4.0);
    CHECK(model.scenario().parallel.tp == 4);
    requireBarsMatchSimcore(panel);
    CHECK_FALSE(panel.report().result.selected.possible);
    CHECK(panel.problemText().contains(QStringLiteral("not a multiple of tp × pp × cp = 16")));
    CHECK(drawnCategories(panel).contains(ScalingCharts::impossibleMark(8)));
    panel.workerSpinBox()->setValue(32);
    CHECK(panel.problemText().isEmpty());
    requireBarsMatchSimcore(panel);

    // A choice set elsewhere (undo, a file) shows in the box without a signal loop.
    REQUIRE_FALSE(model.setValue(QStringLiteral("parallel.schedule"), QStringLiteral("gpipe")));
    CHECK(panel.choiceBox(QStringLiteral("parallel.schedule"))->currentData().toString() ==
          QStringLiteral("gpipe"));
    requireBarsMatchSimcore(panel);

    // A scenario that starts in Physical mode shows only the Physical controls.
    ScalingPanel second(&model);
    second.resize(1400, 900);
    second.show();
    CHECK_FALSE(second.field(QStringLiteral("lesson.base_compute"))->isVisible());
    CHECK(second.field(QStringLiteral("parallel.tp"))->isVisible());

    mode->setCurrentIndex(mode->findData(QStringLiteral("lesson")));
    emit mode->activated(mode->currentIndex());
    CHECK(panel.field(QStringLiteral("lesson.base_compute"))->isVisible());
    CHECK(TestAccess::computeSet(*panel.charts())->label() == QStringLiteral("Compute T(1)/N"));
}

TEST_CASE("Scaling read-outs are copied from their right-click menu, one or all, with their names",
          "[ui][scaling]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.workerSlider()->setValue(panel.sliderPosition(40));
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

TEST_CASE("the speed-up chart switched to the log axis draws the ideal line where it is",
          "[ui][scaling][log]")
{
    // Guards against: after the axis swap the ideal N× line stayed as drawn on the linear axis
    // (its cached drawing was kept), while a fresh start on the log axis drew it curved. On the
    // screen the line passes (4, 4) and (8, 8): dark pixels there, dashes or not.
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.resize(1280, 800);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    QCoreApplication::processEvents();
    panel.logScaleBox()->setChecked(true);
    QCoreApplication::processEvents();
    QChartView* view = TestAccess::speedupView(*panel.charts());
    const QImage image = view->grab().toImage();
    const qreal ratio = image.devicePixelRatio();
    for (const double n : {4.0, 8.0}) {
        INFO("N = " << n);
        const QPointF scenePoint = view->chart()->mapToPosition(
            QPointF(n, n), TestAccess::idealSpeedupSeries(*panel.charts()));
        const QPoint centre = view->mapFromScene(scenePoint);
        int dark = 0;
        for (int dx = -7; dx <= 7; ++dx) {
            for (int dy = -7; dy <= 7; ++dy) {
                const QPoint at(qRound((centre.x() + dx) * ratio),
                                qRound((centre.y() + dy) * ratio));
                if (image.rect().contains(at) && QColor(image.pixel(at)).lightness() < 100 &&
                    QColor(image.pixel(at)).saturation() < 50) { // the grey line, not the blue
                    ++dark;
                }
            }
        }
        CHECK(dark >= 3);
    }
}

TEST_CASE("counting failures stacks straggler wait and failures on the bars, from simcore",
          "[ui][scaling][goodput]")
{
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.resize(1400, 900);
    const ScalingCharts* charts = panel.charts();
    CHECK_FALSE(panel.countFailuresBox()->isChecked());
    CHECK_FALSE(TestAccess::countsFailures(*charts));
    CHECK(TestAccess::barView(*charts)->chart()->series().size() > 0);
    const auto sets = [&] {
        QList<QBarSet*> all;
        for (QAbstractSeries* series : TestAccess::barView(*charts)->chart()->series()) {
            if (auto* stacked = qobject_cast<QStackedBarSeries*>(series)) {
                all << stacked->barSets();
            }
        }
        return all;
    };
    CHECK_FALSE(sets().contains(TestAccess::stragglerSet(*charts)));

    // The lesson's defaults with c = 0.3, so the optimum visibly moves (16 → 14).
    REQUIRE_FALSE(
        model.setValue(QStringLiteral("scaling.straggler_cv"), QStringLiteral("0.3")).has_value());
    panel.countFailuresBox()->setChecked(true);
    CHECK(model.scenario().scaling.countFailures);
    REQUIRE(TestAccess::countsFailures(*charts));
    CHECK(sets().contains(TestAccess::stragglerSet(*charts)));
    CHECK(sets().contains(TestAccess::failureSet(*charts)));

    const auto report = simcore::scalingReport(model.scenario());
    REQUIRE(report.ok());
    const double unit = TestAccess::barUnitSeconds(*charts);
    qsizetype index = 0;
    for (const auto& bar : report.bars) {
        if (bar.breakBefore) {
            ++index;
        }
        INFO("N = " << bar.workers);
        CHECK(TestAccess::categoryAxis(*charts)->at(index) == QString::number(bar.workers));
        CHECK(TestAccess::stragglerSet(*charts)->at(index) * unit ==
              Approx(bar.stragglerSeconds).epsilon(1e-12));
        CHECK(TestAccess::failureSet(*charts)->at(index) * unit ==
              Approx(bar.failureSeconds).epsilon(1e-12));
        ++index;
    }
    const auto optimum = TestAccess::optimumMarker(*charts)->point();
    REQUIRE(optimum.has_value());
    CHECK(TestAccess::categoryAxis(*charts)->at(static_cast<qsizetype>(optimum->x())) == "14");
    // The read-outs and the formula strip show the counted numbers.
    CHECK(panel.readouts().at(0) == dtsim::common::formatQuantity(report, "step"));
    CHECK(panel.formulaText().contains(dtsim::common::formatQuantity(report, "failure_overhead")));
    CHECK(panel.formulaText().contains(dtsim::common::formatQuantity(report, "straggler_factor")));
    CHECK(testing::csvText(charts->csv()).contains(QStringLiteral("straggler_s,failure_s")));

    // Off again: the two sets leave the chart (and its legend).
    panel.countFailuresBox()->setChecked(false);
    CHECK_FALSE(TestAccess::countsFailures(*charts));
    CHECK_FALSE(sets().contains(TestAccess::failureSet(*charts)));
    requireBarsMatchSimcore(panel);
}

TEST_CASE("the formula strip derives the optimum from dT/dN = 0", "[ui][scaling][lesson]")
{
    // Seed lesson §5 constants: T_compute = 1 s, fixed 20 ms, 4 ms per extra worker.
    // dT/dN = −1 s/N² + 4 ms = 0 → N* = √(1 s / 4 ms) = √250 ≈ 15.8 (hand calculation); the
    // fastest whole N is 16, where T_compute/N = 62.5 ms and T_sync = 20 + 4 × 15 = 80 ms.
    const auto report = simcore::scalingReport(simcore::Scenario{});
    CHECK(report.lesson.continuousOptimum == Approx(std::sqrt(250.0)).epsilon(1e-12));
    ScenarioModel model;
    ScalingPanel panel(&model);
    const QString formula = panel.formulaText();
    INFO(formula.toStdString());
    CHECK(formula.contains(QStringLiteral("dT/dN = 0: N* = √(1 s / 4 ms) = 15.8 → N = 16")));
}
