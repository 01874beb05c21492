#include "ui/panels/topology/topologydiagram.h"

#include "common/format.h"
#include "ui/kit/drawing.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPathStroker>
#include <QToolTip>
#include <algorithm>

namespace dtsim::ui {

namespace {

using simcore::LinkKind;

constexpr double kHitWidth = 10; // how close the pointer must be to a hop's line

const QColor kBottleneckColour{0xD5, 0x5E, 0x00}; // vermillion (Okabe–Ito)

QColor boxFill(bool used)
{
    if (chartstyle::look().dark) {
        return used ? QColor(0x1E, 0x1E, 0x1E) : QColor(0x2C, 0x2C, 0x2C);
    }
    return used ? QColor(Qt::white) : QColor(0xF0, 0xF0, 0xF0);
}

/// The bottleneck's mark (a halo's outline along its hop, a frame round its pair): a shade that
/// stands 3:1 off the node frames it crosses; the halo's see-through fill alone was 2:1 on white.
QColor bottleneckColour()
{
    return chartstyle::legible(kBottleneckColour, drawing::nodeFill());
}

QColor problemColour()
{
    return chartstyle::legible(kBottleneckColour, chartstyle::backgroundColor(),
                               chartstyle::kMinTextContrast);
}

double penWidth(LinkKind kind)
{
    switch (kind) {
    case LinkKind::NvSwitch:
    case LinkKind::NvLink:
    case LinkKind::Network:
        return 3.5;
    default:
        return 2.8;
    }
}

/// What an nvidia-smi code means (its Legend block), for the pair table's tooltips.
QString codeMeaning(const simcore::TopoCell& cell, LinkKind kind)
{
    using simcore::TopoCode;
    switch (cell.code) {
    case TopoCode::NvLink:
        return kind == LinkKind::NvSwitch
                   ? TopologyDiagram::tr("NV%1: %1 NVLinks per GPU into the NVSwitch chips; the "
                                         "same on every pair, so any two GPUs talk at full rate")
                         .arg(cell.nvlinks)
                   : TopologyDiagram::tr("NV%1: a bonded set of %1 NVLinks directly between the "
                                         "two GPUs")
                         .arg(cell.nvlinks);
    case TopoCode::Pix:
        return TopologyDiagram::tr("PIX: through at most one PCIe switch, not through the CPU");
    case TopoCode::Pxb:
        return TopologyDiagram::tr("PXB: through several PCIe switches, not through the CPU");
    case TopoCode::Phb:
        return TopologyDiagram::tr("PHB: through PCIe and the CPU's host bridge");
    case TopoCode::Node:
        return TopologyDiagram::tr(
            "NODE: through PCIe and between the host bridges of one CPU (one NUMA node)");
    case TopoCode::Sys:
        return TopologyDiagram::tr(
            "SYS: through PCIe and the link between the CPU sockets (UPI / Infinity Fabric)");
    case TopoCode::Self:
        break;
    }
    return {};
}

} // namespace

TopologyDiagram::TopologyDiagram(QWidget* parent) : PaintedChartArea(parent)
{
    setAccessibleName(tr("Cluster topology diagram"));
    showScenario(simcore::Scenario{});
}

QString TopologyDiagram::kindName(LinkKind kind)
{
    switch (kind) {
    case LinkKind::NvSwitch:
        return tr("NVSwitch (NVLink)");
    case LinkKind::NvLink:
        return tr("direct NVLink");
    case LinkKind::PcieSwitch:
        return tr("PCIe switch");
    case LinkKind::PcieHostBridge:
        return tr("PCIe through the CPU");
    case LinkKind::CpuInterconnect:
        return tr("across CPU sockets");
    case LinkKind::Network:
        return tr("network (NIC)");
    case LinkKind::Custom:
        return tr("your link inside a node");
    }
    return {};
}

QColor TopologyDiagram::kindColour(LinkKind kind)
{
    // Links are lines, with no outline: each in a shade that stands 3:1 off the node frames they
    // cross, the nearer surface to them in both looks (PCIe's sky blue and orange are drawn
    // darker on white).
    switch (kind) {
    case LinkKind::NvSwitch:
    case LinkKind::NvLink:
        return chartstyle::legible(chartstyle::kCompute, drawing::nodeFill()); // blue
    case LinkKind::PcieSwitch:
        return chartstyle::legible(chartstyle::kWork,
                                   drawing::nodeFill()); // sky blue: PCIe below the switches
    case LinkKind::PcieHostBridge:
        return chartstyle::legible(chartstyle::kCommunication, drawing::nodeFill()); // orange
    case LinkKind::CpuInterconnect:
        return chartstyle::legible(chartstyle::kBubble, drawing::nodeFill()); // reddish purple
    case LinkKind::Network:
        return chartstyle::legible(chartstyle::kOptimum, drawing::nodeFill()); // bluish green
    case LinkKind::Custom:
        return chartstyle::referenceColour();
    }
    return chartstyle::textColor();
}

Qt::PenStyle TopologyDiagram::kindStyle(LinkKind kind)
{
    switch (kind) {
    case LinkKind::NvSwitch:
    case LinkKind::NvLink:
    case LinkKind::Custom:
        return Qt::SolidLine;
    case LinkKind::PcieSwitch:
        return Qt::DashDotDotLine;
    case LinkKind::PcieHostBridge:
        return Qt::DashLine;
    case LinkKind::CpuInterconnect:
        return Qt::DashDotLine;
    case LinkKind::Network:
        return Qt::DotLine;
    }
    return Qt::SolidLine;
}

void TopologyDiagram::showScenario(const simcore::Scenario& scenario)
{
    showReport(simcore::topologyReport(scenario));
}

void TopologyDiagram::showReport(const simcore::TopologyReport& report)
{
    m_report = report;
    m_problem = topologyProblem(m_report);
    setAccessibleDescription(summary());
    invalidate();
}

void TopologyDiagram::retranslate()
{
    m_problem = topologyProblem(m_report);
    PaintedChartArea::retranslate();
}

void TopologyDiagram::buildGeometry()
{
    m_layout = layoutTopology(m_report, size(), chartstyle::titleFont(), chartstyle::labelFont());
    m_pairs.clear();
    if (m_layout.table) {
        for (const auto& placed : m_layout.table->cells) {
            const auto& cell = m_report.pairs[placed.pair];
            m_pairs.push_back({cell.a, cell.b, cell.link.kind, QString::fromStdString(cell.code),
                               cell.inRing, cell.slowest, placed.rect});
        }
    }
}

DrawnMarks TopologyDiagram::drawnMarks() const
{
    const TopologyLayout& g = layout();
    const QColor background = chartstyle::backgroundColor();
    const QColor text = chartstyle::textColor();
    const QColor frame = drawing::nodeFill();
    const bool ok = m_report.ok();
    DrawnMarks marks{
        {QStringLiteral("node frame"), frame, drawing::nodeBorder(), background, false,
         ok && !g.nodes.empty()},
        {QStringLiteral("GPU box"), boxFill(true), text, frame, false, ok && !g.boxes.empty()},
        {QStringLiteral("idle GPU box"), boxFill(false), drawing::mutedText(), frame, false, false},
        {QStringLiteral("bottleneck"), drawing::haloTint(bottleneckColour()), bottleneckColour(),
         frame, false, ok && g.highlighted.has_value()},
        {QStringLiteral("text"), text, {}, background, true, ok},
        {QStringLiteral("text in a node"), text, {}, frame, true, ok && !g.nodes.empty()},
        {QStringLiteral("muted text"), drawing::mutedText(), {}, frame, true, false},
        {QStringLiteral("problem"), problemColour(), {}, background, true, !ok},
    };
    for (const LinkKind kind :
         {LinkKind::NvSwitch, LinkKind::NvLink, LinkKind::PcieSwitch, LinkKind::PcieHostBridge,
          LinkKind::CpuInterconnect, LinkKind::Network, LinkKind::Custom}) {
        const bool drawn = std::any_of(g.hops.begin(), g.hops.end(), [&](const auto& path) {
            return m_report.hops[path.hop].hop.kind == kind;
        });
        marks.push_back({QStringLiteral("link: ") + kindName(kind),
                         kindColour(kind),
                         {},
                         frame,
                         false,
                         ok && drawn});
    }
    return marks;
}

const TopologyLayout& TopologyDiagram::layout() const
{
    ensureGeometry();
    return m_layout;
}

void TopologyDiagram::paintEvent(QPaintEvent* /*event*/)
{
    ensureGeometry();
    const TopologyLayout& layout = m_layout;
    QPainter painter(this);
    painter.fillRect(rect(), chartstyle::backgroundColor());
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    const QColor text = chartstyle::textColor();
    const QFont labelFont = chartstyle::labelFont();
    QFont bold = labelFont;
    bold.setBold(true);
    paintTitle(painter, layout.title.rect, layout.title.text, Qt::ElideMiddle);
    painter.setFont(labelFont);
    if (!m_report.ok()) {
        painter.setPen(problemColour());
        painter.drawText(layout.problem.rect, Qt::AlignHCenter | Qt::TextWordWrap,
                         layout.problem.text);
        return;
    }

    for (const auto& entry : layout.legend) {
        const double mid = entry.sample.center().y();
        if (entry.bottleneck) {
            QPainterPath line(QPointF(entry.sample.left() + 6, mid));
            line.lineTo(QPointF(entry.sample.right() - 6, mid));
            drawing::drawHalo(painter, line, 12, bottleneckColour());
        } else {
            painter.setPen(QPen(kindColour(entry.kind), penWidth(entry.kind), kindStyle(entry.kind),
                                Qt::FlatCap));
            painter.drawLine(QPointF(entry.sample.left(), mid), QPointF(entry.sample.right(), mid));
        }
        painter.setPen(text);
        painter.drawText(entry.label.rect, Qt::AlignLeft | Qt::AlignVCenter, entry.label.text);
    }
    if (!layout.bottleneck.text.isEmpty()) {
        painter.setFont(bold);
        painter.setPen(chartstyle::look().dark ? QColor(0xFF, 0x9E, 0x5E)
                                               : QColor(0x9A, 0x3A, 0x00));
        painter.drawText(layout.bottleneck.rect, Qt::AlignLeft | Qt::AlignVCenter,
                         layout.bottleneck.text);
        painter.setFont(labelFont);
    }

    // Nodes, then the fabric, then the GPUs.
    for (const auto& frame : layout.nodes) {
        if (frame.node < 0) {
            painter.setPen(drawing::mutedText());
            painter.drawText(frame.caption.rect, Qt::AlignCenter, frame.caption.text);
            continue;
        }
        painter.setPen(QPen(drawing::nodeBorder(), 1.2, frame.used ? Qt::SolidLine : Qt::DashLine));
        painter.setBrush(drawing::nodeFill(frame.used));
        painter.drawRoundedRect(frame.rect, 8, 8);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(frame.used ? text : drawing::mutedText());
        painter.drawText(frame.caption.rect, Qt::AlignLeft | Qt::AlignVCenter, frame.caption.text);
    }
    for (const auto& chip : layout.chips) {
        painter.setPen(QPen(kindColour(chip.kind), 1.6, kindStyle(chip.kind)));
        painter.setBrush(boxFill(true));
        painter.drawRoundedRect(chip.label.rect, 3, 3);
        painter.setPen(text);
        painter.drawText(chip.label.rect, Qt::AlignCenter, chip.label.text);
    }
    painter.setBrush(Qt::NoBrush);
    if (!layout.fabric.isEmpty()) {
        const QColor network = kindColour(LinkKind::Network);
        painter.setPen(QPen(network, 1.2));
        painter.setBrush(QColor(network.red(), network.green(), network.blue(), 28));
        painter.drawRoundedRect(layout.fabric, 6, 6);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(text);
        painter.drawText(layout.fabricText.rect, Qt::AlignRight | Qt::AlignBottom,
                         layout.fabricText.text);
    }

    // The pair table of an imported node.
    if (const auto& table = layout.table) {
        painter.setFont(bold);
        painter.setPen(text);
        painter.drawText(table->title.rect, Qt::AlignHCenter | Qt::AlignVCenter, table->title.text);
        QFont header = table->cellFont;
        header.setBold(false);
        painter.setFont(header);
        painter.setPen(drawing::mutedText());
        for (const auto& placed : table->headers) {
            painter.drawText(placed.rect, Qt::AlignCenter, placed.text);
        }
        const int alpha = chartstyle::look().dark ? 90 : 55;
        for (const auto& placed : table->cells) {
            const auto& cell = m_report.pairs[placed.pair];
            const QColor colour = kindColour(cell.link.kind);
            const QRectF box = placed.rect.adjusted(1.5, 1.5, -1.5, -1.5);
            painter.setBrush(QColor(colour.red(), colour.green(), colour.blue(), alpha));
            // The ring's pairs: a heavier frame and bold code, legible in greyscale too.
            painter.setPen(QPen(colour, cell.inRing ? 2.8 : 1.2, kindStyle(cell.link.kind)));
            painter.drawRect(box);
            painter.setBrush(Qt::NoBrush);
            if (cell.slowest) {
                painter.setPen(QPen(bottleneckColour(), 3.5));
                painter.drawRect(box.adjusted(1, 1, -1, -1));
            }
            QFont font = table->cellFont;
            font.setBold(cell.inRing);
            painter.setFont(font);
            painter.setPen(text);
            painter.drawText(placed.rect, Qt::AlignCenter, QString::fromStdString(cell.code));
        }
        painter.setFont(labelFont);
        painter.setPen(drawing::mutedText());
        painter.drawText(table->key.rect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                         table->key.text);
        painter.setPen(text);
    }

    // The bottleneck's halo under everything that moves data.
    for (const auto& path : layout.hops) {
        if (layout.highlighted && path.hop == *layout.highlighted) {
            drawing::drawHalo(painter, path.path, 14, bottleneckColour());
        }
    }
    for (const auto& b : layout.boxes) {
        painter.setPen(QPen(b.used ? text : drawing::mutedText(), b.used ? 1.6 : 1.0,
                            b.used ? Qt::SolidLine : Qt::DotLine));
        painter.setBrush(boxFill(b.used));
        painter.drawRoundedRect(b.rect, 5, 5);
        painter.setFont(b.used ? bold : labelFont);
        painter.setPen(b.used ? text : drawing::mutedText());
        painter.drawText(b.label.rect, Qt::AlignCenter, b.label.text);
    }
    painter.setBrush(Qt::NoBrush);
    painter.setFont(labelFont);
    painter.setPen(drawing::mutedText());
    for (const auto& gap : layout.gpuGaps) {
        painter.drawText(gap, Qt::AlignCenter, QStringLiteral("…"));
    }
    for (const auto& path : layout.hops) {
        const auto& hop = m_report.hops[path.hop].hop;
        const QColor colour = kindColour(hop.kind);
        painter.setPen(
            QPen(colour, penWidth(hop.kind), kindStyle(hop.kind), Qt::FlatCap, Qt::MiterJoin));
        painter.drawPath(path.path);
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        drawing::drawArrowHead(painter, path.tip, path.from, 11);
        painter.setBrush(Qt::NoBrush);
        if (!path.label.rect.isEmpty()) {
            painter.setPen(text);
            painter.drawText(path.label.rect, Qt::AlignCenter, path.label.text);
        }
    }
}

bool TopologyDiagram::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        ensureGeometry();
        if (const auto hop = hopAt(help->pos())) {
            QToolTip::showText(help->globalPos(), hopToolTip(*hop), this);
            return true;
        }
        if (const auto cell = pairAt(help->pos())) {
            QToolTip::showText(help->globalPos(), pairToolTip(*cell), this,
                               m_pairs[*cell].rect.toAlignedRect());
            return true;
        }
        for (const auto& b : m_layout.boxes) {
            if (b.rect.contains(help->pos())) {
                QToolTip::showText(
                    help->globalPos(),
                    b.used ? tr("GPU %1 on node %2, in the all-reduce").arg(b.gpu).arg(b.nodeNumber)
                           : tr("GPU %1 on node %2, idle in this all-reduce")
                                 .arg(b.gpu)
                                 .arg(b.nodeNumber),
                    this, b.rect.toAlignedRect());
                return true;
            }
        }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return ChartArea::event(event);
}

