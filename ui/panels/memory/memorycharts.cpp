#include "ui/panels/memory/memorycharts.h"

#include "common/errortext.h"
#include "common/format.h"
#include "ui/kit/axisrange.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/chartupdate.h"
#include "ui/kit/textstrip.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cstring>

namespace dtsim::ui {

using namespace chartupdate;

namespace {

/// The GPUs every chart compares against (the lesson seed's 24 GB consumer card and 80 GB
/// data-centre card); the scenario's own GPU is added when it is neither.
constexpr std::string_view kReferenceGpus[] = {"rtx4090", "h100-sxm"};

} // namespace

MemoryCharts::MemoryCharts(QWidget* parent) : ChartArea(parent)
{
    m_gpu = &simcore::gpuCatalogue().front();
    buildChart();

    m_verdict = new TextStrip(this);
    QFont verdictFont = chartstyle::labelFont();
    verdictFont.setPointSizeF(12);
    m_verdict->setFont(verdictFont);
    m_verdict->setAutoFillBackground(true);
    m_verdict->setAccessibleName(tr("Memory verdict"));

    m_summary = new TextStrip(this);
    m_summary->setFont(chartstyle::labelFont());
    m_summary->setAccessibleName(tr("Memory summary"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_verdict);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_summary);
    retranslate();
}

void MemoryCharts::buildChart()
{
    m_chart = new QChart;
    chartstyle::applyChartStyle(m_chart);

    m_series = new QStackedBarSeries;
    for (auto& set : m_sets) {
        set = new QBarSet(QString());
        m_series->append(set);
    }
    m_series->setBarWidth(0.55);

    m_categories = new QBarCategoryAxis;
    m_categories->setGridLineVisible(false);
    m_valueAxis = new QValueAxis;
    m_valueAxis->setLabelFormat(QStringLiteral("%g"));
    // Labels on the right at each capacity: the GPU's name sits outside the plot, never on a bar.
    m_capacityAxis = new QCategoryAxis;
    m_capacityAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_capacityAxis->setGridLineVisible(false);
    for (QAbstractAxis* axis :
         {static_cast<QAbstractAxis*>(m_categories), static_cast<QAbstractAxis*>(m_valueAxis),
          static_cast<QAbstractAxis*>(m_capacityAxis)}) {
        chartstyle::applyAxisStyle(axis);
    }
    m_capacityAxis->setLabelsColor(chartstyle::kCapacityChosen.darker(120));
    m_chart->addAxis(m_categories, Qt::AlignBottom);
    m_chart->addAxis(m_valueAxis, Qt::AlignLeft);
    m_chart->addAxis(m_capacityAxis, Qt::AlignRight);

    m_selectedMarker = new QScatterSeries;
    m_selectedMarker->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    m_selectedMarker->setMarkerSize(18);
    m_selectedMarker->setColor(chartstyle::kSelected);
    m_selectedMarker->setBorderColor(Qt::white);
    attach(m_chart, m_series, m_categories, m_valueAxis);
    attach(m_chart, m_selectedMarker, m_categories, m_valueAxis);

    // After the theme: setTheme() would overwrite these brushes.
    const QColor colours[ItemCount] = {chartstyle::kWeights, chartstyle::kGradients,
                                       chartstyle::kOptimizerState, chartstyle::kActivations,
                                       chartstyle::kBuffers};
    for (int i = 0; i < ItemCount; ++i) {
        m_sets[static_cast<std::size_t>(i)]->setColor(colours[i]);
        m_sets[static_cast<std::size_t>(i)]->setBorderColor(colours[i].darker(140));
    }
    // Buffers are an allowance, not a measured item: hatched, so it reads as "reserve".
    m_sets[Buffers]->setBrush(QBrush(chartstyle::kBuffers.darker(130), Qt::BDiagPattern));

    m_view = new QChartView(m_chart, this);
    chartstyle::applyViewStyle(m_view);
    m_view->setRenderHint(QPainter::Antialiasing, false); // axis-aligned bars and lines
}

void MemoryCharts::retranslate()
{
    m_chart->setTitle(tr("Memory per GPU under each ZeRO stage, against GPU capacities"));
    m_sets[Weights]->setLabel(tr("Weights"));
    m_sets[Gradients]->setLabel(tr("Gradients"));
    m_sets[Optimizer]->setLabel(tr("Optimizer state"));
    m_sets[Activations]->setLabel(tr("Activations"));
    m_sets[Buffers]->setLabel(tr("Buffers (allowance)"));
    m_selectedMarker->setName(tr("Your ZeRO stage"));
    m_valueAxis->setTitleText(tr("Memory per GPU (GB = 10⁹ bytes)"));
    m_categories->setTitleText(QString());
    m_view->setAccessibleName(tr("Memory per GPU chart"));
    if (m_evaluated) {
        m_categories->clear();  // stage names are translated
        m_capacityGpus.clear(); // so are the capacity labels
        updateBars();
        updateCapacityLines();
        updateVerdict();
        m_summary->setPlainText(summary());
    }
}

void MemoryCharts::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    ChartArea::changeEvent(event);
}

