// `dtsim calc memory` and `dtsim export --panel memory` as a user runs them. Expected numbers:
// seed lesson §1 (7e9 × 16 B = 112e9 B per GPU with no sharding), ZeRO paper §5.1 (16Ψ/N_d for
// stage 3), and the hand calculation of the activations below.
#include "dtsimrun.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

namespace {

using testing::dtsim;
using testing::Run;

// Seed lesson §1's one GPU, no model parallelism (the defaults split the model 4 × 2 × 4).
const QStringList kOneGpu{QStringLiteral("parallel.dp=1"), QStringLiteral("parallel.tp=1"),
                          QStringLiteral("parallel.pp=1")};

/// `calc memory --json` on one GPU, then `sets`.
QJsonObject calcJson(const QStringList& sets)
{
    return testing::calcJson(testing::withSets(QStringLiteral("memory"), kOneGpu + sets));
}

/// "--set" before each of kOneGpu and `sets`.
QStringList oneGpuSets(const QStringList& sets)
{
    return testing::withSets(QString(), kOneGpu + sets).mid(1);
}

// Hand calculation, default shape (L = 32, h = 4096, s = 4096, V = 32000, b = 1), FP32, full
// recompute, no pipeline (Korthikanti et al. 2022 §4 with 4-byte values, MODELS §2):
//   32 layers × s·b·h × 4 B = 2,147,483,648; embedding mask s·b·h = 16,777,216;
//   output layer 2·s·b·h × 4 B + 4·s·b·V = 134,217,728 + 524,288,000 → 2,822,766,592 bytes.
constexpr double kActivations = 2'822'766'592.0;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

} // namespace

TEST_CASE("calc memory --json: the seed's 7B, FP32 + Adam, one GPU", "[cli][memory]")
{
    const QJsonObject json = calcJson({"train.recompute=full"});
    for (const char* field : {"weights", "gradients", "optimizer", "activations", "total", "fits",
                              "min_gpus", "buffers", "gpu", "capacity", "headroom", "params"}) {
        INFO(field);
        CHECK(json.contains(QLatin1String(field)));
    }
    // Seed lesson §1: 4 B weight + 4 B gradient + 8 B Adam per parameter, 7e9 parameters.
    CHECK(json["params"].toDouble() == 7e9);
    CHECK(json["weights"].toDouble() == 28e9);
    CHECK(json["gradients"].toDouble() == 28e9);
    CHECK(json["optimizer"].toDouble() == 56e9);
    CHECK(json["activations"].toDouble() == kActivations);
    CHECK(json["buffers"].toDouble() == 0);
    CHECK(json["total"].toDouble() == 112e9 + kActivations);
    // Default GPU H100 SXM: 80 GiB = 85,899,345,920 B < 114.8e9 → does not fit; DDP copies the
    // whole model on every GPU, so more GPUs never help (min_gpus 0 = never).
    CHECK(json["gpu"].toString() == "h100-sxm");
    CHECK(json["capacity"].toDouble() == 80 * kGiB);
    CHECK(json["fits"].toBool() == false);
    CHECK(json["min_gpus"].toInt() == 0);
    CHECK(json["headroom"].toDouble() == Approx(80 * kGiB - 112e9 - kActivations).epsilon(1e-12));
}

