#include "simcore/reports/communicationreport.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <utility>

namespace simcore {

namespace {

// The bus-bandwidth chart's sizes: nccl-tests' usual `-b 8 -e 8G`, two sizes per doubling, and
// past 4·S when the message is larger, so the chosen S sits inside the axis.
constexpr double kMinMessageBytes = 8;
constexpr double kMinLargestMessage = 8.0 * 1024 * 1024 * 1024;
constexpr int kSizesPerDoubling = 2;
/// 4·S is capped below 2^52 so bit_ceil stays exact in a double (collective.bytes ≤ 1e15).
constexpr double kLargestMessageCap = 4.5e15;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> busbwChartSizes(double bytes)
{
    const double largest =
        std::max(kMinLargestMessage, static_cast<double>(std::bit_ceil(static_cast<std::uint64_t>(
                                         std::min(4 * bytes, kLargestMessageCap)))));
    return messageSweepSizes(kMinMessageBytes, largest, kSizesPerDoubling);
}

LinkUsed linkUsedBy(CommAlgorithm algorithm, const CollectiveParams& params)
{
    if (params.workers <= params.gpusPerNode) {
        return LinkUsed::Intra;
    }
    return algorithm == CommAlgorithm::Hierarchical ? LinkUsed::IntraAndInter : LinkUsed::Slowest;
}

/// The hierarchical phases as collectiveCost prices them: each phase is a ring on one link.
HierarchicalTerms hierarchicalTerms(const CollectiveParams& params)
{
    HierarchicalTerms terms;
    terms.shape = hierarchyShape(params);
    CollectiveParams node = params;
    node.workers = terms.shape.gpusPerNode;
    node.gpusPerNode = terms.shape.gpusPerNode;
    terms.intraReduceScatterSeconds =
        collectiveCost(CommAlgorithm::Ring, CollectiveOp::ReduceScatter, node).seconds;
    terms.intraAllGatherSeconds =
        collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllGather, node).seconds;
    CollectiveParams across = params;
    across.workers = terms.shape.nodes;
    across.gpusPerNode = terms.shape.nodes; // one ring over the inter link alone
    across.intra = params.inter;
    across.bytes = static_cast<double>(terms.shape.shardsPerGpu) * params.bytes /
                   static_cast<double>(terms.shape.gpusPerNode);
    terms.interShardBytes = across.bytes;
    terms.interAllReduceSeconds =
        collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, across).seconds;
    return terms;
}

std::string headingOf(const CommunicationReport& report)
{
    return "All-reduce, " + std::string(commAlgorithmId(report.algorithm)) +
           " algorithm, N = " + std::to_string(report.params.workers) +
           ", S = " + formatNumber(report.params.bytes) +
           " bytes (alpha-beta model, MODELS §4; Thakur, Rabenseifner & Gropp 2005; nccl-tests "
           "doc/PERFORMANCE.md algbw and busbw)";
}

