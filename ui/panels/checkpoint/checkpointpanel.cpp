#include "ui/panels/checkpoint/checkpointpanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/models/scaling.h"
#include "ui/kit/appearance.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/problemtext.h"
#include "ui/kit/scenariomodel.h"
#include "ui/kit/wheelguard.h"
#include "ui/panels/checkpoint/checkpointcharts.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>
#include <cmath>

namespace dtsim::ui {

namespace {
// Read-outs, in order: cluster MTBF, Young, Daly, waste, expected time, expected failures,
// interval in steps.
constexpr int kReadoutCount = 7;
constexpr double kHour = 3600.0;
constexpr double kDay = 86400.0;

/// Tightens a group's form to 2-px row spacing and top and bottom margins: the column holds ten
/// inputs and seven read-outs, and with the style's spacing it needed 138 px more than a
/// 1280×800 window shows, hiding its last read-outs below the fold.
QFormLayout* compactForm(QFormLayout* form)
{
    constexpr int kSpacing = 2;
    form->setVerticalSpacing(kSpacing);
    QMargins margins = form->contentsMargins();
    margins.setTop(kSpacing);
    margins.setBottom(kSpacing);
    form->setContentsMargins(margins);
    return form;
}

} // namespace

CheckpointPanel::CheckpointPanel(ScenarioModel* model, QWidget* parent) : Panel(model, parent)
{
    m_charts = new CheckpointCharts;
    m_charts->setInteractive(true);
    m_charts->setAsynchronous(true); // the Monte-Carlo batch never blocks the window
    setChartArea(m_charts);
    buildControls();
    retranslate();
    refresh();
}

int CheckpointPanel::sliderPosition(double intervalSeconds)
{
    const double clamped = std::clamp(intervalSeconds, kMinSliderSeconds, kMaxSliderSeconds);
    return static_cast<int>(std::lround(std::log(clamped / kMinSliderSeconds) /
                                        std::log(kMaxSliderSeconds / kMinSliderSeconds) *
                                        kSliderSteps));
}

double CheckpointPanel::intervalAtPosition(int position)
{
    const double share = static_cast<double>(position) / kSliderSteps;
    // Whole seconds: a scenario file then reads "3600", not "3599.9999".
    return std::round(kMinSliderSeconds * std::pow(kMaxSliderSeconds / kMinSliderSeconds, share));
}

void CheckpointPanel::buildControls()
{
    m_llamaButton = new QPushButton;
    connect(m_llamaButton, &QPushButton::clicked, this, [this] {
        model()->setScenario(simcore::withLlama3Failures(model()->scenario()));
        showProblem(QString());
    });
    controlsLayout()->addWidget(m_llamaButton);

    const auto addRows = [this](QGroupBox* group, std::initializer_list<const char*> keys) {
        auto* layout = compactForm(new QFormLayout(group));
        layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        for (const char* key : keys) {
            addFormRow(layout, QString::fromLatin1(key));
        }
        return layout;
    };

    m_jobGroup = new QGroupBox;
    addRows(m_jobGroup, {"checkpoint.gpus", "checkpoint.gpu_mtbf", "checkpoint.work"});

    m_checkpointGroup = new QGroupBox;
    auto* checkpointLayout =
        addRows(m_checkpointGroup,
                {"checkpoint.write_time", "checkpoint.restart_time", "checkpoint.interval"});
    m_intervalSlider = new QSlider(Qt::Horizontal);
    takeWheelOnlyWhenFocused(m_intervalSlider);
    m_intervalSlider->setRange(0, kSliderSteps);
    m_intervalSlider->setPageStep(kSliderSteps / 24);
    m_intervalSlider->setTickPosition(QSlider::TicksBelow);
    m_intervalSlider->setTickInterval(kSliderSteps / 6); // one tick per decade
    m_sliderLabel = new QLabel;
    m_sliderLabel->setBuddy(m_intervalSlider);
    checkpointLayout->addRow(m_sliderLabel, m_intervalSlider);
    m_optimumButton = new QPushButton;
    checkpointLayout->addRow(m_optimumButton);
    connect(m_intervalSlider, &QSlider::valueChanged, this, [this](int position) {
        setNumber(QStringLiteral("checkpoint.interval"), intervalAtPosition(position));
    });
    connect(m_optimumButton, &QPushButton::clicked, this, [this] {
        if (m_report.optimalIntervalWholeSeconds > 0) {
            setNumber(QStringLiteral("checkpoint.interval"), m_report.optimalIntervalWholeSeconds);
        }
    });

    // What the goodput model reads besides the checkpoint keys: the straggler wait (also marked in
    // the Monte-Carlo run), the job's steps and where the checkpoint is written. The rows only
    // the goodput charts read show with them, in place of the Monte-Carlo settings: all of them
    // at once overflowed the column at 1280×800.
    m_goodputGroup = new QGroupBox;
    m_goodputForm = addRows(m_goodputGroup, {"scaling.straggler_cv"});
    for (const char* key :
         {"train.steps", "checkpoint.storage_bandwidth", "checkpoint.memory_bandwidth"}) {
        m_goodputOnlyRows << addFormRow(m_goodputForm, QString::fromLatin1(key));
    }

    m_monteCarloGroup = new QGroupBox;
    addRows(m_monteCarloGroup, {"checkpoint.mc_runs", "checkpoint.mc_seed"});

    m_readoutGroup = new QGroupBox;
    addReadouts(compactForm(new QFormLayout(m_readoutGroup)), kReadoutCount, ReadoutSize::Body,
                true);

    // Flat groups, as on the Scaling panel: a framed group repaints its border on every edit.
    for (QGroupBox* group :
         {m_jobGroup, m_checkpointGroup, m_goodputGroup, m_monteCarloGroup, m_readoutGroup}) {
        group->setFlat(true);
        controlsLayout()->addWidget(group);
    }
    controlsLayout()->addStretch(1);
    connect(m_charts, &CheckpointCharts::shownViewsChanged, this,
            &CheckpointPanel::showGroupsForViews);
    showGroupsForViews();
}

void CheckpointPanel::showGroupsForViews()
{
    const bool goodput = m_charts->showsGoodput();
    m_monteCarloGroup->setVisible(m_charts->showsMonteCarlo());
    for (QWidget* row : std::as_const(m_goodputOnlyRows)) {
        m_goodputForm->setRowVisible(row, goodput);
    }
    m_goodputGroup->setTitle(goodput ? tr("Goodput: stragglers, steps, storage")
                                     : tr("Stragglers"));
}

void CheckpointPanel::setNumber(const QString& key, double value)
{
    applyNumber(key, value);
}

QString CheckpointPanel::panelTitle() const
{
    return tr("Checkpoint");
}

void CheckpointPanel::retranslate()
{
    Panel::retranslate();
    m_llamaButton->setText(tr("Preset: Llama 3 (16,384 GPUs, 419 failures in 54 days)"));
    m_llamaButton->setToolTip(
        tr("Llama 3 paper §3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100 GPUs, "
           "a job MTBF of about 3.1 hours. Sets Llama 3 405B on its layout of 16,384 GPUs "
           "(tp 8 × pp 16 × dp 128; the other panels show it too), GPU MTBF = 3.09 h × 16,384, "
           "W = 54 days, and assumes a 60 s checkpoint write, a 10 min restart and an hourly "
           "checkpoint (the paper gives none of these three)."));
    m_jobGroup->setTitle(tr("Cluster and job"));
    m_checkpointGroup->setTitle(tr("Checkpoints"));
    showGroupsForViews(); // the goodput group's title follows the charts shown
    m_monteCarloGroup->setTitle(tr("Monte-Carlo simulation"));
    m_readoutGroup->setTitle(tr("Results"));

    m_sliderLabel->setText(tr("τ (log):"));
    m_intervalSlider->setToolTip(tr("Drag to change the checkpoint interval from 10 s to about "
                                    "4 months on a log scale (one tick per factor of ten)."));
    m_intervalSlider->setAccessibleName(tr("Checkpoint interval slider"));
    m_optimumButton->setText(tr("Use the optimum interval (Daly)"));
    m_optimumButton->setToolTip(
        tr("Set τ to Daly's (2006) optimum interval for the current write time and MTBF."));

    setReadouts(readoutsForReport());
}

QList<Panel::Readout> CheckpointPanel::readoutsForReport() const
{
    const auto id = [](const char* text) { return QString::fromLatin1(text); };
    const bool overflow = m_report.overflow;
    const simcore::Quantity* optimumSteps = m_report.find("optimal_interval_steps");
    const bool optimumInSteps = optimumSteps && std::isfinite(optimumSteps->value);
    const simcore::Quantity* stepTime = m_report.find("step_time");
    const bool stepKnown = stepTime && std::isfinite(stepTime->value);
    // Not priced is said in words, not as "—": what the row needs, and where to give it.
    const QString needsWork = tr("needs the job length W (give it, or make N a layout)");
    const QString needsLayout = tr("needs N to be a layout");
    const bool workKnown = m_report.workKnown();
    return {
        {tr("Cluster MTBF M:"),
         tr("Mean time between failures of the whole job: GPU MTBF / N."),
         {id("cluster_mtbf")},
         {}},
        {tr("Young optimum:"),
         tr("Young (1974): τ = √(2δM), the first-order optimum interval."),
         {id("young_interval")},
         {}},
        {tr("Daly optimum:"),
         tr("Daly (2006): a higher-order optimum, slightly shorter than Young's."),
         {id("optimal_interval")},
         {}},
        {tr("Wasted at τ:"),
         tr("Share of the wall time not spent on useful work: writes + lost work + restarts."),
         {id("waste_fraction"), id("optimal_waste_fraction")},
         tr("%1 (at the optimum %2)")},
        {tr("Expected wall time:"),
         tr("Daly's (2006) expected wall time for the whole job at the current τ."),
         overflow || !workKnown ? QStringList{} : QStringList{id("expected_time"), id("work")},
         overflow    ? tr("practically never finishes")
         : workKnown ? tr("%1 (W = %2)")
                     : needsWork},
        // Past the double range the count is none: said in words, as the wall time is (was: 0).
        {tr("Expected failures:"), tr("Expected failures during the whole job: wall time / M."),
         workKnown && !overflow ? QStringList{id("expected_failures")} : QStringList{},
         overflow    ? tr("practically never finishes")
         : workKnown ? QString()
                     : needsWork},
        {tr("Interval in steps:"),
         tr("The interval as whole training steps, with the step time of the job's layout at "
            "N (training model): shouldCheckpoint(step, K) is true when step % K == 0."),
         !stepKnown ? QStringList{}
         : optimumInSteps
             ? QStringList{id("interval_steps"), id("step_time"), id("optimal_interval_steps")}
             : QStringList{id("interval_steps"), id("step_time")},
         !stepKnown       ? needsLayout
         : optimumInSteps ? tr("checkpoint every %1 steps (step %2); optimum every %3")
                          : tr("checkpoint every %1 steps (step %2)")},
    };
}

void CheckpointPanel::refresh()
{
    const auto& scenario = model()->scenario();
    m_report = simcore::checkpointReport(scenario);
    const auto& c = scenario.checkpoint;
    showFieldValues();
    {
        const QSignalBlocker block(m_intervalSlider);
        if (std::abs(intervalAtPosition(m_intervalSlider->value()) - c.intervalSeconds) > 0.5) {
            m_intervalSlider->setValue(sliderPosition(c.intervalSeconds));
        }
    }
    m_charts->showReport(m_report, simcore::goodputReport(scenario), c.monteCarloRuns,
                         static_cast<std::uint64_t>(c.monteCarloSeed));
    setReadouts(readoutsForReport()); // a row's words follow the report (overflow, steps)
    showReadouts(m_report);
    showModelProblem(m_report.ok() ? nullptr : &m_report.problems.front());
    updateFormula();
}

void CheckpointPanel::updateFormula()
{
    if (!m_report.ok()) {
        setFormula(tr("The checkpoint inputs are out of range."));
        return;
    }
    const auto& r = m_report.result;
    const auto& c = model()->scenario().checkpoint;
    const auto value = [this](std::string_view id) { return common::formatQuantity(m_report, id); };
    const QString mtbf = tr("Cluster MTBF M = GPU MTBF / N = %1 h / %2 = <b>%3</b>")
                             .arg(common::formatNumber(c.gpuMtbfSeconds / kHour, 6), value("gpus"),
                                  value("cluster_mtbf"));
    const auto seconds = [](double v) { return tr("%1 s").arg(common::formatNumber(v, 7)); };
    const QString young =
        tr("Young: τ = √(2δM) = √(2 × %1 × %2) = %3 = <b>%4</b>; Daly: τ = √(2δM)·[1 + "
           "⅓√(δ/2M) + (δ/2M)/9] − δ = <b>%5</b>")
            .arg(seconds(r.params.writeSeconds), seconds(r.clusterMtbfSeconds),
                 seconds(std::round(r.youngIntervalSeconds)), value("young_interval"),
                 value("optimal_interval"));
    // W and δ as the job defines them (goodput.h, checkpointJob): each with its rule.
    const simcore::Quantity* workFrom = m_report.find("work_source");
    const simcore::Quantity* writeFrom = m_report.find("write_source");
    const bool given = workFrom && workFrom->word == "given";
    QString job;
    if (m_report.stepProblems.empty()) {
        job = given ? tr("W = <b>%1</b> given: %2 steps of %3")
                          .arg(value("work"), value("steps"), value("step_time"))
                    : tr("W = steps × step at N = %1 × %2 = <b>%3</b>")
                          .arg(value("steps"), value("step_time"), value("work"));
    } else {
        // The intervals need no step time; say what does, and why there is none at this N.
        const QString why = describeProblem(m_report.stepProblems.front()).toHtmlEscaped();
        job = given ? tr("W = <b>%1</b> given; no step time at N, so no interval in steps: %2")
                          .arg(value("work"), why)
                    : tr("W = steps × step at N is not known (nor the expected time and the "
                         "interval in steps): there is no step time at N: %1")
                          .arg(why);
    }
    if (writeFrom && writeFrom->word == "storage") {
        job += QStringLiteral("; ") +
               tr("δ = checkpoint ÷ storage bandwidth = <b>%1</b>").arg(value("write_time"));
    } else if (writeFrom && writeFrom->word == "memory") {
        job += QStringLiteral("; ") +
               tr("δ = checkpoint ÷ in-memory tier = <b>%1</b>").arg(value("write_time"));
    }
    const QString expected =
        m_report.workKnown()
            ? tr("T = M·e<sup>R/M</sup>·(e<sup>(τ+δ)/M</sup> − 1)·W/τ with τ = %1, R = %2, W = %3: "
                 "<b>%4</b>, wasted %5")
                  .arg(seconds(r.params.intervalSeconds), seconds(r.params.restartSeconds),
                       seconds(r.params.workSeconds),
                       m_report.overflow ? tr("beyond any calendar") : value("expected_time"),
                       value("waste_fraction"))
            // T is W/τ intervals of one cost: its wasted share needs no W.
            : tr("T = M·e<sup>R/M</sup>·(e<sup>(τ+δ)/M</sup> − 1)·W/τ with τ = %1, R = %2: "
                 "wasted <b>%3</b> of T for any W ≥ τ")
                  .arg(seconds(r.params.intervalSeconds), seconds(r.params.restartSeconds),
                       value("waste_fraction"));
    setFormula(mtbf + QStringLiteral("; ") + job + QStringLiteral("<br>") + young +
               QStringLiteral("<br>") + expected);
}

} // namespace dtsim::ui
