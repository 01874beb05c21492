#include "app/calcmodels.h"
#include "simcore/reports/communicationreport.h"

namespace dtsim::app {

// The Communication report under the name nccl-tests users look for.
int calcAllreduce(const simcore::Scenario& scenario, const CalcOptions& options)
{
    return printReport(simcore::communicationReport(scenario), options);
}

} // namespace dtsim::app
