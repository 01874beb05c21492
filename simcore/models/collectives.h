#pragma once
// Collective-communication cost models: the α–β (latency–bandwidth) model of MODELS §4.
//
// Conventions used everywhere in this file:
// - A link is one GPU's port: latency α in seconds, bandwidth B in bytes/s, **one direction, per
//   GPU** (a GPU can send B bytes/s and at the same time receive B bytes/s).
// - S is the size in bytes of the whole vector: the buffer being all-reduced, the input of a
//   reduce-scatter, the output of an all-gather, the message of a broadcast (the nccl-tests
//   convention, doc/PERFORMANCE.md).
// - Reduction arithmetic is free (no γ term): on GPUs it runs far above link speed.
// - Placement: workers 0…g−1 sit on node 0, g…2g−1 on node 1, and so on (g = GPUs per node).
//   A topology-unaware ("flat") algorithm that spans more than one node is charged the slowest
//   link for every step: its latency is the larger α, its bandwidth the smaller B (MODELS §4: "a
//   flat ring across nodes runs at the slowest link"). Only Hierarchical uses the two links
//   separately.

#include "simcore/scenario/scenario.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace simcore {

/// One GPU's link. Latency in seconds (≥ 0), bandwidth in bytes per second (> 0, finite),
/// one direction, per GPU (MODELS §4 notation: α and B).
struct Link {
    double latencySeconds = 0;          ///< α, seconds per message, ≥ 0
    double bandwidthBytesPerSecond = 1; ///< B, bytes/s, one direction, per GPU, > 0

    friend bool operator==(const Link&, const Link&) = default;
};

/// The link a topology-unaware algorithm sees when it spans several nodes: the larger latency
/// and the smaller bandwidth of the two (MODELS §4).
Link slowestLink(const Link& a, const Link& b);

/// The collective operation being timed.
enum class CollectiveOp {
    AllReduce,     ///< every worker ends with the element-wise reduction of all S-byte vectors
    ReduceScatter, ///< every worker ends with one reduced S/n share of the S-byte vector
    AllGather,     ///< every worker contributes S/n bytes and ends with all S bytes
    Broadcast,     ///< worker 0's S bytes end on every worker
};

/// All algorithms, in enum order (for charts that compare them).
std::span<const CommAlgorithm> allCommAlgorithms();

/// Stable lower-case id: "ring", "tree", "naive", "hierarchical", "rabenseifner",
/// "parameter_server" (for files, the command line and CSV headers; not translated).
std::string_view commAlgorithmId(CommAlgorithm algorithm);

/// Inputs of one collective. Units: bytes, seconds, bytes/s.
struct CollectiveParams {
    std::int64_t workers = 8; ///< n, ≥ 1
    double bytes = 1e9;       ///< S, ≥ 0, finite (see the file comment for what S means)
    Link intra{kNvlinkLatencySeconds, kNvlink4BytesPerSecond};        ///< in one node (NVLink 4)
    Link inter{kNetworkLatencySeconds, kInfinibandNdrBytesPerSecond}; ///< between nodes (NDR)
    std::int64_t gpusPerNode = 8;                                     ///< g, ≥ 1
};

/// Why a collective has no cost: errors as values (STYLE.md), the UI and CLI word them.
struct CollectiveError {
    enum class Kind {
        InvalidWorkers,     ///< workers < 1
        InvalidBytes,       ///< bytes < 0 or not finite
        InvalidLink,        ///< a latency < 0 / not finite, or a bandwidth ≤ 0 / not finite
        InvalidGpusPerNode, ///< gpusPerNode < 1
        NeedsPowerOfTwo,    ///< Rabenseifner reduce-scatter / all-gather / broadcast need n = 2^k
        NotDefined, ///< the algorithm has no such operation (Tree: reduce-scatter, all-gather)
    };
    Kind kind;
    std::string_view field;   ///< "workers", "bytes", "intra", "inter", "gpusPerNode"
    std::string_view allowed; ///< e.g. "≥ 1", "a power of two"

    friend bool operator==(const CollectiveError&, const CollectiveError&) = default;
};

/// The cost of one collective. All numbers are 0 when `error` is set.
struct CollectiveCost {
    std::optional<CollectiveError> error;
    double seconds = 0;          ///< t = latencySeconds + bandwidthSeconds
    double latencySeconds = 0;   ///< the α part of t (number of rounds × α)
    double bandwidthSeconds = 0; ///< the bytes/B part of t
    /// Bytes one worker sends, averaged over the n workers (= totalBytesSent / n without a
    /// server). Ring, Rabenseifner (n = 2^k), Naive all-reduce/reduce-scatter/all-gather and
    /// Hierarchical (g divides n) send exactly this from every worker; a tree's root sends more
    /// (⌈log₂n⌉·S in the broadcast half). Parameter server: what a worker sends (the server's n·S
    /// is in totalBytesSent only).
    double bytesSentPerWorker = 0;
    double totalBytesSent = 0;      ///< summed over all senders (server included), bytes
    std::int64_t steps = 0;         ///< sequential communication rounds (each pays one α)
    double algbwBytesPerSecond = 0; ///< S / t (nccl-tests); 0 when t = 0
    double busbwBytesPerSecond = 0; ///< algbw × busBandwidthFactor(op, n); 0 when t = 0
};

/// nccl-tests doc/PERFORMANCE.md: busbw = algbw × factor, factor = 2(n−1)/n for all-reduce,
/// (n−1)/n for reduce-scatter and all-gather, 1 for broadcast. Range [0, 2); 0 for n = 1
/// except broadcast (1).
double busBandwidthFactor(CollectiveOp op, std::int64_t workers);

