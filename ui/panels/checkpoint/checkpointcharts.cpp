#include "ui/panels/checkpoint/checkpointcharts.h"

#include "common/format.h"
#include "common/longwork.h"
#include "ui/kit/appearance.h"
#include "ui/kit/axisrange.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/chartupdate.h"
#include "ui/kit/textstrip.h"
#include "ui/panels/checkpoint/timelinewidget.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHorizontalBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QTabBar>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <atomic>
#include <cmath>

namespace dtsim::ui {

using namespace chartupdate;

namespace {

/// Segments kept for the drawn run: enough for ~100,000 intervals; the strip bins them per
/// pixel column, so the count does not slow painting.
constexpr std::int64_t kTimelineSegmentCap = 200000;

/// Causes drawn as bars: as many names as a 16:9 slide's text (3 % of its height) can stack.
constexpr std::size_t kShownCauses = 11;

QLineSeries* makeLine(const QColor& color, qreal width, Qt::PenStyle style)
{
    auto* line = new QLineSeries;
    QPen pen(color, width, style);
    pen.setCapStyle(Qt::FlatCap);
    line->setPen(pen);
    return line;
}

/// A stacked band: filled between `lower` (or the axis) and `upper`, no outline.
QAreaSeries* makeBand(QLineSeries* upper, QLineSeries* lower)
{
    auto* band = new QAreaSeries(upper, lower);
    upper->setParent(band);
    if (lower) {
        lower->setParent(band);
    }
    return band;
}

void styleBand(QAreaSeries* band, const QColor& color)
{
    band->setColor(color);
    band->setBorderColor(color.darker(125));
    // 2 px: the outline is what stands off white (the orange band is 2.3:1, its outline 3.5:1),
    // and an antialiased 1 px edge of a thin band blurred into the fill.
    QPen pen(color.darker(125), 2);
    band->setPen(pen);
}

/// A time unit readable for durations around `seconds`.
struct TimeUnit {
    double seconds;
    QString name;
};

} // namespace

CheckpointCharts::CheckpointCharts(QWidget* parent)
    : ChartArea(parent),
      m_batches(
          [](const MonteCarloRequest& r, JobControl& control) {
              return simcore::computeMonteCarlo(r.params, r.runs, r.seed, kTimelineSegmentCap,
                                                &control.stop, &control.progress, r.stragglers);
          },
          [this](simcore::MonteCarloSummary summary, const MonteCarloRequest& /*request*/) {
              m_progressTimer->stop();
              if (summary.valid) {
                  applyMonteCarlo(std::move(summary));
              } else {
                  updateCaption();
              }
          })
{
    buildWasteChart();
    buildHistogramChart();
    buildGoodputChart();
    buildFailureChart();
    m_timeline = new TimelineWidget(this);
    m_caption = new TextStrip(this);
    setLabelSizedFont(m_caption);
    m_summary = new TextStrip(this);
    setLabelSizedFont(m_summary);
    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(150);
    connect(m_progressTimer, &QTimer::timeout, this, &CheckpointCharts::updateCaption);
    // A batch starts once the edits settle: started on every slider step, the worker took one
    // of the two cores from the redraw (28 ms frames instead of a few).
    m_batches.setStartDelay(200);
    m_batches.setPriority(QThread::LowPriority);
    m_batches.setOnStarted([this](const MonteCarloRequest& /*request*/) {
        m_progressTimer->start();
        updateCaption();
        emit monteCarloStarted();
    });
    m_batches.setOnDropped([this] {
        m_progressTimer->stop();
        updateCaption();
    });

    // A window shows the wasted time with the Monte-Carlo runs, the goodput curve or the causes,
    // one at a time: side by side at 1280×800 every title and legend was cut short, and one
    // above the other Qt hid every other cause's name. Exports show all four, presentation
    // mode one idea per page.
    m_viewTabs = new QTabBar(this);
    m_viewTabs->addTab(QString());
    m_viewTabs->addTab(QString());
    m_viewTabs->addTab(QString());
    m_viewTabs->setVisible(false);
    connect(m_viewTabs, &QTabBar::currentChanged, this, [this] { showPresentationPage(m_page); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_viewTabs);
    // The goodput chart beside the wasted time, the causes beside the histogram: two rows of
    // two keep every chart tall enough in a 1280×800 window.
    m_topRow = new QHBoxLayout;
    m_topRow->setSpacing(2);
    m_topRow->addWidget(m_wasteView, 1);
    m_topRow->addWidget(m_goodputView, 1);
    m_middleRow = new QHBoxLayout;
    m_middleRow->setSpacing(2);
    m_middleRow->addWidget(m_histView, 1);
    m_middleRow->addWidget(m_failureView, 1);
    layout->addLayout(m_topRow, 5);
    layout->addLayout(m_middleRow, 4);
    layout->addWidget(m_caption);
    layout->addWidget(m_timeline);
    layout->addWidget(m_summary);
    retranslate();
}

QStringList CheckpointCharts::presentationPages() const
{
    return {tr("Wasted time vs interval"), tr("Monte-Carlo runs"), tr("Goodput vs GPUs"),
            tr("Failures by cause")};
}

void CheckpointCharts::showPresentationPage(int index)
{
    m_page = index;
    const bool tabs = index < 0 && m_interactive;
    if (m_viewTabs->isVisible() != tabs) {
        m_viewTabs->setVisible(tabs);
    }
    const int tab = m_viewTabs->currentIndex();
    const auto shown = [index, tabs, tab](int page) {
        if (tabs) { // the first tab holds the first two pages, as before the goodput ones
            return page < 2 ? tab == 0 : page == tab + 1;
        }
        return index < 0 || index == page;
    };
    // The summary line is the export's; a window shows the caption instead.
    const std::pair<QWidget*, int> parts[] = {{m_wasteView, 0},   {m_histView, 1},
                                              {m_caption, 1},     {m_timeline, 1},
                                              {m_goodputView, 2}, {m_failureView, 3}};
    const auto drawn = [this, &shown](QWidget* widget, int page) {
        const bool runsOnly = widget == m_histView || widget == m_timeline;
        return shown(page) && (!runsOnly || m_monteCarloPossible);
    };
    // Hidden first: showing a widget lays out the window at once (see Panel::applyLook).
    for (const auto& [widget, page] : parts) {
        if (!drawn(widget, page)) {
            widget->hide();
        }
    }
    for (const auto& [widget, page] : parts) {
        if (drawn(widget, page)) {
            widget->show();
        }
    }
    // A row with nothing shown would still take its share of the height.
    auto* column = static_cast<QVBoxLayout*>(layout());
    if (column != nullptr) {
        column->setStretchFactor(m_topRow, shown(0) || shown(2) ? 5 : 0);
        column->setStretchFactor(m_middleRow, shown(1) || shown(3) ? 4 : 0);
    }
    const bool goodput = shown(2) || shown(3);
    if (shown(1) != m_showsMonteCarlo || goodput != m_showsGoodput) {
        m_showsMonteCarlo = shown(1);
        m_showsGoodput = goodput;
        emit shownViewsChanged();
    }
}

void CheckpointCharts::setInteractive(bool interactive)
{
    m_interactive = interactive;
    m_summary->setVisible(!interactive);
    showPresentationPage(m_page);
}

void CheckpointCharts::buildWasteChart()
{
    m_wasteChart = new QChart;
    chartstyle::applyChartStyle(m_wasteChart);

    m_writeUpper = new QLineSeries;
    m_lostLower = new QLineSeries;
    m_lostUpper = new QLineSeries;
    m_restartLower = new QLineSeries;
    m_restartUpper = new QLineSeries;
    m_writeArea = makeBand(m_writeUpper, nullptr);
    m_lostArea = makeBand(m_lostUpper, m_lostLower);
    m_restartArea = makeBand(m_restartUpper, m_restartLower);

    m_intervalAxis = new QLogValueAxis;
    m_intervalAxis->setBase(10);
    m_intervalAxis->setLabelFormat(QStringLiteral("%.6g"));
    m_intervalAxis->setMinorTickCount(8);
    m_wasteAxis = new QValueAxis;
    m_wasteAxis->setLabelFormat(QStringLiteral("%.6g"));
    chartstyle::applyAxisStyle(m_intervalAxis);
    chartstyle::applyAxisStyle(m_wasteAxis);
    m_wasteChart->addAxis(m_intervalAxis, Qt::AlignBottom);
    m_wasteChart->addAxis(m_wasteAxis, Qt::AlignLeft);

    m_dalyLine = makeLine(chartstyle::kOptimum, 3, Qt::SolidLine);
    m_youngLine = makeLine(chartstyle::kOptimum, 2, Qt::DashLine);
    m_currentLine = makeLine(chartstyle::selectedColour(), 2, Qt::SolidLine);
    m_optimumPoint = makeMarker(QScatterSeries::MarkerShapeStar, chartstyle::kOptimum, 22);
    m_currentPoint =
        makeMarker(QScatterSeries::MarkerShapeTriangle, chartstyle::selectedColour(), 16);
    for (QAbstractSeries* series : std::initializer_list<QAbstractSeries*>{
             m_writeArea, m_lostArea, m_restartArea, m_youngLine, m_dalyLine, m_currentLine,
             m_optimumPoint, m_currentPoint}) {
        attach(m_wasteChart, series, m_intervalAxis, m_wasteAxis);
    }
    // After the theme: setTheme() would overwrite these brushes.
    styleBand(m_writeArea, chartstyle::kWrite);
    styleBand(m_lostArea, chartstyle::kLost);
    styleBand(m_restartArea, chartstyle::kRestart);
    // The markers repeat the lines: one legend entry each is enough.
    m_wasteChart->legend()->markers(m_optimumPoint).value(0)->setVisible(false);
    m_wasteChart->legend()->markers(m_currentPoint).value(0)->setVisible(false);
    m_wasteChart->legend()->setAlignment(Qt::AlignRight);
    // Lines as lines (dashed Young vs solid Daly), bands as filled squares.
    m_wasteChart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    for (QAreaSeries* band : {m_writeArea, m_lostArea, m_restartArea}) {
        m_wasteChart->legend()->markers(band).value(0)->setShape(QLegend::MarkerShapeRectangle);
    }

    m_wasteView = new QChartView(m_wasteChart, this);
    chartstyle::applyViewStyle(m_wasteView);
    // Two charts, a caption and a timeline share the column: keep the window within 1280×800.
    m_wasteView->setMinimumHeight(170);
}

void CheckpointCharts::buildHistogramChart()
{
    m_histChart = new QChart;
    chartstyle::applyChartStyle(m_histChart);
    m_histUpper = new QLineSeries;
    m_histArea = makeBand(m_histUpper, nullptr);
    m_meanLine = makeLine(chartstyle::selectedColour(), 3, Qt::SolidLine);
    m_expectedLine = makeLine(chartstyle::kOptimum, 3, Qt::DashLine);
    m_timeAxis = new QValueAxis;
    m_timeAxis->setLabelFormat(QStringLiteral("%.6g"));
    m_countAxis = new QValueAxis;
    m_countAxis->setLabelFormat(QStringLiteral("%.6g"));
    chartstyle::applyAxisStyle(m_timeAxis);
    chartstyle::applyAxisStyle(m_countAxis);
    m_histChart->addAxis(m_timeAxis, Qt::AlignBottom);
    m_histChart->addAxis(m_countAxis, Qt::AlignLeft);
    attach(m_histChart, m_histArea, m_timeAxis, m_countAxis);
    attach(m_histChart, m_meanLine, m_timeAxis, m_countAxis);
    attach(m_histChart, m_expectedLine, m_timeAxis, m_countAxis);
    m_histArea->setColor(chartstyle::kWork);
    m_histArea->setBorderColor(chartstyle::kCompute);
    m_histArea->setPen(QPen(chartstyle::kCompute, 1));
    m_histChart->legend()->setAlignment(Qt::AlignRight);
    m_histChart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    m_histChart->legend()->markers(m_histArea).value(0)->setShape(QLegend::MarkerShapeRectangle);

    m_histView = new QChartView(m_histChart, this);
    chartstyle::applyViewStyle(m_histView);
    m_histView->setMinimumHeight(150);
    // Axis-aligned rectangles and vertical lines: antialiasing would only blur them.
    m_histView->setRenderHint(QPainter::Antialiasing, false);
}

void CheckpointCharts::buildGoodputChart()
{
    m_goodputChart = new QChart;
    chartstyle::applyChartStyle(m_goodputChart);
    m_gpusAxis = new QLogValueAxis;
    m_gpusAxis->setBase(10);
    m_gpusAxis->setLabelFormat(QStringLiteral("%.6g"));
    m_gpusAxis->setMinorTickCount(8);
    m_goodputAxis = new QValueAxis;
    m_goodputAxis->setLabelFormat(QStringLiteral("%.6g"));
    chartstyle::applyAxisStyle(m_gpusAxis);
    chartstyle::applyAxisStyle(m_goodputAxis);
    m_goodputChart->addAxis(m_gpusAxis, Qt::AlignBottom);
    m_goodputChart->addAxis(m_goodputAxis, Qt::AlignLeft);
    m_goodputOptimal = makeLine(chartstyle::kOptimum, 3, Qt::SolidLine);
    m_goodputCurrent = makeLine(chartstyle::kCompute, 3, Qt::DashLine);
    m_chosenGpus = makeLine(chartstyle::selectedColour(), 2, Qt::SolidLine);
    for (QLineSeries* line : {m_goodputOptimal, m_goodputCurrent, m_chosenGpus}) {
        attach(m_goodputChart, line, m_gpusAxis, m_goodputAxis);
    }
    m_goodputChart->legend()->setAlignment(Qt::AlignBottom);
    m_goodputChart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    m_goodputView = new QChartView(m_goodputChart, this);
    chartstyle::applyViewStyle(m_goodputView);
    m_goodputView->setMinimumHeight(170);
    applyGoodputColours();
}

void CheckpointCharts::buildFailureChart()
{
    m_failureChart = new QChart;
    chartstyle::applyChartStyle(m_failureChart);
    m_failureSet = new QBarSet(QString());
    auto* bars = new QHorizontalBarSeries;
    bars->append(m_failureSet);
    bars->setBarWidth(0.75);
    m_causeAxis = new QBarCategoryAxis;
    m_causeAxis->setGridLineVisible(false);
    m_countAxisFailures = new QValueAxis;
    m_countAxisFailures->setLabelFormat(QStringLiteral("%.6g"));
    chartstyle::applyAxisStyle(m_causeAxis);
    chartstyle::applyAxisStyle(m_countAxisFailures);
    m_failureChart->addAxis(m_countAxisFailures, Qt::AlignBottom);
    m_failureChart->addAxis(m_causeAxis, Qt::AlignLeft);
    attach(m_failureChart, bars, m_countAxisFailures, m_causeAxis);
    // One series of one colour: the axis names every bar, a legend would only repeat the title.
    m_failureChart->legend()->setVisible(false);
    m_failureView = new QChartView(m_failureChart, this);
    chartstyle::applyViewStyle(m_failureView);
    m_failureView->setMinimumHeight(150);
    m_failureView->setRenderHint(QPainter::Antialiasing, false);
    applyGoodputColours();
}

void CheckpointCharts::applyGoodputColours()
{
    // After the theme, and on every change of look: lines a shade that stands 3:1 off the
    // background, the job's N dark on light and light on dark.
    if (m_goodputOptimal) {
        for (const auto& [line, colour] : {std::pair{m_goodputOptimal, chartstyle::kOptimum},
                                           std::pair{m_goodputCurrent, chartstyle::kCompute},
                                           std::pair{m_chosenGpus, chartstyle::selectedColour()}}) {
            QPen pen = line->pen();
            pen.setColor(chartstyle::legible(colour));
            line->setPen(pen);
        }
    }
    if (m_failureSet) {
        m_failureSet->setColor(chartstyle::kLost);
        m_failureSet->setBorderColor(chartstyle::kLost.darker(130));
    }
}

namespace {

/// A cause of the Llama 3 table by its id, in the interface language.
QString causeName(std::string_view id)
{
    struct Name {
        std::string_view id;
        const char* text;
    };
    static constexpr Name kNames[] = {
        {"faulty_gpu", QT_TRANSLATE_NOOP("CheckpointCharts", "Faulty GPU")},
        {"gpu_hbm3", QT_TRANSLATE_NOOP("CheckpointCharts", "GPU HBM3 memory")},
        {"software_bug", QT_TRANSLATE_NOOP("CheckpointCharts", "Software bug")},
        {"network", QT_TRANSLATE_NOOP("CheckpointCharts", "Network switch/cable")},
        {"host_maintenance", QT_TRANSLATE_NOOP("CheckpointCharts", "Host maintenance")},
        {"gpu_sram", QT_TRANSLATE_NOOP("CheckpointCharts", "GPU SRAM memory")},
        {"gpu_system_processor", QT_TRANSLATE_NOOP("CheckpointCharts", "GPU system processor")},
        {"nic", QT_TRANSLATE_NOOP("CheckpointCharts", "NIC")},
        {"nccl_watchdog", QT_TRANSLATE_NOOP("CheckpointCharts", "NCCL watchdog timeouts")},
        {"silent_data_corruption", QT_TRANSLATE_NOOP("CheckpointCharts", "Silent data corruption")},
        {"gpu_thermal", QT_TRANSLATE_NOOP("CheckpointCharts", "GPU thermal interface + sensor")},
        {"ssd", QT_TRANSLATE_NOOP("CheckpointCharts", "SSD")},
        {"power_supply", QT_TRANSLATE_NOOP("CheckpointCharts", "Power supply")},
        {"server_chassis", QT_TRANSLATE_NOOP("CheckpointCharts", "Server chassis")},
        {"io_expansion_board", QT_TRANSLATE_NOOP("CheckpointCharts", "IO expansion board")},
        {"dependency", QT_TRANSLATE_NOOP("CheckpointCharts", "Dependency")},
        {"cpu", QT_TRANSLATE_NOOP("CheckpointCharts", "CPU")},
        {"system_memory", QT_TRANSLATE_NOOP("CheckpointCharts", "System memory")},
    };
    for (const auto& name : kNames) {
        if (name.id == id) {
            return CheckpointCharts::tr(name.text);
        }
    }
    return QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size()));
}

} // namespace