TEST_CASE("calc memory --json: ZeRO-3 over 8 RTX 4090s fits", "[cli][memory]")
{
    const QJsonObject json = calcJson(
        {"train.recompute=full", "parallel.zero=3", "parallel.dp=8", "hardware.gpu=rtx4090"});
    // ZeRO §5.1, stage 3: 16Ψ / N_d = 112e9 / 8 = 14e9 B of model states per GPU.
    CHECK(json["weights"].toDouble() == 3.5e9);
    CHECK(json["gradients"].toDouble() == 3.5e9);
    CHECK(json["optimizer"].toDouble() == 7e9);
    CHECK(json["total"].toDouble() == 14e9 + kActivations);
    CHECK(json["capacity"].toDouble() == 24 * kGiB);
    CHECK(json["fits"].toBool());
    // Fewest: 112e9 / dp + 2.8228e9 ≤ 24 GiB = 25.7698e9 ⇔ dp ≥ 4.88 → 5 (hand calculation).
    CHECK(json["min_gpus"].toInt() == 5);
    const QJsonArray stages = json["stages"].toArray();
    REQUIRE(stages.size() == 4);
    CHECK(stages[0].toObject()["fits"].toBool() == false);
    CHECK(stages[0].toObject()["min_gpus"].toInt() == 0);
}

TEST_CASE("calc memory prints a readable table with GB and GiB", "[cli][memory]")
{
    const Run run =
        dtsim(QStringList{"calc", "memory"} + oneGpuSets({QStringLiteral("train.recompute=full")}));
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.contains(QRegularExpression(
        QStringLiteral("weights\\s+28000000000  bytes = 28.000 GB = 26.077 GiB"))));
    // 56e9 B = 52.154 GiB: the seed lesson's "GB" are GiB.
    CHECK(run.out.contains(QRegularExpression(QStringLiteral("optimizer state\\s+56000000000"))));
    CHECK(run.out.contains(QRegularExpression(QStringLiteral("fits\\s+no"))));
    CHECK(run.out.contains(QStringLiteral("GiB")));
}

TEST_CASE("calc memory: bad input exits 2 with one line naming the key", "[cli][memory]")
{
    testing::checkBadInput({
        {{"calc", "memory", "--set", "parallel.zero=4"}, "parallel.zero"},
        {{"calc", "memory", "--set", "memory.buffers_fraction=2"}, "memory.buffers_fraction"},
        {{"calc", "memory", "--set", "train.optimizer=lion"}, "train.optimizer"},
        // Cross-key rules (simcore::validateMemory): tp must divide 32 heads; sequence
        // parallelism needs tp to divide the sequence.
        {{"calc", "memory", "--set", "parallel.tp=3"}, "parallel.tp"},
        {{"calc", "memory", "--set", "parallel.pp=64"}, "parallel.pp"},
        {{"calc", "memory", "--set", "memory.sequence_parallel=on", "--set", "parallel.tp=2",
          "--set", "model.seq_len=4095"},
         "model.seq_len"},
        {{"export", "--panel", "memory", "--out", "m.png", "--set", "parallel.tp=3"},
         "parallel.tp"},
    });
    CHECK_FALSE(QFile::exists(QStringLiteral("m.png")));
}

TEST_CASE("export --panel memory writes PNG and CSV with no display", "[cli][memory]")
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("m.png"));
    Run run = dtsim({"export", "--panel", "memory", "--out", png, "--size", "1000x600", "--scale",
                     "2", "--set", "hardware.gpu=rtx4090"});
    INFO(run.err.toStdString());
    REQUIRE(run.exitCode == 0);
    CHECK(run.err.isEmpty());
    CHECK(QImage(png).size() == QSize(2000, 1200));

    const QString csv = dir.filePath(QStringLiteral("m.csv"));
    run = dtsim(QStringList{"export", "--panel", "memory", "--out", csv} + oneGpuSets({}));
    REQUIRE(run.exitCode == 0);
    CHECK(testing::csvTableText(csv, QStringLiteral("quantities"))
              .startsWith(QStringLiteral("quantity,value,unit\n")));
    const QString contents = testing::csvTableText(csv, QStringLiteral("zero_stages"));
    CHECK(contents.startsWith(QStringLiteral("stage,name,selected,parameters,weights_bytes")));
    // Seed lesson §1: DDP row, 7e9 parameters, 28e9 B of FP32 weights.
    CHECK(contents.contains(QStringLiteral("\n0,DDP (ZeRO-0),1,7e9,2.8e10,")));
}
