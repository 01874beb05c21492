#pragma once

#include "simcore/reports/parallelismreport.h"
#include "simcore/scenario/scenario.h"
#include "ui/kit/paintedchartarea.h"
#include "ui/panels/parallelism/diagramlayout.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace dtsim::ui {

/// Lesson §2 as a picture: dp × tp × pp GPUs as boxes in a grid — pipeline stages as columns,
/// data-parallel replicas as rows, the tensor-parallel group of each (stage, replica) as the
/// boxes of one cell — on grey node frames (hardware.gpus_per_node, Megatron-LM's rank order,
/// see simcore/models/parallellayout.h). Which collective runs where: tensor all-reduce (a blue
/// outline around the group), pipeline point-to-point (orange double arrows between stages),
/// gradient all-reduce across replicas (green dashed lines); links whose two ends sit on different
/// nodes get a vermillion halo (the slow links). Below: one caption per strategy saying which limit
/// it removes and what it costs, and the counts for the whole layout.
///
/// Large layouts are abridged, per dimension, to the first indices, an ellipsis and the last one
/// (e.g. stages 0, 1, 2 … 7), until the boxes are large enough to read and at most
/// kMaxDrawnGpus are drawn; the counts line covers every GPU. Everything is painted from the
/// DiagramLayout of the report (layout()), laid out once per report, size and look.
class ParallelismDiagram : public PaintedChartArea {
    Q_OBJECT
public:
    explicit ParallelismDiagram(QWidget* parent = nullptr);

    /// showReport(simcore::parallelismReport(scenario)).
    void showScenario(const simcore::Scenario& scenario) override;
    /// Draws an evaluated report (the panel evaluates once for the diagram and the formulas).
    void showReport(simcore::ParallelismReport report);
    [[nodiscard]] std::vector<simcore::CsvTable> csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;

    /// Everything the diagram draws for `report` at `size` in `style`: a pure function (no
    /// widget). `previous`, when given, lends its prepared captions to the same texts (laying
    /// rich text out is most of what the texts cost, and an edit changes one caption of three).
    [[nodiscard]] static DiagramLayout layout(const simcore::ParallelismReport& report, QSizeF size,
                                              const DiagramStyle& style,
                                              const DiagramLayout* previous = nullptr);

    // For the panel and for tests: what is drawn.
    [[nodiscard]] const simcore::ParallelismReport& report() const { return m_report; }
    /// The geometry as painted now.
    [[nodiscard]] const DiagramLayout& drawnLayout() const;
    /// False when the layout cannot be drawn (problem() says why, naming the key).
    [[nodiscard]] bool isValid() const { return m_report.ok(); }
    [[nodiscard]] QString problem() const;
    /// Ranks drawn as boxes, in drawing order (every rank unless abridged).
    [[nodiscard]] std::vector<std::int64_t> drawnRanks() const;
    [[nodiscard]] DrawnMarks drawnMarks() const override;
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

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    void buildGeometry() override;
    void paintLegend(QPainter& painter) const;

    // The layout's texts, in this class's translation context.
    [[nodiscard]] static QString layersText(const simcore::ParallelismReport& report,
                                            std::int64_t ppIndex);
    [[nodiscard]] static QStringList boxLines(const simcore::ParallelismReport& report,
                                              std::int64_t rank, int level);
    [[nodiscard]] static QStringList captionsHtml(const simcore::ParallelismReport& report,
                                                  const QColor& muted);
    [[nodiscard]] static QString countsHtml(const simcore::ParallelismReport& report,
                                            const DiagramLayout& drawn);
    static void layoutTexts(const simcore::ParallelismReport& report, const DiagramStyle& style,
                            const DiagramLayout* previous, bool withCaptions, DiagramLayout& out);
    static void layoutGrid(const simcore::ParallelismReport& report, const QRectF& region,
                           const DiagramStyle& style, DiagramLayout& out);

    simcore::ParallelismReport m_report;
    DiagramLayout m_layout; ///< rebuilt when the report, the size or the look changes
};

} // namespace dtsim::ui
