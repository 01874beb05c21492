// Presentation mode on a 1280×800 projector, in both languages: one idea per screen, every chart
// text whole (no "…" where Qt Charts ran out of room), no tick labels over each other, the
// read-outs in a row under the charts and the controls folded away until asked for.
#include "common/language.h"
#include "layoutchecks.h"
#include "ui/kit/appearance.h"
#include "ui/kit/panel.h"
#include "ui/panels/scaling/scalingcharts.h"
#include "ui/shell/mainwindow.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHash>
#include <QTextDocument>
#include <QToolButton>
#include <algorithm>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {

/// Leaves presentation mode and English however the test ends.
struct Restore {
    Appearance before = currentAppearance();
    ~Restore()
    {
        dtsim::common::setLanguage(QStringLiteral("en"));
        applyAppearance(before);
    }
};

/// A text Qt Charts shortened to fit: it ends in "..." (Qt's own) or "…". The Scaling chart's
/// break mark is a whole "…" of its own, not a shortened text.
bool shortened(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == ScalingCharts::breakMark()) {
        return false;
    }
    return trimmed.endsWith(QStringLiteral("...")) || trimmed.endsWith(QChar(0x2026));
}

/// Checks every shown chart of `panel`: no shortened title, axis title, tick label or legend
/// entry, and no two tick labels of one axis over each other.
void checkCharts(const char* language, const QString& id, Panel* panel)
{
    for (QChartView* view : panel->findChildren<QChartView*>()) {
        if (!view->isVisible()) {
            continue;
        }
        QHash<QGraphicsItem*, QList<QGraphicsTextItem*>> labelsByAxis;
        for (QGraphicsItem* item : view->scene()->items()) {
            auto* text = dynamic_cast<QGraphicsTextItem*>(item);
            if (text == nullptr || !text->isVisible() || text->toPlainText().isEmpty()) {
                continue;
            }
            INFO(language << " " << id.toStdString() << ": \"" << text->toPlainText().toStdString()
                          << "\"");
            CHECK_FALSE(shortened(text->toPlainText()));
            labelsByAxis[text->parentItem()] << text;
        }
        for (const auto& labels : std::as_const(labelsByAxis)) {
            for (qsizetype i = 0; i < labels.size(); ++i) {
                for (qsizetype j = i + 1; j < labels.size(); ++j) {
                    // The glyphs, without the text items' document margins.
                    const qreal margin = labels[i]->document()->documentMargin();
                    const QRectF a =
                        labels[i]->sceneBoundingRect().adjusted(margin, margin, -margin, -margin);
                    const QRectF b =
                        labels[j]->sceneBoundingRect().adjusted(margin, margin, -margin, -margin);
                    INFO(language << " " << id.toStdString() << ": \""
                                  << labels[i]->toPlainText().toStdString() << "\" "
                                  << testing::describe(a) << " and \""
                                  << labels[j]->toPlainText().toStdString() << "\" "
                                  << testing::describe(b));
                    CHECK_FALSE(testing::overlap(a, b));
                }
            }
        }
    }
}

} // namespace

TEST_CASE("presentation mode at 1280×800: every panel's chart texts whole, in both languages",
          "[ui][presentation][layout]")
{
    // Hazard: at 1280×800 the step-time chart shrank to ~70 px, axis titles became "…", legend
    // entries were cut ("Giao tiếp (đồng…") and Communication's ticks ran together.
    Restore restore;
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
                checkCharts(language, id, panel);
            }
            panel->showPresentationPage(0);
        }
    }
}

TEST_CASE("presentation mode folds the controls away and puts the read-outs under the charts",
          "[ui][presentation]")
{
    Restore restore;
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
    for (const QString& value : scaling->readouts()) {
        INFO(value.toStdString());
        CHECK(spaced(scaling->readoutRowText()).contains(spaced(value)));
    }
    // One idea per screen: the step-time chart alone, then the speed-up chart alone.
    auto* charts = qobject_cast<ScalingCharts*>(scaling->chartArea());
    REQUIRE(charts != nullptr);
    CHECK(charts->barView()->isVisible());
    CHECK_FALSE(charts->speedupView()->isVisible());
    scaling->showPresentationPage(1);
    CHECK_FALSE(charts->barView()->isVisible());
    CHECK(charts->speedupView()->isVisible());
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
    CHECK(charts->barView()->isVisible());
    CHECK(charts->speedupView()->isVisible());
    CHECK(scaling->readoutRowText().isEmpty());
}
