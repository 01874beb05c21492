#include "simcore/models/collectivesweep.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace simcore {

namespace {

constexpr std::int64_t kSmallestLimit = 1024;
constexpr std::int64_t kLargestLimit = std::int64_t{1} << 21;
constexpr int kCountsPerDecade = 24;
constexpr std::int64_t kEveryCountUpTo = 16;

/// A size at which to read the bandwidth part of t: any S > 0 works, t's bandwidth part is linear
/// in S.
constexpr double kProbeBytes = 1e9;

} // namespace

std::int64_t workerSweepLimit(std::int64_t workers)
{
    const std::int64_t wanted =
        std::clamp<std::int64_t>(2 * workers, kSmallestLimit, kLargestLimit);
    std::int64_t limit = kSmallestLimit;
    while (limit < wanted) {
        limit *= 8;
    }
    return std::min(limit, kLargestLimit);
}

std::vector<std::int64_t> workerSweepCounts(std::int64_t gpusPerNode, std::int64_t maxWorkers)
{
    std::vector<std::int64_t> counts;
    if (maxWorkers < 2 || gpusPerNode < 1) {
        return counts;
    }
    const std::int64_t g = gpusPerNode;
    for (std::int64_t n = 2; n <= std::min({g, kEveryCountUpTo, maxWorkers}); ++n) {
        counts.push_back(n);
    }
    if (g >= 2 && g <= maxWorkers) {
        counts.push_back(g);
    }
    const double decades = std::log10(static_cast<double>(maxWorkers) / 2.0);
    const int steps = static_cast<int>(std::ceil(decades * kCountsPerDecade));
    for (int i = 0; i <= steps; ++i) {
        const double x = 2.0 * std::pow(10.0, static_cast<double>(i) / kCountsPerDecade);
        auto n = static_cast<std::int64_t>(std::llround(x));
        if (n > g) {
            const auto nodes = static_cast<std::int64_t>(std::llround(x / static_cast<double>(g)));
            n = std::max<std::int64_t>(nodes, 2) * g;
        }
        if (n > maxWorkers) {
            n = (maxWorkers / g) * g; // the last whole-node count on the axis
            if (n <= g) {
                continue;
            }
        }
        if (n >= 2) {
            counts.push_back(n);
        }
    }
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return counts;
}

std::vector<std::int64_t> powerOfTwoCounts(std::int64_t maxWorkers)
{
    std::vector<std::int64_t> counts;
    for (std::int64_t n = 2; n <= maxWorkers; n *= 2) {
        counts.push_back(n);
    }
    return counts;
}

std::vector<WorkerSweep> sweepWorkers(const CollectiveParams& base, CollectiveOp op,
                                      std::int64_t maxWorkers)
{
    std::vector<WorkerSweep> sweeps;
    const auto general = workerSweepCounts(base.gpusPerNode, maxWorkers);
    const auto powers = powerOfTwoCounts(maxWorkers);
    for (const CommAlgorithm algorithm : allCommAlgorithms()) {
        WorkerSweep sweep;
        sweep.algorithm = algorithm;
        const auto& counts = algorithm == CommAlgorithm::Rabenseifner ? powers : general;
        sweep.points.reserve(counts.size());
        CollectiveParams params = base;
        for (const std::int64_t n : counts) {
            params.workers = n;
            const CollectiveCost cost = collectiveCost(algorithm, op, params);
            if (cost.error) {
                continue; // not defined for this operation (tree reduce-scatter, say)
            }
            WorkerSweepPoint point;
            point.workers = n;
            point.seconds = cost.seconds;
            point.bytesSentPerWorker = cost.bytesSentPerWorker;
            point.busbwBytesPerSecond = cost.busbwBytesPerSecond;
            if (algorithm == CommAlgorithm::ParameterServer) {
                point.serverBytesSent =
                    cost.totalBytesSent - static_cast<double>(n) * cost.bytesSentPerWorker;
            }
            sweep.points.push_back(point);
        }
        sweeps.push_back(std::move(sweep));
    }
    return sweeps;
}

std::vector<double> messageSweepSizes(double minBytes, double maxBytes, int perDoubling)
{
    std::vector<double> sizes;
    if (!(minBytes > 0) || !(maxBytes >= minBytes) || !std::isfinite(maxBytes) || perDoubling < 1) {
        return sizes;
    }
    const double doublings = std::log2(maxBytes / minBytes);
    const auto count = static_cast<int>(std::floor(doublings * perDoubling + 1e-9)) + 1;
    sizes.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        sizes.push_back(minBytes * std::exp2(static_cast<double>(i) / perDoubling));
    }
    return sizes;
}

double halfPeakBytes(CommAlgorithm algorithm, CollectiveOp op, const CollectiveParams& params)
{
    CollectiveParams probe = params;
    probe.bytes = kProbeBytes;
    const CollectiveCost cost = collectiveCost(algorithm, op, probe);
    if (cost.error || !(cost.bandwidthSeconds > 0)) {
        return 0.0;
    }
    return cost.latencySeconds / (cost.bandwidthSeconds / kProbeBytes);
}

double peakBusBandwidth(CommAlgorithm algorithm, CollectiveOp op, const CollectiveParams& params)
{
    CollectiveParams probe = params;
    probe.bytes = kProbeBytes;
    const CollectiveCost cost = collectiveCost(algorithm, op, probe);
    if (cost.error || !(cost.bandwidthSeconds > 0)) {
        return 0.0;
    }
    return busBandwidthFactor(op, params.workers) * kProbeBytes / cost.bandwidthSeconds;
}

std::vector<SizeSweep> sweepMessageSizes(const CollectiveParams& base, CollectiveOp op,
                                         const std::vector<double>& sizes)
{
    std::vector<SizeSweep> sweeps;
    for (const CommAlgorithm algorithm : allCommAlgorithms()) {
        SizeSweep sweep;
        sweep.algorithm = algorithm;
        CollectiveParams params = base;
        for (const double bytes : sizes) {
            params.bytes = bytes;
            const CollectiveCost cost = collectiveCost(algorithm, op, params);
            if (cost.error) {
                sweep.points.clear();
                break;
            }
            sweep.points.push_back(
                {bytes, cost.seconds, cost.algbwBytesPerSecond, cost.busbwBytesPerSecond});
        }
        if (!sweep.points.empty()) {
            sweep.peakBusbwBytesPerSecond = peakBusBandwidth(algorithm, op, base);
            sweep.halfPeakBytes = halfPeakBytes(algorithm, op, base);
        }
        sweeps.push_back(std::move(sweep));
    }
    return sweeps;
}

} // namespace simcore
