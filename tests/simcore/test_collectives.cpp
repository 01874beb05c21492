// Collective cost models (MODELS §4) against hand calculations, nccl-tests bus bandwidth
// (doc/PERFORMANCE.md), and the link catalogue (MODELS §7).
#include "fixtures.h"
#include "simcore/models/collectives.h"
#include "simcore/models/links.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <set>
#include <string>

using namespace simcore;

namespace {

using testing::oneNode;
using testing::twoLevel;

constexpr double kRelative = 1e-12; // each model is a handful of floating-point operations

constexpr std::array kOps{CollectiveOp::AllReduce, CollectiveOp::ReduceScatter,
                          CollectiveOp::AllGather, CollectiveOp::Broadcast};

} // namespace

TEST_CASE("collectives: ring all-reduce, reduce-scatter, all-gather, broadcast by hand",
          "[collectives]")
{
    // MODELS §4 (Thakur, Rabenseifner & Gropp 2005), n = 4 on one node, α = 5 µs, S/B = 0.01 s.
    const auto p = oneNode(4);
    // All-reduce: 2(n−1)α + 2(n−1)/n·S/B = 6·5e-6 + 1.5·0.01 = 3e-5 + 0.015 = 0.01503 s.
    const auto ar = collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, p);
    REQUIRE_FALSE(ar.error);
    CHECK(ar.latencySeconds == Approx(3e-5).epsilon(kRelative));
    CHECK(ar.bandwidthSeconds == Approx(0.015).epsilon(kRelative));
    CHECK(ar.seconds == Approx(0.01503).epsilon(kRelative));
    // Each worker sends 2·(3/4)·1e9 = 1.5e9 bytes; 2(n−1) = 6 steps.
    CHECK(ar.bytesSentPerWorker == Approx(1.5e9).epsilon(kRelative));
    CHECK(ar.totalBytesSent == Approx(6e9).epsilon(kRelative));
    CHECK(ar.steps == 6);
    // nccl-tests: algbw = 1e9 / 0.01503 = 66.5335994677e9 B/s; busbw = algbw · 2·3/4
    // = 99.8003992016e9 B/s.
    CHECK(ar.algbwBytesPerSecond == Approx(66.5335994677e9).epsilon(1e-10));
    CHECK(ar.busbwBytesPerSecond == Approx(99.8003992016e9).epsilon(1e-10));

    // Reduce-scatter and all-gather: (n−1)α + (n−1)/n·S/B = 1.5e-5 + 0.0075 = 0.007515 s,
    // 0.75e9 bytes per worker, 3 steps.
    for (const auto op : {CollectiveOp::ReduceScatter, CollectiveOp::AllGather}) {
        const auto half = collectiveCost(CommAlgorithm::Ring, op, p);
        CHECK(half.seconds == Approx(0.007515).epsilon(kRelative));
        CHECK(half.bytesSentPerWorker == Approx(0.75e9).epsilon(kRelative));
        CHECK(half.steps == 3);
    }
    // Broadcast, pipelined chain: (n−1)α + S/B = 1.5e-5 + 0.01 = 0.010015 s.
    const auto bc = collectiveCost(CommAlgorithm::Ring, CollectiveOp::Broadcast, p);
    CHECK(bc.seconds == Approx(0.010015).epsilon(kRelative));
    CHECK(bc.steps == 3);
}

TEST_CASE("collectives: a flat ring across nodes runs at the slowest link", "[collectives]")
{
    // MODELS §4. n = 16 over two 8-GPU nodes: α = max(2e-6, 1e-5) = 1e-5, B = min = 50e9.
    // 2·15·1e-5 + 2·(15/16)·1.6e9/50e9 = 3e-4 + 0.06 = 0.0603 s.
    const auto cost = collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, twoLevel(16));
    CHECK(cost.seconds == Approx(0.0603).epsilon(kRelative));
    // Eight GPUs stay on NVLink-class intra: 2·7·2e-6 + 2·(7/8)·1.6e9/400e9 = 2.8e-5 + 0.007.
    const auto inside = collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, twoLevel(8));
    CHECK(inside.seconds == Approx(0.007028).epsilon(kRelative));
    CHECK(slowestLink({2e-6, 400e9}, {1e-5, 50e9}) == Link{1e-5, 50e9});
}

