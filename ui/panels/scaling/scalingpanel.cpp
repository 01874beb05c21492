#include "ui/panels/scaling/scalingpanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "ui/kit/appearance.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/problemtext.h"
#include "ui/kit/scenariomodel.h"
#include "ui/kit/wheelguard.h"
#include "ui/panels/scaling/scalingcharts.h"
#include "ui/panels/scaling/validationview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace dtsim::ui {

namespace {
// Read-outs, in order: step, ideal, speed-up, efficiency, total, optimum, largest N
// (retranslate).
constexpr int kReadoutCount = 7;
} // namespace

// --- ScalingViews ---------------------------------------------------------------------------

ScalingViews::ScalingViews(QWidget* parent) : ChartArea(parent)
{
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_scaling = new ScalingCharts;
    m_validation = new ValidationView;
    // A tab widget is as tall as its tallest page's minimum: the table and two charts would
    // push the formula strip off a 1280×800 projector while the scaling charts are shown.
    m_validation->setMinimumSize(1, 1);
    m_tabs->setMinimumSize(1, 1);
    m_tabs->addTab(m_scaling, QString());
    m_tabs->addTab(m_validation, QString());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (isValidationShown()) {
            ensureValidation();
        }
        setAccessibleDescription(summary());
        emit viewChanged();
    });
    retranslate();
}

void ScalingViews::retranslate()
{
    m_tabs->setTabText(0, tr("Scaling"));
    m_tabs->setTabText(1, tr("Validation"));
    m_tabs->setTabToolTip(0, tr("Step time and speed-up as the worker count N grows."));
    m_tabs->setTabToolTip(1, tr("The training model against published runs (Narayanan et al. "
                                "2021, Korthikanti et al. 2022): how close, and which term "
                                "explains the error."));
}

void ScalingViews::ensureValidation()
{
    if (!m_validationDrawn) {
        m_validationDrawn = true;
        m_validation->showReport(simcore::validationReport());
    }
}

void ScalingViews::showScenario(const simcore::Scenario& scenario)
{
    m_scaling->showScenario(scenario);
    if (isValidationShown()) {
        ensureValidation();
    }
}

std::vector<simcore::CsvTable> ScalingViews::csv() const
{
    return isValidationShown() ? m_validation->csv() : m_scaling->csv();
}

QString ScalingViews::summary() const
{
    return isValidationShown() ? m_validation->summary() : m_scaling->summary();
}

QString ScalingViews::exportTitle() const
{
    return isValidationShown() ? m_validation->exportTitle() : m_scaling->exportTitle();
}

void ScalingViews::applyLook()
{
    m_scaling->applyLook();
    m_validation->applyLook();
    ChartArea::applyLook();
}

QStringList ScalingViews::presentationPages() const
{
    return m_scaling->presentationPages();
}

void ScalingViews::showPresentationPage(int index)
{
    // The sub-tabs stay: a third page button made the row under the charts wider than a
    // 1280-pixel window beside the lesson guide. A page button shows the scaling charts.
    m_scaling->showPresentationPage(index);
    if (index >= 0) {
        showValidation(false);
    }
}

void ScalingViews::showValidation(bool validation)
{
    m_tabs->setCurrentIndex(validation ? 1 : 0);
}

bool ScalingViews::isValidationShown() const
{
    return m_tabs->currentIndex() == 1;
}

// --- ScalingPanel ----------------------------------------------------------------------------

ScalingPanel::ScalingPanel(ScenarioModel* model, QWidget* parent) : Panel(model, parent)
{
    m_views = new ScalingViews;
    m_charts = m_views->scaling();
    m_charts->setInteractive(true);
    setChartArea(m_views);
    connect(m_views, &ScalingViews::viewChanged, this, [this] {
        setModeReadouts();
        showViewTexts();
    });
    buildControls();
    retranslate();
    refresh();
}

QString ScalingPanel::exportId() const
{
    return m_views->isValidationShown() ? QStringLiteral("validation") : panelId();
}

