#include "ui/panels/topology/topologylayout.h"

#include "common/errortext.h"
#include "common/format.h"
#include "ui/kit/drawing.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/problemtext.h"
#include "ui/panels/topology/topologydiagram.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <limits>

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
constexpr double kSampleWidth = 34;     // a legend entry's line sample
constexpr double kMinBoxWidth = 28;     // below this a node shows fewer of its GPUs
constexpr std::int64_t kMaxChipNics = 8;

QString bandwidth(double bytesPerSecond)
{
    return common::formatBandwidth(bytesPerSecond);
}

/// The layout's working state: the fonts' metrics and the report.
struct Builder {
    const simcore::TopologyReport& report;
    QFontMetricsF title;
    QFontMetricsF label;
    QFont labelFont;
    double line = 0;
    TopologyLayout layout;

    [[nodiscard]] const TopologyLayout::GpuBox* box(std::int64_t gpu) const
    {
        for (const auto& b : layout.boxes) {
            if (b.gpu == gpu) {
                return &b;
            }
        }
        return nullptr;
    }
    [[nodiscard]] const TopologyLayout::NodeFrame* frameOf(std::int64_t node) const
    {
        for (const auto& f : layout.nodes) {
            if (f.node == node) {
                return &f;
            }
        }
        return nullptr;
    }

    /// Where each hop's label may go instead, beside the other side of its arrow (empty: none).
    std::vector<QRectF> otherSide;

    double legend(double y, double width);
    void placeLabels();
    QRectF pairTable(QRectF area, double fabricHeight);
    void node(const simcore::TopologyNode& node, QRectF rect, double labelWidth);
    void chips(QRectF frame, double chipHeight);
    void hop(std::size_t index);
};

double Builder::legend(double y, double width)
{
    const double room = width - 2 * kMargin - kSampleWidth - 6;
    std::vector<TopologyLayout::LegendEntry> entries;
    std::vector<QString> texts;
    for (const auto& used : report.linksUsed) {
        TopologyLayout::LegendEntry entry;
        entry.kind = used.kind;
        entries.push_back(entry);
        texts.push_back(TopologyDiagram::tr("%1, %2").arg(TopologyDiagram::kindName(used.kind),
                                                          bandwidth(used.bandwidthBytesPerSecond)));
    }
    if (report.bottleneckHop() && !report.balanced) {
        TopologyLayout::LegendEntry entry;
        entry.bottleneck = true;
        entries.push_back(entry);
        texts.push_back(TopologyDiagram::tr("slowest link (bounds the all-reduce)"));
    }
    std::vector<double> widths;
    for (QString& text : texts) {
        text = label.elidedText(text, Qt::ElideRight, room);
        widths.push_back(label.horizontalAdvance(text) + 1);
    }
    const drawing::LegendFlow flow{kMargin, width - kMargin, kSampleWidth, 6, 17, 4, line};
    const auto placed = drawing::flowLegend(widths, flow, y);
    for (std::size_t i = 0; i < placed.size(); ++i) {
        entries[i].sample = placed[i].sample;
        entries[i].label = {placed[i].text, texts[i]};
        layout.legend.push_back(std::move(entries[i]));
    }
    return y + line + 6;
}

