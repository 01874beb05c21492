#pragma once
// Turning simcore's SI numbers into text people read: locale-aware, translated units.

#include <QString>

namespace dtsim::ui {

/// "142.5 ms", "1.43 s", "3 h 57 min", "12 d 4 h" — always in the largest unit that fits.
QString formatDuration(double seconds);
/// "7.02×"
QString formatSpeedup(double speedup);
/// "43.9 %"
QString formatPercent(double fraction);
/// A number with `significant` significant digits in the current locale ("0.0625", "1,234.5").
QString formatNumber(double value, int significant = 4);

} // namespace dtsim::ui
