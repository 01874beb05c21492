#pragma once
// Updating Qt Charts objects without needless work: every setter below checks first, because
// each real change makes Qt Charts lay the whole chart out again (see BENCHMARKS.md).

#include <QColor>
#include <QList>
#include <QPointF>
#include <QScatterSeries>
#include <QString>

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
/// A 0-based value axis with round ticks that holds `largest`, set only when it changes.
void setValueRange(QValueAxis* axis, double largest);
void setTitleIfChanged(QAbstractAxis* axis, const QString& title);
/// A marker series (one or a few points) drawn in `color` with a white border.
QScatterSeries* makeMarker(QScatterSeries::MarkerShape shape, const QColor& color, qreal size);
/// simcore's shortest round-trip number text, for CSV cells.
QString csvNumber(double value);

} // namespace dtsim::ui::chartupdate
