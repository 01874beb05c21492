#include "ui/kit/axisrange.h"

#include <cmath>
#include <initializer_list>

namespace dtsim::ui {

NiceRange niceRangeFromZero(double largest)
{
    if (!(largest > 0) || !std::isfinite(largest)) {
        return {};
    }
    constexpr int kMostIntervals = 8;
    const double rough = largest / kMostIntervals;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    for (double factor : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        const double step = factor * magnitude;
        if (step >= rough) {
            const double intervals = std::ceil(largest / step - 1e-9);
            return {intervals * step, step, static_cast<int>(intervals) + 1};
        }
    }
    return {largest, largest, 2};
}

} // namespace dtsim::ui
