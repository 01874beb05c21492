#pragma once

#include "simcore/reports/memoryreport.h"
#include "ui/kit/chartarea.h"

#include <array>
#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QCategoryAxis;
class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QStackedBarSeries;
class QValueAxis;

namespace dtsim::ui {

class TextStrip;

/// The Memory panel's chart (seed lesson §1, ZeRO paper §5): what one GPU holds — weights,
/// gradients, optimizer state, activations, buffers — as a stacked bar for each ZeRO stage of
/// the same model side by side, against horizontal lines at GPU capacities; above it a verdict
/// banner (fits or not on the chosen GPU, the fewest GPUs that fit), below it a summary line.
/// Every number comes from simcore::evaluateMemory / memoryVerdict.
class MemoryCharts : public ChartArea {
    Q_OBJECT
public:
    /// The stacked items, bottom to top.
    enum Item { Weights, Gradients, Optimizer, Activations, Buffers, ItemCount };
    static constexpr int kStages = 4;
    static constexpr double kGB = 1e9;                       ///< SI, as GPU datasheets write
    static constexpr double kGiB = 1024.0 * 1024.0 * 1024.0; ///< what the seed's "GB" is
    /// The value axis unit: GiB, the lesson's unit (its "104.3 GB" for 7B with Adam is
    /// 112e9 B / 1024³) and the one GPU memory is built in (80 GiB on an H100).
    static constexpr double kAxisUnit = kGiB;

    explicit MemoryCharts(QWidget* parent = nullptr);

    void showScenario(const simcore::Scenario& scenario) override;
    [[nodiscard]] std::vector<simcore::CsvTable> csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;
    void applyLook() override;
    /// Windows cache static chart items as pixmaps (see chartstyle::cacheStaticItems).
    void setInteractive(bool interactive) { m_interactive = interactive; }

    /// Draws an evaluated report (the panel evaluates once for the charts and the formula).
    void showReport(const simcore::MemoryReport& report);
    [[nodiscard]] const simcore::MemoryReport& report() const { return m_report; }
    /// The verdict banner's text, without markup.
    [[nodiscard]] QString verdictText() const;

    [[nodiscard]] QBarSet* itemSet(Item item) const { return m_sets[item]; }
    [[nodiscard]] QBarCategoryAxis* categoryAxis() const { return m_categories; }
    [[nodiscard]] QValueAxis* valueAxis() const { return m_valueAxis; }
    [[nodiscard]] QScatterSeries* selectedMarker() const { return m_selectedMarker; }
    [[nodiscard]] const QList<QLineSeries*>& capacityLines() const { return m_capacityLines; }
    [[nodiscard]] QChartView* view() const { return m_view; }

    // Shared names (translated), also used by the panel's controls.
    [[nodiscard]] static QString stageName(int zero);
    [[nodiscard]] static QString precisionName(simcore::Precision precision);
    [[nodiscard]] static QString optimizerName(simcore::Optimizer optimizer);
    /// "112 GB" (10⁹ bytes), "104.3 GiB" (2³⁰ bytes).
    [[nodiscard]] static QString formatGB(double bytes);
    [[nodiscard]] static QString formatGiB(double bytes);

protected:
    void retranslate() override;

private:
    void buildChart();
    void updateBars();
    void updateCapacityLines();
    void updateVerdict();

    simcore::MemoryReport m_report;
    bool m_evaluated = false;
    bool m_interactive = false;

    QChartView* m_view = nullptr;
    QChart* m_chart = nullptr;
    QStackedBarSeries* m_series = nullptr;
    std::array<QBarSet*, ItemCount> m_sets{};
    QBarCategoryAxis* m_categories = nullptr;
    QValueAxis* m_valueAxis = nullptr;
    QCategoryAxis* m_capacityAxis = nullptr;
    QScatterSeries* m_selectedMarker = nullptr;
    QList<QLineSeries*> m_capacityLines;
    QList<const simcore::GpuSpec*> m_capacityGpus;         ///< what m_capacityLines show, in order
    const simcore::GpuSpec* m_chosenCapacityGpu = nullptr; ///< drawn as the chosen one
    TextStrip* m_verdict = nullptr;
    int m_verdictState = -1; ///< 1 fits, 0 does not, 2 problem: the banner's colours
    TextStrip* m_summary = nullptr;
};

} // namespace dtsim::ui
