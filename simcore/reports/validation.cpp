#include "simcore/reports/validation.h"

#include "simcore/reports/trainingreport.h"
#include "simcore/scenario/catalogue.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace simcore {

namespace {

struct Shape {
    std::int64_t heads;
    std::int64_t hidden;
    std::int64_t layers;
    std::int64_t tp;
    std::int64_t pp;
    std::int64_t gpus;
    std::int64_t batch;
};

/// A Selene run (see the header): A100 80GB, NVLink 3, 8 HDR NICs per node, mixed + Adam,
/// s = 2048, V = 51,200, b = 1, 1F1B.
Scenario seleneRun(const Shape& shape, Recompute recompute, bool sequenceParallel)
{
    Scenario s;
    s.model.params = 0; // from the shape, eq. 2
    s.model.layers = shape.layers;
    s.model.hidden = shape.hidden;
    s.model.heads = shape.heads;
    s.model.seqLen = 2048;
    s.model.vocab = 51200;
    s.train.precision = Precision::Mixed;
    s.train.optimizer = Optimizer::Adam;
    s.train.microBatch = 1;
    s.train.globalBatch = shape.batch;
    s.train.recompute = recompute;
    s.memory.sequenceParallel = sequenceParallel;
    s.parallel.tp = shape.tp;
    s.parallel.pp = shape.pp;
    s.parallel.cp = 1;
    s.parallel.dp = shape.gpus / (shape.tp * shape.pp);
    s.parallel.zero = 0;
    s.parallel.schedule = PipelineSchedule::OneFOneB;
    s.hardware.gpu = "a100-80";
    s.hardware.gpus = shape.gpus;
    s.hardware.gpusPerNode = 8;
    s.hardware.intraBandwidthBytesPerSecond = 300e9; // NVLink 3, one way (A100 datasheet)
    s.hardware.nicsPerNode = 8;                      // Narayanan et al. 2021 §5: 8 × HDR
    s.hardware.nicBandwidthBytesPerSecond = 25e9;    // 200 Gb/s
    s.hardware.interBandwidthBytesPerSecond = 25e9;
    return s;
}

constexpr std::string_view kNarayananNote =
    "b = 1 and 1F1B assumed (Table 1 gives neither); full recomputation (eq. 3 counts it)";
constexpr std::string_view kKorthikantiNote = "no data parallelism (Table 5); Table 3's layout";

std::vector<ValidationRun> buildRuns()
{
    std::vector<ValidationRun> runs;
    // Narayanan et al. 2021, arXiv 2104.04473, Table 1 (weak scaling, Selene): heads, hidden,
    // layers, t, p, GPUs, batch → TFLOP/s per GPU.
    struct Row {
        std::string_view id;
        std::string_view name;
        std::string_view source;
        Shape shape;
        double tflops;
    };
    constexpr std::string_view kT1 = "Narayanan et al. 2021 (arXiv 2104.04473), Table 1, row ";
    static const std::array<Row, 10> table1{{
        {"narayanan-t1-1.7b",
         "GPT 1.7B, 32 A100 (t 1, p 1)",
         "1.7B",
         {24, 2304, 24, 1, 1, 32, 512},
         137},
        {"narayanan-t1-3.6b",
         "GPT 3.6B, 64 A100 (t 2, p 1)",
         "3.6B",
         {32, 3072, 30, 2, 1, 64, 512},
         138},
        {"narayanan-t1-7.5b",
         "GPT 7.5B, 128 A100 (t 4, p 1)",
         "7.5B",
         {32, 4096, 36, 4, 1, 128, 512},
         142},
        {"narayanan-t1-18b",
         "GPT 18.4B, 256 A100 (t 8, p 1)",
         "18.4B",
         {48, 6144, 40, 8, 1, 256, 1024},
         135},
        {"narayanan-t1-39b",
         "GPT 39.1B, 512 A100 (t 8, p 2)",
         "39.1B",
         {64, 8192, 48, 8, 2, 512, 1536},
         138},
        {"narayanan-t1-76b",
         "GPT 76.1B, 1024 A100 (t 8, p 4)",
         "76.1B",
         {80, 10240, 60, 8, 4, 1024, 1792},
         140},
        {"narayanan-t1-146b",
         "GPT 145.6B, 1536 A100 (t 8, p 8)",
         "145.6B",
         {96, 12288, 80, 8, 8, 1536, 2304},
         148},
        {"narayanan-t1-310b",
         "GPT 310.1B, 1920 A100 (t 8, p 16)",
         "310.1B",
         {128, 16384, 96, 8, 16, 1920, 2160},
         155},
        {"narayanan-t1-530b",
         "GPT 529.6B, 2520 A100 (t 8, p 35)",
         "529.6B",
         {128, 20480, 105, 8, 35, 2520, 2520},
         163},
        {"narayanan-t1-1t",
         "GPT 1008B, 3072 A100 (t 8, p 64)",
         "1008.0B",
         {160, 25600, 128, 8, 64, 3072, 3072},
         163},
    }};
    for (const auto& row : table1) {
        runs.push_back({row.id, row.name, std::string(kT1) + std::string(row.source),
                        ValidationMetric::HardwareTflopsPerGpu, row.tflops,
                        seleneRun(row.shape, Recompute::Full, false), kNarayananNote});
    }
    // Korthikanti et al. 2022 (arXiv 2205.05198): Table 3's four models (22B with b = 4 and a
    // batch of 4, the others b = 1; the interleaved schedule with 3 chunks for 175B and 530B;
    // no data parallelism) and Table 5's end-to-end iteration times, with full recomputation
    // and with sequence parallelism + selective recomputation ("present work"); the latter's
    // MFU (41.5, 51.4, 56.0, 56.3 %) is the same run's figure, also in the Megatron-LM README.
    struct KorthikantiRow {
        std::string_view id;
        std::string_view name;
        Shape shape;
        std::int64_t microBatch;
        std::int64_t chunks; ///< interleaved v, 1 = plain 1F1B
        double fullSeconds;
        double presentSeconds;
    };
    static const std::array<KorthikantiRow, 4> korthikanti{{
        {"22b", "GPT 22B, 8 A100 (t 8, p 1)", {64, 6144, 48, 8, 1, 8, 4}, 4, 1, 1.42, 1.10},
        {"175b",
         "GPT 175B, 64 A100 (t 8, p 8, v 3)",
         {96, 12288, 96, 8, 8, 64, 64},
         1,
         3,
         18.13,
         13.75},
        {"530b",
         "GPT 530B, 280 A100 (t 8, p 35, v 3)",
         {128, 20480, 105, 8, 35, 280, 280},
         1,
         3,
         49.05,
         37.83},
        {"1t",
         "GPT 1T, 512 A100 (t 8, p 64)",
         {160, 25600, 128, 8, 64, 512, 512},
         1,
         1,
         94.42,
         71.49},
    }};
    static const std::array<std::string, 8> ids = [] {
        std::array<std::string, 8> out;
        for (std::size_t i = 0; i < 4; ++i) {
            out[2 * i] = "korthikanti-" + std::string(korthikanti[i].id) + "-full";
            out[2 * i + 1] = "korthikanti-" + std::string(korthikanti[i].id) + "-sp-selective";
        }
        return out;
    }();
    static const std::array<std::string, 8> names = [] {
        std::array<std::string, 8> out;
        for (std::size_t i = 0; i < 4; ++i) {
            out[2 * i] = std::string(korthikanti[i].name) + ", full recompute";
            out[2 * i + 1] = std::string(korthikanti[i].name) + ", SP + selective";
        }
        return out;
    }();
    for (std::size_t i = 0; i < korthikanti.size(); ++i) {
        const auto& row = korthikanti[i];
        for (const bool present : {false, true}) {
            Scenario s =
                seleneRun(row.shape, present ? Recompute::Selective : Recompute::Full, present);
            s.train.microBatch = row.microBatch;
            if (row.chunks > 1) {
                s.parallel.schedule = PipelineSchedule::Interleaved;
                s.parallel.virtualStages = row.chunks;
            }
            const std::size_t k = 2 * i + (present ? 1 : 0);
            runs.push_back({ids[k], names[k],
                            std::string("Korthikanti et al. 2022 (arXiv 2205.05198), Table 5, ") +
                                (present ? "present work" : "full recompute") + ", " +
                                std::string(row.id) + " (layout: Table 3)",
                            ValidationMetric::IterationSeconds,
                            present ? row.presentSeconds : row.fullSeconds, s, kKorthikantiNote});
        }
    }
    return runs;
}

} // namespace

