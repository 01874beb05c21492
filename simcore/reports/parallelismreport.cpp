#include "simcore/reports/parallelismreport.h"

#include "simcore/models/memory.h"
#include "simcore/models/pipeline.h"
#include "simcore/reports/trainingreport.h"

namespace simcore {

namespace {

std::string text(std::int64_t value)
{
    return std::to_string(value);
}

// The bubble the pipeline caption quotes: simulated without the operation list, and only for
// schedules small enough to simulate on every edit.
double captionBubble(const Scenario& scenario)
{
    PipelineParams pipeline = pipelineParamsFromScenario(scenario);
    pipeline.recordOperations = false;
    if (pipeline.stages <= 1 || checkPipeline(pipeline)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    const std::int64_t chunks = pipeline.stages * pipeline.virtualStages; // ≤ 2^22: checked
    if (pipeline.microbatches > kMaxCaptionPipelineOperations / (2 * chunks)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    const PipelineResult result = simulatePipeline(pipeline);
    return result.ok() ? result.bubbleFraction : std::numeric_limits<double>::quiet_NaN();
}

} // namespace

ParallelismReport parallelismReport(const Scenario& scenario)
{
    ParallelismReport report;
    report.view = View::Parallelism;
    report.layout = layoutParamsFromScenario(scenario);
    report.schedule = scenario.parallel.schedule;
    report.microbatches = microbatchesPerStep(scenario).value_or(0);
    report.nodeLinkBytesPerSecond = scenario.hardware.intraBandwidthBytesPerSecond;
    report.networkBytesPerSecond = scenario.hardware.interBandwidthBytesPerSecond;
    report.heading = "Parallelism (lesson §2), Megatron-LM rank order";
    report.problems = problemsOf(View::Parallelism, scenario);
    if (report.ok()) {
        // The one layout check every view shares: the same scenario is never drawn here and
        // refused there.
        std::vector<ScenarioError> rules = layoutProblems(scenario);
        if (auto problem = checkLayout(report.layout)) {
            rules.push_back(*problem);
        }
        report.problems = problemsOf(View::Parallelism, scenario, std::move(rules));
    }
    if (!report.ok()) {
        return report;
    }
    const auto& p = report.layout;
    const auto& s = report.summary = summarizeLayout(p);
    report.stageLayers = virtualStageLayers({1, 1, p.pp, 1, p.layers, 1}, 0).count();
    report.gpuLayers = virtualStageLayers(p, 0).count() * p.virtualStages;
    report.bubbleFraction = captionBubble(scenario);
    report.heading = "Parallelism (lesson §2), dp × tp × pp = " + text(p.dp) + " × " + text(p.tp) +
                     " × " + text(p.pp) + " = " + text(s.gpus) + " GPUs on " + text(s.nodes) +
                     (s.nodes == 1 ? " node" : " nodes") + " of " + text(p.gpusPerNode) +
                     ", Megatron-LM rank order";

    const auto count = [](std::int64_t value) { return static_cast<double>(value); };
    auto& q = report.quantities;
    q.push_back(quantity("gpus", "GPUs N = dp × tp × pp", count(s.gpus), Unit::Gpus));
    q.push_back(quantity("dp", "data-parallel degree", count(p.dp), Unit::Gpus));
    q.push_back(quantity("tp", "tensor-parallel degree", count(p.tp), Unit::Gpus));
    q.push_back(quantity("pp", "pipeline-parallel degree", count(p.pp), Unit::Gpus));
    q.push_back(quantity("nodes", "nodes", count(s.nodes), Unit::Nodes));
    q.push_back(quantity("gpus_per_node", "GPUs per node", count(p.gpusPerNode), Unit::Gpus));
    q.push_back(quantity("layers", "layers L", count(p.layers), Unit::Number));
    q.push_back(
        quantity("virtual_stages", "chunks per GPU v", count(p.virtualStages), Unit::Number));
    q.push_back(
        quantity("layers_per_stage", "layers per stage", count(report.stageLayers), Unit::Number));
    q.push_back(
        quantity("layers_per_gpu", "layers per GPU", count(report.gpuLayers), Unit::Number));
    q.push_back(quantity("tensor_groups", "tensor groups", count(s.tensor.count), Unit::Number));
    q.push_back(quantity("tensor_groups_crossing", "tensor groups crossing a node",
                         count(s.tensor.crossingNodes), Unit::Number));
    q.push_back(quantity("pipelines", "pipelines", count(s.pipeline.count), Unit::Number));
    q.push_back(
        quantity("pipeline_sends", "stage-to-stage sends", count(s.pipeline.hops), Unit::Number));
    q.push_back(quantity("pipeline_sends_crossing", "sends crossing a node",
                         count(s.pipeline.crossingHops), Unit::Number));
    q.push_back(quantity("data_groups", "data-parallel groups", count(s.data.count), Unit::Number));
    q.push_back(quantity("data_groups_crossing", "data-parallel groups crossing a node",
                         count(s.data.crossingNodes), Unit::Number));
    q.push_back(quantity("bubble_fraction", "pipeline bubble / step", report.bubbleFraction,
                         Unit::Fraction));
    const TrainingReport training = trainingReport(scenario);
    if (training.ok()) {
        const StepTime& t = training.step;
        report.training = ParallelismReport::TrainingCost{t.stepSeconds,
                                                          t.computeSeconds,
                                                          t.tpSeconds,
                                                          t.bubbleSeconds + t.p2pSeconds,
                                                          t.dpSeconds,
                                                          t.microbatches,
                                                          training.memoryPerGpuBytes,
                                                          training.capacityBytes,
                                                          training.fits};
        q.push_back(quantity("training_step_time", "training model: step time", t.stepSeconds,
                             Unit::Seconds));
        q.push_back(quantity("training_memory_per_gpu", "training model: memory per GPU",
                             training.memoryPerGpuBytes, Unit::Bytes));
    } else if (!training.problems.empty()) {
        report.trainingProblem = training.problems.front();
    }
    return report;
}

GpuRole gpuRole(const ParallelismReport& report, std::int64_t rank)
{
    const auto& p = report.layout;
    GpuRole role;
    role.place = coordinatesOf(p, rank);
    role.weightShard = role.place.tp + 1;
    role.batchSlice = role.place.dp + 1;
    role.layers = pipelineRankLayers(p, role.place.pp);
    role.tensorGroup = groupOf(p, GroupKind::Tensor, rank);
    role.pipelineGroup = groupOf(p, GroupKind::Pipeline, rank);
    role.dataGroup = groupOf(p, GroupKind::Data, rank);
    role.tensorGroupCrossesNode = crossesNodes(p, role.tensorGroup);
    role.pipelineGroupCrossesNode = crossesNodes(p, role.pipelineGroup);
    role.dataGroupCrossesNode = crossesNodes(p, role.dataGroup);
    const std::int64_t stride = role.pipelineGroup.stride; // d·t: the same GPU one stage on
    if (role.place.pp + 1 < p.pp) {
        role.activationsTo = rank + stride;
    }
    if (role.place.pp > 0) {
        role.gradientsTo = rank - stride;
    }
    if (p.virtualStages > 1 && p.pp > 1 && role.place.pp == p.pp - 1) {
        role.nextChunkTo = role.pipelineGroup.first;
    }
    return role;
}

std::string layerSpanText(const LayerSpan& span)
{
    if (span.count() <= 0) {
        return "-";
    }
    if (span.first == span.last) {
        return text(span.first);
    }
    return text(span.first) + '-' + text(span.last);
}

std::vector<CsvTable> parallelismCsv(const ParallelismReport& report)
{
    std::vector<CsvTable> tables{csvQuantities(report)};
    if (!report.ok()) {
        return tables;
    }
    const auto& p = report.layout;
    const std::int64_t rows = std::min(report.summary.gpus, kMaxParallelismCsvRows);
    // The diagram: one row per GPU in Megatron-LM's rank order; layers 1-based, one range per
    // chunk. The quantity "gpus" says how many there are when the table stops at the cap.
    CsvTableBuilder gpus("gpus",
                         {"rank", "node", "slot", "dp_index", "tp_index", "pp_index", "layers",
                          "weight_shard", "batch_slice", "tensor_group_crosses_node",
                          "pipeline_group_crosses_node", "data_group_crosses_node"});
    for (std::int64_t rank = 0; rank < rows; ++rank) {
        const GpuRole role = gpuRole(report, rank);
        const auto& c = role.place;
        std::string layers;
        for (const auto& span : role.layers) {
            layers += (layers.empty() ? "" : ";") + layerSpanText(span);
        }
        const auto flag = [](bool value) { return value ? "1" : "0"; };
        gpus.row({text(rank), text(c.node), text(c.slot), text(c.dp), text(c.tp), text(c.pp),
                  layers, text(role.weightShard) + '/' + text(p.tp),
                  text(role.batchSlice) + '/' + text(p.dp), flag(role.tensorGroupCrossesNode),
                  flag(role.pipelineGroupCrossesNode), flag(role.dataGroupCrossesNode)});
    }
    tables.push_back(gpus.table());
    return tables;
}

} // namespace simcore
