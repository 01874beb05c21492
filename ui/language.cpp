#include "ui/language.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTranslator>
#include <memory>

namespace dtsim::ui {

namespace {

struct LanguageState {
    QString code = QStringLiteral("en");
    std::unique_ptr<QTranslator> translator;
};

LanguageState& state()
{
    static LanguageState instance;
    return instance;
}

} // namespace

QStringList availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("vi")};
}

QString languageName(const QString& code)
{
    if (code == QLatin1String("vi")) {
        return QStringLiteral("Tiếng Việt");
    }
    return QStringLiteral("English");
}

QString systemLanguage()
{
    return QLocale::system().language() == QLocale::Vietnamese ? QStringLiteral("vi")
                                                               : QStringLiteral("en");
}

QString currentLanguage()
{
    return state().code;
}

bool setLanguage(const QString& code)
{
    if (!availableLanguages().contains(code)) {
        return false;
    }
    auto& current = state();
    std::unique_ptr<QTranslator> translator;
    if (code != QLatin1String("en")) {
        translator = std::make_unique<QTranslator>();
        if (!translator->load(QStringLiteral(":/i18n/dtsim_%1.qm").arg(code))) {
            return false;
        }
    }
    // The locale first: the LanguageChange that installing sends makes panels redraw numbers.
    QLocale::setDefault(code == QLatin1String("vi")
                            ? QLocale(QLocale::Vietnamese, QLocale::Vietnam)
                            : QLocale(QLocale::English, QLocale::UnitedStates));
    if (current.translator) {
        QCoreApplication::removeTranslator(current.translator.get());
    }
    current.translator = std::move(translator);
    current.code = code;
    // Installing and removing both send LanguageChange to every widget.
    if (current.translator) {
        QCoreApplication::installTranslator(current.translator.get());
    }
    return true;
}

} // namespace dtsim::ui
