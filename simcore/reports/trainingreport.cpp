#include "simcore/reports/trainingreport.h"

#include "simcore/models/memory.h"
#include "simcore/scenario/catalogue.h"

#include <algorithm>
#include <cmath>

namespace simcore {

TrainingReport trainingReport(const Scenario& scenario)
{
    TrainingReport report;
    report.view = View::Scaling; // the Physical model of the Scaling view, priced per layout
    // The keys it reads: every model, train, parallel, hardware and memory key but the Pipeline
    // view's own pass times (here the times follow from the FLOPs).
    for (auto& problem : validate(scenario)) {
        const std::string& key = problem.key;
        const bool pipelineViewOnly =
            key == "parallel.forward_time" || key == "parallel.backward_time" ||
            key == "parallel.weight_grad_time" || key == "parallel.p2p_time";
        const bool reads =
            !pipelineViewOnly && (key.starts_with("model.") || key.starts_with("train.") ||
                                  key.starts_with("parallel.") || key.starts_with("hardware.") ||
                                  key.starts_with("memory."));
        if (reads) {
            report.problems.push_back(std::move(problem));
        }
    }
    const MemoryOptions options = memoryOptionsFromScenario(scenario);
    for (auto& problem : validateMemory(scenario, options)) {
        if (std::find(report.problems.begin(), report.problems.end(), problem) ==
            report.problems.end()) {
            report.problems.push_back(std::move(problem));
        }
    }
    for (auto& problem : layoutProblems(scenario)) {
        if (std::find(report.problems.begin(), report.problems.end(), problem) ==
            report.problems.end()) {
            report.problems.push_back(std::move(problem));
        }
    }
    const auto params = stepTimeParamsFromScenario(scenario);
    if (!report.problems.empty() || !params) {
        return report;
    }
    report.params = *params;
    report.step = evaluateStepTime(*params);
    const StepTime& s = report.step;

    // Memory of the same layout from the one memory model, as the Memory view prices it.
    const MemoryBreakdown memory = evaluateMemory(layoutMemoryScenario(scenario), options);
    const GpuSpec* gpu = findGpu(scenario.hardware.gpu);
    report.memoryPerGpuBytes = memory.totalBytes;
    report.capacityBytes = gpu ? gpu->memoryBytes : 0;
    report.fits = memory.totalBytes <= report.capacityBytes;

    const auto& p = report.params;
    const double gpus = static_cast<double>(p.dp * p.tp * p.pp * p.cp);
    const double tokensPerStep = p.globalBatch * p.seqLen;
    report.tokensPerSecond = tokensPerStep / s.stepSeconds;
    const double modelRate = s.modelFlops / (s.stepSeconds * gpus);
    const double hardwareRate = s.hardwareFlops / (s.stepSeconds * gpus);
    const double runSeconds = scenario.train.tokens > 0
                                  ? scenario.train.tokens / report.tokensPerSecond
                                  : static_cast<double>(scenario.train.steps) * s.stepSeconds;
    report.days = runSeconds / 86400.0;

    report.heading = "Training step, " + std::to_string(p.dp) + " x " + std::to_string(p.tp) +
                     " x " + std::to_string(p.pp) + " x " + std::to_string(p.cp) +
                     " (dp x tp x pp x cp) on " + scenario.hardware.gpu +
                     " (Narayanan et al. 2021; Korthikanti et al. 2022)";
    auto& q = report.quantities;
    q.push_back(quantity("step_time", "step time", s.stepSeconds, Unit::Seconds));
    q.push_back(quantity("compute", "compute (no bubble)", s.computeSeconds, Unit::Seconds));
    q.push_back(quantity("memory_bound", "of which memory-bound element-wise work",
                         s.memoryBoundSeconds, Unit::Seconds));
    q.push_back(quantity("tp_comm", "tensor-parallel communication", s.tpSeconds, Unit::Seconds));
    q.push_back(quantity("pp_bubble", "pipeline bubble", s.bubbleSeconds, Unit::Seconds));
    q.push_back(quantity("pp_p2p", "pipeline sends", s.p2pSeconds, Unit::Seconds));
    q.push_back(
        quantity("dp_comm", "data-parallel reduction, exposed", s.dpSeconds, Unit::Seconds));
    q.push_back(quantity("zero_gather", "ZeRO-3 parameter gathers, exposed", s.zeroGatherSeconds,
                         Unit::Seconds));
    q.push_back(
        quantity("cp_comm", "context-parallel K/V exchange, exposed", s.cpSeconds, Unit::Seconds));
    q.push_back(quantity("optimizer_step", "optimizer step", s.optimizerSeconds, Unit::Seconds));
    q.push_back(quantity("dp_comm_total", "data-parallel reduction, whole", s.dpTotalSeconds,
                         Unit::Seconds));
    q.push_back(quantity("microbatches", "micro-batches m = B/(b x dp)", s.microbatches,
                         Unit::Microbatches));
    q.push_back(quantity("gpus", "GPUs (dp x tp x pp x cp)", gpus, Unit::Gpus));
    q.push_back(quantity("tokens_per_second", "throughput, tokens/s", report.tokensPerSecond,
                         Unit::Number));
    q.push_back(quantity("model_flops", "model FLOPs per step", s.modelFlops, Unit::Flops));
    q.push_back(
        quantity("hardware_flops", "hardware FLOPs per step", s.hardwareFlops, Unit::Flops));
    q.push_back(
        quantity("model_tflops_per_gpu", "model TFLOP/s per GPU", modelRate / 1e12, Unit::Number));
    q.push_back(quantity("hardware_tflops_per_gpu", "hardware TFLOP/s per GPU", hardwareRate / 1e12,
                         Unit::Number));
    q.push_back(quantity("mfu", "model FLOPs utilisation", modelRate / p.peakFlopsPerSecond,
                         Unit::Fraction));
    q.push_back(quantity("hfu", "hardware FLOPs utilisation", hardwareRate / p.peakFlopsPerSecond,
                         Unit::Fraction));
    q.push_back(
        quantity("efficiency", "matmul efficiency (calibrated)", p.efficiency, Unit::Fraction));
    q.push_back(
        quantity("memory_per_gpu", "memory per GPU", report.memoryPerGpuBytes, Unit::Bytes));
    q.push_back(quantity("capacity", "GPU memory", report.capacityBytes, Unit::Bytes));
    q.push_back(quantity("fits", "fits", report.fits ? 1.0 : 0.0, Unit::Boolean));
    q.push_back(quantity("days", "training time, days", report.days, Unit::Number));
    return report;
}

} // namespace simcore
