#pragma once
// Every view's report from one call: the top of simcore, above the models, reports and planner
// it dispatches to (what `dtsim calc`, the exporter and the tests of every panel's read-outs use).

#include "simcore/reports/report.h"

#include <optional>
#include <span>
#include <string_view>

namespace simcore {

/// The common part of `view`'s report for `scenario` (what `dtsim calc VIEW` prints as a table
/// and what tests compare every panel's read-outs with).
Report evaluateView(View view, const Scenario& scenario);

/// One thing dtsim shows or prints by name. The one table the window's tabs, `dtsim calc`, `dtsim
/// export --panel` and the export's refusal read (tests tie each of them to it).
struct ViewEntry {
    std::string_view id;      ///< "scaling": the tab's, `calc`'s and `export --panel`'s name
    std::optional<View> view; ///< the view whose report it is; nullopt for a model of its own
    bool tab = false;         ///< a tab of the window (the others are views inside a tab)
    bool exported = false;    ///< `dtsim export --panel ID` and the window's export draw it
    bool calc = false;        ///< `dtsim calc ID` prints it
    bool monteCarlo = false;  ///< `dtsim calc ID --monte-carlo` also simulates jobs
    /// The export refuses to draw it while its report has problems, as `calc` refuses to print:
    /// the charts that would show an impossible setup (more workers than the batch, a layout
    /// that does not divide the model, a schedule that cannot run, a job whose N is no layout).
    bool refusesProblems = false;
};

/// Every entry, in SPEC order; `calc` and `export` list theirs in this order.
std::span<const ViewEntry> viewEntries();
/// The entry with this id, or null.
const ViewEntry* findViewEntry(std::string_view id);

} // namespace simcore
