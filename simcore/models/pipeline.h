#pragma once
// Pipeline-parallel schedules (MODELS §5): GPipe, 1F1B (PipeDream-Flush), interleaved 1F1B, the
// zero-bubble schedules ZB-H1 and ZB-H2 (Qi et al. 2023, "Zero Bubble Pipeline Parallelism") and
// DualPipe (DeepSeek-V3 technical report §3.2.1), simulated as a dependency-driven list scheduler
// so that every time comes from the dependencies, not from the closed formulas (those are
// provided separately, for comparison and for the UI).
//
// Vocabulary. p devices (pipeline ranks) 0…p−1; each holds v model chunks, so there are p·v
// virtual stages; device i holds chunks c = 0…v−1, i.e. virtual stages i, i + p, i + 2p, …
// (stage = c·p + i, Narayanan et al. 2021 §2.2.2). m micro-batches per step. One "operation" is
// the forward or the backward of one micro-batch through one virtual stage. The zero-bubble
// schedules and DualPipe split the backward into B, the input gradient, which the previous stage
// waits for, and W, the weight gradient, which nothing waits for and which fills bubbles.

#include "simcore/scenario/scenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace simcore {

/// Which half of training one operation is.
enum class PipelinePass : std::uint8_t {
    Forward, ///< activations flow from stage s to stage s + 1
    /// Gradients flow from stage s + 1 back to stage s: the whole backward, or its input-gradient
    /// part B alone when the schedule splits the backward (splitsBackward).
    Backward,
    /// The weight-gradient part W of a split backward: needs its own B only (Qi et al. 2023 §2).
    Weight,
};

/// True for the schedules that run the weight gradient W as an operation of its own: ZB-H1,
/// ZB-H2 and DualPipe. Their devices run 3·m operations (F, B, W per micro-batch and chunk).
bool splitsBackward(PipelineSchedule schedule);

/// Copies of one device's share of the parameters each device holds: 2 for DualPipe (DeepSeek-V3
/// report Table 2: each device holds its stage of both directions), else 1.
std::int64_t parameterCopies(PipelineSchedule schedule);

/// The largest number of operations (2·p·v·m) simulatePipeline accepts: 2^23 = 8,388,608, which
/// is exactly p = 1024, m = 4096, v = 1. Larger requests return PipelineError::TooManyOperations
/// instead of allocating hundreds of megabytes.
inline constexpr std::int64_t kMaxPipelineOperations = std::int64_t{1} << 23;

/// Inputs of one pipeline step. Seconds are per micro-batch; ranges are checked by
/// simulatePipeline, which names the offending field in its error.
struct PipelineParams {
    /// p: pipeline devices (ranks), ≥ 1. Scenario key `parallel.pp`.
    std::int64_t stages = 4;
    /// m: micro-batches per step, ≥ 1; a multiple of p for Interleaved (Narayanan et al. 2021
    /// §2.2.2). Scenario key `parallel.microbatches`.
    std::int64_t microbatches = 8;
    /// Order of operations on each device (GPipe, 1F1B or interleaved 1F1B).
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    /// v: model chunks per device, ≥ 1; must be 1 unless schedule is Interleaved.
    /// Scenario key `parallel.virtual_stages`.
    std::int64_t virtualStages = 1;
    /// t_f: forward of one micro-batch through one device's whole share of the layers, seconds,
    /// finite and > 0. With v chunks, each chunk's forward takes t_f / v.
    double forwardSeconds = 1.0;
    /// t_b: backward of one micro-batch through one device's share, seconds, finite and > 0.
    /// Default 2·t_f: the backward pass costs twice the forward FLOPs (Kaplan et al. 2020:
    /// 6Ψ per token = 2Ψ forward + 4Ψ backward). Each chunk's backward takes t_b / v.
    double backwardSeconds = 2.0;
    /// W: the weight-gradient part of t_b, seconds, finite, 0 ≤ W ≤ t_b. Only schedules that
    /// split the backward use it: their B takes t_b − W and their W takes W.
    double weightGradSeconds = 1.0;
    /// Point-to-point time to send one micro-batch's activation (forward) or gradient (backward)
    /// between consecutive virtual stages on different devices, seconds, finite and ≥ 0.
    /// Not overlapped with compute; zero between stages on the same device (p = 1).
    double transferSeconds = 0.0;
    /// false: skip PipelineResult::operations (the summary numbers are the same). Saves
    /// 40 bytes per operation when only the step time is needed.
    bool recordOperations = true;
};

