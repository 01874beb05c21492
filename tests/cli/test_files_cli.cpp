// File names and files that cannot be read or written: a name that is not UTF-8, a loop of
// symbolic links, a file that may not be read, a disk that fills during "export all".
#include "dtsimrun.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <functional>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using testing::Run;

namespace {

/// Runs `script` with /bin/sh in `folder`, "$0" being dtsim: the shell passes bytes that are
/// not UTF-8 as they are (QProcess would encode its QString arguments as UTF-8). `beforeExec`
/// runs in the child, e.g. to limit the size of the files it may write.
Run dtsimShell(const QString& script, const QString& folder,
               const std::function<void()>& beforeExec = {})
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(folder);
    if (beforeExec) {
        process.setChildProcessModifier(beforeExec);
    }
    process.start(QStringLiteral("/bin/sh"),
                  {QStringLiteral("-c"), script, QStringLiteral(DTSIM_EXECUTABLE)});
    REQUIRE(process.waitForFinished(120000));
    REQUIRE(process.exitStatus() == QProcess::NormalExit);
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

/// Whether `path` (bytes, not decoded) exists.
bool existsAsBytes(const QByteArray& path)
{
    struct stat status {};
    return ::stat(path.constData(), &status) == 0;
}

QString writeScenario(const QDir& dir, const QString& name)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "dtsim-scenario", "version": 1, "values": {}})");
    return path;
}

} // namespace

TEST_CASE("export --out with a name that is not UTF-8 is refused, not written under another "
          "name",
          "[cli][files]")
{
    // Guards against: exit 0 and a file named img\xEF\xBF\xBD.csv (U+FFFD), which could
    // overwrite another export's file.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const Run run = dtsimShell(QStringLiteral("exec \"$0\" export --panel scaling --out \"$(printf "
                                              "'img\\351.csv')\""),
                               dir.path());
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 2);
    CHECK(run.err.startsWith(QStringLiteral("dtsim: --out: 'img\\xE9.csv' is not UTF-8")));
    CHECK(run.err.trimmed().count(QLatin1Char('\n')) == 0);
    CHECK_FALSE(existsAsBytes(QFile::encodeName(dir.path()) + "/img\xef\xbf\xbd.csv"));
    CHECK(QDir(dir.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden));

    // --out=NAME names the option too; a UTF-8 name (Vietnamese) is written as given.
    const Run glued = dtsimShell(
        QStringLiteral("exec \"$0\" export --panel scaling --out=\"$(printf 'a\\351.csv')\""),
        dir.path());
    CHECK(glued.exitCode == 2);
    CHECK(glued.err.contains(QStringLiteral("--out: 'a\\xE9.csv' is not UTF-8")));
    const Run vietnamese = testing::dtsim({QStringLiteral("export"), QStringLiteral("--panel"),
                                           QStringLiteral("scaling"), QStringLiteral("--out"),
                                           dir.filePath(QStringLiteral("tỉ lệ.csv"))});
    INFO(vietnamese.err.toStdString());
    CHECK(vietnamese.exitCode == 0);
    CHECK(existsAsBytes(QFile::encodeName(dir.path()) + "/t\xe1\xbb\x89 l\xe1\xbb\x87.csv"));
}

TEST_CASE("calc --scenario and import of an existing file whose name is not UTF-8 say so, not 'No "
          "such file'",
          "[cli][files]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    // The file is there, under its Latin-1 name (removed by the shell: QDir cannot name it).
    const Run calc = dtsimShell(QStringLiteral("name=$(printf 's\\351.json'); "
                                               "printf '{}' > \"$name\"; "
                                               "\"$0\" calc scaling --scenario \"$name\"; "
                                               "status=$?; rm -f \"$name\"; exit $status"),
                                dir.path());
    INFO(calc.err.toStdString());
    CHECK(calc.exitCode == 2);
    CHECK(calc.err.contains(QStringLiteral("--scenario: 's\\xE9.json' is not UTF-8")));
    CHECK_FALSE(calc.err.contains(QStringLiteral("No such file")));

    const Run import = dtsimShell(QStringLiteral("name=$(printf 'log\\351.txt'); "
                                                 "printf 'x' > \"$name\"; "
                                                 "\"$0\" import nccl-tests \"$name\"; "
                                                 "status=$?; rm -f \"$name\"; exit $status"),
                                  dir.path());
    INFO(import.err.toStdString());
    CHECK(import.exitCode == 2);
    CHECK(import.err.contains(QStringLiteral("argument 3: 'log\\xE9.txt' is not UTF-8")));
    CHECK_FALSE(import.err.contains(QStringLiteral("no such file")));
}

