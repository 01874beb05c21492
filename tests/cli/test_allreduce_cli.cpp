// `dtsim calc allreduce` and `dtsim export --panel communication` as a user runs them. Expected
// numbers are hand calculations of the α–β model (MODELS §4: Thakur, Rabenseifner & Gropp 2005)
// and of nccl-tests' algbw / busbw (doc/PERFORMANCE.md), written out next to each check.
#include "dtsimrun.h"

#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

namespace {

using testing::dtsim;
using testing::Run;

QJsonObject calcJson(const QStringList& sets)
{
    QStringList arguments = {QStringLiteral("calc"), QStringLiteral("allreduce"),
                             QStringLiteral("--json")};
    for (const QString& set : sets) {
        arguments << QStringLiteral("--set") << set;
    }
    const Run run = dtsim(arguments);
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.count('\n') == 1);
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

constexpr double kRelative = 1e-12;

} // namespace

TEST_CASE("calc allreduce --json: the default ring inside one node", "[cli][allreduce]")
{
    const QJsonObject json = calcJson({});
    for (const char* field : {"time", "bytes_sent_per_worker", "algbw", "busbw", "steps",
                              "algorithm", "workers", "bytes", "gpus_per_node", "intra", "inter",
                              "link_used", "latency_time", "bandwidth_time"}) {
        INFO(field);
        CHECK(json.contains(QLatin1String(field)));
    }
    // Scenario defaults: ring, n = 8, S = 1e9 B, g = 8, NVLink 4 (α = 3e-6 s, B = 450e9 B/s).
    CHECK(json["algorithm"].toString() == "ring");
    CHECK(json["workers"].toDouble() == 8);
    CHECK(json["bytes"].toDouble() == 1e9);
    CHECK(json["intra"].toObject()["bandwidth"].toDouble() == 450e9);
    CHECK(json["intra"].toObject()["latency"].toDouble() == 3e-6);
    CHECK(json["link_used"].toString() == "intra");
    // MODELS §4 ring: 2(n−1)α + 2(n−1)/n·S/B = 2·7·3e-6 + 2·(7/8)·1e9/450e9
    //   = 4.2e-5 + 0.00388888… = 0.00393088888… s; 2(n−1) = 14 steps;
    //   each worker sends 2·(7/8)·1e9 = 1.75e9 bytes.
    const double time = 4.2e-5 + 1.75e9 / 450e9;
    CHECK(json["time"].toDouble() == Approx(time).epsilon(kRelative));
    CHECK(json["latency_time"].toDouble() == Approx(4.2e-5).epsilon(kRelative));
    CHECK(json["steps"].toInt() == 14);
    CHECK(json["bytes_sent_per_worker"].toDouble() == 1.75e9);
    // nccl-tests: algbw = S/t = 254.395…e9 B/s; busbw = algbw · 2(n−1)/n = 445.19…e9 B/s.
    CHECK(json["algbw"].toDouble() == Approx(1e9 / time).epsilon(kRelative));
    CHECK(json["busbw"].toDouble() == Approx(1e9 / time * 1.75).epsilon(kRelative));
    CHECK(json["bus_factor"].toDouble() == 1.75);
    // Hockney's n½ for the ring: n·α·B = 8 · 3e-6 · 450e9 = 10.8e6 bytes; peak busbw = B.
    CHECK(json["half_peak_bytes"].toDouble() == Approx(10.8e6).epsilon(kRelative));
    CHECK(json["peak_busbw"].toDouble() == Approx(450e9).epsilon(kRelative));
}

