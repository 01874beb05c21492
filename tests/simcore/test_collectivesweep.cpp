// Sweeps behind the Communication panel's charts (simcore/models/collectivesweep.h): every point
// equals collectiveCost (MODELS §4), the landmarks against hand calculations (Hockney's n½;
// nccl-tests doc/PERFORMANCE.md bus bandwidth), and the lesson's claim (seed lesson §3a) that the
// ring's bytes per worker stay flat while the naive exchange's and a parameter server's grow with
// n.
#include "fixtures.h"
#include "simcore/models/collectivesweep.h"
#include "simcore/models/links.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

using namespace simcore;

namespace {

using testing::oneNode;
using testing::twoLevel;

constexpr double kRelative = 1e-12; // a handful of floating-point operations per number

const SizeSweep& sweepOf(const std::vector<SizeSweep>& sweeps, CommAlgorithm algorithm)
{
    for (const auto& sweep : sweeps) {
        if (sweep.algorithm == algorithm) {
            return sweep;
        }
    }
    FAIL("no sweep for " << std::string(commAlgorithmId(algorithm)));
    return sweeps.front();
}

} // namespace

TEST_CASE("sweep: worker counts fill a log axis, whole nodes past one node", "[collectives][sweep]")
{
    // g = 8, up to 1024: every n from 2 to 8, then multiples of 8 (whole nodes), ending at 1024.
    const auto counts = workerSweepCounts(8, 1024);
    REQUIRE(counts.size() > 20);
    for (std::int64_t n = 2; n <= 8; ++n) {
        CHECK(counts[static_cast<std::size_t>(n - 2)] == n);
    }
    CHECK(counts[7] == 16); // the first count past the node boundary: two whole nodes
    CHECK(counts.back() == 1024);
    for (std::size_t i = 1; i < counts.size(); ++i) {
        INFO("count " << counts[i]);
        CHECK(counts[i] > counts[i - 1]);
        if (counts[i] > 8) {
            CHECK(counts[i] % 8 == 0);
        }
        if (counts[i - 1] >= 16) {
            // About 24 per decade (10^(1/24) ≈ 1.1), coarser only where whole nodes force it.
            CHECK(static_cast<double>(counts[i]) / static_cast<double>(counts[i - 1]) <= 1.5);
        }
    }
    // g = 6 (not a power of two) and g = 64 (more than 16 inside a node): g itself is a count,
    // and every count above g is a multiple of g.
    for (const std::int64_t g : {6, 64, 1024}) {
        const auto c = workerSweepCounts(g, 4096);
        INFO("g = " << g);
        CHECK(std::find(c.begin(), c.end(), g) != c.end());
        CHECK(c.front() == 2);
        CHECK(c.back() <= 4096);
        for (const auto n : c) {
            if (n > g) {
                CHECK(n % g == 0);
            }
        }
    }
    CHECK(workerSweepCounts(8, 1).empty());
    CHECK(workerSweepCounts(0, 100).empty());
    CHECK(powerOfTwoCounts(1024) ==
          std::vector<std::int64_t>{2, 4, 8, 16, 32, 64, 128, 256, 512, 1024});
    // The axis reaches at least 1024 and at least twice the chosen n, in steps of eight:
    // 1024, 8192, 65 536, 524 288, then 2^21 (the cap).
    CHECK(workerSweepLimit(8) == 1024);
    CHECK(workerSweepLimit(512) == 1024);
    CHECK(workerSweepLimit(513) == 8192);
    CHECK(workerSweepLimit(1000) == 8192);
    CHECK(workerSweepLimit(4096) == 8192);
    CHECK(workerSweepLimit(4097) == 65536);
    CHECK(workerSweepLimit(262144) == 524288);
    CHECK(workerSweepLimit(262145) == 2097152);
    CHECK(workerSweepLimit(1000000) == 2097152);
}

