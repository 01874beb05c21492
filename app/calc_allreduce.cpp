#include "app/calcmodels.h"
#include "app/cli.h"
#include "simcore/collectives.h"
#include "simcore/collectivesweep.h"

#include <QJsonObject>

namespace dtsim::app {

namespace {

QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

/// Which link the algorithm runs on (collectives.h): one node's, the slowest of both when a
/// flat algorithm spans nodes, or both for the hierarchical one.
QString linkUsed(simcore::CommAlgorithm algorithm, const simcore::CollectiveParams& params)
{
    if (params.workers <= params.gpusPerNode) {
        return QStringLiteral("intra");
    }
    return algorithm == simcore::CommAlgorithm::Hierarchical ? QStringLiteral("intra+inter")
                                                             : QStringLiteral("slowest");
}

} // namespace

int calcAllreduce(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const simcore::CollectiveParams params = simcore::collectiveParamsFromScenario(scenario);
    const simcore::CommAlgorithm algorithm =
        simcore::toCommAlgorithm(scenario.collective.algorithm);
    const simcore::CollectiveCost cost =
        simcore::collectiveCost(algorithm, simcore::CollectiveOp::AllReduce, params);
    if (cost.error) { // the scenario's ranges rule this out; kept as a guard
        printError(QStringLiteral("allreduce: %1 must be %2")
                       .arg(fromView(cost.error->field), fromView(cost.error->allowed)));
        return kBadInput;
    }
    const auto shape = simcore::hierarchyShape(params);
    const simcore::Link flat = simcore::flatLink(params);
    const double halfPeak =
        simcore::halfPeakBytes(algorithm, simcore::CollectiveOp::AllReduce, params);
    const double peak =
        simcore::peakBusBandwidth(algorithm, simcore::CollectiveOp::AllReduce, params);
    const double factor =
        simcore::busBandwidthFactor(simcore::CollectiveOp::AllReduce, params.workers);
    const QString algorithmId = fromView(simcore::commAlgorithmId(algorithm));
    const QString used = linkUsed(algorithm, params);

    if (options.json) {
        const auto link = [](const simcore::Link& l) {
            return QJsonObject{{QStringLiteral("bandwidth"), l.bandwidthBytesPerSecond},
                               {QStringLiteral("latency"), l.latencySeconds}};
        };
        printJson(
            QJsonObject{{QStringLiteral("model"), QStringLiteral("allreduce")},
                        {QStringLiteral("algorithm"), algorithmId},
                        {QStringLiteral("workers"), static_cast<double>(params.workers)},
                        {QStringLiteral("bytes"), params.bytes},
                        {QStringLiteral("gpus_per_node"), static_cast<double>(params.gpusPerNode)},
                        {QStringLiteral("nodes"), static_cast<double>(shape.nodes)},
                        {QStringLiteral("intra"), link(params.intra)},
                        {QStringLiteral("inter"), link(params.inter)},
                        {QStringLiteral("link_used"), used},
                        {QStringLiteral("flat_link"), link(flat)},
                        {QStringLiteral("time"), cost.seconds},
                        {QStringLiteral("latency_time"), cost.latencySeconds},
                        {QStringLiteral("bandwidth_time"), cost.bandwidthSeconds},
                        {QStringLiteral("bytes_sent_per_worker"), cost.bytesSentPerWorker},
                        {QStringLiteral("total_bytes_sent"), cost.totalBytesSent},
                        {QStringLiteral("steps"), static_cast<double>(cost.steps)},
                        {QStringLiteral("algbw"), cost.algbwBytesPerSecond},
                        {QStringLiteral("busbw"), cost.busbwBytesPerSecond},
                        {QStringLiteral("bus_factor"), factor},
                        {QStringLiteral("peak_busbw"), peak},
                        {QStringLiteral("half_peak_bytes"), halfPeak}});
        return kSuccess;
    }

    ReportTable table(QStringLiteral("All-reduce, %1 algorithm (MODELS §4; nccl-tests algbw and "
                                     "busbw), N = %2, S = %3 bytes")
                          .arg(algorithmId)
                          .arg(params.workers)
                          .arg(params.bytes, 0, 'g', 6));
    table.number(QStringLiteral("GPUs per node"), static_cast<double>(params.gpusPerNode));
    table.number(QStringLiteral("nodes"), static_cast<double>(shape.nodes));
    table.number(QStringLiteral("intra bandwidth"), params.intra.bandwidthBytesPerSecond,
                 QStringLiteral("bytes/s (one direction, per GPU)"));
    table.number(QStringLiteral("intra latency"), params.intra.latencySeconds, QStringLiteral("s"));
    table.number(QStringLiteral("inter bandwidth"), params.inter.bandwidthBytesPerSecond,
                 QStringLiteral("bytes/s (one direction, per GPU)"));
    table.number(QStringLiteral("inter latency"), params.inter.latencySeconds, QStringLiteral("s"));
    table.row(QStringLiteral("link used"), used);
    table.number(QStringLiteral("time"), cost.seconds, QStringLiteral("s"));
    table.number(QStringLiteral("  latency part"), cost.latencySeconds, QStringLiteral("s"));
    table.number(QStringLiteral("  bandwidth part"), cost.bandwidthSeconds, QStringLiteral("s"));
    table.number(QStringLiteral("bytes sent per worker"), cost.bytesSentPerWorker,
                 QStringLiteral("bytes"));
    table.number(QStringLiteral("total bytes sent"), cost.totalBytesSent, QStringLiteral("bytes"));
    table.number(QStringLiteral("steps"), static_cast<double>(cost.steps));
    table.number(QStringLiteral("algbw (S/t)"), cost.algbwBytesPerSecond,
                 QStringLiteral("bytes/s"));
    table.number(QStringLiteral("busbw (algbw x factor)"), cost.busbwBytesPerSecond,
                 QStringLiteral("bytes/s"));
    table.number(QStringLiteral("bus factor 2(N-1)/N"), factor);
    table.number(QStringLiteral("peak busbw (S -> inf)"), peak, QStringLiteral("bytes/s"));
    table.number(QStringLiteral("half-peak size"), halfPeak, QStringLiteral("bytes"));
    table.print();
    return kSuccess;
}

} // namespace dtsim::app
