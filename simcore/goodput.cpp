// Goodput at scale: see goodput.h for the model and its sources.

#include "simcore/goodput.h"

#include "simcore/checkpointreport.h"
#include "simcore/layoutscaling.h"
#include "simcore/memory.h"
#include "simcore/montecarlo.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <mutex>
#include <unordered_map>

namespace simcore {

namespace {

using namespace std::string_view_literals;

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
constexpr double kDay = 86400.0;

// Llama 3 paper (arXiv 2407.21783), Table 5, in its order. Read from the table as reproduced
// in full by G. Lockwood ("Component reliability", glennklockwood.com, citing the paper) and in
// part (rows 1, 2, 4, 6, 7 and the CPU row) by DatacenterDynamics' report of the paper; the
// paper's own PDF was not reachable from here.
constexpr std::array kLlama3Causes = {
    FailureCause{"faulty_gpu", "Faulty GPU", "GPU", 148, 30.1},
    FailureCause{"gpu_hbm3", "GPU HBM3 memory", "GPU", 72, 17.2},
    FailureCause{"software_bug", "Software bug", "Dependency", 54, 12.9},
    FailureCause{"network", "Network switch/cable", "Network", 35, 8.4},
    FailureCause{"host_maintenance", "Host maintenance", "Unplanned maintenance", 32, 7.6},
    FailureCause{"gpu_sram", "GPU SRAM memory", "GPU", 19, 4.5},
    FailureCause{"gpu_system_processor", "GPU system processor", "GPU", 17, 4.1},
    FailureCause{"nic", "NIC", "Host", 7, 1.7},
    FailureCause{"nccl_watchdog", "NCCL watchdog timeouts", "Unknown", 7, 1.7},
    FailureCause{"silent_data_corruption", "Silent data corruption", "GPU", 6, 1.4},
    FailureCause{"gpu_thermal", "GPU thermal interface + sensor", "GPU", 6, 1.4},
    FailureCause{"ssd", "SSD", "Host", 3, 0.7},
    FailureCause{"power_supply", "Power supply", "Host", 3, 0.7},
    FailureCause{"server_chassis", "Server chassis", "Host", 2, 0.5},
    FailureCause{"io_expansion_board", "IO expansion board", "Host", 2, 0.5},
    FailureCause{"dependency", "Dependency", "Dependency", 2, 0.5},
    FailureCause{"cpu", "CPU", "Host", 2, 0.5},
    FailureCause{"system_memory", "System memory", "Host", 2, 0.5},
};

constexpr std::array kGoodputKeys = {"model.params"sv,
                                     "model.layers"sv,
                                     "model.hidden"sv,
                                     "model.seq_len"sv,
                                     "model.vocab"sv,
                                     "train.precision"sv,
                                     "train.optimizer"sv,
                                     "train.micro_batch"sv,
                                     "train.global_batch"sv,
                                     "train.steps"sv,
                                     "train.recompute"sv,
                                     "parallel.zero"sv,
                                     "hardware.gpu"sv,
                                     "hardware.gpus_per_node"sv,
                                     "hardware.intra_bandwidth"sv,
                                     "hardware.intra_latency"sv,
                                     "hardware.inter_bandwidth"sv,
                                     "hardware.inter_latency"sv,
                                     "scaling.batch"sv,
                                     "scaling.straggler_cv"sv,
                                     "checkpoint.interval"sv,
                                     "checkpoint.write_time"sv,
                                     "checkpoint.restart_time"sv,
                                     "checkpoint.gpu_mtbf"sv,
                                     "checkpoint.gpus"sv,
                                     "checkpoint.work"sv,
                                     "checkpoint.mc_runs"sv,
                                     "checkpoint.mc_seed"sv,
                                     "checkpoint.storage_bandwidth"sv,
                                     "checkpoint.memory_bandwidth"sv};

/// ln Φ(x) without cancellation: erfc gives the small tail accurately on either side.
double logNormalCdf(double x)
{
    const double tail = 0.5 * std::erfc(std::abs(x) / std::sqrt(2.0));
    return x < 0 ? std::log(tail) : std::log1p(-tail);
}

/// The integrands x^k·f(x), k = 0, 1, 2, f the density of the largest of N standard normals.
struct Moments3 {
    double m0 = 0;
    double m1 = 0;
    double m2 = 0;
};

Moments3 maxDensity(double x, double n)
{
    constexpr double kLogSqrtTwoPi = 0.91893853320467274178; // ln √(2π)
    const double logDensity =
        std::log(n) - 0.5 * x * x - kLogSqrtTwoPi + (n - 1.0) * logNormalCdf(x);
    const double f = std::exp(logDensity);
    return {f, x * f, x * x * f};
}

Moments3 simpson(double a, double b, const Moments3& fa, const Moments3& fm, const Moments3& fb)
{
    const double h = (b - a) / 6.0;
    return {h * (fa.m0 + 4 * fm.m0 + fb.m0), h * (fa.m1 + 4 * fm.m1 + fb.m1),
            h * (fa.m2 + 4 * fm.m2 + fb.m2)};
}

/// Adaptive Simpson (Lyness 1969): halves a panel until the two halves agree with the whole
/// within 15·tolerance (then adds Richardson's correction).
Moments3 adapt(double n, double a, double b, const Moments3& fa, const Moments3& fm,
               const Moments3& fb, const Moments3& whole, double tolerance, int depth)
{
    const double m = 0.5 * (a + b);
    const Moments3 flm = maxDensity(0.5 * (a + m), n);
    const Moments3 frm = maxDensity(0.5 * (m + b), n);
    const Moments3 left = simpson(a, m, fa, flm, fm);
    const Moments3 right = simpson(m, b, fm, frm, fb);
    const Moments3 sum{left.m0 + right.m0, left.m1 + right.m1, left.m2 + right.m2};
    const double error = std::max(
        {std::abs(sum.m0 - whole.m0), std::abs(sum.m1 - whole.m1), std::abs(sum.m2 - whole.m2)});
    if (depth <= 0 || error <= 15.0 * tolerance) {
        return {sum.m0 + (sum.m0 - whole.m0) / 15.0, sum.m1 + (sum.m1 - whole.m1) / 15.0,
                sum.m2 + (sum.m2 - whole.m2) / 15.0};
    }
    const Moments3 l = adapt(n, a, m, fa, flm, fm, left, tolerance / 2, depth - 1);
    const Moments3 r = adapt(n, m, b, fm, frm, fb, right, tolerance / 2, depth - 1);
    return {l.m0 + r.m0, l.m1 + r.m1, l.m2 + r.m2};
}

bool finitePositive(double x)
{
    return std::isfinite(x) && x > 0;
}

bool finiteNonNegative(double x)
{
    return std::isfinite(x) && x >= 0;
}

bool validParams(const GoodputParams& p)
{
    return p.gpus >= 1 && finitePositive(p.gpuMtbfSeconds) && finitePositive(p.stepSeconds) &&
           finitePositive(p.steps) && finiteNonNegative(p.stragglerCv) && p.stragglerCv <= 0.3 &&
           finiteNonNegative(p.writeSeconds) && finiteNonNegative(p.restartSeconds) &&
           finitePositive(p.intervalSeconds) && finiteNonNegative(p.storageWriteSeconds);
}

/// Daly's interval, but never shorter than the background copy to storage when an in-memory
/// tier hides it: the copy must finish before the next checkpoint replaces the one in memory.
double policyOptimum(const GoodputParams& p, double mtbf)
{
    const auto daly = dalyInterval(p.writeSeconds, mtbf);
    return std::max(daly.ok() ? daly.value : 0.0, p.storageWriteSeconds);
}

/// What the job at any N shares: the layout sweep, and the problems that stop every N (a key of
/// the training model out of range, a rule of the layout that N does not set).
struct JobContext {
    std::optional<LayoutSweep> sweep;
    std::vector<ScenarioError> problems;
};

JobContext jobContext(const Scenario& scenario, const std::vector<ScenarioError>& validation)
{
    JobContext context;
    for (const auto& problem : validation) {
        const bool read =
            stepReadsKey(problem.key) ||
            std::find(kGoodputKeys.begin(), kGoodputKeys.end(), problem.key) != kGoodputKeys.end();
        if (read && std::find(context.problems.begin(), context.problems.end(), problem) ==
                        context.problems.end()) {
            context.problems.push_back(problem);
        }
    }
    if (!context.problems.empty()) {
        return context; // the rules below read those keys
    }
    context.sweep = LayoutSweep::fromScenario(scenario);
    if (!context.sweep) {
        context.problems.push_back({ScenarioError::Kind::Inconsistent, "hardware.gpu",
                                    scenario.hardware.gpu,
                                    "a GPU of the catalogue (dtsim keys lists them)",
                                    "the goodput model takes its step time from it"});
        return context;
    }
    context.problems = layoutRuleProblems(scenario);
    return context;
}

/// The job of `scenario` with checkpoint.gpus = `gpus`.
CheckpointJob jobAt(const Scenario& scenario, const JobContext& context, std::int64_t gpus)
{
    constexpr double none = std::numeric_limits<double>::quiet_NaN();
    const auto& c = scenario.checkpoint;
    CheckpointJob job;
    job.gpus = gpus;
    job.gpuMtbfSeconds = c.gpuMtbfSeconds;
    job.jobMtbfSeconds = clusterMtbf(c.gpuMtbfSeconds, gpus).value;
    job.restartSeconds = c.restartTimeSeconds;
    job.intervalSeconds = c.intervalSeconds;
    job.checkpointBytes = checkpointBytes(scenario);
    job.writeSeconds = c.writeTimeSeconds;
    if (c.storageBytesPerSecond > 0) {
        job.writeSource = WriteSource::Storage;
        job.writeSeconds = job.checkpointBytes / c.storageBytesPerSecond;
    }
    if (c.memoryTierBytesPerSecond > 0) {
        // Behind the copy to memory, the copy to storage takes what a direct write would have.
        job.storageWriteSeconds = job.writeSeconds;
        job.writeSource = WriteSource::Memory;
        job.writeSeconds = job.checkpointBytes / c.memoryTierBytesPerSecond;
    }
    job.workSource = c.workSeconds > 0 ? WorkSource::Given : WorkSource::Steps;
    job.problems = context.problems;
    if (job.problems.empty() && context.sweep) {
        if (auto problem = layoutProblemAt(scenario, *context.sweep, gpus, "checkpoint.gpus")) {
            job.problems.push_back(std::move(*problem));
        }
    }
    job.stepSeconds = none;
    if (job.problems.empty()) {
        const double step = context.sweep->step(gpus).stepSeconds;
        if (finitePositive(step)) {
            job.stepSeconds = step;
        } else {
            // Within every key's range this does not happen; kept with the key to look at.
            job.problems.push_back({ScenarioError::Kind::Inconsistent, "checkpoint.gpus",
                                    std::to_string(gpus), "a layout the training model can price",
                                    "its step time is not a finite number of seconds"});
        }
    }
    const auto steps = static_cast<double>(scenario.train.steps);
    if (job.workSource == WorkSource::Given) {
        job.workSeconds = c.workSeconds;
        job.steps = job.priced() ? c.workSeconds / job.stepSeconds : none;
    } else {
        job.steps = steps;
        job.workSeconds = job.priced() ? steps * job.stepSeconds : none;
    }
    return job;
}

std::string_view workSourceId(WorkSource source)
{
    return source == WorkSource::Given ? "given" : "steps";
}

std::string_view writeSourceId(WriteSource source)
{
    switch (source) {
    case WriteSource::Given:
        return "given";
    case WriteSource::Storage:
        return "storage";
    case WriteSource::Memory:
        return "memory";
    }
    return "given";
}

} // namespace

namespace {

NormalMaxMoments integrateNormalMaxMoments(std::int64_t n)
{
    const auto count = static_cast<double>(n);
    // Panels of 1/4: the peak of the density is never narrower than ≈ 0.15 (N = 1e12), so the
    // first comparison of every panel already sees it.
    constexpr double kLow = -12.0;
    constexpr double kHigh = 13.0;
    constexpr int kPanels = 100;
    constexpr double kWidth = (kHigh - kLow) / kPanels;
    Moments3 total;
    for (int i = 0; i < kPanels; ++i) {
        const double a = kLow + i * kWidth;
        const double b = a + kWidth;
        const Moments3 fa = maxDensity(a, count);
        const Moments3 fm = maxDensity(0.5 * (a + b), count);
        const Moments3 fb = maxDensity(b, count);
        const Moments3 panel = adapt(count, a, b, fa, fm, fb, simpson(a, b, fa, fm, fb), 1e-12, 30);
        total.m0 += panel.m0;
        total.m1 += panel.m1;
        total.m2 += panel.m2;
    }
    // m0 is 1 to the quadrature's error; dividing by it removes that error from the mean.
    const double mean = total.m1 / total.m0;
    return {mean, total.m2 / total.m0 - mean * mean};
}

} // namespace

NormalMaxMoments normalMaxMoments(std::int64_t n)
{
    if (n <= 1) {
        return {0.0, 1.0};
    }
    // A millisecond of quadrature per N, and every edit of the Checkpoint panel asks for the
    // same ≈ 40 N of the goodput curve (and the Scaling bars for theirs): 40 ms a slider step.
    // The moments depend on N alone, so each is integrated once.
    static std::mutex mutex;
    static std::unordered_map<std::int64_t, NormalMaxMoments> known;
    {
        const std::lock_guard lock(mutex);
        if (const auto found = known.find(n); found != known.end()) {
            return found->second;
        }
    }
    const NormalMaxMoments moments = integrateNormalMaxMoments(n);
    const std::lock_guard lock(mutex);
    if (known.size() >= 100'000) {
        known.clear(); // a bound, far above what the views ask for
    }
    known.emplace(n, moments);
    return moments;
}

double normalMaxApproximation(std::int64_t n)
{
    return n <= 1 ? 0.0 : std::sqrt(2.0 * std::log(static_cast<double>(n)));
}

double stragglerFactor(double cv, std::int64_t n)
{
    return 1.0 + cv * normalMaxMoments(n).mean;
}

std::span<const FailureCause> llama3FailureCauses()
{
    return kLlama3Causes;
}

double checkpointBytes(const Scenario& scenario)
{
    const auto perParameter = bytesPerParameter(scenario.train.precision, scenario.train.optimizer);
    return (perParameter.weights + perParameter.optimizer) * effectiveParameters(scenario.model);
}

bool stepReadsKey(std::string_view key)
{
    constexpr std::array kPipelineViewOnly = {"parallel.dp"sv,
                                              "parallel.microbatches"sv,
                                              "parallel.forward_time"sv,
                                              "parallel.backward_time"sv,
                                              "parallel.weight_grad_time"sv,
                                              "parallel.p2p_time"sv,
                                              "train.tokens"sv};
    if (std::find(kPipelineViewOnly.begin(), kPipelineViewOnly.end(), key) !=
        kPipelineViewOnly.end()) {
        return false; // N sets dp and m; the days are not the step
    }
    return key.starts_with("model.") || key.starts_with("train.") || key.starts_with("parallel.") ||
           key.starts_with("hardware.") || key.starts_with("memory.") || key == "scaling.batch" ||
           key == "checkpoint.gpus";
}

CheckpointJob checkpointJob(const Scenario& scenario)
{
    return jobAt(scenario, jobContext(scenario, validate(scenario)), scenario.checkpoint.gpus);
}

GoodputResult evaluateGoodput(const GoodputParams& p)
{
    GoodputResult out;
    if (!validParams(p)) {
        out.status = CheckpointStatus::InvalidInput;
        return out;
    }
    const auto mtbf = clusterMtbf(p.gpuMtbfSeconds, p.gpus);
    if (!mtbf.ok() || !(mtbf.value > 0)) {
        out.status = CheckpointStatus::InvalidInput;
        return out;
    }
    out.jobMtbfSeconds = mtbf.value;
    out.normalMax = normalMaxMoments(p.gpus);
    out.stragglerFactor = 1.0 + p.stragglerCv * out.normalMax.mean;
    out.usefulSeconds = p.steps * p.stepSeconds;
    out.wallWorkSeconds = out.usefulSeconds * out.stragglerFactor;
    if (!finitePositive(out.wallWorkSeconds)) {
        out.status = CheckpointStatus::Overflow;
        return out;
    }
    const auto young = youngInterval(p.writeSeconds, out.jobMtbfSeconds);
    out.youngIntervalSeconds = young.ok() ? young.value : 0.0;
    out.optimalIntervalSeconds = policyOptimum(p, out.jobMtbfSeconds);
    CheckpointParams daly{out.optimalIntervalSeconds, p.writeSeconds, p.restartSeconds,
                          out.jobMtbfSeconds, out.wallWorkSeconds};
    out.atOptimum = dalyExpectedTime(daly);
    daly.intervalSeconds = p.intervalSeconds;
    out.atInterval = dalyExpectedTime(daly);
    if (out.atOptimum.status == CheckpointStatus::InvalidInput ||
        out.atInterval.status == CheckpointStatus::InvalidInput) {
        out.status = CheckpointStatus::InvalidInput;
        return out;
    }
    // Each split is of the same T, so the parts of W·s share it with W: W/T + W(s−1)/T = W·s/T.
    const auto goodputOf = [&out](const WasteBreakdown& b) {
        // The waste can round a hair past 1 when the job practically never finishes.
        return b.status == CheckpointStatus::Ok
                   ? std::max(0.0, 1.0 - b.wasteFraction) / out.stragglerFactor
                   : 0.0;
    };
    out.goodput = goodputOf(out.atOptimum);
    out.goodputAtInterval = goodputOf(out.atInterval);
    if (out.atOptimum.status == CheckpointStatus::Overflow) {
        out.status = CheckpointStatus::Overflow;
        return out;
    }
    const auto& a = out.atOptimum;
    out.stragglerFraction = std::max(0.0, 1.0 - a.wasteFraction) - out.goodput;
    out.writeFraction = a.writeFraction;
    out.lostFraction = a.lostFraction;
    out.restartFraction = a.restartFraction;
    out.expectedSeconds = a.expectedSeconds;
    return out;
}

GoodputStep goodputPerStep(const GoodputParams& base, std::int64_t gpus, double stepSeconds)
{
    GoodputParams p = base;
    p.gpus = gpus;
    p.stepSeconds = stepSeconds;
    const GoodputResult r = evaluateGoodput(p);
    GoodputStep out;
    out.status = r.status;
    out.usefulSeconds = stepSeconds;
    if (r.status != CheckpointStatus::Ok) {
        return out;
    }
    out.wallSeconds = r.expectedSeconds / p.steps;
    out.stragglerSeconds = r.stragglerFraction * out.wallSeconds;
    out.failureSeconds = (r.writeFraction + r.lostFraction + r.restartFraction) * out.wallSeconds;
    out.goodput = r.goodput;
    return out;
}

double expectedGoodputEvents(const GoodputParams& params, std::int64_t runs)
{
    const GoodputResult r = evaluateGoodput(params);
    if (r.status != CheckpointStatus::Ok || !(r.optimalIntervalSeconds > 0)) {
        return std::numeric_limits<double>::infinity();
    }
    // One stretch of intervals (one straggler draw) per failure, and one more to the end.
    return static_cast<double>(runs) * (1.0 + r.atOptimum.expectedFailures);
}

StragglerSteps goodputStragglerSteps(const GoodputParams& params)
{
    StragglerSteps steps;
    if (!finitePositive(params.stepSeconds) || !finitePositive(params.stragglerCv) ||
        params.gpus < 1) {
        return steps; // none: no wait to mark
    }
    const NormalMaxMoments moments = normalMaxMoments(params.gpus);
    steps.stepSeconds = params.stepSeconds;
    steps.factor = 1.0 + params.stragglerCv * moments.mean;
    steps.stepDeviationSeconds =
        params.stepSeconds * params.stragglerCv * std::sqrt(std::max(0.0, moments.variance));
    return steps;
}

GoodputSimulation simulateGoodput(const GoodputParams& params, std::int64_t runs,
                                  std::uint64_t seed, const std::atomic<bool>* cancel,
                                  std::atomic<std::int64_t>* progress)
{
    GoodputSimulation out;
    if (runs < 1 || runs > 10'000'000 || expectedGoodputEvents(params, runs) > kMaxGoodputEvents) {
        return out;
    }
    const GoodputResult r = evaluateGoodput(params);
    // The job of montecarlo.h: W·s of work at Daly's interval, with the stragglers' wait inside.
    const CheckpointParams job{r.optimalIntervalSeconds, params.writeSeconds, params.restartSeconds,
                               r.jobMtbfSeconds, r.wallWorkSeconds};
    MonteCarloOptions options;
    options.seed = seed;
    options.cancel = cancel;
    options.progress = progress;
    options.stragglers = goodputStragglerSteps(params);
    const BatchResult batch = simulateBatch(job, runs, options);
    if (batch.status != RunStatus::Completed || batch.runsCompleted != runs) {
        return out;
    }
    out.ok = true;
    out.runs = runs;
    out.meanSeconds = batch.meanSeconds;
    out.standardErrorSeconds = batch.standardErrorSeconds;
    out.meanFailures = batch.meanFailures;
    out.meanStragglerSeconds = batch.meanStragglerSeconds;
    out.goodput = r.usefulSeconds / out.meanSeconds;
    return out;
}

namespace {

GoodputParams paramsOf(const CheckpointJob& job, const Scenario& scenario)
{
    GoodputParams p;
    p.gpus = job.gpus;
    p.gpuMtbfSeconds = job.gpuMtbfSeconds;
    p.stepSeconds = job.stepSeconds;
    p.steps = job.steps;
    p.stragglerCv = scenario.scaling.stragglerCv;
    p.restartSeconds = job.restartSeconds;
    p.intervalSeconds = job.intervalSeconds;
    p.writeSeconds = job.writeSeconds;
    p.storageWriteSeconds = job.writeSource == WriteSource::Memory ? job.storageWriteSeconds : 0.0;
    return p;
}

} // namespace

std::optional<GoodputParams> goodputParams(const CheckpointJob& job, const Scenario& scenario)
{
    if (!job.priced()) {
        return std::nullopt;
    }
    return paramsOf(job, scenario);
}

std::optional<GoodputParams> goodputParamsFromScenario(const Scenario& scenario)
{
    return goodputParams(checkpointJob(scenario), scenario);
}

std::optional<GoodputParams> failureParamsFromScenario(const Scenario& scenario,
                                                       std::vector<ScenarioError>* problems)
{
    const CheckpointJob job = checkpointJob(scenario);
    if (job.workSource == WorkSource::Given && !job.priced()) {
        // The steps are W/μ at checkpoint.gpus: without that layout there are none.
        if (problems != nullptr) {
            *problems = job.problems;
        }
        return std::nullopt;
    }
    GoodputParams p = paramsOf(job, scenario);
    p.stepSeconds = job.priced() ? job.stepSeconds : 1.0; // set per N by goodputPerStep
    return p;
}

std::span<const std::string_view> goodputKeys()
{
    return kGoodputKeys;
}

namespace {

/// Goodput against N over the layouts up to 100,000 GPUs, about ten a decade: for each of the
/// log-spaced N = 10^(i/10) the layout nearest to it on a log scale (an N that is no layout is
/// never priced, as in the Scaling view).
std::vector<GoodputPoint> goodputCurve(const Scenario& scenario, const JobContext& context)
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
        const CheckpointJob job = jobAt(scenario, context, n);
        if (!job.priced()) {
            continue;
        }
        const GoodputResult point = evaluateGoodput(paramsOf(job, scenario));
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
        const bool read = std::find(kGoodputKeys.begin(), kGoodputKeys.end(), problem.key) !=
                              kGoodputKeys.end() ||
                          stepReadsKey(problem.key);
        if (read && std::find(report.problems.begin(), report.problems.end(), problem) ==
                        report.problems.end()) {
            report.problems.push_back(problem);
        }
    }
    if (!report.ok()) {
        return report;
    }
    const JobContext context = jobContext(scenario, validation);
    report.job = jobAt(scenario, context, scenario.checkpoint.gpus);
    if (!report.job.priced()) {
        // Not priced at this N; the curve still shows the N that are layouts.
        report.problems = report.job.problems;
        if (withCurve) {
            report.curve = goodputCurve(scenario, context);
        }
        return report;
    }
    const GoodputParams params = paramsOf(report.job, scenario);
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
    q.push_back(quantity("expected_failures", "expected failures", r.atOptimum.expectedFailures,
                         Unit::Failures));
    q.push_back(quantity("expected_time", "expected wall time",
                         overflow ? kNone : r.expectedSeconds, Unit::Seconds));
    q.push_back(quantity("expected_days", "expected days to train",
                         overflow ? kNone : r.expectedSeconds / kDay, Unit::Number));

