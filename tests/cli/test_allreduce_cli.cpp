// `dtsim calc allreduce`, `dtsim calc communication` and `dtsim export --panel communication` as
// a user runs them. Expected numbers are hand calculations of the α–β model (MODELS §4: Thakur,
// Rabenseifner & Gropp 2005) and of nccl-tests' algbw / busbw (doc/PERFORMANCE.md), written out
// next to each check. The default links are the catalogue's (simcore/scenario/linkfigures.h):
// NVLink 4, α = 3.4 µs, B = 450e9 B/s; InfiniBand NDR, α = 9.6 µs, B = 50e9 B/s; 8 GPUs per node.
#include "dtsimrun.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

namespace {

using testing::dtsim;
using testing::Run;

QJsonObject calcJson(const QStringList& sets, const QString& model = QStringLiteral("allreduce"))
{
    return testing::calcJson(testing::withSets(model, sets));
}

constexpr double kRelative = 1e-12;

/// The value of the table row whose name is `name` ("  name   value  unit").
double tableValue(const QString& table, const QString& name)
{
    for (const QString& line : table.split(QLatin1Char('\n'))) {
        if (line.startsWith(QStringLiteral("  ") + name + QStringLiteral("  "))) {
            const QStringList words =
                line.mid(2 + name.size()).split(QLatin1Char(' '), Qt::SkipEmptyParts);
            REQUIRE_FALSE(words.isEmpty());
            return words.front().toDouble();
        }
    }
    FAIL("no row " << name.toStdString() << " in\n" << table.toStdString());
    return 0;
}

} // namespace

TEST_CASE("calc allreduce --json: the default ring inside one node", "[cli][allreduce]")
{
    const QJsonObject json = calcJson({});
    // Every field `calc allreduce --json` has printed, still there (and "model" still says so).
    for (const char* field : {"algbw",
                              "algorithm",
                              "bandwidth_time",
                              "bus_factor",
                              "busbw",
                              "bytes",
                              "bytes_sent_per_worker",
                              "flat_link",
                              "gpus_per_node",
                              "half_peak_bytes",
                              "inter",
                              "intra",
                              "latency_time",
                              "link_used",
                              "model",
                              "nodes",
                              "peak_busbw",
                              "steps",
                              "time",
                              "total_bytes_sent",
                              "workers",
                              "quantities"}) {
        INFO(field);
        CHECK(json.contains(QLatin1String(field)));
    }
    CHECK(json["model"].toString() == "allreduce");
    // Scenario defaults: ring, n = 8, S = 1e9 B, g = 8, NVLink 4 (α = 3.4e-6 s, B = 450e9 B/s).
    CHECK(json["algorithm"].toString() == "ring");
    CHECK(json["workers"].toDouble() == 8);
    CHECK(json["bytes"].toDouble() == 1e9);
    CHECK(json["gpus_per_node"].toDouble() == 8);
    CHECK(json["nodes"].toDouble() == 1);
    CHECK(json["intra"].toObject()["bandwidth"].toDouble() == 450e9);
    CHECK(json["intra"].toObject()["latency"].toDouble() == 3.4e-6);
    CHECK(json["inter"].toObject()["bandwidth"].toDouble() == 50e9);
    CHECK(json["inter"].toObject()["latency"].toDouble() == 9.6e-6);
    CHECK(json["link_used"].toString() == "intra");
    // Inside one node the flat link is the node's own.
    CHECK(json["flat_link"].toObject()["bandwidth"].toDouble() == 450e9);
    CHECK(json["flat_link"].toObject()["latency"].toDouble() == 3.4e-6);
    // MODELS §4 ring: 2(n−1)α + 2(n−1)/n·S/B = 2·7·3.4e-6 + 2·(7/8)·1e9/450e9
    //   = 4.76e-5 + 0.00388888… = 0.00393648888… s (3.936 ms, as the Topology panel);
    //   2(n−1) = 14 steps; each worker sends 2·(7/8)·1e9 = 1.75e9 bytes, 8 of them 1.4e10.
    const double time = 4.76e-5 + 1.75e9 / 450e9;
    CHECK(json["time"].toDouble() == Approx(time).epsilon(kRelative));
    CHECK(json["latency_time"].toDouble() == Approx(4.76e-5).epsilon(kRelative));
    CHECK(json["bandwidth_time"].toDouble() == Approx(1.75e9 / 450e9).epsilon(kRelative));
    CHECK(json["total_bytes_sent"].toDouble() == Approx(1.4e10).epsilon(kRelative));
    CHECK(json["steps"].toInt() == 14);
    CHECK(json["bytes_sent_per_worker"].toDouble() == 1.75e9);
    // nccl-tests: algbw = S/t = 254.395…e9 B/s; busbw = algbw · 2(n−1)/n = 445.19…e9 B/s.
    CHECK(json["algbw"].toDouble() == Approx(1e9 / time).epsilon(kRelative));
    CHECK(json["busbw"].toDouble() == Approx(1e9 / time * 1.75).epsilon(kRelative));
    CHECK(json["bus_factor"].toDouble() == 1.75);
    // Hockney's n½ for the ring: n·α·B = 8 · 3.4e-6 · 450e9 = 12.24e6 bytes; peak busbw = B.
    CHECK(json["half_peak_bytes"].toDouble() == Approx(12.24e6).epsilon(kRelative));
    CHECK(json["peak_busbw"].toDouble() == Approx(450e9).epsilon(kRelative));
    // The quantities again as a list with their units.
    bool sawTime = false;
    for (const auto& entry : json["quantities"].toArray()) {
        const QJsonObject q = entry.toObject();
        if (q["id"].toString() == "time") {
            sawTime = true;
            CHECK(q["value"].toDouble() == json["time"].toDouble());
            CHECK(q["unit"].toString() == "s");
        }
    }
    CHECK(sawTime);
}

