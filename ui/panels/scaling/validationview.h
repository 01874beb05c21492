#pragma once

#include "simcore/reports/validationreport.h"
#include "ui/kit/chartarea.h"

class QAreaSeries;
class QBarCategoryAxis;
class QBarSet;
class QChart;
class QChartView;
class QHorizontalStackedBarSeries;
class QStackedBarSeries;
class QTableWidget;
class QValueAxis;

namespace dtsim::ui {

class PointMarker;
class TextStrip;

/// The Scaling panel's Validation view: how close the training model (training.h) comes to
/// published runs (Narayanan et al. 2021 Table 1, Korthikanti et al. 2022 Table 5). A caption
/// with the count within ±15 % and the one calibrated constant; the error per run with the band
/// shaded; a table of run, metric, published, dtsim and error (each row's source in its tip);
/// and, for the selected run, its step split into the model's terms — which term the error
/// would have to come from. Draws simcore's validationReport, which reads no scenario.
class ValidationView : public ChartArea {
    Q_OBJECT
public:
    explicit ValidationView(QWidget* parent = nullptr);

    /// The runs carry their own scenarios: `scenario` is not read.
    void showScenario(const simcore::Scenario& scenario) override;
    void showReport(simcore::ValidationReport report);
    [[nodiscard]] std::vector<simcore::CsvTable> csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;
    void applyLook() override;

    [[nodiscard]] const simcore::ValidationReport& report() const { return m_report; }
    /// The run whose breakdown is shown (a row of the table, a bar of the error chart).
    void selectRun(int row);
    /// The caption over the charts: the count within the band and the calibration.
    [[nodiscard]] QString captionText() const;
    /// The line under the breakdown: the selected run, its largest term, its source.
    [[nodiscard]] QString breakdownText() const;

protected:
    void retranslate() override;

private:
    friend struct TestAccess;

    void buildErrorChart();
    void buildBreakdownChart();
    void buildTable();
    void applyColours();
    void updateErrorChart();
    void updateTable();
    void updateBreakdown();
    void keepLegendWhole();
    [[nodiscard]] QString termName(const std::string& id) const;

    simcore::ValidationReport m_report;
    int m_selected = 0;

    TextStrip* m_caption = nullptr;
    QChartView* m_errorView = nullptr;
    QChart* m_errorChart = nullptr;
    QStackedBarSeries* m_errorSeries = nullptr;
    QBarSet* m_within = nullptr;
    QBarSet* m_outside = nullptr;
    QAreaSeries* m_band = nullptr;
    QBarCategoryAxis* m_runs = nullptr;
    QValueAxis* m_errorAxis = nullptr;
    PointMarker* m_selectedMarker = nullptr;

    QTableWidget* m_table = nullptr;

    QChartView* m_breakdownView = nullptr;
    QChart* m_breakdownChart = nullptr;
    QHorizontalStackedBarSeries* m_breakdownSeries = nullptr;
    /// In stacking order: compute, TP, bubble, sends, DP, ZeRO-3, CP, optimizer.
    QList<QBarSet*> m_terms;
    QBarCategoryAxis* m_breakdownRun = nullptr;
    QValueAxis* m_secondsAxis = nullptr;
    TextStrip* m_breakdownNote = nullptr;
};

} // namespace dtsim::ui
