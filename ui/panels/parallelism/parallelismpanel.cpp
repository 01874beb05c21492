#include "ui/panels/parallelism/parallelismpanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/models/parallellayout.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/problemtext.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/parallelism/parallelismdiagram.h"
#include "ui/panels/parallelism/pipelineview.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>
#include <utility>

namespace dtsim::ui {

// --- ParallelismViews ----------------------------------------------------------------------

ParallelismViews::ParallelismViews(QWidget* parent) : ChartArea(parent)
{
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_diagram = new ParallelismDiagram;
    m_pipeline = new PipelineView;
    m_tabs->addTab(m_diagram, QString());
    m_tabs->addTab(m_pipeline, QString());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    connect(m_tabs, &QTabWidget::currentChanged, this,
            [this] { setAccessibleDescription(summary()); });
    retranslate();
}

void ParallelismViews::retranslate()
{
    m_tabs->setTabText(0, tr("Diagram"));
    m_tabs->setTabText(1, tr("Pipeline"));
    m_tabs->setTabToolTip(0, tr("Which GPU holds which layers, shard and batch slice, and which "
                                "collective runs between which GPUs."));
    m_tabs->setTabToolTip(1, tr("The pipeline schedule as a Gantt chart: forward and backward "
                                "passes per device, the idle bubble, activations in flight."));
}

void ParallelismViews::showScenario(const simcore::Scenario& scenario)
{
    showReports(simcore::parallelismReport(scenario), simcore::pipelineReport(scenario));
}

void ParallelismViews::showReports(simcore::ParallelismReport parallelism,
                                   simcore::PipelineReport pipeline)
{
    m_diagram->showReport(std::move(parallelism));
    m_pipeline->showReport(std::move(pipeline));
    setAccessibleDescription(summary());
}

void ParallelismViews::applyLook()
{
    m_diagram->applyLook();
    m_pipeline->applyLook();
    ChartArea::applyLook();
}

std::vector<simcore::CsvTable> ParallelismViews::csv() const
{
    return isPipelineShown() ? m_pipeline->csv() : m_diagram->csv();
}

QString ParallelismViews::summary() const
{
    return isPipelineShown() ? m_pipeline->summary() : m_diagram->summary();
}

QString ParallelismViews::exportTitle() const
{
    return isPipelineShown() ? m_pipeline->exportTitle() : m_diagram->exportTitle();
}

void ParallelismViews::showPipeline(bool pipeline)
{
    m_tabs->setCurrentIndex(pipeline ? 1 : 0);
}

bool ParallelismViews::isPipelineShown() const
{
    return m_tabs->currentIndex() == 1;
}

// --- ParallelismPanel ----------------------------------------------------------------------

ParallelismPanel::ParallelismPanel(ScenarioModel* model, QWidget* parent) : Panel(model, parent)
{
    m_views = new ParallelismViews;
    setChartArea(m_views);
    buildControls();
    retranslate();
    refresh();
}

QString ParallelismPanel::panelTitle() const
{
    return tr("Parallelism");
}

ParallelismDiagram* ParallelismPanel::diagram() const
{
    return m_views->diagram();
}

PipelineView* ParallelismPanel::pipelineView() const
{
    return m_views->pipeline();
}

QPushButton* ParallelismPanel::strategyButton(int index) const
{
    return index >= 0 && index < m_strategyButtons.size() ? m_strategyButtons[index] : nullptr;
}

void ParallelismPanel::buildControls()
{
    QFormLayout* degrees = addControlGroup(m_degreesGroup);
    addFormRow(degrees, QStringLiteral("parallel.dp"));
    addFormRow(degrees, QStringLiteral("parallel.tp"));
    addFormRow(degrees, QStringLiteral("parallel.pp"));
    addFormRow(degrees, QStringLiteral("hardware.gpus_per_node"));
    addFormRow(degrees, QStringLiteral("model.layers"));

    QFormLayout* schedule = addControlGroup(m_scheduleGroup);
    addFormRow(schedule, QStringLiteral("parallel.schedule"));
    // The batch sets m = B/(b·dp), the one m the Gantt, Memory and the training model read.
    addFormRow(schedule, QStringLiteral("train.global_batch"));
    addFormRow(schedule, QStringLiteral("train.micro_batch"));
    addFormRow(schedule, QStringLiteral("parallel.virtual_stages"));
    addFormRow(schedule, QStringLiteral("parallel.forward_time"));
    addFormRow(schedule, QStringLiteral("parallel.backward_time"));
    addFormRow(schedule, QStringLiteral("parallel.weight_grad_time"));
    addFormRow(schedule, QStringLiteral("parallel.p2p_time"));

    m_strategyGroup = new QGroupBox;
    m_strategyGroup->setFlat(true);
    auto* grid = new QGridLayout(m_strategyGroup);
    for (int i = 0; i < static_cast<int>(simcore::nodeStrategies().size()); ++i) {
        auto* button = new QPushButton;
        connect(button, &QPushButton::clicked, this, [this, i] { showStrategy(i); });
        grid->addWidget(button, i / 2, i % 2);
        m_strategyButtons << button;
    }
    controlsLayout()->addWidget(m_strategyGroup);
    controlsLayout()->addStretch(1);
}

void ParallelismPanel::showStrategy(int index)
{
    // One strategy on 8 GPUs (a DGX-class node), the rest of the scenario kept.
    const auto strategies = simcore::nodeStrategies();
    const auto scenario =
        simcore::withStrategy(model()->scenario(), strategies[static_cast<std::size_t>(index)]);
    if (const auto refused = model()->setScenario(scenario, m_strategyButtons[index]->toolTip())) {
        showProblem(*refused);
        return;
    }
    showProblem(QString());
    m_views->showPipeline(false);
}

void ParallelismPanel::retranslate()
{
    Panel::retranslate();
    m_degreesGroup->setTitle(tr("GPUs: dp × tp × pp"));
    m_scheduleGroup->setTitle(tr("Pipeline schedule"));
    m_strategyGroup->setTitle(tr("One strategy on 8 GPUs"));

    const QString names[] = {tr("Data ×8"), tr("Tensor ×8"), tr("Pipeline ×8"), tr("3-D 2×2×2")};
    const QString tips[] = {tr("Show data parallelism alone: dp = 8, tp = 1, pp = 1."),
                            tr("Show tensor parallelism alone: dp = 1, tp = 8, pp = 1."),
                            tr("Show pipeline parallelism alone: dp = 1, tp = 1, pp = 8."),
                            tr("Show all three combined: dp = 2, tp = 2, pp = 2.")};
    for (int i = 0; i < m_strategyButtons.size(); ++i) {
        m_strategyButtons[i]->setText(names[i]);
        m_strategyButtons[i]->setToolTip(tips[i]);
    }
}

void ParallelismPanel::refresh()
{
    const auto& scenario = model()->scenario();
    m_views->showReports(simcore::parallelismReport(scenario), simcore::pipelineReport(scenario));
    showFieldValues();
    // Chunks only mean something to the interleaved schedule (pipelineParamsFromScenario
    // ignores them otherwise).
    field(QStringLiteral("parallel.virtual_stages"))
        ->setEnabled(scenario.parallel.schedule == simcore::PipelineSchedule::Interleaved);
    // W is only run apart by the schedules that split the backward.
    field(QStringLiteral("parallel.weight_grad_time"))
        ->setEnabled(simcore::splitsBackward(scenario.parallel.schedule));

    // The first problem, in the order the picture depends on them: the layout's, the
    // schedule's, then the memory model's behind the in-flight figures.
    const auto& layout = diagram()->report();
    const auto& pipeline = pipelineView()->report();
    const simcore::ScenarioError* problem = !layout.ok()             ? &layout.problems.front()
                                            : !pipeline.ok()         ? &pipeline.problems.front()
                                            : pipeline.memoryProblem ? &*pipeline.memoryProblem
                                                                     : nullptr;
    if (problem) {
        showProblem(*problem);
    } else {
        showProblem(QString());
    }
    updateFormula();
}

void ParallelismPanel::updateFormula()
{
    QStringList lines;
    if (const auto& layout = diagram()->report(); layout.ok()) {
        const auto& p = layout.layout;
        const auto gpus = static_cast<std::int64_t>(layout.summary.gpus);
        // Two counts, two texts: each follows its own count's plural form.
        lines << tr("N = dp × tp × pp = %1 × %2 × %3 = <b>%4 GPU(s)</b> (nodes of %5: %6);",
                    nullptr, common::numerus(gpus))
                         .arg(p.dp)
                         .arg(p.tp)
                         .arg(p.pp)
                         .arg(common::formatWhole(gpus))
                         .arg(p.gpusPerNode)
                         .arg(
                             common::formatWhole(static_cast<std::int64_t>(layout.summary.nodes))) +
                     QLatin1Char(' ') +
                     tr("each holds L/pp = %1/%2 = %3 layer(s), 1/%4 of their weights, 1/%5 of "
                        "the batch",
                        nullptr, common::numerus(layout.gpuLayers))
                         .arg(p.layers)
                         .arg(p.pp)
                         .arg(common::formatWhole(layout.gpuLayers))
                         .arg(p.tp)
                         .arg(p.dp);
        // The same layout as Scaling's Physical mode, Memory and `calc training` price it.
        if (const auto& cost = layout.training) {
            lines << tr("Training model, m = B/(b·dp) = %1 micro-batches: step <b>%2</b> "
                        "(compute %3, tensor %4, pipeline %5, data-parallel %6 exposed); memory "
                        "per GPU <b>%7</b> of %8%9")
                         .arg(common::formatWhole(std::llround(cost->microbatches)),
                              common::formatDuration(cost->stepSeconds),
                              common::formatDuration(cost->computeSeconds),
                              common::formatDuration(cost->tpSeconds),
                              common::formatDuration(cost->pipelineSeconds),
                              common::formatDuration(cost->dpSeconds),
                              common::formatBytes(cost->memoryPerGpuBytes),
                              common::formatBytes(cost->capacityBytes),
                              cost->fits ? QString() : tr(": <b>does not fit</b>"));
        } else if (const auto& problem = layout.trainingProblem) {
            lines << tr("<i>The training model cannot price this layout: %1</i>")
                         .arg(describeProblem(*problem).toHtmlEscaped());
        }
    }
    if (const auto& pipeline = pipelineView()->report(); pipeline.ok()) {
        const auto& f = pipeline.formula;
        const auto value = [&pipeline](std::string_view id) {
            return common::formatQuantity(pipeline, id);
        };
        switch (f.schedule) {
        case simcore::PipelineSchedule::GPipe:
            lines << tr("GPipe (Huang et al. 2019): bubble = (p − 1)/(m + p − 1) = %1/%2 = %3 of "
                        "the step; simulated <b>%4</b> of the %5 step")
                         .arg(f.idleStages)
                         .arg(f.denominator)
                         .arg(value("formula_value"), value("bubble_fraction"), value("time"));
            break;
        case simcore::PipelineSchedule::OneFOneB:
            lines << tr("1F1B (Narayanan et al. 2021): bubble / ideal = (p − 1)/m = %1/%2 = %3; "
                        "simulated %4, i.e. <b>%5</b> of the %6 step")
                         .arg(f.idleStages)
                         .arg(f.denominator)
                         .arg(value("formula_value"), value("bubble_ratio"),
                              value("bubble_fraction"), value("time"));
            break;
        case simcore::PipelineSchedule::Interleaved:
            lines << tr("Interleaved (Narayanan et al. 2021): bubble / ideal = (p − 1)/(v·m) = "
                        "%1/(%2·%3) = %4; simulated %5, i.e. <b>%6</b> of the %7 step")
                         .arg(f.idleStages)
                         .arg(pipeline.params.virtualStages)
                         .arg(pipeline.params.microbatches)
                         .arg(value("formula_value"), value("bubble_ratio"),
                              value("bubble_fraction"), value("time"));
            break;
        case simcore::PipelineSchedule::ZeroBubbleH1:
            lines << tr("ZB-H1 (Qi et al. 2023): bubble = (p − 1)(F + B − 2W) = %1 × (%2 + %3 − "
                        "2 × %4) = %5, %6 of the ideal time; simulated %7, i.e. <b>%8</b> of the "
                        "%9 step")
                         .arg(f.idleStages)
                         .arg(value("forward_time"), value("backward_time"),
                              value("weight_grad_time"), value("formula_bubble_time"),
                              value("formula_value"), value("bubble_ratio"),
                              value("bubble_fraction"), value("time"));
            break;
        case simcore::PipelineSchedule::ZeroBubbleH2:
            lines << tr("ZB-H2 (Qi et al. 2023): bubble = (p − 1)(F + B − 3W) = %1 × (%2 + %3 − "
                        "3 × %4) = %5 (at least 0) when steps are not synchronised; simulated "
                        "%6 so, and <b>%7</b> of the %8 step when the optimizer step waits for "
                        "every stage")
                         .arg(f.idleStages)
                         .arg(value("forward_time"), value("backward_time"),
                              value("weight_grad_time"), value("formula_bubble_time"),
                              value("unsynchronized_bubble_time"), value("bubble_fraction"),
                              value("time"));
            break;
        case simcore::PipelineSchedule::DualPipe:
            lines << tr("DualPipe (DeepSeek-V3): bubble = (p/2 − 1)(F&B + B − 3W), F&B = F + B "
                        "= %1 × (%2 + 2 × %3 − 3 × %4) = %5, %6 of the ideal time; simulated %7, "
                        "i.e. <b>%8</b> of the %9 step")
                         .arg(f.idleStages)
                         .arg(value("forward_time"), value("backward_time"),
                              value("weight_grad_time"), value("formula_bubble_time"),
                              value("formula_value"), value("bubble_ratio"),
                              value("bubble_fraction"), value("time"));
            break;
        }
    }
    setFormula(lines.join(QStringLiteral("<br>")));
}

QString ParallelismPanel::exportId() const
{
    return m_views->isPipelineShown() ? QStringLiteral("pipeline") : panelId();
}

bool ParallelismPanel::showView(const QString& id)
{
    if (id != QLatin1String("pipeline") && id != panelId()) {
        return false;
    }
    m_views->showPipeline(id == QLatin1String("pipeline"));
    return true;
}

} // namespace dtsim::ui
