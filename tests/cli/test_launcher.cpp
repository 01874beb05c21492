// The dtsim executable is a launcher that loads the program library
// (app/launcher.cpp): where it looks, what it says when the library is missing,
// and which starts read the font configuration ahead
// (tests/cli/test_startup_cli.cpp starts the window through it).
#include "app/commands.h"
#include "dtsimrun.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <cstring>
#include <vector>

namespace {

/// argv as the launcher sees it for `dtsim <arguments…>`.
bool drawsText(std::vector<const char*> arguments)
{
    arguments.insert(arguments.begin(), "dtsim");
    return dtsim::app::drawsText(static_cast<int>(arguments.size()),
                                 const_cast<char**>(arguments.data()));
}

} // namespace

TEST_CASE("only the window and export read the font configuration ahead", "[cli][launcher]")
{
    CHECK(drawsText({}));
    CHECK(drawsText({"--panel", "memory"}));
    CHECK(drawsText({"--lang", "vi"}));
    CHECK(drawsText({"export", "--panel", "scaling"}));
    for (const char* command : {"calc", "keys", "import", "--help", "-h", "--version", "-v"}) {
        INFO(command);
        CHECK_FALSE(drawsText({command}));
    }
    // The command line's own list: export is its only sub-command that draws.
    for (const char* command : dtsim::app::kSubcommands) {
        INFO(command);
        CHECK(drawsText({command}) == (std::strcmp(command, "export") == 0));
    }
}

TEST_CASE("the launcher without its program library says what is missing", "[cli][launcher]")
{
    QTemporaryDir folder;
    REQUIRE(folder.isValid());
    const QString copy = folder.filePath(QStringLiteral("dtsim"));
    REQUIRE(QFile::copy(QStringLiteral(DTSIM_EXECUTABLE), copy));
    QProcess process;
    // Started from the build folder, so a library found through the working
    // directory would hide the fault.
    process.setWorkingDirectory(QFileInfo(QStringLiteral(DTSIM_EXECUTABLE)).absolutePath());
    process.start(copy, {QStringLiteral("--version")});
    REQUIRE(process.waitForFinished(60000));
    CHECK(process.exitStatus() == QProcess::NormalExit);
    CHECK(process.exitCode() == 1);
    CHECK(process.readAllStandardOutput().isEmpty());
    const QString error = QString::fromUtf8(process.readAllStandardError());
    CHECK(error.startsWith(QStringLiteral("dtsim: its program library libdtsim_program.so is "
                                          "missing (looked for ")));
    CHECK(error.contains(folder.filePath(QStringLiteral("libdtsim_program.so"))));
    CHECK(error.trimmed().count(QLatin1Char('\n')) == 0);
}

TEST_CASE("the launcher finds its library through a symbolic link", "[cli][launcher]")
{
    QTemporaryDir folder;
    REQUIRE(folder.isValid());
    const QString link = folder.filePath(QStringLiteral("dtsim"));
    REQUIRE(QFile::link(QStringLiteral(DTSIM_EXECUTABLE), link));
    QProcess process;
    process.start(link, {QStringLiteral("--version")});
    REQUIRE(process.waitForFinished(60000));
    CHECK(process.exitCode() == 0);
    CHECK(QString::fromUtf8(process.readAllStandardOutput()).startsWith(QStringLiteral("dtsim ")));
}