TEST_CASE("sweep: every point is collectiveCost at that n", "[collectives][sweep]")
{
    const auto base = twoLevel(8);
    const auto sweeps = sweepWorkers(base, CollectiveOp::AllReduce, 1024);
    REQUIRE(sweeps.size() == allCommAlgorithms().size());
    for (const auto& sweep : sweeps) {
        INFO(std::string(commAlgorithmId(sweep.algorithm)));
        REQUIRE_FALSE(sweep.points.empty());
        for (const auto& point : sweep.points) {
            auto p = base;
            p.workers = point.workers;
            const auto cost = collectiveCost(sweep.algorithm, CollectiveOp::AllReduce, p);
            CHECK(point.seconds == cost.seconds);
            CHECK(point.bytesSentPerWorker == cost.bytesSentPerWorker);
            CHECK(point.busbwBytesPerSecond == cost.busbwBytesPerSecond);
        }
        if (sweep.algorithm == CommAlgorithm::Rabenseifner) {
            CHECK(sweep.points.size() == powerOfTwoCounts(1024).size());
        }
    }
    // Hand calculation (MODELS §4, as test_collectives.cpp): the flat ring over two nodes at
    // n = 16 runs at the slowest link: 2·15·1e-5 + 2·(15/16)·1.6e9/50e9 = 0.0603 s.
    const auto& ring = sweeps[0];
    REQUIRE(ring.algorithm == CommAlgorithm::Ring);
    const auto at16 = std::find_if(ring.points.begin(), ring.points.end(),
                                   [](const auto& p) { return p.workers == 16; });
    REQUIRE(at16 != ring.points.end());
    CHECK(at16->seconds == Approx(0.0603).epsilon(kRelative));
}

TEST_CASE("sweep: the ring's bytes stay flat, naive and the server's grow with n",
          "[collectives][sweep]")
{
    // Seed lesson §3a: the data each worker sends in a ring does not grow with the worker count,
    // unlike naive all-to-all. MODELS §4: ring 2(n−1)/n·S < 2S; naive (n−1)·S; a parameter
    // server sends each of the n workers the whole S: n·S, while each worker sends S.
    const auto base = oneNode(8);
    const double s = base.bytes;
    const auto sweeps = sweepWorkers(base, CollectiveOp::AllReduce, 4096);
    for (const auto& sweep : sweeps) {
        for (const auto& point : sweep.points) {
            const auto n = static_cast<double>(point.workers);
            INFO(std::string(commAlgorithmId(sweep.algorithm)) << " n = " << point.workers);
            switch (sweep.algorithm) {
            case CommAlgorithm::Ring:
            case CommAlgorithm::Hierarchical:
                CHECK(point.bytesSentPerWorker == Approx(2 * (n - 1) / n * s).epsilon(kRelative));
                CHECK(point.bytesSentPerWorker < 2 * s);
                break;
            case CommAlgorithm::Naive:
                CHECK(point.bytesSentPerWorker == Approx((n - 1) * s).epsilon(kRelative));
                break;
            case CommAlgorithm::ParameterServer:
                CHECK(point.bytesSentPerWorker == Approx(s).epsilon(kRelative));
                CHECK(point.serverBytesSent == Approx(n * s).epsilon(kRelative));
                break;
            default:
                CHECK(point.serverBytesSent == 0.0);
                break;
            }
        }
    }
    // n = 4096: naive sends 4095 GB per worker, the ring 1.9995 GB.
    CHECK(sweeps[2].points.back().bytesSentPerWorker == Approx(4095e9).epsilon(kRelative));
}

TEST_CASE("sweep: message sizes as nccl-tests steps them", "[collectives][sweep]")
{
    // nccl-tests `-b 8 -e 8G -f 2`: 8 B, 16 B, …, 8 GiB = 31 sizes.
    const auto sizes = messageSweepSizes(8, 8.0 * 1024 * 1024 * 1024, 1);
    REQUIRE(sizes.size() == 31);
    CHECK(sizes.front() == 8.0);
    CHECK(sizes[1] == 16.0);
    CHECK(sizes.back() == 8.0 * 1024 * 1024 * 1024);
    // Two per doubling: 61 sizes, the odd ones at √2 steps.
    const auto fine = messageSweepSizes(8, 8.0 * 1024 * 1024 * 1024, 2);
    REQUIRE(fine.size() == 61);
    CHECK(fine[1] == Approx(8 * std::sqrt(2.0)).epsilon(kRelative));
    CHECK(fine.back() == Approx(8.0 * 1024 * 1024 * 1024).epsilon(kRelative));
    CHECK(messageSweepSizes(0, 10, 1).empty());
    CHECK(messageSweepSizes(10, 5, 1).empty());
    CHECK(messageSweepSizes(1, 10, 0).empty());
}

