// Goodput at scale: see goodput.h for the model and its sources.

#include "simcore/models/goodput.h"

#include "simcore/models/checkpointjob.h"
#include "simcore/models/memory.h"

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

GoodputParams goodputParamsOfJob(const CheckpointJob& job, const Scenario& scenario)
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

std::optional<GoodputParams> goodputParams(const CheckpointJob& job, const Scenario& scenario)
{
    if (!job.priced()) {
        return std::nullopt;
    }
    return goodputParamsOfJob(job, scenario);
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
    GoodputParams p = goodputParamsOfJob(job, scenario);
    p.stepSeconds = job.priced() ? job.stepSeconds : 1.0; // set per N by goodputPerStep
    return p;
}

std::span<const std::string_view> goodputKeys()
{
    return kGoodputKeys;
}

} // namespace simcore
