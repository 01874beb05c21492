#include "simcore/models/scaling.h"

#include "simcore/models/layoutscaling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

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

bool WorkerRange::allows(std::int64_t workers) const
{
    return workers >= unit && workers <= max && workers % unit == 0 &&
           (workers <= node || workers % node == 0);
}

std::string_view workerLimitKey(WorkerLimit limit)
{
    switch (limit) {
    case WorkerLimit::Key:
        return "scaling.workers";
    case WorkerLimit::Cluster:
        return "hardware.gpus";
    case WorkerLimit::Batch:
        return "train.global_batch";
    }
    return "scaling.workers";
}

WorkerRange workerRange(const Scenario& scenario)
{
    WorkerRange range;
    range.max = maxScalingWorkers();
    range.limitValue = range.max;
    if (scenario.scaling.mode != ScalingMode::Physical) {
        return range;
    }
    const auto consider = [&](std::int64_t value, WorkerLimit limit) {
        if (value >= 1 && value < range.limitValue) {
            range.limitValue = value;
            range.limit = limit;
        }
    };
    // N = dp × tp × pp × cp (layoutscaling.h): each data-parallel replica of tp·pp·cp GPUs
    // needs at least one micro-batch of the global batch under strong scaling.
    range.unit = replicaGpus(scenario);
    consider(scenario.hardware.gpus, WorkerLimit::Cluster);
    if (scenario.scaling.batch == BatchScalingMode::Strong) {
        const std::int64_t replicas =
            scenario.train.globalBatch / std::max<std::int64_t>(1, scenario.train.microBatch);
        if (replicas >= 1 && replicas <= range.limitValue / range.unit) {
            consider(replicas * range.unit, WorkerLimit::Batch);
        }
    }
    range.max = range.limitValue;
    return range;
}

std::optional<ScenarioError> workerProblem(const Scenario& scenario)
{
    const std::int64_t workers = scenario.scaling.workers;
    if (workers < 1 || workers > maxScalingWorkers()) {
        return std::nullopt; // validate() names the key's own range
    }
    const WorkerRange range = workerRange(scenario);
    if (range.allows(workers) || (range.unit > 1 && workers <= range.max)) {
        return std::nullopt; // a count that is no layout is drawn as impossible, not refused
    }
    ScenarioError error{
        ScenarioError::Kind::Inconsistent, "scaling.workers", std::to_string(workers), {}, {}};
    const std::string limit = std::to_string(range.limitValue);
    if (workers > range.limitValue) {
        error.allowed = "at most " + limit;
        if (range.limit == WorkerLimit::Cluster) {
            error.detail = "hardware.gpus = " + limit + ", the GPUs of the cluster";
        } else if (range.unit > 1 || scenario.train.microBatch > 1) {
            error.detail = "train.global_batch = " + std::to_string(scenario.train.globalBatch) +
                           ", train.micro_batch = " + std::to_string(scenario.train.microBatch) +
                           ": strong scaling gives each data-parallel replica of tp x pp x cp = " +
                           std::to_string(range.unit) + " GPUs at least one micro-batch";
        } else {
            error.detail = "train.global_batch = " + limit +
                           " sequences: strong scaling gives each GPU at least one";
        }
        return error;
    }
    const std::string node = std::to_string(range.node);
    error.allowed = "a whole number of nodes past one node, a multiple of " + node;
    error.detail = "hardware.gpus_per_node = " + node + " with collective.algorithm = hierarchical";
    return error;
}

std::vector<std::int64_t> allowedWorkers(const WorkerRange& range)
{
    std::vector<std::int64_t> workers;
    if (range.unit > 1) {
        for (std::int64_t n = range.unit; n <= range.max; n += range.unit) {
            workers.push_back(n);
        }
        return workers;
    }
    for (std::int64_t n = 1; n <= range.max; n += (n < range.node ? 1 : range.node)) {
        workers.push_back(n);
    }
    return workers;
}

std::int64_t allowedAtOrBelow(const WorkerRange& range, std::int64_t n)
{
    if (range.unit > 1) {
        const std::int64_t top = std::max(range.unit, range.max / range.unit * range.unit);
        return std::clamp<std::int64_t>(n / range.unit * range.unit, range.unit, top);
    }
    n = std::clamp<std::int64_t>(n, 1, range.max);
    return n <= range.node ? n : n / range.node * range.node;
}

