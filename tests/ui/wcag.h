#pragma once
// WCAG 2.1's contrast ratio, written out for the tests rather than taken from chartstyle, so a
// mistake there cannot hide itself: the relative luminance L = 0.2126 R + 0.7152 G + 0.0722 B,
// each sRGB channel c (0…1) linearised as c / 12.92 when c ≤ 0.04045, else
// ((c + 0.055) / 1.055)^2.4; the ratio (L1 + 0.05) / (L2 + 0.05), L1 the lighter.

#include <QColor>
#include <algorithm>
#include <cmath>

namespace testing {

inline double linearChannel(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

/// WCAG 2.1 relative luminance.
inline double luminance(const QColor& colour)
{
    const QColor c = colour.toRgb();
    return 0.2126 * linearChannel(c.redF()) + 0.7152 * linearChannel(c.greenF()) +
           0.0722 * linearChannel(c.blueF());
}

/// WCAG 2.1 contrast ratio, 1 … 21.
inline double contrast(const QColor& a, const QColor& b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace testing
