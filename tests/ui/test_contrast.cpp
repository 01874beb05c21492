// Marks against their background in every look. Hazard: in the dark theme the ideal bars'
// dark grey hatching and the black "selected N" triangle (on the chart and as a legend swatch)
// vanish on the dark chart background; Okabe–Ito's orange and sky blue lines fade on white.
//
// The measure is WCAG 2.1's non-text contrast (success criterion 1.4.11): a mark stands at least
// 3:1 off its background (the ratio as wcag.h writes it out, apart from chartstyle's).
//
// Each chart area is built once in the light look, then drawn in every look (the look is
// re-applied to charts that exist, as when a teacher switches theme): every series, point marker
// and legend entry a chart declares is checked against the look's background, and the rendered
// image is searched for the colour that passes, in the plot (marks) and in the legend's rectangle
// (swatches): a swatch still drawn black on dark fails. The painted views (the ring, the
// parallelism and topology diagrams, the Gantt chart, the checkpoint timeline) declare each mark
// with the colour it is drawn on; each is held to 3:1 (text to 4.5:1) and looked for in the view's
// picture.
#include "restorelook.h"
#include "simcore/scenario/scenario.h"
#include "ui/kit/appearance.h"
#include "ui/kit/chartarea.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/paintedchartarea.h"
#include "ui/panels/checkpoint/timelinewidget.h"
#include "ui/panels/communication/ringwidget.h"
#include "ui/shell/exporter.h"
#include "wcag.h"

#include <QAbstractBarSeries>
#include <QAreaSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QGraphicsPathItem>
#include <QImage>
#include <QLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

using namespace dtsim::ui;

namespace {

using testing::contrast;

constexpr double kMinimum = 3.0;

struct NamedLook {
    const char* name;
    Appearance appearance;
};

const NamedLook kLooks[] = {
    {"light", {Theme::Light, false, 1.25}},
    {"dark", {Theme::Dark, false, 1.25}},
    {"presentation (light)", {Theme::Light, true, 1.25}},
    {"presentation (dark)", {Theme::Dark, true, 1.25}},
};

/// A mark as a chart declares it: its fill and, for bars and bands, its outline. A filled bar
/// or band passes by its fill or by its outline (the outline draws its edge); lines and point
/// markers by their own colour (a thin ring round a black triangle reads as a hole).
struct Mark {
    QString what;
    QColor fill;
    QColor outline; ///< invalid: none that counts
    bool drawn = true;

    /// The colour that makes the mark stand off `background`: fill, else outline.
    [[nodiscard]] QColor visible(const QColor& background) const
    {
        if (!outline.isValid() || contrast(fill, background) >= contrast(outline, background)) {
            return fill;
        }
        return outline;
    }
};

bool near(QRgb a, const QColor& b)
{
    return std::abs(qRed(a) - b.red()) <= 2 && std::abs(qGreen(a) - b.green()) <= 2 &&
           std::abs(qBlue(a) - b.blue()) <= 2;
}

/// Pixels of `colour` inside `rect` of `image`.
int pixelsOf(const QImage& image, const QRect& rect, const QColor& colour)
{
    const QRect inside = rect.intersected(image.rect());
    int count = 0;
    for (int y = inside.top(); y <= inside.bottom(); ++y) {
        for (int x = inside.left(); x <= inside.right(); ++x) {
            count += near(image.pixel(x, y), colour) ? 1 : 0;
        }
    }
    return count;
}

QColor penColour(const QPen& pen)
{
    return pen.style() == Qt::NoPen ? QColor() : pen.color();
}

std::vector<Mark> seriesMarks(QChart* chart)
{
    std::vector<Mark> marks;
    for (QAbstractSeries* series : chart->series()) {
        if (!series->isVisible()) {
            continue;
        }
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series)) {
            for (QBarSet* set : bars->barSets()) {
                bool any = false;
                for (int i = 0; i < set->count(); ++i) {
                    any = any || set->at(i) > 0;
                }
                marks.push_back({set->label(), set->brush().color(), penColour(set->pen()), any});
            }
        } else if (auto* area = qobject_cast<QAreaSeries*>(series)) {
            marks.push_back({area->name(), area->brush().color(), penColour(area->pen()),
                             area->upperSeries() && area->upperSeries()->count() > 1});
        } else if (auto* scatter = qobject_cast<QScatterSeries*>(series)) {
            marks.push_back({scatter->name(), scatter->color(), QColor(), scatter->count() > 0});
        } else if (auto* line = qobject_cast<QLineSeries*>(series)) {
            marks.push_back({line->name(), line->pen().color(), QColor(), line->count() > 1});
        }
    }
    // Point markers (the selected N, the optimum) are items of their own over the plot.
    for (QGraphicsItem* item : chart->childItems()) {
        if (auto* path = dynamic_cast<QGraphicsPathItem*>(item); path && path->isVisible()) {
            marks.push_back(
                {QStringLiteral("point marker"), path->brush().color(), QColor(), true});
        }
    }
    return marks;
}

