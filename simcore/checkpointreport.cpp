#include "simcore/checkpointreport.h"

namespace simcore {

CheckpointReport checkpointReport(const Scenario& scenario)
{
    CheckpointReport report;
    report.view = View::Checkpoint;
    report.heading = "Checkpoint";
    report.problems = problemsOf(View::Checkpoint, scenario);
    return report;
}

std::string checkpointCsv(const CheckpointReport& report)
{
    return csvQuantities(report);
}

} // namespace simcore
