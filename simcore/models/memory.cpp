#include "simcore/models/memory.h"

#include "simcore/models/training.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace simcore {

namespace {

// Defensive only (the preconditions exclude it): a degree or size below 1 must not divide by zero.
double atLeastOne(std::int64_t value)
{
    return value >= 1 ? static_cast<double>(value) : 1.0;
}

std::int64_t atLeastOneInt(std::int64_t value)
{
    return value >= 1 ? value : 1;
}

double ceilDiv(double numerator, double denominator)
{
    return std::ceil(numerator / denominator);
}

// Stored activations of one transformer layer and one micro-batch, split into 16/32-bit values
// (counted in elements) and 1-byte dropout masks (counted in bytes). Korthikanti et al. 2022 §4.1
// itemise the 34·s·b·h + 5·a·s²·b bytes (16-bit) of one layer as:
//   attention: QKV input 2sbh, Q and K 4sbh, softmax output 2as²b, its dropout mask as²b,
//              dropout output 2as²b, V 2sbh, projection input 2sbh, dropout mask sbh;
//   MLP:       input 2sbh, GeLU input 8sbh, GeLU output 8sbh, dropout mask sbh;
//   two layer norms: 4sbh.
// That is 16·sbh + 2·as²b values and 2·sbh + as²b mask bytes. Tensor parallelism (§4.2.1) splits
// the 12·sbh values and everything a·s²·b inside attention and MLP; the 4·sbh values and 2·sbh
// masks at the layer norms and dropouts stay whole unless sequence parallelism (§4.2.2) splits
// them too. Selective recompute (§4.3) drops the a·s²·b terms; full recompute keeps the input.
struct LayerActivations {
    double values = 0;
    double maskBytes = 0;
};

LayerActivations layerActivations(const Scenario& scenario, const MemoryOptions& options)
{
    const auto& model = scenario.model;
    const double s = atLeastOne(model.seqLen);
    const double b = atLeastOne(scenario.train.microBatch);
    const double h = atLeastOne(model.hidden);
    const double a = atLeastOne(model.heads);
    const double t = atLeastOne(scenario.parallel.tp);
    const double tReplicated = options.sequenceParallel ? t : 1.0;
    const double sbh = s * b * h;
    const double scores = a * s * s * b;

    switch (scenario.train.recompute) {
    case Recompute::Full:
        return {sbh / tReplicated, 0};
    case Recompute::Selective:
        return {4 * sbh / tReplicated + 12 * sbh / t, 2 * sbh / tReplicated};
    case Recompute::None:
        break;
    }
    return {4 * sbh / tReplicated + 12 * sbh / t + 2 * scores / t,
            2 * sbh / tReplicated + scores / t};
}

bool productOverflows(std::int64_t a, std::int64_t b, std::int64_t& product)
{
    if (a > std::numeric_limits<std::int64_t>::max() / b) {
        return true;
    }
    product = a * b;
    return false;
}

} // namespace

MemoryOptions memoryOptionsFromScenario(const Scenario& scenario)
{
    return {.sequenceParallel = scenario.memory.sequenceParallel,
            .buffersFraction = scenario.memory.buffersFraction};
}

double parametersFromShape(const ModelSpec& model)
{
    // Narayanan et al. 2021 eq. 2, expanded: 12·L·h² + 13·L·h + (V + s)·h.
    const auto L = static_cast<double>(model.layers);
    const auto h = static_cast<double>(model.hidden);
    const auto V = static_cast<double>(model.vocab);
    const auto s = static_cast<double>(model.seqLen);
    return 12 * L * h * h + 13 * L * h + (V + s) * h;
}

double effectiveParameters(const ModelSpec& model)
{
    return model.params > 0 ? model.params : parametersFromShape(model);
}

BytesPerParameter bytesPerParameter(Precision precision, Optimizer optimizer)
{
    // Optimizer state bytes for one parameter, in the precision the states are kept in.
    const bool fullWidth = precision != Precision::Bf16; // fp32 and mixed keep FP32 states
    double states = 0;
    switch (optimizer) {
    case Optimizer::Sgd:
        states = 0;
        break;
    case Optimizer::Momentum:
        states = fullWidth ? 4 : 2; // one momentum buffer
        break;
    case Optimizer::Adam:
        states = fullWidth ? 8 : 4; // first and second moments m, v
        break;
    case Optimizer::Adam8bit:
        states = 2; // m and v quantised to 8 bits each (Dettmers et al. 2022)
        break;
    }
    switch (precision) {
    case Precision::Fp32:
        return {4, 4, states};
    case Precision::Mixed:
        return {2, 2, 4 + states}; // + FP32 master weights (ZeRO §3.1)
    case Precision::Bf16:
        return {2, 2, states};
    }
    return {4, 4, states};
}

double activationValueBytes(Precision precision)
{
    return precision == Precision::Fp32 ? 4.0 : 2.0;
}

