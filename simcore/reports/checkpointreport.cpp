#include "simcore/reports/checkpointreport.h"

#include "simcore/models/checkpointjob.h"
#include "simcore/models/goodput.h"
#include "simcore/montecarlo/goodputruns.h"
#include "simcore/reports/jobfinish.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace simcore {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
constexpr double kHour = 3600.0;
constexpr double kDay = 86400.0;

double stepsOrNone(double intervalSeconds, double stepSeconds)
{
    const auto steps = intervalSecondsToSteps(intervalSeconds, stepSeconds);
    return steps.ok() ? static_cast<double>(steps.value) : kNone;
}

/// Run 0's timeline, one row per stretch that ends in a failure (and the last one; the recording
/// may have stopped before the run's end). straggler_s: of work_kept_s, waiting for the slowest
/// GPU.
CsvTable timelineCsv(const RunResult& run)
{
    CsvTableBuilder table("timeline", {"start_s", "end_s", "work_kept_s", "straggler_s", "write_s",
                                       "lost_s", "restart_s", "ends_in_failure"});
    double start = run.timeline.front().startSeconds;
    std::array<double, 4> seconds{0, 0, 0, 0};
    double straggler = 0;
    const auto emit = [&](double end, bool failure) {
        table.row({csvNumber(start), csvNumber(end), csvNumber(seconds[0]), csvNumber(straggler),
                   csvNumber(seconds[1]), csvNumber(seconds[2]), csvNumber(seconds[3]),
                   failure ? "1" : "0"});
        start = end;
        seconds = {0, 0, 0, 0};
        straggler = 0;
    };
    for (const auto& segment : run.timeline) {
        seconds[static_cast<std::size_t>(segment.kind)] +=
            segment.endSeconds - segment.startSeconds;
        straggler += segment.stragglerSeconds;
        if (segment.endsInFailure) {
            emit(segment.endSeconds, true);
        }
    }
    const double end = run.timeline.back().endSeconds;
    if (end > start || seconds != std::array<double, 4>{0, 0, 0, 0}) {
        emit(end, false);
    }
    return table.table();
}

} // namespace

ScenarioError jobMtbfUnderflow(const Scenario& scenario)
{
    return {ScenarioError::Kind::Inconsistent, "checkpoint.gpu_mtbf",
            formatNumber(scenario.checkpoint.gpuMtbfSeconds),
            "large enough that checkpoint.gpu_mtbf / checkpoint.gpus > 0",
            "checkpoint.gpus = " + std::to_string(scenario.checkpoint.gpus)};
}

