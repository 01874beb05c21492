#include "app/calcmodels.h"
#include "simcore/reports/scalingreport.h"

namespace dtsim::app {

int calcScaling(const simcore::Scenario& scenario, const CalcOptions& options)
{
    return printReport(simcore::scalingReport(scenario), options);
}

} // namespace dtsim::app
