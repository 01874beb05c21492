#pragma once
// The Scaling panel's Validation view: every published run of validation.h beside what the
// training model (training.h) predicts for its layout, the error, how many fall within the
// band, the one calibrated constant, and each run's step split into the terms that make it —
// "how close is the model?" and "which term explains the error?". Plain C++20, no Qt.

#include "simcore/reports/report.h"
#include "simcore/reports/trainingreport.h"
#include "simcore/reports/validation.h"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace simcore {

/// A row counts as close when its error is within ± this share (the band the view shades).
inline constexpr double kValidationBand = 0.15;

/// A term of a run's step is drawn in the breakdown when it is at least this share of the step:
/// a smaller one is thinner than a pixel or two of the bar (the formula line lists them all).
inline constexpr double kDrawnTermShare = 0.01;

/// One term of a run's step, in the breakdown's order: compute, tp_comm, pp_bubble, pp_p2p,
/// dp_comm, zero_gather, cp_comm, optimizer_step (trainingReport's ids).
struct StepTerm {
    std::string_view id;
    double seconds = 0;
    bool drawn = false; ///< priced and more than kDrawnTermShare of the step
};
inline constexpr std::size_t kStepTermCount = 8;

/// One published run and the model's answer.
struct ValidationRow {
    const ValidationRun* run = nullptr; ///< id, name, source, metric, published, note
    /// A short label for a chart's axis: "N1" … "N10" for Narayanan et al. 2021's rows, "K1" …
    /// "K8" for Korthikanti et al. 2022's, in their order.
    std::string tag;
    bool priced = false; ///< false: `problem` says why the model refused it
    std::string problem;
    double predicted = 0;     ///< dtsim, in the run's metric unit
    double errorFraction = 0; ///< as validation.h defines it (the throughput's error)
    bool withinBand = false;  ///< |error| ≤ kValidationBand
    StepTime step;            ///< trainingReport's step of the run's layout: the breakdown
    std::array<StepTerm, kStepTermCount> terms; ///< the same step's terms, in drawing order
    std::int64_t dp = 1;
    std::int64_t tp = 1;
    std::int64_t pp = 1;
    std::int64_t cp = 1;
    std::int64_t gpus = 1;
    /// The largest exposed term besides compute ("tp_comm", "pp_bubble", …, trainingReport's
    /// ids), the one most likely to carry the error; empty when none is exposed.
    std::string largestOverhead;
    double largestOverheadFraction = 0; ///< that term's share of the step
    double computeFraction = 0;         ///< compute's share of the step
};

struct ValidationReport : Report {
    std::vector<ValidationRow> rows; ///< validationRuns() order
    std::size_t priced = 0;
    std::size_t withinBand = 0;
    double band = kValidationBand;
    double calibratedEfficiency = 0; ///< catalogue.h kCalibratedEfficiency
    /// The run it was calibrated on, which is not among the rows.
    std::string calibrationSource;
};

/// Every run of validationRuns() with validateRuns()' prediction and error and trainingReport's
/// step of the same layout. Quantities: runs, priced_runs, within_band (count), band (fraction),
/// mean_abs_error and max_abs_error (fractions, over the priced runs), worst_run (its tag),
/// narayanan_runs, narayanan_within, korthikanti_runs, korthikanti_within (counts per paper),
/// calibrated_efficiency. Independent of any scenario: the runs carry their own.
ValidationReport validationReport();

/// The CSV: the quantities; "runs", one row per run: tag, id, name, metric, published, dtsim,
/// error_fraction, within_band, step_s, compute_s, tp_comm_s, pp_bubble_s, pp_p2p_s, dp_comm_s,
/// zero_gather_s, cp_comm_s, optimizer_s, dp, tp, pp, cp, gpus, source, note (text quoted).
std::vector<CsvTable> validationCsv(const ValidationReport& report);

} // namespace simcore
