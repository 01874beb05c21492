#pragma once

#include "simcore/planner.h"
#include "ui/kit/panel.h"

#include <optional>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QPushButton;

namespace dtsim::ui {

class PlanCharts;

/// SPEC §7 Plan: for a model, a cluster and a batch, every dp × tp × pp × cp layout (with
/// micro-batch, schedule, recomputation, ZeRO and sequence parallelism) that fits, ranked by the
/// time to train train.tokens (simcore/planner.h); the tp × pp map, the Pareto front and the
/// fastest layouts' step terms (PlanCharts); the chosen layout's GPU-hours, cost, energy and
/// CO₂; "Use this layout" applies it to every panel in one undo step.
class PlanPanel : public Panel {
    Q_OBJECT
public:
    explicit PlanPanel(ScenarioModel* model, QWidget* parent = nullptr);

    [[nodiscard]] QString panelId() const override { return QStringLiteral("plan"); }
    [[nodiscard]] QString panelTitle() const override;
    [[nodiscard]] PlanCharts* charts() const { return m_charts; }
    [[nodiscard]] QPushButton* useButton() const { return m_use; }
    /// Applies the selected layout (the fastest unless a bar was clicked): one undo step.
    void useSelectedLayout();

protected:
    void refresh() override;
    void retranslate() override;

private:
    void buildControls();
    void updateFormula();

    PlanCharts* m_charts = nullptr;
    QGroupBox* m_modelGroup = nullptr;
    QGroupBox* m_clusterGroup = nullptr;
    QGroupBox* m_costGroup = nullptr;
    QComboBox* m_preset = nullptr;
    QCheckBox* m_acrossNodes = nullptr;
    QPushButton* m_use = nullptr;
};

} // namespace dtsim::ui
