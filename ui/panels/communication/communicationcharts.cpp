#include "ui/panels/communication/communicationcharts.h"

#include "common/format.h"
#include "ui/kit/appearance.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/chartupdate.h"
#include "ui/kit/textstrip.h"
#include "ui/panels/communication/ringcontrols.h"
#include "ui/panels/communication/ringwidget.h"

#include <QApplication>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>
#include <utility>

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

/// An algorithm's colour in the current look: Okabe–Ito's orange and sky blue are 2.3:1 on white,
/// too faint for a line, and are drawn in a darker shade of themselves there.
QColor colourOf(CommAlgorithm algorithm)
{
    return chartstyle::legible(styleOf(algorithm).colour);
}

// The curves drawn by default: the chosen algorithm, then the lesson's main ones in this order
// (seed lesson §3: ring against the naive exchange; the topology seed: the hierarchical
// all-reduce across the node edge; then tree), three in all. With the chosen N and S and the node
// edge the legend has five entries, each its own colour or dash.
constexpr CommAlgorithm kLessonAlgorithms[] = {CommAlgorithm::Ring, CommAlgorithm::Naive,
                                               CommAlgorithm::Hierarchical, CommAlgorithm::Tree};
constexpr int kDefaultCurves = 3;

bool shownByDefault(CommAlgorithm algorithm, CommAlgorithm chosen)
{
    if (algorithm == chosen) {
        return true;
    }
    int shown = 1; // the chosen one
    for (const CommAlgorithm main : kLessonAlgorithms) {
        if (main == chosen) {
            continue;
        }
        if (shown == kDefaultCurves) {
            return false;
        }
        if (main == algorithm) {
            return true;
        }
        ++shown;
    }
    return false;
}

void setShown(QAbstractSeries* series, bool shown)
{
    if (series->isVisible() != shown) {
        series->setVisible(shown);
    }
}

// The message-size axis spans at least nccl-tests' usual -b 8 -e 8G (the report's sizes start
// there and reach further for large messages).
constexpr double kMinMessageBytes = 8;
constexpr double kMinLargestMessage = 8.0 * 1024 * 1024 * 1024;

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
            common::formatWhole(std::llround(std::pow(10.0, exponent))));
    }
    return superscriptPower(exponent, CommunicationCharts::tr("s"));
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
    // Three side by side beside the controls and the Lesson guide's dock fit a 1280-px screen.
    view->setMinimumSize(200, 170);
    return view;
}

/// `text` in `colour`, a shade that stands off the window's background too (the legend is drawn
/// on the window, a little darker than the charts in the light theme).
QString colourSpan(const QColor& colour, const QString& text)
{
    const QColor ink = chartstyle::legible(colour, QApplication::palette().color(QPalette::Window));
    return QStringLiteral("<span style=\"color:%1\"><b>%2</b></span>").arg(ink.name(), text);
}

} // namespace

CommunicationCharts::CommunicationCharts(QWidget* parent) : ChartArea(parent)
{
    m_ring = new RingWidget(this);
    m_ring->playback()->showEnd(); // exports: every GPU visibly holds the mean
    m_ringCaption = new TextStrip(this);
    setLabelSizedFont(m_ringCaption);
    connect(m_ring, &RingWidget::captionChanged, this, [this] {
        m_ringCaption->setHtml(m_ring->captionHtml());
        m_ringCaption->setAccessibleDescription(m_ringCaption->plainText());
    });
    m_ringCaption->setHtml(m_ring->captionHtml());
    m_ringNote = new TextStrip(this);
    setLabelSizedFont(m_ringNote);
    m_ringNote->hide();
    buildCharts();
    m_legend = new TextStrip(this);
    setLabelSizedFont(m_legend);
    m_summary = new TextStrip(this);
    setLabelSizedFont(m_summary);

    m_ringColumn = new QVBoxLayout;
    m_ringColumn->setSpacing(2);
    m_ringColumn->addWidget(m_ringNote);
    m_ringColumn->addWidget(m_ring, 1);
    m_ringColumn->addWidget(m_ringCaption);
    // The ring across the whole width (a 16 × 16 table needs it), the three charts below.
    auto* charts = new QHBoxLayout;
    charts->setSpacing(4);
    charts->addWidget(m_time.view, 1);
    charts->addWidget(m_bytes.view, 1);
    charts->addWidget(m_busbw.view, 1);
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
        m_ringControls = new RingControls(m_ring->playback(), this);
        m_ringColumn->insertWidget(0, m_ringControls);
        m_ring->playback()->reset(); // a window starts at step 0, ready to play
    }
    showRingParts();
}

