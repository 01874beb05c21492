#pragma once
// What a painted view draws, as its contrast is checked: each mark against the colour around it.

#include <QColor>
#include <QString>
#include <vector>

namespace dtsim::ui {

/// A mark of a painted view in the current look and the surface it is drawn on. WCAG 2.1 asks a
/// graphical mark to stand 3:1 off its surroundings (1.4.11), by its fill or by its outline,
/// and text 4.5:1 (1.4.3).
struct DrawnMark {
    QString what;
    QColor fill;    ///< a filled shape's fill, a line's or a text's colour
    QColor outline; ///< a filled shape's outline; invalid when it has none
    QColor surface; ///< what the mark is drawn on
    bool text = false;
    bool shown = true; ///< drawn in the view's present state, so its pixels can be looked for
};

using DrawnMarks = std::vector<DrawnMark>;

} // namespace dtsim::ui
