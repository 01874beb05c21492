#pragma once
// The Checkpoint view's report. (Filled in view by view; see scalingreport.h for the shape.)

#include "simcore/report.h"

#include <string>

namespace simcore {

struct CheckpointReport : Report {};

CheckpointReport checkpointReport(const Scenario& scenario);

/// The CSV behind the view's charts: the quantities, then the chart data.
std::string checkpointCsv(const CheckpointReport& report);

} // namespace simcore
