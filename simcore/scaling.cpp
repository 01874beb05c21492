#include "simcore/scaling.h"

#include "simcore/physicalscaling.h"

#include <algorithm>
#include <cmath>

namespace simcore {

LessonParams LessonParams::fromScenario(const Scenario& scenario)
{
    return {scenario.lesson.baseComputeSeconds, scenario.lesson.fixedSyncSeconds,
            scenario.lesson.syncPerWorkerSeconds, scenario.train.steps};
}

StepTimes lessonStep(const LessonParams& params, std::int64_t workers)
{
    const auto n = static_cast<double>(workers);
    StepTimes t;
    t.workers = workers;
    t.computeSeconds = params.baseComputeSeconds / n;
    t.syncSeconds =
        workers > 1 ? params.fixedSyncSeconds + params.syncPerWorkerSeconds * (n - 1) : 0.0;
    t.stepSeconds = t.computeSeconds + t.syncSeconds;
    t.idealSeconds = params.baseComputeSeconds / n;
    // Step(1) is base exactly: no sync is paid by a single worker.
    t.speedup = params.baseComputeSeconds / t.stepSeconds;
    t.efficiency = t.speedup / n;
    t.totalSeconds = static_cast<double>(params.steps) * t.stepSeconds;
    return t;
}

std::int64_t lessonOptimalWorkers(const LessonParams& params, std::int64_t maxWorkers)
{
    maxWorkers = std::max<std::int64_t>(maxWorkers, 1);
    std::vector<std::int64_t> candidates{1};
    if (maxWorkers >= 2) {
        if (params.syncPerWorkerSeconds <= 0) {
            candidates.push_back(maxWorkers); // step keeps falling with N
        } else {
            const double root = std::sqrt(params.baseComputeSeconds / params.syncPerWorkerSeconds);
            const auto clampToRange = [&](double x) {
                return static_cast<std::int64_t>(
                    std::clamp(x, 2.0, static_cast<double>(maxWorkers)));
            };
            candidates.push_back(clampToRange(std::floor(root)));
            candidates.push_back(clampToRange(std::ceil(root)));
        }
    }
    std::sort(candidates.begin(), candidates.end());
    std::int64_t best = candidates.front();
    double bestStep = lessonStep(params, best).stepSeconds;
    for (auto n : candidates) {
        const double step = lessonStep(params, n).stepSeconds;
        if (step < bestStep) {
            best = n;
            bestStep = step;
        }
    }
    return best;
}

std::vector<std::int64_t> scalingWindow(std::int64_t selected, std::int64_t optimum,
                                        std::int64_t maxWorkers, WindowKind kind)
{
    constexpr std::int64_t linearBars = 11;
    std::vector<std::int64_t> workers{1, selected, optimum};
    if (kind == WindowKind::Log) {
        // Up to where the curve stops being interesting, so 4096 workers' huge sync time does
        // not flatten every other bar.
        const std::int64_t last = std::max<std::int64_t>({16, 4 * optimum, 2 * selected});
        for (std::int64_t n = 1; n <= std::min(last, maxWorkers); n *= 2) {
            workers.push_back(n);
        }
    } else {
        // The window moves in steps of kLinearStride, not with every N: while the slider is
        // dragged the bars stay put and only the marker moves, which is easier to read and
        // redraws much less. N sits 3…7 places into the 11 bars: three neighbours each side.
        constexpr std::int64_t kLinearStride = 5;
        std::int64_t first =
            std::max<std::int64_t>(1, kLinearStride * ((selected - 1) / kLinearStride) - 2);
        first = std::min(first, std::max<std::int64_t>(1, maxWorkers - linearBars + 1));
        for (std::int64_t n = first; n < first + linearBars && n <= maxWorkers; ++n) {
            workers.push_back(n);
        }
    }
    std::erase_if(workers, [&](std::int64_t n) { return n < 1 || n > maxWorkers; });
    std::sort(workers.begin(), workers.end());
    workers.erase(std::unique(workers.begin(), workers.end()), workers.end());
    return workers;
}

std::int64_t roundUpToNice(std::int64_t n)
{
    for (std::int64_t decade = 1;; decade *= 10) {
        for (std::int64_t factor : {1, 2, 5}) {
            if (factor * decade >= n) {
                return factor * decade;
            }
        }
    }
}

std::vector<std::int64_t> speedupCurveWorkers(std::int64_t selected, std::int64_t optimum,
                                              std::int64_t maxWorkers)
{
    constexpr std::int64_t densePoints = 256; // more than the ~700 px of plot can show
    const std::int64_t last = std::min<std::int64_t>(
        maxWorkers, roundUpToNice(std::max<std::int64_t>({16, 4 * optimum, 2 * selected})));
    std::vector<std::int64_t> workers{selected, optimum};
    if (last <= densePoints) {
        for (std::int64_t n = 1; n <= last; ++n) {
            workers.push_back(n);
        }
    } else {
        const double ratio = std::pow(static_cast<double>(last), 1.0 / (densePoints - 1));
        double x = 1;
        for (std::int64_t i = 0; i < densePoints; ++i, x *= ratio) {
            workers.push_back(static_cast<std::int64_t>(std::llround(x)));
        }
        workers.push_back(last);
    }
    std::erase_if(workers, [&](std::int64_t n) { return n < 1 || n > maxWorkers; });
    std::sort(workers.begin(), workers.end());
    workers.erase(std::unique(workers.begin(), workers.end()), workers.end());
    return workers;
}

std::int64_t maxScalingWorkers()
{
    return static_cast<std::int64_t>(findKey("scaling.workers")->maximum);
}

ScalingResult evaluateScaling(const Scenario& scenario)
{
    const auto kind =
        scenario.scaling.axis == AxisScale::Log ? WindowKind::Log : WindowKind::Linear;
    ScalingResult result;
    result.mode = scenario.scaling.mode;
    result.maxWorkers = maxScalingWorkers();
    const std::int64_t selected =
        std::clamp<std::int64_t>(scenario.scaling.workers, 1, result.maxWorkers);
    const auto evaluate = [&](auto step, std::int64_t optimum) {
        result.optimalWorkers = optimum;
        result.selected = step(selected);
        result.optimal = step(optimum);
        for (auto n : scalingWindow(selected, optimum, result.maxWorkers, kind)) {
            result.window.push_back(step(n));
        }
        for (auto n : speedupCurveWorkers(selected, optimum, result.maxWorkers)) {
            result.curve.push_back(step(n));
        }
    };
    if (scenario.scaling.mode == ScalingMode::Physical) {
        // validate() rejects an unknown GPU; an unvalidated one falls back to the lesson model.
        if (const auto physical = physicalParamsFromScenario(scenario)) {
            evaluate([&](std::int64_t n) { return physicalStep(*physical, n); },
                     physicalOptimalWorkers(*physical, result.maxWorkers));
            return result;
        }
        result.mode = ScalingMode::Lesson;
    }
    const auto params = LessonParams::fromScenario(scenario);
    evaluate([&](std::int64_t n) { return lessonStep(params, n); },
             lessonOptimalWorkers(params, result.maxWorkers));
    return result;
}

} // namespace simcore
