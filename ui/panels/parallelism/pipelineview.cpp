#include "ui/panels/parallelism/pipelineview.h"

#include "common/errortext.h"
#include "common/format.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/problemtext.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <utility>

namespace dtsim::ui {

namespace {

const QColor kForward = PipelineView::colours().forward;
const QColor kBackward = PipelineView::colours().backward;
const QColor kWeight = PipelineView::colours().weight;
const QColor kIdleFill = PipelineView::colours().idleFill;
const QColor kBlockEdge = PipelineView::colours().blockEdge;
const QColor kForwardText{0xFF, 0xFF, 0xFF};
const QColor kBackwardText{0x20, 0x20, 0x20};
// Dark on the bluish green: white there is 3.4:1, under the 4.5:1 text needs.
const QColor kWeightText{0x20, 0x20, 0x20};
const QColor kAlertColour{0xB0, 0x00, 0x20};

/// The idle time's hatching: the bubble's reddish purple in a shade 3:1 off the pale fill.
QColor idleHatch()
{
    return chartstyle::legible(chartstyle::kBubble, kIdleFill);
}

QColor alertColour()
{
    return chartstyle::legible(kAlertColour, chartstyle::backgroundColor(),
                               chartstyle::kMinTextContrast);
}

QColor fillOf(simcore::PipelinePass pass)
{
    switch (pass) {
    case simcore::PipelinePass::Forward:
        return kForward;
    case simcore::PipelinePass::Backward:
        return kBackward;
    case simcore::PipelinePass::Weight:
        return kWeight;
    }
    return kForward;
}

QColor textOf(simcore::PipelinePass pass)
{
    switch (pass) {
    case simcore::PipelinePass::Forward:
        return kForwardText;
    case simcore::PipelinePass::Backward:
        return kBackwardText;
    case simcore::PipelinePass::Weight:
        return kWeightText;
    }
    return kForwardText;
}

// The hatch that marks a block's chunk: light on the dark fills, dark on the orange.
QColor hatchOf(simcore::PipelinePass pass)
{
    return pass == simcore::PipelinePass::Backward ? QColor(0, 0, 0, 140)
                                                   : QColor(255, 255, 255, 170);
}

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
    return {idleHatch(), Qt::BDiagPattern};
}

} // namespace

const GanttColours& PipelineView::colours()
{
    // Okabe–Ito: forward blue, backward orange, weight gradient bluish green: apart in colour
    // for colour-blind viewers and in greyscale (luma ≈ 87, 162, 116). The rows' inside is the
    // pale idle fill in every look, so each block also has a dark edge: orange and green stand
    // under 3:1 off that fill, the edge over 12:1.
    static const GanttColours colours{chartstyle::kCompute,        // #0072B2
                                      QColor(0xE6, 0x9F, 0x00),    // #E69F00
                                      chartstyle::kOptimizerState, // #009E73
                                      QColor(0xF6, 0xE4, 0xEF),    // pale reddish purple
                                      QColor(0x20, 0x20, 0x20)};
    return colours;
}

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

void PipelineView::showScenario(const simcore::Scenario& scenario)
{
    showReport(simcore::pipelineReport(scenario));
}

void PipelineView::showReport(simcore::PipelineReport report)
{
    m_report = std::move(report);
    setAccessibleDescription(summary());
    invalidate();
}

QString PipelineView::problem() const
{
    return m_report.ok() ? QString() : describeProblem(m_report.problems.front());
}

QString PipelineView::memoryProblem() const
{
    return m_report.ok() && m_report.memoryProblem ? describeProblem(*m_report.memoryProblem)
                                                   : QString();
}

void PipelineView::buildGeometry()
{
    m_layout = layout(m_report, QSizeF(size()), DiagramStyle::current());
}

const GanttLayout& PipelineView::drawnLayout() const
{
    ensureGeometry();
    return m_layout;
}

int PipelineView::rowCount() const
{
    return drawnLayout().rows;
}

QPointF PipelineView::pointAt(double seconds, int device) const
{
    const GanttLayout& g = drawnLayout();
    const double total = m_report.result.totalSeconds;
    if (!m_report.ok() || !(total > 0)) {
        return {};
    }
    return {g.plot.left() + seconds / total * g.plot.width(),
            g.plot.top() + (device + 0.5) * g.rowHeight};
}

