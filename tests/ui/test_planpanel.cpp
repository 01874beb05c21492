// The Plan panel end to end: the scenario → planTraining → the charts' report, read-outs and
// CSV; "Use this layout" applies the selected layout to the scenario in one undo step.
#include "simcore/planner.h"
#include "simcore/steptime3d.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/plan/plancharts.h"
#include "ui/panels/plan/planpanel.h"

#include <QPushButton>
#include <QUndoStack>
#include <catch2/catch.hpp>

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
    CHECK(panel.charts()->csv() == QString::fromStdString(simcore::planCsv(expected)));
    CHECK(panel.charts()->selectedLayout() == 0);
    CHECK(panel.useButton()->isEnabled());
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
    panel.useButton()->click();
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
    CHECK_FALSE(panel.useButton()->isEnabled());
    panel.useSelectedLayout(); // does nothing
    CHECK(model.scenario() == s);
}
