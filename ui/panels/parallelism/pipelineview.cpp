#include "ui/panels/parallelism/pipelineview.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/memory.h"
#include "ui/kit/axisrange.h"
#include "ui/kit/chartupdate.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QTextDocument>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace dtsim::ui {

namespace {

constexpr double kMargin = 12;
constexpr double kMaxRowHeight = 64;
constexpr std::size_t kMaxNumberLabels = 512;

// Okabe–Ito: forward blue (dark), backward orange (light): apart in colour, for colour-blind
// viewers and in greyscale (luma ≈ 87 vs 162).
const QColor kForward = chartstyle::kCompute;  // #0072B2
const QColor kBackward{0xE6, 0x9F, 0x00};      // #E69F00
const QColor kIdleFill{0xF6, 0xE4, 0xEF};      // pale reddish purple
const QColor kIdleHatch = chartstyle::kBubble; // #CC79A7
const QColor kForwardText{0xFF, 0xFF, 0xFF};
const QColor kBackwardText{0x20, 0x20, 0x20};

/// Hatch of chunk c of an interleaved device (chunk 0 plain).
Qt::BrushStyle chunkPattern(std::int64_t chunk)
{
    static const Qt::BrushStyle patterns[] = {Qt::BDiagPattern,     Qt::FDiagPattern,
                                              Qt::DiagCrossPattern, Qt::HorPattern,
                                              Qt::VerPattern,       Qt::CrossPattern};
    return chunk <= 0 ? Qt::NoBrush : patterns[(chunk - 1) % 6];
}

QBrush idleBrush()
{
    return {kIdleHatch, Qt::BDiagPattern};
}

QString csvSeconds(double value)
{
    return common::csvNumber(value);
}

} // namespace

PipelineView::PipelineView(QWidget* parent) : PaintedChartArea(parent)
{
    setAccessibleName(tr("Pipeline schedule chart"));
    showScenario(simcore::Scenario{});
}

QSize PipelineView::sizeHint() const
{
    return {900, 620};
}

QSize PipelineView::minimumSizeHint() const
{
    return {420, 320};
}

QString PipelineView::scheduleName(simcore::PipelineSchedule schedule)
{
    switch (schedule) {
    case simcore::PipelineSchedule::GPipe:
        return tr("GPipe");
    case simcore::PipelineSchedule::OneFOneB:
        return tr("1F1B");
    case simcore::PipelineSchedule::Interleaved:
        return tr("Interleaved 1F1B");
    }
    return {};
}

void PipelineView::showScenario(const simcore::Scenario& scenario)
{
    m_scenario = scenario;
    m_params = simcore::pipelineParamsFromScenario(scenario);
    // Too many operations to draw: simulate without the list; every number stays exact.
    const std::int64_t p = m_params.stages;
    const std::int64_t v = m_params.virtualStages;
    const std::int64_t m = m_params.microbatches;
    m_drawOperations = p >= 1 && v >= 1 && m >= 1 && p * v <= kMaxDrawnOperations / 2 &&
                       m <= kMaxDrawnOperations / (2 * p * v);
    m_params.recordOperations = m_drawOperations;
    m_result = simcore::simulatePipeline(m_params);
    m_problem.clear();
    m_memoryProblem.clear();
    m_activations.clear();
    m_perLayerBytes = 0;
    if (!m_result.ok()) {
        const auto& e = *m_result.error;
        // The fields are scenario keys, except the three time fields, named after their keys.
        QString key = QString::fromStdString(e.field);
        if (key == QLatin1String("pipeline.forward_seconds")) {
            key = QStringLiteral("parallel.forward_time");
        } else if (key == QLatin1String("pipeline.backward_seconds")) {
            key = QStringLiteral("parallel.backward_time");
        } else if (key == QLatin1String("pipeline.transfer_seconds")) {
            key = QStringLiteral("parallel.p2p_time");
        }
        const QString given = key == QLatin1String("parallel.pp") ? QString::number(p)
                              : key == QLatin1String("parallel.virtual_stages")
                                  ? QString::number(v)
                                  : QString::number(m);
        using Kind = simcore::ScenarioError::Kind;
        const bool multiple = e.kind == simcore::PipelineError::Kind::NotAMultiple;
        simcore::ScenarioError error{multiple ? Kind::Inconsistent : Kind::OutOfRange,
                                     key.toStdString(), given.toStdString(),
                                     multiple ? std::string("a multiple of parallel.pp for the "
                                                            "interleaved schedule")
                                              : e.allowed,
                                     multiple ? "parallel.pp = " + std::to_string(p)
                                              : std::string()};
        m_problem = common::describeError(error);
    } else {
        const auto options = simcore::memoryOptionsFromScenario(scenario);
        const auto problems = simcore::validateMemory(scenario, options);
        if (problems.empty()) {
            m_activations = simcore::pipelineActivations(scenario, m_result, options);
            m_perLayerBytes = simcore::activationBytesPerLayer(scenario, options);
        } else {
            m_memoryProblem = common::describeError(problems.front());
        }
    }
    buildTexts();
    setAccessibleDescription(summary());
    invalidate();
}

