#pragma once
// Shared by the two scenario fuzzers (--set assignments, scenario files): evaluates the models
// whose results the panels draw and aborts when a number a chart would draw is NaN or ±∞ although
// validate() accepted the scenario. Invalid scenarios are evaluated too (the panels do that while
// they show the error), so a crash or undefined behaviour on them is still found by the
// sanitizers; only their numbers are not checked.

#include "simcore/models/checkpoint.h"
#include "simcore/models/collectives.h"
#include "simcore/models/memory.h"
#include "simcore/models/pipeline.h"
#include "simcore/models/scaling.h"
#include "simcore/models/topology.h"
#include "simcore/scenario/catalogue.h"
#include "simcore/scenario/scenario.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace dtsim::fuzz {

/// Prints the scenario as --set arguments (so a finding can be replayed with `dtsim calc`) and
/// aborts: libFuzzer then saves the input as a crash.
[[noreturn]] inline void fail(const simcore::Scenario& scenario, const std::string& what)
{
    std::fprintf(stderr, "fuzz: %s although validate() accepted the scenario:\n", what.c_str());
    for (const auto& key : simcore::scenarioKeys()) {
        std::fprintf(stderr, "  --set '%.*s=%s'\n", static_cast<int>(key.name.size()),
                     key.name.data(), simcore::valueText(scenario, key).c_str());
    }
    std::abort();
}

/// Checks the numbers of one model result; `checked` is false for invalid scenarios.
class FiniteCheck {
public:
    FiniteCheck(const simcore::Scenario& scenario, bool checked)
        : m_scenario(scenario), m_checked(checked)
    {
    }

    void operator()(double value, const char* what, std::size_t index = 0) const
    {
        if (m_checked && !std::isfinite(value)) {
            fail(m_scenario, std::string(what) + "[" + std::to_string(index) +
                                 "] = " + std::to_string(value) + " (not finite)");
        }
    }

    void require(bool condition, const char* what) const
    {
        if (m_checked && !condition) {
            fail(m_scenario, what);
        }
    }

private:
    const simcore::Scenario& m_scenario;
    bool m_checked;
};

inline void checkStep(const FiniteCheck& check, const simcore::StepTimes& s, std::size_t i)
{
    if (!s.possible) {
        return; // an N that is no layout is shown as impossible, never priced
    }
    check(s.computeSeconds, "scaling compute", i);
    check(s.syncSeconds, "scaling sync", i);
    check(s.bubbleSeconds, "scaling bubble", i);
    check(s.stepSeconds, "scaling step", i);
    check(s.idealSeconds, "scaling ideal", i);
    check(s.speedup, "scaling speed-up", i);
    check(s.efficiency, "scaling efficiency", i);
    check(s.totalSeconds, "scaling total", i);
}

/// `workKnown`: the job's length W is known. Without it (an N that is no layout and no
/// checkpoint.work) every time and failure count of the job is none by design; the shares are not.
inline void checkWaste(const FiniteCheck& check, const simcore::WasteBreakdown& w, std::size_t i,
                       bool workKnown)
{
    if (w.status == simcore::CheckpointStatus::InvalidInput ||
        w.status == simcore::CheckpointStatus::NoFailures) {
        return; // drawn as a gap
    }
    check(w.intervalSeconds, "checkpoint interval", i);
    if (workKnown) {
        check(w.expectedSeconds, "checkpoint expected time", i);
        check(w.writeSeconds, "checkpoint write time", i);
        check(w.lostWorkSeconds, "checkpoint lost work", i);
        check(w.restartSeconds, "checkpoint restart time", i);
        // T/M may pass the double range while T does not: +∞ failures with status Ok is what
        // test_checkpoint.cpp ("huge exponents stay finite or are reported") expects; NaN is not.
        check(std::isnan(w.expectedFailures) ? w.expectedFailures : 0.0, "checkpoint failures", i);
    }
    check(w.wasteFraction, "checkpoint waste fraction", i);
    check(w.writeFraction, "checkpoint write fraction", i);
    check(w.lostFraction, "checkpoint lost fraction", i);
    check(w.restartFraction, "checkpoint restart fraction", i);
}

inline void checkCost(const FiniteCheck& check, const simcore::CollectiveCost& c, const char* what)
{
    check(c.seconds, what, 0);
    check(c.latencySeconds, what, 1);
    check(c.bandwidthSeconds, what, 2);
    check(c.bytesSentPerWorker, what, 3);
    check(c.totalBytesSent, what, 4);
    check(c.algbwBytesPerSecond, what, 5);
    check(c.busbwBytesPerSecond, what, 6);
}

