#include "ui/panels/scaling/scalingpanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/catalogue.h"
#include "simcore/physicalscaling.h"
#include "ui/kit/appearance.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
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
#include <cmath>

namespace dtsim::ui {

namespace {
// Read-outs, in order: step, ideal, speed-up, efficiency, total, optimum.
constexpr int kReadoutCount = 6;
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

int ScalingPanel::sliderPosition(std::int64_t workers, bool logScale)
{
    if (!logScale) {
        return static_cast<int>(workers);
    }
    const double maximum = static_cast<double>(simcore::maxScalingWorkers());
    return static_cast<int>(
        std::lround(std::log(static_cast<double>(workers)) / std::log(maximum) * kLogSteps));
}

std::int64_t ScalingPanel::workersAtPosition(int position, bool logScale)
{
    if (!logScale) {
        return position;
    }
    const double maximum = static_cast<double>(simcore::maxScalingWorkers());
    return std::llround(std::pow(maximum, static_cast<double>(position) / kLogSteps));
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
    m_workers->setRange(1, maxWorkers);
    m_workers->setAccelerated(true);
    m_workers->setAccessibleName(QStringLiteral("scaling.workers"));
    m_workersLabel->setBuddy(m_workers);
    auto* workersRow = new QHBoxLayout;
    workersRow->addWidget(m_workersLabel);
    workersRow->addWidget(m_workers, 1);
    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setRange(1, maxWorkers);
    m_slider->setPageStep(16);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_logScale = new QCheckBox;
    workersLayout->addLayout(workersRow);
    workersLayout->addWidget(m_slider);
    workersLayout->addWidget(m_logScale);
    auto* runForm = new QFormLayout;
    runForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addFormRow(runForm, QStringLiteral("train.steps"));
    workersLayout->addLayout(runForm);

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        setWorkers(workersAtPosition(position, m_logScale->isChecked()));
    });
    connect(m_workers, &QSpinBox::valueChanged, this, [this](int n) { setWorkers(n); });
    connect(m_logScale, &QCheckBox::toggled, this, [this](bool on) {
        model()->setValue(QStringLiteral("scaling.axis"),
                          on ? QStringLiteral("log") : QStringLiteral("linear"));
    });

    m_lessonGroup = new QGroupBox;
    auto* lessonForm = new QFormLayout(m_lessonGroup);
    lessonForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addFormRow(lessonForm, QStringLiteral("lesson.base_compute"), 1e3, 3);
    addFormRow(lessonForm, QStringLiteral("lesson.fixed_sync"), 1e3, 3);
    addFormRow(lessonForm, QStringLiteral("lesson.sync_per_worker"), 1e3, 3);

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
    addFormRow(physicalForm, QStringLiteral("model.params"), 1e-9, 2);
    addFormRow(physicalForm, QStringLiteral("model.seq_len"));
    addFormRow(physicalForm, QStringLiteral("scaling.batch"));
    addFormRow(physicalForm, QStringLiteral("train.global_batch"));
    addFormRow(physicalForm, QStringLiteral("train.micro_batch"));
    addFormRow(physicalForm, QStringLiteral("train.precision"));
    addFormRow(physicalForm, QStringLiteral("train.recompute"));
    addFormRow(physicalForm, QStringLiteral("hardware.gpu"));
    addFormRow(physicalForm, QStringLiteral("scaling.mfu"), 100, 1);

