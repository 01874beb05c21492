#include "simcore/topologyreport.h"

namespace simcore {

TopologyReport topologyReport(const Scenario& scenario)
{
    TopologyReport report;
    report.view = View::Topology;
    report.heading = "Topology";
    report.problems = problemsOf(View::Topology, scenario);
    return report;
}

std::string topologyCsv(const TopologyReport& report)
{
    return csvQuantities(report);
}

} // namespace simcore
