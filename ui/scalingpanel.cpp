#include "ui/scalingpanel.h"

#include "ui/errortext.h"
#include "ui/format.h"
#include "ui/numberfield.h"
#include "ui/scalingcharts.h"
#include "ui/scenariomodel.h"

#include <QCheckBox>
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

    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        setWorkers(workersAtPosition(position, m_logScale->isChecked()));
    });
    connect(m_workers, &QSpinBox::valueChanged, this, [this](int n) { setWorkers(n); });
    connect(m_logScale, &QCheckBox::toggled, this, [this](bool on) {
        model()->setValue(QStringLiteral("scaling.axis"),
                          on ? QStringLiteral("log") : QStringLiteral("linear"));
    });

    m_lessonGroup = new QGroupBox;
    auto* lessonLayout = new QFormLayout(m_lessonGroup);
    lessonLayout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addNumberField(QStringLiteral("lesson.base_compute"), 1e3, 3);
    addNumberField(QStringLiteral("lesson.fixed_sync"), 1e3, 3);
    addNumberField(QStringLiteral("lesson.sync_per_worker"), 1e3, 3);
    addNumberField(QStringLiteral("train.steps"), 1, 0);
    for (int i = 0; i < numberFields().size(); ++i) {
        auto* label = new QLabel;
        label->setBuddy(numberFields()[i]);
        label->setWordWrap(true);
        m_fieldLabels << label;
        lessonLayout->addRow(label, numberFields()[i]);
    }

    m_readoutGroup = new QGroupBox;
    auto* readoutLayout = new QFormLayout(m_readoutGroup);
    for (int i = 0; i < kReadoutCount; ++i) {
        auto* name = new QLabel;
        auto* value = new QLabel;
        QFont bold = value->font();
        bold.setBold(true);
        bold.setPointSizeF(bold.pointSizeF() * 1.15);
        value->setFont(bold);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        name->setBuddy(value);
        m_readoutNames << name;
        m_readoutValues << value;
        readoutLayout->addRow(name, value);
    }

    // Flat groups: a framed QGroupBox repaints its whole border pixmap whenever a read-out in
    // it changes, through Qt's threaded blend, on every slider step.
    for (QGroupBox* group : {m_workersGroup, m_lessonGroup, m_readoutGroup}) {
        group->setFlat(true);
    }
    controlsLayout()->addWidget(m_workersGroup);
    controlsLayout()->addWidget(m_lessonGroup);
    controlsLayout()->addWidget(m_readoutGroup);
    controlsLayout()->addStretch(1);
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
    m_readoutGroup->setTitle(tr("At the selected N"));

    const QString ms = tr(" ms");
    const QStringList names = {tr("Compute per step, 1 worker (T_compute):"),
                               tr("Fixed sync latency:"), tr("Sync cost per extra worker:"),
                               tr("Training steps:")};
    const QStringList tips = {
        tr("How long one training step takes on a single worker. With N workers the compute "
           "part shrinks to T_compute / N."),
        tr("Synchronisation cost paid once as soon as there is more than one worker (latency "
           "of starting an all-reduce)."),
        tr("Extra synchronisation cost for every worker beyond the first: more workers, more "
           "gradient traffic to coordinate."),
        tr("Optimizer steps in the whole training run: total time = steps × step time.")};
    for (int i = 0; i < numberFields().size(); ++i) {
        m_fieldLabels[i]->setText(names.value(i));
        numberFields()[i]->setToolTip(tips.value(i));
        numberFields()[i]->setSuffix(i < 3 ? ms : QString());
        numberFields()[i]->setAccessibleDescription(tips.value(i));
    }
    const QStringList readoutNames = {
        tr("Step time:"),  tr("Ideal step T(1)/N:"),   tr("Speed-up:"),
        tr("Efficiency:"), tr("Total training time:"), tr("Optimum:")};
    for (int i = 0; i < kReadoutCount; ++i) {
        m_readoutNames[i]->setText(readoutNames[i]);
    }
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
    showFieldValues();

    m_charts->showResult(m_result, scenario.scaling.axis);

    const auto& s = m_result.selected;
    m_readoutValues[0]->setText(formatDuration(s.stepSeconds));
    m_readoutValues[1]->setText(formatDuration(s.idealSeconds));
    m_readoutValues[2]->setText(formatSpeedup(s.speedup));
    m_readoutValues[3]->setText(formatPercent(s.efficiency));
    m_readoutValues[4]->setText(formatDuration(s.totalSeconds));
    m_readoutValues[5]->setText(tr("N = %1, %2 per step")
                                    .arg(QString::number(m_result.optimalWorkers),
                                         formatDuration(m_result.optimal.stepSeconds)));
    updateFormula();
}

QStringList ScalingPanel::readouts() const
{
    QStringList texts;
    for (auto* label : m_readoutValues) {
        texts << label->text();
    }
    return texts;
}

void ScalingPanel::updateFormula()
{
    const auto& lesson = model()->scenario().lesson;
    const auto& s = m_result.selected;
    const QString n = QString::number(s.workers);
    QString general = tr("T<sub>step</sub>(N) = T<sub>compute</sub> / N + T<sub>sync</sub>(N), "
                         "where T<sub>sync</sub>(N) = fixed + per-worker × (N − 1) when N &gt; 1, "
                         "and 0 for one worker");
    QString numbers;
    if (s.workers == 1) {
        numbers =
            tr("T<sub>step</sub>(1) = %1 / 1 + 0 = <b>%2</b> (one worker does not "
               "synchronise)")
                .arg(formatDuration(lesson.baseComputeSeconds), formatDuration(s.stepSeconds));
    } else {
        numbers = tr("T<sub>step</sub>(%1) = %2 / %1 + (%3 + %4 × %5) = %6 + %7 = <b>%8</b>")
                      .arg(n, formatDuration(lesson.baseComputeSeconds),
                           formatDuration(lesson.fixedSyncSeconds),
                           formatDuration(lesson.syncPerWorkerSeconds),
                           QString::number(s.workers - 1), formatDuration(s.computeSeconds),
                           formatDuration(s.syncSeconds), formatDuration(s.stepSeconds));
    }
    const QString speedup =
        tr("speed-up = T<sub>step</sub>(1) / T<sub>step</sub>(%1) = %2; efficiency = %2 / %1 = "
           "%3")
            .arg(n, formatSpeedup(s.speedup), formatPercent(s.efficiency));
    setFormula(general + QStringLiteral("<br>") + numbers + QStringLiteral("<br>") + speedup);
}

} // namespace dtsim::ui