QStringList CommunicationCharts::presentationPages() const
{
    return {tr("Ring all-reduce"), tr("Time, bytes and bus bandwidth")};
}

void CommunicationCharts::showPresentationPage(int index)
{
    m_page = index;
    showRingParts();
}

void CommunicationCharts::showRingParts()
{
    const bool ringPage = m_page != 1;
    const bool animate = ringPage && m_animatesRing;
    const bool note = ringPage && !m_ringNote->plainText().isEmpty();
    // Without a ring to show, the ring's page shows the charts under the note: the bytes the
    // chosen algorithm sends against the ring's, rather than an empty screen.
    const bool charts = m_page != 0 || !m_animatesRing;
    const std::pair<QWidget*, bool> parts[] = {
        {m_ring, animate},      {m_ringCaption, animate}, {m_ringControls, animate},
        {m_ringNote, note},     {m_time.view, charts},    {m_bytes.view, charts},
        {m_busbw.view, charts}, {m_legend, charts},
    };
    // Hide before showing: a window laid out too wide stays wide.
    for (const auto& [part, shown] : parts) {
        if (part != nullptr && !shown && !part->isHidden()) {
            part->setVisible(false);
        }
    }
    for (const auto& [part, shown] : parts) {
        if (part != nullptr && shown && part->isHidden()) {
            part->setVisible(true);
        }
    }
    // A layout whose widgets are all hidden still takes its stretch's share: the shown idea
    // takes the whole height, and a note alone takes only its lines.
    if (auto* box = qobject_cast<QBoxLayout*>(layout())) {
        const int ringStretch = m_interactive ? 6 : 1;
        const int chartsStretch = m_interactive ? 10 : 1;
        box->setStretch(0, animate ? ringStretch : 0);
        box->setStretch(1, charts ? chartsStretch : 0);
    }
}

CommunicationCharts::SweepChart
CommunicationCharts::makeSweepChart(QAbstractAxis* y, QLineSeries* behind, QLineSeries* above,
                                    QScatterSeries::MarkerShape marker, qreal markerSize)
{
    SweepChart sweep;
    sweep.chart = makeChart();
    sweep.x = makeCategoryAxis();
    sweep.chart->addAxis(sweep.x, Qt::AlignBottom);
    sweep.chart->addAxis(y, Qt::AlignLeft);
    if (behind) {
        attach(sweep.chart, behind, sweep.x, y);
    }
    // One line per algorithm, in allCommAlgorithms() order, in the legend's colours and dashes.
    for (int i = 0; i < kAlgorithms; ++i) {
        const auto& style = styleOf(static_cast<CommAlgorithm>(i));
        QLineSeries*& line = sweep.lines[static_cast<std::size_t>(i)];
        line = makeLine(colourOf(static_cast<CommAlgorithm>(i)), 2.5, style.pen);
        attach(sweep.chart, line, sweep.x, y);
    }
    if (above) {
        attach(sweep.chart, above, sweep.x, y);
    }
    // 2 px: an antialiased 1.5 px line between two pixel columns drew as two grey ones, short
    // of 3:1 on the dark background, wherever the chosen N or S fell.
    sweep.now = makeLine(chartstyle::selectedColour(), 2, Qt::SolidLine);
    sweep.marker = makeMarker(marker, chartstyle::selectedColour(), markerSize);
    attach(sweep.chart, sweep.now, sweep.x, y);
    attach(sweep.chart, sweep.marker, sweep.x, y);
    sweep.view = makeView(sweep.chart, this);
    return sweep;
}

