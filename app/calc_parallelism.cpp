#include "app/calcmodels.h"
#include "simcore/reports/parallelismreport.h"

namespace dtsim::app {

int calcParallelism(const simcore::Scenario& scenario, const CalcOptions& options)
{
    return printReport(simcore::parallelismReport(scenario), options);
}

} // namespace dtsim::app
