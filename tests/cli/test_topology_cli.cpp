// `dtsim calc topology` (the Topology view's report as a table or JSON) and its CSV export, against
// hand calculations with the catalogue's figures (simcore/models/links.h, MODELS §7) and the α–β
// ring of MODELS §4, T = 2(N−1)·α + 2(N−1)/N · S/B on the ring's slowest hop; and one price for one
// thing: every preset's all-reduce costs the same on `calc topology` and `calc allreduce`.
#include "dtsimrun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

namespace {

using testing::dtsim;
using testing::Run;

constexpr double kRelative = 1e-12;
constexpr double kPcie5 = 32e9 * 16 * (128.0 / 130.0) / 8; // PCIe 5.0 x16, one direction

/// `dtsim calc <model> ARGS --json` as one JSON object.
QJsonObject json(const QString& model, const QStringList& arguments = {})
{
    return testing::calcJson(QStringList{model} + arguments);
}

} // namespace

TEST_CASE("cli: calc topology --json prints the default cluster's all-reduce", "[cli][topology]")
{
    const QJsonObject object = json(QStringLiteral("topology"));
    CHECK(object["model"].toString() == "topology");
    // 8 H100 on NVSwitch, 1 GB: 14 × 3.4 µs + 2·7/8 × 1e9 / 450e9 = 3.9364889 ms.
    CHECK(object["time"].toDouble() == Approx(14 * 3.4e-6 + 1.75 * 1e9 / 450e9).epsilon(kRelative));
    CHECK(object["workers"].toInt() == 8);
    CHECK(object["nodes"].toInt() == 4);
    CHECK(object["nodes_used"].toInt() == 1);
    CHECK(object["cluster"].toString() == "ndr-cluster");
    CHECK(object["algorithm"].toString() == "ring");
    CHECK(object["balanced"].toBool());
    CHECK(object["bottleneck_kind"].toString() == "nvswitch");
    CHECK(object["bottleneck_bandwidth"].toDouble() == 450e9);
    const QJsonArray ring = object["ring"].toArray();
    REQUIRE(ring.size() == 8);
    for (qsizetype i = 0; i < ring.size(); ++i) {
        CHECK(ring[i].toInt() == i);
    }
    // Every quantity once in the list, with its unit.
    bool listed = false;
    for (const auto& entry : object["quantities"].toArray()) {
        const QJsonObject q = entry.toObject();
        if (q["id"].toString() == "time") {
            listed = true;
            CHECK(q["unit"].toString() == "s");
            CHECK(q["value"].toDouble() == object["time"].toDouble());
        }
    }
    CHECK(listed);
}

TEST_CASE("cli: calc topology names the mis-wired node's slowest hop", "[cli][topology]")
{
    const QJsonObject object =
        json(QStringLiteral("topology"),
             {QStringLiteral("--set"), QStringLiteral("topology.preset=miswired")});
    CHECK(object["bottleneck_from"].toInt() == 6);
    CHECK(object["bottleneck_to"].toInt() == 7);
    CHECK(object["bottleneck_kind"].toString() == "pcie-host-bridge");
    CHECK_FALSE(object["balanced"].toBool());
    // PCIe 5.0 x16 through the CPU, α 5.7 µs: 14 × 5.7 µs + 1.75 × 1e9 / 63.0154e9 = 27.85 ms.
    CHECK(object["time"].toDouble() == Approx(14 * 5.7e-6 + 1.75e9 / kPcie5).epsilon(kRelative));
    // One GPU sends nothing: no bottleneck (null), no time.
    const QJsonObject one = json(QStringLiteral("topology"),
                                 {QStringLiteral("--set"), QStringLiteral("collective.workers=1")});
    CHECK(one["time"].toDouble() == 0);
    CHECK(one["bottleneck_utilisation"].isNull());
    CHECK(one["bottleneck_kind"].toString() == "none");
}

TEST_CASE("cli: calc topology as a table, and its refusals", "[cli][topology]")
{
    const Run run = dtsim({"calc", "topology"});
    REQUIRE(run.exitCode == 0);
    const QStringList lines = run.out.split(QLatin1Char('\n'));
    CHECK(lines.first().startsWith(QStringLiteral("Topology, 4 nodes × 8 H100, InfiniBand NDR")));
    const QStringList time = lines.filter(QStringLiteral("all-reduce time"));
    REQUIRE(time.size() == 1);
    CHECK(time.first().contains(QStringLiteral("0.00393649")));
    CHECK(time.first().endsWith(QStringLiteral(" s")));
    CHECK(lines.filter(QStringLiteral("slowest hop's link"))
              .first()
              .contains(QStringLiteral("nvswitch")));

    testing::checkBadInput({
        // 33 GPUs on the 32 of the NDR cluster: the wiring's range, and the key.
        {{"calc", "topology", "--set", "collective.workers=33"},
         "collective.workers: '33' must be 1 … 32"},
        {{"calc", "topology", "--set", "topology.preset=imported"}, "topology.node"},
    });
}

TEST_CASE("cli: every preset's all-reduce costs the same on calc topology and calc allreduce",
          "[cli][topology][presets]")
{
    for (const char* preset : {"lesson", "classroom", "7b-24gb", "gpt3-175b-a100", "llama-70b-h100",
                               "llama3-16k-failures"}) {
        INFO(preset);
        const QStringList arguments{QStringLiteral("--preset"), QString::fromLatin1(preset)};
        const QJsonObject topology = json(QStringLiteral("topology"), arguments);
        const QJsonObject allreduce = json(QStringLiteral("allreduce"), arguments);
        CHECK(topology["time"].toDouble() == allreduce["time"].toDouble());
        CHECK(topology["gpus_per_node"].toInt() == allreduce["gpus_per_node"].toInt());
    }
}

TEST_CASE("cli: export --panel topology writes the quantities, then every link", "[cli][topology]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("topology.csv"));
    const Run run = dtsim(
        {"export", "--panel", "topology", "--out", path, "--set", "topology.preset=miswired"});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    const QStringList quantities =
        testing::csvTableText(path, QStringLiteral("quantities")).split(QLatin1Char('\n'));
    CHECK(quantities.first() == QStringLiteral("quantity,value,unit"));
    CHECK(quantities.contains(QStringLiteral("bottleneck_kind,pcie-host-bridge,")));
    const QStringList lines =
        testing::csvTableText(path, QStringLiteral("links")).split(QLatin1Char('\n'));
    CHECK(lines.first() ==
          QStringLiteral("from_gpu,to_gpu,kind,bandwidth_bytes_per_s,latency_s,ring_hop,"
                         "bottleneck,busy_s,utilisation,source"));
    REQUIRE(lines.size() > 7);
    CHECK(lines.at(7).startsWith(QStringLiteral("6,7,pcie-host-bridge,")));
    CHECK(lines.at(7).contains(QStringLiteral(",yes,")));
}
