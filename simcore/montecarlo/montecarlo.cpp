// Monte-Carlo jobs with Poisson failures: see montecarlo.h for the model and its sources.

#include "simcore/montecarlo/montecarlo.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace simcore {

namespace {

constexpr std::int64_t kCancelPollMask = 4095; // poll `cancel` every 4096 failures

bool validParams(const CheckpointParams& p)
{
    const auto finiteNonNegative = [](double x) { return std::isfinite(x) && x >= 0.0; };
    return std::isfinite(p.intervalSeconds) && p.intervalSeconds > 0.0 &&
           finiteNonNegative(p.writeSeconds) && finiteNonNegative(p.restartSeconds) &&
           p.mtbfSeconds > 0.0 && !std::isnan(p.mtbfSeconds) && std::isfinite(p.workSeconds) &&
           p.workSeconds > 0.0;
}

bool validOptions(const MonteCarloOptions& o)
{
    const auto& g = o.stragglers;
    const bool stragglersValid =
        g.stepSeconds == 0.0 ||
        (std::isfinite(g.stepSeconds) && g.stepSeconds > 0.0 && std::isfinite(g.factor) &&
         g.factor >= 1.0 && std::isfinite(g.stepDeviationSeconds) && g.stepDeviationSeconds >= 0.0);
    return o.maxFailuresPerRun >= 1 && o.maxTimelineSegments >= 0 && stragglersValid;
}

/// The straggler wait inside stretches of work (see montecarlo.h), from its own generator.
class StragglerDraw {
public:
    StragglerDraw(const StragglerSteps& steps, const Xoshiro256StarStar& runGenerator)
        // Seeded from the run's state without drawing from it: the failures stay the same.
        : m_steps(steps), m_rng(runGenerator.state()[0] ^ runGenerator.state()[3])
    {
        if (m_steps.active()) {
            const double mean = steps.stepSeconds * steps.factor;
            m_waitShare = (steps.factor - 1.0) / steps.factor;
            m_deviationPerRootSecond =
                steps.stepSeconds * steps.stepDeviationSeconds / std::sqrt(mean * mean * mean);
        }
    }

    /// The wait in `workSeconds` of work: w·(s − 1)/s on average, a normal draw held within
    /// [0, w].
    double operator()(double workSeconds)
    {
        if (!m_steps.active() || !(workSeconds > 0.0)) {
            return 0.0;
        }
        double wait = workSeconds * m_waitShare;
        if (m_deviationPerRootSecond > 0.0) {
            wait += m_deviationPerRootSecond * std::sqrt(workSeconds) * standardNormal(m_rng);
        }
        return std::clamp(wait, 0.0, workSeconds);
    }

private:
    StragglerSteps m_steps;
    Xoshiro256StarStar m_rng;
    double m_waitShare = 0;
    double m_deviationPerRootSecond = 0;
};

bool cancelled(const MonteCarloOptions& o)
{
    return o.cancel != nullptr && o.cancel->load(std::memory_order_relaxed);
}

/// The timeline, if recorded, with its cap.
class Recorder {
public:
    Recorder(RunResult& result, const MonteCarloOptions& options)
        : m_result(result), m_enabled(options.recordTimeline),
          m_cap(static_cast<std::size_t>(std::max<std::int64_t>(0, options.maxTimelineSegments)))
    {
    }

    [[nodiscard]] bool wants() const { return m_enabled && !m_result.timelineTruncated; }

    void add(SegmentKind kind, double start, double end, bool failure, double straggler = 0)
    {
        if (!wants()) {
            return;
        }
        if (m_result.timeline.size() >= m_cap) {
            m_result.timelineTruncated = true;
            return;
        }
        m_result.timeline.push_back({kind, start, end, failure, straggler});
    }

private:
    RunResult& m_result;
    bool m_enabled;
    std::size_t m_cap;
};

} // namespace

