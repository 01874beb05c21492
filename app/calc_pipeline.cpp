#include "app/calcmodels.h"
#include "simcore/reports/pipelinereport.h"

namespace dtsim::app {

int calcPipeline(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const auto report = simcore::pipelineReport(scenario);
    const int code = printReport(report, options);
    if (report.ok() && report.memoryProblem) {
        printError(QStringLiteral("activations not computed: ") +
                   QString::fromStdString(report.memoryProblem->message()));
    }
    return code;
}

} // namespace dtsim::app
