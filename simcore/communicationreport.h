#pragma once
// The Communication view's report. (Filled in view by view; see scalingreport.h for the shape.)

#include "simcore/report.h"

#include <string>

namespace simcore {

struct CommunicationReport : Report {};

CommunicationReport communicationReport(const Scenario& scenario);

/// The CSV behind the view's charts: the quantities, then the chart data.
std::string communicationCsv(const CommunicationReport& report);

} // namespace simcore