void CommunicationCharts::buildCharts()
{
    // Time vs N, with the node boundary behind the curves.
    m_timeY = makeCategoryAxis();
    m_nodeBoundary = makeLine(chartstyle::referenceColour(), 1.5, Qt::DotLine);
    m_time =
        makeSweepChart(m_timeY, m_nodeBoundary, nullptr, QScatterSeries::MarkerShapeCircle, 12);

    // Bytes vs N, with the parameter server's own bytes over the curves.
    m_bytesY = makeCategoryAxis();
    m_serverBytes = makeLine(colourOf(CommAlgorithm::ParameterServer), 2.5, Qt::DashLine);
    m_bytes =
        makeSweepChart(m_bytesY, nullptr, m_serverBytes, QScatterSeries::MarkerShapeCircle, 12);

    // Bus bandwidth vs S, with the link bandwidth behind the curves and a star at n½.
    m_busY = new QValueAxis;
    m_busY->setLabelFormat(QStringLiteral("%.6g"));
    chartstyle::applyAxisStyle(m_busY);
    m_linkLine = makeLine(chartstyle::referenceColour(), 2, Qt::DashLine);
    m_busbw = makeSweepChart(m_busY, m_linkLine, nullptr, QScatterSeries::MarkerShapeStar, 18);
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
    return m_time.lines.at(static_cast<std::size_t>(algorithm));
}

QLineSeries* CommunicationCharts::bytesSeries(int algorithm) const
{
    return m_bytes.lines.at(static_cast<std::size_t>(algorithm));
}

QLineSeries* CommunicationCharts::busbwSeries(int algorithm) const
{
    return m_busbw.lines.at(static_cast<std::size_t>(algorithm));
}

QString CommunicationCharts::ringCaption() const
{
    return m_ringCaption->plainText();
}

void CommunicationCharts::retranslate()
{
    // Short titles: three charts share one row; the ticks carry the units.
    m_time.chart->setTitle(tr("All-reduce time"));
    m_time.x->setTitleText(tr("GPUs N (log scale)"));
    m_bytes.chart->setTitle(tr("Bytes sent per GPU"));
    m_bytes.x->setTitleText(tr("GPUs N (log scale)"));
    m_busbw.chart->setTitle(tr("Bus bandwidth"));
    m_busbw.x->setTitleText(tr("Message size S (log scale)"));
    m_busY->setTitleText(tr("busbw (GB/s)")); // defined in the formula strip and the CSV
    m_time.view->setAccessibleName(tr("All-reduce time against the number of GPUs"));
    m_bytes.view->setAccessibleName(tr("Bytes each GPU sends against the number of GPUs"));
    m_busbw.view->setAccessibleName(tr("Bus bandwidth against message size"));
    m_ring->setAccessibleName(tr("Ring all-reduce animation"));
    m_ring->setToolTip(
        tr("Ring all-reduce on real numbers: the circle shows who sends to whom in this step, "
           "the table what every GPU holds (one row per GPU, one column per chunk)."));
    m_legend->setAccessibleName(tr("Legend"));
    m_summary->setAccessibleName(tr("Communication summary"));
    if (m_evaluated) {
        // Tick texts are translated: rebuild them.
        for (QCategoryAxis* axis : {m_time.x, m_timeY, m_bytes.x, m_bytesY, m_busbw.x}) {
            for (const QString& label : axis->categoriesLabels()) {
                axis->remove(label);
            }
        }
        updateRing();
        updateWorkerCharts();
        updateBusbwChart();
        updateLegend();
        m_summary->setPlainText(summary());
    }
}

void CommunicationCharts::applyLook()
{
    // Colours of the look: the chosen N's line and marker light on dark, the grey reference
    // lines lighter, orange and sky blue darker on white.
    for (const SweepChart* sweep : {&m_time, &m_bytes, &m_busbw}) {
        QPen now = sweep->now->pen();
        now.setColor(chartstyle::selectedColour());
        sweep->now->setPen(now);
        sweep->marker->setColor(chartstyle::selectedColour());
        sweep->marker->setBorderColor(chartstyle::markerBorderColour());
    }
    for (QLineSeries* line : {m_nodeBoundary, m_linkLine, m_serverBytes}) {
        QPen pen = line->pen();
        pen.setColor(line == m_serverBytes ? colourOf(CommAlgorithm::ParameterServer)
                                           : chartstyle::referenceColour());
        line->setPen(pen);
    }
    m_ring->applyLook();
    m_pennedAlgorithm = -1;
    if (m_evaluated) {
        updatePens();
        updateLegend();
    }
    ChartArea::applyLook();
}

