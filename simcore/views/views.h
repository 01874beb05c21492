#pragma once
// Every view's report from one call: the top of simcore, above the models, reports and planner
// it dispatches to (what `dtsim calc`, the exporter and the tests of every panel's read-outs use).

#include "simcore/reports/report.h"

namespace simcore {

/// The common part of `view`'s report for `scenario` (what `dtsim calc VIEW` prints as a table
/// and what tests compare every panel's read-outs with).
Report evaluateView(View view, const Scenario& scenario);

} // namespace simcore
