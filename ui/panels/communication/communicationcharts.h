#pragma once

#include "simcore/reports/communicationreport.h"
#include "ui/kit/chartarea.h"

#include <QScatterSeries>
#include <QStringList>
#include <array>

class QCategoryAxis;
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
class QVBoxLayout;

namespace dtsim::ui {

class RingControls;
class RingWidget;
class TextStrip;

/// The Communication panel's exportable part (seed lesson §3a, topology seed, MODELS §4):
/// - the ring all-reduce animated on real numbers (RingWidget; in the window with play, pause,
///   step, back, reset and speed; exports show it at its final state, where every GPU visibly
///   holds the mean, with the worked average in the caption). It has the report's N, up to
///   RingPlayback::kMaxWorkers, and a note says when it shows fewer; it runs only when the ring
///   is the chosen algorithm, and a note says why another one is not animated;
/// - the time of one all-reduce vs N for every algorithm, with the node boundary and the chosen N;
/// - the bytes each GPU sends vs N (the ring's stay flat, the naive exchange's and a parameter
///   server's grow);
/// - the bus bandwidth vs message size at the chosen N, nccl-tests' definition, with the link
///   bandwidth and Hockney's half-peak size marking the latency-bound → bandwidth-bound turn.
/// The three charts use log₁₀ coordinates on category axes, so every tick reads in units
/// ("1 ms", "10 GB", "1 MB"); csv() holds the values in SI units. Every number drawn is the
/// CommunicationReport's.
class CommunicationCharts : public ChartArea {
    Q_OBJECT
public:
    /// Index of an algorithm's curve: allCommAlgorithms() order.
    static constexpr int kAlgorithms = 6;

    explicit CommunicationCharts(QWidget* parent = nullptr);

    /// showReport(simcore::communicationReport(scenario)).
    void showScenario(const simcore::Scenario& scenario) override;
    /// Draws an evaluated report (the panel evaluates once for charts, read-outs and formula).
    void showReport(const simcore::CommunicationReport& report);
    [[nodiscard]] std::vector<simcore::CsvTable> csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;
    /// The ring animation, and the three charts of cost against N and message size.
    [[nodiscard]] QStringList presentationPages() const override;
    void showPresentationPage(int index) override;
    void applyLook() override;
    /// In the window: the ring starts at step 0 with its controls, chart items are cached, and
    /// the summary line is left to the read-outs. Exports: the ring at its end, no controls.
    void setInteractive(bool interactive);
    /// What the charts and the legend show. By default five entries a class tells apart: the
    /// chosen algorithm and the lesson's main ones (three curves: ring, naive, hierarchical, then
    /// tree), the chosen N and S, and the node edge. `all` adds every algorithm, the server's
    /// bytes, the link bandwidth and the half-peak size.
    void setShowAll(bool all);
    [[nodiscard]] bool showsAll() const { return m_showAll; }
    /// Whether the algorithm's curves are drawn on the three charts.
    [[nodiscard]] bool isAlgorithmShown(simcore::CommAlgorithm algorithm) const;
    /// The legend's entries that have a swatch, one text each, in order (tests).
    [[nodiscard]] const QStringList& legendEntries() const { return m_legendEntries; }

    /// What is drawn (tests, benchmarks).
    [[nodiscard]] const simcore::CommunicationReport& report() const { return m_report; }

