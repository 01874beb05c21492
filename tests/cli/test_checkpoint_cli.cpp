// `dtsim calc checkpoint` as a user runs it: SPEC's JSON fields, values against hand
// calculations from MODELS §6 (Young 1974, Daly 2006, Llama 3 §3.3.4), the table, bad input.
#include "dtsimrun.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <catch2/catch.hpp>
#include <cmath>

namespace {

using testing::dtsim;
using testing::Run;

/// A job of 1,024 GPUs: the default layout (tp 2 × pp 4) with a global batch of 1,024 sequences,
/// so N = 1024 is dp = 128; W = 14 days given. The hand calculations below are of this job.
QStringList thousandGpuJob(QStringList args)
{
    return args << QStringLiteral("--set") << QStringLiteral("train.global_batch=1024")
                << QStringLiteral("--set") << QStringLiteral("checkpoint.gpus=1024")
                << QStringLiteral("--set") << QStringLiteral("checkpoint.work=1209600");
}

} // namespace

TEST_CASE("calc checkpoint --json prints SPEC's fields with hand-checked values",
          "[cli][checkpoint]")
{
    const Run run = dtsim(thousandGpuJob({"calc", "checkpoint", "--json"}));
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.count('\n') == 1);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    for (const char* field : {"cluster_mtbf", "optimal_interval", "waste_fraction", "expected_time",
                              "young_interval", "waste_parts"}) {
        INFO(field);
        CHECK(json.contains(QLatin1String(field)));
    }
    // GPU MTBF 5e4 h = 1.8e8 s (default), N = 1024, δ = 60 s, R = 600 s, τ = 3600 s (defaults),
    // W = 14 d = 1,209,600 s.
    // Cluster MTBF (MODELS §6): M = 1.8e8 / 1024 = 175,781.25 s.
    CHECK(json["cluster_mtbf"].toDouble() == Approx(175781.25).epsilon(1e-12));
    // Young (1974): τ = √(2δM) = √(2 · 60 · 175,781.25) = √21,093,750 = 4,592.793 s.
    CHECK(json["young_interval"].toDouble() == Approx(4592.793).epsilon(1e-6));
    // Daly (2006): x = δ/(2M) = 60 / 351,562.5 = 1.70667e-4, √x = 0.0130640;
    // τ = 4,592.793 · (1 + 0.0130640/3 + 1.70667e-4/9) − 60 = 4,592.793 · 1.0043736 − 60
    //   = 4,612.880 − 60 = 4,552.880 s.
    CHECK(json["optimal_interval"].toDouble() == Approx(4552.880).epsilon(1e-6));
    // Daly's expected time: T = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W/τ with R/M = 0.0034133,
    // (τ+δ)/M = 0.0208213: 175,781.25 · 1.0034192 · 0.0210396 · 336 = 1,246,901 s.
    CHECK(json["expected_time"].toDouble() == Approx(1246901).epsilon(1e-5));
    // Waste = (T − W)/T = 37,301 / 1,246,901 = 2.9915 %.
    CHECK(json["waste_fraction"].toDouble() == Approx(0.029915).epsilon(1e-4));
    const QJsonObject parts = json["waste_parts"].toObject();
    CHECK(parts["write"].toDouble() + parts["lost"].toDouble() + parts["restart"].toDouble() ==
          Approx(json["waste_fraction"].toDouble()).epsilon(1e-9));
    // Writes: 336 full writes of 60 s plus those cut by failures; at least 336·60/T = 1.617 %.
    CHECK(parts["write"].toDouble() >= 336 * 60 / json["expected_time"].toDouble());
    CHECK_FALSE(json.contains(QLatin1String("monte_carlo")));
}

