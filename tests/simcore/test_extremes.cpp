// Every scenario key at its extremes and past them. Each value is either refused with
// an error naming the key, or accepted — and then every number a chart or `dtsim calc` shows is
// finite (never NaN or Inf drawn, never an overflowed integer, never a hang).
#include "simcore/models/checkpoint.h"
#include "simcore/models/collectives.h"
#include "simcore/models/memory.h"
#include "simcore/models/pipeline.h"
#include "simcore/models/scaling.h"
#include "simcore/models/topology.h"
#include "simcore/plan/planner.h"
#include "simcore/reports/report.h"
#include "simcore/scenario/scenario.h"
#include "simcore/views/views.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

using namespace simcore;

namespace {

bool finite(double value)
{
    return std::isfinite(value);
}

/// What the panels and `calc` draw from the scenario: all finite, or the model says why not.
void requireFiniteResults(const Scenario& s, const std::string& what)
{
    INFO(what);
    const auto scaling = evaluateScaling(s);
    for (const auto* list : {&scaling.window, &scaling.curve}) {
        for (const auto& t : *list) {
            if (!t.possible) {
                continue; // an N that is no layout is never priced (layoutscaling.h)
            }
            REQUIRE(finite(t.stepSeconds));
            REQUIRE(finite(t.computeSeconds));
            REQUIRE(finite(t.syncSeconds));
            REQUIRE(finite(t.idealSeconds));
            REQUIRE(finite(t.speedup));
            REQUIRE(finite(t.efficiency));
        }
    }
    REQUIRE((finite(scaling.selected.totalSeconds) || !scaling.selected.possible));
    REQUIRE(scaling.optimalWorkers >= 1);

    const auto options = memoryOptionsFromScenario(s);
    if (validateMemory(s, options).empty()) {
        const auto memory = evaluateMemory(s, options);
        REQUIRE(finite(memory.totalBytes));
        REQUIRE(memory.totalBytes >= 0);
    }

    const auto collective = allReduceFromScenario(s);
    if (!collective.error) {
        REQUIRE(finite(collective.seconds));
        REQUIRE(finite(collective.bytesSentPerWorker));
    }

    auto pipeline = pipelineParamsFromScenario(s);
    pipeline.recordOperations = false;
    const auto stages = pipeline.stages * pipeline.virtualStages * pipeline.microbatches;
    if (stages <= (std::int64_t{1} << 16)) { // larger ones are timed by the benchmark instead
        const auto schedule = simulatePipeline(pipeline);
        if (schedule.ok()) {
            REQUIRE(finite(schedule.totalSeconds));
            REQUIRE(finite(schedule.bubbleFraction));
        }
    }

    const auto checkpoint = evaluateCheckpoint(s);
    if (checkpoint.status == CheckpointStatus::Ok) {
        REQUIRE(finite(checkpoint.clusterMtbfSeconds));
        REQUIRE(finite(checkpoint.wasteFraction));
        REQUIRE(finite(checkpoint.optimalIntervalSeconds));
        for (const auto& point : checkpoint.curve) {
            REQUIRE(finite(point.wasteFraction));
        }
    }
}

} // namespace