    double total = 0;
    for (const auto& cause : kLlama3Causes) {
        total += cause.count;
    }
    for (const auto& cause : kLlama3Causes) {
        const double share = cause.count / total;
        report.failures.push_back({cause, share, share * r.atOptimum.expectedFailures});
    }

    if (withCurve) {
        report.curve = goodputCurve(scenario, context);
    }
    return report;
}

std::string goodputCsv(const GoodputReport& report)
{
    std::string text = csvQuantities(report);
    if (!report.ok()) {
        return text;
    }
    text += "# goodput vs GPUs (Daly 2006 at the optimum and at the scenario's interval)\n"
            "gpus,goodput_optimal,goodput_at_interval\n";
    for (const auto& point : report.curve) {
        text += std::to_string(point.gpus) + ',' + csvNumber(point.goodputOptimal) + ',' +
                csvNumber(point.goodputAtInterval) + '\n';
    }
    text += "\n# failure causes: Llama 3 paper (arXiv 2407.21783) Table 5, 419 unexpected "
            "interruptions in 54 days on 16384 H100\n"
            "cause,category,count,share,printed_percent,expected_failures\n";
    for (const auto& row : report.failures) {
        text += std::string(row.cause.id) + ',' + std::string(row.cause.category) + ',' +
                std::to_string(row.cause.count) + ',' + csvNumber(row.share) + ',' +
                csvNumber(row.cause.printedPercent) + ',' + csvNumber(row.expectedFailures) + '\n';
    }
    return text;
}

} // namespace simcore
