#pragma once

#include "simcore/pipeline.h"
#include "simcore/pipelinememory.h"
#include "simcore/scenario.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/paintedchartarea.h"

#include <QStaticText>
#include <vector>

namespace dtsim::ui {

/// The pipeline schedule as a Gantt chart (MODELS §5): one row per pipeline device, time in
/// seconds across, every forward (blue, white number) and backward (orange, dark number) of
/// every micro-batch as simcore::simulatePipeline scheduled it; idle time hatched as the bubble,
/// with its share of the step printed above. Interleaved chunks are told apart by a hatch on the
/// block. Right of each row: the most micro-batches that device holds in flight and what their
/// activations weigh (simcore/pipelinememory.h, Korthikanti et al. 2022).
///
/// Painted with QPainter from the simulation's operation list; blocks narrower than a few
/// pixels merge into runs, so a repaint costs O(operations) arithmetic and at most a few
/// rectangles per pixel column. Beyond kMaxDrawnOperations the schedule is simulated without its
/// operation list (the numbers stay exact) and the chart says it is not drawn; rows thinner
/// than kMinRowHeight pixels are cut and the chart says how many are shown.
class PipelineView : public PaintedChartArea {
    Q_OBJECT
public:
    explicit PipelineView(QWidget* parent = nullptr);

    void showScenario(const simcore::Scenario& scenario) override;
    [[nodiscard]] QString csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;

    // For the panel and tests: what is drawn.
    [[nodiscard]] const simcore::PipelineParams& params() const { return m_params; }
    [[nodiscard]] const simcore::PipelineResult& result() const { return m_result; }
    [[nodiscard]] const std::vector<simcore::DeviceActivations>& activations() const
    {
        return m_activations;
    }
    /// False when simcore rejected the schedule; problem() names the key.
    [[nodiscard]] bool isValid() const { return m_result.ok(); }
    [[nodiscard]] const QString& problem() const { return m_problem; }
    /// Why the activation memory is not shown (memory model inputs inconsistent), or empty.
    [[nodiscard]] const QString& memoryProblem() const { return m_memoryProblem; }
    /// Device rows drawn (p, unless cut for height).
    [[nodiscard]] int rowCount() const;
    /// False when the operations are too many to draw.
    [[nodiscard]] bool operationsDrawn() const { return m_drawOperations; }
    /// The printed lines: title (schedule, p, m, v), bubble, and memory.
    [[nodiscard]] const QString& titleText() const { return m_title; }
    [[nodiscard]] const QString& bubbleText() const { return m_subtitle; }
    [[nodiscard]] QString memoryText() const;
    /// The tooltip at a point of the chart (an operation, or idle time), or empty.
    [[nodiscard]] QString toolTipAt(const QPointF& position) const;
    /// The x coordinate of a time (seconds) and the y centre of a device row, for tests.
    [[nodiscard]] QPointF pointAt(double seconds, int device) const;
    [[nodiscard]] static QString scheduleName(simcore::PipelineSchedule schedule);

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

    /// 2·p·v·m above this: the operations are not drawn (2^18 = 262,144).
    static constexpr std::int64_t kMaxDrawnOperations = std::int64_t{1} << 18;
    /// Rows are at least this many pixels high; more devices than fit are cut.
    static constexpr double kMinRowHeight = 2;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildGeometry() override;
    void buildTexts();
    void paintRows(QPainter& painter) const;

    simcore::Scenario m_scenario;
    simcore::PipelineParams m_params;
    simcore::PipelineResult m_result;
    std::vector<simcore::DeviceActivations> m_activations;
    double m_perLayerBytes = 0;
    QString m_problem;
    QString m_memoryProblem;
    bool m_drawOperations = true;

    QString m_title;
    QString m_subtitle;
    QString m_capNote;

    // Geometry, rebuilt when the scenario, the size or the look changes.
    QRectF m_titleRect;
    QRectF m_subtitleRect;
    struct LegendEntry {
        int kind; ///< 0 forward, 1 backward, 2 idle, 3 chunk hatching
        QRectF sample;
        QRectF text;
        QString label;
    };
    std::vector<LegendEntry> m_legend;
    QRectF m_plot;
    double m_rowHeight = 0;
    int m_rows = 0;
    int m_labelEvery = 1;
    QRectF m_labelColumn;
    QRectF m_rightColumn;
    std::vector<QString> m_rightTexts;
    std::vector<std::pair<double, QString>> m_ticks; ///< x, label
    QRectF m_axisTitle;
    std::vector<QStaticText> m_numbers; ///< "1" … "m" when labels can fit
    double m_numberWidth = 0;
    QStaticText m_memoryLine;
    QPointF m_memoryAt;
    QRectF m_messageRect;
};

} // namespace dtsim::ui