void CheckpointCharts::updateGoodput()
{
    QList<QPointF> optimal;
    QList<QPointF> current;
    for (const auto& point : m_goodput.curve) {
        const auto n = static_cast<double>(point.gpus);
        optimal << QPointF(n, point.goodputOptimal * 100.0);
        current << QPointF(n, point.goodputAtInterval * 100.0);
    }
    CurveBatch curves;
    curves.set(m_goodputOptimal, optimal);
    curves.set(m_goodputCurrent, current);
    // The job's N: on the curve when it is a layout; else marked "✗" where it would be (the
    // report's problem says why), as the Scaling view marks an N that is no layout.
    const auto gpus = static_cast<double>(m_goodput.job.gpus);
    const bool haveJob = m_goodput.ok() && !m_goodput.quantities.empty();
    const bool noLayout =
        !m_goodput.ok() && !m_goodput.problems.empty() &&
        m_goodput.problems.front().key == "checkpoint.gpus" &&
        m_goodput.problems.front().kind == simcore::ScenarioError::Kind::Inconsistent && gpus >= 1;
    double first =
        m_goodput.curve.empty() ? 1.0 : static_cast<double>(m_goodput.curve.front().gpus);
    double last = m_goodput.curve.empty() ? 1e5 : static_cast<double>(m_goodput.curve.back().gpus);
    if (haveJob || noLayout) {
        // Outside the curve's N the line would sit on the frame: half a step of the log axis off.
        constexpr double kMargin = 1.5;
        first = gpus < first ? gpus / kMargin : first;
        last = gpus > last ? gpus * kMargin : last;
    }
    if (!(last > first)) {
        last = first * 10; // one layout alone: a decade around it
    }
    if (m_gpusAxis->min() != first || m_gpusAxis->max() != last) {
        m_gpusAxis->setRange(first, last);
    }
    if (m_goodputAxis->min() != 0 || m_goodputAxis->max() != 100) {
        m_goodputAxis->setRange(0, 100);
        m_goodputAxis->setTickCount(6);
    }
    curves.apply();
    replaceIfChanged(m_chosenGpus, haveJob || noLayout
                                       ? QList<QPointF>{QPointF(gpus, 0), QPointF(gpus, 100)}
                                       : QList<QPointF>{});
    QPen pen = m_chosenGpus->pen();
    const Qt::PenStyle style = noLayout ? Qt::DashLine : Qt::SolidLine;
    if (pen.style() != style) {
        pen.setStyle(style);
        m_chosenGpus->setPen(pen);
    }
    const QString name =
        noLayout ? tr("✗ N = %1: no such layout")
                       .arg(common::formatWhole(static_cast<std::int64_t>(m_goodput.job.gpus)))
                 : tr("This job's N");
    if (m_chosenGpus->name() != name) {
        m_chosenGpus->setName(name);
    }

    QStringList causes;
    QList<qreal> counts;
    double most = 1;
    // The table's order from the top: a horizontal bar chart counts its categories upwards.
    // Its first rows only (the table is ordered by count): on a slide all eighteen names did
    // not fit and Qt hid every other one, the largest cause's too. The CSV has every row.
    const auto shown = std::min<std::size_t>(kShownCauses, m_goodput.failures.size());
    for (auto row = m_goodput.failures.rend() - static_cast<std::ptrdiff_t>(shown);
         row != m_goodput.failures.rend(); ++row) {
        causes << causeName(row->cause.id);
        counts << row->cause.count;
        most = std::max<double>(most, row->cause.count);
    }
    if (m_causeAxis->categories() != causes) {
        m_causeAxis->setCategories(causes);
    }
    replaceValues(m_failureSet, counts);
    setValueRange(m_countAxisFailures, most * 1.05);
}