void CommunicationCharts::showScenario(const simcore::Scenario& scenario)
{
    showReport(simcore::communicationReport(scenario));
}

void CommunicationCharts::showReport(const simcore::CommunicationReport& report)
{
    const auto& p = report.params;
    const auto& q = m_report.params;
    const bool same = p.workers == q.workers && p.bytes == q.bytes && p.intra == q.intra &&
                      p.inter == q.inter && p.gpusPerNode == q.gpusPerNode &&
                      report.algorithm == m_report.algorithm && report.ok() == m_report.ok();
    if (m_evaluated && same) {
        return; // another panel's key changed
    }
    m_report = report;
    m_evaluated = true;
    updateRing();
    updatePens();
    updateShown();
    updateWorkerCharts();
    updateBusbwChart();
    updateLegend();
    const QString text = summary();
    if (!m_interactive) {
        m_summary->setPlainText(text); // in the window the read-outs say it; no hidden layout
    }
    for (QChartView* view : {m_time.view, m_bytes.view, m_busbw.view}) {
        view->setAccessibleDescription(text);
        if (m_interactive) {
            chartstyle::cacheStaticItems(view);
        }
    }
}

void CommunicationCharts::updateRing()
{
    const auto& report = m_report;
    RingPlayback* playback = m_ring->playback();
    const bool animate = report.ok() && report.algorithm == CommAlgorithm::Ring &&
                         report.params.workers >= RingPlayback::kMinWorkers;
    if (animate) {
        const auto shown = static_cast<int>(
            std::min<std::int64_t>(report.params.workers, RingPlayback::kMaxWorkers));
        if (shown != playback->workers()) {
            playback->setWorkers(shown);
            if (!m_interactive) {
                playback->showEnd(); // exports: every GPU visibly holds the mean
            }
        }
    } else if (playback->isPlaying()) {
        playback->pause();
    }
    m_animatesRing = animate;
    const QString note = ringNoteText();
    if (note != m_ringNote->plainText()) {
        m_ringNote->setPlainText(note);
        m_ringNote->setAccessibleDescription(note);
    }
    showRingParts();
}

QString CommunicationCharts::ringNoteText() const
{
    const auto& report = m_report;
    if (!report.ok()) {
        return tr("The all-reduce inputs are out of range: no ring to animate.");
    }
    const std::int64_t workers = report.params.workers;
    if (workers < 2) {
        return tr("N = 1: one GPU has nothing to exchange, so there is no ring to animate.");
    }
    const auto value = [&report](std::string_view id) {
        return common::formatQuantity(report, id);
    };
    switch (report.algorithm) {
    case CommAlgorithm::Ring:
        if (workers > RingPlayback::kMaxWorkers) {
            // N is then always more than the cap: no singular to word.
            return tr("The animation shows %1 of the %2 GPUs: a larger ring would not fit on "
                      "the screen. The read-outs, the formula and the charts are for all %2.")
                .arg(common::formatWhole(RingPlayback::kMaxWorkers), common::formatWhole(workers));
        }
        return {};
    case CommAlgorithm::Naive:
        // The summary's comparison is the ring when the naive exchange is chosen.
        return tr("The animation is of the ring all-reduce only, so it is hidden while the "
                  "naive exchange is chosen: every GPU sends its whole gradient to each of the "
                  "other %1 GPUs at once, too many arrows to follow. Here each GPU sends %2; in "
                  "a ring, %3. A parameter server is priced on the charts only (tick “Show all "
                  "algorithms and marks”), not animated.")
            .arg(common::formatWhole(report.terms.extraWorkers), value("bytes_sent_per_worker"),
                 common::formatBytes(report.comparison.cost.bytesSentPerWorker));
    case CommAlgorithm::Tree:
    case CommAlgorithm::Hierarchical:
    case CommAlgorithm::Rabenseifner:
    case CommAlgorithm::ParameterServer:
        break;
    }
    return tr("The animation is of the ring all-reduce only, so it is hidden while %1 is "
              "chosen: %1 is priced in the read-outs, the formula and the charts. Choose Ring to "
              "watch the steps.")
        .arg(algorithmName(report.algorithm));
}

