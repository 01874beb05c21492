// Checkpoint / failure model: MODELS §6, Young (1974), Daly (2006). See checkpoint.h.
//
// Derivation of the split (renewal argument, for one interval; notation λ = 1/M, a = τ/M,
// d = δ/M, r = R/M, s = a + d).
//
// One interval is "τ work then a δ write", length τ + δ; it is done when an attempt runs τ + δ
// without a failure. The first attempt starts right after the previous checkpoint; every later
// attempt starts after a successful restart. A restart attempt succeeds when R passes without a
// failure, otherwise it is started again. Failures are a Poisson process of rate λ, so each
// attempt is independent of the past (memorylessness), and for a phase of length L the time spent
// in one attempt is min(X, L), X ~ Exp(λ), with E[min(X, L)] = (1 − e^{−λL})/λ.
//
// - Attempts of the interval: success probability e^{−s}, so e^{s} attempts on average and
//   e^{s} − 1 failed ones.
// - Restart sequences: one per failed interval attempt. Each needs e^{r} restart attempts on
//   average, so restart attempts = (e^{s} − 1)·e^{r}.
// - Restart time = attempts × E[min(X, R)] = (e^{s} − 1)·e^{r}·M·(1 − e^{−r})
//                = M·(e^{s} − 1)·(e^{r} − 1).
// - Work time: every interval attempt spends min(X, τ) computing, mean M·(1 − e^{−a}); over e^{s}
//   attempts that is M·e^{d}·(e^{a} − 1). Of it τ is kept (the successful attempt), so
//   lost work = M·e^{d}·(e^{a} − 1) − τ = M·[(e^{a} − 1 − a) + (e^{d} − 1)·(e^{a} − 1)]
//   (the second form avoids cancellation when a is small).
// - Write time: an attempt reaches its write with probability e^{−a} and spends min(X, δ) there;
//   e^{s}·e^{−a}·M·(1 − e^{−d}) = M·(e^{d} − 1). Completed writes are δ of it; the rest are writes
//   cut short by a failure.
// - Sum: τ + M(e^{d} − 1) + M·e^{d}(e^{a} − 1) − τ + M(e^{s} − 1)(e^{r} − 1) = M·e^{r}·(e^{s} − 1),
//   which is Daly's expected time per interval. So the parts add up to T − W exactly.
// - Failures: Poisson of rate λ stopped at the job's end (a stopping time), so by Wald's identity
//   E[failures] = E[T]/M.
// Daly multiplies the per-interval value by W/τ; segmentedExpectedTime adds whole intervals.
//
// Numerics: expm1 and a series for e^{a} − 1 − a keep the small-λ end exact (M → ∞ tends to
// T = W + (W/τ)·δ without cancellation). When the exponents are large (frequent failures) the
// per-interval values are held scaled by e^{−(r + s)}/M so nothing overflows before the fractions
// are formed; only the final seconds can overflow, which is reported as Overflow.

#include "simcore/models/checkpoint.h"

#include "simcore/models/checkpointjob.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace simcore {

