// Presentation mode on a 1280×800 projector, in both languages: one idea per screen, every chart
// text whole (no "…" where Qt Charts ran out of room), no tick labels over each other, the
// read-outs in a row under the charts and the controls folded away until asked for.
#include "chartchecks.h"
#include "common/language.h"
#include "restorelook.h"
#include "testaccess.h"
#include "ui/kit/appearance.h"
#include "ui/kit/panel.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/scaling/scalingcharts.h"
#include "ui/panels/scaling/scalingpanel.h"
#include "ui/shell/mainwindow.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDockWidget>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHash>
#include <QMenuBar>
#include <QSlider>
#include <QTabWidget>
#include <QTest>
#include <QTextDocument>
#include <QToolBar>
#include <QToolButton>
#include <algorithm>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

TEST_CASE("presentation mode at 1280×800: every panel's chart texts whole, in both languages",
          "[ui][presentation][layout]")
{
    // Hazard: at 1280×800 the step-time chart shrank to ~70 px, axis titles became "…", legend
    // entries were cut ("Giao tiếp (đồng…") and Communication's ticks ran together.
    testing::RestoreLook restore;
    for (const char* language : {"en", "vi"}) {
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        MainWindow window; // applies the saved look: presentation mode is turned on after it
        window.resize(1280, 800);
        window.show();
        Appearance presentation = currentAppearance();
        presentation.presentation = true;
        applyAppearance(presentation);
        REQUIRE(currentAppearance().presentation);
        for (const QString& id : MainWindow::panelIds()) {
            window.showPanel(id);
            QCoreApplication::processEvents();
            Panel* panel = window.panel(id);
            REQUIRE(panel != nullptr);
            // Each idea of the panel on its own screen.
            const auto pages =
                std::max<qsizetype>(1, panel->chartArea()->presentationPages().size());
            for (int page = 0; page < pages; ++page) {
                panel->showPresentationPage(page);
                QCoreApplication::processEvents();
                INFO("page " << page);
                testing::checkChartTexts(language, id, panel);
            }
            panel->showPresentationPage(0);
        }
    }
}

TEST_CASE("presentation mode folds the controls away and puts the read-outs under the charts",
          "[ui][presentation]")
{
    testing::RestoreLook restore;
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    Panel* scaling = window.panel(QStringLiteral("scaling"));
    REQUIRE(scaling != nullptr);
    CHECK(scaling->controlsShown());
    CHECK(scaling->readoutRowText().isEmpty());
    const int normalChartWidth = scaling->chartArea()->width();

    Appearance presentation = currentAppearance();
    presentation.presentation = true;
    applyAppearance(presentation);
    QCoreApplication::processEvents();
    CHECK_FALSE(scaling->controlsShown());
    CHECK(scaling->chartArea()->width() > normalChartWidth + 300);
    // Every read-out, by its value, in the row.
    // Spaces compared as spaces: the row keeps each read-out unbroken with no-break spaces.
    const auto spaced = [](QString text) {
        return text.remove(QChar(0x2060))
            .replace(QChar(QChar::Nbsp), QLatin1Char(' '))
            .replace(QChar(0x202F), QLatin1Char(' '));
    };
    // All but the lesson's largest N, which only the folded-away number box reaches (below).
    for (const QString& value : scaling->readouts().mid(0, scaling->readouts().size() - 1)) {
        INFO(value.toStdString());
        CHECK(spaced(scaling->readoutRowText()).contains(spaced(value)));
    }
    // One idea per screen: the step-time chart alone, then the speed-up chart alone.
    auto* scalingPanel = qobject_cast<ScalingPanel*>(scaling);
    REQUIRE(scalingPanel != nullptr);
    ScalingCharts* charts = scalingPanel->charts();
    REQUIRE(charts != nullptr);
    CHECK(TestAccess::barView(*charts)->isVisible());
    CHECK_FALSE(TestAccess::speedupView(*charts)->isVisible());
    scaling->showPresentationPage(1);
    CHECK_FALSE(TestAccess::barView(*charts)->isVisible());
    CHECK(TestAccess::speedupView(*charts)->isVisible());
    scaling->showPresentationPage(0);
    // The teacher can open the controls and fold them again.
    auto* button = scaling->findChild<QToolButton*>(QStringLiteral("controlsButton"));
    REQUIRE(button != nullptr);
    CHECK(button->isVisible());
    button->click();
    CHECK(scaling->controlsShown());
    button->click();
    CHECK_FALSE(scaling->controlsShown());

    presentation.presentation = false;
    applyAppearance(presentation);
    QCoreApplication::processEvents();
    CHECK(scaling->controlsShown());
    CHECK(TestAccess::barView(*charts)->isVisible());
    CHECK(TestAccess::speedupView(*charts)->isVisible());
    CHECK(scaling->readoutRowText().isEmpty());
}