TEST_CASE("calc communication --json: the same report as calc allreduce", "[cli][allreduce]")
{
    const QStringList sets = {"collective.workers=24", "collective.algorithm=hierarchical"};
    QJsonObject communication = calcJson(sets, QStringLiteral("communication"));
    QJsonObject allreduce = calcJson(sets);
    CHECK(communication["model"].toString() == "communication");
    CHECK(allreduce["model"].toString() == "allreduce");
    communication.remove(QStringLiteral("model"));
    allreduce.remove(QStringLiteral("model"));
    CHECK(communication == allreduce);
    // Hierarchical, g = 8, k = 3: 2·7·3.4e-6 + 2·(7/8)·1e9/450e9 + 2·2·9.6e-6
    //   + 2·(2/3)·(1e9/8)/50e9 = 4.76e-5 + 0.0038888… + 3.84e-5 + 0.0033333… s.
    CHECK(communication["time"].toDouble() ==
          Approx(4.76e-5 + 1.75e9 / 450e9 + 3.84e-5 + 2.0 * 2 / 3 * 1.25e8 / 50e9)
              .epsilon(kRelative));
    CHECK(communication["link_used"].toString() == "intra+inter");
    CHECK(communication["nodes"].toDouble() == 3);
    // The flat algorithms' link across nodes is the slowest of both.
    CHECK(communication["flat_link"].toObject()["bandwidth"].toDouble() == 50e9);
    CHECK(communication["flat_latency"].toDouble() == 9.6e-6);
}

TEST_CASE("calc allreduce --json: one GPU has no half-peak size", "[cli][allreduce]")
{
    // Nothing is sent: t = 0, and n½ is undefined (null), as the read-out's "—".
    const QJsonObject json = calcJson({"collective.workers=1"});
    CHECK(json["time"].toDouble() == 0);
    CHECK(json["steps"].toDouble() == 0);
    CHECK(json["half_peak_bytes"].isNull());
    CHECK(json["bus_factor"].toDouble() == 0);
}

