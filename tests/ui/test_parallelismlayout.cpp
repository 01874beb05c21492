// The Parallelism diagram's and the Gantt chart's layouts as pure functions of the report, a size
// and the fonts (ParallelismDiagram::layout, PipelineView::layout): checked without a widget, at
// several sizes and degrees, in English and Vietnamese. Inside the bounds, nothing overlapping,
// and the numbers written are the report's.
#include "common/format.h"
#include "common/language.h"
#include "helpers.h"
#include "layoutchecks.h"
#include "simcore/reports/parallelismreport.h"
#include "simcore/reports/pipelinereport.h"
#include "ui/kit/chartstyle.h"
#include "ui/panels/parallelism/parallelismdiagram.h"
#include "ui/panels/parallelism/pipelineview.h"

#include <QFontMetricsF>
#include <algorithm>
#include <catch2/catch.hpp>
#include <vector>

using namespace dtsim::ui;

namespace {

struct BackToEnglish {
    ~BackToEnglish() { dtsim::common::setLanguage(QStringLiteral("en")); }
};

/// From about the smallest area a 1280×800 window gives the diagram (presentation mode's larger
/// fonts leave it about as much room as 790 × 560 at the normal ones) to the export default and
/// beyond. (Smaller still, the captions leave the grid too little height for readable boxes.)
const QSizeF kSizes[] = {{790, 560}, {900, 620}, {1004, 600}, {1600, 900}, {2400, 1400}};

using testing::inside;
using testing::overlap;

template <typename Items, typename Rect> void checkApart(const Items& items, Rect rectOf)
{
    for (std::size_t a = 0; a < items.size(); ++a) {
        for (std::size_t b = a + 1; b < items.size(); ++b) {
            INFO("items " << a << " and " << b);
            CHECK_FALSE(overlap(rectOf(items[a]), rectOf(items[b])));
        }
    }
}

/// A legend's entries (sample and label) inside the bounds, apart, and below `above`; returns
/// the legend's bottom.
template <typename Entries>
double checkLegend(const Entries& legend, const QRectF& bounds, double above)
{
    double bottom = above;
    for (const auto& entry : legend) {
        const QRectF rect = entry.sampleRect.united(entry.textRect);
        CHECK(inside(rect, bounds));
        CHECK(rect.top() >= above);
        bottom = std::max(bottom, rect.bottom());
    }
    checkApart(legend, [](const auto& entry) { return entry.sampleRect.united(entry.textRect); });
    return bottom;
}

/// Where a text item's letters go: its rectangle shrunk to the text as aligned in it.
QRectF inkOf(const DiagramLayout::Text& text, const DiagramStyle& style)
{
    QFont font = style.label;
    font.setBold(text.bold);
    return QFontMetricsF(font).boundingRect(text.rect, text.flags, text.text);
}

using testing::layout;

std::vector<simcore::Scenario> layouts()
{
    return {layout(1, 1, 1, 8),          layout(2, 2, 2, 8),        layout(8, 1, 1, 8),
            layout(1, 8, 1, 8),          layout(1, 1, 8, 8),        layout(2, 2, 4, 4, 32, 2),
            layout(16, 8, 8, 8, 96),     layout(3, 5, 7, 6, 35),    layout(4, 2, 16, 8, 96, 3),
            layout(1, 1, 1000, 8, 1000), layout(256, 8, 64, 8, 64), layout(1000, 1, 1, 3)};
}

} // namespace

