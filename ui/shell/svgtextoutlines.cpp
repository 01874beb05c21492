#include "ui/shell/svgtextoutlines.h"

#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QSvgGenerator>

namespace dtsim::ui {

/// Passes every drawing call on to a painter on the SVG generator, with the state the outer
/// painter has; text goes through QPaintEngine's own fallback, which fills the glyphs' outlines
/// through drawPath, and then once more, transparent, as text.
class OutlinedTextEngine final : public QPaintEngine {
public:
    explicit OutlinedTextEngine(QSvgGenerator& target)
        : QPaintEngine(featuresOf(target)), m_target(target)
    {
    }

    bool begin(QPaintDevice* /*device*/) override { return m_inner.begin(&m_target); }
    bool end() override { return m_inner.end(); }
    [[nodiscard]] Type type() const override { return QPaintEngine::SVG; }

    void updateState(const QPaintEngineState& state) override
    {
        const DirtyFlags dirty = state.state();
        if (dirty & DirtyTransform) {
            m_inner.setTransform(state.transform());
        }
        if (dirty & DirtyPen) {
            m_inner.setPen(state.pen());
        }
        if (dirty & DirtyBrush) {
            m_inner.setBrush(state.brush());
        }
        if (dirty & DirtyBrushOrigin) {
            m_inner.setBrushOrigin(state.brushOrigin());
        }
        if (dirty & DirtyBackground) {
            m_inner.setBackground(state.backgroundBrush());
        }
        if (dirty & DirtyBackgroundMode) {
            m_inner.setBackgroundMode(state.backgroundMode());
        }
        if (dirty & DirtyFont) {
            m_inner.setFont(state.font());
        }
        if (dirty & DirtyClipPath) {
            m_inner.setClipPath(state.clipPath(), state.clipOperation());
        }
        if (dirty & DirtyClipRegion) {
            m_inner.setClipRegion(state.clipRegion(), state.clipOperation());
        }
        if (dirty & DirtyClipEnabled) {
            m_inner.setClipping(state.isClipEnabled());
        }
        if (dirty & DirtyHints) {
            m_inner.setRenderHints(~state.renderHints(), false);
            m_inner.setRenderHints(state.renderHints(), true);
        }
        if (dirty & DirtyCompositionMode) {
            m_inner.setCompositionMode(state.compositionMode());
        }
        if (dirty & DirtyOpacity) {
            m_inner.setOpacity(state.opacity());
        }
    }

    void drawPath(const QPainterPath& path) override { m_inner.drawPath(path); }
    void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override
    {
        if (mode == PolylineMode) {
            m_inner.drawPolyline(points, count);
        } else {
            m_inner.drawPolygon(points, count,
                                mode == OddEvenMode ? Qt::OddEvenFill : Qt::WindingFill);
        }
    }
    void drawRects(const QRectF* rects, int count) override { m_inner.drawRects(rects, count); }
    void drawLines(const QLineF* lines, int count) override { m_inner.drawLines(lines, count); }
    void drawEllipse(const QRectF& rect) override { m_inner.drawEllipse(rect); }
    void drawPoints(const QPointF* points, int count) override
    {
        m_inner.drawPoints(points, count);
    }
    void drawPixmap(const QRectF& target, const QPixmap& pixmap, const QRectF& source) override
    {
        m_inner.drawPixmap(target, pixmap, source);
    }
    void drawTiledPixmap(const QRectF& target, const QPixmap& pixmap,
                         const QPointF& offset) override
    {
        m_inner.drawTiledPixmap(target, pixmap, offset);
    }
    void drawImage(const QRectF& target, const QImage& image, const QRectF& source,
                   Qt::ImageConversionFlags flags) override
    {
        m_inner.drawImage(target, image, source, flags);
    }

    void drawTextItem(const QPointF& position, const QTextItem& item) override
    {
        QPaintEngine::drawTextItem(position, item); // the outlines, through drawPath
        m_inner.save();
        m_inner.setPen(QColor(0, 0, 0, 0));
        m_inner.setFont(item.font());
        m_inner.drawText(position, item.text());
        m_inner.restore();
    }

private:
    /// What the generator's own engine can draw, so the outer painter emulates exactly what it
    /// would emulate when painting on the generator directly.
    static PaintEngineFeatures featuresOf(QSvgGenerator& target)
    {
        PaintEngineFeatures features;
        const QPaintEngine* engine = static_cast<QPaintDevice&>(target).paintEngine();
        for (unsigned bit = 1; bit != 0 && bit <= unsigned(AllFeatures); bit <<= 1U) {
            const auto feature = PaintEngineFeature(bit);
            if ((unsigned(AllFeatures) & bit) != 0 && engine->hasFeature(feature)) {
                features |= feature;
            }
        }
        return features;
    }

    QSvgGenerator& m_target;
    QPainter m_inner;
};

SvgTextOutlines::SvgTextOutlines(QSvgGenerator& target)
    : m_target(target), m_engine(std::make_unique<OutlinedTextEngine>(target))
{
}

SvgTextOutlines::~SvgTextOutlines() = default;

QPaintEngine* SvgTextOutlines::paintEngine() const
{
    return m_engine.get();
}

int SvgTextOutlines::metric(PaintDeviceMetric metric) const
{
    switch (metric) {
    case PdmWidth:
        return m_target.width();
    case PdmHeight:
        return m_target.height();
    case PdmWidthMM:
        return m_target.widthMM();
    case PdmHeightMM:
        return m_target.heightMM();
    case PdmNumColors:
        return m_target.colorCount();
    case PdmDepth:
        return m_target.depth();
    case PdmDpiX:
        return m_target.logicalDpiX();
    case PdmDpiY:
        return m_target.logicalDpiY();
    case PdmPhysicalDpiX:
        return m_target.physicalDpiX();
    case PdmPhysicalDpiY:
        return m_target.physicalDpiY();
    case PdmDevicePixelRatio:
        return 1;
    case PdmDevicePixelRatioScaled:
        return int(devicePixelRatioFScale());
    }
    return QPaintDevice::metric(metric);
}

} // namespace dtsim::ui
