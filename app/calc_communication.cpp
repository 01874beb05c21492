#include "app/calcmodels.h"
#include "simcore/reports/communicationreport.h"

namespace dtsim::app {

int calcCommunication(const simcore::Scenario& scenario, const CalcOptions& options)
{
    return printReport(simcore::communicationReport(scenario), options);
}

} // namespace dtsim::app
