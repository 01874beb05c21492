#include "simcore/memoryreport.h"

namespace simcore {

MemoryReport memoryReport(const Scenario& scenario)
{
    MemoryReport report;
    report.view = View::Memory;
    report.heading = "Memory";
    report.problems = problemsOf(View::Memory, scenario);
    return report;
}

std::string memoryCsv(const MemoryReport& report)
{
    return csvQuantities(report);
}

} // namespace simcore
