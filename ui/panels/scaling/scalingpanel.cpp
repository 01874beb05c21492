#include "ui/panels/scaling/scalingpanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "ui/kit/appearance.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/kit/wheelguard.h"
#include "ui/panels/scaling/scalingcharts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

namespace dtsim::ui {

namespace {
// Read-outs, in order: step, ideal, speed-up, efficiency, total, optimum, largest N
// (retranslate).
constexpr int kReadoutCount = 7;
} // namespace

ScalingPanel::ScalingPanel(ScenarioModel* model, QWidget* parent) : Panel(model, parent)
{
    m_charts = new ScalingCharts;
    m_charts->setInteractive(true);
    setChartArea(m_charts);
    buildControls();
    retranslate();
    refresh();
}

int ScalingPanel::sliderPosition(std::int64_t workers) const
{
    const auto at = std::find(m_stops.begin(), m_stops.end(), workers);
    return at == m_stops.end() ? -1 : static_cast<int>(at - m_stops.begin());
}

void ScalingPanel::buildControls()
{
    const auto maxWorkers = static_cast<int>(simcore::maxScalingWorkers());

    m_modeGroup = new QGroupBox;
    auto* modeForm = new QFormLayout(m_modeGroup);
    modeForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addFormRow(modeForm, QStringLiteral("scaling.mode"));

    m_workersGroup = new QGroupBox;
    auto* workersLayout = new QVBoxLayout(m_workersGroup);
    m_workersLabel = new QLabel;
    m_workers = new QSpinBox;
    takeWheelOnlyWhenFocused(m_workers);
    m_workers->setRange(1, maxWorkers);
    m_workers->setAccelerated(true);
    auto* workersRow = new QHBoxLayout;
    workersRow->addWidget(m_workersLabel);
    workersRow->addWidget(m_workers, 1);
    // Positions are indices into simcore's stops: a linear 1…4096 put the whole lesson (1…32)
    // into two pixels, and a log scale of 1200 positions made most N unreachable.
    m_slider = new QSlider(Qt::Horizontal);
    takeWheelOnlyWhenFocused(m_slider);
    m_slider->setRange(0, 0);
    m_slider->setSingleStep(1);
    m_slider->setPageStep(4);
    m_slider->setTickInterval(1);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_workersNote = new QLabel;
    m_workersNote->setWordWrap(true);
    m_workersNote->setVisible(false);
    m_logScale = new QCheckBox;
    m_countFailures = new QCheckBox;
    workersLayout->addLayout(workersRow);
    workersLayout->addWidget(m_slider);
    workersLayout->addWidget(m_workersNote);
    workersLayout->addWidget(m_logScale);
    workersLayout->addWidget(m_countFailures);
    bindKeyText(QStringLiteral("scaling.count_failures"), m_countFailures);
    connect(m_countFailures, &QCheckBox::toggled, this, [this](bool on) {
        model()->setValue(QStringLiteral("scaling.count_failures"),
                          on ? QStringLiteral("on") : QStringLiteral("off"));
    });
    bindKeyText(QStringLiteral("scaling.workers"), m_workers, m_workersLabel);
    bindKeyText(QStringLiteral("scaling.axis"), m_logScale);
    auto* runForm = new QFormLayout;
    runForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addFormRow(runForm, QStringLiteral("train.steps"));
    workersLayout->addLayout(runForm);

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        if (position >= 0 && position < static_cast<int>(m_stops.size())) {
            setWorkers(m_stops[static_cast<std::size_t>(position)]);
        }
    });
    connect(m_workers, &QSpinBox::valueChanged, this, [this](int n) { setWorkers(n); });
    connect(m_logScale, &QCheckBox::toggled, this, [this](bool on) {
        model()->setValue(QStringLiteral("scaling.axis"),
                          on ? QStringLiteral("log") : QStringLiteral("linear"));
    });

    m_lessonGroup = new QGroupBox;
    auto* lessonForm = new QFormLayout(m_lessonGroup);
    lessonForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addFormRow(lessonForm, QStringLiteral("lesson.base_compute"));
    addFormRow(lessonForm, QStringLiteral("lesson.fixed_sync"));
    addFormRow(lessonForm, QStringLiteral("lesson.sync_per_worker"));

    // The Physical model's rows are built when that model is first shown: most lessons never
    // leave the seed's model, and seventeen rows were a tenth of the window's start-up.
    m_physicalGroup = new QGroupBox;
    m_physicalForm = new QFormLayout(m_physicalGroup);
    m_physicalForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_linksGroup = new QGroupBox;
    m_linksForm = new QFormLayout(m_linksGroup);
    m_linksForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_readoutGroup = new QGroupBox;
    addReadouts(new QFormLayout(m_readoutGroup), kReadoutCount, ReadoutSize::Headline, false);

    // Flat groups: a framed QGroupBox repaints its whole border pixmap whenever a read-out in
    // it changes, through Qt's threaded blend, on every slider step.
    for (QGroupBox* group : {m_modeGroup, m_workersGroup, m_lessonGroup, m_physicalGroup,
                             m_linksGroup, m_readoutGroup}) {
        group->setFlat(true);
    }
    controlsLayout()->addWidget(m_modeGroup);
    controlsLayout()->addWidget(m_workersGroup);
    controlsLayout()->addWidget(m_readoutGroup);
    controlsLayout()->addWidget(m_lessonGroup);
    controlsLayout()->addWidget(m_physicalGroup);
    controlsLayout()->addWidget(m_linksGroup);
    controlsLayout()->addStretch(1);
}

