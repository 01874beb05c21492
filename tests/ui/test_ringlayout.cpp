// The ring view's layout (ringLayout) as a pure function of N, the size, the texts and the font
// metrics, checked without a widget: everything inside the view, nothing on top of anything
// else, every text in the room it is given — at the sizes the window, presentation mode and
// exports give the view, for N = 2 … 16, with the English and the Vietnamese texts (the longer
// labels). Tolerance: half a pixel for rounding of fractional edges.
#include "common/language.h"
#include "layoutchecks.h"
#include "simcore/models/ringallreduce.h"
#include "ui/panels/communication/ringlayout.h"
#include "ui/panels/communication/ringwidget.h"

#include <QFontMetricsF>
#include <QString>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

using namespace dtsim::ui;

namespace {

constexpr qreal kSlack = testing::kLayoutSlack;

using testing::describe;
using testing::inside;
using testing::overlap;

struct BackToEnglish {
    ~BackToEnglish() { dtsim::common::setLanguage(QStringLiteral("en")); }
};

/// Checks one layout; `trace` gives the arrow labels of every step.
void checkLayout(const RingLayout& layout, const RingLayoutInput& input,
                 const simcore::RingTrace& trace)
{
    const QRectF view(QPointF(0, 0), input.size);
    const int n = input.workers;
    REQUIRE(layout.valid);
    REQUIRE(layout.workers == n);
    REQUIRE(layout.nodes.size() == static_cast<std::size_t>(n));
    REQUIRE(layout.arrows.size() == static_cast<std::size_t>(n));

    // The ring: every node inside the view, apart from the others, in the left part.
    QRectF ring;
    for (int i = 0; i < n; ++i) {
        const QRectF node = layout.nodeBox(i);
        INFO("node " << i << " " << describe(node));
        CHECK(inside(node, view));
        ring = ring.united(node);
        for (int j = i + 1; j < n; ++j) {
            const QPointF d = layout.nodes[static_cast<std::size_t>(i)] -
                              layout.nodes[static_cast<std::size_t>(j)];
            CHECK(std::hypot(d.x(), d.y()) >= 2 * layout.nodeRadius - kSlack);
        }
        // The node's label fits its circle's square.
        const QFontMetricsF metrics(layout.nodeFont);
        for (const QString& line : layout.nodeTexts[static_cast<std::size_t>(i)].split('\n')) {
            CHECK(metrics.horizontalAdvance(line) <= node.width() + kSlack);
        }
    }
    for (const RingArrow& arrow : layout.arrows) {
        // What a sending arrow draws: the curve (inside the triangle of its control points) at
        // its widest pen, and its head (drawing::drawArrowHead, 1.3 × the idle size).
        const QPointF along = arrow.end - arrow.control;
        const QPointF u = along / std::hypot(along.x(), along.y());
        const QPointF across(-u.y(), u.x());
        const qreal head = layout.arrowHead * 1.3;
        const QPointF base = arrow.end - u * head;
        QRectF ink = QRectF(arrow.start, arrow.control)
                         .normalized()
                         .united(QRectF(arrow.control, arrow.end).normalized());
        for (const QPointF corner : {base + across * head * 0.55, base - across * head * 0.55}) {
            ink = ink.united(QRectF(corner, QSizeF(0, 0)));
        }
        ink.adjust(-layout.sendingPen / 2, -layout.sendingPen / 2, layout.sendingPen / 2,
                   layout.sendingPen / 2);
        INFO("arrow " << describe(ink));
        CHECK(inside(ink, view));
        // The repaint box holds all of it.
        CHECK(inside(ink, QRectF(arrow.bounds)));
        ring = ring.united(ink);
    }

    // The table: inside the view, right of the ring, above the legend; labels fit their boxes.
    INFO("table " << describe(layout.table) << ", ring " << describe(ring) << ", legend "
                  << describe(layout.legend));
    CHECK(inside(layout.table, view));
    CHECK_FALSE(overlap(layout.table, ring));
    CHECK(layout.table.bottom() <= layout.legend.top() + kSlack);
    CHECK(inside(layout.cellBox(n - 1, n - 1), layout.table));
    const QFontMetricsF header(layout.headerFont);
    const QFontMetricsF rowLabel(layout.cellBoldFont);
    const QFontMetricsF cell(layout.cellFont);
    for (int i = 0; i < n; ++i) {
        INFO("row / column " << i);
        CHECK(inside(layout.headerBox(i), layout.table));
        CHECK(inside(layout.rowLabelBox(i), layout.table));
        CHECK_FALSE(overlap(layout.rowLabelBox(i), layout.cellBox(i, 0)));
        CHECK_FALSE(overlap(layout.headerBox(i), layout.cellBox(0, i)));
        CHECK(rowLabel.horizontalAdvance(layout.rowTexts[static_cast<std::size_t>(i)]) <=
              layout.rowLabelBox(i).width() + kSlack);
        CHECK(header.horizontalAdvance(layout.headerTexts[static_cast<std::size_t>(i)]) <=
              layout.cellWidth + kSlack);
    }
    if (layout.cellNumbers) {
        // The widest number the trace holds fits a cell (the cell is drawn 2 px inside its box).
        CHECK(cell.horizontalAdvance(input.widestValue) <= layout.cellWidth - 4 + kSlack);
        CHECK(layout.cellHeight >= 12);
    }

    // The legend: inside the view, its entries apart (in one row, or two or four in a narrow
    // view, where 8 px letters are not narrow enough).
    REQUIRE(layout.legendEntries.size() == 4);
    for (std::size_t i = 0; i < layout.legendEntries.size(); ++i) {
        const RingLegendEntry& entry = layout.legendEntries[i];
        INFO("legend " << entry.text.toStdString() << " " << describe(entry.textBox));
        CHECK(inside(entry.sample, view));
        CHECK(inside(entry.textBox, view));
        CHECK_FALSE(overlap(entry.sample, entry.textBox));
        CHECK(QFontMetricsF(layout.legendFont).horizontalAdvance(entry.text) <=
              entry.textBox.width() + kSlack);
        for (std::size_t j = i + 1; j < layout.legendEntries.size(); ++j) {
            const RingLegendEntry& other = layout.legendEntries[j];
            CHECK_FALSE(overlap(entry.textBox, other.textBox));
            CHECK_FALSE(overlap(entry.textBox, other.sample));
            CHECK_FALSE(overlap(entry.sample, other.textBox));
        }
    }

    // The arrows' labels, in every step that shows them: inside the view, apart, off the nodes.
    if (layout.arrowLabels) {
        for (const auto& step : trace.steps) {
            std::vector<QString> texts(static_cast<std::size_t>(n));
            for (const auto& send : step.sends) {
                texts[static_cast<std::size_t>(send.from)] =
                    QStringLiteral("c%1 = %2")
                        .arg(send.chunk)
                        .arg(static_cast<double>(send.values.front()), 0, 'g', 7);
            }
            const auto boxes = layout.arrowLabelBoxes(texts);
            REQUIRE(boxes.size() == static_cast<std::size_t>(n));
            for (int i = 0; i < n; ++i) {
                const QRectF& box = boxes[static_cast<std::size_t>(i)];
                INFO("label " << i << " " << describe(box));
                CHECK(inside(box, view));
                CHECK_FALSE(overlap(box, layout.table));
                // No circle covers a label: the nodes' 2 px outline included.
                for (int node = 0; node < n; ++node) {
                    const QPointF centre = layout.nodes[static_cast<std::size_t>(node)];
                    const qreal x = std::clamp(centre.x(), box.left(), box.right());
                    const qreal y = std::clamp(centre.y(), box.top(), box.bottom());
                    CHECK(std::hypot(centre.x() - x, centre.y() - y) >=
                          layout.nodeRadius + 1 - kSlack);
                }
                for (int j = i + 1; j < n; ++j) {
                    CHECK_FALSE(overlap(box, boxes[static_cast<std::size_t>(j)]));
                }
            }
        }
    }
}

} // namespace

