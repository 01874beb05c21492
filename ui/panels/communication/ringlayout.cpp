#include "ui/panels/communication/ringlayout.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace dtsim::ui {

namespace {

QFont pixelFont(const QFont& family, qreal pixels, bool bold = false)
{
    QFont font = family;
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(pixels))));
    font.setBold(bold);
    return font;
}

QPointF unit(QPointF v)
{
    const qreal length = std::hypot(v.x(), v.y());
    return length > 0 ? v / length : QPointF(1, 0);
}

/// Whether a circle and a box share a pixel.
bool circleMeetsBox(QPointF centre, qreal radius, const QRectF& box)
{
    const qreal x = std::clamp(centre.x(), box.left(), box.right());
    const qreal y = std::clamp(centre.y(), box.top(), box.bottom());
    return std::hypot(centre.x() - x, centre.y() - y) < radius;
}

/// How far `box` reaches out of `room`, pixels (0 when inside).
qreal overflow(const QRectF& box, const QRectF& room)
{
    return std::max({0.0, room.left() - box.left(), box.right() - room.right(),
                     room.top() - box.top(), box.bottom() - room.bottom()});
}

/// The nodes on a circle of `ringRadius` and the arrows between them; each arrow's label sits
/// `labelOffset` out from its chord, or further where a box of `labelSize` would touch either
/// node (a large node on a crowded ring otherwise covered it).
void placeRing(RingLayout& layout, int n, qreal ringRadius, qreal labelOffset, QSizeF labelSize)
{
    layout.ringRadius = ringRadius;
    layout.nodes.assign(static_cast<std::size_t>(n), QPointF());
    for (int i = 0; i < n; ++i) {
        const double angle = -std::numbers::pi / 2 + 2 * std::numbers::pi * i / n;
        layout.nodes[static_cast<std::size_t>(i)] =
            layout.center + QPointF(std::cos(angle), std::sin(angle)) * ringRadius;
    }
    layout.arrows.assign(static_cast<std::size_t>(n), RingArrow{});
    const qreal clearance = layout.nodeRadius + 3; // the node's 2 px outline and a pixel
    for (int i = 0; i < n; ++i) {
        const QPointF a = layout.nodes[static_cast<std::size_t>(i)];
        const QPointF b = layout.nodes[static_cast<std::size_t>((i + 1) % n)];
        const QPointF d = unit(b - a);
        // To the left of travel on screen (y down) is outward for a clockwise ring; for n = 2 it
        // keeps 0 → 1 and 1 → 0 on opposite sides.
        const QPointF normal(d.y(), -d.x());
        const qreal chord = std::hypot(b.x() - a.x(), b.y() - a.y());
        const qreal bulge = chord * (n == 2 ? 0.3 : 0.16);
        const QPointF mid = (a + b) / 2;
        RingArrow& arrow = layout.arrows[static_cast<std::size_t>(i)];
        arrow.control = mid + normal * bulge * 2;
        arrow.start = a + unit(arrow.control - a) * (layout.nodeRadius + 2);
        arrow.end = b + unit(arrow.control - b) * (layout.nodeRadius + 3);
        qreal offset = bulge + labelOffset;
        QRectF box(QPointF(), labelSize);
        for (int guard = 0; guard < 400; ++guard) {
            box.moveCenter(mid + normal * offset);
            if (labelSize.isEmpty() ||
                (!circleMeetsBox(a, clearance, box) && !circleMeetsBox(b, clearance, box))) {
                break;
            }
            offset += 1;
        }
        arrow.labelAt = mid + normal * offset;
    }
}