void addQuantities(CommunicationReport& report)
{
    const auto& p = report.params;
    const auto& c = report.cost;
    auto& q = report.quantities;
    const auto count = [](std::int64_t value) { return static_cast<double>(value); };
    q.push_back(
        wordQuantity("algorithm", "algorithm", std::string(commAlgorithmId(report.algorithm))));
    q.push_back(quantity("workers", "workers N", count(p.workers), Unit::Gpus));
    q.push_back(quantity("bytes", "message size S", p.bytes, Unit::Bytes));
    q.push_back(quantity("gpus_per_node", "GPUs per node g", count(p.gpusPerNode), Unit::Gpus));
    q.push_back(
        quantity("nodes", "nodes", count(report.terms.hierarchical.shape.nodes), Unit::Nodes));
    q.push_back(quantity("intra_bandwidth", "intra bandwidth (one direction, per GPU)",
                         p.intra.bandwidthBytesPerSecond, Unit::BytesPerSecond));
    q.push_back(quantity("intra_latency", "intra latency", p.intra.latencySeconds, Unit::Seconds));
    q.push_back(quantity("inter_bandwidth", "inter bandwidth (one direction, per GPU)",
                         p.inter.bandwidthBytesPerSecond, Unit::BytesPerSecond));
    q.push_back(quantity("inter_latency", "inter latency", p.inter.latencySeconds, Unit::Seconds));
    q.push_back(wordQuantity("link_used", "link used", std::string(linkUsedId(report.linkUsed))));
    q.push_back(quantity("flat_bandwidth", "flat algorithms' bandwidth",
                         report.flatLink.bandwidthBytesPerSecond, Unit::BytesPerSecond));
    q.push_back(quantity("flat_latency", "flat algorithms' latency", report.flatLink.latencySeconds,
                         Unit::Seconds));
    q.push_back(quantity("time", "time", c.seconds, Unit::Seconds));
    q.push_back(quantity("latency_time", "  latency part", c.latencySeconds, Unit::Seconds));
    q.push_back(quantity("bandwidth_time", "  bandwidth part", c.bandwidthSeconds, Unit::Seconds));
    q.push_back(quantity("bytes_sent_per_worker", "bytes sent per worker", c.bytesSentPerWorker,
                         Unit::Bytes));
    q.push_back(quantity("total_bytes_sent", "total bytes sent", c.totalBytesSent, Unit::Bytes));
    q.push_back(quantity("algbw", "algbw (S/t)", c.algbwBytesPerSecond, Unit::BytesPerSecond));
    q.push_back(
        quantity("busbw", "busbw (algbw x factor)", c.busbwBytesPerSecond, Unit::BytesPerSecond));
    q.push_back(quantity("bus_factor", "bus factor 2(N-1)/N",
                         busBandwidthFactor(CollectiveOp::AllReduce, p.workers), Unit::Number));
    q.push_back(quantity("steps", "steps", count(c.steps), Unit::Steps));
    q.push_back(quantity("half_peak_bytes", "half-peak size", report.halfPeakBytes, Unit::Bytes));
    q.push_back(quantity("peak_busbw", "peak busbw (S without bound)",
                         report.peakBusbwBytesPerSecond, Unit::BytesPerSecond));
}

} // namespace

std::string_view linkUsedId(LinkUsed link)
{
    switch (link) {
    case LinkUsed::Intra:
        return "intra";
    case LinkUsed::Slowest:
        return "slowest";
    case LinkUsed::IntraAndInter:
        return "intra+inter";
    }
    return "";
}

ScenarioError collectiveScenarioError(const CollectiveError& error, const CollectiveParams& params)
{
    const auto linkKey = [](const Link& link, const char* latencyKey, const char* bandwidthKey) {
        const bool latencyBad = !std::isfinite(link.latencySeconds) || link.latencySeconds < 0;
        return std::pair{latencyBad ? latencyKey : bandwidthKey,
                         latencyBad ? link.latencySeconds : link.bandwidthBytesPerSecond};
    };
    std::pair<const char*, double> keyAndValue{"collective.workers",
                                               static_cast<double>(params.workers)};
    if (error.field == "bytes") {
        keyAndValue = {"collective.bytes", params.bytes};
    } else if (error.field == "intra") {
        keyAndValue = linkKey(params.intra, "hardware.intra_latency", "hardware.intra_bandwidth");
    } else if (error.field == "inter") {
        keyAndValue = linkKey(params.inter, "hardware.inter_latency", "hardware.inter_bandwidth");
    } else if (error.field == "gpusPerNode") {
        keyAndValue = {"hardware.gpus_per_node", static_cast<double>(params.gpusPerNode)};
    }
    return ScenarioError{ScenarioError::Kind::OutOfRange,
                         keyAndValue.first,
                         formatNumber(keyAndValue.second),
                         std::string(error.allowed),
                         {}};
}

