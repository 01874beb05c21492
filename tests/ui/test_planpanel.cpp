// The Plan panel end to end: the scenario → planTraining → the charts' report, read-outs and
// CSV; "Use this layout" applies the selected layout to the scenario in one undo step.
#include "common/language.h"
#include "restorelook.h"
#include "simcore/plan/planner.h"
#include "simcore/reports/trainingreport.h"
#include "testaccess.h"
#include "ui/kit/appearance.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/plan/plancharts.h"
#include "ui/panels/plan/planpanel.h"
#include "ui/panels/plan/plansearch.h"
#include "ui/shell/mainwindow.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>
#include <catch2/catch.hpp>
#include <memory>

using namespace dtsim::ui;

namespace {

/// Llama 2 7B's shape on 8 nodes of 8 H100, a batch of 256.
simcore::Scenario sevenBOn64()
{
    simcore::Scenario s;
    s.model = {6738415616.0, 32, 4096, 32, 4096, 32000};
    s.train.precision = simcore::Precision::Mixed;
    s.train.globalBatch = 256;
    s.train.tokens = 1e12;
    s.hardware.gpus = 64;
    return s;
}

} // namespace

TEST_CASE("Plan panel: draws the planner's report, and its CSV is planCsv", "[ui][plan]")
{
    ScenarioModel model(sevenBOn64());
    PlanPanel panel(&model);
    const auto expected = simcore::planTraining(model.scenario());
    const auto& shown = panel.charts()->report();
    REQUIRE(shown.layouts.size() == expected.layouts.size());
    CHECK(shown.layouts.front() == expected.layouts.front());
    CHECK(shown.layouts.front().step.stepSeconds == expected.layouts.front().step.stepSeconds);
    CHECK(panel.charts()->csv() == simcore::planCsv(expected));
    CHECK(panel.charts()->selectedLayout() == 0);
    CHECK(TestAccess::useButton(panel)->isEnabled());
    CHECK(panel.charts()->summary().contains(PlanCharts::layoutText(expected.layouts.front())));
}

TEST_CASE("Plan panel: Use this layout applies the selected layout in one undo step", "[ui][plan]")
{
    ScenarioModel model(sevenBOn64());
    PlanPanel panel(&model);
    const simcore::Scenario before = model.scenario();
    const auto plan = simcore::planTraining(before);
    REQUIRE(plan.layouts.size() > 1);
    const int steps = model.undoStack()->count();

    panel.charts()->selectLayout(1);
    TestAccess::useButton(panel)->click();
    CHECK(model.scenario() == simcore::withLayout(before, plan.layouts[1]));
    CHECK(model.undoStack()->count() == steps + 1);
    // Priced again by the training model, the applied layout takes the step the plan showed.
    const auto training = simcore::trainingReport(model.scenario());
    REQUIRE(training.ok());
    CHECK(training.step.stepSeconds == plan.layouts[1].step.stepSeconds);

    model.undoStack()->undo();
    CHECK(model.scenario() == before);
}

TEST_CASE("Plan panel: no layout fits, nothing to use", "[ui][plan]")
{
    simcore::Scenario s = sevenBOn64();
    s.model = {405853388800.0, 126, 16384, 128, 8192, 128256};
    s.hardware.gpus = 8;
    ScenarioModel model(s);
    PlanPanel panel(&model);
    CHECK(panel.charts()->report().layouts.empty());
    CHECK(panel.charts()->selectedLayout() == -1);
    CHECK_FALSE(TestAccess::useButton(panel)->isEnabled());
    panel.useSelectedLayout(); // does nothing
    CHECK(model.scenario() == s);
}

TEST_CASE("Plan panel: an edit searches off the UI thread and keeps the last plan drawn",
          "[ui][plan][search]")
{
    ScenarioModel model(sevenBOn64());
    PlanPanel panel(&model);
    const auto first = simcore::planTraining(model.scenario());
    REQUIRE(panel.plansDrawn() == 1); // the first plan is searched before the panel shows

    model.setNumber(QStringLiteral("train.global_batch"), 512);
    // The edit returns before the search ends: the previous plan stays drawn, never a blank.
    REQUIRE(panel.isSearching());
    CHECK(panel.charts()->report().layouts.size() == first.layouts.size());
    CHECK(panel.charts()->report().layouts.front() == first.layouts.front());

    QSignalSpy drawn(&panel, &PlanPanel::planDrawn);
    REQUIRE(drawn.wait(20000));
    CHECK_FALSE(panel.isSearching());
    const auto expected = simcore::planTraining(model.scenario());
    CHECK(panel.charts()->csv() == simcore::planCsv(expected));
    CHECK(panel.readouts() ==
          QStringList{Panel::readoutText(panel.readoutRows()[0], expected.quantities),
                      Panel::readoutText(panel.readoutRows()[1], expected.quantities),
                      Panel::readoutText(panel.readoutRows()[2], expected.quantities),
                      Panel::readoutText(panel.readoutRows()[3], expected.quantities),
                      Panel::readoutText(panel.readoutRows()[4], expected.quantities)});
}

