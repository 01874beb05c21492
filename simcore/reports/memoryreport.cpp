#include "simcore/reports/memoryreport.h"

#include <algorithm>
#include <string_view>

namespace simcore {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

/// The lesson seed's two cards: a 24 GB consumer GPU and an 80 GB data-centre GPU.
constexpr std::string_view kReferenceGpus[] = {"rtx4090", "h100-sxm"};

std::vector<const GpuSpec*> capacityGpus(const GpuSpec& chosen)
{
    std::vector<const GpuSpec*> gpus;
    for (const auto id : kReferenceGpus) {
        if (const GpuSpec* gpu = findGpu(id)) {
            // The chosen GPU replaces a reference of the same capacity (A100 80GB for H100's).
            gpus.push_back(gpu->memoryBytes == chosen.memoryBytes ? &chosen : gpu);
        }
    }
    if (std::find(gpus.begin(), gpus.end(), &chosen) == gpus.end()) {
        gpus.push_back(&chosen);
    }
    std::sort(gpus.begin(), gpus.end(),
              [](const GpuSpec* a, const GpuSpec* b) { return a->memoryBytes < b->memoryBytes; });
    gpus.erase(std::unique(gpus.begin(), gpus.end()), gpus.end());
    return gpus;
}

} // namespace

std::string zeroStageName(std::int64_t zero)
{
    switch (zero) {
    case 0:
        return "DDP (ZeRO-0)";
    case 1:
        return "ZeRO-1";
    case 2:
        return "ZeRO-2";
    default:
        return "ZeRO-3 / FSDP";
    }
}

