// Catch2 runner for widget tests: a QApplication on the offscreen platform unless the caller
// chose one (catch_discover_tests runs this binary at build time, often without a display),
// a fixed DPI so that pixel sizes in tests do not depend on the machine, and settings kept apart
// from the user's.
#define CATCH_CONFIG_RUNNER
#include "common/language.h"
#include "ui/kit/appearance.h"

#include <QApplication>
#include <QStandardPaths>
#include <catch2/catch.hpp>
#include <cstdio>

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    qputenv("QT_FONT_DPI", "96");
    QApplication application(argc, argv);
    QApplication::setApplicationName(QStringLiteral("dtsim-tests"));
    // Without an organisation QSettings reports an access error on every save.
    QApplication::setOrganizationName(QStringLiteral("dtsim-tests"));
    QStandardPaths::setTestModeEnabled(true); // QSettings of tests never touch the user's
    dtsim::ui::useTextFont();                 // as the window and exports do
    // English, as the window and exports start: its plural forms ("1 GPU") come from a
    // translation, so without it the texts read "1 GPU(s)".
    if (!dtsim::common::setLanguage(QStringLiteral("en"))) {
        std::fprintf(stderr, "the English translation (:/i18n/dtsim_en.qm) does not load\n");
        return 1;
    }

    return Catch::Session().run(argc, argv);
}