std::vector<Mark> legendMarks(QChart* chart)
{
    std::vector<Mark> marks;
    if (!chart->legend()->isVisible()) {
        return marks;
    }
    for (QLegendMarker* marker : chart->legend()->markers()) {
        if (!marker->isVisible() || !marker->series()->isVisible()) {
            continue;
        }
        const bool filled = marker->type() == QLegendMarker::LegendMarkerTypeBar ||
                            marker->type() == QLegendMarker::LegendMarkerTypeArea;
        const bool line = marker->type() == QLegendMarker::LegendMarkerTypeXY &&
                          !qobject_cast<QScatterSeries*>(marker->series());
        const QColor fill = line ? marker->pen().color() : marker->brush().color();
        marks.push_back({QStringLiteral("legend: ") + marker->label(), fill,
                         filled ? penColour(marker->pen()) : QColor(), true});
    }
    return marks;
}

/// Where a chart item's rectangle (chart coordinates) lies in the area's image.
QRect inArea(QChartView* view, ChartArea& area, const QRectF& rect)
{
    const QRect inView = view->mapFromScene(view->chart()->mapToScene(rect)).boundingRect();
    return inView.translated(view->mapTo(&area, QPoint(0, 0))).adjusted(-2, -2, 2, 2);
}

void prepare(ChartArea& area, QSize size)
{
    area.setAttribute(Qt::WA_DontShowOnScreen, true);
    area.show();
    area.resize(size);
    if (area.layout()) {
        area.layout()->activate();
    }
    QCoreApplication::processEvents();
}

} // namespace

TEST_CASE("every chart mark and legend swatch stands 3:1 off the background in every look",
          "[ui][contrast]")
{
    testing::RestoreLook restore;
    applyAppearance({Theme::Light, false, 1.25});
    const QSize size(1600, 900);
    for (const QString& id : exportablePanels()) {
        auto area = createChartArea(id);
        REQUIRE(area);
        area->showScenario(simcore::Scenario{});
        for (const NamedLook& look : kLooks) {
            applyAppearance(look.appearance);
            prepare(*area, size);
            ExportOptions options;
            options.size = size;
            const QImage image =
                renderChartArea(*area, options).convertToFormat(QImage::Format_RGB32);
            REQUIRE(!image.isNull());
            const QColor background = chartstyle::backgroundColor();
            for (QChartView* view : area->findChildren<QChartView*>()) {
                if (!view->isVisible()) {
                    continue;
                }
                const QRect viewRect(view->mapTo(area.get(), QPoint(0, 0)), view->size());
                CHECK(pixelsOf(image, viewRect, background) > viewRect.width() * 10);
                const QRect legendRect = inArea(view, *area, view->chart()->legend()->geometry());
                for (const auto& [marks, where, rect] :
                     {std::tuple{seriesMarks(view->chart()), "plot", viewRect},
                      std::tuple{legendMarks(view->chart()), "legend", legendRect}}) {
                    for (const Mark& mark : marks) {
                        if (mark.fill.alpha() < 255) {
                            continue; // a tint behind the marks, not a mark
                        }
                        const QColor visible = mark.visible(background);
                        INFO(id.toStdString()
                             << " (" << view->chart()->title().toStdString() << "), " << look.name
                             << ", " << where << ": " << mark.what.toStdString() << " "
                             << visible.name().toStdString() << " on "
                             << background.name().toStdString() << " = "
                             << contrast(visible, background));
                        CHECK(contrast(visible, background) >= kMinimum);
                        if (mark.drawn) {
                            CHECK(pixelsOf(image, rect, visible) >= 4);
                        }
                    }
                }
            }
        }
    }
}