TEST_CASE("presentation mode hides the menu and tool bars, and their keys still work",
          "[ui][presentation]")
{
    // Hazard: the bars took ~90 of a projector's 800 rows; hidden, the shortcuts of actions
    // only in their menus stopped answering.
    testing::RestoreLook restore;
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    auto* toolBar = window.findChild<QToolBar*>(QStringLiteral("mainToolBar"));
    REQUIRE(toolBar != nullptr);
    CHECK(window.menuBar()->isVisible());
    CHECK(toolBar->isVisible());

    QTest::keyClick(&window, Qt::Key_F5);
    REQUIRE(window.isPresentationMode());
    QCoreApplication::processEvents();
    CHECK_FALSE(window.menuBar()->isVisible());
    CHECK_FALSE(toolBar->isVisible());
    CHECK(window.tabs()->mapTo(&window, QPoint()).y() == 0);

    for (int i = MainWindow::panelIds().size() - 1; i >= 0; --i) {
        QTest::keyClick(&window, static_cast<Qt::Key>(Qt::Key_1 + i), Qt::ControlModifier);
        CHECK(window.tabs()->currentIndex() == i);
    }
    const auto workers = window.model()->scenario().scaling.workers;
    REQUIRE_FALSE(
        window.model()->setValue(QStringLiteral("scaling.workers"), QString::number(workers + 1)));
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    CHECK(window.model()->scenario().scaling.workers == workers);

    QTest::keyClick(&window, Qt::Key_F2);
    CHECK(window.lessonDock()->isVisible());
    QTest::keyClick(&window, Qt::Key_F2);
    CHECK_FALSE(window.lessonDock()->isVisible());
    CHECK(window.isPresentationMode());

    QTest::keyClick(&window, Qt::Key_Escape);
    CHECK_FALSE(window.isPresentationMode());
    CHECK(window.menuBar()->isVisible());
    CHECK(toolBar->isVisible());

    // F5 leaves as well; a tool bar the user had closed stays closed.
    toolBar->hide();
    QTest::keyClick(&window, Qt::Key_F5);
    CHECK(window.isPresentationMode());
    QTest::keyClick(&window, Qt::Key_F5);
    CHECK_FALSE(window.isPresentationMode());
    CHECK(window.menuBar()->isVisible());
    CHECK_FALSE(toolBar->isVisible());
}

TEST_CASE("presentation mode names no largest N beyond the slider's reach", "[ui][presentation]")
{
    // Hazard: the row under the charts said "Largest N: 4 096" while the slider (and End)
    // stopped at 64; the number box that reaches 4 096 is folded away there.
    testing::RestoreLook restore;
    for (const char* language : {"en", "vi"}) {
        INFO(language);
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        Appearance presentation = currentAppearance();
        presentation.presentation = true;
        applyAppearance(presentation);
        auto* scaling = qobject_cast<ScalingPanel*>(window.panel(QStringLiteral("scaling")));
        REQUIRE(scaling != nullptr);
        QCoreApplication::processEvents();
        const auto row = [scaling] {
            return scaling->readoutRowText()
                .remove(QChar(0x2060))
                .replace(QChar(QChar::Nbsp), QLatin1Char(' '));
        };
        const auto largest = [scaling] {
            return QString(scaling->readoutRows().constLast().label).remove(QLatin1Char('&'));
        };
        REQUIRE(window.model()->scenario().scaling.mode == simcore::ScalingMode::Lesson);
        CHECK_FALSE(row().contains(largest()));
        CHECK(row().contains(scaling->readoutRows().constFirst().label));
        scaling->workerSlider()->triggerAction(QAbstractSlider::SliderToMaximum);
        CHECK(window.model()->scenario().scaling.workers < 4096);
        CHECK_FALSE(row().contains(largest()));
        // The controls column keeps it, beside the box that reaches it.
        CHECK(scaling->readouts().size() == scaling->readoutRows().size());

        // The physical model's largest N is the cluster's or the batch's, and the slider's end.
        REQUIRE_FALSE(
            window.model()->setValue(QStringLiteral("scaling.mode"), QStringLiteral("physical")));
        QCoreApplication::processEvents();
        CHECK(row().contains(largest()));
        scaling->workerSlider()->triggerAction(QAbstractSlider::SliderToMaximum);
        CHECK(scaling->readouts().constLast().startsWith(
            QString::number(window.model()->scenario().scaling.workers)));
    }
}
