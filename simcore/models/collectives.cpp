#include "simcore/models/collectives.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace simcore {

namespace {

constexpr std::array kAlgorithms{CommAlgorithm::Ring,         CommAlgorithm::Tree,
                                 CommAlgorithm::Naive,        CommAlgorithm::Hierarchical,
                                 CommAlgorithm::Rabenseifner, CommAlgorithm::ParameterServer};

/// The cost before the derived bandwidth figures are filled in.
struct Raw {
    double latencySeconds = 0;
    double bandwidthSeconds = 0;
    double totalBytes = 0;  ///< all senders
    double workerBytes = 0; ///< sent by the n workers together (server excluded)
    std::int64_t steps = 0;
};

CollectiveError makeError(CollectiveError::Kind kind, std::string_view field,
                          std::string_view allowed)
{
    return CollectiveError{kind, field, allowed};
}

bool validLink(const Link& link)
{
    return std::isfinite(link.latencySeconds) && link.latencySeconds >= 0 &&
           std::isfinite(link.bandwidthBytesPerSecond) && link.bandwidthBytesPerSecond > 0;
}

/// ⌈log₂ n⌉ for n ≥ 1.
std::int64_t ceilLog2(std::int64_t n)
{
    return static_cast<std::int64_t>(std::bit_width(static_cast<std::uint64_t>(n - 1)));
}

/// ⌊log₂ n⌋ for n ≥ 1.
std::int64_t floorLog2(std::int64_t n)
{
    return static_cast<std::int64_t>(std::bit_width(static_cast<std::uint64_t>(n))) - 1;
}

bool isPowerOfTwo(std::int64_t n)
{
    return std::has_single_bit(static_cast<std::uint64_t>(n));
}

// Ring on one link (Thakur, Rabenseifner & Gropp 2005; MODELS §4).
Raw ring(CollectiveOp op, double n, double s, const Link& link)
{
    const double a = link.latencySeconds;
    const double b = link.bandwidthBytesPerSecond;
    const auto rounds = static_cast<std::int64_t>(n) - 1;
    Raw r;
    switch (op) {
    case CollectiveOp::AllReduce:
        r = {2 * (n - 1) * a, 2 * (n - 1) / n * s / b, 2 * (n - 1) * s, 2 * (n - 1) * s,
             2 * rounds};
        break;
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllGather:
        r = {(n - 1) * a, (n - 1) / n * s / b, (n - 1) * s, (n - 1) * s, rounds};
        break;
    case CollectiveOp::Broadcast:
        // Pipelined chain 0 → 1 → … → n−1 with vanishing pieces: the first byte crosses n−1 hops,
        // the message streams through once.
        r = {(n - 1) * a, s / b, (n - 1) * s, (n - 1) * s, rounds};
        break;
    }
    return r;
}

// Binomial tree, whole message per round, not pipelined (MODELS §4).
std::optional<Raw> tree(CollectiveOp op, std::int64_t workers, double s, const Link& link)
{
    const double n = static_cast<double>(workers);
    const std::int64_t levels = ceilLog2(workers);
    const double l = static_cast<double>(levels);
    switch (op) {
    case CollectiveOp::AllReduce:
        // Reduce: every non-root sends S once; broadcast: every non-root receives S once.
        return Raw{2 * l * link.latencySeconds, 2 * l * s / link.bandwidthBytesPerSecond,
                   2 * (n - 1) * s, 2 * (n - 1) * s, 2 * levels};
    case CollectiveOp::Broadcast:
        return Raw{l * link.latencySeconds, l * s / link.bandwidthBytesPerSecond, (n - 1) * s,
                   (n - 1) * s, levels};
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllGather:
        return std::nullopt;
    }
    return std::nullopt;
}

// Direct exchange: each worker sends, one peer after another, what that peer needs.
Raw naive(CollectiveOp op, double n, double s, const Link& link)
{
    const double a = link.latencySeconds;
    const double b = link.bandwidthBytesPerSecond;
    const auto rounds = static_cast<std::int64_t>(n) - 1;
    switch (op) {
    case CollectiveOp::AllReduce:
        // Everyone sends its whole vector to everyone else, then reduces locally.
        return {(n - 1) * a, (n - 1) * s / b, n * (n - 1) * s, n * (n - 1) * s, rounds};
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllGather:
        return {(n - 1) * a, (n - 1) / n * s / b, (n - 1) * s, (n - 1) * s, rounds};
    case CollectiveOp::Broadcast:
        return {(n - 1) * a, (n - 1) * s / b, (n - 1) * s, (n - 1) * s, rounds};
    }
    return {};
}

// Recursive halving / doubling (Thakur, Rabenseifner & Gropp 2005, "Optimization of Collective
// Communication Operations in MPICH", IJHPCA 19(1)).
std::optional<Raw> rabenseifner(CollectiveOp op, std::int64_t workers, double s, const Link& link)
{
    const double a = link.latencySeconds;
    const double b = link.bandwidthBytesPerSecond;
    if (!isPowerOfTwo(workers)) {
        if (op != CollectiveOp::AllReduce) {
            return std::nullopt;
        }
        // MPICH: of the first 2r workers, each even one sends its vector to its odd neighbour
        // (one round), the n' = 2^⌊log₂n⌋ survivors run the power-of-two algorithm, and the
        // result is sent back to the r that sat out (one round).
        const std::int64_t survivors = std::int64_t{1} << floorLog2(workers);
        const double np = static_cast<double>(survivors);
        const double extra = static_cast<double>(workers - survivors);
        const double k = static_cast<double>(floorLog2(workers));
        return Raw{(2 * k + 2) * a, (2 * (np - 1) / np + 2) * s / b,
                   2 * extra * s + 2 * (np - 1) * s, 2 * extra * s + 2 * (np - 1) * s,
                   2 * floorLog2(workers) + 2};
    }
    const double n = static_cast<double>(workers);
    const std::int64_t levels = floorLog2(workers);
    const double k = static_cast<double>(levels);
    switch (op) {
    case CollectiveOp::AllReduce:
        return Raw{2 * k * a, 2 * (n - 1) / n * s / b, 2 * (n - 1) * s, 2 * (n - 1) * s,
                   2 * levels};
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllGather:
        return Raw{k * a, (n - 1) / n * s / b, (n - 1) * s, (n - 1) * s, levels};
    case CollectiveOp::Broadcast: {
        // Binomial scatter (round j: 2^(j−1) senders send S/2^j each, k·S/2 in all) followed by a
        // recursive-doubling all-gather ((n−1)·S in all) — van de Geijn's broadcast.
        const double total = k * s / 2 + (n - 1) * s;
        return Raw{2 * k * a, 2 * (n - 1) / n * s / b, total, total, 2 * levels};
    }
    }
    return std::nullopt;
}

// One server behind one link; workers push, the server reduces and workers pull.
Raw parameterServer(CollectiveOp op, double n, double s, const Link& link)
{
    const double a = link.latencySeconds;
    const double b = link.bandwidthBytesPerSecond;
    switch (op) {
    case CollectiveOp::AllReduce:
        // Push: n·S into the server's link; pull: n·S out of it (MODELS §4: 2·n·S/B_server).
        return {2 * a, 2 * n * s / b, 2 * n * s, n * s, 2};
    case CollectiveOp::ReduceScatter:
        // Push S from each worker (n·S in), pull S/n each (S out).
        return {2 * a, (n + 1) * s / b, (n + 1) * s, n * s, 2};
    case CollectiveOp::AllGather:
        // Push S/n from each worker (S in), pull S each (n·S out).
        return {2 * a, (n + 1) * s / b, (n + 1) * s, s, 2};
    case CollectiveOp::Broadcast:
        // The server holds the message and sends it to each worker.
        return {a, n * s / b, n * s, 0, 1};
    }
    return {};
}

Raw hierarchical(CollectiveOp op, std::int64_t workers, double s, const CollectiveParams& p)
{
    const HierarchyShape shape = hierarchyShape(p);
    const std::int64_t perNode = shape.gpusPerNode;
    const std::int64_t nodes = shape.nodes;
    const std::int64_t shardsPerGpu = shape.shardsPerGpu;
    const double g = static_cast<double>(perNode);
    const double k = static_cast<double>(nodes);
    const double n = static_cast<double>(workers);
    // Bytes each GPU of the smallest node moves across nodes per ring, as a share of S/g.
    const double interShare = static_cast<double>(shardsPerGpu) * s / g;
    const double ai = p.intra.latencySeconds;
    const double bi = p.intra.bandwidthBytesPerSecond;
    const double ae = p.inter.latencySeconds;
    const double be = p.inter.bandwidthBytesPerSecond;
    switch (op) {
    case CollectiveOp::AllReduce: {
        // Intra reduce-scatter + intra all-gather: 2(g−1)α_i + 2(g−1)/g·S/B_i.
        // Inter all-reduce of S/g among k nodes: 2(k−1)α_e + 2(k−1)/k·(S/g)/B_e.
        // Bytes: inside each node of r GPUs, (r−1)·S per half; across nodes 2(k−1)·S/g per
        // shard for g shards: 2(n − k)·S + 2(k − 1)·S = 2(n − 1)·S in all, as for the flat ring.
        const double total = 2 * (n - 1) * s;
        return {2 * (g - 1) * ai + 2 * (k - 1) * ae,
                2 * (g - 1) / g * s / bi + 2 * (k - 1) / k * interShare / be, total, total,
                2 * (perNode - 1) + 2 * (nodes - 1)};
    }
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllGather: {
        const double total = (n - 1) * s;
        return {(g - 1) * ai + (k - 1) * ae, (g - 1) / g * s / bi + (k - 1) / k * interShare / be,
                total, total, (perNode - 1) + (nodes - 1)};
    }
    case CollectiveOp::Broadcast: {
        // Chain across the nodes' first GPUs, then a chain inside every node.
        const double interSeconds = nodes > 1 ? s / be : 0.0;
        const double intraSeconds = perNode > 1 ? s / bi : 0.0;
        const double total = (n - 1) * s;
        return {(k - 1) * ae + (g - 1) * ai, interSeconds + intraSeconds, total, total,
                (nodes - 1) + (perNode - 1)};
    }
    }
    return {};
}

/// The cost for valid parameters and n ≥ 2; nullopt when the operation is not defined.
std::optional<Raw> rawCost(CommAlgorithm algorithm, CollectiveOp op, const CollectiveParams& p)
{
    const std::int64_t workers = p.workers;
    const double n = static_cast<double>(workers);
    const double s = p.bytes;
    const Link flat = flatLink(p);
    switch (algorithm) {
    case CommAlgorithm::Ring:
        return ring(op, n, s, flat);
    case CommAlgorithm::Tree:
        return tree(op, workers, s, flat);
    case CommAlgorithm::Naive:
        return naive(op, n, s, flat);
    case CommAlgorithm::Hierarchical:
        return hierarchical(op, workers, s, p);
    case CommAlgorithm::Rabenseifner:
        return rabenseifner(op, workers, s, flat);
    case CommAlgorithm::ParameterServer:
        return parameterServer(op, n, s, flat);
    }
    return std::nullopt;
}

} // namespace