void CheckpointCharts::retranslate()
{
    m_viewTabs->setTabText(0, tr("Wasted time and Monte-Carlo"));
    m_viewTabs->setTabText(1, tr("Goodput vs GPUs"));
    m_viewTabs->setTabText(2, tr("Failures by cause"));
    m_wasteChart->setTitle(tr("Wasted wall time vs checkpoint interval (Daly 2006)"));
    m_writeArea->setName(tr("Writing checkpoints"));
    m_lostArea->setName(tr("Work lost to failures"));
    m_restartArea->setName(tr("Restarts"));
    m_dalyLine->setName(tr("Optimum (Daly 2006)"));
    m_youngLine->setName(tr("Young (1974) √(2δM)"));
    m_currentLine->setName(tr("Current interval"));
    m_optimumPoint->setName(tr("Optimum"));
    m_currentPoint->setName(tr("Current"));
    m_intervalAxis->setTitleText(tr("Checkpoint interval τ (minutes, log scale)"));
    m_wasteAxis->setTitleText(tr("Wasted (%)"));

    m_histChart->setTitle(tr("Monte-Carlo: completion time of simulated jobs"));
    m_histArea->setName(tr("Jobs per bin"));
    m_meanLine->setName(tr("Mean of the runs"));
    m_expectedLine->setName(tr("Expected T (Daly 2006)"));
    m_countAxis->setTitleText(tr("Jobs"));

    m_goodputChart->setTitle(tr("Goodput vs number of GPUs (MODELS §9)"));
    m_goodputOptimal->setName(tr("Optimal interval (Daly)"));
    m_goodputCurrent->setName(tr("Current interval τ"));
    m_gpusAxis->setTitleText(tr("GPUs N (log scale)"));
    m_goodputAxis->setTitleText(tr("Goodput (%)"));
    m_goodputView->setAccessibleName(tr("Goodput vs number of GPUs chart"));

    m_failureChart->setTitle(
        tr("Top %1 of %2 interruption causes (Llama 3, Table 5)")
            .arg(kShownCauses)
            .arg(static_cast<qsizetype>(simcore::llama3FailureCauses().size())));
    m_failureSet->setLabel(tr("Interruptions"));
    m_countAxisFailures->setTitleText(
        tr("Interruptions in %1 days (%2 in all)")
            .arg(common::formatNumber(simcore::kLlama3Days, 3),
                 common::formatNumber(simcore::kLlama3Interruptions, 4)));
    m_failureView->setAccessibleName(tr("Interruptions by cause chart"));
    updateGoodput(); // the causes' names are translated
    m_wasteView->setAccessibleName(tr("Wasted time vs checkpoint interval chart"));
    m_histView->setAccessibleName(tr("Monte-Carlo completion time histogram"));
    m_caption->setAccessibleName(tr("Monte-Carlo summary"));
    m_summary->setAccessibleName(tr("Checkpoint summary"));
    m_timeline->setAccessibleName(tr("One simulated job as a timeline"));
    if (m_report.result.status == simcore::CheckpointStatus::Ok || !m_report.result.curve.empty()) {
        m_summary->setPlainText(summary());
    }
    updateHistogram();
    updateCaption();
}

