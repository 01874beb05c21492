#include "app/calcmodels.h"
#include "simcore/reports/communicationreport.h"

#include <QJsonObject>

namespace dtsim::app {

namespace {

QJsonObject linkJson(const simcore::Link& link)
{
    return QJsonObject{{QStringLiteral("bandwidth"), link.bandwidthBytesPerSecond},
                       {QStringLiteral("latency"), link.latencySeconds}};
}

} // namespace

int printCommunication(const simcore::Scenario& scenario, const CalcOptions& options,
                       const QString& model)
{
    const auto report = simcore::communicationReport(scenario);
    // The links again as objects, as `calc allreduce` has always printed them.
    return printReport(report, options,
                       {{QStringLiteral("model"), model},
                        {QStringLiteral("intra"), linkJson(report.params.intra)},
                        {QStringLiteral("inter"), linkJson(report.params.inter)},
                        {QStringLiteral("flat_link"), linkJson(report.flatLink)}});
}

int calcAllreduce(const simcore::Scenario& scenario, const CalcOptions& options)
{
    return printCommunication(scenario, options, QStringLiteral("allreduce"));
}

} // namespace dtsim::app