void PipelineView::buildTexts()
{
    const auto& p = m_params;
    m_title = p.virtualStages > 1
                  ? tr("%1 schedule: p = %2 devices, m = %3 micro-batches, v = %4 chunks per "
                       "device")
                        .arg(scheduleName(p.schedule))
                        .arg(p.stages)
                        .arg(p.microbatches)
                        .arg(p.virtualStages)
                  : tr("%1 schedule: p = %2 devices, m = %3 micro-batches")
                        .arg(scheduleName(p.schedule))
                        .arg(p.stages)
                        .arg(p.microbatches);
    if (!m_result.ok()) {
        m_subtitle = tr("No schedule to draw: see the message below.");
        return;
    }
    const auto& r = m_result;
    m_subtitle =
        tr("Bubble (hatched idle time): %1 of the step. Step %2, ideal m·(t_f + t_b) = "
           "%3, idle %4 on every device.")
            .arg(common::formatPercent(r.bubbleFraction), common::formatDuration(r.totalSeconds),
                 common::formatDuration(r.idealSeconds), common::formatDuration(r.bubbleSeconds));
}

QString PipelineView::memoryText() const
{
    if (!m_result.ok()) {
        return {};
    }
    if (!m_memoryProblem.isEmpty()) {
        return tr("Activation memory is not shown: %1").arg(m_memoryProblem);
    }
    if (m_activations.empty()) {
        return {};
    }
    const auto& first = m_activations.front();
    const auto& last = m_activations.back();
    const QString perLayer = common::formatBytes(m_perLayerBytes);
    if (m_activations.size() == 1) {
        return tr("In flight at the peak: the device holds %1 micro-batches of activations = "
                  "<b>%2</b> (memory model: %3 per layer and micro-batch, Korthikanti et al. "
                  "2022).")
            .arg(common::formatNumber(first.peakMicrobatches, 6), common::formatBytes(first.bytes),
                 perLayer);
    }
    return tr("In flight at the peak: device 0 holds %1 micro-batches of activations = <b>%2</b>; "
              "device %3 holds %4 = %5 (memory model: %6 per layer and micro-batch, Korthikanti "
              "et al. 2022).")
        .arg(common::formatNumber(first.peakMicrobatches, 6), common::formatBytes(first.bytes))
        .arg(m_activations.size() - 1)
        .arg(common::formatNumber(last.peakMicrobatches, 6), common::formatBytes(last.bytes),
             perLayer);
}

void PipelineView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        buildTexts();
        setAccessibleDescription(summary());
        invalidate();
    }
    PaintedChartArea::changeEvent(event); // font, palette: laid out again
}

int PipelineView::rowCount() const
{
    ensureGeometry();
    return m_rows;
}

