// A report's details are decided in simcore, field by field, so `dtsim calc --json` and every
// other reader name the same ids: these tests read them back from the values.
#include "simcore/plan/planner.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/communicationreport.h"
#include "simcore/reports/goodputreport.h"
#include "simcore/reports/memoryreport.h"
#include "simcore/reports/pipelinereport.h"
#include "simcore/reports/record.h"
#include "simcore/reports/scalingreport.h"
#include "simcore/reports/topologyreport.h"
#include "simcore/reports/validation.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace simcore;

namespace {

const Record& recordOf(const Value* value)
{
    REQUIRE(value != nullptr);
    REQUIRE(std::holds_alternative<Record>(*value));
    return std::get<Record>(*value);
}

const List& listOf(const Value* value)
{
    REQUIRE(value != nullptr);
    REQUIRE(std::holds_alternative<List>(*value));
    return std::get<List>(*value);
}

double numberOf(const Value* value)
{
    REQUIRE(value != nullptr);
    REQUIRE(std::holds_alternative<double>(*value));
    return std::get<double>(*value);
}

} // namespace

TEST_CASE("A record keeps its order and the last field of an id wins", "[details]")
{
    Record record{{"a", 1.0}, {"b", std::string("x")}, {"a", true}};
    REQUIRE(record.size() == 3);
    CHECK(record.front().id == "a");
    const Value* a = findField(record, "a");
    REQUIRE(a != nullptr);
    CHECK(std::get<bool>(*a));
    CHECK(findField(record, "missing") == nullptr);
    const List texts = textList({"p", "q"});
    REQUIRE(texts.size() == 2);
    CHECK(std::get<std::string>(texts[1]) == "q");
}

TEST_CASE("Quantities as a record: numbers, null for NaN, Booleans and words", "[details]")
{
    const std::vector<Quantity> quantities{
        quantity("x", "x", 2.5, Unit::Seconds),
        quantity("none", "none", std::numeric_limits<double>::quiet_NaN(), Unit::Seconds),
        quantity("fits", "fits", 1, Unit::Boolean), wordQuantity("gpu", "GPU", "h100")};
    const Record record = quantitiesRecord(quantities);
    REQUIRE(record.size() == 4);
    CHECK(numberOf(findField(record, "x")) == 2.5);
    CHECK(std::holds_alternative<std::monostate>(*findField(record, "none")));
    CHECK(std::get<bool>(*findField(record, "fits")));
    CHECK(std::get<std::string>(*findField(record, "gpu")) == "h100");
}

TEST_CASE("Each view's details carry what its charts and tables draw", "[details]")
{
    const Scenario scenario;
    const auto checkpoint = checkpointReport(scenario);
    REQUIRE(checkpoint.ok());
    const Record& waste = recordOf(findField(checkpoint.details, "waste_parts"));
    CHECK(numberOf(findField(waste, "write")) == checkpoint.result.atInterval.writeFraction);
    CHECK(numberOf(findField(waste, "lost")) == checkpoint.result.atInterval.lostFraction);

    const auto memory = memoryReport(scenario);
    REQUIRE(memory.ok());
    CHECK(listOf(findField(memory.details, "stages")).size() == memory.stages.size());
    CHECK(numberOf(findField(recordOf(findField(memory.details, "bytes_per_param")), "weights")) ==
          memory.bytesPerParameter.weights);

    const auto pipeline = pipelineReport(scenario);
    REQUIRE(pipeline.ok());
    CHECK(listOf(findField(pipeline.details, "peak_in_flight_per_device")).size() ==
          pipeline.devices.size());

    const auto topology = topologyReport(scenario);
    REQUIRE(topology.ok());
    CHECK(listOf(findField(topology.details, "ring")).size() ==
          topology.topology.allReduce.ring.size());

    const auto communication = communicationReport(scenario);
    REQUIRE(communication.ok());
    CHECK(numberOf(findField(recordOf(findField(communication.details, "intra")), "bandwidth")) ==
          communication.params.intra.bandwidthBytesPerSecond);

    const auto goodput = goodputReport(scenario);
    REQUIRE(goodput.ok());
    const Record& breakdown = recordOf(findField(goodput.details, "failure_breakdown"));
    CHECK(listOf(findField(breakdown, "causes")).size() == goodput.failures.size());
    CHECK(listOf(findField(goodput.details, "goodput_vs_gpus")).size() == goodput.curve.size());

    const auto scaling = scalingReport(scenario);
    REQUIRE(scaling.ok());
    CHECK(std::get<std::string>(*findField(scaling.details, "mode")) == "lesson");
}

TEST_CASE("The Monte-Carlo batch as details: its status, runs and seed", "[details]")
{
    const auto report = checkpointReport(Scenario{});
    REQUIRE(report.ok());
    const auto summary = computeMonteCarlo(report.result.params, 20, 7, 0);
    const Field field = monteCarloDetails(summary, 7);
    CHECK(field.id == "monte_carlo");
    const Record& batch = std::get<Record>(field.value);
    CHECK(numberOf(findField(batch, "seed")) == 7);
    CHECK(numberOf(findField(batch, "runs")) == static_cast<double>(summary.batch.runsCompleted));
    CHECK(std::get<std::string>(*findField(batch, "status")) == batchStatusId(summary.batch));
}

TEST_CASE("The validation record counts the runs within 15 percent", "[details]")
{
    const auto results = validateRuns();
    const Record record = validationRecord(results);
    CHECK(std::get<std::string>(*findField(record, "model")) == "validate");
    CHECK(listOf(findField(record, "runs")).size() == results.size());
    CHECK(std::get<std::int64_t>(*findField(record, "within_15_percent")) ==
          runsWithin15Percent(results));
    CHECK(runsWithin15Percent(results) <= static_cast<std::int64_t>(results.size()));
}

TEST_CASE("The plan's details list the top layouts, the map and the Pareto ranks", "[details]")
{
    const auto report = planTraining(Scenario{});
    REQUIRE(report.ok());
    REQUIRE(!report.layouts.empty());
    const Record details = planDetails(report, 0.25, 1);
    CHECK(numberOf(findField(details, "seconds")) == 0.25);
    const List& layouts = listOf(findField(details, "layouts"));
    REQUIRE(layouts.size() == 1);
    CHECK(std::get<Record>(layouts.front()) ==
          quantitiesRecord(planLayoutQuantities(report.layouts.front())));
    CHECK(listOf(findField(details, "map")).size() == report.map.size());
    CHECK(listOf(findField(details, "pareto_ranks")).size() == report.pareto.size());
}
