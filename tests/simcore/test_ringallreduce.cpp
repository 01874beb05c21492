// The step-by-step ring all-reduce (seed lesson §3a; MODELS §4; Thakur, Rabenseifner & Gropp 2005)
// against hand-worked steps, the seed's `ringAllReduce` average, and the byte formula.
#include "simcore/models/collectives.h"
#include "simcore/models/ringallreduce.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

using namespace simcore;

namespace {

using Buffers = std::vector<std::vector<float>>;

Buffers randomBuffers(std::int64_t workers, std::size_t length, std::uint32_t seed)
{
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> value(-1.0f, 1.0f);
    Buffers buffers(static_cast<std::size_t>(workers), std::vector<float>(length));
    for (auto& buffer : buffers) {
        for (auto& x : buffer) {
            x = value(generator);
        }
    }
    return buffers;
}

// u = 2⁻²⁴, the unit roundoff of float.
constexpr double kUnitRoundoff = std::numeric_limits<float>::epsilon() / 2;

} // namespace

TEST_CASE("ring: three workers, worked by hand", "[ring]")
{
    // Seed lesson §3a; one element per chunk. w0 = {1,2,3}, w1 = {4,5,6}, w2 = {7,8,9}.
    // Reduce-scatter step 0: w0→w1 chunk 0 (1): w1[0] = 5; w1→w2 chunk 1 (5): w2[1] = 13;
    //   w2→w0 chunk 2 (9): w0[2] = 12.  → w0 {1,2,12}, w1 {5,5,6}, w2 {7,13,9}.
    // Step 1 (last, divide by 3): w0→w1 chunk 2 (12): w1[2] = 18/3 = 6; w1→w2 chunk 0 (5):
    //   w2[0] = 12/3 = 4; w2→w0 chunk 1 (13): w0[1] = 15/3 = 5. → w0 {1,5,12}, w1 {5,5,6}, w2
    //   {4,13,9}.
    // All-gather step 0: w0→w1 chunk 1 (5), w1→w2 chunk 2 (6), w2→w0 chunk 0 (4)
    //   → w0 {4,5,12}, w1 {5,5,6}, w2 {4,13,6}.
    // Step 1: w0→w1 chunk 0 (4), w1→w2 chunk 1 (5), w2→w0 chunk 2 (6) → all {4,5,6}.
    const auto trace = ringAllReduce({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}});
    REQUIRE_FALSE(trace.error);
    REQUIRE(trace.steps.size() == 4);

    const auto& rs0 = trace.steps[0];
    CHECK(rs0.phase == RingPhase::ReduceScatter);
    CHECK(rs0.index == 0);
    REQUIRE(rs0.sends.size() == 3);
    CHECK(rs0.sends[0].from == 0);
    CHECK(rs0.sends[0].to == 1);
    CHECK(rs0.sends[0].chunk == 0);
    CHECK(rs0.sends[0].values == std::vector<float>{1});
    CHECK(rs0.sends[1].chunk == 1);
    CHECK(rs0.sends[1].values == std::vector<float>{5});
    CHECK(rs0.sends[2].to == 0);
    CHECK(rs0.sends[2].chunk == 2);
    CHECK(rs0.buffers == Buffers{{1, 2, 12}, {5, 5, 6}, {7, 13, 9}});

    const auto& rs1 = trace.steps[1];
    CHECK(rs1.sends[0].chunk == 2);
    CHECK(rs1.sends[0].values == std::vector<float>{12});
    CHECK(rs1.sends[2].values == std::vector<float>{13});
    CHECK(rs1.buffers == Buffers{{1, 5, 12}, {5, 5, 6}, {4, 13, 9}});

    const auto& ag0 = trace.steps[2];
    CHECK(ag0.phase == RingPhase::AllGather);
    CHECK(ag0.index == 0);
    CHECK(ag0.sends[0].chunk == 1);
    CHECK(ag0.sends[0].values == std::vector<float>{5});
    CHECK(ag0.buffers == Buffers{{4, 5, 12}, {5, 5, 6}, {4, 13, 6}});

    CHECK(trace.steps[3].buffers == Buffers{{4, 5, 6}, {4, 5, 6}, {4, 5, 6}});
    CHECK(trace.result == Buffers{{4, 5, 6}, {4, 5, 6}, {4, 5, 6}});
    // The seed's average, by hand: (1+4+7)/3 = 4, (2+5+8)/3 = 5, (3+6+9)/3 = 6.
    CHECK(seedAverage(trace.initial) == std::vector<double>{4, 5, 6});
    // Each worker sent 2 one-float chunks per phase: 4 floats = 16 bytes = 2·(2/3)·12 bytes.
    CHECK(trace.bytesSent == std::vector<std::uint64_t>{16, 16, 16});
}

