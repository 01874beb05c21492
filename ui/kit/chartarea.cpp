#include "ui/kit/chartarea.h"

#include "ui/kit/chartstyle.h"

#include <QChartView>
#include <QEvent>

namespace dtsim::ui {

void ChartArea::applyLook()
{
    for (QChartView* view : findChildren<QChartView*>()) {
        chartstyle::restyle(view);
    }
    update();
}

void ChartArea::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QWidget::changeEvent(event);
}

} // namespace dtsim::ui
