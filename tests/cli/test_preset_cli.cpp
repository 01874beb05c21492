// `--preset ID` on `dtsim calc` and `dtsim export`, as a user runs them. Preset values and their
// sources: ui/presets.cpp and resources/presets/README.md.
#include "dtsimrun.h"

#include <QFileInfo>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

namespace {

using testing::calcJson;
using testing::dtsim;
using testing::Run;

const QStringList kPresets = {"lesson",         "classroom",      "7b-24gb",
                              "gpt3-175b-a100", "llama-70b-h100", "llama3-16k-failures"};

} // namespace

TEST_CASE("calc memory --preset 7b-24gb --json", "[cli][presets]")
{
    const QJsonObject json = calcJson({"memory", "--preset", "7b-24gb"});
    CHECK(json["gpu"].toString() == "rtx4090");
    CHECK(json["zero"].toInt() == 3);
    CHECK(json["dp"].toInt() == 8);
    CHECK(json["params"].toDouble() == 6738415616.0); // the released Llama 2 7B checkpoint
    // ZeRO §5.1 stage 3, mixed precision: 2 B of weights per parameter, sharded 8 ways:
    // 2 × 6,738,415,616 / 8 = 1,684,603,904 B.
    CHECK(json["weights"].toDouble() == 1684603904.0);
    CHECK(json["optimizer"].toDouble() == 6.0 * 1684603904.0); // K = 12 B per parameter
    CHECK(json["fits"].toBool());
}

TEST_CASE("calc: --set applies after --preset", "[cli][presets]")
{
    // ZeRO-2 keeps the 2 B/parameter weights unsharded: 13.5 GB of weights alone, and the
    // total (27 GB) no longer fits 24 GiB.
    const QJsonObject json =
        calcJson({"memory", "--preset", "7b-24gb", "--set", "parallel.zero=2"});
    CHECK(json["zero"].toInt() == 2);
    CHECK(json["weights"].toDouble() == 2.0 * 6738415616.0);
    CHECK_FALSE(json["fits"].toBool());
}

TEST_CASE("calc scaling --preset gpt3-175b-a100 gives about 34 days", "[cli][presets]")
{
    const QJsonObject json = calcJson({"scaling", "--preset", "gpt3-175b-a100"});
    CHECK(json["mode"].toString() == "physical");
    CHECK(json["workers"].toInt() == 1024);
    // Narayanan et al. 2021 §5.1: "the time required to train this model is 34 days"; ±2 %.
    CHECK(json["total_time"].toDouble() / 86400.0 == Approx(34.0).epsilon(0.02));
}

TEST_CASE("calc checkpoint --preset llama3-16k-failures", "[cli][presets]")
{
    const QJsonObject json = calcJson({"checkpoint", "--preset", "llama3-16k-failures"});
    CHECK(json["gpus"].toInt() == 16384);
    // Dubey et al. 2024 §3.3.4: 54 days / 419 unexpected interruptions = 11,135 s.
    CHECK(json["cluster_mtbf"].toDouble() == Approx(54.0 * 86400.0 / 419.0).epsilon(1e-6));
}

TEST_CASE("every preset works with every calc model", "[cli][presets]")
{
    for (const QString& id : kPresets) {
        // goodput too: every preset's checkpoint.gpus is its own layout's N, a job it prices.
        for (const char* model : {"scaling", "memory", "checkpoint", "goodput"}) {
            INFO(id.toStdString() << " " << model);
            const Run run = dtsim({"calc", model, "--preset", id});
            INFO(run.err.toStdString());
            CHECK(run.exitCode == 0);
            CHECK_FALSE(run.out.isEmpty());
        }
    }
}

TEST_CASE("an unknown preset exits 2 and names the allowed ids", "[cli][presets]")
{
    for (const QStringList& arguments :
         {QStringList{"calc", "memory", "--preset", "gpt-5"},
          QStringList{"export", "--panel", "scaling", "--out", "/tmp/dtsim-never.png", "--preset",
                      "gpt-5"}}) {
        INFO(arguments.join(' ').toStdString());
        const Run run = dtsim(arguments);
        CHECK(run.exitCode == 2);
        CHECK(run.out.isEmpty());
        CHECK(run.err.count('\n') == 1);
        CHECK(run.err.contains("--preset"));
        CHECK(run.err.contains("'gpt-5'"));
        for (const QString& id : kPresets) {
            CHECK(run.err.contains(id));
        }
    }
}

TEST_CASE("calc: --preset and --scenario exclude each other", "[cli][presets]")
{
    const Run run =
        dtsim({"calc", "scaling", "--preset", "lesson", "--scenario", "/nonexistent.json"});
    CHECK(run.exitCode == 2);
    CHECK(run.err.contains("--preset and --scenario"));
    CHECK(run.out.isEmpty());
}

