#include "ui/panels/parallelism/parallelismdiagram.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/pipeline.h"
#include "ui/kit/chartupdate.h"
#include "ui/kit/drawing.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QTextDocument>
#include <QToolTip>
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

// Okabe–Ito colours for the three collectives and the slow-link mark (ui/chartstyle.h).
const QColor kTensorColour = chartstyle::kCompute;   // blue
const QColor kPipelineColour{0xE6, 0x9F, 0x00};      // orange
const QColor kDataColour = chartstyle::kOptimum;     // bluish green
const QColor kCrossingColour{0xD5, 0x5E, 0x00, 150}; // vermillion halo

QString count(std::int64_t value)
{
    return QLocale().toString(static_cast<qlonglong>(value));
}

QString spanText(const simcore::LayerSpan& span, bool forCsv)
{
    if (span.count() <= 0) {
        return QStringLiteral("-");
    }
    if (span.first == span.last) {
        return QString::number(span.first);
    }
    return QStringLiteral("%1%2%3")
        .arg(span.first)
        .arg(forCsv ? QStringLiteral("-") : QStringLiteral("–"))
        .arg(span.last);
}

} // namespace

ParallelismDiagram::ParallelismDiagram(QWidget* parent) : PaintedChartArea(parent)
{
    setMouseTracking(false);
    setAccessibleName(tr("Parallelism diagram"));
    showScenario(simcore::Scenario{});
}

QSize ParallelismDiagram::sizeHint() const
{
    return {900, 620};
}

QSize ParallelismDiagram::minimumSizeHint() const
{
    return {420, 320};
}

void ParallelismDiagram::showScenario(const simcore::Scenario& scenario)
{
    m_scenario = scenario;
    m_params = simcore::layoutParamsFromScenario(scenario);
    m_valid = true;
    m_problem.clear();
    if (auto error = simcore::checkLayout(m_params)) {
        m_valid = false;
        m_problem = common::describeError(*error);
    }
    m_summary = m_valid ? simcore::summarizeLayout(m_params) : simcore::LayoutSummary{};

    // The bubble for the pipeline caption, from the simulated schedule (the operation list is
    // not needed). Very large pipelines are left to the Pipeline view.
    m_bubbleFraction = -1;
    auto pipeline = simcore::pipelineParamsFromScenario(scenario);
    pipeline.recordOperations = false;
    if (pipeline.stages > 1 && pipeline.microbatches >= 1 && pipeline.virtualStages >= 1 &&
        pipeline.stages * pipeline.virtualStages <= (std::int64_t{1} << 20) / 2 &&
        pipeline.microbatches <=
            (std::int64_t{1} << 20) / (2 * pipeline.stages * pipeline.virtualStages)) {
        const auto result = simcore::simulatePipeline(pipeline);
        if (result.ok()) {
            m_bubbleFraction = result.bubbleFraction;
        }
    }
    setAccessibleDescription(summary());
    invalidate();
}

void ParallelismDiagram::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        setAccessibleDescription(summary());
        invalidate();
    }
    PaintedChartArea::changeEvent(event); // font, palette: laid out again
}

// --- Texts ---------------------------------------------------------------------------------

QString ParallelismDiagram::layersText(std::int64_t ppIndex) const
{
    const auto spans = simcore::pipelineRankLayers(m_params, ppIndex);
    QStringList parts;
    for (std::size_t k = 0; k < spans.size() && k < 2; ++k) {
        parts << spanText(spans[k], false);
    }
    if (spans.size() > 2) {
        //: more layer ranges of an interleaved pipeline stage follow
        parts << tr("+%1 more").arg(spans.size() - 2);
    }
    return tr("layers %1").arg(parts.join(QStringLiteral(", ")));
}

QStringList ParallelismDiagram::boxLines(std::int64_t rank, int level) const
{
    const auto c = simcore::coordinatesOf(m_params, rank);
    const QString gpu = tr("GPU %1").arg(rank);
    const QString shard =
        m_params.tp > 1 ? tr("shard %1/%2").arg(c.tp + 1).arg(m_params.tp) : tr("all weights");
    const QString batch =
        m_params.dp > 1 ? tr("batch %1/%2").arg(c.dp + 1).arg(m_params.dp) : tr("whole batch");
    switch (level) {
    case 2:
        return {gpu, layersText(c.pp), shard, batch};
    case 1:
        return {gpu, m_params.tp > 1 ? shard : layersText(c.pp)};
    case 0:
        return {QString::number(rank)};
    default:
        return {};
    }
}

QString ParallelismDiagram::shownList(const std::vector<std::int64_t>& shown) const
{
    QStringList parts;
    for (auto index : shown) {
        parts << (index == drawing::kGap ? QStringLiteral("…") : QString::number(index));
    }
    return parts.join(QStringLiteral(" "));
}

QString ParallelismDiagram::captionText() const
{
    ensureGeometry();
    QString text;
    for (const auto& caption : m_captions) {
        QTextDocument document;
        document.setHtml(caption.text());
        text += document.toPlainText() + QLatin1Char('\n');
    }
    return text.trimmed();
}

