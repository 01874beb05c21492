// Hostile command lines: unknown commands, a standard output that cannot be written, each
// command's own help, a Monte-Carlo batch in which no run finishes, exports that would take
// minutes.
#include "dtsimrun.h"

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
    // batch past the limit of simulated failures (checkpoint.work=1e11 ran for over a minute).
    checkBadInput({
        {{"calc", "checkpoint", "--monte-carlo", "--set", "checkpoint.gpus=1e7", "--set",
          "checkpoint.gpu_mtbf=1e8"},
         "checkpoint.mc_runs: 2000 simulated jobs would meet about"},
        {{"calc", "checkpoint", "--monte-carlo", "--set", "checkpoint.work=1e11"},
         "--monte-carlo simulates at most 1e+08 (a few seconds): lower checkpoint.mc_runs to at "
         "most 170"},
    });
    // Without --monte-carlo the closed form still answers.
    const auto json = testing::calcJson(testing::withSets(
        QStringLiteral("checkpoint"),
        {QStringLiteral("checkpoint.gpus=1e7"), QStringLiteral("checkpoint.gpu_mtbf=1e8")}));
    CHECK(json.value(QStringLiteral("cluster_mtbf")).toDouble() == 10);
}