TEST_CASE("Plan panel: of two edits in a row only the last one's plan is drawn",
          "[ui][plan][search]")
{
    ScenarioModel model(sevenBOn64());
    PlanPanel panel(&model);
    QSignalSpy drawn(&panel, &PlanPanel::planDrawn);

    SECTION("the event loop delivers the results")
    {
        model.setNumber(QStringLiteral("train.global_batch"), 512);
        model.setNumber(QStringLiteral("hardware.gpus"), 128);
        REQUIRE(drawn.wait(20000));
        // The first edit's search ended after the second edit: its plan was dropped.
        QTest::qWait(50);
        CHECK(drawn.count() == 1);
    }
    SECTION("finishSearch waits without the event loop (export, tests)")
    {
        model.setNumber(QStringLiteral("train.global_batch"), 512);
        model.setNumber(QStringLiteral("hardware.gpus"), 128);
        panel.finishSearch();
        CHECK(drawn.count() == 1);
        CHECK_FALSE(panel.isSearching());
        QTest::qWait(50); // the first search's queued end arrives, and draws nothing
        CHECK(drawn.count() == 1);
    }
    CHECK(TestAccess::started(*panel.search()) == 2);
    CHECK(TestAccess::dropped(*panel.search()) == 1);
    CHECK(panel.plansDrawn() == 2);
    const auto last = simcore::planTraining(model.scenario());
    REQUIRE(model.scenario().hardware.gpus == 128);
    CHECK(panel.charts()->csv() == simcore::planCsv(last));
    CHECK(panel.charts()->report().evaluated == last.evaluated);
}

TEST_CASE("Plan panel: closed during a search, it waits for the worker and draws nothing",
          "[ui][plan][search]")
{
    ScenarioModel model(sevenBOn64());
    auto panel = std::make_unique<PlanPanel>(&model);
    QSignalSpy drawn(panel.get(), &PlanPanel::planDrawn);
    model.setNumber(QStringLiteral("hardware.gpus"), 128);
    REQUIRE(panel->isSearching());
    // A worker runs: the first plan was searched in place.
    REQUIRE(TestAccess::started(*panel->search()) == 1);
    const simcore::Scenario edited = model.scenario();
    const int undoSteps = model.undoStack()->count();
    panel.reset(); // the search goes with it and waits for its worker (a running QThread aborts)
    // Nothing of that search is drawn or applied: neither while the panel is torn down nor when
    // the worker's queued end would be delivered.
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    CHECK(drawn.isEmpty());
    CHECK(model.scenario() == edited);
    CHECK(model.undoStack()->count() == undoSteps);
}

TEST_CASE("Plan panel: Use this layout during a search applies the new scenario's plan",
          "[ui][plan][search]")
{
    ScenarioModel model(sevenBOn64());
    PlanPanel panel(&model);
    model.setNumber(QStringLiteral("hardware.gpus"), 128);
    REQUIRE(panel.isSearching());
    const simcore::Scenario edited = model.scenario();
    TestAccess::useButton(panel)->click();
    const auto plan = simcore::planTraining(edited);
    REQUIRE_FALSE(plan.layouts.empty());
    CHECK(model.scenario() == simcore::withLayout(edited, plan.layouts.front()));
}

TEST_CASE("Plan panel: the nodes' links and the optimizer are inputs; a faster network moves "
          "the best layout",
          "[ui][plan]")
{
    // Llama 2 70B's shape (Touvron et al. 2023) on 32 nodes of 8 H100, a batch of 512: with one
    // slow NIC per node the plan keeps traffic inside nodes; eight fast ones let dp and pp span
    // them cheaply.
    simcore::Scenario s = sevenBOn64();
    s.model = {68976648192.0, 80, 8192, 64, 4096, 32000};
    s.hardware.gpus = 256;
    s.train.globalBatch = 512;
    ScenarioModel model(s);
    PlanPanel panel(&model);
    REQUIRE(TestAccess::linksHeader(panel) != nullptr);
    REQUIRE_FALSE(Panel::isFoldingOpen(TestAccess::linksHeader(panel)));
    TestAccess::linksHeader(panel)->click();
    CHECK(Panel::isFoldingOpen(TestAccess::linksHeader(panel)));

    for (const char* key : {"hardware.intra_bandwidth", "hardware.inter_bandwidth",
                            "hardware.nics_per_node", "hardware.nic_bandwidth"}) {
        INFO(key);
        CHECK(panel.field(QString::fromLatin1(key)) != nullptr);
    }
    REQUIRE(panel.choiceBox(QStringLiteral("train.optimizer")) != nullptr);

    // Fields show GB/s; the scenario holds bytes/s.
    panel.field(QStringLiteral("hardware.nics_per_node"))->setValue(1);
    panel.field(QStringLiteral("hardware.nic_bandwidth"))->setValue(12.5);
    panel.finishSearch();
    CHECK(model.scenario().hardware.nicsPerNode == 1);
    CHECK(model.scenario().hardware.nicBandwidthBytesPerSecond == Approx(12.5e9).epsilon(1e-12));
    const auto slow = panel.charts()->report();
    REQUIRE_FALSE(slow.layouts.empty());

    panel.field(QStringLiteral("hardware.nics_per_node"))->setValue(8);
    panel.field(QStringLiteral("hardware.nic_bandwidth"))->setValue(100);
    panel.field(QStringLiteral("hardware.intra_bandwidth"))->setValue(900);
    panel.field(QStringLiteral("hardware.inter_bandwidth"))->setValue(100);
    panel.finishSearch();
    CHECK(model.scenario().hardware.intraBandwidthBytesPerSecond == Approx(900e9).epsilon(1e-12));
    CHECK(model.scenario().hardware.interBandwidthBytesPerSecond == Approx(100e9).epsilon(1e-12));
    const auto fast = panel.charts()->report();
    REQUIRE_FALSE(fast.layouts.empty());
    CHECK(fast.layouts.front().step.stepSeconds < slow.layouts.front().step.stepSeconds);
    CHECK_FALSE(fast.layouts.front() == slow.layouts.front());
    CHECK(fast.layouts.front() == simcore::planTraining(model.scenario()).layouts.front());

    QComboBox* optimizer = panel.choiceBox(QStringLiteral("train.optimizer"));
    const int sgd = optimizer->findData(QStringLiteral("sgd"));
    REQUIRE(sgd >= 0);
    optimizer->setCurrentIndex(sgd);
    emit optimizer->activated(sgd);
    CHECK(model.scenario().train.optimizer == simcore::Optimizer::Sgd);
}