TEST_CASE("every key at and past its extremes: an error naming it, or finite numbers", "[extremes]")
{
    const std::vector<std::string> absurd = {"nan", "inf", "-inf", "1e400", "-1e400", "abc",
                                             "",    "1e",  "0x10", "--3",   "1,5"};
    for (const auto& key : scenarioKeys()) {
        const std::string name(key.name);
        std::vector<std::string> values = absurd;
        if (key.type == KeyType::Text) {
            // topology.node: a pair, a 3-GPU node with every code, a node of 64 GPUs (the
            // largest allowed) and one of 65, a count that is no g(g−1)/2, and bad codes.
            std::string largest;
            for (int i = 0; i < 64 * 63 / 2; ++i) {
                largest += i % 7 == 0 ? "SYS " : "NV18 ";
            }
            std::string past = largest; // 65 GPUs: 2080 codes
            for (int i = 0; i < 64; ++i) {
                past += "PHB ";
            }
            values.insert(values.end(),
                          {"NV18", "NV1 PIX SOC", "PXB NODE PHB", largest, past, largest + "PHB",
                           "NV18 NV18", "NV0", "NV65", "X", "PIX;PIX;PIX"});
        } else if (key.type != KeyType::Choice) {
            for (double v : {key.minimum, key.maximum, key.minimum - 1, key.maximum * 10,
                             -key.maximum, key.minimum + 0.5}) {
                values.push_back(formatNumber(v));
            }
        } else {
            for (auto choice : key.choices) {
                values.emplace_back(choice);
            }
        }
        for (const auto& value : values) {
            // Alone, and together with the largest cluster and model the keys allow.
            for (bool big : {false, true}) {
                Scenario s;
                if (big) {
                    s.scaling.mode = ScalingMode::Physical;
                    s.scaling.workers = 4096;
                    s.model.params = 1e14;
                    s.collective.workers = 1000000;
                    s.checkpoint.gpus = 10000000;
                }
                const auto error = applyAssignment(s, name + "=" + value);
                if (error) {
                    INFO(name << " = '" << value << "': " << error->message());
                    CHECK(error->message().find(name) != std::string::npos);
                    continue;
                }
                if (!validate(s).empty()) {
                    continue; // refused as a whole, with the key named (test_scenario.cpp)
                }
                requireFiniteResults(s, name + " = '" + value + "'" + (big ? " (big)" : ""));
            }
        }
    }
}

TEST_CASE("worker counts from 1 to 1e6 and models from 1e3 to 1e14 parameters stay finite",
          "[extremes]")
{
    for (double params : {1e3, 1e6, 1e9, 1e12, 1e14}) {
        for (std::int64_t workers : {1, 2, 7, 8, 9, 1000, 4096}) {
            for (auto mode : {ScalingMode::Lesson, ScalingMode::Physical}) {
                Scenario s;
                s.model.params = params;
                s.scaling.workers = workers;
                s.scaling.mode = mode;
                s.collective.workers = workers * 244; // up to ≈ 1e6
                s.checkpoint.gpus = workers * 244;
                REQUIRE(validate(s).empty());
                requireFiniteResults(s, "params " + std::to_string(params) + ", N " +
                                            std::to_string(workers));
            }
        }
    }
}

TEST_CASE("an imported node at its extremes draws finite numbers or names the key", "[extremes]")
{
    // topology.preset = imported with nodes of 2 and 64 GPUs (the largest topology.node allows),
    // 0 and 1024 NICs, 1 … 1e6 workers, both drawn algorithms.
    std::string largest;
    for (int i = 0; i < 64 * 63 / 2; ++i) {
        largest += i % 5 == 0 ? "SYS " : "NV18 ";
    }
    for (const std::string& node : {std::string("PHB"), largest}) {
        for (const char* nics : {"0", "1", "1024"}) {
            for (const char* workers : {"1", "2", "64", "65", "4096", "4097", "1000000"}) {
                for (const char* algorithm : {"ring", "hierarchical"}) {
                    Scenario s;
                    REQUIRE_FALSE(setValue(s, "topology.preset", "imported"));
                    REQUIRE_FALSE(setValue(s, "topology.node", node));
                    REQUIRE_FALSE(setValue(s, "topology.node_nics", nics));
                    REQUIRE_FALSE(setValue(s, "collective.workers", workers));
                    REQUIRE_FALSE(setValue(s, "collective.algorithm", algorithm));
                    REQUIRE_FALSE(
                        setValue(s, "hardware.gpus_per_node", node == largest ? "64" : "2"));
                    REQUIRE(validate(s).empty());
                    INFO(node.size()
                         << " chars, nics " << nics << ", N " << workers << ", " << algorithm);
                    const auto t = topologyAllReduceFromScenario(s);
                    if (t.allReduce.error) {
                        const auto& field = t.allReduce.error->field;
                        CHECK((field == "collective.workers" || field == "topology.node_nics"));
                        continue;
                    }
                    REQUIRE(std::isfinite(t.allReduce.cost.seconds));
                    for (const auto& hop : t.allReduce.hops) {
                        REQUIRE(std::isfinite(hop.busySeconds));
                        REQUIRE(std::isfinite(hop.utilisation));
                    }
                }
            }
        }
    }
}

