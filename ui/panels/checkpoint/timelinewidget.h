#pragma once

#include "simcore/montecarlo/montecarlo.h"
#include "ui/kit/drawnmark.h"

#include <QWidget>
#include <array>
#include <vector>

namespace dtsim::ui {

/// One simulated job drawn as a thin horizontal strip: work, the part of it spent waiting for the
/// slowest GPU (stragglers), checkpoint writes, work lost to failures and restarts in their
/// colours, failures marked above the strip, a time axis below.
///
/// A run can have hundreds of thousands of segments. They are never items: each pixel column is
/// a tiny 100 %-stacked bar of the time shares of the four kinds in it (computed once per run
/// and width), and runs of equal columns are painted as one rectangle, so a repaint costs
/// O(width) whatever the number of segments.
class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    explicit TimelineWidget(QWidget* parent = nullptr);

    /// Shows a run; `unitSeconds` and `unitName` label the time axis ("d", 86400).
    void setRun(simcore::RunResult run, double unitSeconds, const QString& unitName);
    void clear();
    /// A short line drawn at the top left, beside the legend.
    void setTitle(const QString& title);
    [[nodiscard]] const QString& title() const { return m_title; }
    [[nodiscard]] const simcore::RunResult& run() const { return m_run; }
    /// Failure marks drawn (one per pixel column at most), for tests.
    [[nodiscard]] int failureMarkCount() const { return static_cast<int>(m_failureColumns.size()); }
    /// Pixel columns whose straggler wait is drawn (at least one pixel high), for tests.
    [[nodiscard]] int stragglerColumnCount() const;

    /// The marks it draws in the current look, each with the colour around it.
    [[nodiscard]] DrawnMarks drawnMarks() const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// Seconds of each kind in one pixel column, bottom to top: useful work, straggler wait (of
    /// the work kept), write, lost work, restart.
    using Shares = std::array<float, 5>;
    void rebuildColumns();
    [[nodiscard]] QStringList legendNames() const;
    [[nodiscard]] int legendWidth() const;
    [[nodiscard]] bool legendOnOwnLine() const;
    void updateLegendLines();
    [[nodiscard]] QRect stripRect() const;

    simcore::RunResult m_run;
    double m_unitSeconds = 86400;
    QString m_unitName;
    QString m_title;
    std::vector<Shares> m_columns;
    std::vector<int> m_failureColumns;
    int m_builtWidth = -1;
    bool m_legendOnOwnLine = false;
};

} // namespace dtsim::ui
