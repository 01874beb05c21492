#include "simcore/scenario/scenario.h"

#include "simcore/scenario/nodewiring.h" // topology.node: the nvidia-smi codes and their reader
#include "simcore/scenario/text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <system_error>

namespace simcore {

namespace {

constexpr std::array<std::string_view, 3> kPrecisionNames{"fp32", "mixed", "bf16"};
constexpr std::array<std::string_view, 4> kOptimizerNames{"sgd", "momentum", "adam", "adam8bit"};
constexpr std::array<std::string_view, 3> kRecomputeNames{"none", "selective", "full"};
constexpr std::array<std::string_view, 6> kScheduleNames{"gpipe", "1f1b",  "interleaved",
                                                         "zb-h1", "zb-h2", "dualpipe"};
constexpr std::array<std::string_view, 4> kAlgorithmNames{"ring", "tree", "naive", "hierarchical"};
// "physical" arrives with the communication models.
constexpr std::array<std::string_view, 2> kScalingModeNames{"lesson", "physical"};
constexpr std::array<std::string_view, 2> kBatchScalingNames{"strong", "weak"};
constexpr std::array<std::string_view, 2> kAxisScaleNames{"linear", "log"};
constexpr std::array<std::string_view, 2> kOffOnNames{"off", "on"};
// Topology panel: in TopologyPresetId order; the ids of simcore/models/topology.h's presets.
constexpr std::array<std::string_view, 6> kTopologyPresetNames{
    "scenario", "pcie-workstation", "h100-nvswitch", "ndr-cluster", "miswired", "imported"};
// Must match the GPU catalogue's ids (a test checks both ways).
constexpr std::array<std::string_view, 8> kGpuIds{"rtx4090",   "a100-40", "a100-80", "h100-sxm",
                                                  "h100-pcie", "h200",    "b200",    "mi300x"};

template <auto Section, auto Field> double readNumber(const Scenario& scenario)
{
    return static_cast<double>((scenario.*Section).*Field);
}

template <auto Section, auto Field> void writeNumber(Scenario& scenario, double value)
{
    auto& field = (scenario.*Section).*Field;
    field = static_cast<std::remove_reference_t<decltype(field)>>(value);
}

template <auto Section, auto Field, const auto& Names> std::string readChoice(const Scenario& s)
{
    // An enum may hold more values than its key offers (collective.algorithm: the first four of
    // CommAlgorithm): such a value reads as no word, which validate() then refuses.
    const auto index = static_cast<std::size_t>((s.*Section).*Field);
    return index < Names.size() ? std::string(Names[index]) : std::string();
}

template <auto Section, auto Field, const auto& Names>
void writeChoice(Scenario& scenario, std::string_view word)
{
    auto& field = (scenario.*Section).*Field;
    for (std::size_t i = 0; i < Names.size(); ++i) {
        if (Names[i] == word) {
            field = static_cast<std::remove_reference_t<decltype(field)>>(i);
        }
    }
}

std::string readNodeWiring(const Scenario& scenario)
{
    return scenario.topology.node;
}

std::optional<std::string> checkNodeWiring(std::string_view text)
{
    auto wiring = parseNvTopoWiring(text);
    return wiring.problem.empty() ? std::nullopt : std::optional(std::move(wiring.problem));
}

void writeNodeWiring(Scenario& scenario, std::string_view text)
{
    const auto wiring = parseNvTopoWiring(text); // canonical: "nv18  soc" and "NV18 SYS" alike
    scenario.topology.node = wiring.node ? nvTopoWiringText(*wiring.node) : std::string();
}

/// scaling.measured's form: "N:seconds" pairs separated by spaces.
constexpr std::string_view kMeasuredForm =
    "measured step times as N:seconds pairs separated by spaces, e.g. '1:1.02 2:0.55 4:0.31' "
    "(N a whole number 1 … 4096, seconds > 0 and ≤ 1e6, at most 1000 pairs), or empty";
constexpr std::size_t kMostMeasured = 1000;

/// The pairs of a scaling.measured text, or the offending word.
struct MeasuredText {
    std::vector<MeasuredStep> points;
    std::optional<std::string> problem;
};

MeasuredText parseMeasured(std::string_view text)
{
    MeasuredText out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) {
            ++i;
        }
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') {
            ++i;
        }
        if (i == start) {
            break;
        }
        const std::string_view word = text.substr(start, i - start);
        const auto colon = word.find(':');
        const auto workers =
            colon == std::string_view::npos ? std::nullopt : parseNumber(word.substr(0, colon));
        const auto seconds =
            colon == std::string_view::npos ? std::nullopt : parseNumber(word.substr(colon + 1));
        if (!workers || !seconds || *workers < 1 || *workers > 4096 ||
            std::floor(*workers) != *workers || !(*seconds > 0) || *seconds > 1e6) {
            out.problem = std::string(word);
            out.points.clear();
            return out;
        }
        if (out.points.size() == kMostMeasured) {
            out.problem = "more than " + std::to_string(kMostMeasured) + " pairs";
            out.points.clear();
            return out;
        }
        out.points.push_back({static_cast<std::int64_t>(*workers), *seconds, 0});
    }
    return out;
}

std::string readMeasured(const Scenario& scenario)
{
    std::string text;
    for (const auto& point : scenario.scaling.measured) {
        text += (text.empty() ? "" : " ") + std::to_string(point.workers) + ':' +
                formatNumber(point.seconds);
    }
    return text;
}