void PipelineView::buildGeometry()
{
    m_legend.clear();
    m_ticks.clear();
    m_rightTexts.clear();
    m_numbers.clear();
    m_rows = 0;
    m_capNote.clear();

    const double W = width();
    const double H = height();
    const QFont labelFont = chartstyle::labelFont();
    const QFont titleFont = chartstyle::titleFont();
    const QFontMetricsF lm(labelFont);
    const QFontMetricsF tm(titleFont);
    const double line = lm.height();

    m_titleRect = QRectF(kMargin, kMargin, std::max(0.0, W - 2 * kMargin), tm.height());
    QFont subtitleFont = labelFont;
    subtitleFont.setBold(true);
    const QFontMetricsF sm(subtitleFont);
    const QRectF subtitleBounds = sm.boundingRect(
        QRectF(0, 0, std::max(1.0, W - 2 * kMargin), 10000), Qt::TextWordWrap, m_subtitle);
    m_subtitleRect = QRectF(kMargin, m_titleRect.bottom() + 4, std::max(0.0, W - 2 * kMargin),
                            subtitleBounds.height());
    double y = m_subtitleRect.bottom() + 8;

    // Legend.
    QStringList labels = {tr("Forward"), tr("Backward"), tr("Idle: the bubble")};
    if (m_params.virtualStages > 1) {
        labels << tr("Hatched block: model chunk 1, 2, … (chunk 0 plain)");
    }
    double x = kMargin;
    const double sampleWidth = 30;
    for (int kind = 0; kind < labels.size(); ++kind) {
        const double textWidth = lm.horizontalAdvance(labels[kind]) + 1;
        const double itemWidth = sampleWidth + 6 + textWidth + 22;
        if (x > kMargin && x + itemWidth - 22 > W - kMargin) {
            x = kMargin;
            y += line + 6;
        }
        m_legend.push_back({kind, QRectF(x, y, sampleWidth, line),
                            QRectF(x + sampleWidth + 6, y, textWidth, line), labels[kind]});
        x += itemWidth;
    }
    y += line + 12;

    // Below the rows: the time axis, a note when something is cut, the memory line.
    const double textWidth = std::max(100.0, W - 2 * kMargin);
    m_memoryLine = QStaticText(memoryText());
    m_memoryLine.setTextFormat(Qt::RichText);
    m_memoryLine.setTextWidth(textWidth);
    m_memoryLine.prepare(QTransform(), labelFont);
    const double memoryHeight = memoryText().isEmpty() ? 0.0 : m_memoryLine.size().height();
    const double capHeight = line; // the note about cut rows or undrawn operations
    const double axisHeight = 2 * line + 10;
    const double bottom = H - kMargin - memoryHeight - 8 - capHeight;

    // Columns: device names on the left, in-flight memory on the right.
    double labelWidth = lm.horizontalAdvance(tr("Device %1").arg(m_params.stages - 1)) + 14;
    double rightWidth = 0;
    if (m_result.ok()) {
        const auto p = static_cast<std::size_t>(m_params.stages);
        for (std::size_t d = 0; d < p && d < m_result.peakInFlight.size(); ++d) {
            const double microbatches = static_cast<double>(m_result.peakInFlight[d]) /
                                        static_cast<double>(m_params.virtualStages);
            m_rightTexts.push_back(
                d < m_activations.size()
                    ? tr("%1 in flight · %2")
                          .arg(common::formatNumber(microbatches, 6),
                               common::formatBytes(m_activations[d].bytes))
                    : tr("%1 in flight").arg(common::formatNumber(microbatches, 6)));
            if (d < 64) { // the widest of the first rows is enough
                rightWidth = std::max(rightWidth, lm.horizontalAdvance(m_rightTexts.back()));
            }
        }
        rightWidth += 14;
    }
    labelWidth = std::min(labelWidth, W / 4);
    rightWidth = std::min(rightWidth, W / 3);
    m_plot =
        QRectF(kMargin + labelWidth, y, std::max(10.0, W - 2 * kMargin - labelWidth - rightWidth),
               std::max(10.0, bottom - axisHeight - y));
    m_labelColumn = QRectF(kMargin, y, labelWidth - 8, m_plot.height());
    m_rightColumn = QRectF(m_plot.right() + 8, y, rightWidth - 8, m_plot.height());
    m_messageRect = m_plot;

    m_memoryAt = QPointF(kMargin, m_plot.bottom() + 8);
    if (!m_result.ok()) {
        m_rows = 0;
        return;
    }
    const std::int64_t p = m_params.stages;
    m_rowHeight = std::min(kMaxRowHeight, m_plot.height() / static_cast<double>(p));
    m_rows = static_cast<int>(p);
    if (m_rowHeight < kMinRowHeight) {
        m_rowHeight = kMinRowHeight;
        m_rows = static_cast<int>(std::floor(m_plot.height() / kMinRowHeight));
        m_capNote = tr("Showing devices 0 to %1 of %2: rows thinner than %3 pixels are left out.")
                        .arg(m_rows - 1)
                        .arg(p)
                        .arg(kMinRowHeight);
    }
    m_plot.setHeight(m_rowHeight * m_rows);
    m_memoryAt = QPointF(kMargin, m_plot.bottom() + axisHeight + 8 + capHeight);
    m_labelEvery = std::max(1, static_cast<int>(std::ceil((line + 2) / m_rowHeight)));
    if (!m_drawOperations) {
        m_capNote = tr("The %1 operations are too many to draw (limit %2); every number above is "
                       "exact. Fewer stages, micro-batches or chunks draw the chart.")
                        .arg(QLocale().toString(static_cast<qlonglong>(
                            2 * p * m_params.virtualStages * m_params.microbatches)))
                        .arg(QLocale().toString(static_cast<qlonglong>(kMaxDrawnOperations)));
    }

    // Time axis in seconds, round ticks from 0 up to the step time.
    const double total = m_result.totalSeconds;
    const NiceRange range = niceRangeFromZero(total);
    for (double value = 0; value <= total * (1 + 1e-9) && range.step > 0; value += range.step) {
        const double px = m_plot.left() + value / total * m_plot.width();
        m_ticks.emplace_back(px, value == 0 ? QStringLiteral("0") : common::formatNumber(value, 4));
    }
    m_axisTitle = QRectF(m_plot.left(), m_plot.bottom() + line + 8, m_plot.width(), line);

    // Micro-batch numbers, when a forward block is wide enough for the widest one.
    if (m_drawOperations && m_rowHeight >= line) {
        const double forwardPixels = m_params.forwardSeconds /
                                     static_cast<double>(m_params.virtualStages) / total *
                                     m_plot.width();
        m_numberWidth = lm.horizontalAdvance(QString::number(m_params.microbatches));
        if (forwardPixels >= m_numberWidth + 4) {
            const auto count = std::min<std::size_t>(
                static_cast<std::size_t>(m_params.microbatches), kMaxNumberLabels);
            m_numbers.reserve(count);
            for (std::size_t k = 0; k < count; ++k) {
                QStaticText number(QString::number(k + 1)); // papers number micro-batches from 1
                number.prepare(QTransform(), labelFont);
                m_numbers.push_back(number);
            }
        }
    }
}

