#include "ui/kit/chartupdate.h"

#include "simcore/scenario/scenario.h"
#include "ui/kit/axisrange.h"
#include "ui/kit/chartstyle.h"

#include <QAbstractAxis>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>
#include <QXYSeries>

namespace dtsim::ui::chartupdate {

void attach(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y)
{
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

void replaceValues(QBarSet* set, const QList<qreal>& values)
{
    qsizetype differing = 0;
    if (set->count() == values.size()) {
        for (qsizetype i = 0; i < values.size(); ++i) {
            differing += set->at(i) != values[i] ? 1 : 0;
        }
    }
    // Each replace() lays the bars out again: past a couple of changes, one bulk swap is cheaper.
    if (set->count() != values.size() || differing > 2) {
        set->remove(0, set->count());
        set->append(values);
        return;
    }
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (set->at(i) != values[i]) {
            set->replace(i, values[i]);
        }
    }
}

void replaceIfChanged(QXYSeries* series, const QList<QPointF>& points)
{
    if (series->points() != points) {
        series->replace(points);
    }
}

void CurveBatch::set(QXYSeries* series, QList<QPointF> points)
{
    if (series->points() == points) {
        return;
    }
    if (series->count() > 0) {
        series->clear();
    }
    m_pending.append({series, std::move(points)});
}

void CurveBatch::apply()
{
    for (auto& [series, points] : m_pending) {
        series->replace(points);
    }
    m_pending.clear();
}

void setValueRange(QValueAxis* axis, double largest)
{
    const NiceRange range = niceRangeFromZero(largest);
    if (axis->min() != 0 || axis->max() != range.maximum) {
        axis->setRange(0, range.maximum);
    }
    if (axis->tickCount() != range.ticks) {
        axis->setTickCount(range.ticks);
    }
}

void setTitleIfChanged(QAbstractAxis* axis, const QString& title)
{
    if (axis->titleText() != title) {
        axis->setTitleText(title);
    }
}

QScatterSeries* makeMarker(QScatterSeries::MarkerShape shape, const QColor& color, qreal size)
{
    auto* marker = new QScatterSeries;
    marker->setMarkerShape(shape);
    marker->setMarkerSize(size);
    marker->setColor(color);
    marker->setBorderColor(chartstyle::markerBorderColour());
    return marker;
}

} // namespace dtsim::ui::chartupdate
