#include "ui/panels/scaling/scalingcharts.h"

#include "common/errortext.h"
#include "common/format.h"
#include "ui/kit/appearance.h"
#include "ui/kit/axisrange.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/chartupdate.h"
#include "ui/kit/pointmarker.h"
#include "ui/kit/problemtext.h"
#include "ui/kit/textstrip.h"

#include <QBarCategoryAxis>
#include <QBarLegendMarker>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace dtsim::ui {

using namespace chartupdate;

namespace {
/// The solid bar's centre left of its slot's: two bar series of width 0.8 share a slot.
constexpr qreal kSolidBarOffset = 0.2;
// The layout's terms (Okabe–Ito): data parallel keeps the lesson's orange communication.
const QColor kTensorParallel{0x56, 0xB4, 0xE9}; // sky blue
const QColor kPipelineTerm{0xF0, 0xE4, 0x42};   // yellow
const QColor kOtherTerms{0x99, 0x99, 0x99};     // grey
} // namespace

QString ScalingCharts::breakMark()
{
    return QStringLiteral("…");
}

QString ScalingCharts::impossibleMark(std::int64_t workers)
{
    return QStringLiteral("✗ %1").arg(workers);
}

ScalingCharts::ScalingCharts(QWidget* parent) : ChartArea(parent)
{
    buildBarChart();
    buildSpeedupChart();
    applyMarkColours();
    m_summary = new TextStrip(this);
    setLabelSizedFont(m_summary);
    m_summary->setAccessibleName(tr("Scaling summary"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_barView, 3); // the headline chart gets more of the height
    layout->addWidget(m_speedupView, 2);
    layout->addWidget(m_summary);
    retranslate();
}

void ScalingCharts::buildBarChart()
{
    m_barChart = new QChart;
    chartstyle::applyChartStyle(m_barChart);

    m_compute = new QBarSet(QString());
    m_communication = new QBarSet(QString());
    m_realSeries = new QStackedBarSeries;
    m_realSeries->append(m_compute);
    m_realSeries->append(m_communication);
    // In the series only while failures are counted (showFailureSets); owned by the chart area
    // while out of it.
    m_straggler = new QBarSet(QString(), this);
    m_failure = new QBarSet(QString(), this);
    // The same for the Physical model's layout terms (arrangeSets).
    m_tensorParallel = new QBarSet(QString(), this);
    m_pipeline = new QBarSet(QString(), this);
    m_dataParallel = new QBarSet(QString(), this);
    m_other = new QBarSet(QString(), this);
    m_ideal = new QBarSet(QString());
    m_idealSeries = new QBarSeries;
    m_idealSeries->append(m_ideal);
    m_realSeries->setBarWidth(0.8);
    m_idealSeries->setBarWidth(0.8);

    m_categories = new QBarCategoryAxis;
    m_categories->setGridLineVisible(false); // the bars are the grid
    m_stepAxis = new QValueAxis;
    chartstyle::applyAxisStyle(m_categories);
    chartstyle::applyAxisStyle(m_stepAxis);
    m_barChart->addAxis(m_categories, Qt::AlignBottom);
    m_barChart->addAxis(m_stepAxis, Qt::AlignLeft);

    auto* selected =
        makeMarker(QScatterSeries::MarkerShapeTriangle, chartstyle::selectedColour(), 18);
    auto* optimum = makeMarker(QScatterSeries::MarkerShapeStar, chartstyle::kOptimum, 22);
    attach(m_barChart, m_realSeries, m_categories, m_stepAxis);
    attach(m_barChart, m_idealSeries, m_categories, m_stepAxis);
    attach(m_barChart, selected, m_categories, m_stepAxis);
    attach(m_barChart, optimum, m_categories, m_stepAxis);
    // Measured runs: filled circles with a dark rim, over the bars and under the markers.
    m_measuredBars = makeMarker(QScatterSeries::MarkerShapeCircle, chartstyle::kLost, 11);
    attach(m_barChart, m_measuredBars, m_categories, m_stepAxis);
    m_selectedBar = new PointMarker(m_barChart, selected);
    m_optimumBar = new PointMarker(m_barChart, optimum);
    showMarkersInBarLegend(false);

    m_barView = new QChartView(m_barChart, this);
    chartstyle::applyViewStyle(m_barView);
    // Bars and grid lines are axis-aligned rectangles: antialiasing only blurs their edges and
    // costs a third of a repaint. Text keeps its own antialiasing.
    m_barView->setRenderHint(QPainter::Antialiasing, false);
}

void ScalingCharts::showMarkersInBarLegend(bool shown)
{
    // Beside the speed-up chart, its legend names the same triangle and star; five entries in
    // one row elided "Communication (…" and "Ideal T(1)/N (no o…" at 1280 px.
    for (PointMarker* marker : {m_selectedBar, m_optimumBar}) {
        for (QLegendMarker* entry : m_barChart->legend()->markers(marker->legendEntry())) {
            if (entry->isVisible() != shown) {
                entry->setVisible(shown);
            }
        }
    }
}

void ScalingCharts::showFailureSets(bool shown)
{
    arrangeSets(m_showsLayoutTerms, shown);
}

void ScalingCharts::arrangeSets(bool layoutTerms, bool failures)
{
    if (m_countsFailures == failures && m_showsLayoutTerms == layoutTerms) {
        return;
    }
    m_countsFailures = failures;
    m_showsLayoutTerms = layoutTerms;
    // Taken out and appended again in order: a stack draws its sets in the series' order.
    const QList<QBarSet*> all{m_communication, m_tensorParallel, m_pipeline, m_dataParallel,
                              m_other,         m_straggler,      m_failure};
    for (QBarSet* set : all) {
        if (m_realSeries->barSets().contains(set)) {
            m_realSeries->take(set);
            set->setParent(this);
        }
    }
    QList<QBarSet*> wanted;
    if (layoutTerms) {
        wanted << m_tensorParallel << m_pipeline << m_dataParallel << m_other;
    } else {
        wanted << m_communication;
    }
    if (failures) {
        wanted << m_straggler << m_failure;
    }
    for (QBarSet* set : wanted) {
        m_realSeries->append(set);
    }
    applyMarkColours();                           // a set appended takes the series' theme colour
    showMarkersInBarLegend(m_markersInBarLegend); // the legend made its entries again
    chartstyle::dropItemCaches(m_barView);
}

QStringList ScalingCharts::presentationPages() const
{
    return {tr("Step time"), tr("Speed-up")};
}

void ScalingCharts::showPresentationPage(int index)
{
    m_barView->setVisible(index != 1);
    m_speedupView->setVisible(index != 0);
    m_markersInBarLegend = index == 0;
    showMarkersInBarLegend(m_markersInBarLegend);
}

void ScalingCharts::buildSpeedupChart()
{
    m_speedupChart = new QChart;
    chartstyle::applyChartStyle(m_speedupChart);

    m_speedup = new QLineSeries;
    m_idealSpeedup = new QLineSeries;
    m_linearWorkers = new QValueAxis;
    m_logWorkers = new QLogValueAxis;
    m_logWorkers->setBase(2);
    m_logWorkers->setLabelFormat(QStringLiteral("%.6g"));
    m_logWorkers->setMinorTickCount(0);
    m_linearWorkers->setLabelFormat(QStringLiteral("%.6g"));
    m_speedupAxis = new QValueAxis;
    m_speedupAxis->setLabelFormat(QStringLiteral("%.6g"));
    for (QAbstractAxis* axis :
         {static_cast<QAbstractAxis*>(m_linearWorkers), static_cast<QAbstractAxis*>(m_logWorkers),
          static_cast<QAbstractAxis*>(m_speedupAxis)}) {
        chartstyle::applyAxisStyle(axis);
    }
    m_logWorkers->setParent(this); // kept while the linear axis is the one on the chart
    m_speedupChart->addAxis(m_linearWorkers, Qt::AlignBottom);
    m_speedupChart->addAxis(m_speedupAxis, Qt::AlignLeft);

    auto* selected =
        makeMarker(QScatterSeries::MarkerShapeTriangle, chartstyle::selectedColour(), 16);
    auto* optimum = makeMarker(QScatterSeries::MarkerShapeStar, chartstyle::kOptimum, 20);
    attach(m_speedupChart, m_idealSpeedup, m_linearWorkers, m_speedupAxis);
    attach(m_speedupChart, m_speedup, m_linearWorkers, m_speedupAxis);
    attach(m_speedupChart, selected, m_linearWorkers, m_speedupAxis);
    attach(m_speedupChart, optimum, m_linearWorkers, m_speedupAxis);
    m_measuredSpeedup = makeMarker(QScatterSeries::MarkerShapeCircle, chartstyle::kLost, 10);
    attach(m_speedupChart, m_measuredSpeedup, m_linearWorkers, m_speedupAxis);
    m_selectedPoint = new PointMarker(m_speedupChart, selected);
    m_optimumPoint = new PointMarker(m_speedupChart, optimum);

    // Legend at the side: this chart is the shorter one, and on a 1280×800 projector a legend
    // row below would leave the curve a thin strip.
    m_speedupChart->legend()->setAlignment(Qt::AlignRight);

    m_speedupView = new QChartView(m_speedupChart, this);
    chartstyle::applyViewStyle(m_speedupView);
}

void ScalingCharts::applyMarkColours()
{
    // After the theme (setTheme() would overwrite these brushes), and again on every change of
    // look: the ideal hatching and the selected N's marker are dark on light, light on dark.
    m_compute->setColor(chartstyle::kCompute);
    m_compute->setBorderColor(chartstyle::kCompute.darker(130));
    m_communication->setColor(chartstyle::kCommunication);
    m_communication->setBorderColor(chartstyle::kCommunication.darker(130));
    m_straggler->setColor(chartstyle::kBubble);
    m_straggler->setBorderColor(chartstyle::kBubble.darker(130));
    m_failure->setColor(chartstyle::kLost);
    m_failure->setBorderColor(chartstyle::kLost.darker(130));
    const std::pair<QBarSet*, QColor> layoutColours[] = {
        {m_tensorParallel, kTensorParallel},
        {m_pipeline, kPipelineTerm},
        {m_dataParallel, chartstyle::kCommunication},
        {m_other, kOtherTerms}};
    for (const auto& [set, colour] : layoutColours) {
        set->setColor(colour);
        // The light fills stand off a white background by their outline.
        set->setBorderColor(chartstyle::legible(colour.darker(130)));
    }
    const QColor ideal = chartstyle::idealColour();
    m_ideal->setBrush(QBrush(ideal, Qt::BDiagPattern));
    m_ideal->setPen(QPen(ideal, 1.5));
    m_speedup->setPen(QPen(chartstyle::kCompute, 3));
    m_idealSpeedup->setPen(QPen(ideal, 2, Qt::DashLine));
    for (PointMarker* marker : {m_selectedBar, m_selectedPoint}) {
        marker->legendEntry()->setColor(chartstyle::selectedColour());
    }
    for (PointMarker* marker : {m_selectedBar, m_selectedPoint, m_optimumBar, m_optimumPoint}) {
        marker->legendEntry()->setBorderColor(chartstyle::markerBorderColour());
    }
    for (QScatterSeries* measured : {m_measuredBars, m_measuredSpeedup}) {
        measured->setColor(chartstyle::kLost); // vermillion: no other mark of this chart
        measured->setBorderColor(chartstyle::markerBorderColour());
    }
}

void ScalingCharts::applyLook()
{
    applyMarkColours();
    ChartArea::applyLook();
}

void ScalingCharts::retranslate()
{
    applyModeLabels();
    m_ideal->setLabel(m_report.physical ? tr("Ideal T(1)/N") : tr("Ideal T(1)/N (no overhead)"));
    // Short: six entries share the legend's row (the formula strip names the failure parts).
    m_straggler->setLabel(tr("Stragglers"));
    m_failure->setLabel(tr("Failures"));
    m_tensorParallel->setLabel(tr("Tensor parallel"));
    m_pipeline->setLabel(tr("Bubble + sends"));
    m_dataParallel->setLabel(tr("Data parallel"));
    m_other->setLabel(tr("Other")); // CP exchange, optimizer step: the formula names them
    m_selectedBar->legendEntry()->setName(tr("Selected N"));
    m_optimumBar->legendEntry()->setName(tr("Optimum N"));
    m_categories->setTitleText(layoutAxisTitle());

    m_speedupChart->setTitle(tr("Speed-up vs workers"));
    m_speedup->setName(tr("Speed-up T(1)/T(N)"));
    m_idealSpeedup->setName(tr("Ideal (N×)"));
    m_selectedPoint->legendEntry()->setName(tr("Selected N"));
    m_optimumPoint->legendEntry()->setName(tr("Optimum N"));
    m_measuredBars->setName(tr("Measured"));
    m_measuredSpeedup->setName(tr("Measured"));
    m_linearWorkers->setTitleText(tr("Workers N"));
    m_logWorkers->setTitleText(tr("Workers N (log scale)"));
    m_speedupAxis->setTitleText(tr("Speed-up"));
    if (!m_report.result.window.empty()) {
        updateBars(); // the value axis title carries a translated unit
        m_summary->setPlainText(summary());
    }
}

void ScalingCharts::showScenario(const simcore::Scenario& scenario)
{
    showReport(simcore::scalingReport(scenario));
}

void ScalingCharts::applyModeLabels()
{
    // Setting a bar set's label re-lays out the legend: only when the mode changes.
    const bool physical = m_report.result.mode == simcore::ScalingMode::Physical;
    const QString compute = physical ? tr("Compute") : tr("Compute T(1)/N");
    m_barChart->setTitle(physical ? tr("Step time per layout: real (solid) vs ideal (hatched)")
                                  : tr("Step time: real (solid, stacked) vs ideal (hatched)"));
    const QString communication =
        physical ? tr("Communication (not hidden)") : tr("Communication (sync)");
    if (m_compute->label() != compute) {
        m_compute->setLabel(compute);
    }
    if (m_communication->label() != communication) {
        m_communication->setLabel(communication);
    }
}

void ScalingCharts::showReport(const simcore::ScalingReport& report)
{
    const bool modeChanged = report.result.mode != m_report.result.mode;
    m_report = report;
    if (modeChanged) {
        applyModeLabels();
        // Five parts of the step share the legend's row with it in the Physical mode.
        m_ideal->setLabel(report.physical ? tr("Ideal T(1)/N") : tr("Ideal T(1)/N (no overhead)"));
    }
    arrangeSets(report.physical.has_value(), report.countsFailures);
    if (const QString title = layoutAxisTitle(); m_categories->titleText() != title) {
        m_categories->setTitleText(title);
    }
    updateBars();
    updateSpeedup();
    updateMeasured();
    m_summary->setPlainText(summary());
    m_barView->setAccessibleDescription(m_summary->plainText());
    if (m_interactive) {
        chartstyle::cacheStaticItems(m_barView);
        chartstyle::cacheStaticItems(m_speedupView);
    }
}

void ScalingCharts::updateBars()
{
    const auto& bars = m_report.bars;
    double largest = 0;
    for (const auto& bar : bars) {
        // A job that never finishes (an infinite failure part) runs off the top of the chart.
        const double solid = bar.computeSeconds + bar.communicationSeconds + bar.stragglerSeconds +
                             (std::isfinite(bar.failureSeconds) ? bar.failureSeconds : 0.0);
        largest = std::max({largest, solid, bar.idealSeconds});
    }
    for (const auto& point : m_report.measured) {
        if (point.barSlot) {
            largest = std::max(largest, point.stepSeconds); // the axis holds every drawn point
        }
    }
    m_unitSeconds = largest >= 1.0 ? 1.0 : (largest >= 1e-3 ? 1e-3 : 1e-6);
    const QString unit = m_unitSeconds == 1.0    ? tr("s")
                         : m_unitSeconds == 1e-3 ? tr("ms")
                                                 : tr("µs");
    // Every title change lays the whole chart out again, even to the same text.
    if (const QString title = tr("Step time (%1)").arg(unit); m_stepAxis->titleText() != title) {
        m_stepAxis->setTitleText(title);
    }

    QStringList categories;
    QList<qreal> compute;
    QList<qreal> communication;
    QList<qreal> straggler;
    QList<qreal> failure;
    QList<qreal> ideal;
    QList<qreal> tensorParallel;
    QList<qreal> pipeline;
    QList<qreal> dataParallel;
    QList<qreal> other;
    qsizetype selectedIndex = 0;
    qsizetype optimumIndex = 0;
    int breaks = 0;
    for (const auto& bar : bars) {
        if (bar.breakBefore) {
            // An empty slot marked "…" where counts are left out, so unequal steps are never
            // spaced as equal ones. Categories must differ: later marks get trailing spaces.
            categories << breakMark() + QString(breaks++, QLatin1Char(' '));
            for (QList<qreal>* values : {&compute, &communication, &straggler, &failure, &ideal,
                                         &tensorParallel, &pipeline, &dataParallel, &other}) {
                *values << 0.0;
            }
        }
        if (bar.selected) {
            selectedIndex = categories.size();
        }
        if (bar.optimum) {
            optimumIndex = categories.size();
        }
        if (!bar.possible) {
            // No layout has this N: an empty slot named so, never a bar of made-up height.
            categories << impossibleMark(bar.workers);
            for (QList<qreal>* values : {&compute, &communication, &straggler, &failure, &ideal,
                                         &tensorParallel, &pipeline, &dataParallel, &other}) {
                *values << 0.0;
            }
            continue;
        }
        categories << QString::number(bar.workers);
        tensorParallel << bar.tensorParallelSeconds / m_unitSeconds;
        pipeline << bar.pipelineSeconds / m_unitSeconds;
        dataParallel << bar.dataParallelSeconds / m_unitSeconds;
        other << bar.otherSeconds / m_unitSeconds;
        compute << bar.computeSeconds / m_unitSeconds;
        communication << bar.communicationSeconds / m_unitSeconds;
        straggler << bar.stragglerSeconds / m_unitSeconds;
        failure << (std::isfinite(bar.failureSeconds) ? bar.failureSeconds / m_unitSeconds
                                                      : 1.2 * largest / m_unitSeconds);
        ideal << bar.idealSeconds / m_unitSeconds;
    }
    if (m_categories->categories() != categories) {
        m_categories->setCategories(categories);
    }
    replaceValues(m_compute, compute);
    if (m_showsLayoutTerms) {
        replaceValues(m_tensorParallel, tensorParallel);
        replaceValues(m_pipeline, pipeline);
        replaceValues(m_dataParallel, dataParallel);
        replaceValues(m_other, other);
        // A term that is zero at every bar (tp = 1, pp = 1) names nothing on the chart; its
        // legend entry would only crowd the others out of the width.
        const std::pair<QBarSet*, const QList<qreal>*> terms[] = {
            {m_tensorParallel, &tensorParallel},
            {m_pipeline, &pipeline},
            {m_dataParallel, &dataParallel},
            {m_other, &other}};
        const auto entries = m_barChart->legend()->markers(m_realSeries);
        for (const auto& [set, values] : terms) {
            const bool drawn =
                std::any_of(values->begin(), values->end(), [](qreal value) { return value > 0; });
            for (QLegendMarker* entry : entries) {
                auto* barEntry = qobject_cast<QBarLegendMarker*>(entry);
                if (barEntry != nullptr && barEntry->barset() == set &&
                    entry->isVisible() != drawn) {
                    entry->setVisible(drawn);
                }
            }
        }
    } else {
        replaceValues(m_communication, communication);
    }
    if (m_countsFailures) {
        replaceValues(m_straggler, straggler);
        replaceValues(m_failure, failure);
    }
    replaceValues(m_ideal, ideal);

    const double top = largest / m_unitSeconds;
    const double markerGap = 0.06 * top;
    setValueRange(m_stepAxis, top * 1.2); // room for the markers above the tallest bar
    const auto finiteTop = [&](double seconds) {
        return std::isfinite(seconds) ? seconds / m_unitSeconds : top;
    };
    const double selectedTop = finiteTop(m_report.result.selected.stepSeconds);
    const double optimumTop = finiteTop(m_report.result.optimal.stepSeconds);
    m_selectedBar->setPoint(QPointF(static_cast<qreal>(selectedIndex), selectedTop + markerGap));
    const double optimumLift = optimumIndex == selectedIndex ? 2.2 * markerGap : markerGap;
    m_optimumBar->setPoint(QPointF(static_cast<qreal>(optimumIndex), optimumTop + optimumLift));
}

void ScalingCharts::updateSpeedup()
{
    const auto& curve = m_report.result.curve;
    QList<QPointF> speedup;
    QList<QPointF> ideal;
    speedup.reserve(static_cast<qsizetype>(curve.size()));
    ideal.reserve(static_cast<qsizetype>(curve.size()));
    double highest = 1;
    for (const auto& point : curve) {
        const auto n = static_cast<double>(point.workers);
        speedup << QPointF(n, point.speedup);
        // On a linear axis the ideal line y = N is straight: its two ends are enough.
        if (m_report.axis == simcore::AxisScale::Log || &point == &curve.front() ||
            &point == &curve.back()) {
            ideal << QPointF(n, n);
        }
        highest = std::max(highest, point.speedup);
    }
    for (const auto& point : m_report.measured) {
        highest = std::max(highest, point.speedup);
    }
    replaceIfChanged(m_speedup, speedup);
    replaceIfChanged(m_idealSpeedup, ideal);

    const double last = curve.empty() ? 2.0 : static_cast<double>(curve.back().workers);
    QAbstractAxis* wanted = m_report.axis == simcore::AxisScale::Log
                                ? static_cast<QAbstractAxis*>(m_logWorkers)
                                : static_cast<QAbstractAxis*>(m_linearWorkers);
    QAbstractAxis* current = m_speedupChart->axes(Qt::Horizontal).value(0);
    if (current != wanted) {
        const auto series = m_speedupChart->series();
        for (auto* s : series) {
            s->detachAxis(current);
        }
        m_speedupChart->removeAxis(current);
        current->setParent(this);
        m_speedupChart->addAxis(wanted, Qt::AlignBottom);
        for (auto* s : series) {
            s->attachAxis(wanted);
        }
        chartstyle::dropItemCaches(m_speedupView);
    }
    if (m_report.axis == simcore::AxisScale::Log) {
        const double logMaximum = std::max(2.0, last);
        if (m_logWorkers->min() != 1 || m_logWorkers->max() != logMaximum) {
            m_logWorkers->setRange(1, logMaximum);
        }
    } else {
        setValueRange(m_linearWorkers, std::max(2.0, last));
    }
    // The ideal line leaves the top: the gap between it and the real curve is the lesson.
    setValueRange(m_speedupAxis, highest * 1.5);
    m_selectedPoint->setPoint(QPointF(static_cast<double>(m_report.result.selected.workers),
                                      m_report.result.selected.speedup));
    m_optimumPoint->setPoint(QPointF(static_cast<double>(m_report.result.optimalWorkers),
                                     m_report.result.optimal.speedup));
}

void ScalingCharts::updateMeasured()
{
    QList<QPointF> bars;
    QList<QPointF> speedup;
    for (const auto& point : m_report.measured) {
        if (point.barSlot) {
            // Over the solid (real) bar, left of the slot's centre: a run compares with the
            // model's real step, and the selected N's triangle keeps the centre.
            bars << QPointF(static_cast<qreal>(*point.barSlot) - kSolidBarOffset,
                            point.stepSeconds / m_unitSeconds);
        }
        speedup << QPointF(static_cast<qreal>(point.workers), point.speedup);
    }
    replaceIfChanged(m_measuredBars, bars);
    replaceIfChanged(m_measuredSpeedup, speedup);
    // No legend entry while nothing was measured.
    for (auto [chart, series] :
         {std::pair{m_barChart, m_measuredBars}, std::pair{m_speedupChart, m_measuredSpeedup}}) {
        const bool shown = !m_report.measured.empty();
        for (QLegendMarker* entry : chart->legend()->markers(series)) {
            if (entry->isVisible() != shown) {
                entry->setVisible(shown);
            }
        }
    }
}

QString ScalingCharts::layoutAxisTitle() const
{
    if (!m_report.physical) {
        return tr("Workers N");
    }
    const auto& shape = m_report.physical->shape;
    const QString title = tr("Workers N = dp × %1 (tp %2 × pp %3 × cp %4)")
                              .arg(shape.unit)
                              .arg(shape.tp)
                              .arg(shape.pp)
                              .arg(shape.cp);
    const bool marked = std::any_of(m_report.bars.begin(), m_report.bars.end(),
                                    [](const simcore::ScalingBar& bar) { return !bar.possible; });
    return marked ? title + tr("; ✗ = no such layout") : title;
}

QString ScalingCharts::impossibleReason(const simcore::ScalingReport& report,
                                        const simcore::ScalingBar& bar)
{
    if (!report.physical || bar.possible) {
        return {};
    }
    const auto& terms = *report.physical;
    switch (bar.fit) {
    case simcore::LayoutFit::NotMultiple:
        return tr("✗ N = %1 is no layout: not a multiple of tp × pp × cp = %2.")
            .arg(bar.workers)
            .arg(terms.shape.unit);
    case simcore::LayoutFit::BatchNotDivisible:
        return tr("✗ N = %1 is no layout: dp = %2 replicas of b = %3 do not divide the global "
                  "batch of %4 sequences (m must be whole).")
            .arg(bar.workers)
            .arg(bar.dataParallel)
            .arg(terms.microBatch)
            .arg(terms.globalBatch);
    case simcore::LayoutFit::MicrobatchesNotMultipleOfStages:
        return tr("✗ N = %1 is no layout: the interleaved schedule needs m = B/(b × dp) a "
                  "multiple of pp = %2.")
            .arg(bar.workers)
            .arg(terms.shape.pp);
    case simcore::LayoutFit::Fits:
        break;
    }
    return {};
}

QString ScalingCharts::impossibleText() const
{
    QStringList reasons;
    for (const auto& bar : m_report.bars) {
        if (const QString reason = impossibleReason(m_report, bar); !reason.isEmpty()) {
            reasons << reason;
        }
    }
    if (!m_report.skippedWorkers.empty()) {
        QStringList counts;
        for (const auto n : m_report.skippedWorkers) {
            counts << common::formatWhole(n);
        }
        if (m_report.skippedMore) {
            counts << QStringLiteral("…");
        }
        reasons << tr("No layout (no bar): N = %1").arg(counts.join(QStringLiteral(", ")));
    }
    return reasons.join(QLatin1Char(' '));
}

QString ScalingCharts::summary() const
{
    if (!m_report.ok()) {
        return describeProblem(m_report.problems.front());
    }
    const auto value = [this](std::string_view id) { return common::formatQuantity(m_report, id); };
    const simcore::Quantity* workers = m_report.find("workers");
    if (m_report.physical) {
        const QString fastest =
            tr("Fastest step at N = %1: %2.").arg(value("optimal_workers"), value("optimal_step"));
        QString text;
        if (m_report.result.selected.possible) {
            text = tr("N = %1 = dp %2 × tp %3 × pp %4 × cp %5: %6 per step, speed-up %7, "
                      "efficiency %8.")
                       .arg(value("workers"), value("data_parallel"), value("tensor_parallel"),
                            value("pipeline_parallel"), value("context_parallel"), value("step"),
                            value("speedup"), value("efficiency"));
        }
        // The optimum is a read-out and a star: one line under the chart on a projector.
        QStringList parts{text, text.isEmpty() ? fastest : QString(), impossibleText()};
        parts.removeAll(QString());
        return parts.join(QLatin1Char(' '));
    }
    return tr("N = %1 worker(s): %2 per step (ideal %3), speed-up %4, efficiency %5. "
              "Fastest step at N = %6: %7.",
              nullptr, common::numerusOfAmount(workers ? workers->value : 2.0))
        .arg(value("workers"), value("step"), value("ideal"), value("speedup"), value("efficiency"),
             value("optimal_workers"), value("optimal_step"));
}

QString ScalingCharts::exportTitle() const
{
    return tr("dtsim — Scaling: step time and speed-up vs workers");
}

std::vector<simcore::CsvTable> ScalingCharts::csv() const
{
    return simcore::scalingCsv(m_report);
}

} // namespace dtsim::ui