QString CommunicationCharts::ringNote() const
{
    return m_ringNote->plainText();
}

void CommunicationCharts::updatePens()
{
    const int selected = static_cast<int>(m_report.algorithm);
    if (selected == m_pennedAlgorithm) {
        return;
    }
    m_pennedAlgorithm = selected;
    for (int i = 0; i < kAlgorithms; ++i) {
        const auto& style = styleOf(static_cast<CommAlgorithm>(i));
        QPen pen(colourOf(static_cast<CommAlgorithm>(i)), i == selected ? 4.5 : 2.5, style.pen);
        pen.setCapStyle(Qt::FlatCap);
        for (const SweepChart* sweep : {&m_time, &m_bytes, &m_busbw}) {
            sweep->lines[static_cast<std::size_t>(i)]->setPen(pen);
        }
    }
}

void CommunicationCharts::setShowAll(bool all)
{
    if (all == m_showAll) {
        return;
    }
    m_showAll = all;
    updateShown();
    updateLegend();
}

bool CommunicationCharts::isAlgorithmShown(CommAlgorithm algorithm) const
{
    return m_showAll || shownByDefault(algorithm, m_report.algorithm);
}

void CommunicationCharts::updateShown()
{
    bool changed = false;
    const auto show = [&changed](QAbstractSeries* series, bool shown) {
        changed = changed || series->isVisible() != shown;
        setShown(series, shown);
    };
    for (const CommAlgorithm algorithm : simcore::allCommAlgorithms()) {
        const bool shown = isAlgorithmShown(algorithm);
        for (const SweepChart* sweep : {&m_time, &m_bytes, &m_busbw}) {
            show(sweep->lines[static_cast<std::size_t>(algorithm)], shown);
        }
    }
    show(m_serverBytes, isAlgorithmShown(CommAlgorithm::ParameterServer));
    show(m_linkLine, m_showAll);
    show(m_busbw.marker, m_showAll);
    if (changed && m_interactive) {
        for (QChartView* view : {m_time.view, m_bytes.view, m_busbw.view}) {
            chartstyle::cacheStaticItems(view);
        }
    }
}

