#include "ui/appearance.h"

#include "ui/chartarea.h"
#include "ui/chartstyle.h"

#include <QApplication>
#include <QFontDatabase>
#include <QHash>
#include <QIcon>
#include <QPalette>
#include <QStyle>
#include <QWidget>

#ifdef DTSIM_HAVE_FONTCONFIG
#include <fontconfig/fontconfig.h>
#endif

namespace dtsim::ui {

namespace {

// Latin and Vietnamese (precomposed) text needs no OpenType shaping: without it only a few
// kerning pairs move by a pixel, and HarfBuzz no longer shapes every axis label and read-out again
// on every edit (a fifth of a chart update). Scripts that need shaping still get it.
constexpr QFont::StyleStrategy kTextStrategy = QFont::PreferNoShaping;

// FreeType's light hinting (fontconfig's usual "hintslight") runs the auto-hinter on every glyph
// the first time it is drawn or measured, which made each glyph cost twice what it costs unhinted;
// at start that was a twentieth of the window's first frame. Light hinting only nudges horizontal
// edges within a pixel (widths, advances and positions are the same unhinted), and 2x exports and
// high-DPI screens draw unhinted anyway, so what a slide shows is what the window shows.
constexpr QFont::HintingPreference kTextHinting = QFont::PreferNoHinting;

#ifdef DTSIM_HAVE_FONTCONFIG
/// A fontconfig pattern asking for `family`, with the configuration's substitutions applied (the
/// aliases a generic name stands for, the default size and language), as Qt asks; the caller
/// destroys it. Built from the family alone: FcNameParse would read '-' and ':' as its syntax.
FcPattern* familyPattern(const QString& family)
{
    FcPattern* pattern = FcPatternCreate();
    if (pattern != nullptr) {
        const QByteArray name = family.toUtf8();
        FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>(name.constData()));
        FcConfigSubstitute(nullptr, pattern, FcMatchPattern);
        FcDefaultSubstitute(pattern);
    }
    return pattern;
}
#endif

/// The family fontconfig draws for `family` when that is a generic name which Qt's fontconfig
/// database lists as a family without a font file ("Sans Serif", "Serif", "Monospace"); otherwise
/// `family`. Asked for by such a name, every new size or weight first fails, then costs a lookup
/// of the generic name's fallback list (the first one a whole fontconfig sort, ~5 M
/// instructions) before the preferred font loads; named directly, it loads at once.
QString installedFamily(const QString& family)
{
#ifdef DTSIM_HAVE_FONTCONFIG
    static const QStringList genericNames = {QStringLiteral("Sans Serif"), QStringLiteral("Serif"),
                                             QStringLiteral("Monospace")};
    if (!genericNames.contains(family, Qt::CaseInsensitive)) {
        return family;
    }
    // GUI thread only, as QApplication::setFont is: no lock.
    static QHash<QString, QString> resolved;
    if (const auto known = resolved.constFind(family); known != resolved.cend()) {
        return *known;
    }
    QString result = family;
    if (FcPattern* pattern = familyPattern(family)) {
        FcResult matched = FcResultNoMatch;
        if (FcPattern* match = FcFontMatch(nullptr, pattern, &matched)) {
            FcChar8* matchedFamily = nullptr;
            if (FcPatternGetString(match, FC_FAMILY, 0, &matchedFamily) == FcResultMatch) {
                const QString candidate =
                    QString::fromUtf8(reinterpret_cast<const char*>(matchedFamily));
                if (QFontDatabase::hasFamily(candidate)) {
                    result = candidate;
                }
            }
            FcPatternDestroy(match);
        }
        FcPatternDestroy(pattern);
    }
    resolved.insert(family, result);
    return result;
#else
    return family;
#endif
}

/// `font` as the window draws its text: without OpenType shaping where the script needs none,
/// unhinted, and a generic family named by the font it stands for.
QFont textFont(QFont font)
{
    font.setStyleStrategy(kTextStrategy);
    font.setHintingPreference(kTextHinting);
    const QString family = installedFamily(font.family());
    if (family != font.family()) {
        font.setFamilies({family});
    }
    return font;
}

struct SystemDefaults {
    QPalette palette;
    QFont font;
};

const SystemDefaults& systemDefaults()
{
    static const SystemDefaults defaults{QApplication::palette(), QApplication::font()};
    return defaults;
}

Appearance& current()
{
    static Appearance instance;
    return instance;
}

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xF3, 0xF3, 0xF3));
    p.setColor(QPalette::WindowText, QColor(0x20, 0x20, 0x20));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xEC, 0xEC, 0xEC));
    p.setColor(QPalette::Text, QColor(0x20, 0x20, 0x20));
    p.setColor(QPalette::Button, QColor(0xEA, 0xEA, 0xEA));
    p.setColor(QPalette::ButtonText, QColor(0x20, 0x20, 0x20));
    p.setColor(QPalette::ToolTipBase, QColor(0xFF, 0xFF, 0xDC));
    p.setColor(QPalette::ToolTipText, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x00, 0x72, 0xB2));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x70, 0x70, 0x70));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x90, 0x90, 0x90));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x90, 0x90, 0x90));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x90, 0x90, 0x90));
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2A, 0x2A, 0x2A));
    p.setColor(QPalette::WindowText, QColor(0xEE, 0xEE, 0xEE));
    p.setColor(QPalette::Base, QColor(0x1E, 0x1E, 0x1E));
    p.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::Text, QColor(0xEE, 0xEE, 0xEE));
    p.setColor(QPalette::Button, QColor(0x38, 0x38, 0x38));
    p.setColor(QPalette::ButtonText, QColor(0xEE, 0xEE, 0xEE));
    p.setColor(QPalette::ToolTipBase, QColor(0x38, 0x38, 0x38));
    p.setColor(QPalette::ToolTipText, QColor(0xEE, 0xEE, 0xEE));
    p.setColor(QPalette::Highlight, QColor(0x56, 0xB4, 0xE9));
    p.setColor(QPalette::HighlightedText, Qt::black);
    p.setColor(QPalette::Link, QColor(0x56, 0xB4, 0xE9));
    p.setColor(QPalette::PlaceholderText, QColor(0xA0, 0xA0, 0xA0));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    return p;
}

