#pragma once
// What a pipeline schedule costs in activation memory, device by device: what each device holds
// at its peak (simcore/models/pipeline.h's inFlightPeak, the order the simulated schedule runs)
// times the activation bytes of one micro-batch through one chunk of layers
// (simcore/models/memory.h, Korthikanti et al. 2022). Plain C++20, no Qt.

#include "simcore/models/memory.h"
#include "simcore/models/pipeline.h"
#include "simcore/scenario/scenario.h"

#include <vector>

namespace simcore {

/// One pipeline device's activations at its peak.
struct DeviceActivations {
    /// (chunk, micro-batch) activation sets alive at once: inFlightPeak(…).chunks, the same as
    /// PipelineResult::peakInFlight.
    std::int64_t peakChunks = 0;
    /// peakChunks / v: the same in micro-batches' worth of the device's whole share of layers.
    double peakMicrobatches = 0;
    double layerSets = 0; ///< inFlightLayerSets(peakChunks): layer activations of one micro-batch
    double bytes = 0;     ///< layerSets × per-layer bytes (+ embedding / output terms), bytes
};

/// Activations each device of the schedule holds at its peak. Per device d:
/// inFlightLayerSets(peak chunks) × activationBytesPerLayer, plus on device 0 the input-embedding
/// mask and on device p − 1 the output layer for the micro-batches in flight through the first
/// and the last virtual stage (inFlightPeak). The counts and the rounding are memory.h's, so
/// device 0 and device p − 1 carry exactly memory.h's first- and last-stage activations, and
/// the largest device is evaluateMemory(...).activationsBytes (for p = 1 the one device holds
/// both ends: memory.h's whole-model figure).
/// Empty when the schedule cannot be simulated (checkPipeline). Preconditions as evaluateMemory's.
std::vector<DeviceActivations> pipelineActivations(const Scenario& scenario,
                                                   const MemoryOptions& options);

} // namespace simcore
