#include "ui/panels/memory/memorycharts.h"

#include "common/errortext.h"
#include "common/format.h"
#include "ui/kit/appearance.h"
#include "ui/kit/axisrange.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/chartupdate.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/problemtext.h"
#include "ui/kit/textstrip.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace dtsim::ui {

using namespace chartupdate;

namespace {

} // namespace

MemoryCharts::MemoryCharts(QWidget* parent) : ChartArea(parent)
{
    buildChart();

    m_verdict = new TextStrip(this);
    // A little larger than the labels, and scaled with them (presentation mode, slides).
    QFont verdictFont = chartstyle::labelFont();
    verdictFont.setPointSizeF(verdictFont.pointSizeF() * 12 / 10.8);
    m_verdict->setFont(verdictFont);
    m_verdict->setAutoFillBackground(true);
    m_verdict->setAccessibleName(tr("Memory verdict"));

    m_summary = new TextStrip(this);
    setLabelSizedFont(m_summary);
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
    m_valueAxis->setLabelFormat(QStringLiteral("%.6g"));
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
    m_selectedMarker->setColor(chartstyle::selectedColour());
    m_selectedMarker->setBorderColor(chartstyle::markerBorderColour());
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
    m_valueAxis->setTitleText(tr("GiB per GPU"));
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

void MemoryCharts::applyLook()
{
    // The selected stage's triangle and the other GPUs' grey lines are light on dark.
    m_selectedMarker->setColor(chartstyle::selectedColour());
    m_selectedMarker->setBorderColor(chartstyle::markerBorderColour());
    if (m_evaluated) {
        m_capacityGpus.clear(); // the capacity lines and labels are drawn again in the look
        updateCapacityLines();
    }
    ChartArea::applyLook();
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

QString MemoryCharts::formatGB(double bytes)
{
    return tr("%1 GB").arg(common::formatNumber(bytes / kGB, bytes >= 100 * kGB ? 4 : 3));
}

QString MemoryCharts::formatGiB(double bytes)
{
    return tr("%1 GiB").arg(common::formatNumber(bytes / kGiB, bytes >= 100 * kGiB ? 4 : 3));
}

void MemoryCharts::showScenario(const simcore::Scenario& scenario)
{
    showReport(simcore::memoryReport(scenario));
}

void MemoryCharts::showReport(const simcore::MemoryReport& report)
{
    m_report = report;
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
    const auto selected = m_report.selectedStage;
    QStringList categories;
    std::array<QList<qreal>, ItemCount> values;
    double largest = 0;
    for (const auto& stage : m_report.stages) {
        const auto& m = stage.memory;
        const int zero = static_cast<int>(stage.zero);
        categories << (zero == selected ? tr("▶ %1 ◀").arg(stageName(zero)) : stageName(zero));
        if (!m_report.ok()) {
            continue; // an impossible layout is not priced
        }
        values[Weights] << m.weightsBytes / kAxisUnit;
        values[Gradients] << m.gradientsBytes / kAxisUnit;
        values[Optimizer] << m.optimizerBytes / kAxisUnit;
        values[Activations] << m.activationsBytes / kAxisUnit;
        values[Buffers] << m.buffersBytes / kAxisUnit;
        largest = std::max(largest, m.totalBytes);
    }
    // Every change lays the chart out again: only when the selected stage or language moved.
    if (m_categories->categories() != categories) {
        m_categories->setCategories(categories);
    }
    for (int i = 0; i < ItemCount; ++i) {
        replaceValues(m_sets[static_cast<std::size_t>(i)], values[static_cast<std::size_t>(i)]);
    }
    for (const auto* gpu : m_report.capacityGpus) {
        largest = std::max(largest, gpu->memoryBytes);
    }
    const NiceRange range = niceRangeFromZero(std::max(largest, kAxisUnit) / kAxisUnit * 1.12);
    if (m_valueAxis->min() != 0 || m_valueAxis->max() != range.maximum) {
        m_valueAxis->setRange(0, range.maximum);
        m_capacityAxis->setRange(0, range.maximum);
    }
    if (m_valueAxis->tickCount() != range.ticks) {
        m_valueAxis->setTickCount(range.ticks);
    }
    const QList<QPointF> marker =
        m_report.ok() ? QList<QPointF>{QPointF(static_cast<qreal>(selected),
                                               m_report.selected().memory.totalBytes / kAxisUnit +
                                                   0.05 * range.maximum)}
                      : QList<QPointF>{};
    if (m_selectedMarker->points() != marker) {
        m_selectedMarker->replace(marker);
    }
}

void MemoryCharts::updateCapacityLines()
{
    const QList<const simcore::GpuSpec*> gpus(m_report.capacityGpus.begin(),
                                              m_report.capacityGpus.end());
    if (gpus == m_capacityGpus && m_report.gpu == m_chosenCapacityGpu) {
        return; // lines are rebuilt only when the GPUs drawn or the one chosen change
    }
    m_capacityGpus = gpus;
    m_chosenCapacityGpu = m_report.gpu;
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
        const double height = gpu->memoryBytes / kAxisUnit;
        const bool chosen = gpu == m_report.gpu;
        auto* line = new QLineSeries;
        line->setName(tr("%1: %2 GiB = %3 GB")
                          .arg(shortGpuName(*gpu), common::formatNumber(gpu->memoryBytes / kGiB, 4),
                               common::formatNumber(gb, 3)));
        line->append({QPointF(-0.5, height), QPointF(kStages - 0.5, height)});
        QPen pen(chosen ? chartstyle::kCapacityChosen : chartstyle::referenceColour(),
                 chosen ? 3 : 2, chosen ? Qt::SolidLine : Qt::DashLine);
        line->setPen(pen);
        attach(m_chart, line, m_categories, m_valueAxis);
        const auto markers = m_chart->legend()->markers(line);
        for (auto* marker : markers) {
            marker->setVisible(false); // named on the right-hand axis instead
        }
        m_capacityLines << line;
        // Axis labels are rich text: the chosen GPU in its line's colour, the others grey.
        const QColor colour =
            chosen ? chartstyle::kCapacityChosen.darker(115) : chartstyle::referenceColour();
        m_capacityAxis->append(QStringLiteral("<span style=\"color:%1\"><b>%2</b><br>%3</span>")
                                   .arg(colour.name(), shortGpuName(*gpu).toHtmlEscaped(),
                                        tr("%1 GiB = %2 GB")
                                            .arg(common::formatNumber(gpu->memoryBytes / kGiB, 4),
                                                 common::formatNumber(gb, 3))),
                               height);
    }
    m_capacityAxis->setStartValue(0);
}

void MemoryCharts::updateVerdict()
{
    QString html;
    int state = 0;
    if (!m_report.ok()) {
        state = 2;
        html = tr("<b>These settings do not go together:</b> %1")
                   .arg(describeProblem(m_report.problems.front()).toHtmlEscaped());
    } else {
        const int selected = static_cast<int>(m_report.selectedStage);
        const auto value = [this](std::string_view id) {
            return common::formatQuantity(m_report, id);
        };
        const QString gpuName = shortGpuName(*m_report.gpu).toHtmlEscaped();
        const QString capacity =
            tr("%1 = %2").arg(formatGiB(m_report.gpu->memoryBytes), value("capacity"));
        const QString where = m_report.gpus == 1
                                  ? tr("%1 on one GPU").arg(stageName(selected))
                                  : tr("%1 over %2 GPUs").arg(stageName(selected), value("gpus"));
        if (m_report.selected().verdict.fits) {
            state = 1;
            html = tr("<b>✔ Fits</b> on the %1 (%2): %3 needs %4 per GPU, %5 to spare.")
                       .arg(gpuName, capacity, where, value("total"), value("headroom"));
        } else {
            html = tr("<b>✘ Does not fit</b> on the %1 (%2): %3 needs %4 (%5) per GPU, %6 too "
                      "much.")
                       .arg(gpuName, capacity, where, value("total"),
                            formatGiB(m_report.selected().memory.totalBytes), value("excess"));
        }
        QStringList fewest;
        for (auto it = m_report.stages.rbegin(); it != m_report.stages.rend(); ++it) {
            const QString name = it->zero == 0 ? tr("DDP") : stageName(static_cast<int>(it->zero));
            fewest << (it->verdict.minGpus > 0
                           ? tr("%1: %2 GPU(s)", nullptr,
                                common::numerus(static_cast<std::int64_t>(it->verdict.minGpus)))
                                 .arg(name, common::formatWhole(
                                                static_cast<std::int64_t>(it->verdict.minGpus)))
                           : tr("%1: never").arg(name));
        }
        html += QStringLiteral("<br>") +
                tr("Fewest GPUs that fit (tp %1 × pp %2 × cp %3): %4")
                    .arg(value("tp"), value("pp"), value("cp"), fewest.join(QStringLiteral(" · ")));
        if (m_report.activationsBound) {
            html += QStringLiteral("<br>") +
                    tr("ZeRO does not shard activations (%1 per GPU): try recomputation, a "
                       "shorter sequence or a smaller micro-batch.")
                        .arg(formatGB(m_report.stages.back().memory.activationsBytes));
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
    if (!m_report.ok()) {
        return describeProblem(m_report.problems.front());
    }
    QStringList totals;
    for (const auto& stage : m_report.stages) {
        totals << tr("%1 %2").arg(stage.zero == 0 ? tr("DDP")
                                                  : stageName(static_cast<int>(stage.zero)),
                                  formatGB(stage.memory.totalBytes));
    }
    const auto value = [this](std::string_view id) { return common::formatQuantity(m_report, id); };
    return tr("Per GPU: %1 — %2 billion parameters, %3 + %4, dp %5 × tp %6 × pp %7.")
        .arg(totals.join(QStringLiteral(" · ")),
             common::formatNumber(m_report.stages.front().memory.parameters / 1e9, 4),
             precisionName(m_report.precision), optimizerName(m_report.optimizer), value("dp"),
             value("tp"), value("pp"));
}

QString MemoryCharts::exportTitle() const
{
    return tr("dtsim — Memory: per-GPU memory under ZeRO 0–3 against GPU capacities");
}

std::vector<simcore::CsvTable> MemoryCharts::csv() const
{
    return simcore::memoryCsv(m_report);
}

} // namespace dtsim::ui