namespace {

bool validMtbf(double m)
{
    return m > 0.0 && !std::isnan(m); // +∞ allowed
}

/// e^x − 1 − x for x ≥ 0 without cancellation near 0 (Taylor series below 0.1).
double expm1MinusX(double x)
{
    if (x < 0.1) {
        // x²/2! + x³/3! + …: the terms fall by ≥ 10× each; 10 terms reach 1e-17 relative.
        double term = x * x / 2.0;
        double sum = term;
        for (int k = 3; k <= 12; ++k) {
            term *= x / k;
            sum += term;
        }
        return sum;
    }
    return std::expm1(x) - x;
}

/// Expected values for one interval of `work` seconds, all multiplied by e^{−logScale}: the true
/// seconds are value · e^{logScale}. logScale is 0 unless the exponents are large.
struct Interval {
    double logScale = 0;
    double total = 0; ///< expected wall time of the interval
    double work = 0;  ///< the kept work (= the interval's work)
    double writes = 0;
    double lost = 0;
    double restarts = 0;
};

Interval expectInterval(double work, double write, double restart, double m)
{
    Interval out;
    if (std::isinf(m)) { // no failures
        out.total = work + write;
        out.work = work;
        out.writes = write;
        return out;
    }
    const double a = work / m;
    const double d = write / m;
    const double r = restart / m;
    const double s = a + d;
    const double expm1S = std::expm1(s);
    out.total = m * std::exp(r) * expm1S;
    out.work = work;
    out.writes = m * std::expm1(d);
    out.lost = m * (expm1MinusX(a) + std::expm1(d) * std::expm1(a));
    out.restarts = m * expm1S * std::expm1(r);
    if (out.total == 0.0) {
        // (τ + δ)/M underflowed to 0 (τ of ~1e-316 s): the parts still add up to the total.
        out.total = work + out.writes + out.lost + out.restarts;
    }
    if (std::isfinite(out.total) && std::isfinite(out.writes) && std::isfinite(out.lost) &&
        std::isfinite(out.restarts)) {
        return out;
    }
    // Scaled by e^{−(r+s)}/M (see the header comment): each value is O(1) at most.
    out.logScale = std::log(m) + r + s;
    // a or d may be +∞ (τ/M past the double range for M of ~1e-300 s): e^{d−r−s} is written
    // e^{−a−r} (the same number, no ∞ − ∞) and a·e is 0 whenever e is (no ∞ · 0).
    const double e = std::exp(-(r + s));
    const double ae = e > 0.0 ? a * e : 0.0;
    out.total = -std::expm1(-s);
    out.work = ae;
    out.writes = std::exp(-a - r) - e;
    out.lost = std::exp(-r) * -std::expm1(-a) - ae;
    out.restarts = -std::expm1(-s) * -std::expm1(-r);
    return out;
}

/// x·k + y·l with both in a common scale.
Interval combine(const Interval& x, double k, const Interval& y, double l)
{
    const double scale = std::max(x.logScale, y.logScale);
    // The larger scale gets weight 1 exactly (it may be +∞, and ∞ − ∞ is NaN); a count of 0, 0.
    const auto weight = [scale](double count, double logScale) {
        return count == 0.0 ? 0.0 : count * (logScale == scale ? 1.0 : std::exp(logScale - scale));
    };
    const double fx = weight(k, x.logScale);
    const double fy = weight(l, y.logScale);
    Interval out;
    out.logScale = scale;
    out.total = fx * x.total + fy * y.total;
    out.work = fx * x.work + fy * y.work;
    out.writes = fx * x.writes + fy * y.writes;
    out.lost = fx * x.lost + fy * y.lost;
    out.restarts = fx * x.restarts + fy * y.restarts;
    if (std::isfinite(out.total) && std::isfinite(out.work) && std::isfinite(out.writes) &&
        std::isfinite(out.lost) && std::isfinite(out.restarts)) {
        return out;
    }
    // So many intervals that the sums overflow (W/τ near or past 1e308: τ or M of ~1e-300 s):
    // carry the larger count in the scale too, so the parts stay finite and the fractions
    // defined (∞/∞ was NaN); the seconds then overflow in finish(), which reports Overflow.
    const double larger = std::max(fx, fy);
    const auto share = [larger](double f) {
        return std::isinf(larger) ? (std::isinf(f) ? 1.0 : 0.0) : f / larger;
    };
    const double gx = share(fx);
    const double gy = share(fy);
    out.logScale = scale + std::log(larger);
    out.total = gx * x.total + gy * y.total;
    out.work = gx * x.work + gy * y.work;
    out.writes = gx * x.writes + gy * y.writes;
    out.lost = gx * x.lost + gy * y.lost;
    out.restarts = gx * x.restarts + gy * y.restarts;
    return out;
}

WasteBreakdown invalid()
{
    WasteBreakdown out;
    out.status = CheckpointStatus::InvalidInput;
    return out;
}

/// Turns the (possibly scaled) job totals into seconds and fractions.
WasteBreakdown finish(const Interval& job, const CheckpointParams& p, double interval)
{
    WasteBreakdown out;
    out.intervalSeconds = interval;
    out.workSeconds = p.workSeconds;
    out.writeFraction = job.writes / job.total;
    out.lostFraction = std::max(0.0, job.lost / job.total);
    out.restartFraction = job.restarts / job.total;
    out.wasteFraction = out.writeFraction + out.lostFraction + out.restartFraction;
    const double factor = std::exp(job.logScale);
    const double total = job.total * factor;
    if (!std::isfinite(total) || !std::isfinite(factor)) {
        out.status = CheckpointStatus::Overflow;
        out.workSeconds = p.workSeconds;
        out.wasteFraction = 1.0;
        return out;
    }
    out.expectedSeconds = total;
    out.writeSeconds = job.writes * factor;
    out.lostWorkSeconds = std::max(0.0, job.lost * factor);
    out.restartSeconds = job.restarts * factor;
    out.expectedFailures = std::isinf(p.mtbfSeconds) ? 0.0 : total / p.mtbfSeconds;
    return out;
}

bool validCommon(const CheckpointParams& p)
{
    return finiteNonNegative(p.intervalSeconds) && finiteNonNegative(p.writeSeconds) &&
           finiteNonNegative(p.restartSeconds) && validMtbf(p.mtbfSeconds) &&
           finitePositive(p.workSeconds);
}

/// Checks (δ, M) for the optimum formulas; Ok, InvalidInput or NoFailures.
CheckpointStatus optimumInputs(double write, double mtbf)
{
    if (!finiteNonNegative(write) || !validMtbf(mtbf)) {
        return CheckpointStatus::InvalidInput;
    }
    if (std::isinf(mtbf)) {
        return CheckpointStatus::NoFailures;
    }
    return CheckpointStatus::Ok;
}

} // namespace

