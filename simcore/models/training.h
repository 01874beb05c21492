#pragma once
// The step time of one optimizer step on a dp × tp × pp × cp layout (MODELS §8): compute from
// per-layer FLOPs at the GPU's peak × a calibrated efficiency plus the memory-bound element-wise
// work at HBM bandwidth (a roofline: Williams et al. 2009), the tensor-parallel collectives of
// every layer on the link the group uses, the pipeline's bubble and point-to-point sends, the
// data-parallel reduction of each GPU's Ψ/(t·p) shard over the nodes' NICs, ZeRO-3's parameter
// gathers, context parallelism's K/V exchange and the optimizer step. Plain C++20, no Qt.
//
// Sources: Narayanan et al. 2021 ("Efficient Large-Scale Language Model Training on GPU Clusters
// Using Megatron-LM", §2–§3, eq. 3–4); Korthikanti et al. 2022 ("Reducing Activation
// Recomputation in Large Transformer Models": sequence parallelism, selective recomputation,
// MFU vs HFU); Shoeybi et al. 2019 (tensor parallelism); Rajbhandari et al. 2020 (ZeRO §7);
// Llama 3 paper §3.3 (context parallelism, bubble (PP − 1)/(V·M)); PaLM appendix B (MFU).
//
// What overlaps with what (each term is reported whole and as the part left exposed):
// - TP collectives sit between the matmuls of a layer (Megatron 2021–2022 ran them on the
//   critical path): fully exposed.
// - Pipeline point-to-point sends are blocking in those runs: exposed on the critical path,
//   2 per time slot of the schedule.
// - The data-parallel gradient reduction can only start once the last micro-batch's backward
//   produces gradients: it hides under that one backward and no more (gradient accumulation
//   keeps the other m − 1 micro-batches' gradients local). ZeRO-2 and -3 keep only a shard of
//   the gradients, so they reduce-scatter after every micro-batch's backward, each under that
//   backward (DeepSpeed #2252). ZeRO-1/2's parameter all-gather after the optimizer step is
//   exposed.
// - ZeRO-3 gathers each layer's parameters (one ring per layer, as FSDP wraps blocks) for every
//   micro-batch's forward and backward, prefetched under that pass: exposed beyond it.
// - Context parallelism's ring exchange of K/V overlaps the attention it feeds: exposed only
//   beyond the attention's compute.

#include "simcore/models/collectives.h"
#include "simcore/scenario/scenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace simcore {

/// The inputs of one layout's evaluation: plain numbers, ready for a planner to vary.
/// Counts ≥ 1; the caller has checked them (trainingProblems for a scenario).
struct StepTimeParams {
    // Model (MODELS §8 notation).
    double params = 7e9;  ///< Ψ (for the data-parallel shard and the optimizer)
    double layers = 32;   ///< L
    double hidden = 4096; ///< h
    double heads = 32;    ///< a, attention heads (the s² activations' count)
    double seqLen = 4096; ///< s, tokens
    double vocab = 32000; ///< V
    // Batch and layout.
    double microBatch = 1;          ///< b, sequences
    double globalBatch = 32;        ///< B, sequences per optimizer step
    std::int64_t dp = 1;            ///< d
    std::int64_t tp = 1;            ///< t
    std::int64_t pp = 1;            ///< p
    std::int64_t cp = 1;            ///< context-parallel degree
    std::int64_t virtualStages = 1; ///< v, > 1 only for the interleaved schedule
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    Recompute recompute = Recompute::None;
    bool sequenceParallel = false;
    std::int64_t zero = 0; ///< ZeRO stage 0 … 3
    // Numbers on the wire and in memory.
    double valueBytes = 2; ///< bytes of one activation / gradient value (2 BF16, 4 FP32)
    /// Bytes the optimizer step reads and writes once each on one GPU: weights + gradients +
    /// optimizer state of the parameters it updates (Ψ/(t·p), ÷ d from ZeRO-1 on), from
    /// memory.h's bytesPerParameter table.
    double optimizerStateBytes = 0;
    // GPU.
    double peakFlopsPerSecond = 312e12;     ///< dense peak of the precision, FLOP/s
    double efficiency = 0.5;                ///< share of peak the matmuls achieve, (0, 1]
    double memoryBytesPerSecond = 2.039e12; ///< HBM bandwidth (memory-bound work, optimizer step)
    // Links.
    std::int64_t gpusPerNode = 8;
    Link intra{};                   ///< inside a node, per GPU, one direction
    double interLatencySeconds = 0; ///< between nodes
    std::int64_t nicsPerNode = 8;
    double nicBytesPerSecond = 25e9; ///< one NIC, one direction
};

/// One step, seconds. Every "…Seconds" term is the part left on the critical path; the
/// "…TotalSeconds" fields are the whole time of that communication.
struct StepTime {
    double microbatches = 1;   ///< m = B/(b·d)
    double computeSeconds = 0; ///< m micro-batches' forward + backward (+ recompute), no bubble
    /// The part of computeSeconds spent in memory-bound element-wise work (norms, activations,
    /// softmax, dropout), at HBM bandwidth rather than the matmuls' rate.
    double memoryBoundSeconds = 0;
    /// One micro-batch through one stage: forward, whole backward (with its recomputation) and
    /// the backward's weight-gradient part W, TP collectives included (the split schedules' F,
    /// B and W, MODELS §5).
    double microbatchForwardSeconds = 0;
    double microbatchBackwardSeconds = 0;
    double microbatchWeightGradSeconds = 0;
    double tpSeconds = 0;     ///< TP collectives (exposed = total)
    double bubbleSeconds = 0; ///< the schedule's idle time (see evaluateStepTime)
    double p2pSeconds = 0;    ///< pipeline sends on the critical path
    double dpSeconds = 0;     ///< exposed data-parallel reduction (+ ZeRO-1/2 all-gather)
    double dpTotalSeconds = 0;
    double zeroGatherSeconds = 0; ///< exposed ZeRO-3 parameter gathers
    double zeroGatherTotalSeconds = 0;
    double cpSeconds = 0; ///< exposed context-parallel K/V exchange
    double cpTotalSeconds = 0;
    double optimizerSeconds = 0;  ///< optimizer step, memory-bound
    double stepSeconds = 0;       ///< the sum of the exposed terms
    double modelFlops = 0;        ///< per step, all GPUs, without recomputation (MFU)
    double hardwareFlops = 0;     ///< per step, all GPUs, with recomputation (HFU; eq. 3 for full)
    double tpBytesPerLayer = 0;   ///< sent per GPU per layer per micro-batch by the TP ring
    double dpShardParameters = 0; ///< Ψ/(t·p), the parameters one GPU's DP group reduces
    Link tpLink{};                ///< the link the TP ring runs at
    Link dpLink{};
    Link ppLink{};
};