CheckpointReport checkpointReport(const Scenario& scenario)
{
    CheckpointReport report;
    report.view = View::Checkpoint;
    report.problems = problemsOf(View::Checkpoint, scenario);
    if (!report.ok()) {
        return report;
    }
    // The one job the goodput model reads too: W, δ and μ, or why there is none at this N.
    // Only what is priced from μ needs N to be a layout: without one those quantities are none
    // and the reason goes beside them, not in place of the whole report.
    const CheckpointJob job = checkpointJob(scenario);
    report.stepProblems = job.problems;
    report.result = evaluateCheckpoint(scenario);
    const auto& r = report.result;
    if (r.status == CheckpointStatus::InvalidInput && !(r.params.mtbfSeconds > 0)) {
        // A GPU MTBF within its range (> 0) can still underflow to 0 once shared by the GPUs.
        report.problems.push_back(jobMtbfUnderflow(scenario));
        return report;
    }
    if (r.status == CheckpointStatus::InvalidInput) {
        // Within every key's range this does not happen; kept as a guard with the key to look at.
        report.problems.push_back({ScenarioError::Kind::Inconsistent, "checkpoint.interval",
                                   formatNumber(scenario.checkpoint.intervalSeconds),
                                   "a job the checkpoint model can evaluate",
                                   "checkpoint.* (dtsim keys lists their ranges)"});
        return report;
    }
    report.overflow = r.status == CheckpointStatus::Overflow;
    for (const auto& point : r.curve) {
        if (point.status != CheckpointStatus::Ok && point.status != CheckpointStatus::Overflow) {
            continue;
        }
        const double lost = point.writeFraction + point.lostFraction;
        report.stack.push_back(
            {point.intervalSeconds, point.writeFraction, lost, lost + point.restartFraction});
    }
    report.optimalIntervalWholeSeconds = std::round(r.optimalIntervalSeconds);
    report.stepSeconds = job.stepSeconds;
    const double cv = scenario.scaling.stragglerCv;
    if (cv > 0 && cv <= 0.3) {
        if (const auto goodput = goodputParams(job, scenario)) {
            report.stragglers = goodputStragglerSteps(*goodput);
        }
    }
    report.heading = "Checkpoints and failures (MODELS §6: Young 1974, Daly 2006), N = " +
                     std::to_string(scenario.checkpoint.gpus) + " GPUs";

    const auto& a = r.atInterval;
    const auto& p = r.params;
    auto& q = report.quantities;
    q.push_back(wordQuantity("status", "status", report.overflow ? "overflow" : "ok"));
    q.push_back(
        quantity("gpus", "GPUs N", static_cast<double>(scenario.checkpoint.gpus), Unit::Gpus));
    q.push_back(
        quantity("gpu_mtbf", "GPU MTBF", scenario.checkpoint.gpuMtbfSeconds, Unit::Seconds));
    q.push_back(
        quantity("cluster_mtbf", "cluster MTBF (M = GPU/N)", r.clusterMtbfSeconds, Unit::Seconds));
    q.push_back(quantity("interval", "interval (tau)", p.intervalSeconds, Unit::Seconds));
    q.push_back(quantity("write_time", "write time (delta)", p.writeSeconds, Unit::Seconds));
    q.push_back(wordQuantity("write_source", "write time from",
                             job.writeSource == WriteSource::Given     ? "given"
                             : job.writeSource == WriteSource::Storage ? "storage"
                                                                       : "memory"));
    q.push_back(quantity("restart_time", "restart time (R)", p.restartSeconds, Unit::Seconds));
    q.push_back(quantity("work", "work (W)", p.workSeconds, Unit::Seconds));
    q.push_back(quantity("steps", "steps (W / step)", job.steps, Unit::Steps));
    q.push_back(wordQuantity("work_source", "work from",
                             job.workSource == WorkSource::Given ? "given" : "steps"));
    q.push_back(
        quantity("young_interval", "Young interval", r.youngIntervalSeconds, Unit::Seconds));
    q.push_back(quantity("optimal_interval", "optimal interval (Daly)", r.optimalIntervalSeconds,
                         Unit::Seconds));
    q.push_back(quantity("waste_fraction", "waste fraction", r.wasteFraction, Unit::Fraction));
    q.push_back(quantity("write_fraction", "  writes", a.writeFraction, Unit::Fraction));
    q.push_back(quantity("lost_fraction", "  lost work", a.lostFraction, Unit::Fraction));
    q.push_back(quantity("restart_fraction", "  restarts", a.restartFraction, Unit::Fraction));
    q.push_back(quantity("expected_time", "expected time",
                         report.overflow ? kNone : r.expectedSeconds, Unit::Seconds));
    // On overflow the model leaves the count at 0: none, and the reason goes in never_finishes.
    q.push_back(quantity("expected_failures", "expected failures",
                         report.overflow ? kNone : a.expectedFailures, Unit::Failures));
    q.push_back(quantity("optimal_waste_fraction", "waste at optimum", r.atOptimum.wasteFraction,
                         Unit::Fraction));
    q.push_back(quantity(
        "optimal_expected_time", "expected time at optimum",
        r.atOptimum.status == CheckpointStatus::Overflow ? kNone : r.atOptimum.expectedSeconds,
        Unit::Seconds));
    q.push_back(quantity("step_time", "step time at N (training model)", report.stepSeconds,
                         Unit::Seconds));
    q.push_back(quantity("interval_steps", "interval in steps",
                         stepsOrNone(p.intervalSeconds, report.stepSeconds), Unit::Steps));
    q.push_back(quantity("optimal_interval_steps", "optimal interval in steps",
                         stepsOrNone(r.optimalIntervalSeconds, report.stepSeconds), Unit::Steps));
    // The whole steps change the interval a job can run: said, never silent (an interval below
    // half a step reads as one step).
    const double intervalSteps = stepsOrNone(p.intervalSeconds, report.stepSeconds);
    q.push_back(wordQuantity("interval_rounding", "interval to whole steps",
                             std::string(intervalRounding(p.intervalSeconds, report.stepSeconds))));
    q.push_back(quantity("interval_steps_time", "  interval in whole steps, as time",
                         intervalSteps * report.stepSeconds, Unit::Seconds));
    q.push_back(
        wordQuantity("optimal_interval_rounding", "optimal interval to whole steps",
                     std::string(intervalRounding(r.optimalIntervalSeconds, report.stepSeconds))));
    report.details = {{"waste_parts", Record{{"write", r.atInterval.writeFraction},
                                             {"lost", r.atInterval.lostFraction},
                                             {"restart", r.atInterval.restartFraction}}}};
    if (report.overflow || r.atOptimum.status == CheckpointStatus::Overflow) {
        // Why the expected time and failures are none: the job MTBF against its intervals.
        const ScenarioError why = neverFinishes(scenario, p);
        report.details.push_back({"never_finishes", Record{{"key", why.key},
                                                           {"given", why.given},
                                                           {"allowed", why.allowed},
                                                           {"message", why.message()}}});
    }
    if (!report.stepProblems.empty()) {
        report.unpriced = {"step_time", "interval_steps", "interval_steps_time",
                           "optimal_interval_steps"};
        if (job.workSource == WorkSource::Given) {
            report.unpriced.insert(report.unpriced.begin() + 1, "steps"); // W / μ
        }
        if (!r.workKnown) {
            report.unpriced.insert(report.unpriced.begin(), "work");
            for (const std::string_view id :
                 {"expected_time", "expected_failures", "optimal_expected_time"}) {
                report.unpriced.push_back(id);
            }
        }
        const auto& why = report.stepProblems.front();
        List ids;
        for (const auto id : report.unpriced) {
            ids.emplace_back(std::string(id));
        }
        report.details.push_back({"unpriced", Record{{"quantities", std::move(ids)},
                                                     {"key", why.key},
                                                     {"given", why.given},
                                                     {"allowed", why.allowed},
                                                     {"message", why.message()}}});
    }
    return report;
}

