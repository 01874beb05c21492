#include "ui/panels/memory/memorypanel.h"

#include "common/errortext.h"
#include "common/format.h"
#include "simcore/catalogue.h"
#include "simcore/memory.h"
#include "ui/kit/numberfield.h"
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

QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

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
    const auto makeGroup = [this](QGroupBox*& group) {
        group = new QGroupBox;
        group->setFlat(true); // see ScalingPanel: a framed group repaints its border each edit
        auto* form = new QFormLayout(group);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        form->setRowWrapPolicy(QFormLayout::DontWrapRows);
        controlsLayout()->addWidget(group);
        return form;
    };

    QFormLayout* modelForm = makeGroup(m_modelGroup);
    m_preset = newChoiceBox();
    for (const auto& preset : simcore::modelPresets()) {
        m_preset->addItem(fromView(preset.name), fromView(preset.id));
    }
    m_preset->addItem(QString(), QString()); // "Custom", named in retranslate
    m_preset->setAccessibleName(QStringLiteral("preset"));
    connect(m_preset, &QComboBox::activated, this, &MemoryPanel::applyPreset);
    addLabelledRow(modelForm, m_preset);
    addField(modelForm, QStringLiteral("model.params"), 1e-9, 3);
    addField(modelForm, QStringLiteral("model.seq_len"), 1, 0);

    QFormLayout* trainingForm = makeGroup(m_trainingGroup);
    addFormRow(trainingForm, QStringLiteral("train.precision"));
    addFormRow(trainingForm, QStringLiteral("train.optimizer"));
    addField(trainingForm, QStringLiteral("train.micro_batch"), 1, 0);
    addFormRow(trainingForm, QStringLiteral("train.recompute"));

    QFormLayout* parallelForm = makeGroup(m_parallelGroup);
    // An integer key with four values: a choice box reads better than a spin box.
    addLabelledRow(parallelForm, addChoiceBox(QStringLiteral("parallel.zero"),
                                              {QStringLiteral("0"), QStringLiteral("1"),
                                               QStringLiteral("2"), QStringLiteral("3")}));
    addField(parallelForm, QStringLiteral("parallel.dp"), 1, 0);
    addField(parallelForm, QStringLiteral("parallel.tp"), 1, 0);
    addField(parallelForm, QStringLiteral("parallel.pp"), 1, 0);
    m_sequenceParallel = new QCheckBox;
    m_sequenceParallel->setAccessibleName(QStringLiteral("memory.sequence_parallel"));
    connect(m_sequenceParallel, &QCheckBox::toggled, this, [this](bool on) {
        applyResult(model()->setValue(QStringLiteral("memory.sequence_parallel"),
                                      on ? QStringLiteral("on") : QStringLiteral("off")));
    });
    parallelForm->addRow(m_sequenceParallel);

    QFormLayout* hardwareForm = makeGroup(m_hardwareGroup);
    addFormRow(hardwareForm, QStringLiteral("hardware.gpu"));
    addField(hardwareForm, QStringLiteral("memory.buffers_fraction"), 100, 0);
    controlsLayout()->addStretch(1);
}

NumberField* MemoryPanel::addField(QFormLayout* form, const QString& key, double displayFactor,
                                   int decimals)
{
    return static_cast<NumberField*>(addFormRow(form, key, displayFactor, decimals));
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
        showProblem(common::describeError(*error));
    }
}