void ScalingPanel::buildPhysicalRows()
{
    if (m_physicalRowsBuilt) {
        return;
    }
    m_physicalRowsBuilt = true;
    QFormLayout* physicalForm = m_physicalForm;
    addFormRow(physicalForm, QStringLiteral("model.params"));
    addFormRow(physicalForm, QStringLiteral("model.seq_len"));
    addFormRow(physicalForm, QStringLiteral("scaling.batch"));
    addFormRow(physicalForm, QStringLiteral("train.global_batch"));
    addFormRow(physicalForm, QStringLiteral("train.micro_batch"));
    addFormRow(physicalForm, QStringLiteral("train.precision"));
    addFormRow(physicalForm, QStringLiteral("train.recompute"));
    addFormRow(physicalForm, QStringLiteral("hardware.gpu"));
    addFormRow(physicalForm, QStringLiteral("hardware.gpus"));
    addFormRow(physicalForm, QStringLiteral("scaling.mfu"));

    QFormLayout* linksForm = m_linksForm;
    addFormRow(linksForm, QStringLiteral("parallel.zero"));
    addFormRow(linksForm, QStringLiteral("collective.algorithm"));
    addFormRow(linksForm, QStringLiteral("scaling.overlap"));
    addFormRow(linksForm, QStringLiteral("hardware.gpus_per_node"));
    addFormRow(linksForm, QStringLiteral("hardware.intra_bandwidth"));
    addFormRow(linksForm, QStringLiteral("hardware.intra_latency"));
    addFormRow(linksForm, QStringLiteral("hardware.inter_bandwidth"));
    addFormRow(linksForm, QStringLiteral("hardware.inter_latency"));
}

void ScalingPanel::setWorkers(std::int64_t workers)
{
    applyNumber(QStringLiteral("scaling.workers"), static_cast<double>(workers));
}

QString ScalingPanel::panelTitle() const
{
    return tr("Scaling");
}

void ScalingPanel::retranslate()
{
    Panel::retranslate();
    m_modeGroup->setTitle(tr("Model"));
    m_workersGroup->setTitle(tr("Workers"));
    m_slider->setToolTip(m_workers->toolTip());
    m_slider->setAccessibleName(tr("Worker count slider"));
    m_lessonGroup->setTitle(tr("Lesson constants"));
    m_physicalGroup->setTitle(tr("Model, batch and GPU"));
    m_linksGroup->setTitle(tr("Gradient synchronisation"));
    m_readoutGroup->setTitle(tr("At the selected N"));
    setModeReadouts();
}