TEST_CASE("calc allreduce --json: each algorithm by hand", "[cli][allreduce]")
{
    SECTION("a flat ring across nodes runs at the slowest link")
    {
        // n = 16 over two 8-GPU nodes: α = 1e-5, B = 50e9 (MODELS §4):
        // 2·15·1e-5 + 2·(15/16)·1e9/50e9 = 3e-4 + 0.0375 = 0.0378 s.
        const QJsonObject json = calcJson({"collective.workers=16"});
        CHECK(json["time"].toDouble() == Approx(0.0378).epsilon(kRelative));
        CHECK(json["link_used"].toString() == "slowest");
        CHECK(json["nodes"].toDouble() == 2);
    }
    SECTION("hierarchical")
    {
        // g = 8, k = 2: intra 2·7·3e-6 + 2·(7/8)·1e9/450e9; inter all-reduce of S/g = 1.25e8
        // over 2 nodes: 2·1·1e-5 + 2·(1/2)·1.25e8/50e9 = 2e-5 + 0.0025.
        const QJsonObject json =
            calcJson({"collective.workers=16", "collective.algorithm=hierarchical"});
        CHECK(json["algorithm"].toString() == "hierarchical");
        CHECK(json["time"].toDouble() ==
              Approx(4.2e-5 + 1.75e9 / 450e9 + 2e-5 + 0.0025).epsilon(kRelative));
        CHECK(json["steps"].toInt() == 16); // 2·(8−1) + 2·(2−1)
        CHECK(json["link_used"].toString() == "intra+inter");
        // Bytes per worker as the flat ring: 2·(15/16)·1e9 = 1.875e9.
        CHECK(json["bytes_sent_per_worker"].toDouble() == Approx(1.875e9).epsilon(kRelative));
    }
    SECTION("tree")
    {
        // Binomial tree, n = 8 in one node: 2·⌈log₂8⌉·(α + S/B) = 6·(3e-6 + 1e9/450e9).
        const QJsonObject json = calcJson({"collective.algorithm=tree"});
        CHECK(json["time"].toDouble() == Approx(6 * (3e-6 + 1e9 / 450e9)).epsilon(kRelative));
        CHECK(json["steps"].toInt() == 6);
    }
    SECTION("naive")
    {
        // Everyone sends S to everyone, n = 64 across 8 nodes (slowest link 1e-5 s, 50e9 B/s):
        // 63·1e-5 + 63·1e9/50e9 = 6.3e-4 + 1.26 = 1.26063 s; 63e9 bytes per worker.
        const QJsonObject json = calcJson({"collective.algorithm=naive", "collective.workers=64"});
        CHECK(json["time"].toDouble() == Approx(1.26063).epsilon(kRelative));
        CHECK(json["bytes_sent_per_worker"].toDouble() == 63e9);
    }
    SECTION("links from the command line")
    {
        // PCIe 4.0 x16 by hand: 16 GT/s × 16 lanes × 128/130 / 8 = 31.5077e9 B/s; α = 5.7 µs;
        // n = 4, S = 1e8: 2·3·5.7e-6 + 2·(3/4)·1e8/31.5077e9 = 3.42e-5 + 0.00476074… s.
        const double b = 16e9 * 16 * 128 / 130 / 8;
        const QJsonObject json =
            calcJson({"collective.workers=4", "collective.bytes=1e8",
                      QStringLiteral("hardware.intra_bandwidth=%1").arg(b, 0, 'g', 17),
                      "hardware.intra_latency=5.7e-6"});
        CHECK(json["time"].toDouble() == Approx(3.42e-5 + 1.5e8 / b).epsilon(kRelative));
    }
}

TEST_CASE("calc allreduce prints a readable table with units", "[cli][allreduce]")
{
    const Run run = dtsim({"calc", "allreduce"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.contains(QStringLiteral("ring")));
    CHECK(run.out.contains(QRegularExpression(QStringLiteral("time\\s+0.00393089\\s+s\\n"))));
    CHECK(run.out.contains(
        QRegularExpression(QStringLiteral("bytes sent per worker\\s+1.75e\\+09\\s+bytes"))));
    CHECK(run.out.contains(QRegularExpression(QStringLiteral("busbw.*bytes/s"))));
    CHECK(run.out.contains(QRegularExpression(QStringLiteral("steps\\s+14"))));
    CHECK(run.out.contains(QStringLiteral("one direction, per GPU")));
}

TEST_CASE("calc allreduce: bad input exits 2 with one line naming the key", "[cli][allreduce]")
{
    struct Case {
        QStringList arguments;
        const char* key;
        const char* range;
    };
    const Case cases[] = {
        {{"calc", "allreduce", "--set", "collective.workers=0"}, "collective.workers", "1"},
        {{"calc", "allreduce", "--set", "collective.workers=2.5"}, "collective.workers", "1"},
        {{"calc", "allreduce", "--set", "collective.algorithm=magic"},
         "collective.algorithm",
         "ring | tree | naive | hierarchical"},
        {{"calc", "allreduce", "--set", "collective.bytes=0"}, "collective.bytes", "1"},
        {{"calc", "allreduce", "--set", "hardware.intra_bandwidth=0"},
         "hardware.intra_bandwidth",
         "1e6"},
        {{"calc", "allreduce", "--set", "hardware.gpus_per_node=0"}, "hardware.gpus_per_node", "1"},
    };
    for (const auto& c : cases) {
        INFO(c.arguments.join(' ').toStdString());
        const Run run = dtsim(c.arguments);
        CHECK(run.exitCode == 2);
        CHECK(run.out.isEmpty());
        CHECK(run.err.trimmed().count('\n') == 0);
        CHECK(run.err.contains(QLatin1String(c.key)));
        CHECK(run.err.contains(QLatin1String(c.range)));
    }
}

TEST_CASE("dtsim export --panel communication writes a picture and its data", "[cli][allreduce]")
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("x.png"));
    const Run run = dtsim(
        {"export", "--panel", "communication", "--out", png, "--set", "collective.workers=64"});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QImage image(png);
    REQUIRE_FALSE(image.isNull());
    CHECK(image.size() == QSize(1600, 900));

    const QString csv = dir.filePath(QStringLiteral("x.csv"));
    REQUIRE(dtsim({"export", "--panel", "communication", "--out", csv, "--set",
                   "collective.algorithm=tree"})
                .exitCode == 0);
    QFile file(csv);
    REQUIRE(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString text = QString::fromUtf8(file.readAll());
    CHECK(text.contains(QStringLiteral("\nalgorithm,tree,\n")));
    CHECK(text.contains(QStringLiteral("\nquantity,value,unit\n")));

    // Bad input: no file, exit 2, the key named.
    const QString bad = dir.filePath(QStringLiteral("bad.png"));
    const Run refused = dtsim(
        {"export", "--panel", "communication", "--out", bad, "--set", "collective.workers=0"});
    CHECK(refused.exitCode == 2);
    CHECK(refused.err.contains(QStringLiteral("collective.workers")));
    CHECK_FALSE(QFile::exists(bad));
}