bool finiteNonNegative(double x)
{
    return std::isfinite(x) && x >= 0.0;
}

bool finitePositive(double x)
{
    return std::isfinite(x) && x > 0.0;
}

Checked<double> clusterMtbf(double gpuMtbfSeconds, std::int64_t gpus)
{
    if (!validMtbf(gpuMtbfSeconds) || gpus < 1) {
        return {0.0, CheckpointStatus::InvalidInput};
    }
    return {gpuMtbfSeconds / static_cast<double>(gpus), CheckpointStatus::Ok};
}

Checked<double> youngInterval(double writeSeconds, double mtbfSeconds)
{
    const auto status = optimumInputs(writeSeconds, mtbfSeconds);
    if (status != CheckpointStatus::Ok) {
        return {0.0, status};
    }
    return {std::sqrt(2.0 * writeSeconds * mtbfSeconds), CheckpointStatus::Ok};
}

Checked<double> dalyInterval(double writeSeconds, double mtbfSeconds)
{
    const auto status = optimumInputs(writeSeconds, mtbfSeconds);
    if (status != CheckpointStatus::Ok) {
        return {0.0, status};
    }
    if (writeSeconds >= 2.0 * mtbfSeconds) {
        return {mtbfSeconds, CheckpointStatus::Ok};
    }
    const double ratio = writeSeconds / (2.0 * mtbfSeconds); // δ/(2M) in [0, 1)
    const double young = std::sqrt(2.0 * writeSeconds * mtbfSeconds);
    const double value = young * (1.0 + std::sqrt(ratio) / 3.0 + ratio / 9.0) - writeSeconds;
    return {value, CheckpointStatus::Ok};
}

CheckpointParams CheckpointParams::fromScenario(const Scenario& scenario)
{
    // The one job (goodput.h): W and δ as the goodput model and the Monte-Carlo runs read them.
    const CheckpointJob job = checkpointJob(scenario);
    CheckpointParams p;
    p.intervalSeconds = job.intervalSeconds;
    p.writeSeconds = job.writeSeconds;
    p.restartSeconds = job.restartSeconds;
    p.mtbfSeconds = job.jobMtbfSeconds;
    // NaN when W is train.steps × a step time that does not exist at N; checkpoint.work needs none.
    p.workSeconds = job.workSeconds;
    return p;
}