TEST_CASE("ring layout: inside the view and apart, at every size, N and language",
          "[ui][ring][layout]")
{
    BackToEnglish restore;
    // The window at 1280×800 and in presentation mode, the size hints, an export at 800×450,
    // and odd sizes with fractional cell edges.
    const QSizeF sizes[] = {{300, 150}, {433, 287},  {560, 190},  {700, 320}, {890, 165},
                            {800, 210}, {1100, 520}, {1600, 600}, {1268, 380}};
    for (const char* language : {"en", "vi"}) {
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        for (int n = 2; n <= 16; ++n) {
            const auto trace = simcore::ringAllReduce(simcore::ringDemoBuffers(n));
            for (const QSizeF size : sizes) {
                INFO(language << ", N = " << n << ", " << size.width() << "×" << size.height());
                const RingLayoutInput input = RingWidget::layoutInput(trace, size);
                checkLayout(ringLayout(input), input, trace);
            }
        }
    }
}

TEST_CASE("ring layout: long labels where there is room, short ones where there is not",
          "[ui][ring][layout]")
{
    const auto four = simcore::ringAllReduce(simcore::ringDemoBuffers(4));
    const RingLayout wide = ringLayout(RingWidget::layoutInput(four, {1100, 520}));
    CHECK(wide.headerTexts.front() == QStringLiteral("chunk 0"));
    CHECK(wide.nodeTexts.front() == QStringLiteral("GPU\n0"));
    CHECK(wide.arrowLabels);
    CHECK(wide.cellNumbers);

    const auto sixteen = simcore::ringAllReduce(simcore::ringDemoBuffers(16));
    const RingLayout crowded = ringLayout(RingWidget::layoutInput(sixteen, {560, 190}));
    CHECK(crowded.headerTexts.front() == QStringLiteral("c0"));
    CHECK(crowded.nodeTexts.front() == QStringLiteral("0"));
    CHECK_FALSE(crowded.arrowLabels); // N > 8: the table shows the values instead
    // 16 rows in 190 px are under 12 px each: colours only.
    CHECK_FALSE(crowded.cellNumbers);

    // The legend takes one row where it fits, and more in a narrow view (8 px letters at most
    // small): 300 px is too narrow for the four entries side by side.
    CHECK(wide.legendEntries[3].sample.center().y() == wide.legendEntries[0].sample.center().y());
    const RingLayout narrow = ringLayout(RingWidget::layoutInput(four, {300, 150}));
    CHECK(narrow.legendEntries[3].sample.center().y() >
          narrow.legendEntries[0].sample.center().y());
    CHECK(narrow.legendFont.pixelSize() >= 8);
}

TEST_CASE("ring layout: the same input gives the same layout; too small gives none",
          "[ui][ring][layout]")
{
    const auto trace = simcore::ringAllReduce(simcore::ringDemoBuffers(5));
    const RingLayoutInput input = RingWidget::layoutInput(trace, {700, 320});
    const RingLayout a = ringLayout(input);
    const RingLayout b = ringLayout(input);
    CHECK(a.table == b.table);
    CHECK(a.nodes == b.nodes);
    CHECK(a.legendBounds == b.legendBounds);
    // The layout is the view's: a widget of that size draws at the same places.
    RingWidget ring;
    REQUIRE(ring.playback()->setWorkers(5));
    ring.resize(700, 320);
    (void)ring.grab(); // delivers the resize, as a paint does
    CHECK(ring.ringLayoutNow().table == a.table);
    CHECK(ring.ringLayoutNow().nodes == a.nodes);

    CHECK_FALSE(ringLayout(RingWidget::layoutInput(trace, {50, 40})).valid);
    RingLayoutInput mismatched = input;
    mismatched.rowTexts.pop_back();
    CHECK_FALSE(ringLayout(mismatched).valid);
}