namespace {

/// Quantities that are "none" (NaN, JSON null, read-out "—") by definition in some scenarios:
/// an interval that is no whole number of steps, an expected time past any calendar, no slowest
/// hop on a single GPU, activations the memory model cannot weigh, a half-peak size the sweep
/// does not reach, the Parallelism caption's bubble without a pipeline (or one too large to
/// simulate on every edit). Every other quantity of a report without problems is finite.
/// A quantity the report itself names as needing a step time there is not (the Checkpoint view's
/// "unpriced" field, at an N that is no layout): none by design.
bool namedUnpriced(const Report& report, std::string_view id)
{
    // Past the double range the expected time and failures are none, and never_finishes says
    // why (the job MTBF against its intervals).
    if (findField(report.details, "never_finishes") != nullptr &&
        (id == "expected_failures" || id == "expected_time" || id == "expected_days" ||
         id == "optimal_expected_time")) {
        return true;
    }
    const Value* unpriced = findField(report.details, "unpriced");
    if (unpriced == nullptr) {
        return false;
    }
    const Value* ids = findField(std::get<Record>(*unpriced), "quantities");
    REQUIRE(ids != nullptr);
    return std::ranges::any_of(std::get<List>(*ids), [id](const Value& value) {
        return std::get<std::string>(value) == id;
    });
}

bool mayBeNone(View view, std::string_view id)
{
    if (view == View::Parallelism && id == "bubble_fraction") {
        return true;
    }
    // The goodput model's terms, printed only while scaling.count_failures counts them.
    if (view == View::Scaling) {
        for (std::string_view counted :
             {"plain_step", "straggler_cv", "expected_max", "straggler_factor", "gpu_mtbf",
              "job_mtbf", "checkpoint_write_time", "restart_time", "optimal_interval", "goodput"}) {
            if (id == counted) {
                return true;
            }
        }
        // The Physical model's layout and its terms: none in the lesson model.
        for (std::string_view layout :
             {"tensor_parallel", "pipeline_parallel", "context_parallel", "replica_gpus",
              "data_parallel", "microbatches", "tp_comm", "pp_bubble", "pp_p2p", "dp_comm",
              "zero_gather", "cp_comm", "optimizer_step", "single_gpu_step"}) {
            if (id == layout) {
                return true;
            }
        }
    }
    for (std::string_view none :
         {"interval_steps", "optimal_interval_steps", "expected_time", "optimal_expected_time",
          "bottleneck_from", "bottleneck_to", "bottleneck_bandwidth", "bottleneck_latency",
          "bottleneck_busy", "bottleneck_utilisation", "activations_per_layer",
          "first_device_activations", "last_device_activations", "half_peak_bytes"}) {
        if (id == none) {
            return true;
        }
    }
    return false;
}

/// The values of a numeric key a user can type that are closest to its ends: the minimum (or,
/// when the minimum itself is excluded, the smallest double above it: 5e-324 above 0), the
/// maximum and the special value.
std::vector<double> edgeValues(const KeyInfo& key)
{
    std::vector<double> values;
    values.push_back(key.minimumExclusive
                         ? std::nextafter(key.minimum, std::numeric_limits<double>::infinity())
                         : key.minimum);
    values.push_back(key.maximum);
    if (key.specialValue) {
        values.push_back(*key.specialValue);
    }
    return values;
}

/// The keys the planner reads: its view's (viewKeys), and the current layout's degrees, whose
/// product is the cluster when hardware.gpus is 0 (planner.h). Text keys count as read: no test
/// below varies them.
bool planReads(const KeyInfo& key)
{
    const auto keys = viewKeys(View::Plan);
    return key.type == KeyType::Text ||
           std::find(keys.begin(), keys.end(), key.name) != keys.end() ||
           key.name == "parallel.dp" || key.name == "parallel.tp" || key.name == "parallel.pp" ||
           key.name == "parallel.cp";
}

bool sameValue(const KeyInfo& key, const Scenario& a, const Scenario& b)
{
    return key.getNumber ? key.getNumber(a) == key.getNumber(b)
                         : key.getChoice(a) == key.getChoice(b);
}

} // namespace

