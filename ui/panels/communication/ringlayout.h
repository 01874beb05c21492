#pragma once

#include <QFont>
#include <QPointF>
#include <QRect>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <array>
#include <vector>

namespace dtsim::ui {

/// What the ring view lays out, in the current language: the candidate texts (a long one where
/// there is room, a short one otherwise) and the widest texts the table and arrows must hold.
struct RingLayoutInput {
    int workers = 0; ///< N, ≥ 2
    QSizeF size;     ///< the view's size, pixels
    QFont font;      ///< the family the view draws in; the layout picks every pixel size
    std::vector<QString> nodeLongTexts;    ///< per GPU, e.g. "GPU\n3"
    std::vector<QString> nodeShortTexts;   ///< per GPU, e.g. "3"
    std::vector<QString> headerLongTexts;  ///< per chunk, e.g. "chunk 3"
    std::vector<QString> headerShortTexts; ///< per chunk, e.g. "c3"
    std::vector<QString> rowTexts;         ///< per GPU, e.g. "GPU 3"
    QString widestValue;                   ///< the widest number any cell shows in any step
    QString arrowLabelSample;              ///< as wide as the widest arrow label
    std::array<QString, 4> legendTexts;    ///< sent, received and added, received and copied, done
    /// The legend's largest text size, pixels: the charts' label size, so it grows with
    /// presentation mode and slides as theirs do (less in a short view, or where a row would
    /// not fit). 0: at most 15 px.
    qreal legendPixels = 0;
};

/// One send of the ring: a quadratic curve from a GPU to its right-hand neighbour.
struct RingArrow {
    QPointF start;
    QPointF control;
    QPointF end;
    QPointF labelAt; ///< the centre of its label ("c2 = 10")
    QRect bounds;    ///< every pixel the curve (at its widest pen) and its head can touch
};

struct RingLegendEntry {
    QString text;
    QRectF sample;  ///< the coloured box
    QRectF textBox; ///< where the text is drawn, left-aligned
};

/// Where everything of the ring view goes: a pure function of N, the size, the texts and the
/// font metrics (ringLayout). Pixels, in the view's coordinates.
struct RingLayout {
    bool valid = false; ///< false when the view is too small to draw anything (< 40 px)
    int workers = 0;

    // The ring: N nodes on a circle, on the left.
    QPointF center;
    qreal ringRadius = 0;
    qreal nodeRadius = 0;
    QRectF ringBounds; ///< the dotted circle
    std::vector<QPointF> nodes;
    std::vector<QString> nodeTexts; ///< "GPU\n3" on large nodes, "3" on small ones
    QFont nodeFont;
    std::vector<RingArrow> arrows; ///< per sender
    qreal arrowHead = 0;           ///< head length of an idle arrow (a sending one's is 1.3×)
    qreal sendingPen = 0;          ///< pen width of a sending arrow (an idle one's is 1.5)
    bool arrowLabels = false;      ///< arrows carry their chunk and value (room between them)
    QFont arrowFont;

    // The table: one row per GPU, one column per chunk, on the right.
    QRectF table;
    qreal rowLabelWidth = 0;
    qreal headerHeight = 0;
    qreal cellWidth = 0;
    qreal cellHeight = 0;
    std::vector<QString> headerTexts; ///< "chunk 3" when it fits a column, else "c3"
    std::vector<QString> rowTexts;
    bool cellNumbers = true; ///< rows tall enough (12 px) to print a number legibly
    QFont cellFont;
    QFont cellBoldFont;
    QFont headerFont;

    // The legend: one row along the bottom.
    QRectF legend;
    QRect legendBounds; ///< every pixel the legend can touch
    QFont legendFont;   ///< shrunk when the entries would not fit the width
    std::vector<RingLegendEntry> legendEntries;

    [[nodiscard]] QRectF nodeBox(int worker) const;
    [[nodiscard]] QRectF cellBox(int worker, int chunk) const;
    /// The pixels a cell can paint (its box less the margin its border never reaches).
    [[nodiscard]] QRect cellInk(int worker, int chunk) const;
    [[nodiscard]] QRectF headerBox(int chunk) const;
    [[nodiscard]] QRectF rowLabelBox(int worker) const;
    /// The boxes of the arrows' labels for these texts (per sender); empty boxes when the
    /// arrows carry no labels.
    [[nodiscard]] std::vector<QRectF> arrowLabelBoxes(const std::vector<QString>& texts) const;
};

/// Lays the ring view out (see RingLayout). The ring takes a square in the left 42 % of the
/// width, the table the rest, the legend a line along the bottom; fonts scale with the space.
RingLayout ringLayout(const RingLayoutInput& input);

/// Pixels that a shape within `bounds` can touch, anti-aliasing and `pen` width included.
QRect inkReach(const QRectF& bounds, qreal pen);

} // namespace dtsim::ui
