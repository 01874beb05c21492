#include "ui/kit/drawing.h"

#include "ui/kit/chartstyle.h"

#include <QPainter>
#include <QPainterPath>
#include <QPainterPathStroker>
#include <cmath>

namespace dtsim::ui::drawing {

QColor nodeFill(bool used)
{
    if (chartstyle::look().dark) {
        return used ? QColor(0x33, 0x36, 0x3A) : QColor(0x26, 0x28, 0x2B);
    }
    return used ? QColor(0xEC, 0xEC, 0xEC) : QColor(0xF6, 0xF6, 0xF6);
}

QColor nodeBorder()
{
    // 3.4:1 on white and 4.2:1 on the dark background: a node's frame says which GPUs share it.
    return chartstyle::look().dark ? QColor(0x80, 0x80, 0x80) : QColor(0x8A, 0x8A, 0x8A);
}

QColor mutedText()
{
    return chartstyle::look().dark ? QColor(0xA8, 0xA8, 0xA8) : QColor(0x6A, 0x6A, 0x6A);
}

QColor haloTint(const QColor& edge)
{
    QColor tint = edge;
    tint.setAlpha(70);
    return tint;
}

void drawHalo(QPainter& painter, const QPainterPath& path, double width, const QColor& edge)
{
    QPainterPathStroker stroker;
    stroker.setWidth(width);
    stroker.setCapStyle(Qt::RoundCap);
    stroker.setJoinStyle(Qt::RoundJoin);
    painter.save();
    painter.setPen(QPen(edge, 1.5));
    painter.setBrush(haloTint(edge));
    painter.drawPath(stroker.createStroke(path).simplified());
    painter.restore();
}

void drawArrowHead(QPainter& painter, QPointF tip, QPointF from, double size)
{
    const QPointF d = tip - from;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1e-6) {
        return;
    }
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const QPointF base = tip - u * size;
    const QPointF points[3] = {tip, base + n * size * 0.55, base - n * size * 0.55};
    painter.drawPolygon(points, 3);
}

std::vector<LegendSlot> flowLegend(const std::vector<double>& textWidths, const LegendFlow& flow,
                                   double& y)
{
    std::vector<LegendSlot> placed;
    double x = flow.left;
    for (const double textWidth : textWidths) {
        if (x > flow.left && x + flow.sampleWidth + flow.textGap + textWidth > flow.right) {
            x = flow.left;
            y += flow.lineHeight + flow.rowGap;
        }
        placed.push_back(
            {QRectF(x, y, flow.sampleWidth, flow.lineHeight),
             QRectF(x + flow.sampleWidth + flow.textGap, y, textWidth, flow.lineHeight)});
        x += flow.sampleWidth + flow.textGap + textWidth + flow.entryGap;
    }
    return placed;
}

std::vector<std::int64_t> shownIndices(std::int64_t n, std::int64_t k)
{
    std::vector<std::int64_t> shown;
    if (k >= n) {
        for (std::int64_t i = 0; i < n; ++i) {
            shown.push_back(i);
        }
        return shown;
    }
    for (std::int64_t i = 0; i < k - 1; ++i) {
        shown.push_back(i);
    }
    shown.push_back(kGap);
    shown.push_back(n - 1);
    return shown;
}

} // namespace dtsim::ui::drawing
