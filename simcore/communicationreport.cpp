#include "simcore/communicationreport.h"

namespace simcore {

CommunicationReport communicationReport(const Scenario& scenario)
{
    CommunicationReport report;
    report.view = View::Communication;
    report.heading = "Communication";
    report.problems = problemsOf(View::Communication, scenario);
    return report;
}

std::string communicationCsv(const CommunicationReport& report)
{
    return csvQuantities(report);
}

} // namespace simcore
