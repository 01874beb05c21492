#pragma once
// Number boxes, lists and sliders in a scrolling column: the wheel scrolls the column unless the
// editor has the keyboard focus (a click or Tab gives it), so scrolling past a box never
// changes its value.

class QWidget;

namespace dtsim::ui {

/// Gives `editor` the wheel only while it has the focus; otherwise the wheel goes to its parent
/// (the scroll area). Also stops the wheel from taking the focus.
void takeWheelOnlyWhenFocused(QWidget* editor);

} // namespace dtsim::ui
