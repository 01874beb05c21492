#pragma once
// What the tests of the painted views' pure layouts (ring, topology, parallelism) check alike:
// a box inside another and two boxes apart, up to the rounding of fractional edges, and a box
// written out for a failure message.

#include <QRectF>
#include <string>

namespace testing {

/// Rounding of fractional edges, pixels.
inline constexpr double kLayoutSlack = 0.5;

/// `inner` lies within `outer`, up to rounding.
inline bool inside(const QRectF& inner, const QRectF& outer)
{
    return inner.left() >= outer.left() - kLayoutSlack &&
           inner.top() >= outer.top() - kLayoutSlack &&
           inner.right() <= outer.right() + kLayoutSlack &&
           inner.bottom() <= outer.bottom() + kLayoutSlack;
}

/// The two boxes share more than rounding.
inline bool overlap(const QRectF& a, const QRectF& b)
{
    const QRectF common = a.intersected(b);
    return common.width() > kLayoutSlack && common.height() > kLayoutSlack;
}

/// "(x, y) w × h", for INFO messages.
inline std::string describe(const QRectF& r)
{
    return "(" + std::to_string(r.left()) + ", " + std::to_string(r.top()) + ") " +
           std::to_string(r.width()) + " × " + std::to_string(r.height());
}

} // namespace testing
