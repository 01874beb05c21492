#include "common/language.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QEvent>
#include <QLocale>
#include <QTranslator>
#include <memory>

namespace dtsim::common {

namespace {

/// lupdate's C++ parser does not understand `namespace dtsim::ui {`: it files the strings of
/// dtsim::ui::ScalingPanel under "ScalingPanel", and those of free helper functions under
/// "dtsim::ui" (or "dtsim::common"), while tr() asks for "dtsim::ui::ScalingPanel". This
/// translator also looks under those two names, so the .ts stays what plain lupdate produces.
class DtsimTranslator : public QTranslator {
public:
    QString translate(const char* context, const char* source, const char* disambiguation,
                      int n) const override
    {
        QString text = QTranslator::translate(context, source, disambiguation, n);
        if (!text.isEmpty() || !context) {
            return text;
        }
        // "dtsim::<library>::<Class>": try "<Class>", then "dtsim::<library>".
        const QByteArray name(context);
        static const QByteArray kPrefix("dtsim::");
        const qsizetype library = name.indexOf("::", kPrefix.size());
        if (!name.startsWith(kPrefix) || library < 0) {
            return text;
        }
        text = QTranslator::translate(name.mid(library + 2).constData(), source, disambiguation, n);
        if (text.isEmpty()) {
            text =
                QTranslator::translate(name.left(library).constData(), source, disambiguation, n);
        }
        return text;
    }
};

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
    // English too: its translation holds only the plural forms ("1 GPU", "2 GPUs") of the
    // texts tr() is given a count for; every other English text is the source itself.
    auto translator = std::make_unique<DtsimTranslator>();
    if (!translator->load(QStringLiteral(":/i18n/dtsim_%1.qm").arg(code))) {
        return false;
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
    QCoreApplication::installTranslator(current.translator.get());
    // QApplication posts LanguageChange to the windows; deliver it now, so the switch is done
    // when this returns (the menu, tests and exports rely on it).
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    return true;
}

} // namespace dtsim::common
