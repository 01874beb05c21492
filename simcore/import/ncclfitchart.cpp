#include "simcore/import/ncclfitchart.h"

#include <algorithm>
#include <cmath>

namespace simcore {

NcclFitChart ncclFitChart(const NcclImport& imported, int points)
{
    NcclFitChart chart;
    if (!imported.table) {
        return chart;
    }
    const auto widen = [&chart](double seconds) {
        chart.fastestSeconds =
            chart.fastestSeconds == 0 ? seconds : std::min(chart.fastestSeconds, seconds);
        chart.slowestSeconds = std::max(chart.slowestSeconds, seconds);
    };
    for (const auto& p : imported.table->outOfPlace) {
        if (p.bytes <= 0) {
            continue;
        }
        chart.measured.push_back({p.bytes, p.seconds});
        chart.smallestBytes =
            chart.smallestBytes == 0 ? p.bytes : std::min(chart.smallestBytes, p.bytes);
        chart.largestBytes = std::max(chart.largestBytes, p.bytes);
        widen(p.seconds);
    }
    if (chart.measured.empty() || points < 2) {
        return chart;
    }
    const double span = chart.largestBytes / chart.smallestBytes;
    for (int i = 0; i < points; ++i) {
        const double bytes = chart.smallestBytes * std::pow(span, i / (points - 1.0));
        const double seconds = ncclFitSeconds(imported.fit, bytes);
        chart.fitted.push_back({bytes, seconds});
        widen(seconds);
    }
    return chart;
}

} // namespace simcore