TEST_CASE("the diagram's layout stays inside its bounds and nothing overlaps, in both languages",
          "[ui][parallelism][layout]")
{
    BackToEnglish restore;
    for (const char* language : {"en", "vi"}) {
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        const DiagramStyle style = DiagramStyle::current();
        for (const auto& scenario : layouts()) {
            const auto report = simcore::parallelismReport(scenario);
            REQUIRE(report.ok());
            for (const QSizeF& size : kSizes) {
                INFO(language << ", " << report.heading << ", " << size.width() << "×"
                              << size.height());
                const DiagramLayout g = ParallelismDiagram::layout(report, size, style);
                const QRectF bounds(QPointF(0, 0), size);
                CHECK(inside(g.titleRect, bounds));
                const double legendBottom = checkLegend(g.legend, bounds, g.titleRect.bottom());
                // The grid: boxes inside, apart, between the legend and the counts.
                REQUIRE_FALSE(g.boxes.empty());
                CHECK(g.boxes.size() <=
                      static_cast<std::size_t>(ParallelismDiagram::kMaxDrawnGpus));
                for (const auto& box : g.boxes) {
                    CHECK(inside(box.rect, bounds));
                    CHECK(box.rect.top() > legendBottom);
                    CHECK(box.rect.bottom() < g.counts.at.y());
                    CHECK_FALSE(box.lines.isEmpty());
                }
                checkApart(g.boxes, [](const auto& box) { return box.rect; });
                // The first and the last GPU are always drawn; the counts cover every GPU.
                CHECK(g.box(0) != nullptr);
                CHECK(g.box(report.summary.gpus - 1) != nullptr);
                CHECK(g.isAbridged() ==
                      (g.boxes.size() < static_cast<std::size_t>(report.summary.gpus)));
                // Headers and ellipses inside, apart, and off the boxes (what they write: a
                // centred header's rectangle is wider than its column).
                std::vector<QRectF> inks;
                for (const auto& text : g.texts) {
                    INFO(text.text.toStdString());
                    inks.push_back(inkOf(text, style));
                    CHECK(inside(inks.back(), bounds));
                    for (const auto& box : g.boxes) {
                        CHECK_FALSE(overlap(inks.back(), box.rect));
                    }
                }
                checkApart(inks, [](const QRectF& rect) { return rect; });
                for (const auto& frame : g.nodes) {
                    CHECK(inside(frame.outline.boundingRect(), bounds));
                }
                // The counts line and the three captions at the bottom, apart.
                std::vector<QRectF> paragraphs = {g.counts.rect()};
                for (const auto& caption : g.captions) {
                    paragraphs.push_back(caption.rect());
                }
                for (const auto& rect : paragraphs) {
                    CHECK(inside(rect, bounds));
                }
                checkApart(paragraphs, [](const QRectF& rect) { return rect; });
            }
        }
    }
}

TEST_CASE("the diagram's layout in presentation mode's fonts, at the window's size",
          "[ui][parallelism][layout]")
{
    // Presentation mode scales the fonts by 1.25 and leaves the diagram about 787 × 510 pixels
    // of a 1280×800 window (its screenshot); the presets' largest layout is GPT-3's 16 × 8 × 8.
    struct RestoreLook {
        dtsim::ui::chartstyle::Look saved = dtsim::ui::chartstyle::look();
        ~RestoreLook() { dtsim::ui::chartstyle::setLook(saved); }
    } restore;
    dtsim::ui::chartstyle::setLook({false, true, 1.25});
    const DiagramStyle style = DiagramStyle::current();
    for (const auto& scenario : {layout(16, 8, 8, 8, 96), layout(2, 2, 2, 8), layout(8, 1, 4, 8)}) {
        const auto report = simcore::parallelismReport(scenario);
        const DiagramLayout g = ParallelismDiagram::layout(report, QSizeF(787, 510), style);
        INFO(report.heading);
        REQUIRE_FALSE(g.boxes.empty());
        for (const auto& box : g.boxes) {
            CHECK(inside(box.rect, QRectF(0, 0, 787, 510)));
            CHECK(box.rect.bottom() < g.counts.at.y());
            CHECK_FALSE(box.lines.isEmpty()); // at least its rank
        }
        checkApart(g.boxes, [](const auto& box) { return box.rect; });
        for (const auto& caption : g.captions) {
            CHECK_FALSE(overlap(g.counts.rect(), caption.rect()));
        }
    }
    // The small layouts keep their captions; the large one gives them up for its boxes.
    CHECK(ParallelismDiagram::layout(simcore::parallelismReport(layout(2, 2, 2, 8)),
                                     QSizeF(787, 510), style)
              .captions.size() == 3);
}

