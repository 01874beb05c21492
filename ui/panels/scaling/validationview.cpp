#include "ui/panels/scaling/validationview.h"

#include "common/format.h"
#include "ui/kit/appearance.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/chartupdate.h"
#include "ui/kit/pointmarker.h"
#include "ui/kit/textstrip.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QStackedBarSeries>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace dtsim::ui {

using namespace chartupdate;

namespace {

/// The breakdown's terms, in stacking order, with the Scaling bars' colours (Okabe–Ito; a
/// darker shade where two terms share a hue).
const QColor kTermColours[] = {
    chartstyle::kCompute,       // compute
    QColor(0x56, 0xB4, 0xE9),   // tensor parallel, sky blue
    QColor(0xF0, 0xE4, 0x42),   // pipeline bubble, yellow
    QColor(0xB8, 0xA9, 0x00),   // pipeline sends, dark yellow
    chartstyle::kCommunication, // data parallel, orange
    QColor(0x9C, 0x6B, 0x00),   // ZeRO-3 gathers, dark orange
    chartstyle::kBubble,        // context parallel, reddish purple
    QColor(0x99, 0x99, 0x99),   // optimizer step, grey
};
constexpr int kTermCount = static_cast<int>(simcore::kStepTermCount);

enum Column { RunColumn, MetricColumn, PublishedColumn, DtsimColumn, ErrorColumn, ColumnCount };

/// A signed percentage of a fraction: "+4.2 %", "−12 %".
QString signedPercent(double fraction)
{
    const QString number = common::formatSignedNumber(fraction * 100.0, 3);
    return common::withPercentSign(fraction > 0 ? QStringLiteral("+") + number : number);
}

} // namespace

ValidationView::ValidationView(QWidget* parent) : ChartArea(parent)
{
    m_caption = new TextStrip(this);
    setLabelSizedFont(m_caption);
    buildErrorChart();
    buildTable();
    buildBreakdownChart();
    m_breakdownNote = new TextStrip(this);
    setLabelSizedFont(m_breakdownNote);

    auto* lower = new QHBoxLayout;
    lower->addWidget(m_table, 3);
    lower->addWidget(m_breakdownView, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_caption);
    // On a 1280×800 projector every part is at its minimum: the table gives way (it scrolls)
    // so the error chart keeps its run labels and the breakdown its legend.
    m_table->setMinimumHeight(1);
    layout->addWidget(m_errorView, 5);
    layout->addLayout(lower, 4);
    layout->addWidget(m_breakdownNote);
    applyColours();
    retranslate();
}

void ValidationView::buildErrorChart()
{
    m_errorChart = new QChart;
    chartstyle::applyChartStyle(m_errorChart);
    // Two sets stacked so each run's bar is one colour: within the band or outside it.
    m_within = new QBarSet(QString());
    m_outside = new QBarSet(QString());
    m_errorSeries = new QStackedBarSeries;
    m_errorSeries->append(m_within);
    m_errorSeries->append(m_outside);
    m_errorSeries->setBarWidth(0.7);
    m_runs = new QBarCategoryAxis;
    m_runs->setGridLineVisible(false);
    m_errorAxis = new QValueAxis;
    m_errorAxis->setLabelFormat(QStringLiteral("%.6g"));
    chartstyle::applyAxisStyle(m_runs);
    chartstyle::applyAxisStyle(m_errorAxis);
    m_errorChart->addAxis(m_runs, Qt::AlignBottom);
    m_errorChart->addAxis(m_errorAxis, Qt::AlignLeft);
    // The band first, under the bars.
    auto* upper = new QLineSeries;
    auto* lower = new QLineSeries;
    m_band = new QAreaSeries(upper, lower);
    attach(m_errorChart, m_band, m_runs, m_errorAxis);
    attach(m_errorChart, m_errorSeries, m_runs, m_errorAxis);
    auto* selected =
        makeMarker(QScatterSeries::MarkerShapeTriangle, chartstyle::selectedColour(), 16);
    attach(m_errorChart, selected, m_runs, m_errorAxis);
    m_selectedMarker = new PointMarker(m_errorChart, selected);
    m_errorChart->legend()->setAlignment(Qt::AlignRight);
    connect(m_errorSeries, &QStackedBarSeries::clicked, this,
            [this](int index, QBarSet*) { selectRun(index); });

    m_errorView = new QChartView(m_errorChart, this);
    chartstyle::applyViewStyle(m_errorView);
    m_errorView->setRenderHint(QPainter::Antialiasing, false);
}

