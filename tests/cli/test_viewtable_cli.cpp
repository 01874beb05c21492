// `dtsim calc` and `dtsim export` read simcore's one view table (views/views.h): every name it
// lists runs, `--monte-carlo` is taken where it says so, and the help lists exactly its names.
#include "dtsimrun.h"
#include "simcore/views/views.h"

#include <QTemporaryDir>
#include <catch2/catch.hpp>

using testing::dtsim;
using testing::Run;

TEST_CASE("cli: every calc and export name of the view table runs, no other", "[cli][views]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const Run help = dtsim({QStringLiteral("--help")});
    REQUIRE(help.exitCode == 0);
    QStringList calcNames;
    QStringList exportNames;
    for (const auto& entry : simcore::viewEntries()) {
        const QString id =
            QString::fromUtf8(entry.id.data(), static_cast<qsizetype>(entry.id.size()));
        INFO(id.toStdString());
        if (entry.calc) {
            calcNames << id;
            CHECK(dtsim({QStringLiteral("calc"), id, QStringLiteral("--json")}).exitCode == 0);
            // The flag is taken only where it simulates (checked before anything is priced).
            const Run simulated =
                dtsim({QStringLiteral("calc"), id, QStringLiteral("--monte-carlo"),
                       QStringLiteral("--set"), QStringLiteral("checkpoint.mc_runs=10")});
            CHECK((simulated.exitCode == 0) == entry.monteCarlo);
        } else {
            CHECK(dtsim({QStringLiteral("calc"), id}).exitCode == 2);
        }
        if (entry.exported) {
            exportNames << id;
            const QString out = dir.filePath(id + QStringLiteral(".csv"));
            CHECK(dtsim({QStringLiteral("export"), QStringLiteral("--panel"), id,
                         QStringLiteral("--out"), out})
                      .exitCode == 0);
        }
    }
    CHECK(help.out.contains(QStringLiteral("MODEL: ") + calcNames.join(QStringLiteral(", ")) +
                            QLatin1Char('.')));
    CHECK(help.out.contains(QStringLiteral("P: ") + exportNames.join(QStringLiteral(", ")) +
                            QLatin1Char('.')));
}