namespace {
/// Prepares `slot` for the rich text `html` at `width`, unless it holds exactly that already:
/// laying rich text out is most of what the diagram's texts cost, and an edit of dp, tp or pp
/// changes one caption of three.
void prepareRichText(QStaticText& slot, const QString& html, double width, const QFont& font)
{
    if (slot.textFormat() == Qt::RichText && slot.textWidth() == width && slot.text() == html) {
        return;
    }
    slot = QStaticText(html);
    slot.setTextFormat(Qt::RichText);
    slot.setTextWidth(width);
    slot.prepare(QTransform(), font);
}
} // namespace

void ParallelismDiagram::buildTexts()
{
    const auto& p = m_params;
    const QString muted = drawing::mutedText().name();
    const auto paragraph = [&muted](bool active, const QString& html) {
        return active ? html
                      : QStringLiteral("<span style=\"color:%1\">%2</span>").arg(muted, html);
    };
    const QString schedule = m_scenario.parallel.schedule == simcore::PipelineSchedule::GPipe
                                 ? tr("GPipe")
                             : m_scenario.parallel.schedule == simcore::PipelineSchedule::OneFOneB
                                 ? tr("1F1B")
                                 : tr("interleaved 1F1B");

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
    const QString bubble = m_bubbleFraction >= 0 ? common::formatPercent(m_bubbleFraction)
                                                 : tr("a share (see the Pipeline view)");
    const std::int64_t stageLayers =
        p.pp >= 1 ? simcore::virtualStageLayers({1, 1, p.pp, 1, p.layers, 1}, 0).count() : 0;
    captions << paragraph(
        p.pp > 1, p.pp > 1
                      ? tr("<b>Pipeline parallelism</b> (pp = %1) removes the <b>memory limit of "
                           "the weights</b>: each GPU holds ≈ %2 of the %3 layers. Cost: the "
                           "bubble, %4 of the step idle (%5, m = %6), and sends between stages.")
                            .arg(p.pp)
                            .arg(stageLayers)
                            .arg(p.layers)
                            .arg(bubble, schedule)
                            .arg(m_scenario.parallel.microbatches)
                      : tr("<b>Pipeline parallelism</b> is off (pp = 1): it would split the "
                           "layers into stages."));

    // Three columns side by side when there is room, one paragraph each; else stacked.
    const QFont font = chartstyle::labelFont();
    const double fullWidth = std::max(100.0, width() - 2 * kMargin);
    const bool columns = fullWidth >= 600;
    const double textWidth = columns ? (fullWidth - 2 * kCaptionGap) / 3 : fullWidth;
    if (font != m_textFont) { // prepared texts keep the font they were laid out in
        m_textFont = font;
        m_captions.clear();
        m_counts = QStaticText();
    }
    m_captions.resize(static_cast<std::size_t>(captions.size()));
    for (qsizetype i = 0; i < captions.size(); ++i) {
        prepareRichText(m_captions[static_cast<std::size_t>(i)], captions[i], textWidth, font);
    }
    m_captionColumns = columns;

    const auto crossing = [](std::int64_t crossed, std::int64_t of) {
        return crossed == 0 ? tr("none crosses a node")
                            : tr("<b>%1 of %2 cross a node</b>").arg(count(crossed), count(of));
    };
    const auto& s = m_summary;
    QString counts =
        tr("Tensor groups %1 × %2 GPUs: %3. Pipelines %4 × %5 stages: sends %6. Data-parallel "
           "groups %7 × %8: %9. Megatron-LM rank order: tensor innermost, then replicas, then "
           "stages.")
            .arg(count(s.tensor.count), count(s.tensor.size),
                 crossing(s.tensor.crossingNodes, s.tensor.count), count(s.pipeline.count),
                 count(s.pipeline.size),
                 s.pipeline.hops == 0 ? tr("none")
                                      : crossing(s.pipeline.crossingHops, s.pipeline.hops),
                 count(s.data.count), count(s.data.size),
                 crossing(s.data.crossingNodes, s.data.count));
    if (isAbridged()) {
        counts += QLatin1Char(' ') +
                  tr("<i>Drawn: %1 of %2 GPUs (stages %3; replicas %4; tensor ranks %5); hover "
                     "a GPU for details.</i>")
                      .arg(count(static_cast<std::int64_t>(m_boxes.size())), count(s.gpus),
                           shownList(m_ppShown), shownList(m_dpShown), shownList(m_tpShown));
    }
    if (!m_valid) {
        counts.clear(); // nothing to count until the layout can be drawn
    }
    prepareRichText(m_counts, counts, fullWidth, font);
}

// --- Geometry ------------------------------------------------------------------------------

ParallelismDiagram::Fit ParallelismDiagram::fit(const QRectF& grid, std::size_t ppSlots,
                                                std::size_t dpSlots, std::size_t tpSlots,
                                                bool ppEllipsis, bool dpEllipsis) const
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