/// The ring on the left: nodes, arrows and their labels in `square`; the labels may reach into
/// the rest of `room` (the ring's column), never the table.
void layoutCircle(RingLayout& layout, const RingLayoutInput& input, const QRectF& square,
                  const QRectF& room)
{
    const int n = input.workers;
    layout.center = square.center();
    const qreal outer = square.width() / 2;
    const qreal sine = std::sin(std::numbers::pi / n);
    layout.nodeRadius = std::clamp(std::min(outer * 0.2, outer * sine * 0.55), 8.0, 44.0);
    layout.arrowFont =
        pixelFont(input.font, std::clamp(layout.nodeRadius * 0.55, 11.0, 17.0), true);
    const QFontMetricsF arrowMetrics(layout.arrowFont);
    const qreal labelRoom = arrowMetrics.height() * 1.1;
    const QSizeF labelSize(arrowMetrics.horizontalAdvance(input.arrowLabelSample) + 8,
                           arrowMetrics.height() + 2);
    const qreal smallest = outer * 0.35;
    qreal ringRadius = std::max(outer - layout.nodeRadius - labelRoom, smallest);
    // Labels on the arrows only when they fit beside the nodes and inside the ring's column:
    // the table shows the same values anyway. A label pushed off a node may reach past the
    // column; a smaller ring then makes room.
    layout.arrowLabels = false;
    if (n <= 8) {
        for (int attempt = 0; attempt < 16 && ringRadius >= smallest; ++attempt) {
            placeRing(layout, n, ringRadius, labelRoom * 0.55, labelSize);
            qreal beyond = 0;
            bool apart = true;
            std::vector<QRectF> boxes;
            for (const RingArrow& arrow : layout.arrows) {
                QRectF box(QPointF(), labelSize);
                box.moveCenter(arrow.labelAt);
                beyond = std::max(beyond, overflow(box, room));
                for (const QRectF& other : boxes) {
                    apart = apart && !box.intersects(other);
                }
                boxes.push_back(box);
            }
            if (beyond <= 0 && apart) {
                layout.arrowLabels = true;
                break;
            }
            ringRadius -= std::max(beyond, 2.0);
            // Nodes stay apart on the smaller ring.
            layout.nodeRadius = std::min(layout.nodeRadius, ringRadius * sine * 0.9);
        }
    }
    if (!layout.arrowLabels) {
        layout.nodeRadius = std::clamp(std::min(outer * 0.2, outer * sine * 0.55), 8.0, 44.0);
        placeRing(layout, n, std::max(outer - layout.nodeRadius - 4.0, smallest), 4.0 * 0.55,
                  QSizeF());
    }
    const bool longNodeLabels = layout.nodeRadius >= 22;
    layout.nodeFont = pixelFont(
        input.font, longNodeLabels ? layout.nodeRadius * 0.5 : layout.nodeRadius * 0.8, true);
    layout.nodeTexts = longNodeLabels ? input.nodeLongTexts : input.nodeShortTexts;
    // What each arrow can paint, for partial repaints: the curve lies in the triangle of its
    // control points; the widest pen and the biggest head are those of a sending step.
    layout.arrowHead = std::clamp(layout.nodeRadius * 0.45, 7.0, 14.0);
    layout.sendingPen = std::clamp(layout.nodeRadius * 0.16, 2.5, 5.0);
    const qreal headReach = layout.arrowHead * 1.3 * 1.2;
    for (RingArrow& arrow : layout.arrows) {
        const QRectF curve = QRectF(arrow.start, arrow.control)
                                 .normalized()
                                 .united(QRectF(arrow.control, arrow.end).normalized());
        const QRectF head(arrow.end - QPointF(headReach, headReach),
                          QSizeF(2 * headReach, 2 * headReach));
        arrow.bounds = inkReach(curve, layout.sendingPen).united(inkReach(head, 0));
    }
    layout.ringBounds = QRectF(layout.center - QPointF(layout.ringRadius, layout.ringRadius),
                               QSizeF(2 * layout.ringRadius, 2 * layout.ringRadius));
}

/// The table on the right: what every GPU holds, one row per GPU, one column per chunk.
void layoutTable(RingLayout& layout, const RingLayoutInput& input, const QRectF& tableArea)
{
    const int n = input.workers;
    const QString widest = input.widestValue.isEmpty() ? QStringLiteral("00") : input.widestValue;
    layout.cellHeight = std::min(tableArea.height() / (n + 0.8), 52.0);
    qreal pixels = std::clamp(layout.cellHeight * 0.6, 9.0, 26.0);
    layout.cellFont = pixelFont(input.font, pixels);
    qreal rowLabel = 0;
    const QFontMetricsF rowMetrics(pixelFont(input.font, pixels, true));
    for (const QString& text : input.rowTexts) {
        rowLabel = std::max(rowLabel, rowMetrics.horizontalAdvance(text));
    }
    layout.rowLabelWidth = rowLabel + 10;
    layout.cellWidth = std::min((tableArea.width() - layout.rowLabelWidth) / n, 120.0);
    const qreal textWidth = QFontMetricsF(layout.cellFont).horizontalAdvance(widest) + 6;
    if (textWidth > layout.cellWidth && textWidth > 0) {
        // Whole pixels, rounded down: a size rounded up could overrun the cell.
        pixels = std::max(7.0, std::floor(pixels * layout.cellWidth / textWidth));
        layout.cellFont = pixelFont(input.font, pixels);
    }
    // Below 12-pixel rows a number would be smudge: show the colours only (the caption still
    // names the values); a bigger window or presentation mode brings the numbers back.
    layout.cellNumbers = layout.cellHeight >= 12 && pixels >= 8;
    layout.headerHeight = layout.cellHeight * 0.8;
    layout.headerFont =
        pixelFont(input.font, std::min(pixels * 0.85, layout.headerHeight * 0.6), true);
    const QFontMetricsF headerMetrics(layout.headerFont);
    bool longHeaders = true;
    for (const QString& text : input.headerLongTexts) {
        longHeaders = longHeaders && headerMetrics.horizontalAdvance(text) < layout.cellWidth - 4;
    }
    layout.headerTexts = longHeaders ? input.headerLongTexts : input.headerShortTexts;
    layout.rowTexts = input.rowTexts;
    const qreal width = layout.rowLabelWidth + n * layout.cellWidth;
    const qreal height = layout.headerHeight + n * layout.cellHeight;
    layout.table = QRectF(tableArea.left() + std::max(0.0, (tableArea.width() - width) / 2),
                          tableArea.top() + (tableArea.height() - height) / 2, width, height);
    layout.cellBoldFont = layout.cellFont;
    layout.cellBoldFont.setBold(true);
}

