// `dtsim import step-times FILE` and `dtsim import nccl-tests` on pasted logs (several runs, no
// device list, two logs for the two link levels), as a user runs them. Expected numbers: the
// lesson model of MODELS §1 (test_measuredsteps.cpp) and the samples' α–β constants
// (make_samples.py).
#include "../datafile.h"
#include "dtsimrun.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

namespace {

using testing::dataFile;

using testing::dtsim;
using testing::Run;

QJsonObject runJson(const QStringList& arguments)
{
    const Run run = dtsim(arguments);
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    CHECK(run.err.isEmpty());
    const auto document = QJsonDocument::fromJson(run.out.toUtf8());
    REQUIRE(document.isObject());
    return document.object();
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(text);
    return path;
}

} // namespace

TEST_CASE("import step-times: the fitted constants, the residual and the --set line in JSON",
          "[cli][import]")
{
    QTemporaryDir dir;
    // MODELS §1 with base 1 s, fixed 20 ms, 4 ms per extra worker, exact.
    const QString path = writeFile(dir, QStringLiteral("steps.csv"),
                                   "workers,seconds\n1,1\n2,0.524\n4,0.282\n8,0.173\n16,0.1425\n");
    const auto json = runJson(
        {QStringLiteral("import"), QStringLiteral("step-times"), path, QStringLiteral("--json")});
    for (const char* key :
         {"kind", "file", "model", "base_compute", "fixed_sync", "sync_per_worker", "residual_rms",
          "residual_unit", "worst_error", "worst_line", "points", "distinct_workers",
          "clamped_to_zero", "optimal_workers", "measured", "set", "left_out"}) {
        INFO(key);
        CHECK(json.contains(QLatin1String(key)));
    }
    CHECK(json[QStringLiteral("kind")].toString() == QStringLiteral("step-times"));
    CHECK(json[QStringLiteral("base_compute")].toDouble() == Approx(1.0).epsilon(1e-9));
    CHECK(json[QStringLiteral("fixed_sync")].toDouble() == Approx(0.02).epsilon(1e-8));
    CHECK(json[QStringLiteral("sync_per_worker")].toDouble() == Approx(0.004).epsilon(1e-8));
    CHECK(json[QStringLiteral("residual_rms")].toDouble() < 1e-9);
    CHECK(json[QStringLiteral("residual_unit")].toString() == QStringLiteral("s"));
    CHECK(json[QStringLiteral("optimal_workers")].toDouble() == 16);
    CHECK(json[QStringLiteral("measured")].toArray().size() == 5);
    const auto set = json[QStringLiteral("set")].toArray();
    REQUIRE(set.size() == 4);
    CHECK(set[0].toString().startsWith(QStringLiteral("lesson.base_compute=")));
    CHECK(set[3].toString() ==
          QStringLiteral("scaling.measured=1:1 2:0.524 4:0.282 8:0.173 16:0.1425"));

    // The pasted line is one dtsim takes: calc scaling with it reproduces the optimum.
    QStringList calc = {QStringLiteral("calc"), QStringLiteral("scaling"),
                        QStringLiteral("--json")};
    for (const auto& assignment : set) {
        calc << QStringLiteral("--set") << assignment.toString();
    }
    const auto scaling = runJson(calc);
    CHECK(scaling[QStringLiteral("optimal_workers")].toDouble() == 16);

    // The text form names the residual and prints the line to paste.
    const Run text = dtsim({QStringLiteral("import"), QStringLiteral("step-times"), path});
    CHECK(text.exitCode == 0);
    CHECK(text.out.contains(QStringLiteral("residual_rms")));
    CHECK(text.out.contains(QStringLiteral("--set lesson.base_compute=")));
}

TEST_CASE("import step-times: bad lines and underdetermined fits exit 2 with one line",
          "[cli][import]")
{
    QTemporaryDir dir;
    const auto refused = [&dir](const QByteArray& text, const char* words) {
        const QString path = writeFile(dir, QStringLiteral("bad.csv"), text);
        const Run run = dtsim({QStringLiteral("import"), QStringLiteral("step-times"), path});
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 2);
        CHECK(run.out.isEmpty());
        CHECK(run.err.count(QLatin1Char('\n')) == 1);
        CHECK(run.err.contains(QLatin1String(words)));
    };
    refused("workers,seconds\n1,1.0\n2,abc\n", "bad.csv:3: expected the step time in seconds");
    refused("1,1.0\n2;0.5\n", "bad.csv:2: expected a line 'workers,seconds'");
    refused("1,1.0\n0,0.5\n", "bad.csv:2: expected the worker count");
    refused("", "at least one line 'workers,seconds'");
    refused("1,1.0\n2,0.55\n2,0.56\n", "3 or more different worker counts");
}

