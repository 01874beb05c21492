#pragma once

#include "ui/kit/chartarea.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/drawnmark.h"

#include <QSize>

class QPainter;

namespace dtsim::ui {

/// A chart area that paints itself with QPainter from geometry laid out once per content, size
/// and look (the Parallelism diagram, the pipeline Gantt, the Topology diagram): a redraw then
/// paints prepared shapes and texts instead of measuring everything again. Subclasses lay out in
/// buildGeometry(), call invalidate() when what they show changes, and ensureGeometry() before
/// they read or paint the geometry. A resize, a font or palette change, or another look
/// (chartstyle::look(): theme, presentation mode) lays out again.
class PaintedChartArea : public ChartArea {
    Q_OBJECT
public:
    /// Opaque (it fills its own background) and growing with the space it is given.
    explicit PaintedChartArea(QWidget* parent = nullptr);

    /// The marks it draws in the current look, each with the colour around it (a test holds
    /// them to WCAG's contrast and looks for them in the picture).
    [[nodiscard]] virtual DrawnMarks drawnMarks() const = 0;

protected:
    /// The area's title in the look's title font and text colour, elided with `mode` to fit.
    static void paintTitle(QPainter& painter, const QRectF& rect, const QString& title,
                           Qt::TextElideMode mode);
    /// What the area shows has changed: lay out again before the next paint, and repaint.
    void invalidate();
    /// Lays out now if the geometry is stale. Const: the geometry is a cache of the content.
    void ensureGeometry() const;
    /// Lays every shape and text out for the current content, size and look.
    virtual void buildGeometry() = 0;

    /// Its texts are laid out with its shapes: lays out again, and sets its accessible
    /// description (the summary) in the new language.
    void retranslate() override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    bool m_geometryValid = false;
    QSize m_builtSize;
    chartstyle::Look m_builtLook;
};

} // namespace dtsim::ui