MemoryReport memoryReport(const Scenario& scenario)
{
    MemoryReport report;
    report.view = View::Memory;
    const MemoryOptions options = memoryOptionsFromScenario(scenario);
    report.problems = problemsOf(View::Memory, scenario, validateMemory(scenario, options));
    report.gpu = findGpu(scenario.hardware.gpu);
    if (!report.gpu && report.ok()) { // validate() names an unknown id; kept as a guard
        report.problems.push_back({ScenarioError::Kind::NotAChoice,
                                   "hardware.gpu",
                                   scenario.hardware.gpu,
                                   findKey("hardware.gpu")->allowedText(),
                                   {}});
    }
    if (!report.ok()) {
        return report;
    }
    const auto& p = scenario.parallel;
    report.selectedStage = p.zero; // 0 … 3: validate() refuses any other (a problem above)
    report.dp = p.dp;
    report.tp = p.tp;
    report.pp = p.pp;
    report.cp = p.cp;
    report.gpus = p.dp * p.tp * p.pp * p.cp; // validateMemory rules out an overflow
    report.bytesPerParameter =
        bytesPerParameter(scenario.train.precision, scenario.train.optimizer);
    report.precision = scenario.train.precision;
    report.optimizer = scenario.train.optimizer;
    report.capacityGpus = capacityGpus(*report.gpu);
    // The layout as the training model prices it: s/cp tokens, m = B/(b·dp) micro-batches.
    Scenario trial = layoutMemoryScenario(scenario);
    for (std::int64_t zero = 0; zero < MemoryReport::kStages; ++zero) {
        trial.parallel.zero = zero;
        auto& stage = report.stages[static_cast<std::size_t>(zero)];
        stage.zero = zero;
        stage.memory = evaluateMemory(trial, options);
        stage.verdict = memoryVerdict(trial, *report.gpu, options);
        stage.excessBytes = std::max(0.0, -stage.verdict.headroomBytes);
    }
    report.activationsBound = report.stages.back().verdict.minGpus == 0;

    const auto& stage = report.selected();
    const auto& m = stage.memory;
    const auto& v = stage.verdict;
    report.heading =
        "Memory per GPU (seed lesson §1, ZeRO paper §5): " + zeroStageName(report.selectedStage) +
        ", dp " + std::to_string(p.dp) + " x tp " + std::to_string(p.tp) + " x pp " +
        std::to_string(p.pp) + (p.cp > 1 ? " x cp " + std::to_string(p.cp) : std::string()) + ", " +
        std::string(report.gpu->displayName);
    auto& q = report.quantities;
    q.push_back(quantity("params", "parameters", m.parameters, Unit::Parameters));
    q.push_back(quantity("params_per_gpu", "parameters per GPU (tp x pp shard)", m.parametersPerGpu,
                         Unit::Parameters));
    q.push_back(
        quantity("zero", "ZeRO stage", static_cast<double>(report.selectedStage), Unit::Number));
    q.push_back(quantity("dp", "data parallel dp", static_cast<double>(p.dp), Unit::Gpus));
    q.push_back(quantity("tp", "tensor parallel tp", static_cast<double>(p.tp), Unit::Gpus));
    q.push_back(quantity("pp", "pipeline stages pp", static_cast<double>(p.pp), Unit::Gpus));
    q.push_back(quantity("cp", "context parallel cp", static_cast<double>(p.cp), Unit::Gpus));
    q.push_back(
        quantity("gpus", "GPUs (dp x tp x pp x cp)", static_cast<double>(report.gpus), Unit::Gpus));
    q.push_back(quantity("weights", "weights", m.weightsBytes, Unit::Bytes));
    q.push_back(quantity("gradients", "gradients", m.gradientsBytes, Unit::Bytes));
    q.push_back(quantity("optimizer", "optimizer state", m.optimizerBytes, Unit::Bytes));
    q.push_back(quantity("model_states", "model states (weights + gradients + optimizer)",
                         m.modelStatesBytes(), Unit::Bytes));
    q.push_back(quantity("activations", "activations", m.activationsBytes, Unit::Bytes));
    q.push_back(quantity("buffers", "buffers", m.buffersBytes, Unit::Bytes));
    q.push_back(quantity("total", "total per GPU", m.totalBytes, Unit::Bytes));
    q.push_back(quantity("total_gib", "total per GPU in GiB (2^30 bytes)", m.totalBytes / kGiB,
                         Unit::Number));
    q.push_back(wordQuantity("gpu", "GPU", std::string(report.gpu->id)));
    q.push_back(quantity("capacity", "GPU memory", v.capacityBytes, Unit::Bytes));
    q.push_back(quantity("headroom", "headroom", v.headroomBytes, Unit::Bytes));
    q.push_back(quantity("excess", "beyond the GPU's memory", stage.excessBytes, Unit::Bytes));
    q.push_back(quantity("fits", "fits", v.fits ? 1 : 0, Unit::Boolean));
    q.push_back(quantity("min_dp", "fewest dp that fit (0 = never)",
                         static_cast<double>(v.minDataParallel), Unit::Gpus));
    q.push_back(quantity("min_gpus", "fewest GPUs that fit (0 = never)",
                         static_cast<double>(v.minGpus), Unit::Gpus));
    List stages;
    for (const auto& each : report.stages) {
        stages.push_back(Record{{"zero", static_cast<double>(each.zero)},
                                {"total", each.memory.totalBytes},
                                {"fits", each.verdict.fits},
                                {"min_gpus", static_cast<double>(each.verdict.minGpus)}});
    }
    const auto& bytes = report.bytesPerParameter;
    report.details = {{"bytes_per_param", Record{{"weights", bytes.weights},
                                                 {"gradients", bytes.gradients},
                                                 {"optimizer", bytes.optimizer}}},
                      {"stages", std::move(stages)}};
    return report;
}

std::vector<CsvTable> memoryCsv(const MemoryReport& report)
{
    std::vector<CsvTable> tables{csvQuantities(report)};
    if (!report.ok()) {
        return tables;
    }
    // What one GPU holds under each ZeRO stage (bytes; GB = 1e9, GiB = 2^30).
    CsvTableBuilder stages("zero_stages",
                           {"stage", "name", "selected", "parameters", "weights_bytes",
                            "gradients_bytes", "optimizer_bytes", "activations_bytes",
                            "buffers_bytes", "total_bytes", "total_gib", "gpu", "capacity_bytes",
                            "fits", "headroom_bytes", "min_gpus"});
    for (const auto& stage : report.stages) {
        const auto& m = stage.memory;
        const auto& v = stage.verdict;
        stages.row(
            {std::to_string(stage.zero), csvField(zeroStageName(stage.zero)),
             stage.zero == report.selectedStage ? "1" : "0", csvNumber(m.parameters),
             csvNumber(m.weightsBytes), csvNumber(m.gradientsBytes), csvNumber(m.optimizerBytes),
             csvNumber(m.activationsBytes), csvNumber(m.buffersBytes), csvNumber(m.totalBytes),
             csvNumber(m.totalBytes / kGiB), csvField(report.gpu->id), csvNumber(v.capacityBytes),
             v.fits ? "1" : "0", csvNumber(v.headroomBytes), std::to_string(v.minGpus)});
    }
    tables.push_back(stages.table());
    return tables;
}

} // namespace simcore
