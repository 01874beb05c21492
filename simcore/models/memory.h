#pragma once
// Training memory per GPU (MODELS.md §2): model states (weights, gradients, optimizer state) with
// ZeRO sharding and model parallelism, activations (Korthikanti et al. 2022), an optional buffers
// allowance, and the verdict against a GPU's capacity. Plain C++20, no Qt.
//
// Units: bytes (double: exact for integers up to 2^53 ≈ 9e15, relative error ≤ 1e-16 above) and
// counts of parameters (double, integer-valued). GB = 1e9 bytes, GiB = 2^30 bytes.
//
// Preconditions: `validate(scenario)` and `validateMemory(scenario, options)` are empty. On other
// input the functions below do not crash or divide by zero, but their numbers mean nothing.

#include "simcore/models/pipeline.h"
#include "simcore/scenario/catalogue.h"
#include "simcore/scenario/scenario.h"

#include <cstdint>
#include <vector>

namespace simcore {

/// Parameter count of a GPT-style transformer from its shape, Narayanan et al. 2021 ("Efficient
/// Large-Scale Language Model Training on GPU Clusters Using Megatron-LM"), §5.1 eq. 2:
/// P = 12·L·h²·(1 + 13/(12h) + (V + s)/(12·L·h)) = 12·L·h² + 13·L·h + (V + s)·h.
/// Assumes a 4h MLP and learned position embeddings; GPT-3 175B's shape gives ≈ 174.6e9.
double parametersFromShape(const ModelSpec& model);

/// Ψ: `model.params` when it is > 0, else parametersFromShape (the key's "0 = derive" meaning).
double effectiveParameters(const ModelSpec& model);

/// Bytes kept per parameter for each model state, before any sharding (MODELS §2 table).
struct BytesPerParameter {
    double weights = 0;   ///< the copy used in forward/backward
    double gradients = 0; ///< one gradient per weight, in the compute precision
    double optimizer = 0; ///< K in ZeRO §3.1: optimizer states plus the FP32 master copy if any

