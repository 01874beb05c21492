// The Lesson guide: steps in the seed's order, answers from simcore, "Show me" opens the panel.
#include "common/language.h"
#include "simcore/models/memory.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/lessonanswers.h"
#include "ui/kit/appearance.h"
#include "ui/kit/scenariomodel.h"
#include "ui/shell/lessonguide.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/predictioncover.h"

#include <QAccessible>
#include <QAction>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

TEST_CASE("lesson steps follow the seed and answer from the models", "[ui][lesson]")
{
    const auto steps = lessonSteps();
    REQUIRE(steps.size() == 8);
    CHECK(steps[0].panelId == QStringLiteral("scaling"));
    CHECK(steps[1].panelId == QStringLiteral("memory"));
    CHECK(steps[2].panelId == QStringLiteral("parallelism"));
    CHECK(steps[3].panelId == QStringLiteral("communication"));
    CHECK(steps[4].panelId == QStringLiteral("checkpoint"));
    // Seed lesson §5 with DESIGN.md's constants: optimum at 16 workers.
    CHECK(steps[0].answer() == 16.0);
    // Seed lesson §1: estimateTrainingMemoryGB(7) ≈ 104.3 (16 B/param, divided by 1024³).
    CHECK(steps[1].answer() == Approx(7e9 * 16 / (1024.0 * 1024.0 * 1024.0)).epsilon(1e-12));
    CHECK(steps[1].answer() == Approx(104.3).epsilon(1e-3));
    // GPipe bubble (Huang et al. 2019): (p − 1)/(m + p − 1) = 3/11.
    CHECK(steps[2].answer() == Approx(300.0 / 11.0).epsilon(1e-12));
    // Ring all-reduce (MODELS §4): 2(N − 1)/N · S = 1.75 GB.
    CHECK(steps[3].answer() == Approx(1.75).epsilon(1e-12));
    // Cluster MTBF = GPU MTBF / N = 50,000 h / 16,384.
    CHECK(steps[4].answer() == Approx(50000.0 / 16384.0).epsilon(1e-12));
    // Lesson model at N = 64: 1000/64 + 20 + 4·63 = 287.625 ms.
    CHECK(steps[5].answer() == Approx(287.625).epsilon(1e-12));
    CHECK_FALSE(steps[6].answer); // the simulator step asks nothing
    // Physical mode, 8 → 16 H100s across the node boundary: the step gets several times slower.
    CHECK(steps[7].answer() > 3.0);
    CHECK(steps[7].answer() ==
          simcore::lessonAnswer(simcore::LessonQuestion::NodeBoundarySlowdown));
}

TEST_CASE("the §3 step's 16,384 GPUs need no layout for the Checkpoint panel's answer",
          "[ui][lesson][checkpoint]")
{
    // "Show me" sets 16,384 GPUs, no layout of the default tp 2 × pp 4 and batch of 32: the
    // panel still gives the cluster MTBF the step asks for, and both optimum intervals.
    const auto setup = lessonSteps()[4].setup(simcore::Scenario{});
    REQUIRE(setup.has_value());
    const auto report = simcore::checkpointReport(*setup);
    REQUIRE(report.ok());
    CHECK(report.result.clusterMtbfSeconds == Approx(5e4 * 3600 / 16384).epsilon(1e-12));
    CHECK(report.result.optimalIntervalSeconds > 0);
    CHECK_FALSE(report.stack.empty());
    REQUIRE_FALSE(report.stepProblems.empty());
    CHECK(report.stepProblems.front().key == "checkpoint.gpus");
}

TEST_CASE("the §1 step shows its answer on one GPU", "[ui][lesson]")
{
    // Seed lesson §1 asks what one GPU would hold: the defaults split the model over 32 GPUs, so
    // "Show me" sets dp = tp = pp = 1 and the Memory panel's DDP bar holds all 112e9 B of model
    // states (16 B per parameter, FP32 + Adam).
    const auto setup = lessonSteps()[1].setup(simcore::Scenario{});
    REQUIRE(setup.has_value());
    CHECK(setup->parallel.dp * setup->parallel.tp * setup->parallel.pp == 1);
    CHECK(setup->parallel.zero == 0);
    CHECK(simcore::evaluateMemory(*setup).modelStatesBytes() == 112e9);
}

