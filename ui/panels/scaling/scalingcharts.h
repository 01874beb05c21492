#pragma once

#include "simcore/reports/scalingreport.h"
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
    [[nodiscard]] std::vector<simcore::CsvTable> csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;
    /// Windows cache static chart items as pixmaps (see chartstyle::cacheStaticItems).
    void setInteractive(bool interactive) { m_interactive = interactive; }
    /// The step-time chart and the speed-up chart; the step-time chart alone names the markers
    /// in its own legend (beside the speed-up chart, that chart's legend names them).
    [[nodiscard]] QStringList presentationPages() const override;
    void showPresentationPage(int index) override;
    void applyLook() override;

    /// The category label of an N that is no layout (no bar): "✗ 24".
    [[nodiscard]] static QString impossibleMark(std::int64_t workers);
    /// Why N (a bar that is no layout) cannot be priced, with the report's numbers; empty for a
    /// bar that is a layout.
    [[nodiscard]] static QString impossibleReason(const simcore::ScalingReport& report,
                                                  const simcore::ScalingBar& bar);
    /// The category label of an empty slot where the bars leave counts out (a break mark);
    /// the second and later carry trailing spaces, as categories must differ.
    [[nodiscard]] static QString breakMark();

protected:
    void retranslate() override;

private:
    friend struct TestAccess;

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
    double m_unitSeconds = 1.0; ///< per unit of the bars' value axis (0.001 when it reads in ms)
    bool m_interactive = false;

    QChartView* m_barView = nullptr;
    QChart* m_barChart = nullptr;
    QStackedBarSeries* m_realSeries = nullptr;
    QBarSet* m_compute = nullptr;
    QBarSet* m_communication = nullptr;
    // With scaling.count_failures the solid bars also stack these two; without, they are out of
    // the chart (no legend entry).
    QBarSet* m_straggler = nullptr;
    QBarSet* m_failure = nullptr;
    // Physical mode: the communication bar split into the layout's terms (tensor parallel,
    // pipeline bubble + sends, data parallel + ZeRO-3 gathers, the rest); in the series only
    // then, the communication set out of it.
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
    // The selected N's and the optimum's markers over the bars (x: the bar's slot).
    PointMarker* m_selectedBar = nullptr;
    PointMarker* m_optimumBar = nullptr;
    // Measured step times (scaling.measured): over the bars whose N was measured (x: the bar's
    // slot, y: the step in the value axis' unit) and over the speed-up curve (x: N).
    QScatterSeries* m_measuredBars = nullptr;
    QScatterSeries* m_measuredSpeedup = nullptr;

    QChartView* m_speedupView = nullptr;
    QChart* m_speedupChart = nullptr;
    QLineSeries* m_speedup = nullptr;
    QLineSeries* m_idealSpeedup = nullptr;
    // The same two markers over the speed-up curve (x: N).
    PointMarker* m_selectedPoint = nullptr;
    PointMarker* m_optimumPoint = nullptr;
    QValueAxis* m_linearWorkers = nullptr;
    QLogValueAxis* m_logWorkers = nullptr;
    QValueAxis* m_speedupAxis = nullptr;

    TextStrip* m_summary = nullptr;
};

} // namespace dtsim::ui