std::span<const ValidationRun> validationRuns()
{
    static const std::vector<ValidationRun> runs = buildRuns();
    return runs;
}

std::string_view metricName(ValidationMetric metric)
{
    return metric == ValidationMetric::HardwareTflopsPerGpu ? "TFLOP/s per GPU"
                                                            : "iteration time, s";
}

std::vector<ValidationResult> validateRuns()
{
    std::vector<ValidationResult> results;
    for (const auto& run : validationRuns()) {
        ValidationResult result;
        result.run = &run;
        const TrainingReport report = trainingReport(run.scenario);
        if (!report.ok()) {
            result.problem = report.problems.front().message();
            results.push_back(std::move(result));
            continue;
        }
        if (run.metric == ValidationMetric::HardwareTflopsPerGpu) {
            result.predicted = report.find("hardware_tflops_per_gpu")->value;
            result.errorFraction = result.predicted / run.published - 1.0;
        } else {
            // A time: the error is the throughput's, published time / predicted time − 1.
            result.predicted = report.find("step_time")->value;
            result.errorFraction = run.published / result.predicted - 1.0;
        }
        results.push_back(std::move(result));
    }
    return results;
}

std::int64_t runsWithin15Percent(std::span<const ValidationResult> results)
{
    return std::count_if(results.begin(), results.end(), [](const ValidationResult& result) {
        return result.problem.empty() && std::abs(result.errorFraction) <= 0.15;
    });
}

Record validationRecord(std::span<const ValidationResult> results)
{
    List rows;
    for (const auto& result : results) {
        const auto& run = *result.run;
        Record row{{"id", std::string(run.id)},  {"name", std::string(run.name)},
                   {"source", run.source},       {"metric", std::string(metricName(run.metric))},
                   {"published", run.published}, {"note", std::string(run.note)}};
        if (result.problem.empty()) {
            row.push_back({"predicted", result.predicted});
            row.push_back({"error", result.errorFraction});
        } else {
            row.push_back({"problem", result.problem});
        }
        rows.push_back(std::move(row));
    }
    return {{"model", std::string("validate")},
            {"efficiency", kCalibratedEfficiency},
            {"runs", std::move(rows)},
            {"within_15_percent", runsWithin15Percent(results)},
            {"count", static_cast<std::int64_t>(results.size())}};
}

} // namespace simcore