/// One forward or backward of one micro-batch through one virtual stage, as scheduled.
struct PipelineOp {
    std::int32_t device = 0;     ///< pipeline rank i, 0 … p−1
    std::int32_t chunk = 0;      ///< model chunk on that device, 0 … v−1
    std::int32_t stage = 0;      ///< virtual stage chunk·p + device, 0 … p·v−1
    std::int32_t microbatch = 0; ///< 0 … m−1
    PipelinePass pass = PipelinePass::Forward;
    double startSeconds = 0; ///< from the start of the step, ≥ 0
    double endSeconds = 0;   ///< startSeconds + t_f/v or t_b/v
};

/// Why a pipeline could not be simulated, as a value; ui/app turn it into translated text.
struct PipelineError {
    enum class Kind {
        OutOfRange,        ///< a number outside its range (`allowed` says which)
        NotAMultiple,      ///< interleaved: m is not a multiple of p
        TooManyOperations, ///< 2·p·v·m (3·p·m for split schedules) > kMaxPipelineOperations
        Deadlock,          ///< internal: a schedule order waited on itself (never expected)
        DualPipeShape,     ///< dualpipe: p odd, or m odd or below 2p
    };
    Kind kind = Kind::OutOfRange;
    /// The offending input: "parallel.pp", "parallel.microbatches", "parallel.virtual_stages"
    /// (the scenario keys), or "pipeline.forward_seconds", "pipeline.backward_seconds",
    /// "pipeline.transfer_seconds", "pipeline.weight_grad_seconds".
    std::string field;
    std::string allowed; ///< e.g. "≥ 1", "a multiple of parallel.pp (4)"

    friend bool operator==(const PipelineError&, const PipelineError&) = default;
};

/// The simulated step. All devices do the same work m·(t_f + t_b), so each device's idle time
/// inside [0, totalSeconds] is the same bubbleSeconds. The bubble is that of a synchronous step:
/// every device starts at 0 and the step ends when the last device ends (an optimizer step
/// synchronised over the pipeline, as Megatron-LM's gradient clipping does).
struct PipelineResult {
    /// Set when the inputs were rejected; every other field is then zero or empty.
    std::optional<PipelineError> error;
    /// Every operation, device-major: device d's operations are
    /// [d·operationsPerDevice, (d+1)·operationsPerDevice), in the order the device runs them.
    /// Empty when PipelineParams::recordOperations is false.
    std::vector<PipelineOp> operations;
    /// 2·v·m: every device runs one forward and one backward per (chunk, micro-batch); 3·m for
    /// schedules that split the backward (one F, B and W each).
    std::int64_t operationsPerDevice = 0;
    /// Makespan: the end of the last operation, seconds.
    double totalSeconds = 0;
    /// m·(t_f + t_b): one device's busy time, i.e. the step with no bubble, seconds.
    double idealSeconds = 0;
    /// totalSeconds − idealSeconds: idle time of each device during the step, seconds, ≥ 0.
    double bubbleSeconds = 0;
    /// bubbleSeconds / idealSeconds, the "bubble time fraction" of Narayanan et al. 2021 §2.2
    /// ((p−1)/m for 1F1B, (1/v)·(p−1)/m interleaved, at zero transfer). Dimensionless, ≥ 0.
    double bubbleRatio = 0;
    /// bubbleSeconds / totalSeconds, the idle share of the step as in Huang et al. 2019 §2.3
    /// ((p−1)/(m+p−1) for GPipe at zero transfer). Dimensionless, 0 … 1.
    double bubbleFraction = 0;
    /// The longest span of one device, from its first operation's start to its last one's end:
    /// the step when steps follow one another without a pipeline-wide synchronisation, each
    /// device starting its next step as soon as it is done (Qi et al. 2023 §4, "optimizer
    /// post-validation"; their ZB-H2 is zero-bubble only so). Seconds, ≤ totalSeconds.
    double unsynchronizedSeconds = 0;
    /// unsynchronizedSeconds − idealSeconds, ≥ 0: ZB-H2's (p−1)(F+B−3W) (B the whole backward).
    double unsynchronizedBubbleSeconds = 0;
    /// Per device: the most (chunk, micro-batch) pairs whose forward has finished and whose
    /// backward has not, i.e. activations held at once: inFlightPeak(params, d).chunks. Counted
    /// in chunk units: divide by v for whole-micro-batch equivalents (each chunk holds 1/v of the
    /// device's layers).
    std::vector<std::int64_t> peakInFlight;
    /// The largest entry of peakInFlight (chunk units).
    std::int64_t maxPeakInFlight = 0;
    /// maxPeakInFlight / v: the same peak in micro-batches' worth of one device's activations.
    double maxPeakInFlightMicrobatches = 0;

