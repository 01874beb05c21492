#include "simcore/pipelinereport.h"

namespace simcore {

PipelineReport pipelineReport(const Scenario& scenario)
{
    PipelineReport report;
    report.view = View::Pipeline;
    report.heading = "Pipeline";
    report.problems = problemsOf(View::Pipeline, scenario);
    return report;
}

std::string pipelineCsv(const PipelineReport& report)
{
    return csvQuantities(report);
}

} // namespace simcore