void CheckpointCharts::applyLook()
{
    // The current interval's line and triangle, and the mean's line, are light on dark.
    for (QLineSeries* line : {m_currentLine, m_meanLine}) {
        QPen pen = line->pen();
        pen.setColor(chartstyle::selectedColour());
        line->setPen(pen);
    }
    m_currentPoint->setColor(chartstyle::selectedColour());
    applyGoodputColours();
    for (QScatterSeries* marker : {m_currentPoint, m_optimumPoint}) {
        marker->setBorderColor(chartstyle::markerBorderColour());
    }
    ChartArea::applyLook();
}

void CheckpointCharts::showScenario(const simcore::Scenario& scenario)
{
    showReport(simcore::checkpointReport(scenario), simcore::goodputReport(scenario),
               scenario.checkpoint.monteCarloRuns,
               static_cast<std::uint64_t>(scenario.checkpoint.monteCarloSeed));
}

void CheckpointCharts::showReport(const simcore::CheckpointReport& report,
                                  const simcore::GoodputReport& goodput, std::int64_t runs,
                                  std::uint64_t seed)
{
    m_goodput = goodput;
    updateGoodput();
    showReport(report, runs, seed);
    m_goodputView->setAccessibleDescription(goodputSummary());
}

void CheckpointCharts::showReport(const simcore::CheckpointReport& report, std::int64_t runs,
                                  std::uint64_t seed)
{
    m_report = report;
    updateWaste();
    m_summary->setPlainText(summary());
    m_wasteView->setAccessibleDescription(m_summary->plainText());
    if (m_interactive) {
        chartstyle::cacheStaticItems(m_wasteView);
        chartstyle::cacheStaticItems(m_goodputView);
    }
    if (const bool possible = report.ok() && report.workKnown(); possible != m_monteCarloPossible) {
        m_monteCarloPossible = possible;
        showPresentationPage(m_page);
    }
    if (report.ok() && report.workKnown()) {
        requestMonteCarlo({report.result.params, report.stragglers, runs, seed});
    } else {
        forgetMonteCarlo();
        updateCaption(); // says why no batch runs, even when none ran before
    }
}

