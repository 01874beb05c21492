#pragma once
// The Topology view's report. (Filled in view by view; see scalingreport.h for the shape.)

#include "simcore/report.h"

#include <string>

namespace simcore {

struct TopologyReport : Report {};

TopologyReport topologyReport(const Scenario& scenario);

/// The CSV behind the view's charts: the quantities, then the chart data.
std::string topologyCsv(const TopologyReport& report);

} // namespace simcore
