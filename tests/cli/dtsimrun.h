#pragma once
// Runs the dtsim executable as a user would, without a display unless asked, and collects its
// exit code and output.

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <catch2/catch.hpp>

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

} // namespace testing
