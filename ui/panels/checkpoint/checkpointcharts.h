#pragma once

#include "simcore/models/goodput.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/goodputreport.h"
#include "ui/kit/chartarea.h"
#include "ui/kit/newestrequestworker.h"

class QAreaSeries;
class QBarCategoryAxis;
class QBarSet;
class QChart;
class QChartView;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QHBoxLayout;
class QTabBar;
class QTimer;
class QValueAxis;

namespace dtsim::ui {

class TextStrip;
class TimelineWidget;

/// The Checkpoint panel's charts (lesson §3, MODELS §6): wasted-time fraction vs checkpoint
/// interval on a log axis, stacked by part (writes, lost work, restarts), with Daly's and
/// Young's optimum and the current interval marked; a histogram of Monte-Carlo completion times
/// with the mean and Daly's expected time; one simulated run as a timeline strip; goodput vs
/// the number of GPUs at the optimal and the current interval (the goodput report, MODELS §9)
/// with the job's N marked; the Llama 3 paper's interruptions by cause (its Table 5).
///
/// The sweep is redrawn on every edit. The Monte-Carlo batch is synchronous by default (export
/// and `dtsim export` need the complete picture); a window panel calls setAsynchronous(true):
/// the batch then runs on a NewestRequestWorker, at most one at a time, a stale batch is
/// cancelled through MonteCarloOptions::cancel, and only the newest result is drawn.
class CheckpointCharts : public ChartArea {
    Q_OBJECT
public:
    explicit CheckpointCharts(QWidget* parent = nullptr);

    void showScenario(const simcore::Scenario& scenario) override;
    /// Draws an evaluated report and starts (or reuses) the Monte-Carlo batch for it.
    void showReport(const simcore::CheckpointReport& report, std::int64_t runs, std::uint64_t seed);
    /// The same, with the goodput report of the same scenario for the goodput and failure charts.
    void showReport(const simcore::CheckpointReport& report, const simcore::GoodputReport& goodput,
                    std::int64_t runs, std::uint64_t seed);
    [[nodiscard]] std::vector<simcore::CsvTable> csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;
    /// One sentence on the goodput chart (its accessible description, and the summary's end).
    [[nodiscard]] QString goodputSummary() const;
    /// Wasted time against the interval, the Monte-Carlo runs (histogram and one run), goodput
    /// against N, and the failures by cause.
    [[nodiscard]] QStringList presentationPages() const override;
    void showPresentationPage(int index) override;
    void applyLook() override;

    void setAsynchronous(bool asynchronous) { m_asynchronous = asynchronous; }
    /// Whether the Monte-Carlo runs, and the goodput or failure charts, are shown now (a
    /// window's tab or a presentation page; both when everything is shown).
    [[nodiscard]] bool showsMonteCarlo() const { return m_showsMonteCarlo; }
    [[nodiscard]] bool showsGoodput() const { return m_showsGoodput; }
    /// A synchronous batch that runs past a second reports how far it is to `progress`.
    void reportLongWorkTo(common::WorkProgress progress) override
    {
        m_progress = std::move(progress);
    }
    /// Windows cache static chart items as pixmaps (see chartstyle::cacheStaticItems).
    /// In a window the read-outs beside the charts say what the summary line says, so it is
    /// hidden there (still the charts' accessible description); exports show it.
    void setInteractive(bool interactive);

    /// True while a batch runs or is about to start (edits are let settle first).
    [[nodiscard]] bool isMonteCarloRunning() const;

    /// The report drawn.
    [[nodiscard]] const simcore::CheckpointReport& report() const { return m_report; }

    /// Interval axis unit: minutes.
    static constexpr double kIntervalUnitSeconds = 60.0;

signals:
    /// The tab or presentation page changed what is shown (showsMonteCarlo, showsGoodput).
    void shownViewsChanged();
    void monteCarloStarted();
    /// A batch result is drawn (synchronous or asynchronous).
    void monteCarloFinished();

protected:
    void retranslate() override;

private:
    friend struct TestAccess;

    /// What a batch is run for; an edit that asks for the same batch starts none.
    struct MonteCarloRequest {
        simcore::CheckpointParams params;
        simcore::StragglerSteps stragglers;
        std::int64_t runs = 0;
        std::uint64_t seed = 0;
        bool operator==(const MonteCarloRequest&) const = default;
    };