ValidationView* ScalingPanel::validationView() const
{
    return m_views->validation();
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
    // A number field as every other: a QSpinBox dropped what it could not take ("5000" became
    // 500, "-5" became 5) and applied the rest.
    m_workers = new NumberField(QStringLiteral("scaling.workers"), 1, 0);
    m_workers->setMaximum(maxWorkers);
    takeWheelOnlyWhenFocused(m_workers);
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
    connect(m_workers, &NumberField::edited, this,
            [this](double n) { setWorkers(static_cast<std::int64_t>(std::llround(n))); });
    connect(m_workers, &NumberField::problem, this,
            qOverload<const QString&>(&ScalingPanel::showProblem));
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
    m_layoutGroup = new QGroupBox;
    m_layoutForm = new QFormLayout(m_layoutGroup);
    m_layoutForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_readoutGroup = new QGroupBox;
    addReadouts(new QFormLayout(m_readoutGroup), kReadoutCount, ReadoutSize::Headline, false);

    // Flat groups: a framed QGroupBox repaints its whole border pixmap whenever a read-out in
    // it changes, through Qt's threaded blend, on every slider step.
    for (QGroupBox* group : {m_modeGroup, m_workersGroup, m_lessonGroup, m_layoutGroup,
                             m_physicalGroup, m_linksGroup, m_readoutGroup}) {
        group->setFlat(true);
    }
    controlsLayout()->addWidget(m_modeGroup);
    controlsLayout()->addWidget(m_workersGroup);
    controlsLayout()->addWidget(m_readoutGroup);
    controlsLayout()->addWidget(m_lessonGroup);
    controlsLayout()->addWidget(m_layoutGroup);
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
    // The training model's inputs (training.h): N = dp × tp × pp × cp, the layout first.
    for (const char* key : {"parallel.tp", "parallel.pp", "parallel.cp", "parallel.schedule",
                            "parallel.zero", "memory.sequence_parallel"}) {
        addFormRow(m_layoutForm, QString::fromLatin1(key));
    }
    for (const char* key :
         // No parallel.microbatches: the training model's m is B/(b·dp), in the formula strip.
         {"model.params", "model.layers", "model.hidden", "model.seq_len", "scaling.batch",
          "train.global_batch", "train.micro_batch", "train.precision", "train.recompute",
          "hardware.gpu", "hardware.gpus"}) {
        addFormRow(physicalForm, QString::fromLatin1(key));
    }
    for (const char* key :
         {"hardware.gpus_per_node", "hardware.intra_bandwidth", "hardware.intra_latency",
          "hardware.nics_per_node", "hardware.nic_bandwidth", "hardware.inter_bandwidth",
          "hardware.inter_latency"}) {
        addFormRow(m_linksForm, QString::fromLatin1(key));
    }
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
    m_layoutGroup->setTitle(tr("Layout: N = dp × tp × pp × cp"));
    m_linksGroup->setTitle(tr("Links"));
    m_readoutGroup->setTitle(tr("At the selected N"));
    setModeReadouts();
}

void ScalingPanel::setValidationReadouts()
{
    setReadouts({
        {tr("Within ±15 %:"),
         tr("Published runs the model predicts within ±15 %."),
         {QStringLiteral("within_band"), QStringLiteral("priced_runs")},
         tr("%1 of %2 runs")},
        {tr("Mean |error|:"), {}, {QStringLiteral("mean_abs_error")}, {}},
        {tr("Largest |error|:"),
         {},
         {QStringLiteral("max_abs_error"), QStringLiteral("worst_run")},
         tr("%1 (%2)")},
        {tr("Narayanan 2021, ±15 %:"),
         tr("Table 1: TFLOP/s per GPU of ten GPT runs, 1.7B to 1T parameters."),
         {QStringLiteral("narayanan_within"), QStringLiteral("narayanan_runs")},
         tr("%1 of %2")},
        {tr("Korthikanti 2022, ±15 %:"),
         tr("Table 5: iteration times of four GPT runs, full and selective recomputation."),
         {QStringLiteral("korthikanti_within"), QStringLiteral("korthikanti_runs")},
         tr("%1 of %2")},
        {tr("Calibrated efficiency:"),
         tr("The model's one fitted constant, from Narayanan et al. 2021 Table 2."),
         {QStringLiteral("calibrated_efficiency")},
         {}},
        {tr("Band:"), {}, {QStringLiteral("band")}, tr("± %1")},
    });
}

