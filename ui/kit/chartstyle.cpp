#include "ui/kit/chartstyle.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QPointer>
#include <algorithm>
#include <cmath>

namespace dtsim::ui::chartstyle {

namespace {
Look& currentLook()
{
    static Look instance;
    return instance;
}

/// Gives a chart back its own minimum size once its view has been shown, and so has laid the
/// chart out at the view's size; the view takes it as its minimum too, as QChartView does on
/// every resize (presentation-size labels can need more room than the view's fixed minimum).
class RestoreChartMinimumOnShow : public QObject {
public:
    RestoreChartMinimumOnShow(QChartView* view, QChart* chart) : QObject(view), m_chart(chart) {}

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Show) {
            if (m_chart) {
                m_chart->setMinimumSize(-1, -1); // negative: no minimum of our own
                auto* view = static_cast<QChartView*>(watched);
                view->setMinimumSize(
                    m_chart->minimumSize().toSize().expandedTo(view->minimumSize()));
            }
            watched->removeEventFilter(this);
            deleteLater();
        }
        return false;
    }

private:
    QPointer<QChart> m_chart;
};

/// Qt Charts (6.4) lays a new chart out twice before its first frame: when its view first gets a
/// size, and again when the scene's queued polish (a queued call of QGraphicsScene's) shows the
/// legend, whose show event invalidates the layout (every tick label is parsed as HTML again).
/// Polished now, before any layout, the legend's invalidation costs nothing. Two things would
/// otherwise lay the chart out here, at a size nobody sees: its first-show adjustSize
/// (WA_Resized: the view sizes it) and a resize of its empty geometry up to its minimum (none
/// until the view has shown it).
void polishBeforeFirstLayout(QChartView* view)
{
    QChart* chart = view->chart();
    chart->setMinimumSize(0, 0);
    chart->setAttribute(Qt::WA_Resized);
    QCoreApplication::sendPostedEvents(view->scene(), QEvent::MetaCall);
    view->installEventFilter(new RestoreChartMinimumOnShow(view, chart));
}
} // namespace

const Look& look()
{
    return currentLook();
}

void setLook(const Look& look)
{
    currentLook() = look;
}

QColor textColor()
{
    const Look& l = look();
    if (l.dark) {
        return l.highContrast ? QColor(Qt::white) : QColor(0xEE, 0xEE, 0xEE);
    }
    return l.highContrast ? QColor(Qt::black) : kText;
}

QColor backgroundColor()
{
    return look().dark ? QColor(look().highContrast ? Qt::black : QColor(0x1E, 0x1E, 0x1E))
                       : QColor(Qt::white);
}

QColor gridColor()
{
    const Look& l = look();
    if (l.dark) {
        return l.highContrast ? QColor(0x80, 0x80, 0x80) : QColor(0x48, 0x48, 0x48);
    }
    return l.highContrast ? QColor(0xA0, 0xA0, 0xA0) : kGrid;
}

QColor axisLineColor()
{
    const Look& l = look();
    if (l.dark) {
        return l.highContrast ? QColor(Qt::white) : QColor(0xA0, 0xA0, 0xA0);
    }
    return l.highContrast ? QColor(Qt::black) : kAxisLine;
}

double relativeLuminance(const QColor& colour)
{
    const auto linear = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    const QColor rgb = colour.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) +
           0.0722 * linear(rgb.blueF());
}

