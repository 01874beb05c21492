// Hostile command lines: unknown commands, a standard output that cannot be written, each
// command's own help, a Monte-Carlo batch in which no run finishes, exports that would take
// minutes.
#include "dtsimrun.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using testing::checkBadInput;
using testing::dtsim;

TEST_CASE("an unknown first word is bad usage, with the nearest command", "[cli][hostile]")
{
    // Guards against: the window opened (and never exited offscreen), or "no display found".
    checkBadInput({
        {{"cacl", "scaling"}, "unknown command 'cacl'; did you mean calc?"},
        {{"calcscaling"}, "unknown command 'calcscaling'; did you mean calc?"},
        {{"imprt", "nccl-tests", "x"}, "did you mean import?"},
        {{"bogus"}, "unknown command 'bogus' (commands: calc, keys, import, export"},
        {{""}, "unknown command ''"},
    });
    // With a display variable set too: refused before any window is made.
    const auto run = dtsim({QStringLiteral("kyes")}, /*withDisplayVariables=*/true);
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains(QStringLiteral("did you mean keys?")));
}

TEST_CASE("output that cannot be written is an error, not a success", "[cli][hostile]")
{
    // Guards against: exit 0 with nothing written.
    for (const QStringList& arguments :
         {QStringList{"calc", "scaling", "--json"}, QStringList{"calc", "memory"},
          QStringList{"keys"}, QStringList{"--help"}}) {
        INFO(arguments.join(QLatin1Char(' ')).toStdString());
        QProcess process;
        process.setStandardOutputFile(QStringLiteral("/dev/full"));
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("DISPLAY"));
        environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(DTSIM_EXECUTABLE), arguments);
        REQUIRE(process.waitForFinished(60000));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        CHECK(process.exitCode() == 1);
        CHECK(err == QStringLiteral("dtsim: could not write to standard output: No space left on "
                                    "device\n"));
    }
}

TEST_CASE("each command prints its own usage on --help and -h", "[cli][hostile]")
{
    for (const char* option : {"--help", "-h"}) {
        const auto calc = dtsim({QStringLiteral("calc"), QString::fromLatin1(option)});
        CHECK(calc.exitCode == 0);
        CHECK(calc.out.startsWith(QStringLiteral("Usage: dtsim calc MODEL")));
        CHECK(calc.err.isEmpty());
        const auto exportRun = dtsim({QStringLiteral("export"), QString::fromLatin1(option)});
        CHECK(exportRun.exitCode == 0);
        CHECK(exportRun.out.startsWith(QStringLiteral("Usage: dtsim export --panel P")));
    }
}

TEST_CASE("a Monte-Carlo batch that could not finish is refused, not priced at 0 s",
          "[cli][hostile]")
{
    // 10^7 GPUs of 10^8 s MTBF: a job MTBF of 10 s against an hour's interval, so no run can
    // finish. Was: a mean, min and max of 0 s with runs: 0. Now refused before it starts, as any
    // batch past the limit of simulated failures (checkpoint.work=1e11 ran for over a minute);
    // a batch whose every run would meet more failures than a run may names the MTBF.
    // 10^7 GPUs are dp = 1.25·10^6 of the default tp 2 × pp 4 with one sequence a replica; the
    // second job is 1,024 GPUs (dp = 128 with a batch of 1,024), M = 175,781 s.
    checkBadInput({
        {{"calc", "checkpoint", "--monte-carlo", "--set", "checkpoint.gpus=1e7", "--set",
          "train.global_batch=1250000", "--set", "checkpoint.gpu_mtbf=1e8"},
         "--monte-carlo: no run would finish (a run stops after 1e+06 failures): "
         "checkpoint.gpu_mtbf: '1e8' must be long enough"},
        {{"calc", "checkpoint", "--monte-carlo", "--set", "checkpoint.work=1e11", "--set",
          "checkpoint.gpus=1024", "--set", "train.global_batch=1024"},
         "--monte-carlo simulates at most 1e+08 (a few seconds): lower checkpoint.mc_runs to at "
         "most 170"},
    });
    // Without --monte-carlo the closed form still answers.
    const auto json = testing::calcJson(testing::withSets(
        QStringLiteral("checkpoint"),
        {QStringLiteral("checkpoint.gpus=1e7"), QStringLiteral("train.global_batch=1250000"),
         QStringLiteral("checkpoint.gpu_mtbf=1e8")}));
    CHECK(json.value(QStringLiteral("cluster_mtbf")).toDouble() == 10);
}

