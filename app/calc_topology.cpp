#include "app/calcmodels.h"
#include "simcore/reports/topologyreport.h"

#include <QJsonArray>
#include <QJsonObject>

namespace dtsim::app {

int calcTopology(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const auto report = simcore::topologyReport(scenario);
    QJsonArray ring;
    for (const std::int64_t gpu : report.topology.allReduce.ring) {
        ring.append(static_cast<qint64>(gpu));
    }
    return printReport(report, options, {{QStringLiteral("ring"), ring}});
}

} // namespace dtsim::app