void MemoryPanel::applyPreset(int index)
{
    const QString id = m_preset->itemData(index).toString();
    const auto* preset = simcore::findModelPreset(id.toStdString());
    if (!preset) {
        return; // "Custom": keep the current numbers, edit them below
    }
    // One change for the whole shape (six keys), so the panels redraw once.
    simcore::Scenario scenario = model()->scenario();
    scenario.model = preset->model;
    model()->setScenario(scenario);
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

    setKeyTexts({
        {"model.params", tr("&Parameters:"), tr(" billion"),
         tr("Parameter count Ψ in billions (7 = the lesson's 7B model). Each one costs "
            "weight + gradient + optimizer bytes on the GPU. 0 derives it from the shape.")},
        {"model.seq_len", tr("&Sequence length:"), tr(" tokens"),
         tr("Tokens per training sequence. Activations grow with it, the attention scores even "
            "with its square.")},
        {"train.micro_batch", tr("Micro-&batch:"), tr(" seq."),
         tr("Sequences each GPU processes at once. Activations grow in proportion; model states "
            "do not.")},
        {"parallel.dp", tr("&Data parallel (dp):"), QString(),
         tr("Copies of the model that each train on part of the batch. Plain DDP keeps a full "
            "copy on every GPU; ZeRO divides the model states by dp.")},
        {"parallel.tp", tr("&Tensor parallel (tp):"), QString(),
         tr("GPUs that split every layer's matrices. Divides the weights and most activations "
            "by tp; must divide the attention heads.")},
        {"parallel.pp", tr("&Pipeline stages (pp):"), QString(),
         tr("GPUs that each hold a slice of the layers. Divides the model states by pp; the "
            "first stage keeps more activations in flight.")},
        {"memory.buffers_fraction", tr("&Buffers allowance:"), tr(" %"),
         tr("Extra room for communication buffers, allocator fragmentation and the CUDA "
            "context, as a share of everything else. 0 = leave it out.")},
    });

    const auto setItems = [this](const char* key, const QStringList& names, const QString& label,
                                 const QString& tip) {
        QComboBox* box = combo(QString::fromLatin1(key));
        setChoiceTexts(QString::fromLatin1(key), names);
        setRowLabel(box, label);
        box->setToolTip(tip);
        box->setAccessibleDescription(tip);
    };
    using simcore::Optimizer;
    using simcore::Precision;
    setItems("train.precision",
             {tr("FP32 (4 B per value)"), tr("Mixed BF16/FP16 + FP32 master"),
              tr("Pure BF16 (2 B per value)")},
             tr("P&recision:"),
             tr("Number format of weights and gradients. Mixed precision computes in 16 bits but "
                "keeps an FP32 master copy with the optimizer (ZeRO paper §3.1)."));
    setItems("train.optimizer",
             {MemoryCharts::optimizerName(Optimizer::Sgd),
              MemoryCharts::optimizerName(Optimizer::Momentum),
              MemoryCharts::optimizerName(Optimizer::Adam),
              MemoryCharts::optimizerName(Optimizer::Adam8bit)},
             tr("&Optimizer:"),
             tr("What the optimizer keeps per parameter: nothing (SGD), one momentum, or Adam's "
                "two moments (8 B in FP32, 2 B in 8-bit Adam)."));
    setItems("train.recompute",
             {tr("None: keep all activations"), tr("Selective: recompute attention"),
              tr("Full: keep only layer inputs")},
             tr("Re&computation:"),
             tr("Activation recomputation: drop activations after the forward pass and compute "
                "them again in the backward pass, trading compute for memory."));
    setItems("parallel.zero",
             {MemoryCharts::stageName(0), tr("ZeRO-1: shard optimizer"), tr("ZeRO-2: + gradients"),
              tr("ZeRO-3 / FSDP: + weights")},
             tr("&ZeRO stage:"),
             tr("How much of the model states is divided over the dp GPUs instead of copied: "
                "optimizer state (1), also gradients (2), also weights (3 = FSDP full shard)."));
    QStringList gpuNames;
    for (const auto& gpu : simcore::gpuCatalogue()) {
        gpuNames << tr("%1 (%2 GiB)")
                        .arg(MemoryCharts::shortGpuName(gpu),
                             common::formatNumber(gpu.memoryBytes / MemoryCharts::kGiB, 4));
    }
    setItems("hardware.gpu", gpuNames, tr("&GPU:"),
             tr("The GPU whose memory the verdict checks. Vendors' \"80 GB\" is 80 GiB "
                "(2³⁰ bytes each) = 85.9 GB."));
    m_sequenceParallel->setText(tr("&Sequence parallelism (Megatron)"));
    m_sequenceParallel->setToolTip(
        tr("Also split the layer-norm and dropout activations over the tp GPUs (Korthikanti et "
           "al. 2022). Needs the sequence length to be a multiple of tp."));
}

void MemoryPanel::refresh()
{
    const auto& scenario = model()->scenario();
    m_charts->showScenario(scenario);

    {
        const QSignalBlocker block(m_preset);
        int presetIndex = m_preset->count() - 1;
        for (int i = 0; i < m_preset->count() - 1; ++i) {
            const auto* preset =
                simcore::findModelPreset(m_preset->itemData(i).toString().toStdString());
            if (preset && preset->model == scenario.model) {
                presetIndex = i;
            }
        }
        m_preset->setCurrentIndex(presetIndex);
    }
    showFieldValues();
    {
        const QSignalBlocker block(m_sequenceParallel);
        m_sequenceParallel->setChecked(scenario.memory.sequenceParallel);
    }
    const auto& problems = m_charts->problems();
    showProblem(problems.empty() ? QString() : common::describeError(problems.front()));
    updateFormula();
}

void MemoryPanel::updateFormula()
{
    const auto& scenario = model()->scenario();
    const int selected = m_charts->selectedStage();
    const auto& unsharded = m_charts->stage(0);
    const auto& m = m_charts->stage(selected);
    const auto& verdict = m_charts->verdict(selected);
    const auto bytes =
        simcore::bytesPerParameter(scenario.train.precision, scenario.train.optimizer);

    const QString general =
        tr("M<sub>GPU</sub> = Ψ′ × (w + g + K) + activations + buffers; ZeRO shards K (1), g "
           "(2), w (3) over N<sub>d</sub> = dp; Ψ′ = Ψ / (tp × pp)");
    QString psi = billions(unsharded.parameters);
    if (scenario.parallel.tp * scenario.parallel.pp > 1) {
        psi = tr("%1 / (%2 × %3) = %4")
                  .arg(billions(unsharded.parameters))
                  .arg(scenario.parallel.tp)
                  .arg(scenario.parallel.pp)
                  .arg(billions(unsharded.parametersPerGpu));
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
            .arg(MemoryCharts::stageName(selected))
            .arg(scenario.parallel.dp)
            .arg(MemoryCharts::formatGB(m.weightsBytes), MemoryCharts::formatGB(m.gradientsBytes),
                 MemoryCharts::formatGB(m.optimizerBytes),
                 MemoryCharts::formatGB(m.activationsBytes), MemoryCharts::formatGB(m.buffersBytes),
                 MemoryCharts::formatGB(m.totalBytes),
                 verdict.fits ? QStringLiteral("≤") : QStringLiteral("&gt;"),
                 MemoryCharts::formatGB(verdict.capacityBytes),
                 MemoryCharts::shortGpuName(m_charts->gpu()).toHtmlEscaped());
    setFormula(general + QStringLiteral("<br>") + states + QStringLiteral("<br>") + perGpu);
}

} // namespace dtsim::ui
