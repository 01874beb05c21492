// 3-D parallel layout: ranks, nodes, layers and groups (see parallellayout.h for the sources).
#include "simcore/models/parallellayout.h"

#include <algorithm>
#include <numeric>
#include <string>

namespace simcore {

namespace {

std::int64_t atLeastOne(std::int64_t value)
{
    return std::max<std::int64_t>(1, value);
}

// Counts the pairs (i, j), 0 ≤ i < I, 0 ≤ j < J, whose rank r = i·A + j·C and r + D sit in
// different nodes of g consecutive ranks. For 0 < D < g that is "r mod g ≥ g − D", which depends
// on i only through (i·A) mod g: periodic in i with period g / gcd(A mod g, g) ≤ g. So the work
// is at most g·J, whatever I is.
std::int64_t countCrossing(std::int64_t I, std::int64_t A, std::int64_t J, std::int64_t C,
                           std::int64_t D, std::int64_t g)
{
    if (I <= 0 || J <= 0 || D <= 0) {
        return 0;
    }
    if (D >= g) {
        return I * J; // r + D is at least one whole node further on
    }
    const std::int64_t a = A % g;
    const std::int64_t period = g / std::gcd(a, g); // gcd(0, g) = g: period 1
    const std::int64_t threshold = g - D;
    const auto countAt = [&](std::int64_t i) {
        const std::int64_t base = (i * a) % g;
        std::int64_t count = 0;
        for (std::int64_t j = 0; j < J; ++j) {
            if ((base + (j * (C % g)) % g) % g >= threshold) {
                ++count;
            }
        }
        return count;
    };
    const std::int64_t whole = I / period;
    const std::int64_t rest = I % period;
    std::int64_t perPeriod = 0;
    std::int64_t inRest = 0;
    for (std::int64_t i = 0; i < std::min(I, period); ++i) {
        const std::int64_t c = countAt(i);
        perPeriod += c;
        if (i < rest) {
            inRest += c;
        }
    }
    return whole * perPeriod + inRest;
}

} // namespace

LayoutParams layoutParamsFromScenario(const Scenario& scenario)
{
    LayoutParams params;
    params.dp = scenario.parallel.dp;
    params.tp = scenario.parallel.tp;
    params.pp = scenario.parallel.pp;
    params.gpusPerNode = scenario.hardware.gpusPerNode;
    params.layers = scenario.model.layers;
    params.virtualStages = scenario.parallel.schedule == PipelineSchedule::Interleaved
                               ? scenario.parallel.virtualStages
                               : 1;
    return params;
}

std::optional<ScenarioError> checkLayout(const LayoutParams& params)
{
    using Kind = ScenarioError::Kind;
    const auto text = [](std::int64_t value) { return std::to_string(value); };
    const struct {
        const char* key;
        std::int64_t value;
    } counts[] = {
        {"parallel.dp", params.dp},      {"parallel.tp", params.tp},
        {"parallel.pp", params.pp},      {"hardware.gpus_per_node", params.gpusPerNode},
        {"model.layers", params.layers}, {"parallel.virtual_stages", params.virtualStages}};
    for (const auto& count : counts) {
        if (count.value < 1) {
            return ScenarioError{Kind::OutOfRange, count.key, text(count.value), "≥ 1", {}};
        }
    }
    if (params.pp > params.layers) {
        return ScenarioError{Kind::Inconsistent, "parallel.pp", text(params.pp),
                             "at most model.layers", "model.layers = " + text(params.layers)};
    }
    if (params.virtualStages > params.layers / params.pp) {
        return ScenarioError{
            Kind::Inconsistent, "parallel.virtual_stages", text(params.virtualStages),
            "at most model.layers / parallel.pp for the interleaved schedule",
            "model.layers = " + text(params.layers) + ", parallel.pp = " + text(params.pp)};
    }
    return std::nullopt;
}

std::int64_t totalGpus(const LayoutParams& params)
{
    return atLeastOne(params.dp) * atLeastOne(params.tp) * atLeastOne(params.pp);
}

std::int64_t nodeCount(const LayoutParams& params)
{
    const std::int64_t g = atLeastOne(params.gpusPerNode);
    return (totalGpus(params) + g - 1) / g;
}

std::int64_t rankOf(const LayoutParams& params, std::int64_t dpIndex, std::int64_t tpIndex,
                    std::int64_t ppIndex)
{
    const std::int64_t tp = atLeastOne(params.tp);
    return ppIndex * (atLeastOne(params.dp) * tp) + dpIndex * tp + tpIndex;
}

std::int64_t nodeOf(const LayoutParams& params, std::int64_t rank)
{
    return rank / atLeastOne(params.gpusPerNode);
}

GpuCoordinates coordinatesOf(const LayoutParams& params, std::int64_t rank)
{
    const std::int64_t tp = atLeastOne(params.tp);
    const std::int64_t dp = atLeastOne(params.dp);
    const std::int64_t g = atLeastOne(params.gpusPerNode);
    GpuCoordinates c;
    c.rank = rank;
    c.node = rank / g;
    c.slot = rank % g;
    c.tp = rank % tp;
    c.dp = (rank / tp) % dp;
    c.pp = rank / (tp * dp);
    return c;
}

LayerSpan virtualStageLayers(const LayoutParams& params, std::int64_t virtualStage)
{
    const std::int64_t stages = atLeastOne(params.pp) * atLeastOne(params.virtualStages);
    const std::int64_t layers = std::max<std::int64_t>(0, params.layers);
    const std::int64_t base = layers / stages;
    const std::int64_t extra = layers % stages;
    const std::int64_t first = virtualStage * base + std::min(virtualStage, extra) + 1;
    const std::int64_t count = base + (virtualStage < extra ? 1 : 0);
    return {first, first + count - 1};
}

std::vector<LayerSpan> pipelineRankLayers(const LayoutParams& params, std::int64_t ppIndex)
{
    const std::int64_t p = atLeastOne(params.pp);
    const std::int64_t v = atLeastOne(params.virtualStages);
    std::vector<LayerSpan> spans;
    spans.reserve(static_cast<std::size_t>(v));
    for (std::int64_t chunk = 0; chunk < v; ++chunk) {
        spans.push_back(virtualStageLayers(params, chunk * p + ppIndex));
    }
    return spans;
}

GroupRanks groupOf(const LayoutParams& params, GroupKind kind, std::int64_t rank)
{
    const GpuCoordinates c = coordinatesOf(params, rank);
    const std::int64_t tp = atLeastOne(params.tp);
    const std::int64_t dp = atLeastOne(params.dp);
    switch (kind) {
    case GroupKind::Tensor:
        return {rank - c.tp, 1, tp};
    case GroupKind::Data:
        return {rank - c.dp * tp, tp, dp};
    case GroupKind::Pipeline:
        return {rank - c.pp * dp * tp, dp * tp, atLeastOne(params.pp)};
    }
    return {rank, 1, 1};
}

bool crossesNodes(const LayoutParams& params, const GroupRanks& group)
{
    return nodeOf(params, group.first) != nodeOf(params, group.last());
}

LayoutSummary summarizeLayout(const LayoutParams& params)
{
    const std::int64_t dp = atLeastOne(params.dp);
    const std::int64_t tp = atLeastOne(params.tp);
    const std::int64_t pp = atLeastOne(params.pp);
    const std::int64_t g = atLeastOne(params.gpusPerNode);
    const std::int64_t replicaWidth = dp * tp; // ranks per pipeline stage

    LayoutSummary summary;
    summary.gpus = totalGpus(params);
    summary.nodes = nodeCount(params);

    // Tensor groups start at k·t, k = 0 … d·p − 1, and span t − 1 ranks.
    summary.tensor.size = tp;
    summary.tensor.count = dp * pp;
    summary.tensor.crossingNodes = countCrossing(dp * pp, tp, 1, 0, tp - 1, g);

    // Data groups start at i·(d·t) + j, i < p, j < t, and span (d − 1)·t ranks.
    summary.data.size = dp;
    summary.data.count = tp * pp;
    summary.data.crossingNodes = countCrossing(pp, replicaWidth, tp, 1, (dp - 1) * tp, g);

    // Pipelines start at b < d·t and span (p − 1)·d·t ranks.
    summary.pipeline.size = pp;
    summary.pipeline.count = replicaWidth;
    summary.pipeline.crossingNodes =
        countCrossing(replicaWidth, 1, 1, 0, (pp - 1) * replicaWidth, g);
    // Hops r → r + d·t for every r on stages 0 … p − 2.
    summary.pipeline.hops = (pp - 1) * replicaWidth;
    summary.pipeline.crossingHops =
        countCrossing((pp - 1) * replicaWidth, 1, 1, 0, replicaWidth, g);
    if (pp > 1 && atLeastOne(params.virtualStages) > 1) {
        // Interleaving: the last stage's chunk c feeds the first stage's chunk c + 1.
        summary.pipeline.hops += replicaWidth;
        summary.pipeline.crossingHops += summary.pipeline.crossingNodes;
    }
    return summary;
}

namespace {

constexpr NodeStrategy kNodeStrategies[] = {{8, 1, 1}, {1, 8, 1}, {1, 1, 8}, {2, 2, 2}};

} // namespace

std::span<const NodeStrategy> nodeStrategies()
{
    return kNodeStrategies;
}

Scenario withStrategy(Scenario scenario, const NodeStrategy& strategy)
{
    scenario.parallel.dp = strategy.dp;
    scenario.parallel.tp = strategy.tp;
    scenario.parallel.pp = strategy.pp;
    return scenario;
}

} // namespace simcore