TEST_CASE("collectives: binomial tree all-reduce and broadcast by hand", "[collectives]")
{
    // MODELS §4: 2·⌈log₂n⌉·(α + S/B). n = 4: 2·2·(5e-6 + 0.01) = 0.04002 s.
    const auto four = collectiveCost(CommAlgorithm::Tree, CollectiveOp::AllReduce, oneNode(4));
    CHECK(four.seconds == Approx(0.04002).epsilon(kRelative));
    CHECK(four.steps == 4);
    // n = 5: ⌈log₂5⌉ = 3 → 6·0.010005 = 0.06003 s; total bytes 2(n−1)S = 8e9, average 1.6e9.
    const auto five = collectiveCost(CommAlgorithm::Tree, CollectiveOp::AllReduce, oneNode(5));
    CHECK(five.seconds == Approx(0.06003).epsilon(kRelative));
    CHECK(five.steps == 6);
    CHECK(five.totalBytesSent == Approx(8e9).epsilon(kRelative));
    CHECK(five.bytesSentPerWorker == Approx(1.6e9).epsilon(kRelative));
    // Broadcast alone: ⌈log₂5⌉·(α + S/B) = 3·0.010005 = 0.030015 s; busbw factor 1.
    const auto bc = collectiveCost(CommAlgorithm::Tree, CollectiveOp::Broadcast, oneNode(5));
    CHECK(bc.seconds == Approx(0.030015).epsilon(kRelative));
    CHECK(bc.busbwBytesPerSecond == Approx(1e9 / 0.030015).epsilon(kRelative));
    // The tree defines no reduce-scatter or all-gather: an error value, not a number.
    for (const auto op : {CollectiveOp::ReduceScatter, CollectiveOp::AllGather}) {
        const auto none = collectiveCost(CommAlgorithm::Tree, op, oneNode(4));
        REQUIRE(none.error);
        CHECK(none.error->kind == CollectiveError::Kind::NotDefined);
        CHECK(none.seconds == 0.0);
    }
}

TEST_CASE("collectives: naive all-to-all by hand: bytes grow with n", "[collectives]")
{
    // MODELS §4: (n−1)α + (n−1)·S/B. n = 4: 1.5e-5 + 0.03 = 0.030015 s; each sends 3e9 bytes.
    const auto ar = collectiveCost(CommAlgorithm::Naive, CollectiveOp::AllReduce, oneNode(4));
    CHECK(ar.seconds == Approx(0.030015).epsilon(kRelative));
    CHECK(ar.bytesSentPerWorker == Approx(3e9).epsilon(kRelative));
    // Broadcast: the root sends S to each of 3: 3·(α + S/B) = 0.030015 s; average 3e9/4.
    const auto bc = collectiveCost(CommAlgorithm::Naive, CollectiveOp::Broadcast, oneNode(4));
    CHECK(bc.seconds == Approx(0.030015).epsilon(kRelative));
    CHECK(bc.bytesSentPerWorker == Approx(0.75e9).epsilon(kRelative));
    // Seed lesson §3a: the ring's bytes per worker stay below 2S for every n, the naive
    // exchange's are (n−1)·S.
    for (std::int64_t n : {2, 8, 64, 1024}) {
        auto p = oneNode(n);
        p.gpusPerNode = 4096;
        const auto ringCost = collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, p);
        const auto naiveCost = collectiveCost(CommAlgorithm::Naive, CollectiveOp::AllReduce, p);
        CHECK(ringCost.bytesSentPerWorker < 2e9);
        CHECK(naiveCost.bytesSentPerWorker == Approx(static_cast<double>(n - 1) * 1e9));
    }
}