TEST_CASE("Plan panel: the map's text fits its cells and grows with presentation mode",
          "[ui][plan][layout]")
{
    testing::RestoreLook restore;
    ScenarioModel model(sevenBOn64());
    PlanCharts charts;
    charts.showReport(simcore::planTraining(model.scenario()));
    charts.resize(1240, 560);
    const auto fitsEveryCell = [&charts] {
        const auto& map = charts.mapLayout();
        const QSizeF area = PlanCharts::cellTextSize(map.cell);
        const QFontMetricsF metrics(map.cellFont);
        for (const auto& cell : charts.report().map) {
            const QString text = PlanCharts::cellText(cell);
            const QRectF needed =
                metrics.boundingRect(QRectF(0, 0, area.width(), 1e6),
                                     Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, text);
            INFO(text.toStdString());
            CHECK(needed.width() <= area.width());
            CHECK(needed.height() <= area.height());
        }
    };
    const double normalSize = charts.mapLayout().cellFont.pointSizeF();
    const double normalAxis = charts.mapLayout().axisFont.pointSizeF();
    CHECK(normalAxis >= chartstyle::labelFont().pointSizeF());
    fitsEveryCell();

    Appearance look = currentAppearance();
    look.presentation = true;
    applyAppearance(look);
    charts.showPresentationPage(0);
    const auto& map = charts.mapLayout();
    // On the projector the cells' text is at least the charts' label size (10.8 pt × the look's
    // scale), and the tp and pp labels grow with it.
    CHECK(map.cellFont.pointSizeF() >= chartstyle::labelFont().pointSizeF());
    CHECK(map.cellFont.pointSizeF() > normalSize);
    CHECK(map.axisFont.pointSizeF() >= normalAxis * look.presentationScale - 1e-9);
    CHECK(map.axisFont.pointSizeF() >= chartstyle::labelFont().pointSizeF());
    fitsEveryCell();
}

TEST_CASE("Plan panel: at 1280×800 the window stays 1280 wide and the read-outs need no scroll; "
          "the links open beside them",
          "[ui][plan][layout]")
{
    testing::RestoreLook restore;
    for (const char* language : {"en", "vi"}) {
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        MainWindow window;
        window.resize(1280, 800);
        window.showPanel(QStringLiteral("plan"));
        window.show();
        QCoreApplication::processEvents();
        INFO(language);
        auto* panel = qobject_cast<PlanPanel*>(window.panel(QStringLiteral("plan")));
        REQUIRE(panel != nullptr);
        auto* scroll = panel->findChild<QScrollArea*>();
        REQUIRE(scroll != nullptr);
        CHECK(window.width() == 1280);
        // Folded links and prices: every control and read-out in view, no scrolling.
        CHECK(scroll->verticalScrollBar()->maximum() == 0);

        TestAccess::linksHeader(*panel)->click();
        TestAccess::costHeader(*panel)->click();
        QCoreApplication::processEvents();
        CHECK(panel->field(QStringLiteral("hardware.inter_bandwidth"))->isVisibleTo(panel));
        CHECK(panel->field(QStringLiteral("cost.pue"))->isVisibleTo(panel));
        // Open, they take more than the column's height: the column scrolls, never widens.
        CHECK(scroll->verticalScrollBar()->maximum() > 0);
        CHECK(window.width() == 1280);
        CHECK(window.minimumSizeHint().width() <= 1280);
    }
}
