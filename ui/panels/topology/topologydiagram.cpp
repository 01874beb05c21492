#include "ui/panels/topology/topologydiagram.h"

#include "common/format.h"
#include "ui/kit/chartupdate.h"
#include "ui/kit/drawing.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPathStroker>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace dtsim::ui {

namespace {

using simcore::LinkKind;

// Geometry, in logical pixels.
constexpr double kMargin = 12;
constexpr double kNodeGap = 18;
constexpr double kNodePad = 12;
constexpr double kMinBoxGap = 34; // room for an arrow between two boxes
constexpr double kBoxGapY = 30;
constexpr double kMaxBoxWidth = 130;
constexpr double kMaxBoxHeight = 72;
constexpr double kEllipsisShare = 0.35; // width of an elided run of nodes, in node widths
constexpr double kHitWidth = 10;        // how close the pointer must be to a hop's line

const QColor kBottleneckColour{0xD5, 0x5E, 0x00}; // vermillion (Okabe–Ito)

QColor boxFill(bool used)
{
    if (chartstyle::look().dark) {
        return used ? QColor(0x1E, 0x1E, 0x1E) : QColor(0x2C, 0x2C, 0x2C);
    }
    return used ? QColor(Qt::white) : QColor(0xF0, 0xF0, 0xF0);
}

double penWidth(LinkKind kind)
{
    switch (kind) {
    case LinkKind::NvSwitch:
    case LinkKind::NvLink:
        return 3.5;
    case LinkKind::Network:
        return 3.5;
    default:
        return 2.8;
    }
}

QString presetTitle(const simcore::ClusterTopology& cluster)
{
    const QString id = QString::fromStdString(cluster.id);
    if (id == QLatin1String("pcie-workstation")) {
        return TopologyDiagram::tr("PCIe workstation: 4 × RTX 4090");
    }
    if (id == QLatin1String("h100-nvswitch")) {
        return TopologyDiagram::tr("1 node: 8 × H100, NVSwitch");
    }
    if (id == QLatin1String("ndr-cluster")) {
        return TopologyDiagram::tr("4 nodes × 8 H100, InfiniBand NDR");
    }
    if (id == QLatin1String("miswired")) {
        return TopologyDiagram::tr("Mis-wired node: GPU 7 on PCIe");
    }
    if (id == QLatin1String("imported")) {
        return cluster.nodes == 1
                   ? TopologyDiagram::tr("Imported node: %1 GPUs (nvidia-smi topo -m)")
                         .arg(cluster.node.gpus)
                   : TopologyDiagram::tr("%1 imported nodes × %2 GPUs")
                         .arg(cluster.nodes)
                         .arg(cluster.node.gpus);
    }
    return TopologyDiagram::tr("Your cluster: %1 × %2 GPUs")
        .arg(cluster.nodes)
        .arg(cluster.node.gpus);
}

QString algorithmName(simcore::CommAlgorithm algorithm)
{
    return algorithm == simcore::CommAlgorithm::Hierarchical
               ? TopologyDiagram::tr("Hierarchical all-reduce")
               : TopologyDiagram::tr("Ring all-reduce");
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
        return tr("your link (hardware.intra_*)");
    }
    return {};
}

QColor TopologyDiagram::kindColour(LinkKind kind)
{
    switch (kind) {
    case LinkKind::NvSwitch:
    case LinkKind::NvLink:
        return chartstyle::kCompute; // blue
    case LinkKind::PcieSwitch:
        return chartstyle::kWork; // sky blue: PCIe that stays below the switches
    case LinkKind::PcieHostBridge:
        return chartstyle::kCommunication; // orange
    case LinkKind::CpuInterconnect:
        return chartstyle::kBubble; // reddish purple
    case LinkKind::Network:
        return chartstyle::kOptimum; // bluish green
    case LinkKind::Custom:
        return chartstyle::look().dark ? QColor(0xBB, 0xBB, 0xBB) : QColor(0x55, 0x55, 0x55);
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
    m_scenario = scenario;
    m_topology = simcore::topologyAllReduceFromScenario(scenario);
    m_wiring.reset();
    if (m_topology.cluster.id == "imported") {
        m_wiring = simcore::parseNvTopoWiring(scenario.topology.node).node;
    }
    const auto& r = m_topology.allReduce;
    m_valid = !r.error;
    m_problem.clear();
    if (r.error && r.error->field == "topology.node") {
        m_problem = tr("No imported node to draw (topology.node is empty). Import an nvidia-smi "
                       "topo -m output on this panel and press \"Use these for my cluster\", or "
                       "pick another wiring.");
        m_title = tr("Imported node");
    } else if (r.error) {
        m_problem = tr("%1 must be in %2 for this cluster.")
                        .arg(QString::fromStdString(r.error->field),
                             QString::fromStdString(r.error->allowed));
        m_title = presetTitle(m_topology.cluster);
    } else {
        m_title = tr("%1 — %2 of %3 over %4 GPUs: %5")
                      .arg(presetTitle(m_topology.cluster), algorithmName(r.algorithm),
                           common::formatBytes(m_scenario.collective.bytes))
                      .arg(r.workers)
                      .arg(common::formatDuration(r.cost.seconds));
    }
    setAccessibleDescription(summary());
    invalidate();
}

void TopologyDiagram::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        showScenario(m_scenario);
    }
    PaintedChartArea::changeEvent(event); // font, palette: laid out again
}