std::optional<std::string> checkMeasured(std::string_view text)
{
    return parseMeasured(text).problem;
}

void writeMeasured(Scenario& scenario, std::string_view text)
{
    scenario.scaling.measured = parseMeasured(text).points;
}

KeyInfo describe(std::string_view name, KeyType type, std::string_view unit,
                 std::string_view meaning)
{
    KeyInfo key;
    key.name = name;
    key.type = type;
    key.unit = unit;
    key.meaning = meaning;
    return key;
}

template <auto Section, auto Field>
KeyInfo numberKey(std::string_view name, KeyType type, std::string_view unit,
                  std::string_view meaning, double minimum, double maximum,
                  bool minimumExclusive = false)
{
    KeyInfo key = describe(name, type, unit, meaning);
    key.minimum = minimum;
    key.maximum = maximum;
    key.minimumExclusive = minimumExclusive;
    key.getNumber = &readNumber<Section, Field>;
    key.setNumber = &writeNumber<Section, Field>;
    return key;
}

template <auto Section, auto Field, const auto& Names>
KeyInfo choiceKey(std::string_view name, std::string_view meaning)
{
    KeyInfo key = describe(name, KeyType::Choice, "", meaning);
    key.choices.assign(Names.begin(), Names.end());
    key.getChoice = &readChoice<Section, Field, Names>;
    key.setChoice = &writeChoice<Section, Field, Names>;
    return key;
}