TEST_CASE("ring: uneven chunks, empty when the buffer is shorter than the ring", "[ring]")
{
    // length 10, n = 4: 10 = 4·2 + 2, so chunks of 3, 3, 2, 2 elements.
    CHECK(ringChunk(10, 4, 0) == ChunkRange{0, 3});
    CHECK(ringChunk(10, 4, 1) == ChunkRange{3, 6});
    CHECK(ringChunk(10, 4, 2) == ChunkRange{6, 8});
    CHECK(ringChunk(10, 4, 3) == ChunkRange{8, 10});
    // length 2, n = 4: chunks of 1, 1, 0, 0.
    CHECK(ringChunk(2, 4, 1) == ChunkRange{1, 2});
    CHECK(ringChunk(2, 4, 2).size() == 0);
    CHECK(ringChunk(2, 4, 3) == ChunkRange{2, 2});
    // Every chunk layout tiles the buffer exactly.
    for (std::int64_t n : {1, 2, 3, 7, 16, 64}) {
        for (std::size_t length : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{63},
                                   std::size_t{64}, std::size_t{1001}}) {
            std::size_t next = 0;
            for (std::int64_t c = 0; c < n; ++c) {
                const auto range = ringChunk(length, n, c);
                CHECK(range.begin == next);
                next = range.end;
            }
            CHECK(next == length);
        }
    }
}

TEST_CASE("ring: bytes sent per worker: uneven lengths, by hand", "[ring]")
{
    // Worker i sends every chunk but (i+1) mod n in the reduce-scatter (it ends up owning that one)
    // and every chunk but (i+2) mod n in the all-gather (its successor owns it and the chain stops
    // there), so it sends 4·(2L − |c(i+1)| − |c(i+2)|) bytes.
    // L = 10, n = 4, chunk sizes 3, 3, 2, 2:
    //   w0: 20 − 3 − 2 = 15 floats = 60 B; w1: 20 − 2 − 2 = 16 = 64 B;
    //   w2: 20 − 2 − 3 = 15 = 60 B; w3: 20 − 3 − 3 = 14 = 56 B.
    const auto trace = ringAllReduce(randomBuffers(4, 10, 7));
    CHECK(trace.bytesSent == std::vector<std::uint64_t>{60, 64, 60, 56});

    for (std::int64_t n : {3, 7, 16, 64}) {
        for (std::size_t length : {std::size_t{1}, std::size_t{5}, std::size_t{131}}) {
            const auto t = ringAllReduce(randomBuffers(n, length, 11), false);
            for (std::int64_t i = 0; i < n; ++i) {
                const std::size_t skipped = ringChunk(length, n, (i + 1) % n).size() +
                                            ringChunk(length, n, (i + 2) % n).size();
                INFO("n = " << n << ", L = " << length << ", worker " << i);
                CHECK(t.bytesSent[static_cast<std::size_t>(i)] == 4 * (2 * length - skipped));
            }
        }
    }
}