void ScalingPanel::setModeReadouts()
{
    // The lesson's N is limited only by its own key: naming "scaling.workers" there read as
    // jargon to a class. The Physical model names the cluster or the batch that limits it.
    const bool physical = m_report.result.mode == simcore::ScalingMode::Physical;
    setReadouts({
        {tr("Step time:"), {}, {QStringLiteral("step")}, {}},
        {tr("Ideal step T(1)/N:"), {}, {QStringLiteral("ideal")}, {}},
        {tr("Speed-up:"), {}, {QStringLiteral("speedup")}, {}},
        {tr("Efficiency:"), {}, {QStringLiteral("efficiency")}, {}},
        {tr("Total training time:"), {}, {QStringLiteral("total_time")}, {}},
        {tr("Optimum:"),
         {},
         {QStringLiteral("optimal_workers"), QStringLiteral("optimal_step")},
         tr("N = %1, %2 per step")},
        physical ? Readout{tr("Largest N:"),
                           tr("The most workers this scenario allows, and the key that sets it."),
                           {QStringLiteral("max_workers"), QStringLiteral("workers_limit")},
                           tr("%1 (%2)")}
                 : Readout{tr("Largest N:"),
                           tr("The most workers the lesson's slider and box allow."),
                           {QStringLiteral("max_workers")},
                           {}},
    });
}

void ScalingPanel::refresh()
{
    const auto& scenario = model()->scenario();
    m_report = simcore::scalingReport(scenario);
    const bool logScale = scenario.scaling.axis == simcore::AxisScale::Log;
    {
        const QSignalBlocker blockSlider(m_slider);
        const QSignalBlocker blockSpin(m_workers);
        const QSignalBlocker blockLog(m_logScale);
        const QSignalBlocker blockFailures(m_countFailures);
        m_logScale->setChecked(logScale);
        m_countFailures->setChecked(scenario.scaling.countFailures);
        // A refused N (a problem) has no stops: the slider keeps the last ones.
        if (m_report.ok() && m_report.result.sliderStops != m_stops) {
            m_stops = m_report.result.sliderStops;
            m_slider->setRange(0, static_cast<int>(m_stops.size()) - 1);
        }
        if (const int position = sliderPosition(scenario.scaling.workers); position >= 0) {
            m_slider->setValue(position);
        }
        m_workers->setValue(static_cast<int>(scenario.scaling.workers));
    }
    const auto& range = m_report.result.range;
    const bool wholeNodes = m_report.ok() && range.node > 1;
    if (wholeNodes) {
        m_workersNote->setText(
            tr("Past one node, N moves in whole nodes of %1 GPUs: the hierarchical all-reduce "
               "needs full nodes.")
                .arg(range.node));
    }
    if (m_workersNote->isHidden() == wholeNodes) {
        m_workersNote->setVisible(wholeNodes);
    }
    const bool physical = m_report.result.mode == simcore::ScalingMode::Physical;
    if (physical) {
        buildPhysicalRows();
    }
    showFieldValues();
    if (m_showsPhysical != physical) { // only on a mode change: no relayout per drag
        m_showsPhysical = physical;
        m_lessonGroup->setVisible(!physical);
        m_physicalGroup->setVisible(physical);
        m_linksGroup->setVisible(physical);
        setModeReadouts();
    }

    m_charts->showReport(m_report);
    showReadouts(m_report);
    updateFormula();
    // More workers than the cluster or the batch allows: kept as typed, refused by name.
    showModelProblem(m_report.ok() ? QString() : common::describeError(m_report.problems.front()));
}