WasteBreakdown dalyExpectedTime(const CheckpointParams& p)
{
    if (!validCommon(p)) {
        return invalid();
    }
    const double interval = std::min(p.intervalSeconds, p.workSeconds);
    if (interval == 0.0) {
        if (p.writeSeconds > 0.0) {
            return invalid(); // infinitely many writes
        }
        // The limit τ → 0 with δ = 0: per unit of work, lost work → 0, restarts → e^{R/M} − 1.
        Interval perWork;
        perWork.work = 1.0;
        perWork.restarts =
            std::isinf(p.mtbfSeconds) ? 0.0 : std::expm1(p.restartSeconds / p.mtbfSeconds);
        perWork.total = perWork.work + perWork.restarts;
        if (!std::isfinite(perWork.restarts)) {
            perWork.logScale = p.restartSeconds / p.mtbfSeconds;
            perWork.work = std::exp(-perWork.logScale);
            perWork.restarts = -std::expm1(-perWork.logScale);
            perWork.total = 1.0;
        }
        return finish(combine(perWork, p.workSeconds, perWork, 0.0), p, 0.0);
    }
    const Interval one = expectInterval(interval, p.writeSeconds, p.restartSeconds, p.mtbfSeconds);
    return finish(combine(one, p.workSeconds / interval, one, 0.0), p, interval);
}

WasteBreakdown segmentedExpectedTime(const CheckpointParams& p)
{
    if (!validCommon(p) || p.intervalSeconds <= 0.0) {
        return invalid();
    }
    const double tau = std::min(p.intervalSeconds, p.workSeconds);
    // n intervals: n − 1 full ones and a last one of `last` ∈ (0, τ] work.
    double full = std::ceil(p.workSeconds / tau) - 1.0;
    double last = p.workSeconds - full * tau;
    if (last <= 0.0) { // rounding put the boundary one interval too far
        full -= 1.0;
        last += tau;
    } else if (last > tau) {
        full += 1.0;
        last -= tau;
    }
    const Interval whole = expectInterval(tau, p.writeSeconds, p.restartSeconds, p.mtbfSeconds);
    const Interval partial = expectInterval(last, p.writeSeconds, p.restartSeconds, p.mtbfSeconds);
    return finish(combine(whole, full, partial, 1.0), p, tau);
}

WasteSweep wasteSweep(const CheckpointParams& params, double minIntervalSeconds,
                      double maxIntervalSeconds, int count)
{
    WasteSweep out;
    if (!finitePositive(minIntervalSeconds) || !finitePositive(maxIntervalSeconds) ||
        !(minIntervalSeconds < maxIntervalSeconds) || count < 2 || count > 100000) {
        out.status = CheckpointStatus::InvalidInput;
        return out;
    }
    out.points.reserve(static_cast<std::size_t>(count));
    const double logMin = std::log(minIntervalSeconds);
    const double logSpan = std::log(maxIntervalSeconds) - logMin;
    CheckpointParams p = params;
    for (int i = 0; i < count; ++i) {
        // Exact end points, so the chart's axis starts and ends where asked.
        p.intervalSeconds = i == 0           ? minIntervalSeconds
                            : i == count - 1 ? maxIntervalSeconds
                                             : std::exp(logMin + logSpan * i / (count - 1));
        out.points.push_back(dalyExpectedTime(p));
    }
    return out;
}

Checked<bool> shouldCheckpoint(std::int64_t step, std::int64_t every)
{
    if (every <= 0) {
        return {false, CheckpointStatus::InvalidInput};
    }
    return {step > 0 && step % every == 0, CheckpointStatus::Ok};
}

Checked<std::int64_t> intervalSecondsToSteps(double intervalSeconds, double stepSeconds)
{
    if (!finitePositive(intervalSeconds) || !finitePositive(stepSeconds)) {
        return {0, CheckpointStatus::InvalidInput};
    }
    const double steps = std::round(intervalSeconds / stepSeconds);
    if (!(steps <= 0x1.0p62)) {
        return {0, CheckpointStatus::Overflow};
    }
    return {std::max<std::int64_t>(1, static_cast<std::int64_t>(steps)), CheckpointStatus::Ok};
}

Checked<double> stepsToIntervalSeconds(std::int64_t steps, double stepSeconds)
{
    if (steps < 1 || !finitePositive(stepSeconds)) {
        return {0.0, CheckpointStatus::InvalidInput};
    }
    const double seconds = static_cast<double>(steps) * stepSeconds;
    if (!std::isfinite(seconds)) {
        return {0.0, CheckpointStatus::Overflow};
    }
    return {seconds, CheckpointStatus::Ok};
}