QString MemoryCharts::stageName(int zero)
{
    switch (zero) {
    case 0:
        return tr("DDP (ZeRO-0)");
    case 1:
        return tr("ZeRO-1");
    case 2:
        return tr("ZeRO-2");
    default:
        return tr("ZeRO-3 / FSDP");
    }
}

QString MemoryCharts::precisionName(simcore::Precision precision)
{
    switch (precision) {
    case simcore::Precision::Fp32:
        return tr("FP32");
    case simcore::Precision::Mixed:
        return tr("mixed BF16/FP16 + FP32 master");
    case simcore::Precision::Bf16:
        return tr("pure BF16");
    }
    return {};
}

QString MemoryCharts::optimizerName(simcore::Optimizer optimizer)
{
    switch (optimizer) {
    case simcore::Optimizer::Sgd:
        return tr("SGD");
    case simcore::Optimizer::Momentum:
        return tr("SGD + momentum");
    case simcore::Optimizer::Adam:
        return tr("Adam/AdamW");
    case simcore::Optimizer::Adam8bit:
        return tr("8-bit Adam");
    }
    return {};
}

QString MemoryCharts::shortGpuName(const simcore::GpuSpec& gpu)
{
    QString name =
        QString::fromUtf8(gpu.displayName.data(), static_cast<qsizetype>(gpu.displayName.size()));
    for (const char* prefix : {"NVIDIA GeForce ", "NVIDIA ", "AMD Instinct ", "AMD "}) {
        if (name.startsWith(QLatin1String(prefix))) {
            name.remove(0, static_cast<qsizetype>(std::strlen(prefix)));
            break;
        }
    }
    // The capacity is printed beside it, with its unit made explicit.
    static const QRegularExpression capacity(QStringLiteral("\\s*\\d+GB$"));
    name.remove(capacity);
    return name;
}

QString MemoryCharts::formatGB(double bytes)
{
    return tr("%1 GB").arg(common::formatNumber(bytes / kGB, bytes >= 100 * kGB ? 4 : 3));
}

QString MemoryCharts::formatGiB(double bytes)
{
    return tr("%1 GiB").arg(common::formatNumber(bytes / kGiB, bytes >= 100 * kGiB ? 4 : 3));
}

const simcore::MemoryBreakdown& MemoryCharts::stage(int zero) const
{
    return m_stages[static_cast<std::size_t>(std::clamp(zero, 0, kStages - 1))];
}

const simcore::MemoryVerdict& MemoryCharts::verdict(int zero) const
{
    return m_verdicts[static_cast<std::size_t>(std::clamp(zero, 0, kStages - 1))];
}

int MemoryCharts::selectedStage() const
{
    return static_cast<int>(std::clamp<std::int64_t>(m_scenario.parallel.zero, 0, kStages - 1));
}

