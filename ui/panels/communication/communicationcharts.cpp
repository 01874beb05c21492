#include "ui/panels/communication/communicationcharts.h"

#include "common/format.h"
#include "simcore/links.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/chartupdate.h"
#include "ui/kit/textstrip.h"
#include "ui/panels/communication/ringwidget.h"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QHBoxLayout>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace dtsim::ui {

using namespace chartupdate;

namespace {

using simcore::CommAlgorithm;

/// How each algorithm is drawn on all three charts: Okabe–Ito colours and distinct dash patterns,
/// so the curves stay apart in greyscale print.
struct AlgorithmStyle {
    QColor colour;
    Qt::PenStyle pen;
    const char* sample; ///< the legend's picture of the line
};

const AlgorithmStyle& styleOf(CommAlgorithm algorithm)
{
    static const AlgorithmStyle styles[] = {
        {QColor(0x00, 0x72, 0xB2), Qt::SolidLine, "━━━"},     // ring: blue
        {QColor(0x00, 0x9E, 0x73), Qt::DashLine, "━ ━ ━"},    // tree: bluish green
        {QColor(0xD5, 0x5E, 0x00), Qt::SolidLine, "━━━"},     // naive: vermillion
        {QColor(0xE6, 0x9F, 0x00), Qt::DashDotLine, "━ • ━"}, // hierarchical: orange
        {QColor(0x56, 0xB4, 0xE9), Qt::DotLine, "• • • •"},   // Rabenseifner: sky blue
        {QColor(0xCC, 0x79, 0xA7), Qt::SolidLine, "━━━"},     // parameter server: purple
    };
    return styles[static_cast<int>(algorithm)];
}

const QColor kMarkerGrey{0x55, 0x55, 0x55};

constexpr double kMinMessageBytes = 8;                          // nccl-tests' usual -b 8
constexpr double kMinLargestMessage = 8.0 * 1024 * 1024 * 1024; // and -e 8G
constexpr int kSizesPerDoubling = 2;

double log10Of(double value)
{
    return std::log10(value);
}

/// A tick of a category axis: its position (log₁₀ of the value) and text.
struct Tick {
    double at;
    QString text;
    bool operator==(const Tick&) const = default;
};

/// Sets a category axis to [lo, hi] with these ticks; only when something changed (each change
/// lays the chart out again).
void setTicks(QCategoryAxis* axis, double lo, double hi, const QList<Tick>& ticks)
{
    QList<Tick> current;
    for (const QString& label : axis->categoriesLabels()) {
        current.append({axis->endValue(label), label});
    }
    if (current != ticks) {
        for (const QString& label : axis->categoriesLabels()) {
            axis->remove(label);
        }
        axis->setStartValue(lo);
        for (const Tick& tick : ticks) {
            axis->append(tick.text, tick.at);
        }
    }
    if (axis->min() != lo || axis->max() != hi) {
        axis->setRange(lo, hi);
    }
}

/// Decade ticks 10^lo … 10^hi, at most `most` of them (thinned from the top): the charts are
/// small in a 1280×800 window, and crowded labels run into each other.
QList<Tick> decadeTicks(int lo, int hi, QString (*label)(int), int most)
{
    const int step = std::max(1, static_cast<int>(std::ceil((hi - lo + 1) / double(most))));
    QList<Tick> ticks;
    for (int d = hi; d >= lo; d -= step) {
        ticks.prepend({static_cast<double>(d), label(d)});
    }
    return ticks;
}

QString superscriptPower(int exponent, const QString& unit)
{
    return QStringLiteral("10<sup>%1</sup> %2").arg(exponent).arg(unit);
}

QString secondsTick(int exponent)
{
    if (exponent >= -6 && exponent <= -1) {
        return common::formatDuration(std::pow(10.0, exponent)); // "1 µs" … "100 ms"
    }
    if (exponent >= 0 && exponent <= 3) {
        return CommunicationCharts::tr("%1 s").arg(
            QLocale().toString(std::pow(10.0, exponent), 'f', 0));
    }
    return superscriptPower(exponent, CommunicationCharts::tr("s"));
}

QString idOf(CommAlgorithm algorithm)
{
    const std::string_view id = simcore::commAlgorithmId(algorithm);
    return QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size()));
}

QString bytesTick(int exponent)
{
    if (exponent >= 0 && exponent <= 20) {
        return common::formatBytes(std::pow(10.0, exponent));
    }
    return superscriptPower(exponent, CommunicationCharts::tr("B"));
}

// Whole decades around the data, with a little room so a curve at exactly 1 GB does not hide
// in the axis line.
int floorDecade(double value)
{
    return static_cast<int>(std::floor(log10Of(value) - 0.1));
}

