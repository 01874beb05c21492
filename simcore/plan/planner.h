#pragma once
// The planner (SPEC §7 Plan): for a model, hardware.gpus GPUs and a global batch, every
// dp × tp × pp × cp layout with its micro-batch, pipeline schedule, recomputation, ZeRO stage and
// sequence parallelism that the training model (training.h) can price, each priced with the
// same functions `calc training` uses, ranked by the time to train train.tokens, with the run's
// cost (cost.h). Plain C++20, no Qt; deterministic.
//
// The rules a layout must satisfy are layoutProblems' and validateMemory's: tp divides
// model.heads and model.hidden (and stays inside a node unless plan.tp_across_nodes), pp·v
// divides model.layers, cp (cp·tp with sequence parallelism) divides model.seq_len, dp·tp·pp·cp =
// hardware.gpus, b·dp divides train.global_batch, m = B/(b·dp) meets the schedule's rule
// (scheduleTakesMicrobatches). Memory is memory.h's evaluateMemory of the same layout, as
// trainingReport computes it: the schedule's activations in flight and DualPipe's two copies of
// the parameters.
//
// Schedules: gpipe, 1f1b, interleaved (v = every chunk count dividing L/p), zb-h1, zb-h2 and
// dualpipe, each priced by the training model's bubble for it.
//
// Pruning, exact: for one (tp, pp, cp, b, schedule, v) the least memory any of its variants
// needs is that of full recomputation, ZeRO-3 and sequence parallelism where allowed (memory
// never grows as recomputation or the ZeRO stage goes up or sequence parallelism is switched on);
// when that does not fit, none of its variants is priced. Within a frame the ZeRO stages are
// tried from 3 down: the first that does not fit ends the lower ones, which hold more.

#include "simcore/plan/cost.h"
#include "simcore/reports/report.h"
#include "simcore/reports/trainingreport.h"
#include "simcore/scenario/scenario.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace simcore {

/// One layout and its price.
struct PlanLayout {
    std::int64_t dp = 1;
    std::int64_t tp = 1;
    std::int64_t pp = 1;
    std::int64_t cp = 1;
    std::int64_t microBatch = 1;   ///< b, sequences
    std::int64_t microbatches = 1; ///< m = B/(b·dp)
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    std::int64_t virtualStages = 1; ///< v (interleaved only, else 1)
    Recompute recompute = Recompute::None;
    std::int64_t zero = 0;
    bool sequenceParallel = false;

    StepTime step;
    double memoryPerGpuBytes = 0;
    bool fits = false;
    double tokensPerSecond = 0;
    double mfu = 0;
    double days = 0;
    RunCost cost;

    friend bool operator==(const PlanLayout& a, const PlanLayout& b)
    {
        return a.dp == b.dp && a.tp == b.tp && a.pp == b.pp && a.cp == b.cp &&
               a.microBatch == b.microBatch && a.schedule == b.schedule &&
               a.virtualStages == b.virtualStages && a.recompute == b.recompute &&
               a.zero == b.zero && a.sequenceParallel == b.sequenceParallel;
    }
};

/// Why a tp × pp cell of the map holds no layout that fits.
enum class PlanCellStatus {
    Fits,              ///< at least one layout fits: bestTokensPerSecond
    TpAcrossNodes,     ///< tp > hardware.gpus_per_node and plan.tp_across_nodes is off
    TpNotDivisor,      ///< tp divides neither model.heads nor model.hidden
    PpNotDivisor,      ///< pp does not divide model.layers
    GpusNotDivisible,  ///< tp·pp does not divide hardware.gpus
    BatchNotDivisible, ///< no cp gives a dp whose multiple b·dp divides train.global_batch
    OutOfMemory,       ///< every layout needs more than the GPU's memory (leastMemoryBytes)
};

struct PlanCell {
    std::int64_t tp = 1;
    std::int64_t pp = 1;
    PlanCellStatus status = PlanCellStatus::Fits;
    double bestTokensPerSecond = 0; ///< Fits: the fastest fitting layout's throughput
    double bestStepSeconds = 0;
    std::int64_t bestIndex = -1; ///< Fits: its index in PlanReport::layouts
    double leastMemoryBytes = 0; ///< OutOfMemory: the least any of the cell's layouts needs
};

