// Activation memory per pipeline device from the simulated schedule (pipelinememory.h).
#include "simcore/pipelinememory.h"

#include <algorithm>
#include <cmath>

namespace simcore {

std::vector<DeviceActivations> pipelineActivations(const Scenario& scenario,
                                                   const PipelineResult& pipeline,
                                                   const MemoryOptions& options)
{
    std::vector<DeviceActivations> devices;
    if (!pipeline.ok() || pipeline.peakInFlight.empty()) {
        return devices;
    }
    const auto p = static_cast<std::int64_t>(pipeline.peakInFlight.size());
    const std::int64_t v =
        std::max<std::int64_t>(1, pipelineParamsFromScenario(scenario).virtualStages);
    const double layers = static_cast<double>(std::max<std::int64_t>(1, scenario.model.layers));
    // memory.h's rounding: the most loaded chunk has ⌈L/(p·v)⌉ layers.
    const double chunkLayers = std::ceil(layers / static_cast<double>(p * v));
    const double perLayer = activationBytesPerLayer(scenario, options);
    const double embedding = embeddingActivationBytes(scenario, options);
    const double output = outputLayerActivationBytes(scenario, options);
    const InFlightActivations counts = inFlightActivations(scenario.model, scenario.parallel);

    devices.resize(static_cast<std::size_t>(p));
    for (std::int64_t d = 0; d < p; ++d) {
        auto& device = devices[static_cast<std::size_t>(d)];
        device.peakChunks = pipeline.peakInFlight[static_cast<std::size_t>(d)];
        device.peakMicrobatches = static_cast<double>(device.peakChunks) / static_cast<double>(v);
        device.layerSets = static_cast<double>(device.peakChunks) * chunkLayers;
        device.bytes = device.layerSets * perLayer;
        // Micro-batches whose embedding / output activations are alive: memory.h's counts for a
        // real pipeline; on a single device every micro-batch in flight has both.
        const double microbatches = p == 1 ? std::ceil(device.peakMicrobatches) : 0.0;
        if (d == 0) {
            const double first =
                p == 1 ? microbatches : static_cast<double>(counts.firstStageMicrobatches);
            device.bytes += first * embedding;
        }
        if (d == p - 1) {
            const double last =
                p == 1 ? microbatches : static_cast<double>(counts.lastStageMicrobatches);
            device.bytes += last * output;
        }
    }
    return devices;
}

} // namespace simcore
