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

enum class Placement { Copy, SymbolicLink };

/// `dtsim --version` run as a copy of the built executable, or a symbolic link to it, in
/// `folder`; started from the build folder, so a library found through the working directory
/// would hide a fault.
testing::Run versionPlacedIn(const QTemporaryDir& folder, Placement placement)
{
    const QString built = QStringLiteral(DTSIM_EXECUTABLE);
    const QString placed = folder.filePath(QStringLiteral("dtsim"));
    REQUIRE(
        (placement == Placement::Copy ? QFile::copy(built, placed) : QFile::link(built, placed)));
    QProcess process;
    process.setWorkingDirectory(QFileInfo(built).absolutePath());
    process.start(placed, {QStringLiteral("--version")});
    REQUIRE(process.waitForFinished(60000));
    REQUIRE(process.exitStatus() == QProcess::NormalExit);
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
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
    const testing::Run run = versionPlacedIn(folder, Placement::Copy);
    CHECK(run.exitCode == 1);
    CHECK(run.out.isEmpty());
    CHECK(run.err.startsWith(QStringLiteral("dtsim: its program library libdtsim_program.so is "
                                            "missing (looked for ")));
    CHECK(run.err.contains(folder.filePath(QStringLiteral("libdtsim_program.so"))));
    CHECK(run.err.trimmed().count(QLatin1Char('\n')) == 0);
}

TEST_CASE("the launcher finds its library through a symbolic link", "[cli][launcher]")
{
    QTemporaryDir folder;
    REQUIRE(folder.isValid());
    const testing::Run run = versionPlacedIn(folder, Placement::SymbolicLink);
    CHECK(run.exitCode == 0);
    CHECK(run.out.startsWith(QStringLiteral("dtsim ")));
}