/// What the planner may try beyond the scenario.
struct PlanOptions {
    std::int64_t maxMicroBatch = 16;      ///< b ≤ this
    std::int64_t maxContextParallel = 64; ///< cp ≤ this
};

struct PlanReport : Report {
    /// The layouts that fit, fastest first (ties: less memory first, then by degrees).
    std::vector<PlanLayout> layouts;
    std::int64_t evaluated = 0; ///< layouts considered (every valid combination)
    std::int64_t priced = 0;    ///< of those, the ones priced (the rest pruned by memory)
    std::int64_t fitting = 0;   ///< layouts.size()
    /// The map: tpAxis × ppAxis cells, row by row (tp rows, pp columns).
    std::vector<std::int64_t> tpAxis;
    std::vector<std::int64_t> ppAxis;
    std::vector<PlanCell> map;
    /// Indices into layouts of the Pareto front of step time vs memory per GPU, fastest first.
    std::vector<std::size_t> pareto;
    double capacityBytes = 0;
    double gpuPowerWatts = 0;
    std::string gpuPowerSource;

    [[nodiscard]] const PlanCell* cell(std::int64_t tp, std::int64_t pp) const;
};

/// Every layout of the scenario's model on hardware.gpus GPUs (see the header comment; when
/// hardware.gpus is 0, on the current layout's dp·tp·pp·cp). Problems (nothing priced):
/// problemsOf(View::Plan) — validate()'s for the keys the plan reads (viewKeys) — and an
/// unknown GPU.
/// Quantities: the best layout's (step_time, tokens_per_second, mfu, memory_per_gpu, days,
/// gpu_hours, cost, energy_kwh, co2_kg, dp, tp, pp, cp, micro_batch, virtual_stages, zero),
/// evaluated, fitting.
PlanReport planTraining(const Scenario& scenario, const PlanOptions& options = {});

/// The scenario with `layout` applied: parallel.dp/tp/pp/cp/zero/schedule/virtual_stages,
/// train.micro_batch (m = B/(b·dp) follows), train.recompute, memory.sequence_parallel. Given to
/// trainingReport it prices exactly the layout's step.
Scenario withLayout(const Scenario& scenario, const PlanLayout& layout);

/// The "key=value" assignments withLayout makes, in `dtsim keys` order (for --set and undo).
std::vector<std::pair<std::string, std::string>> layoutAssignments(const PlanLayout& layout);

/// One layout's numbers as quantities: the one list of names that `dtsim plan --json` writes for
/// each layout and the plan CSV's columns are (a column adds the unit: step_time_s,
/// memory_per_gpu_bytes). dp, tp, pp, cp, micro_batch, microbatches, schedule, virtual_stages,
/// recompute, zero, sequence_parallel, step_time and its terms (compute, tp_comm, pp_bubble,
/// pp_p2p, dp_comm, zero_gather, cp_comm, optimizer_step), memory_per_gpu, fits,
/// tokens_per_second, mfu, days, gpu_hours, cost (USD), energy_kwh, co2_kg.
std::vector<Quantity> planLayoutQuantities(const PlanLayout& layout);

/// What `dtsim plan --json` writes beside the best layout's quantities: the search's `seconds`,
/// priced, capacity, gpu_power_source, the `top` fastest layouts (each its planLayoutQuantities
/// by id), the tp × pp map [{tp, pp, status, then tokens_per_second, step_time and rank (from
/// 1), or least_memory_per_gpu}] and the Pareto front's ranks.
Record planDetails(const PlanReport& report, double seconds, std::size_t top);

/// The plan as CSV: the quantities; "layouts", the fitting layouts fastest first with every term
/// of their step (SI units; `pareto` = 1 on the front); "map", the tp × pp map with each cell's
/// status id (planCellStatusId).
std::vector<CsvTable> planCsv(const PlanReport& report);

/// "fits", "tp_across_nodes", "tp_not_divisor_of_heads", "pp_not_divisor_of_layers",
/// "gpus_not_divisible", "batch_not_divisible", "out_of_memory".
std::string_view planCellStatusId(PlanCellStatus status);

/// "gpipe", "1f1b", "interleaved", "zb-h1", "zb-h2", "dualpipe"; "none", "selective", "full"
/// (the scenario's words).
std::string scheduleWord(PipelineSchedule schedule);
std::string recomputeWord(Recompute recompute);

} // namespace simcore