void CheckpointCharts::forgetMonteCarlo()
{
    // Nothing is priced: no batch is wanted, a running one is stopped and dropped, and the last
    // one's histogram and timeline leave the screen rather than stand for this scenario.
    m_haveWanted = false;
    m_batches.discard();
    if (!m_monteCarlo.valid) {
        return;
    }
    m_monteCarlo = {};
    replaceIfChanged(m_histUpper, {});
    replaceIfChanged(m_meanLine, {});
    replaceIfChanged(m_expectedLine, {});
    m_timeline->setRun({}, 1.0, tr("s"));
    m_timeline->setTitle(QString());
    updateCaption();
}

void CheckpointCharts::updateWaste()
{
    QList<QPointF> writes;
    QList<QPointF> lost;
    QList<QPointF> restarts;
    const auto count = static_cast<qsizetype>(m_report.stack.size());
    writes.reserve(count);
    lost.reserve(count);
    restarts.reserve(count);
    double highest = 0;
    for (const auto& point : m_report.stack) {
        const double x = point.intervalSeconds / kIntervalUnitSeconds;
        writes << QPointF(x, point.writeTop * 100.0);
        lost << QPointF(x, point.lostTop * 100.0);
        restarts << QPointF(x, point.restartTop * 100.0);
        highest = std::max(highest, point.restartTop * 100.0);
    }
    CurveBatch curves;
    curves.set(m_writeUpper, writes);
    curves.set(m_lostLower, writes);
    curves.set(m_lostUpper, lost);
    curves.set(m_restartLower, lost);
    curves.set(m_restartUpper, restarts);

    const auto& r = m_report.result;
    const double current = r.params.intervalSeconds / kIntervalUnitSeconds;
    const double daly = r.optimalIntervalSeconds / kIntervalUnitSeconds;
    const double young = r.youngIntervalSeconds / kIntervalUnitSeconds;
    double lo = writes.isEmpty() ? current / 10 : writes.front().x();
    double hi = writes.isEmpty() ? current * 10 : writes.back().x();
    lo = std::min(lo, current);
    hi = std::max(hi, current);
    if (!(lo > 0) || !(hi > lo)) {
        lo = 0.1;
        hi = 1000;
    }
    if (m_intervalAxis->min() != lo || m_intervalAxis->max() != hi) {
        m_intervalAxis->setRange(lo, hi);
    }
    setValueRange(m_wasteAxis, std::min(100.0, std::max(highest, 1e-6)));
    curves.apply();
    const double top = m_wasteAxis->max();
    const auto vertical = [top](double x) {
        return QList<QPointF>{QPointF(x, 0), QPointF(x, top)};
    };
    const bool haveOptimum = daly > 0 && std::isfinite(daly);
    replaceIfChanged(m_dalyLine, haveOptimum ? vertical(daly) : QList<QPointF>{});
    replaceIfChanged(m_youngLine,
                     young > 0 && std::isfinite(young) ? vertical(young) : QList<QPointF>{});
    replaceIfChanged(m_currentLine, vertical(current));
    replaceIfChanged(m_currentPoint,
                     m_report.ok()
                         ? QList<QPointF>{QPointF(current, r.atInterval.wasteFraction * 100.0)}
                         : QList<QPointF>{});
    replaceIfChanged(m_optimumPoint,
                     haveOptimum && m_report.ok()
                         ? QList<QPointF>{QPointF(daly, r.atOptimum.wasteFraction * 100.0)}
                         : QList<QPointF>{});
}