QPointF PipelineView::pointAt(double seconds, int device) const
{
    ensureGeometry();
    if (!m_result.ok() || !(m_result.totalSeconds > 0)) {
        return {};
    }
    return {m_plot.left() + seconds / m_result.totalSeconds * m_plot.width(),
            m_plot.top() + (device + 0.5) * m_rowHeight};
}

void PipelineView::paintRows(QPainter& painter) const
{
    const double total = m_result.totalSeconds;
    if (!(total > 0)) {
        return;
    }
    const double gap = m_rowHeight >= 10 ? 2.0 : 0.0;
    const double barHeight = m_rowHeight - gap;
    const double scale = m_plot.width() / total;
    const QColor background = chartstyle::backgroundColor();

    const QRectF rows(m_plot.left(), m_plot.top(), m_plot.width(), m_plot.height());
    if (!m_drawOperations) {
        // Nothing is known per operation: neither busy nor idle, so neither colour.
        painter.fillRect(rows, chartstyle::gridColor());
        painter.setPen(chartstyle::textColor());
        painter.setFont(chartstyle::labelFont());
        painter.drawText(rows.adjusted(16, 8, -16, -8), Qt::AlignCenter | Qt::TextWordWrap,
                         m_capNote);
        return;
    }
    // Idle everywhere first: the blocks cover what is busy.
    painter.fillRect(rows, kIdleFill);
    painter.fillRect(rows, idleBrush());
    if (gap > 0) {
        for (int d = 1; d < m_rows; ++d) {
            painter.fillRect(
                QRectF(m_plot.left(), m_plot.top() + d * m_rowHeight - gap, m_plot.width(), gap),
                background);
        }
    }
    if (!m_drawOperations || m_result.operations.empty()) {
        return;
    }

    const std::int64_t perDevice = m_result.operationsPerDevice;
    const bool labels = !m_numbers.empty();
    for (int d = 0; d < m_rows; ++d) {
        const double top = m_plot.top() + d * m_rowHeight;
        const auto* ops = m_result.operations.data() + static_cast<std::ptrdiff_t>(d) * perDevice;
        // A run of touching, tiny blocks of the same kind is one rectangle.
        double runLeft = 0;
        double runRight = -1;
        int runKind = -1;
        const auto flush = [&] {
            if (runKind < 0) {
                return;
            }
            const QRectF block(runLeft, top, std::max(1.0, runRight - runLeft), barHeight);
            const bool forward = (runKind & 1) == 0;
            painter.fillRect(block, forward ? kForward : kBackward);
            const auto chunk = static_cast<std::int64_t>(runKind >> 1);
            if (chunk > 0) {
                painter.fillRect(block,
                                 QBrush(forward ? QColor(255, 255, 255, 170) : QColor(0, 0, 0, 140),
                                        chunkPattern(chunk)));
            }
            runKind = -1;
        };
        for (std::int64_t k = 0; k < perDevice; ++k) {
            const auto& op = ops[k];
            const double left = m_plot.left() + op.startSeconds * scale;
            const double right = m_plot.left() + op.endSeconds * scale;
            const int kind = (op.chunk << 1) | (op.pass == simcore::PipelinePass::Forward ? 0 : 1);
            const bool tiny = right - left < 4;
            if (tiny && kind == runKind && left - runRight < 0.75) {
                runRight = right;
                continue;
            }
            flush();
            if (tiny) {
                runLeft = left;
                runRight = right;
                runKind = kind;
                continue;
            }
            runLeft = left;
            runRight = right;
            runKind = kind;
            flush();
            // A hairline between neighbouring blocks, so each micro-batch reads on its own
            // (not on narrow blocks, where hairlines would stripe the whole row).
            if (right - left >= 8) {
                painter.fillRect(QRectF(left, top, 1, barHeight), background);
            }
            if (labels && static_cast<std::size_t>(op.microbatch) < m_numbers.size()) {
                const QStaticText& number = m_numbers[static_cast<std::size_t>(op.microbatch)];
                const QSizeF size = number.size();
                if (size.width() + 3 <= right - left) {
                    painter.setPen(op.pass == simcore::PipelinePass::Forward ? kForwardText
                                                                             : kBackwardText);
                    painter.drawStaticText(QPointF((left + right - size.width()) / 2,
                                                   top + (barHeight - size.height()) / 2),
                                           number);
                }
            }
        }
        flush();
    }
}

