// The whole Lesson guide as a class meets it: every step, in both languages, in normal and
// presentation mode, at a projector's 1280×800 and a laptop's 1366×768. Each step must cover
// its own panel until Reveal, then show that panel whole: no problem line, no empty chart, no
// "—" read-out, no shortened or overlapping chart text, and a window no wider than the screen.
#include "chartchecks.h"
#include "common/language.h"
#include "common/lessonplan.h"
#include "restorelook.h"
#include "simcore/scenario/scenario.h"
#include "ui/kit/appearance.h"
#include "ui/kit/panel.h"
#include "ui/shell/lessonguide.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/predictioncover.h"

#include <QAbstractBarSeries>
#include <QAbstractButton>
#include <QAction>
#include <QAreaSeries>
#include <QBarSet>
#include <QChartView>
#include <QCoreApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QRegularExpression>
#include <QTabWidget>
#include <QThread>
#include <QXYSeries>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {

bool hasData(QAbstractSeries* series)
{
    if (auto* xy = qobject_cast<QXYSeries*>(series)) {
        return xy->count() > 0;
    }
    if (auto* area = qobject_cast<QAreaSeries*>(series)) {
        return area->upperSeries() != nullptr && area->upperSeries()->count() > 0;
    }
    if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
        for (QBarSet* set : bars->barSets()) {
            if (set->count() > 0) {
                return true;
            }
        }
        return false;
    }
    return true;
}

/// The shown charts of `panel` that draw nothing: their titles.
QStringList emptyCharts(QWidget* panel)
{
    QStringList empty;
    for (QChartView* view : panel->findChildren<QChartView*>()) {
        if (!view->isVisible()) {
            continue;
        }
        const auto series = view->chart()->series();
        if (std::none_of(series.begin(), series.end(), hasData)) {
            empty << view->chart()->title();
        }
    }
    return empty;
}

/// Lets background work (the Monte-Carlo batches) finish and the charts take its result.
void settle(QWidget* panel)
{
    QElapsedTimer clock;
    clock.start();
    do {
        QCoreApplication::processEvents();
        QThread::msleep(10);
    } while (!emptyCharts(panel).isEmpty() && clock.elapsed() < 20000);
    QCoreApplication::processEvents();
}

/// With DTSIM_LESSON_SHOTS=DIR, the window as the class sees it goes to DIR as a PNG, for a
/// person to judge.
void keepShot(QWidget* window, const QString& name)
{
    const QString folder = qEnvironmentVariable("DTSIM_LESSON_SHOTS");
    if (!folder.isEmpty()) {
        QCoreApplication::processEvents();
        window->grab().save(folder + QLatin1Char('/') + name + QStringLiteral(".png"));
    }
}

/// Visible one-line labels (and buttons) under `root` narrower than their text: cut off.
QStringList clippedTexts(QWidget* root)
{
    QStringList clipped;
    for (QLabel* label : root->findChildren<QLabel*>()) {
        if (label->isVisible() && !label->wordWrap() && !label->text().isEmpty() &&
            label->textFormat() != Qt::RichText && label->pixmap().isNull() &&
            label->width() + 1 < label->minimumSizeHint().width()) {
            clipped << label->text();
        }
    }
    for (QAbstractButton* button : root->findChildren<QAbstractButton*>()) {
        if (button->isVisible() && !button->text().isEmpty() &&
            button->width() + 1 < button->minimumSizeHint().width()) {
            clipped << button->text();
        }
    }
    return clipped;
}

/// The scenario keys `text` names ("train.global_batch"): a class reads controls' labels.
QStringList keysIn(const QString& text)
{
    QStringList keys;
    static const QRegularExpression name(QStringLiteral("[a-z_]+\\.[a-z_]+"));
    for (const auto& match : name.globalMatch(text)) {
        if (simcore::findKey(match.captured().toStdString()) != nullptr) {
            keys << match.captured();
        }
    }
    return keys;
}

