// The Lesson guide: the plan in the seed's order, answers from the reports, each step on its panel.
#include "common/language.h"
#include "common/lessonplan.h"
#include "simcore/reports/trainingreport.h"
#include "ui/kit/appearance.h"
#include "ui/kit/scenariomodel.h"
#include "ui/shell/lessonguide.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/predictioncover.h"

#include <QAccessible>
#include <QAction>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>
#include <algorithm>
#include <catch2/catch.hpp>

using namespace dtsim::ui;

namespace {

using dtsim::common::builtInLessonPlan;
using dtsim::common::LessonPlanStep;

const LessonPlanStep& planStep(const char* id)
{
    const auto& steps = builtInLessonPlan().steps;
    const auto found = std::find_if(steps.begin(), steps.end(), [id](const LessonPlanStep& step) {
        return step.id == QLatin1String(id);
    });
    REQUIRE(found != steps.end());
    return *found;
}

double answer(const char* id)
{
    const auto value = dtsim::common::lessonStepAnswer(planStep(id));
    REQUIRE(value.has_value());
    return *value;
}

} // namespace

TEST_CASE("the lesson plan follows the seed and answers from the panels' reports", "[ui][lesson]")
{
    const auto& plan = builtInLessonPlan();
    REQUIRE(plan.error.isEmpty());
    QStringList ids;
    QStringList panels;
    for (const auto& step : plan.steps) {
        ids << step.id;
        panels << step.panel;
    }
    CHECK(ids == QStringList{"thesis", "memory", "pipeline", "allreduce", "checkpoint", "overhead",
                             "simulator", "node-boundary"});
    CHECK(panels == QStringList{"scaling", "memory", "parallelism", "communication", "checkpoint",
                                "scaling", "scaling", "topology"});
    // Seed lesson §5 with DESIGN.md's constants: optimum at 16 workers.
    CHECK(answer("thesis") == 16.0);
    // Seed lesson §1: 7e9 × 16 B on one GPU = 112e9 B ≈ 104.3 GiB (divided by 1024³).
    CHECK(answer("memory") == Approx(7e9 * 16 / (1024.0 * 1024.0 * 1024.0)).epsilon(1e-12));
    CHECK(answer("memory") == Approx(104.3).epsilon(1e-3));
    // GPipe bubble (Huang et al. 2019): (p − 1)/(m + p − 1) = 3/11, in %.
    CHECK(answer("pipeline") == Approx(300.0 / 11.0).epsilon(1e-12));
    // Ring all-reduce (MODELS §4): 2(N − 1)/N · S = 1.75 GB.
    CHECK(answer("allreduce") == Approx(1.75).epsilon(1e-12));
    // Cluster MTBF = GPU MTBF / N = 50,000 h / 16,384, in hours.
    CHECK(answer("checkpoint") == Approx(50000.0 / 16384.0).epsilon(1e-12));
    // Lesson model at N = 64: 1000/64 + 20 + 4·63 = 287.625 ms.
    CHECK(answer("overhead") == Approx(287.625).epsilon(1e-12));
    CHECK_FALSE(planStep("simulator").answer); // the simulator step asks nothing
    // 8 → 16 H100s across the node boundary: the gradients' ring all-reduce (14 GB) leaves
    // NVLink (450 GB/s) for one 50 GB/s NIC per node, 2(N − 1)/N · S / B + 2(N − 1)α each
    // (MODELS §4): ≈ 0.5253 s / 0.0545 s ≈ 9.6×.
    const auto& boundary = planStep("node-boundary");
    const auto sixteen = dtsim::common::lessonStepScenario(boundary);
    const double alphaNvlink = sixteen.hardware.intraLatencySeconds;
    const double alphaNetwork = sixteen.hardware.interLatencySeconds;
    const double eightTime = 2 * 7.0 / 8 * 14e9 / 450e9 + 14 * alphaNvlink;
    const double sixteenTime = 2 * 15.0 / 16 * 14e9 / 50e9 + 30 * alphaNetwork;
    CHECK(answer("node-boundary") == Approx(sixteenTime / eightTime).epsilon(1e-9));
    // One figure for one setup: the training model's data-parallel all-reduce of the same
    // gradients is that time, at 8 and at 16.
    auto layout = sixteen;
    for (const std::int64_t dp : {8, 16}) {
        layout.parallel.dp = dp;
        const auto training = simcore::trainingReport(layout);
        REQUIRE(training.ok());
        CHECK(training.step.dpTotalSeconds ==
              Approx(dp == 8 ? eightTime : sixteenTime).epsilon(1e-9));
    }
}