    [[nodiscard]] bool ok() const { return !error.has_value(); }
};

/// Why these inputs cannot be simulated, naming the field (the checks simulatePipeline makes
/// before it schedules anything), or nothing.
std::optional<PipelineError> checkPipeline(const PipelineParams& params);

/// Simulates one training step of the pipeline. Each device runs its operations in the order the
/// schedule prescribes; an operation starts as soon as the device is free and its dependencies
/// are done: the previous stage's forward of the same micro-batch (+ transfer), the next stage's
/// backward of the same micro-batch (+ transfer) and, for a backward, its own forward.
/// Orders: GPipe (Huang et al. 2019): all m forwards, then all backwards, last micro-batch first;
/// 1F1B (PipeDream-Flush, Narayanan et al. 2021 §2.2.1): min(p−i−1, m) warm-up forwards on
/// device i, then one forward / one backward, then the remaining backwards;
/// Interleaved (Narayanan et al. 2021 §2.2.2, ordering as in Megatron-LM's
/// forward_backward_pipelining_with_interleaving): see pipeline.cpp. Interleaved with v = 1 is
/// the 1F1B order (Megatron-LM uses its non-interleaved schedule then).
/// Split backward (B then W; W waits only for its own B):
/// ZB-H1 (Qi et al. 2023 §3.1, Fig. 3): 1F1B's warm-up, then per micro-batch F, B and a W that
/// device i runs i micro-batches late; its last i W's fill the drain. 1F1B's in-flight count.
/// ZB-H2 (§3.1, Fig. 3): min(2(p−i)−1, m) warm-up forwards, then B/F pairs, then B/W pairs, then
/// the remaining W's: the order the paper's parallelogram has at T_F = T_B = T_W.
/// DualPipe (DeepSeek-V3 report §3.2.1, Fig. 5; the 8 steps of deepseek-ai/DualPipe's
/// dualpipe.py): half the micro-batches enter at device 0, half at device p − 1; device i holds
/// stage i of the first direction (chunk 0) and stage p − 1 − i of the second (chunk 1). A
/// forward of one direction paired with a backward of the other ("F&B") runs as one unit: it
/// starts when both may start and sends both results when both are done, as dualpipe.py's
/// _forward_backward_chunk does; dtsim does not model the computation–communication overlap
/// inside the pair, so F&B = F + B.
/// One device (p = 1) is no pipeline, whatever the schedule: each micro-batch's forward through
/// chunks 0 … v−1, then its backward back, one micro-batch after another (gradient
/// accumulation, Megatron-LM's forward_backward_no_pipelining).
/// Time O(p·v·m), memory O(p·v·m); rejects more than kMaxPipelineOperations operations.
PipelineResult simulatePipeline(const PipelineParams& params);

/// What one device holds at its peak of activations. Counted from the order in which the device
/// runs its operations (the order simulatePipeline schedules and the Gantt chart draws; start
/// times do not change it), so the memory model (simcore/models/memory.h) and the simulated
/// schedule count the same thing. At the moment of the peak, the first and last virtual stages hold
/// their own largest counts too, so the three add up to the device's largest activation memory.
struct InFlightPeak {
    /// The most (chunk, micro-batch) pairs whose forward has run and whose backward has not.
    std::int64_t chunks = 0;
    /// Device 0 only (else 0): of those, micro-batches through virtual stage 0, whose input
    /// embedding is kept. DualPipe: through a first stage, on device 0 and on device p − 1.
    std::int64_t firstStageMicrobatches = 0;
    /// Device p − 1 only (else 0): micro-batches through the last virtual stage p·v − 1, whose
    /// output layer is kept. DualPipe: through a last stage, on device 0 and on device p − 1.
    std::int64_t lastStageMicrobatches = 0;

    friend bool operator==(const InFlightPeak&, const InFlightPeak&) = default;
};

