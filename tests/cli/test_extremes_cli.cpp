// The issue "Extremes that print nonsense", as a user met each hazard with `dtsim calc`: one test
// named after each. A value is refused by the key that causes it, or what is printed is a finite
// number, or none with the reason beside it; never "inf" or "nan".
#include "dtsimrun.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <catch2/catch.hpp>

namespace {

using testing::checkBadInput;
using testing::dtsim;
using testing::Run;

/// No "inf" or "nan" as a word anywhere in a run's output.
void checkNoInfNan(const Run& run)
{
    static const QRegularExpression word(QStringLiteral("\\b(inf|nan)\\b"),
                                         QRegularExpression::CaseInsensitiveOption);
    INFO(run.out.toStdString());
    INFO(run.err.toStdString());
    CHECK_FALSE(word.match(run.out).hasMatch());
    CHECK_FALSE(word.match(run.err).hasMatch());
}

} // namespace

TEST_CASE("hazard cli: checkpoint.interval=5e-324 is refused by its key, not drawn as nan",
          "[cli][extremes]")
{
    checkBadInput({
        {{"calc", "checkpoint", "--set", "checkpoint.interval=5e-324"},
         "checkpoint.interval: '5e-324' is out of range"},
        {{"calc", "checkpoint", "--json", "--set", "checkpoint.interval=5e-324"},
         "checkpoint.interval: '5e-324' is out of range"},
    });
}

TEST_CASE("hazard cli: checkpoint.gpu_mtbf=1e-300 is refused by its key, not 0 failures",
          "[cli][extremes]")
{
    checkBadInput({
        {{"calc", "checkpoint", "--set", "checkpoint.gpu_mtbf=1e-300"},
         "checkpoint.gpu_mtbf: '1e-300' is out of range"},
        {{"calc", "goodput", "--set", "checkpoint.gpu_mtbf=1e-300"},
         "checkpoint.gpu_mtbf: '1e-300' is out of range"},
    });
}

TEST_CASE("hazard cli: checkpoint.gpu_mtbf=1 says the job never finishes, not 0 failures",
          "[cli][extremes]")
{
    for (const char* view : {"checkpoint", "goodput"}) {
        INFO(view);
        const Run table = dtsim({"calc", view, "--set", "checkpoint.gpu_mtbf=1"});
        REQUIRE(table.exitCode == 0);
        checkNoInfNan(table);
        CHECK(table.out.contains(QStringLiteral("never finishes")));
        CHECK(table.out.contains(QStringLiteral("checkpoint.gpu_mtbf")));
        const auto json = testing::calcJson(testing::withSets(
            QString::fromLatin1(view), {QStringLiteral("checkpoint.gpu_mtbf=1")}));
        CHECK(json.value(QStringLiteral("expected_failures")).isNull());
        CHECK(json.value(QStringLiteral("never_finishes"))
                  .toObject()
                  .value(QStringLiteral("key"))
                  .toString() == QStringLiteral("checkpoint.gpu_mtbf"));
    }
}

TEST_CASE("hazard cli: a Monte-Carlo where no run finishes names the MTBF", "[cli][extremes]")
{
    checkBadInput({
        {{"calc", "checkpoint", "--monte-carlo", "--set", "checkpoint.gpu_mtbf=1"},
         "--monte-carlo: no run would finish (a run stops after 1e+06 failures): "
         "checkpoint.gpu_mtbf: '1' must be long enough that the job outlasts an interval"},
    });
    const Run run =
        dtsim({"calc", "checkpoint", "--monte-carlo", "--set", "checkpoint.gpu_mtbf=1"});
    checkNoInfNan(run);
    CHECK_FALSE(run.out.contains(QStringLiteral("expected failures")));
}

TEST_CASE("hazard cli: calc goodput --monte-carlo blamed train.steps for the MTBF",
          "[cli][extremes]")
{
    checkBadInput({
        {{"calc", "goodput", "--monte-carlo", "--set", "checkpoint.gpu_mtbf=1"},
         "--monte-carlo: no run would finish (a run stops after 1e+06 failures): "
         "checkpoint.gpu_mtbf: '1'"},
    });
    const Run run = dtsim({"calc", "goodput", "--monte-carlo", "--set", "checkpoint.gpu_mtbf=1"});
    checkNoInfNan(run);
    CHECK_FALSE(run.err.contains(QStringLiteral("train.steps")));
}

