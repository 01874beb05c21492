#pragma once
// Readable axis ranges computed once per redraw: QValueAxis::applyNiceNumbers() after
// setRange() would lay the chart out twice per slider step.

namespace dtsim::ui {

struct NiceRange {
    double maximum = 1; ///< a multiple of `step`, ≥ the value asked for
    double step = 0.2;  ///< 1, 2, 2.5 or 5 × a power of ten
    int ticks = 6;      ///< tick count from 0 to maximum inclusive
};

/// The smallest 0…maximum range with 4–8 round-numbered intervals that holds `largest`.
NiceRange niceRangeFromZero(double largest);

} // namespace dtsim::ui