void MemoryCharts::showScenario(const simcore::Scenario& scenario)
{
    m_scenario = scenario;
    const simcore::MemoryOptions options = simcore::memoryOptionsFromScenario(scenario);
    m_gpu = simcore::findGpu(scenario.hardware.gpu);
    if (!m_gpu) {
        m_gpu = &simcore::gpuCatalogue().front(); // validate() reports the unknown id
    }
    m_problems = simcore::validate(scenario);
    const auto memoryProblems = simcore::validateMemory(scenario, options);
    m_problems.insert(m_problems.end(), memoryProblems.begin(), memoryProblems.end());

    simcore::Scenario trial = scenario;
    for (int zero = 0; zero < kStages; ++zero) {
        trial.parallel.zero = zero;
        const auto index = static_cast<std::size_t>(zero);
        m_stages[index] = simcore::evaluateMemory(trial, options);
        m_verdicts[index] = simcore::memoryVerdict(trial, *m_gpu, options);
    }
    m_evaluated = true;
    updateBars();
    updateCapacityLines();
    updateVerdict();
    m_summary->setPlainText(summary());
    m_view->setAccessibleDescription(m_summary->plainText());
    if (m_interactive) {
        chartstyle::cacheStaticItems(m_view);
    }
}

void MemoryCharts::updateBars()
{
    const int selected = selectedStage();
    QStringList categories;
    std::array<QList<qreal>, ItemCount> values;
    double largest = 0;
    for (int zero = 0; zero < kStages; ++zero) {
        const auto& m = stage(zero);
        categories << (zero == selected ? tr("▶ %1 ◀").arg(stageName(zero)) : stageName(zero));
        values[Weights] << m.weightsBytes / kGB;
        values[Gradients] << m.gradientsBytes / kGB;
        values[Optimizer] << m.optimizerBytes / kGB;
        values[Activations] << m.activationsBytes / kGB;
        values[Buffers] << m.buffersBytes / kGB;
        largest = std::max(largest, m.totalBytes);
    }
    // Every change lays the chart out again: only when the selected stage or language moved.
    if (m_categories->categories() != categories) {
        m_categories->setCategories(categories);
    }
    for (int i = 0; i < ItemCount; ++i) {
        replaceValues(m_sets[static_cast<std::size_t>(i)], values[static_cast<std::size_t>(i)]);
    }

    for (const auto& reference : kReferenceGpus) {
        if (const auto* gpu = simcore::findGpu(reference)) {
            largest = std::max(largest, gpu->memoryBytes);
        }
    }
    largest = std::max(largest, m_gpu->memoryBytes);
    const NiceRange range = niceRangeFromZero(largest / kGB * 1.12); // room for the marker
    if (m_valueAxis->min() != 0 || m_valueAxis->max() != range.maximum) {
        m_valueAxis->setRange(0, range.maximum);
        m_capacityAxis->setRange(0, range.maximum);
    }
    if (m_valueAxis->tickCount() != range.ticks) {
        m_valueAxis->setTickCount(range.ticks);
    }
    const QList<QPointF> marker = {QPointF(
        static_cast<qreal>(selected), stage(selected).totalBytes / kGB + 0.05 * range.maximum)};
    if (m_selectedMarker->points() != marker) {
        m_selectedMarker->replace(marker);
    }
}

