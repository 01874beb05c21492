// `dtsim calc goodput` as a user runs it: the JSON fields, values against hand
// calculations (MODELS §9, §6), --monte-carlo against the closed form, bad input.
#include "dtsimrun.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <catch2/catch.hpp>
#include <cmath>

namespace {

using testing::calcJson;
using testing::dtsim;
using testing::Run;
using testing::withSets;

} // namespace

TEST_CASE("calc goodput --json prints its fields with hand-checked values", "[cli][goodput]")
{
    // 16,384 GPUs as dp = 2,048 of the default tp 2 × pp 4, one sequence a replica: a layout.
    const QJsonObject json = calcJson(
        withSets(QStringLiteral("goodput"), {QStringLiteral("checkpoint.gpus=16384"),
                                             QStringLiteral("train.global_batch=2048"),
                                             QStringLiteral("scaling.straggler_cv=0.05")}));
    for (const char* field :
         {"goodput", "job_mtbf", "checkpoint_write_time", "optimal_interval", "straggler_factor",
          "expected_days", "quantities", "failure_breakdown", "goodput_vs_gpus"}) {
        INFO(field);
        CHECK(json.contains(QLatin1String(field)));
    }
    CHECK(json["model"].toString() == QStringLiteral("goodput"));
    // Job MTBF = GPU MTBF / N = 1.8e8 s / 16,384 = 10,986.328125 s (MODELS §6, §9).
    CHECK(json["job_mtbf"].toDouble() == Approx(10986.328125).epsilon(1e-12));
    // No storage bandwidth given: the write time is checkpoint.write_time's 60 s.
    CHECK(json["write_source"].toString() == QStringLiteral("given"));
    CHECK(json["checkpoint_write_time"].toDouble() == 60.0);
    // Daly: x = 60 / 21,972.66 = 0.00273067; √(2·60·10,986.33) = 1,148.19 s;
    // τ = 1,148.19·(1 + 0.0522558/3 + 0.00273067/9) − 60 = 1,108.54 s.
    CHECK(json["optimal_interval"].toDouble() == Approx(1108.54).epsilon(1e-5));
    // s = 1 + 0.05 · E[max of 16,384 normals] = 1 + 0.05 · 3.971351 = 1.198568.
    CHECK(json["straggler_factor"].toDouble() == Approx(1.198568).epsilon(1e-6));
    CHECK(json["expected_max"].toDouble() == Approx(3.971351).epsilon(1e-6));
    // The days are the wall time's.
    CHECK(json["expected_days"].toDouble() ==
          Approx(json["expected_time"].toDouble() / 86400).epsilon(1e-12));
    CHECK(json["goodput"].toDouble() > 0);
    CHECK(json["goodput"].toDouble() < 1 / 1.198568);
    const QJsonArray causes = json["failure_breakdown"].toObject()["causes"].toArray();
    REQUIRE(causes.size() == 18);
    CHECK(causes.first().toObject()["count"].toInt() == 148);
    CHECK(json["failure_breakdown"].toObject()["source"].toString().contains(
        QStringLiteral("2407.21783")));
}

TEST_CASE("calc goodput --monte-carlo agrees with the closed form within 2 %", "[cli][goodput]")
{
    const QJsonObject json = calcJson({QStringLiteral("goodput"), QStringLiteral("--monte-carlo")});
    REQUIRE(json.contains(QLatin1String("mc_goodput")));
    CHECK(json["mc_runs"].toDouble() == 2000); // the default checkpoint.mc_runs
    const double closed = json["goodput"].toDouble();
    CHECK(std::abs(json["mc_goodput"].toDouble() - closed) / closed < 0.02);
    // Seeded: the same run gives the same numbers.
    const QJsonObject again =
        calcJson({QStringLiteral("goodput"), QStringLiteral("--monte-carlo")});
    CHECK(again["mc_goodput"].toDouble() == json["mc_goodput"].toDouble());
}

TEST_CASE("calc goodput prints a table", "[cli][goodput]")
{
    // Out of the box: the default job (N = 32, the default layout's own) is priced from the
    // training model.
    const Run run = dtsim({"calc", "goodput"});
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.contains(QStringLiteral("goodput at the optimum")));
    CHECK(run.out.contains(QStringLiteral("straggler factor")));
    CHECK(run.out.contains(QRegularExpression(QStringLiteral("step time from\\s+training"))));
    CHECK(run.out.contains(QRegularExpression(QStringLiteral("useful time from\\s+steps"))));
    const QJsonObject json = calcJson({QStringLiteral("goodput")});
    CHECK(json["step_source"].toString() == QStringLiteral("training"));
    CHECK(json["work_source"].toString() == QStringLiteral("steps"));
    CHECK(json["gpus"].toDouble() == 32);
    const QJsonObject training = calcJson({QStringLiteral("training")});
    CHECK(json["step_time"].toDouble() == training["step_time"].toDouble());
}