TEST_CASE("predict, reveal, and show me on the panel", "[ui][lesson]")
{
    MainWindow window;
    CHECK(window.lessonDock()->findChild<LessonGuide*>() == nullptr); // built on first show
    auto* guide = window.lessonGuide();
    CHECK(window.lessonDock()->widget() == guide);
    REQUIRE(guide != nullptr);
    guide->setStep(1);
    guide->guessBox()->setValue(50.0);
    guide->reveal();
    CHECK(guide->revealedText().contains(QStringLiteral("104.3")));
    CHECK(guide->revealedText().contains(QStringLiteral("too low")));

    guide->setStep(2);
    for (QPushButton* button : guide->findChildren<QPushButton*>()) {
        if (button->text() == QStringLiteral("Show me on the panel")) {
            button->click();
        }
    }
    CHECK(window.tabs()->currentIndex() == 2);
    CHECK(window.model()->scenario().parallel.pp == 4);
    CHECK(window.model()->scenario().parallel.schedule == simcore::PipelineSchedule::GPipe);
    window.model()->undoStack()->undo(); // the learner's own settings come back
    CHECK(window.model()->scenario() == simcore::Scenario{});
}

TEST_CASE("a screen reader names the guess box by the question", "[ui][lesson]")
{
    LessonGuide guide;
    guide.setStep(1);
    QAccessibleInterface* box = QAccessible::queryAccessibleInterface(guide.guessBox());
    REQUIRE(box != nullptr);
    const QString name = box->text(QAccessible::Name);
    CHECK(name == lessonSteps()[1].question);
    CHECK_FALSE(name.contains(QStringLiteral("lessonGuess")));
}

TEST_CASE("F2's dock builds the guide the first time it is shown", "[ui][lesson]")
{
    MainWindow window;
    window.show();
    REQUIRE(window.lessonDock()->widget() == nullptr);
    window.lessonDock()->toggleViewAction()->trigger();
    CHECK(window.lessonDock()->isVisible());
    auto* guide = qobject_cast<LessonGuide*>(window.lessonDock()->widget());
    REQUIRE(guide != nullptr);
    CHECK(guide->isVisible());
    CHECK(window.lessonGuide() == guide);
}

TEST_CASE("a question covers the panels until Reveal", "[ui][lesson]")
{
    // Hazard: step 1 asks for the fastest N while the Scaling panel shows "Optimum: N = 16",
    // the star and "Fastest step at N = 16".
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    window.lessonDock()->toggleViewAction()->trigger();
    LessonGuide* guide = window.lessonGuide();
    PredictionCover* cover = window.predictionCover();
    REQUIRE(guide->currentStep() == 0);
    CHECK(cover->isVisible());
    CHECK(cover->question() == lessonSteps()[0].question);
    QWidget* page = window.tabs()->currentWidget();
    CHECK(cover->geometry().contains(page->geometry()));
    CHECK(window.tabs()->tabBar()->isVisible()); // the tab bar stays usable

    guide->reveal();
    CHECK_FALSE(cover->isVisible());
    CHECK(guide->revealedText().contains(QStringLiteral("16")));

    guide->setStep(6); // the simulator step asks nothing
    CHECK_FALSE(cover->isVisible());
    guide->setStep(5); // a new question covers again
    CHECK(cover->isVisible());
    window.lessonDock()->toggleViewAction()->trigger(); // closing the guide uncovers
    CHECK_FALSE(cover->isVisible());
}

TEST_CASE("the lesson guide fits a 1280-pixel-wide window, in both languages and presentation mode",
          "[ui][lesson][layout]")
{
    // Hazard: at 1280 wide, opening the guide grew the window to 1318 px and clipped its text
    // and buttons.
    struct Restore {
        Appearance before = currentAppearance();
        ~Restore()
        {
            dtsim::common::setLanguage(QStringLiteral("en"));
            applyAppearance(before);
        }
    } restore;
    for (bool presentation : {false, true}) {
        for (const char* language : {"en", "vi"}) {
            INFO(language << (presentation ? " presentation" : ""));
            REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
            MainWindow window; // applies the saved look: presentation mode is set after it
            window.resize(1280, 800);
            window.show();
            Appearance look = currentAppearance();
            look.presentation = presentation;
            applyAppearance(look);
            REQUIRE(currentAppearance().presentation == presentation);
            window.lessonDock()->toggleViewAction()->trigger();
            QCoreApplication::processEvents();
            CHECK(window.width() <= 1280);
            LessonGuide* guide = window.lessonGuide();
            for (int step = 0; step < guide->stepCount(); ++step) {
                guide->setStep(step);
                QCoreApplication::processEvents();
                for (QPushButton* button : guide->findChildren<QPushButton*>()) {
                    if (!button->isVisible()) {
                        continue;
                    }
                    INFO("step " << step << ": " << button->text().toStdString());
                    CHECK(button->width() >= button->minimumSizeHint().width());
                    const QRect inGuide(button->mapTo(guide, QPoint()), button->size());
                    CHECK(guide->rect().contains(inGuide));
                }
            }
            CHECK(window.width() <= 1280);
        }
    }
}
