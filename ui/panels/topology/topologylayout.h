#pragma once
// Where the Topology diagram draws what (SPEC panel 5): a pure function of the report, the size
// and the fonts, into plain structs of rectangles, paths and texts, tested without a widget.
// TopologyDiagram only paints these.

#include "simcore/reports/topologyreport.h"

#include <QFont>
#include <QPainterPath>
#include <QRectF>
#include <QString>
#include <optional>
#include <vector>

namespace dtsim::ui {

/// A text and the rectangle it is drawn in, already shortened to fit.
struct PlacedText {
    QRectF rect;
    QString text;
};

struct TopologyLayout {
    QRectF bounds;    ///< the whole diagram
    PlacedText title; ///< title font
    /// The report's problem, wrapped in `problem.rect`; empty when the report is ok (and then
    /// everything below is laid out).
    PlacedText problem;

    struct LegendEntry {
        simcore::LinkKind kind = simcore::LinkKind::Custom;
        bool bottleneck = false; ///< the halo's sample: "slowest link (bounds the all-reduce)"
        QRectF sample;           ///< where the line sample is drawn
        PlacedText label;
    };
    std::vector<LegendEntry> legend;
    /// The line under the legend naming the bottleneck (bold label font); empty text for N = 1.
    PlacedText bottleneck;

    struct NodeFrame {
        std::int64_t node = -1; ///< index into the report's nodes; −1: the gap between shown nodes
        QRectF rect;
        bool used = false;
        PlacedText caption; ///< "Node 1: 8 GPUs"; for the gap, "…" in the middle
    };
    std::vector<NodeFrame> nodes;

    struct GpuBox {
        std::int64_t gpu = 0;        ///< global id
        std::int64_t nodeNumber = 1; ///< 1-based, as tooltips write it
        QRectF rect;
        bool used = false; ///< in the all-reduce
        double gap = 0;    ///< horizontal gap to the next box in its node
        PlacedText label;  ///< "GPU 3", in the box (bold when used)
    };
    std::vector<GpuBox> boxes;
    std::vector<QRectF> gpuGaps; ///< "…" for a node's GPUs left out

    /// A node's part drawn along its bottom edge: switch, CPU, socket link, NIC.
    struct Chip {
        PlacedText label;
        simcore::LinkKind kind = simcore::LinkKind::Custom; ///< its border colour and style
        bool nic = false;
    };
    std::vector<Chip> chips;

    QRectF fabric;         ///< the network under the nodes; empty for one node
    PlacedText fabricText; ///< right-aligned at the bottom of the fabric

    struct HopLine {
        std::size_t hop = 0; ///< index into the report's hops
        QPainterPath path;
        QPointF tip;      ///< arrowhead at the end
        QPointF from;     ///< direction of the arrowhead
        PlacedText label; ///< its bandwidth; an empty rect when the label does not fit
    };
    std::vector<HopLine> hops;
    /// The hop drawn under the bottleneck's halo: the bottleneck, or a drawn hop like it; none
    /// for a balanced ring.
    std::optional<std::size_t> highlighted;

    /// An imported node's table of every pair (report.pairs), beside the nodes.
    struct PairTable {
        PlacedText title;                ///< bold label font
        QRectF grid;                     ///< header row and column included
        double cell = 0;                 ///< cell side
        QFont cellFont;                  ///< the codes' font, small enough for the widest
        std::vector<PlacedText> headers; ///< the GPU numbers, "GPU" and the diagonal's "X"
        struct Cell {
            std::size_t pair = 0; ///< index into the report's pairs
            QRectF rect;
        };
        std::vector<Cell> cells;
        PlacedText key; ///< word-wrapped explanation under the grid
    };
    std::optional<PairTable> table; ///< none: not imported, too many GPUs or too narrow
};

/// Lays the diagram out for `report` in a `size` area (at least 200 × 160 is used) with the
/// charts' fonts. Texts are in the current language.
TopologyLayout layoutTopology(const simcore::TopologyReport& report, QSizeF size,
                              const QFont& titleFont, const QFont& labelFont);

/// The diagram's title: "4 nodes × 8 H100, InfiniBand NDR — Ring all-reduce of 1 GB over 8
/// GPUs: 3.936 ms", or the wiring's name when the report has a problem.
QString topologyTitle(const simcore::TopologyReport& report);
/// The wiring's short name ("1 node: 8 × H100, NVSwitch", "Your cluster: 2 × 4 GPUs").
QString topologyClusterTitle(const simcore::TopologyReport& report);
/// "Ring all-reduce" or "Hierarchical all-reduce".
QString topologyAlgorithmName(const simcore::TopologyReport& report);
/// What the diagram says instead of drawing, when the report has a problem; else empty.
QString topologyProblem(const simcore::TopologyReport& report);
/// The line naming the bottleneck ("Bottleneck: GPU 6 → GPU 7, …" or "Balanced ring: …"); empty
/// for N = 1 or a problem.
QString topologyBottleneckText(const simcore::TopologyReport& report);

} // namespace dtsim::ui