const TopologyDiagram::GpuBox* TopologyDiagram::box(std::int64_t gpu) const
{
    for (const auto& b : m_boxes) {
        if (b.gpu == gpu) {
            return &b;
        }
    }
    return nullptr;
}

void TopologyDiagram::buildGeometry()
{
    m_legend.clear();
    m_nodes.clear();
    m_boxes.clear();
    m_hops.clear();
    m_gpuEllipses.clear();
    m_chips.clear();
    m_pairs.clear();
    m_tableTitle = m_tableGrid = m_tableKey = QRectF();
    m_fabric = QRectF();
    m_bottleneckRect = QRectF();

    const double width = std::max(200, this->width());
    const double height = std::max(160, this->height());
    const QFontMetricsF titleMetrics(chartstyle::titleFont());
    const QFontMetricsF labelMetrics(chartstyle::labelFont());
    const double line = labelMetrics.height();
    double y = kMargin;
    m_titleRect = QRectF(kMargin, y, width - 2 * kMargin, titleMetrics.height());
    y += titleMetrics.height() + 6;
    if (!m_valid) {
        return;
    }
    const auto& cluster = m_topology.cluster;
    const auto& r = m_topology.allReduce;
    const std::int64_t g = cluster.node.gpus;

    // Legend: one entry per kind and bandwidth the ring uses, then the bottleneck.
    std::map<std::pair<int, double>, LinkKind> used;
    for (const auto& hop : r.hops) {
        used[{static_cast<int>(hop.kind), hop.link.bandwidthBytesPerSecond}] = hop.kind;
    }
    double x = kMargin;
    const double sampleWidth = 34;
    const auto addLegend = [&](LegendEntry entry) {
        const double textWidth = labelMetrics.horizontalAdvance(entry.label);
        if (x > kMargin && x + sampleWidth + 6 + textWidth > width - kMargin) {
            x = kMargin;
            y += line + 4;
        }
        entry.sample = QRectF(x, y, sampleWidth, line);
        entry.text = QRectF(x + sampleWidth + 6, y, textWidth + 1, line);
        x += sampleWidth + 6 + textWidth + 18;
        m_legend.push_back(std::move(entry));
    };
    for (const auto& [key, kind] : used) {
        LegendEntry entry;
        entry.kind = kind;
        entry.label = tr("%1, %2").arg(kindName(kind), common::formatBandwidth(key.second));
        addLegend(std::move(entry));
    }
    if (r.bottleneck && !isBalanced()) {
        LegendEntry entry;
        entry.bottleneck = true;
        entry.label = tr("slowest link (bounds the all-reduce)");
        addLegend(std::move(entry));
    }
    y += line + 6;
    if (r.bottleneck) {
        m_bottleneckRect = QRectF(kMargin, y, width - 2 * kMargin, line);
        y += line + 8;
    }

    // The network fabric under the nodes.
    const bool fabric = cluster.nodes > 1;
    const double fabricHeight = fabric ? line + 34 : 0;
    QRectF area(kMargin, y, width - 2 * kMargin,
                std::max(60.0, height - y - kMargin - fabricHeight));

    // An imported node's pair table, to the right of the nodes.
    if (m_wiring && m_wiring->gpus == g && g <= kMaxTableGpus && area.width() >= 520) {
        const double blockWidth = std::round(area.width() * 0.4);
        m_tableKeyText = tr("Every GPU pair of one node with its nvidia-smi code. NV# = # NVLinks, "
                            "PIX / PXB = PCIe switch, PHB / NODE = PCIe through the CPU, SYS = "
                            "across CPU sockets. Bold: pairs the ring uses.");
        const double keyHeight =
            labelMetrics
                .boundingRect(QRectF(0, 0, blockWidth, 1e4), Qt::TextWordWrap, m_tableKeyText)
                .height();
        const double gridRoom = area.height() - line - 6 - keyHeight - 8 - fabricHeight;
        m_cell = std::min(
            {blockWidth / static_cast<double>(g + 1), gridRoom / static_cast<double>(g + 1), 58.0});
        if (m_cell >= 16) {
            const double left = area.right() - blockWidth;
            m_tableTitle = QRectF(left, area.top(), blockWidth, line);
            const double grid = m_cell * static_cast<double>(g + 1);
            m_tableGrid = QRectF(left + (blockWidth - grid) / 2, area.top() + line + 6, grid, grid);
            m_tableKey = QRectF(left, m_tableGrid.bottom() + 8, blockWidth, keyHeight);
            area.setRight(left - kNodeGap);
            // The widest code fits its cell: the label font, smaller if need be.
            m_cellFont = chartstyle::labelFont();
            m_cellFont.setBold(true);
            double widest = 0;
            for (const auto& cell : m_wiring->gpuGpu) {
                widest = std::max(widest, QFontMetricsF(m_cellFont)
                                              .horizontalAdvance(QString::fromStdString(
                                                  simcore::topoCellText(cell))));
            }
            if (widest > m_cell - 6 && widest > 0) {
                m_cellFont.setPointSizeF(
                    std::max(6.0, m_cellFont.pointSizeF() * (m_cell - 6) / widest));
            }
            using PairKey = std::pair<std::int64_t, std::int64_t>;
            const auto pairKey = [](std::int64_t a, std::int64_t b) {
                return PairKey{std::min(a, b), std::max(a, b)};
            };
            std::set<PairKey> ringPairs;
            std::optional<PairKey> slowest;
            for (std::size_t h = 0; h < r.hops.size(); ++h) {
                const auto& hop = r.hops[h];
                if (hop.interNode || hop.from / g != 0) {
                    continue; // the first node's pairs
                }
                const PairKey pair = pairKey(hop.from, hop.to);
                ringPairs.insert(pair);
                if (r.bottleneck && *r.bottleneck == h && !isBalanced()) {
                    slowest = pair;
                }
            }
            for (std::int64_t a = 0; a < g; ++a) {
                for (std::int64_t b = 0; b < g; ++b) {
                    if (a == b) {
                        continue;
                    }
                    DrawnPair cell;
                    cell.a = a;
                    cell.b = b;
                    cell.kind = cluster.node.pair(a, b).kind;
                    cell.code = QString::fromStdString(simcore::topoCellText(m_wiring->cell(a, b)));
                    cell.inRing = ringPairs.count(pairKey(a, b)) > 0;
                    cell.slowest = slowest && *slowest == pairKey(a, b);
                    cell.rect = QRectF(m_tableGrid.left() + static_cast<double>(b + 1) * m_cell,
                                       m_tableGrid.top() + static_cast<double>(a + 1) * m_cell,
                                       m_cell, m_cell);
                    m_pairs.push_back(cell);
                }
            }
        } else {
            m_cell = 0;
        }
    }

    // Nodes shown: all, or the first ones, an ellipsis and the last.
    std::vector<std::int64_t> shown;
    if (cluster.nodes <= kMaxShownNodes) {
        for (std::int64_t n = 0; n < cluster.nodes; ++n) {
            shown.push_back(n);
        }
    } else {
        for (std::int64_t n = 0; n < kMaxShownNodes - 1; ++n) {
            shown.push_back(n);
        }
        shown.push_back(-1);
        shown.push_back(cluster.nodes - 1);
    }
    double units = 0;
    for (const auto n : shown) {
        units += n < 0 ? kEllipsisShare : 1.0;
    }
    const double nodeUnit =
        (area.width() - kNodeGap * static_cast<double>(shown.size() - 1)) / units;

    double labelWidth = 0;
    for (const auto& hop : r.hops) {
        labelWidth = std::max(labelWidth, labelMetrics.horizontalAdvance(common::formatBandwidth(
                                              hop.link.bandwidthBytesPerSecond)) +
                                              12);
    }
    double nx = area.left();
    for (const auto n : shown) {
        NodeFrame frame;
        frame.node = n;
        const double w = n < 0 ? nodeUnit * kEllipsisShare : nodeUnit;
        frame.rect = QRectF(nx, area.top(), w, area.height());
        nx += w + kNodeGap;
        if (n < 0) {
            m_nodes.push_back(frame);
            continue;
        }
        frame.used = n < r.nodesUsed;
        frame.caption =
            frame.used ? tr("Node %1: %2 GPUs").arg(n + 1).arg(g) : tr("Node %1: idle").arg(n + 1);
        m_nodes.push_back(frame);

        // The node's GPUs: the ring's order first, then the idle ones.
        std::vector<std::int64_t> order;
        std::set<std::int64_t> inRing;
        for (const auto gpu : r.ring) {
            if (gpu / g == n) {
                order.push_back(gpu);
                inRing.insert(gpu);
            }
        }
        for (std::int64_t local = 0; local < g; ++local) {
            if (!inRing.count(n * g + local)) {
                order.push_back(n * g + local);
            }
        }
        // Abridged: the first kMaxShownGpus − 1, an ellipsis (−1), the last.
        if (static_cast<std::int64_t>(order.size()) > kMaxShownGpus) {
            const auto last = order.back();
            order.resize(kMaxShownGpus - 2);
            order.push_back(-1);
            order.push_back(last);
        }
        // The node's parts along its bottom edge: switch, CPU, socket link, NICs.
        const double chipHeight = line + 8;
        {
            const auto& pairs = cluster.node.pairs;
            const auto has = [&pairs](LinkKind kind) {
                return std::any_of(pairs.begin(), pairs.end(),
                                   [kind](const simcore::PairLink& p) { return p.kind == kind; });
            };
            std::vector<Chip> chips;
            if (has(LinkKind::NvSwitch)) {
                chips.push_back({{}, tr("NVSwitch"), LinkKind::NvSwitch, false});
            }
            if (has(LinkKind::PcieSwitch)) {
                chips.push_back({{}, tr("PCIe switch"), LinkKind::PcieSwitch, false});
            }
            chips.push_back({{}, tr("CPU"), LinkKind::PcieHostBridge, false});
            if (has(LinkKind::CpuInterconnect)) {
                chips.push_back({{}, tr("CPU 2"), LinkKind::CpuInterconnect, false});
            }
            const std::int64_t nics = cluster.node.nics;
            for (std::int64_t i = 0; i < std::min<std::int64_t>(nics, 8); ++i) {
                chips.push_back({{}, tr("NIC"), LinkKind::Network, true});
            }
            double cx = frame.rect.left() + kNodePad;
            const double cy = frame.rect.bottom() - kNodePad * 0.6 - chipHeight;
            const double room = frame.rect.right() - kNodePad;
            for (auto& chip : chips) {
                const double w = labelMetrics.horizontalAdvance(chip.text) + 12;
                if (cx + w > room) {
                    break; // a narrow node shows what fits; the caption has the counts
                }
                chip.rect = QRectF(cx, cy, w, chipHeight);
                cx += w + 4;
                m_chips.push_back(chip);
            }
        }
        const QRectF inner(frame.rect.left() + kNodePad, frame.rect.top() + kNodePad + line + 8,
                           frame.rect.width() - 2 * kNodePad,
                           frame.rect.height() - 2 * kNodePad - line - 8 - chipHeight - 8);
        const auto count = static_cast<int>(order.size());
        // The rows that give the most readable boxes.
        int bestRows = 1;
        double bestScore = -1;
        double gapX = kMinBoxGap;
        for (int rows = 1; rows <= count; ++rows) {
            const int cols = (count + rows - 1) / rows;
            // Idle nodes carry no hop labels: narrower gaps, wider boxes.
            const double gap = frame.used ? std::max(kMinBoxGap, labelWidth) : kMinBoxGap;
            const double boxW = (inner.width() - gap * (cols - 1)) / cols;
            const double boxH = (inner.height() - kBoxGapY * (rows - 1)) / rows;
            const double score =
                std::min(std::min(boxW, kMaxBoxWidth) / 1.6, std::min(boxH, kMaxBoxHeight));
            if (score > bestScore + 0.5) {
                bestScore = score;
                bestRows = rows;
                gapX = boxW >= 52 ? gap : kMinBoxGap;
            }
        }
        const int rows = bestRows;
        const int cols = (count + rows - 1) / rows;
        double boxW = std::min(kMaxBoxWidth, (inner.width() - gapX * (cols - 1)) / cols);
        double boxH = std::min(kMaxBoxHeight, (inner.height() - kBoxGapY * (rows - 1)) / rows);
        boxW = std::max(boxW, 10.0);
        boxH = std::max(boxH, 10.0);
        const double gridW = boxW * cols + gapX * (cols - 1);
        const double gridH = boxH * rows + kBoxGapY * (rows - 1);
        const double left = inner.left() + (inner.width() - gridW) / 2;
        const double top = inner.top() + std::max(0.0, (inner.height() - gridH) / 2);
        for (int i = 0; i < count; ++i) {
            const int row = i / cols;
            const int inRow = i % cols;
            const int col = row % 2 == 0 ? inRow : cols - 1 - inRow; // snake: neighbours touch
            const QRectF rect(left + col * (boxW + gapX), top + row * (boxH + kBoxGapY), boxW,
                              boxH);
            const auto gpu = order[static_cast<std::size_t>(i)];
            if (gpu < 0) {
                m_gpuEllipses.push_back(rect);
                continue;
            }
            m_boxes.push_back(GpuBox{gpu, rect, inRing.count(gpu) > 0, gapX});
        }
    }
    if (fabric) {
        m_fabric = QRectF(area.left(), area.bottom() + 10, area.width(), fabricHeight - 10);
        m_fabricText = tr("Network: %1 NIC(s) per node, %2 each, one direction")
                           .arg(cluster.node.nics)
                           .arg(common::formatBandwidth(cluster.nic.bandwidthBytesPerSecond));
        if (r.algorithm == simcore::CommAlgorithm::Hierarchical && r.nodesUsed > 1) {
            m_fabricText += tr("; one ring per GPU position (position 0 drawn), %1 per GPU")
                                .arg(common::formatBandwidth(r.inter.bandwidthBytesPerSecond));
        }
    }

    // The hops.
    const auto frameOf = [this](std::int64_t node) -> const NodeFrame* {
        for (const auto& f : m_nodes) {
            if (f.node == node) {
                return &f;
            }
        }
        return nullptr;
    };
    for (std::size_t h = 0; h < r.hops.size(); ++h) {
        const auto& hop = r.hops[h];
        const GpuBox* a = box(hop.from);
        const GpuBox* b = box(hop.to);
        if (!a || !b) {
            continue;
        }
        HopPath path;
        path.hop = h;
        path.text = common::formatBandwidth(hop.link.bandwidthBytesPerSecond);
        const QRectF ra = a->rect;
        const QRectF rb = b->rect;
        if (!hop.interNode) {
            const bool sameRow = std::abs(ra.center().y() - rb.center().y()) < 1;
            const bool sameCol = std::abs(ra.center().x() - rb.center().x()) < 1;
            const double dx = std::abs(ra.center().x() - rb.center().x());
            const double dy = std::abs(ra.center().y() - rb.center().y());
            if (sameRow && dx < ra.width() + a->gap + 2) {
                const double sign = rb.center().x() > ra.center().x() ? 1 : -1;
                const QPointF p0(ra.center().x() + sign * ra.width() / 2, ra.center().y());
                const QPointF p1(rb.center().x() - sign * rb.width() / 2, rb.center().y());
                path.path.moveTo(p0);
                path.path.lineTo(p1);
                path.from = p0;
                path.tip = p1;
                const double w = labelMetrics.horizontalAdvance(path.text);
                if (std::abs(p1.x() - p0.x()) >= w + 4) {
                    path.label = QRectF((p0.x() + p1.x()) / 2 - w / 2, p0.y() - line - 3, w, line);
                }
            } else if (sameCol && dy < ra.height() + kBoxGapY + 2) {
                const double sign = rb.center().y() > ra.center().y() ? 1 : -1;
                const QPointF p0(ra.center().x(), ra.center().y() + sign * ra.height() / 2);
                const QPointF p1(rb.center().x(), rb.center().y() - sign * rb.height() / 2);
                path.path.moveTo(p0);
                path.path.lineTo(p1);
                path.from = p0;
                path.tip = p1;
                const double w = labelMetrics.horizontalAdvance(path.text);
                // Beside the arrow, on the side facing the node's middle (never over its edge).
                const NodeFrame* frame = frameOf(hop.from / g);
                const bool leftSide = frame && p0.x() > frame->rect.center().x();
                path.label = QRectF(leftSide ? p0.x() - 6 - w : p0.x() + 6,
                                    (p0.y() + p1.y()) / 2 - line / 2, w, line);
            } else if (sameRow) {
                // The ring closes under a single row of boxes.
                const double below = std::max(ra.bottom(), rb.bottom()) + kBoxGapY * 0.6;
                const QPointF p0(ra.center().x(), ra.bottom());
                const QPointF p1(rb.center().x(), rb.bottom());
                path.path.moveTo(p0);
                path.path.lineTo(p0.x(), below);
                path.path.lineTo(p1.x(), below);
                path.path.lineTo(p1);
                path.from = QPointF(p1.x(), below);
                path.tip = p1;
                const double w = labelMetrics.horizontalAdvance(path.text);
                path.label = QRectF((p0.x() + p1.x()) / 2 - w / 2, below + 2, w, line);
            } else {
                // Around the left of the boxes.
                const double side = std::min(ra.left(), rb.left()) - kNodePad * 0.6;
                const QPointF p0(ra.left(), ra.center().y());
                const QPointF p1(rb.left(), rb.center().y());
                path.path.moveTo(p0);
                path.path.lineTo(side, p0.y());
                path.path.lineTo(side, p1.y());
                path.path.lineTo(p1);
                path.from = QPointF(side, p1.y());
                path.tip = p1;
            }
        } else {
            // Along the fabric: forward hops on the upper lane, the way back on the lower one.
            if (r.algorithm == simcore::CommAlgorithm::Hierarchical && hop.from % g != 0) {
                continue; // one representative ring across nodes
            }
            const NodeFrame* target = frameOf(hop.to / g);
            if (!target || m_fabric.isEmpty()) {
                continue;
            }
            const bool back = hop.to < hop.from;
            const double lane = m_fabric.top() + (back ? 22 : 10);
            const double side = target->rect.left() + kNodePad * 0.45 + (back ? 0 : 3);
            const QPointF p1(rb.left(), rb.center().y() + (back ? 6 : -6));
            // Leave downwards from a box in the bottom row; from any other box leave along the
            // node's left edge, so the line never crosses the boxes below.
            double lowest = ra.bottom();
            for (const auto& other : m_boxes) {
                if (other.gpu / g == hop.from / g) {
                    lowest = std::max(lowest, other.rect.bottom());
                }
            }
            const NodeFrame* source = frameOf(hop.from / g);
            if (ra.bottom() >= lowest - 1 || !source) {
                const QPointF p0(ra.center().x() + (back ? 6 : -6), ra.bottom());
                path.path.moveTo(p0);
                path.path.lineTo(p0.x(), lane);
            } else {
                const double exit = source->rect.left() + kNodePad * 0.45 + (back ? 0 : 3);
                const QPointF p0(ra.left(), ra.center().y() + (back ? -6 : 6));
                path.path.moveTo(p0);
                path.path.lineTo(exit, p0.y());
                path.path.lineTo(exit, lane);
            }
            path.path.lineTo(side, lane);
            path.path.lineTo(side, p1.y());
            path.path.lineTo(p1);
            path.from = QPointF(side, p1.y());
            path.tip = p1;
        }
        m_hops.push_back(std::move(path));
    }
}

