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
/// Gives the application font the window's text settings without changing its size: no
/// OpenType shaping where the script needs none, no hinting, and a generic family named by the
/// font it stands for (applyAppearance does the same). The window calls it before its first widget,
/// so no font is loaded twice; exports call it so they draw what the window draws.
void applyTextFont();
const Appearance& currentAppearance();

/// The family Qt falls back to for `character` when `family` lacks it (U+2212 MINUS SIGN with
/// Debian's Noto Sans): the first font that has it in fontconfig's ranking for `family`. Qt
/// builds that ranking again for every font engine that meets such a character; text that names
/// the family loads it at once. Empty when `family` has the character first, nothing has it, or
/// fontconfig is not used. GUI thread only.
QString familyDrawing(char32_t character, const QString& family);

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
