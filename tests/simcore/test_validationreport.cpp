// The Validation view's report (simcore/reports/validationreport.h): the published runs of
// validation.h with validateRuns()' prediction and error, trainingReport's breakdown of the same
// layout, and the count within ±15 %. Its numbers are those two functions' (tested against the
// papers in test_training.cpp); here: that the report carries them unchanged and counts right.
#include "csvtables.h"
#include "simcore/reports/validationreport.h"
#include "simcore/scenario/catalogue.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

using namespace simcore;

TEST_CASE("validation report: every published run with its error and breakdown",
          "[validation][report]")
{
    const ValidationReport report = validationReport();
    const auto runs = validationRuns();
    const auto results = validateRuns();
    REQUIRE(report.ok());
    REQUIRE(report.rows.size() == runs.size());
    // Narayanan et al. 2021 Table 1 (ten rows) and Korthikanti et al. 2022 Table 5 (eight).
    CHECK(report.find("narayanan_runs")->value == 10);
    CHECK(report.find("korthikanti_runs")->value == 8);
    std::size_t within = 0;
    double absolute = 0;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto& row = report.rows[i];
        INFO(runs[i].id);
        CHECK(row.run == &runs[i]);
        CHECK(row.tag == (i < 10 ? "N" + std::to_string(i + 1) : "K" + std::to_string(i - 9)));
        REQUIRE(row.priced == results[i].problem.empty());
        if (!row.priced) {
            continue;
        }
        CHECK(row.predicted == results[i].predicted);
        CHECK(row.errorFraction == results[i].errorFraction);
        CHECK(row.withinBand == (std::abs(row.errorFraction) <= 0.15));
        within += row.withinBand ? 1 : 0;
        absolute += std::abs(row.errorFraction);
        const TrainingReport training = trainingReport(runs[i].scenario);
        CHECK(row.step.stepSeconds == training.step.stepSeconds);
        CHECK(row.step.computeSeconds == training.step.computeSeconds);
        CHECK(row.step.bubbleSeconds == training.step.bubbleSeconds);
        CHECK(row.gpus == runs[i].scenario.hardware.gpus);
        // The largest term besides compute, by hand from the breakdown.
        const StepTime& s = training.step;
        const double largest = std::max({s.tpSeconds, s.bubbleSeconds, s.p2pSeconds, s.dpSeconds,
                                         s.zeroGatherSeconds, s.cpSeconds, s.optimizerSeconds});
        CHECK(row.largestOverheadFraction == Approx(largest / s.stepSeconds).epsilon(1e-12));
        CHECK(row.computeFraction == Approx(s.computeSeconds / s.stepSeconds).epsilon(1e-12));
    }
    CHECK(report.withinBand == within);
    CHECK(report.find("within_band")->value == static_cast<double>(within));
    CHECK(report.find("mean_abs_error")->value ==
          Approx(absolute / static_cast<double>(report.priced)).epsilon(1e-12));
    CHECK(report.find("band")->value == 0.15);
    // The one constant, calibrated on a run that is not a row (Narayanan et al. 2021 Table 2).
    CHECK(report.find("calibrated_efficiency")->value == kCalibratedEfficiency);
    CHECK(report.calibrationSource.find("Table 2") != std::string::npos);
}

TEST_CASE("validation report: the CSV has one row per run with its source",
          "[validation][report][csv]")
{
    const ValidationReport report = validationReport();
    const std::string csv = testing::tableText(validationCsv(report), "runs");
    CHECK(csv.starts_with("tag,id,name,metric,published,dtsim,error_fraction,within_band,step_s,"
                          "compute_s,tp_comm_s,pp_bubble_s,pp_p2p_s,dp_comm_s,zero_gather_s,"
                          "cp_comm_s,optimizer_s,dp,tp,pp,cp,gpus,source,note\n"));
    std::istringstream lines(csv);
    std::size_t rows = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("N", 0) == 0 || line.rfind("K", 0) == 0) {
            ++rows;
            const bool cited = line.find("\"Narayanan et al. 2021") != std::string::npos ||
                               line.find("\"Korthikanti et al. 2022") != std::string::npos;
            CHECK(cited);
        }
    }
    CHECK(rows == report.rows.size());
}

TEST_CASE("validation report: each run's step terms add to the step; under 1 % is not drawn",
          "[validation]")
{
    const auto report = validationReport();
    for (const auto& row : report.rows) {
        INFO(row.tag);
        REQUIRE(row.priced);
        double sum = 0;
        for (const auto& term : row.terms) {
            sum += term.seconds;
            CHECK(term.drawn == (term.seconds > 0.01 * row.step.stepSeconds));
        }
        CHECK(sum == Approx(row.step.stepSeconds).epsilon(1e-12));
        CHECK(row.terms.front().id == "compute");
        CHECK(row.terms.front().drawn);
    }
}
