#pragma once
// Sweeps of the collective cost model (simcore/models/collectives.h, MODELS §4) for the
// Communication panel's charts: the cost of one collective as the worker count grows, and the bus
// bandwidth as the message grows. Plain C++20, no Qt; the charts only draw these numbers.

#include "simcore/models/collectives.h"

#include <cstdint>
#include <vector>

namespace simcore {

/// One worker count of a worker sweep. Units: seconds, bytes, bytes/s.
struct WorkerSweepPoint {
    std::int64_t workers = 0;      ///< n
    double seconds = 0;            ///< collectiveCost(…).seconds
    double bytesSentPerWorker = 0; ///< collectiveCost(…).bytesSentPerWorker (average over workers)
    double serverBytesSent = 0;    ///< ParameterServer: what the server sends (totalBytesSent −
                                   ///< n·bytesSentPerWorker); 0 for the other algorithms
    double busbwBytesPerSecond = 0; ///< nccl-tests busbw at this n
};

/// One algorithm's curve.
struct WorkerSweep {
    CommAlgorithm algorithm = CommAlgorithm::Ring;
    std::vector<WorkerSweepPoint> points; ///< increasing n
};

/// The largest worker count a sweep around `workers` covers: the smallest of 1024, 8192,
/// 65 536, 524 288 (1024 · 8^k) that is ≥ 2·workers, else 2^21. The chosen n sits well inside
/// the axis, and the axis changes only when n crosses a factor of eight: typing another n
/// moves its marker along curves that stay put.
std::int64_t workerSweepLimit(std::int64_t workers);

/// Worker counts from 2 to `maxWorkers` for a log axis: every n from 2 to min(g, 16); g itself
/// (the last count inside one node); then about 24 counts per decade, each count above g rounded
/// to whole nodes (a multiple of g), so the node-boundary cliff of the flat algorithms shows and a
/// half-filled last node does not make the curves jagged. Sorted, no duplicates, all ≤ maxWorkers.
/// Empty when maxWorkers < 2 or gpusPerNode < 1.
std::vector<std::int64_t> workerSweepCounts(std::int64_t gpusPerNode, std::int64_t maxWorkers);

/// Powers of two from 2 to `maxWorkers`: the counts Rabenseifner's halving/doubling is defined on
/// without MPICH's fold (Thakur, Rabenseifner & Gropp 2005).
std::vector<std::int64_t> powerOfTwoCounts(std::int64_t maxWorkers);

/// `op` for every algorithm in allCommAlgorithms() order, at the counts of workerSweepCounts
/// (Rabenseifner: powerOfTwoCounts), with `base`'s bytes, links and GPUs per node.
/// Precondition: validateCollective(base) is empty (base.workers is ignored).
std::vector<WorkerSweep> sweepWorkers(const CollectiveParams& base, CollectiveOp op,
                                      std::int64_t maxWorkers);

/// One message size of a size sweep.
struct SizeSweepPoint {
    double bytes = 0;               ///< S
    double seconds = 0;             ///< t
    double algbwBytesPerSecond = 0; ///< S / t (nccl-tests)
    double busbwBytesPerSecond = 0; ///< algbw × busBandwidthFactor(op, n) (nccl-tests)
};

/// One algorithm's bus bandwidth curve and its two landmarks.
struct SizeSweep {
    CommAlgorithm algorithm = CommAlgorithm::Ring;
    std::vector<SizeSweepPoint> points; ///< increasing S
    /// busbw as S → ∞ (the bandwidth-bound limit): factor · S / bandwidthSeconds. A ring at any α
    /// tends to its link bandwidth B. 0 when nothing is sent (n = 1).
    double peakBusbwBytesPerSecond = 0;
    /// Hockney's n½: the message size at which the latency part of t equals the bandwidth part,
    /// so busbw is half its peak. Smaller messages are latency-bound, larger bandwidth-bound.
    /// Ring all-reduce: n·α·B. 0 when α = 0; 0 when nothing is sent.
    double halfPeakBytes = 0;
};

/// Message sizes from minBytes to maxBytes (both > 0, min ≤ max), `perDoubling` sizes per
/// factor of two (≥ 1): minBytes · 2^(i/perDoubling), ending at maxBytes or just below it.
/// nccl-tests' `-b 8 -e 8G -f 2` is messageSweepSizes(8, 8·2^30, 1). Empty on bad arguments.
std::vector<double> messageSweepSizes(double minBytes, double maxBytes, int perDoubling);

/// Hockney's n½ for `algorithm` running `op` on `params` (R. W. Hockney, "The communication
/// challenge for MPP: Intel Paragon and Meiko CS-2", Parallel Computing 20, 1994): in the α–β
/// model t(S) = latencySeconds + S·(bandwidthSeconds/S), so n½ = latencySeconds ÷
/// (bandwidthSeconds/S). Ring all-reduce: 2(n−1)α ÷ (2(n−1)/(n·B)) = n·α·B. 0 when it is
/// undefined (n = 1, an error, nothing sent). params.bytes is ignored.
double halfPeakBytes(CommAlgorithm algorithm, CollectiveOp op, const CollectiveParams& params);

/// busbw as S → ∞: busBandwidthFactor(op, n) · S / bandwidthSeconds (0 when undefined).
/// params.bytes is ignored.
double peakBusBandwidth(CommAlgorithm algorithm, CollectiveOp op, const CollectiveParams& params);

/// `op` for every algorithm in allCommAlgorithms() order at `base.workers`, for each size.
/// Rabenseifner's reduce-scatter / all-gather / broadcast at a non-power-of-two n and the tree's
/// reduce-scatter / all-gather are not defined: their curves are empty.
std::vector<SizeSweep> sweepMessageSizes(const CollectiveParams& base, CollectiveOp op,
                                         const std::vector<double>& sizes);

} // namespace simcore
