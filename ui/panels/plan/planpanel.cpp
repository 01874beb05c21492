#include "ui/panels/plan/planpanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/scenario/catalogue.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/problemtext.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/plan/plancharts.h"
#include "ui/panels/plan/plansearch.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace dtsim::ui {

namespace {

constexpr int kReadoutCount = 5;
/// A search that takes longer than this says so; a quicker one never flashes a word.
constexpr int kUpdatingDelayMs = 150;

} // namespace

PlanPanel::PlanPanel(ScenarioModel* model, QWidget* parent) : Panel(model, parent)
{
    m_charts = new PlanCharts;
    setChartArea(m_charts);
    buildControls();
    connect(m_charts, &PlanCharts::selectionChanged, this, [this] { updateFormula(); });
    m_search = std::make_unique<PlanSearch>(
        [this](simcore::PlanReport report, const simcore::Scenario& scenario) {
            showPlan(report, scenario);
        });
    m_updatingDelay = new QTimer(this);
    m_updatingDelay->setSingleShot(true);
    m_updatingDelay->setInterval(kUpdatingDelayMs);
    connect(m_updatingDelay, &QTimer::timeout, this,
            [this] { m_charts->setUpdating(isSearching()); });
    retranslate();
    refresh();
}

PlanPanel::~PlanPanel() = default;

QString PlanPanel::panelTitle() const
{
    return tr("Plan");
}

void PlanPanel::buildControls()
{
    m_use = new QPushButton;
    connect(m_use, &QPushButton::clicked, this, &PlanPanel::useSelectedLayout);
    controlsLayout()->addWidget(m_use);

    QFormLayout* modelForm = addControlGroup(m_modelGroup);
    m_preset = addModelPresetRow(modelForm);
    addFormRow(modelForm, QStringLiteral("model.seq_len"));
    addFormRow(modelForm, QStringLiteral("train.global_batch"));
    addFormRow(modelForm, QStringLiteral("train.tokens"));
    addFormRow(modelForm, QStringLiteral("train.precision"));
    addFormRow(modelForm, QStringLiteral("train.optimizer"));

    QFormLayout* clusterForm = addControlGroup(m_clusterGroup);
    addFormRow(clusterForm, QStringLiteral("hardware.gpu"));
    addFormRow(clusterForm, QStringLiteral("hardware.gpus"));
    addFormRow(clusterForm, QStringLiteral("hardware.gpus_per_node"));
    m_acrossNodes = new QCheckBox;
    bindKeyText(QStringLiteral("plan.tp_across_nodes"), m_acrossNodes);
    connect(m_acrossNodes, &QCheckBox::toggled, this, [this](bool on) {
        applyValue(QStringLiteral("plan.tp_across_nodes"),
                   on ? QStringLiteral("on") : QStringLiteral("off"));
    });
    clusterForm->addRow(m_acrossNodes);

    // The links decide what tensor, pipeline and data parallelism cost across nodes: a faster
    // network moves the best layout. Folded at first, so the read-outs fit 1280×800 unscrolled.
    QFormLayout* linksForm = addFoldingGroup(m_linksHeader, false);
    addFormRow(linksForm, QStringLiteral("hardware.intra_bandwidth"));
    addFormRow(linksForm, QStringLiteral("hardware.inter_bandwidth"));
    addFormRow(linksForm, QStringLiteral("hardware.nics_per_node"));
    addFormRow(linksForm, QStringLiteral("hardware.nic_bandwidth"));

    QFormLayout* costForm = addFoldingGroup(m_costHeader, false);
    addFormRow(costForm, QStringLiteral("cost.gpu_hour_price"));
    addFormRow(costForm, QStringLiteral("cost.gpu_power"));
    addFormRow(costForm, QStringLiteral("cost.pue"));
    addFormRow(costForm, QStringLiteral("cost.grid_intensity"));

    QFormLayout* bestForm = addControlGroup(m_bestGroup);
    addReadouts(bestForm, kReadoutCount, ReadoutSize::Body, false);
    controlsLayout()->addStretch(1);
}

bool PlanPanel::isSearching() const
{
    return m_search->isBusy();
}

void PlanPanel::finishSearch()
{
    m_search->finish();
}

void PlanPanel::useSelectedLayout()
{
    // A click during a search applies a layout of the scenario being searched, never an older.
    finishSearch();
    const auto& report = m_charts->report();
    const int index = m_charts->selectedLayout();
    if (index < 0 || index >= static_cast<int>(report.layouts.size())) {
        return;
    }
    const auto& layout = report.layouts[static_cast<std::size_t>(index)];
    // One change, one undo step: every panel redraws with the layout at once.
    model()->setScenario(simcore::withLayout(model()->scenario(), layout),
                         tr("Use layout %1").arg(PlanCharts::layoutText(layout)));
}

