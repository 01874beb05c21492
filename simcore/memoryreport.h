#pragma once
// The Memory view's report. (Filled in view by view; see scalingreport.h for the shape.)

#include "simcore/report.h"

#include <string>

namespace simcore {

struct MemoryReport : Report {};

MemoryReport memoryReport(const Scenario& scenario);

/// The CSV behind the view's charts: the quantities, then the chart data.
std::string memoryCsv(const MemoryReport& report);

} // namespace simcore