namespace {

/// A breakdown evaluated against a stand-in W: its shares stand, its seconds and failures do not.
void forgetWork(WasteBreakdown& breakdown)
{
    constexpr double none = std::numeric_limits<double>::quiet_NaN();
    breakdown.expectedSeconds = none;
    breakdown.workSeconds = none;
    breakdown.writeSeconds = none;
    breakdown.lostWorkSeconds = none;
    breakdown.restartSeconds = none;
    breakdown.expectedFailures = none;
}

} // namespace

CheckpointResult evaluateCheckpoint(const Scenario& scenario)
{
    CheckpointResult out;
    out.params = CheckpointParams::fromScenario(scenario);
    out.workKnown = !std::isnan(out.params.workSeconds);
    // Without W (it needs a step time there is not), everything but W is checked against a W of
    // 1 s; the W the model then runs on is set below, once the chart's span is known.
    CheckpointParams p = out.params;
    if (!out.workKnown) {
        p.workSeconds = 1.0;
    }
    const auto mtbf = clusterMtbf(scenario.checkpoint.gpuMtbfSeconds, scenario.checkpoint.gpus);
    if (!mtbf.ok() || !validCommon(p) || p.intervalSeconds <= 0.0) {
        out.status = CheckpointStatus::InvalidInput;
        return out;
    }
    out.clusterMtbfSeconds = mtbf.value;
    const auto daly = dalyInterval(p.writeSeconds, p.mtbfSeconds);
    const auto young = youngInterval(p.writeSeconds, p.mtbfSeconds);
    // With no failures (M = +∞, only reachable outside the key ranges) the best is one
    // checkpoint at the end: τ = W.
    out.optimalIntervalSeconds = daly.ok() ? daly.value : out.params.workSeconds;
    out.youngIntervalSeconds = young.ok() ? young.value : out.params.workSeconds;

    // The sweep runs over whole decades: from the decade holding τ_opt/10 (or τ, if smaller) to
    // the one holding 10·τ_opt (or τ, if larger), capped at W. Dragging τ then moves its marker
    // along a curve that stays put until τ leaves that span (every axis range change lays the
    // chart out again, and a still axis with decades at its ends is easier to read).
    const double tau = p.intervalSeconds;
    const double work = out.workKnown ? p.workSeconds : std::numeric_limits<double>::infinity();
    const auto decadeFloor = [](double x) { return std::pow(10.0, std::floor(std::log10(x))); };
    const auto decadeCeil = [](double x) { return std::pow(10.0, std::ceil(std::log10(x))); };
    double lo = 0.0;
    double hi = 0.0;
    if (out.optimalIntervalSeconds > 0.0) {
        lo = decadeFloor(std::min(std::min(out.optimalIntervalSeconds, work) / 10.0, tau));
        hi = decadeCeil(std::max(out.optimalIntervalSeconds * 10.0, tau));
    } else {
        // δ = 0: the optimum is τ → 0; show three decades below τ's.
        lo = decadeFloor(std::min(tau, work)) / 1000.0;
        hi = decadeCeil(tau) * 10.0;
    }
    hi = std::min(hi, work);
    if (!out.workKnown) {
        // T = (W/τ) × the expected cost of one interval (dalyExpectedTime), so every share of T
        // is the same for any W ≥ τ: a W at the chart's far end (≥ τ, ≥ τ_opt) clamps no τ here.
        p.workSeconds = hi;
    }

    out.atInterval = dalyExpectedTime(p);
    out.status = out.atInterval.status;
    out.wasteFraction = out.atInterval.wasteFraction;

    CheckpointParams atOptimum = p;
    atOptimum.intervalSeconds = out.optimalIntervalSeconds;
    out.atOptimum = dalyExpectedTime(atOptimum);
    out.curve = wasteSweep(p, lo, hi, 61).points;
    if (!out.workKnown) {
        forgetWork(out.atInterval);
        forgetWork(out.atOptimum);
        for (auto& point : out.curve) {
            forgetWork(point);
        }
    }
    out.expectedSeconds = out.atInterval.expectedSeconds;
    return out;
}

} // namespace simcore