int histogramBins(std::int64_t runs)
{
    const auto root = static_cast<int>(std::lround(std::sqrt(static_cast<double>(runs))));
    return std::clamp(root, 1, 60);
}

MonteCarloSummary computeMonteCarlo(const CheckpointParams& params, std::int64_t runs,
                                    std::uint64_t seed, std::int64_t timelineSegments,
                                    const std::atomic<bool>* cancel,
                                    std::atomic<std::int64_t>* progress,
                                    const StragglerSteps& stragglers)
{
    MonteCarloSummary out;
    out.params = params;
    out.stragglers = stragglers;
    out.runsRequested = runs;
    out.seed = seed;
    MonteCarloOptions options;
    options.seed = seed;
    options.cancel = cancel;
    options.progress = progress;
    options.stragglers = stragglers;
    out.batch = simulateBatch(params, runs, options);
    out.histogram = makeHistogram(out.batch.completionSeconds, histogramBins(runs));
    out.batch.completionSeconds.clear();
    out.batch.completionSeconds.shrink_to_fit();
    if (out.batch.status != RunStatus::Cancelled &&
        out.batch.status != RunStatus::TooManyFailures) {
        options.progress = nullptr;
        options.recordTimeline = true;
        options.maxTimelineSegments = timelineSegments;
        out.sampleRun = simulateRun(params, options, 0);
    } else {
        out.sampleRun.status = out.batch.status; // not simulated: nothing to draw or to quote
    }
    out.expectedSeconds = segmentedExpectedTime(params).expectedSeconds;
    out.closedFormSeconds = dalyExpectedTime(params).expectedSeconds;
    out.closedFormDiffers =
        std::abs(out.closedFormSeconds - out.expectedSeconds) > 1e-9 * out.expectedSeconds;
    if (out.batch.runsCompleted > 0 && out.expectedSeconds > 0) {
        const double difference = out.batch.meanSeconds - out.expectedSeconds;
        out.differenceFraction = difference / out.expectedSeconds;
        out.standardErrors =
            out.batch.standardErrorSeconds > 0 ? difference / out.batch.standardErrorSeconds : 0.0;
        out.stragglerFraction = out.batch.meanSeconds > 0
                                    ? out.batch.meanStragglerSeconds / out.batch.meanSeconds
                                    : 0.0;
    }
    out.valid =
        out.batch.status != RunStatus::Cancelled && out.sampleRun.status != RunStatus::Cancelled;
    return out;
}