int ceilDecade(double value)
{
    return static_cast<int>(std::ceil(log10Of(value) + 0.05));
}

/// Tick labels all `width` pixels wide, right-aligned: the axis then keeps its width when the
/// decades shown change, so the plot area stays put and the chart's cached grid lines and
/// curves stay valid (an S edit otherwise moved the plot and drew every line of two charts
/// again).
QList<Tick> ofWidth(QList<Tick> ticks, int width)
{
    for (Tick& tick : ticks) {
        tick.text = QStringLiteral("<table width=\"%1\" cellspacing=\"0\" cellpadding=\"0\"><tr>"
                                   "<td align=\"right\">%2</td></tr></table>")
                        .arg(width)
                        .arg(tick.text);
    }
    return ticks;
}

/// The widest of label(lo) … label(hi) in the charts' label font, as Qt Charts lays it out
/// (rich text), plus a pixel either side.
int widestTick(QString (*label)(int), int lo, int hi)
{
    QTextDocument document;
    document.setDocumentMargin(0);
    document.setDefaultFont(chartstyle::labelFont());
    double widest = 0;
    for (int exponent = lo; exponent <= hi; ++exponent) {
        document.setHtml(label(exponent));
        widest = std::max(widest, document.idealWidth());
    }
    return static_cast<int>(std::ceil(widest)) + 2;
}

/// Decades either log axis may show: far beyond what the key ranges reach in practice.
constexpr int kLowestDecade = -15;
constexpr int kHighestDecade = 18;

/// Room after the last tick for its label, in log₁₀ units.
constexpr double kRightPad = 0.06;

QLineSeries* makeLine(const QColor& colour, qreal width, Qt::PenStyle style)
{
    auto* line = new QLineSeries;
    QPen pen(colour, width, style);
    pen.setCapStyle(Qt::FlatCap);
    line->setPen(pen);
    return line;
}

QCategoryAxis* makeCategoryAxis()
{
    auto* axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    chartstyle::applyAxisStyle(axis);
    return axis;
}

QChart* makeChart()
{
    auto* chart = new QChart;
    chartstyle::applyChartStyle(chart);
    chart->legend()->setVisible(false); // one shared legend below the charts
    return chart;
}

QChartView* makeView(QChart* chart, QWidget* parent)
{
    auto* view = new QChartView(chart, parent);
    chartstyle::applyViewStyle(view);
    view->setMinimumSize(220, 170);
    return view;
}

QString colourSpan(const QColor& colour, const QString& text)
{
    return QStringLiteral("<span style=\"color:%1\"><b>%2</b></span>").arg(colour.name(), text);
}

} // namespace