TEST_CASE("ring: bytes sent equal the formula 2·(n−1)/n·S when n divides the length", "[ring]")
{
    // MODELS §4: each worker sends 2·((n−1)/n)·S. E.g. n = 4, L = 64 floats, S = 256 B → 384 B.
    CHECK(ringAllReduce(randomBuffers(4, 64, 3), false).bytesSent[0] == 384);
    for (std::int64_t n : {2, 3, 4, 7, 16, 64}) {
        const std::size_t length = static_cast<std::size_t>(n) * 5;
        const double bytes = 4.0 * static_cast<double>(length);
        const auto trace = ringAllReduce(randomBuffers(n, length, 5), false);
        CollectiveParams params;
        params.workers = n;
        params.bytes = bytes;
        params.gpusPerNode = 64;
        const auto model = collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, params);
        for (auto sent : trace.bytesSent) {
            INFO("n = " << n);
            CHECK(static_cast<double>(sent) ==
                  Approx(2.0 * static_cast<double>(n - 1) / static_cast<double>(n) * bytes)
                      .epsilon(1e-12));
            CHECK(static_cast<double>(sent) == Approx(model.bytesSentPerWorker).epsilon(1e-12));
        }
        // 2(n−1) steps, n sends each, every one to the right-hand neighbour.
        REQUIRE(trace.steps.size() == static_cast<std::size_t>(2 * (n - 1)));
        for (const auto& step : trace.steps) {
            REQUIRE(step.sends.size() == static_cast<std::size_t>(n));
            for (const auto& send : step.sends) {
                CHECK(send.to == (send.from + 1) % n);
            }
        }
        CHECK(model.steps == static_cast<std::int64_t>(trace.steps.size()));
    }
}

TEST_CASE("ring: every worker ends with the seed's average", "[ring]")
{
    // Seed lesson §3 `ringAllReduce`: the mean, computed in double. The ring adds the n values
    // of an element in float in a different order, n − 1 roundings, then divides once by n.
    // Tolerance from the standard summation bound (Higham, Accuracy and Stability of Numerical
    // Algorithms, 2002, §4.2: |error| ≤ γ₍n−1₎·Σ|x|, γₖ = k·u/(1 − k·u)), plus one rounding for the
    // division by n and slack for the seed's own double rounding: we allow
    // |ring − seed| ≤ γₙ·Σ|xᵢ|/n + 2u·|mean|, u = 2⁻²⁴ (for n = 64 and |x| ≤ 1: ≤ 3.9e-6).
    for (std::int64_t n : {2, 3, 4, 7, 16, 64}) {
        for (std::size_t length :
             {std::size_t{1}, static_cast<std::size_t>(n - 1), static_cast<std::size_t>(n),
              static_cast<std::size_t>(3 * n + 1), std::size_t{1000}}) {
            const auto input = randomBuffers(n, length, static_cast<std::uint32_t>(n * 131 + 7));
            const auto trace = ringAllReduce(input, n <= 16);
            REQUIRE_FALSE(trace.error);
            const auto expected = seedAverage(input);
            const auto nd = static_cast<double>(n);
            for (std::size_t p = 0; p < length; ++p) {
                double absoluteSum = 0;
                for (const auto& w : input) {
                    absoluteSum += std::abs(static_cast<double>(w[p]));
                }
                const double gamma = nd * kUnitRoundoff / (1 - nd * kUnitRoundoff);
                const double tolerance =
                    gamma * absoluteSum / nd + 2 * kUnitRoundoff * std::abs(expected[p]);
                for (std::int64_t w = 0; w < n; ++w) {
                    const float got = trace.result[static_cast<std::size_t>(w)][p];
                    INFO("n = " << n << ", L = " << length << ", element " << p << ", worker "
                                << w);
                    CHECK(std::abs(static_cast<double>(got) - expected[p]) <= tolerance);
                    // All workers hold the very same bits: the owner divided once, the
                    // all-gather only copies.
                    CHECK(got == trace.result[0][p]);
                }
            }
        }
    }
}

TEST_CASE("ring: after the reduce-scatter each worker owns one averaged chunk", "[ring]")
{
    // Seed README §3a: reduce-scatter then all-gather in 2(N−1) steps. After n − 1 steps worker i
    // holds the mean of chunk (i + 1) mod n; the all-gather then only copies it around.
    const std::int64_t n = 7;
    const std::size_t length = 23; // 23 = 7·3 + 2: chunks of 4, 4, 3, 3, 3, 3, 3
    const auto input = randomBuffers(n, length, 99);
    const auto trace = ringAllReduce(input);
    const auto expected = seedAverage(input);
    const auto& afterReduce = trace.steps[static_cast<std::size_t>(n - 2)].buffers;
    for (std::int64_t i = 0; i < n; ++i) {
        const auto range = ringChunk(length, n, (i + 1) % n);
        for (std::size_t p = range.begin; p < range.end; ++p) {
            CHECK(afterReduce[static_cast<std::size_t>(i)][p] == Approx(expected[p]).margin(1e-5));
            CHECK(afterReduce[static_cast<std::size_t>(i)][p] == trace.result[0][p]);
        }
    }
}

