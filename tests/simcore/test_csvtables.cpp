// Every view's CSV, for the defaults and every preset: one table a file, as a spreadsheet or
// pandas.read_csv reads it as it is. Each table has a unique snake_case name, "quantities" first;
// each is a header line and rows with exactly as many fields as the header (RFC 4180 quoting),
// every line ending in "\n", no comment and no blank line.

#include "csvtables.h"
#include "simcore/plan/planner.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/communicationreport.h"
#include "simcore/reports/goodputreport.h"
#include "simcore/reports/memoryreport.h"
#include "simcore/reports/parallelismreport.h"
#include "simcore/reports/pipelinereport.h"
#include "simcore/reports/scalingreport.h"
#include "simcore/reports/topologyreport.h"
#include "simcore/reports/validationreport.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace simcore;

namespace {

/// A preset file's "values" ("key": value lines) applied to the defaults, as the window reads it.
Scenario presetScenario(const std::filesystem::path& path)
{
    std::ifstream in(path);
    REQUIRE(in);
    Scenario scenario;
    std::string line;
    bool inValues = false;
    while (std::getline(in, line)) {
        if (line.find("\"values\"") != std::string::npos) {
            inValues = true;
            continue;
        }
        const auto colon = line.find("\":");
        if (!inValues || colon == std::string::npos) {
            continue;
        }
        const auto open = line.find('"');
        const std::string key = line.substr(open + 1, colon - open - 1);
        std::string value = line.substr(colon + 2);
        while (!value.empty() && (value.back() == ',' || value.back() == ' ')) {
            value.pop_back();
        }
        value.erase(0, value.find_first_not_of(' '));
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
            value = value.substr(1, value.size() - 2);
        }
        INFO(path.filename().string() << ": " << key << " = " << value);
        REQUIRE_FALSE(setValue(scenario, key, value).has_value());
    }
    return scenario;
}

std::vector<std::pair<std::string, Scenario>> scenarios()
{
    std::vector<std::pair<std::string, Scenario>> list{{"defaults", Scenario{}}};
    const std::filesystem::path folder =
        std::filesystem::path(DTSIM_SOURCE_DIR) / "resources" / "presets";
    std::set<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() == ".json") {
            files.insert(entry.path());
        }
    }
    for (const auto& file : files) {
        list.emplace_back(file.stem().string(), presetScenario(file));
    }
    return list;
}

/// Every table a view's export writes (the Checkpoint view's with a small seeded batch).
std::vector<std::pair<std::string, std::vector<CsvTable>>> everyViewCsv(const Scenario& s)
{
    const auto checkpoint = checkpointReport(s);
    const auto batch =
        checkpoint.ok() ? computeMonteCarlo(checkpoint.result.params, 40, 1) : MonteCarloSummary{};
    return {
        {"scaling", scalingCsv(scalingReport(s))},
        {"validation", validationCsv(validationReport())},
        {"memory", memoryCsv(memoryReport(s))},
        {"parallelism", parallelismCsv(parallelismReport(s))},
        {"pipeline", pipelineCsv(pipelineReport(s))},
        {"communication", communicationCsv(communicationReport(s))},
        {"topology", topologyCsv(topologyReport(s))},
        {"checkpoint", checkpointViewCsv(checkpoint, batch, goodputReport(s))},
        {"goodput", goodputCsv(goodputReport(s))},
        {"plan", planCsv(planTraining(s))},
    };
}

bool isSnakeCase(const std::string& name)
{
    return !name.empty() && name.front() >= 'a' && name.front() <= 'z' &&
           name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos;
}

} // namespace

TEST_CASE("every view's CSV is tables a spreadsheet reads as they are", "[csv]")
{
    const auto list = scenarios();
    REQUIRE(list.size() >= 7); // the defaults and the six presets
    for (const auto& [preset, scenario] : list) {
        for (const auto& [view, tables] : everyViewCsv(scenario)) {
            INFO(preset << ", " << view);
            REQUIRE(!tables.empty());
            CHECK(tables.front().name == "quantities");
            CHECK(tables.front().text.starts_with("quantity,value,unit\n"));
            std::set<std::string> names;
            for (const auto& table : tables) {
                INFO("table " << table.name);
                CHECK(isSnakeCase(table.name));
                CHECK(names.insert(table.name).second);
                REQUIRE(!table.text.empty());
                CHECK(table.text.back() == '\n');
                const auto lines = testing::csvLines(table.text);
                const auto header = testing::splitCsvLine(lines.front());
                CHECK(header.ok);
                for (const auto& column : header.fields) {
                    CHECK(isSnakeCase(column));
                }
                // The first line that breaks the rules, if any: one assertion a table, as a plan
                // table has some 15,000 rows.
                std::string firstBad;
                for (std::size_t i = 1; i < lines.size() && firstBad.empty(); ++i) {
                    const auto record = testing::splitCsvLine(lines[i]);
                    if (lines[i].empty() || lines[i].starts_with("#") || !record.ok ||
                        record.fields.size() != header.fields.size()) {
                        firstBad = "line " + std::to_string(i + 1) + ": " + std::string(lines[i]);
                    }
                }
                CHECK(firstBad.empty());
            }
        }
    }
}

TEST_CASE("the table builder: rows as wide as the header, fields quoted where they must be",
          "[csv]")
{
    CHECK(csvField("ring") == "ring");
    CHECK(csvField("") == "");
    CHECK(csvField("a, b") == "\"a, b\"");
    CHECK(csvField("the \"x\" run") == "\"the \"\"x\"\" run\"");
    CHECK(csvField("two\nlines") == "\"two\nlines\"");
    CsvTableBuilder table("curve", {"workers", "step_s", "note"});
    table.row({"1", "0.5", csvField("a, b")});
    table.row({"2"}); // values that do not apply are empty
    CHECK(table.table().name == "curve");
    CHECK(table.table().text == "workers,step_s,note\n1,0.5,\"a, b\"\n2,,\n");
    const auto record = testing::splitCsvLine("1,0.5,\"a, b\"");
    CHECK(record.fields == std::vector<std::string>{"1", "0.5", "a, b"});
}