TEST_CASE("the look's mark colours stand 3:1 off its chart background", "[ui][contrast]")
{
    testing::RestoreLook restore;
    for (const NamedLook& look : kLooks) {
        applyAppearance(look.appearance);
        const QColor background = chartstyle::backgroundColor();
        INFO(look.name << " on " << background.name().toStdString());
        CHECK(contrast(chartstyle::selectedColour(), background) >= kMinimum);
        CHECK(contrast(chartstyle::idealColour(), background) >= kMinimum);
        CHECK(contrast(chartstyle::failureColour(), background) >= kMinimum);
        CHECK(contrast(chartstyle::referenceColour(), background) >= kMinimum);
        // A marker's ring sets it off the bars under it; the marker itself stands off the plot.
        CHECK(contrast(chartstyle::selectedColour(), chartstyle::markerBorderColour()) >= kMinimum);
        for (const QColor& colour :
             {chartstyle::kCompute, chartstyle::kCommunication, chartstyle::kOptimum,
              chartstyle::kBubble, chartstyle::kWork, chartstyle::kLost, chartstyle::kIdeal,
              chartstyle::kSelected}) {
            const QColor shade = chartstyle::legible(colour);
            INFO(colour.name().toStdString() << " drawn as " << shade.name().toStdString());
            CHECK(contrast(shade, background) >= kMinimum);
            CHECK(std::abs(chartstyle::contrastRatio(shade, background) -
                           contrast(shade, background)) < 1e-9);
            if (contrast(colour, background) >= kMinimum) {
                CHECK(shade == colour); // a colour that stands off is left as it is
            }
        }
    }
}

namespace {

/// Each painted view in the area, with the marks it declares in the current look.
std::vector<std::pair<QWidget*, DrawnMarks>> paintedViews(ChartArea& area)
{
    std::vector<std::pair<QWidget*, DrawnMarks>> views;
    if (auto* painted = qobject_cast<PaintedChartArea*>(&area)) {
        views.emplace_back(painted, painted->drawnMarks());
    }
    for (auto* painted : area.findChildren<PaintedChartArea*>()) {
        views.emplace_back(painted, painted->drawnMarks());
    }
    for (auto* ring : area.findChildren<RingWidget*>()) {
        views.emplace_back(ring, ring->drawnMarks());
    }
    for (auto* timeline : area.findChildren<TimelineWidget*>()) {
        views.emplace_back(timeline, timeline->drawnMarks());
    }
    return views;
}

} // namespace

TEST_CASE("every mark and text of the painted views stands off what it is drawn on, in every look",
          "[ui][contrast]")
{
    // Hazard: the Gantt's orange backward blocks on the pale idle fill (1.7:1), the tensor-parallel
    // blue on a dark node frame (2.4:1), see-through vermillion halos (2:1 on white), the alert
    // red on the dark background.
    testing::RestoreLook restore;
    applyAppearance({Theme::Light, false, 1.25});
    const QSize size(1600, 900);
    int viewsChecked = 0;
    int stragglerMarks = 0;
    for (const QString& id : exportablePanels()) {
        auto area = createChartArea(id);
        REQUIRE(area);
        area->showScenario(simcore::Scenario{});
        for (const NamedLook& look : kLooks) {
            applyAppearance(look.appearance);
            prepare(*area, size);
            for (const auto& [view, marks] : paintedViews(*area)) {
                if (!view->isVisible()) {
                    continue;
                }
                ++viewsChecked;
                const QImage image = view->grab().toImage().convertToFormat(QImage::Format_RGB32);
                REQUIRE(!image.isNull());
                for (const DrawnMark& mark : marks) {
                    const QColor visible =
                        mark.outline.isValid() && contrast(mark.outline, mark.surface) >
                                                      contrast(mark.fill, mark.surface)
                            ? mark.outline
                            : mark.fill;
                    const double needed = mark.text ? 4.5 : kMinimum;
                    INFO(id.toStdString()
                         << " (" << view->metaObject()->className() << "), " << look.name << ": "
                         << mark.what.toStdString() << " " << visible.name().toStdString() << " on "
                         << mark.surface.name().toStdString() << " = "
                         << contrast(visible, mark.surface));
                    CHECK(contrast(visible, mark.surface) >= needed);
                    if (mark.shown) {
                        CHECK(pixelsOf(image, image.rect(), visible) >= 4);
                    }
                    if (mark.what.contains(QStringLiteral("straggler wait"))) {
                        // The default job's 2 % variation: the wait is drawn in the strip.
                        CHECK(mark.shown);
                        ++stragglerMarks;
                    }
                }
            }
        }
    }
    // The ring, the parallelism diagram, the Gantt, the topology diagram and the timeline, in
    // four looks each.
    CHECK(viewsChecked >= 5 * 4);
    // The timeline's straggler wait, as a legend swatch and on the work in the strip, per look.
    CHECK(stragglerMarks == 2 * 4);
}
