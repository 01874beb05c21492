#include "simcore/reports/report.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

namespace simcore {

namespace {

using namespace std::string_view_literals;

constexpr std::array kViews = {View::Scaling,    View::Memory,        View::Parallelism,
                               View::Pipeline,   View::Communication, View::Topology,
                               View::Checkpoint, View::Plan};

// The links every view that prices a collective reads.
#define DTSIM_LINK_KEYS                                                                            \
    "hardware.gpus_per_node"sv, "hardware.intra_bandwidth"sv, "hardware.intra_latency"sv,          \
        "hardware.inter_bandwidth"sv, "hardware.inter_latency"sv

constexpr std::array kScalingKeys = {"model.params"sv,          "model.layers"sv,
                                     "model.hidden"sv,          "model.seq_len"sv,
                                     "model.vocab"sv,           "train.precision"sv,
                                     "train.micro_batch"sv,     "train.global_batch"sv,
                                     "train.steps"sv,           "train.recompute"sv,
                                     "parallel.zero"sv,         "hardware.gpu"sv,
                                     "hardware.gpus"sv,         DTSIM_LINK_KEYS,
                                     "collective.algorithm"sv,  "scaling.mode"sv,
                                     "scaling.workers"sv,       "scaling.axis"sv,
                                     "scaling.mfu"sv,           "scaling.overlap"sv,
                                     "scaling.batch"sv,         "scaling.count_failures"sv,
                                     "lesson.base_compute"sv,   "lesson.fixed_sync"sv,
                                     "lesson.sync_per_worker"sv};

// The memory model: the shape, the training recipe, the layout and the pipeline schedule (what
// is in flight: m = B/(b·dp)), the GPU and the memory.* options; and every key of the one layout
// check (layoutProblems), which Memory, Parallelism, Pipeline and the training model share.
#define DTSIM_MEMORY_KEYS                                                                          \
    "model.params"sv, "model.layers"sv, "model.hidden"sv, "model.heads"sv, "model.seq_len"sv,      \
        "model.vocab"sv, "train.precision"sv, "train.optimizer"sv, "train.micro_batch"sv,          \
        "train.recompute"sv, "parallel.dp"sv, "parallel.tp"sv, "parallel.pp"sv, "parallel.zero"sv, \
        "train.global_batch"sv, "parallel.schedule"sv, "parallel.virtual_stages"sv,                \
        "hardware.gpu"sv, "hardware.gpus"sv, "parallel.cp"sv, "memory.sequence_parallel"sv

// parallel.cp and train.global_batch: the layout as the training model prices it (s/cp tokens,
// m = B/(b·dp) micro-batches: layoutMemoryScenario).
constexpr std::array kMemoryKeys = {DTSIM_MEMORY_KEYS, "memory.buffers_fraction"sv};

constexpr std::array kParallelismKeys = {DTSIM_MEMORY_KEYS, "hardware.gpus_per_node"sv};

constexpr std::array kPipelineKeys = {DTSIM_MEMORY_KEYS,          "parallel.forward_time"sv,
                                      "parallel.backward_time"sv, "parallel.weight_grad_time"sv,
                                      "parallel.p2p_time"sv,      "memory.buffers_fraction"sv};

constexpr std::array kCommunicationKeys = {DTSIM_LINK_KEYS, "collective.algorithm"sv,
                                           "collective.workers"sv, "collective.bytes"sv};

constexpr std::array kTopologyKeys = {
    "hardware.gpu"sv,     DTSIM_LINK_KEYS,     "collective.algorithm"sv, "collective.workers"sv,
    "collective.bytes"sv, "topology.preset"sv, "topology.node"sv,        "topology.node_nics"sv};

constexpr std::array kCheckpointKeys = {"checkpoint.interval"sv,     "checkpoint.write_time"sv,
                                        "checkpoint.restart_time"sv, "checkpoint.gpu_mtbf"sv,
                                        "checkpoint.gpus"sv,         "checkpoint.work"sv,
                                        "checkpoint.mc_runs"sv,      "checkpoint.mc_seed"sv};

// The planner: the model, the recipe, the batch and the run, the cluster and its links, the
// memory options, the prices; the layout (parallel.*) is what it chooses, and the current one's
// GPU count is the cluster's when hardware.gpus is 0.
constexpr std::array kPlanKeys = {"model.params"sv,
                                  "model.layers"sv,
                                  "model.hidden"sv,
                                  "model.heads"sv,
                                  "model.seq_len"sv,
                                  "model.vocab"sv,
                                  "train.precision"sv,
                                  "train.optimizer"sv,
                                  "train.global_batch"sv,
                                  "train.steps"sv,
                                  "train.tokens"sv,
                                  "hardware.gpu"sv,
                                  "hardware.gpus"sv,
                                  DTSIM_LINK_KEYS,
                                  "hardware.nics_per_node"sv,
                                  "hardware.nic_bandwidth"sv,
                                  "memory.buffers_fraction"sv,
                                  "cost.gpu_hour_price"sv,
                                  "cost.gpu_power"sv,
                                  "cost.pue"sv,
                                  "cost.grid_intensity"sv,
                                  "plan.tp_across_nodes"sv};

#undef DTSIM_LINK_KEYS
#undef DTSIM_MEMORY_KEYS

} // namespace

std::string_view unitSymbol(Unit unit)
{
    switch (unit) {
    case Unit::Seconds:
        return "s";
    case Unit::Bytes:
        return "bytes";
    case Unit::BytesPerSecond:
        return "bytes/s";
    case Unit::Flops:
        return "FLOP";
    case Unit::FlopsPerSecond:
        return "FLOP/s";
    case Unit::Fraction:
        return "fraction";
    case Unit::Factor:
        return "x";
    case Unit::Gpus:
        return "GPUs";
    case Unit::Nodes:
        return "nodes";
    case Unit::Steps:
        return "steps";
    case Unit::Microbatches:
        return "micro-batches";
    case Unit::Parameters:
        return "parameters";
    case Unit::Failures:
        return "failures";
    case Unit::Runs:
        return "runs";
    case Unit::Tokens:
        return "tokens";
    case Unit::Number:
    case Unit::Boolean:
    case Unit::Word:
        break;
    }
    return "";
}

Quantity quantity(std::string_view id, std::string_view name, double value, Unit unit)
{
    return Quantity{id, name, value, unit, {}};
}

Quantity wordQuantity(std::string_view id, std::string_view name, std::string word)
{
    return Quantity{id, name, 0, Unit::Word, std::move(word)};
}

const Quantity* findQuantity(std::span<const Quantity> quantities, std::string_view id)
{
    const auto found = std::find_if(quantities.begin(), quantities.end(),
                                    [id](const Quantity& q) { return q.id == id; });
    return found == quantities.end() ? nullptr : &*found;
}

Record quantitiesRecord(std::span<const Quantity> quantities)
{
    Record record;
    record.reserve(quantities.size());
    for (const Quantity& q : quantities) {
        Value value;
        if (q.unit == Unit::Word) {
            value = q.word;
        } else if (q.unit == Unit::Boolean) {
            value = q.value != 0;
        } else if (std::isfinite(q.value)) {
            value = q.value;
        }
        record.push_back({std::string(q.id), std::move(value)});
    }
    return record;
}

std::span<const View> allViews()
{
    return kViews;
}

std::string_view viewId(View view)
{
    switch (view) {
    case View::Scaling:
        return "scaling";
    case View::Memory:
        return "memory";
    case View::Parallelism:
        return "parallelism";
    case View::Pipeline:
        return "pipeline";
    case View::Communication:
        return "communication";
    case View::Topology:
        return "topology";
    case View::Checkpoint:
        return "checkpoint";
    case View::Plan:
        return "plan";
    }
    return "";
}

std::optional<View> findView(std::string_view id)
{
    for (const View view : kViews) {
        if (viewId(view) == id) {
            return view;
        }
    }
    return std::nullopt;
}

std::span<const std::string_view> viewKeys(View view)
{
    switch (view) {
    case View::Scaling:
        return kScalingKeys;
    case View::Memory:
        return kMemoryKeys;
    case View::Parallelism:
        return kParallelismKeys;
    case View::Pipeline:
        return kPipelineKeys;
    case View::Communication:
        return kCommunicationKeys;
    case View::Topology:
        return kTopologyKeys;
    case View::Checkpoint:
        return kCheckpointKeys;
    case View::Plan:
        return kPlanKeys;
    }
    return {};
}

bool belongsTo(const ScenarioError& problem, View view)
{
    const auto keys = viewKeys(view);
    return std::find(keys.begin(), keys.end(), problem.key) != keys.end();
}

std::vector<ScenarioError> problemsOf(View view, const Scenario& scenario,
                                      std::vector<ScenarioError> modelRules)
{
    std::vector<ScenarioError> problems;
    const auto add = [&](const ScenarioError& problem) {
        if (belongsTo(problem, view) &&
            std::find(problems.begin(), problems.end(), problem) == problems.end()) {
            problems.push_back(problem);
        }
    };
    for (const auto& problem : validate(scenario)) {
        add(problem);
    }
    for (const auto& problem : modelRules) {
        add(problem);
    }
    return problems;
}

namespace {

/// A field CSV reads as one: no comma, quote or line break, or all of it quoted with the quotes
/// inside doubled. Only an assert reads it, so a release build (NDEBUG) does not.
[[maybe_unused]] bool isOneField(std::string_view field)
{
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
        return true;
    }
    if (field.size() < 2 || field.front() != '"' || field.back() != '"') {
        return false;
    }
    const std::string_view inside = field.substr(1, field.size() - 2);
    for (std::size_t i = 0; i < inside.size(); ++i) {
        if (inside[i] == '"' && (i + 1 == inside.size() || inside[++i] != '"')) {
            return false;
        }
    }
    return true;
}

} // namespace

