// 3-D parallel layout (simcore/models/parallellayout.h): Megatron-LM's rank order
// (megatron/core/parallel_state.py, initialize_model_parallel, whose docstring example is
// reproduced below), groups that partition the ranks, layers per stage, and node crossings
// checked by hand and against brute-force enumeration.
#include "simcore/models/parallellayout.h"

#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <set>
#include <vector>

using namespace simcore;

namespace {

LayoutParams layout(std::int64_t dp, std::int64_t tp, std::int64_t pp, std::int64_t perNode = 8,
                    std::int64_t layers = 32, std::int64_t v = 1)
{
    LayoutParams params;
    params.dp = dp;
    params.tp = tp;
    params.pp = pp;
    params.gpusPerNode = perNode;
    params.layers = layers;
    params.virtualStages = v;
    return params;
}

std::vector<std::int64_t> ranksOf(const GroupRanks& group)
{
    std::vector<std::int64_t> ranks;
    for (std::int64_t k = 0; k < group.size; ++k) {
        ranks.push_back(group.at(k));
    }
    return ranks;
}

// Enumerates every group of a kind by asking each rank for its group.
std::set<std::vector<std::int64_t>> allGroups(const LayoutParams& params, GroupKind kind)
{
    std::set<std::vector<std::int64_t>> groups;
    for (std::int64_t r = 0; r < totalGpus(params); ++r) {
        groups.insert(ranksOf(groupOf(params, kind, r)));
    }
    return groups;
}

// The brute-force version of summarizeLayout: look at every group and every hop.
LayoutSummary bruteForce(const LayoutParams& params)
{
    LayoutSummary s;
    s.gpus = totalGpus(params);
    std::set<std::int64_t> nodes;
    for (std::int64_t r = 0; r < s.gpus; ++r) {
        nodes.insert(nodeOf(params, r));
    }
    s.nodes = static_cast<std::int64_t>(nodes.size());
    const auto count = [&](GroupKind kind, GroupStats& stats, std::int64_t size) {
        stats.size = size;
        for (const auto& group : allGroups(params, kind)) {
            ++stats.count;
            std::set<std::int64_t> groupNodes;
            for (auto r : group) {
                groupNodes.insert(nodeOf(params, r));
            }
            stats.crossingNodes += groupNodes.size() > 1 ? 1 : 0;
        }
    };
    count(GroupKind::Tensor, s.tensor, params.tp);
    count(GroupKind::Data, s.data, params.dp);
    count(GroupKind::Pipeline, s.pipeline, params.pp);
    for (const auto& group : allGroups(params, GroupKind::Pipeline)) {
        for (std::size_t k = 0; k + 1 < group.size(); ++k) {
            ++s.pipeline.hops;
            s.pipeline.crossingHops +=
                nodeOf(params, group[k]) != nodeOf(params, group[k + 1]) ? 1 : 0;
        }
        if (params.virtualStages > 1 && group.size() > 1) {
            ++s.pipeline.hops; // last stage → first stage, next chunk
            s.pipeline.crossingHops +=
                nodeOf(params, group.back()) != nodeOf(params, group.front()) ? 1 : 0;
        }
    }
    return s;
}

} // namespace

TEST_CASE("Megatron-LM's example: 16 GPUs, tp = 2, pp = 4", "[layout]")
{
    // initialize_model_parallel's docstring: "8 data_parallel groups: [g0, g2], [g1, g3],
    // [g4, g6], [g5, g7], [g8, g10], [g9, g11], [g12, g14], [g13, g15]; 8 tensor
    // model-parallel groups: [g0, g1], [g2, g3], …, [g14, g15]; 4 pipeline model-parallel
    // groups: [g0, g4, g8, g12], [g1, g5, g9, g13], [g2, g6, g10, g14], [g3, g7, g11, g15]".
    const auto params = layout(2, 2, 4);
    REQUIRE(totalGpus(params) == 16);
    using G = std::vector<std::int64_t>;
    CHECK(allGroups(params, GroupKind::Data) ==
          std::set<G>{{0, 2}, {1, 3}, {4, 6}, {5, 7}, {8, 10}, {9, 11}, {12, 14}, {13, 15}});
    CHECK(allGroups(params, GroupKind::Tensor) ==
          std::set<G>{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}, {12, 13}, {14, 15}});
    CHECK(allGroups(params, GroupKind::Pipeline) ==
          std::set<G>{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}});
    // Rank 13: pipeline stage 3, replica 0, tensor shard 1; on the second DGX box of 8.
    CHECK(coordinatesOf(params, 13) == GpuCoordinates{13, 1, 5, 0, 1, 3});
    CHECK(rankOf(params, 0, 1, 3) == 13);
}

