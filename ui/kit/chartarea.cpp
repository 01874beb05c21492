#include "ui/kit/chartarea.h"

#include "ui/kit/chartstyle.h"

#include <QChartView>

namespace dtsim::ui {

void ChartArea::applyLook()
{
    for (QChartView* view : findChildren<QChartView*>()) {
        chartstyle::restyle(view);
    }
    update();
}

} // namespace dtsim::ui
