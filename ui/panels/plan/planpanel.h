#pragma once

#include "simcore/plan/planner.h"
#include "ui/kit/panel.h"

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QPushButton;
class QTimer;
class QToolButton;

namespace dtsim::ui {

class PlanCharts;
class PlanSearch;

/// SPEC §7 Plan: for a model, a cluster and a batch, every dp × tp × pp × cp layout (with
/// micro-batch, schedule, recomputation, ZeRO and sequence parallelism) that fits, ranked by the
/// time to train train.tokens (simcore/plan/planner.h); the tp × pp map, the Pareto front and the
/// fastest layouts' step terms (PlanCharts); the chosen layout's GPU-hours, cost, energy and
/// CO₂; "Use this layout" applies it to every panel in one undo step.
///
/// The search runs off the UI thread (PlanSearch): an edit shows its fields at once and the
/// charts keep the last plan until the new one is drawn (a search taking longer than a moment
/// says "updating…"); only the newest edit's plan is ever drawn. The first plan is searched
/// before the panel is shown, so it is never blank.
class PlanPanel : public Panel {
    Q_OBJECT
public:
    explicit PlanPanel(ScenarioModel* model, QWidget* parent = nullptr);
    /// Waits for a running search (planTraining cannot be stopped; a search takes milliseconds).
    ~PlanPanel() override;

    [[nodiscard]] QString panelId() const override { return QStringLiteral("plan"); }
    [[nodiscard]] QString panelTitle() const override;
    [[nodiscard]] PlanCharts* charts() const { return m_charts; }
    /// Applies the selected layout (the fastest unless a bar was clicked): one undo step.
    /// During a search it first waits for it: a layout is applied to the scenario it was
    /// searched for.
    void useSelectedLayout();
    [[nodiscard]] PlanSearch* search() const { return m_search.get(); }
    /// A search for the current scenario runs or waits: the charts show the previous plan.
    [[nodiscard]] bool isSearching() const;
    /// Blocks until the current scenario's plan is drawn (export, tests, the benchmark).
    void finishSearch();
    /// Plans drawn so far (tests: a stale plan is never drawn).
    [[nodiscard]] int plansDrawn() const { return m_plansDrawn; }

signals:
    /// A plan is drawn: the report, read-outs, formula and buttons show it.
    void planDrawn();

protected:
    void refresh() override;
    void retranslate() override;

private:
    friend struct TestAccess;

    void buildControls();
    void updateFormula();
    /// Draws a plan and what follows from it; `scenario` is the one it was searched for.
    void showPlan(const simcore::PlanReport& report, const simcore::Scenario& scenario);

    PlanCharts* m_charts = nullptr;
    std::unique_ptr<PlanSearch> m_search;
    QTimer* m_updatingDelay = nullptr;
    simcore::Scenario m_planScenario; ///< what the drawn plan was searched for
    bool m_planShown = false;
    int m_plansDrawn = 0;
    QGroupBox* m_modelGroup = nullptr;
    QGroupBox* m_clusterGroup = nullptr;
    QToolButton* m_linksHeader = nullptr;
    QToolButton* m_costHeader = nullptr;
    QGroupBox* m_bestGroup = nullptr;
    QComboBox* m_preset = nullptr;
    QCheckBox* m_acrossNodes = nullptr;
    QPushButton* m_use = nullptr;
};

} // namespace dtsim::ui
