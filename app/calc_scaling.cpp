#include "app/calcmodels.h"
#include "simcore/reports/scalingreport.h"

#include <QJsonObject>

namespace dtsim::app {

int calcScaling(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const auto report = simcore::scalingReport(scenario);
    const bool physical = report.result.mode == simcore::ScalingMode::Physical;
    return printReport(report, options,
                       {{QStringLiteral("mode"),
                         physical ? QStringLiteral("physical") : QStringLiteral("lesson")}});
}

} // namespace dtsim::app