TEST_CASE("sweep: half-peak size and peak bus bandwidth by hand", "[collectives][sweep]")
{
    // Hockney (1994) n½: the size where the α part equals the S/B part; busbw is then half its
    // S → ∞ peak (nccl-tests: busbw = S/t × 2(n−1)/n for all-reduce).
    const auto p = oneNode(8); // α = 5e-6 s, B = 100e9 B/s, n = 8 inside one node
    const auto op = CollectiveOp::AllReduce;
    // Ring: 2(n−1)α = 2(n−1)/n·S/B ⇔ S = n·α·B = 8 · 5e-6 · 100e9 = 4e6 bytes; peak = B.
    CHECK(halfPeakBytes(CommAlgorithm::Ring, op, p) == Approx(4e6).epsilon(kRelative));
    CHECK(peakBusBandwidth(CommAlgorithm::Ring, op, p) == Approx(100e9).epsilon(kRelative));
    // At S = 4e6: t = 14·5e-6 + 1.75·4e6/100e9 = 7e-5 + 7e-5 = 1.4e-4 s;
    // algbw = 4e6/1.4e-4 = 2.857142857e10 B/s; busbw = 1.75 × that = 5e10 = B/2.
    auto at = p;
    at.bytes = 4e6;
    const auto cost = collectiveCost(CommAlgorithm::Ring, op, at);
    CHECK(cost.seconds == Approx(1.4e-4).epsilon(kRelative));
    CHECK(cost.busbwBytesPerSecond == Approx(50e9).epsilon(kRelative));
    // Tree (L = ⌈log₂8⌉ = 3): 6α + 6·S/B → S½ = α·B = 5e5 B; peak 1.75·B/6 = 29.1666…e9.
    CHECK(halfPeakBytes(CommAlgorithm::Tree, op, p) == Approx(5e5).epsilon(kRelative));
    CHECK(peakBusBandwidth(CommAlgorithm::Tree, op, p) ==
          Approx(1.75 * 100e9 / 6).epsilon(kRelative));
    // Naive: 7α + 7·S/B → S½ = α·B = 5e5 B; peak 1.75·B/7 = 25e9.
    CHECK(halfPeakBytes(CommAlgorithm::Naive, op, p) == Approx(5e5).epsilon(kRelative));
    CHECK(peakBusBandwidth(CommAlgorithm::Naive, op, p) == Approx(25e9).epsilon(kRelative));
    // Parameter server: 2α + 2n·S/B → S½ = 2α·B/16 = 6.25e4 B; peak 1.75·B/16 = 10.9375e9.
    CHECK(halfPeakBytes(CommAlgorithm::ParameterServer, op, p) ==
          Approx(6.25e4).epsilon(kRelative));
    CHECK(peakBusBandwidth(CommAlgorithm::ParameterServer, op, p) ==
          Approx(10.9375e9).epsilon(kRelative));
    // Hierarchical on two 8-GPU nodes (twoLevel(16)): latency 2·7·2e-6 + 2·1·1e-5 = 4.8e-5 s;
    // per byte 2·(7/8)/400e9 + 2·(1/2)·(1/8)/50e9 = 4.375e-12 + 2.5e-12 = 6.875e-12 s;
    // S½ = 4.8e-5 / 6.875e-12 = 6.9818…e6 B; peak busbw = (2·15/16) / 6.875e-12 = 2.7272…e11 B/s,
    // above the 50e9 inter-node link: only S/g per GPU crosses it.
    const auto h = twoLevel(16);
    CHECK(halfPeakBytes(CommAlgorithm::Hierarchical, op, h) ==
          Approx(4.8e-5 / 6.875e-12).epsilon(1e-11));
    CHECK(peakBusBandwidth(CommAlgorithm::Hierarchical, op, h) ==
          Approx(1.875 / 6.875e-12).epsilon(1e-11));
    // Undefined: one worker, α = 0 (no latency-bound region), an operation the tree lacks.
    CHECK(halfPeakBytes(CommAlgorithm::Ring, op, oneNode(1)) == 0.0);
    CHECK(peakBusBandwidth(CommAlgorithm::Ring, op, oneNode(1)) == 0.0);
    auto noLatency = p;
    noLatency.intra.latencySeconds = 0;
    CHECK(halfPeakBytes(CommAlgorithm::Ring, op, noLatency) == 0.0);
    CHECK(halfPeakBytes(CommAlgorithm::Tree, CollectiveOp::AllGather, p) == 0.0);
}