TEST_CASE("the diagram writes the report's numbers", "[ui][parallelism][layout]")
{
    // dp = 2, tp = 2, pp = 4 on nodes of 8 (Megatron-LM's example): 16 GPUs on 2 nodes, 4
    // pipelines of which the sends from stage 1 cross: 4 of 12.
    const auto report = simcore::parallelismReport(layout(2, 2, 4, 8));
    const DiagramLayout g =
        ParallelismDiagram::layout(report, QSizeF(1004, 600), DiagramStyle::current());
    CHECK(g.title.contains(QStringLiteral("= 16 GPUs")));
    CHECK(g.title.contains(QStringLiteral("nodes of 8: 2")));
    CHECK(g.counts.text.text().contains(QStringLiteral("<b>4 of 12 cross a node</b>")));
    CHECK(g.boxes.size() == 16);
    std::vector<QString> nodes;
    for (const auto& frame : g.nodes) {
        nodes.push_back(frame.label);
    }
    CHECK(std::count(nodes.begin(), nodes.end(), QStringLiteral("node 1")) >= 1);
    // A layout that cannot be drawn writes its problem, naming the key, and no box.
    const auto refused = simcore::parallelismReport(layout(1, 1, 64, 8));
    REQUIRE_FALSE(refused.ok());
    const DiagramLayout none =
        ParallelismDiagram::layout(refused, QSizeF(900, 620), DiagramStyle::current());
    CHECK(none.boxes.empty());
    REQUIRE(none.texts.size() == 1);
    CHECK(none.texts.front().alert);
    CHECK(none.texts.front().text.contains(QStringLiteral("Pipeline stages (pp)")));
}

TEST_CASE("the diagram's layout is a function of its inputs alone", "[ui][parallelism][layout]")
{
    const auto report = simcore::parallelismReport(layout(4, 2, 16, 8, 96, 3));
    const DiagramStyle style = DiagramStyle::current();
    const DiagramLayout a = ParallelismDiagram::layout(report, QSizeF(1004, 600), style);
    const DiagramLayout b = ParallelismDiagram::layout(report, QSizeF(1004, 600), style, &a);
    const DiagramLayout c = ParallelismDiagram::layout(report, QSizeF(1004, 600), style);
    for (const DiagramLayout* other : {&b, &c}) {
        REQUIRE(other->boxes.size() == a.boxes.size());
        for (std::size_t k = 0; k < a.boxes.size(); ++k) {
            CHECK(other->boxes[k].rank == a.boxes[k].rank);
            CHECK(other->boxes[k].rect == a.boxes[k].rect);
            CHECK(other->boxes[k].lines == a.boxes[k].lines);
        }
        CHECK(other->links.size() == a.links.size());
        CHECK(other->counts.text.text() == a.counts.text.text());
        CHECK(other->counts.at == a.counts.at);
        REQUIRE(other->captions.size() == a.captions.size());
        for (std::size_t k = 0; k < a.captions.size(); ++k) {
            CHECK(other->captions[k].text.text() == a.captions[k].text.text());
            CHECK(other->captions[k].at == a.captions[k].at);
        }
    }
}