TEST_CASE("a loop of symbolic links is named as such, not 'No such file'", "[cli][files]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString a = dir.filePath(QStringLiteral("a.json"));
    const QString b = dir.filePath(QStringLiteral("b.json"));
    REQUIRE(QFile::link(b, a));
    REQUIRE(QFile::link(a, b));
    const Run calc = testing::dtsim(
        {QStringLiteral("calc"), QStringLiteral("scaling"), QStringLiteral("--scenario"), a});
    INFO(calc.err.toStdString());
    CHECK(calc.err.contains(QStringLiteral("Too many levels of symbolic links")));
    CHECK_FALSE(calc.err.contains(QStringLiteral("No such file")));
    CHECK(calc.exitCode == 1); // there, but cannot be read

    const Run import = testing::dtsim({QStringLiteral("import"), QStringLiteral("nccl-tests"), a});
    INFO(import.err.toStdString());
    CHECK(import.err.contains(QStringLiteral("Too many levels of symbolic links")));
    CHECK_FALSE(import.err.contains(QStringLiteral("no such file")));
    CHECK(import.exitCode == 1);

    // A file that is not there stays bad input (2), as documented.
    const Run missing =
        testing::dtsim({QStringLiteral("calc"), QStringLiteral("scaling"),
                        QStringLiteral("--scenario"), dir.filePath(QStringLiteral("none.json"))});
    CHECK(missing.exitCode == 2);
    CHECK(missing.err.contains(QStringLiteral("No such file")));
}

TEST_CASE("a file that may not be read exits 1, as --help documents", "[cli][files]")
{
    if (::geteuid() == 0) {
        // root reads a file whatever its mode: chmod 000 cannot deny it here.
        WARN("skipped: running as root, where chmod 000 does not deny reading");
        return;
    }
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = writeScenario(QDir(dir.path()), QStringLiteral("locked.json"));
    REQUIRE(::chmod(QFile::encodeName(path).constData(), 0) == 0);
    const Run calc = testing::dtsim(
        {QStringLiteral("calc"), QStringLiteral("scaling"), QStringLiteral("--scenario"), path});
    CHECK(calc.exitCode == 1);
    CHECK(calc.err.contains(QStringLiteral("Permission denied")));
    const Run import =
        testing::dtsim({QStringLiteral("import"), QStringLiteral("nccl-tests"), path});
    CHECK(import.exitCode == 1);
    CHECK(import.err.contains(QStringLiteral("Permission denied")));
}

TEST_CASE("the documented exit status of a file that cannot be read is in --help", "[cli][files]")
{
    const Run help = testing::dtsim({QStringLiteral("--help")});
    CHECK(help.out.contains(QStringLiteral("1 otherwise: a file that is there\nbut cannot be "
                                           "read or written")));
    const Run importHelp = testing::dtsim({QStringLiteral("import"), QStringLiteral("--help")});
    CHECK(importHelp.out.contains(QStringLiteral("1 when a file that is\nthere cannot be read")));
}

TEST_CASE("export all onto a filling disk writes every file or none", "[cli][files]")
{
    // A disk that fills midway, simulated without privileges: no file of the export may grow
    // past 1 MiB (RLIMIT_FSIZE; the write fails with EFBIG instead of the signal). The first
    // panels' files fit (Scaling's SVG is about 0.4 MB), the Parallelism picture (1.5 MB) does
    // not: written one after another, the files before it stayed and the rest were missing.
    const auto fillingDisk = [] {
        ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{1024 * 1024, 1024 * 1024};
        ::setrlimit(RLIMIT_FSIZE, &limit);
    };
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    // A new folder: nothing is written, and the folder made for it goes again.
    const Run fresh =
        dtsimShell(QStringLiteral("exec \"$0\" export --panel all --out slides --format svg"),
                   dir.path(), fillingDisk);
    INFO(fresh.err.toStdString());
    CHECK(fresh.exitCode == 1);
    CHECK(fresh.err.contains(QStringLiteral("Could not write")));
    CHECK(fresh.err.contains(QStringLiteral("No file was written.")));
    CHECK_FALSE(QFileInfo::exists(dir.filePath(QStringLiteral("slides"))));

    // A folder with an earlier export: left exactly as it was.
    const QString folder = dir.filePath(QStringLiteral("earlier"));
    REQUIRE(QDir().mkpath(folder));
    QFile old(QDir(folder).filePath(QStringLiteral("dtsim-scaling.csv")));
    REQUIRE(old.open(QIODevice::WriteOnly));
    old.write("old\n");
    old.close();
    const Run again =
        dtsimShell(QStringLiteral("exec \"$0\" export --panel all --out earlier --format svg"),
                   dir.path(), fillingDisk);
    CHECK(again.exitCode == 1);
    CHECK(QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden) ==
          QStringList{QStringLiteral("dtsim-scaling.csv")});
    REQUIRE(old.open(QIODevice::ReadOnly));
    CHECK(old.readAll() == "old\n");

    // Without the limit, every file.
    const Run whole = dtsimShell(
        QStringLiteral("exec \"$0\" export --panel all --out earlier --format svg"), dir.path());
    CHECK(whole.exitCode == 0);
    CHECK(QDir(folder).entryList(QDir::Files).size() > 10);
}
