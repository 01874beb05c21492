#pragma once
// The training view's report: the training model's step, memory and time to train for one
// layout, as the quantities `dtsim calc training` prints and the Scaling panel's Physical model
// reads.

#include "simcore/models/training.h"
#include "simcore/reports/report.h"

namespace simcore {

struct TrainingReport : Report {
    StepTimeParams params;
    StepTime step;
    double memoryPerGpuBytes = 0;
    double capacityBytes = 0;
    bool fits = false;
    double tokensPerSecond = 0;
    double days = 0; ///< train.tokens (or train.steps) at this step time
};

/// The training view: quantities step_time, compute, memory_bound, tp_comm, pp_bubble, pp_p2p,
/// dp_comm, zero_gather, cp_comm, optimizer_step (exposed, s), dp_comm_total, microbatches,
/// tokens_per_second, model_flops, hardware_flops, model_tflops_per_gpu,
/// hardware_tflops_per_gpu, mfu, hfu, efficiency, memory_per_gpu, capacity, fits, gpus, days.
/// Problems: validate()'s (for the keys it reads), validateMemory()'s and
/// layoutProblems. Memory is memory.h's evaluateMemory of the same layout with
/// parallel.microbatches = m.
TrainingReport trainingReport(const Scenario& scenario);

} // namespace simcore
