#include "simcore/plan/cost.h"

#include "simcore/scenario/catalogue.h"

namespace simcore {

double gpuPowerWatts(const Scenario& scenario)
{
    if (scenario.cost.gpuPowerWatts > 0) {
        return scenario.cost.gpuPowerWatts;
    }
    const GpuSpec* gpu = findGpu(scenario.hardware.gpu);
    return gpu ? gpu->tdpWatts : 0.0;
}

std::string_view gpuPowerSource(const Scenario& scenario)
{
    if (scenario.cost.gpuPowerWatts > 0) {
        return "cost.gpu_power";
    }
    const GpuSpec* gpu = findGpu(scenario.hardware.gpu);
    return gpu ? gpu->tdpSource : std::string_view{};
}

RunCost runCost(double days, double gpus, const CostSpec& cost, double powerWatts)
{
    RunCost run;
    run.gpuHours = days * 24.0 * gpus;
    run.dollars = run.gpuHours * cost.gpuHourPrice;
    run.gpuPowerWatts = powerWatts;
    run.energyKwh = run.gpuHours * powerWatts / 1000.0 * cost.pue;
    run.co2Kg = run.energyKwh * cost.gridKgPerKwh;
    return run;
}

} // namespace simcore
