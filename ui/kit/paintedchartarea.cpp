#include "ui/kit/paintedchartarea.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>

namespace dtsim::ui {

PaintedChartArea::PaintedChartArea(QWidget* parent) : ChartArea(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent, true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void PaintedChartArea::paintTitle(QPainter& painter, const QRectF& rect, const QString& title,
                                  Qt::TextElideMode mode)
{
    const QFont font = chartstyle::titleFont();
    painter.setFont(font);
    painter.setPen(chartstyle::textColor());
    painter.drawText(rect, Qt::AlignLeft | Qt::AlignVCenter,
                     QFontMetricsF(font).elidedText(title, mode, rect.width()));
}

void PaintedChartArea::invalidate()
{
    m_geometryValid = false;
    update();
}

void PaintedChartArea::ensureGeometry() const
{
    if (m_geometryValid && m_builtSize == size() && m_builtLook == chartstyle::look()) {
        return;
    }
    auto* self = const_cast<PaintedChartArea*>(this);
    // Marked first: buildGeometry may read its own helpers, which ensure the geometry too.
    self->m_geometryValid = true;
    self->m_builtSize = size();
    self->m_builtLook = chartstyle::look();
    self->buildGeometry();
}

void PaintedChartArea::retranslate()
{
    setAccessibleDescription(summary());
    invalidate();
}

void PaintedChartArea::resizeEvent(QResizeEvent* event)
{
    m_geometryValid = false;
    ChartArea::resizeEvent(event);
}

void PaintedChartArea::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        invalidate();
    }
    ChartArea::changeEvent(event);
}

} // namespace dtsim::ui