void TopologyDiagram::paintEvent(QPaintEvent* /*event*/)
{
    ensureGeometry();
    QPainter painter(this);
    painter.fillRect(rect(), chartstyle::backgroundColor());
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    const QColor text = chartstyle::textColor();
    const QFont labelFont = chartstyle::labelFont();
    // Elided in the middle: the time at the end is the number the title is for.
    paintTitle(painter, m_titleRect, m_title, Qt::ElideMiddle);
    painter.setFont(labelFont);
    if (!m_valid) {
        painter.setPen(kBottleneckColour);
        painter.drawText(rect().adjusted(24, 60, -24, -24), Qt::AlignHCenter | Qt::TextWordWrap,
                         m_problem);
        return;
    }
    const auto& r = m_topology.allReduce;

    // Legend.
    for (const auto& entry : m_legend) {
        const double mid = entry.sample.center().y();
        if (entry.bottleneck) {
            painter.setPen(QPen(QColor(kBottleneckColour.red(), kBottleneckColour.green(),
                                       kBottleneckColour.blue(), 130),
                                12, Qt::SolidLine, Qt::RoundCap));
            painter.drawLine(QPointF(entry.sample.left() + 6, mid),
                             QPointF(entry.sample.right() - 6, mid));
        } else {
            painter.setPen(QPen(kindColour(entry.kind), penWidth(entry.kind), kindStyle(entry.kind),
                                Qt::FlatCap));
            painter.drawLine(QPointF(entry.sample.left(), mid), QPointF(entry.sample.right(), mid));
        }
        painter.setPen(text);
        painter.drawText(entry.text, Qt::AlignLeft | Qt::AlignVCenter, entry.label);
    }
    if (!m_bottleneckRect.isEmpty()) {
        QFont bold = labelFont;
        bold.setBold(true);
        painter.setFont(bold);
        painter.setPen(chartstyle::look().dark ? QColor(0xFF, 0x9E, 0x5E)
                                               : QColor(0x9A, 0x3A, 0x00));
        painter.drawText(m_bottleneckRect, Qt::AlignLeft | Qt::AlignVCenter,
                         QFontMetricsF(bold).elidedText(bottleneckText(), Qt::ElideRight,
                                                        m_bottleneckRect.width()));
        painter.setFont(labelFont);
    }

    // Nodes, then the fabric, then the GPUs.
    for (const auto& frame : m_nodes) {
        if (frame.node < 0) {
            painter.setPen(drawing::mutedText());
            painter.drawText(frame.rect, Qt::AlignCenter, QStringLiteral("…"));
            continue;
        }
        painter.setPen(QPen(drawing::nodeBorder(), 1.2, frame.used ? Qt::SolidLine : Qt::DashLine));
        painter.setBrush(drawing::nodeFill(frame.used));
        painter.drawRoundedRect(frame.rect, 8, 8);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(frame.used ? text : drawing::mutedText());
        const QRectF caption = frame.rect.adjusted(kNodePad, kNodePad * 0.6, -kNodePad, 0);
        painter.drawText(
            QRectF(caption.topLeft(), QSizeF(caption.width(), QFontMetricsF(labelFont).height())),
            Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(labelFont).elidedText(frame.caption, Qt::ElideRight, caption.width()));
    }
    for (const auto& chip : m_chips) {
        painter.setPen(QPen(kindColour(chip.kind), 1.6, kindStyle(chip.kind)));
        painter.setBrush(boxFill(true));
        painter.drawRoundedRect(chip.rect, 3, 3);
        painter.setPen(text);
        painter.drawText(chip.rect, Qt::AlignCenter, chip.text);
    }
    painter.setBrush(Qt::NoBrush);
    if (!m_fabric.isEmpty()) {
        painter.setPen(QPen(kindColour(LinkKind::Network), 1.2));
        painter.setBrush(QColor(kindColour(LinkKind::Network).red(),
                                kindColour(LinkKind::Network).green(),
                                kindColour(LinkKind::Network).blue(), 28));
        painter.drawRoundedRect(m_fabric, 6, 6);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(text);
        const QRectF textRect = m_fabric.adjusted(10, 0, -10, -2);
        painter.drawText(
            textRect, Qt::AlignRight | Qt::AlignBottom,
            QFontMetricsF(labelFont).elidedText(m_fabricText, Qt::ElideRight, textRect.width()));
    }

    // The pair table of an imported node.
    if (!m_pairs.empty()) {
        QFont bold = labelFont;
        bold.setBold(true);
        painter.setFont(bold);
        painter.setPen(text);
        painter.drawText(m_tableTitle, Qt::AlignHCenter | Qt::AlignVCenter,
                         QFontMetricsF(bold).elidedText(tr("Every pair of node 1"), Qt::ElideRight,
                                                        m_tableTitle.width()));
        QFont header = m_cellFont;
        header.setBold(false);
        painter.setFont(header);
        painter.setPen(drawing::mutedText());
        const std::int64_t g = m_topology.cluster.node.gpus;
        for (std::int64_t i = 0; i < g; ++i) {
            const double at = static_cast<double>(i + 1) * m_cell;
            const QString label = QString::number(i);
            painter.drawText(QRectF(m_tableGrid.left() + at, m_tableGrid.top(), m_cell, m_cell),
                             Qt::AlignCenter, label);
            painter.drawText(QRectF(m_tableGrid.left(), m_tableGrid.top() + at, m_cell, m_cell),
                             Qt::AlignCenter, label);
            painter.drawText(
                QRectF(m_tableGrid.left() + at, m_tableGrid.top() + at, m_cell, m_cell),
                Qt::AlignCenter, QStringLiteral("X"));
        }
        painter.drawText(QRectF(m_tableGrid.left(), m_tableGrid.top(), m_cell, m_cell),
                         Qt::AlignCenter, tr("GPU"));
        const int alpha = chartstyle::look().dark ? 90 : 55;
        for (const auto& cell : m_pairs) {
            const QColor colour = kindColour(cell.kind);
            const QRectF box = cell.rect.adjusted(1.5, 1.5, -1.5, -1.5);
            painter.setBrush(QColor(colour.red(), colour.green(), colour.blue(), alpha));
            // The ring's pairs: a heavier frame and bold code, legible in greyscale too.
            painter.setPen(QPen(colour, cell.inRing ? 2.8 : 1.2, kindStyle(cell.kind)));
            painter.drawRect(box);
            painter.setBrush(Qt::NoBrush);
            if (cell.slowest) {
                painter.setPen(QPen(kBottleneckColour, 3.5));
                painter.drawRect(box.adjusted(1, 1, -1, -1));
            }
            QFont font = m_cellFont;
            font.setBold(cell.inRing);
            painter.setFont(font);
            painter.setPen(text);
            painter.drawText(cell.rect, Qt::AlignCenter, cell.code);
        }
        painter.setFont(labelFont);
        painter.setPen(drawing::mutedText());
        painter.drawText(m_tableKey, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                         m_tableKeyText);
        painter.setPen(text);
    }

    // The bottleneck's halo under everything that moves data.
    const auto highlighted = highlightedHop();
    for (const auto& path : m_hops) {
        if (highlighted && path.hop == *highlighted) {
            painter.setPen(QPen(QColor(kBottleneckColour.red(), kBottleneckColour.green(),
                                       kBottleneckColour.blue(), 130),
                                14, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter.drawPath(path.path);
        }
    }
    for (const auto& b : m_boxes) {
        painter.setPen(QPen(b.used ? text : drawing::mutedText(), b.used ? 1.6 : 1.0,
                            b.used ? Qt::SolidLine : Qt::DotLine));
        painter.setBrush(boxFill(b.used));
        painter.drawRoundedRect(b.rect, 5, 5);
        QFont font = labelFont;
        font.setBold(b.used);
        painter.setFont(font);
        painter.setPen(b.used ? text : drawing::mutedText());
        painter.drawText(b.rect, Qt::AlignCenter,
                         QFontMetricsF(font).elidedText(tr("GPU %1").arg(b.gpu), Qt::ElideRight,
                                                        b.rect.width() - 4));
    }
    painter.setBrush(Qt::NoBrush);
    painter.setFont(labelFont);
    painter.setPen(drawing::mutedText());
    for (const auto& e : m_gpuEllipses) {
        painter.drawText(e, Qt::AlignCenter, QStringLiteral("…"));
    }
    for (const auto& path : m_hops) {
        const auto& hop = r.hops[path.hop];
        const QColor colour = kindColour(hop.kind);
        painter.setPen(
            QPen(colour, penWidth(hop.kind), kindStyle(hop.kind), Qt::FlatCap, Qt::MiterJoin));
        painter.drawPath(path.path);
        painter.setPen(Qt::NoPen);
        painter.setBrush(colour);
        drawing::drawArrowHead(painter, path.tip, path.from, 11);
        painter.setBrush(Qt::NoBrush);
        if (!path.label.isEmpty()) {
            painter.setPen(text);
            painter.drawText(path.label, Qt::AlignCenter, path.text);
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
        for (const auto& b : m_boxes) {
            if (b.rect.contains(help->pos())) {
                const std::int64_t g = m_topology.cluster.node.gpus;
                QToolTip::showText(
                    help->globalPos(),
                    b.used
                        ? tr("GPU %1 on node %2, in the all-reduce").arg(b.gpu).arg(b.gpu / g + 1)
                        : tr("GPU %1 on node %2, idle in this all-reduce")
                              .arg(b.gpu)
                              .arg(b.gpu / g + 1),
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
    for (const auto& path : m_hops) {
        if (stroker.createStroke(path.path).contains(point)) {
            return path.hop;
        }
    }
    return std::nullopt;
}

std::optional<QPointF> TopologyDiagram::hopPoint(std::size_t hop) const
{
    ensureGeometry();
    for (const auto& path : m_hops) {
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
    const auto& r = m_topology.allReduce;
    if (index >= r.hops.size()) {
        return {};
    }
    const auto& hop = r.hops[index];
    QString tip = tr("GPU %1 → GPU %2: %3").arg(hop.from).arg(hop.to).arg(kindName(hop.kind));
    const std::int64_t g = m_topology.cluster.node.gpus;
    if (!hop.interNode && g > 0) {
        if (const int links = m_topology.cluster.node.pair(hop.from % g, hop.to % g).nvlinks;
            links > 0) {
            tip += QLatin1Char('\n') + tr("%1 NVLinks bonded (NV%1)").arg(links);
        }
    }
    tip += QLatin1Char('\n') + tr("Bandwidth: %1, one direction, per GPU")
                                   .arg(common::formatBandwidth(hop.link.bandwidthBytesPerSecond));
    tip += QLatin1Char('\n') +
           tr("Latency: %1 per message").arg(common::formatDuration(hop.link.latencySeconds));
    tip += QLatin1Char('\n') + tr("Busy %1 of the all-reduce (%2)")
                                   .arg(common::formatPercent(hop.utilisation),
                                        common::formatDuration(hop.busySeconds));
    if (r.bottleneck && *r.bottleneck == index) {
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
    if (index >= m_pairs.size() || !m_wiring) {
        return {};
    }
    const auto& cell = m_pairs[index];
    const auto& pair = m_topology.cluster.node.pair(cell.a, cell.b);
    QString tip = tr("GPU %1 ↔ GPU %2: %3").arg(cell.a).arg(cell.b).arg(kindName(cell.kind));
    tip += QLatin1Char('\n') + codeMeaning(m_wiring->cell(cell.a, cell.b), cell.kind);
    tip += QLatin1Char('\n') + tr("Bandwidth: %1, one direction, per GPU")
                                   .arg(common::formatBandwidth(pair.link.bandwidthBytesPerSecond));
    tip += QLatin1Char('\n') +
           tr("Latency: %1 per message").arg(common::formatDuration(pair.link.latencySeconds));
    if (cell.slowest) {
        tip += QLatin1Char('\n') + tr("The ring's slowest link runs on this pair.");
    } else if (cell.inRing) {
        tip += QLatin1Char('\n') + tr("The ring runs on this pair.");
    }
    tip += QLatin1Char('\n') + tr("Source: %1").arg(linkSource(pair.sourceId));
    return tip;
}

QString TopologyDiagram::bottleneckText() const
{
    const auto& r = m_topology.allReduce;
    if (!m_valid || !r.bottleneck) {
        return {};
    }
    const auto& hop = r.hops[*r.bottleneck];
    if (isBalanced()) {
        return tr("Balanced ring: every hop %1 over %2, each busy %3 of %4")
            .arg(common::formatBandwidth(hop.link.bandwidthBytesPerSecond), kindName(hop.kind),
                 common::formatPercent(hop.utilisation), common::formatDuration(r.cost.seconds));
    }
    return tr("Bottleneck: GPU %1 → GPU %2, %3 at %4 — busy %5 of the all-reduce's %6")
        .arg(hop.from)
        .arg(hop.to)
        .arg(kindName(hop.kind), common::formatBandwidth(hop.link.bandwidthBytesPerSecond),
             common::formatPercent(hop.utilisation), common::formatDuration(r.cost.seconds));
}

bool TopologyDiagram::isBalanced() const
{
    const auto& hops = m_topology.allReduce.hops;
    return m_valid && !hops.empty() &&
           std::all_of(hops.begin(), hops.end(), [&hops](const simcore::RingHop& hop) {
               return hop.link.bandwidthBytesPerSecond == hops.front().link.bandwidthBytesPerSecond;
           });
}

std::optional<std::size_t> TopologyDiagram::highlightedHop() const
{
    const auto& r = m_topology.allReduce;
    if (!m_valid || !r.bottleneck || isBalanced()) {
        return std::nullopt;
    }
    // The bottleneck itself, or (hierarchical, when that ring across nodes is not drawn) the
    // drawn hop with the same link and busy time.
    ensureGeometry();
    const auto& target = r.hops[*r.bottleneck];
    for (const auto& path : m_hops) {
        if (path.hop == *r.bottleneck) {
            return path.hop;
        }
    }
    for (const auto& path : m_hops) {
        const auto& hop = r.hops[path.hop];
        if (hop.kind == target.kind && hop.link == target.link &&
            hop.busySeconds == target.busySeconds) {
            return path.hop;
        }
    }
    return std::nullopt;
}

int TopologyDiagram::drawnNodeCount() const
{
    ensureGeometry();
    return static_cast<int>(std::count_if(m_nodes.begin(), m_nodes.end(),
                                          [](const NodeFrame& f) { return f.node >= 0; }));
}

int TopologyDiagram::drawnGpuCount() const
{
    ensureGeometry();
    return static_cast<int>(m_boxes.size());
}

std::vector<std::size_t> TopologyDiagram::drawnHops() const
{
    ensureGeometry();
    std::vector<std::size_t> hops;
    for (const auto& path : m_hops) {
        hops.push_back(path.hop);
    }
    return hops;
}

QString TopologyDiagram::csv() const
{
    using common::csvNumber;
    QString out = QStringLiteral("from_gpu,to_gpu,kind,bandwidth_bytes_per_s,latency_s,ring_hop,"
                                 "bottleneck,busy_s,utilisation,source\n");
    if (!m_valid) {
        return out;
    }
    const auto& r = m_topology.allReduce;
    const auto id = [](std::string_view text) {
        return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
    };
    std::set<std::pair<std::int64_t, std::int64_t>> listed;
    for (std::size_t h = 0; h < r.hops.size(); ++h) {
        const auto& hop = r.hops[h];
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10\n")
                   .arg(hop.from)
                   .arg(hop.to)
                   .arg(id(simcore::linkKindId(hop.kind)),
                        common::csvNumber(hop.link.bandwidthBytesPerSecond),
                        common::csvNumber(hop.link.latencySeconds))
                   .arg(h)
                   .arg(r.bottleneck && *r.bottleneck == h ? QStringLiteral("yes")
                                                           : QStringLiteral("no"),
                        common::csvNumber(hop.busySeconds), common::csvNumber(hop.utilisation),
                        id(hop.sourceId));
        if (!hop.interNode) {
            listed.insert({std::min(hop.from, hop.to), std::max(hop.from, hop.to)});
        }
    }
    // The other links inside the first node, so the whole wiring is in the file (small nodes).
    const auto& node = m_topology.cluster.node;
    if (node.gpus <= 64) {
        for (std::int64_t a = 0; a < node.gpus; ++a) {
            for (std::int64_t b = a + 1; b < node.gpus; ++b) {
                if (listed.count({a, b})) {
                    continue;
                }
                const auto& pair = node.pair(a, b);
                out += QStringLiteral("%1,%2,%3,%4,%5,,no,,,%6\n")
                           .arg(a)
                           .arg(b)
                           .arg(id(simcore::linkKindId(pair.kind)),
                                common::csvNumber(pair.link.bandwidthBytesPerSecond),
                                common::csvNumber(pair.link.latencySeconds), id(pair.sourceId));
            }
        }
    }
    return out;
}

QString TopologyDiagram::summary() const
{
    if (!m_valid) {
        return m_problem;
    }
    const auto& r = m_topology.allReduce;
    QString text =
        tr("%1 of %2 over %3 GPUs on %4 of %5 node(s) (%6): %7.")
            .arg(algorithmName(r.algorithm), common::formatBytes(m_scenario.collective.bytes))
            .arg(r.workers)
            .arg(r.nodesUsed)
            .arg(m_topology.cluster.nodes)
            .arg(presetTitle(m_topology.cluster), common::formatDuration(r.cost.seconds));
    if (r.bottleneck) {
        text += QLatin1Char(' ') + bottleneckText() + QLatin1Char('.');
    }
    if (m_topology.ringInsteadOf) {
        text += QLatin1Char(' ') + tr("The Topology panel draws ring-based algorithms; tree and "
                                      "naive are shown as the ring.");
    }
    return text;
}

QString TopologyDiagram::exportTitle() const
{
    return tr("Topology: %1").arg(presetTitle(m_topology.cluster));
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