TEST_CASE("sweep: bus bandwidth rises from latency-bound to the link bandwidth",
          "[collectives][sweep]")
{
    // MODELS §4 / nccl-tests: at α = 0 a ring's busbw is B; with α > 0 it climbs towards B as S
    // grows, crossing B/2 at S½.
    const auto p = oneNode(8);
    const auto sizes = messageSweepSizes(8, 8.0 * 1024 * 1024 * 1024, 2);
    const auto sweeps = sweepMessageSizes(p, CollectiveOp::AllReduce, sizes);
    REQUIRE(sweeps.size() == allCommAlgorithms().size());
    const auto& ring = sweepOf(sweeps, CommAlgorithm::Ring);
    REQUIRE(ring.points.size() == sizes.size());
    CHECK(ring.peakBusbwBytesPerSecond == Approx(100e9).epsilon(kRelative));
    CHECK(ring.halfPeakBytes == Approx(4e6).epsilon(kRelative));
    for (const auto& sweep : sweeps) {
        INFO(std::string(commAlgorithmId(sweep.algorithm)));
        REQUIRE(sweep.points.size() == sizes.size());
        for (std::size_t i = 0; i < sweep.points.size(); ++i) {
            const auto& point = sweep.points[i];
            auto at = p;
            at.bytes = point.bytes;
            const auto cost = collectiveCost(sweep.algorithm, CollectiveOp::AllReduce, at);
            CHECK(point.seconds == cost.seconds);
            CHECK(point.busbwBytesPerSecond == cost.busbwBytesPerSecond);
            CHECK(point.algbwBytesPerSecond == cost.algbwBytesPerSecond);
            CHECK(point.busbwBytesPerSecond < sweep.peakBusbwBytesPerSecond);
            if (i > 0) {
                CHECK(point.busbwBytesPerSecond > sweep.points[i - 1].busbwBytesPerSecond);
            }
        }
    }
    // Smallest message, 8 B: latency-bound, t ≈ 2(n−1)α, busbw ≈ 1.75 · 8 / 7e-5 = 2e5 B/s.
    CHECK(ring.points.front().busbwBytesPerSecond ==
          Approx(1.75 * 8 / (7e-5 + 1.75 * 8 / 100e9)).epsilon(kRelative));
    // Largest, 8 GiB: bandwidth-bound, within 0.1 % of B (S½/S = 4e6/8.6e9 ≈ 5e-4).
    CHECK(ring.points.back().busbwBytesPerSecond == Approx(100e9).epsilon(1e-3));

    // Rabenseifner's reduce-scatter needs n = 2^k: at n = 6 its curve is empty, not wrong.
    const auto six = sweepMessageSizes(oneNode(6), CollectiveOp::ReduceScatter, sizes);
    CHECK(sweepOf(six, CommAlgorithm::Rabenseifner).points.empty());
    CHECK(sweepOf(six, CommAlgorithm::Tree).points.empty());
    CHECK(sweepOf(six, CommAlgorithm::Ring).points.size() == sizes.size());
}

TEST_CASE("a picked link sets both numbers of its level and nothing else", "[links]")
{
    const simcore::LinkSpec* ib = simcore::findLink("ib-ndr");
    REQUIRE(ib != nullptr);
    const simcore::Scenario base;
    const simcore::Scenario between = simcore::withLink(base, false, *ib);
    simcore::Scenario expected = base;
    expected.hardware.interBandwidthBytesPerSecond = ib->link.bandwidthBytesPerSecond;
    expected.hardware.interLatencySeconds = ib->link.latencySeconds;
    CHECK(between == expected);
    const simcore::Scenario inside = simcore::withLink(base, true, *ib);
    CHECK(inside.hardware.intraBandwidthBytesPerSecond == ib->link.bandwidthBytesPerSecond);
    CHECK(inside.hardware.interBandwidthBytesPerSecond ==
          base.hardware.interBandwidthBytesPerSecond);
}