    QFormLayout* linksForm = m_linksForm;
    addFormRow(linksForm, QStringLiteral("parallel.zero"));
    addFormRow(linksForm, QStringLiteral("collective.algorithm"));
    addFormRow(linksForm, QStringLiteral("scaling.overlap"), 100, 0);
    addFormRow(linksForm, QStringLiteral("hardware.gpus_per_node"));
    addFormRow(linksForm, QStringLiteral("hardware.intra_bandwidth"), 1e-9, 1);
    addFormRow(linksForm, QStringLiteral("hardware.intra_latency"), 1e6, 1);
    addFormRow(linksForm, QStringLiteral("hardware.inter_bandwidth"), 1e-9, 1);
    addFormRow(linksForm, QStringLiteral("hardware.inter_latency"), 1e6, 1);
    retranslate(); // the new rows' labels, tips and choice names
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
    const auto setRowText = [this](const QString& key, const QString& label, const QString& tip,
                                   const QString& suffix = {}) {
        setRowTexts({{editorFor(key), label, suffix, tip}});
    };
    m_modeGroup->setTitle(tr("Model"));
    m_workersGroup->setTitle(tr("Workers"));
    m_workersLabel->setText(tr("Worker count &N:"));
    m_workers->setToolTip(tr("How many GPUs (workers) share each training step. Each one "
                             "computes a slice of the batch, then all of them synchronise."));
    m_slider->setToolTip(m_workers->toolTip());
    m_slider->setAccessibleName(tr("Worker count slider"));
    m_logScale->setText(tr("&Logarithmic worker axis (powers of two)"));
    m_logScale->setToolTip(tr("Spread the slider and the charts over 1…4096 workers on a log "
                              "scale, to see large clusters and small ones together."));
    m_lessonGroup->setTitle(tr("Lesson constants"));
    m_physicalGroup->setTitle(tr("Model, batch and GPU"));
    m_linksGroup->setTitle(tr("Gradient synchronisation"));
    m_readoutGroup->setTitle(tr("At the selected N"));

    setRowText(QStringLiteral("scaling.mode"), tr("&Model:"),
               tr("Lesson: the seed's formula with three constants. Physical: compute from the "
                  "model's FLOPs and the GPU's peak, communication from the collective over the "
                  "links."));
    setChoiceTexts(QStringLiteral("scaling.mode"),
                   {tr("Lesson (three constants)"), tr("Physical (FLOPs and links)")});
    setRowText(QStringLiteral("train.steps"), tr("Training steps:"),
               tr("Optimizer steps in the whole training run: total time = steps × step time."));

    const QString ms = tr(" ms");
    setRowText(QStringLiteral("lesson.base_compute"), tr("Compute per step, 1 worker (T_compute):"),
               tr("How long one training step takes on a single worker. With N workers the "
                  "compute part shrinks to T_compute / N."),
               ms);
    setRowText(QStringLiteral("lesson.fixed_sync"), tr("Fixed sync latency:"),
               tr("Synchronisation cost paid once as soon as there is more than one worker "
                  "(latency of starting an all-reduce)."),
               ms);
    setRowText(QStringLiteral("lesson.sync_per_worker"), tr("Sync cost per extra worker:"),
               tr("Extra synchronisation cost for every worker beyond the first: more workers, "
                  "more gradient traffic to coordinate."),
               ms);

    setRowText(QStringLiteral("model.params"), tr("Parameters (billions):"),
               tr("Trainable parameters Ψ of the model. Training costs about 6Ψ FLOPs per token "
                  "(Kaplan et al. 2020)."));
    setRowText(QStringLiteral("model.seq_len"), tr("Sequence length:"),
               tr("Tokens in one training sequence."), tr(" tokens"));
    setRowText(QStringLiteral("scaling.batch"), tr("Batch as N grows:"),
               tr("Strong scaling keeps the global batch and splits it over N GPUs. Weak scaling "
                  "keeps each GPU's batch, so the global batch grows with N."));
    setChoiceTexts(QStringLiteral("scaling.batch"), {tr("Strong scaling"), tr("Weak scaling")});
    setRowText(QStringLiteral("train.global_batch"), tr("Global batch (strong):"),
               tr("Sequences in one optimizer step, shared by all N GPUs under strong scaling."),
               tr(" seq."));
    setRowText(QStringLiteral("train.micro_batch"), tr("Batch per GPU (weak):"),
               tr("Sequences each GPU processes per step under weak scaling."), tr(" seq."));
    setRowText(QStringLiteral("train.precision"), tr("Precision:"),
               tr("FP32 computes at the GPU's FP32 peak and sends 4-byte gradients; mixed and "
                  "BF16 use the tensor-core BF16 peak and 2-byte gradients."));
    setChoiceTexts(QStringLiteral("train.precision"),
                   {tr("FP32"), tr("Mixed BF16/FP16"), tr("Pure BF16")});
    setRowText(QStringLiteral("train.recompute"), tr("Recomputation:"),
               tr("Full recomputation re-runs the forward pass during backward: 8Ψ instead of "
                  "6Ψ FLOPs per token (Narayanan et al. 2021)."));
    setChoiceTexts(QStringLiteral("train.recompute"),
                   {tr("None"), tr("Selective (not counted)"), tr("Full (+1 forward)")});
    setRowText(QStringLiteral("hardware.gpu"), tr("GPU:"),
               tr("The GPU model; its peak FLOP/s comes from the vendor's datasheet."));
    setRowText(QStringLiteral("scaling.mfu"), tr("Utilisation (MFU):"),
               tr("Share of the GPU's peak that training achieves. Large models reach 30–55 % "
                  "(PaLM, Chowdhery et al. 2022, Table 3)."),
               tr(" %"));