CommunicationCharts::CommunicationCharts(QWidget* parent) : ChartArea(parent)
{
    m_ring = new RingWidget(this);
    m_ring->showEnd(); // exports: every GPU visibly holds the mean
    m_ringCaption = new TextStrip(this);
    m_ringCaption->setFont(chartstyle::labelFont());
    connect(m_ring, &RingWidget::stateChanged, this, [this] {
        m_ringCaption->setHtml(m_ring->captionHtml());
        m_ringCaption->setAccessibleDescription(m_ringCaption->plainText());
    });
    m_ringCaption->setHtml(m_ring->captionHtml());
    buildCharts();
    m_legend = new TextStrip(this);
    m_legend->setFont(chartstyle::labelFont());
    m_summary = new TextStrip(this);
    m_summary->setFont(chartstyle::labelFont());

    m_ringColumn = new QVBoxLayout;
    m_ringColumn->setSpacing(2);
    m_ringColumn->addWidget(m_ring, 1);
    m_ringColumn->addWidget(m_ringCaption);
    // The ring across the whole width (a 16 × 16 table needs it), the three charts below.
    auto* charts = new QHBoxLayout;
    charts->setSpacing(4);
    charts->addWidget(m_timeView, 1);
    charts->addWidget(m_bytesView, 1);
    charts->addWidget(m_busView, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    // Exports give the ring as much height as the charts (a slide has room); the window gives
    // the charts more (setInteractive), since the formula strip and controls take some.
    layout->addLayout(m_ringColumn, 1);
    layout->addLayout(charts, 1);
    layout->addWidget(m_legend);
    layout->addWidget(m_summary);
    retranslate();
}

void CommunicationCharts::setInteractive(bool interactive)
{
    m_interactive = interactive;
    m_summary->setVisible(!interactive);
    if (interactive && !m_ringControls) {
        m_ringControls = new RingControls(m_ring, this);
        connect(m_ringControls, &RingControls::problem, this, &CommunicationCharts::problem);
        m_ringColumn->insertWidget(0, m_ringControls);
        if (auto* box = qobject_cast<QBoxLayout*>(layout())) {
            box->setStretch(0, 6);
            box->setStretch(1, 10);
        }
        m_ring->reset(); // a window starts at step 0, ready to play
    }
}

void CommunicationCharts::buildCharts()
{
    // One line per algorithm, in allCommAlgorithms() order, in the legend's colours and dashes.
    const auto addAlgorithmLines = [](QChart* chart, auto& lines, QAbstractAxis* x,
                                      QAbstractAxis* y) {
        for (int i = 0; i < kAlgorithms; ++i) {
            const auto& style = styleOf(static_cast<CommAlgorithm>(i));
            lines[static_cast<std::size_t>(i)] = makeLine(style.colour, 2.5, style.pen);
            attach(chart, lines[static_cast<std::size_t>(i)], x, y);
        }
    };
    // Time vs N.
    m_timeChart = makeChart();
    m_timeX = makeCategoryAxis();
    m_timeY = makeCategoryAxis();
    m_timeChart->addAxis(m_timeX, Qt::AlignBottom);
    m_timeChart->addAxis(m_timeY, Qt::AlignLeft);
    m_nodeBoundary = makeLine(kMarkerGrey, 1.5, Qt::DotLine);
    attach(m_timeChart, m_nodeBoundary, m_timeX, m_timeY);
    addAlgorithmLines(m_timeChart, m_time, m_timeX, m_timeY);
    m_timeNow = makeLine(chartstyle::kSelected, 1.5, Qt::SolidLine);
    m_timePoint = makeMarker(QScatterSeries::MarkerShapeCircle, chartstyle::kSelected, 12);
    attach(m_timeChart, m_timeNow, m_timeX, m_timeY);
    attach(m_timeChart, m_timePoint, m_timeX, m_timeY);
    m_timeView = makeView(m_timeChart, this);

    // Bytes vs N.
    m_bytesChart = makeChart();
    m_bytesX = makeCategoryAxis();
    m_bytesY = makeCategoryAxis();
    m_bytesChart->addAxis(m_bytesX, Qt::AlignBottom);
    m_bytesChart->addAxis(m_bytesY, Qt::AlignLeft);
    addAlgorithmLines(m_bytesChart, m_bytes, m_bytesX, m_bytesY);
    m_serverBytes = makeLine(styleOf(CommAlgorithm::ParameterServer).colour, 2.5, Qt::DashLine);
    attach(m_bytesChart, m_serverBytes, m_bytesX, m_bytesY);
    m_bytesNow = makeLine(chartstyle::kSelected, 1.5, Qt::SolidLine);
    m_bytesPoint = makeMarker(QScatterSeries::MarkerShapeCircle, chartstyle::kSelected, 12);
    attach(m_bytesChart, m_bytesNow, m_bytesX, m_bytesY);
    attach(m_bytesChart, m_bytesPoint, m_bytesX, m_bytesY);
    m_bytesView = makeView(m_bytesChart, this);

    // Bus bandwidth vs S.
    m_busChart = makeChart();
    m_sizeX = makeCategoryAxis();
    m_busY = new QValueAxis;
    m_busY->setLabelFormat(QStringLiteral("%g"));
    chartstyle::applyAxisStyle(m_busY);
    m_busChart->addAxis(m_sizeX, Qt::AlignBottom);
    m_busChart->addAxis(m_busY, Qt::AlignLeft);
    m_linkLine = makeLine(kMarkerGrey, 2, Qt::DashLine);
    attach(m_busChart, m_linkLine, m_sizeX, m_busY);
    addAlgorithmLines(m_busChart, m_busbw, m_sizeX, m_busY);
    m_sizeNow = makeLine(chartstyle::kSelected, 1.5, Qt::SolidLine);
    m_halfPeak = makeMarker(QScatterSeries::MarkerShapeStar, chartstyle::kSelected, 18);
    attach(m_busChart, m_sizeNow, m_sizeX, m_busY);
    attach(m_busChart, m_halfPeak, m_sizeX, m_busY);
    m_busView = makeView(m_busChart, this);
}

QString CommunicationCharts::algorithmName(CommAlgorithm algorithm)
{
    switch (algorithm) {
    case CommAlgorithm::Ring:
        return tr("Ring");
    case CommAlgorithm::Tree:
        return tr("Tree");
    case CommAlgorithm::Naive:
        return tr("Naive (all to all)");
    case CommAlgorithm::Hierarchical:
        return tr("Hierarchical");
    case CommAlgorithm::Rabenseifner:
        return tr("Rabenseifner (N = 2ᵏ)");
    case CommAlgorithm::ParameterServer:
        return tr("Parameter server");
    }
    return {};
}

QLineSeries* CommunicationCharts::timeSeries(int algorithm) const
{
    return m_time.at(static_cast<std::size_t>(algorithm));
}

QLineSeries* CommunicationCharts::bytesSeries(int algorithm) const
{
    return m_bytes.at(static_cast<std::size_t>(algorithm));
}

QLineSeries* CommunicationCharts::busbwSeries(int algorithm) const
{
    return m_busbw.at(static_cast<std::size_t>(algorithm));
}

QString CommunicationCharts::ringCaption() const
{
    return m_ringCaption->plainText();
}

double CommunicationCharts::halfPeakBytes() const
{
    const auto index = static_cast<std::size_t>(m_algorithm);
    return index < m_sizeSweeps.size() ? m_sizeSweeps[index].halfPeakBytes : 0.0;
}

double CommunicationCharts::peakBusbw() const
{
    const auto index = static_cast<std::size_t>(m_algorithm);
    return index < m_sizeSweeps.size() ? m_sizeSweeps[index].peakBusbwBytesPerSecond : 0.0;
}

void CommunicationCharts::retranslate()
{
    // Short titles: three charts share one row; the ticks carry the units.
    m_timeChart->setTitle(tr("All-reduce time"));
    m_timeX->setTitleText(tr("GPUs N (log scale)"));
    m_bytesChart->setTitle(tr("Bytes sent per GPU"));
    m_bytesX->setTitleText(tr("GPUs N (log scale)"));
    m_busChart->setTitle(tr("Bus bandwidth (nccl-tests)"));
    m_sizeX->setTitleText(tr("Message size S (log scale)"));
    m_busY->setTitleText(tr("busbw (GB/s)")); // defined in the formula strip and the CSV
    m_timeView->setAccessibleName(tr("All-reduce time against the number of GPUs"));
    m_bytesView->setAccessibleName(tr("Bytes each GPU sends against the number of GPUs"));
    m_busView->setAccessibleName(tr("Bus bandwidth against message size"));
    m_ring->setAccessibleName(tr("Ring all-reduce animation"));
    m_ring->setToolTip(
        tr("Ring all-reduce on real numbers: the circle shows who sends to whom in this step, "
           "the table what every GPU holds (one row per GPU, one column per chunk)."));
    m_legend->setAccessibleName(tr("Legend"));
    m_summary->setAccessibleName(tr("Communication summary"));
    if (m_evaluated) {
        // Tick texts are translated: rebuild them.
        for (QCategoryAxis* axis : {m_timeX, m_timeY, m_bytesX, m_bytesY, m_sizeX}) {
            for (const QString& label : axis->categoriesLabels()) {
                axis->remove(label);
            }
        }
        updateWorkerCharts();
        updateBusbwChart();
        updateLegend();
        m_summary->setPlainText(summary());
    }
}

void CommunicationCharts::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    ChartArea::changeEvent(event);
}