/// Per layer, per micro-batch, the whole layer (all t ranks together): forward FLOPs
/// 24·b·s·h² (QKV, projection, 4h MLP) + 4·b·s²·h (scores and their product with V)
/// (Narayanan et al. 2021 §5.1, eq. 3's derivation).
double layerForwardFlops(double microBatch, double seqLen, double hidden);
/// Logits, forward, per micro-batch: 2·b·s·h·V.
double logitForwardFlops(double microBatch, double seqLen, double hidden, double vocab);

/// Activation bytes one GPU's forward of one layer writes for one micro-batch (Korthikanti et
/// al. 2022 §4, with no recomputation): s·b·h·(10 + 24/t + 5·a·s/(h·t)), or s·b·h/t·(34 +
/// 5·a·s/h) with sequence parallelism, s the GPU's s/cp tokens (the a·s² scores against all s
/// keys), 2-byte values. Memory-bound work streams these at HBM bandwidth: written in the
/// forward, read and their gradients written in the backward (3 passes, as the FLOPs' 1 : 2),
/// once more with full recomputation, and the scores' share again with selective (roofline,
/// Williams et al. 2009).
double layerActivationBytes(const StepTimeParams& params);

/// Bytes one GPU sends per layer per micro-batch in the TP group's ring collectives: four
/// all-reduces of b·s·h values (two forward, two backward; with sequence parallelism the same
/// volume as reduce-scatter + all-gather pairs), 2(t − 1)/t of each: 8·b·s·h·(t − 1)/t values
/// (Narayanan et al. 2021 §3.2), × value bytes; s is the GPU's s/cp with context parallelism.
/// Full recomputation repeats the forward's two.
double tpBytesPerLayer(const StepTimeParams& params);

/// A ring's per-GPU bandwidth when `rings` concurrent rings of a node leave it: the node's NICs
/// (nics × NIC bandwidth) shared by them — NCCL spreads a ring's channels over every NIC — and
/// never above the link inside the node (MODELS §8). With 2 × 4 H100 and 4 NICs of 50 GB/s
/// one ring runs at min(450, 200) = 200 GB/s (busbw), not one NIC's 50.
double nicRingBandwidth(const StepTimeParams& params, double rings);

/// The link a group of `size` ranks `stride` apart runs its ring on: the intra-node link when it
/// fits in a node, else the NICs shared by the groups crossing the node at the same time
/// (g / members-per-node of them) with the inter-node latency.
Link groupLink(const StepTimeParams& params, std::int64_t size, std::int64_t stride);

/// The step (preconditions: counts ≥ 1, b·d divides B). Cheap: a few collectiveSeconds calls, no
/// allocation — a planner evaluates thousands.
StepTime evaluateStepTime(const StepTimeParams& params);

/// The parameters of a scenario: model.*, train.*, parallel.dp/tp/pp/cp, the schedule and v
/// (interleaved only), memory.sequence_parallel, parallel.zero, hardware.*; NICs derived from
/// hardware.inter_bandwidth when the nic keys are 0. nullopt when hardware.gpu is unknown.
std::optional<StepTimeParams> stepTimeParamsFromScenario(const Scenario& scenario);

/// The one layout check: what makes a dp × tp × pp × cp layout impossible, for every model and
/// view that reads a layout (Memory, Parallelism, Pipeline, the training model, the planner, the
/// Scaling sweep), naming the key and the allowed values: dp·tp·pp·cp ≠ hardware.gpus (when
/// given; parallel.dp), tp not dividing model.heads or model.hidden (parallel.tp), v more chunks
/// than layers per stage (parallel.virtual_stages) or pp·v not dividing model.layers
/// (parallel.pp), cp not dividing model.seq_len (cp·tp with sequence parallelism; parallel.cp),
/// b·dp not dividing the global batch (train.global_batch: m = microbatchesPerStep), and m
/// outside the schedule's rule (scheduleTakesMicrobatches; train.global_batch, or parallel.pp for
/// an odd p under DualPipe). Keys out of their own range are validate()'s, not repeated here.
std::vector<ScenarioError> layoutProblems(const Scenario& scenario);

/// Whether the training model prices `schedule` with p stages and m micro-batches: interleaved
/// m a multiple of p (Narayanan et al. 2021 §2.2.2); the split schedules from the m their closed
/// forms hold for (pipeline.h): ZB-H1 m ≥ p, ZB-H2 m ≥ 2p − 1, DualPipe even p and even m ≥ 2p
/// (deepseek-ai/DualPipe's rules). Always true for p = 1 and for GPipe and 1F1B.
bool scheduleTakesMicrobatches(PipelineSchedule schedule, std::int64_t stages,
                               std::int64_t microbatches);

} // namespace simcore