std::vector<KeyInfo> buildKeys()
{
    using S = Scenario;
    using K = KeyType;
    std::vector<KeyInfo> keys;

    auto params = numberKey<&S::model, &ModelSpec::params>(
        "model.params", K::Real, "", "Parameter count of the model (e.g. 7e9).", 1e3, 1e14);
    params.specialValue = 0;
    params.specialMeaning = "0 = derive from the transformer shape (Narayanan et al. 2021, eq. 2)";
    keys.push_back(params);
    keys.push_back(numberKey<&S::model, &ModelSpec::layers>("model.layers", K::Integer, "",
                                                            "Transformer layers L.", 1, 1000));
    keys.push_back(numberKey<&S::model, &ModelSpec::hidden>("model.hidden", K::Integer, "",
                                                            "Hidden size h.", 1, 1e6));
    keys.push_back(numberKey<&S::model, &ModelSpec::heads>("model.heads", K::Integer, "",
                                                           "Attention heads a.", 1, 1024));
    keys.push_back(numberKey<&S::model, &ModelSpec::seqLen>("model.seq_len", K::Integer, "tokens",
                                                            "Sequence length s.", 1, 1e7));
    keys.push_back(numberKey<&S::model, &ModelSpec::vocab>("model.vocab", K::Integer, "tokens",
                                                           "Vocabulary size V.", 1, 1e7));

    keys.push_back(choiceKey<&S::train, &TrainingSpec::precision, kPrecisionNames>(
        "train.precision", "Number format: fp32, mixed (BF16/FP16 compute with FP32 master "
                           "weights) or bf16 everywhere."));
    keys.push_back(choiceKey<&S::train, &TrainingSpec::optimizer, kOptimizerNames>(
        "train.optimizer", "Optimizer, which decides the optimizer state kept per parameter."));
    keys.push_back(numberKey<&S::train, &TrainingSpec::microBatch>(
        "train.micro_batch", K::Integer, "sequences", "Micro-batch size b per GPU.", 1, 1e5));
    keys.push_back(numberKey<&S::train, &TrainingSpec::globalBatch>(
        "train.global_batch", K::Integer, "sequences", "Sequences per optimizer step.", 1, 1e8));
    keys.push_back(numberKey<&S::train, &TrainingSpec::steps>(
        "train.steps", K::Integer, "steps", "Optimizer steps in the whole training run.", 1, 1e12));
    keys.push_back(choiceKey<&S::train, &TrainingSpec::recompute, kRecomputeNames>(
        "train.recompute", "Activation recomputation: none, selective or full."));
    keys.push_back(numberKey<&S::train, &TrainingSpec::tokens>(
        "train.tokens", K::Real, "tokens",
        "Tokens the whole run trains on, for the training model's days; 0 = not given (days "
        "from train.steps).",
        0, 1e16));

    keys.push_back(numberKey<&S::parallel, &ParallelSpec::dp>("parallel.dp", K::Integer, "GPUs",
                                                              "Data-parallel degree d.", 1, 1e6));
    keys.push_back(numberKey<&S::parallel, &ParallelSpec::tp>(
        "parallel.tp", K::Integer, "GPUs", "Tensor-parallel degree t.", 1, 1024));
    keys.push_back(numberKey<&S::parallel, &ParallelSpec::pp>(
        "parallel.pp", K::Integer, "GPUs", "Pipeline-parallel degree p.", 1, 1024));
    keys.push_back(numberKey<&S::parallel, &ParallelSpec::cp>(
        "parallel.cp", K::Integer, "GPUs",
        "Context-parallel degree: the sequence split cp ways (training model: dp x tp x pp x cp "
        "GPUs).",
        1, 1024));
    keys.push_back(numberKey<&S::parallel, &ParallelSpec::zero>(
        "parallel.zero", K::Integer, "", "ZeRO stage: 0 (DDP), 1, 2 or 3 (= FSDP full shard).", 0,
        3));
    keys.push_back(choiceKey<&S::parallel, &ParallelSpec::schedule, kScheduleNames>(
        "parallel.schedule",
        "Pipeline schedule: gpipe, 1f1b, interleaved, zb-h1, zb-h2 (Qi et al. 2023) or dualpipe "
        "(DeepSeek-V3 report)."));
    keys.push_back(numberKey<&S::parallel, &ParallelSpec::virtualStages>(
        "parallel.virtual_stages", K::Integer, "",
        "Interleaved schedule: model chunks per device v.", 1, 128));
    // From 1 µs, the finest step the panel shows (milliseconds, three decimals): a forward time
    // near 0 made the bubble ratio (transfers over the ideal time) overflow to infinity.
    keys.push_back(numberKey<&S::parallel, &ParallelSpec::forwardSeconds>(
        "parallel.forward_time", K::Real, "s",
        "Pipeline: forward pass of one micro-batch through one device's layers (t_f).", 1e-6, 1e4));
    auto backward = numberKey<&S::parallel, &ParallelSpec::backwardSeconds>(
        "parallel.backward_time", K::Real, "s",
        "Pipeline: backward pass of one micro-batch through one device's layers (t_b).", 1e-9, 1e4);
    backward.specialValue = 0;
    backward.specialMeaning = "0 = twice the forward time (Kaplan et al. 2020: 4 of 6 FLOPs per "
                              "parameter and token are in the backward pass)";
    keys.push_back(backward);
    auto weightGrad = numberKey<&S::parallel, &ParallelSpec::weightGradSeconds>(
        "parallel.weight_grad_time", K::Real, "s",
        "Pipeline: the weight-gradient part W of the backward time, at most the whole backward "
        "(zb-h1, zb-h2 and dualpipe run it apart from the input gradient).",
        1e-9, 1e4);
    weightGrad.specialValue = 0;
    weightGrad.specialMeaning = "0 = half of the backward time (a layer's backward is two matmuls "
                                "of equal FLOPs: the input gradient and the weight gradient)";
    keys.push_back(weightGrad);
    keys.push_back(numberKey<&S::parallel, &ParallelSpec::transferSeconds>(
        "parallel.p2p_time", K::Real, "s",
        "Pipeline: sending one micro-batch's activations or gradients to the next stage.", 0, 1e4));

    KeyInfo gpu = describe("hardware.gpu", K::Choice, "", "GPU model, by catalogue id.");
    gpu.choices.assign(kGpuIds.begin(), kGpuIds.end());
    gpu.getChoice = [](const Scenario& s) { return s.hardware.gpu; };
    gpu.setChoice = [](Scenario& s, std::string_view word) { s.hardware.gpu = std::string(word); };
    keys.push_back(gpu);
    keys.push_back(numberKey<&S::hardware, &HardwareSpec::gpus>(
        "hardware.gpus", K::Integer, "GPUs",
        "GPUs in the whole cluster, the most workers the Physical scaling model may use; 0 = not "
        "given (no cluster limit).",
        0, 1048576));
    keys.push_back(numberKey<&S::hardware, &HardwareSpec::gpusPerNode>(
        "hardware.gpus_per_node", K::Integer, "GPUs", "GPUs in one node.", 1, 1024));
    keys.push_back(numberKey<&S::hardware, &HardwareSpec::intraBandwidthBytesPerSecond>(
        "hardware.intra_bandwidth", K::Real, "bytes/s",
        "Link bandwidth inside a node, one direction, per GPU.", 1e6, 1e13));
    keys.push_back(numberKey<&S::hardware, &HardwareSpec::intraLatencySeconds>(
        "hardware.intra_latency", K::Real, "s", "Link latency inside a node (alpha).", 0, 1));
    keys.push_back(numberKey<&S::hardware, &HardwareSpec::interBandwidthBytesPerSecond>(
        "hardware.inter_bandwidth", K::Real, "bytes/s",
        "Link bandwidth between nodes, one direction, per GPU.", 1e6, 1e13));
    keys.push_back(numberKey<&S::hardware, &HardwareSpec::interLatencySeconds>(
        "hardware.inter_latency", K::Real, "s", "Link latency between nodes (alpha).", 0, 1));
    auto nics = numberKey<&S::hardware, &HardwareSpec::nicsPerNode>(
        "hardware.nics_per_node", K::Integer, "NICs",
        "Network cards per node, shared by its GPUs; a collective crossing nodes uses all of "
        "them (NCCL channels).",
        1, 1024);
    nics.specialValue = 0;
    nics.specialMeaning = "0 = one per GPU (hardware.gpus_per_node)";
    keys.push_back(nics);
    auto nicBandwidth = numberKey<&S::hardware, &HardwareSpec::nicBandwidthBytesPerSecond>(
        "hardware.nic_bandwidth", K::Real, "bytes/s", "Bandwidth of one NIC, one direction.", 1e6,
        1e13);
    nicBandwidth.specialValue = 0;
    nicBandwidth.specialMeaning = "0 = hardware.inter_bandwidth (older files' per-GPU link)";
    keys.push_back(nicBandwidth);

    keys.push_back(choiceKey<&S::collective, &CollectiveSpec::algorithm, kAlgorithmNames>(
        "collective.algorithm", "All-reduce algorithm: ring, tree, naive or hierarchical."));
    keys.push_back(numberKey<&S::collective, &CollectiveSpec::workers>(
        "collective.workers", K::Integer, "GPUs", "Workers taking part in the all-reduce.", 1,
        1e6));
    keys.push_back(numberKey<&S::collective, &CollectiveSpec::bytes>(
        "collective.bytes", K::Real, "bytes", "Size of the all-reduced message S.", 1, 1e15));

    keys.push_back(choiceKey<&S::scaling, &ScalingSpec::mode, kScalingModeNames>(
        "scaling.mode", "Scaling model: lesson (the seed's three constants) or physical (FLOPs, "
                        "GPU peak and the collective over the links)."));
    keys.push_back(numberKey<&S::scaling, &ScalingSpec::workers>(
        "scaling.workers", K::Integer, "GPUs", "Worker count N chosen on the Scaling panel.", 1,
        4096));
    keys.push_back(choiceKey<&S::scaling, &ScalingSpec::axis, kAxisScaleNames>(
        "scaling.axis", "Worker axis of the Scaling panel: linear (bars around N) or log "
                        "(powers of two)."));
    // From 0.1 %, the finest step the panel shows: an MFU near 0 made the compute time (FLOPs
    // over MFU × peak) overflow to infinity.
    keys.push_back(numberKey<&S::scaling, &ScalingSpec::mfu>(
        "scaling.mfu", K::Real, "",
        "Physical mode: model FLOPs utilisation, the share of the GPU's peak achieved.", 0.001, 1));
    keys.push_back(numberKey<&S::scaling, &ScalingSpec::overlap>(
        "scaling.overlap", K::Real, "",
        "Physical mode: share of the gradient communication hidden under the backward pass.", 0,
        1));
    keys.push_back(choiceKey<&S::scaling, &ScalingSpec::batch, kBatchScalingNames>(
        "scaling.batch", "Physical mode: strong (global batch fixed, each GPU gets less) or weak "
                         "(batch per GPU fixed, the global batch grows with N)."));
    // Up to 0.3: the model draws step times from a normal distribution, which must stay positive;
    // at c = 0.3 a negative step is 3.3 standard deviations below the mean.
    keys.push_back(numberKey<&S::scaling, &ScalingSpec::stragglerCv>(
        "scaling.straggler_cv", K::Real, "",
        "Coefficient of variation of one GPU's step time: a synchronous step waits for the "
        "slowest of N GPUs (goodput model).",
        0, 0.3));
    KeyInfo measured = describe("scaling.measured", K::Text, "",
                                "Measured step times drawn over the Scaling charts (dtsim import "
                                "step-times prints them): N:seconds pairs, e.g. '1:1.02 2:0.55'.");
    measured.textForm = kMeasuredForm;
    measured.getChoice = &readMeasured;
    measured.setChoice = &writeMeasured;
    measured.checkText = &checkMeasured;
    keys.push_back(measured);
    keys.push_back(choiceKey<&S::scaling, &ScalingSpec::countFailures, kOffOnNames>(
        "scaling.count_failures",
        "Scaling panel: count failures and stragglers (off | on): each step also pays the "
        "straggler wait and its share of lost work, checkpoint writes and restarts (goodput "
        "model, checkpoint.* keys), so the optimum N moves left."));
    // The UI edits these in milliseconds with three decimals: 1 µs is the finest step it shows.
    keys.push_back(numberKey<&S::lesson, &LessonSpec::baseComputeSeconds>(
        "lesson.base_compute", K::Real, "s", "Compute time of one step on one worker (T_compute).",
        1e-6, 1e6));
    keys.push_back(numberKey<&S::lesson, &LessonSpec::fixedSyncSeconds>(
        "lesson.fixed_sync", K::Real, "s", "Fixed synchronisation latency once N > 1.", 0, 1e6));
    keys.push_back(numberKey<&S::lesson, &LessonSpec::syncPerWorkerSeconds>(
        "lesson.sync_per_worker", K::Real, "s", "Extra synchronisation cost per extra worker.", 0,
        1e6));

    // From 1 s: a checkpoint is saved between optimizer steps, and no step, write or restart
    // takes less than a second at the scale these keys describe; below it the interval was
    // rounded up to one step in silence and the chart's decades underflowed (τ = 5e-324 s).
    keys.push_back(numberKey<&S::checkpoint, &CheckpointSpec::intervalSeconds>(
        "checkpoint.interval", K::Real, "s",
        "Work between two checkpoints (tau). At least 1 s: an interval below a second is not a "
        "physical setting (a checkpoint is saved between optimizer steps).",
        1, 1e10));
    // Above 0, from 1 ms and 1 s: a write of 5e-324 s put Young's optimum at ~1e-150 s.
    auto write = numberKey<&S::checkpoint, &CheckpointSpec::writeTimeSeconds>(
        "checkpoint.write_time", K::Real, "s",
        "Time to write one checkpoint (delta). At least 1 ms when not 0: no storage write of a "
        "model's state completes faster.",
        1e-3, 1e8);
    write.specialValue = 0;
    write.specialMeaning = "0 = free checkpoints (the idealised limit)";
    keys.push_back(write);
    auto restart = numberKey<&S::checkpoint, &CheckpointSpec::restartTimeSeconds>(
        "checkpoint.restart_time", K::Real, "s",
        "Time to restart after a failure (R). At least 1 s when not 0: detecting a failure and "
        "relaunching the job take seconds at least.",
        1, 1e8);
    restart.specialValue = 0;
    restart.specialMeaning = "0 = an instant restart (the idealised limit)";
    keys.push_back(restart);
    // From 1 s: measured GPU MTBFs are tens of thousands of hours (Llama 3 §3.3.4: 419
    // interruptions in 54 days on 16,384 GPUs, ≈ 50,000 h a GPU); below a second the job MTBF
    // underflowed (1e-300 s) and every read-out past it was an overflow.
    keys.push_back(numberKey<&S::checkpoint, &CheckpointSpec::gpuMtbfSeconds>(
        "checkpoint.gpu_mtbf", K::Real, "s",
        "Mean time between failures of one GPU. At least 1 s: an MTBF below a second is not a "
        "physical setting (Llama 3 §3.3.4 measured about 50,000 h a GPU).",
        1, 1e13));
    keys.push_back(numberKey<&S::checkpoint, &CheckpointSpec::gpus>(
        "checkpoint.gpus", K::Integer, "GPUs",
        "GPUs in the job; any one failing stops it. Its step time (and W from train.steps) needs "
        "a dp x tp x pp x cp layout at the scenario's tp, pp and cp; the interval does not.",
        1, 1e7));
    auto work = numberKey<&S::checkpoint, &CheckpointSpec::workSeconds>(
        "checkpoint.work", K::Real, "s",
        "Useful work the job must complete (W), when given: it then sets the job's steps (W / the "
        "step at checkpoint.gpus) for the whole Checkpoint panel, calc goodput and the failures "
        "switch. At least 1 s when given: a job shorter than a second is not a physical "
        "training run.",
        1, 1e11);
    work.specialValue = 0;
    work.specialMeaning =
        "0 = not given: W = train.steps x the training model's step at checkpoint.gpus";
    keys.push_back(work);
    keys.push_back(numberKey<&S::checkpoint, &CheckpointSpec::monteCarloRuns>(
        "checkpoint.mc_runs", K::Integer, "runs", "Simulated jobs in the Monte-Carlo histogram.", 1,
        1e6));
    keys.push_back(numberKey<&S::checkpoint, &CheckpointSpec::monteCarloSeed>(
        "checkpoint.mc_seed", K::Integer, "",
        "Seed of the Monte-Carlo generator: the same seed gives the same runs.", 0,
        9007199254740992.0));

    auto storage = numberKey<&S::checkpoint, &CheckpointSpec::storageBytesPerSecond>(
        "checkpoint.storage_bandwidth", K::Real, "bytes/s",
        "Aggregate write bandwidth of the checkpoint storage: the goodput model writes the "
        "weights and optimizer state at it.",
        1e6, 1e15);
    storage.specialValue = 0;
    storage.specialMeaning = "0 = not given: checkpoint.write_time is the write time";
    keys.push_back(storage);
    auto memoryTier = numberKey<&S::checkpoint, &CheckpointSpec::memoryTierBytesPerSecond>(
        "checkpoint.memory_bandwidth", K::Real, "bytes/s",
        "Aggregate bandwidth of an in-memory checkpoint tier (host memory or a peer): training "
        "waits only for this copy; the copy to storage runs behind it.",
        1e6, 1e16);
    memoryTier.specialValue = 0;
    memoryTier.specialMeaning = "0 = no in-memory tier";
    keys.push_back(memoryTier);

    keys.push_back(choiceKey<&S::memory, &MemorySpec::sequenceParallel, kOffOnNames>(
        "memory.sequence_parallel",
        "Megatron sequence parallelism: split layer-norm and dropout activations over the "
        "tensor-parallel group too (off | on)."));
    keys.push_back(numberKey<&S::memory, &MemorySpec::buffersFraction>(
        "memory.buffers_fraction", K::Real, "",
        "Allowance for communication buffers and fragmentation, as a share of model states + "
        "activations (0 = off).",
        0, 1));

    keys.push_back(choiceKey<&S::topology, &TopologySpec::preset, kTopologyPresetNames>(
        "topology.preset", "Cluster drawn on the Topology panel: a preset, scenario (a uniform "
                           "cluster from the hardware.* keys, what an import sets) or imported "
                           "(nodes wired pair by pair as topology.node says)."));
    KeyInfo node = describe("topology.node", K::Text, "",
                            "Imported node's wiring for topology.preset = imported: nvidia-smi "
                            "topo -m codes of every GPU pair, upper triangle row by row, e.g. "
                            "'NV4 PIX PHB' for 3 GPUs (0-1, 0-2, 1-2).");
    node.textForm = kWiringForm;
    node.getChoice = &readNodeWiring;
    node.setChoice = &writeNodeWiring;
    node.checkText = &checkNodeWiring;
    keys.push_back(node);
    keys.push_back(numberKey<&S::topology, &TopologySpec::nodeNics>(
        "topology.node_nics", K::Integer, "NICs",
        "Imported node: NICs next to its GPUs (PIX/PXB in nvidia-smi topo -m), each at "
        "hardware.inter_bandwidth; 0 = none, a single node.",
        0, 1024));

    keys.push_back(numberKey<&S::cost, &CostSpec::gpuHourPrice>(
        "cost.gpu_hour_price", K::Real, "USD/GPU-hour",
        "Price of one GPU for one hour, for the plan's cost (GPU-hours x price).", 0, 1e4));
    auto power = numberKey<&S::cost, &CostSpec::gpuPowerWatts>(
        "cost.gpu_power", K::Real, "W",
        "Power one GPU draws while training, for the plan's energy.", 1, 1e5);
    power.specialValue = 0;
    power.specialMeaning = "0 = the catalogue's TDP of hardware.gpu";
    keys.push_back(power);
    keys.push_back(numberKey<&S::cost, &CostSpec::pue>(
        "cost.pue", K::Real, "",
        "Power usage effectiveness of the data centre: its energy over the IT equipment's.", 1, 5));
    keys.push_back(numberKey<&S::cost, &CostSpec::gridKgPerKwh>(
        "cost.grid_intensity", K::Real, "kg/kWh",
        "Carbon intensity of the grid, kg of CO2 per kWh, for the plan's emissions.", 0, 5));
    keys.push_back(choiceKey<&S::plan, &PlanSpec::tpAcrossNodes, kOffOnNames>(
        "plan.tp_across_nodes",
        "Planner: also try tensor-parallel groups larger than a node (off | on)."));
    return keys;
}