    setRowText(QStringLiteral("parallel.zero"), tr("ZeRO stage:"),
               tr("0 = DDP (one all-reduce of the gradients); 1 and 2 = reduce-scatter + "
                  "all-gather (same volume); 3 = FSDP, 1.5× the volume (Rajbhandari et al. "
                  "2020)."));
    setRowText(QStringLiteral("collective.algorithm"), tr("Collective:"),
               tr("How the gradients are summed: ring, tree, naive (every worker sends to "
                  "every other) or hierarchical (inside each node, then between nodes)."));
    setChoiceTexts(QStringLiteral("collective.algorithm"),
                   {tr("Ring"), tr("Tree"), tr("Naive"), tr("Hierarchical")});
    setRowText(QStringLiteral("scaling.overlap"), tr("Overlap with backward:"),
               tr("Share of the communication sent while the backward pass still computes; it "
                  "can never hide more than the backward time."),
               tr(" %"));
    setRowText(QStringLiteral("hardware.gpus_per_node"), tr("GPUs per node:"),
               tr("GPUs joined by the fast link. A group larger than one node also uses the "
                  "slower link between nodes."));
    setRowText(QStringLiteral("hardware.intra_bandwidth"), tr("Inside a node:"),
               tr("Bandwidth per GPU, one direction, inside a node (NVLink 4: 450 GB/s)."),
               tr(" GB/s"));
    setRowText(QStringLiteral("hardware.intra_latency"), tr("  latency α:"),
               tr("Start-up time of one message inside a node."), tr(" µs"));
    setRowText(QStringLiteral("hardware.inter_bandwidth"), tr("Between nodes:"),
               tr("Bandwidth per GPU, one direction, between nodes (InfiniBand NDR: 50 GB/s)."),
               tr(" GB/s"));
    setRowText(QStringLiteral("hardware.inter_latency"), tr("  latency α:"),
               tr("Start-up time of one message between nodes."), tr(" µs"));

    const QStringList readoutNames = {
        tr("Step time:"),  tr("Ideal step T(1)/N:"),   tr("Speed-up:"),
        tr("Efficiency:"), tr("Total training time:"), tr("Optimum:")};
    setReadoutTexts(readoutNames, {});
}

void ScalingPanel::refresh()
{
    const auto& scenario = model()->scenario();
    m_result = simcore::evaluateScaling(scenario);
    const bool logScale = scenario.scaling.axis == simcore::AxisScale::Log;
    {
        const QSignalBlocker blockSlider(m_slider);
        const QSignalBlocker blockSpin(m_workers);
        const QSignalBlocker blockLog(m_logScale);
        m_logScale->setChecked(logScale);
        if (logScale) {
            m_slider->setRange(0, kLogSteps);
            m_slider->setTickInterval(kLogSteps / 12);
        } else {
            m_slider->setRange(1, static_cast<int>(simcore::maxScalingWorkers()));
            m_slider->setTickInterval(256);
        }
        // Only move the slider when it would land on another N: dragging a log slider
        // between two positions that round to the same N must not snap it back.
        if (workersAtPosition(m_slider->value(), logScale) != scenario.scaling.workers) {
            m_slider->setValue(sliderPosition(scenario.scaling.workers, logScale));
        }
        m_workers->setValue(static_cast<int>(scenario.scaling.workers));
    }
    const bool physical = m_result.mode == simcore::ScalingMode::Physical;
    if (physical) {
        buildPhysicalRows();
    }
    showFieldValues();
    if (m_showsPhysical != physical) { // only on a mode change: no relayout per drag
        m_showsPhysical = physical;
        m_lessonGroup->setVisible(!physical);
        m_physicalGroup->setVisible(physical);
        m_linksGroup->setVisible(physical);
    }

    m_charts->showResult(m_result, scenario.scaling.axis);

    const auto& s = m_result.selected;
    setReadout(0, common::formatDuration(s.stepSeconds));
    setReadout(1, common::formatDuration(s.idealSeconds));
    setReadout(2, common::formatSpeedup(s.speedup));
    setReadout(3, common::formatPercent(s.efficiency));
    setReadout(4, common::formatDuration(s.totalSeconds));
    setReadout(5, tr("N = %1, %2 per step")
                      .arg(QString::number(m_result.optimalWorkers),
                           common::formatDuration(m_result.optimal.stepSeconds)));
    updateFormula();
}

