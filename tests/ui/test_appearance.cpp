// Theme and presentation mode: palette, fonts and every chart's look change together.
#include "ui/appearance.h"
#include "ui/chartstyle.h"
#include "ui/mainwindow.h"
#include "ui/panel.h"
#include "ui/scalingcharts.h"
#include "ui/scalingpanel.h"
#include "ui/scenariomodel.h"

#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFontInfo>
#include <QLegend>
#include <QSlider>
#include <QTest>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {
/// Puts the look back for the tests that follow.
struct RestoreAppearance {
    Appearance saved = currentAppearance();
    ~RestoreAppearance() { applyAppearance(saved); }
};
} // namespace

TEST_CASE("dark theme: palette and charts turn dark, series keep their colours", "[ui][theme]")
{
    RestoreAppearance restore;
    ScenarioModel model;
    ScalingPanel panel(&model);
    const QColor computeColour = panel.charts()->computeSet()->color();

    applyAppearance({Theme::Dark, false, 1.5});
    CHECK(QApplication::palette().color(QPalette::Window).lightness() < 80);
    CHECK(chartstyle::look().dark);
    QChartView* view = panel.charts()->barView();
    CHECK(view->backgroundBrush().color().lightness() < 80);
    CHECK(view->chart()->titleBrush().color().lightness() > 200);
    CHECK(panel.charts()->computeSet()->color() == computeColour);

    applyAppearance({Theme::Light, false, 1.5});
    CHECK(view->backgroundBrush().color() == QColor(Qt::white));
    CHECK(view->chart()->titleBrush().color().lightness() < 80);
}

TEST_CASE("presentation mode scales fonts, raises contrast, and keys move the slider",
          "[ui][presentation]")
{
    RestoreAppearance restore;
    MainWindow window;
    auto* scaling = qobject_cast<ScalingPanel*>(window.panel(QStringLiteral("scaling")));
    REQUIRE(scaling != nullptr);
    const double titleSize = scaling->charts()->barView()->chart()->titleFont().pointSizeF();
    const double appSize = QApplication::font().pointSizeF();

    Appearance appearance = currentAppearance();
    appearance.presentationScale = 1.5;
    applyAppearance(appearance);
    window.setPresentationMode(true);
    CHECK(window.isPresentationMode());
    CHECK(chartstyle::look().highContrast);
    CHECK(QApplication::font().pointSizeF() == Approx(appSize * 1.5));
    CHECK(scaling->charts()->barView()->chart()->titleFont().pointSizeF() ==
          Approx(titleSize * 1.5));
    CHECK(QApplication::palette().color(QPalette::WindowText) == QColor(Qt::black));

    // The keys act on the worker slider wherever the focus is not an editor.
    window.tabs()->setCurrentIndex(1);
    const auto before = window.model()->scenario().scaling.workers;
    window.activateWindow();
    for (QAction* action : window.actions()) {
        if (action->shortcut() == QKeySequence(Qt::Key_End)) {
            action->trigger();
        }
    }
    CHECK(window.tabs()->currentIndex() == 0);
    CHECK(window.model()->scenario().scaling.workers == 4096);
    CHECK(before != 4096);

    window.setPresentationMode(false);
    CHECK_FALSE(window.isPresentationMode());
    CHECK_FALSE(chartstyle::look().highContrast);
    CHECK(QApplication::font().pointSizeF() == Approx(appSize));
    CHECK(scaling->charts()->barView()->chart()->titleFont().pointSizeF() == Approx(titleSize));
}

TEST_CASE("the window builds only the shown tab; a tab built later follows the theme and "
          "language chosen before it",
          "[ui][window][theme]")
{
    RestoreAppearance restore;
    MainWindow window;
    window.show();
    CHECK(window.isPanelBuilt(QStringLiteral("scaling")));
    for (const QString& id : MainWindow::panelIds().mid(1)) {
        INFO(id.toStdString());
        CHECK_FALSE(window.isPanelBuilt(id));
    }
    applyAppearance({Theme::Dark, false, 1.5});
    window.showPanel(QStringLiteral("memory"));
    CHECK(window.isPanelBuilt(QStringLiteral("memory")));
    CHECK_FALSE(window.isPanelBuilt(QStringLiteral("checkpoint")));
    Panel* memory = window.panel(QStringLiteral("memory"));
    REQUIRE(memory != nullptr);
    CHECK(memory->isVisible());
    CHECK(memory->isActive());
    CHECK_FALSE(window.panel(QStringLiteral("scaling"))->isActive());
    const auto views = memory->findChildren<QChartView*>();
    REQUIRE_FALSE(views.isEmpty());
    for (auto* view : views) {
        CHECK(view->backgroundBrush().color().lightness() < 80);
    }
    window.showPanel(QStringLiteral("checkpoint"));
    CHECK(window.panel(QStringLiteral("checkpoint"))->isActive());
    CHECK(window.tabs()->currentWidget()->isAncestorOf(window.panel(QStringLiteral("checkpoint"))));
}

TEST_CASE("the window is born with the application's unshaped-text strategy", "[ui][window][fonts]")
{
    // A widget takes the application font when it is constructed; the window once kept Qt's
    // default strategy, so its own text loaded a second font engine per size at start.
    RestoreAppearance restore;
    QFont shaped = QApplication::font();
    shaped.setStyleStrategy(QFont::PreferDefault);
    QApplication::setFont(shaped);

    MainWindow window;
    CHECK(QApplication::font().styleStrategy() == QFont::PreferNoShaping);
    CHECK(window.font().styleStrategy() == QFont::PreferNoShaping);
    window.show();
    const auto views = window.findChildren<QChartView*>();
    REQUIRE_FALSE(views.isEmpty());
    CHECK(views.front()->chart()->titleFont().styleStrategy() == QFont::PreferNoShaping);
}

TEST_CASE("a generic font family is named by the font Qt draws for it", "[ui][fonts]")
{
    // Asked for by a generic name, every new font size first fails and then searches the
    // fallback list; named by the font fontconfig picks, it loads at once, and looks the same.
    RestoreAppearance restore;
    QFont generic = QApplication::font();
    generic.setFamilies({QStringLiteral("Sans Serif")});
    QApplication::setFont(generic);
    const QString drawn = QFontInfo(generic).family();
    REQUIRE(drawn != QStringLiteral("Sans Serif"));

    applyTextFont();
    CHECK(QApplication::font().family() == drawn);
    CHECK(QFontInfo(QApplication::font()).family() == drawn);
    CHECK(QApplication::font().pointSizeF() == Approx(generic.pointSizeF()));
}

TEST_CASE("a shown chart fills its view and keeps its own minimum size", "[ui][charts]")
{
    // Charts are polished before their first layout (so laid out once when first shown) with
    // their minimum lifted meanwhile; once shown, the minimum is the chart's own again and the
    // view's too. At presentation size the labels need more height than the views' fixed
    // minimum of 220 px.
    RestoreAppearance restore;
    applyAppearance({Theme::Light, true, 2.0});
    ScenarioModel model;
    ScalingPanel panel(&model);
    panel.resize(1280, 760);
    panel.show();
    QCoreApplication::processEvents();
    for (QChartView* view : {panel.charts()->barView(), panel.charts()->speedupView()}) {
        QChart* chart = view->chart();
        CHECK(chart->size() == QSizeF(view->size()));
        CHECK(chart->legend()->isVisible());
        CHECK(chart->minimumSize().width() > 50);
        CHECK(chart->minimumSize().height() > 220);
        CHECK(view->minimumHeight() >= static_cast<int>(chart->minimumSize().height()));
    }
}
