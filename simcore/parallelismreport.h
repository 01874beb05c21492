#pragma once
// The Parallelism view's report. (Filled in view by view; see scalingreport.h for the shape.)

#include "simcore/report.h"

#include <string>

namespace simcore {

struct ParallelismReport : Report {};

ParallelismReport parallelismReport(const Scenario& scenario);

/// The CSV behind the view's charts: the quantities, then the chart data.
std::string parallelismCsv(const ParallelismReport& report);

} // namespace simcore