std::string batchStatusId(const BatchResult& batch)
{
    if (batch.runsCompleted == 0 && batch.status != RunStatus::InvalidInput) {
        return "no_run_finished";
    }
    switch (batch.status) {
    case RunStatus::Completed:
        return "completed";
    case RunStatus::FailureLimit:
        return "failure_limit";
    case RunStatus::TooManyIntervals:
        return "too_many_intervals";
    default:
        return "invalid";
    }
}

Field monteCarloDetails(const MonteCarloSummary& mc, std::uint64_t seed)
{
    const auto& b = mc.batch;
    return {"monte_carlo", Record{{"status", batchStatusId(b)},
                                  {"runs", static_cast<double>(b.runsCompleted)},
                                  {"seed", static_cast<double>(seed)},
                                  {"mean", b.meanSeconds},
                                  {"standard_error", b.standardErrorSeconds},
                                  {"min", b.minSeconds},
                                  {"max", b.maxSeconds},
                                  {"mean_failures", b.meanFailures},
                                  {"expected", mc.expectedSeconds}}};
}

std::vector<Quantity> monteCarloQuantities(const MonteCarloSummary& mc)
{
    std::vector<Quantity> q;
    if (!mc.valid) {
        return q;
    }
    q.push_back(wordQuantity("mc_status", "Monte-Carlo", batchStatusId(mc.batch)));
    q.push_back(quantity("mc_runs", "Monte-Carlo runs finished",
                         static_cast<double>(mc.batch.runsCompleted), Unit::Runs));
    q.push_back(quantity("mc_seed", "  seed", static_cast<double>(mc.seed), Unit::Number));
    q.push_back(quantity("mc_mean_time", "Monte-Carlo mean", mc.batch.meanSeconds, Unit::Seconds));
    q.push_back(quantity("mc_standard_error", "  standard error", mc.batch.standardErrorSeconds,
                         Unit::Seconds));
    q.push_back(quantity("mc_expected_time", "  expected (whole intervals)", mc.expectedSeconds,
                         Unit::Seconds));
    q.push_back(
        quantity("mc_mean_failures", "  mean failures", mc.batch.meanFailures, Unit::Failures));
    if (mc.stragglers.active()) {
        q.push_back(quantity("mc_straggler_factor", "  straggler factor", mc.stragglers.factor,
                             Unit::Factor));
        q.push_back(quantity("mc_mean_straggler_time", "  mean straggler wait",
                             mc.batch.meanStragglerSeconds, Unit::Seconds));
    }
    return q;
}

