// `dtsim import nccl-tests|nvidia-topo FILE [--json]` as a user runs it, on the samples under
// tests/data (see their README.md). Expected numbers: the simcore fit and topology tests
// (test_ncclimport.cpp, test_nvtopoimport.cpp) and the ring of MODELS §4.
#include "dtsimrun.h"
#include "simcore/collectives.h"
#include "simcore/ncclimport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

namespace {

using testing::dtsim;
using testing::Run;

/// tests/data/…, found from this source file's own path (tests/cli/).
QString dataFile(const QString& relative)
{
    return QFileInfo(QStringLiteral(__FILE__))
        .dir()
        .absoluteFilePath(QStringLiteral("../data/") + relative);
}

QJsonObject importJson(const QString& kind, const QString& relative)
{
    const Run run =
        dtsim({QStringLiteral("import"), kind, dataFile(relative), QStringLiteral("--json")});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    CHECK(run.err.isEmpty());
    CHECK(run.out.count(QLatin1Char('\n')) == 1);
    const auto document = QJsonDocument::fromJson(run.out.toUtf8());
    REQUIRE(document.isObject());
    return document.object();
}

simcore::NcclFit simcoreFit(const QString& relative)
{
    QFile file(dataFile(relative));
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    const auto imported =
        simcore::importNcclTests(std::string_view(bytes.constData(), bytes.size()),
                                 QFileInfo(relative).fileName().toStdString());
    REQUIRE(imported.table);
    return imported.fit;
}

} // namespace

TEST_CASE("import nccl-tests --json: the fit, the ranks and the --set lines", "[cli][import]")
{
    const QJsonObject json = importJson(QStringLiteral("nccl-tests"),
                                        QStringLiteral("nccl/all_reduce_2x8xh100_ndr.txt"));
    for (const char* field :
         {"latency", "bandwidth", "collective", "ranks", "points", "worst_relative_error", "set"}) {
        INFO(field);
        CHECK(json.contains(QLatin1String(field)));
    }
    CHECK(json["collective"].toString() == "all_reduce");
    CHECK(json["ranks"].toInt() == 16);
    CHECK(json["nodes"].toInt() == 2);
    CHECK(json["points"].toInt() == 31);
    CHECK(json["scope"].toString() == "inter"); // two hosts: the link between nodes
    // The same numbers simcore computes (the CLI only prints them).
    const auto fit = simcoreFit(QStringLiteral("nccl/all_reduce_2x8xh100_ndr.txt"));
    CHECK(json["latency"].toDouble() == fit.latencySeconds);
    CHECK(json["bandwidth"].toDouble() == fit.bandwidthBytesPerSecond);
    CHECK(json["worst_relative_error"].toDouble() == fit.worstRelativeError);
    const QJsonArray sets = json["set"].toArray();
    REQUIRE(sets.size() == 2);
    CHECK(sets[0].toString().startsWith("hardware.inter_latency="));
    CHECK(sets[1].toString().startsWith("hardware.inter_bandwidth="));

    // Pasting the --set values into the ring model of MODELS §4 (collectives.h) on 16 workers
    // reproduces the measured 1 GiB all-reduce within the fit's worst relative error.
    const double latency = sets[0].toString().section(QLatin1Char('='), 1).toDouble();
    const double bandwidth = sets[1].toString().section(QLatin1Char('='), 1).toDouble();
    CHECK(latency == Approx(fit.latencySeconds).epsilon(1e-15));
    simcore::CollectiveParams p;
    p.workers = 16;
    p.bytes = 1073741824.0;
    p.gpusPerNode = 8;
    p.inter = {latency, bandwidth};
    p.intra = {latency, 450e9};
    const auto cost =
        simcore::collectiveCost(simcore::CommAlgorithm::Ring, simcore::CollectiveOp::AllReduce, p);
    const double measured = 10693e-6; // the 1073741824-byte row of the sample, out-of-place
    CHECK(std::abs(cost.seconds - measured) / measured <= fit.worstRelativeError);
}

