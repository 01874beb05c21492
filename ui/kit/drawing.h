#pragma once
// What the painted views (the parallelism diagram, the topology diagram, the ring, the Gantt
// chart) draw alike: node frames in the charts' look, arrow heads, and long rows shortened to
// "first … last".

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <cstdint>
#include <vector>

class QPainter;
class QPainterPath;

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

/// A highlight along `path` (a slow link, a bottleneck): a band `width` pixels wide, tinted with
/// `edge` and outlined in it, so the line drawn along it afterwards still shows and the band
/// stands off its surroundings by its outline.
void drawHalo(QPainter& painter, const QPainterPath& path, double width, const QColor& edge);
/// The tint drawHalo() fills its band with.
QColor haloTint(const QColor& edge);

/// How a legend flows: each entry is a sample, a gap, its text; entries run left to right and
/// wrap onto a new row when the next would pass `right`.
struct LegendFlow {
    double left = 0;  ///< where a row starts
    double right = 0; ///< where a row must end
    double sampleWidth = 30;
    double textGap = 6;     ///< between a sample and its text
    double entryGap = 18;   ///< between one entry's text and the next sample
    double rowGap = 6;      ///< between rows
    double lineHeight = 16; ///< a row's height
};
/// Where one legend entry's sample and text go.
struct LegendSlot {
    QRectF sample;
    QRectF text;
};
/// The legend's entries laid out from the row at `y` (texts `textWidths` pixels wide); `y`
/// becomes the top of the last row.
std::vector<LegendSlot> flowLegend(const std::vector<double>& textWidths, const LegendFlow& flow,
                                   double& y);

/// Stands for the items left out of a shortened row (shownIndices).
inline constexpr std::int64_t kGap = -1;
/// Indices 0 … n − 1 when k ≥ n, else the first k − 1, kGap and the last (n ≥ 1, k ≥ 2).
std::vector<std::int64_t> shownIndices(std::int64_t n, std::int64_t k);

} // namespace dtsim::ui::drawing
