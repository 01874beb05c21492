#pragma once

#include "simcore/plan/planner.h"
#include "ui/kit/paintedchartarea.h"

#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <vector>

namespace dtsim::ui {

/// The Plan panel's pictures (SPEC §7), painted from a PlanReport: the tp × pp map of the best
/// throughput (a cell without a layout that fits says why), the Pareto front of step time vs
/// memory per GPU, and the fastest layouts as stacked bars of their step's terms, so the reason
/// the runner-up loses (a bubble, TP across nodes, exposed gathers) is in view. A click on a bar
/// selects that layout (the panel's "Use this layout" applies it).
class PlanCharts : public PaintedChartArea {
    Q_OBJECT
public:
    explicit PlanCharts(QWidget* parent = nullptr);

    void showScenario(const simcore::Scenario& scenario) override;
    void showReport(const simcore::PlanReport& report);
    [[nodiscard]] const simcore::PlanReport& report() const { return m_report; }
    [[nodiscard]] std::vector<simcore::CsvTable> csv() const override;
    [[nodiscard]] QString summary() const override;
    [[nodiscard]] QString exportTitle() const override;
    [[nodiscard]] DrawnMarks drawnMarks() const override;
    /// Presentation mode: the map, the Pareto front and the fastest layouts, one at a time.
    [[nodiscard]] QStringList presentationPages() const override;
    void showPresentationPage(int index) override;

    /// The layouts drawn as bars (the fastest few).
    static constexpr int kBars = 5;
    /// Which of report().layouts is selected (0 = the fastest); -1 when none fits.
    [[nodiscard]] int selectedLayout() const { return m_selected; }
    void selectLayout(int index);

    /// A newer plan is being searched: the title says "updating…" beside the plan drawn.
    void setUpdating(bool updating);
    [[nodiscard]] bool isUpdating() const { return m_updating; }

    /// The map cell's text: its best throughput, or why it holds no layout that fits.
    [[nodiscard]] static QString cellText(const simcore::PlanCell& cell);

    /// Where the tp × pp map is drawn: its grid of cells and the fonts of the cells' texts and
    /// of the tp and pp labels, laid out with the rest (empty when the map is not shown).
    struct MapLayout {
        QRectF grid;
        QSizeF cell;
        QFont cellFont;
        QFont axisFont;
        double rowLabelWidth = 0;
    };
    [[nodiscard]] const MapLayout& mapLayout() const;
    /// The cells' text area inside a cell of `cell` size (the box less its frame and padding).
    [[nodiscard]] static QSizeF cellTextSize(QSizeF cell);
    /// The largest font, from the title's size down to 3/4 of the labels' (both grow with the
    /// look, as every chart's text does), in which each text fits a cell's text area whole,
    /// wrapped at spaces, no word broken; the smallest when none does.
    [[nodiscard]] static QFont fitCellFont(const QStringList& texts, QSizeF cell);
    /// "dp 128 · tp 8 · pp 16 · cp 1 · b 1 · interleaved v 2 · selective · ZeRO-1 · SP"
    [[nodiscard]] static QString layoutText(const simcore::PlanLayout& layout);

signals:
    void selectionChanged(int index);

protected:
    void buildGeometry() override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    struct Term {
        QString name;
        QColor colour;
    };
    [[nodiscard]] static std::vector<Term> terms();
    [[nodiscard]] static std::vector<double> termSeconds(const simcore::PlanLayout& layout);

    /// The title in `width` pixels of the title font.
    [[nodiscard]] QString titleText(double width) const;
    void paintMap(QPainter& painter) const;
    void paintPareto(QPainter& painter) const;
    void paintBars(QPainter& painter) const;

    simcore::PlanReport m_report;
    int m_selected = -1;
    int m_page = -1; ///< presentationPages() index shown alone, -1 = all
    bool m_updating = false;
    // Geometry, laid out by buildGeometry.
    QRectF m_titleRect;
    QRectF m_mapRect;
    MapLayout m_map;
    QRectF m_paretoRect;
    QRectF m_barsRect;
    std::vector<QRectF> m_barRows;
};

} // namespace dtsim::ui