CommunicationReport communicationReport(const Scenario& scenario)
{
    CommunicationReport report;
    report.view = View::Communication;
    report.params = collectiveParamsFromScenario(scenario);
    report.algorithm = scenario.collective.algorithm;
    report.heading = headingOf(report);
    std::vector<ScenarioError> modelRules;
    if (const auto error = validateCollective(report.params)) {
        modelRules.push_back(collectiveScenarioError(*error, report.params));
    }
    report.problems = problemsOf(View::Communication, scenario, std::move(modelRules));
    if (!report.ok()) {
        return report;
    }
    const auto& p = report.params;
    // The one price of this all-reduce: the Topology view's uniform cluster asks the same call.
    report.cost = allReduceFromScenario(scenario);
    report.linkUsed = linkUsedBy(report.algorithm, p);
    report.flatLink = flatLink(p);
    report.terms.extraWorkers = p.workers - 1;
    report.terms.treeLevels = static_cast<std::int64_t>(
        std::bit_width(static_cast<std::uint64_t>(std::max<std::int64_t>(p.workers, 1) - 1)));
    report.terms.hierarchical = hierarchicalTerms(p);
    report.comparison.algorithm =
        report.algorithm == CommAlgorithm::Naive ? CommAlgorithm::Ring : CommAlgorithm::Naive;
    report.comparison.cost =
        collectiveCost(report.comparison.algorithm, CollectiveOp::AllReduce, p);

    report.workerLimit = workerSweepLimit(p.workers);
    report.workerSweeps = sweepWorkers(p, CollectiveOp::AllReduce, report.workerLimit);
    report.messageSizes = busbwChartSizes(p.bytes);
    report.sizeSweeps = sweepMessageSizes(p, CollectiveOp::AllReduce, report.messageSizes);
    // The chosen algorithm's landmarks on the bus-bandwidth chart (Hockney 1994).
    const double half = simcore::halfPeakBytes(report.algorithm, CollectiveOp::AllReduce, p);
    report.halfPeakBytes = half > 0 ? half : kNaN;
    report.peakBusbwBytesPerSecond = peakBusBandwidth(report.algorithm, CollectiveOp::AllReduce, p);
    report.halfPeakBusbwBytesPerSecond = report.peakBusbwBytesPerSecond / 2;
    addQuantities(report);
    // The links again as objects, as `calc allreduce` has always printed them.
    const auto link = [](const Link& l) {
        return Record{{"bandwidth", l.bandwidthBytesPerSecond}, {"latency", l.latencySeconds}};
    };
    report.details = {{"intra", link(report.params.intra)},
                      {"inter", link(report.params.inter)},
                      {"flat_link", link(report.flatLink)}};
    return report;
}

std::vector<CsvTable> communicationCsv(const CommunicationReport& report)
{
    std::vector<CsvTable> tables{csvQuantities(report)};
    if (!report.ok()) {
        return tables;
    }
    // Time and bytes sent per worker vs workers, for the all-reduce of the quantity bytes.
    CsvTableBuilder workers("worker_sweep",
                            {"algorithm", "workers", "time_s", "bytes_sent_per_worker_bytes",
                             "server_bytes_sent_bytes", "busbw_bytes_per_s"});
    for (const auto& sweep : report.workerSweeps) {
        const std::string id = csvField(commAlgorithmId(sweep.algorithm));
        for (const auto& point : sweep.points) {
            workers.row({id, std::to_string(point.workers), csvNumber(point.seconds),
                         csvNumber(point.bytesSentPerWorker), csvNumber(point.serverBytesSent),
                         csvNumber(point.busbwBytesPerSecond)});
        }
    }
    tables.push_back(workers.table());
    // Bus bandwidth vs message size at the quantity workers (nccl-tests: algbw = S/t,
    // busbw = algbw * 2(N-1)/N).
    CsvTableBuilder sizes("size_sweep", {"algorithm", "message_bytes", "time_s",
                                         "algbw_bytes_per_s", "busbw_bytes_per_s"});
    for (const auto& sweep : report.sizeSweeps) {
        const std::string id = csvField(commAlgorithmId(sweep.algorithm));
        for (const auto& point : sweep.points) {
            sizes.row({id, csvNumber(point.bytes), csvNumber(point.seconds),
                       csvNumber(point.algbwBytesPerSecond), csvNumber(point.busbwBytesPerSecond)});
        }
    }
    tables.push_back(sizes.table());
    return tables;
}

} // namespace simcore