TEST_CASE("collectives: Rabenseifner halving/doubling by hand", "[collectives]")
{
    // Thakur, Rabenseifner & Gropp 2005; MODELS §4: 2·log₂n·α + 2·((n−1)/n)·S/B.
    // n = 8: 6·5e-6 + 1.75·0.01 = 3e-5 + 0.0175 = 0.01753 s, 6 steps, 1.75e9 bytes each.
    const auto ar =
        collectiveCost(CommAlgorithm::Rabenseifner, CollectiveOp::AllReduce, oneNode(8));
    CHECK(ar.seconds == Approx(0.01753).epsilon(kRelative));
    CHECK(ar.steps == 6);
    CHECK(ar.bytesSentPerWorker == Approx(1.75e9).epsilon(kRelative));
    // Reduce-scatter alone: log₂8·α + (7/8)·S/B = 1.5e-5 + 0.00875 = 0.008765 s.
    const auto rs =
        collectiveCost(CommAlgorithm::Rabenseifner, CollectiveOp::ReduceScatter, oneNode(8));
    CHECK(rs.seconds == Approx(0.008765).epsilon(kRelative));
    // Broadcast = binomial scatter + doubling all-gather: 2·3·α + 2·(7/8)·S/B = 0.01753 s;
    // bytes: scatter 3·S/2 = 1.5e9, all-gather 7e9, average 8.5e9/8 = 1.0625e9.
    const auto bc =
        collectiveCost(CommAlgorithm::Rabenseifner, CollectiveOp::Broadcast, oneNode(8));
    CHECK(bc.seconds == Approx(0.01753).epsilon(kRelative));
    CHECK(bc.bytesSentPerWorker == Approx(1.0625e9).epsilon(kRelative));
    // n = 6 is not a power of two: MPICH folds r = 2 workers into n' = 4 (Thakur et al. 2005):
    // (2·2 + 2)·α + (2·3/4 + 2)·S/B = 3e-5 + 0.035 = 0.03503 s, 6 steps;
    // bytes: 2 folds + 2 returns of 1e9, plus 2·3·1e9 among the four = 10e9, average 10e9/6.
    auto six = oneNode(6);
    const auto folded = collectiveCost(CommAlgorithm::Rabenseifner, CollectiveOp::AllReduce, six);
    CHECK(folded.seconds == Approx(0.03503).epsilon(kRelative));
    CHECK(folded.steps == 6);
    CHECK(folded.bytesSentPerWorker == Approx(10e9 / 6).epsilon(kRelative));
    const auto rs6 = collectiveCost(CommAlgorithm::Rabenseifner, CollectiveOp::ReduceScatter, six);
    REQUIRE(rs6.error);
    CHECK(rs6.error->kind == CollectiveError::Kind::NeedsPowerOfTwo);
}

TEST_CASE("collectives: parameter server by hand", "[collectives]")
{
    // MODELS §4: 2·n·S/B_server (+ one α for the push and one for the pull).
    // n = 4: 2·5e-6 + 8·0.01 = 0.08001 s; each worker sends S; the server sends n·S.
    const auto ar =
        collectiveCost(CommAlgorithm::ParameterServer, CollectiveOp::AllReduce, oneNode(4));
    CHECK(ar.seconds == Approx(0.08001).epsilon(kRelative));
    CHECK(ar.bytesSentPerWorker == Approx(1e9).epsilon(kRelative));
    CHECK(ar.totalBytesSent == Approx(8e9).epsilon(kRelative));
    CHECK(ar.steps == 2);
    // Reduce-scatter: push n·S, pull S: 2α + 5·S/B = 0.05001 s. Broadcast: α + 4·S/B = 0.040005.
    CHECK(collectiveCost(CommAlgorithm::ParameterServer, CollectiveOp::ReduceScatter, oneNode(4))
              .seconds == Approx(0.05001).epsilon(kRelative));
    CHECK(collectiveCost(CommAlgorithm::ParameterServer, CollectiveOp::Broadcast, oneNode(4))
              .seconds == Approx(0.040005).epsilon(kRelative));
    // The server link is the bottleneck: time grows linearly with n, the ring's does not.
    CHECK(collectiveCost(CommAlgorithm::ParameterServer, CollectiveOp::AllReduce, oneNode(8))
              .seconds > 1.9 * ar.seconds);
}