/// Projector palette: pure black on white (or white on black), a strong selection colour.
QPalette highContrast(QPalette p, bool dark)
{
    const QColor ink = dark ? Qt::white : Qt::black;
    const QColor paper = dark ? Qt::black : Qt::white;
    for (auto role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText}) {
        p.setColor(QPalette::Active, role, ink);
        p.setColor(QPalette::Inactive, role, ink);
    }
    for (auto role : {QPalette::Window, QPalette::Base, QPalette::ToolTipBase}) {
        p.setColor(QPalette::Active, role, paper);
        p.setColor(QPalette::Inactive, role, paper);
    }
    p.setColor(QPalette::Highlight, dark ? QColor(0xFF, 0xD7, 0x00) : QColor(0x00, 0x3F, 0x9E));
    p.setColor(QPalette::HighlightedText, dark ? Qt::black : Qt::white);
    return p;
}

const char* const kFactorProperty = "dtsimFontFactor";
const char* const kBoldProperty = "dtsimFontBold";

const char* const kLabelSizedProperty = "dtsimFontLabelSized";

void applyRelativeFont(QWidget* widget)
{
    QFont font = QApplication::font();
    const double factor = widget->property(kFactorProperty).toDouble();
    if (widget->property(kLabelSizedProperty).toBool()) {
        font.setPointSizeF(chartstyle::labelFont().pointSizeF() * factor);
    } else if (font.pointSizeF() > 0) {
        font.setPointSizeF(font.pointSizeF() * factor);
    } else {
        font.setPixelSize(qRound(font.pixelSize() * factor));
    }
    font.setBold(widget->property(kBoldProperty).toBool());
    widget->setFont(font);
}

/// Records how `widget`'s font follows the application's (applyAppearance re-applies it).
void keepRelativeFont(QWidget* widget, double factor, bool bold, bool labelSized)
{
    widget->setProperty(kFactorProperty, factor);
    widget->setProperty(kBoldProperty, bold);
    widget->setProperty(kLabelSizedProperty, labelSized);
    applyRelativeFont(widget);
}

} // namespace

