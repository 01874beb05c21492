#pragma once
// The one description of "what the user is simulating", shared by widgets, scenario files and the
// command line. Plain C++20, no Qt. All quantities are SI: bytes, seconds, bytes per second.

#include "simcore/scenario/linkfigures.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simcore {

enum class Precision { Fp32, Mixed, Bf16 };
enum class Optimizer { Sgd, Momentum, Adam, Adam8bit };
enum class Recompute { None, Selective, Full };
/// GPipe, 1F1B, interleaved 1F1B; the zero-bubble schedules ZB-H1 and ZB-H2 (Qi et al. 2023) and
/// DualPipe (DeepSeek-V3 technical report §3.2.1), which split the backward into its input- and
/// weight-gradient parts (simcore/models/pipeline.h).
enum class PipelineSchedule { GPipe, OneFOneB, Interleaved, ZeroBubbleH1, ZeroBubbleH2, DualPipe };
/// Every collective algorithm dtsim knows (collectives.h prices each). The `collective.algorithm`
/// key offers the first four; Rabenseifner and ParameterServer are compared on the Communication
/// panel only.
enum class CommAlgorithm {
    Ring,            ///< ring: pipelined neighbour exchange (Thakur, Rabenseifner & Gropp 2005)
    Tree,            ///< binomial tree, whole message per round, not pipelined
    Naive,           ///< direct exchange: every worker sends what each other worker needs
    Hierarchical,    ///< intra-node ring, inter-node ring of S/g, intra-node ring (g GPUs/node)
    Rabenseifner,    ///< recursive halving then recursive doubling (Rabenseifner 2004)
    ParameterServer, ///< one server with one link: everyone pushes, then pulls
};
enum class ScalingMode { Lesson, Physical };
enum class BatchScalingMode { Strong, Weak };
enum class AxisScale { Linear, Log };

struct ModelSpec {
    double params = 7e9;        ///< parameter count Ψ; 0 = derive from the shape
    std::int64_t layers = 32;   ///< transformer layers L
    std::int64_t hidden = 4096; ///< hidden size h
    std::int64_t heads = 32;    ///< attention heads a
    std::int64_t seqLen = 4096; ///< sequence length s (tokens)
    std::int64_t vocab = 32000; ///< vocabulary size V

    friend bool operator==(const ModelSpec&, const ModelSpec&) = default;
};

struct TrainingSpec {
    Precision precision = Precision::Fp32; ///< the lesson's §1 example is FP32 + Adam
    Optimizer optimizer = Optimizer::Adam;
    std::int64_t microBatch = 1; ///< sequences per micro-batch b
    /// Sequences per optimizer step: dp × b × m = 4 × 1 × 8 of the default layout (MODELS §8,
    /// m = global batch / (b·dp)), so Physical scaling stops at the default cluster's 32 GPUs.
    std::int64_t globalBatch = 32;
    std::int64_t steps = 100000; ///< optimizer steps in the whole run
    /// Selective (Korthikanti et al. 2022): the default layout keeps 22.6 GB of activations per
    /// GPU (55 GB without), so the model states ZeRO shards stay a visible share of each bar.
    Recompute recompute = Recompute::Selective;
    /// Tokens the whole run trains on, for the training model's days (`train.tokens`); 0 = not
    /// given (days then follow from train.steps).
    double tokens = 0;

    friend bool operator==(const TrainingSpec&, const TrainingSpec&) = default;
};

