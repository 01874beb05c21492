#pragma once
// What the Parallelism diagram draws, as plain shapes and texts: ParallelismDiagram::layout
// computes them from the report, a size and the fonts (no widget), and painting draws exactly
// these. Tests check them without a window: inside the bounds, nothing overlapping.

#include "simcore/models/parallellayout.h"

#include <QColor>
#include <QFont>
#include <QPainterPath>
#include <QRectF>
#include <QSizeF>
#include <QStaticText>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <vector>

namespace dtsim::ui {

/// The look a painted diagram is laid out in: the charts' label and title fonts and the colour
/// of muted text (the rich-text captions name it).
struct DiagramStyle {
    QFont label;
    QFont title;
    QColor muted;
    /// chartstyle's current fonts and drawing::mutedText().
    static DiagramStyle current();
};

/// The Parallelism diagram laid out: the title, the legend, one box per GPU drawn, the links
/// between them, node frames, header and ellipsis texts, the counts line and the three captions.
struct DiagramLayout {
    enum class LinkKind { Tensor, Pipeline, Data };
    /// A GPU: its rank, its rectangle and the lines written in it (the first bold when there are
    /// several).
    struct Box {
        std::int64_t rank = 0;
        QRectF rect;
        QStringList lines;
    };
    /// A tensor group's outline, a pipeline double arrow (from → to, a head at both ends) or a
    /// data-parallel line; `crossing` when its GPUs sit on different nodes (the slow links).
    struct Link {
        LinkKind kind = LinkKind::Data;
        QPainterPath path;
        QPointF from;
        QPointF to;
        bool crossing = false;
    };
    /// A node's frame around its boxes in one stage column, and the tag on its top edge.
    struct NodeFrame {
        QPainterPath outline;
        QRectF tag;
        QString label;
    };
    /// A line of text in a rectangle: stage and replica headers, ellipses, the problem.
    struct Text {
        QRectF rect;
        QString text;
        int flags = 0;
        bool bold = false;
        bool muted = false;
        bool alert = false; ///< the reason nothing is drawn
    };
    enum class Sample { Node, Tensor, Pipeline, Data, Crossing };
    struct LegendEntry {
        Sample sample = Sample::Node;
        QRectF sampleRect;
        QRectF textRect;
        QString label;
    };
    /// Rich text prepared in `font`, and its top-left corner.
    struct Paragraph {
        QStaticText text;
        QPointF at;
        [[nodiscard]] QRectF rect() const { return {at, text.size()}; }
    };

    QSizeF size;
    QFont font; ///< the label font the paragraphs were prepared in
    QString title;
    QRectF titleRect;
    std::vector<LegendEntry> legend;
    /// Shown indices per dimension (drawing::kGap marks an ellipsis): stages, replicas, shards.
    std::vector<std::int64_t> ppShown;
    std::vector<std::int64_t> dpShown;
    std::vector<std::int64_t> tpShown;
    std::vector<Box> boxes;
    std::vector<Link> links;
    std::vector<NodeFrame> nodes;
    std::vector<Text> texts;
    std::vector<Paragraph> captions; ///< data, tensor, pipeline
    Paragraph counts;

    /// True when some stages, replicas or tensor ranks are left out.
    [[nodiscard]] bool isAbridged() const;
    /// The box of `rank`, or null when it is not drawn.
    [[nodiscard]] const Box* box(std::int64_t rank) const;
};

/// A layer range as the diagram writes it: "17–32" (an en dash), "5", or "-" for none.
QString layerSpanLabel(const simcore::LayerSpan& span);

} // namespace dtsim::ui