TEST_CASE("import nccl-tests: the readable table", "[cli][import]")
{
    const Run run = dtsim({QStringLiteral("import"), QStringLiteral("nccl-tests"),
                           dataFile(QStringLiteral("nccl/all_reduce_8xh100_nvswitch.txt"))});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    for (const char* word : {"latency", "bandwidth", "collective", "ranks", "points",
                             "worst_relative_error", "all_reduce"}) {
        INFO(word);
        CHECK(run.out.contains(QLatin1String(word)));
    }
    // One node: the fit describes the link inside it.
    CHECK(run.out.contains(QStringLiteral("--set hardware.intra_latency=")));
    CHECK(run.out.contains(QStringLiteral("--set hardware.intra_bandwidth=")));
    CHECK(run.out.contains(QStringLiteral("collective.workers=8")));
    // Every --set line the user is told to paste is accepted by dtsim as it stands.
    static const QRegularExpression setPattern(QStringLiteral("--set (\\S+)"));
    QStringList keys;
    QStringList arguments = {QStringLiteral("calc"), QStringLiteral("scaling"),
                             QStringLiteral("--json")};
    for (auto it = setPattern.globalMatch(run.out); it.hasNext();) {
        const auto assignment = it.next().captured(1);
        if (assignment.startsWith(QLatin1String("hardware."))) {
            arguments << QStringLiteral("--set") << assignment;
            keys << assignment;
        }
    }
    CHECK(keys.size() >= 2);
    const Run paste = dtsim(arguments);
    INFO(paste.err.toStdString());
    CHECK(paste.exitCode == 0);
}

TEST_CASE("import nvidia-topo --json: GPUs, NICs and the link kind of every pair", "[cli][import]")
{
    const QJsonObject json =
        importJson(QStringLiteral("nvidia-topo"), QStringLiteral("nvtopo/dgx_h100.txt"));
    CHECK(json["gpus"].toInt() == 8);
    CHECK(json["nics"].toInt() == 10);
    CHECK(json["gpu_nics"].toInt() == 8);
    CHECK(json["nvswitch"].toBool());
    const QJsonArray pairs = json["pairs"].toArray();
    REQUIRE(pairs.size() == 28); // 8·7/2
    const QJsonObject first = pairs[0].toObject();
    CHECK(first["a"].toInt() == 0);
    CHECK(first["b"].toInt() == 1);
    CHECK(first["code"].toString() == "NV18");
    CHECK(first["kind"].toString() == "nvswitch");
    CHECK(first["bandwidth"].toDouble() == Approx(450e9).epsilon(1e-12)); // 18 × 25 GB/s
    const QJsonArray details = json["gpu_details"].toArray();
    CHECK(details[5].toObject()["nearest_nic"].toString() == "mlx5_5");
    CHECK(details[5].toObject()["nearest_nic_code"].toString() == "PIX");

    // The mis-wired node: GPU 3 reaches its socket's GPUs over PCIe 5 (NODE), the others over
    // the socket link (SYS); the best ring keeps GPU 3 between GPUs 1 and 2.
    const QJsonObject bad =
        importJson(QStringLiteral("nvidia-topo"), QStringLiteral("nvtopo/miswired_h100.txt"));
    CHECK_FALSE(bad["nvswitch"].toBool());
    const QJsonArray ring = bad["ring"].toArray();
    REQUIRE(ring.size() == 8);
    CHECK(ring[2].toInt() == 3);
    CHECK(bad["bottleneck"].toObject()["kind"].toString() == "pcie-host-bridge");
    const QJsonArray sets = bad["set"].toArray();
    REQUIRE(sets.size() == 6);
    CHECK(sets[0].toString() == "hardware.gpus_per_node=8");
    CHECK(sets[3].toString() == "topology.preset=imported");
    CHECK(sets[4].toString().startsWith("topology.node=NV"));
    CHECK(sets[5].toString() == "topology.node_nics=" + QString::number(bad["gpu_nics"].toInt()));

    // The --set values, pasted as they stand, draw the same node pair by pair: the exported
    // bottleneck is the import's.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString csv = dir.filePath(QStringLiteral("topology.csv"));
    QStringList arguments = {QStringLiteral("export"), QStringLiteral("--panel"),
                             QStringLiteral("topology"), QStringLiteral("--out"), csv};
    for (const auto& set : sets) {
        arguments << QStringLiteral("--set") << set.toString();
    }
    const Run run = dtsim(arguments);
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    QFile file(csv);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QStringList slowest =
        QString::fromUtf8(file.readAll()).split(QLatin1Char('\n')).filter(QStringLiteral(",yes,"));
    REQUIRE(slowest.size() == 1);
    CHECK(slowest.first().contains(QStringLiteral(",pcie-host-bridge,")));
}