void CommunicationCharts::showScenario(const simcore::Scenario& scenario)
{
    const simcore::CollectiveParams params = simcore::collectiveParamsFromScenario(scenario);
    const CommAlgorithm algorithm = simcore::toCommAlgorithm(scenario.collective.algorithm);
    const auto same = [](const simcore::CollectiveParams& a, const simcore::CollectiveParams& b) {
        return a.workers == b.workers && a.bytes == b.bytes && a.intra == b.intra &&
               a.inter == b.inter && a.gpusPerNode == b.gpusPerNode;
    };
    if (m_evaluated && same(params, m_params) && algorithm == m_algorithm) {
        return; // another panel's key changed
    }
    const bool workerSweepStale =
        !m_evaluated || params.bytes != m_params.bytes || params.intra != m_params.intra ||
        params.inter != m_params.inter || params.gpusPerNode != m_params.gpusPerNode ||
        simcore::workerSweepLimit(params.workers) != m_workerLimit;
    const bool sizeSweepStale = !m_evaluated || params.workers != m_params.workers ||
                                params.intra != m_params.intra || params.inter != m_params.inter ||
                                params.gpusPerNode != m_params.gpusPerNode ||
                                params.bytes != m_params.bytes;
    m_params = params;
    m_algorithm = algorithm;
    m_cost = simcore::collectiveCost(algorithm, simcore::CollectiveOp::AllReduce, params);
    const bool valid = !simcore::validateCollective(params);
    if (!valid) {
        m_workerSweeps.clear();
        m_sizeSweeps.clear();
    } else {
        if (workerSweepStale) {
            m_workerLimit = simcore::workerSweepLimit(params.workers);
            m_workerSweeps =
                simcore::sweepWorkers(params, simcore::CollectiveOp::AllReduce, m_workerLimit);
        }
        if (sizeSweepStale) {
            const double largest =
                std::max(kMinLargestMessage,
                         static_cast<double>(std::bit_ceil(
                             static_cast<std::uint64_t>(std::min(4 * params.bytes, 4.5e15)))));
            const auto sizes =
                simcore::messageSweepSizes(kMinMessageBytes, largest, kSizesPerDoubling);
            m_sizeSweeps =
                simcore::sweepMessageSizes(params, simcore::CollectiveOp::AllReduce, sizes);
        }
    }
    m_evaluated = true;
    updatePens();
    updateWorkerCharts();
    updateBusbwChart();
    updateLegend();
    const QString text = summary();
    if (!m_interactive) {
        m_summary->setPlainText(text); // in the window the read-outs say it; no hidden layout
    }
    for (QChartView* view : {m_timeView, m_bytesView, m_busView}) {
        view->setAccessibleDescription(text);
        if (m_interactive) {
            chartstyle::cacheStaticItems(view);
        }
    }
}