void ValidationView::buildBreakdownChart()
{
    m_breakdownChart = new QChart;
    chartstyle::applyChartStyle(m_breakdownChart);
    m_breakdownSeries = new QHorizontalStackedBarSeries;
    // Owned by the view: only the terms the selected run has stand in the series (and so in
    // the legend; a hidden legend entry still took its width and elided the others).
    for (int i = 0; i < kTermCount; ++i) {
        m_terms << new QBarSet(QString(), this);
    }
    m_breakdownSeries->setBarWidth(0.6);
    m_breakdownRun = new QBarCategoryAxis;
    m_breakdownRun->setGridLineVisible(false);
    m_secondsAxis = new QValueAxis;
    m_secondsAxis->setLabelFormat(QStringLiteral("%.6g"));
    chartstyle::applyAxisStyle(m_breakdownRun);
    chartstyle::applyAxisStyle(m_secondsAxis);
    m_breakdownChart->addAxis(m_secondsAxis, Qt::AlignBottom);
    m_breakdownChart->addAxis(m_breakdownRun, Qt::AlignLeft);
    attach(m_breakdownChart, m_breakdownSeries, m_secondsAxis, m_breakdownRun);
    // A column beside the bar: a row of up to eight terms elided them on a slide.
    m_breakdownChart->legend()->setAlignment(Qt::AlignRight);
    m_breakdownView = new QChartView(m_breakdownChart, this);
    chartstyle::applyViewStyle(m_breakdownView);
    m_breakdownView->setRenderHint(QPainter::Antialiasing, false);
}

void ValidationView::buildTable()
{
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(RunColumn, QHeaderView::Stretch);
    for (int column = MetricColumn; column < ColumnCount; ++column) {
        m_table->horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    }
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) { selectRun(row); });
}

void ValidationView::applyColours()
{
    m_within->setColor(chartstyle::kOptimum);
    m_within->setBorderColor(chartstyle::kOptimum.darker(130));
    m_outside->setColor(chartstyle::kLost);
    m_outside->setBorderColor(chartstyle::kLost.darker(130));
    QColor band = chartstyle::kOptimum;
    band.setAlpha(chartstyle::look().dark ? 70 : 45);
    m_band->setBrush(band);
    m_band->setPen(QPen(chartstyle::legible(chartstyle::kOptimum), 1, Qt::DashLine));
    for (int i = 0; i < kTermCount; ++i) {
        m_terms[i]->setColor(kTermColours[i]);
        m_terms[i]->setBorderColor(chartstyle::legible(kTermColours[i].darker(130)));
    }
    m_selectedMarker->legendEntry()->setColor(chartstyle::selectedColour());
    m_selectedMarker->legendEntry()->setBorderColor(chartstyle::markerBorderColour());
}

void ValidationView::applyLook()
{
    applyColours();
    ChartArea::applyLook();
    keepLegendWhole(); // the legend's font follows the look
}

void ValidationView::retranslate()
{
    m_errorChart->setTitle(tr("How close is the model? dtsim vs published, error per run"));
    m_within->setLabel(tr("Within ±15 %"));
    m_outside->setLabel(tr("Outside ±15 %"));
    m_band->setName(tr("±15 % band"));
    m_selectedMarker->legendEntry()->setName(tr("Selected run"));
    m_runs->setTitleText(QString()); // the caption names the runs: a 1280×800 screen is full
    m_errorAxis->setTitleText(tr("Error (%)"));
    m_secondsAxis->setTitleText(QString()); // the title names the unit
    // Short: the legend has one row beside a narrow chart; the formula strip spells them out.
    const QString terms[] = {tr("Compute"), tr("TP"),     tr("Bubble"), tr("Sends"),
                             tr("DP"),      tr("ZeRO-3"), tr("CP"),     tr("Optimizer")};
    for (int i = 0; i < kTermCount; ++i) {
        m_terms[i]->setLabel(terms[i]);
    }
    m_table->setHorizontalHeaderLabels(
        {tr("Run"), tr("Metric"), tr("Published"), tr("dtsim"), tr("Error")});
    m_table->setAccessibleName(tr("Published runs and dtsim's predictions"));
    m_caption->setAccessibleName(tr("How close the model is"));
    m_breakdownNote->setAccessibleName(tr("The selected run"));
    m_errorView->setAccessibleName(tr("Error per published run"));
    m_breakdownView->setAccessibleName(tr("Step time of the selected run, by term"));
    if (!m_report.rows.empty()) {
        updateTable();
        updateBreakdown();
        m_caption->setPlainText(captionText());
    }
}

void ValidationView::showScenario(const simcore::Scenario& scenario)
{
    static_cast<void>(scenario);
    showReport(simcore::validationReport());
}