TEST_CASE("collectives: hierarchical all-reduce by hand", "[collectives]")
{
    // MODELS §4. n = 16, g = 8, k = 2, S = 1.6e9:
    // intra RS + AG: 2·7·2e-6 + 2·(7/8)·1.6e9/400e9 = 2.8e-5 + 0.007;
    // inter all-reduce of S/g = 0.2e9 over 2 nodes: 2·1·1e-5 + 2·(1/2)·0.2e9/50e9 = 2e-5 + 0.004.
    // Total 4.8e-5 + 0.011 = 0.011048 s; 2·7 + 2·1 = 16 steps; bytes 2·(15/16)·1.6e9 = 3e9.
    const auto ar =
        collectiveCost(CommAlgorithm::Hierarchical, CollectiveOp::AllReduce, twoLevel(16));
    CHECK(ar.latencySeconds == Approx(4.8e-5).epsilon(kRelative));
    CHECK(ar.bandwidthSeconds == Approx(0.011).epsilon(kRelative));
    CHECK(ar.seconds == Approx(0.011048).epsilon(kRelative));
    CHECK(ar.steps == 16);
    CHECK(ar.bytesSentPerWorker == Approx(3e9).epsilon(kRelative));
    // Far faster than the flat ring on the same cluster (0.0603 s, above).
    CHECK(ar.seconds < 0.2 * 0.0603);
    // Reduce-scatter: 7·2e-6 + 1e-5 + (7/8)·0.004 + (1/2)·0.2e9/50e9 = 2.4e-5 + 0.0055.
    const auto rs =
        collectiveCost(CommAlgorithm::Hierarchical, CollectiveOp::ReduceScatter, twoLevel(16));
    CHECK(rs.seconds == Approx(0.005524).epsilon(kRelative));
    // Broadcast: chain over nodes, then in each node: 1e-5 + 7·2e-6 + 1.6e9/50e9 + 1.6e9/400e9
    // = 2.4e-5 + 0.036 = 0.036024 s.
    const auto bc =
        collectiveCost(CommAlgorithm::Hierarchical, CollectiveOp::Broadcast, twoLevel(16));
    CHECK(bc.seconds == Approx(0.036024).epsilon(kRelative));
    // n = 12: the second node holds r = 4 GPUs, each carrying ⌈8/4⌉ = 2 shards of 0.2e9 across
    // nodes: 4.8e-5 + 0.007 + 2·(1/2)·0.4e9/50e9 = 4.8e-5 + 0.015 = 0.015048 s.
    const auto uneven =
        collectiveCost(CommAlgorithm::Hierarchical, CollectiveOp::AllReduce, twoLevel(12));
    CHECK(uneven.seconds == Approx(0.015048).epsilon(kRelative));
    // Total bytes stay 2(n−1)·S as for the ring: 2·11·1.6e9 = 35.2e9.
    CHECK(uneven.totalBytesSent == Approx(35.2e9).epsilon(kRelative));
}

TEST_CASE("collectives: hierarchical equals the flat ring on one node", "[collectives]")
{
    // MODELS §4: with k = 1 the inter-node phase vanishes and the two intra halves are the ring.
    for (std::int64_t n = 1; n <= 8; ++n) {
        for (const auto op : kOps) {
            INFO("n = " << n << ", op = " << static_cast<int>(op));
            const auto flat = collectiveCost(CommAlgorithm::Ring, op, twoLevel(n));
            const auto hier = collectiveCost(CommAlgorithm::Hierarchical, op, twoLevel(n));
            CHECK(hier.seconds == Approx(flat.seconds).epsilon(kRelative));
            CHECK(hier.bytesSentPerWorker == Approx(flat.bytesSentPerWorker).epsilon(kRelative));
            CHECK(hier.steps == flat.steps);
        }
    }
}

TEST_CASE("collectives: ring bus bandwidth equals the link bandwidth at zero latency",
          "[collectives]")
{
    // MODELS §4 / nccl-tests doc/PERFORMANCE.md: at α = 0 a ring's busbw is B, for every n,
    // for all-reduce, reduce-scatter, all-gather (and the pipelined broadcast). Power-of-two
    // Rabenseifner moves the same bytes, so the same holds.
    for (std::int64_t n : {2, 3, 4, 7, 8, 16, 64, 1000, 4096}) {
        for (bool acrossNodes : {false, true}) {
            CollectiveParams p;
            p.workers = n;
            p.bytes = 3.7e8;
            p.intra = {0.0, 300e9};
            p.inter = {0.0, 25e9};
            p.gpusPerNode = acrossNodes ? 2 : 4096;
            const double expected = (acrossNodes && n > 2) ? 25e9 : 300e9;
            for (const auto op : kOps) {
                INFO("n = " << n << ", op = " << static_cast<int>(op)
                            << ", across = " << acrossNodes);
                const auto cost = collectiveCost(CommAlgorithm::Ring, op, p);
                CHECK(std::abs(cost.busbwBytesPerSecond / expected - 1) <= 1e-12);
                if ((n & (n - 1)) == 0) {
                    const auto rab = collectiveCost(CommAlgorithm::Rabenseifner, op, p);
                    if (op != CollectiveOp::Broadcast) {
                        CHECK(std::abs(rab.busbwBytesPerSecond / expected - 1) <= 1e-12);
                    }
                }
            }
        }
    }
}