void CommunicationCharts::updatePens()
{
    const int selected = static_cast<int>(m_algorithm);
    if (selected == m_pennedAlgorithm) {
        return;
    }
    m_pennedAlgorithm = selected;
    for (int i = 0; i < kAlgorithms; ++i) {
        const auto& style = styleOf(static_cast<CommAlgorithm>(i));
        QPen pen(style.colour, i == selected ? 4.5 : 2.5, style.pen);
        pen.setCapStyle(Qt::FlatCap);
        for (QLineSeries* series :
             {m_time[static_cast<std::size_t>(i)], m_bytes[static_cast<std::size_t>(i)],
              m_busbw[static_cast<std::size_t>(i)]}) {
            series->setPen(pen);
        }
    }
}

void CommunicationCharts::updateWorkerCharts()
{
    double lowTime = std::numeric_limits<double>::infinity();
    double highTime = 0;
    double lowBytes = std::numeric_limits<double>::infinity();
    double highBytes = 0;
    const auto widen = [](double value, double& low, double& high) {
        if (value > 0 && std::isfinite(value)) {
            low = std::min(low, value);
            high = std::max(high, value);
        }
    };
    QList<QPointF> serverPoints;
    CurveBatch curves;
    for (int i = 0; i < kAlgorithms; ++i) {
        QList<QPointF> time;
        QList<QPointF> bytes;
        if (static_cast<std::size_t>(i) < m_workerSweeps.size()) {
            const auto& sweep = m_workerSweeps[static_cast<std::size_t>(i)];
            time.reserve(static_cast<qsizetype>(sweep.points.size()));
            bytes.reserve(static_cast<qsizetype>(sweep.points.size()));
            for (const auto& p : sweep.points) {
                const double x = log10Of(static_cast<double>(p.workers));
                if (p.seconds > 0) {
                    time.append(QPointF(x, log10Of(p.seconds)));
                    widen(p.seconds, lowTime, highTime);
                }
                if (p.bytesSentPerWorker > 0) {
                    bytes.append(QPointF(x, log10Of(p.bytesSentPerWorker)));
                    widen(p.bytesSentPerWorker, lowBytes, highBytes);
                }
                if (p.serverBytesSent > 0) {
                    serverPoints.append(QPointF(x, log10Of(p.serverBytesSent)));
                    widen(p.serverBytesSent, lowBytes, highBytes);
                }
            }
        }
        curves.set(m_time[static_cast<std::size_t>(i)], std::move(time));
        curves.set(m_bytes[static_cast<std::size_t>(i)], std::move(bytes));
    }
    curves.set(m_serverBytes, std::move(serverPoints));

    // Axes: powers of two along N, whole decades up the side.
    const double xLow = log10Of(2.0);
    const auto limit = static_cast<double>(std::max<std::int64_t>(m_workerLimit, 4));
    const int powers = static_cast<int>(std::lround(std::log2(limit)));
    const double xHigh = log10Of(limit) + kRightPad * (log10Of(limit) - xLow);
    const int step = std::max(1, static_cast<int>(std::ceil(powers / 6.0)));
    QList<Tick> workerTicks;
    for (int k = powers; k >= 1; k -= step) {
        workerTicks.prepend(
            {log10Of(std::exp2(k)), QLocale().toString(static_cast<qlonglong>(std::exp2(k)))});
    }
    setTicks(m_timeX, xLow, xHigh, workerTicks);
    setTicks(m_bytesX, xLow, xHigh, workerTicks);
    widen(m_cost.seconds, lowTime, highTime);
    if (!(highTime > 0)) {
        lowTime = 1e-3;
        highTime = 1;
    }
    if (!(highBytes > 0)) {
        lowBytes = 1;
        highBytes = 10;
    }
    const int timeLow = floorDecade(lowTime);
    const int timeHigh = std::max(ceilDecade(highTime), timeLow + 1);
    updateTickWidths();
    setTicks(m_timeY, timeLow, timeHigh,
             ofWidth(decadeTicks(timeLow, timeHigh, &secondsTick, 5), m_timeTickWidth));
    const int bytesLow = floorDecade(lowBytes);
    const int bytesHigh = std::max(ceilDecade(highBytes), bytesLow + 1);
    setTicks(m_bytesY, bytesLow, bytesHigh,
             ofWidth(decadeTicks(bytesLow, bytesHigh, &bytesTick, 5), m_bytesTickWidth));
    curves.apply();

    // The chosen N, and where one node ends.
    const double n = static_cast<double>(m_params.workers);
    const bool showN = m_params.workers >= 2;
    const double xn = showN ? log10Of(n) : 0.0;
    replaceIfChanged(m_timeNow, showN ? QList<QPointF>{QPointF(xn, timeLow), QPointF(xn, timeHigh)}
                                      : QList<QPointF>{});
    replaceIfChanged(m_bytesNow, showN
                                     ? QList<QPointF>{QPointF(xn, bytesLow), QPointF(xn, bytesHigh)}
                                     : QList<QPointF>{});
    replaceIfChanged(m_timePoint, showN && m_cost.seconds > 0
                                      ? QList<QPointF>{QPointF(xn, log10Of(m_cost.seconds))}
                                      : QList<QPointF>{});
    replaceIfChanged(m_bytesPoint,
                     showN && m_cost.bytesSentPerWorker > 0
                         ? QList<QPointF>{QPointF(xn, log10Of(m_cost.bytesSentPerWorker))}
                         : QList<QPointF>{});
    const double g = static_cast<double>(m_params.gpusPerNode);
    const bool showNode = m_params.gpusPerNode >= 2 && m_params.gpusPerNode < m_workerLimit;
    replaceIfChanged(m_nodeBoundary, showNode ? QList<QPointF>{QPointF(log10Of(g), timeLow),
                                                               QPointF(log10Of(g), timeHigh)}
                                              : QList<QPointF>{});
}

