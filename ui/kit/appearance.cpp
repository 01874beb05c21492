#include "ui/kit/appearance.h"

#include "ui/kit/chartarea.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/panel.h"

#include <QApplication>
#include <QFontDatabase>
#include <QIcon>
#include <QPalette>
#include <QStyle>
#include <QWidget>

namespace dtsim::ui {

namespace {

const QString kTextFamily = QStringLiteral("DejaVu Sans Condensed");

/// `font` in the bundled text family.
QFont textFont(QFont font)
{
    font.setFamilies({kTextFamily});
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
    // Qt posts the new font to the widgets; they must have it before the panels below lay
    // themselves out (the controls column's width follows its font).
    QCoreApplication::sendPostedEvents(nullptr, QEvent::ApplicationFontChange);
    // Fonts and charts first, then the panels, which show and hide widgets: showing one lays
    // out the window at once, and it must find every font already at its new size (a window
    // laid out with the old, larger chart fonts grows past the screen and is never narrowed).
    // allWidgets() has no fixed order.
    const QWidgetList widgets = QApplication::allWidgets();
    for (QWidget* widget : widgets) {
        if (widget->property(kFactorProperty).isValid()) {
            applyRelativeFont(widget);
        }
        if (auto* area = qobject_cast<ChartArea*>(widget)) {
            area->applyLook();
        }
    }
    for (QWidget* widget : widgets) {
        if (auto* panel = qobject_cast<Panel*>(widget)) {
            panel->applyLook();
        }
    }
}

void useTextFont()
{
    static const bool loaded = [] {
        for (const char* file :
             {":/fonts/DejaVuSansCondensed.ttf", ":/fonts/DejaVuSansCondensed-Bold.ttf",
              ":/fonts/DejaVuSansCondensed-Oblique.ttf"}) {
            if (QFontDatabase::addApplicationFont(QString::fromLatin1(file)) < 0) {
                qWarning("dtsim: the bundled font %s could not be loaded", file);
                return false;
            }
        }
        return true;
    }();
    if (loaded) {
        QApplication::setFont(textFont(QApplication::font()));
    }
}

QString textFontFamily()
{
    return kTextFamily;
}

const Appearance& currentAppearance()
{
    return current();
}

} // namespace dtsim::ui