namespace {

void sortUnique(std::vector<std::int64_t>& workers)
{
    std::sort(workers.begin(), workers.end());
    workers.erase(std::unique(workers.begin(), workers.end()), workers.end());
}

} // namespace

std::vector<std::int64_t> sliderWorkers(const WorkerRange& range, std::int64_t optimum,
                                        std::int64_t selected, AxisScale axis, ScalingMode mode)
{
    constexpr std::int64_t everyCountUpTo = 16;
    const std::int64_t last =
        mode == ScalingMode::Lesson
            ? allowedAtOrBelow(range, std::max<std::int64_t>(everyCountUpTo, 4 * optimum))
            : allowedAtOrBelow(range, range.max);
    std::vector<std::int64_t> stops{allowedAtOrBelow(range, 1), last};
    if (axis == AxisScale::Log) {
        for (std::int64_t p = 1; p <= last; p *= 2) {
            stops.push_back(allowedAtOrBelow(range, p));
        }
    } else {
        for (std::int64_t n = 1; n <= std::min(everyCountUpTo, last); ++n) {
            stops.push_back(allowedAtOrBelow(range, n));
        }
        for (std::int64_t p = everyCountUpTo; p <= last; p *= 2) {
            for (std::int64_t quarters : {4, 5, 6, 7}) {
                if (p * quarters / 4 <= last) {
                    stops.push_back(allowedAtOrBelow(range, p * quarters / 4));
                }
            }
        }
    }
    for (std::int64_t n : {optimum, selected}) {
        if (range.allows(n)) {
            stops.push_back(n);
        }
    }
    sortUnique(stops);
    return stops;
}

std::vector<BarPick> barWorkers(const WorkerRange& range, std::int64_t selected,
                                std::int64_t optimum, AxisScale axis)
{
    std::vector<std::int64_t> scale;
    if (axis == AxisScale::Log) {
        for (std::int64_t p = 1; p <= range.max; p *= 2) {
            scale.push_back(allowedAtOrBelow(range, p));
        }
        scale.push_back(allowedAtOrBelow(range, range.max));
        for (std::int64_t n : {std::int64_t{1}, selected, optimum}) {
            if (range.allows(n)) {
                scale.push_back(n);
            }
        }
        sortUnique(scale);
    } else {
        // Every allowed N, ascending, already holds 1, N and the optimum: sorting its 4096
        // counts again was most of simcore's time on each slider step.
        scale = allowedWorkers(range);
    }
    return barWorkersOnScale(scale, selected, optimum, axis);
}

std::vector<BarPick> barWorkersOnScale(const std::vector<std::int64_t>& scale,
                                       std::int64_t selected, std::int64_t optimum, AxisScale axis)
{
    if (scale.empty()) {
        return {};
    }
    const auto last = static_cast<std::int64_t>(scale.size()) - 1;
    const auto indexOf = [&](std::int64_t n) {
        return static_cast<std::int64_t>(std::lower_bound(scale.begin(), scale.end(), n) -
                                         scale.begin());
    };
    const std::int64_t is = std::min(indexOf(selected), last);
    const std::int64_t io = std::min(indexOf(optimum), last);

    std::vector<std::int64_t> chosen{0};
    const auto addRun = [&](std::int64_t from, std::int64_t to) {
        for (std::int64_t i = std::max<std::int64_t>(0, from); i <= std::min(to, last); ++i) {
            chosen.push_back(i);
        }
    };
    if (axis == AxisScale::Log) {
        // Up to where the curve stops being interesting, so 4096 workers' huge sync time does
        // not flatten every other bar.
        const std::int64_t upTo = std::max<std::int64_t>({16, 4 * optimum, 2 * selected});
        std::int64_t hi = indexOf(upTo);
        if (hi > last || scale[static_cast<std::size_t>(hi)] > upTo) {
            --hi;
        }
        addRun(0, std::max({hi, io + 2, is}));
    } else {
        // The run moves in steps of five, not with every N: while the slider is dragged the
        // bars stay put and only the marker moves, which is easier to read and redraws less.
        constexpr std::int64_t stride = 5;
        std::int64_t lo = std::max<std::int64_t>(0, std::min(is, io) - 2) / stride * stride;
        const std::int64_t hi = std::min(last, (std::max(is, io) + 2) / stride * stride + 4);
        const auto maxBars = static_cast<std::int64_t>(kMaxBars);
        if (hi + 1 <= maxBars) {
            lo = 0;
        }
        if (hi - lo + 1 + (lo > 0 ? 1 : 0) <= maxBars) {
            addRun(lo, hi);
        } else {
            // Far from the optimum: the optimum with two each side, and nine around N (N two
            // to six places in, moving in steps of five).
            addRun(io - 2, io + 2);
            const std::int64_t from = std::max<std::int64_t>(0, is / stride * stride - 2);
            addRun(from, from + 8);
        }
    }
    sortUnique(chosen);
    std::vector<BarPick> bars;
    for (std::size_t k = 0; k < chosen.size(); ++k) {
        bars.push_back(
            {scale[static_cast<std::size_t>(chosen[k])], k > 0 && chosen[k] > chosen[k - 1] + 1});
    }
    return bars;
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
                                              const WorkerRange& range, std::int64_t densePoints)
{
    const std::int64_t last = allowedAtOrBelow(
        range, roundUpToNice(std::max<std::int64_t>({16, 4 * optimum, 2 * selected})));
    std::vector<std::int64_t> workers{selected, optimum};
    std::vector<std::int64_t> every =
        allowedWorkers({last, range.limit, range.limitValue, range.node, range.unit});
    if (static_cast<std::int64_t>(every.size()) <= densePoints) {
        workers.insert(workers.end(), every.begin(), every.end());
    } else {
        const double ratio = std::pow(static_cast<double>(last), 1.0 / (densePoints - 1));
        double x = 1;
        for (std::int64_t i = 0; i < densePoints; ++i, x *= ratio) {
            workers.push_back(allowedAtOrBelow(range, std::llround(x)));
        }
        workers.push_back(last);
    }
    std::erase_if(workers, [&](std::int64_t n) { return !range.allows(n); });
    sortUnique(workers);
    return workers;
}