void ScalingPanel::updateFormula()
{
    if (m_report.result.mode == simcore::ScalingMode::Physical) {
        updatePhysicalFormula();
        return;
    }
    const auto& lesson = m_report.lesson;
    const auto value = [this](std::string_view id) { return common::formatQuantity(m_report, id); };
    const QString n = value("workers");
    const QString general = tr("T<sub>step</sub>(N) = T<sub>compute</sub> / N + "
                               "T<sub>sync</sub>(N), where T<sub>sync</sub>(N) = fixed + "
                               "per-worker × (N − 1) when N &gt; 1, and 0 for one worker");
    QString numbers;
    if (lesson.extraWorkers == 0) {
        numbers = tr("T<sub>step</sub>(1) = %1 / 1 + 0 = <b>%2</b> (one worker does not "
                     "synchronise)")
                      .arg(common::formatDuration(lesson.baseComputeSeconds), value("step"));
    } else {
        numbers = tr("T<sub>step</sub>(%1) = %2 / %1 + (%3 + %4 × %5) = %6 + %7 = <b>%8</b>")
                      .arg(n, common::formatDuration(lesson.baseComputeSeconds),
                           common::formatDuration(lesson.fixedSyncSeconds),
                           common::formatDuration(lesson.syncPerWorkerSeconds),
                           QString::number(lesson.extraWorkers), value("compute"), value("sync"),
                           value(plainStepId()));
    }
    const QString speedup =
        tr("speed-up = T<sub>step</sub>(1) / T<sub>step</sub>(%1) = %2; efficiency = %2 / %1 = "
           "%3")
            .arg(n, value("speedup"), value("efficiency"));
    setFormula(general + QStringLiteral("<br>") + numbers + QStringLiteral("<br>") + speedup +
               failureFormula());
}

std::string_view ScalingPanel::plainStepId() const
{
    // Counted, "step" holds the failures too: the plain lines add up to the step without them.
    return m_report.failureParams ? "plain_step" : "step";
}

QString ScalingPanel::failureFormula() const
{
    if (!m_report.failureParams) {
        return {};
    }
    const auto value = [this](std::string_view id) { return common::formatQuantity(m_report, id); };
    return QStringLiteral("<br>") +
           tr("Counting failures and stragglers: T<sub>wall</sub> = T<sub>step</sub> × s + "
              "writes + lost work + restarts (Daly 2006 at τ<sub>opt</sub>), s = 1 + c × "
              "E[max of N] = 1 + %1 × %2 = %3; M = %4 / %5 = %6, δ = %7, R = %8, "
              "τ<sub>opt</sub> = %9")
               .arg(value("straggler_cv"), value("expected_max"), value("straggler_factor"),
                    value("gpu_mtbf"), value("workers"), value("job_mtbf"),
                    value("checkpoint_write_time"), value("restart_time"),
                    value("optimal_interval")) +
           QStringLiteral("<br>") +
           tr("T<sub>wall</sub>(%1) = %2 + %3 (stragglers) + %4 (failures) = <b>%5</b> per "
              "step; goodput %6")
               .arg(value("workers"), value("plain_step"), value("straggler"),
                    value("failure_overhead"), value("step"), value("goodput"));
}

void ScalingPanel::updatePhysicalFormula()
{
    if (!m_report.physical) {
        setFormula(QString());
        return;
    }
    const auto& terms = *m_report.physical;
    const auto value = [this](std::string_view id) { return common::formatQuantity(m_report, id); };
    const QString general =
        tr("T<sub>step</sub>(N) = FLOPs per token × tokens per GPU ÷ (peak × MFU) + "
           "T<sub>comm</sub>(N) − hidden, where hidden ≤ overlap × T<sub>comm</sub> and ≤ the "
           "backward pass");
    const QString compute =
        tr("T<sub>compute</sub> = %1 × %2 tokens ÷ (%3 × %4) = %5")
            .arg(common::formatFlops(terms.flopsPerToken), common::formatCount(terms.tokensPerGpu),
                 common::formatFlopRate(terms.peakFlopsPerSecond), common::formatPercent(terms.mfu),
                 value("compute"));
    const QString comm =
        tr("T<sub>comm</sub>(%1) = %2, hidden %3 → T<sub>step</sub> = %4 + %5 = <b>%6</b>; "
           "speed-up %7, efficiency %8")
            .arg(value("workers"), common::formatDuration(terms.communicationSeconds),
                 common::formatDuration(terms.hiddenSeconds), value("compute"), value("sync"),
                 value(plainStepId()), value("speedup"), value("efficiency"));
    setFormula(general + QStringLiteral("<br>") + compute + QStringLiteral("<br>") + comm +
               failureFormula());
}

} // namespace dtsim::ui