    [[nodiscard]] double total() const { return weights + gradients + optimizer; }
    friend bool operator==(const BytesPerParameter&, const BytesPerParameter&) = default;
};

/// The MODELS §2 table, every cell (bytes per parameter: weights / gradients / optimizer):
/// | optimizer | fp32        | mixed (16-bit + FP32 master) | bf16 (everything 16-bit) |
/// | sgd       | 4 / 4 / 0   | 2 / 2 / 4  (master only)     | 2 / 2 / 0                |
/// | momentum  | 4 / 4 / 4   | 2 / 2 / 8  (master + m)      | 2 / 2 / 2  (m in bf16)   |
/// | adam      | 4 / 4 / 8   | 2 / 2 / 12 (ZeRO §3.1, K=12) | 2 / 2 / 4  (m, v in bf16)|
/// | adam8bit  | 4 / 4 / 2   | 2 / 2 / 6  (master + 2×8 bit)| 2 / 2 / 2                |
/// Sources: seed lesson §1 (fp32 + Adam = 16 B); Rajbhandari et al. 2020 (ZeRO) §3.1 (mixed);
/// Dettmers et al. 2022 ("8-bit Optimizers via Block-wise Quantization"): two 8-bit states; their
/// per-block FP32 scale (1 per 2048 values, ≈ 0.004 B/param) is left out.
BytesPerParameter bytesPerParameter(Precision precision, Optimizer optimizer);

/// Bytes of one stored activation value: 4 for fp32, 2 for mixed and bf16 (Korthikanti et al.
/// 2022 assume 16-bit activations; fp32 doubles the values but not the 1-byte dropout masks).
double activationValueBytes(Precision precision);

/// Settings the memory panel needs that are not (yet) Scenario keys.
struct MemoryOptions {
    /// Megatron sequence parallelism (Korthikanti et al. 2022 §4.2.2): the layer-norm and dropout
    /// activations are split over the tensor-parallel group too. Needs model.seq_len % tp == 0.
    bool sequenceParallel = false;
    /// Allowance for communication buffers, allocator fragmentation and the CUDA context, as a
    /// fraction of (model states + activations), 0 … 1; 0 = off. Not from a paper: a teaching
    /// knob, shown as its own item so that it is never hidden inside another number.
    double buffersFraction = 0;
};

/// The MemoryOptions a scenario asks for: `memory.sequence_parallel` and
/// `memory.buffers_fraction`. The panel, the exporter and `dtsim calc memory` all use this, so
/// they evaluate the same thing; check the result with validateMemory(scenario, options).
MemoryOptions memoryOptionsFromScenario(const Scenario& scenario);

/// Activation sets held at once by a pipeline stage, from the schedule (Korthikanti et al. 2022
/// §4.2.3; warm-up counts of Narayanan et al. 2021 §2.2 as Megatron-LM schedules them). The
/// counts are simcore/models/pipeline.h's inFlightPeak: the order the simulated schedule runs and
/// the Gantt chart draws, so memory and the schedule agree for every p, m, v. A "layer set" is one
/// transformer layer's activations for one micro-batch.
struct InFlightActivations {
    double firstStageLayerSets = 0;          ///< on the first stage (the most loaded one)
    std::int64_t firstStageMicrobatches = 0; ///< micro-batches in flight there (embedding term)
    double lastStageLayerSets = 0;           ///< on the last stage (which also holds the output)
    std::int64_t lastStageMicrobatches = 0;  ///< micro-batches whose output layer is in flight
    /// DualPipe only: each end device also ends the other direction's pipeline (device 0 keeps
    /// output layers) or starts it (device p − 1 keeps embeddings).
    std::int64_t firstStageOutputMicrobatches = 0;
    std::int64_t lastStageEmbeddingMicrobatches = 0;
};

/// Layer sets in flight for L = model.layers over p = parallel.pp stages, m micro-batches, v
/// chunks (v = parallel.virtual_stages for the interleaved schedule, else 1), on the first
/// device (pipeline rank 0) and the last (rank p − 1), from inFlightPeak (pipeline.h):
/// - p = 1: no pipeline, micro-batches accumulate one after another: L layer sets, 1 micro-batch.
/// - GPipe (Huang et al. 2019): all m forwards before any backward: m·⌈L/p⌉ on every stage.
/// - 1F1B (Narayanan et al. 2021 §2.2.1), and interleaved with v = 1 (Megatron-LM runs plain
///   1F1B then): the first stage holds min(p, m) micro-batches, i.e. ≈ L layer sets however
///   large p is (Korthikanti §4.2.3); the last stage holds 1.
/// - interleaved, v > 1 chunks of ⌈L/(p·v)⌉ layers: the first stage holds 2(p−1) + (v−1)·p + 1
///   chunks ≈ L·(1 + (p−1)/(p·v)) layer sets — Korthikanti §4.2.3's multiplier, whose "m" is
///   the number of interleaved chunks (our v), not the micro-batch count — and 2p micro-batches'
///   embeddings; the last holds (v−1)·p + 1 chunks and 1 micro-batch's output layer; with m = p
///   every forward runs first: m·v chunks and m micro-batches on both.
/// - ZB-H1 as 1F1B, ZB-H2 2p − 1 micro-batches on the first stage (Qi et al. 2023 Table 1),
///   DualPipe p + 1 chunks on both end devices (DeepSeek-V3 report Table 2), each end holding
///   embeddings and output layers.
/// Layer counts per chunk are inFlightLayerSets's.
InFlightActivations inFlightActivations(const ModelSpec& model, const ParallelSpec& parallel,
                                        std::int64_t microbatches);

/// The layer sets that `chunks` in-flight (chunk, micro-batch) activation sets of one pipeline
/// device hold: chunks × ⌈L/(p·v)⌉, the most loaded chunk's layers (when p·v does not divide L
/// the larger chunks count, as for a stage's ⌈L/p⌉); one device (p = 1) holds every layer once
/// per micro-batch: chunks / v × L. The same rounding for every device and for memory.h's
/// first and last stage.
double inFlightLayerSets(const ModelSpec& model, const ParallelSpec& parallel, std::int64_t chunks);

/// Activation bytes of ONE transformer layer for ONE micro-batch on one GPU, Korthikanti et al.
/// 2022 §4 (Table 2), 4h MLP, with s = seq_len, b = micro_batch, h, a, t = tp:
/// - no parallelism:            s·b·h·(34 + 5·a·s/h)
/// - tensor parallel t:         s·b·h·(10 + 24/t + 5·a·s/(h·t))
/// - tensor + sequence parallel: s·b·h/t·(34 + 5·a·s/h)
/// - selective recompute drops the 5·a·s/h (attention score) terms: 34·s·b·h/t with sequence
///   parallelism, s·b·h·(10 + 24/t) without; full recompute keeps the layer input only: 2·s·b·h
///   (÷ t with sequence parallelism).
/// Those constants are for 16-bit values; with fp32 the values take 4 bytes and the three dropout
/// masks (2·s·b·h + a·s²·b bytes without parallelism) stay at 1 byte.
double activationBytesPerLayer(const Scenario& scenario, const MemoryOptions& options = {});

/// Per micro-batch, on the last stage: the final layer norm and output-layer activations,
/// Korthikanti et al. 2022 §4.3: 4·s·b·h·(1 + V/h) with 16-bit values; here the 4·s·b·V logits
/// (FP32 for the loss) are split over t by the vocabulary-parallel output layer and the 4·s·b·h
/// part only with sequence parallelism (our reading of how the paper's "/t" applies).
double outputLayerActivationBytes(const Scenario& scenario, const MemoryOptions& options = {});

/// Per micro-batch, on the first stage: the input-embedding dropout mask, s·b·h bytes (÷ t with
/// sequence parallelism), Korthikanti et al. 2022 §4.3 ("s·b·h·p/t" for p micro-batches).
double embeddingActivationBytes(const Scenario& scenario, const MemoryOptions& options = {});

/// One GPU's memory, in bytes. Everything is for the most loaded GPU (see activationsBytes).
struct MemoryBreakdown {
    double parameters = 0; ///< Ψ of the whole model (count)
    /// ⌈Ψ/(t·p)⌉: the model-parallel shard before ZeRO (count), twice that for DualPipe, whose
    /// devices each hold two stages (parameterCopies, DeepSeek-V3 report Table 2)
    double parametersPerGpu = 0;
    double weightsBytes = 0;             ///< weights held, after ZeRO-3 sharding if on
    double gradientsBytes = 0;           ///< gradients held, after ZeRO-2/3 sharding if on
    double optimizerBytes = 0;           ///< optimizer states (+ FP32 master), after ZeRO sharding
    double activationsBytes = 0;         ///< the larger of the first and the last pipeline stage
    double buffersBytes = 0;             ///< MemoryOptions::buffersFraction × (the five above)
    double totalBytes = 0;               ///< sum of the five items
    double activationsPerLayerBytes = 0; ///< activationBytesPerLayer
    InFlightActivations inFlight;        ///< what the pipeline schedule keeps alive