TEST_CASE("a lesson plan with a fault names the step and the field", "[ui][lesson]")
{
    const auto parse = [](const char* json) {
        return dtsim::common::parseLessonPlan(QByteArray(json), QStringLiteral("my.json"));
    };
    const char* head = R"({"format": "dtsim-lesson", "version": 1, "steps": [)";
    const auto step = [head](const char* fields) {
        return QByteArray(head) +
               R"({"id": "a", "panel": "scaling", "title": {"en": "T", "vi": "T"},
                   "text": {"en": "X", "vi": "X"}, )" +
               fields + "}]}";
    };
    CHECK(parse("{").error.startsWith(QStringLiteral("my.json: not JSON")));
    CHECK(parse(R"({"format": "x"})").error.contains(QStringLiteral("dtsim-lesson")));
    CHECK(dtsim::common::parseLessonPlan(step(R"("set": {})"), QStringLiteral("my.json"))
              .error.isEmpty());
    CHECK(dtsim::common::parseLessonPlan(step(R"("set": {"scaling.workers": 0})"),
                                         QStringLiteral("my.json"))
              .error.startsWith(QStringLiteral("my.json, step 1, set.scaling.workers: ")));
    CHECK(dtsim::common::parseLessonPlan(step(R"("set": {"no.key": 1})"), QStringLiteral("my.json"))
              .error.startsWith(QStringLiteral("my.json, step 1, set.no.key: ")));
    const QString noAnswer =
        dtsim::common::parseLessonPlan(step(R"("set": {}, "question": {"en": "Q?", "vi": "Q?"})"),
                                       QStringLiteral("my.json"))
            .error;
    CHECK(noAnswer.startsWith(QStringLiteral("my.json, step 1, answer: ")));
    const QString unknownQuantity =
        dtsim::common::parseLessonPlan(step(R"("set": {}, "question": {"en": "Q?", "vi": "Q?"},
                 "answer": {"view": "memory", "quantity": "nope", "scale": 1, "decimals": 0,
                            "unit": {"en": "x", "vi": "x"}},
                 "explanation": {"en": "%1", "vi": "%1"})"),
                                       QStringLiteral("my.json"))
            .error;
    CHECK(unknownQuantity ==
          QStringLiteral("my.json, step 1, answer: memory has no quantity 'nope'"));
    const QString missingVietnamese =
        dtsim::common::parseLessonPlan(QByteArray(head) +
                                           R"({"id": "a", "panel": "scaling", "set": {},
                "title": {"en": "T"}, "text": {"en": "X", "vi": "X"}}]})",
                                       QStringLiteral("my.json"))
            .error;
    CHECK(missingVietnamese == QStringLiteral("my.json, step 1, title.vi: a text is required"));
}

TEST_CASE("each step sets up its own panel under the cover; Reveal uncovers it", "[ui][lesson]")
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    CHECK(window.lessonDock()->findChild<LessonGuide*>() == nullptr); // built on first show
    window.lessonDock()->toggleViewAction()->trigger();
    auto* guide = window.lessonGuide();
    REQUIRE(guide != nullptr);
    CHECK(window.lessonDock()->widget() == guide);
    PredictionCover* cover = window.predictionCover();
    CHECK(window.tabs()->currentIndex() == 0); // the first step's panel
    CHECK(cover->isVisible());

    guide->setStep(1);
    CHECK(window.tabs()->currentIndex() == 1); // Memory, switched under the cover
    CHECK(cover->isVisible());
    CHECK(window.model()->scenario().parallel.dp * window.model()->scenario().parallel.tp *
              window.model()->scenario().parallel.pp ==
          1);
    guide->guessBox()->setValue(50.0);
    window.tabs()->setCurrentIndex(4); // the learner looks elsewhere before revealing
    guide->reveal();
    CHECK(guide->revealedText().contains(QStringLiteral("104.3")));
    CHECK(guide->revealedText().contains(QStringLiteral("too low")));
    CHECK_FALSE(cover->isVisible());
    CHECK(window.tabs()->currentIndex() == 1); // the answer is on the step's panel

    for (QPushButton* button : guide->findChildren<QPushButton*>()) {
        if (button->text() == QStringLiteral("Next →")) {
            button->click();
        }
    }
    CHECK(guide->currentStep() == 2);
    CHECK(cover->isVisible());
    CHECK(window.tabs()->currentIndex() == 2);
    CHECK(window.model()->scenario().parallel.pp == 4);
    CHECK(window.model()->scenario().parallel.schedule == simcore::PipelineSchedule::GPipe);
    window.model()->undoStack()->undo(); // back to step 1's settings
    CHECK(window.model()->scenario() == dtsim::common::lessonStepScenario(planStep("memory")));
}

TEST_CASE("Enter in the guess box reveals, as a teacher typing the class's guess expects",
          "[ui][lesson]")
{
    LessonGuide guide;
    guide.setStep(0);
    guide.show();
    auto* editor = guide.guessBox()->findChild<QLineEdit*>();
    REQUIRE(editor != nullptr);
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("12"));
    QTest::keyClick(editor, Qt::Key_Return);
    CHECK(guide.isRevealed());
    CHECK(guide.revealedText().contains(QStringLiteral("16")));
    CHECK(guide.revealedText().contains(QStringLiteral("too low")));
}

TEST_CASE("a screen reader names the guess box by the question", "[ui][lesson]")
{
    LessonGuide guide;
    guide.setStep(1);
    QAccessibleInterface* box = QAccessible::queryAccessibleInterface(guide.guessBox());
    REQUIRE(box != nullptr);
    const QString name = box->text(QAccessible::Name);
    CHECK(name == planStep("memory").question.current());
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
    CHECK(cover->question() == planStep("thesis").question.current());
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
