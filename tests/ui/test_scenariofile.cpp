// Scenario files: round trip, and bad files named by line and key with nothing applied.
#include "common/scenariofile.h"

#include <QTemporaryDir>
#include <catch2/catch.hpp>

using namespace dtsim::common;

TEST_CASE("save then open gives the same scenario", "[ui][file]")
{
    QTemporaryDir dir;
    simcore::Scenario scenario;
    scenario.scaling.workers = 123;
    scenario.lesson.syncPerWorkerSeconds = 0.0031;
    scenario.train.precision = simcore::Precision::Bf16;
    scenario.hardware.gpu = "mi300x";
    const QString path = dir.filePath(QStringLiteral("s.dtsim.json"));
    REQUIRE(dtsim::common::saveScenarioFile(path, scenario).isEmpty());
    const auto loaded = dtsim::common::loadScenarioFile(path);
    REQUIRE(loaded.scenario.has_value());
    CHECK(*loaded.scenario == scenario);
}

TEST_CASE("bad scenario files are refused by line and key", "[ui][file]")
{
    struct Case {
        const char* contents;
        const char* expected;
    };
    const Case cases[] = {
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"scaling.wrkers\": "
         "8\n}}",
         "s.json, line 3: Unknown key 'scaling.wrkers'"},
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"scaling.workers\": "
         "9000\n}}",
         "s.json, line 3: scaling.workers: '9000' is out of range; allowed: 1 to 4096, whole "
         "numbers."},
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"scaling.workers\": "
         "[8]\n}}",
         "s.json, line 3: scaling.workers must be a number or a string."},
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"train.precision\": "
         "\"fp4\"\n}}",
         "s.json, line 3: train.precision: 'fp4' is not allowed; allowed: fp32 | mixed | bf16."},
        {"{\"format\": \"dtsim-scenario\", \"version\": 7, \"values\": {}}",
         "s.json was written by a newer dtsim (file version 7; this one reads up to 1)"},
        {"{\"format\": \"dtsim-scenario\",\n \"version\": 1,\n \"values\": {,}}",
         "s.json, line 3: not valid JSON"},
        {"[1, 2]", "s.json: expected a JSON object"},
        {"{\"format\": \"other\", \"version\": 1, \"values\": {}}",
         "s.json: \"format\" must be \"dtsim-scenario\""},
        {"{\"format\": \"dtsim-scenario\", \"version\": 1,\n \"values\": {\n  \"model.hidden\": "
         "4096,\n"
         "  \"model.heads\": 3\n}}",
         "s.json, line 4: model.heads: '3' must be a divisor of model.hidden"},
    };
    for (const auto& c : cases) {
        INFO(c.contents);
        const auto result =
            dtsim::common::parseScenario(QByteArray(c.contents), QStringLiteral("s.json"));
        CHECK_FALSE(result.scenario.has_value());
        CHECK(result.error.startsWith(QString::fromUtf8(c.expected)));
    }
}

TEST_CASE("a file applies on top of a base and only when all of it is valid", "[ui][file]")
{
    simcore::Scenario base;
    base.scaling.workers = 77;
    const auto partial =
        dtsim::common::parseScenario("{\"format\": \"dtsim-scenario\", \"version\": 1, "
                                     "\"values\": {\"lesson.fixed_sync\": 0.5}}",
                                     QStringLiteral("p.json"), base);
    REQUIRE(partial.scenario.has_value());
    CHECK(partial.scenario->scaling.workers == 77);
    CHECK(partial.scenario->lesson.fixedSyncSeconds == 0.5);
}