namespace {

// The schedule's p, m, v as pipelineParamsFromScenario reads them (times play no part here).
PipelineParams scheduleOf(const ParallelSpec& parallel, std::int64_t microbatches)
{
    PipelineParams schedule;
    schedule.stages = atLeastOneInt(parallel.pp);
    schedule.microbatches = atLeastOneInt(microbatches);
    schedule.schedule = parallel.schedule;
    schedule.virtualStages = parallel.schedule == PipelineSchedule::Interleaved
                                 ? atLeastOneInt(parallel.virtualStages)
                                 : 1;
    return schedule;
}

} // namespace

InFlightActivations inFlightActivations(const ModelSpec& model, const ParallelSpec& parallel,
                                        std::int64_t microbatches)
{
    const PipelineParams schedule = scheduleOf(parallel, microbatches);
    const InFlightPeak first = inFlightPeak(schedule, 0);
    const InFlightPeak last = inFlightPeak(schedule, schedule.stages - 1);
    InFlightActivations result{
        inFlightLayerSets(model, parallel, first.chunks), first.firstStageMicrobatches,
        inFlightLayerSets(model, parallel, last.chunks), last.lastStageMicrobatches};
    if (schedule.schedule == PipelineSchedule::DualPipe && schedule.stages > 1) {
        result.firstStageOutputMicrobatches = first.lastStageMicrobatches;
        result.lastStageEmbeddingMicrobatches = last.firstStageMicrobatches;
    }
    return result;
}

double inFlightLayerSets(const ModelSpec& model, const ParallelSpec& parallel, std::int64_t chunks)
{
    const PipelineParams schedule = scheduleOf(parallel, 1); // m plays no part in a chunk
    const auto L = static_cast<double>(atLeastOneInt(model.layers));
    const auto v = static_cast<double>(schedule.virtualStages);
    if (schedule.stages == 1) {
        return static_cast<double>(chunks) / v * L;
    }
    return static_cast<double>(chunks) * ceilDiv(L, static_cast<double>(schedule.stages) * v);
}

double activationBytesPerLayer(const Scenario& scenario, const MemoryOptions& options)
{
    const LayerActivations layer = layerActivations(scenario, options);
    return activationValueBytes(scenario.train.precision) * layer.values + layer.maskBytes;
}

double outputLayerActivationBytes(const Scenario& scenario, const MemoryOptions& options)
{
    const double s = atLeastOne(scenario.model.seqLen);
    const double b = atLeastOne(scenario.train.microBatch);
    const double h = atLeastOne(scenario.model.hidden);
    const double V = atLeastOne(scenario.model.vocab);
    const double t = atLeastOne(scenario.parallel.tp);
    const double tReplicated = options.sequenceParallel ? t : 1.0;
    // Final layer-norm input and output-projection input (s·b·h values each), FP32 logits.
    const double values = 2 * s * b * h / tReplicated;
    return activationValueBytes(scenario.train.precision) * values + 4 * s * b * V / t;
}

double embeddingActivationBytes(const Scenario& scenario, const MemoryOptions& options)
{
    const double s = atLeastOne(scenario.model.seqLen);
    const double b = atLeastOne(scenario.train.microBatch);
    const double h = atLeastOne(scenario.model.hidden);
    const double t = atLeastOne(scenario.parallel.tp);
    return s * b * h / (options.sequenceParallel ? t : 1.0);
}

Scenario layoutMemoryScenario(const Scenario& scenario)
{
    Scenario layout = scenario;
    const std::int64_t cp = scenario.parallel.cp;
    if (cp > 1 && scenario.model.seqLen % cp == 0) {
        layout.model.seqLen = scenario.model.seqLen / cp;
    }
    return layout;
}

MemoryBreakdown evaluateMemory(const Scenario& scenario, const MemoryOptions& options)
{
    return evaluateMemory(scenario, options,
                          inFlightActivations(scenario.model, scenario.parallel,
                                              microbatchesPerStep(scenario).value_or(1)));
}