/// Runs every chart model on the scenario. Cheap enough for a fuzzer (the pipeline without its
/// operation list, no Monte Carlo batch).
inline void evaluateModels(const simcore::Scenario& scenario)
{
    const bool valid = simcore::validate(scenario).empty();
    const FiniteCheck check(scenario, valid);

    // Scaling panel (and the checkpoint panel's step time).
    const auto scaling = simcore::evaluateScaling(scenario);
    checkStep(check, scaling.selected, 0);
    checkStep(check, scaling.optimal, 1);
    for (std::size_t i = 0; i < scaling.window.size(); ++i) {
        checkStep(check, scaling.window[i], 100 + i);
    }
    for (std::size_t i = 0; i < scaling.curve.size(); ++i) {
        checkStep(check, scaling.curve[i], 1000 + i);
    }

    // Memory panel: all four ZeRO stages and the verdict, as ui/memorycharts.cpp evaluates them.
    const auto options = simcore::memoryOptionsFromScenario(scenario);
    const bool memoryValid = valid && simcore::validateMemory(scenario, options).empty();
    const FiniteCheck memoryCheck(scenario, memoryValid);
    const simcore::GpuSpec* gpu = simcore::findGpu(scenario.hardware.gpu);
    if (!gpu) {
        gpu = &simcore::gpuCatalogue().front();
    }
    simcore::Scenario trial = scenario;
    for (std::int64_t zero = 0; zero < 4; ++zero) {
        trial.parallel.zero = zero;
        const auto i = static_cast<std::size_t>(zero);
        const auto m = simcore::evaluateMemory(trial, options);
        memoryCheck(m.parameters, "memory parameters", i);
        memoryCheck(m.parametersPerGpu, "memory parameters per GPU", i);
        memoryCheck(m.weightsBytes, "memory weights", i);
        memoryCheck(m.gradientsBytes, "memory gradients", i);
        memoryCheck(m.optimizerBytes, "memory optimizer", i);
        memoryCheck(m.activationsBytes, "memory activations", i);
        memoryCheck(m.buffersBytes, "memory buffers", i);
        memoryCheck(m.totalBytes, "memory total", i);
        memoryCheck(m.activationsPerLayerBytes, "memory activations per layer", i);
        const auto verdict = simcore::memoryVerdict(trial, *gpu, options);
        memoryCheck(verdict.capacityBytes, "memory capacity", i);
        memoryCheck(verdict.headroomBytes, "memory headroom", i);
    }

    // Communication panel.
    const auto allReduce = simcore::allReduceFromScenario(scenario);
    check.require(!allReduce.error, "allReduceFromScenario returned an error");
    checkCost(check, allReduce, "all-reduce cost field");

    // Parallelism panel's pipeline (its errors are values the view shows). Above 2^20 operations
    // it is skipped: at the documented maximum (2^23, p = 1024, m = 4096) one run takes ~16 s
    // under ASan, which libFuzzer's 5 s timeout would report although the size is bounded by
    // design (kMaxPipelineOperations). The same code runs at every smaller size.
    auto pipelineParams = simcore::pipelineParamsFromScenario(scenario);
    pipelineParams.recordOperations = false;
    const double operations = 2.0 * static_cast<double>(pipelineParams.stages) *
                              static_cast<double>(pipelineParams.virtualStages) *
                              static_cast<double>(pipelineParams.microbatches);
    const auto pipeline = operations <= 0x1p20 ? simcore::simulatePipeline(pipelineParams)
                                               : simcore::PipelineResult{};
    if (operations <= 0x1p20 && pipeline.ok()) {
        check(pipeline.totalSeconds, "pipeline total");
        check(pipeline.idealSeconds, "pipeline ideal");
        check(pipeline.bubbleSeconds, "pipeline bubble");
        check(pipeline.bubbleRatio, "pipeline bubble ratio");
        check(pipeline.bubbleFraction, "pipeline bubble fraction");
        check(pipeline.maxPeakInFlightMicrobatches, "pipeline peak in flight");
    }

    // Checkpoint panel.
    const auto checkpoint = simcore::evaluateCheckpoint(scenario);
    if (checkpoint.status != simcore::CheckpointStatus::InvalidInput) {
        check(checkpoint.clusterMtbfSeconds, "checkpoint cluster MTBF");
        check(checkpoint.optimalIntervalSeconds, "checkpoint Daly interval");
        check(checkpoint.youngIntervalSeconds, "checkpoint Young interval");
        check(checkpoint.wasteFraction, "checkpoint waste fraction");
        if (checkpoint.workKnown) {
            check(checkpoint.expectedSeconds, "checkpoint expected time");
        }
        checkWaste(check, checkpoint.atInterval, 0, checkpoint.workKnown);
        checkWaste(check, checkpoint.atOptimum, 1, checkpoint.workKnown);
        for (std::size_t i = 0; i < checkpoint.curve.size(); ++i) {
            checkWaste(check, checkpoint.curve[i], 100 + i, checkpoint.workKnown);
        }
    }

    // Topology panel. A `scenario` cluster builds g × g pair links (hardware.gpus_per_node = g up
    // to 1024: a million links, ~3 s under ASan), so nodes above 64 GPUs are skipped; the code
    // path is the same at every size.
    if (scenario.topology.preset == simcore::TopologyPresetId::Scenario &&
        scenario.hardware.gpusPerNode > 64) {
        return;
    }
    const auto topology = simcore::topologyAllReduceFromScenario(scenario);
    if (!topology.allReduce.error) {
        checkCost(check, topology.allReduce.cost, "topology all-reduce cost field");
        for (std::size_t i = 0; i < topology.allReduce.hops.size(); ++i) {
            check(topology.allReduce.hops[i].busySeconds, "topology hop busy time", i);
            check(topology.allReduce.hops[i].utilisation, "topology hop utilisation", i);
        }
    }
}

} // namespace dtsim::fuzz