QRectF Builder::pairTable(QRectF area, double fabricHeight)
{
    const auto& pairs = report.pairs;
    const std::int64_t g = report.topology.cluster.node.gpus;
    if (pairs.empty() || g > TopologyDiagram::kMaxTableGpus || area.width() < 520) {
        return area;
    }
    const double blockWidth = std::round(area.width() * 0.4);
    const QString key =
        TopologyDiagram::tr("Every GPU pair of one node with its nvidia-smi code. NV# = # NVLinks, "
                            "PIX / PXB = PCIe switch, PHB / NODE = PCIe through the CPU, SYS = "
                            "across CPU sockets. Bold: pairs the ring uses.");
    const double keyHeight =
        label.boundingRect(QRectF(0, 0, blockWidth, 1e4), Qt::TextWordWrap, key).height();
    const double gridRoom = area.height() - line - 6 - keyHeight - 8 - fabricHeight;
    const double cell = std::min(
        {blockWidth / static_cast<double>(g + 1), gridRoom / static_cast<double>(g + 1), 58.0});
    if (cell < 16) {
        return area;
    }
    TopologyLayout::PairTable table;
    table.cell = cell;
    const double left = area.right() - blockWidth;
    QFont bold = labelFont;
    bold.setBold(true);
    table.title = {QRectF(left, area.top(), blockWidth, line),
                   QFontMetricsF(bold).elidedText(TopologyDiagram::tr("Every pair of node 1"),
                                                  Qt::ElideRight, blockWidth)};
    const double grid = cell * static_cast<double>(g + 1);
    table.grid = QRectF(left + (blockWidth - grid) / 2, area.top() + line + 6, grid, grid);
    table.key = {QRectF(left, table.grid.bottom() + 8, blockWidth, keyHeight), key};
    // The widest code fits its cell: the label font, smaller if need be.
    table.cellFont = labelFont;
    table.cellFont.setBold(true);
    double widest = 0;
    for (const auto& pair : pairs) {
        widest = std::max(
            widest,
            QFontMetricsF(table.cellFont).horizontalAdvance(QString::fromStdString(pair.code)));
    }
    if (widest > cell - 6 && widest > 0) {
        table.cellFont.setPointSizeF(
            std::max(6.0, table.cellFont.pointSizeF() * (cell - 6) / widest));
    }
    const auto at = [&table](std::int64_t row, std::int64_t column) {
        return QRectF(table.grid.left() + static_cast<double>(column) * table.cell,
                      table.grid.top() + static_cast<double>(row) * table.cell, table.cell,
                      table.cell);
    };
    table.headers.push_back({at(0, 0), TopologyDiagram::tr("GPU")});
    for (std::int64_t i = 0; i < g; ++i) {
        table.headers.push_back({at(0, i + 1), QString::number(i)});
        table.headers.push_back({at(i + 1, 0), QString::number(i)});
        table.headers.push_back({at(i + 1, i + 1), QStringLiteral("X")});
    }
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        table.cells.push_back({i, at(pairs[i].a + 1, pairs[i].b + 1)});
    }
    layout.table = std::move(table);
    area.setRight(left - kNodeGap);
    return area;
}

void Builder::chips(QRectF frame, double chipHeight)
{
    const auto& parts = report.parts;
    std::vector<TopologyLayout::Chip> wanted;
    const auto add = [&wanted](const QString& text, LinkKind kind, bool nic) {
        TopologyLayout::Chip chip;
        chip.label.text = text;
        chip.kind = kind;
        chip.nic = nic;
        wanted.push_back(chip);
    };
    if (parts.nvswitch) {
        add(TopologyDiagram::tr("NVSwitch"), LinkKind::NvSwitch, false);
    }
    if (parts.pcieSwitch) {
        add(TopologyDiagram::tr("PCIe switch"), LinkKind::PcieSwitch, false);
    }
    add(TopologyDiagram::tr("CPU"), LinkKind::PcieHostBridge, false);
    if (parts.secondSocket) {
        add(TopologyDiagram::tr("CPU 2"), LinkKind::CpuInterconnect, false);
    }
    for (std::int64_t i = 0; i < std::min(parts.nics, kMaxChipNics); ++i) {
        add(TopologyDiagram::tr("NIC"), LinkKind::Network, true);
    }
    double x = frame.left() + kNodePad;
    const double y = frame.bottom() - kNodePad * 0.6 - chipHeight;
    const double room = frame.right() - kNodePad;
    for (auto& chip : wanted) {
        const double w = label.horizontalAdvance(chip.label.text) + 12;
        if (x + w > room) {
            break; // a narrow node shows what fits; the caption has the counts
        }
        chip.label.rect = QRectF(x, y, w, chipHeight);
        x += w + 4;
        layout.chips.push_back(chip);
    }
}