/// The legend's entries in rows of `perRow`: the widest row's extent in `font`, pixels (a
/// sample 1.4 boxes wide, 6 px, the text, 18 px before the next entry).
qreal legendExtent(const QFont& font, const RingLayoutInput& input, std::size_t perRow)
{
    const QFontMetricsF metrics(font);
    const qreal box = metrics.height() * 0.9;
    qreal widest = 0;
    for (std::size_t first = 0; first < input.legendTexts.size(); first += perRow) {
        qreal width = -18; // no gap after a row's last entry
        for (std::size_t i = first; i < std::min(first + perRow, input.legendTexts.size()); ++i) {
            width += box * 1.4 + 6 + metrics.horizontalAdvance(input.legendTexts[i]) + 18;
        }
        widest = std::max(widest, width);
    }
    return widest;
}

/// How many legend entries share a row (all four when they fit at 8 px or more, else two, else
/// one), and the font: the base font, shrunk until the widest row fits `width`.
std::pair<std::size_t, QFont> fitLegend(const QFont& base, const RingLayoutInput& input,
                                        qreal width)
{
    for (const std::size_t perRow : {std::size_t{4}, std::size_t{2}, std::size_t{1}}) {
        QFont font = base;
        const qreal extent = legendExtent(font, input, perRow);
        if (extent > width && extent > 0) {
            font.setPixelSize(
                std::max(8, static_cast<int>(std::floor(font.pixelSize() * width / extent))));
        }
        if (perRow == 1 || legendExtent(font, input, perRow) <= width) {
            return {perRow, font};
        }
    }
    return {1, base};
}

/// The legend: four samples and their texts in rows of `perRow` along the bottom.
void layoutLegend(RingLayout& layout, const RingLayoutInput& input, std::size_t perRow,
                  qreal rowHeight)
{
    const QFontMetricsF metrics(layout.legendFont);
    const qreal box = metrics.height() * 0.9;
    const auto rows = (input.legendTexts.size() + perRow - 1) / perRow;
    QRectF bounds = layout.legend;
    layout.legendEntries.clear();
    for (std::size_t row = 0; row < rows; ++row) {
        // Each row's band: its line of text, and the legend's 4 px margins above the first row
        // and below the last.
        const qreal top =
            layout.legend.top() + 4 + static_cast<qreal>(row) * rowHeight - (row == 0 ? 4 : 0);
        const qreal bottom = layout.legend.top() + 4 + static_cast<qreal>(row + 1) * rowHeight +
                             (row + 1 == rows ? 4 : 0);
        const qreal y = layout.legend.top() + 4 + (static_cast<qreal>(row) + 0.5) * rowHeight;
        qreal x = layout.legend.left();
        for (std::size_t i = row * perRow;
             i < std::min((row + 1) * perRow, input.legendTexts.size()); ++i) {
            RingLegendEntry entry;
            entry.text = input.legendTexts[i];
            entry.sample = QRectF(x, y - box / 2, box * 1.4, box);
            x = entry.sample.right() + 6;
            const qreal textWidth = metrics.horizontalAdvance(entry.text);
            entry.textBox = QRectF(x, top, textWidth + 2, bottom - top);
            x += textWidth + 18;
            bounds = bounds.united(entry.sample).united(entry.textBox);
            layout.legendEntries.push_back(entry);
        }
    }
    layout.legendBounds = inkReach(bounds, 3);
}

} // namespace

