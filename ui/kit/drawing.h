#pragma once
// What the painted views (the parallelism diagram, the topology diagram, the ring, the Gantt
// chart) draw alike: node frames in the charts' look, arrow heads, and long rows shortened to
// "first … last".

#include <QColor>
#include <QPointF>
#include <cstdint>
#include <vector>

class QPainter;

namespace dtsim::ui::drawing {

/// A node's (or a GPU group's) frame: its fill, used or idle, and its border, in the charts'
/// current look (chartstyle::look(): light or dark).
QColor nodeFill(bool used = true);
QColor nodeBorder();
/// Text that explains rather than labels: captions of idle nodes, counts of hidden items.
QColor mutedText();

/// A filled triangle with its point at `tip`, pointing away from `from`: `size` pixels long and
/// 1.1 × `size` wide. Nothing when the two points coincide. Uses the painter's brush and pen.
void drawArrowHead(QPainter& painter, QPointF tip, QPointF from, double size);

/// Stands for the items left out of a shortened row (shownIndices).
inline constexpr std::int64_t kGap = -1;
/// Indices 0 … n − 1 when k ≥ n, else the first k − 1, kGap and the last (n ≥ 1, k ≥ 2).
std::vector<std::int64_t> shownIndices(std::int64_t n, std::int64_t k);

} // namespace dtsim::ui::drawing