    void buildWasteChart();
    void buildHistogramChart();
    void buildGoodputChart();
    void buildFailureChart();
    void updateGoodput();
    void applyGoodputColours();
    void updateWaste();
    void requestMonteCarlo(const MonteCarloRequest& request);
    void applyMonteCarlo(simcore::MonteCarloSummary summary);
    void forgetMonteCarlo();
    void updateHistogram();
    void updateCaption();

    simcore::CheckpointReport m_report;
    simcore::MonteCarloSummary m_monteCarlo;
    simcore::GoodputReport m_goodput;
    bool m_asynchronous = false;
    common::WorkProgress m_progress;
    bool m_interactive = false;
    double m_timeUnit = 86400; ///< seconds per unit of the histogram's time axis

    // The batch wanted now, and the worker that runs the newest one wanted (asynchronous).
    MonteCarloRequest m_wanted;
    bool m_haveWanted = false;
    NewestRequestWorker<MonteCarloRequest, simcore::MonteCarloSummary> m_batches;
    QTimer* m_progressTimer = nullptr;

    QChartView* m_wasteView = nullptr;
    QChart* m_wasteChart = nullptr;
    QAreaSeries* m_writeArea = nullptr;
    QAreaSeries* m_lostArea = nullptr;
    QAreaSeries* m_restartArea = nullptr;
    // Cumulative tops of the stack (writes, + lost, + restarts) at each interval; x in minutes,
    // y in percent.
    QLineSeries* m_writeUpper = nullptr;
    QLineSeries* m_lostLower = nullptr;
    QLineSeries* m_lostUpper = nullptr;
    QLineSeries* m_restartLower = nullptr;
    QLineSeries* m_restartUpper = nullptr;
    QLineSeries* m_dalyLine = nullptr;
    QLineSeries* m_youngLine = nullptr;
    QLineSeries* m_currentLine = nullptr;
    QScatterSeries* m_currentPoint = nullptr;
    QScatterSeries* m_optimumPoint = nullptr;
    QLogValueAxis* m_intervalAxis = nullptr;
    QValueAxis* m_wasteAxis = nullptr;

    QChartView* m_histView = nullptr;
    QChart* m_histChart = nullptr;
    QAreaSeries* m_histArea = nullptr;
    /// The histogram outline: four points per bin (0, count, count, 0); x in m_timeUnit.
    QLineSeries* m_histUpper = nullptr;
    QLineSeries* m_meanLine = nullptr;
    QLineSeries* m_expectedLine = nullptr;
    QValueAxis* m_timeAxis = nullptr;
    QValueAxis* m_countAxis = nullptr;

    QChartView* m_goodputView = nullptr;
    QChart* m_goodputChart = nullptr;
    // Goodput (percent) against N at Daly's interval and at the scenario's, and the job's N as
    // a vertical line; x in GPUs.
    QLineSeries* m_goodputOptimal = nullptr;
    QLineSeries* m_goodputCurrent = nullptr;
    QLineSeries* m_chosenGpus = nullptr;
    QLogValueAxis* m_gpusAxis = nullptr;
    QValueAxis* m_goodputAxis = nullptr;

    QChartView* m_failureView = nullptr;
    QChart* m_failureChart = nullptr;
    QBarSet* m_failureSet = nullptr; ///< per cause, the table's last row first (largest on top)
    QBarCategoryAxis* m_causeAxis = nullptr;
    QValueAxis* m_countAxisFailures = nullptr;

    TimelineWidget* m_timeline = nullptr;
    QTabBar* m_viewTabs = nullptr;   ///< a window's three views (hidden in exports, presentation)
    QHBoxLayout* m_topRow = nullptr; ///< wasted time | goodput
    QHBoxLayout* m_middleRow = nullptr; ///< histogram | causes
    int m_page = -1;                    ///< the presentation page shown, −1 for all
    bool m_showsMonteCarlo = true;
    bool m_showsGoodput = true;
    /// A batch can run for this report (its job length is known): else the histogram and the
    /// timeline leave the screen, and the caption says why, rather than show an empty chart.
    bool m_monteCarloPossible = true;
    TextStrip* m_caption = nullptr;
    TextStrip* m_summary = nullptr;
};

} // namespace dtsim::ui