std::int64_t maxScalingWorkers()
{
    return static_cast<std::int64_t>(findKey("scaling.workers")->maximum);
}

StepTimes withFailures(StepTimes t, const GoodputParams& base, double oneGpuStretch)
{
    const GoodputStep wall = goodputPerStep(base, t.workers, t.stepSeconds);
    const double plain = t.stepSeconds;
    if (wall.status != CheckpointStatus::Ok) {
        // None, as the goodput report's expected time on overflow: no finite step prices it.
        t.failureSeconds = std::numeric_limits<double>::quiet_NaN();
        t.stepSeconds = t.failureSeconds;
        t.totalSeconds = t.failureSeconds;
        t.speedup = 0;
        t.efficiency = 0;
        return t;
    }
    t.stragglerSeconds = wall.stragglerSeconds;
    t.failureSeconds = wall.failureSeconds;
    t.stepSeconds = wall.wallSeconds;
    t.totalSeconds = base.steps * wall.wallSeconds;
    t.speedup *= plain / wall.wallSeconds * oneGpuStretch;
    t.efficiency = t.speedup / static_cast<double>(t.workers);
    return t;
}

namespace {

/// The N of the best speed-up once failures count, among the allowed N up to the plain optimum
/// (past it both the plain step and the stretch grow). Branch and bound over the candidates in
/// order: the stretch never shrinks as N grows, so a run of candidates whose best plain speed-up
/// over the stretch at its first N cannot beat the best so far is skipped whole. A few dozen
/// goodput evaluations (≈ 1 ms each) instead of one per N.
template <typename Plain, typename Counted>
std::int64_t optimumWithFailures(const std::vector<std::int64_t>& candidates, Plain plain,
                                 Counted counted)
{
    std::vector<double> plainSpeedup;
    plainSpeedup.reserve(candidates.size());
    for (const auto n : candidates) {
        plainSpeedup.push_back(plain(n).speedup);
    }
    const auto stretchAt = [&](std::size_t i) {
        const StepTimes t = counted(candidates[i]);
        return std::pair{t.speedup, t.speedup > 0 ? plainSpeedup[i] / t.speedup : 0.0};
    };
    std::size_t best = 0;
    const auto first = stretchAt(0);
    double bestSpeedup = first.first;
    const double firstStretch = first.second;
    const auto consider = [&](std::size_t i, double speedup) {
        if (speedup > bestSpeedup || (speedup == bestSpeedup && i < best)) {
            best = i;
            bestSpeedup = speedup;
        }
    };
    const auto last = candidates.size() - 1;
    if (last > 0) {
        consider(last, stretchAt(last).first);
    }
    // (lo, hi, the stretch at lo − 1 or earlier: a lower bound on the stretch in lo…hi)
    std::vector<std::tuple<std::size_t, std::size_t, double>> runs;
    if (last > 1) {
        runs.emplace_back(1, last - 1, firstStretch);
    }
    while (!runs.empty()) {
        const auto [lo, hi, stretch] = runs.back(); // copies: the pops below would dangle
        runs.pop_back();
        const double bound =
            *std::max_element(plainSpeedup.begin() + static_cast<std::ptrdiff_t>(lo),
                              plainSpeedup.begin() + static_cast<std::ptrdiff_t>(hi) + 1) /
            stretch;
        if (!(stretch > 0) || bound < bestSpeedup) {
            continue;
        }
        const std::size_t mid = lo + (hi - lo) / 2;
        const auto atMid = stretchAt(mid);
        const double midStretch = atMid.second;
        consider(mid, atMid.first);
        if (mid > lo) {
            runs.emplace_back(lo, mid - 1, stretch);
        }
        if (mid < hi) {
            runs.emplace_back(mid + 1, hi, midStretch > 0 ? midStretch : stretch);
        }
    }
    return candidates[best];
}

/// The Physical model over N = dp × tp × pp × cp (layoutscaling.h): as the lesson's sweep, but
/// an N that is no layout is never priced: not on the slider, not on the curve, never the
/// optimum; the selected one and those on the bars' scale are drawn as impossible slots.
void evaluateLayouts(ScalingResult& result, const LayoutSweep& sweep, const WorkerRange& range,
                     const Scenario& scenario, const std::optional<GoodputParams>& failures)
{
    result.range = range;
    const std::vector<std::int64_t> scale = allowedWorkers(range);
    std::vector<std::int64_t> fitting;
    for (const auto n : scale) {
        if (sweep.fit(n) == LayoutFit::Fits) {
            fitting.push_back(n);
        }
    }
    const std::int64_t selected =
        std::clamp<std::int64_t>(scenario.scaling.workers, 1, std::max<std::int64_t>(range.max, 1));
    if (fitting.empty()) {
        result.selected = sweep.step(selected);
        result.optimal = result.selected;
        result.single = sweep.single(selected);
        return;
    }
    double oneGpuStretch = 1;
    if (failures) {
        const StepTimes one = sweep.single(fitting.front());
        const auto oneWall = goodputPerStep(*failures, 1, one.stepSeconds);
        oneGpuStretch = oneWall.status == CheckpointStatus::Ok
                            ? oneWall.wallSeconds / one.stepSeconds
                            : std::numeric_limits<double>::infinity();
    }
    const auto plain = [&](std::int64_t n) { return sweep.step(n); };
    const auto step = [&](std::int64_t n) {
        StepTimes t = sweep.step(n);
        return failures && t.possible ? withFailures(t, *failures, oneGpuStretch) : t;
    };
    std::int64_t optimum = fitting.front();
    double best = plain(optimum).speedup;
    for (const auto n : fitting) {
        if (const double speedup = plain(n).speedup; speedup > best) {
            best = speedup;
            optimum = n;
        }
    }
    if (failures) {
        auto candidates = fitting;
        std::erase_if(candidates, [&](std::int64_t n) { return n > optimum; });
        optimum = optimumWithFailures(candidates, plain, step);
    }
    result.optimalWorkers = optimum;
    result.selected = step(selected);
    result.optimal = step(optimum);
    // The bars stand on the layouts only: with 32 sequences most multiples of tp·pp·cp are no
    // layout, and a row of empty slots hid the few bars. The selected N joins them when it is
    // none, drawn as impossible.
    std::vector<std::int64_t> barScale;
    if (scenario.scaling.axis == AxisScale::Log) {
        for (const auto n : fitting) {
            const std::int64_t dp = n / range.unit;
            if ((dp & (dp - 1)) == 0 || n == fitting.back() || n == optimum || n == selected) {
                barScale.push_back(n);
            }
        }
    } else {
        barScale = fitting;
    }
    const bool selectedFits = sweep.fit(selected) == LayoutFit::Fits;
    auto nearest = std::upper_bound(fitting.begin(), fitting.end(), selected);
    const std::int64_t anchor = nearest == fitting.begin() ? fitting.front() : *(nearest - 1);
    auto bars = barWorkersOnScale(barScale, selectedFits ? selected : anchor, optimum,
                                  scenario.scaling.axis);
    if (!selectedFits) {
        const auto at =
            std::lower_bound(bars.begin(), bars.end(), selected,
                             [](const BarPick& bar, std::int64_t n) { return bar.workers < n; });
        bars.insert(at, BarPick{selected, false});
    }
    for (const auto& bar : bars) {
        result.window.push_back(step(bar.workers));
        result.breakBefore.push_back(bar.breakBefore);
    }
    // Counting failures costs a goodput evaluation per point: a quarter of the points.
    for (auto n : speedupCurveWorkers(selectedFits ? selected : optimum, optimum, range,
                                      failures ? 64 : 256)) {
        if (sweep.fit(n) == LayoutFit::Fits) {
            result.curve.push_back(step(n));
        }
    }
    result.sliderStops = sliderWorkers(range, optimum, range.allows(selected) ? selected : optimum,
                                       scenario.scaling.axis, result.mode);
    std::erase_if(result.sliderStops,
                  [&](std::int64_t n) { return n != selected && sweep.fit(n) != LayoutFit::Fits; });
    for (const auto& point : scenario.scaling.measured) {
        result.measuredModel.push_back(step(point.workers));
    }
    StepTimes one = sweep.single(selected);
    result.single = failures ? withFailures(one, *failures, oneGpuStretch) : one;
}

} // namespace