TEST_CASE("calc checkpoint with the Llama 3 numbers", "[cli][checkpoint]")
{
    // Llama 3 §3.3.4: 419 unexpected interruptions in 54 days on 16,384 GPUs → job MTBF
    // 54·86400/419 = 11,135.08 s; as GPU MTBF: 11,135.08 · 16,384 = 182,437,208.6 s.
    // 16,384 GPUs are dp = 2,048 of the default tp 2 × pp 4 with one sequence a replica.
    const Run run = dtsim({"calc", "checkpoint", "--set", "checkpoint.gpus=16384", "--set",
                           "train.global_batch=2048", "--set", "checkpoint.gpu_mtbf=182437208.6",
                           "--set", "checkpoint.work=4665600", "--json"});
    REQUIRE(run.exitCode == 0);
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    CHECK(json["cluster_mtbf"].toDouble() == Approx(11135.08).epsilon(1e-6));
    // ≈ 3.09 h, the paper's "one interruption every ~3 hours".
    CHECK(json["cluster_mtbf"].toDouble() / 3600 == Approx(3.093).epsilon(1e-3));
    // Young: √(2 · 60 · 11,135.08) = √1,336,210 = 1,155.94 s.
    CHECK(json["young_interval"].toDouble() == Approx(1155.94).epsilon(1e-5));
    // Expected failures ≈ T/M: over 54 days with M ≈ 3.1 h, more than the 419 of the paper
    // (T > W because of the waste).
    CHECK(json["expected_failures"].toDouble() > 419);
}

TEST_CASE("calc checkpoint --monte-carlo agrees with Daly's expected time", "[cli][checkpoint]")
{
    const Run run = dtsim(
        thousandGpuJob({"calc", "checkpoint", "--monte-carlo", "--set", "checkpoint.mc_runs=3000",
                        "--set", "checkpoint.mc_seed=11", "--json"}));
    REQUIRE(run.exitCode == 0);
    const QJsonObject mc =
        QJsonDocument::fromJson(run.out.toUtf8()).object()["monte_carlo"].toObject();
    CHECK(mc["status"].toString() == "completed");
    CHECK(mc["runs"].toInt() == 3000);
    CHECK(mc["seed"].toInt() == 11);
    // τ = 3600 s divides W = 1,209,600 s (336 intervals): the whole-interval expectation equals
    // Daly's closed form, 1,246,901 s; the mean lies within 5 standard errors of it.
    CHECK(mc["expected"].toDouble() == Approx(1246901).epsilon(1e-5));
    CHECK(std::abs(mc["mean"].toDouble() - mc["expected"].toDouble()) <
          5 * mc["standard_error"].toDouble());
}

TEST_CASE("calc checkpoint prints a readable table", "[cli][checkpoint]")
{
    const Run run = dtsim(thousandGpuJob({"calc", "checkpoint"}));
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.contains(QRegularExpression(QStringLiteral("cluster MTBF.*175781"))));
    CHECK(run.out.contains(QRegularExpression(QStringLiteral("Young interval\\s+4592.79"))));
    CHECK(run.out.contains(QStringLiteral("optimal interval (Daly)")));
    CHECK(run.out.contains(QStringLiteral("waste fraction")));
}

TEST_CASE("calc checkpoint reads the job goodput reads: W from the steps, by default",
          "[cli][checkpoint]")
{
    // The defaults: N = 32 GPUs, the default layout's own; W = train.steps × the training
    // model's step there, the same W and δ `calc goodput` prints.
    const Run checkpoint = dtsim({"calc", "checkpoint", "--json"});
    const Run goodput = dtsim({"calc", "goodput", "--json"});
    REQUIRE(checkpoint.exitCode == 0);
    REQUIRE(goodput.exitCode == 0);
    const QJsonObject c = QJsonDocument::fromJson(checkpoint.out.toUtf8()).object();
    const QJsonObject g = QJsonDocument::fromJson(goodput.out.toUtf8()).object();
    CHECK(c["gpus"].toDouble() == 32);
    CHECK(c["work_source"].toString() == "steps");
    CHECK(c["write_source"].toString() == "given");
    CHECK(c["work"].toDouble() == g["useful_time"].toDouble());
    CHECK(c["work"].toDouble() == Approx(1e5 * g["step_time"].toDouble()).epsilon(1e-12));
    CHECK(c["write_time"].toDouble() == g["checkpoint_write_time"].toDouble());
    CHECK(c["step_time"].toDouble() == g["step_time"].toDouble());
}