void CommunicationCharts::updateWorkerCharts()
{
    const auto& report = m_report;
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
    // A curve in log₁₀ coordinates: its positive values only, widening the axis it is on.
    const auto curve = [&widen](QList<QPointF>& points, double workers, double value, double& low,
                                double& high) {
        if (value > 0) {
            points.append(QPointF(log10Of(workers), log10Of(value)));
            widen(value, low, high);
        }
    };
    QList<QPointF> serverPoints;
    CurveBatch curves;
    for (int i = 0; i < kAlgorithms; ++i) {
        QList<QPointF> time;
        QList<QPointF> bytes;
        if (static_cast<std::size_t>(i) < report.workerSweeps.size()) {
            const auto& sweep = report.workerSweeps[static_cast<std::size_t>(i)];
            time.reserve(static_cast<qsizetype>(sweep.points.size()));
            bytes.reserve(static_cast<qsizetype>(sweep.points.size()));
            for (const auto& p : sweep.points) {
                const auto n = static_cast<double>(p.workers);
                curve(time, n, p.seconds, lowTime, highTime);
                curve(bytes, n, p.bytesSentPerWorker, lowBytes, highBytes);
                curve(serverPoints, n, p.serverBytesSent, lowBytes, highBytes);
            }
        }
        curves.set(m_time.lines[static_cast<std::size_t>(i)], std::move(time));
        curves.set(m_bytes.lines[static_cast<std::size_t>(i)], std::move(bytes));
    }
    curves.set(m_serverBytes, std::move(serverPoints));

    // Axes: powers of two along N, whole decades up the side.
    const double xLow = log10Of(2.0);
    const auto limit = static_cast<double>(std::max<std::int64_t>(report.workerLimit, 4));
    const int powers = static_cast<int>(std::lround(std::log2(limit)));
    const double xHigh = log10Of(limit) + kRightPad * (log10Of(limit) - xLow);
    const int step = std::max(1, static_cast<int>(std::ceil(powers / 6.0)));
    QList<Tick> workerTicks;
    for (int k = powers; k >= 1; k -= step) {
        workerTicks.prepend(
            {log10Of(std::exp2(k)), common::formatWhole(static_cast<std::int64_t>(std::exp2(k)))});
    }
    setTicks(m_time.x, xLow, xHigh, workerTicks);
    setTicks(m_bytes.x, xLow, xHigh, workerTicks);
    widen(report.cost.seconds, lowTime, highTime);
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

    // The chosen N with the chosen algorithm's value on it, and where one node ends.
    const bool showN = report.ok() && report.params.workers >= 2;
    const double xn = showN ? log10Of(static_cast<double>(report.params.workers)) : 0.0;
    const auto markN = [showN, xn](const SweepChart& sweep, double value, int low, int high) {
        replaceIfChanged(sweep.now, showN ? QList<QPointF>{QPointF(xn, low), QPointF(xn, high)}
                                          : QList<QPointF>{});
        replaceIfChanged(sweep.marker, showN && value > 0
                                           ? QList<QPointF>{QPointF(xn, log10Of(value))}
                                           : QList<QPointF>{});
    };
    markN(m_time, report.cost.seconds, timeLow, timeHigh);
    markN(m_bytes, report.cost.bytesSentPerWorker, bytesLow, bytesHigh);
    const double g = static_cast<double>(report.params.gpusPerNode);
    const bool showNode = report.ok() && report.params.gpusPerNode >= 2 &&
                          report.params.gpusPerNode < report.workerLimit;
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
    const auto& report = m_report;
    double highest = 0;
    double lowX = log10Of(kMinMessageBytes);
    double highX = log10Of(kMinLargestMessage);
    CurveBatch curves;
    for (int i = 0; i < kAlgorithms; ++i) {
        QList<QPointF> points;
        if (static_cast<std::size_t>(i) < report.sizeSweeps.size()) {
            const auto& sweep = report.sizeSweeps[static_cast<std::size_t>(i)];
            points.reserve(static_cast<qsizetype>(sweep.points.size()));
            for (const auto& p : sweep.points) {
                points.append(QPointF(log10Of(p.bytes), p.busbwBytesPerSecond / kGBps));
            }
            if (!sweep.points.empty()) {
                highX = std::max(highX, log10Of(sweep.points.back().bytes));
            }
            highest = std::max(highest, sweep.peakBusbwBytesPerSecond);
        }
        curves.set(m_busbw.lines[static_cast<std::size_t>(i)], std::move(points));
    }
    const bool valid = report.ok();
    const double link = valid ? report.flatLink.bandwidthBytesPerSecond : 0.0;
    // Both links bound the axis, not only the one in use: the range then stays put while N
    // crosses the node boundary (each range change lays the chart out again).
    highest = std::max({highest, link, valid ? report.params.intra.bandwidthBytesPerSecond : 0.0,
                        valid ? report.params.inter.bandwidthBytesPerSecond : 0.0});
    setValueRange(m_busY, std::max(highest / kGBps * 1.05, 1e-9));
    const int low = static_cast<int>(std::ceil(lowX - 1e-9));
    const int high = static_cast<int>(std::floor(highX + 1e-9));
    highX += kRightPad * (highX - lowX);
    setTicks(m_busbw.x, lowX, highX, decadeTicks(low, high, &bytesTick, 4));
    curves.apply();
    const double top = m_busY->max();
    replaceIfChanged(m_linkLine, link > 0 ? QList<QPointF>{QPointF(lowX, link / kGBps),
                                                           QPointF(highX, link / kGBps)}
                                          : QList<QPointF>{});
    const bool showS = valid && report.params.bytes > 0;
    const double xs = showS ? log10Of(report.params.bytes) : 0.0;
    replaceIfChanged(m_busbw.now, showS && xs >= lowX && xs <= highX
                                      ? QList<QPointF>{QPointF(xs, 0), QPointF(xs, top)}
                                      : QList<QPointF>{});
    const double half = report.halfPeakBytes; // NaN when undefined
    const double xh = half > 0 ? log10Of(half) : 0.0;
    replaceIfChanged(m_busbw.marker,
                     valid && half > 0 && xh >= lowX && xh <= highX
                         ? QList<QPointF>{QPointF(xh, report.halfPeakBusbwBytesPerSecond / kGBps)}
                         : QList<QPointF>{});
}