CsvTableBuilder::CsvTableBuilder(std::string name, const std::vector<std::string>& header)
    : m_table{std::move(name), {}}, m_width(header.size())
{
    row(header);
}

void CsvTableBuilder::row(std::vector<std::string> fields)
{
    // A wider row or a field that splits would shift every column after it in a spreadsheet.
    assert(fields.size() <= m_width);
    assert(std::all_of(fields.begin(), fields.end(), isOneField));
    fields.resize(m_width);
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0) {
            m_table.text += ',';
        }
        m_table.text += fields[i];
    }
    m_table.text += '\n';
}

std::string csvNumber(double value)
{
    return std::isnan(value) ? std::string() : formatNumber(value);
}

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
        return std::string(text);
    }
    return csvQuoted(text);
}

std::string csvQuoted(std::string_view text)
{
    std::string out = "\"";
    for (const char c : text) {
        out += c;
        if (c == '"') {
            out += '"';
        }
    }
    return out + '"';
}

CsvTable csvQuantityTable(std::string name, std::span<const Quantity> quantities)
{
    CsvTableBuilder table(std::move(name), {"quantity", "value", "unit"});
    for (const auto& q : quantities) {
        const std::string value = q.unit == Unit::Word      ? csvField(q.word)
                                  : q.unit == Unit::Boolean ? (q.value != 0 ? "1" : "0")
                                                            : csvNumber(q.value);
        table.row({std::string(q.id), value, std::string(unitSymbol(q.unit))});
    }
    return table.table();
}

CsvTable csvQuantities(const Report& report)
{
    return csvQuantityTable("quantities", report.quantities);
}

} // namespace simcore