TEST_CASE("import nccl-tests: runs of one log in `tables`, an inferred rank count said so",
          "[cli][import]")
{
    const auto sweep = runJson({QStringLiteral("import"), QStringLiteral("nccl-tests"),
                                dataFile(QStringLiteral("nccl/sweep_five_collectives_8xh100.txt")),
                                QStringLiteral("--json")});
    const auto tables = sweep[QStringLiteral("tables")].toArray();
    REQUIRE(tables.size() == 5);
    QStringList collectives;
    for (const auto& table : tables) {
        collectives << table.toObject()[QStringLiteral("collective")].toString();
        CHECK(table.toObject()[QStringLiteral("fit")].toObject().contains(
            QStringLiteral("bandwidth")));
    }
    CHECK(collectives == QStringList{QStringLiteral("all_reduce"), QStringLiteral("all_gather"),
                                     QStringLiteral("reduce_scatter"), QStringLiteral("alltoall"),
                                     QStringLiteral("broadcast")});
    CHECK(sweep[QStringLiteral("fitted_tables")].toString() == QStringLiteral("1"));

    const auto inferred = runJson({QStringLiteral("import"), QStringLiteral("nccl-tests"),
                                   dataFile(QStringLiteral("nccl/all_reduce_16_no_devices.txt")),
                                   QStringLiteral("--json")});
    CHECK(inferred[QStringLiteral("ranks")].toDouble() == 16);
    CHECK(inferred[QStringLiteral("ranks_inferred")].toBool());
    CHECK(inferred[QStringLiteral("ranks_from")].toString() == QStringLiteral("bus_factor"));
    const Run text = dtsim({QStringLiteral("import"), QStringLiteral("nccl-tests"),
                            dataFile(QStringLiteral("nccl/all_reduce_16_no_devices.txt"))});
    CHECK(text.out.contains(QStringLiteral("N = 16 was inferred from busbw / algbw")));
}

TEST_CASE("import nccl-tests INTRA ACROSS: both link levels in one --set line", "[cli][import]")
{
    const QString intra = dataFile(QStringLiteral("nccl/all_reduce_8xh100_nvswitch.txt"));
    const QString across = dataFile(QStringLiteral("nccl/all_reduce_2x8xh100_srun_label.txt"));
    const auto json = runJson({QStringLiteral("import"), QStringLiteral("nccl-tests"), intra,
                               across, QStringLiteral("--json")});
    CHECK(json[QStringLiteral("logs")].toArray().size() == 2);
    CHECK(json[QStringLiteral("intra_file")].toString() == intra);
    CHECK(json[QStringLiteral("inter_file")].toString() == across);
    const auto set = json[QStringLiteral("set")].toArray();
    REQUIRE(set.size() == 4);
    CHECK(set[0].toString().startsWith(QStringLiteral("hardware.intra_latency=")));
    CHECK(set[1].toString().startsWith(QStringLiteral("hardware.intra_bandwidth=")));
    CHECK(set[2].toString().startsWith(QStringLiteral("hardware.inter_latency=")));
    CHECK(set[3].toString().startsWith(QStringLiteral("hardware.inter_bandwidth=")));
    // The order does not matter when the logs name their hosts.
    const auto swapped = runJson({QStringLiteral("import"), QStringLiteral("nccl-tests"), across,
                                  intra, QStringLiteral("--json")});
    CHECK(swapped[QStringLiteral("set")].toArray() == set);
    // A log without hosts takes the level the other leaves.
    const auto noHosts = runJson({QStringLiteral("import"), QStringLiteral("nccl-tests"), intra,
                                  dataFile(QStringLiteral("nccl/all_reduce_across_no_hosts.txt")),
                                  QStringLiteral("--json")});
    CHECK(noHosts[QStringLiteral("set")].toArray().size() == 4);

    // Two logs of one node, or three logs: refused with one line.
    const Run same = dtsim({QStringLiteral("import"), QStringLiteral("nccl-tests"), intra,
                            dataFile(QStringLiteral("nccl/rccl_all_reduce_8xmi300x_nocheck.txt"))});
    CHECK(same.exitCode == 2);
    CHECK(same.err.contains(QStringLiteral("both logs ran on one host")));
    const Run three =
        dtsim({QStringLiteral("import"), QStringLiteral("nccl-tests"), intra, across, intra});
    CHECK(three.exitCode == 2);
    CHECK(three.err.contains(QStringLiteral("at most two logs")));
    const Run topoTwo =
        dtsim({QStringLiteral("import"), QStringLiteral("nvidia-topo"), intra, across});
    CHECK(topoTwo.exitCode == 2);
}