std::optional<std::size_t> TopologyDiagram::hopAt(QPointF point) const
{
    ensureGeometry();
    QPainterPathStroker stroker;
    stroker.setWidth(kHitWidth);
    for (const auto& path : m_layout.hops) {
        if (stroker.createStroke(path.path).contains(point)) {
            return path.hop;
        }
    }
    return std::nullopt;
}

std::optional<QPointF> TopologyDiagram::hopPoint(std::size_t hop) const
{
    ensureGeometry();
    for (const auto& path : m_layout.hops) {
        if (path.hop == hop) {
            return path.path.pointAtPercent(0.5);
        }
    }
    return std::nullopt;
}

QString TopologyDiagram::linkSource(std::string_view id) const
{
    if (const auto* spec = simcore::findTopologyLink(id)) {
        return QString::fromUtf8(spec->source.data(), static_cast<qsizetype>(spec->source.size()));
    }
    return tr("your scenario's %1 key")
        .arg(QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size())));
}

QString TopologyDiagram::hopToolTip(std::size_t index) const
{
    if (index >= m_report.hops.size()) {
        return {};
    }
    const auto& drawn = m_report.hops[index];
    const auto& hop = drawn.hop;
    QString tip = tr("GPU %1 → GPU %2: %3").arg(hop.from).arg(hop.to).arg(kindName(hop.kind));
    if (drawn.nvlinks > 0) {
        tip += QLatin1Char('\n') + tr("%1 NVLinks bonded (NV%1)").arg(drawn.nvlinks);
    }
    tip += QLatin1Char('\n') + tr("Bandwidth: %1, one direction, per GPU")
                                   .arg(common::formatBandwidth(hop.link.bandwidthBytesPerSecond));
    tip += QLatin1Char('\n') +
           tr("Latency: %1 per message").arg(common::formatDuration(hop.link.latencySeconds));
    tip += QLatin1Char('\n') + tr("Busy %1 of the all-reduce (%2)")
                                   .arg(common::formatPercent(hop.utilisation),
                                        common::formatDuration(hop.busySeconds));
    if (drawn.bottleneck) {
        tip += QLatin1Char('\n') + tr("This is the slowest link: it bounds the all-reduce.");
    }
    tip += QLatin1Char('\n') + tr("Source: %1").arg(linkSource(hop.sourceId));
    return tip;
}