/// The peak of `device` (0 … p−1). For split schedules it is counted along the device's order
/// (forwards run, input-gradient B not yet run; the inputs a pending W keeps are not counted, as
/// in Qi et al. 2023 Table 1 and DeepSeek-V3 Table 2): ZB-H1 min(p − i, m) as 1F1B, ZB-H2
/// min(2(p − i) − 1, m), DualPipe p + 1 on every device (both ends hold an embedding and an
/// output layer: both first/last stage counts are set there). O(m) for those, else
/// in closed form. A device whose order starts with W warm-up
/// forwards out of U = v·m (chunk, micro-batch) units peaks at min(W + 1, U) chunks:
/// - p = 1 (no pipeline): v chunks, one micro-batch through the first and last stage;
/// - GPipe (Huang et al. 2019): W = U = m: m chunks, m micro-batches at both ends;
/// - 1F1B, or interleaved with v = 1 (Narayanan et al. 2021 §2.2.1): W = min(p − i − 1, m):
///   min(p − i, m) chunks — min(p, m) on device 0, 1 on the last device;
/// - interleaved, v > 1 (Megatron-LM's warm-up): W = 2(p − i − 1) + (v − 1)·p, so device 0
///   holds p·v + p − 1 chunks = L·(1 + (p − 1)/(p·v)) layer sets (Korthikanti et al. 2022
///   §4.2.3), of which 2p micro-batches through stage 0; the last device holds 1 micro-batch
///   through the last stage; with m = p every forward runs first (W = U = v·m), and both ends
///   hold all m.
/// Preconditions: checkPipeline(params) is empty and 0 ≤ device < p; O(1).
InFlightPeak inFlightPeak(const PipelineParams& params, std::int64_t device);

/// The scenario's pipeline: parallel.pp, m = microbatchesPerStep (B/(b·dp)), parallel.schedule, and
/// parallel.virtual_stages for the interleaved schedule (else v = 1); t_f = parallel.forward_time,
/// t_b = parallel.backward_time or, when that is 0, 2·t_f (Kaplan et al. 2020); W =
/// parallel.weight_grad_time or, when that is 0, t_b / 2; transfer = parallel.p2p_time. Ranges
/// are checked by simulatePipeline, not here.
PipelineParams pipelineParamsFromScenario(const Scenario& scenario);

/// GPipe's bubble as a share of the whole step: (p−1)/(m+p−1) (Huang et al. 2019 §2.3).
/// p, m ≥ 1; NaN otherwise. 0 … 1.
double gpipeBubbleFraction(std::int64_t stages, std::int64_t microbatches);

/// 1F1B's bubble time over ideal time: (p−1)/m (Narayanan et al. 2021 §2.2.1; the same
/// makespan as GPipe, (m+p−1)·(t_f+t_b)). p, m ≥ 1; NaN otherwise. ≥ 0.
double oneFOneBBubbleRatio(std::int64_t stages, std::int64_t microbatches);

/// Interleaved 1F1B's bubble time over ideal time: (1/v)·(p−1)/m (Narayanan et al. 2021 §2.2.2;
/// Llama 3 paper: (PP−1)/(V·M)). p, m, v ≥ 1; NaN otherwise. ≥ 0.
double interleavedBubbleRatio(std::int64_t stages, std::int64_t microbatches,
                              std::int64_t virtualStages);

/// Closed forms of the split schedules' bubble, seconds of idle time per device, in DeepSeek-V3
/// Table 2's convention: F the forward, B the WHOLE backward, W its weight-gradient part (Qi et
/// al. 2023 write T_B for the input-gradient part B − W). NaN unless p ≥ 1 and times finite.
/// The simulated orders (the papers' figures, drawn for T_F = T_B = T_W) reach them when W ≤ F
/// and W ≤ B − W; with larger W they idle more (tests/simcore/test_pipeline_zerobubble.cpp).
/// ZB-H1 (ZB1P): (p−1)(F + B − 2W) = Qi et al. Table 1's (p−1)(T_F + T_B − T_W).
double zeroBubbleH1BubbleSeconds(std::int64_t stages, double forward, double backward,
                                 double weight);
/// ZB-H2: max(0, (p−1)(F + B − 3W)) = Qi et al. Table 1's (p−1)(T_F + T_B − 2T_W), 0 at
/// T_F = T_B = T_W; for steps that do not synchronise (PipelineResult::unsynchronizedSeconds) and
/// m ≥ 2p − 1. A synchronised step adds the first forward's way down: (p−1)·F at least.
double zeroBubbleH2BubbleSeconds(std::int64_t stages, double forward, double backward,
                                 double weight);
/// DualPipe: (p/2 − 1)(F&B + B − 3W) with F&B = F + B (DeepSeek-V3 Table 2; dtsim does not
/// overlap the pair); p even. Holds for F ≤ 2B − 3W too (else each hop waits 2F).
double dualPipeBubbleSeconds(std::int64_t stages, double forward, double backward, double weight);

} // namespace simcore