void PipelineView::paintEvent(QPaintEvent* /*event*/)
{
    ensureGeometry();
    QPainter painter(this);
    painter.fillRect(rect(), chartstyle::backgroundColor());
    const QColor text = chartstyle::textColor();
    const QFont labelFont = chartstyle::labelFont();
    QFont bold = labelFont;
    bold.setBold(true);
    const double line = QFontMetricsF(labelFont).height();

    paintTitle(painter, m_titleRect, m_title, Qt::ElideRight);
    painter.setFont(bold);
    painter.setPen(m_result.ok() ? text : QColor(0xB0, 0x00, 0x20));
    painter.drawText(m_subtitleRect, Qt::AlignLeft | Qt::TextWordWrap, m_subtitle);

    // Legend.
    painter.setFont(labelFont);
    for (const auto& entry : m_legend) {
        const QRectF swatch = entry.sample.adjusted(2, 2, -2, -2);
        switch (entry.kind) {
        case 0:
            painter.fillRect(swatch, kForward);
            break;
        case 1:
            painter.fillRect(swatch, kBackward);
            break;
        case 2:
            painter.fillRect(swatch, kIdleFill);
            painter.fillRect(swatch, idleBrush());
            break;
        default:
            painter.fillRect(swatch, kForward);
            painter.fillRect(swatch, QBrush(QColor(255, 255, 255, 170), chunkPattern(1)));
            break;
        }
        painter.setPen(QPen(chartstyle::axisLineColor(), 1));
        painter.drawRect(swatch);
        painter.setPen(text);
        painter.drawText(entry.text, Qt::AlignLeft | Qt::AlignVCenter, entry.label);
    }

    if (!m_result.ok()) {
        painter.setPen(QPen(chartstyle::axisLineColor(), 1, Qt::DashLine));
        painter.drawRect(m_messageRect);
        painter.setPen(QColor(0xB0, 0x00, 0x20));
        painter.setFont(bold);
        painter.drawText(m_messageRect.adjusted(20, 20, -20, -20),
                         Qt::AlignCenter | Qt::TextWordWrap, m_problem);
        return;
    }

    paintRows(painter);
    painter.setPen(QPen(chartstyle::axisLineColor(), 1));
    painter.drawRect(m_plot);

    // Row labels and in-flight memory, every m_labelEvery-th row when rows are thin.
    painter.setPen(text);
    for (int d = 0; d < m_rows; d += m_labelEvery) {
        const double middle = m_plot.top() + (d + 0.5) * m_rowHeight;
        const QRectF label(m_labelColumn.left(), middle - line / 2, m_labelColumn.width(), line);
        painter.setFont(bold);
        painter.drawText(label, Qt::AlignRight | Qt::AlignVCenter, tr("Device %1").arg(d));
        if (static_cast<std::size_t>(d) < m_rightTexts.size()) {
            painter.setFont(labelFont);
            painter.drawText(
                QRectF(m_rightColumn.left(), middle - line / 2, m_rightColumn.width(), line),
                Qt::AlignLeft | Qt::AlignVCenter, m_rightTexts[static_cast<std::size_t>(d)]);
        }
    }

    // Time axis.
    painter.setFont(labelFont);
    const double axisTop = m_plot.bottom();
    const QFontMetricsF metrics(labelFont);
    for (const auto& [px, label] : m_ticks) {
        painter.setPen(QPen(chartstyle::axisLineColor(), 1));
        painter.drawLine(QPointF(px, axisTop), QPointF(px, axisTop + 5));
        painter.setPen(text);
        const double w = metrics.horizontalAdvance(label) + 2;
        const double left = std::clamp(px - w / 2, 0.0, width() - w);
        painter.drawText(QRectF(left, axisTop + 6, w, line), Qt::AlignCenter, label);
    }
    painter.drawText(m_axisTitle, Qt::AlignCenter, tr("time (s)"));

    if (!m_capNote.isEmpty() && m_drawOperations) {
        painter.setFont(bold);
        painter.setPen(QColor(0xB0, 0x00, 0x20));
        painter.drawText(QRectF(kMargin, m_memoryAt.y() - line - 4, width() - 2 * kMargin, line),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         metrics.elidedText(m_capNote, Qt::ElideRight, width() - 2 * kMargin));
    }
    painter.setFont(labelFont);
    painter.setPen(text);
    painter.drawStaticText(m_memoryAt, m_memoryLine);
}

