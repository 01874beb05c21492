// The window's remembered state (QSettings) is bounded on read and checked on save: a settings
// file of gigabytes, 100,000 recent files, a value of 100 MB, a home folder that cannot be
// written.
#include "common/scenariofile.h"
#include "common/settings.h"
#include "testaccess.h"
#include "ui/shell/mainwindow.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

using dtsim::ui::MainWindow;
using dtsim::ui::TestAccess;

namespace {

/// Puts the tests' settings folder back however a test ends (the guard or the test moved it).
struct SettingsFolderRestorer {
    QString root = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
    ~SettingsFolderRestorer()
    {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, root);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, root);
    }
};

} // namespace

TEST_CASE("settings: a settings file of more than 1 MiB is not parsed; the window opens at "
          "once, says so once and quits",
          "[ui][settings]")
{
    // Guards against: a 2 GB settings file opened the window after 45 s with 4.2 GB resident,
    // a 100 MB value made Ctrl+Q hang (every save parsed the file again).
    const SettingsFolderRestorer restorer;
    const QString path = QSettings().fileName();
    REQUIRE(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile original(path);
    const QByteArray kept = original.open(QIODevice::ReadOnly) ? original.readAll() : QByteArray();
    original.close();
    {
        QFile big(path);
        REQUIRE(big.open(QIODevice::WriteOnly));
        big.write("[General]\nbig=");
        big.write(QByteArray(dtsim::common::kMaxSettingsFileBytes + 1024, 'x'));
        big.write("\n");
    }
    const qint64 bigSize = QFileInfo(path).size();

    QElapsedTimer timer;
    timer.start();
    {
        MainWindow window;
        CHECK(timer.elapsed() < 10000);
        const QString notice = TestAccess::settingsNotice(window);
        INFO(notice.toStdString());
        CHECK(notice.contains(QStringLiteral("larger than")));
        CHECK(notice.contains(QDir::toNativeSeparators(path)));
        CHECK(TestAccess::settingsNoticesShown(window) == 1);
        CHECK_FALSE(QSettings().contains(QStringLiteral("big")));
        CHECK(QSettings().fileName() != path);
        // Ctrl+Q closes the window: nothing parses the file on the way out.
        timer.restart();
        CHECK(window.close());
        CHECK(timer.elapsed() < 5000);
    }
    // A second window has nothing more to say: the message was given once.
    {
        MainWindow second;
        CHECK(TestAccess::settingsNoticesShown(second) == 0);
    }
    CHECK(QFileInfo(path).size() == bigSize); // neither read nor changed

    QFile restore(path);
    REQUIRE(restore.open(QIODevice::WriteOnly));
    restore.write(kept);
}

TEST_CASE("settings: 10,000 recent files and an oversize value are read bounded", "[ui][settings]")
{
    // Guards against: 100,000 recent files took 12.6 s to open the window (one menu entry
    // each); a value of any size was taken as it was.
    QSettings settings;
    QStringList many;
    for (int i = 0; i < 10000; ++i) {
        many << QStringLiteral("/nowhere/scenario-%1.json").arg(i);
    }
    settings.setValue(QStringLiteral("recentFiles"), many);
    settings.setValue(QStringLiteral("window/geometry"),
                      QByteArray(dtsim::common::kMaxSettingValueBytes + 1, '\x01'));
    settings.setValue(QStringLiteral("theme"),
                      QString(dtsim::common::kMaxSettingValueBytes, QLatin1Char('d')));
    REQUIRE(dtsim::common::saveSettings(settings).isEmpty());

    QElapsedTimer timer;
    timer.start();
    {
        MainWindow window;
        CHECK(timer.elapsed() < 10000);
        CHECK(TestAccess::recentMenu(window)->actions().size() == dtsim::common::kMaxRecentFiles);
        CHECK(TestAccess::settingsNoticesShown(window) == 0);
    }
    CHECK(dtsim::common::boundedFileList(settings, QStringLiteral("recentFiles")).size() ==
          dtsim::common::kMaxRecentFiles);
    CHECK_FALSE(
        dtsim::common::boundedSetting(settings, QStringLiteral("window/geometry")).isValid());
    CHECK(dtsim::common::boundedSetting(settings, QStringLiteral("theme"), QStringLiteral("light"))
              .toString() == QStringLiteral("light"));

    settings.remove(QStringLiteral("recentFiles"));
    settings.remove(QStringLiteral("window/geometry"));
    settings.remove(QStringLiteral("theme"));
    REQUIRE(dtsim::common::saveSettings(settings).isEmpty());
}

TEST_CASE("settings: an unwritable settings folder is said once, not lost silently",
          "[ui][settings]")
{
    // Guards against: with an unwritable HOME every setting was lost without a word. A regular
    // file where the folder should be cannot be written into, even by root.
    const SettingsFolderRestorer restorer;
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString blocker = dir.filePath(QStringLiteral("home"));
    {
        QFile file(blocker);
        REQUIRE(file.open(QIODevice::WriteOnly));
    }
    const QString scenario = dir.filePath(QStringLiteral("class.json"));
    REQUIRE(dtsim::common::saveScenarioFile(scenario, simcore::Scenario{}).isEmpty());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                       blocker + QStringLiteral("/.config"));

    MainWindow window;
    CHECK(TestAccess::settingsNoticesShown(window) == 0);
    REQUIRE(window.openScenario(scenario).isEmpty()); // remembers it as a recent file
    const QString notice = TestAccess::settingsNotice(window);
    INFO(notice.toStdString());
    CHECK(notice.contains(QStringLiteral("Could not save the settings")));
    CHECK(notice.contains(QStringLiteral("cannot be written")));
    REQUIRE(window.openScenario(scenario).isEmpty());
    CHECK(TestAccess::settingsNoticesShown(window) == 1); // once, not at every save
}