void CommunicationCharts::updateTickWidths()
{
    const QString key = chartstyle::labelFont().key() + secondsTick(0) + bytesTick(0);
    if (key == m_tickWidthKey) {
        return;
    }
    m_tickWidthKey = key;
    m_timeTickWidth = widestTick(&secondsTick, kLowestDecade, kHighestDecade);
    m_bytesTickWidth = widestTick(&bytesTick, kLowestDecade, kHighestDecade);
}

void CommunicationCharts::updateBusbwChart()
{
    double highest = 0;
    double lowX = log10Of(kMinMessageBytes);
    double highX = log10Of(kMinLargestMessage);
    CurveBatch curves;
    for (int i = 0; i < kAlgorithms; ++i) {
        QList<QPointF> points;
        if (static_cast<std::size_t>(i) < m_sizeSweeps.size()) {
            const auto& sweep = m_sizeSweeps[static_cast<std::size_t>(i)];
            points.reserve(static_cast<qsizetype>(sweep.points.size()));
            for (const auto& p : sweep.points) {
                points.append(QPointF(log10Of(p.bytes), p.busbwBytesPerSecond / kGBps));
            }
            if (!sweep.points.empty()) {
                highX = std::max(highX, log10Of(sweep.points.back().bytes));
            }
            highest = std::max(highest, sweep.peakBusbwBytesPerSecond);
        }
        curves.set(m_busbw[static_cast<std::size_t>(i)], std::move(points));
    }
    const bool valid = !simcore::validateCollective(m_params);
    const double link = valid ? simcore::flatLink(m_params).bandwidthBytesPerSecond : 0.0;
    // Both links bound the axis, not only the one in use: the range then stays put while N
    // crosses the node boundary (each range change lays the chart out again).
    highest = std::max({highest, link, valid ? m_params.intra.bandwidthBytesPerSecond : 0.0,
                        valid ? m_params.inter.bandwidthBytesPerSecond : 0.0});
    setValueRange(m_busY, std::max(highest / kGBps * 1.05, 1e-9));
    const int low = static_cast<int>(std::ceil(lowX - 1e-9));
    const int high = static_cast<int>(std::floor(highX + 1e-9));
    highX += kRightPad * (highX - lowX);
    setTicks(m_sizeX, lowX, highX, decadeTicks(low, high, &bytesTick, 4));
    curves.apply();
    const double top = m_busY->max();
    replaceIfChanged(m_linkLine, link > 0 ? QList<QPointF>{QPointF(lowX, link / kGBps),
                                                           QPointF(highX, link / kGBps)}
                                          : QList<QPointF>{});
    const bool showS = valid && m_params.bytes > 0;
    const double xs = showS ? log10Of(m_params.bytes) : 0.0;
    replaceIfChanged(m_sizeNow, showS && xs >= lowX && xs <= highX
                                    ? QList<QPointF>{QPointF(xs, 0), QPointF(xs, top)}
                                    : QList<QPointF>{});
    const double half = halfPeakBytes();
    const double xh = half > 0 ? log10Of(half) : 0.0;
    replaceIfChanged(m_halfPeak, half > 0 && xh >= lowX && xh <= highX
                                     ? QList<QPointF>{QPointF(xh, peakBusbw() / 2 / kGBps)}
                                     : QList<QPointF>{});
}