void click(LessonGuide* guide, const QString& text)
{
    for (QPushButton* button : guide->findChildren<QPushButton*>()) {
        if (button->isVisible() && button->text() == text) {
            button->click();
            return;
        }
    }
    FAIL("no button " << text.toStdString());
}

} // namespace

TEST_CASE("every lesson step, both languages, both modes, projector and laptop sizes",
          "[ui][lesson][walk]")
{
    testing::RestoreLook restore;
    const auto& plan = dtsim::common::builtInLessonPlan();
    REQUIRE(plan.error.isEmpty());
    for (const QSize size : {QSize(1280, 800), QSize(1366, 768)}) {
        for (bool presentation : {false, true}) {
            for (const char* language : {"vi", "en"}) {
                INFO(language << " " << size.width() << "×" << size.height()
                              << (presentation ? " presentation" : ""));
                REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
                MainWindow window;
                window.resize(size);
                window.show();
                window.setPresentationMode(presentation); // F5: without menu and tool bars
                if (presentation) {
                    // Full screen is the offscreen platform's own screen: the projector's size.
                    window.showNormal();
                    window.resize(size);
                }
                window.tabs()->setCurrentIndex(3); // the class was elsewhere before F2
                window.lessonDock()->toggleViewAction()->trigger();
                LessonGuide* guide = window.lessonGuide();
                PredictionCover* cover = window.predictionCover();
                REQUIRE(guide->stepCount() == plan.steps.size());
                const QString next = LessonGuide::tr("Next →");
                const QString reveal = LessonGuide::tr("Reveal");
                for (int index = 0; index < guide->stepCount(); ++index) {
                    if (index > 0) {
                        click(guide, next);
                    }
                    const auto& step = plan.steps[index];
                    INFO("step " << index + 1 << " (" << step.id.toStdString() << ")");
                    REQUIRE(guide->currentStep() == index);
                    QCoreApplication::processEvents();
                    Panel* panel = window.currentPanel();
                    REQUIRE(panel != nullptr);
                    CHECK(panel->panelId() == step.panel);
                    CHECK(panel->exportId() == (step.shows.isEmpty() ? step.panel : step.shows));
                    const QString shot =
                        QStringLiteral("%1-%2x%3%4-%5-%6")
                            .arg(QLatin1String(language))
                            .arg(size.width())
                            .arg(size.height())
                            .arg(presentation ? QStringLiteral("-pres") : QString())
                            .arg(index + 1)
                            .arg(step.id);
                    if (step.answer) {
                        // Asked, not yet answered: the whole page is under the question.
                        CHECK(cover->isVisible());
                        CHECK(cover->question() == step.question.current());
                        CHECK(
                            cover->geometry().contains(window.tabs()->currentWidget()->geometry()));
                        // On top of the page, not under it: what a click or an eye meets there.
                        QWidget* pages = cover->parentWidget();
                        QWidget* top = pages->childAt(pages->rect().center());
                        CHECK((top == cover || cover->isAncestorOf(top)));
                        CHECK(guide->revealedText().isEmpty());
                        keepShot(&window, shot + QStringLiteral("-asked"));
                        click(guide, reveal);
                        CHECK_FALSE(guide->revealedText().isEmpty());
                    }
                    CHECK_FALSE(cover->isVisible());
                    REQUIRE(window.currentPanel() == panel);
                    settle(panel);
                    keepShot(&window, shot);
                    CHECK(panel->problemText().isEmpty());
                    CHECK(emptyCharts(panel).isEmpty());
                    for (const QString& readout : panel->readouts()) {
                        INFO("read-out " << readout.toStdString());
                        CHECK_FALSE(readout.contains(QStringLiteral("—")));
                        CHECK(keysIn(readout).isEmpty());
                    }
                    CHECK(keysIn(guide->revealedText()).isEmpty());
                    CHECK(clippedTexts(panel).isEmpty());
                    CHECK(clippedTexts(guide).isEmpty());
                    testing::checkChartTexts(language, step.id, panel);
                    CHECK(window.width() <= size.width());
                }
            }
        }
    }
}