void PipelineView::paintRows(QPainter& painter) const
{
    const GanttLayout& g = m_layout;
    if (!g.operationsDrawn) {
        // Nothing is known per operation: neither busy nor idle, so neither colour.
        painter.fillRect(g.plot, chartstyle::gridColor());
        painter.setPen(chartstyle::textColor());
        painter.setFont(chartstyle::labelFont());
        painter.drawText(g.noteRect, Qt::AlignCenter | Qt::TextWordWrap, g.note);
        return;
    }
    // Idle everywhere first: the blocks cover what is busy.
    painter.fillRect(g.plot, kIdleFill);
    painter.fillRect(g.plot, idleBrush());
    const QColor background = chartstyle::backgroundColor();
    for (const QRectF& strip : g.rowGaps) {
        painter.fillRect(strip, background);
    }
    for (const auto& block : g.blocks) {
        painter.fillRect(block.rect, fillOf(block.pass));
        if (block.chunk > 0) {
            painter.fillRect(block.rect, QBrush(hatchOf(block.pass), chunkPattern(block.chunk)));
        }
        if (block.outlined) {
            painter.setPen(QPen(kBlockEdge, 1));
            painter.drawRect(block.rect.adjusted(0.5, 0.5, -0.5, -0.5));
        }
        if (block.hairline) {
            painter.fillRect(QRectF(block.rect.left(), block.rect.top(), 1, block.rect.height()),
                             background);
        }
        if (block.number >= 0) {
            painter.setPen(textOf(block.pass));
            painter.drawStaticText(block.numberAt,
                                   g.numbers[static_cast<std::size_t>(block.number)]);
        }
    }
}

void PipelineView::paintEvent(QPaintEvent* /*event*/)
{
    ensureGeometry();
    const GanttLayout& g = m_layout;
    QPainter painter(this);
    painter.fillRect(rect(), chartstyle::backgroundColor());
    const QColor text = chartstyle::textColor();
    const QFont labelFont = chartstyle::labelFont();
    QFont bold = labelFont;
    bold.setBold(true);

    paintTitle(painter, g.titleRect, g.title, Qt::ElideRight);
    painter.setFont(bold);
    painter.setPen(g.drawn ? text : alertColour());
    painter.drawText(g.subtitleRect, Qt::AlignLeft | Qt::TextWordWrap, g.subtitle);

    // Legend.
    painter.setFont(labelFont);
    for (const auto& entry : g.legend) {
        const QRectF swatch = entry.sampleRect.adjusted(2, 2, -2, -2);
        switch (entry.sample) {
        case GanttLayout::Sample::Forward:
            painter.fillRect(swatch, kForward);
            break;
        case GanttLayout::Sample::Backward:
            painter.fillRect(swatch, kBackward);
            break;
        case GanttLayout::Sample::Weight:
            painter.fillRect(swatch, kWeight);
            break;
        case GanttLayout::Sample::Idle:
            painter.fillRect(swatch, kIdleFill);
            painter.fillRect(swatch, idleBrush());
            break;
        case GanttLayout::Sample::Chunk:
            painter.fillRect(swatch, kForward);
            painter.fillRect(swatch, QBrush(QColor(255, 255, 255, 170), chunkPattern(1)));
            break;
        }
        // The blocks' edge in the light look (the swatch stands on the background there);
        // the axis colour on dark, where the fills stand 3:1 off it by themselves.
        painter.setPen(QPen(chartstyle::look().dark ? chartstyle::axisLineColor() : kBlockEdge, 1));
        painter.drawRect(swatch);
        painter.setPen(text);
        painter.drawText(entry.textRect, Qt::AlignLeft | Qt::AlignVCenter, entry.label);
    }

    if (!g.drawn) {
        painter.setPen(QPen(chartstyle::axisLineColor(), 1, Qt::DashLine));
        painter.drawRect(g.problemRect);
        painter.setPen(alertColour());
        painter.setFont(bold);
        painter.drawText(g.problemRect.adjusted(20, 20, -20, -20),
                         Qt::AlignCenter | Qt::TextWordWrap, g.problem);
        return;
    }

    paintRows(painter);
    painter.setPen(QPen(chartstyle::axisLineColor(), 1));
    painter.drawRect(g.plot);

    // Row labels and in-flight memory.
    painter.setPen(text);
    painter.setFont(bold);
    for (const auto& label : g.deviceLabels) {
        painter.drawText(label.rect, Qt::AlignRight | Qt::AlignVCenter, label.text);
    }
    painter.setFont(labelFont);
    for (const auto& label : g.inFlightLabels) {
        painter.drawText(label.rect, Qt::AlignLeft | Qt::AlignVCenter, label.text);
    }

    // Time axis.
    const double axisTop = g.plot.bottom();
    for (const auto& tick : g.ticks) {
        painter.setPen(QPen(chartstyle::axisLineColor(), 1));
        painter.drawLine(QPointF(tick.x, axisTop), QPointF(tick.x, axisTop + 5));
        painter.setPen(text);
        painter.drawText(tick.labelRect, Qt::AlignCenter, tick.label);
    }
    painter.drawText(g.axisTitleRect, Qt::AlignCenter, g.axisTitle);

    if (!g.note.isEmpty() && g.operationsDrawn) {
        painter.setFont(bold);
        painter.setPen(alertColour());
        painter.drawText(g.noteRect, Qt::AlignLeft | Qt::AlignVCenter, g.note);
    }
    painter.setFont(labelFont);
    painter.setPen(text);
    painter.drawStaticText(g.memory.at, g.memory.text);
}