TEST_CASE("import nvidia-topo: the readable listing", "[cli][import]")
{
    const Run run = dtsim({QStringLiteral("import"), QStringLiteral("nvidia-topo"),
                           dataFile(QStringLiteral("nvtopo/pcie_workstation_4gpu.txt"))});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.contains(QStringLiteral("gpus  4")));
    CHECK(run.out.contains(QStringLiteral("nics  0")));
    CHECK(run.out.contains(QStringLiteral("GPU0-GPU1  PHB")));
    CHECK(run.out.contains(QStringLiteral("GPU1-GPU2  SYS")));
    CHECK(run.out.contains(QStringLiteral("cpu-interconnect")));
    CHECK(run.out.contains(QStringLiteral("--set hardware.intra_bandwidth=2.2e10")));
    // The node's codes in one shell word: quoted, because they are separated by spaces.
    CHECK(run.out.contains(QStringLiteral("--set 'topology.node=PHB SYS SYS SYS SYS PHB'")));
}

TEST_CASE("import: bad files exit 2 with FILE:LINE and what was expected", "[cli][import]")
{
    struct Case {
        const char* kind;
        const char* file;
        int line; // 0: no line in the message
        const char* expected;
    };
    const Case cases[] = {
        {"nccl-tests", "nccl/bad/decimal_comma.txt", 18, "decimal point"},
        {"nccl-tests", "nccl/bad/truncated_row.txt", 40, "cut short"},
        {"nccl-tests", "nccl/bad/truncated_no_footer.txt", 41, "Avg bus bandwidth"},
        {"nccl-tests", "nccl/bad/reordered_columns.txt", 16, "column order"},
        {"nccl-tests", "nccl/bad/garbage.txt", 0, "nccl-tests program"},
        {"nccl-tests", "nccl/bad/empty.txt", 0, "empty"},
        {"nvidia-topo", "nvtopo/bad/unknown_code.txt", 5, "link code"},
        {"nvidia-topo", "nvtopo/bad/truncated.txt", 8, "link codes"},
        {"nvidia-topo", "nvtopo/bad/asymmetric.txt", 9, "same code"},
        {"nvidia-topo", "nvtopo/bad/garbage.txt", 0, "GPU0"},
        // The other importer's file is refused, not misread.
        {"nvidia-topo", "nccl/all_reduce_8xh100_nvswitch.txt", 0, "GPU0"},
        {"nccl-tests", "nvtopo/dgx_h100.txt", 0, "nccl-tests program"},
    };
    for (const auto& c : cases) {
        const QString path = dataFile(QLatin1String(c.file));
        INFO(c.file);
        const Run run = dtsim({QStringLiteral("import"), QLatin1String(c.kind), path});
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 2);
        CHECK(run.out.isEmpty());
        const QString prefix =
            c.line > 0 ? QStringLiteral("dtsim: import: %1:%2: expected ").arg(path).arg(c.line)
                       : QStringLiteral("dtsim: import: %1: expected ").arg(path);
        CHECK(run.err.startsWith(prefix));
        CHECK(run.err.contains(QLatin1String(c.expected)));
        CHECK(run.err.count(QLatin1Char('\n')) == 1);
    }
}

TEST_CASE("import: bad usage exits 2 with one line", "[cli][import]")
{
    const auto check = [](const QStringList& arguments, const char* words) {
        const Run run = dtsim(arguments);
        INFO(run.err.toStdString());
        CHECK(run.exitCode == 2);
        CHECK(run.err.startsWith(QStringLiteral("dtsim: import: ")));
        CHECK(run.err.contains(QLatin1String(words)));
        CHECK(run.err.count(QLatin1Char('\n')) == 1);
    };
    check({QStringLiteral("import")}, "expected KIND FILE");
    check({QStringLiteral("import"), QStringLiteral("iperf"), dataFile(QStringLiteral("nccl"))},
          "unknown KIND 'iperf'; allowed: nccl-tests, nvidia-topo");
    check({QStringLiteral("import"), QStringLiteral("nccl-tests"),
           QStringLiteral("/nonexistent/all_reduce.txt")},
          "no such file");
    check({QStringLiteral("import"), QStringLiteral("nccl-tests"), dataFile(QStringLiteral("nccl")),
           QStringLiteral("--frobnicate")},
          "frobnicate");
    // A directory is not a file.
    check(
        {QStringLiteral("import"), QStringLiteral("nccl-tests"), dataFile(QStringLiteral("nccl"))},
        "no such file");
}
