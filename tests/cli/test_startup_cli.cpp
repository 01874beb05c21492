// The window as the benchmark starts it (BENCHMARKS.md, cold start): the code
// the dtsim executable runs, with bench/startupprobe reporting the first paint
// event and the end of the first frame; then the window quits by itself.
// Builds without the benchmark (the asan preset) have nothing to run.
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <chrono>

TEST_CASE("the window reports its first frame when the benchmark asks", "[cli][startup]")
{
#ifndef DTSIM_BENCH_EXECUTABLE
    SUCCEED("the benchmark is not built");
#else
    QTemporaryDir settings; // a first start: no remembered scenario, language or theme
    REQUIRE(settings.isValid());
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), settings.path());
    const auto now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                         std::chrono::steady_clock::now().time_since_epoch())
                         .count();
    environment.insert(QStringLiteral("DTSIM_BENCH_LAUNCH_NS"), QString::number(now));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(DTSIM_BENCH_EXECUTABLE),
                  {QStringLiteral("--startup"), QStringLiteral("dtsim")});
    REQUIRE(process.waitForFinished(60000));
    CHECK(process.exitStatus() == QProcess::NormalExit);
    CHECK(process.exitCode() == 0); // it quits by itself after the first frame
    const QString out = QString::fromUtf8(process.readAllStandardOutput());
    static const QRegularExpression times(
        QStringLiteral("^first-paint-ns (\\d+)\\nfirst-frame-ns (\\d+)\\n$"));
    const auto match = times.match(out);
    INFO(out.toStdString());
    REQUIRE(match.hasMatch());
    const qint64 paint = match.captured(1).toLongLong();
    const qint64 frame = match.captured(2).toLongLong();
    CHECK(paint > 0);
    CHECK(frame >= paint);
    CHECK(frame < 60'000'000'000LL); // within the process's lifetime, not a stray clock
#endif
}

TEST_CASE("a window system Qt cannot load is bad input in one line, not an abort",
          "[cli][startup][hostile]")
{
    // Guards against: QT_QPA_PLATFORM=bogus made `export` and the window abort (SIGABRT, a core
    // file) with Qt's four-line text.
    for (const QStringList& arguments :
         {QStringList{QStringLiteral("export"), QStringLiteral("--panel"),
                      QStringLiteral("scaling"), QStringLiteral("--out"),
                      QStringLiteral("never-written.png")},
          QStringList{}}) {
        QTemporaryDir folder;
        REQUIRE(folder.isValid());
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("bogus"));
        environment.insert(QStringLiteral("DISPLAY"), QStringLiteral(":0"));
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), folder.path());
        QProcess process;
        process.setProcessEnvironment(environment);
        process.setWorkingDirectory(folder.path());
        process.start(QStringLiteral(DTSIM_EXECUTABLE), arguments);
        REQUIRE(process.waitForFinished(60000));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        INFO(arguments.join(QLatin1Char(' ')).toStdString() << ": " << err.toStdString());
        CHECK(process.exitStatus() == QProcess::NormalExit);
        CHECK(process.exitCode() == 2);
        CHECK(err.trimmed().count(QLatin1Char('\n')) == 0);
        CHECK(err.contains(QStringLiteral("QT_QPA_PLATFORM: 'bogus'")));
        CHECK(err.contains(QStringLiteral("offscreen")));
        CHECK_FALSE(QFileInfo::exists(folder.filePath(QStringLiteral("never-written.png"))));
    }
}
