// Activation memory per pipeline device from the schedule's in-flight peaks (pipelinememory.h).
#include "simcore/models/pipelinememory.h"

namespace simcore {

std::vector<DeviceActivations> pipelineActivations(const Scenario& scenario,
                                                   const MemoryOptions& options)
{
    std::vector<DeviceActivations> devices;
    const PipelineParams schedule = pipelineParamsFromScenario(scenario);
    if (checkPipeline(schedule)) {
        return devices;
    }
    const double perLayer = activationBytesPerLayer(scenario, options);
    const double embedding = embeddingActivationBytes(scenario, options);
    const double output = outputLayerActivationBytes(scenario, options);
    const auto v = static_cast<double>(schedule.virtualStages);

    devices.resize(static_cast<std::size_t>(schedule.stages));
    for (std::int64_t d = 0; d < schedule.stages; ++d) {
        const InFlightPeak peak = inFlightPeak(schedule, d);
        auto& device = devices[static_cast<std::size_t>(d)];
        device.peakChunks = peak.chunks;
        device.peakMicrobatches = static_cast<double>(peak.chunks) / v;
        device.layerSets = inFlightLayerSets(scenario.model, scenario.parallel, peak.chunks);
        device.bytes = device.layerSets * perLayer +
                       static_cast<double>(peak.firstStageMicrobatches) * embedding +
                       static_cast<double>(peak.lastStageMicrobatches) * output;
    }
    return devices;
}

} // namespace simcore
