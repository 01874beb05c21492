#pragma once
// The lesson plan: the guide's steps as data (resources/lesson/lesson.json, compiled in as
// ":/lesson/lesson.json"; its README says how to adapt it). Each step names the panel it opens,
// the settings it makes on top of the defaults, its texts in every interface language, and the
// report quantity that answers its question, so a lecturer can read the plan and a test can
// walk it.

#include "simcore/scenario/scenario.h"
#include "simcore/views/lessonanswer.h"

#include <QHash>
#include <QList>
#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace dtsim::common {

/// A text in each interface language ("en", "vi").
struct LessonText {
    QHash<QString, QString> byLanguage;
    /// The text in the current interface language.
    [[nodiscard]] QString current() const;
    friend bool operator==(const LessonText&, const LessonText&) = default;
};

/// The number that answers a step's question, and how the guide shows it.
struct LessonAnswer {
    simcore::LessonAnswerSpec spec;
    double scale = 1; ///< the shown unit in the quantity's SI unit (1073741824 for GiB of bytes)
    int decimals = 0; ///< of the guess box and the answer
    LessonText unit;  ///< "GiB", "workers"
    friend bool operator==(const LessonAnswer&, const LessonAnswer&) = default;
};

struct LessonPlanStep {
    QString id;    ///< stable, lower-case ("checkpoint")
    QString panel; ///< the tab the step opens ("scaling")
    QString shows; ///< the view in that tab the step shows ("pipeline"); the panel's own if empty
    /// Settings on top of the default scenario, as `--set` writes them.
    std::vector<std::pair<std::string, std::string>> settings;
    LessonText title;
    LessonText text;
    LessonText question;                ///< empty for a step that asks nothing
    std::optional<LessonAnswer> answer; ///< set exactly when there is a question
    LessonText explanation;             ///< after the reveal; %1 is the answer with its unit
    friend bool operator==(const LessonPlanStep&, const LessonPlanStep&) = default;
};

struct LessonPlan {
    QList<LessonPlanStep> steps;
    QString error; ///< translated; names the step and the field. Steps are empty then.
};

/// Reads a plan and checks every step: a known panel, settings that apply, texts in every
/// language, an answer the named report has a number for. `sourceName` appears in messages.
LessonPlan parseLessonPlan(const QByteArray& contents, const QString& sourceName);
/// The plan compiled into the program.
const LessonPlan& builtInLessonPlan();

/// The step's scenario: the defaults with its settings applied (checked by parseLessonPlan).
simcore::Scenario lessonStepScenario(const LessonPlanStep& step);
/// The answer to the step's question in its shown unit, or nullopt for a step without one.
std::optional<double> lessonStepAnswer(const LessonPlanStep& step);

} // namespace dtsim::common