void ParallelismDiagram::buildGeometry()
{
    m_boxes.clear();
    m_boxText.clear();
    m_gapBoxes.clear();
    m_links.clear();
    m_nodes.clear();
    m_texts.clear();
    m_legend.clear();
    m_ppShown.clear();
    m_dpShown.clear();
    m_tpShown.clear();

    const double W = width();
    const double H = height();
    const QFont labelFont = chartstyle::labelFont();
    const QFont titleFont = chartstyle::titleFont();
    const QFontMetricsF lm(labelFont);
    const QFontMetricsF tm(titleFont);
    const double line = lm.height();
    const auto& p = m_params;

    // Title.
    m_title = m_valid ? tr("N = dp × tp × pp = %1 × %2 × %3 = %4 GPUs · nodes of %5: %6")
                            .arg(p.dp)
                            .arg(p.tp)
                            .arg(p.pp)
                            .arg(count(m_summary.gpus))
                            .arg(p.gpusPerNode)
                            .arg(count(m_summary.nodes))
                      : tr("Parallel layout");
    m_titleRect = QRectF(kMargin, kMargin, std::max(0.0, W - 2 * kMargin), tm.height());
    double y = m_titleRect.bottom() + 8;

    // Legend, flowing over as many rows as needed.
    const QString intra = common::formatBandwidth(m_scenario.hardware.intraBandwidthBytesPerSecond);
    const QString inter = common::formatBandwidth(m_scenario.hardware.interBandwidthBytesPerSecond);
    const QStringList labels = {tr("Node (%1 links)").arg(intra), tr("Tensor all-reduce"),
                                p.virtualStages > 1 && p.pp > 1
                                    ? tr("Pipeline send (also last → first)")
                                    : tr("Pipeline send"),
                                tr("Gradient all-reduce"), tr("Crosses nodes (%1)").arg(inter)};
    const double sampleWidth = 26;
    double x = kMargin;
    for (int kind = 0; kind < labels.size(); ++kind) {
        const double textWidth = lm.horizontalAdvance(labels[kind]) + 1;
        const double itemWidth = sampleWidth + 5 + textWidth + 12;
        if (x > kMargin && x + itemWidth - 12 > W - kMargin) {
            x = kMargin;
            y += line + 6;
        }
        m_legend.push_back({kind, QRectF(x, y, sampleWidth, line),
                            QRectF(x + sampleWidth + 5, y, textWidth, line), labels[kind]});
        x += itemWidth;
    }
    m_legendRect = QRectF(kMargin, m_titleRect.bottom() + 8, W - 2 * kMargin,
                          y + line - m_titleRect.bottom() - 8);
    y += line + 12;

    // Captions and counts at the bottom, the grid between. The counts mention what is drawn,
    // so when the grid comes out abridged it is laid out again with the longer counts.
    const double top = y;
    for (int pass = 0; pass < 2; ++pass) {
        buildTexts();
        double bottom = H - kMargin;
        m_captionsAt.assign(m_captions.size(), QPointF());
        if (m_captionColumns) {
            double tallest = 0;
            for (const auto& caption : m_captions) {
                tallest = std::max(tallest, caption.size().height());
            }
            bottom -= tallest;
            for (std::size_t k = 0; k < m_captions.size(); ++k) {
                m_captionsAt[k] = QPointF(kMargin + static_cast<double>(k) *
                                                        (m_captions[k].textWidth() + kCaptionGap),
                                          bottom);
            }
        } else {
            for (std::size_t k = m_captions.size(); k-- > 0;) {
                bottom -= m_captions[k].size().height();
                m_captionsAt[k] = QPointF(kMargin, bottom);
                bottom -= 4;
            }
        }
        bottom -= 8;
        m_countsAt = QPointF(kMargin, bottom - m_counts.size().height());
        const double regionBottom = m_countsAt.y() - 14;
        const QRectF region(kMargin, top, std::max(0.0, W - 2 * kMargin), regionBottom - top);
        const bool wasAbridged = isAbridged();
        m_boxes.clear();
        m_boxText.clear();
        m_gapBoxes.clear();
        m_links.clear();
        m_nodes.clear();
        m_texts.clear();
        m_ppShown.clear();
        m_dpShown.clear();
        m_tpShown.clear();
        if (!m_valid) {
            m_texts.push_back({region, m_problem, Qt::AlignCenter | Qt::TextWordWrap, true, false});
            break;
        }
        if (region.height() >= 3 * line && region.width() >= 120) {
            layoutGrid(region);
        }
        if (isAbridged() == wasAbridged) {
            break;
        }
    }
    buildTexts();
    m_countsAt.setY(m_captionsAt.empty() ? H - kMargin - m_counts.size().height()
                                         : std::min(m_countsAt.y(), m_captionsAt.front().y() - 8 -
                                                                        m_counts.size().height()));
}

