#include "ui/kit/pointmarker.h"

#include "ui/kit/chartstyle.h"

#include <QAbstractAxis>
#include <QBrush>
#include <QChart>
#include <QGraphicsPathItem>
#include <QPainterPath>
#include <QPen>
#include <QScatterSeries>
#include <cmath>
#include <numbers>

namespace dtsim::ui {

namespace {

/// The marker's outline centred on (0, 0), `size` across, as Qt Charts draws the legend's.
QPainterPath markerPath(QScatterSeries::MarkerShape shape, qreal size)
{
    QPainterPath path;
    const qreal r = size / 2;
    if (shape == QScatterSeries::MarkerShapeStar) {
        QPolygonF star;
        for (int i = 0; i < 10; ++i) {
            const qreal radius = i % 2 == 0 ? r : r * 0.4;
            const qreal angle = -std::numbers::pi / 2 + i * std::numbers::pi / 5;
            star << QPointF(radius * std::cos(angle), radius * std::sin(angle));
        }
        path.addPolygon(star);
        path.closeSubpath();
    } else if (shape == QScatterSeries::MarkerShapeTriangle) {
        path.addPolygon(QPolygonF{QPointF(0, -r), QPointF(r, r), QPointF(-r, r)});
        path.closeSubpath();
    } else {
        path.addEllipse(QPointF(), r, r);
    }
    return path;
}

} // namespace

PointMarker::PointMarker(QChart* chart, QScatterSeries* legendEntry)
    : QObject(chart), m_chart(chart), m_series(legendEntry), m_baseSize(legendEntry->markerSize())
{
    m_item = new QGraphicsPathItem(chart);
    applyScale();
    applyColours();
    m_item->setZValue(100); // over the bars and curves, under nothing
    m_item->setVisible(false);
    connect(chart, &QChart::plotAreaChanged, this, &PointMarker::place);
    // The look (dark theme, presentation) recolours the legend's series: the marker follows.
    connect(legendEntry, &QScatterSeries::colorChanged, this, &PointMarker::applyColours);
    connect(legendEntry, &QScatterSeries::borderColorChanged, this, &PointMarker::applyColours);
}

void PointMarker::applyColours()
{
    m_item->setBrush(m_series->color());
    QPen border(m_series->borderColor(), 1.5);
    m_item->setPen(border);
}

void PointMarker::setPoint(std::optional<QPointF> value)
{
    m_point = value;
    place(); // also when the point is the same: an axis may have moved under it
}

void PointMarker::applyScale()
{
    const double scale = chartstyle::look().fontScale;
    if (scale == m_builtScale) {
        return;
    }
    m_builtScale = scale;
    const qreal size = m_baseSize * scale;
    m_series->setMarkerSize(size);
    m_item->setPath(markerPath(m_series->markerShape(), size));
}

void PointMarker::place()
{
    applyScale(); // a look with another font scale lays the chart out again
    const bool shown = m_point.has_value() && !m_series->attachedAxes().isEmpty();
    if (shown) {
        const QPointF at = m_chart->mapToPosition(*m_point, m_series);
        if (m_item->pos() != at) {
            m_item->setPos(at);
        }
    }
    if (m_item->isVisible() != shown) {
        m_item->setVisible(shown);
    }
}

QPointF PointMarker::position() const
{
    return m_item->pos();
}

bool PointMarker::isShown() const
{
    return m_item->isVisible();
}

} // namespace dtsim::ui