// --- Monte-Carlo ---------------------------------------------------------------------------

void CheckpointCharts::requestMonteCarlo(const MonteCarloRequest& request)
{
    // Another panel's key changed: the same batch is still right.
    if (m_haveWanted && request == m_wanted) {
        return;
    }
    m_wanted = request;
    m_haveWanted = true;
    if (!m_asynchronous) {
        std::atomic<std::int64_t> done{0};
        simcore::MonteCarloSummary summary;
        common::runReportingProgress(
            [&] {
                summary = simcore::computeMonteCarlo(request.params, request.runs, request.seed,
                                                     kTimelineSegmentCap, nullptr, &done,
                                                     request.stragglers);
            },
            done, request.runs, m_progress);
        applyMonteCarlo(summary);
        return;
    }
    // A running stale batch is stopped; the newest starts when it has stopped and the edits have
    // settled. One thread at a time, however fast the user drags.
    m_batches.request(request);
    updateCaption();
}

bool CheckpointCharts::isMonteCarloRunning() const
{
    return m_batches.isBusy();
}

void CheckpointCharts::applyMonteCarlo(simcore::MonteCarloSummary summary)
{
    m_monteCarlo = std::move(summary);
    updateHistogram();
    updateCaption();
    emit monteCarloFinished();
}

