#pragma once
// The interface language: English (the source strings, plus the plural forms of counted texts)
// or Vietnamese (the lesson's language), switched at run time. Installing a translator sends
// QEvent::LanguageChange to every widget, and each panel re-sets its texts from there; numbers
// follow the language's locale.

#include <QString>
#include <QStringList>

namespace dtsim::common {

/// The language codes dtsim offers: "en", "vi".
QStringList availableLanguages();
/// The name of a language in that language ("English", "Tiếng Việt").
QString languageName(const QString& code);
/// The offered language closest to the system's locale ("vi" on a Vietnamese system, else "en").
QString systemLanguage();
/// The language now in use.
QString currentLanguage();
/// Installs the translation for `code` (and removes the previous one) and sets the default
/// QLocale so numbers are written the local way. False for a code not in availableLanguages()
/// or a translation that cannot be loaded; nothing changes then.
bool setLanguage(const QString& code);

} // namespace dtsim::common
