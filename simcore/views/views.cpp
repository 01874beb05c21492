#include "simcore/views/views.h"

#include "simcore/plan/planner.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/communicationreport.h"
#include "simcore/reports/memoryreport.h"
#include "simcore/reports/parallelismreport.h"
#include "simcore/reports/pipelinereport.h"
#include "simcore/reports/scalingreport.h"
#include "simcore/reports/topologyreport.h"

#include <algorithm>
#include <array>

namespace simcore {

namespace {

// id, view, tab, exported, calc, Monte-Carlo, refuses problems
constexpr std::array kEntries = {
    ViewEntry{"scaling", View::Scaling, true, true, true, false, true},
    ViewEntry{"memory", View::Memory, true, true, true, false, true},
    ViewEntry{"parallelism", View::Parallelism, true, true, true, false, true},
    ViewEntry{"pipeline", View::Pipeline, false, true, true, false, true}, // in Parallelism
    ViewEntry{"communication", View::Communication, true, true, true, false, false},
    ViewEntry{"topology", View::Topology, true, true, true, false, false},
    ViewEntry{"checkpoint", View::Checkpoint, true, true, true, true, true},
    ViewEntry{"validation", std::nullopt, false, true, false, false, false}, // in Scaling
    ViewEntry{"allreduce", std::nullopt, false, false, true, false, false},
    ViewEntry{"goodput", std::nullopt, false, false, true, true, false},
    ViewEntry{"training", std::nullopt, false, false, true, false, false},
    ViewEntry{"plan", View::Plan, true, true, true, false, false},
};

} // namespace

std::span<const ViewEntry> viewEntries()
{
    return kEntries;
}

const ViewEntry* findViewEntry(std::string_view id)
{
    const auto found = std::find_if(kEntries.begin(), kEntries.end(),
                                    [id](const ViewEntry& entry) { return entry.id == id; });
    return found == kEntries.end() ? nullptr : &*found;
}

Report evaluateView(View view, const Scenario& scenario)
{
    switch (view) {
    case View::Scaling:
        return scalingReport(scenario);
    case View::Memory:
        return memoryReport(scenario);
    case View::Parallelism:
        return parallelismReport(scenario);
    case View::Pipeline:
        return pipelineReport(scenario);
    case View::Communication:
        return communicationReport(scenario);
    case View::Topology:
        return topologyReport(scenario);
    case View::Checkpoint:
        return checkpointReport(scenario);
    case View::Plan:
        return planTraining(scenario);
    }
    return {};
}

} // namespace simcore
