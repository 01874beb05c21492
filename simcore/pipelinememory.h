#pragma once
// What a pipeline schedule costs in activation memory, device by device: the schedule's peak of
// micro-batches in flight (simcore/pipeline.h) times the activation bytes of one micro-batch
// through one chunk of layers (simcore/memory.h, Korthikanti et al. 2022). Plain C++20, no Qt.

#include "simcore/memory.h"
#include "simcore/pipeline.h"
#include "simcore/scenario.h"

#include <vector>

namespace simcore {

/// One pipeline device's activations at its peak, in bytes.
struct DeviceActivations {
    /// (chunk, micro-batch) activation sets alive at once, from PipelineResult::peakInFlight.
    std::int64_t peakChunks = 0;
    /// peakChunks / v: the same in micro-batches' worth of the device's whole share of layers.
    double peakMicrobatches = 0;
    double layerSets = 0; ///< peakChunks × ⌈L/(p·v)⌉ layer activations of one micro-batch
    double bytes = 0;     ///< layerSets × per-layer bytes (+ embedding / output terms)
};

/// Activations each device of the simulated schedule holds at its peak. Per device d:
/// peakInFlight[d] × ⌈L/(p·v)⌉ × activationBytesPerLayer, plus on device 0 the input-embedding
/// mask and on device p − 1 the output layer for the micro-batches memory.h counts there
/// (inFlightActivations: firstStageMicrobatches, lastStageMicrobatches). With the same
/// rounding as memory.h, device 0 and device p − 1 carry exactly memory.h's first- and last-stage
/// activations, so max over devices = evaluateMemory(...).activationsBytes for p > 1.
/// (For p = 1 memory.h assumes micro-batches run one after another; here the drawn schedule
/// counts: GPipe on one device keeps all m forwards.)
/// `pipeline` is simulatePipeline(pipelineParamsFromScenario(scenario)) (operations optional).
/// Empty when the pipeline result is an error. Preconditions as evaluateMemory's.
std::vector<DeviceActivations> pipelineActivations(const Scenario& scenario,
                                                   const PipelineResult& pipeline,
                                                   const MemoryOptions& options);

} // namespace simcore
