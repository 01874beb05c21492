#pragma once

#include "simcore/plan/planner.h"
#include "simcore/scenario/scenario.h"
#include "ui/kit/newestrequestworker.h"

#include <utility>

namespace dtsim::ui {

/// The Plan panel's search (simcore::planTraining) off the UI thread, so an edit never waits for
/// it; the newest edit's plan wins. planTraining cannot be stopped: a search a newer edit
/// overtook runs to its end (milliseconds) and its plan is dropped, never drawn.
class PlanSearch : public NewestRequestWorker<simcore::Scenario, simcore::PlanReport> {
public:
    explicit PlanSearch(Deliver deliver)
        : NewestRequestWorker(
              [](const simcore::Scenario& scenario, JobControl& /*control*/) {
                  return simcore::planTraining(scenario);
              },
              std::move(deliver))
    {
    }
};

} // namespace dtsim::ui
