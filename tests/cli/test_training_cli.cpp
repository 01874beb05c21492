// `dtsim calc training` and `dtsim validate` as a user runs them (simcore/models/training.h,
// simcore/reports/validation.h). Expected numbers: Narayanan et al. 2021 Table 2's PTD-P 175B run
// on 384 A100 (153 TFLOP/s per GPU, the run the efficiency was calibrated on; ±0.5 %).
#include "dtsimrun.h"

#include <QJsonArray>
#include <QJsonObject>
#include <catch2/catch.hpp>

namespace {

using testing::dtsim;
using testing::Run;

// GPT-3 175B on 384 A100 80GB: t = 8, p = 12, d = 4, b = 1, batch 1536, full recomputation,
// 8 NICs of 200 Gb/s per node.
const QStringList kGpt3{QStringLiteral("model.params=0"),
                        QStringLiteral("model.layers=96"),
                        QStringLiteral("model.hidden=12288"),
                        QStringLiteral("model.heads=96"),
                        QStringLiteral("model.seq_len=2048"),
                        QStringLiteral("model.vocab=51200"),
                        QStringLiteral("train.precision=mixed"),
                        QStringLiteral("train.micro_batch=1"),
                        QStringLiteral("train.global_batch=1536"),
                        QStringLiteral("train.recompute=full"),
                        QStringLiteral("parallel.dp=4"),
                        QStringLiteral("parallel.tp=8"),
                        QStringLiteral("parallel.pp=12"),
                        QStringLiteral("parallel.zero=0"),
                        QStringLiteral("hardware.gpu=a100-80"),
                        QStringLiteral("hardware.intra_bandwidth=3e11"),
                        QStringLiteral("hardware.nics_per_node=8"),
                        QStringLiteral("hardware.nic_bandwidth=2.5e10"),
                        QStringLiteral("train.tokens=3e11")};

} // namespace

TEST_CASE("calc training --json prints the step's breakdown, throughput, MFU and memory",
          "[cli][training]")
{
    const QJsonObject json =
        testing::calcJson(testing::withSets(QStringLiteral("training"), kGpt3));
    CHECK(json.value(QStringLiteral("model")).toString() == QStringLiteral("training"));
    for (const char* field : {"step_time", "compute", "tp_comm", "pp_bubble", "pp_p2p", "dp_comm",
                              "tokens_per_second", "model_tflops_per_gpu",
                              "hardware_tflops_per_gpu", "mfu", "hfu", "memory_per_gpu", "days"}) {
        INFO(field);
        CHECK(json.value(QLatin1String(field)).isDouble());
    }
    CHECK(json.value(QStringLiteral("fits")).isBool());
    CHECK(json.value(QStringLiteral("quantities")).isArray());
    CHECK(json.value(QStringLiteral("hardware_tflops_per_gpu")).toDouble() ==
          Approx(153).epsilon(0.005));
    CHECK(json.value(QStringLiteral("mfu")).toDouble() <
          json.value(QStringLiteral("hfu")).toDouble());
    const double sum = json.value(QStringLiteral("compute")).toDouble() +
                       json.value(QStringLiteral("tp_comm")).toDouble() +
                       json.value(QStringLiteral("pp_bubble")).toDouble() +
                       json.value(QStringLiteral("pp_p2p")).toDouble() +
                       json.value(QStringLiteral("dp_comm")).toDouble() +
                       json.value(QStringLiteral("zero_gather")).toDouble() +
                       json.value(QStringLiteral("cp_comm")).toDouble() +
                       json.value(QStringLiteral("optimizer_step")).toDouble();
    CHECK(json.value(QStringLiteral("step_time")).toDouble() == Approx(sum));
}

TEST_CASE("calc training prints a table", "[cli][training]")
{
    QStringList arguments = testing::withSets(QStringLiteral("training"), kGpt3);
    arguments.prepend(QStringLiteral("calc"));
    const Run run = dtsim(arguments);
    CHECK(run.exitCode == 0);
    CHECK(run.out.contains(QStringLiteral("step time")));
    CHECK(run.out.contains(QStringLiteral("pipeline bubble")));
    CHECK(run.out.contains(QStringLiteral("model FLOPs utilisation")));
}

TEST_CASE("calc training refuses impossible layouts, naming the key", "[cli][training]")
{
    const auto with = [](const QStringList& extra) {
        QStringList arguments = testing::withSets(QStringLiteral("training"), kGpt3 + extra);
        arguments.prepend(QStringLiteral("calc"));
        return arguments;
    };
    testing::checkBadInput({
        {with({QStringLiteral("hardware.gpus=512")}), "parallel.dp"},
        {with({QStringLiteral("parallel.tp=5")}), "parallel.tp"},
        {with({QStringLiteral("parallel.pp=7")}), "parallel.pp"},
        {with({QStringLiteral("train.global_batch=1537")}), "train.global_batch"},
        // m = B/(b·dp) = 1544 / 4 = 386, not a multiple of 12 for the interleaved schedule.
        {with({QStringLiteral("parallel.schedule=interleaved"),
               QStringLiteral("train.global_batch=1544")}),
         "train.global_batch"},
        {with({QStringLiteral("parallel.cp=3")}), "parallel.cp"},
        {with({QStringLiteral("hardware.nics_per_node=-1")}), "hardware.nics_per_node"},
    });
}

TEST_CASE("validate prints every published run with its error", "[cli][validation]")
{
    const Run text = dtsim({QStringLiteral("validate")});
    CHECK(text.exitCode == 0);
    CHECK(text.out.contains(QStringLiteral("narayanan-t1-1t")));
    CHECK(text.out.contains(QStringLiteral("korthikanti-175b-sp-selective")));
    CHECK(text.out.contains(QStringLiteral("Table 1")));

    const Run json = dtsim({QStringLiteral("validate"), QStringLiteral("--json")});
    REQUIRE(json.exitCode == 0);
    const QJsonObject object = QJsonDocument::fromJson(json.out.toUtf8()).object();
    const QJsonArray runs = object.value(QStringLiteral("runs")).toArray();
    CHECK(runs.size() == 18);
    for (const auto& run : runs) {
        const QJsonObject row = run.toObject();
        CHECK(row.value(QStringLiteral("published")).isDouble());
        CHECK(row.value(QStringLiteral("predicted")).isDouble());
        CHECK(row.value(QStringLiteral("error")).isDouble());
        CHECK_FALSE(row.value(QStringLiteral("source")).toString().isEmpty());
    }
    // All 18 within ±15 % (tests/simcore/test_training.cpp checks each).
    CHECK(object.value(QStringLiteral("within_15_percent")).toInt() == 18);

    const Run bad = dtsim({QStringLiteral("validate"), QStringLiteral("--csv")});
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.contains(QStringLiteral("--json")));
}