void Builder::node(const simcore::TopologyNode& node, QRectF rect, double labelWidth)
{
    const std::int64_t g = report.topology.cluster.node.gpus;
    TopologyLayout::NodeFrame frame;
    frame.node = node.index;
    frame.rect = rect;
    frame.used = node.used;
    const QRectF caption = rect.adjusted(kNodePad, kNodePad * 0.6, -kNodePad, 0);
    frame.caption = {QRectF(caption.topLeft(), QSizeF(caption.width(), line)),
                     label.elidedText(node.used
                                          ? TopologyDiagram::tr("Node %1: %2 GPU(s)", nullptr,
                                                                common::numerus(g))
                                                .arg(node.number)
                                                .arg(common::formatWhole(g))
                                          : TopologyDiagram::tr("Node %1: idle").arg(node.number),
                                      Qt::ElideRight, caption.width())};
    layout.nodes.push_back(frame);

    const double chipHeight = line + 8;
    const std::size_t firstChip = layout.chips.size();
    chips(rect, chipHeight);
    const QRectF inner(rect.left() + kNodePad, rect.top() + kNodePad + line + 8,
                       rect.width() - 2 * kNodePad,
                       rect.height() - 2 * kNodePad - line - 8 - chipHeight - 8);
    // Idle nodes carry no hop labels: narrower gaps, wider boxes.
    const double gap = frame.used ? std::max(kMinBoxGap, labelWidth) : kMinBoxGap;
    const double minBoxHeight = line + 4;
    // The node's GPUs in the report's order; a long node (or one in a small diagram) as its
    // first ones, a gap, its last: as many as leave each box room for its label.
    const auto count = static_cast<std::int64_t>(node.gpus.size());
    std::int64_t limit =
        count <= TopologyDiagram::kMaxShownGpus ? count : TopologyDiagram::kMaxShownGpus - 1;
    std::vector<std::int64_t> shown;
    int bestRows = 0;
    double gapX = kMinBoxGap;
    int boxes = 0;
    while (true) {
        shown = drawing::shownIndices(count, limit);
        boxes = static_cast<int>(shown.size());
        // The rows that give the most readable boxes, of those that leave a box room for its
        // label; the last resort (three boxes that still do not fit) takes the best of all.
        const bool lastResort = limit <= 2;
        bestRows = 0;
        double bestScore = -std::numeric_limits<double>::infinity();
        for (int rows = 1; rows <= boxes; ++rows) {
            const int cols = (boxes + rows - 1) / rows;
            const double boxW = (inner.width() - gap * (cols - 1)) / cols;
            const double boxH = (inner.height() - kBoxGapY * (rows - 1)) / rows;
            const double score =
                std::min(std::min(boxW, kMaxBoxWidth) / 1.6, std::min(boxH, kMaxBoxHeight));
            const double columnGap = boxW >= 52 ? gap : kMinBoxGap;
            const double width = (inner.width() - columnGap * (cols - 1)) / cols;
            const bool roomy = width >= kMinBoxWidth && boxH >= minBoxHeight;
            if ((roomy || lastResort) && score > bestScore + 0.5) {
                bestScore = score;
                bestRows = rows;
                gapX = columnGap;
            }
        }
        if (bestRows > 0 || lastResort) {
            break;
        }
        --limit;
    }
    const int rows = std::max(1, bestRows);
    const int cols = (boxes + rows - 1) / rows;
    const double boxW =
        std::max(10.0, std::min(kMaxBoxWidth, (inner.width() - gapX * (cols - 1)) / cols));
    const double boxH =
        std::max(10.0, std::min(kMaxBoxHeight, (inner.height() - kBoxGapY * (rows - 1)) / rows));
    const double gridW = boxW * cols + gapX * (cols - 1);
    const double gridH = boxH * rows + kBoxGapY * (rows - 1);
    const double left = inner.left() + (inner.width() - gridW) / 2;
    const double top = inner.top() + std::max(0.0, (inner.height() - gridH) / 2);
    for (int i = 0; i < boxes; ++i) {
        const int row = i / cols;
        const int inRow = i % cols;
        const int col = row % 2 == 0 ? inRow : cols - 1 - inRow; // snake: neighbours touch
        const QRectF box(left + col * (boxW + gapX), top + row * (boxH + kBoxGapY), boxW, boxH);
        const auto index = shown[static_cast<std::size_t>(i)];
        if (index == drawing::kGap) {
            layout.gpuGaps.push_back(box);
            continue;
        }
        TopologyLayout::GpuBox gpu;
        gpu.gpu = node.gpus[static_cast<std::size_t>(index)];
        gpu.nodeNumber = node.number;
        gpu.rect = box;
        gpu.used = index < node.ringGpus;
        gpu.gap = gapX;
        QFont font = labelFont;
        font.setBold(gpu.used);
        gpu.label = {box, QFontMetricsF(font).elidedText(TopologyDiagram::tr("GPU %1").arg(gpu.gpu),
                                                         Qt::ElideRight, box.width() - 4)};
        layout.boxes.push_back(gpu);
    }
    // A node too small for its boxes and its parts keeps the boxes.
    const auto covered = [this](const TopologyLayout::Chip& chip) {
        return std::any_of(layout.boxes.begin(), layout.boxes.end(),
                           [&chip](const TopologyLayout::GpuBox& box) {
                               return box.rect.intersects(chip.label.rect);
                           });
    };
    layout.chips.erase(std::remove_if(layout.chips.begin() + static_cast<std::ptrdiff_t>(firstChip),
                                      layout.chips.end(), covered),
                       layout.chips.end());
}