void ScalingPanel::updateFormula()
{
    if (m_result.mode == simcore::ScalingMode::Physical) {
        updatePhysicalFormula();
        return;
    }
    const auto& lesson = model()->scenario().lesson;
    const auto& s = m_result.selected;
    const QString n = QString::number(s.workers);
    QString general = tr("T<sub>step</sub>(N) = T<sub>compute</sub> / N + T<sub>sync</sub>(N), "
                         "where T<sub>sync</sub>(N) = fixed + per-worker × (N − 1) when N &gt; 1, "
                         "and 0 for one worker");
    QString numbers;
    if (s.workers == 1) {
        numbers = tr("T<sub>step</sub>(1) = %1 / 1 + 0 = <b>%2</b> (one worker does not "
                     "synchronise)")
                      .arg(common::formatDuration(lesson.baseComputeSeconds),
                           common::formatDuration(s.stepSeconds));
    } else {
        numbers =
            tr("T<sub>step</sub>(%1) = %2 / %1 + (%3 + %4 × %5) = %6 + %7 = <b>%8</b>")
                .arg(n, common::formatDuration(lesson.baseComputeSeconds),
                     common::formatDuration(lesson.fixedSyncSeconds),
                     common::formatDuration(lesson.syncPerWorkerSeconds),
                     QString::number(s.workers - 1), common::formatDuration(s.computeSeconds),
                     common::formatDuration(s.syncSeconds), common::formatDuration(s.stepSeconds));
    }
    const QString speedup =
        tr("speed-up = T<sub>step</sub>(1) / T<sub>step</sub>(%1) = %2; efficiency = %2 / %1 = "
           "%3")
            .arg(n, common::formatSpeedup(s.speedup), common::formatPercent(s.efficiency));
    setFormula(general + QStringLiteral("<br>") + numbers + QStringLiteral("<br>") + speedup);
}

void ScalingPanel::updatePhysicalFormula()
{
    const auto& scenario = model()->scenario();
    const auto params = simcore::physicalParamsFromScenario(scenario);
    if (!params) {
        setFormula(QString());
        return;
    }
    const auto& s = m_result.selected;
    const QString n = QString::number(s.workers);
    const double flopsPerToken = simcore::flopsPerToken(*params);
    const double communication = simcore::syncSeconds(*params, s.workers);
    const double hidden = communication - s.syncSeconds;
    const bool weak = params->batch == simcore::BatchScaling::Weak;
    const double tokensPerGpu =
        weak ? params->tokensPerStep : params->tokensPerStep / static_cast<double>(s.workers);
    const QString general =
        tr("T<sub>step</sub>(N) = FLOPs per token × tokens per GPU ÷ (peak × MFU) + "
           "T<sub>comm</sub>(N) − hidden, where hidden ≤ overlap × T<sub>comm</sub> and ≤ the "
           "backward pass");
    const QString compute =
        tr("T<sub>compute</sub> = %1 × %2 tokens ÷ (%3 × %4) = %5")
            .arg(common::formatFlops(flopsPerToken), common::formatCount(tokensPerGpu),
                 common::formatFlopRate(params->peakFlopsPerSecond),
                 common::formatPercent(params->mfu), common::formatDuration(s.computeSeconds));
    const QString comm =
        tr("T<sub>comm</sub>(%1) = %2, hidden %3 → T<sub>step</sub> = %4 + %5 = <b>%6</b>; "
           "speed-up %7, efficiency %8")
            .arg(n, common::formatDuration(communication), common::formatDuration(hidden),
                 common::formatDuration(s.computeSeconds), common::formatDuration(s.syncSeconds),
                 common::formatDuration(s.stepSeconds), common::formatSpeedup(s.speedup),
                 common::formatPercent(s.efficiency));
    setFormula(general + QStringLiteral("<br>") + compute + QStringLiteral("<br>") + comm);
}

} // namespace dtsim::ui