TEST_CASE("hazard cli: an interval shorter than a step is said to be rounded up", "[cli][extremes]")
{
    const auto json = testing::calcJson(
        testing::withSets(QStringLiteral("checkpoint"), {QStringLiteral("checkpoint.interval=1")}));
    CHECK(json.value(QStringLiteral("interval_steps")).toDouble() == 1);
    CHECK(json.value(QStringLiteral("interval_rounding")).toString() ==
          QStringLiteral("up_to_one_step"));
    CHECK(json.value(QStringLiteral("interval_steps_time")).toDouble() ==
          json.value(QStringLiteral("step_time")).toDouble());
    const Run table = dtsim({"calc", "checkpoint", "--set", "checkpoint.interval=1"});
    CHECK(table.out.contains(QStringLiteral("up_to_one_step")));
}

TEST_CASE("hazard cli: no inf or nan printed at the checkpoint keys' extremes", "[cli][extremes]")
{
    // Every Real key of the checkpoint and goodput paths at its ends, printed as a table and as
    // JSON: either refused (exit 2) or printed without inf or nan.
    for (const char* set :
         {"checkpoint.interval=1", "checkpoint.interval=1e10", "checkpoint.gpu_mtbf=1",
          "checkpoint.gpu_mtbf=1e13", "checkpoint.write_time=0", "checkpoint.write_time=1e8",
          "checkpoint.restart_time=0", "checkpoint.restart_time=1e8", "checkpoint.work=1",
          "checkpoint.work=1e11", "checkpoint.storage_bandwidth=1e6",
          "checkpoint.storage_bandwidth=1e15", "checkpoint.memory_bandwidth=1e6",
          "checkpoint.memory_bandwidth=1e16"}) {
        for (const char* view : {"checkpoint", "goodput"}) {
            for (const bool json : {false, true}) {
                QStringList arguments{QStringLiteral("calc"), QString::fromLatin1(view),
                                      QStringLiteral("--set"), QString::fromLatin1(set)};
                if (json) {
                    arguments << QStringLiteral("--json");
                }
                INFO(arguments.join(QLatin1Char(' ')).toStdString());
                const Run run = dtsim(arguments);
                CHECK((run.exitCode == 0 || run.exitCode == 2));
                checkNoInfNan(run);
            }
        }
    }
}

TEST_CASE("hazard cli: a write time near 0 is refused by its key, not left to the Monte-Carlo",
          "[cli][extremes]")
{
    // δ = 5e-324 s put Daly's optimum at ~1e-158 s: more intervals than the simulation counts.
    // Was: "checkpoint.mc_runs: the simulation could not run", exit 1. The key now starts at 1 ms
    // (0 = free checkpoints), and so does the restart at 1 s (0 = instant).
    checkBadInput({
        {{"calc", "goodput", "--monte-carlo", "--set", "checkpoint.write_time=5e-324"},
         "checkpoint.write_time: '5e-324' is out of range"},
        {{"calc", "checkpoint", "--set", "checkpoint.restart_time=5e-324"},
         "checkpoint.restart_time: '5e-324' is out of range"},
    });
    for (const char* view : {"checkpoint", "goodput"}) {
        for (const char* set : {"checkpoint.write_time=0", "checkpoint.write_time=1e-3",
                                "checkpoint.restart_time=0", "checkpoint.restart_time=1"}) {
            INFO(view << " " << set);
            const Run run = dtsim({"calc", view, "--set", set});
            CHECK(run.exitCode == 0);
            checkNoInfNan(run);
        }
    }
}

TEST_CASE("hazard cli: the all-reduce read-outs print no inf at the link keys' extremes",
          "[cli][extremes]")
{
    // Was: "peak busbw (S -> inf)", the one word inf in calc allreduce's table.
    for (const char* set :
         {"collective.bytes=1", "collective.bytes=1e15", "hardware.intra_latency=0",
          "hardware.intra_latency=5e-324", "hardware.intra_bandwidth=1e6",
          "hardware.inter_bandwidth=1e13", "collective.workers=1"}) {
        for (const bool json : {false, true}) {
            QStringList arguments{QStringLiteral("calc"), QStringLiteral("allreduce"),
                                  QStringLiteral("--set"), QString::fromLatin1(set)};
            if (json) {
                arguments << QStringLiteral("--json");
            }
            INFO(arguments.join(QLatin1Char(' ')).toStdString());
            const Run run = dtsim(arguments);
            CHECK(run.exitCode == 0);
            checkNoInfNan(run);
        }
    }
}
