#include "simcore/parallelismreport.h"

namespace simcore {

ParallelismReport parallelismReport(const Scenario& scenario)
{
    ParallelismReport report;
    report.view = View::Parallelism;
    report.heading = "Parallelism";
    report.problems = problemsOf(View::Parallelism, scenario);
    return report;
}

std::string parallelismCsv(const ParallelismReport& report)
{
    return csvQuantities(report);
}

} // namespace simcore