void ScalingPanel::setModeReadouts()
{
    if (m_views != nullptr && m_views->isValidationShown()) {
        setValidationReadouts();
        return;
    }
    // The lesson's N is limited only by its own key: naming "scaling.workers" there read as
    // jargon to a class. The Physical model names the cluster or the batch that limits it.
    const bool physical = m_report.result.mode == simcore::ScalingMode::Physical;
    setReadouts({
        {tr("Step time:"), {}, {QStringLiteral("step")}, {}},
        {tr("Ideal step T(1)/N:"), {}, {QStringLiteral("ideal")}, {}},
        {tr("Speed-up:"), {}, {QStringLiteral("speedup")}, {}},
        {tr("Efficiency:"), {}, {QStringLiteral("efficiency")}, {}},
        // Physical: which layout N is (the total stays in calc, the CSV and the formula).
        physical ? Readout{tr("Layout:"),
                           tr("N = dp × tp × pp × cp: the data-parallel degree grows with N."),
                           {QStringLiteral("tensor_parallel"), QStringLiteral("pipeline_parallel"),
                            QStringLiteral("context_parallel"), QStringLiteral("data_parallel")},
                           tr("tp %1 × pp %2 × cp %3, dp = %4")}
                 : Readout{tr("Total training time:"), {}, {QStringLiteral("total_time")}, {}},
        {tr("Optimum:"),
         tr("The N with the shortest step: one more worker there would add more sync than the "
            "compute it takes over (the formula strip derives it). Sync also has a fixed part, so "
            "at the optimum it already exceeds the compute."),
         {QStringLiteral("optimal_workers"), QStringLiteral("optimal_step")},
         tr("N = %1, %2 per step")},
        physical
            ? Readout{tr("Largest N:"),
                      tr("The most workers this scenario allows, and the control that sets it."),
                      {QStringLiteral("max_workers"), QStringLiteral("workers_limit")},
                      tr("%1 (%2)")}
            : Readout{tr("Largest N:"),
                      tr("The most workers the number box allows; the slider stops sooner."),
                      {QStringLiteral("max_workers")},
                      {}},
    });
    // The lesson's largest N is the number box's: presentation mode folds the box away, and the
    // slider the arrow keys and End move there stops far below it.
    setReadoutInRow(kReadoutCount - 1, physical);
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
        m_layoutGroup->setVisible(physical);
        m_linksGroup->setVisible(physical);
        setModeReadouts();
    }

    m_charts->showReport(m_report);
    showViewTexts();
}

void ScalingPanel::showViewTexts()
{
    if (m_views->isValidationShown()) {
        const auto& validation = m_views->validation()->report();
        showReadouts(validation);
        setFormula(
            tr("error = dtsim ÷ published − 1 for TFLOP/s; published ÷ dtsim − 1 for iteration "
               "times (the throughput's error either way)") +
            QStringLiteral("<br>") +
            tr("step = compute + TP + bubble + sends + DP + ZeRO-3 + CP + optimizer; compute = "
               "FLOPs ÷ (peak × %1), never fitted to these rows")
                .arg(common::formatQuantity(validation, "calibrated_efficiency")));
        showModelProblem(QString());
        return;
    }
    showReadouts(m_report);
    updateFormula();
    // More workers than the cluster or the batch allows: kept as typed, refused by name. An N
    // that is no layout is drawn as such, and said here.
    QString problem;
    if (!m_report.ok()) {
        problem = describeProblem(m_report.problems.front());
    } else {
        for (const auto& bar : m_report.bars) {
            if (bar.selected) {
                problem = ScalingCharts::impossibleReason(m_report, bar);
            }
        }
    }
    showModelProblem(problem);
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
    setFormula(general + QStringLiteral("<br>") + numbers + optimumFormula() +
               QStringLiteral("<br>") + speedup + failureFormula());
}