TEST_CASE("words after --help and --version are a command's help or bad usage", "[cli][hostile]")
{
    // Guards against: `dtsim -h calc` printing the general usage and `dtsim --version extra`
    // exiting 0, while `dtsim keys extra` is refused: a typo after --help went unnoticed.
    for (const char* option : {"--help", "-h"}) {
        const auto calc = dtsim({QString::fromLatin1(option), QStringLiteral("calc")});
        CHECK(calc.exitCode == 0);
        CHECK(calc.out == dtsim({QStringLiteral("calc"), QStringLiteral("--help")}).out);
        CHECK(calc.err.isEmpty());
        const auto exportRun = dtsim({QString::fromLatin1(option), QStringLiteral("export")});
        CHECK(exportRun.exitCode == 0);
        CHECK(exportRun.out.startsWith(QStringLiteral("Usage: dtsim export --panel P")));
        const auto import = dtsim({QString::fromLatin1(option), QStringLiteral("import")});
        CHECK(import.exitCode == 0);
        CHECK(import.out == dtsim({QStringLiteral("import"), QStringLiteral("--help")}).out);
        const auto keys = dtsim({QString::fromLatin1(option), QStringLiteral("keys")});
        CHECK(keys.exitCode == 0);
        CHECK(keys.out == dtsim({QStringLiteral("keys"), QString::fromLatin1(option)}).out);
        CHECK(keys.out.startsWith(QStringLiteral("Usage: dtsim keys\n")));
    }
    checkBadInput({
        {{"--help", "extra"},
         "--help: unknown command 'extra'; allowed after --help: calc, "
         "export, import, keys"},
        {{"-h", "calc", "scaling"}, "--help: unexpected argument 'scaling'"},
        {{"--version", "extra"}, "--version: unexpected argument 'extra'"},
        {{"-v", "calc"}, "--version: unexpected argument 'calc'"},
    });
}

TEST_CASE("calc refuses --monte-carlo for a model that has no simulation", "[cli][hostile]")
{
    // Guards against: `calc scaling --monte-carlo` exiting 0 as if a simulation had run.
    checkBadInput({
        {{"calc", "scaling", "--monte-carlo"},
         "--monte-carlo applies to calc checkpoint, calc goodput only, not calc scaling"},
        {{"calc", "memory", "--monte-carlo", "--json"},
         "--monte-carlo applies to calc checkpoint, calc goodput only, not calc memory"},
    });
}

TEST_CASE("a value option given twice is refused, not the last one taken", "[cli][hostile]")
{
    // Guards against: `--preset nope --preset classroom` exiting 0 with the bad preset never
    // looked at, and every other value option silently taking its last value. Were they
    // accepted, the exports would write into a folder of their own.
    QTemporaryDir folder;
    REQUIRE(folder.isValid());
    const QString x = folder.filePath(QStringLiteral("x.png"));
    checkBadInput({
        {{"calc", "scaling", "--preset", "nope", "--preset", "classroom"},
         "--preset is given twice; give it once"},
        {{"calc", "scaling", "--scenario", "a.json", "--scenario", "b.json"},
         "--scenario is given twice; give it once"},
        {{"calc", "scaling", "--preset=classroom", "-preset", "7b-24gb"},
         "--preset is given twice; give it once"},
        {{"export", "--panel", "scaling", "--out", x, "--out",
          folder.filePath(QStringLiteral("y.png"))},
         "--out is given twice; give it once"},
        {{"export", "--panel", "scaling", "--panel", "memory", "--out", x},
         "--panel is given twice; give it once"},
        {{"export", "--panel", "scaling", "--out", x, "--size", "800x600", "--size", "900x600"},
         "--size is given twice; give it once"},
        {{"export", "--panel", "scaling", "--out", x, "--scale", "1", "--scale", "2"},
         "--scale is given twice; give it once"},
        {{"export", "--panel", "all", "--out", folder.path(), "--format", "png", "--format", "svg"},
         "--format is given twice; give it once"},
        {{"export", "--panel", "scaling", "--out", x, "--lang", "en", "--lang", "vi"},
         "--lang is given twice; give it once"},
        {{"export", "--panel", "scaling", "--out", x, "--theme", "light", "--theme", "dark",
          "--theme", "light"},
         "--theme is given 3 times; give it once"},
    });
    CHECK(QDir(folder.path()).isEmpty());
    // --set is meant to repeat.
    const auto json = testing::calcJson(
        testing::withSets(QStringLiteral("scaling"), {QStringLiteral("scaling.workers=8"),
                                                      QStringLiteral("scaling.workers=16")}));
    CHECK(json.value(QStringLiteral("workers")).toDouble() == 16);
}