/// The default layout, 4 × 2 × 4 = 32 GPUs, is the default cluster's (4 nodes of 8, one pipeline
/// stage per node): every panel shows its contrast from the start (DESIGN.md, "Defaults that
/// teach").
struct ParallelSpec {
    std::int64_t dp = 4;   ///< data-parallel degree d
    std::int64_t tp = 2;   ///< tensor-parallel degree t
    std::int64_t pp = 4;   ///< pipeline-parallel degree p
    std::int64_t zero = 0; ///< ZeRO stage 0..3 (3 = FSDP full shard)
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    std::int64_t virtualStages = 2; ///< interleaved schedule: model chunks per device v
    double forwardSeconds = 0.010;  ///< pipeline: forward of one micro-batch on one device t_f
    double backwardSeconds = 0;     ///< t_b; 0 = 2·t_f (Kaplan et al. 2020: 4Ψ of 6Ψ per token)
    /// W, the weight-gradient part of t_b (zero-bubble schedules and DualPipe); 0 = t_b / 2: a
    /// linear layer's backward is two matmuls of equal FLOPs, dX = dY·Wᵀ and dW = Xᵀ·dY.
    double weightGradSeconds = 0;
    double transferSeconds = 0; ///< point-to-point send between stages, per micro-batch
    /// Context-parallel degree: the sequence split cp ways (Llama 3 paper §3.3.2); the training
    /// model's layout is dp × tp × pp × cp GPUs. The other views read dp × tp × pp.
    std::int64_t cp = 1;

    friend bool operator==(const ParallelSpec&, const ParallelSpec&) = default;
};

struct HardwareSpec {
    std::string gpu = "h100-sxm"; ///< catalogue id
    std::int64_t gpusPerNode = 8;
    /// GPUs in the whole cluster, the most the Physical scaling model may use; 0 = not given.
    std::int64_t gpus = 0;
    /// One direction, per GPU. The defaults are the link catalogue's NVLink 4 and InfiniBand
    /// NDR (linkfigures.h), the links of the default topology preset.
    double intraBandwidthBytesPerSecond = kNvlink4BytesPerSecond;
    double intraLatencySeconds = kNvlinkLatencySeconds;
    double interBandwidthBytesPerSecond = kInfinibandNdrBytesPerSecond;
    double interLatencySeconds = kNetworkLatencySeconds;
    /// Network cards per node, shared by the node's GPUs (`hardware.nics_per_node`); 0 = one per
    /// GPU, the DGX layout and what a file with only hardware.inter_bandwidth meant.
    std::int64_t nicsPerNode = 0;
    /// One NIC's bandwidth, one direction (`hardware.nic_bandwidth`); 0 = derived from
    /// hardware.inter_bandwidth (the per-GPU link of older files: one NIC per GPU at that rate).
    double nicBandwidthBytesPerSecond = 0;

    /// The NICs a node has, with 0 read as one per GPU: the one reading of the training model
    /// and the Topology panel.
    [[nodiscard]] std::int64_t nodeNics() const
    {
        return nicsPerNode > 0 ? nicsPerNode : gpusPerNode;
    }
    /// One NIC's bandwidth, with 0 read as hardware.inter_bandwidth.
    [[nodiscard]] double nicBytesPerSecond() const
    {
        return nicBandwidthBytesPerSecond > 0 ? nicBandwidthBytesPerSecond
                                              : interBandwidthBytesPerSecond;
    }

    friend bool operator==(const HardwareSpec&, const HardwareSpec&) = default;
};

struct CollectiveSpec {
    CommAlgorithm algorithm = CommAlgorithm::Ring; ///< one of the first four
    std::int64_t workers = 8;
    double bytes = 1e9; ///< message size S of one all-reduce

    friend bool operator==(const CollectiveSpec&, const CollectiveSpec&) = default;
};

/// One measured run drawn over the Scaling charts (scaling.measured): the step time a real job
/// took at a worker count.
struct MeasuredStep {
    std::int64_t workers = 1; ///< N, 1 … scaling.workers' maximum
    double seconds = 0;       ///< one step's wall time, s, > 0 and ≤ 1e6
    std::size_t line = 0;     ///< 1-based line of the file it came from (0: not from a file)
    friend bool operator==(const MeasuredStep&, const MeasuredStep&) = default;
};