const std::vector<KeyInfo>& keyTable()
{
    static const std::vector<KeyInfo> table = buildKeys();
    return table;
}

/// A decimal number exactly as written: (−1)^negative × digits × 10^exponent, `digits` without
/// leading or trailing zeros (empty for zero). Compared with a key's bounds before any rounding
/// to a double, so "5.000000000000000001" is no whole number and "100000000000000.001" is above
/// 1e14, although both round to doubles that would pass.
struct Decimal {
    bool negative = false;
    std::string digits;
    std::int64_t exponent = 0;

    [[nodiscard]] bool isWhole() const { return digits.empty() || exponent >= 0; }
};

/// The decimal `text` writes (the form parseNumber accepts: sign, digits, point, exponent);
/// nullopt for anything else.
std::optional<Decimal> readDecimal(std::string_view text)
{
    Decimal decimal;
    std::size_t i = 0;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
        decimal.negative = text[i] == '-';
        ++i;
    }
    const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
    std::string digits;
    std::int64_t fractionDigits = 0;
    bool point = false;
    for (; i < text.size() && (isDigit(text[i]) || (text[i] == '.' && !point)); ++i) {
        if (text[i] == '.') {
            point = true;
        } else {
            digits.push_back(text[i]);
            fractionDigits += point ? 1 : 0;
        }
    }
    if (digits.empty()) {
        return std::nullopt;
    }
    // Exponents are saturated far beyond any double: a text parseNumber accepts with such an
    // exponent has a zero mantissa (or enough digits to cancel it), and saturation keeps the
    // comparison right for the bounds of every key.
    constexpr std::int64_t kSaturated = std::int64_t{1} << 40;
    std::int64_t exponent = 0;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool negativeExponent = false;
        if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
            negativeExponent = text[i] == '-';
            ++i;
        }
        if (i == text.size()) {
            return std::nullopt;
        }
        for (; i < text.size() && isDigit(text[i]); ++i) {
            exponent = std::min(kSaturated, exponent * 10 + (text[i] - '0'));
        }
        exponent = negativeExponent ? -exponent : exponent;
    }
    if (i != text.size()) {
        return std::nullopt;
    }
    const auto first = digits.find_first_not_of('0');
    if (first == std::string::npos) {
        return decimal; // zero: no digits
    }
    const auto last = digits.find_last_not_of('0');
    decimal.digits = digits.substr(first, last - first + 1);
    decimal.exponent =
        exponent - fractionDigits + static_cast<std::int64_t>(digits.size() - 1 - last);
    return decimal;
}