TEST_CASE("the plan stays the same whatever the keys it does not read", "[extremes][plan]")
{
    // What lets the next test search one plan per distinct set of the keys it reads: every other
    // key, at each edge of its range and each of its words, leaves the plan as it was. On
    // 2 GPUs (every tp x pp up to 2 x 2, every schedule), where a search and its CSV are quick.
    Scenario small;
    small.parallel.dp = 1;
    small.parallel.tp = 1;
    small.parallel.pp = 2;
    REQUIRE(validate(small).empty());
    const auto reference = planCsv(planTraining(small));
    int varied = 0;
    for (const auto& key : scenarioKeys()) {
        if (planReads(key)) {
            continue;
        }
        std::vector<Scenario> variants;
        if (key.type == KeyType::Choice) {
            for (const auto choice : key.choices) {
                variants.push_back(small);
                REQUIRE_FALSE(setValue(variants.back(), key.name, choice));
            }
        } else {
            for (const double value : edgeValues(key)) {
                Scenario s = small;
                if (!setNumber(s, key.name, value)) {
                    variants.push_back(s);
                }
            }
        }
        for (const auto& s : variants) {
            if (!validate(s).empty()) {
                continue; // skipped by the next test too
            }
            INFO(key.name << " = " << valueText(s, key));
            CHECK(planCsv(planTraining(s)) == reference);
            ++varied;
        }
    }
    CHECK(varied > 50);
}

TEST_CASE("every view's quantities stay finite with any key at the edge of its range", "[extremes]")
{
    // The bases the reports were found with: the defaults, the physical scaling model,
    // a pipeline whose transfers dwarf its compute, and the largest cluster and model.
    std::vector<std::pair<std::string, Scenario>> bases;
    bases.emplace_back("defaults", Scenario{});
    Scenario physical;
    physical.scaling.mode = ScalingMode::Physical;
    bases.emplace_back("physical", physical);
    Scenario pipeline;
    pipeline.parallel.pp = 4;
    pipeline.parallel.transferSeconds = 1;
    bases.emplace_back("pp 4, p2p 1 s", pipeline);
    Scenario big = physical;
    big.scaling.workers = 4096;
    big.model.params = 1e14;
    big.checkpoint.gpus = 10000000;
    bases.emplace_back("big", big);
    // The planner is nearly all of this test's time, and most edges (and bases) differ only in
    // keys it does not read (the test above): one plan per distinct set of the keys it reads.
    std::vector<Scenario> planned;
    const auto plannedAlready = [&planned](const Scenario& s) {
        const auto samePlanInputs = [&s](const Scenario& other) {
            return std::all_of(
                scenarioKeys().begin(), scenarioKeys().end(),
                [&](const KeyInfo& key) { return !planReads(key) || sameValue(key, s, other); });
        };
        if (std::any_of(planned.begin(), planned.end(), samePlanInputs)) {
            return true;
        }
        planned.push_back(s);
        return false;
    };
    for (const auto& key : scenarioKeys()) {
        if (key.type == KeyType::Choice || key.type == KeyType::Text) {
            continue;
        }
        for (const double value : edgeValues(key)) {
            for (const auto& [baseName, base] : bases) {
                Scenario s = base;
                if (setNumber(s, key.name, value) || !validate(s).empty()) {
                    continue;
                }
                // The Physical model's N when it is no dp x tp x pp x cp layout: drawn as
                // impossible, its step (and the Checkpoint view's copy of it) none.
                const bool noLayout = !evaluateScaling(s).selected.possible;
                for (const View view : allViews()) {
                    if (view == View::Plan && plannedAlready(s)) {
                        continue;
                    }
                    const Report report = evaluateView(view, s);
                    if (!report.ok()) {
                        continue;
                    }
                    for (const auto& q : report.quantities) {
                        if (q.unit == Unit::Word || q.unit == Unit::Boolean ||
                            (noLayout && (view == View::Scaling || q.id == "step_time"))) {
                            continue;
                        }
                        INFO(key.name << " = " << formatNumber(value) << " on " << baseName << ": "
                                      << viewId(view) << "." << q.id << " = " << q.value);
                        CHECK(!std::isinf(q.value));
                        CHECK((std::isfinite(q.value) || mayBeNone(view, q.id) ||
                               namedUnpriced(report, q.id)));
                    }
                }
            }
        }
    }
}
