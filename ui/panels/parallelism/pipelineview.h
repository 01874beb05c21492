#pragma once

#include "simcore/reports/pipelinereport.h"
#include "simcore/scenario/scenario.h"
#include "ui/kit/paintedchartarea.h"
#include "ui/panels/parallelism/ganttlayout.h"

namespace dtsim::ui {

/// The Gantt chart's fills (the same in every look: the rows' inside is always the pale idle
/// fill) and the dark edge of every block wide enough for one.
struct GanttColours {
    QColor forward;
    QColor backward; ///< the whole backward, or its input-gradient part B
    QColor weight;   ///< the weight gradient W of the schedules that split the backward
    QColor idleFill;
    QColor blockEdge;
};

/// The pipeline schedule as a Gantt chart (MODELS §5): one row per pipeline device, time in
/// seconds across, every forward (blue, white number) and backward (orange, dark number) of
/// every micro-batch as simcore::simulatePipeline scheduled it, for ZB-H1, ZB-H2 and DualPipe
/// the weight gradient W (bluish green, dark number) apart from the input gradient B (orange);
/// idle time hatched as the bubble, with its share of the step printed above. Interleaved
/// chunks, and DualPipe's second direction, are told apart by a hatch on the block. Right of each
/// row: the most micro-batches that device holds in flight and what their activations weigh
/// (simcore/models/pipelinememory.h, Korthikanti et al. 2022).
///
/// Painted with QPainter from the GanttLayout of the report (layout()): blocks narrower than a
/// few pixels merge into runs, so a repaint draws at most a few rectangles per pixel column.
/// Beyond simcore::kMaxListedPipelineOperations the report has no operation list (the numbers
/// stay exact) and the chart says it is not drawn; rows thinner than kMinRowHeight pixels are
/// cut and the chart says how many are shown.
class PipelineView : public PaintedChartArea {
    Q_OBJECT
public:
    explicit PipelineView(QWidget* parent = nullptr);

    /// showReport(simcore::pipelineReport(scenario)).
    void showScenario(const simcore::Scenario& scenario) override;
    /// Draws an evaluated report (the panel evaluates once for the chart and the formulas).
    void showReport(simcore::PipelineReport report);
    [[nodiscard]] std::vector<simcore::CsvTable> csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;

    /// Everything the chart draws for `report` at `size` in `style`: a pure function (no widget).
    [[nodiscard]] static GanttLayout layout(const simcore::PipelineReport& report, QSizeF size,
                                            const DiagramStyle& style);

    // For the panel and tests: what is drawn.
    [[nodiscard]] const simcore::PipelineReport& report() const { return m_report; }
    [[nodiscard]] const GanttLayout& drawnLayout() const;
    /// False when the report has a problem; problem() names the key.
    [[nodiscard]] bool isValid() const { return m_report.ok(); }
    [[nodiscard]] QString problem() const;
    /// Why the activation memory is not shown (memory model inputs inconsistent), or empty.
    [[nodiscard]] QString memoryProblem() const;
    /// Device rows drawn (p, unless cut for height).
    [[nodiscard]] int rowCount() const;
    [[nodiscard]] DrawnMarks drawnMarks() const override;
    /// False when the operations are too many to draw.
    [[nodiscard]] bool operationsDrawn() const { return m_report.operationsListed; }
    /// The printed lines: title (schedule, p, m, v), bubble, and memory.
    [[nodiscard]] QString titleText() const { return titleOf(m_report); }
    [[nodiscard]] QString bubbleText() const { return bubbleOf(m_report); }
    [[nodiscard]] QString memoryText() const { return memoryOf(m_report); }
    /// The tooltip at a point of the chart (an operation, or idle time), or empty.
    [[nodiscard]] QString toolTipAt(const QPointF& position) const;
    /// The x coordinate of a time (seconds) and the y centre of a device row, for tests.
    [[nodiscard]] QPointF pointAt(double seconds, int device) const;
    [[nodiscard]] static QString scheduleName(simcore::PipelineSchedule schedule);
    /// The fills and edge the chart paints with (for the contrast test).
    [[nodiscard]] static const GanttColours& colours();

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

    /// Rows are at least this many pixels high; more devices than fit are cut.
    static constexpr double kMinRowHeight = 2;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    void buildGeometry() override;
    void paintRows(QPainter& painter) const;
    static void layoutBlocks(const simcore::PipelineReport& report, GanttLayout& out);
    [[nodiscard]] static QString titleOf(const simcore::PipelineReport& report);
    [[nodiscard]] static QString bubbleOf(const simcore::PipelineReport& report);
    [[nodiscard]] static QString memoryOf(const simcore::PipelineReport& report);

    simcore::PipelineReport m_report;
    GanttLayout m_layout; ///< rebuilt when the report, the size or the look changes
};

} // namespace dtsim::ui