RunResult simulateRun(const CheckpointParams& params, Xoshiro256StarStar& rng,
                      const MonteCarloOptions& options)
{
    RunResult out;
    if (!validParams(params) || !validOptions(options)) {
        out.status = RunStatus::InvalidInput;
        return out;
    }
    const double tau = std::min(params.intervalSeconds, params.workSeconds);
    const double write = params.writeSeconds;
    const double restart = params.restartSeconds;
    const double mtbf = params.mtbfSeconds;
    const bool failuresHappen = std::isfinite(mtbf);

    // n intervals: `fullCount` of τ work, then one of `lastWork` ∈ (0, τ] (as
    // segmentedExpectedTime).
    double fullCountReal = std::ceil(params.workSeconds / tau) - 1.0;
    if (!(fullCountReal < 0x1.0p53)) {
        out.status = RunStatus::TooManyIntervals;
        return out;
    }
    double lastWork = params.workSeconds - fullCountReal * tau;
    if (lastWork <= 0.0) {
        fullCountReal -= 1.0;
        lastWork += tau;
    } else if (lastWork > tau) {
        fullCountReal += 1.0;
        lastWork -= tau;
    }
    const auto fullCount = static_cast<std::int64_t>(fullCountReal);
    const double fullLength = tau + write;

    Recorder record(out, options);
    StragglerDraw stragglerWait(options.stragglers, rng);
    const auto nextFailure = [&]() {
        return failuresHappen ? rng.exponential(mtbf) : std::numeric_limits<double>::infinity();
    };

    double now = 0;                      // wall-clock seconds since the job started
    double untilFailure = nextFailure(); // time from `now` to the next failure
    std::int64_t done = 0; // intervals completed (checkpointed) so far, 0 … fullCount + 1

    // Counts a failure; false when the run must stop (limit or cancel).
    const auto countFailure = [&]() {
        ++out.failures;
        if (out.failures >= options.maxFailuresPerRun) {
            out.status = RunStatus::FailureLimit;
            return false;
        }
        if ((out.failures & kCancelPollMask) == 0 && cancelled(options)) {
            out.status = RunStatus::Cancelled;
            return false;
        }
        return true;
    };

    while (done <= fullCount) {
        // Skip every full interval that ends before the next failure in one step.
        if (done < fullCount && untilFailure >= fullLength) {
            const double fit = std::floor(untilFailure / fullLength);
            const std::int64_t skip = fit >= static_cast<double>(fullCount - done)
                                          ? fullCount - done
                                          : static_cast<std::int64_t>(fit);
            if (skip > 0) {
                // One draw per recorded interval, one for the rest of the stretch.
                std::int64_t drawn = 0;
                for (; drawn < skip && record.wants(); ++drawn) {
                    const double start = now + static_cast<double>(drawn) * fullLength;
                    const double wait = stragglerWait(tau);
                    out.stragglerSeconds += wait;
                    record.add(SegmentKind::Work, start, start + tau, false, wait);
                    record.add(SegmentKind::Write, start + tau, start + fullLength, false);
                }
                if (drawn < skip) {
                    out.stragglerSeconds += stragglerWait(static_cast<double>(skip - drawn) * tau);
                }
                const double elapsed = static_cast<double>(skip) * fullLength;
                now += elapsed;
                untilFailure = std::max(0.0, untilFailure - elapsed);
                out.workSeconds += static_cast<double>(skip) * tau;
                out.writeSeconds += static_cast<double>(skip) * write;
                done += skip;
                continue;
            }
        }
        const double work = done < fullCount ? tau : lastWork;
        const double length = work + write;
        if (untilFailure >= length) { // this interval and its checkpoint complete
            const double wait = stragglerWait(work);
            out.stragglerSeconds += wait;
            record.add(SegmentKind::Work, now, now + work, false, wait);
            record.add(SegmentKind::Write, now + work, now + length, false);
            now += length;
            untilFailure -= length;
            out.workSeconds += work;
            out.writeSeconds += write;
            ++done;
            continue;
        }
        // A failure at now + untilFailure: the interval's work (and any partial write) is lost.
        const double lostWork = std::min(untilFailure, work);
        const double cutWrite = untilFailure - lostWork;
        record.add(SegmentKind::Lost, now, now + lostWork, cutWrite <= 0.0);
        if (cutWrite > 0.0) {
            record.add(SegmentKind::Write, now + work, now + untilFailure, true);
        }
        out.lostWorkSeconds += lostWork;
        out.writeSeconds += cutWrite;
        now += untilFailure;
        if (!countFailure()) {
            break;
        }
        // Restart until one restart runs R seconds without a failure.
        bool stopped = false;
        for (;;) {
            untilFailure = nextFailure();
            if (untilFailure >= restart) {
                record.add(SegmentKind::Restart, now, now + restart, false);
                now += restart;
                out.restartSeconds += restart;
                untilFailure -= restart;
                break;
            }
            record.add(SegmentKind::Restart, now, now + untilFailure, true);
            now += untilFailure;
            out.restartSeconds += untilFailure;
            if (!countFailure()) {
                stopped = true;
                break;
            }
        }
        if (stopped) {
            break;
        }
    }
    out.completionSeconds = now;
    return out;
}

RunResult simulateRun(const CheckpointParams& params, const MonteCarloOptions& options,
                      std::int64_t runIndex)
{
    if (runIndex < 0) {
        RunResult out;
        out.status = RunStatus::InvalidInput;
        return out;
    }
    Xoshiro256StarStar rng(options.seed);
    for (std::int64_t i = 0; i < runIndex; ++i) {
        rng.jump();
    }
    return simulateRun(params, rng, options);
}