TEST_CASE("calc checkpoint: bad input exits 2 with one line naming the key", "[cli][checkpoint]")
{
    testing::checkBadInput({
        // An N that is no layout, and no W given: the Monte-Carlo batch has no job to run.
        {{"calc", "checkpoint", "--monte-carlo", "--set", "checkpoint.gpus=1024"},
         "checkpoint.gpus"},
        {{"calc", "checkpoint", "--set", "checkpoint.gpus=0"}, "checkpoint.gpus"},
        {{"calc", "checkpoint", "--set", "checkpoint.gpu_mtbf=0"}, "checkpoint.gpu_mtbf"},
        {{"calc", "checkpoint", "--set", "checkpoint.interval=-5"}, "checkpoint.interval"},
        {{"calc", "checkpoint", "--set", "checkpoint.write_time=abc"}, "checkpoint.write_time"},
        {{"calc", "checkpoint", "--set", "checkpoint.mc_runs=0"}, "checkpoint.mc_runs"},
    });
}

TEST_CASE("export --panel checkpoint writes a PNG", "[cli][checkpoint]")
{
    const QString path = QDir::temp().filePath(QStringLiteral("dtsim-cli-checkpoint-test.png"));
    QFile::remove(path);
    const Run run = dtsim({"export", "--panel", "checkpoint", "--out", path, "--size", "800x600",
                           "--set", "checkpoint.mc_runs=200"});
    REQUIRE(run.exitCode == 0);
    CHECK(QFile::exists(path));
    QFile::remove(path);
    // A job whose N is no layout still has its intervals and waste curve to draw; a GPU MTBF
    // out of range is refused, and nothing is written.
    const Run noLayout = dtsim({"export", "--panel", "checkpoint", "--out", path, "--size",
                                "800x600", "--set", "checkpoint.gpus=1024"});
    CHECK(noLayout.exitCode == 0);
    CHECK(QFile::exists(path));
    QFile::remove(path);
    const Run refused =
        dtsim({"export", "--panel", "checkpoint", "--out", path, "--set", "checkpoint.gpu_mtbf=0"});
    CHECK(refused.exitCode == 2);
    CHECK(refused.err.contains(QStringLiteral("checkpoint.gpu_mtbf")));
    CHECK_FALSE(QFile::exists(path));
}

TEST_CASE("calc checkpoint answers the interval for 1,000 GPUs without a layout of them",
          "[cli][checkpoint]")
{
    // 1,000 GPUs each failing once in 5 years (157,680,000 s), a 2-minute write: M = 157,680 s,
    // Young (1974) √(2 · 120 · 157,680) = 6151.68 s ≈ 1 h 43 min. N = 1000 is no layout of the
    // default tp 2 × pp 4 and global batch of 32: the step and what it prices read "none".
    const QStringList args = {"calc",  "checkpoint",
                              "--set", "checkpoint.gpus=1000",
                              "--set", "checkpoint.gpu_mtbf=157680000",
                              "--set", "checkpoint.write_time=120"};
    const Run run = dtsim(args);
    REQUIRE(run.exitCode == 0);
    CHECK(run.err.isEmpty());
    CHECK(run.out.contains(QStringLiteral("Young interval")));
    CHECK(run.out.contains(QStringLiteral("6151.68")));
    CHECK(run.out.contains(QStringLiteral("not priced")));
    CHECK(run.out.contains(QStringLiteral("8, 16, 32, 64, 128 or 256")));

    const Run json = dtsim(QStringList(args) << QStringLiteral("--json"));
    REQUIRE(json.exitCode == 0);
    const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
    const double m = 157680000.0 / 1000;
    CHECK(o["cluster_mtbf"].toDouble() == Approx(m).epsilon(1e-12));
    CHECK(o["young_interval"].toDouble() == Approx(std::sqrt(2 * 120 * m)).epsilon(1e-12));
    const double x = 120 / (2 * m);
    CHECK(o["optimal_interval"].toDouble() ==
          Approx(std::sqrt(2 * 120 * m) * (1 + std::sqrt(x) / 3 + x / 9) - 120).epsilon(1e-12));
    CHECK(o["work"].isNull());
    CHECK(o["step_time"].isNull());
    CHECK(o["unpriced"].toObject()["key"].toString() == "checkpoint.gpus");

    // With W given, the Monte-Carlo check runs at N = 1000 too.
    const Run mc = dtsim(QStringList(args)
                         << QStringLiteral("--set") << QStringLiteral("checkpoint.work=1209600")
                         << QStringLiteral("--set") << QStringLiteral("checkpoint.mc_runs=200")
                         << QStringLiteral("--monte-carlo"));
    REQUIRE(mc.exitCode == 0);
    CHECK(mc.out.contains(QStringLiteral("Monte-Carlo mean")));
}
