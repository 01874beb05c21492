#pragma once
// Theme (follow the system, light, dark) and presentation mode (larger fonts and lines, a
// high-contrast palette for projectors), applied to the widgets' palette and font and to every
// chart's look at once.

#include <QString>

class QIcon;
class QWidget;

namespace dtsim::ui {

enum class Theme { System, Light, Dark };

struct Appearance {
    Theme theme = Theme::System;
    bool presentation = false;
    double presentationScale = 1.25; ///< fonts and lines in presentation mode: 1.25 … 2
    friend bool operator==(const Appearance&, const Appearance&) = default;
};

/// Presentation scales offered in the menu.
inline constexpr double kPresentationScales[] = {1.25, 1.5, 1.75, 2.0};

/// "system", "light", "dark" and back; nullopt-like Theme::System for anything else is NOT
/// done silently: `ok` tells whether the word was known.
Theme themeFromName(const QString& name, bool* ok = nullptr);
QString themeName(Theme theme);

/// Whether the look ends up dark (Dark, or System on a dark desktop).
bool isDark(const Appearance& appearance);

/// Sets the application palette and font and chartstyle's look, then makes every existing
/// chart area re-apply it. The system's own palette and font are remembered on first use.
void applyAppearance(const Appearance& appearance);
/// Makes the bundled text font the application's, at the platform's size: DejaVu Sans Condensed
/// (about as wide as the desktop's usual sans-serif, with a larger x-height), which has every
/// character dtsim draws (−, ×, →, ≤, box drawing, Vietnamese), so the window and exported
/// files look the same on every machine and Qt never searches other fonts for a missing glyph.
/// Call after the application object exists and before the first widget.
void useTextFont();
/// The bundled text font's family name ("DejaVu Sans Condensed").
QString textFontFamily();
const Appearance& currentAppearance();

/// The desktop icon theme's icon `name` (QIcon::fromTheme), or a null icon when the desktop names
/// no theme or only hicolor, the theme applications install their own icons into: it holds no
/// action icons, and Qt parses its whole index (some 650 folders, ~28 M instructions, a sixth of
/// a cold start on a bare X session) before finding none. Icon-less actions show their text.
/// `name` should be one of the freedesktop Icon Naming Specification's standard names, which
/// themes that follow it (GNOME's Adwaita, KDE's Breeze) have: a name the theme lacks is looked
/// for in hicolor too, at the same cost.
QIcon themeIcon(const QString& name);

/// Gives `widget` the application font scaled by `factor` (and bold), and keeps it so when the
/// application font changes (presentation mode): explicit fonts otherwise stop following it.
void setRelativeFont(QWidget* widget, double factor, bool bold = false);
/// Gives `widget` the charts' label size (chartstyle::labelFont, which presentation mode scales
/// too) in the application's family: the window's emphasised texts (tabs, formula, headline
/// read-outs) then share font engines with the charts instead of loading their own.
void setLabelSizedFont(QWidget* widget, bool bold = false);

} // namespace dtsim::ui