void Builder::hop(std::size_t index)
{
    const auto& drawn = report.hops[index];
    const auto& hop = drawn.hop;
    if (!drawn.representative) {
        return; // the ring across nodes of GPU position 0 stands for the others
    }
    const auto* a = box(hop.from);
    const auto* b = box(hop.to);
    if (!a || !b) {
        return;
    }
    TopologyLayout::HopLine path;
    QRectF other; // the label's place beside the other side of the arrow, if it has one
    path.hop = index;
    path.label.text = bandwidth(hop.link.bandwidthBytesPerSecond);
    const double w = label.horizontalAdvance(path.label.text);
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
            if (std::abs(p1.x() - p0.x()) >= w + 4) {
                path.label.rect = QRectF((p0.x() + p1.x()) / 2 - w / 2, p0.y() - line - 3, w, line);
            }
        } else if (sameCol && dy < ra.height() + kBoxGapY + 2) {
            const double sign = rb.center().y() > ra.center().y() ? 1 : -1;
            const QPointF p0(ra.center().x(), ra.center().y() + sign * ra.height() / 2);
            const QPointF p1(rb.center().x(), rb.center().y() - sign * rb.height() / 2);
            path.path.moveTo(p0);
            path.path.lineTo(p1);
            path.from = p0;
            path.tip = p1;
            // Beside the arrow, on the side facing the node's middle (never over its edge).
            const auto* frame = frameOf(drawn.fromNode);
            const bool leftSide = frame && p0.x() > frame->rect.center().x();
            path.label.rect = QRectF(leftSide ? p0.x() - 6 - w : p0.x() + 6,
                                     (p0.y() + p1.y()) / 2 - line / 2, w, line);
            other = QRectF(leftSide ? p0.x() + 6 : p0.x() - 6 - w, path.label.rect.top(), w, line);
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
            path.label.rect = QRectF((p0.x() + p1.x()) / 2 - w / 2, below + 2, w, line);
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
        const auto* target = frameOf(drawn.toNode);
        if (!target || layout.fabric.isEmpty()) {
            return;
        }
        const bool back = hop.to < hop.from;
        const double lane = layout.fabric.top() + (back ? 22 : 10);
        const double side = target->rect.left() + kNodePad * 0.45 + (back ? 0 : 3);
        const QPointF p1(rb.left(), rb.center().y() + (back ? 6 : -6));
        // Leave downwards from a box in the bottom row; from any other box leave along the
        // node's left edge, so the line never crosses the boxes below.
        double lowest = ra.bottom();
        for (const auto& other : layout.boxes) {
            if (other.nodeNumber == a->nodeNumber) {
                lowest = std::max(lowest, other.rect.bottom());
            }
        }
        const auto* source = frameOf(drawn.fromNode);
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
        path.label.rect = QRectF(); // the fabric's text names the network's bandwidth
    }
    otherSide.push_back(other);
    layout.hops.push_back(std::move(path));
}

