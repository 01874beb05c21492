#include "ui/chartstyle.h"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QLegend>

namespace dtsim::ui::chartstyle {

QFont titleFont()
{
    QFont font;
    font.setPointSizeF(14);
    font.setBold(true);
    return font;
}

QFont labelFont()
{
    QFont font;
    font.setPointSizeF(11);
    return font;
}

void applyChartStyle(QChart* chart)
{
    chart->setTheme(QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitleFont(titleFont());
    chart->legend()->setFont(labelFont());
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(6, 6, 6, 6));
}

void applyViewStyle(QChartView* view)
{
    view->setRenderHint(QPainter::Antialiasing);
    view->setRenderHint(QPainter::TextAntialiasing);
    view->setRenderHint(QPainter::NonCosmeticBrushPatterns);
    view->setMinimumSize(320, 220);
}

void applyAxisStyle(QAbstractAxis* axis)
{
    axis->setLabelsFont(labelFont());
    QFont title = labelFont();
    title.setBold(true);
    axis->setTitleFont(title);
}

} // namespace dtsim::ui::chartstyle