void ParallelismDiagram::layoutGrid(const QRectF& region)
{
    const QFont labelFont = chartstyle::labelFont();
    const QFontMetricsF lm(labelFont);
    const double line = lm.height();
    const auto& p = m_params;
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
    const QFontMetricsF& metrics = lm;
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
    Choice choice =
        choose(std::max(metrics.horizontalAdvance(tr("GPU %1").arg(m_summary.gpus - 1)),
                        metrics.horizontalAdvance(tr("shard %1/%2").arg(p.tp).arg(p.tp))) +
                   10,
               2 * line + 8);
    if (choice.kp * choice.kd * choice.kt < std::min<std::int64_t>(m_summary.gpus, 16)) {
        const Choice ranksOnly =
            choose(metrics.horizontalAdvance(QString::number(m_summary.gpus - 1)) + 10, line + 8);
        if (ranksOnly.kp * ranksOnly.kd * ranksOnly.kt >= 2 * choice.kp * choice.kd * choice.kt) {
            choice = ranksOnly;
        }
    }
    const std::int64_t kp = choice.kp;
    const std::int64_t kd = choice.kd;
    const std::int64_t kt = choice.kt;
    const Fit chosen = choice.fit;
    m_ppShown = drawing::shownIndices(p.pp, kp);
    m_dpShown = drawing::shownIndices(p.dp, kd);
    m_tpShown = drawing::shownIndices(p.tp, kt);
    const double bw = std::max(4.0, std::floor(chosen.boxWidth));
    const double bh = std::max(4.0, std::floor(chosen.boxHeight));
    const int subColumns = chosen.subColumns;
    const int subRows = chosen.subRows;
    const double cellWidth = subColumns * bw + (subColumns - 1) * kInnerGap;
    const double cellHeight = subRows * bh + (subRows - 1) * kInnerGap;

    // Column and row positions; the grid is centred horizontally.
    std::vector<double> columnX;
    double used = 0;
    for (std::size_t k = 0; k < m_ppShown.size(); ++k) {
        used +=
            (m_ppShown[k] == drawing::kGap ? kGapColumn : cellWidth) + (k > 0 ? kColumnGap : 0.0);
    }
    x = grid.left() + std::max(0.0, (grid.width() - used) / 2);
    for (std::size_t k = 0; k < m_ppShown.size(); ++k) {
        columnX.push_back(x);
        x += (m_ppShown[k] == drawing::kGap ? kGapColumn : cellWidth) + kColumnGap;
    }
    std::vector<double> rowY;
    y = grid.top();
    for (std::size_t k = 0; k < m_dpShown.size(); ++k) {
        rowY.push_back(y);
        y += (m_dpShown[k] == drawing::kGap ? kGapRow : cellHeight) + kRowGap;
    }
    const double gridBottom = y - kRowGap;

    // Boxes, indexed by (column, row, tensor slot).
    const std::size_t nc = m_ppShown.size();
    const std::size_t nr = m_dpShown.size();
    const std::size_t nt = m_tpShown.size();
    std::vector<int> boxAt(nc * nr * nt, -1);
    const auto at = [&](std::size_t c, std::size_t r, std::size_t t) -> int& {
        return boxAt[(c * nr + r) * nt + t];
    };
    const auto slotRect = [&](std::size_t c, std::size_t r, std::size_t t) {
        const auto sc = static_cast<double>(t % static_cast<std::size_t>(subColumns));
        const auto sr = static_cast<double>(t / static_cast<std::size_t>(subColumns));
        return QRectF(columnX[c] + sc * (bw + kInnerGap), rowY[r] + sr * (bh + kInnerGap), bw, bh);
    };
    for (std::size_t c = 0; c < nc; ++c) {
        if (m_ppShown[c] == drawing::kGap) {
            continue;
        }
        for (std::size_t r = 0; r < nr; ++r) {
            if (m_dpShown[r] == drawing::kGap) {
                continue;
            }
            for (std::size_t t = 0; t < nt; ++t) {
                if (m_tpShown[t] == drawing::kGap) {
                    m_gapBoxes.push_back(slotRect(c, r, t));
                    continue;
                }
                const std::int64_t rank =
                    simcore::rankOf(p, m_dpShown[r], m_tpShown[t], m_ppShown[c]);
                at(c, r, t) = static_cast<int>(m_boxes.size());
                m_boxes.push_back({rank, slotRect(c, r, t)});
            }
        }
    }

    // What the boxes say: as much as fits in every box.
    m_boxLevel = -1;
    for (int level = 2; level >= 0; --level) {
        double widest = 0;
        for (const auto& box : m_boxes) {
            for (const QString& text : boxLines(box.rank, level)) {
                widest = std::max(widest, lm.horizontalAdvance(text));
            }
        }
        const int lines = level == 2 ? 4 : level == 1 ? 2 : 1;
        if (widest + 8 <= bw && lines * line + 4 <= bh) {
            m_boxLevel = level;
            break;
        }
    }
    for (const auto& box : m_boxes) {
        m_boxText.push_back(boxLines(box.rank, m_boxLevel));
    }
    for (const QRectF& gap : m_gapBoxes) {
        const std::int64_t hidden = p.tp - (static_cast<std::int64_t>(nt) - 1);
        m_texts.push_back({gap, tr("… +%1").arg(hidden), Qt::AlignCenter, false, true});
    }

    // Headers.
    for (std::size_t c = 0; c < nc; ++c) {
        const double w = m_ppShown[c] == drawing::kGap ? kGapColumn : cellWidth;
        const QRectF first(columnX[c] - kColumnGap / 2 + 2, region.top(), w + kColumnGap - 4, line);
        const QRectF second = first.translated(0, line);
        if (m_ppShown[c] == drawing::kGap) {
            const std::int64_t hidden = p.pp - (static_cast<std::int64_t>(nc) - 1);
            m_texts.push_back({first, QStringLiteral("…"), Qt::AlignCenter, true, true});
            m_texts.push_back({second, tr("+%1").arg(hidden), Qt::AlignCenter, false, true});
            m_texts.push_back({QRectF(columnX[c], grid.top(), w, gridBottom - grid.top()),
                               QStringLiteral("…"), Qt::AlignCenter, true, true});
            continue;
        }
        m_texts.push_back({first, p.pp > 1 ? tr("Stage %1").arg(m_ppShown[c]) : tr("One stage"),
                           Qt::AlignCenter, true, false});
        m_texts.push_back({second, layersText(m_ppShown[c]), Qt::AlignCenter, false, false});
    }
    for (std::size_t r = 0; r < nr; ++r) {
        if (m_dpShown[r] == drawing::kGap) {
            const std::int64_t hidden = p.dp - (static_cast<std::int64_t>(nr) - 1);
            m_texts.push_back({QRectF(region.left(), rowY[r], region.width(), kGapRow),
                               tr("… %1 more replicas …").arg(count(hidden)), Qt::AlignCenter,
                               false, true});
            continue;
        }
        const double middle = rowY[r] + cellHeight / 2;
        const QRectF first(columnX.front() - rowHeaderWidth, middle - line, rowHeaderWidth - 10,
                           line);
        m_texts.push_back({first, p.dp > 1 ? tr("Replica %1").arg(m_dpShown[r]) : tr("One replica"),
                           Qt::AlignRight | Qt::AlignVCenter, true, false});
        m_texts.push_back(
            {first.translated(0, line),
             p.dp > 1 ? tr("batch %1/%2").arg(m_dpShown[r] + 1).arg(p.dp) : tr("whole batch"),
             Qt::AlignRight | Qt::AlignVCenter, false, false});
    }

    // Links. Tensor groups: an outline around each cell.
    const auto node = [&](std::int64_t rank) { return simcore::nodeOf(p, rank); };
    for (std::size_t c = 0; c < nc && p.tp > 1; ++c) {
        for (std::size_t r = 0; r < nr; ++r) {
            if (m_ppShown[c] == drawing::kGap || m_dpShown[r] == drawing::kGap) {
                continue;
            }
            QRectF cell;
            std::int64_t anyRank = -1;
            for (std::size_t t = 0; t < nt; ++t) {
                cell = cell.united(slotRect(c, r, t));
                if (at(c, r, t) >= 0) {
                    anyRank = m_boxes[static_cast<std::size_t>(at(c, r, t))].rank;
                }
            }
            Link link;
            link.kind = LinkKind::Tensor;
            link.path.addRoundedRect(
                cell.adjusted(-kTensorPad, -kTensorPad, kTensorPad, kTensorPad), 5, 5);
            link.crossing =
                anyRank >= 0 &&
                simcore::crossesNodes(p, simcore::groupOf(p, simcore::GroupKind::Tensor, anyRank));
            m_links.push_back(link);
        }
    }
    // Pipeline: one double arrow per sub-row between consecutive shown stages.
    for (std::size_t r = 0; r < nr && p.pp > 1; ++r) {
        if (m_dpShown[r] == drawing::kGap) {
            continue;
        }
        std::size_t previous = nc;
        for (std::size_t c = 0; c < nc; ++c) {
            if (m_ppShown[c] == drawing::kGap) {
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
                            crossing ||
                            node(m_boxes[static_cast<std::size_t>(at(previous, r, t))].rank) !=
                                node(m_boxes[static_cast<std::size_t>(at(c, r, t))].rank);
                    }
                    if (!any) {
                        continue;
                    }
                    const double yMid = rowY[r] + sr * (bh + kInnerGap) + bh / 2;
                    Link link;
                    link.kind = LinkKind::Pipeline;
                    link.from = QPointF(columnX[previous] + cellWidth + kNodePad + 2, yMid);
                    link.to = QPointF(columnX[c] - kNodePad - 2, yMid);
                    link.path.moveTo(link.from);
                    link.path.lineTo(link.to);
                    link.crossing = crossing;
                    m_links.push_back(link);
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
                    const Box& a = m_boxes[static_cast<std::size_t>(at(c, previous, t))];
                    const Box& b = m_boxes[static_cast<std::size_t>(at(c, r, t))];
                    Link link;
                    link.kind = LinkKind::Data;
                    link.from = QPointF(a.rect.center().x(), a.rect.bottom());
                    link.to = QPointF(b.rect.center().x(), b.rect.top());
                    link.path.moveTo(link.from);
                    link.path.lineTo(link.to);
                    link.crossing = node(a.rank) != node(b.rank);
                    m_links.push_back(link);
                }
                previous = r;
            }
        }
    }

    // Node frames: per column, the boxes of each node as horizontal slabs (one per line of
    // boxes), joined where consecutive slabs overlap horizontally.
    const double tagHeight = line;
    QFont tagFont = labelFont;
    tagFont.setBold(true);
    const QFontMetricsF tagMetrics(tagFont);
    for (std::size_t c = 0; c < nc; ++c) {
        if (m_ppShown[c] == drawing::kGap) {
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
                    const Box& box = m_boxes[static_cast<std::size_t>(at(c, r, t))];
                    QRectF& slab = lineSlabs[node(box.rank)];
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
            NodeFrame frame;
            frame.outline = path.simplified();
            frame.label = tr("node %1").arg(n);
            const double tagWidth = tagMetrics.horizontalAdvance(frame.label) + 10;
            frame.tag = QRectF(pieces.front().left() + 6, pieces.front().top() - tagHeight / 2 - 2,
                               std::min(tagWidth, pieces.front().width() - 8), tagHeight);
            m_nodes.push_back(frame);
        }
    }
}