bool collides(const QRectF& a, const QRectF& b)
{
    const QRectF common = a.intersected(b);
    return common.width() > 0.5 && common.height() > 0.5;
}

void Builder::placeLabels()
{
    // A hop's label goes where it was placed, else beside the other side of its arrow, inside
    // its node and clear of every box, node part, caption and label already placed; else it is
    // left out (the legend and the hop's tooltip name its bandwidth).
    std::vector<QRectF> taken;
    for (const auto& frame : layout.nodes) {
        taken.push_back(frame.caption.rect);
    }
    for (const auto& chip : layout.chips) {
        taken.push_back(chip.label.rect);
    }
    for (const auto& box : layout.boxes) {
        taken.push_back(box.rect);
    }
    for (const auto& gap : layout.gpuGaps) {
        taken.push_back(gap);
    }
    for (std::size_t i = 0; i < layout.hops.size(); ++i) {
        auto& placed = layout.hops[i].label;
        if (placed.rect.isEmpty()) {
            continue;
        }
        const auto* frame = frameOf(report.hops[layout.hops[i].hop].fromNode);
        const QRectF wanted[] = {placed.rect, otherSide[i]};
        placed.rect = QRectF();
        for (const QRectF& candidate : wanted) {
            const bool free =
                !candidate.isEmpty() && frame && frame->rect.contains(candidate) &&
                std::none_of(taken.begin(), taken.end(),
                             [&candidate](const QRectF& r) { return collides(candidate, r); });
            if (free) {
                placed.rect = candidate;
                taken.push_back(candidate);
                break;
            }
        }
    }
}

} // namespace

QString topologyClusterTitle(const simcore::TopologyReport& report)
{
    using simcore::TopologyPresetId;
    const auto& cluster = report.topology.cluster;
    switch (report.preset) {
    case TopologyPresetId::PcieWorkstation:
        return TopologyDiagram::tr("PCIe workstation: 4 × RTX 4090");
    case TopologyPresetId::H100Nvswitch:
        return TopologyDiagram::tr("1 node: 8 × H100, NVSwitch");
    case TopologyPresetId::NdrCluster:
        return TopologyDiagram::tr("4 nodes × 8 H100, InfiniBand NDR");
    case TopologyPresetId::Miswired:
        return TopologyDiagram::tr("Mis-wired node: GPU 7 on PCIe");
    case TopologyPresetId::Imported:
        if (!report.ok()) {
            return TopologyDiagram::tr("Imported node");
        }
        return cluster.nodes == 1
                   ? TopologyDiagram::tr("Imported node: %1 GPU(s) (nvidia-smi topo -m)", nullptr,
                                         common::numerus(cluster.node.gpus))
                         .arg(common::formatWhole(cluster.node.gpus))
                   : TopologyDiagram::tr("%1 imported nodes × %2 GPU(s)", nullptr,
                                         common::numerus(cluster.node.gpus))
                         .arg(common::formatWhole(cluster.nodes),
                              common::formatWhole(cluster.node.gpus));
    case TopologyPresetId::Scenario:
        break;
    }
    if (!report.ok()) { // the wiring's name as the picker writes it
        return keyText(QStringLiteral("topology.preset")).choices.value(0);
    }
    return TopologyDiagram::tr("Your cluster: %1 × %2 GPU(s)", nullptr,
                               common::numerus(cluster.node.gpus))
        .arg(common::formatWhole(cluster.nodes), common::formatWhole(cluster.node.gpus));
}