double contrastRatio(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor legible(const QColor& colour)
{
    return legible(colour, backgroundColor());
}

QColor legible(const QColor& colour, const QColor& background, double ratio)
{
    if (contrastRatio(colour, background) >= ratio) {
        return colour; // as given, not through a round trip to HSL
    }
    const bool darkBackground = relativeLuminance(background) < 0.18;
    QColor shade = colour.toHsl();
    const float hue = shade.hslHueF();
    const float saturation = shade.hslSaturationF();
    float lightness = shade.lightnessF();
    const float step = darkBackground ? 0.01F : -0.01F;
    const float end = darkBackground ? 1.0F : 0.0F;
    while (contrastRatio(shade, background) < ratio && lightness != end) {
        lightness = std::clamp(lightness + step, 0.0F, 1.0F);
        shade = QColor::fromHslF(hue, saturation, lightness);
    }
    return shade.toRgb();
}

QColor selectedColour()
{
    // Near-white, not white: a white triangle with a white outline reads as a hole.
    return look().dark ? QColor(0xF2, 0xF2, 0xF2) : kSelected;
}

QColor idealColour()
{
    // 8.7:1 on #1E1E1E, 10.9:1 on black: thin hatching lines need more than the minimum.
    return look().dark ? QColor(0xBB, 0xBB, 0xBB) : kIdeal;
}

QColor failureColour()
{
    return look().dark ? QColor(0xF2, 0xF2, 0xF2) : kFailure;
}

QColor referenceColour()
{
    return look().dark ? QColor(0xA0, 0xA0, 0xA0) : kCapacityOther;
}

QColor markerBorderColour()
{
    return backgroundColor();
}

void restyle(QChartView* view)
{
    QChart* chart = view->chart();
    chart->setTitleFont(titleFont());
    chart->setTitleBrush(textColor());
    chart->legend()->setLabelColor(textColor());
    chart->legend()->setFont(labelFont());
    for (QAbstractAxis* axis : chart->axes()) {
        applyAxisStyle(axis);
    }
    view->setBackgroundBrush(backgroundColor());
}

QLocale axisLocale()
{
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    return locale;
}

void applyAxisLocale(QWidget* widget)
{
    const QLocale locale = axisLocale();
    for (QChartView* view : widget->findChildren<QChartView*>()) {
        if (view->chart()->locale() != locale) {
            view->chart()->setLocale(locale);
        }
    }
}

QFont titleFont()
{
    QFont font;
    font.setPointSizeF(14 * look().fontScale);
    font.setBold(true);
    return font;
}

QFont labelFont()
{
    // 10.8 pt: the size the formula strips had (1.2 × the desktop's usual 9 pt), so the window's
    // emphasised texts, the charts' labels and their bold axis titles share two font engines;
    // each distinct size costs a font match and load while the window starts.
    QFont font;
    font.setPointSizeF(10.8 * look().fontScale);
    return font;
}

void applyChartStyle(QChart* chart)
{
    chart->setTheme(QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitleFont(titleFont());
    chart->setTitleBrush(textColor());
    chart->legend()->setLabelColor(textColor());
    chart->legend()->setFont(labelFont());
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setBackgroundRoundness(0);
    // The view fills its background colour instead: the theme's large filled rectangle went
    // through Qt's multi-threaded fill on every repaint, a few ms of thread hand-offs on two
    // cores.
    chart->setBackgroundVisible(false);
    chart->setMargins(QMargins(6, 6, 6, 6));
    chart->setLocalizeNumbers(true);
    chart->setLocale(axisLocale());
}

void applyViewStyle(QChartView* view)
{
    view->setRenderHint(QPainter::Antialiasing);
    view->setRenderHint(QPainter::TextAntialiasing);
    view->setRenderHint(QPainter::NonCosmeticBrushPatterns);
    view->setMinimumSize(320, 220);
    // Not cached (QGraphicsView::CacheBackground): filling a plain colour costs what copying a
    // cached pixmap of it does, and the cache took a viewport-sized pixmap per chart, its first
    // fill paid in page faults while the window starts.
    view->setBackgroundBrush(backgroundColor());
    // A redraw changes most of a chart. Qt's minimal update paints through a clip region of
    // dozens of small rectangles, which made every grid line cost ~0.2 M instructions.
    view->setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
    polishBeforeFirstLayout(view);
}

void dropItemCaches(QChartView* view)
{
    const auto items = view->scene()->items();
    for (QGraphicsItem* item : items) {
        if (item->cacheMode() != QGraphicsItem::NoCache) {
            item->setCacheMode(QGraphicsItem::NoCache);
        }
    }
}

void cacheStaticItems(QChartView* view)
{
    // A resize (the lesson guide's dock opening, a window dragged wider) moves the plot; a cached
    // curve then showed pieces of its old drawing. Caches are dropped with every plot move and
    // made again at the next update.
    static const char* const flushesOnPlotMove = "dtsimFlushesCachesOnPlotMove";
    if (!view->property(flushesOnPlotMove).toBool()) {
        view->setProperty(flushesOnPlotMove, true);
        QObject::connect(view->chart(), &QChart::plotAreaChanged, view,
                         [view] { dropItemCaches(view); });
    }
    const auto items = view->scene()->items();
    for (QGraphicsItem* item : items) {
        const int type = item->type();
        // Curves are cached with the grid: most edits move a marker across them, and a cached
        // curve is copied instead of stroked again (a thick dashed antialiased line is the
        // costliest item). Text items are left alone: cached, the antialiased view drew some
        // of them blank.
        const QGraphicsObject* object = item->toGraphicsObject();
        const bool curve = object != nullptr &&
                           (object->inherits("LineChartItem") || object->inherits("AreaChartItem"));
        if ((type == QGraphicsLineItem::Type || curve) &&
            item->cacheMode() != QGraphicsItem::DeviceCoordinateCache) {
            item->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
        }
    }
}

void applyAxisStyle(QAbstractAxis* axis)
{
    // Explicit cosmetic 1-pixel pens: the raster engine's fast path, and set here rather than
    // by the theme (a pen set before the axis joins a chart would otherwise stay black).
    QPen grid(gridColor(), 0);
    grid.setCosmetic(true);
    axis->setGridLinePen(grid);
    axis->setMinorGridLinePen(grid);
    QPen line(axisLineColor(), look().highContrast ? 2 : 0);
    line.setCosmetic(true);
    axis->setLinePen(line);
    axis->setLabelsColor(textColor());
    axis->setTitleBrush(textColor());
    axis->setLabelsFont(labelFont());
    // Our labels are short numbers; skipping Qt's eliding spares a text measurement per label
    // and layout pass.
    axis->setTruncateLabels(false);
    QFont title = labelFont();
    title.setBold(true);
    axis->setTitleFont(title);
}

} // namespace dtsim::ui::chartstyle