QString ScalingPanel::optimumFormula() const
{
    const auto& lesson = m_report.lesson;
    if (!std::isfinite(lesson.continuousOptimum) || m_report.failureParams) {
        return QString();
    }
    // Why 16 and not where the two terms are equal: the step stops falling where one more
    // worker saves as much compute as it adds sync; the fixed part of sync does not move that.
    return QStringLiteral("; ") + tr("fastest where dT/dN = 0: N* = √(%1 / %2) = %3 → N = %4")
                                      .arg(common::formatDuration(lesson.baseComputeSeconds),
                                           common::formatDuration(lesson.syncPerWorkerSeconds),
                                           common::formatNumber(lesson.continuousOptimum, 3),
                                           common::formatQuantity(m_report, "optimal_workers"));
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
    const auto seconds = [](double s) { return common::formatDuration(s); };
    if (terms.fit != simcore::LayoutFit::Fits) {
        QString reason;
        for (const auto& bar : m_report.bars) {
            if (bar.selected) {
                reason = ScalingCharts::impossibleReason(m_report, bar);
            }
        }
        setFormula(tr("N = dp × tp × pp × cp, m = B/(b × dp) micro-batches, both whole.") +
                   QStringLiteral("<br>") + reason.toHtmlEscaped());
        return;
    }
    const auto& step = terms.step;
    const QString layout =
        tr("N = %1 = dp %2 × tp %3 × pp %4 × cp %5; m = B/(b × dp) = %6/(%7 × %2) = %8; compute "
           "at %9 of peak (calibrated once)")
            .arg(value("workers"), value("data_parallel"), value("tensor_parallel"),
                 value("pipeline_parallel"), value("context_parallel"))
            .arg(terms.globalBatch)
            .arg(terms.microBatch)
            .arg(value("microbatches"), common::formatPercent(terms.params.efficiency));
    // The exposed terms this layout has, each named; the rest are 0 here.
    QStringList parts{tr("%1 compute").arg(seconds(step.computeSeconds))};
    const std::pair<double, QString> named[] = {
        {step.tpSeconds, tr("%1 TP")},
        {step.bubbleSeconds, tr("%1 bubble")},
        {step.p2pSeconds, tr("%1 sends")},
        {step.dpSeconds, tr("%1 DP")},
        {step.zeroGatherSeconds, tr("%1 ZeRO-3 gathers")},
        {step.cpSeconds, tr("%1 CP")},
        {step.optimizerSeconds, tr("%1 optimizer")},
    };
    for (const auto& [time, pattern] : named) {
        if (time > 0) {
            parts << pattern.arg(seconds(time));
        }
    }
    QString sum =
        tr("T<sub>step</sub>(%1) = %2 = <b>%3</b>")
            .arg(value("workers"), parts.join(QStringLiteral(" + ")), value(plainStepId()));
    QString speedup = tr("speed-up = T<sub>1</sub> / T<sub>step</sub>(%1) = %2 / %3 = %4; "
                         "efficiency %5")
                          .arg(value("workers"), value("single_gpu_step"), value(plainStepId()),
                               value("speedup"), value("efficiency"));
    if (step.dpTotalSeconds > 0 && step.dpSeconds == 0) {
        speedup += QStringLiteral("; ") +
                   tr("DP's %1 hidden under the last backward").arg(seconds(step.dpTotalSeconds));
    }
    setFormula(layout + QStringLiteral("<br>") + sum + QStringLiteral("<br>") + speedup +
               failureFormula());
}

} // namespace dtsim::ui
