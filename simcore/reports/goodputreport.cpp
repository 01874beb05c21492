#include "simcore/reports/goodputreport.h"

#include "simcore/models/layoutscaling.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/jobfinish.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace simcore {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
constexpr double kDay = 86400.0;

} // namespace

namespace {

/// Goodput against N over the layouts up to 100,000 GPUs, about ten a decade: for each of the
/// log-spaced N = 10^(i/10) the layout nearest to it on a log scale (an N that is no layout is
/// never priced, as in the Scaling view).
std::vector<GoodputPoint> goodputCurve(const Scenario& scenario,
                                       const CheckpointJobContext& context)
{
    std::vector<GoodputPoint> curve;
    if (!context.problems.empty() || !context.sweep) {
        return curve;
    }
    constexpr std::int64_t kMostGpus = 100'000;
    const std::vector<std::int64_t> layouts = layoutWorkers(scenario, *context.sweep, kMostGpus);
    if (layouts.empty()) {
        return curve;
    }
    constexpr int kPerDecade = 10;
    constexpr int kDecades = 5;
    std::vector<std::int64_t> chosen;
    for (int i = 0; i <= kPerDecade * kDecades; ++i) {
        const double target = std::pow(10.0, static_cast<double>(i) / kPerDecade);
        auto above =
            std::lower_bound(layouts.begin(), layouts.end(), target,
                             [](std::int64_t n, double t) { return static_cast<double>(n) < t; });
        std::int64_t n = above == layouts.end() ? layouts.back() : *above;
        if (above != layouts.begin() && above != layouts.end() &&
            std::log(target / static_cast<double>(*(above - 1))) <
                std::log(static_cast<double>(*above) / target)) {
            n = *(above - 1);
        }
        if (chosen.empty() || chosen.back() != n) {
            chosen.push_back(n);
        }
    }
    for (const std::int64_t n : chosen) {
        const CheckpointJob job = checkpointJobAt(scenario, context, n);
        if (!job.priced()) {
            continue;
        }
        const GoodputResult point = evaluateGoodput(goodputParamsOfJob(job, scenario));
        curve.push_back({n, point.goodput, point.goodputAtInterval});
    }
    return curve;
}

} // namespace

