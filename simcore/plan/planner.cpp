#include "simcore/plan/planner.h"

#include "simcore/models/memory.h"
#include "simcore/scenario/catalogue.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace simcore {

namespace {

constexpr std::array<PipelineSchedule, 6> kPipelineSchedules{
    PipelineSchedule::GPipe,        PipelineSchedule::OneFOneB,     PipelineSchedule::Interleaved,
    PipelineSchedule::ZeroBubbleH1, PipelineSchedule::ZeroBubbleH2, PipelineSchedule::DualPipe};
constexpr std::array<Recompute, 3> kRecomputes{Recompute::None, Recompute::Selective,
                                               Recompute::Full};

// The largest m the planner tries (a step of more than 100,000 micro-batches per replica is
// no layout anyone runs) and parallel.virtual_stages' range (a layout outside it could not be
// written back to the scenario).
constexpr std::int64_t kMostMicrobatches = 100000;
constexpr std::int64_t kMostVirtualStages = 128;

double toDouble(std::int64_t n)
{
    return static_cast<double>(n);
}

std::vector<std::int64_t> divisors(std::int64_t n, std::int64_t limit)
{
    std::vector<std::int64_t> result;
    for (std::int64_t d = 1; d <= std::min(n, limit); ++d) {
        if (n % d == 0) {
            result.push_back(d);
        }
    }
    return result;
}

bool isPowerOfTwo(std::int64_t n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

/// The structural part of a layout: everything but recomputation, ZeRO and sequence parallelism.
struct Frame {
    std::int64_t tp = 1;
    std::int64_t pp = 1;
    std::int64_t cp = 1;
    std::int64_t dp = 1;
    std::int64_t microBatch = 1;
    std::int64_t microbatches = 1;
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    std::int64_t virtualStages = 1;
};

/// Evaluates layouts of one scenario in place: two scenarios reused for every layout (no copy,
/// no allocation per layout), set as trainingReport sets them.
class LayoutPricer {
public:
    explicit LayoutPricer(const Scenario& scenario)
        : m_step(scenario), m_memory(scenario), m_seqLen(scenario.model.seqLen)
    {
        m_memory.model.params = effectiveParameters(scenario.model);
        const GpuSpec* gpu = findGpu(scenario.hardware.gpu);
        m_capacity = gpu ? gpu->memoryBytes : 0;
        m_gpus = toDouble(scenario.hardware.gpus);
        m_power = gpuPowerWatts(scenario);
    }

    void setFrame(const Frame& frame)
    {
        for (Scenario* s : {&m_step, &m_memory}) {
            s->parallel.dp = frame.dp;
            s->parallel.tp = frame.tp;
            s->parallel.pp = frame.pp;
            s->parallel.cp = frame.cp;
            s->parallel.schedule = frame.schedule;
            s->parallel.virtualStages = frame.virtualStages;
            s->train.microBatch = frame.microBatch;
        }
        m_memory.model.seqLen = m_seqLen / frame.cp;
        // The activations in flight depend only on the schedule's p, m and v (the layer count
        // is the model's), and the split schedules count them along an O(m) order: once each.
        const auto key = std::make_tuple(static_cast<int>(frame.schedule), frame.pp,
                                         frame.microbatches, frame.virtualStages);
        auto known = m_inFlightOf.find(key);
        if (known == m_inFlightOf.end()) {
            known = m_inFlightOf
                        .emplace(key, inFlightActivations(m_memory.model, m_memory.parallel,
                                                          frame.microbatches))
                        .first;
        }
        m_inFlight = known->second;
    }

    void setVariant(Recompute recompute, std::int64_t zero, bool sequenceParallel)
    {
        for (Scenario* s : {&m_step, &m_memory}) {
            s->train.recompute = recompute;
            s->parallel.zero = zero;
            s->memory.sequenceParallel = sequenceParallel;
        }
    }

    [[nodiscard]] double memoryBytes() const
    {
        return evaluateMemory(m_memory, memoryOptionsFromScenario(m_step), m_inFlight).totalBytes;
    }

    [[nodiscard]] bool fits(double bytes) const { return bytes <= m_capacity; }

    /// The layout as trainingReport prices it.
    [[nodiscard]] PlanLayout price(double memoryBytes) const
    {
        PlanLayout layout;
        const auto& parallel = m_step.parallel;
        layout.dp = parallel.dp;
        layout.tp = parallel.tp;
        layout.pp = parallel.pp;
        layout.cp = parallel.cp;
        layout.microBatch = m_step.train.microBatch;
        layout.microbatches = microbatchesPerStep(m_step).value_or(0);
        layout.schedule = parallel.schedule;
        layout.virtualStages = parallel.virtualStages;
        layout.recompute = m_step.train.recompute;
        layout.zero = parallel.zero;
        layout.sequenceParallel = m_step.memory.sequenceParallel;
        const auto params = stepTimeParamsFromScenario(m_step);
        if (!params) {
            return layout;
        }
        layout.step = evaluateStepTime(*params);
        layout.memoryPerGpuBytes = memoryBytes;
        layout.fits = fits(memoryBytes);
        const double stepSeconds = layout.step.stepSeconds;
        layout.tokensPerSecond = params->globalBatch * params->seqLen / stepSeconds;
        layout.mfu = layout.step.modelFlops / (stepSeconds * m_gpus) / params->peakFlopsPerSecond;
        const double runSeconds = m_step.train.tokens > 0
                                      ? m_step.train.tokens / layout.tokensPerSecond
                                      : toDouble(m_step.train.steps) * stepSeconds;
        layout.days = runSeconds / 86400.0;
        layout.cost = runCost(layout.days, m_gpus, m_step.cost, m_power);
        return layout;
    }

    [[nodiscard]] double capacity() const { return m_capacity; }

private:
    Scenario m_step;   ///< the layout as calc training reads it
    Scenario m_memory; ///< the same with trainingReport's memory adjustments (s/cp, Ψ, m)
    std::int64_t m_seqLen;
    InFlightActivations m_inFlight; ///< the frame's: the same for all its variants
    std::map<std::tuple<int, std::int64_t, std::int64_t, std::int64_t>, InFlightActivations>
        m_inFlightOf;
    double m_capacity = 0;
    double m_gpus = 0;
    double m_power = 0;
};

bool rankedBefore(const PlanLayout& a, const PlanLayout& b)
{
    if (a.step.stepSeconds != b.step.stepSeconds) {
        return a.step.stepSeconds < b.step.stepSeconds;
    }
    if (a.memoryPerGpuBytes != b.memoryPerGpuBytes) {
        return a.memoryPerGpuBytes < b.memoryPerGpuBytes;
    }
    const auto key = [](const PlanLayout& l) {
        return std::make_tuple(l.tp, l.pp, l.cp, l.dp, l.microBatch, static_cast<int>(l.schedule),
                               l.virtualStages, static_cast<int>(l.recompute), l.zero,
                               l.sequenceParallel);
    };
    return key(a) < key(b);
}

} // namespace

const PlanCell* PlanReport::cell(std::int64_t tp, std::int64_t pp) const
{
    for (const auto& c : map) {
        if (c.tp == tp && c.pp == pp) {
            return &c;
        }
    }
    return nullptr;
}

std::string_view planCellStatusId(PlanCellStatus status)
{
    switch (status) {
    case PlanCellStatus::Fits:
        return "fits";
    case PlanCellStatus::TpAcrossNodes:
        return "tp_across_nodes";
    case PlanCellStatus::TpNotDivisor:
        return "tp_not_divisor_of_heads";
    case PlanCellStatus::PpNotDivisor:
        return "pp_not_divisor_of_layers";
    case PlanCellStatus::GpusNotDivisible:
        return "gpus_not_divisible";
    case PlanCellStatus::BatchNotDivisible:
        return "batch_not_divisible";
    case PlanCellStatus::OutOfMemory:
        return "out_of_memory";
    }
    return "";
}

std::vector<Quantity> planLayoutQuantities(const PlanLayout& l)
{
    const auto n = [](std::int64_t value) { return static_cast<double>(value); };
    const auto& s = l.step;
    return {
        quantity("dp", "data-parallel degree", n(l.dp), Unit::Gpus),
        quantity("tp", "tensor-parallel degree", n(l.tp), Unit::Gpus),
        quantity("pp", "pipeline-parallel degree", n(l.pp), Unit::Gpus),
        quantity("cp", "context-parallel degree", n(l.cp), Unit::Gpus),
        quantity("micro_batch", "micro-batch b", n(l.microBatch), Unit::Number),
        quantity("microbatches", "micro-batches m", n(l.microbatches), Unit::Microbatches),
        wordQuantity("schedule", "schedule", scheduleWord(l.schedule)),
        quantity("virtual_stages", "virtual stages v", n(l.virtualStages), Unit::Number),
        wordQuantity("recompute", "recomputation", recomputeWord(l.recompute)),
        quantity("zero", "ZeRO stage", n(l.zero), Unit::Number),
        quantity("sequence_parallel", "sequence parallelism", l.sequenceParallel ? 1.0 : 0.0,
                 Unit::Boolean),
        quantity("step_time", "step time", s.stepSeconds, Unit::Seconds),
        quantity("compute", "compute", s.computeSeconds, Unit::Seconds),
        quantity("tp_comm", "tensor-parallel communication", s.tpSeconds, Unit::Seconds),
        quantity("pp_bubble", "pipeline bubble", s.bubbleSeconds, Unit::Seconds),
        quantity("pp_p2p", "pipeline sends", s.p2pSeconds, Unit::Seconds),
        quantity("dp_comm", "data-parallel reduction, exposed", s.dpSeconds, Unit::Seconds),
        quantity("zero_gather", "ZeRO-3 gathers, exposed", s.zeroGatherSeconds, Unit::Seconds),
        quantity("cp_comm", "context-parallel exchange", s.cpSeconds, Unit::Seconds),
        quantity("optimizer_step", "optimizer step", s.optimizerSeconds, Unit::Seconds),
        quantity("memory_per_gpu", "memory per GPU", l.memoryPerGpuBytes, Unit::Bytes),
        quantity("fits", "fits in memory", l.fits ? 1.0 : 0.0, Unit::Boolean),
        quantity("tokens_per_second", "throughput, tokens/s", l.tokensPerSecond, Unit::Number),
        quantity("mfu", "model FLOPs utilisation", l.mfu, Unit::Fraction),
        quantity("days", "training time, days", l.days, Unit::Number),
        quantity("gpu_hours", "GPU-hours", l.cost.gpuHours, Unit::Number),
        quantity("cost", "cost, USD", l.cost.dollars, Unit::Number),
        quantity("energy_kwh", "energy, kWh", l.cost.energyKwh, Unit::Number),
        quantity("co2_kg", "CO2, kg", l.cost.co2Kg, Unit::Number),
    };
}

namespace {

/// A CSV column's name: the quantity's id, with the unit where it is seconds or bytes.
std::string csvColumn(const Quantity& q)
{
    const std::string id(q.id);
    switch (q.unit) {
    case Unit::Seconds:
        return id + "_s";
    case Unit::Bytes:
        return id + "_bytes";
    default:
        return id;
    }
}

std::string csvCell(const Quantity& q)
{
    return q.unit == Unit::Word ? csvField(q.word) : csvNumber(q.value);
}

} // namespace

std::vector<CsvTable> planCsv(const PlanReport& report)
{
    std::vector<CsvTable> tables{csvQuantities(report)};
    std::vector<std::string> header{"rank"};
    for (const auto& q : planLayoutQuantities(PlanLayout{})) {
        header.push_back(csvColumn(q));
    }
    header.emplace_back("pareto");
    CsvTableBuilder layouts("layouts", header);
    std::size_t front = 0;
    for (std::size_t i = 0; i < report.layouts.size(); ++i) {
        const bool onFront = front < report.pareto.size() && report.pareto[front] == i;
        front += onFront ? 1 : 0;
        std::vector<std::string> fields{std::to_string(i + 1)};
        for (const auto& q : planLayoutQuantities(report.layouts[i])) {
            fields.push_back(csvCell(q));
        }
        fields.emplace_back(onFront ? "1" : "0");
        layouts.row(std::move(fields));
    }
    tables.push_back(layouts.table());
    CsvTableBuilder map("map", {"tp", "pp", "status", "best_tokens_per_second", "best_step_time_s",
                                "least_memory_per_gpu_bytes"});
    for (const auto& cell : report.map) {
        const bool fits = cell.status == PlanCellStatus::Fits;
        const bool memory = cell.status == PlanCellStatus::OutOfMemory;
        map.row({std::to_string(cell.tp), std::to_string(cell.pp),
                 csvField(planCellStatusId(cell.status)),
                 fits ? csvNumber(cell.bestTokensPerSecond) : std::string(),
                 fits ? csvNumber(cell.bestStepSeconds) : std::string(),
                 memory ? csvNumber(cell.leastMemoryBytes) : std::string()});
    }
    tables.push_back(map.table());
    return tables;
}

std::string scheduleWord(PipelineSchedule schedule)
{
    const KeyInfo* key = findKey("parallel.schedule");
    return std::string(key->choices[static_cast<std::size_t>(schedule)]);
}

std::string recomputeWord(Recompute recompute)
{
    const KeyInfo* key = findKey("train.recompute");
    return std::string(key->choices[static_cast<std::size_t>(recompute)]);
}

Scenario withLayout(const Scenario& scenario, const PlanLayout& layout)
{
    Scenario s = scenario;
    s.parallel.dp = layout.dp;
    s.parallel.tp = layout.tp;
    s.parallel.pp = layout.pp;
    s.parallel.cp = layout.cp;
    s.parallel.zero = layout.zero;
    s.parallel.schedule = layout.schedule;
    // The key keeps its value for the other schedules: v is read only when interleaved.
    if (layout.schedule == PipelineSchedule::Interleaved) {
        s.parallel.virtualStages = layout.virtualStages;
    }
    s.train.microBatch = layout.microBatch;
    s.train.recompute = layout.recompute;
    s.memory.sequenceParallel = layout.sequenceParallel;
    return s;
}

std::vector<std::pair<std::string, std::string>> layoutAssignments(const PlanLayout& layout)
{
    const auto n = [](std::int64_t value) { return std::to_string(value); };
    std::vector<std::pair<std::string, std::string>> out{
        {"train.micro_batch", n(layout.microBatch)},
        {"train.recompute", recomputeWord(layout.recompute)},
        {"parallel.dp", n(layout.dp)},
        {"parallel.tp", n(layout.tp)},
        {"parallel.pp", n(layout.pp)},
        {"parallel.cp", n(layout.cp)},
        {"parallel.zero", n(layout.zero)},
        {"parallel.schedule", scheduleWord(layout.schedule)},
    };
    if (layout.schedule == PipelineSchedule::Interleaved) {
        out.emplace_back("parallel.virtual_stages", n(layout.virtualStages));
    }
    out.emplace_back("memory.sequence_parallel", layout.sequenceParallel ? "on" : "off");
    return out;
}

PlanReport planTraining(const Scenario& scenario, const PlanOptions& options)
{
    PlanReport report;
    report.view = View::Plan;
    report.problems = problemsOf(View::Plan, scenario);
    if (!findGpu(scenario.hardware.gpu)) {
        report.problems.push_back({ScenarioError::Kind::NotAChoice,
                                   "hardware.gpu",
                                   scenario.hardware.gpu,
                                   "a catalogue id",
                                   {}});
    }
    if (!report.problems.empty()) {
        return report;
    }
    const auto& model = scenario.model;
    const auto& hardware = scenario.hardware;
    // Without a cluster size, the cluster is the current layout's GPUs.
    Scenario cluster = scenario;
    const auto& current = scenario.parallel;
    cluster.hardware.gpus =
        hardware.gpus > 0 ? hardware.gpus : current.dp * current.tp * current.pp * current.cp;

    LayoutPricer pricer(cluster);
    report.capacityBytes = pricer.capacity();
    report.gpuPowerWatts = gpuPowerWatts(scenario);
    report.gpuPowerSource = std::string(gpuPowerSource(scenario));
    const std::int64_t gpus = cluster.hardware.gpus;
    const std::int64_t perNode = std::max<std::int64_t>(hardware.gpusPerNode, 1);
    const std::int64_t batch = scenario.train.globalBatch;

    // The map's axes: every candidate degree, and the powers of two a user would try, so that a
    // refused one shows why (pp = 16 for 126 layers; tp = 16 across two nodes of 8).
    const auto tpAllowed = [&](std::int64_t tp) {
        return model.heads % tp == 0 && model.hidden % tp == 0;
    };
    const std::int64_t tpLimit = scenario.plan.tpAcrossNodes ? model.heads : perNode;
    for (std::int64_t tp = 1; tp <= std::min({model.heads, gpus, std::max(tpLimit, 2 * perNode)});
         ++tp) {
        if ((tpAllowed(tp) && gpus % tp == 0) || isPowerOfTwo(tp)) {
            report.tpAxis.push_back(tp);
        }
    }
    for (std::int64_t pp = 1; pp <= std::min(model.layers, gpus); ++pp) {
        if ((model.layers % pp == 0 && gpus % pp == 0) || isPowerOfTwo(pp)) {
            report.ppAxis.push_back(pp);
        }
    }

    std::vector<PlanLayout>& layouts = report.layouts;
    // Untouched capacity costs no page until used: one growth at most for large searches.
    layouts.reserve(1 << 15);
    for (const std::int64_t tp : report.tpAxis) {
        for (const std::int64_t pp : report.ppAxis) {
            PlanCell cell;
            cell.tp = tp;
            cell.pp = pp;
            if (!tpAllowed(tp)) {
                cell.status = PlanCellStatus::TpNotDivisor;
            } else if (tp > tpLimit) {
                cell.status = PlanCellStatus::TpAcrossNodes;
            } else if (model.layers % pp != 0) {
                cell.status = PlanCellStatus::PpNotDivisor;
            } else if (gpus % (tp * pp) != 0) {
                cell.status = PlanCellStatus::GpusNotDivisible;
            } else {
                cell.status = PlanCellStatus::BatchNotDivisible;
            }
            if (cell.status != PlanCellStatus::BatchNotDivisible) {
                report.map.push_back(cell);
                continue;
            }
            const std::size_t firstOfCell = layouts.size();
            bool anyLayout = false;
            double leastMemory = std::numeric_limits<double>::infinity();
            const std::int64_t rest = gpus / (tp * pp);
            for (const std::int64_t cp : divisors(rest, options.maxContextParallel)) {
                if (model.seqLen % cp != 0) {
                    continue;
                }
                const std::int64_t dp = rest / cp;
                if (batch % dp != 0) {
                    continue;
                }
                // Sequence parallelism splits the cp-local tokens over tp too.
                const bool sequenceParallelAllowed = tp > 1 && model.seqLen % (cp * tp) == 0;
                for (const std::int64_t b : divisors(batch / dp, options.maxMicroBatch)) {
                    const std::int64_t m = batch / (b * dp);
                    if (m > kMostMicrobatches) {
                        continue;
                    }
                    Frame frame{tp, pp, cp, dp, b, m, PipelineSchedule::OneFOneB, 1};
                    for (const PipelineSchedule schedule : kPipelineSchedules) {
                        // One stage has no pipeline: the schedules are the same step.
                        if (pp == 1 && schedule != PipelineSchedule::OneFOneB) {
                            continue;
                        }
                        if (!scheduleTakesMicrobatches(schedule, pp, m)) {
                            continue;
                        }
                        std::vector<std::int64_t> chunkCounts{1};
                        if (schedule == PipelineSchedule::Interleaved) {
                            chunkCounts = divisors(model.layers / pp, kMostVirtualStages);
                            chunkCounts.erase(chunkCounts.begin()); // v = 1 is plain 1F1B
                        }
                        for (const std::int64_t v : chunkCounts) {
                            frame.schedule = schedule;
                            frame.virtualStages = v;
                            pricer.setFrame(frame);
                            anyLayout = true;
                            const std::int64_t variants =
                                static_cast<std::int64_t>(kRecomputes.size()) * 4 *
                                (sequenceParallelAllowed ? 2 : 1);
                            report.evaluated += variants;
                            // The least memory of the frame's variants: prune when even it fails.
                            pricer.setVariant(Recompute::Full, 3, sequenceParallelAllowed);
                            const double least = pricer.memoryBytes();
                            leastMemory = std::min(leastMemory, least);
                            if (!pricer.fits(least)) {
                                continue;
                            }
                            for (const Recompute recompute : kRecomputes) {
                                for (int sp = 0; sp <= (sequenceParallelAllowed ? 1 : 0); ++sp) {
                                    // From ZeRO-3 down: each lower stage keeps more of the
                                    // model states, so after the first that does not fit none
                                    // does (memory.h's per-stage formulas).
                                    for (std::int64_t zero = 3; zero >= 0; --zero) {
                                        pricer.setVariant(recompute, zero, sp == 1);
                                        const double bytes = pricer.memoryBytes();
                                        if (!pricer.fits(bytes)) {
                                            break;
                                        }
                                        ++report.priced;
                                        layouts.push_back(pricer.price(bytes));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if (layouts.size() > firstOfCell) {
                cell.status = PlanCellStatus::Fits;
                const auto best =
                    std::min_element(layouts.begin() + static_cast<std::ptrdiff_t>(firstOfCell),
                                     layouts.end(), rankedBefore);
                cell.bestStepSeconds = best->step.stepSeconds;
                cell.bestTokensPerSecond = best->tokensPerSecond;
            } else if (anyLayout) {
                cell.status = PlanCellStatus::OutOfMemory;
                cell.leastMemoryBytes = leastMemory;
            }
            report.map.push_back(cell);
        }
    }

    // Sorted through a compact key (a layout is a few hundred bytes: comparing and swapping
    // them missed the cache), ties broken by the full ranking, then moved into place along the
    // permutation's cycles without a second array.
    struct RankKey {
        double stepSeconds;
        double memoryBytes;
        std::size_t index;
    };
    std::vector<RankKey> keys(layouts.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        keys[i] = {layouts[i].step.stepSeconds, layouts[i].memoryPerGpuBytes, i};
    }
    std::sort(keys.begin(), keys.end(), [&layouts](const RankKey& a, const RankKey& b) {
        if (a.stepSeconds != b.stepSeconds) {
            return a.stepSeconds < b.stepSeconds;
        }
        if (a.memoryBytes != b.memoryBytes) {
            return a.memoryBytes < b.memoryBytes;
        }
        return rankedBefore(layouts[a.index], layouts[b.index]);
    });
    std::vector<bool> placed(layouts.size(), false);
    for (std::size_t start = 0; start < keys.size(); ++start) {
        if (placed[start] || keys[start].index == start) {
            continue;
        }
        // Position j takes the layout at keys[j].index; follow the cycle from `start`.
        PlanLayout held = std::move(layouts[start]);
        std::size_t j = start;
        while (keys[j].index != start) {
            layouts[j] = std::move(layouts[keys[j].index]);
            placed[j] = true;
            j = keys[j].index;
        }
        layouts[j] = std::move(held);
        placed[j] = true;
    }
    report.fitting = static_cast<std::int64_t>(layouts.size());
    // Each cell's fastest layout: the first of its tp and pp in the ranking.
    const auto position = [](const std::vector<std::int64_t>& axis, std::int64_t value) {
        return static_cast<std::size_t>(std::find(axis.begin(), axis.end(), value) - axis.begin());
    };
    for (std::size_t i = layouts.size(); i-- > 0;) {
        const std::size_t cell = position(report.tpAxis, layouts[i].tp) * report.ppAxis.size() +
                                 position(report.ppAxis, layouts[i].pp);
        report.map[cell].bestIndex = static_cast<std::int64_t>(i);
    }
    // Fastest first: a layout is on the front when it needs less memory than every faster one.
    double leastSoFar = 0;
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        if (report.pareto.empty() || layouts[i].memoryPerGpuBytes < leastSoFar) {
            report.pareto.push_back(i);
            leastSoFar = layouts[i].memoryPerGpuBytes;
        }
    }

    report.heading = "Plan: " + std::to_string(gpus) + " " + hardware.gpu + ", " +
                     std::to_string(report.evaluated) + " layouts, " +
                     std::to_string(report.fitting) + " fit (training model)";
    auto& q = report.quantities;
    q.push_back(
        quantity("evaluated", "layouts considered", toDouble(report.evaluated), Unit::Number));
    q.push_back(quantity("fitting", "layouts that fit", toDouble(report.fitting), Unit::Number));
    if (!layouts.empty()) {
        const PlanLayout& best = layouts.front();
        q.push_back(quantity("dp", "best: data-parallel degree", toDouble(best.dp), Unit::Gpus));
        q.push_back(quantity("tp", "best: tensor-parallel degree", toDouble(best.tp), Unit::Gpus));
        q.push_back(
            quantity("pp", "best: pipeline-parallel degree", toDouble(best.pp), Unit::Gpus));
        q.push_back(quantity("cp", "best: context-parallel degree", toDouble(best.cp), Unit::Gpus));
        q.push_back(quantity("micro_batch", "best: micro-batch b", toDouble(best.microBatch),
                             Unit::Number));
        q.push_back(wordQuantity("schedule", "best: schedule", scheduleWord(best.schedule)));
        q.push_back(quantity("virtual_stages", "best: virtual stages v",
                             toDouble(best.virtualStages), Unit::Number));
        q.push_back(
            wordQuantity("recompute", "best: recomputation", recomputeWord(best.recompute)));
        q.push_back(quantity("zero", "best: ZeRO stage", toDouble(best.zero), Unit::Number));
        q.push_back(quantity("sequence_parallel", "best: sequence parallelism",
                             best.sequenceParallel ? 1.0 : 0.0, Unit::Boolean));
        q.push_back(quantity("step_time", "best: step time", best.step.stepSeconds, Unit::Seconds));
        q.push_back(quantity("memory_per_gpu", "best: memory per GPU", best.memoryPerGpuBytes,
                             Unit::Bytes));
        q.push_back(quantity("tokens_per_second", "best: throughput, tokens/s",
                             best.tokensPerSecond, Unit::Number));
        q.push_back(quantity("mfu", "best: model FLOPs utilisation", best.mfu, Unit::Fraction));
        q.push_back(quantity("days", "best: training time, days", best.days, Unit::Number));
        q.push_back(quantity("gpu_hours", "best: GPU-hours", best.cost.gpuHours, Unit::Number));
        q.push_back(quantity("cost", "best: cost, USD", best.cost.dollars, Unit::Number));
        q.push_back(quantity("energy_kwh", "best: energy, kWh", best.cost.energyKwh, Unit::Number));
        q.push_back(quantity("co2_kg", "best: CO2, kg", best.cost.co2Kg, Unit::Number));
    }
    q.push_back(quantity("gpu_power", "power per GPU, W", report.gpuPowerWatts, Unit::Number));
    return report;
}

Record planDetails(const PlanReport& report, double seconds, std::size_t top)
{
    List layouts;
    const std::size_t shown = std::min(report.layouts.size(), top);
    for (std::size_t i = 0; i < shown; ++i) {
        layouts.push_back(quantitiesRecord(planLayoutQuantities(report.layouts[i])));
    }
    List map;
    for (const auto& cell : report.map) {
        Record entry{{"tp", cell.tp},
                     {"pp", cell.pp},
                     {"status", std::string(planCellStatusId(cell.status))}};
        if (cell.status == PlanCellStatus::Fits) {
            entry.push_back({"tokens_per_second", cell.bestTokensPerSecond});
            entry.push_back({"step_time", cell.bestStepSeconds});
            entry.push_back({"rank", cell.bestIndex + 1});
        } else if (cell.status == PlanCellStatus::OutOfMemory) {
            entry.push_back({"least_memory_per_gpu", cell.leastMemoryBytes});
        }
        map.push_back(std::move(entry));
    }
    List pareto;
    for (const std::size_t index : report.pareto) {
        pareto.push_back(static_cast<std::int64_t>(index + 1));
    }
    return {{"seconds", seconds},
            {"priced", report.priced},
            {"capacity", report.capacityBytes},
            {"gpu_power_source", report.gpuPowerSource},
            {"layouts", std::move(layouts)},
            {"map", std::move(map)},
            {"pareto_ranks", std::move(pareto)}};
}

} // namespace simcore