Link slowestLink(const Link& a, const Link& b)
{
    return {std::max(a.latencySeconds, b.latencySeconds),
            std::min(a.bandwidthBytesPerSecond, b.bandwidthBytesPerSecond)};
}

std::span<const CommAlgorithm> allCommAlgorithms()
{
    return kAlgorithms;
}

std::string_view commAlgorithmId(CommAlgorithm algorithm)
{
    switch (algorithm) {
    case CommAlgorithm::Ring:
        return "ring";
    case CommAlgorithm::Tree:
        return "tree";
    case CommAlgorithm::Naive:
        return "naive";
    case CommAlgorithm::Hierarchical:
        return "hierarchical";
    case CommAlgorithm::Rabenseifner:
        return "rabenseifner";
    case CommAlgorithm::ParameterServer:
        return "parameter_server";
    }
    return "ring";
}

double busBandwidthFactor(CollectiveOp op, std::int64_t workers)
{
    const double n = static_cast<double>(std::max<std::int64_t>(workers, 1));
    switch (op) {
    case CollectiveOp::AllReduce:
        return 2 * (n - 1) / n;
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllGather:
        return (n - 1) / n;
    case CollectiveOp::Broadcast:
        return 1.0;
    }
    return 1.0;
}

std::optional<CollectiveError> validateCollective(const CollectiveParams& params)
{
    using Kind = CollectiveError::Kind;
    if (params.workers < 1) {
        return makeError(Kind::InvalidWorkers, "workers", "≥ 1");
    }
    if (!std::isfinite(params.bytes) || params.bytes < 0) {
        return makeError(Kind::InvalidBytes, "bytes", "≥ 0, finite");
    }
    if (!validLink(params.intra)) {
        return makeError(Kind::InvalidLink, "intra", "latency ≥ 0, bandwidth > 0, finite");
    }
    if (!validLink(params.inter)) {
        return makeError(Kind::InvalidLink, "inter", "latency ≥ 0, bandwidth > 0, finite");
    }
    if (params.gpusPerNode < 1) {
        return makeError(Kind::InvalidGpusPerNode, "gpusPerNode", "≥ 1");
    }
    return std::nullopt;
}

