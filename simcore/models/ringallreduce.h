#pragma once
// The ring all-reduce run on real numbers, step by step, for the Communication panel's animation
// (seed lesson §3a; MODELS §4; Thakur, Rabenseifner & Gropp 2005; Patarasuk & Yuan 2009).
//
// n workers in a ring, worker i sends only to (i + 1) mod n. Each buffer is cut into n chunks.
// - Reduce-scatter, steps s = 0 … n−2: worker i sends chunk (i − s) mod n to worker i + 1, which
//   adds it element-wise into its own copy. After n−1 steps worker i holds the complete sum of
//   chunk (i + 1) mod n.
// - Averaging: in the last reduce-scatter step the receiver divides the completed chunk by n right
//   after adding, so each chunk's mean is computed exactly once, by its owner, and every worker
//   ends with bit-identical values (the seed's `ringAllReduce` returns the mean; real libraries
//   either pre-divide the gradients or divide at the end — NCCL's ncclAvg does the latter).
// - All-gather, steps s = 0 … n−2: worker i sends chunk (i + 1 − s) mod n to worker i + 1, which
//   overwrites its copy. After n−1 steps every worker holds every averaged chunk.
// 2(n−1) steps in all (seed README §3a); each worker sends 2·(n−1)/n of its buffer when n divides
// the length.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace simcore {

/// Which half of the algorithm a step belongs to.
enum class RingPhase { ReduceScatter, AllGather };

/// Elements [begin, end) of a buffer; empty when begin == end.
struct ChunkRange {
    std::size_t begin = 0;
    std::size_t end = 0;

    [[nodiscard]] std::size_t size() const { return end - begin; }
    friend bool operator==(const ChunkRange&, const ChunkRange&) = default;
};

/// Chunk `chunk` (0 … n−1) of a `length`-element buffer cut into n chunks: the first
/// length mod n chunks have ⌊length/n⌋ + 1 elements, the rest ⌊length/n⌋ (so chunks are empty when
/// length < n). Preconditions: n ≥ 1, chunk < n.
ChunkRange ringChunk(std::size_t length, std::int64_t workers, std::int64_t chunk);

/// One message of one step.
struct RingSend {
    std::int64_t from = 0;     ///< sender, 0 … n−1
    std::int64_t to = 0;       ///< receiver, (from + 1) mod n
    std::int64_t chunk = 0;    ///< chunk index, 0 … n−1
    ChunkRange range;          ///< the chunk's elements
    std::vector<float> values; ///< what was sent (partial sums, or means in the all-gather)
};

/// One synchronous step: n sends, then every worker's whole buffer after them.
struct RingStep {
    RingPhase phase = RingPhase::ReduceScatter;
    std::int64_t index = 0;                  ///< step within its phase, 0 … n−2
    std::vector<RingSend> sends;             ///< one per worker, ordered by sender
    std::vector<std::vector<float>> buffers; ///< state after the step, [worker][element]
};

/// Why a run could not start: errors as values (STYLE.md).
struct RingError {
    enum class Kind {
        NoWorkers,      ///< the input has no buffers
        UnequalLengths, ///< buffers differ in length (`worker` is the first that differs)
    };
    Kind kind;
    std::int64_t worker = 0;

    friend bool operator==(const RingError&, const RingError&) = default;
};

/// The whole run.
struct RingTrace {
    std::optional<RingError> error;
    std::int64_t workers = 0;
    std::size_t length = 0;                  ///< elements per buffer
    std::vector<std::vector<float>> initial; ///< the input, [worker][element]
    std::vector<RingStep> steps; ///< 2(n−1) steps: n−1 reduce-scatter, n−1 all-gather
    std::vector<std::vector<float>> result; ///< every worker's buffer at the end (the mean)
    std::vector<std::uint64_t> bytesSent;   ///< per worker, bytes actually sent (4 per float)
};

/// Runs the ring all-reduce (mean) on `buffers` ([worker][element], n ≥ 1, equal lengths).
/// n = 1 is a no-op: no steps, the result is the input. Any n works; the trace keeps
/// 2(n−1)·n·length floats of buffer snapshots (pass recordBuffers = false to keep only the sends).
RingTrace ringAllReduce(std::vector<std::vector<float>> buffers, bool recordBuffers = true);

/// Steps of a ring all-reduce on n workers: 2(n−1) (n−1 reduce-scatter + n−1 all-gather, seed
/// README §3a); 0 for n ≤ 1.
std::int64_t ringStepCount(std::int64_t workers);

/// The Communication panel's demonstration input: n workers with n values each (one value per
/// chunk, so "chunk c" is "element c"), worker i holding i·n + 1, i·n + 2, …, i·n + n. Every value,
/// every partial sum and every mean is a small whole number (exact in float): element c's mean is
/// n(n−1)/2 + c + 1, e.g. n = 4 → 7, 8, 9, 10. Empty for n < 1.
std::vector<std::vector<float>> ringDemoBuffers(std::int64_t workers);

/// The seed's `ringAllReduce` (seed lesson §3): for each element, the sum over workers in worker
/// order, divided by n, in double precision (the seed is JavaScript, whose numbers are doubles).
/// Empty when there are no buffers; assumes equal lengths (uses the first buffer's length).
std::vector<double> seedAverage(const std::vector<std::vector<float>>& buffers);

} // namespace simcore