/// −1, 0 or 1 as a is below, equal to or above b.
int compare(const Decimal& a, const Decimal& b)
{
    const int signA = a.digits.empty() ? 0 : (a.negative ? -1 : 1);
    const int signB = b.digits.empty() ? 0 : (b.negative ? -1 : 1);
    if (signA != signB || signA == 0) {
        return signA < signB ? -1 : (signA > signB ? 1 : 0);
    }
    // Same sign: compare the magnitudes, by the place of the leading digit, then digit by digit.
    int magnitude = 0;
    const auto orderA = static_cast<std::int64_t>(a.digits.size()) + a.exponent;
    const auto orderB = static_cast<std::int64_t>(b.digits.size()) + b.exponent;
    if (orderA != orderB) {
        magnitude = orderA < orderB ? -1 : 1;
    } else {
        const std::size_t length = std::max(a.digits.size(), b.digits.size());
        for (std::size_t k = 0; k < length && magnitude == 0; ++k) {
            const char da = k < a.digits.size() ? a.digits[k] : '0';
            const char db = k < b.digits.size() ? b.digits[k] : '0';
            magnitude = da < db ? -1 : (da > db ? 1 : 0);
        }
    }
    return signA * magnitude;
}

/// A bound as the decimal `dtsim keys` prints for it ("1e-6", not the double's binary expansion).
Decimal boundDecimal(double bound)
{
    return readDecimal(formatNumber(bound)).value_or(Decimal{});
}