TEST_CASE("collectives: bus bandwidth factors are nccl-tests'", "[collectives]")
{
    // nccl-tests doc/PERFORMANCE.md: 2(n−1)/n all-reduce, (n−1)/n reduce-scatter and
    // all-gather, 1 broadcast. n = 8: 1.75, 0.875, 0.875, 1.
    CHECK(busBandwidthFactor(CollectiveOp::AllReduce, 8) == 1.75);
    CHECK(busBandwidthFactor(CollectiveOp::ReduceScatter, 8) == 0.875);
    CHECK(busBandwidthFactor(CollectiveOp::AllGather, 8) == 0.875);
    CHECK(busBandwidthFactor(CollectiveOp::Broadcast, 8) == 1.0);
    CHECK(busBandwidthFactor(CollectiveOp::AllReduce, 1) == 0.0);
}

TEST_CASE("collectives: one worker and empty messages are finite", "[collectives]")
{
    // n = 1: nothing to exchange, no division by zero (MODELS §4 at n = 1).
    for (const auto algorithm : allCommAlgorithms()) {
        for (const auto op : kOps) {
            INFO(std::string(commAlgorithmId(algorithm)) << " op " << static_cast<int>(op));
            const auto one = collectiveCost(algorithm, op, oneNode(1));
            CHECK_FALSE(one.error);
            CHECK(one.seconds == 0.0);
            CHECK(one.bytesSentPerWorker == 0.0);
            CHECK(one.steps == 0);
            CHECK(one.algbwBytesPerSecond == 0.0);
            CHECK(one.busbwBytesPerSecond == 0.0);

            // S = 0: only latency is left; algbw = 0 / t = 0.
            auto empty = oneNode(8);
            empty.bytes = 0;
            const auto zero = collectiveCost(algorithm, op, empty);
            if (!zero.error) {
                CHECK(std::isfinite(zero.seconds));
                CHECK(zero.bandwidthSeconds == 0.0);
                CHECK(zero.bytesSentPerWorker == 0.0);
                CHECK(zero.algbwBytesPerSecond == 0.0);
            }
            // S = 0 and α = 0: zero time, zero bandwidth figures, still finite.
            empty.intra.latencySeconds = 0;
            const auto nothing = collectiveCost(algorithm, op, empty);
            CHECK(nothing.seconds == 0.0);
            CHECK(std::isfinite(nothing.busbwBytesPerSecond));
        }
    }
}

TEST_CASE("collectives: bad inputs are error values naming the field", "[collectives]")
{
    using Kind = CollectiveError::Kind;
    auto p = oneNode(4);
    p.workers = 0;
    CHECK(collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, p).error->kind ==
          Kind::InvalidWorkers);
    p = oneNode(4);
    p.bytes = -1;
    CHECK(validateCollective(p)->kind == Kind::InvalidBytes);
    p.bytes = std::numeric_limits<double>::quiet_NaN();
    CHECK(validateCollective(p)->field == "bytes");
    p = oneNode(4);
    p.intra.bandwidthBytesPerSecond = 0;
    CHECK(validateCollective(p)->field == "intra");
    p = oneNode(4);
    p.inter.latencySeconds = -1e-6;
    CHECK(validateCollective(p)->field == "inter");
    p = oneNode(4);
    p.gpusPerNode = 0;
    CHECK(validateCollective(p)->kind == Kind::InvalidGpusPerNode);
    CHECK_FALSE(validateCollective(oneNode(4)));
}

