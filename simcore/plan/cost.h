#pragma once
// What a training run costs (MODELS §10): GPU-hours, money, energy and CO₂. Plain C++20, no Qt.
//
// GPU-hours = days · 24 · GPUs; cost = GPU-hours · price per GPU-hour; energy = GPU-hours · power
// per GPU · PUE; CO₂ = energy · grid intensity. Checked against BLOOM's footprint study
// (Luccioni, Viguier, Ligozat 2022: 1,082,990 GPU-hours × 400 W = 433,196 kWh, × 57 g/kWh =
// 24.7 t) and DeepSeek-V3's report (2.788 M GPU-hours × $2 = $5.576 M).

#include "simcore/scenario/scenario.h"

#include <string_view>

namespace simcore {

struct RunCost {
    double gpuHours = 0;      ///< days · 24 · GPUs
    double dollars = 0;       ///< gpuHours · cost.gpu_hour_price
    double gpuPowerWatts = 0; ///< the power priced per GPU (cost.gpu_power or the TDP)
    double energyKwh = 0;     ///< gpuHours · power · PUE, kWh
    double co2Kg = 0;         ///< energyKwh · cost.grid_intensity
};

/// The power one GPU draws in the plan: cost.gpu_power when given, else the catalogue's TDP of
/// hardware.gpu (0 for an unknown GPU).
double gpuPowerWatts(const Scenario& scenario);

/// Where gpuPowerWatts comes from: "cost.gpu_power" or the catalogue entry's TDP source.
std::string_view gpuPowerSource(const Scenario& scenario);

/// The run of `days` on `gpus` GPUs drawing `powerWatts` each, priced by `cost`.
RunCost runCost(double days, double gpus, const CostSpec& cost, double powerWatts);

} // namespace simcore