std::optional<ScenarioError> checkNumber(const KeyInfo& key, double value, std::string given,
                                         const Decimal* written = nullptr)
{
    if (!std::isfinite(value)) {
        return ScenarioError{ScenarioError::Kind::NotANumber,
                             std::string(key.name),
                             std::move(given),
                             key.allowedText(),
                             {}};
    }
    if (key.specialValue && value == *key.specialValue) {
        return std::nullopt;
    }
    const bool whole = written ? written->isWhole() : value == std::floor(value);
    if (key.type == KeyType::Integer && !whole) {
        return ScenarioError{ScenarioError::Kind::NotAnInteger,
                             std::string(key.name),
                             std::move(given),
                             key.allowedText(),
                             {}};
    }
    const int toMinimum = written ? compare(*written, boundDecimal(key.minimum))
                                  : (value < key.minimum ? -1 : (value > key.minimum ? 1 : 0));
    const int toMaximum = written ? compare(*written, boundDecimal(key.maximum))
                                  : (value < key.maximum ? -1 : (value > key.maximum ? 1 : 0));
    const bool belowMinimum = key.minimumExclusive ? toMinimum <= 0 : toMinimum < 0;
    if (belowMinimum || toMaximum > 0) {
        return ScenarioError{ScenarioError::Kind::OutOfRange,
                             std::string(key.name),
                             std::move(given),
                             key.allowedText(),
                             {}};
    }
    return std::nullopt;
}