QRect inkReach(const QRectF& bounds, qreal pen)
{
    return bounds.adjusted(-pen / 2 - 1, -pen / 2 - 1, pen / 2 + 1, pen / 2 + 1).toAlignedRect();
}

QRectF RingLayout::nodeBox(int worker) const
{
    const QPointF c = nodes[static_cast<std::size_t>(worker)];
    return QRectF(c.x() - nodeRadius, c.y() - nodeRadius, 2 * nodeRadius, 2 * nodeRadius);
}

QRectF RingLayout::cellBox(int worker, int chunk) const
{
    return QRectF(table.left() + rowLabelWidth + chunk * cellWidth,
                  table.top() + headerHeight + worker * cellHeight, cellWidth, cellHeight);
}

QRect RingLayout::cellInk(int worker, int chunk) const
{
    // The cell is drawn 2 px inside its box with a pen of 3 px at most (dash caps run along the
    // border, joins are bevelled): its ink stays 0.5 px inside the box. 0.4 px keeps a margin
    // for the rasteriser's rounding; neighbours then share no pixel column in most layouts, so
    // a changed cell does not drag its neighbours into the repaint.
    return cellBox(worker, chunk).adjusted(0.4, 0.4, -0.4, -0.4).toAlignedRect();
}

QRectF RingLayout::headerBox(int chunk) const
{
    return QRectF(table.left() + rowLabelWidth + chunk * cellWidth, table.top(), cellWidth,
                  headerHeight);
}

QRectF RingLayout::rowLabelBox(int worker) const
{
    return QRectF(table.left(), table.top() + headerHeight + worker * cellHeight, rowLabelWidth - 8,
                  cellHeight);
}

std::vector<QRectF> RingLayout::arrowLabelBoxes(const std::vector<QString>& texts) const
{
    std::vector<QRectF> boxes(texts.size());
    if (!arrowLabels || arrows.size() != texts.size()) {
        return boxes;
    }
    const QFontMetricsF metrics(arrowFont);
    for (std::size_t i = 0; i < texts.size(); ++i) {
        QRectF box(0, 0, metrics.horizontalAdvance(texts[i]) + 8, metrics.height() + 2);
        box.moveCenter(arrows[i].labelAt);
        boxes[i] = box;
    }
    return boxes;
}

RingLayout ringLayout(const RingLayoutInput& input)
{
    RingLayout layout;
    layout.workers = input.workers;
    const auto n = static_cast<std::size_t>(std::max(input.workers, 0));
    const QRectF area = QRectF(QPointF(0, 0), input.size).adjusted(6, 4, -6, -4);
    if (input.workers < 2 || area.width() < 40 || area.height() < 40 ||
        input.nodeLongTexts.size() != n || input.nodeShortTexts.size() != n ||
        input.headerLongTexts.size() != n || input.headerShortTexts.size() != n ||
        input.rowTexts.size() != n) {
        return layout;
    }
    layout.valid = true;
    // The legend grows with the view's height up to the charts' label size: a short view keeps
    // its height for the ring.
    const qreal fromHeight = std::max(11.0, area.height() * 0.045);
    const QFont legendBase =
        pixelFont(input.font, input.legendPixels > 0 ? std::min(input.legendPixels, fromHeight)
                                                     : std::min(fromHeight, 15.0));
    const qreal rowHeight = QFontMetricsF(legendBase).height();
    const auto [perRow, legendFont] = fitLegend(legendBase, input, area.width());
    layout.legendFont = legendFont;
    const auto rows = (input.legendTexts.size() + perRow - 1) / perRow;
    const qreal legendHeight = static_cast<qreal>(rows) * rowHeight + 8;
    layout.legend = QRectF(area.left(), area.bottom() - legendHeight, area.width(), legendHeight);
    const QRectF body(area.left(), area.top(), area.width(), area.height() - legendHeight - 4);

    // The ring: a square on the left.
    const qreal region = body.width() * 0.42;
    const qreal side = std::min(body.height(), region);
    layoutCircle(layout, input,
                 QRectF(body.left() + (region - side) / 2, body.top() + (body.height() - side) / 2,
                        side, side),
                 QRectF(body.left(), body.top(), region, body.height()));
    const qreal gap = std::max(12.0, body.width() * 0.03);
    layoutTable(
        layout, input,
        QRectF(body.left() + region + gap, body.top(), body.width() - region - gap, body.height()));
    layoutLegend(layout, input, perRow, rowHeight);
    return layout;
}

} // namespace dtsim::ui
