// `dtsim import nccl-tests|nvidia-topo FILE [--json]` as a user runs it, on the samples under
// tests/data (see their README.md). Expected numbers: the simcore fit and topology tests
// (test_ncclimport.cpp, test_nvtopoimport.cpp) and the ring of MODELS §4.
#include "../datafile.h"
#include "dtsimrun.h"
#include "simcore/import/ncclfit.h"
#include "simcore/import/ncclimport.h"
#include "simcore/models/collectives.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <cstdio>
#include <sys/stat.h>

namespace {

using testing::dataFile;

using testing::dtsim;
using testing::Run;

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
    REQUIRE(sets.size() == 8);
    CHECK(sets[0].toString() == "hardware.gpus_per_node=8");
    CHECK(sets[3].toString() == "topology.preset=imported");
    CHECK(sets[4].toString().startsWith("topology.node=NV"));
    CHECK(sets[5].toString() == "topology.node_nics=" + QString::number(bad["gpu_nics"].toInt()));
    // The ring the import shows, as the Topology panel's "Use these for my cluster" sets it.
    CHECK(sets[6].toString() == "collective.workers=8");
    CHECK(sets[7].toString() == "collective.algorithm=ring");

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
    const QStringList slowest = testing::csvTableText(csv, QStringLiteral("links"))
                                    .split(QLatin1Char('\n'))
                                    .filter(QStringLiteral(",yes,"));
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
          "unknown KIND 'iperf'; allowed: nccl-tests, nvidia-topo, step-times");
    check({QStringLiteral("import"), QStringLiteral("nccl-tests"),
           QStringLiteral("/nonexistent/all_reduce.txt")},
          "no such file");
    check({QStringLiteral("import"), QStringLiteral("nccl-tests"), dataFile(QStringLiteral("nccl")),
           QStringLiteral("--frobnicate")},
          "frobnicate");
    // A directory is not a file.
    check(
        {QStringLiteral("import"), QStringLiteral("nccl-tests"), dataFile(QStringLiteral("nccl"))},
        "not a regular file");
}

