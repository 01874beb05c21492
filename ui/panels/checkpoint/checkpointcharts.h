#pragma once

#include "simcore/checkpointreport.h"
#include "ui/kit/chartarea.h"

#include <QPointer>
#include <atomic>
#include <memory>

class QAreaSeries;
class QChart;
class QChartView;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QThread;
class QTimer;
class QValueAxis;

namespace dtsim::ui {

class TextStrip;
class TimelineWidget;

/// The Checkpoint panel's charts (lesson §3, MODELS §6): wasted-time fraction vs checkpoint
/// interval on a log axis, stacked by part (writes, lost work, restarts), with Daly's and
/// Young's optimum and the current interval marked; a histogram of Monte-Carlo completion times
/// with the mean and Daly's expected time; one simulated run as a timeline strip.
///
/// The sweep is redrawn on every edit. The Monte-Carlo batch is synchronous by default (export
/// and `dtsim export` need the complete picture); a window panel calls setAsynchronous(true):
/// the batch then runs on a worker thread, at most one at a time, a stale batch is cancelled
/// through MonteCarloOptions::cancel, and only the newest result is drawn.
class CheckpointCharts : public ChartArea {
    Q_OBJECT
public:
    explicit CheckpointCharts(QWidget* parent = nullptr);
    ~CheckpointCharts() override;

    void showScenario(const simcore::Scenario& scenario) override;
    /// Draws an evaluated report and starts (or reuses) the Monte-Carlo batch for it.
    void showReport(const simcore::CheckpointReport& report, std::int64_t runs, std::uint64_t seed);
    [[nodiscard]] QString csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;
    /// Wasted time against the interval, and the Monte-Carlo runs (histogram and one run).
    [[nodiscard]] QStringList presentationPages() const override;
    void showPresentationPage(int index) override;
    void applyLook() override;

    void setAsynchronous(bool asynchronous) { m_asynchronous = asynchronous; }
    /// A synchronous batch that runs past a second reports how far it is to `progress`.
    void reportLongWorkTo(common::WorkProgress progress) override
    {
        m_progress = std::move(progress);
    }
    [[nodiscard]] bool isAsynchronous() const { return m_asynchronous; }
    /// Windows cache static chart items as pixmaps (see chartstyle::cacheStaticItems).
    /// In a window the read-outs beside the charts say what the summary line says, so it is
    /// hidden there (still the charts' accessible description); exports show it.
    void setInteractive(bool interactive);

    /// True while a batch runs or is about to start (edits are let settle first).
    [[nodiscard]] bool isMonteCarloRunning() const;
    /// Batches started and batches dropped (cancelled or superseded) so far, for tests.
    [[nodiscard]] int monteCarloStarts() const { return m_starts; }
    [[nodiscard]] int monteCarloDropped() const { return m_dropped; }

    // For tests and the benchmark: what is drawn.
    [[nodiscard]] const simcore::CheckpointReport& report() const { return m_report; }
    [[nodiscard]] const simcore::MonteCarloSummary& monteCarlo() const { return m_monteCarlo; }
    /// Cumulative tops of the stack (writes, + lost, + restarts) at each interval; x in minutes,
    /// y in percent.
    [[nodiscard]] QLineSeries* writeTop() const { return m_writeUpper; }
    [[nodiscard]] QLineSeries* lostTop() const { return m_lostUpper; }
    [[nodiscard]] QLineSeries* restartTop() const { return m_restartUpper; }
    [[nodiscard]] QLineSeries* dalyLine() const { return m_dalyLine; }
    [[nodiscard]] QLineSeries* youngLine() const { return m_youngLine; }
    [[nodiscard]] QLineSeries* currentLine() const { return m_currentLine; }
    [[nodiscard]] QLogValueAxis* intervalAxis() const { return m_intervalAxis; }
    /// The histogram outline: four points per bin (0, count, count, 0); x in histogramUnit().
    [[nodiscard]] QLineSeries* histogramOutline() const { return m_histUpper; }
    [[nodiscard]] QLineSeries* meanLine() const { return m_meanLine; }
    [[nodiscard]] QLineSeries* expectedLine() const { return m_expectedLine; }
    [[nodiscard]] double histogramUnitSeconds() const { return m_timeUnit; }
    [[nodiscard]] TimelineWidget* timeline() const { return m_timeline; }
    [[nodiscard]] QString monteCarloCaption() const;
    [[nodiscard]] QChartView* wasteView() const { return m_wasteView; }
    [[nodiscard]] QChartView* histogramView() const { return m_histView; }

    /// Interval axis unit: minutes.
    static constexpr double kIntervalUnitSeconds = 60.0;

signals:
    void monteCarloStarted();
    /// A batch result is drawn (synchronous or asynchronous).
    void monteCarloFinished();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Job;
    void buildWasteChart();
    void buildHistogramChart();
    void retranslate();
    void updateWaste();
    void requestMonteCarlo(const simcore::CheckpointParams& params, std::int64_t runs,
                           std::uint64_t seed);
    void launch();
    void jobFinished(const std::shared_ptr<Job>& job);
    void applyMonteCarlo(simcore::MonteCarloSummary summary);
    void updateHistogram();
    void updateCaption();

    simcore::CheckpointReport m_report;
    simcore::MonteCarloSummary m_monteCarlo;
    bool m_asynchronous = false;
    common::WorkProgress m_progress;
    bool m_interactive = false;
    double m_timeUnit = 86400;

    // The batch wanted now, and the one running (at most one thread at a time).
    simcore::CheckpointParams m_wantedParams;
    std::int64_t m_wantedRuns = 0;
    std::uint64_t m_wantedSeed = 0;
    quint64 m_wantedGeneration = 0;
    bool m_haveWanted = false;
    std::shared_ptr<Job> m_running;
    QTimer* m_progressTimer = nullptr;
    QTimer* m_launchDelay = nullptr;
    int m_starts = 0;
    int m_dropped = 0;

    QChartView* m_wasteView = nullptr;
    QChart* m_wasteChart = nullptr;
    QAreaSeries* m_writeArea = nullptr;
    QAreaSeries* m_lostArea = nullptr;
    QAreaSeries* m_restartArea = nullptr;
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
    QLineSeries* m_histUpper = nullptr;
    QLineSeries* m_meanLine = nullptr;
    QLineSeries* m_expectedLine = nullptr;
    QValueAxis* m_timeAxis = nullptr;
    QValueAxis* m_countAxis = nullptr;

    TimelineWidget* m_timeline = nullptr;
    TextStrip* m_caption = nullptr;
    TextStrip* m_summary = nullptr;
};

} // namespace dtsim::ui