QString topologyAlgorithmName(const simcore::TopologyReport& report)
{
    return report.topology.allReduce.algorithm == simcore::CommAlgorithm::Hierarchical
               ? TopologyDiagram::tr("Hierarchical all-reduce")
               : TopologyDiagram::tr("Ring all-reduce");
}

QString topologyTitle(const simcore::TopologyReport& report)
{
    if (!report.ok()) {
        return topologyClusterTitle(report);
    }
    const std::int64_t workers = report.topology.allReduce.workers;
    return TopologyDiagram::tr("%1 — %2 of %3 over %4 GPU(s): %5", nullptr,
                               common::numerus(workers))
        .arg(topologyClusterTitle(report), topologyAlgorithmName(report),
             common::formatQuantity(report, "bytes"), common::formatWhole(workers),
             common::formatQuantity(report, "time"));
}

QString topologyProblem(const simcore::TopologyReport& report)
{
    if (report.ok()) {
        return {};
    }
    const auto& problem = report.problems.front();
    if (problem.key == "topology.node" && problem.given.empty()) {
        return TopologyDiagram::tr(
            "No imported node to draw (topology.node is empty). Import an nvidia-smi "
            "topo -m output on this panel and press \"Use these for my cluster\", or "
            "pick another wiring.");
    }
    return describeProblem(problem);
}

QString topologyBottleneckText(const simcore::TopologyReport& report)
{
    const auto* slowest = report.bottleneckHop();
    if (!report.ok() || !slowest) {
        return {};
    }
    const auto& hop = slowest->hop;
    if (report.balanced) {
        return TopologyDiagram::tr("Balanced ring: every hop %1 over %2, each busy %3 of %4")
            .arg(bandwidth(hop.link.bandwidthBytesPerSecond), TopologyDiagram::kindName(hop.kind),
                 common::formatPercent(hop.utilisation), common::formatQuantity(report, "time"));
    }
    return TopologyDiagram::tr(
               "Bottleneck: GPU %1 → GPU %2, %3 at %4 — busy %5 of the all-reduce's %6")
        .arg(hop.from)
        .arg(hop.to)
        .arg(TopologyDiagram::kindName(hop.kind), bandwidth(hop.link.bandwidthBytesPerSecond),
             common::formatPercent(hop.utilisation), common::formatQuantity(report, "time"));
}

