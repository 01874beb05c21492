#include "simcore/models/training.h"

#include "simcore/models/memory.h"
#include "simcore/models/pipeline.h"
#include "simcore/scenario/catalogue.h"

#include <algorithm>
#include <cmath>

namespace simcore {

namespace {

/// Time of one ring collective of `bytes` over `size` GPUs on `link` (MODELS §4, collectives.h).
double ringSeconds(CollectiveOp op, std::int64_t size, double bytes, const Link& link,
                   std::int64_t gpusPerNode)
{
    if (size <= 1 || bytes <= 0) {
        return 0.0;
    }
    CollectiveParams c;
    c.workers = size;
    c.bytes = bytes;
    c.intra = link; // the group's own link: the flat ring runs at it whichever node it spans
    c.inter = link;
    c.gpusPerNode = gpusPerNode;
    return collectiveSeconds(CommAlgorithm::Ring, op, c);
}

double toDouble(std::int64_t n)
{
    return static_cast<double>(n);
}

} // namespace

double layerForwardFlops(double microBatch, double seqLen, double hidden)
{
    return 24.0 * microBatch * seqLen * hidden * hidden +
           4.0 * microBatch * seqLen * seqLen * hidden;
}

double logitForwardFlops(double microBatch, double seqLen, double hidden, double vocab)
{
    return 2.0 * microBatch * seqLen * hidden * vocab;
}

double layerActivationBytes(const StepTimeParams& p)
{
    const double t = toDouble(p.tp);
    const double tokens = p.seqLen / toDouble(p.cp);
    const double linear = p.sequenceParallel ? 34.0 / t : 10.0 + 24.0 / t;
    const double scores = 5.0 * p.heads * tokens * p.seqLen * p.microBatch / t;
    return (tokens * p.microBatch * p.hidden * linear + scores) * p.valueBytes / 2.0;
}

double tpBytesPerLayer(const StepTimeParams& p)
{
    const double t = toDouble(p.tp);
    const double collectives = p.recompute == Recompute::Full ? 6.0 : 4.0;
    const double values = p.microBatch * (p.seqLen / toDouble(p.cp)) * p.hidden;
    return collectives * 2.0 * (t - 1.0) / t * values * p.valueBytes;
}

double nicRingBandwidth(const StepTimeParams& p, double rings)
{
    const double nodeNics = toDouble(p.nicsPerNode) * p.nicBytesPerSecond;
    return std::min(p.intra.bandwidthBytesPerSecond, nodeNics / std::max(rings, 1.0));
}

Link groupLink(const StepTimeParams& p, std::int64_t size, std::int64_t stride)
{
    const std::int64_t g = std::max<std::int64_t>(p.gpusPerNode, 1);
    if (size <= 1 || size * stride <= g) {
        return p.intra;
    }
    // Members of one group in a node, and so the groups whose rings leave that node together.
    const std::int64_t members =
        std::clamp<std::int64_t>(g / std::max<std::int64_t>(stride, 1), 1, size);
    const double rings = toDouble(g) / toDouble(members);
    return Link{std::max(p.intra.latencySeconds, p.interLatencySeconds),
                nicRingBandwidth(p, rings)};
}

StepTime evaluateStepTime(const StepTimeParams& p)
{
    StepTime r;
    const double t = toDouble(p.tp);
    const double pp = toDouble(p.pp);
    const double cp = toDouble(p.cp);
    const double d = toDouble(p.dp);
    const double v = p.schedule == PipelineSchedule::Interleaved
                         ? toDouble(std::max<std::int64_t>(p.virtualStages, 1))
                         : 1.0;
    const double m = p.globalBatch / (p.microBatch * d);
    r.microbatches = m;
    const double rate = p.peakFlopsPerSecond * p.efficiency;

    // FLOPs of one micro-batch on one GPU: its L/p layers, 1/t of each matmul, 1/cp of the
    // tokens; the logits spread over the stages as eq. 3 counts them (the last stage really
    // carries them: an imbalance this model leaves out).
    const double layerForward = layerForwardFlops(p.microBatch, p.seqLen, p.hidden) / cp;
    const double attentionForward = 4.0 * p.microBatch * p.seqLen * p.seqLen * p.hidden / cp;
    const double logits = logitForwardFlops(p.microBatch, p.seqLen, p.hidden, p.vocab) / cp;
    const double layersPerStage = p.layers / pp;
    const double forward = (layersPerStage * layerForward + logits / pp) / t;
    double recomputed = 0;
    if (p.recompute == Recompute::Full) {
        recomputed = layersPerStage * layerForward / t; // one more forward of every layer
    } else if (p.recompute == Recompute::Selective) {
        recomputed = layersPerStage * attentionForward / t; // the attention core only
    }
    // Memory-bound work of the same passes: 1 forward, 2 backward, + the recomputed part.
    const double activations = layersPerStage * layerActivationBytes(p);
    double recomputedBytes = 0;
    if (p.recompute == Recompute::Full) {
        recomputedBytes = activations;
    } else if (p.recompute == Recompute::Selective) {
        recomputedBytes = layersPerStage * 5.0 * p.heads * (p.seqLen / cp) * p.seqLen *
                          p.microBatch / t * p.valueBytes / 2.0;
    }
    const double bandwidth = p.memoryBytesPerSecond;
    const double forwardSeconds = forward / rate + activations / bandwidth;
    const double backwardSeconds =
        (2.0 * forward + recomputed) / rate + (2.0 * activations + recomputedBytes) / bandwidth;
    // W: the weight-gradient matmuls, as many FLOPs as the forward's weight matmuls (24·b·s·h²
    // per layer, the logits' 2·b·s·h·V); the attention scores have no weights.
    const double weightFlops =
        (layersPerStage * 24.0 * p.microBatch * p.seqLen * p.hidden * p.hidden +
         logitForwardFlops(p.microBatch, p.seqLen, p.hidden, p.vocab) / pp) /
        (t * cp);
    r.memoryBoundSeconds = m * (3.0 * activations + recomputedBytes) / bandwidth;
    r.computeSeconds = m * (forwardSeconds + backwardSeconds);

    const double sequenceFlops = 3.0 * (p.layers * layerForwardFlops(1, p.seqLen, p.hidden) +
                                        logitForwardFlops(1, p.seqLen, p.hidden, p.vocab));
    r.modelFlops = p.globalBatch * sequenceFlops;
    double recomputeFlops = 0;
    if (p.recompute == Recompute::Full) {
        recomputeFlops = p.layers * layerForwardFlops(1, p.seqLen, p.hidden);
    } else if (p.recompute == Recompute::Selective) {
        recomputeFlops = p.layers * 4.0 * p.seqLen * p.seqLen * p.hidden;
    }
    r.hardwareFlops = r.modelFlops + p.globalBatch * recomputeFlops;

    // Tensor parallelism: ranks 1 apart (Megatron's order: tp innermost, then cp, dp, pp).
    r.tpLink = groupLink(p, p.tp, 1);
    r.tpBytesPerLayer = tpBytesPerLayer(p);
    if (p.tp > 1) {
        const double collectives = p.recompute == Recompute::Full ? 6.0 : 4.0;
        const double values = p.microBatch * (p.seqLen / cp) * p.hidden * p.valueBytes;
        const double one =
            ringSeconds(CollectiveOp::AllReduce, p.tp, values, r.tpLink, p.gpusPerNode);
        r.tpSeconds = m * layersPerStage * collectives * one;
    }

    // Context parallelism: K and V of the s/cp local tokens (h/t of them per TP rank), gathered
    // in the forward and their gradients reduce-scattered in the backward, per layer.
    if (p.cp > 1) {
        const Link link = groupLink(p, p.cp, p.tp);
        const double kv = 2.0 * p.microBatch * p.seqLen * (p.hidden / t) * p.valueBytes;
        const double passes = p.recompute == Recompute::Full ? 3.0 : 2.0;
        r.cpTotalSeconds = m * layersPerStage * passes *
                           ringSeconds(CollectiveOp::AllGather, p.cp, kv, link, p.gpusPerNode);
        const double attentionSeconds = m * layersPerStage * 3.0 * attentionForward / t / rate;
        r.cpSeconds = std::max(0.0, r.cpTotalSeconds - attentionSeconds);
    }

    // Pipeline: the schedule's idle time per device. GPipe, 1F1B, interleaved: (p − 1)/(v·m) of
    // the ideal time (Narayanan et al. 2021 §2.2; Llama 3). The split schedules from F, B and W
    // of one micro-batch (MODELS §5; pipeline.h's closed forms): ZB-H1 (p − 1)(F + B − 2W);
    // ZB-H2 (p − 1)(F + B − 3W) ≥ 0, with Qi et al. 2023's post-validation in place of the
    // synchronisation before the optimizer step; DualPipe (p/2 − 1)(F&B + B − 3W). TP
    // collectives stretch F and B in proportion; W has none.
    const double commStretch = r.computeSeconds > 0 ? 1.0 + r.tpSeconds / r.computeSeconds : 1.0;
    r.microbatchForwardSeconds = forwardSeconds * commStretch;
    r.microbatchBackwardSeconds = backwardSeconds * commStretch;
    r.microbatchWeightGradSeconds = weightFlops / rate;
    if (p.pp > 1) {
        const double f = r.microbatchForwardSeconds;
        const double b = r.microbatchBackwardSeconds;
        const double w = r.microbatchWeightGradSeconds;
        switch (p.schedule) {
        case PipelineSchedule::ZeroBubbleH1:
            r.bubbleSeconds = zeroBubbleH1BubbleSeconds(p.pp, f, b, w);
            break;
        case PipelineSchedule::ZeroBubbleH2:
            r.bubbleSeconds = zeroBubbleH2BubbleSeconds(p.pp, f, b, w);
            break;
        case PipelineSchedule::DualPipe:
            r.bubbleSeconds = dualPipeBubbleSeconds(p.pp, f, b, w);
            break;
        default:
            r.bubbleSeconds = (pp - 1.0) / (v * m) * (r.computeSeconds + r.tpSeconds);
            break;
        }
        r.ppLink = groupLink(p, p.pp, p.tp * p.cp * p.dp);
        const double message = p.microBatch * (p.seqLen / cp) * p.hidden * p.valueBytes / t;
        const double send = r.ppLink.latencySeconds + message / r.ppLink.bandwidthBytesPerSecond;
        r.p2pSeconds = 2.0 * (v * m + pp - 1.0) * send;
    }

    // Data parallelism: each GPU's shard Ψ/(t·p) reduced over the d·cp ranks that hold it.
    r.dpShardParameters = p.params / (t * pp);
    const std::int64_t dpGroup = p.dp * p.cp;
    r.dpLink = groupLink(p, dpGroup, p.tp);
    if (dpGroup > 1) {
        const double bytes = r.dpShardParameters * p.valueBytes;
        const double allReduce =
            ringSeconds(CollectiveOp::AllReduce, dpGroup, bytes, r.dpLink, p.gpusPerNode);
        const double reduceScatter =
            ringSeconds(CollectiveOp::ReduceScatter, dpGroup, bytes, r.dpLink, p.gpusPerNode);
        const double allGather =
            ringSeconds(CollectiveOp::AllGather, dpGroup, bytes, r.dpLink, p.gpusPerNode);
        // ZeRO-2 and -3 keep only their gradient shard, so each micro-batch's gradients are
        // reduce-scattered after its backward (DeepSpeed's answer in deepspeedai/DeepSpeed
        // #2252: "gradient reduction is required after every backward because of gradient
        // partitioning"), each hidden under that backward; stages 0 and 1 accumulate whole
        // gradients and reduce once, under the last backward.
        const double reductions = p.zero >= 2 ? m : 1.0;
        if (p.zero == 0) {
            r.dpTotalSeconds = allReduce;
            r.dpSeconds = std::max(0.0, allReduce - backwardSeconds);
        } else if (p.zero < 3) {
            r.dpTotalSeconds = reductions * reduceScatter + allGather;
            r.dpSeconds = reductions * std::max(0.0, reduceScatter - backwardSeconds) + allGather;
        } else {
            r.dpTotalSeconds = reductions * reduceScatter;
            r.dpSeconds = reductions * std::max(0.0, reduceScatter - backwardSeconds);
            // Each micro-batch gathers the parameters for its forward and again for its
            // backward (twice there with full recomputation, whose forward runs inside it),
            // layer by layer: FSDP gathers one transformer block at a time (Zhao et al. 2023,
            // "PyTorch FSDP", §3.2), so a pass pays L/p rings' latency for the same bytes. Each
            // pass's gathers hide under that pass, not under the whole step's compute.
            const double layerGather = ringSeconds(CollectiveOp::AllGather, dpGroup,
                                                   bytes / layersPerStage, r.dpLink, p.gpusPerNode);
            const double passGather = layersPerStage * layerGather;
            const double backwardGathers = p.recompute == Recompute::Full ? 2.0 : 1.0;
            r.zeroGatherTotalSeconds = m * (1.0 + backwardGathers) * passGather;
            r.zeroGatherSeconds =
                m * (std::max(0.0, passGather - forwardSeconds) +
                     std::max(0.0, backwardGathers * passGather - backwardSeconds));
        }
    }

    // Optimizer step: memory-bound, every state byte read and written once.
    r.optimizerSeconds = 2.0 * p.optimizerStateBytes / p.memoryBytesPerSecond;

    r.stepSeconds = r.computeSeconds + r.tpSeconds + r.bubbleSeconds + r.p2pSeconds + r.dpSeconds +
                    r.zeroGatherSeconds + r.cpSeconds + r.optimizerSeconds;
    return r;
}

std::optional<StepTimeParams> stepTimeParamsFromScenario(const Scenario& scenario)
{
    const GpuSpec* gpu = findGpu(scenario.hardware.gpu);
    if (!gpu) {
        return std::nullopt;
    }
    const auto& model = scenario.model;
    const auto& parallel = scenario.parallel;
    const auto& hardware = scenario.hardware;
    const bool fp32 = scenario.train.precision == Precision::Fp32;
    StepTimeParams p;
    p.params = effectiveParameters(model);
    p.layers = toDouble(model.layers);
    p.hidden = toDouble(model.hidden);
    p.heads = toDouble(model.heads);
    p.seqLen = toDouble(model.seqLen);
    p.vocab = toDouble(model.vocab);
    p.microBatch = toDouble(scenario.train.microBatch);
    p.globalBatch = toDouble(scenario.train.globalBatch);
    p.dp = parallel.dp;
    p.tp = parallel.tp;
    p.pp = parallel.pp;
    p.cp = parallel.cp;
    p.schedule = parallel.schedule;
    p.virtualStages =
        parallel.schedule == PipelineSchedule::Interleaved ? parallel.virtualStages : 1;
    p.recompute = scenario.train.recompute;
    p.sequenceParallel = scenario.memory.sequenceParallel;
    p.zero = parallel.zero;
    p.valueBytes = fp32 ? 4.0 : 2.0;
    const auto perParameter = bytesPerParameter(scenario.train.precision, scenario.train.optimizer);
    const double shard = effectiveParameters(model) / toDouble(parallel.tp * parallel.pp);
    p.optimizerStateBytes =
        perParameter.total() * shard / (parallel.zero >= 1 ? toDouble(parallel.dp) : 1.0);
    p.peakFlopsPerSecond = fp32 ? gpu->fp32FlopsPerSecond : gpu->bf16FlopsPerSecond;
    p.efficiency = gpu->trainingEfficiency;
    p.memoryBytesPerSecond = gpu->memoryBandwidthBytesPerSecond;
    p.gpusPerNode = hardware.gpusPerNode;
    p.intra = {hardware.intraLatencySeconds, hardware.intraBandwidthBytesPerSecond};
    p.interLatencySeconds = hardware.interLatencySeconds;
    // Older files give only the per-GPU inter-node link: one NIC per GPU at that rate.
    p.nicsPerNode = hardware.nodeNics();
    p.nicBytesPerSecond = hardware.nicBytesPerSecond();
    return p;
}

std::vector<ScenarioError> layoutProblems(const Scenario& scenario)
{
    using Kind = ScenarioError::Kind;
    std::vector<ScenarioError> problems;
    const auto& model = scenario.model;
    const auto& parallel = scenario.parallel;
    const auto text = [](std::int64_t n) { return std::to_string(n); };
    const auto tag = [&problems](LayoutRule rule, std::vector<std::int64_t> numbers) {
        problems.back().rule = rule;
        problems.back().numbers = std::move(numbers);
    };
    if (parallel.dp < 1 || parallel.tp < 1 || parallel.pp < 1 || parallel.cp < 1 ||
        model.layers < 1 || model.heads < 1 || model.hidden < 1 || model.seqLen < 1 ||
        scenario.train.microBatch < 1 || scenario.train.globalBatch < 1) {
        return problems; // validate() names the key out of its range
    }
    const auto overflows = [](std::int64_t a, std::int64_t b, std::int64_t& product) {
        if (a > std::numeric_limits<std::int64_t>::max() / b) {
            return true;
        }
        product = a * b;
        return false;
    };
    std::int64_t tpppcp = 0;
    std::int64_t all = 0;
    if (overflows(parallel.tp, parallel.pp, tpppcp) || overflows(tpppcp, parallel.cp, tpppcp) ||
        overflows(parallel.dp, tpppcp, all)) {
        problems.push_back({Kind::Inconsistent, "parallel.dp", text(parallel.dp),
                            "small enough that dp x tp x pp x cp <= " +
                                text(std::numeric_limits<std::int64_t>::max()),
                            "parallel.tp = " + text(parallel.tp) + ", parallel.pp = " +
                                text(parallel.pp) + ", parallel.cp = " + text(parallel.cp)});
        return problems;
    }
    const std::int64_t gpus = scenario.hardware.gpus;
    if (gpus > 0 && all != gpus) {
        problems.push_back({Kind::Inconsistent, "parallel.dp", text(parallel.dp),
                            gpus % tpppcp == 0
                                ? text(gpus / tpppcp) + " (hardware.gpus / (tp x pp x cp))"
                                : "hardware.gpus / (tp x pp x cp), a whole number",
                            "hardware.gpus = " + text(gpus) + ", tp x pp x cp = " + text(tpppcp)});
        tag(LayoutRule::GpusProduct, {gpus, tpppcp});
    }
    // Megatron splits attention heads and the hidden dimension evenly over the tensor-parallel
    // group (Shoeybi et al. 2019 §3).
    if (model.heads % parallel.tp != 0) {
        problems.push_back({Kind::Inconsistent, "parallel.tp", text(parallel.tp),
                            "a divisor of model.heads", "model.heads = " + text(model.heads)});
        tag(LayoutRule::DividesHeads, {model.heads});
    } else if (model.hidden % parallel.tp != 0) {
        problems.push_back({Kind::Inconsistent, "parallel.tp", text(parallel.tp),
                            "a divisor of model.hidden", "model.hidden = " + text(model.hidden)});
        tag(LayoutRule::DividesHidden, {model.hidden});
    }
    // Every stage, and every interleaved chunk, holds the same whole number of layers.
    const std::int64_t v =
        parallel.schedule == PipelineSchedule::Interleaved ? parallel.virtualStages : 1;
    if (parallel.pp <= model.layers && v > model.layers / parallel.pp) {
        problems.push_back(
            {Kind::Inconsistent, "parallel.virtual_stages", text(v),
             "at most model.layers / parallel.pp for the interleaved schedule",
             "model.layers = " + text(model.layers) + ", parallel.pp = " + text(parallel.pp)});
        tag(LayoutRule::ChunksPerStage, {model.layers, parallel.pp});
    } else if (v > model.layers || model.layers % (parallel.pp * v) != 0) {
        problems.push_back(
            {Kind::Inconsistent, "parallel.pp", text(parallel.pp),
             v > 1 ? "such that pp x parallel.virtual_stages divides model.layers"
                   : "a divisor of model.layers",
             "model.layers = " + text(model.layers) +
                 (v > 1 ? ", parallel.virtual_stages = " + text(v) : std::string())});
        tag(LayoutRule::DividesLayers, {model.layers, v});
    }
    // Context parallelism splits each sequence cp ways, sequence parallelism each part tp ways
    // (Korthikanti et al. 2022 §4.2.2).
    const std::int64_t split =
        scenario.memory.sequenceParallel ? parallel.cp * parallel.tp : parallel.cp;
    if (model.seqLen % split != 0) {
        problems.push_back({Kind::Inconsistent, "parallel.cp", text(parallel.cp),
                            scenario.memory.sequenceParallel
                                ? "such that cp x tp divides model.seq_len (sequence parallel)"
                                : "a divisor of model.seq_len",
                            "model.seq_len = " + text(model.seqLen)});
        tag(LayoutRule::DividesSequence,
            {model.seqLen, scenario.memory.sequenceParallel ? parallel.tp : 0});
    }
    const std::int64_t perStep = scenario.train.microBatch * parallel.dp;
    const std::int64_t batch = scenario.train.globalBatch;
    if (batch % perStep != 0) {
        problems.push_back({Kind::Inconsistent, "train.global_batch", text(batch),
                            "a multiple of train.micro_batch x parallel.dp = " + text(perStep),
                            "m = global batch / (b x dp) micro-batches"});
        tag(LayoutRule::BatchPerStep, {perStep});
    } else if (!scheduleTakesMicrobatches(parallel.schedule, parallel.pp, batch / perStep)) {
        const std::int64_t m = batch / perStep;
        const std::int64_t p = parallel.pp;
        const std::string micro = "m = " + text(m) + " micro-batches";
        switch (parallel.schedule) {
        case PipelineSchedule::Interleaved:
            problems.push_back({Kind::Inconsistent, "train.global_batch", text(batch),
                                "a multiple of train.micro_batch x parallel.dp x parallel.pp = " +
                                    text(perStep * p) + " for the interleaved schedule",
                                micro});
            tag(LayoutRule::InterleavedMicrobatches, {perStep * p, m});
            break;
        case PipelineSchedule::DualPipe:
            if (p % 2 != 0) {
                problems.push_back({Kind::Inconsistent, "parallel.pp", text(p),
                                    "an even number for the dualpipe schedule",
                                    "parallel.schedule = dualpipe"});
                tag(LayoutRule::DualPipeEvenStages, {});
            } else {
                problems.push_back({Kind::Inconsistent, "train.global_batch", text(batch),
                                    "such that m = global batch / (b x dp) is even and at least " +
                                        text(2 * p) +
                                        " (2 x parallel.pp) for the dualpipe schedule",
                                    micro});
                tag(LayoutRule::DualPipeMicrobatches, {2 * p, m});
            }
            break;
        case PipelineSchedule::ZeroBubbleH2:
            problems.push_back({Kind::Inconsistent, "train.global_batch", text(batch),
                                "such that m = global batch / (b x dp) is at least " +
                                    text(2 * p - 1) +
                                    " (2 x parallel.pp - 1) for the zb-h2 schedule",
                                micro});
            tag(LayoutRule::ZeroBubbleMicrobatches, {2 * p - 1, m});
            break;
        default:
            problems.push_back({Kind::Inconsistent, "train.global_batch", text(batch),
                                "such that m = global batch / (b x dp) is at least " + text(p) +
                                    " (parallel.pp) for the zb-h1 schedule",
                                micro});
            tag(LayoutRule::ZeroBubbleMicrobatches, {p, m});
            break;
        }
    }
    return problems;
}

bool scheduleTakesMicrobatches(PipelineSchedule schedule, std::int64_t stages,
                               std::int64_t microbatches)
{
    const std::int64_t p = stages;
    const std::int64_t m = microbatches;
    if (p <= 1) {
        return true;
    }
    switch (schedule) {
    case PipelineSchedule::Interleaved:
        return m % p == 0;
    case PipelineSchedule::ZeroBubbleH1:
        return m >= p;
    case PipelineSchedule::ZeroBubbleH2:
        return m >= 2 * p - 1;
    case PipelineSchedule::DualPipe:
        return p % 2 == 0 && m % 2 == 0 && m >= 2 * p;
    default:
        return true;
    }
}

} // namespace simcore
