#pragma once
// One look for every chart: print-friendly colours that stay apart in greyscale and for
// colour-blind viewers (Okabe & Ito's palette), fonts large enough for the back row.

#include <QColor>
#include <QFont>
#include <QLocale>

class QChart;
class QChartView;
class QAbstractAxis;

namespace dtsim::ui::chartstyle {

inline const QColor kCompute{0x00, 0x72, 0xB2};       // blue
inline const QColor kCommunication{0xE6, 0x9F, 0x00}; // orange
inline const QColor kIdeal{0x33, 0x33, 0x33};    // dark grey hatching (light look; idealColour())
inline const QColor kSelected{0x00, 0x00, 0x00}; // black marker (light look; selectedColour())
inline const QColor kOptimum{0x00, 0x9E, 0x73};  // bluish green marker
inline const QColor kBubble{0xCC, 0x79, 0xA7};   // reddish purple
inline const QColor kGrid{0xD9, 0xD9, 0xD9};
inline const QColor kAxisLine{0x80, 0x80, 0x80};
inline const QColor kText{0x20, 0x20, 0x20};
// Checkpoint panel (Okabe & Ito): where a job's wall time goes.
inline const QColor kWork{0x56, 0xB4, 0xE9};    // sky blue: work kept
inline const QColor kWrite{0xE6, 0x9F, 0x00};   // orange: writing checkpoints
inline const QColor kLost{0xD5, 0x5E, 0x00};    // vermillion: work lost to failures
inline const QColor kRestart{0xCC, 0x79, 0xA7}; // reddish purple: restarting
inline const QColor kFailure{0x00, 0x00, 0x00}; // black: a failure (light look; failureColour())
// Navy: work time spent waiting for the slowest GPU, drawn on the sky-blue work (4.9:1 to it).
inline const QColor kStragglerWait{0x1B, 0x3A, 0x66};
// Memory panel (Okabe–Ito): one colour per item of a GPU's memory, and the capacity lines.
inline const QColor kWeights{0x00, 0x72, 0xB2};        // blue
inline const QColor kGradients{0xE6, 0x9F, 0x00};      // orange
inline const QColor kOptimizerState{0x00, 0x9E, 0x73}; // bluish green
inline const QColor kActivations{0xCC, 0x79, 0xA7};    // reddish purple
inline const QColor kBuffers{0x56, 0xB4, 0xE9};        // sky blue
inline const QColor kCapacityChosen{0xD5, 0x5E, 0x00}; // vermillion: the chosen GPU's limit
inline const QColor kCapacityOther{0x55, 0x55, 0x55};  // dark grey: other GPUs (referenceColour())
inline const QColor kFitsBackground{0xDF, 0xF2, 0xE9}; // pale bluish green banner
inline const QColor kFitsText{0x00, 0x5C, 0x43};
inline const QColor kNoFitBackground{0xFB, 0xE3, 0xD3}; // pale vermillion banner
inline const QColor kNoFitText{0x8A, 0x2E, 0x00};

/// How charts look now: the window's theme and presentation mode change it for every chart at
/// once (see ui/appearance). Exports use the same look, so slides match the screen.
struct Look {
    bool dark = false;         ///< light text on a dark background
    bool highContrast = false; ///< presentation mode: black/white text, stronger grid and lines
    double fontScale = 1.0;    ///< presentation mode: 1.25 … 2
    friend bool operator==(const Look&, const Look&) = default;
};
const Look& look();
void setLook(const Look& look);

/// Colours of the current look for what is not data: text, background, grid, axis lines.
QColor textColor();
QColor backgroundColor();
QColor gridColor();
QColor axisLineColor();

/// Contrast of marks (WCAG 2.1). A mark (bar, line, marker, hatching, a legend's swatch) must
/// stand at least 3:1 off the background around it (success criterion 1.4.11, non-text contrast),
/// in every look: Okabe–Ito's orange and sky blue are 2.3:1 on white, black and dark grey vanish on
/// the dark theme's #1E1E1E. A filled mark passes by its fill or by its outline.
inline constexpr double kMinMarkContrast = 3.0;
/// WCAG 2.1 text contrast (success criterion 1.4.3), for text of the usual sizes.
inline constexpr double kMinTextContrast = 4.5;
/// WCAG 2.1 relative luminance: each sRGB channel c (0…1) linearised as c / 12.92 when
/// c ≤ 0.04045, else ((c + 0.055) / 1.055)^2.4; L = 0.2126 R + 0.7152 G + 0.0722 B.
double relativeLuminance(const QColor& colour);
/// WCAG 2.1 contrast ratio (L1 + 0.05) / (L2 + 0.05), L1 the lighter's luminance: 1 … 21.
double contrastRatio(const QColor& a, const QColor& b);
/// `colour` when it stands kMinMarkContrast off `background`, else the nearest shade of it (same
/// hue and saturation, darker on a light background, lighter on a dark one) that does: for lines
/// and other marks drawn without an outline.
QColor legible(const QColor& colour, const QColor& background, double ratio = kMinMarkContrast);
/// legible() against the charts' background of the current look.
QColor legible(const QColor& colour);
/// Mark colours of the current look (the light look keeps kSelected, kIdeal, …).
/// The selected N or setting (triangle marker, "now" lines): black, or near-white when dark.
QColor selectedColour();
/// The ideal (no overhead) bars' hatching and the ideal speed-up line: dark or light grey.
QColor idealColour();
/// A failure's mark on the checkpoint timeline: black, or near-white when dark.
QColor failureColour();
/// Grey reference marks (other GPUs' capacities, neutral legend markers).
QColor referenceColour();
/// The ring around a marker that sets it off the bars and curves under it: the background.
QColor markerBorderColour();

/// Re-applies the current look to a chart built earlier (fonts, text colours, axes, legend)
/// without touching its series' colours, and to its view's background.
void restyle(QChartView* view);

/// Light theme, no animation (exports taken right after an update must not catch a half-grown
/// bar), explicit fonts (a chart keeps the font it was created with), legend at the bottom.
void applyChartStyle(QChart* chart);
/// Antialiasing and non-cosmetic hatching, so hatches stay visible at 2× and in PDF.
void applyViewStyle(QChartView* view);
void applyAxisStyle(QAbstractAxis* axis);

/// Caches the pixels of a chart's grid and tick lines and of its curves: on a slider step most
/// of them do not move (a marker does), and copying a pixmap is several times cheaper than
/// stroking a thick antialiased line again. Texts stay uncached (cached, some drew blank). For
/// windows only; exports draw without caches (vectors stay vectors in SVG and PDF). Call after
/// updates, since axes create new line items; the caches are dropped whenever the plot moves.
void cacheStaticItems(QChartView* view);
/// Drops those caches: after an axis is swapped Qt Charts redraws a curve whose clipped bounds
/// did not change into the old cache, so the old drawing stays on screen.
void dropItemCaches(QChartView* view);

QFont titleFont();
QFont labelFont();

/// The locale axis numbers are written in: the interface language's decimal sign (0,8 in
/// Vietnamese, 0.8 in English) and no group separator, since Vietnamese groups with a dot and
/// "1.024" beside "0.8" reads as a decimal. Axis label formats give a precision ("%.6g", not
/// "%g"): with localized numbers Qt Charts formats only "%.<digits><type>" and draws nothing
/// for the rest.
QLocale axisLocale();
/// Gives every chart inside `widget` the current axisLocale() (after the language changed).
void applyAxisLocale(QWidget* widget);

} // namespace dtsim::ui::chartstyle