void CommunicationCharts::updateLegend()
{
    QStringList parts;
    for (const CommAlgorithm algorithm : simcore::allCommAlgorithms()) {
        const auto& style = styleOf(algorithm);
        QString name = algorithmName(algorithm).toHtmlEscaped();
        if (algorithm == m_algorithm) {
            name = tr("<b>%1 (chosen)</b>").arg(name);
        }
        parts << colourSpan(style.colour, QString::fromUtf8(style.sample)) + QStringLiteral(" ") +
                     name;
    }
    parts << colourSpan(styleOf(CommAlgorithm::ParameterServer).colour, QStringLiteral("━ ━ ━")) +
                 QStringLiteral(" ") + tr("the server's bytes");
    // No live numbers here: a legend that changed on every edit cost a text layout per frame.
    parts << colourSpan(chartstyle::kSelected, QStringLiteral("│ ●")) + QStringLiteral(" ") +
                 tr("your N and S");
    parts << colourSpan(kMarkerGrey, QStringLiteral("┆")) + QStringLiteral(" ") +
                 tr("node edge (g = %1)").arg(m_params.gpusPerNode);
    parts << colourSpan(kMarkerGrey, QStringLiteral("━ ━")) + QStringLiteral(" ") +
                 tr("link bandwidth B");
    parts << colourSpan(chartstyle::kSelected, QStringLiteral("★")) + QStringLiteral(" ") +
                 tr("half of peak busbw");
    // Exports have no formula strip: the definition travels with the legend.
    parts << tr("busbw = S/t · 2(N−1)/N (nccl-tests)");
    // Wrap between entries only: no-break spaces inside an entry (outside its tags), and a word
    // joiner after each slash (Qt breaks lines after "/").
    for (QString& part : parts) {
        QString glued;
        bool inTag = false;
        for (const QChar c : std::as_const(part)) {
            inTag = c == QLatin1Char('<') ? true : (c == QLatin1Char('>') ? false : inTag);
            if (!inTag && c == QLatin1Char(' ')) {
                glued += QStringLiteral("&nbsp;");
            } else {
                glued += c;
                if (!inTag && c == QLatin1Char('/')) {
                    glued += QChar(0x2060);
                }
            }
        }
        part = glued;
    }
    m_legend->setHtml(parts.join(QStringLiteral(" &nbsp; ")));
    m_legend->setAccessibleDescription(m_legend->plainText());
}

QString CommunicationCharts::summary() const
{
    if (simcore::validateCollective(m_params)) {
        return tr("The all-reduce inputs are out of range: nothing to show.");
    }
    const QString workers = QLocale().toString(static_cast<qlonglong>(m_params.workers));
    if (m_params.workers < 2) {
        return tr("One GPU: an all-reduce has nothing to exchange and takes no time.");
    }
    QString links;
    if (m_algorithm == CommAlgorithm::Hierarchical && m_params.workers > m_params.gpusPerNode) {
        const auto shape = simcore::hierarchyShape(m_params);
        links = tr("%1 inside and %2 between %3 nodes")
                    .arg(common::formatBandwidth(m_params.intra.bandwidthBytesPerSecond),
                         common::formatBandwidth(m_params.inter.bandwidthBytesPerSecond),
                         QLocale().toString(static_cast<qlonglong>(shape.nodes)));
    } else if (m_params.workers <= m_params.gpusPerNode) {
        links = tr("one node's %1 links")
                    .arg(common::formatBandwidth(m_params.intra.bandwidthBytesPerSecond));
    } else {
        links =
            tr("the slowest link, %1, across nodes")
                .arg(common::formatBandwidth(simcore::flatLink(m_params).bandwidthBytesPerSecond));
    }
    QString text =
        tr("%1 all-reduce of %2 over %3 GPUs on %4: %5 in %6 steps; each GPU sends %7; bus "
           "bandwidth %8 (nccl-tests).")
            .arg(algorithmName(m_algorithm), common::formatBytes(m_params.bytes), workers, links,
                 common::formatDuration(m_cost.seconds),
                 QLocale().toString(static_cast<qlonglong>(m_cost.steps)),
                 common::formatBytes(m_cost.bytesSentPerWorker),
                 common::formatBandwidth(m_cost.busbwBytesPerSecond));
    const CommAlgorithm other =
        m_algorithm == CommAlgorithm::Naive ? CommAlgorithm::Ring : CommAlgorithm::Naive;
    const auto compare = simcore::collectiveCost(other, simcore::CollectiveOp::AllReduce, m_params);
    text +=
        QLatin1Char(' ') + tr("%1 would take %2 and send %3 per GPU.")
                               .arg(algorithmName(other), common::formatDuration(compare.seconds),
                                    common::formatBytes(compare.bytesSentPerWorker));
    return text;
}