    [[nodiscard]] double modelStatesBytes() const
    {
        return weightsBytes + gradientsBytes + optimizerBytes;
    }
};

/// Per-GPU memory of the scenario. Model states per ZeRO stage (Rajbhandari et al. 2020, "ZeRO:
/// Memory Optimizations Toward Training Trillion Parameter Models", §5.1 and Figure 1), with
/// w, g, K the bytes per parameter above, Ψ' = ⌈Ψ/(t·p)⌉ and N_d = parallel.dp:
/// stage 0 (DDP) (w + g + K)·Ψ'; 1 (P_os) (w + g)·Ψ' + K·Ψ'/N_d; 2 (P_os+g) w·Ψ' + (g + K)·Ψ'/N_d;
/// 3 (P_os+g+p, = FSDP full shard) (w + g + K)·Ψ'/N_d. Mixed + Adam gives the paper's
/// 16Ψ, 4Ψ + 12Ψ/N_d, 2Ψ + 14Ψ/N_d, 16Ψ/N_d. A shard holds ⌈Ψ'/N_d⌉ parameters (the flat
/// buffer is padded so every rank's shard is the same size, as FSDP and DeepSpeed do).
/// Activations: per-layer bytes × layer sets in flight + embedding/output terms, the larger of
/// the first stage and the last stage (the same GPU when parallel.pp = 1).
MemoryBreakdown evaluateMemory(const Scenario& scenario, const MemoryOptions& options = {});

/// The same with the schedule's activations in flight already counted
/// (inFlightActivations(scenario.model, scenario.parallel, m)): they depend only on the layout's
/// p, m, v and schedule, so a search that varies the rest counts them once.
MemoryBreakdown evaluateMemory(const Scenario& scenario, const MemoryOptions& options,
                               const InFlightActivations& inFlight);

/// The scenario the memory model prices for a dp × tp × pp × cp layout, so that the Memory
/// view and the training model (training.h) give one memory per GPU: each GPU holds s/cp of
/// every sequence's tokens (context parallelism, Llama 3 §3.3; the attention scores' (s/cp)·s
/// shape is not modelled: none are stored with selective or full recomputation); a step has
/// m = microbatchesPerStep micro-batches, as every view. cp must divide s (validateMemory says
/// so).
Scenario layoutMemoryScenario(const Scenario& scenario);

/// The memory panel's verdict for one GPU model.
struct MemoryVerdict {
    bool fits = false;        ///< totalBytes ≤ capacityBytes at the scenario's parallel.dp
    double capacityBytes = 0; ///< GpuSpec::memoryBytes
    double headroomBytes = 0; ///< capacity − total; negative when it does not fit
    /// Fewest data-parallel ranks (parallel.dp) that fit at the scenario's ZeRO stage, tp and pp,
    /// searched over 1 … maxDataParallel(); 0 = never (e.g. DDP that does not fit at dp = 1:
    /// more replicas do not shrink a replica; or activations alone over capacity).
    std::int64_t minDataParallel = 0;
    /// minDataParallel × tp × pp: the fewest GPUs in all; 0 = never.
    std::int64_t minGpus = 0;
};

/// The largest parallel.dp the verdict searches: the key's maximum (1e6).
std::int64_t maxDataParallel();

/// Fits, headroom and the fewest GPUs, by binary search over dp (per-GPU memory never grows
/// with dp): at most ~20 evaluations, never a scan.
MemoryVerdict memoryVerdict(const Scenario& scenario, const GpuSpec& gpu,
                            const MemoryOptions& options = {});

/// ZeRO §7 communication volume per step, in multiples of Ψ, per data-parallel rank: 2 for DDP
/// (all-reduce = reduce-scatter + all-gather), 2 for P_os and P_os+g (reduce-scatter of gradients
/// + all-gather of parameters), 3 for P_os+g+p (parameters all-gathered in forward and backward,
/// gradients reduce-scattered: 1.5× DDP). Stage outside 0…3: 0.
double zeroCommunicationFactor(std::int64_t zeroStage);

/// Bytes each data-parallel rank moves per step under ZeRO §7: factor × Ψ' × the weights' bytes
/// per element (the paper's large-N_d volume; a ring sends (N_d − 1)/N_d of it). 0 when dp = 1.
double zeroCommunicationBytes(const Scenario& scenario);

/// Combinations the memory model cannot evaluate, as values naming the key: the one layout check
/// every view shares (layoutProblems, training.h; sequence parallelism as `options` says), and
/// the buffers fraction outside 0 … 1 (`memory.buffers_fraction`). Range errors of single keys
/// are validate()'s job and are not repeated here.
std::vector<ScenarioError> validateMemory(const Scenario& scenario,
                                          const MemoryOptions& options = {});

} // namespace simcore
