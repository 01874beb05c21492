#include "simcore/views/lessonanswer.h"

#include "simcore/views/views.h"

#include <cmath>

namespace simcore {

namespace {

struct Evaluated {
    std::optional<double> value;
    std::string problem;
};

Evaluated quantityOf(View view, const Scenario& scenario, const std::string& id)
{
    const Report report = evaluateView(view, scenario);
    if (!report.ok()) {
        return {std::nullopt, std::string(viewId(view)) + ": " + report.problems.front().message()};
    }
    const Quantity* found = report.find(id);
    if (found == nullptr) {
        return {std::nullopt, std::string(viewId(view)) + " has no quantity '" + id + "'"};
    }
    if (!std::isfinite(found->value)) {
        return {std::nullopt, std::string(viewId(view)) + ": '" + id + "' has no value here"};
    }
    return {found->value, {}};
}

Evaluated evaluate(const LessonAnswerSpec& spec, const Scenario& scenario)
{
    Evaluated answer = quantityOf(spec.view, scenario, spec.quantity);
    if (!answer.value || spec.relativeTo.empty()) {
        return answer;
    }
    Scenario reference = scenario;
    for (const std::string& assignment : spec.relativeTo) {
        if (const auto error = applyAssignment(reference, assignment)) {
            return {std::nullopt, error->message()};
        }
    }
    const Evaluated base = quantityOf(spec.view, reference, spec.quantity);
    if (!base.value || *base.value == 0) {
        return {std::nullopt,
                base.problem.empty() ? spec.quantity + " is 0 for the reference" : base.problem};
    }
    return {*answer.value / *base.value, {}};
}

} // namespace

std::optional<double> lessonAnswer(const LessonAnswerSpec& spec, const Scenario& scenario)
{
    return evaluate(spec, scenario).value;
}

std::string lessonAnswerProblem(const LessonAnswerSpec& spec, const Scenario& scenario)
{
    return evaluate(spec, scenario).problem;
}

} // namespace simcore
