#include "ui/kit/wheelguard.h"

#include <QEvent>
#include <QObject>
#include <QWidget>

namespace dtsim::ui {

namespace {

class WheelGuard : public QObject {
public:
    using QObject::QObject;

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Wheel && !static_cast<QWidget*>(watched)->hasFocus()) {
            // Ignored and filtered: QApplication offers the wheel to the parent widgets next.
            event->ignore();
            return true;
        }
        return false;
    }
};

} // namespace

void takeWheelOnlyWhenFocused(QWidget* editor)
{
    editor->setFocusPolicy(Qt::StrongFocus);
    editor->installEventFilter(new WheelGuard(editor));
}

} // namespace dtsim::ui