MemoryBreakdown evaluateMemory(const Scenario& scenario, const MemoryOptions& options,
                               const InFlightActivations& inFlight)
{
    MemoryBreakdown result;
    const auto& parallel = scenario.parallel;
    const double modelParallel = atLeastOne(parallel.tp) * atLeastOne(parallel.pp);
    const double dataParallel = atLeastOne(parallel.dp);

    result.parameters = effectiveParameters(scenario.model);
    result.parametersPerGpu = ceilDiv(result.parameters, modelParallel) *
                              static_cast<double>(parameterCopies(parallel.schedule));
    const double whole = result.parametersPerGpu;
    const double shard = ceilDiv(whole, dataParallel);

    const BytesPerParameter bytes =
        bytesPerParameter(scenario.train.precision, scenario.train.optimizer);
    // ZeRO §5.1: stage k shards the first k of (optimizer states, gradients, parameters).
    const std::int64_t stage = parallel.zero;
    result.optimizerBytes = bytes.optimizer * (stage >= 1 ? shard : whole);
    result.gradientsBytes = bytes.gradients * (stage >= 2 ? shard : whole);
    result.weightsBytes = bytes.weights * (stage >= 3 ? shard : whole);

    result.activationsPerLayerBytes = activationBytesPerLayer(scenario, options);
    result.inFlight = inFlight;
    const double embedding = embeddingActivationBytes(scenario, options);
    const double output = outputLayerActivationBytes(scenario, options);
    const double firstStage = inFlight.firstStageLayerSets * result.activationsPerLayerBytes +
                              static_cast<double>(inFlight.firstStageMicrobatches) * embedding +
                              static_cast<double>(inFlight.firstStageOutputMicrobatches) * output;
    const double lastStage =
        inFlight.lastStageLayerSets * result.activationsPerLayerBytes +
        static_cast<double>(inFlight.lastStageMicrobatches) * output +
        static_cast<double>(inFlight.lastStageEmbeddingMicrobatches) * embedding;
    if (parallel.pp <= 1) {
        // One stage holds the embedding, every layer and the output layer.
        result.activationsBytes =
            firstStage + static_cast<double>(inFlight.lastStageMicrobatches) * output;
    } else {
        result.activationsBytes = std::max(firstStage, lastStage);
    }

    const double held = result.modelStatesBytes() + result.activationsBytes;
    result.buffersBytes = options.buffersFraction * held;
    result.totalBytes = held + result.buffersBytes;
    return result;
}

std::int64_t maxDataParallel()
{
    const KeyInfo* key = findKey("parallel.dp");
    return key ? static_cast<std::int64_t>(key->maximum) : 1'000'000;
}

MemoryVerdict memoryVerdict(const Scenario& scenario, const GpuSpec& gpu,
                            const MemoryOptions& options)
{
    MemoryVerdict verdict;
    verdict.capacityBytes = gpu.memoryBytes;
    const MemoryBreakdown now = evaluateMemory(scenario, options);
    verdict.fits = now.totalBytes <= verdict.capacityBytes;
    verdict.headroomBytes = verdict.capacityBytes - now.totalBytes;

    Scenario trial = scenario;
    const auto fitsAt = [&](std::int64_t dp) {
        trial.parallel.dp = dp;
        return evaluateMemory(trial, options).totalBytes <= verdict.capacityBytes;
    };
    std::int64_t low = 1;
    std::int64_t high = maxDataParallel();
    if (!fitsAt(high)) {
        return verdict; // more data parallelism cannot help: 0 = never
    }
    // Per-GPU memory never grows with dp (ZeRO shards ⌈Ψ'/N_d⌉ shrink, the rest is constant),
    // so the smallest dp that fits is found by bisection.
    while (low < high) {
        const std::int64_t middle = low + (high - low) / 2;
        if (fitsAt(middle)) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    verdict.minDataParallel = low;
    std::int64_t modelParallel = 0;
    std::int64_t gpus = 0;
    std::int64_t tpPp = 0;
    if (!productOverflows(atLeastOneInt(scenario.parallel.tp), atLeastOneInt(scenario.parallel.pp),
                          tpPp) &&
        !productOverflows(tpPp, atLeastOneInt(scenario.parallel.cp), modelParallel) &&
        !productOverflows(low, modelParallel, gpus)) {
        verdict.minGpus = gpus;
    }
    return verdict;
}

double zeroCommunicationFactor(std::int64_t zeroStage)
{
    switch (zeroStage) {
    case 0:
    case 1:
    case 2:
        return 2;
    case 3:
        return 3;
    default:
        return 0;
    }
}

double zeroCommunicationBytes(const Scenario& scenario)
{
    if (scenario.parallel.dp <= 1) {
        return 0;
    }
    const double modelParallel =
        atLeastOne(scenario.parallel.tp) * atLeastOne(scenario.parallel.pp);
    const double shard = ceilDiv(effectiveParameters(scenario.model), modelParallel);
    const double elementBytes =
        bytesPerParameter(scenario.train.precision, scenario.train.optimizer).weights;
    return zeroCommunicationFactor(scenario.parallel.zero) * shard * elementBytes;
}

std::vector<ScenarioError> validateMemory(const Scenario& scenario, const MemoryOptions& options)
{
    using Kind = ScenarioError::Kind;
    // The layout rules are every view's (layoutProblems); the options may differ from the
    // scenario's memory.* keys (a caller weighing another variant), so the check reads them.
    Scenario layout = scenario;
    layout.memory.sequenceParallel = options.sequenceParallel;
    std::vector<ScenarioError> errors = layoutProblems(layout);
    if (!(options.buffersFraction >= 0 && options.buffersFraction <= 1)) {
        errors.push_back({Kind::OutOfRange,
                          "memory.buffers_fraction",
                          formatNumber(options.buffersFraction),
                          "0 to 1",
                          {}});
    }
    return errors;
}

} // namespace simcore
