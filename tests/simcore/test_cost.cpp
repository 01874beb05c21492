// Cost and energy of a run (MODELS §10) against the two published accountings MODELS names, and
// the cost.* keys' ranges.
#include "simcore/plan/cost.h"
#include "simcore/scenario/catalogue.h"
#include "simcore/scenario/scenario.h"

#include <catch2/catch.hpp>

using namespace simcore;

TEST_CASE("BLOOM's GPU energy: 1,082,990 GPU-hours at 400 W are 433,196 kWh, 24.7 t CO2 at 57 g",
          "[cost]")
{
    // Luccioni, Viguier, Ligozat 2022, "Estimating the Carbon Footprint of BLOOM", §4: the
    // dynamic consumption of the final training on Jean Zay's A100s (TDP 400 W), PUE not applied
    // to this figure, at the French grid's 57 g CO2eq/kWh.
    CostSpec cost;
    cost.pue = 1.0;
    cost.gridKgPerKwh = 0.057;
    const double days = 1082990.0 / 24.0 / 384.0; // any GPU count: only GPU-hours matter
    const RunCost run = runCost(days, 384, cost, 400);
    CHECK(run.gpuHours == Approx(1082990).epsilon(1e-12));
    CHECK(run.energyKwh == Approx(433196).epsilon(1e-12));
    CHECK(run.co2Kg / 1000 == Approx(24.7).epsilon(0.002)); // the study rounds to 24.7 t
    // PUE multiplies the energy and the emissions, not the GPU-hours or the money.
    cost.pue = 1.2;
    const RunCost facility = runCost(days, 384, cost, 400);
    CHECK(facility.gpuHours == Approx(run.gpuHours).epsilon(1e-12));
    CHECK(facility.dollars == Approx(run.dollars).epsilon(1e-12));
    CHECK(facility.energyKwh == Approx(1.2 * 433196).epsilon(1e-12));
}

TEST_CASE("DeepSeek-V3: 2.788 M H800 GPU-hours at $2 cost $5.576 M", "[cost]")
{
    // DeepSeek-AI 2024, DeepSeek-V3 technical report, Table 1: 2,788 K GPU-hours, $5.576 M at a
    // rental price of $2 per GPU-hour (the default of cost.gpu_hour_price).
    const CostSpec cost;
    CHECK(cost.gpuHourPrice == 2.0);
    const double gpus = 2048; // the report's cluster
    const double days = 2.788e6 / 24.0 / gpus;
    const RunCost run = runCost(days, gpus, cost, 700);
    CHECK(run.gpuHours == Approx(2.788e6).epsilon(1e-12));
    CHECK(run.dollars == Approx(5.576e6).epsilon(1e-12));
}

TEST_CASE("a hand calculation: 10 days on 1,024 H100 at the defaults", "[cost]")
{
    Scenario s; // h100-sxm, cost.* defaults: $2, TDP, PUE 1.2, 0.057 kg/kWh
    CHECK(gpuPowerWatts(s) == 700);
    CHECK(gpuPowerSource(s).find("H100") != std::string_view::npos);
    // 10 × 24 × 1024 = 245,760 GPU-hours; × $2 = $491,520; × 0.7 kW × 1.2 = 206,438.4 kWh;
    // × 0.057 = 11,766.99 kg.
    const RunCost run = runCost(10, 1024, s.cost, gpuPowerWatts(s));
    CHECK(run.gpuHours == Approx(245760).epsilon(1e-12));
    CHECK(run.dollars == Approx(491520).epsilon(1e-12));
    CHECK(run.energyKwh == Approx(206438.4).epsilon(1e-12));
    CHECK(run.co2Kg == Approx(11766.9888).epsilon(1e-12));
    // A measured power replaces the TDP.
    REQUIRE_FALSE(setValue(s, "cost.gpu_power", "550"));
    CHECK(gpuPowerWatts(s) == 550);
    CHECK(gpuPowerSource(s) == "cost.gpu_power");
}

TEST_CASE("every catalogue GPU has a TDP with its source", "[cost][catalogue]")
{
    for (const auto& gpu : gpuCatalogue()) {
        INFO(gpu.id);
        CHECK(gpu.tdpWatts >= 300);
        CHECK(gpu.tdpWatts <= 1000);
        CHECK_FALSE(gpu.tdpSource.empty());
    }
    CHECK(findGpu("h100-sxm")->tdpWatts == 700); // H100 datasheet: up to 700 W
    CHECK(findGpu("a100-80")->tdpWatts == 400);  // A100 datasheet: 400 W
}

TEST_CASE("cost keys are parsed, range-checked and written back", "[cost][scenario]")
{
    Scenario s;
    CHECK_FALSE(setValue(s, "cost.gpu_hour_price", "3.5"));
    CHECK(s.cost.gpuHourPrice == 3.5);
    CHECK(valueText(s, "cost.gpu_hour_price") == "3.5");
    CHECK_FALSE(setValue(s, "cost.pue", "1.1"));
    CHECK_FALSE(setValue(s, "cost.grid_intensity", "0.4"));
    CHECK(s.cost.gridKgPerKwh == 0.4);
    CHECK_FALSE(setValue(s, "cost.gpu_power", "0")); // 0 = TDP
    const auto pue = setValue(s, "cost.pue", "0.9");
    REQUIRE(pue);
    CHECK(pue->key == "cost.pue");
    CHECK(pue->kind == ScenarioError::Kind::OutOfRange);
    CHECK(s.cost.pue == 1.1); // unchanged on error
    const auto price = setValue(s, "cost.gpu_hour_price", "-1");
    REQUIRE(price);
    CHECK(price->key == "cost.gpu_hour_price");
    const auto power = setValue(s, "cost.gpu_power", "0.5");
    REQUIRE(power);
    CHECK(power->key == "cost.gpu_power");
    CHECK(validate(s).empty());
}
