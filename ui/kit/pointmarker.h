#pragma once

#include <QObject>
#include <QPointF>
#include <optional>

class QChart;
class QGraphicsPathItem;
class QScatterSeries;

namespace dtsim::ui {

/// A marker at one data point of a chart (the selected N, the optimum), drawn as its own small
/// item over the plot. A scatter series' item spans the whole plot, so moving a one-point series
/// repaints the plot on every slider step; moving this item repaints two marker-sized squares.
/// The scatter series (empty, attached to the chart's axes) names the marker in the legend and
/// gives its shape, size and colour (followed when the series is recoloured).
class PointMarker : public QObject {
    Q_OBJECT
public:
    PointMarker(QChart* chart, QScatterSeries* legendEntry);

    /// Places the marker at `value`, in the coordinates of the series' axes (a bar chart's
    /// category index for x); nullopt hides it. Call after the axes are set: the marker follows
    /// the plot area by itself, but not a range change.
    void setPoint(std::optional<QPointF> value);
    [[nodiscard]] std::optional<QPointF> point() const { return m_point; }
    [[nodiscard]] QScatterSeries* legendEntry() const { return m_series; }
    /// Where the marker is drawn, in the chart's coordinates (for tests).
    [[nodiscard]] QPointF position() const;
    [[nodiscard]] bool isShown() const;

private:
    void place();
    void applyColours();
    /// Sizes the marker and its legend entry with the look's font scale (presentation mode and
    /// slides draw larger markers as they draw larger text).
    void applyScale();

    QChart* m_chart = nullptr;
    QScatterSeries* m_series = nullptr;
    QGraphicsPathItem* m_item = nullptr;
    std::optional<QPointF> m_point;
    qreal m_baseSize = 0;    ///< the legend entry's marker size at font scale 1
    double m_builtScale = 0; ///< the look's font scale the marker was last sized for
};

} // namespace dtsim::ui
