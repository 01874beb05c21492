// The Gantt chart's layout and texts: a pure function of the report, the size and the fonts
// (PipelineView::layout). Painting is pipelineview.cpp.
#include "ui/panels/parallelism/ganttlayout.h"

#include "common/errortext.h"
#include "common/format.h"
#include "ui/kit/axisrange.h"
#include "ui/kit/drawing.h"
#include "ui/kit/problemtext.h"
#include "ui/panels/parallelism/pipelineview.h"

#include <QFontMetricsF>
#include <QLocale>
#include <algorithm>
#include <cmath>

namespace dtsim::ui {

namespace {

constexpr double kMargin = 12;
constexpr double kMaxRowHeight = 64;
constexpr std::size_t kMaxNumberLabels = 512;

} // namespace

QString PipelineView::scheduleName(simcore::PipelineSchedule schedule)
{
    switch (schedule) {
    case simcore::PipelineSchedule::GPipe:
        return tr("GPipe");
    case simcore::PipelineSchedule::OneFOneB:
        return tr("1F1B");
    case simcore::PipelineSchedule::Interleaved:
        return tr("Interleaved 1F1B");
    case simcore::PipelineSchedule::ZeroBubbleH1:
        return tr("ZB-H1");
    case simcore::PipelineSchedule::ZeroBubbleH2:
        return tr("ZB-H2");
    case simcore::PipelineSchedule::DualPipe:
        return tr("DualPipe");
    }
    return {};
}

QString PipelineView::titleOf(const simcore::PipelineReport& report)
{
    const auto& p = report.params;
    // Each count in its own text, so that its words follow its plural form.
    const QString devices = tr("p = %1 device(s)", nullptr, common::numerus(p.stages))
                                .arg(common::formatWhole(p.stages));
    const QString microbatches =
        tr("m = %1 micro-batch(es)", nullptr, common::numerus(p.microbatches))
            .arg(common::formatWhole(p.microbatches));
    return p.virtualStages > 1
               ? tr("%1 schedule: %2, %3, %4")
                     .arg(
                         scheduleName(p.schedule), devices, microbatches,
                         tr("v = %1 chunk(s) per device", nullptr, common::numerus(p.virtualStages))
                             .arg(common::formatWhole(p.virtualStages)))
               : tr("%1 schedule: %2, %3").arg(scheduleName(p.schedule), devices, microbatches);
}

QString PipelineView::bubbleOf(const simcore::PipelineReport& report)
{
    if (!report.ok()) {
        return tr("No schedule to draw: see the message below.");
    }
    const auto value = [&report](std::string_view id) {
        return common::formatQuantity(report, id);
    };
    const QString bubble =
        tr("Bubble (hatched idle time): %1 of the step. Step %2, ideal m·(t_f + t_b) = "
           "%3, idle %4 on every device.")
            .arg(value("bubble_fraction"), value("time"), value("ideal_time"),
                 value("bubble_time"));
    switch (report.params.schedule) {
    case simcore::PipelineSchedule::ZeroBubbleH2:
        return bubble + QLatin1Char(' ') +
               tr("If the optimizer step does not wait for every stage, each device starts its "
                  "next step as soon as it is done: bubble %1 (Qi et al. 2023).")
                   .arg(value("unsynchronized_bubble_time"));
    case simcore::PipelineSchedule::DualPipe:
        return bubble + QLatin1Char(' ') +
               tr("A forward and a backward paired (F&B) run one after the other here: "
                  "DualPipe's overlap of their computation and communication is not modelled.");
    case simcore::PipelineSchedule::GPipe:
    case simcore::PipelineSchedule::OneFOneB:
    case simcore::PipelineSchedule::Interleaved:
    case simcore::PipelineSchedule::ZeroBubbleH1:
        break;
    }
    return bubble;
}

QString PipelineView::memoryOf(const simcore::PipelineReport& report)
{
    if (!report.ok()) {
        return {};
    }
    if (report.memoryProblem) {
        return tr("Activation memory is not shown: %1").arg(describeProblem(*report.memoryProblem));
    }
    if (report.devices.empty()) {
        return {};
    }
    const auto& first = report.devices.front();
    const auto& last = report.devices.back();
    const QString perLayer = common::formatQuantity(report, "activations_per_layer");
    if (report.devices.size() == 1) {
        return tr("In flight at the peak: the device holds %1 micro-batch(es) of activations = "
                  "<b>%2</b> (memory model: %3 per layer and micro-batch, Korthikanti et al. "
                  "2022).",
                  nullptr, common::numerusOfAmount(first.peakMicrobatches))
            .arg(common::formatNumber(first.peakMicrobatches, 6),
                 common::formatQuantity(report, "first_device_activations"), perLayer);
    }
    return tr("In flight at the peak: device 0 holds %1 micro-batch(es) of activations = "
              "<b>%2</b>; device %3 holds %4 = %5 (memory model: %6 per layer and micro-batch, "
              "Korthikanti et al. 2022).",
              nullptr, common::numerusOfAmount(first.peakMicrobatches))
        .arg(common::formatNumber(first.peakMicrobatches, 6),
             common::formatQuantity(report, "first_device_activations"))
        .arg(report.lastDevice)
        .arg(common::formatNumber(last.peakMicrobatches, 6),
             common::formatQuantity(report, "last_device_activations"), perLayer);
}

GanttLayout PipelineView::layout(const simcore::PipelineReport& report, QSizeF size,
                                 const DiagramStyle& style)
{
    GanttLayout out;
    out.size = size;
    out.drawn = report.ok();
    const double W = size.width();
    const double H = size.height();
    const QFontMetricsF lm(style.label);
    const QFontMetricsF tm(style.title);
    const double line = lm.height();
    const auto& params = report.params;

    out.title = titleOf(report);
    out.titleRect = QRectF(kMargin, kMargin, std::max(0.0, W - 2 * kMargin), tm.height());
    out.subtitle = bubbleOf(report);
    QFont subtitleFont = style.label;
    subtitleFont.setBold(true);
    const QRectF subtitleBounds =
        QFontMetricsF(subtitleFont)
            .boundingRect(QRectF(0, 0, std::max(1.0, W - 2 * kMargin), 10000), Qt::TextWordWrap,
                          out.subtitle);
    out.subtitleRect = QRectF(kMargin, out.titleRect.bottom() + 4, std::max(0.0, W - 2 * kMargin),
                              subtitleBounds.height());
    double y = out.subtitleRect.bottom() + 8;

    // Legend.
    using Sample = GanttLayout::Sample;
    const bool split = simcore::splitsBackward(params.schedule);
    std::vector<std::pair<Sample, QString>> legend = {{Sample::Forward, tr("Forward")}};
    if (split) {
        legend.emplace_back(Sample::Backward, tr("Backward B: input gradient"));
        legend.emplace_back(Sample::Weight, tr("W: weight gradient"));
    } else {
        legend.emplace_back(Sample::Backward, tr("Backward"));
    }
    legend.emplace_back(Sample::Idle, tr("Idle: the bubble"));
    if (params.virtualStages > 1) {
        legend.emplace_back(Sample::Chunk,
                            tr("Hatched block: model chunk 1, 2, … (chunk 0 plain)"));
    } else if (params.schedule == simcore::PipelineSchedule::DualPipe && params.stages > 1) {
        legend.emplace_back(Sample::Chunk,
                            tr("Hatched block: micro-batches entering at the last device"));
    }
    std::vector<double> widths;
    for (const auto& entry : legend) {
        widths.push_back(lm.horizontalAdvance(entry.second) + 1);
    }
    const drawing::LegendFlow flow{kMargin, W - kMargin, 30, 6, 22, 6, line};
    const auto placed = drawing::flowLegend(widths, flow, y);
    for (std::size_t i = 0; i < placed.size(); ++i) {
        out.legend.push_back({legend[i].first, placed[i].sample, placed[i].text, legend[i].second});
    }
    y += line + 12;

    // Below the rows: the time axis, a note when something is cut, the memory line.
    const QString memory = memoryOf(report);
    out.memory.text = QStaticText(memory);
    out.memory.text.setTextFormat(Qt::RichText);
    out.memory.text.setTextWidth(std::max(100.0, W - 2 * kMargin));
    out.memory.text.prepare(QTransform(), style.label);
    const double memoryHeight = memory.isEmpty() ? 0.0 : out.memory.text.size().height();
    const double noteHeight = line; // the note about cut rows or undrawn operations
    const double axisHeight = 2 * line + 10;
    const double bottom = H - kMargin - memoryHeight - 8 - noteHeight;

    // Columns: device names on the left, in-flight memory on the right.
    double labelWidth = lm.horizontalAdvance(tr("Device %1").arg(report.lastDevice)) + 14;
    double rightWidth = 0;
    std::vector<QString> inFlight;
    if (report.ok()) {
        for (std::size_t d = 0; d < report.devices.size(); ++d) {
            const auto& device = report.devices[d];
            const QString microbatches = common::formatNumber(device.peakMicrobatches, 6);
            inFlight.push_back(
                report.memoryProblem
                    ? tr("%1 in flight").arg(microbatches)
                    : tr("%1 in flight · %2").arg(microbatches, common::formatBytes(device.bytes)));
            if (d < 64) { // the widest of the first rows is enough
                rightWidth = std::max(rightWidth, lm.horizontalAdvance(inFlight.back()));
            }
        }
        rightWidth += 14;
    }
    labelWidth = std::min(labelWidth, W / 4);
    rightWidth = std::min(rightWidth, W / 3);
    out.plot =
        QRectF(kMargin + labelWidth, y, std::max(10.0, W - 2 * kMargin - labelWidth - rightWidth),
               std::max(10.0, bottom - axisHeight - y));
    const QRectF labelColumn(kMargin, y, labelWidth - 8, out.plot.height());
    const QRectF rightColumn(out.plot.right() + 8, y, rightWidth - 8, out.plot.height());
    out.memory.at = QPointF(kMargin, out.plot.bottom() + 8);
    if (!report.ok()) {
        out.problem = describeProblem(report.problems.front());
        out.problemRect = out.plot;
        return out;
    }
    const std::int64_t p = params.stages;
    out.rowHeight = std::min(kMaxRowHeight, out.plot.height() / static_cast<double>(p));
    out.rows = static_cast<int>(p);
    if (out.rowHeight < kMinRowHeight) {
        out.rowHeight = kMinRowHeight;
        out.rows = static_cast<int>(std::floor(out.plot.height() / kMinRowHeight));
        out.note = tr("Showing devices 0 to %1 of %2: rows thinner than %3 pixels are left out.")
                       .arg(out.rows - 1)
                       .arg(p)
                       .arg(kMinRowHeight);
    }
    out.plot.setHeight(out.rowHeight * out.rows);
    out.memory.at = QPointF(kMargin, out.plot.bottom() + axisHeight + 8 + noteHeight);
    out.operationsDrawn = report.operationsListed;
    if (!out.operationsDrawn) {
        out.note = tr("The %1 operations are too many to draw (limit %2); every number above is "
                      "exact. Fewer stages, micro-batches or chunks draw the chart.")
                       .arg(common::formatWhole(static_cast<std::int64_t>(report.operations)))
                       .arg(common::formatWhole(
                           static_cast<std::int64_t>(simcore::kMaxListedPipelineOperations)));
        out.noteRect = out.plot.adjusted(16, 8, -16, -8); // written in the empty rows
    } else if (!out.note.isEmpty()) {
        out.noteRect = QRectF(kMargin, out.memory.at.y() - line - 4, W - 2 * kMargin, line);
        out.note = lm.elidedText(out.note, Qt::ElideRight, W - 2 * kMargin);
    }

    // Row labels and in-flight memory, every labelEvery-th row when rows are thin.
    const int labelEvery = std::max(1, static_cast<int>(std::ceil((line + 2) / out.rowHeight)));
    for (int d = 0; d < out.rows; d += labelEvery) {
        const double middle = out.plot.top() + (d + 0.5) * out.rowHeight;
        out.deviceLabels.push_back(
            {QRectF(labelColumn.left(), middle - line / 2, labelColumn.width(), line),
             tr("Device %1").arg(d)});
        if (static_cast<std::size_t>(d) < inFlight.size()) {
            out.inFlightLabels.push_back(
                {QRectF(rightColumn.left(), middle - line / 2, rightColumn.width(), line),
                 inFlight[static_cast<std::size_t>(d)]});
        }
    }

    // Time axis in seconds, round ticks from 0 up to the step time.
    const double total = report.result.totalSeconds;
    const NiceRange range = niceRangeFromZero(total);
    for (double value = 0; value <= total * (1 + 1e-9) && range.step > 0; value += range.step) {
        const double px = out.plot.left() + value / total * out.plot.width();
        const QString label = value == 0 ? QStringLiteral("0") : common::formatNumber(value, 4);
        const double w = lm.horizontalAdvance(label) + 2;
        const double left = std::clamp(px - w / 2, 0.0, W - w);
        out.ticks.push_back({px, QRectF(left, out.plot.bottom() + 6, w, line), label});
    }
    out.axisTitle = tr("time (s)");
    out.axisTitleRect =
        QRectF(out.plot.left(), out.plot.bottom() + line + 8, out.plot.width(), line);

    // Micro-batch numbers, when a forward block is wide enough for the widest one.
    if (out.operationsDrawn && out.rowHeight >= line && total > 0) {
        const double forwardPixels = report.forwardBlockSeconds / total * out.plot.width();
        const double numberWidth = lm.horizontalAdvance(QString::number(params.microbatches));
        if (forwardPixels >= numberWidth + 4) {
            const auto count = std::min<std::size_t>(static_cast<std::size_t>(params.microbatches),
                                                     kMaxNumberLabels);
            out.numbers.reserve(count);
            for (std::size_t k = 0; k < count; ++k) {
                QStaticText number(QString::number(k + 1)); // papers number micro-batches from 1
                number.prepare(QTransform(), style.label);
                out.numbers.push_back(number);
            }
        }
    }
    layoutBlocks(report, out);
    return out;
}

void PipelineView::layoutBlocks(const simcore::PipelineReport& report, GanttLayout& out)
{
    const double total = report.result.totalSeconds;
    if (!(total > 0)) {
        return;
    }
    const double gap = out.rowHeight >= 10 ? 2.0 : 0.0;
    const double barHeight = out.rowHeight - gap;
    const double scale = out.plot.width() / total;
    if (gap > 0) {
        for (int d = 1; d < out.rows; ++d) {
            out.rowGaps.emplace_back(out.plot.left(), out.plot.top() + d * out.rowHeight - gap,
                                     out.plot.width(), gap);
        }
    }
    const auto& operations = report.result.operations;
    if (!out.operationsDrawn || operations.empty()) {
        return;
    }
    const std::int64_t perDevice = report.result.operationsPerDevice;
    for (int d = 0; d < out.rows; ++d) {
        const double top = out.plot.top() + d * out.rowHeight;
        const auto* ops = operations.data() + static_cast<std::ptrdiff_t>(d) * perDevice;
        // A run of touching, tiny blocks of the same kind is one rectangle.
        double runLeft = 0;
        double runRight = -1;
        int runKind = -1;
        const auto flush = [&] {
            if (runKind < 0) {
                return;
            }
            GanttLayout::Block block;
            block.rect = QRectF(runLeft, top, std::max(1.0, runRight - runLeft), barHeight);
            block.pass = static_cast<simcore::PipelinePass>(runKind & 3);
            block.chunk = runKind >> 2;
            out.blocks.push_back(block);
            runKind = -1;
        };
        for (std::int64_t k = 0; k < perDevice; ++k) {
            const auto& op = ops[k];
            const double left = out.plot.left() + op.startSeconds * scale;
            const double right = out.plot.left() + op.endSeconds * scale;
            const int kind = (op.chunk << 2) | static_cast<int>(op.pass);
            const bool tiny = right - left < 4;
            if (tiny && kind == runKind && left - runRight < 0.75) {
                runRight = right;
                continue;
            }
            flush();
            runLeft = left;
            runRight = right;
            runKind = kind;
            if (tiny) {
                continue;
            }
            flush();
            auto& block = out.blocks.back();
            // A hairline between neighbouring blocks, so each micro-batch reads on its own
            // (not on narrow blocks, where hairlines would stripe the whole row).
            block.hairline = right - left >= 8;
            block.outlined = right - left >= 4 && barHeight >= 4;
            if (static_cast<std::size_t>(op.microbatch) < out.numbers.size()) {
                const QSizeF size = out.numbers[static_cast<std::size_t>(op.microbatch)].size();
                if (size.width() + 3 <= right - left) {
                    block.number = op.microbatch;
                    block.numberAt = QPointF((left + right - size.width()) / 2,
                                             top + (barHeight - size.height()) / 2);
                }
            }
        }
        flush();
    }
}

} // namespace dtsim::ui