DrawnMarks PipelineView::drawnMarks() const
{
    const GanttLayout& g = drawnLayout();
    const bool blocks = g.drawn && g.operationsDrawn;
    const auto drawn = [&g, blocks](simcore::PipelinePass pass) {
        return blocks && std::any_of(g.blocks.begin(), g.blocks.end(), [pass](const auto& block) {
                   return block.pass == pass && block.outlined;
               });
    };
    const QColor background = chartstyle::backgroundColor();
    const QColor text = chartstyle::textColor();
    const QColor swatchEdge = chartstyle::look().dark ? chartstyle::axisLineColor() : kBlockEdge;
    DrawnMarks marks;
    const std::pair<simcore::PipelinePass, const char*> passes[] = {
        {simcore::PipelinePass::Forward, "forward"},
        {simcore::PipelinePass::Backward, "backward"},
        {simcore::PipelinePass::Weight, "weight gradient"}};
    for (const auto& [pass, name] : passes) {
        const QString what = QLatin1String(name);
        marks.push_back({what + QStringLiteral(" block"), fillOf(pass), kBlockEdge, kIdleFill,
                         false, drawn(pass)});
        marks.push_back({QStringLiteral("number in a ") + what + QStringLiteral(" block"),
                         textOf(pass),
                         {},
                         fillOf(pass),
                         true,
                         false});
        marks.push_back({QStringLiteral("legend swatch: ") + what, fillOf(pass), swatchEdge,
                         background, false, false});
    }
    marks.push_back(
        {QStringLiteral("idle time's hatching"), idleHatch(), {}, kIdleFill, false, blocks});
    marks.push_back({QStringLiteral("plot frame"),
                     chartstyle::axisLineColor(),
                     {},
                     background,
                     false,
                     g.drawn});
    marks.push_back({QStringLiteral("labels"), text, {}, background, true});
    marks.push_back({QStringLiteral("warning"),
                     alertColour(),
                     {},
                     background,
                     true,
                     !g.drawn || (!g.note.isEmpty() && g.operationsDrawn)});
    return marks;
}

QString PipelineView::toolTipAt(const QPointF& position) const
{
    const GanttLayout& g = drawnLayout();
    if (!m_report.ok() || !g.plot.contains(position) || g.rows <= 0) {
        return {};
    }
    const auto& r = m_report.result;
    const int device =
        std::clamp(static_cast<int>((position.y() - g.plot.top()) / g.rowHeight), 0, g.rows - 1);
    const double seconds = (position.x() - g.plot.left()) / g.plot.width() * r.totalSeconds;
    if (g.operationsDrawn && !r.operations.empty()) {
        const auto begin =
            r.operations.begin() + static_cast<std::ptrdiff_t>(device) * r.operationsPerDevice;
        const auto end = begin + r.operationsPerDevice;
        auto it =
            std::upper_bound(begin, end, seconds, [](double t, const simcore::PipelineOp& op) {
                return t < op.startSeconds;
            });
        if (it != begin) {
            --it;
            if (seconds <= it->endSeconds) {
                const bool split = simcore::splitsBackward(m_report.params.schedule);
                const QString pass = it->pass == simcore::PipelinePass::Forward ? tr("forward")
                                     : it->pass == simcore::PipelinePass::Weight
                                         ? tr("weight gradient W")
                                     : split ? tr("input gradient B")
                                             : tr("backward");
                return tr("Device %1, chunk %2 (virtual stage %3): %4 of micro-batch %5, %6 s to "
                          "%7 s")
                    .arg(device)
                    .arg(it->chunk)
                    .arg(it->stage)
                    .arg(pass)
                    .arg(it->microbatch + 1) // papers number micro-batches from 1
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
    if (!m_report.ok()) {
        return problem();
    }
    const auto& p = m_report.params;
    const auto value = [this](std::string_view id) { return common::formatQuantity(m_report, id); };
    return tr("%1, p = %2, m = %3, v = %4: step %5, ideal %6, bubble %7 of the step "
              "(%8 of the ideal time); at most %9 micro-batch(es) in flight on a device.",
              nullptr, common::numerusOfAmount(m_report.result.maxPeakInFlightMicrobatches))
        .arg(scheduleName(p.schedule))
        .arg(p.stages)
        .arg(p.microbatches)
        .arg(p.virtualStages)
        .arg(value("time"), value("ideal_time"), value("bubble_fraction"), value("bubble_ratio"),
             common::formatNumber(m_report.result.maxPeakInFlightMicrobatches, 6));
}

QString PipelineView::exportTitle() const
{
    return tr("dtsim — Pipeline schedule: Gantt chart of forward and backward passes with the "
              "bubble");
}

std::vector<simcore::CsvTable> PipelineView::csv() const
{
    return simcore::pipelineCsv(m_report);
}

} // namespace dtsim::ui