struct ScalingSpec {
    ScalingMode mode = ScalingMode::Lesson;
    std::int64_t workers = 8;           ///< the slider's N
    AxisScale axis = AxisScale::Linear; ///< how the worker axis (slider, bars, curve) is spaced
    double mfu = 0.4;                   ///< physical: share of peak FLOP/s achieved (PaLM MFU)
    double overlap = 0;                 ///< physical: share of communication hidden by backward
    BatchScalingMode batch = BatchScalingMode::Strong; ///< physical: what stays fixed as N grows
    /// Coefficient of variation of one GPU's step time (σ/μ). A synchronous step waits for the
    /// slowest of N GPUs (MODELS §9). 2 % is an assumption for teaching, not a published figure.
    double stragglerCv = 0.02;
    std::vector<MeasuredStep> measured; ///< measured step times drawn over the model (may be empty)
    /// The step-time bars and the optimum count failures, checkpoints and stragglers too: each
    /// N's step is the goodput model's wall time per step (goodput.h) at Daly's interval.
    bool countFailures = false;

    friend bool operator==(const ScalingSpec&, const ScalingSpec&) = default;
};

/// The lesson's three constants (seed lesson §5), in seconds. Defaults: see DESIGN.md.
struct LessonSpec {
    double baseComputeSeconds = 1.0;
    double fixedSyncSeconds = 0.020;
    double syncPerWorkerSeconds = 0.004;

    friend bool operator==(const LessonSpec&, const LessonSpec&) = default;
};

struct CheckpointSpec {
    double intervalSeconds = 3600;
    double writeTimeSeconds = 60;
    double restartTimeSeconds = 600;
    double gpuMtbfSeconds = 5e4 * 3600; ///< ≈ Llama 3 §3.3.4: 3.1 h job MTBF × 16,384 GPUs
    /// The default layout's own N (dp × tp × pp = 4 × 2 × 4): the job is a layout the training
    /// model prices, as every N the goodput model prices must be.
    std::int64_t gpus = 32;
    /// W, seconds; 0 = not given: W = train.steps × the training model's step at `gpus`.
    double workSeconds = 0;
    std::int64_t monteCarloRuns = 2000; ///< simulated jobs behind the histogram
    std::int64_t monteCarloSeed = 1;    ///< same seed, same runs
    /// Aggregate bandwidth of the checkpoint storage, bytes/s; 0 = not given: the goodput model
    /// then takes writeTimeSeconds as the write time. (Llama 3 §3.3.1: Tectonic sustains 2 TB/s.)
    double storageBytesPerSecond = 0;
    /// Aggregate bandwidth of an in-memory checkpoint tier (host memory or a peer's), bytes/s;
    /// 0 = no such tier. With it, training waits only for the copy to memory.
    double memoryTierBytesPerSecond = 0;

    friend bool operator==(const CheckpointSpec&, const CheckpointSpec&) = default;
};

struct MemorySpec {
    bool sequenceParallel = false; ///< Megatron sequence parallelism over the tp group
    double buffersFraction = 0;    ///< allowance for buffers + fragmentation, share of the rest

    friend bool operator==(const MemorySpec&, const MemorySpec&) = default;
};

/// Topology panel: the cluster it draws. A preset of simcore/models/topology.h, Scenario:
/// a uniform cluster built from the hardware.* keys (what the importers set), or Imported: nodes
/// wired pair by pair as topology.node says (an imported `nvidia-smi topo -m`).
enum class TopologyPresetId {
    Scenario,
    PcieWorkstation,
    H100Nvswitch,
    NdrCluster,
    Miswired,
    Imported
};

struct TopologySpec {
    TopologyPresetId preset = TopologyPresetId::NdrCluster;
    /// topology.node: one node's wiring as `nvidia-smi topo -m` codes, the upper triangle of the
    /// GPU × GPU matrix row by row ("NV18 NV18 PHB …"; simcore/import/nvtopoimport.h,
    /// nvTopoWiringText). Empty = none. Kept in canonical form (one space, upper case, SYS).
    std::string node;
    std::int64_t nodeNics = 0; ///< topology.node_nics: NICs next to the GPUs, per node

    friend bool operator==(const TopologySpec&, const TopologySpec&) = default;
};