QString familyDrawing(char32_t character, const QString& family)
{
#ifdef DTSIM_HAVE_FONTCONFIG
    static QHash<QPair<QString, char32_t>, QString> known;
    const auto key = qMakePair(family, character);
    if (const auto found = known.constFind(key); found != known.cend()) {
        return *found;
    }
    // The fonts in the order fontconfig ranks them for `family`, which is Qt's fallback list:
    // sorted once per family (a few million instructions), then each missing character only
    // walks it. Kept for the whole run, as Qt keeps its list, and never destroyed: a static
    // hash would drop the sets at exit while fontconfig may already be gone (LeakSanitizer
    // then reported them, whenever no stale copy of a pointer happened to be left on a stack).
    static auto& sortedFonts = *new QHash<QString, FcFontSet*>;
    auto sortedFor = sortedFonts.find(family);
    if (sortedFor == sortedFonts.end()) {
        FcFontSet* sorted = nullptr;
        if (FcPattern* pattern = familyPattern(family)) {
            FcResult result = FcResultNoMatch;
            sorted = FcFontSort(nullptr, pattern, FcFalse, nullptr, &result);
            FcPatternDestroy(pattern);
        }
        sortedFor = sortedFonts.insert(family, sorted);
    }
    FcFontSet* fonts = *sortedFor;
    QString result;
    for (int i = 0; fonts != nullptr && i < fonts->nfont; ++i) {
        FcChar8* fontFamily = nullptr;
        FcCharSet* covered = nullptr;
        if (FcPatternGetString(fonts->fonts[i], FC_FAMILY, 0, &fontFamily) != FcResultMatch ||
            FcPatternGetCharSet(fonts->fonts[i], FC_CHARSET, 0, &covered) != FcResultMatch ||
            !FcCharSetHasChar(covered, character)) {
            continue;
        }
        const QString candidate = QString::fromUtf8(reinterpret_cast<const char*>(fontFamily));
        if (candidate != family && QFontDatabase::hasFamily(candidate)) {
            result = candidate;
        }
        break;
    }
    known.insert(key, result);
    return result;
#else
    Q_UNUSED(character)
    Q_UNUSED(family)
    return {};
#endif
}

QIcon themeIcon(const QString& name)
{
    const QString theme = QIcon::themeName();
    if (theme.isEmpty() || theme.compare(QLatin1String("hicolor"), Qt::CaseInsensitive) == 0) {
        return {};
    }
    return QIcon::fromTheme(name);
}

void setRelativeFont(QWidget* widget, double factor, bool bold)
{
    keepRelativeFont(widget, factor, bold, false);
}

void setLabelSizedFont(QWidget* widget, bool bold)
{
    keepRelativeFont(widget, 1.0, bold, true);
}

Theme themeFromName(const QString& name, bool* ok)
{
    if (ok) {
        *ok = true;
    }
    if (name == QLatin1String("light")) {
        return Theme::Light;
    }
    if (name == QLatin1String("dark")) {
        return Theme::Dark;
    }
    if (ok) {
        *ok = name == QLatin1String("system");
    }
    return Theme::System;
}

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::System:
        break;
    }
    return QStringLiteral("system");
}

bool isDark(const Appearance& appearance)
{
    if (appearance.theme == Theme::System) {
        // Qt 6.4 has no colour-scheme hint: a dark desktop shows as a dark window colour.
        return systemDefaults().palette.color(QPalette::Window).lightness() < 128;
    }
    return appearance.theme == Theme::Dark;
}

void applyAppearance(const Appearance& appearance)
{
    const SystemDefaults& defaults = systemDefaults();
    const bool dark = isDark(appearance);
    QPalette palette = appearance.theme == Theme::System ? defaults.palette
                       : dark                            ? darkPalette()
                                                         : lightPalette();
    const double scale = appearance.presentation ? appearance.presentationScale : 1.0;
    if (appearance.presentation) {
        palette = highContrast(palette, dark);
    }
    QFont font = textFont(defaults.font);
    if (font.pointSizeF() > 0) {
        font.setPointSizeF(defaults.font.pointSizeF() * scale);
    } else {
        font.setPixelSize(qRound(defaults.font.pixelSize() * scale));
    }
    current() = appearance;
    chartstyle::setLook({dark, appearance.presentation, scale});
    QApplication::setPalette(palette);
    QApplication::setFont(font);
    for (QWidget* widget : QApplication::allWidgets()) {
        if (widget->property(kFactorProperty).isValid()) {
            applyRelativeFont(widget);
        }
        if (auto* area = qobject_cast<ChartArea*>(widget)) {
            area->applyLook();
        }
    }
}

void applyTextFont()
{
    const QFont font = textFont(QApplication::font());
    if (font != QApplication::font()) {
        QApplication::setFont(font);
    }
}

const Appearance& currentAppearance()
{
    return current();
}

} // namespace dtsim::ui
