#pragma once
// One look for every chart: print-friendly colours that stay apart in greyscale and for
// colour-blind viewers (Okabe & Ito's palette), fonts large enough for the back row.

#include <QColor>
#include <QFont>

class QChart;
class QChartView;
class QAbstractAxis;

namespace dtsim::ui::chartstyle {

inline const QColor kCompute{0x00, 0x72, 0xB2};       // blue
inline const QColor kCommunication{0xE6, 0x9F, 0x00}; // orange
inline const QColor kIdeal{0x33, 0x33, 0x33};         // dark grey hatching
inline const QColor kSelected{0x00, 0x00, 0x00};      // black marker
inline const QColor kOptimum{0x00, 0x9E, 0x73};       // bluish green marker
inline const QColor kBubble{0xCC, 0x79, 0xA7};        // reddish purple
inline const QColor kGrid{0xD9, 0xD9, 0xD9};
inline const QColor kAxisLine{0x80, 0x80, 0x80};
inline const QColor kText{0x20, 0x20, 0x20};

/// Light theme, no animation (exports taken right after an update must not catch a half-grown
/// bar), explicit fonts (a chart keeps the font it was created with), legend at the bottom.
void applyChartStyle(QChart* chart);
/// Antialiasing and non-cosmetic hatching, so hatches stay visible at 2× and in PDF.
void applyViewStyle(QChartView* view);
void applyAxisStyle(QAbstractAxis* axis);

/// Caches the pixels of a chart's lines and texts (grid, ticks, labels, titles): on a slider
/// step most of them do not move, and redrawing them from a pixmap is several times cheaper
/// than shaping the text again. For windows only; exports draw without caches (vectors stay
/// vectors in SVG and PDF). Call after updates, since axes create new label items.
void cacheStaticItems(QChartView* view);

QFont titleFont();
QFont labelFont();

} // namespace dtsim::ui::chartstyle
