#include "simcore/views/views.h"

#include "simcore/plan/planner.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/communicationreport.h"
#include "simcore/reports/memoryreport.h"
#include "simcore/reports/parallelismreport.h"
#include "simcore/reports/pipelinereport.h"
#include "simcore/reports/scalingreport.h"
#include "simcore/reports/topologyreport.h"

namespace simcore {

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
