#include "ui/panels/parallelism/parallelismdiagram.h"

#include "common/errortext.h"
#include "common/format.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/drawing.h"
#include "ui/kit/problemtext.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QTextDocument>
#include <QToolTip>
#include <cmath>
#include <utility>

namespace dtsim::ui {

namespace {

// Okabe–Ito colours for the three collectives and the slow-link mark (ui/chartstyle.h). Links
// run over node frames as well as the background, so each is drawn in a shade that stands 3:1
// off the frame's fill, the nearer of the two to it in both looks (orange is darker on white,
// blue lighter on dark).
const QColor kOrange{0xE6, 0x9F, 0x00};
const QColor kCrossingColour{0xD5, 0x5E, 0x00}; // vermillion
const QColor kAlertColour{0xB0, 0x00, 0x20};

QColor tensorColour()
{
    return chartstyle::legible(chartstyle::kCompute, drawing::nodeFill());
}

QColor pipelineColour()
{
    return chartstyle::legible(kOrange, drawing::nodeFill());
}

QColor dataColour()
{
    return chartstyle::legible(chartstyle::kOptimum, drawing::nodeFill());
}

/// The outline of the halo along a link between nodes: its see-through vermillion fill alone
/// was 2.2:1 on white.
QColor crossingColour()
{
    return chartstyle::legible(kCrossingColour, chartstyle::backgroundColor());
}

QColor alertColour()
{
    return chartstyle::legible(kAlertColour, chartstyle::backgroundColor(),
                               chartstyle::kMinTextContrast);
}

QString count(std::int64_t value)
{
    return common::formatWhole(static_cast<std::int64_t>(value));
}

void paintLinkSample(QPainter& painter, DiagramLayout::Sample sample, const QRectF& rect)
{
    const QPointF left(rect.left() + 2, rect.center().y());
    const QPointF right(rect.right() - 2, rect.center().y());
    switch (sample) {
    case DiagramLayout::Sample::Node:
        painter.setPen(QPen(drawing::nodeBorder(), 1.2));
        painter.setBrush(drawing::nodeFill());
        painter.drawRect(rect.adjusted(2, 2, -2, -2));
        break;
    case DiagramLayout::Sample::Tensor:
        painter.setPen(QPen(tensorColour(), 2.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(rect.adjusted(3, 3, -3, -3), 3, 3);
        break;
    case DiagramLayout::Sample::Pipeline:
        painter.setPen(QPen(pipelineColour(), 3, Qt::SolidLine, Qt::FlatCap));
        painter.drawLine(left + QPointF(6, 0), right - QPointF(6, 0));
        painter.setPen(Qt::NoPen);
        painter.setBrush(pipelineColour());
        drawing::drawArrowHead(painter, right, left, 9);
        drawing::drawArrowHead(painter, left, right, 9);
        break;
    case DiagramLayout::Sample::Data:
        painter.setPen(QPen(dataColour(), 2.5, Qt::DashLine, Qt::FlatCap));
        painter.drawLine(left, right);
        break;
    case DiagramLayout::Sample::Crossing: {
        QPainterPath line(left + QPointF(4, 0));
        line.lineTo(right - QPointF(4, 0));
        drawing::drawHalo(painter, line, 10, crossingColour());
    }
        painter.setPen(QPen(chartstyle::textColor(), 2));
        painter.drawLine(left + QPointF(4, 0), right - QPointF(4, 0));
        break;
    }
    painter.setBrush(Qt::NoBrush);
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
    showReport(simcore::parallelismReport(scenario));
}

void ParallelismDiagram::showReport(simcore::ParallelismReport report)
{
    m_report = std::move(report);
    setAccessibleDescription(summary());
    invalidate();
}

void ParallelismDiagram::buildGeometry()
{
    m_layout = layout(m_report, QSizeF(size()), DiagramStyle::current(), &m_layout);
}

const DiagramLayout& ParallelismDiagram::drawnLayout() const
{
    ensureGeometry();
    return m_layout;
}

QString ParallelismDiagram::problem() const
{
    return m_report.ok() ? QString() : describeProblem(m_report.problems.front());
}

// --- Painting ------------------------------------------------------------------------------

void ParallelismDiagram::paintLegend(QPainter& painter) const
{
    painter.setFont(chartstyle::labelFont());
    for (const auto& entry : m_layout.legend) {
        paintLinkSample(painter, entry.sample, entry.sampleRect);
        painter.setPen(chartstyle::textColor());
        painter.drawText(entry.textRect, Qt::AlignLeft | Qt::AlignVCenter, entry.label);
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
    const DiagramLayout& g = m_layout;

    paintTitle(painter, g.titleRect, g.title, Qt::ElideRight);
    paintLegend(painter);

    // Nodes under everything.
    painter.setPen(QPen(drawing::nodeBorder(), 1.2));
    painter.setBrush(drawing::nodeFill());
    for (const auto& frame : g.nodes) {
        painter.drawPath(frame.outline);
    }
    painter.setBrush(Qt::NoBrush);

    // Slow links: a halo under the link.
    for (const auto& link : g.links) {
        if (link.crossing) {
            drawing::drawHalo(painter, link.path, 10, crossingColour());
        }
    }
    const QPen dataPen(dataColour(), 2.5, Qt::DashLine, Qt::FlatCap);
    const QPen pipelinePen(pipelineColour(), 3, Qt::SolidLine, Qt::FlatCap);
    for (const auto& link : g.links) {
        if (link.kind == DiagramLayout::LinkKind::Data) {
            painter.setPen(dataPen);
            painter.drawPath(link.path);
        } else if (link.kind == DiagramLayout::LinkKind::Pipeline) {
            const QPointF d = link.to - link.from;
            const double length = std::hypot(d.x(), d.y());
            if (length < 1) {
                continue;
            }
            const QPointF u = d / length * 7.0;
            painter.setPen(pipelinePen);
            painter.drawLine(link.from + u, link.to - u);
            painter.setPen(Qt::NoPen);
            painter.setBrush(pipelineColour());
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
    for (const auto& box : g.boxes) {
        const QRectF& r = box.rect;
        painter.setPen(QPen(text, 1.2));
        painter.setBrush(chartstyle::backgroundColor());
        painter.drawRoundedRect(r, 3, 3);
        double top = r.center().y() - line * static_cast<double>(box.lines.size()) / 2;
        for (qsizetype i = 0; i < box.lines.size(); ++i) {
            painter.setFont(i == 0 && box.lines.size() > 1 ? boldFont : labelFont);
            painter.drawText(QRectF(r.left() + 2, top, r.width() - 4, line), Qt::AlignCenter,
                             box.lines[i]);
            top += line;
        }
    }
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(tensorColour(), 2.5));
    for (const auto& link : g.links) {
        if (link.kind == DiagramLayout::LinkKind::Tensor) {
            painter.drawPath(link.path);
        }
    }

    // Node tags on the frames' top edge.
    painter.setFont(boldFont);
    for (const auto& frame : g.nodes) {
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

    for (const auto& item : g.texts) {
        painter.setFont(item.bold ? boldFont : labelFont);
        painter.setPen(item.muted ? drawing::mutedText() : item.alert ? alertColour() : text);
        painter.drawText(item.rect, item.flags, item.text);
    }

    painter.setFont(labelFont);
    painter.setPen(text);
    painter.drawStaticText(g.counts.at, g.counts.text);
    for (const auto& caption : g.captions) {
        painter.drawStaticText(caption.at, caption.text);
    }
}

// --- Queries -------------------------------------------------------------------------------

DrawnMarks ParallelismDiagram::drawnMarks() const
{
    const DiagramLayout& g = drawnLayout();
    const auto any = [&g](auto predicate) {
        return std::any_of(g.links.begin(), g.links.end(), predicate);
    };
    const bool tensor =
        any([](const auto& l) { return l.kind == DiagramLayout::LinkKind::Tensor; });
    const bool pipeline =
        any([](const auto& l) { return l.kind == DiagramLayout::LinkKind::Pipeline; });
    const bool data = any([](const auto& l) { return l.kind == DiagramLayout::LinkKind::Data; });
    const bool crossing = any([](const auto& l) { return l.crossing; });
    const bool alert =
        std::any_of(g.texts.begin(), g.texts.end(), [](const auto& t) { return t.alert; });
    const QColor background = chartstyle::backgroundColor();
    const QColor text = chartstyle::textColor();
    const QColor frame = drawing::nodeFill();
    return {
        {QStringLiteral("node frame"), frame, drawing::nodeBorder(), background, false,
         !g.nodes.empty()},
        {QStringLiteral("tensor-parallel link"), tensorColour(), {}, frame, false, tensor},
        {QStringLiteral("pipeline link"), pipelineColour(), {}, frame, false, pipeline},
        {QStringLiteral("data-parallel link"), dataColour(), {}, frame, false, data},
        {QStringLiteral("link between nodes"), drawing::haloTint(crossingColour()),
         crossingColour(), background, false, crossing},
        {QStringLiteral("GPU box"), background, text, frame, false, !g.boxes.empty()},
        {QStringLiteral("GPU text"), text, {}, background, true, !g.boxes.empty()},
        {QStringLiteral("node tag"), text, {}, frame, true, !g.nodes.empty()},
        {QStringLiteral("muted text"), drawing::mutedText(), {}, background, true, false},
        {QStringLiteral("reason nothing is drawn"), alertColour(), {}, background, true, alert},
    };
}

std::vector<std::int64_t> ParallelismDiagram::drawnRanks() const
{
    std::vector<std::int64_t> ranks;
    for (const auto& box : drawnLayout().boxes) {
        ranks.push_back(box.rank);
    }
    return ranks;
}

bool ParallelismDiagram::isAbridged() const
{
    return drawnLayout().isAbridged();
}

QRectF ParallelismDiagram::gpuRect(std::int64_t rank) const
{
    const auto* box = drawnLayout().box(rank);
    return box ? box->rect : QRectF();
}

QString ParallelismDiagram::captionText() const
{
    QString text;
    for (const auto& caption : drawnLayout().captions) {
        QTextDocument document;
        document.setHtml(caption.text.text());
        text += document.toPlainText() + QLatin1Char('\n');
    }
    return text.trimmed();
}

ParallelismDiagram::LinkCounts ParallelismDiagram::drawnLinks() const
{
    LinkCounts counts;
    for (const auto& link : drawnLayout().links) {
        switch (link.kind) {
        case DiagramLayout::LinkKind::Tensor:
            ++counts.tensor;
            break;
        case DiagramLayout::LinkKind::Pipeline:
            ++counts.pipeline;
            break;
        case DiagramLayout::LinkKind::Data:
            ++counts.data;
            break;
        }
        counts.crossing += link.crossing ? 1 : 0;
    }
    return counts;
}

QString ParallelismDiagram::gpuToolTip(std::int64_t rank) const
{
    if (!m_report.ok() || rank < 0 || rank >= m_report.summary.gpus) {
        return {};
    }
    const auto& p = m_report.layout;
    const simcore::GpuRole role = simcore::gpuRole(m_report, rank);
    const auto& c = role.place;
    const auto members = [](const simcore::GroupRanks& group) {
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
    const auto where = [&c](bool crosses) {
        return crosses ? tr("across nodes: slow links") : tr("inside node %1").arg(c.node);
    };
    QStringList lines;
    lines << tr("GPU %1: node %2, slot %3").arg(rank).arg(c.node).arg(c.slot);
    QStringList spans;
    for (const auto& span : role.layers) {
        spans << layerSpanLabel(span);
    }
    lines << tr("Holds layers %1 (pipeline stage %2 of %3).")
                 .arg(spans.join(QStringLiteral(", ")))
                 .arg(c.pp)
                 .arg(p.pp);
    lines << (p.tp > 1 ? tr("Holds shard %1 of %2 of every weight matrix in those layers.")
                             .arg(role.weightShard)
                             .arg(p.tp)
                       : tr("Holds those layers' weights whole (no tensor parallelism)."));
    lines << (p.dp > 1 ? tr("Trains on batch slice %1 of %2 (replica %3).")
                             .arg(role.batchSlice)
                             .arg(p.dp)
                             .arg(c.dp)
                       : tr("Trains on the whole batch (one replica)."));
    if (p.tp > 1) {
        lines << tr("All-reduces each layer's output with GPUs %1 (tensor group, %2).")
                     .arg(members(role.tensorGroup), where(role.tensorGroupCrossesNode));
    }
    if (p.pp > 1) {
        QStringList sends;
        if (role.activationsTo) {
            sends << tr("activations to GPU %1").arg(*role.activationsTo);
        }
        if (role.gradientsTo) {
            sends << tr("gradients back to GPU %1").arg(*role.gradientsTo);
        }
        if (role.nextChunkTo) {
            sends << tr("the next chunk's activations to GPU %1").arg(*role.nextChunkTo);
        }
        lines << tr("Sends %1 (pipeline, %2).")
                     .arg(sends.join(QStringLiteral("; ")), where(role.pipelineGroupCrossesNode));
    }
    if (p.dp > 1) {
        lines << tr("All-reduces its gradients with GPUs %1 every step (data-parallel group, %2).")
                     .arg(members(role.dataGroup), where(role.dataGroupCrossesNode));
    }
    return lines.join(QLatin1Char('\n'));
}

bool ParallelismDiagram::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        for (const auto& box : drawnLayout().boxes) {
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
    if (!m_report.ok()) {
        return problem();
    }
    const auto& s = m_report.summary;
    const auto& p = m_report.layout;
    // One sentence per count whose plural form the words follow.
    const auto crossing = [](std::int64_t crossed) {
        return tr("%1 crossing a node").arg(count(crossed));
    };
    return tr("%1 GPU(s) = dp %2 × tp %3 × pp %4", nullptr, common::numerus(s.gpus))
               .arg(count(s.gpus))
               .arg(p.dp)
               .arg(p.tp)
               .arg(p.pp) +
           QLatin1Char(' ') +
           tr("on %1 node(s) of %2.", nullptr, common::numerus(s.nodes))
               .arg(count(s.nodes))
               .arg(p.gpusPerNode) +
           QLatin1Char(' ') +
           tr("Tensor groups: %1 of %2 GPU(s), %3.", nullptr, common::numerus(s.tensor.size))
               .arg(count(s.tensor.count), count(s.tensor.size), crossing(s.tensor.crossingNodes)) +
           QLatin1Char(' ') +
           tr("Pipelines: %1 of %2 stage(s),", nullptr, common::numerus(s.pipeline.size))
               .arg(count(s.pipeline.count), count(s.pipeline.size)) +
           QLatin1Char(' ') +
           tr("%1 of %2 send(s) crossing a node.", nullptr, common::numerus(s.pipeline.hops))
               .arg(count(s.pipeline.crossingHops), count(s.pipeline.hops)) +
           QLatin1Char(' ') +
           tr("Data-parallel groups: %1 of %2 replica(s), %3.", nullptr,
              common::numerus(s.data.size))
               .arg(count(s.data.count), count(s.data.size), crossing(s.data.crossingNodes));
}

QString ParallelismDiagram::exportTitle() const
{
    return tr("dtsim — Parallelism: what each GPU holds and sends under data, tensor and "
              "pipeline parallelism");
}

std::vector<simcore::CsvTable> ParallelismDiagram::csv() const
{
    return simcore::parallelismCsv(m_report);
}

} // namespace dtsim::ui