TEST_CASE("every rank appears once and the groups partition the ranks", "[layout]")
{
    std::mt19937_64 rng(0x1A70'0001);
    std::uniform_int_distribution<std::int64_t> degree(1, 6);
    std::uniform_int_distribution<std::int64_t> perNode(1, 10);
    for (int trial = 0; trial < 200; ++trial) {
        const auto params = layout(degree(rng), degree(rng), degree(rng), perNode(rng));
        INFO("dp " << params.dp << " tp " << params.tp << " pp " << params.pp << " per node "
                   << params.gpusPerNode);
        const std::int64_t n = totalGpus(params);
        REQUIRE(n == params.dp * params.tp * params.pp);
        // rankOf over every (dp, tp, pp) hits each rank 0 … n − 1 exactly once, and
        // coordinatesOf inverts it.
        std::vector<int> seen(static_cast<std::size_t>(n), 0);
        for (std::int64_t d = 0; d < params.dp; ++d) {
            for (std::int64_t t = 0; t < params.tp; ++t) {
                for (std::int64_t s = 0; s < params.pp; ++s) {
                    const std::int64_t r = rankOf(params, d, t, s);
                    REQUIRE(r >= 0);
                    REQUIRE(r < n);
                    ++seen[static_cast<std::size_t>(r)];
                    const auto c = coordinatesOf(params, r);
                    CHECK(c.dp == d);
                    CHECK(c.tp == t);
                    CHECK(c.pp == s);
                    CHECK(c.node * params.gpusPerNode + c.slot == r);
                }
            }
        }
        for (int count : seen) {
            REQUIRE(count == 1);
        }
        // Each kind of group: sizes t, d, p; n / size groups; every rank in exactly one; the
        // members of a group differ only in that group's own index.
        const struct {
            GroupKind kind;
            std::int64_t size;
        } kinds[] = {{GroupKind::Tensor, params.tp},
                     {GroupKind::Data, params.dp},
                     {GroupKind::Pipeline, params.pp}};
        for (const auto& kind : kinds) {
            const auto groups = allGroups(params, kind.kind);
            CHECK(static_cast<std::int64_t>(groups.size()) == n / kind.size);
            std::vector<int> member(static_cast<std::size_t>(n), 0);
            for (const auto& group : groups) {
                REQUIRE(static_cast<std::int64_t>(group.size()) == kind.size);
                const auto first = coordinatesOf(params, group.front());
                for (std::size_t k = 0; k < group.size(); ++k) {
                    ++member[static_cast<std::size_t>(group[k])];
                    const auto c = coordinatesOf(params, group[k]);
                    const auto index = static_cast<std::int64_t>(k);
                    if (kind.kind == GroupKind::Tensor) {
                        CHECK((c.tp == index && c.dp == first.dp && c.pp == first.pp));
                    } else if (kind.kind == GroupKind::Data) {
                        CHECK((c.dp == index && c.tp == first.tp && c.pp == first.pp));
                    } else {
                        CHECK((c.pp == index && c.dp == first.dp && c.tp == first.tp));
                    }
                }
            }
            for (int count : member) {
                REQUIRE(count == 1);
            }
        }
    }
}

TEST_CASE("node crossings by hand", "[layout]")
{
    SECTION("dp 2 × tp 8 × pp 2 on 8-GPU nodes: tensor inside, the rest across")
    {
        // 32 GPUs, 4 nodes. Tensor groups [0–7], [8–15], … are whole nodes. Data groups
        // {s·16 + t, s·16 + 8 + t} join node 2s to node 2s + 1; pipelines {b, b + 16} join
        // node 0/1 to node 2/3: all cross.
        const auto s = summarizeLayout(layout(2, 8, 2));
        CHECK(s.gpus == 32);
        CHECK(s.nodes == 4);
        CHECK(s.tensor == GroupStats{8, 4, 0, 0, 0});
        CHECK(s.data == GroupStats{2, 16, 16, 0, 0});
        CHECK(s.pipeline == GroupStats{2, 16, 16, 16, 16});
    }
    SECTION("dp 4 × tp 2 in one node: nothing crosses")
    {
        const auto s = summarizeLayout(layout(4, 2, 1));
        CHECK(s.nodes == 1);
        CHECK(s.tensor.crossingNodes == 0);
        CHECK(s.data.crossingNodes == 0);
        CHECK(s.pipeline.hops == 0);
    }
    SECTION("tp 8 on 4-GPU nodes: every tensor group spans two nodes")
    {
        const auto params = layout(1, 8, 2, 4);
        const auto s = summarizeLayout(params);
        CHECK(s.tensor == GroupStats{8, 2, 2, 0, 0});
        CHECK(crossesNodes(params, groupOf(params, GroupKind::Tensor, 5)));
    }
    SECTION("dp 3 × tp 2 on 3-GPU nodes: nodes {0,1,2} {3,4,5}")
    {
        // Tensor groups [0,1] no, [2,3] yes, [4,5] no; data groups {0,2,4} and {1,3,5} both
        // span the two nodes.
        const auto params = layout(3, 2, 1, 3);
        const auto s = summarizeLayout(params);
        CHECK(s.tensor.crossingNodes == 1);
        CHECK(s.data.crossingNodes == 2);
        CHECK_FALSE(crossesNodes(params, groupOf(params, GroupKind::Tensor, 0)));
        CHECK(crossesNodes(params, groupOf(params, GroupKind::Tensor, 3)));
    }
    SECTION("pipeline 4 × dp 1 × tp 1 on 2-GPU nodes: one hop of three crosses, and the "
            "interleaved wrap-around too")
    {
        // Ranks 0 1 | 2 3: hops 0→1 inside, 1→2 across, 2→3 inside; v = 2 adds 3→0, across.
        CHECK(summarizeLayout(layout(1, 1, 4, 2)).pipeline == GroupStats{4, 1, 1, 3, 1});
        CHECK(summarizeLayout(layout(1, 1, 4, 2, 32, 2)).pipeline == GroupStats{4, 1, 1, 4, 2});
    }
}

TEST_CASE("summarizeLayout agrees with brute force", "[layout]")
{
    std::mt19937_64 rng(0x1A70'0002);
    std::uniform_int_distribution<std::int64_t> degree(1, 9);
    std::uniform_int_distribution<std::int64_t> perNode(1, 16);
    std::uniform_int_distribution<std::int64_t> chunks(1, 3);
    for (int trial = 0; trial < 300; ++trial) {
        const auto params =
            layout(degree(rng), degree(rng), degree(rng), perNode(rng), 64, chunks(rng));
        INFO("dp " << params.dp << " tp " << params.tp << " pp " << params.pp << " per node "
                   << params.gpusPerNode << " v " << params.virtualStages);
        const auto fast = summarizeLayout(params);
        const auto slow = bruteForce(params);
        CHECK(fast.gpus == slow.gpus);
        CHECK(fast.nodes == slow.nodes);
        CHECK(fast.tensor == slow.tensor);
        CHECK(fast.data == slow.data);
        CHECK(fast.pipeline == slow.pipeline);
    }
    // 1024 GPUs = dp 16 × tp 8 × pp 8 on DGX nodes of 8: tensor groups are whole nodes, data
    // groups and pipelines all cross (each rank of a group is ≥ 8 ranks from the next).
    const auto big = layout(16, 8, 8);
    const auto fast = summarizeLayout(big);
    const auto slow = bruteForce(big);
    CHECK(fast.tensor == slow.tensor);
    CHECK(fast.data == slow.data);
    CHECK(fast.pipeline == slow.pipeline);
    CHECK(fast.tensor == GroupStats{8, 128, 0, 0, 0});
    CHECK(fast.data == GroupStats{16, 64, 64, 0, 0});
    CHECK(fast.pipeline == GroupStats{8, 128, 128, 896, 896});
}

TEST_CASE("the largest layout is summarised without enumerating it", "[layout]")
{
    // dp 1e6 × tp 1024 × pp 1024 (every key at its maximum) = 1,048,576,000,000 GPUs on nodes of
    // 8: every group of every kind spans nodes (tp = 1024 > 8).
    const auto s = summarizeLayout(layout(1'000'000, 1024, 1024));
    CHECK(s.gpus == 1'048'576'000'000);
    CHECK(s.nodes == 131'072'000'000);
    CHECK(s.tensor.count == 1'024'000'000);
    CHECK(s.tensor.crossingNodes == s.tensor.count);
    CHECK(s.data.crossingNodes == s.data.count);
    CHECK(s.pipeline.crossingHops == 1023 * 1'024'000'000LL);
}

TEST_CASE("layers per stage", "[layout]")
{
    // Megatron-LM's docstring: 16 layers, pp = 4, virtual size 2 → "GPU 0: [1, 2] [9, 10]
    // GPU 1: [3, 4] [11, 12] GPU 2: [5, 6] [13, 14] GPU 3: [7, 8] [15, 16]".
    const auto interleaved = layout(1, 1, 4, 8, 16, 2);
    CHECK(pipelineRankLayers(interleaved, 0) == std::vector<LayerSpan>{{1, 2}, {9, 10}});
    CHECK(pipelineRankLayers(interleaved, 1) == std::vector<LayerSpan>{{3, 4}, {11, 12}});
    CHECK(pipelineRankLayers(interleaved, 3) == std::vector<LayerSpan>{{7, 8}, {15, 16}});
    // The lesson's 32 layers on 4 stages: 8 each.
    const auto plain = layout(1, 1, 4);
    CHECK(pipelineRankLayers(plain, 2) == std::vector<LayerSpan>{{17, 24}});
    // 10 layers on 4 stages: 3, 3, 2, 2 (the first L mod p stages take one more).
    const auto uneven = layout(1, 1, 4, 8, 10);
    CHECK(virtualStageLayers(uneven, 0) == LayerSpan{1, 3});
    CHECK(virtualStageLayers(uneven, 1) == LayerSpan{4, 6});
    CHECK(virtualStageLayers(uneven, 2) == LayerSpan{7, 8});
    CHECK(virtualStageLayers(uneven, 3) == LayerSpan{9, 10});

    // Any p, v, L ≥ p·v: the virtual stages cover 1 … L in order, each at least one layer,
    // sizes differing by at most one.
    std::mt19937_64 rng(0x1A70'0003);
    std::uniform_int_distribution<std::int64_t> small(1, 12);
    for (int trial = 0; trial < 300; ++trial) {
        const std::int64_t p = small(rng);
        const std::int64_t v = small(rng) % 4 + 1;
        const std::int64_t layers = p * v + small(rng) * small(rng);
        const auto params = layout(1, 1, p, 8, layers, v);
        REQUIRE_FALSE(checkLayout(params).has_value());
        std::int64_t next = 1;
        std::int64_t smallest = layers;
        std::int64_t largest = 0;
        for (std::int64_t k = 0; k < p * v; ++k) {
            const auto span = virtualStageLayers(params, k);
            CHECK(span.first == next);
            CHECK(span.count() >= 1);
            smallest = std::min(smallest, span.count());
            largest = std::max(largest, span.count());
            next = span.last + 1;
        }
        CHECK(next == layers + 1);
        CHECK(largest - smallest <= 1);
    }
}

TEST_CASE("layouts that cannot be drawn name the key", "[layout]")
{
    using K = ScenarioError::Kind;
    CHECK_FALSE(checkLayout(layout(2, 2, 2)).has_value());
    auto error = checkLayout(layout(1, 1, 33)); // 33 stages, 32 layers
    REQUIRE(error.has_value());
    CHECK(error->kind == K::Inconsistent);
    CHECK(error->key == "parallel.pp");
    error = checkLayout(layout(1, 1, 4, 8, 32, 9)); // 36 chunks, 32 layers
    REQUIRE(error.has_value());
    CHECK(error->key == "parallel.virtual_stages");
    error = checkLayout(layout(0, 1, 1));
    REQUIRE(error.has_value());
    CHECK(error->kind == K::OutOfRange);
    CHECK(error->key == "parallel.dp");
    error = checkLayout(layout(1, 1, 1, 0));
    REQUIRE(error.has_value());
    CHECK(error->key == "hardware.gpus_per_node");
}

TEST_CASE("scenario mapping of the layout", "[layout]")
{
    Scenario s;
    s.parallel.dp = 3;
    s.parallel.tp = 2;
    s.parallel.pp = 4;
    s.hardware.gpusPerNode = 4;
    s.model.layers = 24;
    s.parallel.virtualStages = 3;
    s.parallel.schedule = PipelineSchedule::OneFOneB;
    CHECK(layoutParamsFromScenario(s) == layout(3, 2, 4, 4, 24, 1)); // v only when interleaved
    s.parallel.schedule = PipelineSchedule::Interleaved;
    CHECK(layoutParamsFromScenario(s) == layout(3, 2, 4, 4, 24, 3));
}

TEST_CASE("the node strategies fill one node of 8 GPUs and change only the degrees", "[layout]")
{
    // The Parallelism panel's buttons: DP, TP, PP alone, then 2 x 2 x 2 (hand count: 8 each).
    REQUIRE(simcore::nodeStrategies().size() == 4);
    for (const auto& strategy : simcore::nodeStrategies()) {
        CHECK(strategy.dp * strategy.tp * strategy.pp == 8);
        const simcore::Scenario base;
        simcore::Scenario expected = base;
        expected.parallel.dp = strategy.dp;
        expected.parallel.tp = strategy.tp;
        expected.parallel.pp = strategy.pp;
        CHECK(simcore::withStrategy(base, strategy) == expected);
    }
}
