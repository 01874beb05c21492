#include "app/calcmodels.h"
#include "simcore/reports/topologyreport.h"

namespace dtsim::app {

int calcTopology(const simcore::Scenario& scenario, const CalcOptions& options)
{
    return printReport(simcore::topologyReport(scenario), options);
}

} // namespace dtsim::app
