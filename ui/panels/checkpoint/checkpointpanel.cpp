#include "ui/panels/checkpoint/checkpointpanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/scaling.h"
#include "ui/kit/appearance.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
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

simcore::Scenario CheckpointPanel::llamaPreset(const simcore::Scenario& base)
{
    simcore::Scenario scenario = base;
    auto& c = scenario.checkpoint;
    constexpr double kDays = 54.0;         // Llama 3 §3.3.4: a 54-day snapshot of training
    constexpr double kInterruptions = 419; // unexpected interruptions in those days
    constexpr std::int64_t kGpus = 16384;  // up to 16,384 H100 GPUs
    const double jobMtbf = kDays * kDay / kInterruptions; // ≈ 3.09 h
    c.gpus = kGpus;
    c.gpuMtbfSeconds = jobMtbf * static_cast<double>(kGpus); // ≈ 50,677 h per GPU
    c.workSeconds = kDays * kDay;
    c.writeTimeSeconds = 60;    // assumption: not given in the paper
    c.restartTimeSeconds = 600; // assumption: not given in the paper
    c.intervalSeconds = kHour;
    return scenario;
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
        model()->setScenario(llamaPreset(model()->scenario()));
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
        if (m_result.optimalIntervalSeconds > 0) {
            setNumber(QStringLiteral("checkpoint.interval"),
                      std::round(m_result.optimalIntervalSeconds));
        }
    });

    m_monteCarloGroup = new QGroupBox;
    addRows(m_monteCarloGroup, {"checkpoint.mc_runs", "checkpoint.mc_seed"});

    m_readoutGroup = new QGroupBox;
    addReadouts(compactForm(new QFormLayout(m_readoutGroup)), kReadoutCount, ReadoutSize::Body,
                true);

    // Flat groups, as on the Scaling panel: a framed group repaints its border on every edit.
    for (QGroupBox* group : {m_jobGroup, m_checkpointGroup, m_monteCarloGroup, m_readoutGroup}) {
        group->setFlat(true);
        controlsLayout()->addWidget(group);
    }
    controlsLayout()->addStretch(1);
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
           "a job MTBF of about 3.1 hours. Sets N = 16,384, GPU MTBF = 3.09 h × 16,384, "
           "W = 54 days, and assumes a 60 s checkpoint write, a 10 min restart and an hourly "
           "checkpoint (the paper gives none of these three)."));
    m_jobGroup->setTitle(tr("Cluster and job"));
    m_checkpointGroup->setTitle(tr("Checkpoints"));
    m_monteCarloGroup->setTitle(tr("Monte-Carlo simulation"));
    m_readoutGroup->setTitle(tr("Results"));

    m_sliderLabel->setText(tr("τ (log):"));
    m_intervalSlider->setToolTip(tr("Drag to change the checkpoint interval from 10 s to about "
                                    "4 months on a log scale (one tick per factor of ten)."));
    m_intervalSlider->setAccessibleName(tr("Checkpoint interval slider"));
    m_optimumButton->setText(tr("Use the optimum interval (Daly)"));
    m_optimumButton->setToolTip(
        tr("Set τ to Daly's (2006) optimum interval for the current write time and MTBF."));

    const QStringList readoutNames = {tr("Cluster MTBF M:"),     tr("Young optimum:"),
                                      tr("Daly optimum:"),       tr("Wasted at τ:"),
                                      tr("Expected wall time:"), tr("Expected failures:"),
                                      tr("Interval in steps:")};
    const QStringList readoutTips = {
        tr("Mean time between failures of the whole job: GPU MTBF / N."),
        tr("Young (1974): τ = √(2δM), the first-order optimum interval."),
        tr("Daly (2006): a higher-order optimum, slightly shorter than Young's."),
        tr("Share of the wall time not spent on useful work: writes + lost work + restarts."),
        tr("Daly's (2006) expected wall time for the whole job at the current τ."),
        tr("Expected failures during the whole job: wall time / M."),
        tr("The interval as whole training steps, with the Scaling panel's step time: "
           "shouldCheckpoint(step, K) is true when step % K == 0.")};
    setReadoutTexts(readoutNames, readoutTips);
}