const std::vector<TopologyDiagram::DrawnPair>& TopologyDiagram::drawnPairs() const
{
    ensureGeometry();
    return m_pairs;
}

std::optional<std::size_t> TopologyDiagram::pairAt(QPointF point) const
{
    ensureGeometry();
    for (std::size_t i = 0; i < m_pairs.size(); ++i) {
        if (m_pairs[i].rect.contains(point)) {
            return i;
        }
    }
    return std::nullopt;
}

QString TopologyDiagram::pairToolTip(std::size_t index) const
{
    ensureGeometry();
    if (!m_layout.table || index >= m_layout.table->cells.size()) {
        return {};
    }
    const auto& cell = m_report.pairs[m_layout.table->cells[index].pair];
    QString tip = tr("GPU %1 ↔ GPU %2: %3").arg(cell.a).arg(cell.b).arg(kindName(cell.link.kind));
    tip += QLatin1Char('\n') + codeMeaning(cell.cell, cell.link.kind);
    tip += QLatin1Char('\n') +
           tr("Bandwidth: %1, one direction, per GPU")
               .arg(common::formatBandwidth(cell.link.link.bandwidthBytesPerSecond));
    tip += QLatin1Char('\n') +
           tr("Latency: %1 per message").arg(common::formatDuration(cell.link.link.latencySeconds));
    if (cell.slowest) {
        tip += QLatin1Char('\n') + tr("The ring's slowest link runs on this pair.");
    } else if (cell.inRing) {
        tip += QLatin1Char('\n') + tr("The ring runs on this pair.");
    }
    tip += QLatin1Char('\n') + tr("Source: %1").arg(linkSource(cell.link.sourceId));
    return tip;
}