double expectedMonteCarloFailures(const CheckpointParams& params, std::int64_t runs)
{
    // An expected time past the double range leaves the model's count at 0: more than any.
    const WasteBreakdown expected = segmentedExpectedTime(params);
    if (expected.status == CheckpointStatus::Overflow) {
        return std::numeric_limits<double>::infinity();
    }
    return static_cast<double>(runs) * expected.expectedFailures;
}

BatchResult simulateBatch(const CheckpointParams& params, std::int64_t runs,
                          const MonteCarloOptions& options)
{
    BatchResult out;
    out.runsRequested = runs;
    if (runs < 1 || runs > 10'000'000 || !validParams(params) || !validOptions(options)) {
        out.status = RunStatus::InvalidInput;
        return out;
    }
    if (expectedMonteCarloFailures(params, runs) > kMaxMonteCarloFailures) {
        out.status = RunStatus::TooManyFailures;
        runs = 0; // the summary below is that of no run
    }
    MonteCarloOptions runOptions = options;
    runOptions.recordTimeline = false;
    out.completionSeconds.reserve(static_cast<std::size_t>(runs));

    Xoshiro256StarStar stream(options.seed);
    double sumFailures = 0;
    double sumLost = 0;
    double sumWrite = 0;
    double sumRestart = 0;
    double sumStraggler = 0;
    for (std::int64_t i = 0; i < runs; ++i) {
        if (cancelled(options)) {
            out.status = RunStatus::Cancelled;
            break;
        }
        Xoshiro256StarStar rng = stream; // run i: the seed's stream jumped i times
        stream.jump();
        const RunResult run = simulateRun(params, rng, runOptions);
        out.totalFailures += run.failures;
        if (run.status != RunStatus::Completed) {
            out.status = run.status; // a flagged run: the others would be flagged too
            break;
        }
        out.completionSeconds.push_back(run.completionSeconds);
        sumFailures += static_cast<double>(run.failures);
        sumLost += run.lostWorkSeconds;
        sumWrite += run.writeSeconds;
        sumRestart += run.restartSeconds;
        sumStraggler += run.stragglerSeconds;
        if (options.progress != nullptr) {
            options.progress->store(i + 1, std::memory_order_relaxed);
        }
    }

    const auto& times = out.completionSeconds;
    out.runsCompleted = static_cast<std::int64_t>(times.size());
    if (times.empty()) {
        // No run finished: there is no completion time to average, and 0 s would read as one.
        constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
        out.meanSeconds = out.standardErrorSeconds = out.minSeconds = out.maxSeconds = kNone;
        out.meanFailures = out.meanLostWorkSeconds = out.meanWriteSeconds = kNone;
        out.meanRestartSeconds = out.meanStragglerSeconds = kNone;
        return out;
    }
    const double n = static_cast<double>(times.size());
    double sum = 0;
    for (const double t : times) {
        sum += t;
    }
    out.meanSeconds = sum / n;
    if (times.size() >= 2) {
        double squares = 0;
        for (const double t : times) {
            squares += (t - out.meanSeconds) * (t - out.meanSeconds);
        }
        out.standardErrorSeconds = std::sqrt(squares / (n - 1.0) / n);
    }
    const auto [lo, hi] = std::minmax_element(times.begin(), times.end());
    out.minSeconds = *lo;
    out.maxSeconds = *hi;
    out.meanFailures = sumFailures / n;
    out.meanLostWorkSeconds = sumLost / n;
    out.meanWriteSeconds = sumWrite / n;
    out.meanRestartSeconds = sumRestart / n;
    out.meanStragglerSeconds = sumStraggler / n;
    return out;
}

Histogram makeHistogram(std::span<const double> values, int bins)
{
    Histogram out;
    if (bins < 1 || bins > 10000) {
        return out;
    }
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    for (const double v : values) {
        if (std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    if (!(lo <= hi) || !std::isfinite(hi - lo)) {
        return out; // no finite values, or a span beyond the double range
    }
    if (hi == lo) {
        lo -= 0.5;
        hi += 0.5;
    }
    out.minSeconds = lo;
    out.binWidthSeconds = (hi - lo) / bins;
    out.counts.assign(static_cast<std::size_t>(bins), 0);
    for (const double v : values) {
        if (!std::isfinite(v)) {
            continue;
        }
        const double position = (v - lo) / (hi - lo) * bins;
        const int bin = std::clamp(static_cast<int>(position), 0, bins - 1);
        ++out.counts[static_cast<std::size_t>(bin)];
    }
    return out;
}

} // namespace simcore