TEST_CASE("calc goodput refuses an N that is no layout, naming the key and the layouts",
          "[cli][goodput]")
{
    // The default layout is tp 2 × pp 4 with a global batch of 32 sequences: N = 8·dp with dp a
    // divisor of 32. Any other N is refused, as Scaling's Physical mode never prices it.
    for (const char* n : {"checkpoint.gpus=1024", "checkpoint.gpus=20", "checkpoint.gpus=1e7"}) {
        for (const bool json : {false, true}) {
            QStringList arguments{QStringLiteral("calc"), QStringLiteral("goodput"),
                                  QStringLiteral("--set"), QString::fromLatin1(n)};
            if (json) {
                arguments << QStringLiteral("--json");
            }
            INFO(arguments.join(QLatin1Char(' ')).toStdString());
            const Run run = dtsim(arguments);
            CHECK(run.exitCode == 2);
            CHECK(run.out.isEmpty());
            CHECK(run.err.startsWith(QStringLiteral("dtsim: checkpoint.gpus: ")));
            CHECK(run.err.contains(QStringLiteral("8, 16, 32, 64, 128 or 256")));
            CHECK(run.err.trimmed().count(QLatin1Char('\n')) == 0);
        }
    }
    // The keys to change are named: the batch that does not split, the layout that is not a
    // divisor.
    CHECK(dtsim({"calc", "goodput", "--set", "checkpoint.gpus=1024"})
              .err.contains(QStringLiteral("train.global_batch = 32")));
    CHECK(dtsim({"calc", "goodput", "--set", "checkpoint.gpus=20"})
              .err.contains(QStringLiteral("parallel.tp x parallel.pp x parallel.cp = 2 x 4 x 1")));
}

TEST_CASE("calc goodput: bad input exits 2 with one line naming the key", "[cli][goodput]")
{
    testing::checkBadInput({
        {{"calc", "goodput", "--set", "scaling.straggler_cv=0.5"}, "scaling.straggler_cv"},
        {{"calc", "goodput", "--set", "checkpoint.storage_bandwidth=-1"},
         "checkpoint.storage_bandwidth"},
        {{"calc", "goodput", "--set", "checkpoint.memory_bandwidth=abc"},
         "checkpoint.memory_bandwidth"},
        {{"calc", "goodput", "--set", "checkpoint.gpus=0"}, "checkpoint.gpus"},
        {{"calc", "goodput", "--monte-carlo", "--set", "checkpoint.write_time=0"},
         "checkpoint.write_time"},
        // About 1.4e6 failures a run, past the 1e6 at which a run stops: the job's length.
        {{"calc", "goodput", "--monte-carlo", "--set", "train.steps=1e12"},
         "no run would finish (a run stops after 1e+06 failures): train.steps"},
    });
}

TEST_CASE("calc scaling --json counts failures and stragglers when scaling.count_failures=on",
          "[cli][goodput][scaling]")
{
    const QJsonObject plain = calcJson({QStringLiteral("scaling")});
    CHECK(plain["count_failures"].toString() == QStringLiteral("off"));
    CHECK(plain["straggler"].toDouble() == 0.0);
    CHECK(plain["failure_overhead"].toDouble() == 0.0);

    // The lesson's defaults at N = 8 with c = 0.3: the step is 1/8 + 0.02 + 0.004 × 7 = 0.173 s
    // before counting; stragglers add 0.173 × 0.3 × E[max of 8] = 0.173 × 0.3 × 1.423600 s.
    const QJsonObject counted =
        calcJson(withSets(QStringLiteral("scaling"), {QStringLiteral("scaling.count_failures=on"),
                                                      QStringLiteral("scaling.straggler_cv=0.3")}));
    CHECK(counted["count_failures"].toString() == QStringLiteral("on"));
    CHECK(counted["plain_step"].toDouble() == Approx(0.173).epsilon(1e-12));
    CHECK(counted["expected_max"].toDouble() == Approx(1.423600).epsilon(1e-6));
    CHECK(counted["straggler"].toDouble() == Approx(0.173 * 0.3 * 1.423600).epsilon(1e-6));
    CHECK(counted["failure_overhead"].toDouble() > 0);
    CHECK(counted["step"].toDouble() ==
          Approx(counted["plain_step"].toDouble() + counted["straggler"].toDouble() +
                 counted["failure_overhead"].toDouble())
              .epsilon(1e-12));
    CHECK(counted["optimal_workers"].toDouble() == 14);
    CHECK(plain["optimal_workers"].toDouble() == 16);
    // A bad value names the key.
    testing::checkBadInput(
        {{{"calc", "scaling", "--set", "scaling.count_failures=maybe"}, "scaling.count_failures"}});
}