void ValidationView::showReport(simcore::ValidationReport report)
{
    m_report = std::move(report);
    // Start on the run the model misses most: its breakdown is the question worth asking.
    m_selected = 0;
    double worst = -1;
    for (std::size_t i = 0; i < m_report.rows.size(); ++i) {
        const auto& row = m_report.rows[i];
        if (row.priced && std::abs(row.errorFraction) > worst) {
            worst = std::abs(row.errorFraction);
            m_selected = static_cast<int>(i);
        }
    }
    updateErrorChart();
    updateTable();
    updateBreakdown();
    m_caption->setPlainText(captionText());
    setAccessibleDescription(summary());
}

void ValidationView::selectRun(int row)
{
    if (row < 0 || row >= static_cast<int>(m_report.rows.size()) || row == m_selected) {
        return;
    }
    m_selected = row;
    if (m_table->currentRow() != row) {
        const QSignalBlocker block(m_table);
        m_table->selectRow(row);
    }
    updateErrorChart();
    updateBreakdown();
    setAccessibleDescription(summary());
}

void ValidationView::updateErrorChart()
{
    QStringList tags;
    QList<qreal> within;
    QList<qreal> outside;
    double largest = 20; // the band and a margin always in view
    for (const auto& row : m_report.rows) {
        tags << QString::fromStdString(row.tag);
        // Percent on the axis: the report's fraction × 100, a unit change only.
        const double percent = row.priced ? row.errorFraction * 100.0 : 0.0;
        within << (row.priced && row.withinBand ? percent : 0.0);
        outside << (row.priced && !row.withinBand ? percent : 0.0);
        largest = std::max(largest, std::abs(percent));
    }
    if (m_runs->categories() != tags) {
        m_runs->setCategories(tags);
    }
    replaceValues(m_within, within);
    replaceValues(m_outside, outside);
    const qreal last = static_cast<qreal>(tags.size()) - 0.5;
    const qreal band = m_report.band * 100.0;
    replaceIfChanged(m_band->upperSeries(), {QPointF(-0.5, band), QPointF(last, band)});
    replaceIfChanged(m_band->lowerSeries(), {QPointF(-0.5, -band), QPointF(last, -band)});
    const double top = std::ceil(largest * 1.25 / 10.0) * 10.0;
    if (m_errorAxis->min() != -top || m_errorAxis->max() != top) {
        m_errorAxis->setRange(-top, top);
        m_errorAxis->setTickCount(5);
    }
    if (m_selected >= 0 && m_selected < static_cast<int>(m_report.rows.size())) {
        const auto& row = m_report.rows[static_cast<std::size_t>(m_selected)];
        const double value = row.priced ? row.errorFraction * 100.0 : 0.0;
        m_selectedMarker->setPoint(
            QPointF(static_cast<qreal>(m_selected), std::max(value, 0.0) + 0.08 * top));
    } else {
        m_selectedMarker->setPoint(std::nullopt);
    }
}

