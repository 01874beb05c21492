#pragma once
// The lesson guide's answers: each is a quantity of the report of the view its step names, for
// the scenario the step sets up, so the guide shows what the panel shows and computes nothing.

#include "simcore/reports/report.h"

#include <optional>
#include <string>
#include <vector>

namespace simcore {

/// Which number answers a lesson question.
struct LessonAnswerSpec {
    View view = View::Scaling;
    std::string quantity; ///< the id in that view's report ("optimal_workers")
    /// When not empty, the answer is the quantity over the same quantity of the scenario with
    /// these "KEY=VALUE" assignments applied (e.g. the step at 16 GPUs over the step at 8).
    std::vector<std::string> relativeTo;
    friend bool operator==(const LessonAnswerSpec&, const LessonAnswerSpec&) = default;
};

/// The answer in the quantity's SI unit (or the ratio), or nullopt when a report has problems,
/// lacks the quantity, or has no number for it (a lesson plan that asks it is wrong).
std::optional<double> lessonAnswer(const LessonAnswerSpec& spec, const Scenario& scenario);

/// Why lessonAnswer has no number for `spec` at `scenario` (the first problem, an unknown
/// quantity, a bad assignment), in English; empty when it has one.
std::string lessonAnswerProblem(const LessonAnswerSpec& spec, const Scenario& scenario);

} // namespace simcore