namespace {

/// dtsim with `input` on its standard input.
Run dtsimWithInput(const QStringList& arguments, const QByteArray& input)
{
    QProcess process;
    process.start(QStringLiteral(DTSIM_EXECUTABLE), arguments);
    REQUIRE(process.waitForStarted(60000));
    process.write(input);
    process.closeWriteChannel();
    REQUIRE(process.waitForFinished(60000));
    REQUIRE(process.exitStatus() == QProcess::NormalExit);
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

QByteArray sampleBytes(const QString& relative)
{
    QFile file(dataFile(relative));
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

/// Every "--set KEY=VALUE" (or "--set 'KEY=VALUE'") the text tells the user to paste.
QStringList printedSets(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("--set (?:'([^']*)'|(\\S+))"));
    QStringList sets;
    for (auto it = pattern.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        sets << (match.captured(1).isEmpty() ? match.captured(2) : match.captured(1));
    }
    return sets;
}

/// `dtsim calc MODEL` with every printed --set line accepts them (exit 0).
void requireAccepted(const QString& model, const QStringList& sets)
{
    QStringList arguments = {QStringLiteral("calc"), model};
    for (const QString& set : sets) {
        arguments << QStringLiteral("--set") << set;
    }
    const Run run = dtsim(arguments);
    INFO(arguments.join(QLatin1Char(' ')).toStdString());
    INFO(run.err.toStdString());
    CHECK(run.exitCode == 0);
}

/// An all_reduce_perf log of `ranks` ranks on one host whose columns follow nccl-tests exactly:
/// t = 2(N−1)α + 2(N−1)/N·S/B, algbw = S / t, busbw = algbw × 2(N−1)/N (src/all_reduce.cu).
QByteArray oneHostAllReduce(int ranks)
{
    QString text = QStringLiteral("# Collective test starting: all_reduce_perf\n"
                                  "# nThread 1 nGpus %1 minBytes 1048576 maxBytes 1073741824\n")
                       .arg(ranks);
    for (int r = 0; r < ranks; ++r) {
        text +=
            QStringLiteral("#  Rank %1 Group  0 Pid 1 on bighost device %1 [0x01] GPU\n").arg(r);
    }
    text += QStringLiteral("#       size         count      type   redop    root     time   "
                           "algbw   busbw  #wrong\n");
    const double n = ranks;
    for (double s = 1048576; s <= 1073741824; s *= 4) {
        const double t = 2 * (n - 1) * 5e-6 + 2 * (n - 1) / n * s / 100e9;
        const double algbw = s / t / 1e9;
        char row[160];
        std::snprintf(row, sizeof row, "%12.0f  %12.0f  %8s  %6s  %6d  %7.2f  %6.2f  %6.2f  %6d\n",
                      s, s / 4, "float", "sum", -1, t * 1e6, algbw, algbw * 2 * (n - 1) / n, 0);
        text += QLatin1String(row);
    }
    text += QStringLiteral("# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 1 \n");
    return text.toUtf8();
}

} // namespace

TEST_CASE("import --help and -h print import's usage", "[cli][import]")
{
    for (const char* flag : {"--help", "-h"}) {
        INFO(flag);
        const Run run = dtsim({QStringLiteral("import"), QLatin1String(flag)});
        CHECK(run.exitCode == 0);
        CHECK(run.err.isEmpty());
        CHECK(run.out.startsWith(QStringLiteral("Usage: dtsim import KIND FILE [--json]")));
        for (const char* word : {"nccl-tests", "nvidia-topo", "- for standard input", "UTF-16"}) {
            CHECK(run.out.contains(QLatin1String(word)));
        }
    }
    // After the other arguments too.
    CHECK(dtsim({QStringLiteral("import"), QStringLiteral("nccl-tests"), QStringLiteral("x"),
                 QStringLiteral("--help")})
              .exitCode == 0);
}

TEST_CASE("import: - reads standard input; directories and FIFOs are not regular files",
          "[cli][import]")
{
    SECTION("both kinds from standard input")
    {
        const Run nccl =
            dtsimWithInput({QStringLiteral("import"), QStringLiteral("nccl-tests"),
                            QStringLiteral("-"), QStringLiteral("--json")},
                           sampleBytes(QStringLiteral("nccl/all_reduce_8xh100_nvswitch.txt")));
        INFO(nccl.err.toStdString());
        REQUIRE(nccl.exitCode == 0);
        const auto json = QJsonDocument::fromJson(nccl.out.toUtf8()).object();
        CHECK(json["file"].toString() == "standard input");
        CHECK(json["collective"].toString() == "all_reduce");
        CHECK(json["ranks"].toInt() == 8);
        const Run topo = dtsimWithInput(
            {QStringLiteral("import"), QStringLiteral("nvidia-topo"), QStringLiteral("-")},
            sampleBytes(QStringLiteral("nvtopo/dgx_h100.txt")));
        INFO(topo.err.toStdString());
        CHECK(topo.exitCode == 0);
        CHECK(topo.out.contains(QStringLiteral("gpus  8")));
        // A refusal names standard input and the line.
        const Run bad = dtsimWithInput(
            {QStringLiteral("import"), QStringLiteral("nvidia-topo"), QStringLiteral("-")},
            sampleBytes(QStringLiteral("nvtopo/bad/unknown_code.txt")));
        CHECK(bad.exitCode == 2);
        CHECK(bad.err.startsWith(QStringLiteral("dtsim: import: standard input:5: expected ")));
        CHECK(bad.err.count(QLatin1Char('\n')) == 1);
    }
    SECTION("a directory and a FIFO")
    {
        QTemporaryDir dir;
        REQUIRE(dir.isValid());
        const QString fifo = dir.filePath(QStringLiteral("all_reduce_perf.txt"));
        REQUIRE(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        for (const QString& path : {dir.path(), fifo}) {
            for (const char* kind : {"nccl-tests", "nvidia-topo"}) {
                INFO(path.toStdString() << " " << kind);
                // Guards against: a FIFO without a writer blocked the read for ever.
                const Run run = dtsim({QStringLiteral("import"), QLatin1String(kind), path});
                CHECK(run.exitCode == 2);
                CHECK(run.err == QStringLiteral("dtsim: import: %1: not a regular file (a "
                                                "directory, a device or a pipe); expected a text "
                                                "file, or - for standard input\n")
                                     .arg(path));
            }
        }
    }
}

TEST_CASE("import nvidia-topo: UTF-16 (PowerShell), a BOM and CR-only line ends", "[cli][import]")
{
    const QByteArray plain = sampleBytes(QStringLiteral("nvtopo/dgx_h100.txt"));
    QByteArray utf16le("\xFF\xFE", 2);
    QByteArray crlf = plain;
    crlf.replace("\n", "\r\n");
    for (const char c : crlf) {
        utf16le.append(c).append('\0');
    }
    QByteArray cr = plain;
    cr.replace('\n', '\r');
    for (const QByteArray& bytes : {utf16le, QByteArray("\xEF\xBB\xBF") + plain, cr}) {
        const Run run = dtsimWithInput({QStringLiteral("import"), QStringLiteral("nvidia-topo"),
                                        QStringLiteral("-"), QStringLiteral("--json")},
                                       bytes);
        INFO(run.err.toStdString());
        REQUIRE(run.exitCode == 0);
        CHECK(QJsonDocument::fromJson(run.out.toUtf8()).object()["gpus"].toInt() == 8);
    }
}

TEST_CASE("import nvidia-topo: a header of more GPU columns than a node has is refused in a line",
          "[cli][import]")
{
    // 1025 columns, one over the limit. Guards against: std::bad_alloc, exit 134 (the GPU × GPU
    // matrix allocated before any limit); that the limit comes first, at any width, is
    // test_nvtopoimport's "a wide header is refused before the matrix is allocated".
    QByteArray header = "\t";
    for (int g = 0; g < 1025; ++g) {
        header += "GPU" + QByteArray::number(g) + "\t";
    }
    header += "\n";
    const Run run = dtsimWithInput(
        {QStringLiteral("import"), QStringLiteral("nvidia-topo"), QStringLiteral("-")}, header);
    CHECK(run.exitCode == 2);
    CHECK(run.err.startsWith(
        QStringLiteral("dtsim: import: standard input:1: expected at most 1024 GPU columns")));
    CHECK(run.err.count(QLatin1Char('\n')) == 1);
}

TEST_CASE("import nccl-tests: the columns decide, a contradicting file name is reported",
          "[cli][import]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString misnamed = dir.filePath(QStringLiteral("all_gather_perf.txt"));
    REQUIRE(QFile::copy(dataFile(QStringLiteral("nccl/all_reduce_8xh100_nvswitch.txt")), misnamed));
    const Run json = dtsim({QStringLiteral("import"), QStringLiteral("nccl-tests"), misnamed,
                            QStringLiteral("--json")});
    INFO(json.err.toStdString());
    REQUIRE(json.exitCode == 0);
    const auto object = QJsonDocument::fromJson(json.out.toUtf8()).object();
    CHECK(object["collective"].toString() == "all_reduce");
    CHECK(object["collective_from"].toString() == "columns");
    CHECK(
        object["bandwidth"].toDouble() ==
        simcoreFit(QStringLiteral("nccl/all_reduce_8xh100_nvswitch.txt")).bandwidthBytesPerSecond);
    const QJsonArray conflicts = object["name_conflicts"].toArray();
    REQUIRE(conflicts.size() == 1);
    CHECK(conflicts[0].toObject()["named"].toString() == "all_gather");
    CHECK(conflicts[0].toObject()["source"].toString() == "file_name");
    CHECK(conflicts[0].toObject()["message"].toString().startsWith(
        "the file name says all_gather, but the table's columns are all_reduce's"));
    const Run text = dtsim({QStringLiteral("import"), QStringLiteral("nccl-tests"), misnamed});
    CHECK(text.exitCode == 0);
    CHECK(text.out.contains(QStringLiteral("Note: the file name says all_gather, but the "
                                           "table's columns are all_reduce's")));
}

TEST_CASE("import: every printed --set line is one dtsim accepts, or the import says why not",
          "[cli][import]")
{
    SECTION("every nccl-tests sample: the paste line and the calc line")
    {
        for (const char* name :
             {"all_gather_8xh100.txt", "all_reduce_2x4090_pcie.txt", "all_reduce_2x8xh100_ndr.txt",
              "all_reduce_8xh100_nvswitch.txt", "all_reduce_8xh100_two_runs.txt",
              "broadcast_8xh100.txt", "reduce_scatter_4xa100_nocheck.txt"}) {
            INFO(name);
            const Run run = dtsim({QStringLiteral("import"), QStringLiteral("nccl-tests"),
                                   dataFile(QStringLiteral("nccl/") + QLatin1String(name))});
            REQUIRE(run.exitCode == 0);
            const QStringList sets = printedSets(run.out);
            CHECK(sets.size() >= 4);
            requireAccepted(QStringLiteral("allreduce"), sets);
        }
    }
    SECTION("every nvidia-smi sample")
    {
        for (const char* name : {"dgx_a100.txt", "dgx_h100.txt", "miswired_h100.txt",
                                 "pcie_workstation_4gpu.txt", "two_socket_8gpu_pcie.txt"}) {
            INFO(name);
            const Run run = dtsim({QStringLiteral("import"), QStringLiteral("nvidia-topo"),
                                   dataFile(QStringLiteral("nvtopo/") + QLatin1String(name))});
            REQUIRE(run.exitCode == 0);
            const QStringList sets = printedSets(run.out);
            CHECK(sets.size() == 8); // the node, its wiring, and the ring over its GPUs
            requireAccepted(QStringLiteral("topology"), sets);
        }
    }
    SECTION("2048 ranks on one host: no hardware.gpus_per_node=2048 (its largest is 1024)")
    {
        const Run run = dtsimWithInput(
            {QStringLiteral("import"), QStringLiteral("nccl-tests"), QStringLiteral("-")},
            oneHostAllReduce(2048));
        INFO(run.err.toStdString());
        REQUIRE(run.exitCode == 0);
        CHECK_FALSE(printedSets(run.out).contains(QStringLiteral("hardware.gpus_per_node=2048")));
        CHECK(run.out.contains(QStringLiteral("No dtsim calc line reproduces this run: Left out: "
                                              "hardware.gpus_per_node=2048")));
        const QStringList sets = printedSets(run.out);
        CHECK(sets.size() == 2); // the paste line: the link inside the node
        requireAccepted(QStringLiteral("allreduce"), sets);
        const Run json = dtsimWithInput({QStringLiteral("import"), QStringLiteral("nccl-tests"),
                                         QStringLiteral("-"), QStringLiteral("--json")},
                                        oneHostAllReduce(2048));
        const auto object = QJsonDocument::fromJson(json.out.toUtf8()).object();
        CHECK(object["ranks"].toInt() == 2048);
        CHECK(object["calc_set"].toArray().isEmpty());
        CHECK(object["calc_left_out"].toArray()[0].toObject()["set"].toString() ==
              "hardware.gpus_per_node=2048");
    }
    SECTION("one GPU: nothing to paste, and why")
    {
        const QByteArray oneGpu = "\tGPU0\tCPU Affinity\tNUMA Affinity\n"
                                  "GPU0\t X \t0-15\t0\n\nLegend:\n  X    = Self\n";
        const Run run = dtsimWithInput(
            {QStringLiteral("import"), QStringLiteral("nvidia-topo"), QStringLiteral("-")}, oneGpu);
        INFO(run.err.toStdString());
        REQUIRE(run.exitCode == 0);
        // Guards against: "--set hardware.gpus_per_node=1 … --set topology.preset=imported
        // --set topology.node=", which calc refuses.
        CHECK(printedSets(run.out).isEmpty());
        CHECK(run.out.contains(
            QStringLiteral("Nothing to paste into dtsim: one GPU has no link to another GPU")));
    }
}