TEST_CASE("collectives: all-reduce from the scenario's keys", "[collectives]")
{
    // Scenario defaults (scenario.h): ring, 8 workers, 1e9 bytes, 8 GPUs per node on NVLink 4
    // (the catalogue's 3.4 µs, 450e9 B/s): 2·7·3.4e-6 + 2·(7/8)·1e9/450e9 = 4.76e-5 +
    // 0.0038888… = 0.0039364888… s.
    Scenario scenario;
    const auto cost = allReduceFromScenario(scenario);
    CHECK(cost.seconds == Approx(0.003936488888888889).epsilon(kRelative));
    CHECK(cost.steps == 14);
    // Hierarchical over 16 workers, defaults otherwise (NDR: 9.6 µs, 50e9 B/s):
    // 4.76e-5 + 0.0038888… + 2·9.6e-6 + 2·(1/2)·(1e9/8)/50e9 = 6.68e-5 + 0.0038888… + 0.0025.
    scenario.collective.algorithm = CommAlgorithm::Hierarchical;
    scenario.collective.workers = 16;
    CHECK(allReduceFromScenario(scenario).seconds ==
          Approx(6.68e-5 + 1.75e9 / 450e9 + 0.0025).epsilon(kRelative));
    // The key offers the model's first four algorithms, by their ids.
    const KeyInfo* key = findKey("collective.algorithm");
    REQUIRE(key != nullptr);
    REQUIRE(key->choices.size() == 4);
    for (std::size_t i = 0; i < key->choices.size(); ++i) {
        CHECK(key->choices[i] == commAlgorithmId(allCommAlgorithms()[i]));
    }
}

TEST_CASE("links: catalogue: MODELS §7 rates, one direction per GPU", "[links]")
{
    // MODELS §7: PCIe 4.0 x16 ≈ 32 GB/s, 5.0 ≈ 64 GB/s (128b/130b encoding gives 31.5 and 63.0);
    // NVLink 4 450 GB/s one way of 900; InfiniBand HDR 25, NDR 50, XDR 100 GB/s; 100 GbE 12.5.
    const auto bandwidth = [](std::string_view id) {
        const LinkSpec* spec = findLink(id);
        REQUIRE(spec != nullptr);
        return spec->link.bandwidthBytesPerSecond;
    };
    CHECK(bandwidth("pcie4-x16") == Approx(32e9).epsilon(0.02));
    CHECK(bandwidth("pcie4-x16") == Approx(16e9 * 16 * 128 / 130 / 8).epsilon(kRelative));
    CHECK(bandwidth("pcie5-x16") == Approx(64e9).epsilon(0.02));
    CHECK(bandwidth("nvlink3") == 300e9); // A100 whitepaper: 600 GB/s both directions
    CHECK(bandwidth("nvlink4") == 450e9);
    CHECK(bandwidth("nvlink5") == 900e9); // B200: 1.8 TB/s both directions
    CHECK(bandwidth("ib-hdr") == 25e9);
    CHECK(bandwidth("ib-ndr") == 50e9);
    CHECK(bandwidth("ib-xdr") == 100e9);
    CHECK(bandwidth("eth-100g") == 12.5e9);
    CHECK(bandwidth("eth-400g") == 50e9);
    CHECK(findLink("nvlink9") == nullptr);
    CHECK(kLinkBandwidthConvention == "one direction, per GPU");

    std::set<std::string_view> ids;
    for (const auto& entry : linkCatalogue()) {
        INFO(std::string(entry.id));
        CHECK(ids.insert(entry.id).second);
        CHECK_FALSE(entry.name.empty());
        CHECK_FALSE(entry.source.empty());
        CHECK(entry.link.latencySeconds > 0);
        CHECK(entry.link.latencySeconds < 1e-4);
    }
    CHECK(ids.size() == 10);
    // Every NVLink beats every network port: the node boundary is a cliff (SPEC, Topology).
    CHECK(bandwidth("nvlink3") > bandwidth("ib-xdr"));
}

TEST_CASE("collectives: naive and parameter-server halves by hand", "[collectives]")
{
    // MODELS §4 conventions (collectives.h): naive reduce-scatter / all-gather send each peer its
    // S/n share one after another: (n−1)α + (n−1)/n·S/B. n = 4, α = 5 µs, S/B = 0.01 s:
    // 1.5e-5 + 0.0075 = 0.007515 s, 0.75e9 bytes per worker, 3 steps — the ring's numbers.
    for (const auto op : {CollectiveOp::ReduceScatter, CollectiveOp::AllGather}) {
        const auto half = collectiveCost(CommAlgorithm::Naive, op, oneNode(4));
        CHECK(half.seconds == Approx(0.007515).epsilon(kRelative));
        CHECK(half.bytesSentPerWorker == Approx(0.75e9).epsilon(kRelative));
        CHECK(half.steps == 3);
    }
    // Parameter-server all-gather: push S/n from each (S into the server), pull S each (n·S
    // out): 2α + (n+1)·S/B = 1e-5 + 0.05 = 0.05001 s; each worker sends S/n = 0.25e9.
    const auto ag =
        collectiveCost(CommAlgorithm::ParameterServer, CollectiveOp::AllGather, oneNode(4));
    CHECK(ag.seconds == Approx(0.05001).epsilon(kRelative));
    CHECK(ag.bytesSentPerWorker == Approx(0.25e9).epsilon(kRelative));
    CHECK(ag.totalBytesSent == Approx(5e9).epsilon(kRelative));
    // Hierarchical all-gather mirrors its reduce-scatter: 0.005524 s on twoLevel(16).
    CHECK(collectiveCost(CommAlgorithm::Hierarchical, CollectiveOp::AllGather, twoLevel(16))
              .seconds == Approx(0.005524).epsilon(kRelative));
}