void MemoryCharts::updateCapacityLines()
{
    QList<const simcore::GpuSpec*> gpus;
    for (const auto& reference : kReferenceGpus) {
        const auto* gpu = simcore::findGpu(reference);
        if (!gpu) {
            continue;
        }
        // The chosen GPU replaces a reference of the same capacity (A100 80GB for H100's line).
        gpus << (gpu->memoryBytes == m_gpu->memoryBytes ? m_gpu : gpu);
    }
    if (!gpus.contains(m_gpu)) {
        gpus << m_gpu;
    }
    std::sort(gpus.begin(), gpus.end(),
              [](const auto* a, const auto* b) { return a->memoryBytes < b->memoryBytes; });
    if (gpus == m_capacityGpus) {
        return; // lines are rebuilt only when the GPU choice changes them
    }
    m_capacityGpus = gpus;
    for (auto* line : std::as_const(m_capacityLines)) {
        m_chart->removeSeries(line);
        delete line;
    }
    m_capacityLines.clear();
    for (const QString& label : m_capacityAxis->categoriesLabels()) {
        m_capacityAxis->remove(label);
    }
    for (const auto* gpu : gpus) {
        const double gb = gpu->memoryBytes / kGB;
        const bool chosen = gpu == m_gpu;
        auto* line = new QLineSeries;
        line->setName(tr("%1: %2 GiB = %3 GB")
                          .arg(shortGpuName(*gpu), common::formatNumber(gpu->memoryBytes / kGiB, 4),
                               common::formatNumber(gb, 3)));
        line->append({QPointF(-0.5, gb), QPointF(kStages - 0.5, gb)});
        QPen pen(chosen ? chartstyle::kCapacityChosen : chartstyle::kCapacityOther, chosen ? 3 : 2,
                 chosen ? Qt::SolidLine : Qt::DashLine);
        line->setPen(pen);
        attach(m_chart, line, m_categories, m_valueAxis);
        const auto markers = m_chart->legend()->markers(line);
        for (auto* marker : markers) {
            marker->setVisible(false); // named on the right-hand axis instead
        }
        m_capacityLines << line;
        // Axis labels are rich text: the chosen GPU in its line's colour, the others grey.
        const QColor colour =
            chosen ? chartstyle::kCapacityChosen.darker(115) : chartstyle::kCapacityOther;
        m_capacityAxis->append(QStringLiteral("<span style=\"color:%1\"><b>%2</b><br>%3</span>")
                                   .arg(colour.name(), shortGpuName(*gpu).toHtmlEscaped(),
                                        tr("%1 GiB = %2 GB")
                                            .arg(common::formatNumber(gpu->memoryBytes / kGiB, 4),
                                                 common::formatNumber(gb, 3))),
                               gb);
    }
    m_capacityAxis->setStartValue(0);
}

void MemoryCharts::updateVerdict()
{
    const int selected = selectedStage();
    const auto& m = stage(selected);
    const auto& v = verdict(selected);
    const QString gpuName = shortGpuName(*m_gpu).toHtmlEscaped();
    const QString capacity =
        tr("%1 = %2").arg(formatGiB(m_gpu->memoryBytes), formatGB(m_gpu->memoryBytes));
    QString html;
    int state = 0;
    if (!m_problems.empty()) {
        state = 2;
        html = tr("<b>These settings do not go together:</b> %1 The bars are only indicative.")
                   .arg(common::describeError(m_problems.front()).toHtmlEscaped());
    } else {
        const auto& p = m_scenario.parallel;
        const std::int64_t count = p.dp * p.tp * p.pp; // validateMemory rules out overflow
        const QString where =
            count == 1
                ? tr("%1 on one GPU").arg(stageName(selected))
                : tr("%1 over %2 GPUs")
                      .arg(stageName(selected), QLocale().toString(static_cast<qlonglong>(count)));
        if (v.fits) {
            state = 1;
            html = tr("<b>✔ Fits</b> on the %1 (%2): %3 needs %4 per GPU, %5 to spare.")
                       .arg(gpuName, capacity, where, formatGB(m.totalBytes),
                            formatGB(v.headroomBytes));
        } else {
            html = tr("<b>✘ Does not fit</b> on the %1 (%2): %3 needs %4 (%5) per GPU, %6 too "
                      "much.")
                       .arg(gpuName, capacity, where, formatGB(m.totalBytes),
                            formatGiB(m.totalBytes), formatGB(-v.headroomBytes));
        }
        QStringList fewest;
        for (int zero = kStages - 1; zero >= 0; --zero) {
            const auto& stageVerdict = verdict(zero);
            const QString name = zero == 0 ? tr("DDP") : stageName(zero);
            fewest << (stageVerdict.minGpus > 0
                           ? tr("%1: %2 GPUs")
                                 .arg(name, QLocale().toString(
                                                static_cast<qlonglong>(stageVerdict.minGpus)))
                           : tr("%1: never").arg(name));
        }
        html += QStringLiteral("<br>") + tr("Fewest GPUs that fit (tp %1 × pp %2): %3")
                                             .arg(p.tp)
                                             .arg(p.pp)
                                             .arg(fewest.join(QStringLiteral(" · ")));
        if (verdict(kStages - 1).minGpus == 0) {
            html += QStringLiteral("<br>") +
                    tr("ZeRO does not shard activations (%1 per GPU): try recomputation, a "
                       "shorter sequence or a smaller micro-batch.")
                        .arg(formatGB(stage(kStages - 1).activationsBytes));
        }
    }
    if (state != m_verdictState) {
        m_verdictState = state;
        QPalette palette = m_verdict->palette();
        const QColor background = state == 1   ? chartstyle::kFitsBackground
                                  : state == 0 ? chartstyle::kNoFitBackground
                                               : QColor(0xFF, 0xF3, 0xC4);
        const QColor text = state == 1   ? chartstyle::kFitsText
                            : state == 0 ? chartstyle::kNoFitText
                                         : chartstyle::kText; // on a pale banner
        palette.setColor(QPalette::Window, background);
        palette.setColor(QPalette::WindowText, text);
        m_verdict->setPalette(palette);
    }
    m_verdict->setHtml(html);
    m_verdict->setAccessibleDescription(m_verdict->plainText());
}