    [[nodiscard]] RingWidget* ring() const { return m_ring; }
    /// Null unless interactive.
    [[nodiscard]] RingControls* ringControls() const { return m_ringControls; }
    [[nodiscard]] QString ringCaption() const;
    /// Whether the ring animation is drawn: the ring chosen, N ≥ 2, the report without problems.
    [[nodiscard]] bool animatesRing() const { return m_animatesRing; }
    /// What the panel says about the animation beside it (fewer GPUs than N, or another
    /// algorithm chosen), plain text; empty when the ring shows the report's N.
    [[nodiscard]] QString ringNote() const;
    /// x = log₁₀ n, y = log₁₀ seconds.
    [[nodiscard]] QLineSeries* timeSeries(int algorithm) const;
    /// x = log₁₀ n, y = log₁₀ bytes.
    [[nodiscard]] QLineSeries* bytesSeries(int algorithm) const;
    [[nodiscard]] QLineSeries* serverBytesSeries() const { return m_serverBytes; }
    /// x = log₁₀ bytes, y = busbw in GB/s (10⁹ bytes/s).
    [[nodiscard]] QLineSeries* busbwSeries(int algorithm) const;
    [[nodiscard]] QChartView* timeView() const { return m_time.view; }
    [[nodiscard]] QChartView* bytesView() const { return m_bytes.view; }
    [[nodiscard]] QChartView* busbwView() const { return m_busbw.view; }
    [[nodiscard]] QLineSeries* linkLine() const { return m_linkLine; }
    /// The chosen algorithm's value at the chosen N on the time chart (log₁₀ coordinates).
    [[nodiscard]] QScatterSeries* timeMarker() const { return m_time.marker; }
    [[nodiscard]] QScatterSeries* halfPeakMarker() const { return m_busbw.marker; }

    /// Translated names, also used by the panel.
    [[nodiscard]] static QString algorithmName(simcore::CommAlgorithm algorithm);
    /// The busbw axis unit.
    static constexpr double kGBps = 1e9;

protected:
    void retranslate() override;

private:
    /// One of the three charts: a line per algorithm, a vertical line at the chosen N (or S)
    /// and a marker on it, over a log₁₀ category axis.
    struct SweepChart {
        QChart* chart = nullptr;
        QChartView* view = nullptr;
        QCategoryAxis* x = nullptr;
        std::array<QLineSeries*, kAlgorithms> lines{};
        QLineSeries* now = nullptr;
        QScatterSeries* marker = nullptr;
    };
    /// A sweep chart on axis `y`: `behind` under the algorithms' lines, `above` over them.
    SweepChart makeSweepChart(QAbstractAxis* y, QLineSeries* behind, QLineSeries* above,
                              QScatterSeries::MarkerShape marker, qreal markerSize);

    void buildCharts();
    /// The ring's N and whether it runs, from the report.
    void updateRing();
    [[nodiscard]] QString ringNoteText() const;
    /// Shows the ring's parts the page and the algorithm ask for (hiding first).
    void showRingParts();
    void updateWorkerCharts();
    void updateBusbwChart();
    void updatePens();
    /// Shows the curves and marks setShowAll asks for; only what changed.
    void updateShown();
    void updateLegend();
    /// Measures the widest tick label either log axis can show, once per font and language.
    void updateTickWidths();

    simcore::CommunicationReport m_report;
    bool m_evaluated = false;
    bool m_interactive = false;
    bool m_showAll = false;
    int m_pennedAlgorithm = -1;
    QStringList m_legendEntries;
    QString m_tickWidthKey; ///< the font and unit words the widths below were measured with
    int m_timeTickWidth = 0; ///< px: the widest label of the time axis, ≈ 10⁻¹⁵ s … 10¹⁵ s
    int m_bytesTickWidth = 0;

    RingWidget* m_ring = nullptr;
    RingControls* m_ringControls = nullptr;
    TextStrip* m_ringCaption = nullptr;
    TextStrip* m_ringNote = nullptr;
    bool m_animatesRing = true;
    int m_page = -1; ///< the presentation page shown, -1 for all
    QVBoxLayout* m_ringColumn = nullptr;

    SweepChart m_time; ///< seconds against N
    QCategoryAxis* m_timeY = nullptr;
    QLineSeries* m_nodeBoundary = nullptr; ///< vertical line at n = g
    SweepChart m_bytes;                    ///< bytes per GPU against N
    QCategoryAxis* m_bytesY = nullptr;
    QLineSeries* m_serverBytes = nullptr; ///< the parameter server's own bytes
    SweepChart m_busbw;                   ///< busbw against S; its marker is n½
    QValueAxis* m_busY = nullptr;
    QLineSeries* m_linkLine = nullptr; ///< the flat link's B: a ring's busbw ceiling

    TextStrip* m_legend = nullptr;
    TextStrip* m_summary = nullptr;
};

} // namespace dtsim::ui