/// Checks the inputs; nullopt when they are usable.
std::optional<CollectiveError> validateCollective(const CollectiveParams& params);

/// α–β cost of `op` run with `algorithm` (MODELS §4). n = 1 costs 0 s and sends nothing.
/// Formulas (α, B of the link the algorithm uses; ⌈·⌉ = ceiling; L = ⌈log₂n⌉):
/// - Ring (Thakur, Rabenseifner & Gropp 2005; MPICH allreduce.c): all-reduce
///   2(n−1)α + 2(n−1)/n·S/B; reduce-scatter and all-gather (n−1)α + (n−1)/n·S/B; broadcast as a
///   pipelined chain in the limit of small pieces: (n−1)α + S/B (busbw → B, as NCCL's ring).
/// - Tree: a binomial tree (the one MPICH uses for reduce and broadcast, Thakur et al. 2005),
///   whole S-byte message per round, not pipelined: all-reduce = reduce + broadcast
///   = 2L(α + S/B) (MODELS §4); broadcast L(α + S/B); reduce-scatter and all-gather are not
///   defined for the tree (NotDefined). A pipelined tree (NCCL's) approaches S/B instead.
/// - Naive (direct exchange, n−1 sequential sends per worker): all-reduce (n−1)α + (n−1)S/B
///   (everyone sends its whole vector to everyone, MODELS §4); reduce-scatter and all-gather
///   (n−1)α + (n−1)/n·S/B; broadcast (the root sends S to each) (n−1)(α + S/B).
/// - Rabenseifner (Thakur et al. 2005; Rabenseifner 2004), n = 2^k: all-reduce
///   2·log₂n·α + 2(n−1)/n·S/B; reduce-scatter (halving) and all-gather (doubling)
///   log₂n·α + (n−1)/n·S/B; broadcast = binomial scatter + doubling all-gather
///   2·log₂n·α + 2(n−1)/n·S/B. n not a power of two: all-reduce folds the r = n − n' extra
///   workers first (n' = 2^⌊log₂n⌋; MPICH, Thakur et al. 2005): one round α + S/B before and
///   one after the power-of-two all-reduce on n'; the other operations return NeedsPowerOfTwo.
/// - ParameterServer (one server, one link of the flat link's speed): all-reduce = push + pull
///   = 2α + 2n·S/B (MODELS §4: 2·n·S/B_server); broadcast (pull only) α + n·S/B;
///   reduce-scatter (push S from each, pull S/n each) and all-gather (push S/n each, pull S each)
///   2α + (n+1)·S/B.
/// - Hierarchical (g GPUs per node, k = ⌈n/g⌉ nodes; rings inside the node on `intra`, then g
///   concurrent rings across nodes, one per GPU position, on `inter`): all-reduce =
///   intra reduce-scatter (g) + inter all-reduce of S/g (k) + intra all-gather (g)
///   = 2(g−1)α_i + 2(g−1)/g·S/B_i + 2(k−1)α_e + 2(k−1)/k·(S/g)/B_e; reduce-scatter and all-gather:
///   one intra and one inter half; broadcast: inter chain then intra chain. With one node it is the
///   flat ring. When g does not divide n the last node holds r = n − (k−1)g GPUs; each of them
///   carries ⌈g/r⌉ of the g inter-node shards, so the inter phase moves ⌈g/r⌉·S/g per GPU.
CollectiveCost collectiveCost(CommAlgorithm algorithm, CollectiveOp op,
                              const CollectiveParams& params);

/// Only the time of collectiveCost (seconds), for scans over many worker counts: no validation
/// (precondition: validateCollective(params) is empty), 0 for n ≤ 1, NaN where collectiveCost
/// returns NotDefined or NeedsPowerOfTwo.
double collectiveSeconds(CommAlgorithm algorithm, CollectiveOp op, const CollectiveParams& params);

/// The link a topology-unaware algorithm (all but Hierarchical) runs on: `intra` when all n
/// workers fit in one node (n ≤ g), otherwise slowestLink(intra, inter) (MODELS §4).
/// Precondition: validateCollective(params) is empty.
Link flatLink(const CollectiveParams& params);

/// How Hierarchical places n workers (see collectiveCost): g′ = min(n, g) GPUs per node,
/// k = ⌈n/g′⌉ nodes, the last node holding r = n − (k−1)·g′ GPUs (1 … g′), each of which carries
/// ⌈g′/r⌉ of the g′ inter-node shards. Precondition: validateCollective(params) is empty.
struct HierarchyShape {
    std::int64_t gpusPerNode = 1;  ///< g′ = min(n, g)
    std::int64_t nodes = 1;        ///< k
    std::int64_t lastNodeGpus = 1; ///< r
    std::int64_t shardsPerGpu = 1; ///< ⌈g′/r⌉ (1 when g′ divides n)

    friend bool operator==(const HierarchyShape&, const HierarchyShape&) = default;
};
HierarchyShape hierarchyShape(const CollectiveParams& params);

/// The collective's inputs from the Scenario: `collective.workers`, `collective.bytes`,
/// `hardware.gpus_per_node` and the `hardware.{intra,inter}_{latency,bandwidth}` links.
CollectiveParams collectiveParamsFromScenario(const Scenario& scenario);

/// `calc allreduce` and the Communication panel: all-reduce with `collective.algorithm`,
/// `collective.workers`, `collective.bytes`, `hardware.gpus_per_node` and the
/// `hardware.{intra,inter}_{latency,bandwidth}` links.
CollectiveCost allReduceFromScenario(const Scenario& scenario);

} // namespace simcore