TEST_CASE("calc allreduce --json: each algorithm by hand", "[cli][allreduce]")
{
    SECTION("a flat ring across nodes runs at the slowest link")
    {
        // n = 16 over two 8-GPU nodes: α = 9.6e-6, B = 50e9 (MODELS §4):
        // 2·15·9.6e-6 + 2·(15/16)·1e9/50e9 = 2.88e-4 + 0.0375 = 0.037788 s.
        const QJsonObject json = calcJson({"collective.workers=16"});
        CHECK(json["time"].toDouble() == Approx(0.037788).epsilon(kRelative));
        CHECK(json["link_used"].toString() == "slowest");
        CHECK(json["nodes"].toDouble() == 2);
    }
    SECTION("hierarchical")
    {
        // g = 8, k = 2: intra 2·7·3.4e-6 + 2·(7/8)·1e9/450e9; inter all-reduce of S/g = 1.25e8
        // over 2 nodes: 2·1·9.6e-6 + 2·(1/2)·1.25e8/50e9 = 1.92e-5 + 0.0025.
        const QJsonObject json =
            calcJson({"collective.workers=16", "collective.algorithm=hierarchical"});
        CHECK(json["algorithm"].toString() == "hierarchical");
        CHECK(json["time"].toDouble() ==
              Approx(4.76e-5 + 1.75e9 / 450e9 + 1.92e-5 + 0.0025).epsilon(kRelative));
        CHECK(json["steps"].toInt() == 16); // 2·(8−1) + 2·(2−1)
        CHECK(json["link_used"].toString() == "intra+inter");
        // Bytes per worker as the flat ring: 2·(15/16)·1e9 = 1.875e9.
        CHECK(json["bytes_sent_per_worker"].toDouble() == Approx(1.875e9).epsilon(kRelative));
    }
    SECTION("tree")
    {
        // Binomial tree, n = 8 in one node: 2·⌈log₂8⌉·(α + S/B) = 6·(3.4e-6 + 1e9/450e9).
        const QJsonObject json = calcJson({"collective.algorithm=tree"});
        CHECK(json["time"].toDouble() == Approx(6 * (3.4e-6 + 1e9 / 450e9)).epsilon(kRelative));
        CHECK(json["steps"].toInt() == 6);
    }
    SECTION("naive")
    {
        // Everyone sends S to everyone, n = 64 across 8 nodes (slowest link 9.6e-6 s, 50e9 B/s):
        // 63·9.6e-6 + 63·1e9/50e9 = 6.048e-4 + 1.26 = 1.2606048 s; 63e9 bytes per worker.
        const QJsonObject json = calcJson({"collective.algorithm=naive", "collective.workers=64"});
        CHECK(json["time"].toDouble() == Approx(1.2606048).epsilon(kRelative));
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

TEST_CASE("calc allreduce and calc communication print a readable table with units",
          "[cli][allreduce]")
{
    for (const char* model : {"allreduce", "communication"}) {
        INFO(model);
        const Run run = dtsim({"calc", model});
        REQUIRE(run.exitCode == 0);
        // The heading names the algorithm, N and S; then a row per quantity.
        CHECK(run.out.startsWith(QStringLiteral("All-reduce, ring algorithm, N = 8, S = 1e9")));
        // 2·7·3.4e-6 + 2·(7/8)·1e9/450e9 = 0.00393649 s (six digits); 14 steps; 1.75e9 bytes.
        CHECK(run.out.contains(
            QRegularExpression(QStringLiteral("\\n  time\\s+0.00393649\\s+s\\n"))));
        CHECK(tableValue(run.out, QStringLiteral("bytes sent per worker")) == 1.75e9);
        CHECK(tableValue(run.out, QStringLiteral("steps")) == 14);
        CHECK(tableValue(run.out, QStringLiteral("half-peak size")) == 12.24e6);
        CHECK(run.out.contains(QRegularExpression(QStringLiteral("busbw.*bytes/s"))));
        CHECK(run.out.contains(QRegularExpression(QStringLiteral("link used\\s+intra\\n"))));
        CHECK(run.out.contains(QStringLiteral("one direction, per GPU")));
    }
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
        {{"calc", "communication", "--set", "collective.workers=0"}, "collective.workers", "1"},
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
    const QString text = testing::csvTableText(csv, QStringLiteral("quantities"));
    CHECK(text.startsWith(QStringLiteral("quantity,value,unit\nalgorithm,tree,\n")));
    CHECK(testing::csvTableText(csv, QStringLiteral("worker_sweep"))
              .contains(QStringLiteral("\ntree,")));

    // Bad input: no file, exit 2, the key named.
    const QString bad = dir.filePath(QStringLiteral("bad.png"));
    const Run refused = dtsim(
        {"export", "--panel", "communication", "--out", bad, "--set", "collective.workers=0"});
    CHECK(refused.exitCode == 2);
    CHECK(refused.err.contains(QStringLiteral("collective.workers")));
    CHECK_FALSE(QFile::exists(bad));
}
