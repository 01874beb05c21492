// The Parallelism diagram's layout: a pure function of the report, the size and the fonts
// (ParallelismDiagram::layout). Painting is parallelismdiagram.cpp.
#include "ui/panels/parallelism/diagramlayout.h"

#include "common/errortext.h"
#include "common/format.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/drawing.h"
#include "ui/kit/problemtext.h"
#include "ui/panels/parallelism/parallelismdiagram.h"
#include "ui/panels/parallelism/pipelineview.h"

#include <QFontMetricsF>
#include <QLocale>
#include <algorithm>
#include <cmath>
#include <map>

namespace dtsim::ui {

namespace {

// Geometry, in logical pixels.
constexpr double kMargin = 12;
constexpr double kColumnGap = 56; // room for the pipeline arrows
constexpr double kRowGap = 26;    // room for the data-parallel lines and the node tags
constexpr double kInnerGap = 14;  // between the boxes of one tensor group
constexpr double kNodePad = 6;    // node frame around its boxes
constexpr double kTensorPad = 3;  // tensor outline around its group
constexpr double kGapColumn = 34; // width of an elided run of stages
constexpr double kGapRow = 26;    // height of an elided run of replicas
constexpr double kMaxBoxWidth = 176;
constexpr double kCaptionGap = 18; // between the three caption columns
constexpr double kMaxBoxHeight = 104;
constexpr double kIdealBoxWidth = 150;
constexpr double kIdealBoxHeight = 84;

QString count(std::int64_t value)
{
    return common::formatWhole(static_cast<std::int64_t>(value));
}

QString shownList(const std::vector<std::int64_t>& shown)
{
    QStringList parts;
    for (auto index : shown) {
        parts << (index == drawing::kGap ? QStringLiteral("…") : QString::number(index));
    }
    return parts.join(QStringLiteral(" "));
}

/// Prepares `slot` for the rich text `html` at `width`, or takes `reuse` when it holds exactly
/// that already.
void prepareRichText(QStaticText& slot, const QString& html, double width, const QFont& font,
                     const QStaticText* reuse)
{
    if (reuse && reuse->textFormat() == Qt::RichText && reuse->textWidth() == width &&
        reuse->text() == html) {
        slot = *reuse;
        return;
    }
    slot = QStaticText(html);
    slot.setTextFormat(Qt::RichText);
    slot.setTextWidth(width);
    slot.prepare(QTransform(), font);
}

/// Boxes and gaps for a given number of shown indices per dimension.
struct Fit {
    int subColumns = 1;
    int subRows = 1;
    double boxWidth = 0;
    double boxHeight = 0;
};

Fit fit(const QRectF& grid, std::size_t ppSlots, std::size_t dpSlots, std::size_t tpSlots,
        bool ppEllipsis, bool dpEllipsis)
{
    const double realColumns = static_cast<double>(ppSlots - (ppEllipsis ? 1 : 0));
    const double realRows = static_cast<double>(dpSlots - (dpEllipsis ? 1 : 0));
    const double widthForCells = grid.width() - static_cast<double>(ppSlots - 1) * kColumnGap -
                                 (ppEllipsis ? kGapColumn : 0.0);
    const double heightForCells =
        grid.height() - static_cast<double>(dpSlots - 1) * kRowGap - (dpEllipsis ? kGapRow : 0.0);
    Fit best;
    double bestScore = -1;
    const int slotCount = static_cast<int>(tpSlots);
    for (int columns = 1; columns <= slotCount; ++columns) {
        const int rows = (slotCount + columns - 1) / columns;
        double w =
            (widthForCells - realColumns * (columns - 1) * kInnerGap) / (realColumns * columns);
        double h = (heightForCells - realRows * (rows - 1) * kInnerGap) / (realRows * rows);
        w = std::min(w, kMaxBoxWidth);
        h = std::min(h, kMaxBoxHeight);
        const double score = std::min(w / kIdealBoxWidth, h / kIdealBoxHeight);
        if (score > bestScore + 1e-9) {
            bestScore = score;
            best = {columns, rows, w, h};
        }
    }
    return best;
}

} // namespace

QString layerSpanLabel(const simcore::LayerSpan& span)
{
    if (span.count() <= 0) {
        return QStringLiteral("-");
    }
    if (span.first == span.last) {
        return QString::number(span.first);
    }
    return QStringLiteral("%1–%2").arg(span.first).arg(span.last);
}

DiagramStyle DiagramStyle::current()
{
    return {chartstyle::labelFont(), chartstyle::titleFont(), drawing::mutedText()};
}

bool DiagramLayout::isAbridged() const
{
    const auto hasGap = [](const std::vector<std::int64_t>& shown) {
        return std::find(shown.begin(), shown.end(), drawing::kGap) != shown.end();
    };
    return hasGap(ppShown) || hasGap(dpShown) || hasGap(tpShown);
}

const DiagramLayout::Box* DiagramLayout::box(std::int64_t rank) const
{
    const auto found = std::find_if(boxes.begin(), boxes.end(),
                                    [rank](const Box& box) { return box.rank == rank; });
    return found == boxes.end() ? nullptr : &*found;
}

// --- Texts ---------------------------------------------------------------------------------

QString ParallelismDiagram::layersText(const simcore::ParallelismReport& report,
                                       std::int64_t ppIndex)
{
    const auto spans = simcore::pipelineRankLayers(report.layout, ppIndex);
    QStringList parts;
    for (std::size_t k = 0; k < spans.size() && k < 2; ++k) {
        parts << layerSpanLabel(spans[k]);
    }
    if (spans.size() > 2) {
        //: more layer ranges of an interleaved pipeline stage follow
        parts << tr("+%1 more").arg(spans.size() - 2);
    }
    return tr("layers %1").arg(parts.join(QStringLiteral(", ")));
}

QStringList ParallelismDiagram::boxLines(const simcore::ParallelismReport& report,
                                         std::int64_t rank, int level)
{
    const auto& p = report.layout;
    const simcore::GpuRole role = simcore::gpuRole(report, rank);
    const QString gpu = tr("GPU %1").arg(rank);
    const QString shard =
        p.tp > 1 ? tr("shard %1/%2").arg(role.weightShard).arg(p.tp) : tr("all weights");
    const QString batch =
        p.dp > 1 ? tr("batch %1/%2").arg(role.batchSlice).arg(p.dp) : tr("whole batch");
    switch (level) {
    case 2:
        return {gpu, layersText(report, role.place.pp), shard, batch};
    case 1:
        return {gpu, p.tp > 1 ? shard : layersText(report, role.place.pp)};
    case 0:
        return {QString::number(rank)};
    default:
        return {};
    }
}

QStringList ParallelismDiagram::captionsHtml(const simcore::ParallelismReport& report,
                                             const QColor& muted)
{
    const auto& p = report.layout;
    const QString mutedName = muted.name();
    const auto paragraph = [&mutedName](bool active, const QString& html) {
        return active ? html
                      : QStringLiteral("<span style=\"color:%1\">%2</span>").arg(mutedName, html);
    };
    const QString schedule = report.schedule == simcore::PipelineSchedule::Interleaved
                                 ? tr("interleaved 1F1B")
                                 : PipelineView::scheduleName(report.schedule);
    QStringList captions;
    captions << paragraph(
        p.dp > 1, p.dp > 1
                      ? tr("<b>Data parallelism</b> (dp = %1) removes the <b>compute-time</b> "
                           "limit: each replica trains on 1/%1 of the batch. Cost: a model copy "
                           "per replica; gradients all-reduced every step.")
                            .arg(p.dp)
                      : tr("<b>Data parallelism</b> is off (dp = 1): it would cut the compute "
                           "time per GPU."));
    captions << paragraph(
        p.tp > 1, p.tp > 1
                      ? tr("<b>Tensor parallelism</b> (tp = %1) removes the <b>memory limit of "
                           "the weights (and activations)</b>: each GPU holds 1/%1 of every "
                           "weight matrix. Cost: an all-reduce in every layer, so it stays "
                           "inside a node.")
                            .arg(p.tp)
                      : tr("<b>Tensor parallelism</b> is off (tp = 1): it would split every "
                           "weight matrix."));
    const QString bubble = std::isnan(report.bubbleFraction)
                               ? tr("a share (see the Pipeline view)")
                               : common::formatPercent(report.bubbleFraction);
    captions << paragraph(
        p.pp > 1, p.pp > 1
                      ? tr("<b>Pipeline parallelism</b> (pp = %1) removes the <b>memory limit of "
                           "the weights</b>: each GPU holds ≈ %2 of the %3 layers. Cost: the "
                           "bubble, %4 of the step idle (%5, m = %6), and sends between stages.")
                            .arg(p.pp)
                            .arg(report.stageLayers)
                            .arg(p.layers)
                            .arg(bubble, schedule)
                            .arg(report.microbatches)
                      : tr("<b>Pipeline parallelism</b> is off (pp = 1): it would split the "
                           "layers into stages."));
    return captions;
}

QString ParallelismDiagram::countsHtml(const simcore::ParallelismReport& report,
                                       const DiagramLayout& drawn)
{
    if (!report.ok()) {
        return {}; // nothing to count until the layout can be drawn
    }
    const auto crossing = [](std::int64_t crossed, std::int64_t of) {
        return crossed == 0
                   ? tr("none crosses a node")
                   : tr("<b>%1 of %2 cross(es) a node</b>", nullptr, common::numerus(crossed))
                         .arg(count(crossed), count(of));
    };
    const auto& s = report.summary;
    // One sentence per group kind: each has one count whose plural form its words follow.
    QString counts =
        tr("Tensor groups %1 × %2 GPU(s): %3.", nullptr, common::numerus(s.tensor.size))
            .arg(count(s.tensor.count), count(s.tensor.size),
                 crossing(s.tensor.crossingNodes, s.tensor.count)) +
        QLatin1Char(' ') +
        tr("Pipelines %1 × %2 stage(s): sends %3.", nullptr, common::numerus(s.pipeline.size))
            .arg(count(s.pipeline.count), count(s.pipeline.size),
                 s.pipeline.hops == 0 ? tr("none")
                                      : crossing(s.pipeline.crossingHops, s.pipeline.hops)) +
        QLatin1Char(' ') +
        tr("Data-parallel groups %1 × %2: %3.")
            .arg(count(s.data.count), count(s.data.size),
                 crossing(s.data.crossingNodes, s.data.count)) +
        QLatin1Char(' ') +
        tr("Megatron-LM rank order: tensor innermost, then replicas, then stages.");
    if (drawn.isAbridged()) {
        counts +=
            QLatin1Char(' ') +
            tr("<i>Drawn: %1 of %2 GPUs (stages %3; replicas %4; tensor ranks %5); hover "
               "a GPU for details.</i>")
                .arg(count(static_cast<std::int64_t>(drawn.boxes.size())), count(s.gpus),
                     shownList(drawn.ppShown), shownList(drawn.dpShown), shownList(drawn.tpShown));
    }
    return counts;
}

void ParallelismDiagram::layoutTexts(const simcore::ParallelismReport& report,
                                     const DiagramStyle& style, const DiagramLayout* previous,
                                     bool withCaptions, DiagramLayout& out)
{
    // Three columns side by side when there is room, one paragraph each; else stacked.
    const QStringList captions = withCaptions ? captionsHtml(report, style.muted) : QStringList();
    const double fullWidth = std::max(100.0, out.size.width() - 2 * kMargin);
    const bool columns = fullWidth >= 600;
    const double textWidth = columns ? (fullWidth - 2 * kCaptionGap) / 3 : fullWidth;
    // Prepared texts keep the font they were laid out in: only the same font lends them.
    const bool lend = previous && previous->font == style.label;
    out.captions.resize(static_cast<std::size_t>(captions.size()));
    for (qsizetype i = 0; i < captions.size(); ++i) {
        const auto k = static_cast<std::size_t>(i);
        const QStaticText* reuse =
            lend && k < previous->captions.size() ? &previous->captions[k].text : nullptr;
        prepareRichText(out.captions[k].text, captions[i], textWidth, style.label, reuse);
    }
    double bottom = out.size.height() - kMargin;
    if (columns) {
        double tallest = 0;
        for (const auto& caption : out.captions) {
            tallest = std::max(tallest, caption.text.size().height());
        }
        bottom -= tallest;
        for (std::size_t k = 0; k < out.captions.size(); ++k) {
            out.captions[k].at =
                QPointF(kMargin + static_cast<double>(k) * (textWidth + kCaptionGap), bottom);
        }
    } else {
        for (std::size_t k = out.captions.size(); k-- > 0;) {
            bottom -= out.captions[k].text.size().height();
            out.captions[k].at = QPointF(kMargin, bottom);
            bottom -= 4;
        }
    }
    prepareRichText(out.counts.text, countsHtml(report, out), fullWidth, style.label,
                    lend ? &previous->counts.text : nullptr);
    out.counts.at = QPointF(kMargin, bottom - 8 - out.counts.text.size().height());
}

// --- Geometry ------------------------------------------------------------------------------

DiagramLayout ParallelismDiagram::layout(const simcore::ParallelismReport& report, QSizeF size,
                                         const DiagramStyle& style, const DiagramLayout* previous)
{
    DiagramLayout out;
    out.size = size;
    out.font = style.label;
    const double W = size.width();
    const QFontMetricsF lm(style.label);
    const QFontMetricsF tm(style.title);
    const double line = lm.height();
    const auto& p = report.layout;
    const bool valid = report.ok();

    out.title = valid ? tr("N = dp × tp × pp = %1 × %2 × %3 = %4 GPU(s) · nodes of %5: %6", nullptr,
                           common::numerus(report.summary.gpus))
                            .arg(p.dp)
                            .arg(p.tp)
                            .arg(p.pp)
                            .arg(count(report.summary.gpus))
                            .arg(p.gpusPerNode)
                            .arg(count(report.summary.nodes))
                      : tr("Parallel layout");
    out.titleRect = QRectF(kMargin, kMargin, std::max(0.0, W - 2 * kMargin), tm.height());
    double y = out.titleRect.bottom() + 8;

    // Legend, flowing over as many rows as needed.
    using Sample = DiagramLayout::Sample;
    const struct {
        Sample sample;
        QString label;
    } legend[] = {
        {Sample::Node,
         tr("Node (%1 links)").arg(common::formatBandwidth(report.nodeLinkBytesPerSecond))},
        {Sample::Tensor, tr("Tensor all-reduce")},
        {Sample::Pipeline, p.virtualStages > 1 && p.pp > 1 ? tr("Pipeline send (also last → first)")
                                                           : tr("Pipeline send")},
        {Sample::Data, tr("Gradient all-reduce")},
        {Sample::Crossing,
         tr("Crosses nodes (%1)").arg(common::formatBandwidth(report.networkBytesPerSecond))}};
    std::vector<double> widths;
    for (const auto& entry : legend) {
        widths.push_back(lm.horizontalAdvance(entry.label) + 1);
    }
    const drawing::LegendFlow flow{kMargin, W - kMargin, 26, 5, 12, 6, line};
    const auto placed = drawing::flowLegend(widths, flow, y);
    for (std::size_t i = 0; i < placed.size(); ++i) {
        out.legend.push_back({legend[i].sample, placed[i].sample, placed[i].text, legend[i].label});
    }
    y += line + 12;

    // Captions and counts at the bottom, the grid between. The counts mention what is drawn,
    // so when the grid comes out abridged it is laid out again with the longer counts. When the
    // grid gets too little height for its boxes to say even their rank (large fonts, a small
    // area), the captions give way to it.
    const double top = y;
    for (const bool captions : {true, false}) {
        double countsTop = 0;
        for (int pass = 0; pass < 2; ++pass) {
            layoutTexts(report, style, previous, captions, out);
            countsTop = out.counts.at.y();
            const double regionBottom = countsTop - 14;
            const QRectF region(kMargin, top, std::max(0.0, W - 2 * kMargin), regionBottom - top);
            const bool wasAbridged = out.isAbridged();
            out.boxes.clear();
            out.links.clear();
            out.nodes.clear();
            out.texts.clear();
            out.ppShown.clear();
            out.dpShown.clear();
            out.tpShown.clear();
            if (!valid) {
                out.texts.push_back({region, describeProblem(report.problems.front()),
                                     Qt::AlignCenter | Qt::TextWordWrap, true, false, true});
                break;
            }
            if (region.height() >= 3 * line && region.width() >= 120) {
                layoutGrid(report, region, style, out);
            }
            if (out.isAbridged() == wasAbridged) {
                break;
            }
        }
        // The final counts (they name what is drawn) stay above the grid's region.
        layoutTexts(report, style, previous, captions, out);
        out.counts.at.setY(std::min(countsTop, out.counts.at.y()));
        const bool readable =
            !valid || (!out.boxes.empty() && std::none_of(out.boxes.begin(), out.boxes.end(),
                                                          [](const DiagramLayout::Box& box) {
                                                              return box.lines.isEmpty();
                                                          }));
        if (readable) {
            break;
        }
    }
    return out;
}

void ParallelismDiagram::layoutGrid(const simcore::ParallelismReport& report, const QRectF& region,
                                    const DiagramStyle& style, DiagramLayout& out)
{
    const QFontMetricsF lm(style.label);
    const double line = lm.height();
    const auto& p = report.layout;
    const std::int64_t gpus = report.summary.gpus;
    double x = 0;
    double y = 0;

    // Headers: stage names above the columns, replica names left of the rows.
    const double headerHeight = 2.5 * line + 8; // the node tags overlap the frames' top edge
    double rowHeaderWidth = std::max({lm.horizontalAdvance(tr("Replica %1").arg(p.dp - 1)),
                                      lm.horizontalAdvance(tr("batch %1/%2").arg(p.dp).arg(p.dp)),
                                      lm.horizontalAdvance(tr("One replica")),
                                      lm.horizontalAdvance(tr("whole batch"))});
    rowHeaderWidth = std::clamp(rowHeaderWidth + 14, 70.0, 190.0);
    const QRectF grid(region.left() + rowHeaderWidth, region.top() + headerHeight,
                      region.width() - rowHeaderWidth, region.height() - headerHeight);

    // How many indices to show: shrink the largest dimension until the boxes are readable and
    // at most kMaxDrawnGpus are drawn. "Readable" first means two lines (GPU and shard); when
    // that leaves few boxes of many, the rank alone is enough (the headers carry the layers and
    // the batch slices, a tooltip the rest) if it shows at least twice as many GPUs.
    struct Choice {
        std::int64_t kp;
        std::int64_t kd;
        std::int64_t kt;
        Fit fit;
    };
    const auto choose = [&](double readableWidth, double readableHeight) {
        Choice c{std::min<std::int64_t>(p.pp, 12),
                 std::min<std::int64_t>(p.dp, 8),
                 std::min<std::int64_t>(p.tp, 8),
                 {}};
        for (;;) {
            const auto ppSlots = static_cast<std::size_t>(c.kp + (c.kp < p.pp ? 1 : 0));
            const auto dpSlots = static_cast<std::size_t>(c.kd + (c.kd < p.dp ? 1 : 0));
            const auto tpSlots = static_cast<std::size_t>(c.kt + (c.kt < p.tp ? 1 : 0));
            c.fit = fit(grid, ppSlots, dpSlots, tpSlots, c.kp < p.pp, c.kd < p.dp);
            const bool readable =
                c.fit.boxWidth >= readableWidth && c.fit.boxHeight >= readableHeight;
            if (readable && c.kp * c.kd * c.kt <= kMaxDrawnGpus) {
                break;
            }
            // Shrink the dimension showing the most indices, the tensor ranks first (the inside
            // of a group matters least to the picture), the stages last (the pipeline's
            // direction).
            struct Dimension {
                std::int64_t* shown;
                std::int64_t size;
                double weight;
            };
            Dimension dims[] = {{&c.kt, p.tp, 2.0}, {&c.kd, p.dp, 1.2}, {&c.kp, p.pp, 1.0}};
            Dimension* pick = nullptr;
            for (auto& d : dims) {
                const bool reducible = *d.shown == d.size ? d.size >= 3 : *d.shown > 2;
                if (reducible &&
                    (pick == nullptr || static_cast<double>(*d.shown) * d.weight >
                                            static_cast<double>(*pick->shown) * pick->weight)) {
                    pick = &d;
                }
            }
            if (pick == nullptr) {
                break;
            }
            *pick->shown = *pick->shown == pick->size ? std::max<std::int64_t>(2, pick->size - 2)
                                                      : *pick->shown - 1;
        }
        return c;
    };
    Choice choice = choose(std::max(lm.horizontalAdvance(tr("GPU %1").arg(gpus - 1)),
                                    lm.horizontalAdvance(tr("shard %1/%2").arg(p.tp).arg(p.tp))) +
                               10,
                           2 * line + 8);
    if (choice.kp * choice.kd * choice.kt < std::min<std::int64_t>(gpus, 16)) {
        const Choice ranksOnly =
            choose(lm.horizontalAdvance(QString::number(gpus - 1)) + 10, line + 8);
        if (ranksOnly.kp * ranksOnly.kd * ranksOnly.kt >= 2 * choice.kp * choice.kd * choice.kt) {
            choice = ranksOnly;
        }
    }
    const Fit chosen = choice.fit;
    out.ppShown = drawing::shownIndices(p.pp, choice.kp);
    out.dpShown = drawing::shownIndices(p.dp, choice.kd);
    out.tpShown = drawing::shownIndices(p.tp, choice.kt);
    const auto& ppShown = out.ppShown;
    const auto& dpShown = out.dpShown;
    const auto& tpShown = out.tpShown;
    const double bw = std::max(4.0, std::floor(chosen.boxWidth));
    const double bh = std::max(4.0, std::floor(chosen.boxHeight));
    const int subColumns = chosen.subColumns;
    const int subRows = chosen.subRows;
    const double cellWidth = subColumns * bw + (subColumns - 1) * kInnerGap;
    const double cellHeight = subRows * bh + (subRows - 1) * kInnerGap;

    // Column and row positions; the grid is centred horizontally.
    std::vector<double> columnX;
    double used = 0;
    for (std::size_t k = 0; k < ppShown.size(); ++k) {
        used += (ppShown[k] == drawing::kGap ? kGapColumn : cellWidth) + (k > 0 ? kColumnGap : 0.0);
    }
    x = grid.left() + std::max(0.0, (grid.width() - used) / 2);
    for (std::size_t k = 0; k < ppShown.size(); ++k) {
        columnX.push_back(x);
        x += (ppShown[k] == drawing::kGap ? kGapColumn : cellWidth) + kColumnGap;
    }
    std::vector<double> rowY;
    y = grid.top();
    for (std::size_t k = 0; k < dpShown.size(); ++k) {
        rowY.push_back(y);
        y += (dpShown[k] == drawing::kGap ? kGapRow : cellHeight) + kRowGap;
    }
    const double gridBottom = y - kRowGap;

    // Boxes, indexed by (column, row, tensor slot); their roles in the report's terms.
    const std::size_t nc = ppShown.size();
    const std::size_t nr = dpShown.size();
    const std::size_t nt = tpShown.size();
    std::vector<int> boxAt(nc * nr * nt, -1);
    std::vector<simcore::GpuRole> roles;
    const auto at = [&](std::size_t c, std::size_t r, std::size_t t) -> int& {
        return boxAt[(c * nr + r) * nt + t];
    };
    const auto slotRect = [&](std::size_t c, std::size_t r, std::size_t t) {
        const auto sc = static_cast<double>(t % static_cast<std::size_t>(subColumns));
        const auto sr = static_cast<double>(t / static_cast<std::size_t>(subColumns));
        return QRectF(columnX[c] + sc * (bw + kInnerGap), rowY[r] + sr * (bh + kInnerGap), bw, bh);
    };
    std::vector<QRectF> gapSlots; // tensor-rank ellipsis placed
    for (std::size_t c = 0; c < nc; ++c) {
        if (ppShown[c] == drawing::kGap) {
            continue;
        }
        for (std::size_t r = 0; r < nr; ++r) {
            if (dpShown[r] == drawing::kGap) {
                continue;
            }
            for (std::size_t t = 0; t < nt; ++t) {
                if (tpShown[t] == drawing::kGap) {
                    gapSlots.push_back(slotRect(c, r, t));
                    continue;
                }
                const std::int64_t rank = simcore::rankOf(p, dpShown[r], tpShown[t], ppShown[c]);
                at(c, r, t) = static_cast<int>(out.boxes.size());
                out.boxes.push_back({rank, slotRect(c, r, t), {}});
                roles.push_back(simcore::gpuRole(report, rank));
            }
        }
    }
    const auto role = [&](std::size_t c, std::size_t r, std::size_t t) -> const simcore::GpuRole& {
        return roles[static_cast<std::size_t>(at(c, r, t))];
    };

    // What the boxes say: as much as fits in every box.
    int level = -1;
    for (int candidate = 2; candidate >= 0; --candidate) {
        double widest = 0;
        for (const auto& box : out.boxes) {
            for (const QString& text : boxLines(report, box.rank, candidate)) {
                widest = std::max(widest, lm.horizontalAdvance(text));
            }
        }
        const int lines = candidate == 2 ? 4 : candidate == 1 ? 2 : 1;
        if (widest + 8 <= bw && lines * line + 4 <= bh) {
            level = candidate;
            break;
        }
    }
    for (auto& box : out.boxes) {
        box.lines = boxLines(report, box.rank, level);
    }
    const std::int64_t hiddenShards = p.tp - (static_cast<std::int64_t>(nt) - 1);
    for (const QRectF& gap : gapSlots) {
        out.texts.push_back({gap, tr("… +%1").arg(hiddenShards), Qt::AlignCenter, false, true});
    }

    // Headers. A stage's text is centred over its column in a rectangle reaching halfway into
    // the gaps beside it; one too wide for that (many chunks' layer ranges), or for the space
    // left of the diagram's edge, is elided rather than run into its neighbours or off the edge.
    QFont boldFont = style.label;
    boldFont.setBold(true);
    const QFontMetricsF bm(boldFont);
    const auto fitted = [W = out.size.width()](const QFontMetricsF& metrics, const QString& text,
                                               const QRectF& rect) {
        const double room =
            2 * std::min({rect.width() / 2, rect.center().x(), W - rect.center().x()});
        return metrics.horizontalAdvance(text) <= room
                   ? text
                   : metrics.elidedText(text, Qt::ElideRight, std::max(0.0, room));
    };
    for (std::size_t c = 0; c < nc; ++c) {
        const double w = ppShown[c] == drawing::kGap ? kGapColumn : cellWidth;
        const QRectF first(columnX[c] - kColumnGap / 2 + 2, region.top(), w + kColumnGap - 4, line);
        const QRectF second = first.translated(0, line);
        if (ppShown[c] == drawing::kGap) {
            const std::int64_t hidden = p.pp - (static_cast<std::int64_t>(nc) - 1);
            out.texts.push_back({first, QStringLiteral("…"), Qt::AlignCenter, true, true});
            out.texts.push_back({second, tr("+%1").arg(hidden), Qt::AlignCenter, false, true});
            if (std::find(dpShown.begin(), dpShown.end(), drawing::kGap) == dpShown.end()) {
                out.texts.push_back({QRectF(columnX[c], grid.top(), w, gridBottom - grid.top()),
                                     QStringLiteral("…"), Qt::AlignCenter, true, true});
            } else {
                // The replicas are elided too: their "… more replicas …" line crosses the
                // column, so the column's ellipsis goes in each row drawn.
                for (std::size_t r = 0; r < nr; ++r) {
                    if (dpShown[r] != drawing::kGap) {
                        out.texts.push_back({QRectF(columnX[c], rowY[r], w, cellHeight),
                                             QStringLiteral("…"), Qt::AlignCenter, true, true});
                    }
                }
            }
            continue;
        }
        out.texts.push_back(
            {first, fitted(bm, p.pp > 1 ? tr("Stage %1").arg(ppShown[c]) : tr("One stage"), first),
             Qt::AlignCenter, true, false});
        out.texts.push_back({second, fitted(lm, layersText(report, ppShown[c]), second),
                             Qt::AlignCenter, false, false});
    }
    for (std::size_t r = 0; r < nr; ++r) {
        if (dpShown[r] == drawing::kGap) {
            const std::int64_t hidden = p.dp - (static_cast<std::int64_t>(nr) - 1);
            out.texts.push_back({QRectF(region.left(), rowY[r], region.width(), kGapRow),
                                 tr("… %1 more replicas …").arg(count(hidden)), Qt::AlignCenter,
                                 false, true});
            continue;
        }
        const double middle = rowY[r] + cellHeight / 2;
        const QRectF first(columnX.front() - rowHeaderWidth, middle - line, rowHeaderWidth - 10,
                           line);
        out.texts.push_back({first, p.dp > 1 ? tr("Replica %1").arg(dpShown[r]) : tr("One replica"),
                             Qt::AlignRight | Qt::AlignVCenter, true, false});
        out.texts.push_back(
            {first.translated(0, line),
             p.dp > 1 ? tr("batch %1/%2").arg(dpShown[r] + 1).arg(p.dp) : tr("whole batch"),
             Qt::AlignRight | Qt::AlignVCenter, false, false});
    }

    // Links. Tensor groups: an outline around each cell.
    using LinkKind = DiagramLayout::LinkKind;
    for (std::size_t c = 0; c < nc && p.tp > 1; ++c) {
        for (std::size_t r = 0; r < nr; ++r) {
            if (ppShown[c] == drawing::kGap || dpShown[r] == drawing::kGap) {
                continue;
            }
            QRectF cell;
            bool crossing = false;
            for (std::size_t t = 0; t < nt; ++t) {
                cell = cell.united(slotRect(c, r, t));
                if (at(c, r, t) >= 0) {
                    crossing = role(c, r, t).tensorGroupCrossesNode;
                }
            }
            DiagramLayout::Link link;
            link.kind = LinkKind::Tensor;
            link.path.addRoundedRect(
                cell.adjusted(-kTensorPad, -kTensorPad, kTensorPad, kTensorPad), 5, 5);
            link.crossing = crossing;
            out.links.push_back(link);
        }
    }
    // Pipeline: one double arrow per sub-row between consecutive shown stages.
    for (std::size_t r = 0; r < nr && p.pp > 1; ++r) {
        if (dpShown[r] == drawing::kGap) {
            continue;
        }
        std::size_t previous = nc;
        for (std::size_t c = 0; c < nc; ++c) {
            if (ppShown[c] == drawing::kGap) {
                continue;
            }
            if (previous < nc) {
                for (int sr = 0; sr < subRows; ++sr) {
                    bool any = false;
                    bool crossing = false;
                    for (int sc = 0; sc < subColumns; ++sc) {
                        const auto t = static_cast<std::size_t>(sr * subColumns + sc);
                        if (t >= nt || at(c, r, t) < 0 || at(previous, r, t) < 0) {
                            continue;
                        }
                        any = true;
                        crossing =
                            crossing || role(previous, r, t).place.node != role(c, r, t).place.node;
                    }
                    if (!any) {
                        continue;
                    }
                    const double yMid = rowY[r] + sr * (bh + kInnerGap) + bh / 2;
                    DiagramLayout::Link link;
                    link.kind = LinkKind::Pipeline;
                    link.from = QPointF(columnX[previous] + cellWidth + kNodePad + 2, yMid);
                    link.to = QPointF(columnX[c] - kNodePad - 2, yMid);
                    link.path.moveTo(link.from);
                    link.path.lineTo(link.to);
                    link.crossing = crossing;
                    out.links.push_back(link);
                }
            }
            previous = c;
        }
    }
    // Data parallel: the same (stage, shard) in consecutive shown replicas.
    for (std::size_t c = 0; c < nc && p.dp > 1; ++c) {
        for (std::size_t t = 0; t < nt; ++t) {
            std::size_t previous = nr;
            for (std::size_t r = 0; r < nr; ++r) {
                if (at(c, r, t) < 0) {
                    continue;
                }
                if (previous < nr) {
                    const auto& a = out.boxes[static_cast<std::size_t>(at(c, previous, t))];
                    const auto& b = out.boxes[static_cast<std::size_t>(at(c, r, t))];
                    DiagramLayout::Link link;
                    link.kind = LinkKind::Data;
                    link.from = QPointF(a.rect.center().x(), a.rect.bottom());
                    link.to = QPointF(b.rect.center().x(), b.rect.top());
                    link.path.moveTo(link.from);
                    link.path.lineTo(link.to);
                    link.crossing = role(c, previous, t).place.node != role(c, r, t).place.node;
                    out.links.push_back(link);
                }
                previous = r;
            }
        }
    }

    // Node frames: per column, the boxes of each node as horizontal slabs (one per line of
    // boxes), joined where consecutive slabs overlap horizontally.
    const double tagHeight = line;
    QFont tagFont = style.label;
    tagFont.setBold(true);
    const QFontMetricsF tagMetrics(tagFont);
    for (std::size_t c = 0; c < nc; ++c) {
        if (ppShown[c] == drawing::kGap) {
            continue;
        }
        // node → slabs in drawing order
        std::map<std::int64_t, std::vector<QRectF>> slabs;
        for (std::size_t r = 0; r < nr; ++r) {
            for (int sr = 0; sr < subRows; ++sr) {
                std::map<std::int64_t, QRectF> lineSlabs;
                for (int sc = 0; sc < subColumns; ++sc) {
                    const auto t = static_cast<std::size_t>(sr * subColumns + sc);
                    if (t >= nt || at(c, r, t) < 0) {
                        continue;
                    }
                    const auto& box = out.boxes[static_cast<std::size_t>(at(c, r, t))];
                    QRectF& slab = lineSlabs[role(c, r, t).place.node];
                    slab = slab.isNull() ? box.rect : slab.united(box.rect);
                }
                for (const auto& [n, slab] : lineSlabs) {
                    slabs[n].push_back(slab.adjusted(-kNodePad, -kNodePad, kNodePad, kNodePad));
                }
            }
        }
        for (const auto& [n, pieces] : slabs) {
            QPainterPath path;
            path.setFillRule(Qt::WindingFill);
            for (std::size_t k = 0; k < pieces.size(); ++k) {
                path.addRect(pieces[k]);
                if (k + 1 < pieces.size()) {
                    const double left = std::max(pieces[k].left(), pieces[k + 1].left());
                    const double right = std::min(pieces[k].right(), pieces[k + 1].right());
                    if (right > left) {
                        path.addRect(QRectF(left, pieces[k].bottom() - 1, right - left,
                                            pieces[k + 1].top() - pieces[k].bottom() + 2));
                    }
                }
            }
            DiagramLayout::NodeFrame frame;
            frame.outline = path.simplified();
            frame.label = tr("node %1").arg(n);
            const double tagWidth = tagMetrics.horizontalAdvance(frame.label) + 10;
            frame.tag = QRectF(pieces.front().left() + 6, pieces.front().top() - tagHeight / 2 - 2,
                               std::min(tagWidth, pieces.front().width() - 8), tagHeight);
            out.nodes.push_back(frame);
        }
    }
}

} // namespace dtsim::ui
