// chartupdate's batch of curves: emptied before the axes move, filled once after.
#include "ui/kit/chartupdate.h"

#include <QChart>
#include <QLineSeries>
#include <QSignalSpy>
#include <QValueAxis>
#include <catch2/catch.hpp>

using namespace dtsim::ui::chartupdate;

TEST_CASE("a curve batch empties changed curves, then fills them once", "[ui][charts]")
{
    QChart chart;
    auto* x = new QValueAxis;
    auto* y = new QValueAxis;
    chart.addAxis(x, Qt::AlignBottom);
    chart.addAxis(y, Qt::AlignLeft);
    auto* changing = new QLineSeries;
    auto* still = new QLineSeries;
    attach(&chart, changing, x, y);
    attach(&chart, still, x, y);
    const QList<QPointF> before{{0, 0}, {1, 1}, {2, 4}};
    const QList<QPointF> after{{0, 0}, {1, 2}, {2, 8}, {3, 18}};
    changing->replace(before);
    still->replace(before);
    QSignalSpy stillReplaced(still, &QXYSeries::pointsReplaced);
    QSignalSpy stillRemoved(still, &QXYSeries::pointsRemoved);
    QSignalSpy changingReplaced(changing, &QXYSeries::pointsReplaced);

    CurveBatch batch;
    batch.set(changing, after);
    batch.set(still, before); // unchanged: left alone, not even emptied
    CHECK(changing->count() == 0);
    CHECK(still->points() == before);
    x->setRange(0, 3); // the axes move while the changing curve is empty
    y->setRange(0, 20);
    CHECK(changingReplaced.count() == 0);

    batch.apply();
    CHECK(changing->points() == after);
    CHECK(changingReplaced.count() == 1);
    CHECK(still->points() == before);
    CHECK(stillReplaced.count() == 0);
    CHECK(stillRemoved.count() == 0);

    batch.apply(); // applied batches are spent
    CHECK(changingReplaced.count() == 1);
}
