#pragma once
// The Communication view's report (seed lesson §3a, MODELS §4, nccl-tests doc/PERFORMANCE.md):
// one all-reduce of collective.bytes over collective.workers GPUs with collective.algorithm, on
// the hardware.* links; what its three charts draw (the cost of every algorithm against the
// number of GPUs, the bus bandwidth against the message size); the terms of its formula strip;
// and the other algorithm its summary compares with.

#include "simcore/models/collectives.h"
#include "simcore/models/collectivesweep.h"
#include "simcore/reports/report.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace simcore {

/// Which link the all-reduce runs on (MODELS §4): the node's own when all N GPUs fit in one
/// node (N ≤ g), the slowest of both when a flat algorithm spans nodes, or both for the
/// hierarchical one.
enum class LinkUsed { Intra, Slowest, IntraAndInter };

/// "intra", "slowest", "intra+inter" (the `link_used` word of `dtsim calc`).
std::string_view linkUsedId(LinkUsed link);

/// A collective's input error (validateCollective) as the scenario problem it is: OutOfRange on
/// the key it comes from (collective.workers, collective.bytes, hardware.gpus_per_node, or the
/// latency or bandwidth key of the link at fault), with the value given and the range allowed.
ScenarioError collectiveScenarioError(const CollectiveError& error, const CollectiveParams& params);

/// The hierarchical all-reduce's three phases (MODELS §4; collectives.h): a ring reduce-scatter
/// on the g′ GPUs of a node over the intra link, a ring all-reduce of each GPU's shard across
/// the k nodes over the inter link, and a ring all-gather in the node. Seconds and bytes.
struct HierarchicalTerms {
    HierarchyShape shape;                 ///< g′, k, the last node's r GPUs, shards per GPU
    double intraReduceScatterSeconds = 0; ///< (g′−1)·α_i + (g′−1)/g′ · S/B_i
    double intraAllGatherSeconds = 0;     ///< the same as the reduce-scatter
    /// Bytes each GPU all-reduces across nodes: ⌈g′/r⌉ · S/g′ (S/g′ when g′ divides N).
    double interShardBytes = 0;
    /// 2(k−1)·α_e + 2(k−1)/k · interShardBytes/B_e; 0 on one node.
    double interAllReduceSeconds = 0;
};

/// What the formula strip substitutes that is not a quantity: counts of the algorithm's rounds.
struct CommunicationTerms {
    std::int64_t extraWorkers = 0;  ///< N − 1: the ring's and the naive exchange's rounds
    std::int64_t treeLevels = 0;    ///< ⌈log₂N⌉: the binomial tree's depth
    HierarchicalTerms hierarchical; ///< filled for every algorithm (the strip shows it for one)
};

/// The algorithm the summary line sets beside the chosen one (the naive exchange, or the ring
/// when the naive exchange is chosen), with its cost for the same all-reduce.
struct CommunicationComparison {
    CommAlgorithm algorithm = CommAlgorithm::Naive;
    CollectiveCost cost;
};

struct CommunicationReport : Report {
    CollectiveParams params;                       ///< N, S, g and both links
    CommAlgorithm algorithm = CommAlgorithm::Ring; ///< collective.algorithm
    CollectiveCost cost;                           ///< the all-reduce; `time` is cost.seconds
    LinkUsed linkUsed = LinkUsed::Intra;
    Link flatLink; ///< the link a flat algorithm runs on (flatLink(params))
    CommunicationTerms terms;
    CommunicationComparison comparison;

    /// The two charts against N: every algorithm (allCommAlgorithms() order) at the counts of
    /// workerSweepCounts up to workerLimit (workerSweepLimit(N)), with this S, g and links.
    std::int64_t workerLimit = 0;
    std::vector<WorkerSweep> workerSweeps;
    /// The bus-bandwidth chart at this N: every algorithm at `messageSizes` (nccl-tests' 8 B …
    /// 8 GiB, two sizes per doubling, reaching past 4·S for large messages).
    std::vector<double> messageSizes;
    std::vector<SizeSweep> sizeSweeps;
    /// The chosen algorithm's landmarks on that chart: Hockney's n½ (NaN when undefined: one
    /// GPU, or α = 0), the busbw as S → ∞, and the busbw at n½ (half of that peak).
    double halfPeakBytes = 0;
    double peakBusbwBytesPerSecond = 0;
    double halfPeakBusbwBytesPerSecond = 0;
};

/// Quantities, in the CSV's order: algorithm, workers, bytes, gpus_per_node, nodes,
/// intra_bandwidth, intra_latency, inter_bandwidth, inter_latency, link_used, flat_bandwidth,
/// flat_latency, time, latency_time, bandwidth_time, bytes_sent_per_worker, total_bytes_sent,
/// algbw, busbw, bus_factor, steps, half_peak_bytes, peak_busbw. `time` is the same double as
/// allReduceFromScenario(scenario).seconds (the Topology view's price of the same all-reduce).
CommunicationReport communicationReport(const Scenario& scenario);

/// The CSV behind the view's charts: the quantities; "worker_sweep", one row per algorithm and N
/// of the two charts against N (algorithm, workers, time_s, bytes_sent_per_worker_bytes,
/// server_bytes_sent_bytes, busbw_bytes_per_s); "size_sweep", one per algorithm and S of the bus
/// bandwidth chart (algorithm, message_bytes, time_s, algbw_bytes_per_s, busbw_bytes_per_s). A
/// report with problems has the quantities only.
std::vector<CsvTable> communicationCsv(const CommunicationReport& report);

} // namespace simcore
