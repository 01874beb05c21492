#pragma once
// A scenario problem in the window's language: the control named by its label, a layout rule
// worded from its figures. The command line's English line, with the keys, is the tooltip.

#include <QString>

namespace simcore {
struct ScenarioError;
}

namespace dtsim::ui {

/// "Pipeline stages (pp): 5 — must divide the 32 layers, so every stage holds the same whole
/// number." No scenario key in it; keys another rule names are shown by their labels.
QString describeProblem(const simcore::ScenarioError& error);

/// The line `dtsim` prints for the same problem, naming the keys: the problem's tooltip.
QString problemKeysTip(const simcore::ScenarioError& error);

} // namespace dtsim::ui