/// What a training run costs (MODELS §10): GPU-hours at a price, energy at the GPUs' power and
/// the data centre's PUE, CO₂ at the grid's intensity. Defaults are published figures:
/// $2 per GPU-hour is the rental price DeepSeek-V3's report (2024, §1, Table 1) prices its
/// 2.788 M H800 GPU-hours at; PUE 1.2 and 57 g CO₂ per kWh are Jean Zay's, the cluster of the
/// BLOOM footprint study (Luccioni, Viguier, Ligozat 2022, §4).
struct CostSpec {
    double gpuHourPrice = 2.0;   ///< US dollars per GPU-hour (`cost.gpu_hour_price`)
    double gpuPowerWatts = 0;    ///< W drawn per GPU; 0 = the catalogue's TDP (`cost.gpu_power`)
    double pue = 1.2;            ///< power usage effectiveness: facility energy / IT energy
    double gridKgPerKwh = 0.057; ///< kg CO₂ per kWh of the grid (`cost.grid_intensity`)

    friend bool operator==(const CostSpec&, const CostSpec&) = default;
};

/// The planner's own choices (simcore/plan/planner.h).
struct PlanSpec {
    /// Let tensor parallelism span nodes (`plan.tp_across_nodes`); off keeps tp ≤ GPUs per node,
    /// where Megatron-LM runs it (Narayanan et al. 2021 §3.3: TP across nodes is slow).
    bool tpAcrossNodes = false;

    friend bool operator==(const PlanSpec&, const PlanSpec&) = default;
};

struct Scenario {
    ModelSpec model;
    TrainingSpec train;
    ParallelSpec parallel;
    HardwareSpec hardware;
    CollectiveSpec collective;
    ScalingSpec scaling;
    LessonSpec lesson;
    CheckpointSpec checkpoint;
    MemorySpec memory;
    TopologySpec topology;
    CostSpec cost;
    PlanSpec plan;

    friend bool operator==(const Scenario&, const Scenario&) = default;
};

enum class KeyType { Integer, Real, Choice, Text }; // Text: free text checked by checkText

/// A problem with one key's value, as a value: the UI and the CLI turn it into translated text.
/// Which rule of a dp × tp × pp × cp layout a scenario breaks (layoutProblems), so a window can
/// word it in its own language with its controls' labels. ScenarioError::numbers holds the
/// rule's figures, in the order listed.
enum class LayoutRule {
    None,
    GpusProduct,             ///< dp·tp·pp·cp ≠ hardware.gpus: {gpus, tp·pp·cp}
    DividesHeads,            ///< tp ∤ heads: {heads}
    DividesHidden,           ///< tp ∤ hidden: {hidden}
    ChunksPerStage,          ///< v > layers/pp: {layers, pp}
    DividesLayers,           ///< pp·v ∤ layers: {layers, v}
    DividesSequence,         ///< cp (cp·tp with sequence parallelism) ∤ s: {seq_len, tp or 0}
    BatchPerStep,            ///< b·dp ∤ B: {b·dp}
    InterleavedMicrobatches, ///< m not a multiple of p: {b·dp·pp, m}
    DualPipeEvenStages,      ///< odd p under DualPipe: {}
    DualPipeMicrobatches,    ///< m odd or < 2p: {2p, m}
    ZeroBubbleMicrobatches,  ///< m below ZB-H1's p or ZB-H2's 2p − 1: {least m, m}
};

struct ScenarioError {
    enum class Kind {
        UnknownKey,   ///< no such key
        NotANumber,   ///< text is not a finite number
        NotAnInteger, ///< the key takes whole numbers
        OutOfRange,   ///< outside [allowed]
        NotAChoice,   ///< not one of the allowed words
        Inconsistent, ///< conflicts with another key (named in `detail`)
        Syntax,       ///< a --set argument without '='
    };
    Kind kind;
    std::string key;
    std::string given;   ///< the offending text or value as written
    std::string allowed; ///< e.g. "1 … 4096", "ring | tree", "a divisor of model.hidden"
    std::string detail;  ///< extra context for Inconsistent
    LayoutRule rule = LayoutRule::None;     ///< a layout rule (Inconsistent), for a window's words
    std::vector<std::int64_t> numbers = {}; ///< the rule's figures (LayoutRule)

