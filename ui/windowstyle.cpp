#include "ui/windowstyle.h"

#include <QApplication>
#include <QGroupBox>
#include <QIconEngine>
#include <QImageReader>
#include <QPaintEngine>
#include <QPainter>
#include <QPixmap>
#include <QPointer>
#include <QStyleFactory>
#include <QStyleOption>
#include <algorithm>
#include <qdrawutil.h>

namespace dtsim::ui {

namespace {

/// Fusion's group-box frame, one of Qt's own resources (qtbase's common-style images).
const char* const kGroupBoxFrame = ":/qt-project.org/styles/commonstyle/images/fusion_groupbox.png";

/// Qt 6.4's raster engine hands any translucent blend of 96 spans or more (a span is a run of
/// pixels on one line) to its GUI thread pool, split in parts of 64, and waits for them. On two
/// cores each hand-off costs a wake-up of the other CPU, more than the blend itself. Fusion's
/// tool bar draws its translucent lines one pixel per span, so a tool bar across the window made
/// 60 hand-offs each time it was drawn at 1280 px. Drawn in bands of at most 95 pixels, each
/// blend stays on the calling thread, with the same pixels. (A group box's frame blends over its
/// full height too, but banded, its scaled pieces cost more than the hand-offs they save.)
constexpr int kBand = 95;

/// The part of `rect` (logical coordinates) that `painter` can still change: inside its own clip
/// and the paint event's region (the paint engine's system clip, in device coordinates).
QRect paintable(const QPainter* painter, const QRect& rect)
{
    QRect visible = rect;
    if (painter->hasClipping()) {
        visible &= painter->clipBoundingRect().toAlignedRect();
    }
    if (const QPaintEngine* engine = painter->paintEngine(); engine != nullptr) {
        const QRegion system = engine->systemClip();
        bool invertible = false;
        const QTransform toLogical = painter->deviceTransform().inverted(&invertible);
        if (!system.isEmpty() && invertible) {
            visible &= toLogical.mapRect(system.boundingRect());
        }
    }
    return visible;
}

/// Calls `draw` once per band of the part of `rect` the painter can change (columns if
/// `columns`, else rows), with the painter clipped to that band; once, unclipped, if that part
/// fits in one band (a tool button's hover repaints a small part).
template <typename Draw>
void drawInBands(QPainter* painter, const QRect& rect, bool columns, Draw draw)
{
    const QRect visible = paintable(painter, rect);
    const int length = columns ? visible.width() : visible.height();
    if (length <= kBand) {
        draw();
        return;
    }
    for (int offset = 0; offset < length; offset += kBand) {
        const QRect band =
            columns ? QRect(visible.left() + offset, visible.top(), kBand, visible.height())
                    : QRect(visible.left(), visible.top() + offset, visible.width(), kBand);
        painter->save();
        painter->setClipRect(band, Qt::IntersectClip);
        draw();
        painter->restore();
    }
}

/// A PNG read by Qt's built-in reader: told the format and not to guess it, QImageReader asks
/// no plugin.
QPixmap builtInPng(const QString& path)
{
    QImageReader reader(path, "png");
    reader.setAutoDetectImageFormat(false);
    return QPixmap::fromImage(reader.read());
}

/// A standard icon that asks the style for itself when first drawn or measured.
class DeferredIconEngine : public QIconEngine {
public:
    DeferredIconEngine(const QStyle* style, QStyle::StandardPixmap which,
                       Qt::LayoutDirection direction)
        : m_style(style), m_which(which), m_direction(direction)
    {
    }

    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override
    {
        return icon().pixmap(size, mode, state);
    }
    QPixmap scaledPixmap(const QSize& size, QIcon::Mode mode, QIcon::State state,
                         qreal scale) override
    {
        return icon().pixmap(size, scale, mode, state);
    }
    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State state) override
    {
        icon().paint(painter, rect, Qt::AlignCenter, mode, state);
    }
    QSize actualSize(const QSize& size, QIcon::Mode mode, QIcon::State state) override
    {
        return icon().actualSize(size, mode, state);
    }
    QList<QSize> availableSizes(QIcon::Mode mode, QIcon::State state) override
    {
        return icon().availableSizes(mode, state);
    }
    // Only icons the style always has are deferred (WindowStyle::isDeferred), so asking whether
    // this one is null need not build it.
    bool isNull() override { return false; }
    QString key() const override { return QStringLiteral("dtsim-deferred-standard-icon"); }
    QIconEngine* clone() const override { return new DeferredIconEngine(*this); }

private:
    const QIcon& icon()
    {
        if (!m_built) {
            const QStyle* style = m_style ? m_style.data() : QApplication::style();
            QStyleOption option;
            option.direction = m_direction;
            m_icon = style->standardIcon(m_which, &option);
            m_built = true;
        }
        return m_icon;
    }