QString CommunicationCharts::exportTitle() const
{
    return tr("dtsim — Communication: ring all-reduce, cost vs GPUs, bus bandwidth vs message "
              "size");
}

QString CommunicationCharts::csv() const
{
    const auto& p = m_params;
    const auto& c = m_cost;
    QString text;
    text += QStringLiteral("# dtsim communication: all-reduce, alpha-beta model (MODELS §4; "
                           "Thakur, Rabenseifner & Gropp 2005; nccl-tests doc/PERFORMANCE.md); SI "
                           "units\n");
    text += QStringLiteral("quantity,value,unit\n");
    const auto row = [&text](const char* name, const QString& value, const char* unit) {
        text += QStringLiteral("%1,%2,%3\n").arg(QLatin1String(name), value, QLatin1String(unit));
    };
    const auto number = [](double value) { return common::csvNumber(value); };
    row("algorithm", idOf(m_algorithm), "");
    row("workers", QString::number(p.workers), "");
    row("bytes", number(p.bytes), "bytes");
    row("gpus_per_node", QString::number(p.gpusPerNode), "");
    row("intra_bandwidth", number(p.intra.bandwidthBytesPerSecond), "bytes/s");
    row("intra_latency", number(p.intra.latencySeconds), "s");
    row("inter_bandwidth", number(p.inter.bandwidthBytesPerSecond), "bytes/s");
    row("inter_latency", number(p.inter.latencySeconds), "s");
    row("time", number(c.seconds), "s");
    row("latency_time", number(c.latencySeconds), "s");
    row("bandwidth_time", number(c.bandwidthSeconds), "s");
    row("bytes_sent_per_worker", number(c.bytesSentPerWorker), "bytes");
    row("total_bytes_sent", number(c.totalBytesSent), "bytes");
    row("algbw", number(c.algbwBytesPerSecond), "bytes/s");
    row("busbw", number(c.busbwBytesPerSecond), "bytes/s");
    row("steps", QString::number(c.steps), "");
    row("half_peak_bytes", number(halfPeakBytes()), "bytes");
    row("peak_busbw", number(peakBusbw()), "bytes/s");

    text += QStringLiteral("\n# time and bytes sent per worker vs workers (all-reduce of S = %1 "
                           "bytes)\n")
                .arg(number(p.bytes));
    text += QStringLiteral("algorithm,workers,time_s,bytes_sent_per_worker_bytes,"
                           "server_bytes_sent_bytes,busbw_bytes_per_s\n");
    for (const auto& sweep : m_workerSweeps) {
        const QString id = idOf(sweep.algorithm);
        for (const auto& point : sweep.points) {
            text += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                        .arg(id, QString::number(point.workers), number(point.seconds),
                             number(point.bytesSentPerWorker), number(point.serverBytesSent),
                             number(point.busbwBytesPerSecond));
        }
    }
    text += QStringLiteral("\n# bus bandwidth vs message size at N = %1 workers (nccl-tests: "
                           "algbw = S/t, busbw = algbw * 2(N-1)/N)\n")
                .arg(p.workers);
    text += QStringLiteral("algorithm,message_bytes,time_s,algbw_bytes_per_s,busbw_bytes_per_s\n");
    for (const auto& sweep : m_sizeSweeps) {
        const QString id = idOf(sweep.algorithm);
        for (const auto& point : sweep.points) {
            text += QStringLiteral("%1,%2,%3,%4,%5\n")
                        .arg(id, number(point.bytes), number(point.seconds),
                             number(point.algbwBytesPerSecond), number(point.busbwBytesPerSecond));
        }
    }
    return text;
}

} // namespace dtsim::ui