void PlanPanel::retranslate()
{
    Panel::retranslate();
    m_modelGroup->setTitle(tr("Model and run"));
    m_clusterGroup->setTitle(tr("Cluster"));
    setFoldingTitle(m_linksHeader, tr("Nodes' links"));
    setFoldingTitle(m_costHeader, tr("Price and energy"));
    m_bestGroup->setTitle(tr("The best layout"));
    m_use->setText(tr("Use this layout"));
    m_use->setToolTip(tr("Apply the selected layout (the fastest, or the bar you clicked) to "
                         "every panel: dp, tp, pp, cp, micro-batch, schedule, recomputation, "
                         "ZeRO and sequence parallelism, in one undo step."));
    setRowLabel(m_preset, tr("&Model preset:"));
    m_preset->setItemText(m_preset->count() - 1, tr("Custom"));
    m_preset->setAccessibleName(accessibleLabel(tr("&Model preset:")));
    const auto id = [](const char* text) { return QString::fromLatin1(text); };
    setReadouts({
        {tr("Best step time:"),
         tr("One optimizer step of the fastest layout that fits."),
         {id("step_time")},
         {}},
        {tr("Days to train:"),
         tr("train.tokens at the fastest layout's throughput."),
         {id("days")},
         {}},
        {tr("GPU-hours:"), tr("Days × 24 × GPUs."), {id("gpu_hours")}, {}},
        {tr("Cost:"), tr("GPU-hours × the price per GPU-hour."), {id("cost")}, tr("$%1")},
        {tr("CO₂:"), tr("Energy × the grid's carbon intensity."), {id("co2_kg")}, tr("%1 kg")},
    });
}

void PlanPanel::refresh()
{
    const auto& scenario = model()->scenario();
    showModelPreset(m_preset, scenario.model);
    {
        const QSignalBlocker block(m_acrossNodes);
        m_acrossNodes->setChecked(scenario.plan.tpAcrossNodes);
    }
    showFieldValues();
    if (!m_planShown) {
        showPlan(simcore::planTraining(scenario), scenario); // never a blank first picture
        return;
    }
    if (scenario == m_planScenario && !isSearching()) {
        return; // an undo back to the plan drawn
    }
    m_search->request(scenario);
    if (!m_updatingDelay->isActive()) {
        m_updatingDelay->start();
    }
}

void PlanPanel::showPlan(const simcore::PlanReport& report, const simcore::Scenario& scenario)
{
    m_planScenario = scenario;
    m_planShown = true;
    ++m_plansDrawn;
    m_updatingDelay->stop();
    m_charts->setUpdating(false);
    m_charts->showReport(report);
    showReadouts(report);
    m_use->setEnabled(!report.layouts.empty());
    showModelProblem(report.ok() ? nullptr : &report.problems.front());
    updateFormula();
    emit planDrawn();
}

void PlanPanel::updateFormula()
{
    const auto& report = m_charts->report();
    const QString general =
        tr("days = train.tokens / (B × s / step); GPU-hours = days × 24 × GPUs; $ = GPU-hours × "
           "price; kWh = GPU-hours × P × PUE; CO₂ = kWh × grid intensity");
    const int index = m_charts->selectedLayout();
    if (!report.ok() || index < 0) {
        setFormula(general);
        return;
    }
    const auto& l = report.layouts[static_cast<std::size_t>(index)];
    const auto& scenario = m_planScenario; // the prices the plan was costed at
    const QString chosen =
        tr("#%1: %2 days × 24 × %3 GPUs = <b>%4 GPU-hours</b> × $%5 = <b>$%6</b>; × %7 W × %8 = "
           "<b>%9 kWh</b>")
            .arg(index + 1)
            .arg(common::formatNumber(l.days, 4), common::formatWhole(l.dp * l.tp * l.pp * l.cp),
                 common::formatNumber(l.cost.gpuHours, 4),
                 common::formatNumber(scenario.cost.gpuHourPrice, 3),
                 common::formatNumber(l.cost.dollars, 4),
                 common::formatNumber(l.cost.gpuPowerWatts, 4),
                 common::formatNumber(scenario.cost.pue, 3),
                 common::formatNumber(l.cost.energyKwh, 4)) +
        tr(" × %1 kg/kWh = <b>%2 t CO₂</b>")
            .arg(common::formatNumber(scenario.cost.gridKgPerKwh, 3),
                 common::formatNumber(l.cost.co2Kg / 1000.0, 4));
    setFormula(general + QStringLiteral("<br>") + chosen);
}

} // namespace dtsim::ui