void CommunicationCharts::updateLegend()
{
    QStringList parts;
    m_legendEntries.clear();
    const auto entry = [this, &parts](const QColor& colour, const QString& sample,
                                      const QString& name, const QString& html) {
        parts << colourSpan(colour, sample) + QStringLiteral(" ") + html;
        m_legendEntries << name;
    };
    for (const CommAlgorithm algorithm : simcore::allCommAlgorithms()) {
        if (!isAlgorithmShown(algorithm)) {
            continue;
        }
        const auto& style = styleOf(algorithm);
        const QString name = algorithmName(algorithm);
        entry(colourOf(algorithm), QString::fromUtf8(style.sample), name,
              algorithm == m_report.algorithm ? tr("<b>%1 (chosen)</b>").arg(name.toHtmlEscaped())
                                              : name.toHtmlEscaped());
    }
    if (isAlgorithmShown(CommAlgorithm::ParameterServer)) {
        entry(colourOf(CommAlgorithm::ParameterServer), QStringLiteral("━ ━ ━"),
              tr("the server's bytes"), tr("the server's bytes"));
    }
    // No live numbers here: a legend that changed on every edit cost a text layout per frame.
    entry(chartstyle::selectedColour(), QStringLiteral("│ ●"), tr("your N and S"),
          tr("your N and S"));
    const QString nodeEdge = tr("node edge (g = %1)").arg(m_report.params.gpusPerNode);
    entry(chartstyle::referenceColour(), QStringLiteral("┆"), nodeEdge, nodeEdge);
    if (m_showAll) {
        entry(chartstyle::referenceColour(), QStringLiteral("━ ━"), tr("link bandwidth B"),
              tr("link bandwidth B"));
        entry(chartstyle::selectedColour(), QStringLiteral("★"), tr("half of peak busbw"),
              tr("half of peak busbw"));
    }
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
    const auto& report = m_report;
    if (!report.ok()) {
        return tr("The all-reduce inputs are out of range: nothing to show.");
    }
    if (report.params.workers < 2) {
        return tr("One GPU: an all-reduce has nothing to exchange and takes no time.");
    }
    const auto value = [&report](std::string_view id) {
        return common::formatQuantity(report, id);
    };
    QString links;
    switch (report.linkUsed) {
    case simcore::LinkUsed::IntraAndInter:
        links = tr("%1 inside and %2 between %3 nodes")
                    .arg(value("intra_bandwidth"), value("inter_bandwidth"), value("nodes"));
        break;
    case simcore::LinkUsed::Intra:
        links = tr("one node's %1 links").arg(value("intra_bandwidth"));
        break;
    case simcore::LinkUsed::Slowest:
        links = tr("the slowest link, %1, across nodes").arg(value("flat_bandwidth"));
        break;
    }
    const simcore::Quantity* steps = report.find("steps");
    QString text =
        tr("%1 all-reduce of %2 over %3 GPUs on %4: %5 in %6 step(s); each GPU sends %7; bus "
           "bandwidth %8 (nccl-tests).",
           nullptr, common::numerusOfAmount(steps ? steps->value : 2.0))
            .arg(algorithmName(report.algorithm), value("bytes"), value("workers"), links,
                 value("time"), value("steps"), value("bytes_sent_per_worker"), value("busbw"));
    const auto& other = report.comparison;
    text += QLatin1Char(' ') + tr("%1 would take %2 and send %3 per GPU.")
                                   .arg(algorithmName(other.algorithm),
                                        common::formatDuration(other.cost.seconds),
                                        common::formatBytes(other.cost.bytesSentPerWorker));
    return text;
}

QString CommunicationCharts::exportTitle() const
{
    return tr("dtsim — Communication: ring all-reduce, cost vs GPUs, bus bandwidth vs message "
              "size");
}

std::vector<simcore::CsvTable> CommunicationCharts::csv() const
{
    return simcore::communicationCsv(m_report);
}

} // namespace dtsim::ui