    QPointer<const QStyle> m_style;
    QStyle::StandardPixmap m_which;
    Qt::LayoutDirection m_direction;
    bool m_built = false;
    QIcon m_icon;
};

} // namespace

WindowStyle::WindowStyle(const QString& key)
    : QProxyStyle(QStyleFactory::create(key)),
      m_fusion(key.compare(QLatin1String("fusion"), Qt::CaseInsensitive) == 0)
{
}

bool WindowStyle::isDeferred(StandardPixmap icon)
{
    // What a menu bar, a tool bar and a dock widget ask for when they are built.
    return icon == SP_ToolBarHorizontalExtensionButton ||
           icon == SP_ToolBarVerticalExtensionButton || icon == SP_TitleBarCloseButton ||
           icon == SP_TitleBarNormalButton;
}

QIcon WindowStyle::standardIcon(StandardPixmap icon, const QStyleOption* option,
                                const QWidget* widget) const
{
    if (!isDeferred(icon)) {
        return QProxyStyle::standardIcon(icon, option, widget);
    }
    Qt::LayoutDirection direction = QGuiApplication::layoutDirection();
    if (option != nullptr) {
        direction = option->direction;
    } else if (widget != nullptr) {
        direction = widget->layoutDirection();
    }
    return QIcon(new DeferredIconEngine(baseStyle(), icon, direction));
}

void WindowStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option,
                                QPainter* painter, const QWidget* widget) const
{
    if (element == PE_FrameGroupBox && m_fusion) {
        static const QPixmap frame = builtInPng(QString::fromLatin1(kGroupBoxFrame));
        if (!frame.isNull()) {
            // Fusion's geometry: the frame starts below the title line (a check box or a line
            // of text, whichever is taller) plus a 3-pixel gap, or just the gap for a box with
            // neither; its 6-pixel rounded edges are kept and the middle stretched.
            constexpr int gap = 3;
            const auto* box = qobject_cast<const QGroupBox*>(widget);
            const bool bare = box != nullptr && !box->isCheckable() && box->title().isEmpty();
            const int top =
                bare ? gap
                     : std::max(proxy()->pixelMetric(PM_ExclusiveIndicatorHeight, option, widget),
                                option->fontMetrics.height()) +
                           gap;
            qDrawBorderPixmap(painter, option->rect.adjusted(0, top, 0, 0), QMargins(6, 6, 6, 6),
                              frame);
            return;
        }
    }
    QProxyStyle::drawPrimitive(element, option, painter, widget);
}

void WindowStyle::drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
                              const QWidget* widget) const
{
    if (element == CE_ToolBar && m_fusion) {
        const bool horizontal = (option->state & State_Horizontal) != 0;
        drawInBands(painter, option->rect, horizontal,
                    [&] { QProxyStyle::drawControl(element, option, painter, widget); });
        return;
    }
    QProxyStyle::drawControl(element, option, painter, widget);
}

void installWindowStyle()
{
    QStyle* current = QApplication::style();
    if (current == nullptr || qobject_cast<WindowStyle*>(current) != nullptr ||
        current->name().isEmpty() ||
        !QStyleFactory::keys().contains(current->name(), Qt::CaseInsensitive)) {
        return;
    }
    // A new style resets a palette the application did not set; dtsim's is set on purpose.
    const QPalette palette = QApplication::palette();
    QApplication::setStyle(new WindowStyle(current->name()));
    if (QApplication::palette() != palette) {
        QApplication::setPalette(palette);
    }
}

} // namespace dtsim::ui
