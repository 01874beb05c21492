#pragma once
// Updating Qt Charts objects without needless work: every setter below checks first, because
// each real change makes Qt Charts lay the whole chart out again (see BENCHMARKS.md).

#include <QColor>
#include <QList>
#include <QPointF>
#include <QScatterSeries>
#include <QString>
#include <utility>

class QAbstractAxis;
class QAbstractSeries;
class QBarSet;
class QChart;
class QValueAxis;
class QXYSeries;

namespace dtsim::ui::chartupdate {

/// Adds a series to a chart and attaches it to both axes.
void attach(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y);
/// Replaces a bar set's values in place, or in bulk when the count changed; either way the set
/// (and the brush set on it by hand) survives.
void replaceValues(QBarSet* set, const QList<qreal>& values);
/// Replaces an XY series' points when they differ.
void replaceIfChanged(QXYSeries* series, const QList<QPointF>& points);
/// Qt Charts lays a curve out again (its outline stroked for hit-testing) both when its points
/// change and when an axis range moves. A batch empties each curve whose points change before
/// the caller moves the axes, then fills it once: one layout per curve instead of two.
class CurveBatch {
public:
    /// Queues `points` for `series` if they differ from its current points, and empties it.
    void set(QXYSeries* series, QList<QPointF> points);
    /// Fills every queued series; call after the axes are set.
    void apply();

private:
    QList<std::pair<QXYSeries*, QList<QPointF>>> m_pending;
};
/// A 0-based value axis with round ticks that holds `largest`, set only when it changes.
void setValueRange(QValueAxis* axis, double largest);
void setTitleIfChanged(QAbstractAxis* axis, const QString& title);
/// A marker series (one or a few points) drawn in `color` with a white border.
QScatterSeries* makeMarker(QScatterSeries::MarkerShape shape, const QColor& color, qreal size);

} // namespace dtsim::ui::chartupdate