CollectiveCost collectiveCost(CommAlgorithm algorithm, CollectiveOp op,
                              const CollectiveParams& params)
{
    CollectiveCost cost;
    if (auto error = validateCollective(params)) {
        cost.error = error;
        return cost;
    }
    if (params.workers == 1) {
        return cost; // nothing to exchange
    }
    const std::int64_t workers = params.workers;
    const double n = static_cast<double>(workers);
    const double s = params.bytes;
    const std::optional<Raw> raw = rawCost(algorithm, op, params);
    if (!raw) {
        cost.error =
            algorithm == CommAlgorithm::Tree
                ? makeError(CollectiveError::Kind::NotDefined, "op", "all-reduce | broadcast")
                : makeError(CollectiveError::Kind::NeedsPowerOfTwo, "workers", "a power of two");
        return cost;
    }

    cost.latencySeconds = raw->latencySeconds;
    cost.bandwidthSeconds = raw->bandwidthSeconds;
    cost.seconds = raw->latencySeconds + raw->bandwidthSeconds;
    cost.bytesSentPerWorker = raw->workerBytes / n;
    cost.totalBytesSent = raw->totalBytes;
    cost.steps = raw->steps;
    if (cost.seconds > 0) {
        cost.algbwBytesPerSecond = s / cost.seconds;
        cost.busbwBytesPerSecond = cost.algbwBytesPerSecond * busBandwidthFactor(op, workers);
    }
    return cost;
}