std::vector<CsvTable> checkpointCsv(const CheckpointReport& report,
                                    const MonteCarloSummary& monteCarlo)
{
    std::vector<CsvTable> tables{csvQuantities(report)};
    if (!report.ok()) {
        return tables;
    }
    const auto& mc = monteCarlo;
    // The Monte-Carlo batch (seeded, whole intervals).
    if (const auto quantities = monteCarloQuantities(mc); !quantities.empty()) {
        tables.push_back(csvQuantityTable("monte_carlo", quantities));
    }
    // Wasted time vs checkpoint interval (Daly 2006).
    CsvTableBuilder waste("waste_curve",
                          {"interval_s", "waste_fraction", "write_fraction", "lost_fraction",
                           "restart_fraction", "expected_s", "expected_failures"});
    for (const auto& p : report.result.curve) {
        // Past the double range the model leaves the seconds and failures at 0: none.
        const bool overflow = p.status == CheckpointStatus::Overflow;
        waste.row({csvNumber(p.intervalSeconds), csvNumber(p.wasteFraction),
                   csvNumber(p.writeFraction), csvNumber(p.lostFraction),
                   csvNumber(p.restartFraction), csvNumber(overflow ? kNone : p.expectedSeconds),
                   csvNumber(overflow ? kNone : p.expectedFailures)});
    }
    tables.push_back(waste.table());
    if (mc.valid) {
        // The Monte-Carlo completion times.
        CsvTableBuilder histogram("histogram", {"bin_start_s", "bin_end_s", "jobs"});
        const auto& h = mc.histogram;
        for (std::size_t i = 0; i < h.counts.size(); ++i) {
            histogram.row({csvNumber(h.edgeSeconds(i)), csvNumber(h.edgeSeconds(i + 1)),
                           std::to_string(h.counts[i])});
        }
        tables.push_back(histogram.table());
        if (!mc.sampleRun.timeline.empty()) {
            tables.push_back(timelineCsv(mc.sampleRun));
        }
    }
    return tables;
}

Scenario withLlama3Scale(const Scenario& base)
{
    Scenario scenario = base;
    // Dubey et al. 2024 ("The Llama 3 Herd of Models"), Table 3: Llama 3 405B has 126 layers of
    // width 16,384 with 128 heads, a vocabulary of 128,000, 405B parameters, sequences of 8,192.
    // dtsim splits layers evenly over the stages and refuses 126 on 16: 128 = 16 × 8 gives every
    // stage the 8 layers of the paper's middle stages, which set the pipeline's pace (the paper
    // takes one layer from the first and the last stage for the embedding and the head).
    auto& m = scenario.model;
    m.params = 405e9;
    m.layers = 128;
    m.hidden = 16384;
    m.heads = 128;
    m.seqLen = 8192;
    m.vocab = 128000;
    auto& t = scenario.train;
    t.precision = Precision::Mixed;
    t.optimizer = Optimizer::Adam;
    t.microBatch = 1;
    t.globalBatch = 2048; // Table 4: 16M tokens a batch = 2,048 sequences of 8,192
    t.steps = 930000;     // ≈ 15.6T tokens (§3.1) / 16.8M tokens a step
    // Table 4, 16,384 GPUs: TP 8, CP 1, PP 16, DP 128. The rest is not published: the fastest
    // variant of that layout that fits in the memory model (`dtsim plan` ranks it): Narayanan
    // et al. 2021's interleaved schedule with v = 8, selective recomputation and sequence
    // parallelism, the weights sharded over dp as FSDP does (ZeRO-3; §3.3.2 uses FSDP).
    auto& p = scenario.parallel;
    p.tp = 8;
    p.pp = 16;
    p.cp = 1;
    p.dp = 128;
    p.zero = 3;
    p.schedule = PipelineSchedule::Interleaved;
    p.virtualStages = 8;
    t.recompute = Recompute::Selective;
    scenario.memory.sequenceParallel = true;
    scenario.hardware.gpu = "h100-sxm";
    scenario.hardware.gpus = 0;
    scenario.checkpoint.gpus = 16384;
    return scenario;
}

Scenario withLlama3Failures(const Scenario& base)
{
    Scenario scenario = withLlama3Scale(base);
    auto& c = scenario.checkpoint;
    constexpr double kDays = 54.0;         // Llama 3 §3.3.4: a 54-day snapshot of training
    constexpr double kInterruptions = 419; // unexpected interruptions in those days
    constexpr std::int64_t kGpus = 16384;  // up to 16,384 H100 GPUs
    const double jobMtbf = kDays * kDay / kInterruptions; // ≈ 3.09 h
    c.gpus = kGpus;
    c.gpuMtbfSeconds = jobMtbf * static_cast<double>(kGpus); // ≈ 50,677 h per GPU
    c.workSeconds = kDays * kDay;
    c.writeTimeSeconds = 60;    // assumption: not given in the paper
    c.restartTimeSeconds = 600; // assumption: not given in the paper
    c.intervalSeconds = kHour;
    return scenario;
}

} // namespace simcore