TopologyLayout layoutTopology(const simcore::TopologyReport& report, QSizeF size,
                              const QFont& titleFont, const QFont& labelFont)
{
    Builder b{report, QFontMetricsF(titleFont), QFontMetricsF(labelFont), labelFont, 0, {}, {}};
    b.line = b.label.height();
    const double line = b.line;
    auto& layout = b.layout;
    const double width = std::max(200.0, size.width());
    const double height = std::max(160.0, size.height());
    layout.bounds = QRectF(0, 0, width, height);
    double y = kMargin;
    const QRectF titleRect(kMargin, y, width - 2 * kMargin, b.title.height());
    // Elided in the middle: the time at the end is the number the title is for.
    layout.title = {titleRect,
                    b.title.elidedText(topologyTitle(report), Qt::ElideMiddle, titleRect.width())};
    y += b.title.height() + 6;
    if (!report.ok()) {
        const QRectF area(24, 60, width - 48, height - 84);
        layout.problem = {area, topologyProblem(report)};
        return layout;
    }
    const auto& cluster = report.topology.cluster;
    const auto& r = report.topology.allReduce;

    y = b.legend(y, width);
    if (report.bottleneckHop()) {
        QFont bold = labelFont;
        bold.setBold(true);
        const QRectF rect(kMargin, y, width - 2 * kMargin, line);
        layout.bottleneck = {rect, QFontMetricsF(bold).elidedText(topologyBottleneckText(report),
                                                                  Qt::ElideRight, rect.width())};
        y += line + 8;
    }

    // The network fabric under the nodes.
    const bool fabric = cluster.nodes > 1;
    const double fabricHeight = fabric ? line + 34 : 0;
    QRectF area(kMargin, y, width - 2 * kMargin,
                std::max(60.0, height - y - kMargin - fabricHeight));
    area = b.pairTable(area, fabricHeight);

    // Nodes shown: all, or the first ones, a gap and the last.
    const auto shown = drawing::shownIndices(static_cast<std::int64_t>(report.nodes.size()),
                                             TopologyDiagram::kMaxShownNodes);
    double units = 0;
    for (const auto n : shown) {
        units += n == drawing::kGap ? kEllipsisShare : 1.0;
    }
    const double nodeUnit =
        (area.width() - kNodeGap * static_cast<double>(shown.size() - 1)) / units;
    double labelWidth = 0;
    for (const auto& used : report.linksUsed) {
        labelWidth = std::max(
            labelWidth, b.label.horizontalAdvance(bandwidth(used.bandwidthBytesPerSecond)) + 12);
    }
    double nx = area.left();
    for (const auto n : shown) {
        const double w = n == drawing::kGap ? nodeUnit * kEllipsisShare : nodeUnit;
        const QRectF rect(nx, area.top(), w, area.height());
        nx += w + kNodeGap;
        if (n == drawing::kGap) {
            TopologyLayout::NodeFrame gap;
            gap.rect = rect;
            gap.caption = {rect, QStringLiteral("…")};
            layout.nodes.push_back(gap);
            continue;
        }
        b.node(report.nodes[static_cast<std::size_t>(n)], rect, labelWidth);
    }
    if (fabric) {
        layout.fabric = QRectF(area.left(), area.bottom() + 10, area.width(), fabricHeight - 10);
        QString text = TopologyDiagram::tr("Network: %1 NIC(s) per node, %2 each, one direction")
                           .arg(cluster.node.nics)
                           .arg(bandwidth(cluster.nic.bandwidthBytesPerSecond));
        if (r.algorithm == simcore::CommAlgorithm::Hierarchical && r.nodesUsed > 1) {
            text +=
                TopologyDiagram::tr("; one ring per GPU position (position 0 drawn), %1 per GPU")
                    .arg(bandwidth(r.inter.bandwidthBytesPerSecond));
        }
        const QRectF textArea = layout.fabric.adjusted(10, 0, -10, -2);
        const QString shownText = b.label.elidedText(text, Qt::ElideRight, textArea.width());
        const double textWidth = b.label.horizontalAdvance(shownText) + 1;
        layout.fabricText = {
            QRectF(textArea.right() - textWidth, textArea.bottom() - line, textWidth, line),
            shownText};
    }

    for (std::size_t h = 0; h < report.hops.size(); ++h) {
        b.hop(h);
    }
    b.placeLabels();
    // The halo: the bottleneck itself, or (its ring not drawn) a drawn hop like it.
    if (report.bottleneckHop() && !report.balanced) {
        for (const bool exact : {true, false}) {
            for (const auto& path : layout.hops) {
                const auto& drawn = report.hops[path.hop];
                if (!layout.highlighted && (exact ? drawn.bottleneck : drawn.likeBottleneck)) {
                    layout.highlighted = path.hop;
                }
            }
        }
    }
    return layout;
}

} // namespace dtsim::ui