TEST_CASE("export --preset draws the preset", "[cli][presets]")
{
    QTemporaryDir dir;
    const QString lesson = dir.filePath("lesson.png");
    const QString classroom = dir.filePath("classroom.png");
    for (const auto& [id, path] : {std::pair{QStringLiteral("lesson"), lesson},
                                   std::pair{QStringLiteral("classroom"), classroom}}) {
        const Run run = dtsim(
            {"export", "--panel", "scaling", "--preset", id, "--out", path, "--size", "800x450"});
        INFO(run.err.toStdString());
        REQUIRE(run.exitCode == 0);
    }
    const QImage a(lesson);
    const QImage b(classroom);
    REQUIRE_FALSE(a.isNull());
    REQUIRE_FALSE(b.isNull());
    CHECK(a.size() == QSize(800, 450));
    CHECK(a != b); // the preset changed the picture
}

TEST_CASE("every preset's optimum lies within its cluster and its batch", "[cli][presets]")
{
    // The GPUs each preset's cluster has (hardware.gpus) and the sequences per step it splits
    // (train.global_batch, strong scaling): resources/presets/README.md. Before the range, the
    // classroom reported "Optimum N = 1005" for 16 GPUs and GPT-3 4096 for 1536 sequences.
    struct Limits {
        const char* id;
        int cluster;
        int sequences;
    };
    for (const Limits& preset :
         {Limits{"classroom", 16, 64}, Limits{"7b-24gb", 8, 1024},
          Limits{"gpt3-175b-a100", 1024, 1536}, Limits{"llama-70b-h100", 2048, 1024}}) {
        INFO(preset.id);
        const QJsonObject json = calcJson({"scaling", "--preset", preset.id});
        REQUIRE(json.contains("optimal_workers"));
        const int optimum = json["optimal_workers"].toInt();
        const int largest = json["max_workers"].toInt();
        CHECK(optimum >= 1);
        CHECK(optimum <= largest);
        CHECK(largest <= preset.cluster);
        // N = dp × tp·pp·cp, at most one micro-batch of the sequences per replica.
        CHECK(largest <= preset.sequences * json["replica_gpus"].toInt());
        CHECK(json["workers"].toInt() <= largest);
    }
    // Which limit binds: the cluster for the classroom and for Llama 2 70B (its 1024
    // sequences give 1024 replicas of tp 8 × pp 4, far more than its 2048 GPUs hold).
    CHECK(calcJson({"scaling", "--preset", "classroom"})["workers_limit"].toString() ==
          "hardware.gpus");
    CHECK(calcJson({"scaling", "--preset", "llama-70b-h100"})["workers_limit"].toString() ==
          "hardware.gpus");
}

TEST_CASE("N past the cluster or the batch exits 2, naming the key and the limit", "[cli][presets]")
{
    QTemporaryDir dir;
    for (const QStringList& arguments :
         {QStringList{"calc", "scaling", "--preset", "classroom", "--set", "scaling.workers=1005"},
          QStringList{"export", "--panel", "scaling", "--preset", "classroom", "--set",
                      "scaling.workers=1005", "--out", dir.filePath("refused.png")}}) {
        INFO(arguments.join(' ').toStdString());
        const Run run = dtsim(arguments);
        CHECK(run.exitCode == 2);
        CHECK(run.out.isEmpty());
        CHECK(run.err.contains("scaling.workers"));
        CHECK(run.err.contains("'1005'"));
        CHECK(run.err.contains("at most 16"));
        CHECK(run.err.contains("hardware.gpus = 16"));
    }
    CHECK_FALSE(QFileInfo::exists(dir.filePath("refused.png")));
    // The batch: GPT-3's cluster lifted and data parallelism alone, its 1536 sequences still
    // bound strong scaling.
    const Run batch =
        dtsim({"calc", "scaling", "--preset", "gpt3-175b-a100", "--set", "hardware.gpus=0", "--set",
               "parallel.tp=1", "--set", "parallel.pp=1", "--set", "scaling.workers=2048"});
    CHECK(batch.exitCode == 2);
    CHECK(batch.err.contains("scaling.workers"));
    CHECK(batch.err.contains("at most 1536"));
    CHECK(batch.err.contains("train.global_batch"));
    // 1020 GPUs are no whole number of Llama 2 70B's replicas (tp 8 × pp 4 = 32): not refused
    // but not priced either, and said so.
    const QJsonObject partial =
        calcJson({"scaling", "--preset", "llama-70b-h100", "--set", "scaling.workers=1020"});
    CHECK(partial["layout_possible"].toBool() == false);
    CHECK(partial["step"].isNull());
}