ScalingResult evaluateScaling(const Scenario& scenario)
{
    ScalingResult result;
    result.mode = scenario.scaling.mode;
    std::optional<GoodputParams> failures;
    if (scenario.scaling.countFailures) {
        failures = failureParamsFromScenario(scenario, nullptr);
    }
    const auto evaluate = [&](auto plainStep, const WorkerRange& range, auto optimumIn) {
        result.range = range;
        const std::int64_t selected = allowedAtOrBelow(range, scenario.scaling.workers);
        std::int64_t optimum = optimumIn(range);
        double oneGpuStretch = 1;
        if (failures) {
            const StepTimes one = plainStep(1);
            const auto oneWall = goodputPerStep(*failures, 1, one.stepSeconds);
            oneGpuStretch = oneWall.status == CheckpointStatus::Ok
                                ? oneWall.wallSeconds / one.stepSeconds
                                : std::numeric_limits<double>::infinity();
        }
        const auto step = [&](std::int64_t n) {
            return failures ? withFailures(plainStep(n), *failures, oneGpuStretch) : plainStep(n);
        };
        if (failures) {
            auto candidates = allowedWorkers(range);
            std::erase_if(candidates, [&](std::int64_t n) { return n > optimum; });
            optimum = optimumWithFailures(candidates, plainStep, step);
        }
        result.optimalWorkers = optimum;
        result.selected = step(selected);
        result.optimal = step(optimum);
        for (const auto& bar : barWorkers(range, selected, optimum, scenario.scaling.axis)) {
            result.window.push_back(step(bar.workers));
            result.breakBefore.push_back(bar.breakBefore);
        }
        // Counting failures costs a goodput evaluation per point: a quarter of the points.
        for (auto n : speedupCurveWorkers(selected, optimum, range, failures ? 64 : 256)) {
            result.curve.push_back(step(n));
        }
        result.sliderStops =
            sliderWorkers(range, optimum, selected, scenario.scaling.axis, result.mode);
        for (const auto& point : scenario.scaling.measured) {
            result.measuredModel.push_back(step(point.workers));
        }
        result.single = step(1);
    };
    if (scenario.scaling.mode == ScalingMode::Physical) {
        // validate() rejects an unknown GPU; an unvalidated one falls back to the lesson model.
        if (const auto sweep = LayoutSweep::fromScenario(scenario)) {
            evaluateLayouts(result, *sweep, workerRange(scenario), scenario, failures);
            return result;
        }
        result.mode = ScalingMode::Lesson;
    }
    Scenario lesson = scenario;
    lesson.scaling.mode = ScalingMode::Lesson;
    const auto params = LessonParams::fromScenario(scenario);
    evaluate([&](std::int64_t n) { return lessonStep(params, n); }, workerRange(lesson),
             [&](const WorkerRange& range) { return lessonOptimalWorkers(params, range.max); });
    return result;
}

} // namespace simcore