double collectiveSeconds(CommAlgorithm algorithm, CollectiveOp op, const CollectiveParams& params)
{
    if (params.workers <= 1) {
        return 0.0;
    }
    const std::optional<Raw> raw = rawCost(algorithm, op, params);
    return raw ? raw->latencySeconds + raw->bandwidthSeconds
               : std::numeric_limits<double>::quiet_NaN();
}

Link flatLink(const CollectiveParams& params)
{
    return params.workers <= params.gpusPerNode ? params.intra
                                                : slowestLink(params.intra, params.inter);
}

HierarchyShape hierarchyShape(const CollectiveParams& params)
{
    HierarchyShape shape;
    const std::int64_t workers = std::max<std::int64_t>(params.workers, 1);
    shape.gpusPerNode = std::min(workers, std::max<std::int64_t>(params.gpusPerNode, 1));
    shape.nodes = (workers + shape.gpusPerNode - 1) / shape.gpusPerNode;
    shape.lastNodeGpus = workers - (shape.nodes - 1) * shape.gpusPerNode; // 1 … g′
    shape.shardsPerGpu = (shape.gpusPerNode + shape.lastNodeGpus - 1) / shape.lastNodeGpus;
    return shape;
}

CollectiveParams collectiveParamsFromScenario(const Scenario& scenario)
{
    CollectiveParams params;
    params.workers = scenario.collective.workers;
    params.bytes = scenario.collective.bytes;
    params.intra = {scenario.hardware.intraLatencySeconds,
                    scenario.hardware.intraBandwidthBytesPerSecond};
    params.inter = {scenario.hardware.interLatencySeconds,
                    scenario.hardware.interBandwidthBytesPerSecond};
    params.gpusPerNode = scenario.hardware.gpusPerNode;
    return params;
}

CollectiveCost allReduceFromScenario(const Scenario& scenario)
{
    return collectiveCost(scenario.collective.algorithm, CollectiveOp::AllReduce,
                          collectiveParamsFromScenario(scenario));
}

} // namespace simcore