QString PipelineView::toolTipAt(const QPointF& position) const
{
    ensureGeometry();
    if (!m_result.ok() || !m_plot.contains(position) || m_rows <= 0) {
        return {};
    }
    const int device =
        std::clamp(static_cast<int>((position.y() - m_plot.top()) / m_rowHeight), 0, m_rows - 1);
    const double seconds = (position.x() - m_plot.left()) / m_plot.width() * m_result.totalSeconds;
    if (m_drawOperations && !m_result.operations.empty()) {
        const auto begin = m_result.operations.begin() +
                           static_cast<std::ptrdiff_t>(device) * m_result.operationsPerDevice;
        const auto end = begin + m_result.operationsPerDevice;
        auto it =
            std::upper_bound(begin, end, seconds, [](double t, const simcore::PipelineOp& op) {
                return t < op.startSeconds;
            });
        if (it != begin) {
            --it;
            if (seconds <= it->endSeconds) {
                const QString pass =
                    it->pass == simcore::PipelinePass::Forward ? tr("forward") : tr("backward");
                return tr("Device %1, chunk %2 (virtual stage %3): %4 of micro-batch %5, %6 s to "
                          "%7 s")
                    .arg(device)
                    .arg(it->chunk)
                    .arg(it->stage)
                    .arg(pass)
                    .arg(it->microbatch + 1)
                    .arg(common::formatNumber(it->startSeconds, 4),
                         common::formatNumber(it->endSeconds, 4));
            }
        }
    }
    return tr("Device %1 at %2 s: idle (the bubble)")
        .arg(device)
        .arg(common::formatNumber(seconds, 4));
}