std::optional<ScenarioError> checkChoice(const KeyInfo& key, std::string_view word)
{
    if (key.type == KeyType::Text) {
        if (auto problem = key.checkText(word)) {
            return ScenarioError{ScenarioError::Kind::NotAChoice,
                                 std::string(key.name),
                                 std::move(*problem),
                                 key.allowedText(),
                                 {}};
        }
        return std::nullopt;
    }
    for (auto choice : key.choices) {
        if (choice == word) {
            return std::nullopt;
        }
    }
    return ScenarioError{ScenarioError::Kind::NotAChoice,
                         std::string(key.name),
                         std::string(word),
                         key.allowedText(),
                         {}};
}

std::string_view trim(std::string_view text)
{
    return textutil::trim(text);
}

} // namespace

std::string ScenarioError::message() const
{
    // What was given came from a file or an argument: shown, never obeyed by the terminal.
    const std::string quoted = "'" + textutil::visible(given) + "'";
    const std::string name = textutil::visible(key);
    switch (kind) {
    case Kind::UnknownKey:
        return "unknown key '" + name + "' (" +
               (detail.empty() ? "dtsim keys lists them" : detail) + ")";
    case Kind::NotANumber:
        return name + ": " + quoted + " is not a finite number; allowed: " + allowed;
    case Kind::NotAnInteger:
        return name + ": " + quoted + " is not a whole number; allowed: " + allowed;
    case Kind::OutOfRange:
        return name + ": " + quoted + " is out of range; allowed: " + allowed;
    case Kind::NotAChoice:
        return name + ": " + quoted + " is not allowed; allowed: " + allowed;
    case Kind::Inconsistent:
        return name + ": " + quoted + " must be " + allowed +
               (detail.empty() ? "" : " (" + detail + ")");
    case Kind::Syntax:
        return "--set " + quoted + ": expected KEY=VALUE";
    }
    return name;
}

std::string KeyInfo::allowedText() const
{
    if (type == KeyType::Text) {
        return std::string(textForm);
    }
    if (type == KeyType::Choice) {
        std::string text;
        for (auto choice : choices) {
            text += (text.empty() ? "" : " | ") + std::string(choice);
        }
        return text;
    }
    std::string text = minimumExclusive ? "greater than " + formatNumber(minimum) + ", up to "
                                        : formatNumber(minimum) + " to ";
    text += formatNumber(maximum);
    if (type == KeyType::Integer) {
        text += ", whole numbers";
    }
    if (specialValue) {
        text += ", or " + formatNumber(*specialValue);
    }
    return text;
}

std::span<const KeyInfo> scenarioKeys()
{
    return keyTable();
}

const KeyInfo* findKey(std::string_view name)
{
    for (const auto& key : keyTable()) {
        if (key.name == name) {
            return &key;
        }
    }
    return nullptr;
}

std::string valueText(const Scenario& scenario, const KeyInfo& key)
{
    return key.type == KeyType::Choice || key.type == KeyType::Text
               ? key.getChoice(scenario)
               : formatNumber(key.getNumber(scenario));
}

std::string valueText(const Scenario& scenario, std::string_view name)
{
    const KeyInfo* key = findKey(name);
    return key ? valueText(scenario, *key) : std::string();
}

