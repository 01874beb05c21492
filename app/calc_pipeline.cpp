#include "app/calcmodels.h"
#include "simcore/reports/pipelinereport.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <cmath>

namespace dtsim::app {

int calcPipeline(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const auto report = simcore::pipelineReport(scenario);
    QJsonObject extra;
    if (report.ok()) {
        QJsonArray peaks;
        QJsonArray bytes;
        for (const auto& device : report.devices) {
            peaks.append(static_cast<double>(device.peakChunks));
            bytes.append(device.bytes);
        }
        extra = {{QStringLiteral("formula"), QString::fromStdString(report.formula.text)},
                 {QStringLiteral("peak_in_flight_per_device"), peaks},
                 {QStringLiteral("activations_per_device"),
                  report.memoryProblem ? QJsonValue() : QJsonValue(bytes)}};
    }
    const int code = printReport(report, options, extra);
    if (report.ok() && report.memoryProblem) {
        printError(QStringLiteral("activations not computed: ") +
                   QString::fromStdString(report.memoryProblem->message()));
    }
    return code;
}

} // namespace dtsim::app
