#pragma once

#include "simcore/scalingreport.h"
#include "ui/kit/chartarea.h"

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;
class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QStackedBarSeries;
class QValueAxis;

namespace dtsim::ui {

class PointMarker;
class TextStrip;

/// The Scaling panel's two charts: real step time as solid stacked bars (compute +
/// communication) beside a hatched ideal bar for each worker count in the window, and speed-up
/// against the ideal line. Seed lesson §5: solid = real, hatched = ideal.
class ScalingCharts : public ChartArea {
    Q_OBJECT
public:
    explicit ScalingCharts(QWidget* parent = nullptr);

    void showScenario(const simcore::Scenario& scenario) override;
    /// Draws an evaluated report (the panel evaluates once for charts and read-outs).
    void showReport(const simcore::ScalingReport& report);
    [[nodiscard]] QString csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;
    /// Windows cache static chart items as pixmaps (see chartstyle::cacheStaticItems).
    void setInteractive(bool interactive) { m_interactive = interactive; }
    /// The step-time chart and the speed-up chart; the step-time chart alone names the markers
    /// in its own legend (beside the speed-up chart, that chart's legend names them).
    [[nodiscard]] QStringList presentationPages() const override;
    void showPresentationPage(int index) override;
    void applyLook() override;

    // For tests and the benchmark: what is drawn.
    [[nodiscard]] QBarSet* computeSet() const { return m_compute; }
    [[nodiscard]] QBarSet* communicationSet() const { return m_communication; }
    [[nodiscard]] QBarSet* idealSet() const { return m_ideal; }
    /// With scaling.count_failures the solid bars also stack these two; without, they are out
    /// of the chart (no legend entry).
    [[nodiscard]] QBarSet* stragglerSet() const { return m_straggler; }
    [[nodiscard]] QBarSet* failureSet() const { return m_failure; }
    [[nodiscard]] bool countsFailures() const { return m_countsFailures; }
    /// Physical mode: the communication bar split into the layout's terms (tensor parallel,
    /// pipeline bubble + sends, data parallel + ZeRO-3 gathers, the rest); in the series only
    /// then, the communication set out of it.
    [[nodiscard]] QBarSet* tensorParallelSet() const { return m_tensorParallel; }
    [[nodiscard]] QBarSet* pipelineSet() const { return m_pipeline; }
    [[nodiscard]] QBarSet* dataParallelSet() const { return m_dataParallel; }
    [[nodiscard]] QBarSet* otherSet() const { return m_other; }
    [[nodiscard]] bool showsLayoutTerms() const { return m_showsLayoutTerms; }
    /// The category label of an N that is no layout (no bar): "✗ 24".
    [[nodiscard]] static QString impossibleMark(std::int64_t workers);
    /// Why N (a bar that is no layout) cannot be priced, with the report's numbers; empty for a
    /// bar that is a layout.
    [[nodiscard]] static QString impossibleReason(const simcore::ScalingReport& report,
                                                  const simcore::ScalingBar& bar);
    [[nodiscard]] QBarCategoryAxis* categoryAxis() const { return m_categories; }
    [[nodiscard]] QLineSeries* speedupSeries() const { return m_speedup; }
    [[nodiscard]] QLineSeries* idealSpeedupSeries() const { return m_idealSpeedup; }
    /// The selected N's and the optimum's markers over the bars (x: the bar's slot).
    [[nodiscard]] PointMarker* selectedMarker() const { return m_selectedBar; }
    [[nodiscard]] PointMarker* optimumMarker() const { return m_optimumBar; }
    /// The same two over the speed-up curve (x: N).
    [[nodiscard]] PointMarker* selectedPoint() const { return m_selectedPoint; }
    [[nodiscard]] PointMarker* optimumPoint() const { return m_optimumPoint; }
    /// Measured step times (scaling.measured): over the bars whose N was measured (x: the
    /// bar's slot, y: the step in the value axis' unit) and over the speed-up curve (x: N).
    [[nodiscard]] QScatterSeries* measuredBarSeries() const { return m_measuredBars; }
    [[nodiscard]] QScatterSeries* measuredSpeedupSeries() const { return m_measuredSpeedup; }
    [[nodiscard]] QChartView* barView() const { return m_barView; }
    [[nodiscard]] QChartView* speedupView() const { return m_speedupView; }
    /// The category label of an empty slot where the bars leave counts out (a break mark);
    /// the second and later carry trailing spaces, as categories must differ.
    [[nodiscard]] static QString breakMark();
    /// Seconds per unit on the bar chart's value axis (0.001 when it reads in ms).
    [[nodiscard]] double barUnitSeconds() const { return m_unitSeconds; }

protected:
    void retranslate() override;

private:
    void buildBarChart();
    void buildSpeedupChart();
    void applyMarkColours();
    void applyModeLabels();
    void updateBars();
    void updateSpeedup();
    void showMarkersInBarLegend(bool shown);
    void updateMeasured();
    void showFailureSets(bool shown);
    /// Puts the series' sets in order for the mode and the failure switch: compute, then the
    /// communication set or the layout's four, then stragglers and failures.
    void arrangeSets(bool layoutTerms, bool failures);
    [[nodiscard]] QString layoutAxisTitle() const;
    [[nodiscard]] QString impossibleText() const;

    simcore::ScalingReport m_report;
    double m_unitSeconds = 1.0;
    bool m_interactive = false;

    QChartView* m_barView = nullptr;
    QChart* m_barChart = nullptr;
    QStackedBarSeries* m_realSeries = nullptr;
    QBarSet* m_compute = nullptr;
    QBarSet* m_communication = nullptr;
    QBarSet* m_straggler = nullptr;
    QBarSet* m_failure = nullptr;
    QBarSet* m_tensorParallel = nullptr;
    QBarSet* m_pipeline = nullptr;
    QBarSet* m_dataParallel = nullptr;
    QBarSet* m_other = nullptr;
    bool m_countsFailures = false;
    bool m_showsLayoutTerms = false;
    bool m_markersInBarLegend = false; ///< presentation page 0 names the markers itself
    QBarSeries* m_idealSeries = nullptr;
    QBarSet* m_ideal = nullptr;
    QBarCategoryAxis* m_categories = nullptr;
    QValueAxis* m_stepAxis = nullptr;
    PointMarker* m_selectedBar = nullptr;
    PointMarker* m_optimumBar = nullptr;
    QScatterSeries* m_measuredBars = nullptr;
    QScatterSeries* m_measuredSpeedup = nullptr;

    QChartView* m_speedupView = nullptr;
    QChart* m_speedupChart = nullptr;
    QLineSeries* m_speedup = nullptr;
    QLineSeries* m_idealSpeedup = nullptr;
    PointMarker* m_selectedPoint = nullptr;
    PointMarker* m_optimumPoint = nullptr;
    QValueAxis* m_linearWorkers = nullptr;
    QLogValueAxis* m_logWorkers = nullptr;
    QValueAxis* m_speedupAxis = nullptr;

    TextStrip* m_summary = nullptr;
};

} // namespace dtsim::ui
