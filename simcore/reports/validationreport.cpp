#include "simcore/reports/validationreport.h"

#include "simcore/scenario/catalogue.h"

#include <cmath>
#include <tuple>
#include <utility>

namespace simcore {

namespace {

std::array<StepTerm, kStepTermCount> stepTerms(const StepTime& s)
{
    std::array<StepTerm, kStepTermCount> terms{{{"compute", s.computeSeconds},
                                                {"tp_comm", s.tpSeconds},
                                                {"pp_bubble", s.bubbleSeconds},
                                                {"pp_p2p", s.p2pSeconds},
                                                {"dp_comm", s.dpSeconds},
                                                {"zero_gather", s.zeroGatherSeconds},
                                                {"cp_comm", s.cpSeconds},
                                                {"optimizer_step", s.optimizerSeconds}}};
    for (auto& term : terms) {
        term.drawn = term.seconds > kDrawnTermShare * s.stepSeconds;
    }
    return terms;
}

/// The largest term besides compute, and its share of the step.
std::pair<std::string, double> largestOverhead(const std::array<StepTerm, kStepTermCount>& terms,
                                               double stepSeconds)
{
    std::string best;
    double most = 0;
    for (std::size_t i = 1; i < terms.size(); ++i) {
        if (terms[i].seconds > most) {
            most = terms[i].seconds;
            best = terms[i].id;
        }
    }
    return {best, stepSeconds > 0 ? most / stepSeconds : 0.0};
}

} // namespace

ValidationReport validationReport()
{
    ValidationReport report;
    report.view = View::Scaling;
    report.calibratedEfficiency = kCalibratedEfficiency;
    report.calibrationSource = "Narayanan et al. 2021 (arXiv 2104.04473), Table 2, PTD-P, GPT-3 "
                               "174.6B on 384 A100: 153 TFLOP/s per GPU";
    report.heading = "Validation: the training model (training.h) against published runs "
                     "(Narayanan et al. 2021 Table 1; Korthikanti et al. 2022 Table 5)";
    const auto results = validateRuns();
    double absoluteErrors = 0;
    double worstError = std::nan("");
    std::string worstRun;
    std::size_t narayananWithin = 0;
    std::size_t korthikantiWithin = 0;
    int narayanan = 0;
    int korthikanti = 0;
    for (const auto& result : results) {
        ValidationRow row;
        row.run = result.run;
        row.tag = result.run->id.starts_with("korthikanti") ? "K" + std::to_string(++korthikanti)
                                                            : "N" + std::to_string(++narayanan);
        row.problem = result.problem;
        row.priced = result.problem.empty();
        if (row.priced) {
            row.predicted = result.predicted;
            row.errorFraction = result.errorFraction;
            row.withinBand = std::abs(result.errorFraction) <= kValidationBand;
            const TrainingReport training = trainingReport(result.run->scenario);
            row.step = training.step;
            row.terms = stepTerms(training.step);
            std::tie(row.largestOverhead, row.largestOverheadFraction) =
                largestOverhead(row.terms, training.step.stepSeconds);
            row.computeFraction = training.step.stepSeconds > 0
                                      ? training.step.computeSeconds / training.step.stepSeconds
                                      : 0.0;
            ++report.priced;
            report.withinBand += row.withinBand ? 1 : 0;
            absoluteErrors += std::abs(result.errorFraction);
            if (!(std::abs(result.errorFraction) <= worstError)) {
                worstError = std::abs(result.errorFraction);
                worstRun = row.tag;
            }
            (row.tag.front() == 'K' ? korthikantiWithin : narayananWithin) +=
                row.withinBand ? 1 : 0;
        }
        const auto& parallel = result.run->scenario.parallel;
        row.dp = parallel.dp;
        row.tp = parallel.tp;
        row.pp = parallel.pp;
        row.cp = parallel.cp;
        row.gpus = parallel.dp * parallel.tp * parallel.pp * parallel.cp;
        report.rows.push_back(std::move(row));
    }
    auto& q = report.quantities;
    q.push_back(
        quantity("runs", "published runs", static_cast<double>(report.rows.size()), Unit::Runs));
    q.push_back(quantity("priced_runs", "runs the model prices", static_cast<double>(report.priced),
                         Unit::Runs));
    q.push_back(quantity("within_band", "runs within the band",
                         static_cast<double>(report.withinBand), Unit::Runs));
    q.push_back(quantity("band", "band (+/-)", kValidationBand, Unit::Fraction));
    q.push_back(quantity("mean_abs_error", "mean absolute error",
                         report.priced > 0 ? absoluteErrors / static_cast<double>(report.priced)
                                           : std::nan(""),
                         Unit::Fraction));
    q.push_back(quantity("max_abs_error", "largest absolute error", worstError, Unit::Fraction));
    q.push_back(wordQuantity("worst_run", "run of the largest error", worstRun));
    q.push_back(quantity("narayanan_runs", "Narayanan et al. 2021 runs",
                         static_cast<double>(narayanan), Unit::Runs));
    q.push_back(quantity("narayanan_within", "Narayanan et al. 2021 runs within the band",
                         static_cast<double>(narayananWithin), Unit::Runs));
    q.push_back(quantity("korthikanti_runs", "Korthikanti et al. 2022 runs",
                         static_cast<double>(korthikanti), Unit::Runs));
    q.push_back(quantity("korthikanti_within", "Korthikanti et al. 2022 runs within the band",
                         static_cast<double>(korthikantiWithin), Unit::Runs));
    q.push_back(quantity("calibrated_efficiency", "matmul efficiency (calibrated once)",
                         kCalibratedEfficiency, Unit::Fraction));
    return report;
}

std::vector<CsvTable> validationCsv(const ValidationReport& report)
{
    std::vector<CsvTable> tables{csvQuantities(report)};
    // One row per published run; error_fraction as validation.h defines it (the throughput's).
    CsvTableBuilder runs("runs", {"tag",
                                  "id",
                                  "name",
                                  "metric",
                                  "published",
                                  "dtsim",
                                  "error_fraction",
                                  "within_band",
                                  "step_s",
                                  "compute_s",
                                  "tp_comm_s",
                                  "pp_bubble_s",
                                  "pp_p2p_s",
                                  "dp_comm_s",
                                  "zero_gather_s",
                                  "cp_comm_s",
                                  "optimizer_s",
                                  "dp",
                                  "tp",
                                  "pp",
                                  "cp",
                                  "gpus",
                                  "source",
                                  "note"});
    for (const auto& row : report.rows) {
        const auto& run = *row.run;
        const auto& s = row.step;
        const auto number = [&row](double value) {
            return row.priced ? csvNumber(value) : std::string();
        };
        runs.row({csvField(row.tag),           csvField(run.id),
                  csvQuoted(run.name),         csvQuoted(metricName(run.metric)),
                  csvNumber(run.published),    number(row.predicted),
                  number(row.errorFraction),   row.priced ? (row.withinBand ? "1" : "0") : "",
                  number(s.stepSeconds),       number(s.computeSeconds),
                  number(s.tpSeconds),         number(s.bubbleSeconds),
                  number(s.p2pSeconds),        number(s.dpSeconds),
                  number(s.zeroGatherSeconds), number(s.cpSeconds),
                  number(s.optimizerSeconds),  std::to_string(row.dp),
                  std::to_string(row.tp),      std::to_string(row.pp),
                  std::to_string(row.cp),      std::to_string(row.gpus),
                  csvQuoted(run.source),       csvQuoted(run.note)});
    }
    tables.push_back(runs.table());
    return tables;
}

} // namespace simcore