// --- Painting ------------------------------------------------------------------------------

void ParallelismDiagram::paintLinkSample(QPainter& painter, int kind, const QRectF& sample) const
{
    const QPointF left(sample.left() + 2, sample.center().y());
    const QPointF right(sample.right() - 2, sample.center().y());
    switch (kind) {
    case 0:
        painter.setPen(QPen(drawing::nodeBorder(), 1.2));
        painter.setBrush(drawing::nodeFill());
        painter.drawRect(sample.adjusted(2, 2, -2, -2));
        break;
    case 1:
        painter.setPen(QPen(kTensorColour, 2.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(sample.adjusted(3, 3, -3, -3), 3, 3);
        break;
    case 2:
        painter.setPen(QPen(kPipelineColour, 3, Qt::SolidLine, Qt::FlatCap));
        painter.drawLine(left + QPointF(6, 0), right - QPointF(6, 0));
        painter.setPen(Qt::NoPen);
        painter.setBrush(kPipelineColour);
        drawing::drawArrowHead(painter, right, left, 9);
        drawing::drawArrowHead(painter, left, right, 9);
        break;
    case 3:
        painter.setPen(QPen(kDataColour, 2.5, Qt::DashLine, Qt::FlatCap));
        painter.drawLine(left, right);
        break;
    default:
        painter.setPen(QPen(kCrossingColour, 10, Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(left + QPointF(4, 0), right - QPointF(4, 0));
        painter.setPen(QPen(chartstyle::textColor(), 2));
        painter.drawLine(left + QPointF(4, 0), right - QPointF(4, 0));
        break;
    }
    painter.setBrush(Qt::NoBrush);
}

void ParallelismDiagram::paintLegend(QPainter& painter) const
{
    painter.setFont(chartstyle::labelFont());
    for (const auto& entry : m_legend) {
        paintLinkSample(painter, entry.kind, entry.sample);
        painter.setPen(chartstyle::textColor());
        painter.drawText(entry.text, Qt::AlignLeft | Qt::AlignVCenter, entry.label);
    }
}

void ParallelismDiagram::paintEvent(QPaintEvent* /*event*/)
{
    ensureGeometry();
    QPainter painter(this);
    painter.fillRect(rect(), chartstyle::backgroundColor());
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    const QColor text = chartstyle::textColor();

    paintTitle(painter, m_titleRect, m_title, Qt::ElideRight);
    paintLegend(painter);

    // Nodes under everything.
    painter.setPen(QPen(drawing::nodeBorder(), 1.2));
    painter.setBrush(drawing::nodeFill());
    for (const auto& frame : m_nodes) {
        painter.drawPath(frame.outline);
    }
    painter.setBrush(Qt::NoBrush);

    // Slow links: a halo under the link.
    painter.setPen(QPen(kCrossingColour, 10, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    for (const auto& link : m_links) {
        if (link.crossing) {
            painter.drawPath(link.path);
        }
    }
    const QPen dataPen(kDataColour, 2.5, Qt::DashLine, Qt::FlatCap);
    const QPen pipelinePen(kPipelineColour, 3, Qt::SolidLine, Qt::FlatCap);
    for (const auto& link : m_links) {
        if (link.kind == LinkKind::Data) {
            painter.setPen(dataPen);
            painter.drawPath(link.path);
        } else if (link.kind == LinkKind::Pipeline) {
            const QPointF d = link.to - link.from;
            const double length = std::hypot(d.x(), d.y());
            if (length < 1) {
                continue;
            }
            const QPointF u = d / length * 7.0;
            painter.setPen(pipelinePen);
            painter.drawLine(link.from + u, link.to - u);
            painter.setPen(Qt::NoPen);
            painter.setBrush(kPipelineColour);
            drawing::drawArrowHead(painter, link.to, link.from, 10);
            drawing::drawArrowHead(painter, link.from, link.to, 10);
            painter.setBrush(Qt::NoBrush);
        }
    }

    // GPUs.
    const QFont labelFont = chartstyle::labelFont();
    QFont boldFont = labelFont;
    boldFont.setBold(true);
    const double line = QFontMetricsF(labelFont).height();
    for (std::size_t k = 0; k < m_boxes.size(); ++k) {
        const QRectF& r = m_boxes[k].rect;
        painter.setPen(QPen(text, 1.2));
        painter.setBrush(chartstyle::backgroundColor());
        painter.drawRoundedRect(r, 3, 3);
        const QStringList& lines = m_boxText[k];
        double top = r.center().y() - line * static_cast<double>(lines.size()) / 2;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            painter.setFont(i == 0 && lines.size() > 1 ? boldFont : labelFont);
            painter.drawText(QRectF(r.left() + 2, top, r.width() - 4, line), Qt::AlignCenter,
                             lines[i]);
            top += line;
        }
    }
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(kTensorColour, 2.5));
    for (const auto& link : m_links) {
        if (link.kind == LinkKind::Tensor) {
            painter.drawPath(link.path);
        }
    }

    // Node tags on the frames' top edge.
    painter.setFont(boldFont);
    for (const auto& frame : m_nodes) {
        if (frame.tag.width() < 12) {
            continue;
        }
        painter.setPen(QPen(drawing::nodeBorder(), 1));
        painter.setBrush(drawing::nodeFill());
        painter.drawRoundedRect(frame.tag, 3, 3);
        painter.setPen(text);
        painter.drawText(frame.tag, Qt::AlignCenter, frame.label);
    }
    painter.setBrush(Qt::NoBrush);

    for (const auto& item : m_texts) {
        painter.setFont(item.bold ? boldFont : labelFont);
        painter.setPen(item.muted              ? drawing::mutedText()
                       : item.bold && !m_valid ? QColor(0xB0, 0x00, 0x20)
                                               : text);
        painter.drawText(item.rect, item.flags, item.text);
    }

    painter.setFont(labelFont);
    painter.setPen(text);
    painter.drawStaticText(m_countsAt, m_counts);
    for (std::size_t k = 0; k < m_captions.size(); ++k) {
        painter.drawStaticText(m_captionsAt[k], m_captions[k]);
    }
}

// --- Queries -------------------------------------------------------------------------------

std::vector<std::int64_t> ParallelismDiagram::drawnRanks() const
{
    ensureGeometry();
    std::vector<std::int64_t> ranks;
    for (const auto& box : m_boxes) {
        ranks.push_back(box.rank);
    }
    return ranks;
}

bool ParallelismDiagram::isAbridged() const
{
    ensureGeometry();
    const auto hasGap = [](const std::vector<std::int64_t>& shown) {
        return std::find(shown.begin(), shown.end(), drawing::kGap) != shown.end();
    };
    return hasGap(m_ppShown) || hasGap(m_dpShown) || hasGap(m_tpShown);
}

QRectF ParallelismDiagram::gpuRect(std::int64_t rank) const
{
    ensureGeometry();
    for (const auto& box : m_boxes) {
        if (box.rank == rank) {
            return box.rect;
        }
    }
    return {};
}

ParallelismDiagram::LinkCounts ParallelismDiagram::drawnLinks() const
{
    ensureGeometry();
    LinkCounts counts;
    for (const auto& link : m_links) {
        switch (link.kind) {
        case LinkKind::Tensor:
            ++counts.tensor;
            break;
        case LinkKind::Pipeline:
            ++counts.pipeline;
            break;
        case LinkKind::Data:
            ++counts.data;
            break;
        }
        counts.crossing += link.crossing ? 1 : 0;
    }
    return counts;
}

QString ParallelismDiagram::gpuToolTip(std::int64_t rank) const
{
    if (!m_valid || rank < 0 || rank >= m_summary.gpus) {
        return {};
    }
    const auto& p = m_params;
    const auto c = simcore::coordinatesOf(p, rank);
    const auto members = [&](const simcore::GroupRanks& group) {
        QStringList ranks;
        if (group.size <= 8) {
            for (std::int64_t k = 0; k < group.size; ++k) {
                ranks << QString::number(group.at(k));
            }
            return ranks.join(QStringLiteral(", "));
        }
        return tr("%1, %2, …, %3 (%4 GPUs)")
            .arg(group.at(0))
            .arg(group.at(1))
            .arg(group.last())
            .arg(count(group.size));
    };
    const auto where = [&](const simcore::GroupRanks& group) {
        return simcore::crossesNodes(p, group) ? tr("across nodes: slow links")
                                               : tr("inside node %1").arg(c.node);
    };
    QStringList lines;
    lines << tr("GPU %1: node %2, slot %3").arg(rank).arg(c.node).arg(c.slot);
    QStringList spans;
    for (const auto& span : simcore::pipelineRankLayers(p, c.pp)) {
        spans << spanText(span, false);
    }
    lines << tr("Holds layers %1 (pipeline stage %2 of %3).")
                 .arg(spans.join(QStringLiteral(", ")))
                 .arg(c.pp)
                 .arg(p.pp);
    lines << (p.tp > 1 ? tr("Holds shard %1 of %2 of every weight matrix in those layers.")
                             .arg(c.tp + 1)
                             .arg(p.tp)
                       : tr("Holds those layers' weights whole (no tensor parallelism)."));
    lines << (p.dp > 1 ? tr("Trains on batch slice %1 of %2 (replica %3).")
                             .arg(c.dp + 1)
                             .arg(p.dp)
                             .arg(c.dp)
                       : tr("Trains on the whole batch (one replica)."));
    if (p.tp > 1) {
        const auto group = simcore::groupOf(p, simcore::GroupKind::Tensor, rank);
        lines << tr("All-reduces each layer's output with GPUs %1 (tensor group, %2).")
                     .arg(members(group), where(group));
    }
    if (p.pp > 1) {
        QStringList sends;
        const std::int64_t stride = p.dp * p.tp;
        if (c.pp + 1 < p.pp) {
            sends << tr("activations to GPU %1").arg(rank + stride);
        }
        if (c.pp > 0) {
            sends << tr("gradients back to GPU %1").arg(rank - stride);
        }
        if (p.virtualStages > 1 && c.pp == p.pp - 1) {
            sends << tr("the next chunk's activations to GPU %1").arg(rank - (p.pp - 1) * stride);
        }
        const auto group = simcore::groupOf(p, simcore::GroupKind::Pipeline, rank);
        lines << tr("Sends %1 (pipeline, %2).").arg(sends.join(QStringLiteral("; ")), where(group));
    }
    if (p.dp > 1) {
        const auto group = simcore::groupOf(p, simcore::GroupKind::Data, rank);
        lines << tr("All-reduces its gradients with GPUs %1 every step (data-parallel group, %2).")
                     .arg(members(group), where(group));
    }
    return lines.join(QLatin1Char('\n'));
}

bool ParallelismDiagram::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        ensureGeometry();
        for (const auto& box : m_boxes) {
            if (box.rect.contains(help->pos())) {
                QToolTip::showText(help->globalPos(), gpuToolTip(box.rank), this,
                                   box.rect.toAlignedRect());
                return true;
            }
        }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return ChartArea::event(event);
}

// --- Export texts --------------------------------------------------------------------------

QString ParallelismDiagram::summary() const
{
    if (!m_valid) {
        return m_problem;
    }
    const auto& s = m_summary;
    return tr("%1 GPUs = dp %2 × tp %3 × pp %4 on %5 node(s) of %6. Tensor groups: %7 of %8 GPUs, "
              "%9 crossing a node. Pipelines: %10 of %11 stages, %12 of %13 sends crossing a "
              "node. Data-parallel groups: %14 of %15 replicas, %16 crossing a node.")
        .arg(count(s.gpus))
        .arg(m_params.dp)
        .arg(m_params.tp)
        .arg(m_params.pp)
        .arg(count(s.nodes))
        .arg(m_params.gpusPerNode)
        .arg(count(s.tensor.count), count(s.tensor.size), count(s.tensor.crossingNodes),
             count(s.pipeline.count), count(s.pipeline.size), count(s.pipeline.crossingHops),
             count(s.pipeline.hops), count(s.data.count), count(s.data.size))
        .arg(count(s.data.crossingNodes));
}

QString ParallelismDiagram::exportTitle() const
{
    return tr("dtsim — Parallelism: what each GPU holds and sends under data, tensor and "
              "pipeline parallelism");
}

QString ParallelismDiagram::csv() const
{
    QString text = QStringLiteral("rank,node,slot,dp_index,tp_index,pp_index,layers,weight_shard,"
                                  "batch_slice,tensor_group_crosses_node,"
                                  "pipeline_group_crosses_node,data_group_crosses_node\n");
    if (!m_valid) {
        text += QStringLiteral("# ") + m_problem + QLatin1Char('\n');
        return text;
    }
    const auto& p = m_params;
    const std::int64_t rows = std::min(m_summary.gpus, kMaxCsvRows);
    for (std::int64_t rank = 0; rank < rows; ++rank) {
        const auto c = simcore::coordinatesOf(p, rank);
        QStringList spans;
        for (const auto& span : simcore::pipelineRankLayers(p, c.pp)) {
            spans << spanText(span, true);
        }
        const auto crosses = [&](simcore::GroupKind kind) {
            return simcore::crossesNodes(p, simcore::groupOf(p, kind, rank)) ? QStringLiteral("1")
                                                                             : QStringLiteral("0");
        };
        text += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8/%9,%10/%11,%12,%13,%14\n")
                    .arg(rank)
                    .arg(c.node)
                    .arg(c.slot)
                    .arg(c.dp)
                    .arg(c.tp)
                    .arg(c.pp)
                    .arg(spans.join(QLatin1Char(';')))
                    .arg(c.tp + 1)
                    .arg(p.tp)
                    .arg(c.dp + 1)
                    .arg(p.dp)
                    .arg(crosses(simcore::GroupKind::Tensor), crosses(simcore::GroupKind::Pipeline),
                         crosses(simcore::GroupKind::Data));
    }
    if (rows < m_summary.gpus) {
        text += QStringLiteral("# listed the first %1 of %2 GPUs\n").arg(rows).arg(m_summary.gpus);
    }
    return text;
}

} // namespace dtsim::ui