TEST_CASE("the Gantt chart's layout stays inside its bounds and nothing overlaps, in both "
          "languages",
          "[ui][parallelism][layout]")
{
    const auto pipeline = [](std::int64_t p, std::int64_t m, simcore::PipelineSchedule schedule,
                             std::int64_t v = 1) {
        simcore::Scenario s;
        s.model.layers = p * v * std::max<std::int64_t>(1, 1000 / (p * v)); // whole stages
        s.parallel.pp = p;
        s.parallel.dp = 1;
        s.train.globalBatch = m; // m = B/(b·dp)
        s.parallel.schedule = schedule;
        s.parallel.virtualStages = v;
        return s;
    };
    using S = simcore::PipelineSchedule;
    const std::vector<simcore::Scenario> scenarios = {
        pipeline(1, 8, S::OneFOneB),        pipeline(4, 8, S::GPipe),
        pipeline(8, 32, S::Interleaved, 2), pipeline(6, 12, S::Interleaved, 3),
        pipeline(64, 64, S::OneFOneB),      pipeline(512, 512, S::OneFOneB), // not listed
        pipeline(1000, 8, S::GPipe)};                                        // rows cut
    BackToEnglish restore;
    for (const char* language : {"en", "vi"}) {
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        const DiagramStyle style = DiagramStyle::current();
        for (const auto& scenario : scenarios) {
            const auto report = simcore::pipelineReport(scenario);
            REQUIRE(report.ok());
            for (const QSizeF& size : kSizes) {
                INFO(language << ", " << report.heading << ", " << size.width() << "×"
                              << size.height());
                const GanttLayout g = PipelineView::layout(report, size, style);
                const QRectF bounds(QPointF(0, 0), size);
                CHECK(g.drawn);
                CHECK(inside(g.titleRect, bounds));
                CHECK(inside(g.subtitleRect, bounds));
                CHECK(checkLegend(g.legend, bounds, g.subtitleRect.bottom()) < g.plot.top());
                // Rows: at most p, of equal height, filling the plot; every block on its row.
                CHECK(inside(g.plot, bounds));
                CHECK(g.rows >= 1);
                CHECK(g.rows <= report.params.stages);
                CHECK(g.plot.height() == Approx(g.rows * g.rowHeight));
                CHECK(g.rowHeight >= PipelineView::kMinRowHeight);
                // Rows are cut only with a note saying so.
                CHECK((g.rows == report.params.stages || !g.note.isEmpty()));
                // Blocks come row by row, each row in time order: each starts where the one
                // before it on its row ended, or later (a run's 1-pixel minimum aside).
                int misplaced = 0;
                for (std::size_t k = 0; k < g.blocks.size(); ++k) {
                    const QRectF& block = g.blocks[k].rect;
                    misplaced += inside(block, g.plot.adjusted(0, 0, 1, 0)) ? 0 : 1;
                    if (k > 0 && g.blocks[k - 1].rect.top() == block.top()) {
                        misplaced += block.left() >= g.blocks[k - 1].rect.right() - 1 ? 0 : 1;
                    }
                }
                CHECK(misplaced == 0);
                CHECK(g.operationsDrawn == report.operationsListed);
                CHECK(g.blocks.empty() == !report.operationsListed);
                // Labels left and right of the rows, ticks under them, the memory line last.
                for (const auto& label : g.deviceLabels) {
                    CHECK(inside(label.rect, bounds));
                    CHECK(label.rect.right() <= g.plot.left());
                }
                checkApart(g.deviceLabels, [](const auto& label) { return label.rect; });
                for (const auto& label : g.inFlightLabels) {
                    CHECK(label.rect.left() >= g.plot.right());
                    CHECK(label.rect.right() <= size.width());
                }
                checkApart(g.inFlightLabels, [](const auto& label) { return label.rect; });
                for (const auto& tick : g.ticks) {
                    CHECK(inside(tick.labelRect, bounds));
                    CHECK(tick.labelRect.top() >= g.plot.bottom());
                }
                CHECK(g.axisTitleRect.top() >= g.plot.bottom());
                CHECK(inside(g.memory.rect(), bounds));
                CHECK(g.memory.rect().top() >= g.axisTitleRect.bottom());
            }
        }
    }
}

TEST_CASE("the Gantt chart writes the report's numbers", "[ui][parallelism][layout]")
{
    // GPipe, p = 4, m = 8 (Huang et al. 2019): bubble 3/11 of the 0.33 s step; every device
    // keeps all 8 micro-batches; 64 blocks, numbered 1 … 8 when they are wide enough.
    simcore::Scenario s;
    s.parallel.pp = 4;
    s.parallel.schedule = simcore::PipelineSchedule::GPipe;
    const auto report = simcore::pipelineReport(s);
    const GanttLayout g = PipelineView::layout(report, QSizeF(1004, 600), DiagramStyle::current());
    CHECK(g.subtitle.contains(dtsim::common::formatPercent(3.0 / 11.0)));
    CHECK(g.subtitle.contains(dtsim::common::formatDuration(0.33)));
    CHECK(g.rows == 4);
    CHECK(g.blocks.size() == 64);
    CHECK(g.numbers.size() == 8);
    CHECK(std::all_of(g.blocks.begin(), g.blocks.end(),
                      [](const auto& block) { return block.number >= 0; }));
    REQUIRE(g.inFlightLabels.size() == 4);
    CHECK(g.inFlightLabels.front().text.startsWith(QStringLiteral("8 in flight · ")));
    CHECK(g.memory.text.text().contains(QStringLiteral("device 3 holds 8")));
    // A refused schedule: the problem, naming the key, in place of the rows.
    s.parallel.pp = 64;
    const auto refused = simcore::pipelineReport(s);
    const GanttLayout none =
        PipelineView::layout(refused, QSizeF(900, 620), DiagramStyle::current());
    CHECK_FALSE(none.drawn);
    CHECK(none.blocks.empty());
    CHECK(none.problem.contains(QStringLiteral("Pipeline stages (pp)")));
}
