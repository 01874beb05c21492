#pragma once
// The Pipeline view's report. (Filled in view by view; see scalingreport.h for the shape.)

#include "simcore/report.h"

#include <string>

namespace simcore {

struct PipelineReport : Report {};

PipelineReport pipelineReport(const Scenario& scenario);

/// The CSV behind the view's charts: the quantities, then the chart data.
std::string pipelineCsv(const PipelineReport& report);

} // namespace simcore
