#include "ui/panels/memory/memorypanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/models/memory.h"
#include "simcore/scenario/catalogue.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/problemtext.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/memory/memorycharts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

namespace dtsim::ui {

namespace {

QString billions(double parameters)
{
    return QCoreApplication::translate("dtsim::ui::MemoryPanel", "%1 billion")
        .arg(common::formatNumber(parameters / 1e9, 4));
}

QString bytesPerParameter(double bytes)
{
    return common::formatNumber(bytes, 3);
}

} // namespace

MemoryPanel::MemoryPanel(ScenarioModel* model, QWidget* parent) : Panel(model, parent)
{
    m_charts = new MemoryCharts;
    m_charts->setInteractive(true);
    setChartArea(m_charts);
    buildControls();
    retranslate();
    refresh();
}

QString MemoryPanel::panelTitle() const
{
    return tr("Memory");
}

void MemoryPanel::buildControls()
{
    QFormLayout* modelForm = addControlGroup(m_modelGroup);
    m_preset = addModelPresetRow(modelForm);
    addFormRow(modelForm, QStringLiteral("model.params"));
    addFormRow(modelForm, QStringLiteral("model.seq_len"));

    QFormLayout* trainingForm = addControlGroup(m_trainingGroup);
    addFormRow(trainingForm, QStringLiteral("train.precision"));
    addFormRow(trainingForm, QStringLiteral("train.optimizer"));
    addFormRow(trainingForm, QStringLiteral("train.micro_batch"));
    addFormRow(trainingForm, QStringLiteral("train.recompute"));

    QFormLayout* parallelForm = addControlGroup(m_parallelGroup);
    addFormRow(parallelForm, QStringLiteral("parallel.zero"));
    addFormRow(parallelForm, QStringLiteral("parallel.dp"));
    addFormRow(parallelForm, QStringLiteral("parallel.tp"));
    addFormRow(parallelForm, QStringLiteral("parallel.pp"));
    addFormRow(parallelForm, QStringLiteral("parallel.cp"));
    m_sequenceParallel = new QCheckBox;
    bindKeyText(QStringLiteral("memory.sequence_parallel"), m_sequenceParallel);
    connect(m_sequenceParallel, &QCheckBox::toggled, this, [this](bool on) {
        applyResult(model()->setValue(QStringLiteral("memory.sequence_parallel"),
                                      on ? QStringLiteral("on") : QStringLiteral("off")));
    });
    parallelForm->addRow(m_sequenceParallel);

    QFormLayout* hardwareForm = addControlGroup(m_hardwareGroup);
    addFormRow(hardwareForm, QStringLiteral("hardware.gpu"));
    addFormRow(hardwareForm, QStringLiteral("memory.buffers_fraction"));
    controlsLayout()->addStretch(1);
}

QComboBox* MemoryPanel::combo(const QString& key) const
{
    if (key == QLatin1String("preset")) {
        return m_preset;
    }
    return choiceBox(key);
}

void MemoryPanel::applyResult(const std::optional<simcore::ScenarioError>& error)
{
    if (error) {
        showProblem(*error);
    }
}

void MemoryPanel::retranslate()
{
    Panel::retranslate();
    m_modelGroup->setTitle(tr("Model"));
    m_trainingGroup->setTitle(tr("Training"));
    m_parallelGroup->setTitle(tr("Parallelism and sharding"));
    m_hardwareGroup->setTitle(tr("GPU"));

    setRowLabel(m_preset, tr("&Model preset:"));
    m_preset->setItemText(m_preset->count() - 1, tr("Custom"));
    m_preset->setToolTip(tr("A published model: its parameter count and transformer shape "
                            "(layers, hidden size, heads, sequence length, vocabulary)."));
    m_preset->setAccessibleName(accessibleLabel(tr("&Model preset:")));
}

void MemoryPanel::refresh()
{
    const auto& scenario = model()->scenario();
    m_report = simcore::memoryReport(scenario);
    m_charts->showReport(m_report);

    showModelPreset(m_preset, scenario.model);
    showFieldValues();
    {
        const QSignalBlocker block(m_sequenceParallel);
        m_sequenceParallel->setChecked(scenario.memory.sequenceParallel);
    }
    showModelProblem(m_report.ok() ? nullptr : &m_report.problems.front());
    updateFormula();
}

void MemoryPanel::updateFormula()
{
    const QString general =
        tr("M<sub>GPU</sub> = Ψ′ × (w + g + K) + activations + buffers; ZeRO shards K (1), g "
           "(2), w (3) over N<sub>d</sub> = dp; Ψ′ = Ψ / (tp × pp)");
    if (!m_report.ok()) {
        setFormula(general);
        return;
    }
    const auto& unsharded = m_report.stages.front().memory;
    const auto& stage = m_report.selected();
    const auto& m = stage.memory;
    const auto& bytes = m_report.bytesPerParameter;
    const auto value = [this](std::string_view id) { return common::formatQuantity(m_report, id); };
    QString psi = billions(unsharded.parameters);
    if (unsharded.parametersPerGpu != unsharded.parameters) {
        psi = tr("%1 / (%2 × %3) = %4")
                  .arg(billions(unsharded.parameters), value("tp"), value("pp"),
                       billions(unsharded.parametersPerGpu));
    }
    const QString states =
        tr("Ψ′ = %1 × (%2 + %3 + %4) B = <b>%5</b> = %6 unsharded (the seed's \"104.3 GB\" is "
           "GiB: it divides by 1024³)")
            .arg(psi, bytesPerParameter(bytes.weights), bytesPerParameter(bytes.gradients),
                 bytesPerParameter(bytes.optimizer),
                 MemoryCharts::formatGB(unsharded.modelStatesBytes()),
                 MemoryCharts::formatGiB(unsharded.modelStatesBytes()));
    const QString perGpu =
        tr("%1, N<sub>d</sub> = %2: %3 + %4 + %5 + act. %6 + buf. %7 = <b>%8</b> per GPU %9 "
           "%10 (%11)")
            .arg(MemoryCharts::stageName(static_cast<int>(m_report.selectedStage)), value("dp"))
            .arg(MemoryCharts::formatGB(m.weightsBytes), MemoryCharts::formatGB(m.gradientsBytes),
                 MemoryCharts::formatGB(m.optimizerBytes),
                 MemoryCharts::formatGB(m.activationsBytes), MemoryCharts::formatGB(m.buffersBytes),
                 MemoryCharts::formatGB(m.totalBytes),
                 stage.verdict.fits ? QStringLiteral("≤") : QStringLiteral("&gt;"),
                 MemoryCharts::formatGB(stage.verdict.capacityBytes),
                 shortGpuName(*m_report.gpu).toHtmlEscaped());
    setFormula(general + QStringLiteral("<br>") + states + QStringLiteral("<br>") + perGpu);
}

} // namespace dtsim::ui