QString TopologyDiagram::bottleneckText() const
{
    return topologyBottleneckText(m_report);
}

bool TopologyDiagram::isBalanced() const
{
    return m_report.balanced;
}

std::optional<std::size_t> TopologyDiagram::highlightedHop() const
{
    ensureGeometry();
    return m_layout.highlighted;
}

int TopologyDiagram::drawnNodeCount() const
{
    ensureGeometry();
    return static_cast<int>(
        std::count_if(m_layout.nodes.begin(), m_layout.nodes.end(),
                      [](const TopologyLayout::NodeFrame& f) { return f.node >= 0; }));
}

int TopologyDiagram::drawnGpuCount() const
{
    ensureGeometry();
    return static_cast<int>(m_layout.boxes.size());
}

int TopologyDiagram::drawnComponentCount() const
{
    ensureGeometry();
    return static_cast<int>(m_layout.chips.size());
}

std::vector<std::size_t> TopologyDiagram::drawnHops() const
{
    ensureGeometry();
    std::vector<std::size_t> hops;
    for (const auto& path : m_layout.hops) {
        hops.push_back(path.hop);
    }
    return hops;
}

std::vector<simcore::CsvTable> TopologyDiagram::csv() const
{
    return simcore::topologyCsv(m_report);
}

QString TopologyDiagram::summary() const
{
    if (!m_report.ok()) {
        return m_problem;
    }
    const auto& r = m_report.topology.allReduce;
    QString text =
        tr("%1 of %2 over %3 on %4 (%5): %6.")
            .arg(topologyAlgorithmName(m_report), common::formatQuantity(m_report, "bytes"),
                 tr("%1 GPU(s)", nullptr, common::numerus(r.workers))
                     .arg(common::formatWhole(r.workers)),
                 tr("%1 of %2 node(s)", nullptr, common::numerus(m_report.topology.cluster.nodes))
                     .arg(common::formatWhole(r.nodesUsed),
                          common::formatWhole(m_report.topology.cluster.nodes)),
                 topologyClusterTitle(m_report), common::formatQuantity(m_report, "time"));
    if (m_report.bottleneckHop()) {
        text += QLatin1Char(' ') + bottleneckText() + QLatin1Char('.');
    }
    if (m_report.topology.ringInsteadOf) {
        text += QLatin1Char(' ') + tr("The Topology panel draws ring-based algorithms; tree and "
                                      "naive are shown as the ring.");
    }
    return text;
}

QString TopologyDiagram::exportTitle() const
{
    return tr("Topology: %1").arg(topologyClusterTitle(m_report));
}

QSize TopologyDiagram::sizeHint() const
{
    return {900, 560};
}

QSize TopologyDiagram::minimumSizeHint() const
{
    return {420, 300};
}

} // namespace dtsim::ui
