#pragma once
// The Physical scaling mode: step time of data-parallel training on N GPUs from FLOPs, GPU peak,
// utilisation, and the gradient synchronisation priced by the collective cost model
// (SPEC "Scaling" panel, Physical mode; MODELS §3, §2 ZeRO §7, §4).

#include "simcore/collectives.h"
#include "simcore/scaling.h"
#include "simcore/scenario.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace simcore {

/// How gradients (and, for ZeRO-3, parameters) are synchronised: ZeRO stage 0 … 3
/// (Rajbhandari et al. 2020). Communication per step, in units of Ψ elements (ZeRO §7):
/// DDP 2Ψ (one all-reduce), ZeRO-1 and ZeRO-2 2Ψ (reduce-scatter of gradients + all-gather of
/// parameters), ZeRO-3 / FSDP 3Ψ (reduce-scatter + an all-gather in forward and one in backward).
enum class ShardingStrategy {
    Ddp,   ///< stage 0: gradients all-reduced
    Zero1, ///< optimizer state sharded
    Zero2, ///< + gradients sharded
    Zero3, ///< + parameters sharded (= FSDP full shard)
};

/// What stays fixed when N changes.
enum class BatchScaling {
    Strong, ///< global tokens per step fixed: each GPU processes tokensPerStep / N
    Weak,   ///< tokens per GPU fixed: each GPU processes tokensPerStep, the global batch grows
};

/// Inputs of the Physical model. SI units; ranges are checked by validatePhysicalParams.
struct PhysicalParams {
    double params = 7e9; ///< Ψ, trainable parameters, > 0
    /// Strong scaling: global tokens per optimizer step. Weak scaling: tokens per GPU per step.
    /// > 0; treated as continuous (a batch split N ways need not be whole sequences).
    double tokensPerStep = 4.0 * 1024 * 1024;
    double bytesPerGradElement = 2;     ///< bytes of one gradient / parameter element on the wire
                                        ///< (2 = BF16/FP16, 4 = FP32), > 0
    double peakFlopsPerSecond = 989e12; ///< one GPU's dense peak, FLOP/s, > 0 (MODELS §7)
    /// Fraction of peak achieved on the FLOPs actually executed, (0, 1]. Without recomputation
    /// this is the MFU of PaLM appendix B; with full recomputation the executed FLOPs are 8Ψ per
    /// token, so it is the hardware FLOPs utilisation (HFU) — the X/peak of Narayanan et al. 2021.
    double mfu = 0.4;
    /// Fraction of the communication time that can run under the backward pass, [0, 1]. The hidden
    /// part never exceeds the backward compute time (see physicalStep).
    double overlap = 0.0;
    Recompute recompute = Recompute::None; ///< Full: 8Ψ FLOPs per token instead of 6Ψ
    ShardingStrategy strategy = ShardingStrategy::Ddp;
    BatchScaling batch = BatchScaling::Strong;
    CommAlgorithm algorithm = CommAlgorithm::Ring;
    Link intra{kNvlinkLatencySeconds, kNvlink4BytesPerSecond};        ///< in a node (NVLink 4)
    Link inter{kNetworkLatencySeconds, kInfinibandNdrBytesPerSecond}; ///< between nodes (NDR)
    std::int64_t gpusPerNode = 8;                                     ///< ≥ 1
    std::int64_t steps = 1; ///< optimizer steps in the run, ≥ 1
};

/// A parameter outside its range: the field's name and the allowed range, as values.
struct PhysicalError {
    std::string_view field;   ///< e.g. "mfu"
    std::string_view allowed; ///< e.g. "(0, 1]"
    friend bool operator==(const PhysicalError&, const PhysicalError&) = default;
};

/// The first parameter out of range, or nullopt when the parameters are usable.
std::optional<PhysicalError> validatePhysicalParams(const PhysicalParams& params);

/// Training FLOPs per token: 6Ψ, or 8Ψ with full recomputation (Kaplan et al. 2020 §2.1; the
/// extra forward pass of Narayanan et al. 2021 eq. 3–4). Selective recomputation re-runs only
/// the attention core and is counted as 6Ψ (its extra FLOPs are not modelled).
double flopsPerToken(const PhysicalParams& params);

/// Share of a step's compute spent in the backward pass: 4Ψ of 6Ψ = 2/3, or with full
/// recomputation (the re-run forward happens during backward) 6Ψ of 8Ψ = 3/4.
double backwardFraction(const PhysicalParams& params);

/// Communication per step for N GPUs, not yet overlapped (seconds): DDP one all-reduce of
/// S = Ψ·bytesPerGradElement; ZeRO-1/2 reduce-scatter(S) + all-gather(S); ZeRO-3 reduce-scatter(S)
/// + 2·all-gather(S) (1.5× the DDP volume, ZeRO §7). When the algorithm has no reduce-scatter or
/// all-gather (Tree; Rabenseifner with N not a power of two) the same volume is priced as
/// all-reduces: 1× (ZeRO-1/2) or 1.5× (ZeRO-3) the all-reduce time. 0 for N = 1.
double syncSeconds(const PhysicalParams& params, std::int64_t workers);

/// The step on N GPUs (N ≥ 1; parameters valid):
/// - compute = flopsPerToken · tokens per GPU / (peak · mfu);
/// - communication C = syncSeconds(N); hidden = min(overlap · C, backwardFraction · compute)
///   (gradients can only be sent while backward produces them — assumed for every strategy,
///   including the parameter all-gathers of ZeRO, which real systems may instead prefetch under
///   the forward pass); StepTimes::syncSeconds = C − hidden, the exposed part;
/// - step = compute + exposed sync; bubble = 0 (no pipeline parallelism here);
/// - ideal = T₁ / N, where T₁ is one GPU's time for the same global batch (strong: the N = 1
///   step; weak: N × the N = 1 step); speed-up = T₁ / step; efficiency = speed-up / N;
/// - total = steps × step (under weak scaling the run then covers N times the tokens).
StepTimes physicalStep(const PhysicalParams& params, std::int64_t workers);

/// The Physical model's inputs from a scenario (SPEC scaling.mode = physical):
/// Ψ = model.params (or from the shape); tokens per step = train.global_batch · model.seq_len
/// (strong) or train.micro_batch · model.seq_len per GPU (weak); gradient bytes 4 for fp32, else
/// 2; peak = hardware.gpu's FP32 peak for fp32, else its dense BF16 tensor peak; scaling.mfu,
/// scaling.overlap, scaling.batch; train.recompute; parallel.zero as the sharding strategy;
/// collective.algorithm; hardware links and gpus_per_node; train.steps.
/// nullopt when hardware.gpu is not in the catalogue.
std::optional<PhysicalParams> physicalParamsFromScenario(const Scenario& scenario);

/// The N in 1 … maxWorkers with the largest speed-up (for strong scaling: the shortest step).
/// Ties go to the smaller N. A full scan: step(N) has cliffs at node boundaries and is not convex,
/// so no closed form is used. maxWorkers < 1 is treated as 1.
std::int64_t physicalOptimalWorkers(const PhysicalParams& params, std::int64_t maxWorkers);
/// The same search over the N the range allows (whole nodes past one node when it says so).
std::int64_t physicalOptimalWorkers(const PhysicalParams& params, const WorkerRange& range);

} // namespace simcore