GoodputReport goodputReport(const Scenario& scenario, bool withCurve)
{
    GoodputReport report;
    report.view = View::Checkpoint;
    const std::vector<ScenarioError> validation = validate(scenario);
    for (const auto& problem : validation) {
        const bool read = std::find(goodputKeys().begin(), goodputKeys().end(), problem.key) !=
                              goodputKeys().end() ||
                          stepReadsKey(problem.key);
        if (read && std::find(report.problems.begin(), report.problems.end(), problem) ==
                        report.problems.end()) {
            report.problems.push_back(problem);
        }
    }
    if (!report.ok()) {
        return report;
    }
    const CheckpointJobContext context = checkpointJobContext(scenario, validation);
    report.job = checkpointJobAt(scenario, context, scenario.checkpoint.gpus);
    if (!report.job.priced()) {
        // Not priced at this N; the curve still shows the N that are layouts.
        report.problems = report.job.problems;
        if (withCurve) {
            report.curve = goodputCurve(scenario, context);
        }
        return report;
    }
    const GoodputParams params = goodputParamsOfJob(report.job, scenario);
    report.params = params;
    report.result = evaluateGoodput(params);
    const auto& r = report.result;
    if (r.status == CheckpointStatus::InvalidInput) {
        report.problems.push_back(jobMtbfUnderflow(scenario));
        return report;
    }
    const bool overflow = r.status == CheckpointStatus::Overflow;
    report.heading = "Goodput at scale (MODELS §9: Daly 2006, order statistics of normals), N = " +
                     std::to_string(params.gpus) + " GPUs";

    const auto& p = report.params;
    auto& q = report.quantities;
    q.push_back(wordQuantity("status", "status", overflow ? "overflow" : "ok"));
    q.push_back(quantity("gpus", "GPUs N", static_cast<double>(p.gpus), Unit::Gpus));
    q.push_back(quantity("gpu_mtbf", "GPU MTBF", p.gpuMtbfSeconds, Unit::Seconds));
    q.push_back(quantity("job_mtbf", "job MTBF (M = GPU/N)", r.jobMtbfSeconds, Unit::Seconds));
    const CheckpointJob& job = report.job;
    q.push_back(quantity("checkpoint_bytes", "checkpoint (weights + optimizer)",
                         job.checkpointBytes, Unit::Bytes));
    q.push_back(wordQuantity("write_source", "write time from",
                             std::string(writeSourceId(job.writeSource))));
    q.push_back(quantity("checkpoint_write_time", "checkpoint write time (delta)", p.writeSeconds,
                         Unit::Seconds));
    q.push_back(quantity("storage_write_time", "  copy to storage behind it",
                         job.writeSource == WriteSource::Memory ? p.storageWriteSeconds : kNone,
                         Unit::Seconds));
    q.push_back(quantity("restart_time", "restart time (R)", p.restartSeconds, Unit::Seconds));
    q.push_back(
        quantity("step_time", "step time at N, no stragglers", p.stepSeconds, Unit::Seconds));
    q.push_back(wordQuantity("step_source", "step time from", "training"));
    q.push_back(quantity("steps", "steps", p.steps, Unit::Steps));
    q.push_back(
        wordQuantity("work_source", "useful time from", std::string(workSourceId(job.workSource))));
    q.push_back(quantity("useful_time",
                         job.workSource == WorkSource::Given ? "useful time (W, given)"
                                                             : "useful time (W = steps x step)",
                         r.usefulSeconds, Unit::Seconds));
    q.push_back(quantity("straggler_cv", "step time variation (c)", p.stragglerCv, Unit::Fraction));
    q.push_back(quantity("expected_max", "E[max of N normals]", r.normalMax.mean, Unit::Number));
    q.push_back(quantity("expected_max_approx", "  sqrt(2 ln N)", normalMaxApproximation(p.gpus),
                         Unit::Number));
    q.push_back(quantity("straggler_factor", "straggler factor (1 + c E[max])", r.stragglerFactor,
                         Unit::Factor));
    q.push_back(
        quantity("young_interval", "Young interval", r.youngIntervalSeconds, Unit::Seconds));
    q.push_back(quantity("optimal_interval", "optimal interval (Daly)", r.optimalIntervalSeconds,
                         Unit::Seconds));
    q.push_back(quantity("interval", "interval (tau)", p.intervalSeconds, Unit::Seconds));
    q.push_back(quantity("goodput", "goodput at the optimum", r.goodput, Unit::Fraction));
    q.push_back(quantity("goodput_at_interval", "goodput at the interval", r.goodputAtInterval,
                         Unit::Fraction));
    q.push_back(
        quantity("straggler_fraction", "  straggler wait", r.stragglerFraction, Unit::Fraction));
    q.push_back(quantity("straggler_time", "  straggler wait, whole job (W (s - 1))",
                         r.usefulSeconds * (r.stragglerFactor - 1.0), Unit::Seconds));
    q.push_back(quantity("write_fraction", "  checkpoint writes", r.writeFraction, Unit::Fraction));
    q.push_back(quantity("lost_fraction", "  lost work", r.lostFraction, Unit::Fraction));
    q.push_back(quantity("restart_fraction", "  restarts", r.restartFraction, Unit::Fraction));
    // On overflow the model leaves the count at 0: none, and the reason goes in never_finishes.
    const double failures = overflow ? kNone : r.atOptimum.expectedFailures;
    q.push_back(quantity("expected_failures", "expected failures", failures, Unit::Failures));
    q.push_back(quantity("expected_time", "expected wall time",
                         overflow ? kNone : r.expectedSeconds, Unit::Seconds));
    q.push_back(quantity("expected_days", "expected days to train",
                         overflow ? kNone : r.expectedSeconds / kDay, Unit::Number));

    double total = 0;
    for (const auto& cause : llama3FailureCauses()) {
        total += cause.count;
    }
    for (const auto& cause : llama3FailureCauses()) {
        const double share = cause.count / total;
        report.failures.push_back({cause, share, share * failures});
    }

    if (withCurve) {
        report.curve = goodputCurve(scenario, context);
    }
    List causes;
    for (const auto& row : report.failures) {
        causes.push_back(Record{{"id", std::string(row.cause.id)},
                                {"name", std::string(row.cause.name)},
                                {"category", std::string(row.cause.category)},
                                {"count", std::int64_t{row.cause.count}},
                                {"share", row.share},
                                {"printed_percent", row.cause.printedPercent},
                                {"expected_failures", row.expectedFailures}});
    }
    List curve;
    for (const auto& point : report.curve) {
        curve.push_back(Record{{"gpus", static_cast<double>(point.gpus)},
                               {"goodput_optimal", point.goodputOptimal},
                               {"goodput_at_interval", point.goodputAtInterval}});
    }
    report.details = {
        {"failure_breakdown",
         Record{{"source", std::string("Llama 3 paper (arXiv 2407.21783), Table 5: 419 unexpected "
                                       "interruptions in 54 days on 16,384 H100")},
                {"causes", std::move(causes)}}},
        {"goodput_vs_gpus", std::move(curve)}};
    if (overflow) {
        // Why the expected time and failures are none: the job MTBF against its intervals.
        const ScenarioError why = neverFinishes(scenario, goodputJobAtOptimum(p, r));
        report.details.push_back({"never_finishes", Record{{"key", why.key},
                                                           {"given", why.given},
                                                           {"allowed", why.allowed},
                                                           {"message", why.message()}}});
    }
    return report;
}