TEST_CASE("collectives: hierarchical equals the flat ring whenever one node holds everyone",
          "[collectives]")
{
    // MODELS §4: with k = 1 node the inter-node phase vanishes. For every n up to 64 and any
    // g ≥ n, all four operations, time, bytes and steps agree with the ring on the intra link.
    for (std::int64_t n = 1; n <= 64; ++n) {
        for (const std::int64_t g : {n, std::int64_t{64}, std::int64_t{1024}}) {
            auto p = twoLevel(n);
            p.gpusPerNode = g;
            for (const auto op : kOps) {
                INFO("n = " << n << ", g = " << g << ", op = " << static_cast<int>(op));
                const auto flat = collectiveCost(CommAlgorithm::Ring, op, p);
                const auto hier = collectiveCost(CommAlgorithm::Hierarchical, op, p);
                CHECK(hier.seconds == Approx(flat.seconds).epsilon(kRelative));
                CHECK(hier.bytesSentPerWorker ==
                      Approx(flat.bytesSentPerWorker).epsilon(kRelative));
                CHECK(hier.busbwBytesPerSecond ==
                      Approx(flat.busbwBytesPerSecond).epsilon(kRelative));
                CHECK(hier.steps == flat.steps);
            }
        }
    }
}

TEST_CASE("collectives: flat link, hierarchy shape and scenario parameters", "[collectives]")
{
    // MODELS §4: a flat algorithm inside one node uses the intra link, across nodes the slowest.
    CHECK(flatLink(twoLevel(8)) == Link{2e-6, 400e9});
    CHECK(flatLink(twoLevel(9)) == Link{1e-5, 50e9});
    // Hierarchical placement (collectives.h): n = 12, g = 8 → 2 nodes, 4 GPUs on the last, each
    // carrying ⌈8/4⌉ = 2 shards; n = 9 → 1 GPU on the last carrying all 8; n = 5 → one node of 5.
    CHECK(hierarchyShape(twoLevel(12)) == HierarchyShape{8, 2, 4, 2});
    CHECK(hierarchyShape(twoLevel(9)) == HierarchyShape{8, 2, 1, 8});
    CHECK(hierarchyShape(twoLevel(16)) == HierarchyShape{8, 2, 8, 1});
    CHECK(hierarchyShape(twoLevel(5)) == HierarchyShape{5, 1, 5, 1});

    Scenario scenario;
    scenario.collective.workers = 24;
    scenario.collective.bytes = 3e8;
    scenario.hardware.gpusPerNode = 4;
    scenario.hardware.intraLatencySeconds = 5.7e-6;
    scenario.hardware.intraBandwidthBytesPerSecond = 31.5e9;
    scenario.hardware.interLatencySeconds = 9.6e-6;
    scenario.hardware.interBandwidthBytesPerSecond = 12.5e9;
    const auto params = collectiveParamsFromScenario(scenario);
    CHECK(params.workers == 24);
    CHECK(params.bytes == 3e8);
    CHECK(params.gpusPerNode == 4);
    CHECK(params.intra == Link{5.7e-6, 31.5e9});
    CHECK(params.inter == Link{9.6e-6, 12.5e9});
}

TEST_CASE("collective.algorithm: a model-only algorithm set in code is refused, naming the key",
          "[collectives][scenario]")
{
    Scenario scenario;
    scenario.collective.algorithm = CommAlgorithm::Rabenseifner;
    const auto problems = validate(scenario);
    REQUIRE_FALSE(problems.empty());
    CHECK(problems.front().key == "collective.algorithm");
    CHECK(problems.front().kind == ScenarioError::Kind::NotAChoice);
}