void ValidationView::updateTable()
{
    const auto rows = static_cast<int>(m_report.rows.size());
    const QSignalBlocker block(m_table);
    m_table->setRowCount(rows);
    for (int i = 0; i < rows; ++i) {
        const auto& row = m_report.rows[static_cast<std::size_t>(i)];
        const auto& run = *row.run;
        const bool tflops = run.metric == simcore::ValidationMetric::HardwareTflopsPerGpu;
        // As the papers print them: TFLOP/s, or seconds per iteration.
        const auto value = [tflops](double v) {
            return tflops ? common::formatNumber(v, 4) : tr("%1 s").arg(common::formatNumber(v, 4));
        };
        QString tip = tr("Source: %1").arg(QString::fromStdString(run.source));
        if (!run.note.empty()) {
            tip += QLatin1Char('\n') + tr("Assumed: %1").arg(QString::fromUtf8(run.note));
        }
        if (!row.priced) {
            tip += QLatin1Char('\n') + QString::fromStdString(row.problem);
        }
        const QString cells[] = {
            QStringLiteral("%1  %2").arg(QString::fromStdString(row.tag),
                                         QString::fromUtf8(run.name)),
            tflops ? tr("TFLOP/s per GPU") : tr("Iteration time"),
            value(run.published),
            row.priced ? value(row.predicted) : QStringLiteral("—"),
            row.priced ? signedPercent(row.errorFraction) : QStringLiteral("—"),
        };
        for (int column = 0; column < ColumnCount; ++column) {
            auto* item = m_table->item(i, column);
            if (item == nullptr) {
                item = new QTableWidgetItem;
                m_table->setItem(i, column, item);
            }
            item->setText(cells[column]);
            item->setToolTip(tip);
            if (column != RunColumn) {
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
        }
        QFont font = m_table->font();
        font.setBold(row.priced && !row.withinBand);
        m_table->item(i, ErrorColumn)->setFont(font);
    }
    m_table->selectRow(m_selected);
}

QString ValidationView::termName(const std::string& id) const
{
    if (id == "tp_comm") {
        return tr("tensor-parallel communication");
    }
    if (id == "pp_bubble") {
        return tr("the pipeline bubble");
    }
    if (id == "pp_p2p") {
        return tr("pipeline sends");
    }
    if (id == "dp_comm") {
        return tr("the data-parallel reduction");
    }
    if (id == "zero_gather") {
        return tr("ZeRO-3 gathers");
    }
    if (id == "cp_comm") {
        return tr("the context-parallel exchange");
    }
    if (id == "optimizer_step") {
        return tr("the optimizer step");
    }
    return tr("none");
}

void ValidationView::updateBreakdown()
{
    if (m_selected < 0 || m_selected >= static_cast<int>(m_report.rows.size())) {
        return;
    }
    const auto& row = m_report.rows[static_cast<std::size_t>(m_selected)];
    const auto& s = row.step;
    QList<QBarSet*> wanted;
    for (int i = 0; i < kTermCount; ++i) {
        const auto& term = row.terms[static_cast<std::size_t>(i)];
        replaceValues(m_terms[i], {row.priced ? term.seconds : 0.0});
        // An undrawn term gets no bar and no legend entry (the line below lists every term).
        if (row.priced && term.drawn) {
            wanted << m_terms[i];
        }
    }
    if (m_breakdownSeries->barSets() != wanted) {
        for (QBarSet* set : m_breakdownSeries->barSets()) {
            m_breakdownSeries->take(set);
            set->setParent(this);
        }
        for (QBarSet* set : wanted) {
            m_breakdownSeries->append(set);
        }
        applyColours(); // an appended set takes the series' theme colour
    }
    const QStringList tag{QString::fromStdString(row.tag)};
    if (m_breakdownRun->categories() != tag) {
        m_breakdownRun->setCategories(tag);
    }
    setValueRange(m_secondsAxis, row.priced ? s.stepSeconds * 1.05 : 1.0);
    // No title: on a projector the bar needs the height; the line under it names the run.
    m_breakdownNote->setPlainText(breakdownText());
    keepLegendWhole();
}

void ValidationView::keepLegendWhole()
{
    // The legend is a column beside the bar: the view is at least as tall as its entries (the
    // table beside it scrolls instead), or the last ones are cut on a 1280×800 projector.
    const QFontMetrics metrics(m_breakdownChart->legend()->font());
    const auto entries = static_cast<int>(m_breakdownSeries->barSets().size());
    m_breakdownView->setMinimumHeight(entries * (metrics.height() + 8) + metrics.height() / 2);
}

QString ValidationView::captionText() const
{
    const auto value = [this](std::string_view id) { return common::formatQuantity(m_report, id); };
    return tr("%1 of %2 published runs (N: Narayanan et al. 2021 Table 1, K: Korthikanti et al. "
              "2022 Table 5) within ±15 %, mean |error| %3. One constant, the matmul efficiency "
              "%4, was calibrated once on Narayanan et al. 2021 Table 2, not on these runs.")
        .arg(value("within_band"), value("priced_runs"), value("mean_abs_error"),
             value("calibrated_efficiency"));
}

QString ValidationView::breakdownText() const
{
    if (m_selected < 0 || m_selected >= static_cast<int>(m_report.rows.size())) {
        return {};
    }
    const auto& row = m_report.rows[static_cast<std::size_t>(m_selected)];
    const auto& run = *row.run;
    if (!row.priced) {
        return QString::fromStdString(row.problem);
    }
    return tr("%1 (dp %2 × tp %3 × pp %4), step %9, error %5: compute is %6 of it; the largest "
              "other term, %7, is %8.")
               .arg(QString::fromStdString(row.tag))
               .arg(row.dp)
               .arg(row.tp)
               .arg(row.pp)
               .arg(signedPercent(row.errorFraction), common::formatPercent(row.computeFraction),
                    termName(row.largestOverhead),
                    common::formatPercent(row.largestOverheadFraction),
                    common::formatDuration(row.step.stepSeconds)) +
           QLatin1Char(' ') + tr("Source: %1").arg(QString::fromStdString(run.source));
}

QString ValidationView::summary() const
{
    return captionText() + QLatin1Char(' ') + breakdownText();
}

QString ValidationView::exportTitle() const
{
    return tr("dtsim — Scaling: the training model against published runs");
}

std::vector<simcore::CsvTable> ValidationView::csv() const
{
    return simcore::validationCsv(m_report);
}

} // namespace dtsim::ui