std::vector<CsvTable> goodputCsv(const GoodputReport& report)
{
    std::vector<CsvTable> tables{csvQuantities(report)};
    if (!report.ok()) {
        return tables;
    }
    CsvTableBuilder curve("curve", {"gpus", "goodput_optimal", "goodput_at_interval"});
    for (const auto& point : report.curve) {
        curve.row({std::to_string(point.gpus), csvNumber(point.goodputOptimal),
                   csvNumber(point.goodputAtInterval)});
    }
    tables.push_back(curve.table());
    CsvTableBuilder failures("failure_causes", {"cause", "category", "count", "share",
                                                "printed_percent", "expected_failures"});
    for (const auto& row : report.failures) {
        failures.row({csvField(row.cause.id), csvField(row.cause.category),
                      std::to_string(row.cause.count), csvNumber(row.share),
                      csvNumber(row.cause.printedPercent), csvNumber(row.expectedFailures)});
    }
    tables.push_back(failures.table());
    return tables;
}

std::vector<CsvTable> checkpointViewCsv(const CheckpointReport& report,
                                        const MonteCarloSummary& monteCarlo,
                                        const GoodputReport& goodput)
{
    std::vector<CsvTable> tables = checkpointCsv(report, monteCarlo);
    for (auto& table : goodputCsv(goodput)) {
        table.name = table.name == "quantities" ? "goodput" : "goodput_" + table.name;
        tables.push_back(std::move(table));
    }
    return tables;
}

std::vector<Quantity> goodputSimulationQuantities(const GoodputSimulation& mc, std::uint64_t seed)
{
    std::vector<Quantity> q;
    if (!mc.ok) {
        return q;
    }
    q.push_back(quantity("mc_goodput", "Monte-Carlo goodput", mc.goodput, Unit::Fraction));
    q.push_back(quantity("mc_runs", "  runs", static_cast<double>(mc.runs), Unit::Runs));
    q.push_back(quantity("mc_seed", "  seed", static_cast<double>(seed), Unit::Number));
    q.push_back(quantity("mc_mean_time", "  mean wall time", mc.meanSeconds, Unit::Seconds));
    q.push_back(
        quantity("mc_standard_error", "  standard error", mc.standardErrorSeconds, Unit::Seconds));
    q.push_back(quantity("mc_mean_failures", "  mean failures", mc.meanFailures, Unit::Failures));
    q.push_back(quantity("mc_straggler_time", "  mean straggler wait", mc.meanStragglerSeconds,
                         Unit::Seconds));
    return q;
}

} // namespace simcore
