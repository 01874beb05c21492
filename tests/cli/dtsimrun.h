#pragma once
// Runs the dtsim executable as a user would, without a display unless asked, and collects its
// exit code and output.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <catch2/catch.hpp>
#include <initializer_list>

namespace testing {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

inline Run dtsim(const QStringList& arguments, bool withDisplayVariables = false)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (!withDisplayVariables) {
        environment.remove(QStringLiteral("DISPLAY"));
        environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
        environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    }
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(DTSIM_EXECUTABLE), arguments);
    REQUIRE(process.waitForFinished(60000));
    REQUIRE(process.exitStatus() == QProcess::NormalExit);
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

/// `dtsim calc ARGUMENTS --json` as one JSON object: exit 0, one line on stdout, nothing on stderr.
inline QJsonObject calcJson(const QStringList& arguments)
{
    const Run run = dtsim(QStringList{QStringLiteral("calc")} + arguments +
                          QStringList{QStringLiteral("--json")});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    CHECK(run.err.isEmpty());
    CHECK(run.out.count(QLatin1Char('\n')) == 1);
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

/// `model` followed by "--set" before each of `sets`: the arguments of calcJson.
inline QStringList withSets(const QString& model, const QStringList& sets)
{
    QStringList arguments{model};
    for (const QString& set : sets) {
        arguments << QStringLiteral("--set") << set;
    }
    return arguments;
}

/// A command line dtsim must refuse, and a text its one-line message must contain (the key and
/// the allowed range, as the standards ask).
struct BadInputCase {
    QStringList arguments;
    const char* mustContain;
};

/// Each case exits 2 with one "dtsim: …" line on stderr containing its text, and prints nothing
/// on stdout (no half-written result).
inline void checkBadInput(std::initializer_list<BadInputCase> cases)
{
    for (const auto& c : cases) {
        INFO(c.arguments.join(QLatin1Char(' ')).toStdString());
        const Run run = dtsim(c.arguments);
        CHECK(run.exitCode == 2);
        CHECK(run.err.contains(QString::fromUtf8(c.mustContain)));
        CHECK(run.err.trimmed().count(QLatin1Char('\n')) == 0);
        CHECK(run.err.startsWith(QStringLiteral("dtsim: ")));
        CHECK(run.out.isEmpty());
    }
}

/// The text of a table `dtsim export --out path` wrote as CSV: "quantities" is `path` itself,
/// any other table the file beside it, path's stem + "-" + name + ".csv".
inline QString csvTableText(const QString& path, const QString& name)
{
    const QFileInfo info(path);
    QFile file(
        name == QLatin1String("quantities")
            ? path
            : info.dir().filePath(QStringLiteral("%1-%2.csv").arg(info.completeBaseName(), name)));
    REQUIRE(file.open(QIODevice::ReadOnly));
    return QString::fromUtf8(file.readAll());
}

} // namespace testing