TEST_CASE("the window refuses a value option given twice before it opens", "[cli][hostile]")
{
    // Guards against: the window opening with the last of two presets, the first never checked.
    QTemporaryDir settings;
    REQUIRE(settings.isValid());
    for (const QStringList& arguments : {QStringList{"--preset", "nope", "--preset", "classroom"},
                                         QStringList{"--panel", "memory", "--panel", "scaling"},
                                         QStringList{"--lang", "en", "--lang", "vi"}}) {
        INFO(arguments.join(QLatin1Char(' ')).toStdString());
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), settings.path());
        // without it Qt's notice about XDG_RUNTIME_DIR would be a second line on stderr
        environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), settings.path());
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(DTSIM_EXECUTABLE), arguments);
        // An accepted command line opens the window, which offscreen never closes by itself.
        if (!process.waitForFinished(20000)) {
            process.kill();
            process.waitForFinished();
            FAIL("the window opened");
        }
        const QString err = QString::fromUtf8(process.readAllStandardError());
        CHECK(process.exitCode() == 2);
        CHECK(err == QStringLiteral("dtsim: --%1 is given twice; give it once\n")
                         .arg(arguments.front().mid(2)));
    }
}

TEST_CASE("export refuses an empty --out folder and a --format the file does not have",
          "[cli][hostile]")
{
    // Guards against: Qt's "QDir::mkpath: Empty or null file name" and exit 1 for bad usage; a
    // --format bogus accepted, and --format svg writing a PNG to a.png.
    QTemporaryDir folder;
    REQUIRE(folder.isValid());
    const QString png = folder.filePath(QStringLiteral("a.png"));
    checkBadInput({
        {{"export", "--panel", "all", "--out", ""},
         "--out: an empty name is no folder; give the folder to write every panel into"},
        {{"export", "--panel", "scaling", "--out", png, "--format", "bogus"},
         "--format: 'bogus' is not allowed; allowed: png | svg | pdf | csv"},
        {{"export", "--panel", "all", "--out", folder.path(), "--format", "csv"},
         "--format: 'csv' is not allowed; allowed: png | svg | pdf"},
        {{"export", "--panel", "scaling", "--out", png, "--format", "svg"},
         "--format svg disagrees with --out"},
    });
    CHECK_FALSE(QFile::exists(png));
    // A --format that agrees with the file is fine.
    const auto agreeing =
        dtsim({QStringLiteral("export"), QStringLiteral("--panel"), QStringLiteral("scaling"),
               QStringLiteral("--out"), png, QStringLiteral("--size"), QStringLiteral("400x300"),
               QStringLiteral("--format"), QStringLiteral("PNG")});
    CHECK(agreeing.exitCode == 0);
    CHECK(agreeing.err.isEmpty());
    CHECK(QFile::exists(png));
}

TEST_CASE("export compares --scale as written, not after rounding to a double", "[cli][hostile]")
{
    // Guards against: 4.0000000000000000001 rounding to 4 and passing the 0.5 … 4 check.
    QTemporaryDir folder;
    REQUIRE(folder.isValid());
    const QString png = folder.filePath(QStringLiteral("a.png"));
    checkBadInput({
        {{"export", "--panel", "scaling", "--out", png, "--scale", "4.0000000000000000001"},
         "--scale: '4.0000000000000000001' is out of range; allowed: 0.5 to 4"},
        {{"export", "--panel", "scaling", "--out", png, "--scale", "0.4999999999999999999999"},
         "--scale: '0.4999999999999999999999' is out of range; allowed: 0.5 to 4"},
    });
    CHECK_FALSE(QFile::exists(png));
    const auto edge =
        dtsim({QStringLiteral("export"), QStringLiteral("--panel"), QStringLiteral("scaling"),
               QStringLiteral("--out"), png, QStringLiteral("--size"), QStringLiteral("400x300"),
               QStringLiteral("--scale"), QStringLiteral("4.000")});
    CHECK(edge.exitCode == 0);
    CHECK(edge.err.isEmpty());
}

TEST_CASE("cli: control characters from a file are written out, never sent to the terminal",
          "[cli][hostile]")
{
    // printf '\033]0;PWNED\007\033[2J1,1\n2,1\n4,1\n' > esc.csv: an OSC that retitles the
    // terminal, a bell, and a clear-screen before the first row.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("esc.csv"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write("\x1b]0;PWNED\x07\x1b[2J1,1\n2,1\n4,1\n");
    file.close();
    const testing::Run run = dtsim({QStringLiteral("import"), QStringLiteral("step-times"), path});
    CHECK(run.exitCode == 2);
    CHECK_FALSE(run.err.contains(QChar(0x1b)));
    CHECK_FALSE(run.err.contains(QChar(0x07)));
    CHECK(run.err.contains(QStringLiteral("\\x1B]0;PWNED\\x07")));
    // A scenario key's value from the command line, too.
    const testing::Run set =
        dtsim({QStringLiteral("calc"), QStringLiteral("scaling"), QStringLiteral("--set"),
               QStringLiteral("scaling.workers=\x1b[2J")});
    CHECK(set.exitCode == 2);
    CHECK_FALSE(set.err.contains(QChar(0x1b)));
}
