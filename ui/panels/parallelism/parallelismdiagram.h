#pragma once

#include "simcore/parallellayout.h"
#include "simcore/scenario.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/paintedchartarea.h"

#include <QFont>
#include <QPainterPath>
#include <QStaticText>
#include <QStringList>
#include <vector>

namespace dtsim::ui {

/// Lesson §2 as a picture: dp × tp × pp GPUs as boxes in a grid — pipeline stages as columns,
/// data-parallel replicas as rows, the tensor-parallel group of each (stage, replica) as the
/// boxes of one cell — on grey node frames (hardware.gpus_per_node, Megatron-LM's rank order,
/// see simcore/parallellayout.h). Which collective runs where: tensor all-reduce (a blue outline
/// around the group), pipeline point-to-point (orange double arrows between stages), gradient
/// all-reduce across replicas (green dashed lines); links whose two ends sit on different nodes
/// get a vermillion halo (the slow links). Below: one caption per strategy saying which limit it
/// removes and what it costs, and the counts for the whole layout.
///
/// Large layouts are abridged, per dimension, to the first indices, an ellipsis and the last one
/// (e.g. stages 0, 1, 2 … 7), until the boxes are large enough to read and at most
/// kMaxDrawnGpus are drawn; the counts line covers every GPU. Everything is painted from
/// geometry computed once per scenario, size and look: no item per GPU.
class ParallelismDiagram : public PaintedChartArea {
    Q_OBJECT
public:
    explicit ParallelismDiagram(QWidget* parent = nullptr);

    void showScenario(const simcore::Scenario& scenario) override;
    [[nodiscard]] QString csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;

    // For the panel and for tests: what is drawn.
    [[nodiscard]] const simcore::LayoutParams& layoutParams() const { return m_params; }
    [[nodiscard]] const simcore::LayoutSummary& layoutSummary() const { return m_summary; }
    /// False when the layout cannot be drawn (problem() says why, naming the key).
    [[nodiscard]] bool isValid() const { return m_valid; }
    [[nodiscard]] const QString& problem() const { return m_problem; }
    /// Ranks drawn as boxes, in drawing order (every rank unless abridged).
    [[nodiscard]] std::vector<std::int64_t> drawnRanks() const;
    /// True when some stages, replicas or tensor ranks are left out of the picture.
    [[nodiscard]] bool isAbridged() const;
    /// The drawn box of a rank, or an empty rectangle.
    [[nodiscard]] QRectF gpuRect(std::int64_t rank) const;
    /// What the hover tooltip says about a rank: what it holds and what it sends to whom.
    [[nodiscard]] QString gpuToolTip(std::int64_t rank) const;
    /// The three strategy captions as plain text.
    [[nodiscard]] QString captionText() const;

    struct LinkCounts {
        int tensor = 0;   ///< tensor-group outlines
        int pipeline = 0; ///< stage-to-stage arrows
        int data = 0;     ///< replica-to-replica lines
        int crossing = 0; ///< of all those, links marked as crossing a node boundary
    };
    [[nodiscard]] LinkCounts drawnLinks() const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

    /// At most this many GPU boxes are drawn.
    static constexpr int kMaxDrawnGpus = 64;
    /// The CSV lists at most this many GPUs (one row each); a comment line says when it stops.
    static constexpr std::int64_t kMaxCsvRows = 65536;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    enum class LinkKind { Tensor, Pipeline, Data };
    struct Box {
        std::int64_t rank = 0;
        QRectF rect;
    };
    struct Link {
        LinkKind kind = LinkKind::Data;
        QPainterPath path;
        bool crossing = false;
        QPointF from; ///< pipeline arrows: both ends get a head
        QPointF to;
    };
    struct NodeFrame {
        QPainterPath outline;
        QRectF tag;
        QString label;
    };
    struct TextItem {
        QRectF rect;
        QString text;
        int flags = 0;
        bool bold = false;
        bool muted = false;
    };
    /// Boxes and gaps for a given number of shown indices per dimension.
    struct Fit {
        int subColumns = 1;
        int subRows = 1;
        double boxWidth = 0;
        double boxHeight = 0;
    };

    void buildGeometry() override;
    void layoutGrid(const QRectF& region);
    [[nodiscard]] Fit fit(const QRectF& grid, std::size_t ppSlots, std::size_t dpSlots,
                          std::size_t tpSlots, bool ppEllipsis, bool dpEllipsis) const;
    void buildTexts();
    [[nodiscard]] QStringList boxLines(std::int64_t rank, int level) const;
    [[nodiscard]] QString layersText(std::int64_t ppIndex) const;
    [[nodiscard]] QString shownList(const std::vector<std::int64_t>& shown) const;
    void paintLegend(QPainter& painter) const;
    void paintLinkSample(QPainter& painter, int kind, const QRectF& sample) const;

    simcore::Scenario m_scenario;
    simcore::LayoutParams m_params;
    simcore::LayoutSummary m_summary;
    bool m_valid = false;
    QString m_problem;
    /// The pipeline bubble (idle share of the step) from simcore, or < 0 when not simulated.
    double m_bubbleFraction = -1;

    // Geometry, rebuilt when the scenario, the size or the look changes.
    std::vector<std::int64_t> m_ppShown; ///< shown stage indices; drawing::kGap marks the ellipsis
    std::vector<std::int64_t> m_dpShown;
    std::vector<std::int64_t> m_tpShown;
    std::vector<Box> m_boxes;
    std::vector<QStringList> m_boxText;
    std::vector<QRectF> m_gapBoxes; ///< tensor-rank ellipsis slots
    std::vector<Link> m_links;
    std::vector<NodeFrame> m_nodes;
    std::vector<TextItem> m_texts;
    QRectF m_titleRect;
    QRectF m_legendRect;
    struct LegendEntry {
        int kind; ///< 0 node, 1 tensor, 2 pipeline, 3 data, 4 crossing
        QRectF sample;
        QRectF text;
        QString label;
    };
    std::vector<LegendEntry> m_legend;
    QStaticText m_counts;
    QPointF m_countsAt;
    std::vector<QStaticText> m_captions;
    QFont m_textFont; ///< the font m_captions and m_counts were prepared in
    std::vector<QPointF> m_captionsAt;
    bool m_captionColumns = false;
    QString m_title;
    int m_boxLevel = 0; ///< 0 rank only, 1 two lines, 2 four lines
};

} // namespace dtsim::ui
