#pragma once
// The Topology panel's chart of an nccl-tests import: the measured times and the fitted α–β
// model (simcore/import/ncclimport.h) at the sizes the chart draws, and the ranges they span.

#include "simcore/import/ncclfit.h"

#include <vector>

namespace simcore {

struct NcclFitChart {
    struct Point {
        double bytes = 0;   ///< S
        double seconds = 0; ///< time of one operation
    };
    /// The out-of-place rows with S > 0 (a log axis cannot show 0 bytes), in the file's order.
    std::vector<Point> measured;
    /// ncclFitSeconds at `points` sizes evenly spaced in log S from the smallest measured S to
    /// the largest.
    std::vector<Point> fitted;
    double smallestBytes = 0; ///< of the measured points; 0 when there are none
    double largestBytes = 0;
    double fastestSeconds = 0; ///< of the measured and fitted points
    double slowestSeconds = 0;
};

/// The chart of a successful import (`imported.table` set); empty without measured points.
NcclFitChart ncclFitChart(const NcclImport& imported, int points);

} // namespace simcore
