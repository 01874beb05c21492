#include "simcore/models/topologypick.h"

#include "simcore/models/topology.h"

#include <algorithm>

namespace simcore {

Scenario withTopologyPreset(Scenario scenario, TopologyPresetId preset)
{
    scenario.topology.preset = preset;
    auto& hardware = scenario.hardware;
    if (preset == TopologyPresetId::Scenario) {
        return scenario;
    }
    if (preset == TopologyPresetId::Imported) {
        if (const auto cluster = importedNodeCluster(scenario.topology.node)) {
            const EquivalentLinks links = equivalentLinks(*cluster);
            hardware.gpusPerNode = links.gpusPerNode;
            hardware.intraLatencySeconds = links.intra.latencySeconds;
            hardware.intraBandwidthBytesPerSecond = links.intra.bandwidthBytesPerSecond;
        }
        return scenario;
    }
    const auto cluster = topologyPreset(valueText(scenario, "topology.preset"));
    if (!cluster) { // every named TopologyPresetId is a preset; kept as a guard
        return scenario;
    }
    const EquivalentLinks links = equivalentLinks(*cluster);
    hardware.gpu = cluster->gpu;
    hardware.gpusPerNode = links.gpusPerNode;
    hardware.intraLatencySeconds = links.intra.latencySeconds;
    hardware.intraBandwidthBytesPerSecond = links.intra.bandwidthBytesPerSecond;
    hardware.interLatencySeconds = links.inter.latencySeconds;
    hardware.interBandwidthBytesPerSecond = links.inter.bandwidthBytesPerSecond;
    scenario.collective.workers = std::min(scenario.collective.workers, cluster->totalGpus());
    return scenario;
}

} // namespace simcore