void CheckpointPanel::refresh()
{
    const auto& scenario = model()->scenario();
    m_result = simcore::evaluateCheckpoint(scenario);
    m_stepSeconds = simcore::evaluateScaling(scenario).selected.stepSeconds;
    const auto& c = scenario.checkpoint;
    showFieldValues();
    {
        const QSignalBlocker block(m_intervalSlider);
        if (std::abs(intervalAtPosition(m_intervalSlider->value()) - c.intervalSeconds) > 0.5) {
            m_intervalSlider->setValue(sliderPosition(c.intervalSeconds));
        }
    }

    m_charts->showResult(m_result, c.monteCarloRuns, static_cast<std::uint64_t>(c.monteCarloSeed));

    const auto& r = m_result;
    const bool ok = r.status != simcore::CheckpointStatus::InvalidInput;
    setReadout(0, ok ? tr("%1 (%2 h)")
                           .arg(common::formatDuration(r.clusterMtbfSeconds),
                                common::formatNumber(r.clusterMtbfSeconds / kHour, 3))
                     : QStringLiteral("—"));
    setReadout(1, ok ? common::formatDuration(r.youngIntervalSeconds) : QStringLiteral("—"));
    setReadout(2, ok ? common::formatDuration(r.optimalIntervalSeconds) : QStringLiteral("—"));
    setReadout(3, ok ? tr("%1 (at the optimum %2)")
                           .arg(common::formatPercent(r.wasteFraction),
                                common::formatPercent(r.atOptimum.wasteFraction))
                     : QStringLiteral("—"));
    setReadout(4, r.status == simcore::CheckpointStatus::Overflow
                      ? tr("practically never finishes")
                      : (ok ? tr("%1 (W = %2)")
                                  .arg(common::formatDuration(r.expectedSeconds),
                                       common::formatDuration(r.params.workSeconds))
                            : QStringLiteral("—")));
    setReadout(5,
               ok ? common::formatNumber(r.atInterval.expectedFailures, 4) : QStringLiteral("—"));
    const auto steps = simcore::intervalSecondsToSteps(c.intervalSeconds, m_stepSeconds);
    const auto optimumSteps =
        simcore::intervalSecondsToSteps(r.optimalIntervalSeconds, m_stepSeconds);
    if (steps.ok()) {
        QString text = tr("checkpoint every %1 steps (step %2)")
                           .arg(QLocale().toString(static_cast<qlonglong>(steps.value)),
                                common::formatDuration(m_stepSeconds));
        if (optimumSteps.ok()) {
            text += tr("; optimum every %1")
                        .arg(QLocale().toString(static_cast<qlonglong>(optimumSteps.value)));
        }
        setReadout(6, text);
    } else {
        setReadout(6, QStringLiteral("—"));
    }
    updateFormula();
}

void CheckpointPanel::updateFormula()
{
    const auto& r = m_result;
    const auto& c = model()->scenario().checkpoint;
    if (r.status == simcore::CheckpointStatus::InvalidInput) {
        setFormula(tr("The checkpoint inputs are out of range."));
        return;
    }
    const QString mtbf = tr("Cluster MTBF M = GPU MTBF / N = %1 h / %2 = <b>%3</b>")
                             .arg(common::formatNumber(c.gpuMtbfSeconds / kHour, 6),
                                  QLocale().toString(static_cast<qlonglong>(c.gpus)),
                                  common::formatDuration(r.clusterMtbfSeconds));
    const auto seconds = [](double value) {
        return tr("%1 s").arg(common::formatNumber(value, 7));
    };
    const QString young =
        tr("Young: τ = √(2δM) = √(2 × %1 × %2) = %3 = <b>%4</b>; Daly: τ = √(2δM)·[1 + "
           "⅓√(δ/2M) + (δ/2M)/9] − δ = <b>%5</b>")
            .arg(seconds(c.writeTimeSeconds), seconds(r.clusterMtbfSeconds),
                 seconds(std::round(r.youngIntervalSeconds)),
                 common::formatDuration(r.youngIntervalSeconds),
                 common::formatDuration(r.optimalIntervalSeconds));
    const QString expected =
        tr("T = M·e<sup>R/M</sup>·(e<sup>(τ+δ)/M</sup> − 1)·W/τ with τ = %1, R = %2, W = %3: "
           "<b>%4</b>, wasted %5")
            .arg(seconds(r.params.intervalSeconds), seconds(c.restartTimeSeconds),
                 seconds(c.workSeconds),
                 r.status == simcore::CheckpointStatus::Overflow
                     ? tr("beyond any calendar")
                     : common::formatDuration(r.expectedSeconds),
                 common::formatPercent(r.wasteFraction));
    setFormula(mtbf + QStringLiteral("<br>") + young + QStringLiteral("<br>") + expected);
}

} // namespace dtsim::ui