void CheckpointCharts::updateHistogram()
{
    if (!m_monteCarlo.valid) {
        return;
    }
    const auto& histogram = m_monteCarlo.histogram;
    const auto& batch = m_monteCarlo.batch;
    const double expected = m_monteCarlo.expectedSeconds;
    const double reference = batch.runsCompleted > 0 ? batch.meanSeconds : expected;
    TimeUnit unit{1.0, tr("s")};
    if (reference >= 2 * 86400.0) {
        unit = {86400.0, tr("d")};
    } else if (reference >= 2 * 3600.0) {
        unit = {3600.0, tr("h")};
    } else if (reference >= 120.0) {
        unit = {60.0, tr("min")};
    }
    m_timeUnit = unit.seconds;

    QList<QPointF> outline;
    std::int64_t highest = 0;
    outline.reserve(static_cast<qsizetype>(histogram.counts.size()) * 4);
    for (std::size_t i = 0; i < histogram.counts.size(); ++i) {
        const double x0 = histogram.edgeSeconds(i) / unit.seconds;
        const double x1 = histogram.edgeSeconds(i + 1) / unit.seconds;
        const auto c = static_cast<double>(histogram.counts[i]);
        outline << QPointF(x0, 0) << QPointF(x0, c) << QPointF(x1, c) << QPointF(x1, 0);
        highest = std::max(highest, histogram.counts[i]);
    }
    replaceIfChanged(m_histUpper, outline);
    setValueRange(m_countAxis, std::max<double>(1.0, static_cast<double>(highest) * 1.1));
    const double top = m_countAxis->max();
    const double mean = batch.meanSeconds / unit.seconds;
    const double expectedUnits = expected / unit.seconds;
    const bool haveRuns = batch.runsCompleted > 0;
    replaceIfChanged(m_meanLine, haveRuns ? QList<QPointF>{QPointF(mean, 0), QPointF(mean, top)}
                                          : QList<QPointF>{});
    const bool haveExpected = expected > 0 && std::isfinite(expected);
    replaceIfChanged(m_expectedLine, haveExpected ? QList<QPointF>{QPointF(expectedUnits, 0),
                                                                   QPointF(expectedUnits, top)}
                                                  : QList<QPointF>{});

    double lo = haveRuns ? batch.minSeconds / unit.seconds : expectedUnits * 0.9;
    double hi = haveRuns ? histogram.edgeSeconds(histogram.counts.size()) / unit.seconds
                         : expectedUnits * 1.1;
    if (haveExpected) {
        lo = std::min(lo, expectedUnits);
        hi = std::max(hi, expectedUnits);
    }
    const double pad = std::max((hi - lo) * 0.05, std::abs(hi) * 1e-6 + 1e-9);
    m_timeAxis->setRange(lo - pad, hi + pad);
    m_timeAxis->applyNiceNumbers(); // once per batch, not per slider step
    setTitleIfChanged(m_timeAxis, tr("Completion time (%1)").arg(unit.name));

    m_timeline->setRun(m_monteCarlo.sampleRun, unit.seconds, unit.name);
    const auto& run = m_monteCarlo.sampleRun;
    if (run.status == simcore::RunStatus::Completed) {
        const auto failures = static_cast<std::int64_t>(run.failures);
        m_timeline->setTitle(
            tr("Run 0: %1 failure(s), done in %2", nullptr, common::numerus(failures))
                .arg(common::formatWhole(failures), common::formatDuration(run.completionSeconds)));
    } else if (run.status == simcore::RunStatus::TooManyFailures) {
        m_timeline->setTitle(tr("Run 0: not simulated (too many failures to simulate)"));
    } else {
        const auto failures = static_cast<std::int64_t>(run.failures);
        m_timeline->setTitle(
            tr("Run 0: stopped unfinished after %1 failure(s)", nullptr, common::numerus(failures))
                .arg(common::formatWhole(failures)));
    }
}