std::optional<double> parseNumber(std::string_view text)
{
    text = trim(text);
    if (!text.empty() && text.front() == '+') {
        text.remove_prefix(1);
    }
    if (text.empty()) {
        return std::nullopt;
    }
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

std::optional<int> compareWritten(std::string_view text, double bound)
{
    text = trim(text);
    if (!text.empty() && text.front() == '+') {
        text.remove_prefix(1);
    }
    if (!parseNumber(text)) {
        return std::nullopt;
    }
    const auto written = readDecimal(text);
    if (!written) {
        return std::nullopt;
    }
    return compare(*written, boundDecimal(bound));
}

std::string formatNumber(double value)
{
    std::array<char, 64> buffer{};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    if (error != std::errc()) {
        return "?";
    }
    std::string text(buffer.data(), end);
    // "7e+09" → "7e9": shorter, and still what parseNumber reads.
    if (const auto e = text.find('e'); e != std::string::npos) {
        std::string exponent = text.substr(e + 1);
        const bool negative = !exponent.empty() && exponent.front() == '-';
        exponent.erase(0, exponent.find_first_not_of("+-0"));
        text = text.substr(0, e + 1) + (negative ? "-" : "") + (exponent.empty() ? "0" : exponent);
    }
    return text;
}

std::string_view keyName(std::string_view given)
{
    return textutil::trim(given);
}

namespace {

// A key dtsim once read names what replaced it, so an old scenario file says what to change.
ScenarioError unknownKey(std::string_view name, std::string given)
{
    ScenarioError error{
        ScenarioError::Kind::UnknownKey, std::string(name), std::move(given), {}, {}};
    if (name == "parallel.microbatches") {
        error.detail = "no longer a setting: a step has m = train.global_batch / "
                       "(train.micro_batch x parallel.dp) micro-batches; set train.global_batch";
    }
    return error;
}

} // namespace

std::optional<std::int64_t> microbatchesPerStep(const Scenario& scenario)
{
    const std::int64_t b = scenario.train.microBatch;
    const std::int64_t dp = scenario.parallel.dp;
    const std::int64_t batch = scenario.train.globalBatch;
    if (b < 1 || dp < 1 || batch < 1 || batch % dp != 0 || (batch / dp) % b != 0) {
        return std::nullopt;
    }
    return batch / dp / b;
}

std::optional<ScenarioError> setValue(Scenario& scenario, std::string_view name,
                                      std::string_view text)
{
    const KeyInfo* key = findKey(keyName(name));
    if (!key) {
        return unknownKey(keyName(name), std::string(text));
    }
    const std::string_view value = trim(text);
    if (key->type == KeyType::Choice || key->type == KeyType::Text) {
        if (auto error = checkChoice(*key, value)) {
            return error;
        }
        key->setChoice(scenario, value);
        return std::nullopt;
    }
    const auto number = parseNumber(value);
    if (!number) {
        return ScenarioError{ScenarioError::Kind::NotANumber,
                             std::string(key->name),
                             std::string(value),
                             key->allowedText(),
                             {}};
    }
    // The text exactly as written decides whole numbers and bounds (parseNumber accepted it, so
    // it is a decimal; a leading '+' is allowed there and here).
    const auto written = readDecimal(value);
    if (auto error =
            checkNumber(*key, *number, std::string(value), written ? &*written : nullptr)) {
        return error;
    }
    key->setNumber(scenario, *number);
    return std::nullopt;
}

std::optional<ScenarioError> setNumber(Scenario& scenario, std::string_view name, double value)
{
    const KeyInfo* key = findKey(name);
    if (!key) {
        return unknownKey(name, formatNumber(value));
    }
    if (key->type == KeyType::Choice || key->type == KeyType::Text) {
        return ScenarioError{ScenarioError::Kind::NotAChoice,
                             std::string(name),
                             formatNumber(value),
                             key->allowedText(),
                             {}};
    }
    if (auto error = checkNumber(*key, value, formatNumber(value))) {
        return error;
    }
    key->setNumber(scenario, value);
    return std::nullopt;
}

std::optional<ScenarioError> applyAssignment(Scenario& scenario, std::string_view assignment)
{
    const auto equals = assignment.find('=');
    if (equals == std::string_view::npos || trim(assignment.substr(0, equals)).empty()) {
        return ScenarioError{ScenarioError::Kind::Syntax, {}, std::string(assignment), {}, {}};
    }
    return setValue(scenario, assignment.substr(0, equals), assignment.substr(equals + 1));
}

std::vector<ScenarioError> validate(const Scenario& scenario)
{
    std::vector<ScenarioError> errors;
    for (const auto& key : keyTable()) {
        if (key.type == KeyType::Choice || key.type == KeyType::Text) {
            if (auto error = checkChoice(key, key.getChoice(scenario))) {
                errors.push_back(*error);
            }
        } else {
            const double value = key.getNumber(scenario);
            if (auto error = checkNumber(key, value, formatNumber(value))) {
                errors.push_back(*error);
            }
        }
    }
    const auto& model = scenario.model;
    if (model.heads > 0 && model.hidden % model.heads != 0) {
        errors.push_back({ScenarioError::Kind::Inconsistent, "model.heads",
                          std::to_string(model.heads), "a divisor of model.hidden",
                          "model.hidden = " + std::to_string(model.hidden)});
    }
    const auto& parallel = scenario.parallel;
    // The weight-gradient part is part of the whole backward (Qi et al. 2023 §2).
    const double backwardSeconds =
        parallel.backwardSeconds > 0 ? parallel.backwardSeconds : 2 * parallel.forwardSeconds;
    if (parallel.weightGradSeconds > backwardSeconds) {
        errors.push_back({ScenarioError::Kind::Inconsistent, "parallel.weight_grad_time",
                          formatNumber(parallel.weightGradSeconds),
                          "0 … parallel.backward_time (the whole backward, " +
                              formatNumber(backwardSeconds) + " s)",
                          parallel.backwardSeconds > 0
                              ? "parallel.backward_time = " + formatNumber(backwardSeconds)
                              : "parallel.backward_time = 0: 2 × parallel.forward_time = " +
                                    formatNumber(backwardSeconds)});
    }
    if (scenario.topology.preset == TopologyPresetId::Imported && scenario.topology.node.empty()) {
        errors.push_back({ScenarioError::Kind::Inconsistent, "topology.node", "",
                          "the imported node's wiring (g(g-1)/2 codes) when topology.preset is "
                          "imported",
                          "topology.preset = imported"});
    }
    if (scenario.topology.preset == TopologyPresetId::Imported) {
        // The other panels price a node of hardware.gpus_per_node GPUs: it must be the node drawn.
        const auto wiring = parseNvTopoWiring(scenario.topology.node);
        if (wiring.node && wiring.node->gpus != scenario.hardware.gpusPerNode) {
            errors.push_back({ScenarioError::Kind::Inconsistent, "hardware.gpus_per_node",
                              std::to_string(scenario.hardware.gpusPerNode),
                              std::to_string(wiring.node->gpus) +
                                  " (the GPUs of topology.node) when topology.preset is imported",
                              "topology.preset = imported"});
        }
    }
    return errors;
}

} // namespace simcore
