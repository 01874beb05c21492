#pragma once

#include "simcore/reports/parallelismreport.h"
#include "simcore/reports/pipelinereport.h"
#include "ui/kit/chartarea.h"
#include "ui/kit/panel.h"

class QGroupBox;
class QPushButton;
class QTabWidget;

namespace dtsim::ui {

class ParallelismDiagram;
class PipelineView;

/// The Parallelism panel's right side: two views on sub-tabs, the diagram of who holds what
/// ("Diagram") and the schedule's Gantt chart ("Pipeline"). Both draw every scenario, so
/// switching shows the current picture at once; export and the summary follow the view shown.
class ParallelismViews : public ChartArea {
    Q_OBJECT
public:
    explicit ParallelismViews(QWidget* parent = nullptr);

    void showScenario(const simcore::Scenario& scenario) override;
    /// Draws evaluated reports (the panel evaluates once for the views and its formulas).
    void showReports(simcore::ParallelismReport parallelism, simcore::PipelineReport pipeline);
    [[nodiscard]] std::vector<simcore::CsvTable> csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;
    void applyLook() override;

    [[nodiscard]] ParallelismDiagram* diagram() const { return m_diagram; }
    [[nodiscard]] PipelineView* pipeline() const { return m_pipeline; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    /// Shows the Gantt chart (true) or the diagram (false).
    void showPipeline(bool pipeline);
    [[nodiscard]] bool isPipelineShown() const;

protected:
    void retranslate() override;

private:
    QTabWidget* m_tabs = nullptr;
    ParallelismDiagram* m_diagram = nullptr;
    PipelineView* m_pipeline = nullptr;
};

/// Lesson §2: data, tensor and pipeline parallelism and their 3-D combination (which GPU holds
/// which layers, which shard, which slice of the batch; which collective runs where, and which
/// traffic crosses a node), and pipeline schedules to play with (GPipe, 1F1B, interleaved 1F1B:
/// the bubble and the activations kept in flight). Controls on the left edit parallel.*,
/// hardware.gpus_per_node and model.layers; a row of buttons shows one strategy at a time on
/// 8 GPUs.
class ParallelismPanel : public Panel {
    Q_OBJECT
public:
    explicit ParallelismPanel(ScenarioModel* model, QWidget* parent = nullptr);

    [[nodiscard]] QString panelId() const override { return QStringLiteral("parallelism"); }
    /// "pipeline" while the Gantt view is shown, so the window exports what is on screen.
    [[nodiscard]] QString exportId() const override;
    bool showView(const QString& id) override;
    [[nodiscard]] QString panelTitle() const override;

    [[nodiscard]] ParallelismViews* views() const { return m_views; }
    [[nodiscard]] ParallelismDiagram* diagram() const;
    [[nodiscard]] PipelineView* pipelineView() const;
    /// The one-strategy buttons: 0 data, 1 tensor, 2 pipeline, 3 all three.
    [[nodiscard]] QPushButton* strategyButton(int index) const;

protected:
    void refresh() override;
    void retranslate() override;

private:
    void buildControls();
    void showStrategy(int index);
    void updateFormula();

    ParallelismViews* m_views = nullptr;
    QGroupBox* m_degreesGroup = nullptr;
    QGroupBox* m_scheduleGroup = nullptr;
    QGroupBox* m_strategyGroup = nullptr;
    QList<QPushButton*> m_strategyButtons;
};

} // namespace dtsim::ui
