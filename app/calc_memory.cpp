#include "app/calcmodels.h"
#include "simcore/reports/memoryreport.h"

namespace dtsim::app {

// `dtsim calc memory`: per-GPU bytes and the verdict on hardware.gpu, and every ZeRO stage's.
int calcMemory(const simcore::Scenario& scenario, const CalcOptions& options)
{
    return printReport(simcore::memoryReport(scenario), options);
}

} // namespace dtsim::app