QString MemoryCharts::verdictText() const
{
    return m_verdict->plainText();
}

QString MemoryCharts::summary() const
{
    const auto& p = m_scenario.parallel;
    QStringList totals;
    for (int zero = 0; zero < kStages; ++zero) {
        totals << tr("%1 %2").arg(zero == 0 ? tr("DDP") : stageName(zero),
                                  formatGB(stage(zero).totalBytes));
    }
    return tr("Per GPU: %1 — %2 billion parameters, %3 + %4, dp %5 × tp %6 × pp %7.")
        .arg(totals.join(QStringLiteral(" · ")), common::formatNumber(stage(0).parameters / 1e9, 4),
             precisionName(m_scenario.train.precision), optimizerName(m_scenario.train.optimizer))
        .arg(p.dp)
        .arg(p.tp)
        .arg(p.pp);
}

QString MemoryCharts::exportTitle() const
{
    return tr("dtsim — Memory: per-GPU memory under ZeRO 0–3 against GPU capacities");
}

QString MemoryCharts::csv() const
{
    QString text = QStringLiteral(
        "stage,name,selected,parameters,weights_bytes,gradients_bytes,optimizer_bytes,"
        "activations_bytes,buffers_bytes,total_bytes,total_gib,gpu,capacity_bytes,fits,"
        "headroom_bytes,min_gpus\n");
    const QString gpuId =
        QString::fromUtf8(m_gpu->id.data(), static_cast<qsizetype>(m_gpu->id.size()));
    for (int zero = 0; zero < kStages; ++zero) {
        const auto& m = stage(zero);
        const auto& v = verdict(zero);
        QString name = stageName(zero);
        name.replace(QLatin1Char(','), QLatin1Char(';'));
        text += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16\n")
                    .arg(zero)
                    .arg(name)
                    .arg(zero == selectedStage() ? 1 : 0)
                    .arg(common::csvNumber(m.parameters), common::csvNumber(m.weightsBytes),
                         common::csvNumber(m.gradientsBytes), common::csvNumber(m.optimizerBytes),
                         common::csvNumber(m.activationsBytes), common::csvNumber(m.buffersBytes),
                         common::csvNumber(m.totalBytes), common::csvNumber(m.totalBytes / kGiB))
                    .arg(gpuId, common::csvNumber(v.capacityBytes))
                    .arg(v.fits ? 1 : 0)
                    .arg(common::csvNumber(v.headroomBytes))
                    .arg(v.minGpus);
    }
    return text;
}

} // namespace dtsim::ui