bool PipelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString tip = toolTipAt(help->pos());
        if (tip.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), tip, this);
        }
        return true;
    }
    return ChartArea::event(event);
}

QString PipelineView::summary() const
{
    if (!m_result.ok()) {
        return m_problem;
    }
    const auto& r = m_result;
    QString text =
        tr("%1, p = %2, m = %3, v = %4: step %5, ideal %6, bubble %7 of the step "
           "(%8 of the ideal time); at most %9 micro-batches in flight on a device.")
            .arg(scheduleName(m_params.schedule))
            .arg(m_params.stages)
            .arg(m_params.microbatches)
            .arg(m_params.virtualStages)
            .arg(common::formatDuration(r.totalSeconds), common::formatDuration(r.idealSeconds),
                 common::formatPercent(r.bubbleFraction), common::formatPercent(r.bubbleRatio),
                 common::formatNumber(r.maxPeakInFlightMicrobatches, 6));
    return text;
}

QString PipelineView::exportTitle() const
{
    return tr("dtsim — Pipeline schedule: Gantt chart of forward and backward passes with the "
              "bubble");
}

QString PipelineView::csv() const
{
    QString text = QStringLiteral("device,chunk,virtual_stage,microbatch,pass,start_s,end_s\n");
    if (!m_result.ok()) {
        QTextDocument plain;
        plain.setHtml(m_problem);
        text += QStringLiteral("# ") + plain.toPlainText() + QLatin1Char('\n');
        return text;
    }
    const auto& r = m_result;
    text.reserve(text.size() + static_cast<qsizetype>(r.operations.size()) * 40);
    for (const auto& op : r.operations) {
        text += QStringLiteral("%1,%2,%3,%4,%5,%6,%7\n")
                    .arg(op.device)
                    .arg(op.chunk)
                    .arg(op.stage)
                    .arg(op.microbatch)
                    .arg(op.pass == simcore::PipelinePass::Forward ? QStringLiteral("forward")
                                                                   : QStringLiteral("backward"),
                         csvSeconds(op.startSeconds), csvSeconds(op.endSeconds));
    }
    if (r.operations.empty()) {
        text += QStringLiteral("# operations not listed: more than %1\n").arg(kMaxDrawnOperations);
    }
    text += QStringLiteral("# microbatch is 0-based (the chart numbers them from 1); total_s=%1 "
                           "ideal_s=%2 bubble_s=%3 bubble_fraction=%4 bubble_ratio=%5\n")
                .arg(csvSeconds(r.totalSeconds), csvSeconds(r.idealSeconds),
                     csvSeconds(r.bubbleSeconds), common::csvNumber(r.bubbleFraction),
                     common::csvNumber(r.bubbleRatio));
    return text;
}

} // namespace dtsim::ui