TEST_CASE("ring: one worker is a no-op; bad input is an error value", "[ring]")
{
    const auto one = ringAllReduce({{1.5f, -2.0f}});
    REQUIRE_FALSE(one.error);
    CHECK(one.steps.empty());
    CHECK(one.result == Buffers{{1.5f, -2.0f}});
    CHECK(one.bytesSent == std::vector<std::uint64_t>{0});

    const auto empty = ringAllReduce({});
    REQUIRE(empty.error);
    CHECK(empty.error->kind == RingError::Kind::NoWorkers);

    const auto ragged = ringAllReduce({{1, 2}, {3, 4}, {5}});
    REQUIRE(ragged.error);
    CHECK(ragged.error->kind == RingError::Kind::UnequalLengths);
    CHECK(ragged.error->worker == 2);

    // Zero-length buffers: 2(n−1) steps of empty sends, nothing sent.
    const auto nothing = ringAllReduce(Buffers(4));
    REQUIRE_FALSE(nothing.error);
    CHECK(nothing.steps.size() == 6);
    CHECK(nothing.bytesSent == std::vector<std::uint64_t>{0, 0, 0, 0});
}

TEST_CASE("ring: the trace's total bytes equal the formula for any length", "[ring]")
{
    // Every step sends each of the n chunks exactly once, so a step moves the whole buffer
    // (L floats) in all, and 2(n−1) steps move 2(n−1)·S bytes: MODELS §4's total for the ring,
    // divisible or not (Thakur, Rabenseifner & Gropp 2005).
    for (std::int64_t n : {2, 3, 5, 7, 16, 33, 64}) {
        for (std::size_t length : {std::size_t{1}, std::size_t{10}, std::size_t{131}}) {
            const auto trace = ringAllReduce(randomBuffers(n, length, 17), false);
            std::uint64_t total = 0;
            for (const auto sent : trace.bytesSent) {
                total += sent;
            }
            CollectiveParams params;
            params.workers = n;
            params.bytes = 4.0 * static_cast<double>(length);
            params.gpusPerNode = 64;
            const auto model = collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, params);
            INFO("n = " << n << ", L = " << length);
            CHECK(static_cast<double>(total) == Approx(model.totalBytesSent).epsilon(1e-12));
            CHECK(static_cast<std::int64_t>(trace.steps.size()) == ringStepCount(n));
        }
    }
    CHECK(ringStepCount(1) == 0);
    CHECK(ringStepCount(4) == 6);
}

TEST_CASE("ring: the demonstration buffers end as whole-number means", "[ring]")
{
    // Worker i holds i·n + 1 … i·n + n; element c's mean is (1/n)·Σᵢ(i·n + c + 1)
    // = n(n−1)/2 + c + 1. n = 4 by hand: (1 + 5 + 9 + 13)/4 = 7, then 8, 9, 10.
    const auto four = ringDemoBuffers(4);
    CHECK(four == Buffers{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}});
    CHECK(ringAllReduce(four).result ==
          Buffers{{7, 8, 9, 10}, {7, 8, 9, 10}, {7, 8, 9, 10}, {7, 8, 9, 10}});
    // Up to the animation's 16 (and the tests' 64): every partial sum is a whole number below
    // 2²⁴, so float holds it exactly and the ring equals the seed's average exactly.
    for (std::int64_t n = 2; n <= 64; ++n) {
        const auto input = ringDemoBuffers(n);
        const auto trace = ringAllReduce(input, false);
        const auto expected = seedAverage(input);
        for (std::int64_t c = 0; c < n; ++c) {
            const double mean = static_cast<double>(n * (n - 1) / 2 + c + 1);
            INFO("n = " << n << ", element " << c);
            CHECK(expected[static_cast<std::size_t>(c)] == mean);
            for (const auto& worker : trace.result) {
                CHECK(static_cast<double>(worker[static_cast<std::size_t>(c)]) == mean);
            }
        }
    }
    CHECK(ringDemoBuffers(0).empty());
}