    /// A one-line English message, for logs and the CLI. The UI translates from the fields.
    [[nodiscard]] std::string message() const;
    friend bool operator==(const ScenarioError&, const ScenarioError&) = default;
};

/// Everything `dtsim keys` prints about one key, and how to read and write it.
struct KeyInfo {
    std::string_view name;
    KeyType type = KeyType::Real;
    std::string_view unit;    ///< "s", "bytes", "bytes/s", "" for counts and words
    std::string_view meaning; ///< one English sentence
    double minimum = 0;       ///< numbers: inclusive unless minimumExclusive
    double maximum = 0;
    bool minimumExclusive = false;
    std::optional<double>
        specialValue; ///< an extra allowed value outside the range (e.g. 0 = auto)
    std::string_view specialMeaning;
    std::vector<std::string_view> choices; ///< Choice keys: the allowed words, in enum order
    std::string_view textForm; ///< Text keys: the allowed form, as allowedText() prints it

    double (*getNumber)(const Scenario&) = nullptr;
    void (*setNumber)(Scenario&, double) = nullptr;
    std::string (*getChoice)(const Scenario&) = nullptr;      ///< Choice and Text keys: the text
    void (*setChoice)(Scenario&, std::string_view) = nullptr; ///< Choice and Text keys
    /// Text keys: nullopt when `text` is allowed, else the offending part (a word, "5 codes").
    std::optional<std::string> (*checkText)(std::string_view text) = nullptr;

    /// "1 … 4096", "> 0 … 1e+06", "ring | tree | naive | hierarchical"
    [[nodiscard]] std::string allowedText() const;
};

/// Every key, in the order `dtsim keys` lists them.
std::span<const KeyInfo> scenarioKeys();
const KeyInfo* findKey(std::string_view name);

/// The key's current value as text ("7e+09", "adam"), the way files and --set write it.
std::string valueText(const Scenario& scenario, const KeyInfo& key);
std::string valueText(const Scenario& scenario, std::string_view name);

/// A key's name as setValue reads what was given: without the white space around it. Two names
/// that read as one key are one key (a scenario file refuses them twice).
std::string_view keyName(std::string_view given);

/// Parses and range-checks `text` for `name` and applies it; on error the scenario is unchanged.
std::optional<ScenarioError> setValue(Scenario& scenario, std::string_view name,
                                      std::string_view text);
/// Range-checks a number for a numeric key and applies it; on error the scenario is unchanged.
std::optional<ScenarioError> setNumber(Scenario& scenario, std::string_view name, double value);

/// Parses "KEY=VALUE" as given to --set and applies it.
std::optional<ScenarioError> applyAssignment(Scenario& scenario, std::string_view assignment);

/// m, the micro-batches of one step on one data-parallel replica: B / (b·dp) (Narayanan et al.
/// 2021 §2.2: the global batch B split over dp replicas in micro-batches of b sequences). The one
/// meaning of m: the pipeline schedule, memory in flight and the training model all read it.
/// nullopt when b·dp does not divide B (the layout check names train.global_batch).
std::optional<std::int64_t> microbatchesPerStep(const Scenario& scenario);

/// Checks every key's range and the rules between keys. Empty when the scenario is usable.
std::vector<ScenarioError> validate(const Scenario& scenario);

/// Parses a finite decimal number the C locale way ("7e9", "0.25"); nullopt on anything else.
std::optional<double> parseNumber(std::string_view text);

/// Shortest text that reads back to the same double ("0.02", "7e+09").
std::string formatNumber(double value);

/// −1, 0 or 1 as the decimal `text` writes is below, equal to or above `bound` (as formatNumber
/// writes it), compared digit by digit before any rounding to a double, as --set keys are:
/// "4.0000000000000000001" is above 4. nullopt when `text` is not a number parseNumber reads.
std::optional<int> compareWritten(std::string_view text, double bound);

} // namespace simcore
