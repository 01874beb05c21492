#include "simcore/reports/importkeys.h"

#include "simcore/models/topology.h"

namespace simcore {

namespace {

KeyAssignment numberKey(std::string key, double value)
{
    return {std::move(key), formatNumber(value)};
}

AssignmentGroup linkGroup(const NcclFit& fit, bool intra)
{
    const std::string scope = intra ? "intra" : "inter";
    return {numberKey("hardware." + scope + "_latency", fit.latencySeconds),
            numberKey("hardware." + scope + "_bandwidth", fit.bandwidthBytesPerSecond)};
}

} // namespace

NcclImportKeys ncclImportKeys(const NcclImport& log, bool intra, const NcclImport* otherLevel)
{
    NcclImportKeys keys;
    if (!log.fit.error) {
        keys.links.push_back(linkGroup(log.fit, intra));
    }
    if (otherLevel && !otherLevel->fit.error) {
        keys.links.push_back(linkGroup(otherLevel->fit, !intra));
    }
    if (log.table) {
        keys.measuredRun.push_back({{"collective.algorithm", "ring"},
                                    {"collective.workers", std::to_string(log.table->ranks)}});
        if (const auto perNode = ncclGpusPerNode(*log.table)) {
            keys.measuredRun.push_back({{"hardware.gpus_per_node", std::to_string(*perNode)}});
        }
    }
    keys.measuredRun.insert(keys.measuredRun.end(), keys.links.begin(), keys.links.end());
    return keys;
}

std::vector<AssignmentGroup> topoImportKeys(const NvTopoNode& node, const ClusterTopology& cluster)
{
    std::vector<AssignmentGroup> groups;
    if (node.gpus < 2) {
        return groups; // one GPU: no link to describe, no pair to wire
    }
    const EquivalentLinks links = equivalentLinks(cluster);
    groups.push_back({numberKey("hardware.gpus_per_node", static_cast<double>(node.gpus)),
                      numberKey("hardware.intra_latency", links.intra.latencySeconds),
                      numberKey("hardware.intra_bandwidth", links.intra.bandwidthBytesPerSecond)});
    if (node.gpus <= kMaxWiringGpus) {
        AssignmentGroup wiring = {{"topology.preset", "imported"},
                                  {"topology.node", nvTopoWiringText(node)},
                                  {"topology.node_nics", std::to_string(node.gpuNics())},
                                  {"collective.workers", std::to_string(node.gpus)},
                                  {"collective.algorithm", "ring"}};
        groups.push_back(std::move(wiring));
    }
    return groups;
}

std::vector<AssignmentGroup> stepTimesImportKeys(std::span<const MeasuredStep> points,
                                                 const LessonFit& fit)
{
    std::vector<AssignmentGroup> groups;
    if (!fit.error) {
        groups.push_back({numberKey("lesson.base_compute", fit.baseComputeSeconds),
                          numberKey("lesson.fixed_sync", fit.fixedSyncSeconds),
                          numberKey("lesson.sync_per_worker", fit.syncPerWorkerSeconds)});
    }
    Scenario withPoints;
    withPoints.scaling.measured.assign(points.begin(), points.end());
    groups.push_back({{"scaling.measured", valueText(withPoints, "scaling.measured")}});
    return groups;
}

AppliedGroups applyGroups(Scenario base, const std::vector<AssignmentGroup>& groups)
{
    AppliedGroups applied;
    applied.scenario = std::move(base);
    for (const AssignmentGroup& group : groups) {
        Scenario trial = applied.scenario;
        std::optional<ScenarioError> problem;
        for (const KeyAssignment& assignment : group) {
            problem = setValue(trial, assignment.key, assignment.value);
            if (problem) {
                break;
            }
        }
        if (!problem) {
            if (auto errors = validate(trial); !errors.empty()) {
                problem = std::move(errors.front());
            }
        }
        std::string reason = problem ? problem->message() : std::string();
        // The Topology view draws the imported node: its own rules (a node without NICs holds
        // the whole ring) are not validate()'s.
        if (!problem && trial.topology.preset == TopologyPresetId::Imported) {
            if (const auto& error = topologyAllReduceFromScenario(trial).allReduce.error) {
                problem = ScenarioError{ScenarioError::Kind::Inconsistent,
                                        error->field,
                                        valueText(trial, error->field),
                                        error->allowed,
                                        {}};
                reason = error->field + ": allowed " + error->allowed;
            }
        }
        if (problem) {
            applied.leftOut.push_back(group);
            applied.problems.push_back(std::move(*problem));
            applied.reasons.push_back(std::move(reason));
            continue;
        }
        applied.scenario = std::move(trial);
        applied.accepted.push_back(group);
    }
    return applied;
}

} // namespace simcore