void CheckpointCharts::updateCaption()
{
    QString text;
    const auto& mc = m_monteCarlo;
    if (mc.valid) {
        const auto& batch = mc.batch;
        const double unit = m_timeUnit;
        const QString unitName = unit == 86400.0  ? tr("d")
                                 : unit == 3600.0 ? tr("h")
                                 : unit == 60.0   ? tr("min")
                                                  : tr("s");
        const auto inUnit = [&](double seconds, int digits) {
            return tr("%1 %2").arg(common::formatNumber(seconds / unit, digits), unitName);
        };
        const double expected = mc.expectedSeconds;
        if (batch.status == simcore::RunStatus::Completed && batch.runsCompleted > 0) {
            const double difference = mc.differenceFraction;
            const double sigmas = mc.standardErrors;
            text =
                tr("<b>%1 simulated jobs</b> (seed %2): mean %3 ± %4 (standard error) vs "
                   "expected <b>%5</b> (Daly 2006): difference %6 (%7 standard errors). "
                   "Fastest %8, slowest %9; %10 failures per job on average.")
                    .arg(common::formatNumber(static_cast<double>(batch.runsCompleted), 7),
                         QString::number(mc.seed), inUnit(batch.meanSeconds, 6),
                         inUnit(batch.standardErrorSeconds, 2), inUnit(expected, 6),
                         common::withPercentSign(common::formatSignedNumber(difference * 100.0, 2)),
                         common::formatSignedNumber(sigmas, 2), inUnit(batch.minSeconds, 4),
                         inUnit(batch.maxSeconds, 4))
                    .arg(common::formatNumber(batch.meanFailures, 3));
            if (mc.stragglers.active() && batch.meanSeconds > 0) {
                text += tr(" Of the work kept, %1 per job (%2 of the wall time) was waiting for "
                           "the slowest GPU: each step takes %3× one GPU's time.")
                            .arg(inUnit(batch.meanStragglerSeconds, 3),
                                 common::formatPercent(mc.stragglerFraction),
                                 common::formatNumber(mc.stragglers.factor, 4));
            }
            if (mc.closedFormDiffers) {
                text += tr(" (τ does not divide W: Daly's closed form with a fractional last "
                           "interval gives %1.)")
                            .arg(inUnit(mc.closedFormSeconds, 6));
            }
        } else if (batch.status == simcore::RunStatus::FailureLimit) {
            text = tr("<b>The simulated job never finishes</b>: a run stopped after %1 "
                      "failures. Restarts or checkpoint writes take too long for this MTBF.")
                       .arg(common::formatNumber(static_cast<double>(batch.totalFailures), 7));
        } else if (batch.status == simcore::RunStatus::TooManyFailures) {
            text = tr("<b>Monte-Carlo not run</b>: %1 jobs would meet about %2 failures, more "
                      "than the %3 it simulates (a few seconds). Fewer simulated jobs or a "
                      "shorter job (Job length W) bring it within reach.")
                       .arg(common::formatNumber(static_cast<double>(batch.runsRequested), 7),
                            common::formatNumber(
                                simcore::expectedMonteCarloFailures(mc.params, batch.runsRequested),
                                2),
                            common::formatNumber(simcore::kMaxMonteCarloFailures, 2));
        } else {
            text = tr("The Monte-Carlo simulation could not run with these inputs.");
        }
    } else if (m_report.ok() && !m_report.workKnown()) {
        text = tr("<b>Monte-Carlo not run</b>: it simulates whole jobs, and this job's length W "
                  "is not known. Give it (Job length W), or make N a layout whose step time "
                  "prices the training steps.");
    }
    if (const MonteCarloRequest* running = m_batches.runningRequest()) {
        const auto done = m_batches.runningProgress();
        QString status =
            tr("<i>Simulating %1 jobs… %2 done.</i>")
                .arg(common::formatNumber(static_cast<double>(running->runs), 7),
                     common::formatPercent(
                         static_cast<double>(done) /
                         static_cast<double>(std::max<std::int64_t>(1, running->runs))));
        if (mc.valid) {
            status += tr(" <i>Shown until then: the previous parameters.</i>");
        }
        text = text.isEmpty() ? status : status + QStringLiteral("<br>") + text;
    }
    m_caption->setHtml(text);
    m_caption->setAccessibleDescription(m_caption->plainText());
}

// --- Texts ---------------------------------------------------------------------------------

QString CheckpointCharts::summary() const
{
    if (!m_report.ok()) {
        return tr("The checkpoint inputs are out of range: nothing to show.");
    }
    const auto value = [this](std::string_view id) { return common::formatQuantity(m_report, id); };
    return tr("Cluster MTBF %1. Best interval %2 (Daly; Young %3). At τ = %4 the job wastes %5 of "
              "its wall time (writes %6, lost work %7, restarts %8).")
               .arg(value("cluster_mtbf"), value("optimal_interval"), value("young_interval"),
                    value("interval"), value("waste_fraction"), value("write_fraction"),
                    value("lost_fraction"), value("restart_fraction")) +
           (goodputSummary().isEmpty() ? QString() : QLatin1Char(' ') + goodputSummary());
}

QString CheckpointCharts::goodputSummary() const
{
    if (!m_goodput.ok() || m_goodput.quantities.empty()) { // none given, or refused
        return {};
    }
    const auto value = [this](std::string_view id) {
        return common::formatQuantity(m_goodput, id);
    };
    return tr("Goodput at N = %1: %2 at the optimal interval, %3 at the current one.")
        .arg(value("gpus"), value("goodput"), value("goodput_at_interval"));
}

QString CheckpointCharts::exportTitle() const
{
    return tr("dtsim — Checkpoint: wasted time vs interval, Monte-Carlo completion times, "
              "goodput vs GPUs, failures by cause");
}

std::vector<simcore::CsvTable> CheckpointCharts::csv() const
{
    return simcore::checkpointViewCsv(m_report, m_monteCarlo, m_goodput);
}

} // namespace dtsim::ui
