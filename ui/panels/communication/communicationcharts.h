#pragma once

#include "simcore/collectives.h"
#include "simcore/collectivesweep.h"
#include "ui/kit/chartarea.h"

#include <array>
#include <vector>

class QCategoryAxis;
class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;
class QVBoxLayout;

namespace dtsim::ui {

class RingControls;
class RingWidget;
class TextStrip;

/// The Communication panel's exportable part (seed lesson §3a, topology seed, MODELS §4):
/// - the ring all-reduce animated on real numbers (RingWidget; in the window with play, pause,
///   step, back, reset, speed and its own N; exports show it at its final state, where every GPU
///   visibly holds the mean, with the worked average in the caption);
/// - the time of one all-reduce vs N for every algorithm, with the node boundary and the chosen N;
/// - the bytes each GPU sends vs N (the ring's stay flat, the naive exchange's and a parameter
///   server's grow);
/// - the bus bandwidth vs message size at the chosen N, nccl-tests' definition, with the link
///   bandwidth and Hockney's half-peak size marking the latency-bound → bandwidth-bound turn.
/// The three charts use log₁₀ coordinates on category axes, so every tick reads in units
/// ("1 ms", "10 GB", "1 MB"); csv() holds the values in SI units.
class CommunicationCharts : public ChartArea {
    Q_OBJECT
public:
    /// Index of an algorithm's curve: allCommAlgorithms() order.
    static constexpr int kAlgorithms = 6;

    explicit CommunicationCharts(QWidget* parent = nullptr);

    void showScenario(const simcore::Scenario& scenario) override;
    [[nodiscard]] QString csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;
    /// In the window: the ring starts at step 0 with its controls, chart items are cached, and
    /// the summary line is left to the read-outs. Exports: the ring at its end, no controls.
    void setInteractive(bool interactive);

    // What was evaluated, for the panel's formula strip and read-outs, tests and benchmarks.
    [[nodiscard]] const simcore::CollectiveParams& params() const { return m_params; }
    [[nodiscard]] simcore::CommAlgorithm algorithm() const { return m_algorithm; }
    [[nodiscard]] const simcore::CollectiveCost& cost() const { return m_cost; }
    [[nodiscard]] const std::vector<simcore::WorkerSweep>& workerSweeps() const
    {
        return m_workerSweeps;
    }
    [[nodiscard]] const std::vector<simcore::SizeSweep>& sizeSweeps() const { return m_sizeSweeps; }
    /// Hockney's n½ of the chosen algorithm (bytes), 0 when undefined.
    [[nodiscard]] double halfPeakBytes() const;
    /// busbw as S → ∞ of the chosen algorithm (bytes/s).
    [[nodiscard]] double peakBusbw() const;

    [[nodiscard]] RingWidget* ring() const { return m_ring; }
    /// Null unless interactive.
    [[nodiscard]] RingControls* ringControls() const { return m_ringControls; }
    [[nodiscard]] QString ringCaption() const;
    /// x = log₁₀ n, y = log₁₀ seconds.
    [[nodiscard]] QLineSeries* timeSeries(int algorithm) const;
    /// x = log₁₀ n, y = log₁₀ bytes.
    [[nodiscard]] QLineSeries* bytesSeries(int algorithm) const;
    [[nodiscard]] QLineSeries* serverBytesSeries() const { return m_serverBytes; }
    /// x = log₁₀ bytes, y = busbw in GB/s (10⁹ bytes/s).
    [[nodiscard]] QLineSeries* busbwSeries(int algorithm) const;
    [[nodiscard]] QChartView* timeView() const { return m_timeView; }
    [[nodiscard]] QChartView* bytesView() const { return m_bytesView; }
    [[nodiscard]] QChartView* busbwView() const { return m_busView; }
    [[nodiscard]] QLineSeries* linkLine() const { return m_linkLine; }
    /// The chosen algorithm's value at the chosen N on the time chart (log₁₀ coordinates).
    [[nodiscard]] QScatterSeries* timeMarker() const { return m_timePoint; }
    [[nodiscard]] QScatterSeries* halfPeakMarker() const { return m_halfPeak; }

    /// Translated names, also used by the panel.
    [[nodiscard]] static QString algorithmName(simcore::CommAlgorithm algorithm);
    /// The busbw axis unit.
    static constexpr double kGBps = 1e9;

signals:
    /// A message for the panel's problem line (the ring's N), or empty.
    void problem(const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildCharts();
    void retranslate();
    void updateWorkerCharts();
    void updateBusbwChart();
    void updatePens();
    void updateLegend();
    /// Measures the widest tick label either log axis can show, once per font and language.
    void updateTickWidths();

    simcore::CollectiveParams m_params;
    simcore::CommAlgorithm m_algorithm = simcore::CommAlgorithm::Ring;
    simcore::CollectiveCost m_cost;
    std::vector<simcore::WorkerSweep> m_workerSweeps;
    std::vector<simcore::SizeSweep> m_sizeSweeps;
    std::int64_t m_workerLimit = 0;
    bool m_evaluated = false;
    bool m_interactive = false;
    int m_pennedAlgorithm = -1;
    QString m_tickWidthKey; ///< the font and unit words the widths below were measured with
    int m_timeTickWidth = 0; ///< px: the widest label of the time axis, ≈ 10⁻¹⁵ s … 10¹⁵ s
    int m_bytesTickWidth = 0;

    RingWidget* m_ring = nullptr;
    RingControls* m_ringControls = nullptr;
    TextStrip* m_ringCaption = nullptr;
    QVBoxLayout* m_ringColumn = nullptr;

    QChartView* m_timeView = nullptr;
    QChart* m_timeChart = nullptr;
    std::array<QLineSeries*, kAlgorithms> m_time{};
    QLineSeries* m_timeNow = nullptr;      ///< vertical line at the chosen N
    QLineSeries* m_nodeBoundary = nullptr; ///< vertical line at n = g
    QScatterSeries* m_timePoint = nullptr;
    QCategoryAxis* m_timeX = nullptr;
    QCategoryAxis* m_timeY = nullptr;

    QChartView* m_bytesView = nullptr;
    QChart* m_bytesChart = nullptr;
    std::array<QLineSeries*, kAlgorithms> m_bytes{};
    QLineSeries* m_serverBytes = nullptr;
    QLineSeries* m_bytesNow = nullptr;
    QScatterSeries* m_bytesPoint = nullptr;
    QCategoryAxis* m_bytesX = nullptr;
    QCategoryAxis* m_bytesY = nullptr;

    QChartView* m_busView = nullptr;
    QChart* m_busChart = nullptr;
    std::array<QLineSeries*, kAlgorithms> m_busbw{};
    QLineSeries* m_linkLine = nullptr; ///< the flat link's B: a ring's busbw ceiling
    QLineSeries* m_sizeNow = nullptr;  ///< vertical line at the chosen S
    QScatterSeries* m_halfPeak = nullptr;
    QCategoryAxis* m_sizeX = nullptr;
    QValueAxis* m_busY = nullptr;

    TextStrip* m_legend = nullptr;
    TextStrip* m_summary = nullptr;
};

} // namespace dtsim::ui
