// Schedules that split the backward into the input gradient B and the weight gradient W:
// ZB-H1 and ZB-H2 (Qi et al. 2023, "Zero Bubble Pipeline Parallelism", ICLR 2024, §3.1 and
// Table 1) and DualPipe (DeepSeek-V3 technical report, §3.2.1 and Table 2; the order of
// github.com/deepseek-ai/DualPipe's dualpipe.py). The simulated bubble is checked against each
// published closed form, written out here by hand. Convention of the closed forms (DeepSeek-V3
// Table 2): F the forward, B the WHOLE backward (PipelineParams::backwardSeconds), W its
// weight-gradient part; Qi et al.'s T_B is B − W.
#include "csvtables.h"
#include "simcore/models/memory.h"
#include "simcore/models/pipeline.h"
#include "simcore/models/pipelinememory.h"
#include "simcore/models/training.h"
#include "simcore/reports/pipelinereport.h"
#include "simcore/scenario/scenario.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <tuple>
#include <vector>

using namespace simcore;

namespace {

// Times are sums of at most a few hundred durations of order 1 s: a relative 1e-9 covers
// rounding, while one misplaced operation (≥ 0.25 s here) fails.
constexpr double kRelative = 1e-9;
constexpr double kMargin = 1e-9; // for bubbles of exactly 0 s

PipelineParams split(PipelineSchedule schedule, std::int64_t p, std::int64_t m, double f, double b,
                     double w, double x = 0)
{
    PipelineParams params;
    params.schedule = schedule;
    params.stages = p;
    params.microbatches = m;
    params.forwardSeconds = f;
    params.backwardSeconds = b;
    params.weightGradSeconds = w;
    params.transferSeconds = x;
    return params;
}

struct Times {
    double f;
    double b; // whole backward
    double w; // weight-gradient part of b
};

// Where every closed form below holds: W ≤ F and W ≤ B − W (the papers draw T_F = T_B = T_W),
// and F ≤ 2B − 3W for DualPipe. ZB's T_F = T_B = T_W is {1, 2, 1}, as is Kaplan et al.'s
// t_b = 2 t_f with W half of it; the others vary each term.
const Times kTimes[] = {{1, 2, 1},   {1, 2, 0.5},  {1, 3, 1},
                        {2, 5, 1.5}, {1, 2, 0.25}, {0.75, 2, 0.75}};

// Every operation once, no two at once on a device, every dependency respected: F(s, k) after
// F(s−1, k) + transfer, B(s, k) after its own F and after B(s+1, k) + transfer, W(s, k) after
// B(s, k); each device busy exactly m(F + B).
void checkSchedule(const PipelineParams& params, const PipelineResult& r, bool dual)
{
    REQUIRE(r.ok());
    const std::int64_t p = params.stages;
    const std::int64_t m = params.microbatches;
    REQUIRE(r.operationsPerDevice == 3 * m);
    REQUIRE(r.operations.size() == static_cast<std::size_t>(3 * p * m));
    std::map<std::tuple<int, int, int>, PipelineOp> byKey;
    const auto stageCount = dual ? 2 * p : p;
    const auto isFirst = [&](int s) { return s == 0 || (dual && s == p); };
    const auto isLast = [&](int s) { return s == p - 1 || (dual && s == 2 * p - 1); };
    for (std::int64_t d = 0; d < p; ++d) {
        double busy = 0;
        double previousEnd = 0;
        for (std::int64_t k = 0; k < 3 * m; ++k) {
            const auto& op = r.operations[static_cast<std::size_t>(d * 3 * m + k)];
            CHECK(op.device == d);
            CHECK(op.startSeconds >= previousEnd - 1e-12);
            previousEnd = op.endSeconds;
            busy += op.endSeconds - op.startSeconds;
            const auto key = std::make_tuple(static_cast<int>(op.pass), op.stage, op.microbatch);
            CHECK(byKey.count(key) == 0);
            byKey[key] = op;
        }
        CHECK(busy ==
              Approx(static_cast<double>(m) * (params.forwardSeconds + params.backwardSeconds))
                  .epsilon(kRelative));
    }
    const double x = params.transferSeconds;
    const auto at = [&](PipelinePass pass, int stage, int mb) -> const PipelineOp& {
        return byKey.at({static_cast<int>(pass), stage, mb});
    };
    for (const auto& [key, op] : byKey) {
        const int s = op.stage;
        const int k = op.microbatch;
        CHECK(s < stageCount);
        switch (op.pass) {
        case PipelinePass::Forward:
            if (!isFirst(s)) {
                CHECK(op.startSeconds >= at(PipelinePass::Forward, s - 1, k).endSeconds + x - 1e-9);
            }
            break;
        case PipelinePass::Backward:
            CHECK(op.startSeconds >= at(PipelinePass::Forward, s, k).endSeconds - 1e-9);
            if (!isLast(s)) {
                CHECK(op.startSeconds >=
                      at(PipelinePass::Backward, s + 1, k).endSeconds + x - 1e-9);
            }
            break;
        case PipelinePass::Weight:
            CHECK(op.startSeconds >= at(PipelinePass::Backward, s, k).endSeconds - 1e-9);
            break;
        }
    }
}

} // namespace

TEST_CASE("ZB-H1's bubble is (p-1)(F+B-2W) with 1F1B's activations (Qi et al. 2023 Table 1; "
          "DeepSeek-V3 Table 2, ZB1P)",
          "[pipeline][zerobubble]")
{
    for (const auto& t : kTimes) {
        for (const auto& [p, m] : {std::pair{2, 2}, {4, 4}, {4, 8}, {3, 9}, {8, 16}, {8, 11}}) {
            INFO("p = " << p << ", m = " << m << ", F = " << t.f << ", B = " << t.b
                        << ", W = " << t.w);
            const auto params = split(PipelineSchedule::ZeroBubbleH1, p, m, t.f, t.b, t.w);
            const auto r = simulatePipeline(params);
            checkSchedule(params, r, false);
            // By hand: (p − 1)(F + B − 2W), B the whole backward.
            const double expected = (p - 1) * (t.f + t.b - 2 * t.w);
            CHECK(r.bubbleSeconds == Approx(expected).epsilon(kRelative));
            CHECK(zeroBubbleH1BubbleSeconds(p, t.f, t.b, t.w) == Approx(expected));
            // Every device starts at 0 or its first forward and the first device ends last:
            // the same bubble with or without a pipeline-wide synchronisation.
            CHECK(r.unsynchronizedBubbleSeconds == Approx(expected).epsilon(kRelative));
            for (std::int64_t d = 0; d < p; ++d) {
                // 1F1B's in-flight count (Narayanan et al. 2021 §2.2.1): min(p − i, m).
                CHECK(r.peakInFlight[static_cast<std::size_t>(d)] ==
                      std::min<std::int64_t>(p - d, m));
            }
        }
    }
}

TEST_CASE("beyond W ≤ F the drawn orders idle more than the closed forms say",
          "[pipeline][zerobubble]")
{
    // F = 0.5, B = 2, W = 0.75 (W > F): the figures' orders assume T_F = T_B = T_W; here ZB-H1
    // waits (p − 1)·(B − W) = 3 × 1.25 s instead of (p − 1)(F + B − 2W) = 3 × 1 s.
    const auto r = simulatePipeline(split(PipelineSchedule::ZeroBubbleH1, 4, 8, 0.5, 2, 0.75));
    REQUIRE(r.ok());
    CHECK(r.bubbleSeconds == Approx(3.75).epsilon(kRelative));
    CHECK(r.bubbleSeconds > zeroBubbleH1BubbleSeconds(4, 0.5, 2, 0.75));
    // DualPipe with F > 2B − 3W (F = 2, B = 3, W = 1.5): the pairs wait for 2F per hop, not
    // F&B + B − 3W = 3.5 s.
    const auto d = simulatePipeline(split(PipelineSchedule::DualPipe, 8, 16, 2, 3, 1.5));
    REQUIRE(d.ok());
    CHECK(d.bubbleSeconds == Approx(3 * 4.0).epsilon(kRelative));
    CHECK(d.bubbleSeconds > dualPipeBubbleSeconds(8, 2, 3, 1.5));
}

TEST_CASE("ZB-H1 beats 1F1B by (p-1)·2W: 1F1B's bubble is (p-1)(F+B) (DeepSeek-V3 Table 2)",
          "[pipeline][zerobubble]")
{
    auto oneF = split(PipelineSchedule::OneFOneB, 4, 8, 1, 2, 1);
    const auto r1 = simulatePipeline(oneF);
    REQUIRE(r1.ok());
    CHECK(r1.bubbleSeconds == Approx(3 * (1 + 2)).epsilon(kRelative)); // (p−1)(F+B) = 9 s
    const auto rz = simulatePipeline(split(PipelineSchedule::ZeroBubbleH1, 4, 8, 1, 2, 1));
    REQUIRE(rz.ok());
    CHECK(rz.bubbleSeconds == Approx(3 * (1 + 2 - 2)).epsilon(kRelative)); // 3 s, a third
    // Qi et al.'s README: bubble rate (p−1)/3m for ZB1P at T_F = T_B = T_W, against (p−1)/m.
    CHECK(rz.bubbleRatio == Approx(3.0 / (3 * 8)).epsilon(kRelative));
}

TEST_CASE("ZB-H2's bubble is (p-1)(F+B-3W), 0 at T_F = T_B = T_W, for steps without a pipeline "
          "sync, with 2p-1 micro-batches in flight (Qi et al. 2023 Table 1)",
          "[pipeline][zerobubble]")
{
    for (const auto& t : kTimes) {
        for (const auto& [p, m] : {std::pair{2, 3}, {4, 7}, {4, 8}, {3, 9}, {8, 15}, {8, 24}}) {
            INFO("p = " << p << ", m = " << m << ", F = " << t.f << ", B = " << t.b
                        << ", W = " << t.w);
            const auto params = split(PipelineSchedule::ZeroBubbleH2, p, m, t.f, t.b, t.w);
            const auto r = simulatePipeline(params);
            checkSchedule(params, r, false);
            // By hand: max(0, (p − 1)(F + B − 3W)), each device's own span (Qi et al. §4: the
            // optimizer step no longer synchronises the stages).
            const double expected = std::max(0.0, (p - 1) * (t.f + t.b - 3 * t.w));
            CHECK(r.unsynchronizedBubbleSeconds ==
                  Approx(expected).margin(kMargin).epsilon(kRelative));
            CHECK(zeroBubbleH2BubbleSeconds(p, t.f, t.b, t.w) == Approx(expected).margin(kMargin));
            // A synchronous step also waits for the first forward to reach the last device:
            // (p − 1)·F at least, and here no more than that or the unsynchronised bubble.
            CHECK(r.bubbleSeconds >= (p - 1) * t.f - 1e-9);
            CHECK(r.bubbleSeconds == Approx(std::max((p - 1) * t.f, expected)).epsilon(kRelative));
            for (std::int64_t d = 0; d < p; ++d) {
                CHECK(r.peakInFlight[static_cast<std::size_t>(d)] ==
                      std::min<std::int64_t>(2 * (p - d) - 1, m));
            }
        }
    }
}

TEST_CASE("DualPipe's bubble is (p/2-1)(F&B+B-3W), F&B = F+B, with p+1 chunks in flight and "
          "two parameter copies (DeepSeek-V3 Table 2)",
          "[pipeline][dualpipe]")
{
    CHECK(parameterCopies(PipelineSchedule::DualPipe) == 2);
    CHECK(parameterCopies(PipelineSchedule::ZeroBubbleH1) == 1);
    for (const auto& t : kTimes) {
        for (const auto& [p, m] :
             {std::pair{2, 4}, {4, 8}, {4, 10}, {6, 12}, {8, 16}, {8, 20}, {8, 40}}) {
            INFO("p = " << p << ", m = " << m << ", F = " << t.f << ", B = " << t.b
                        << ", W = " << t.w);
            const auto params = split(PipelineSchedule::DualPipe, p, m, t.f, t.b, t.w);
            const auto r = simulatePipeline(params);
            checkSchedule(params, r, true);
            // By hand: (p/2 − 1)(F&B + B − 3W) with F&B = F + B (no overlap inside the pair).
            const double expected = (p / 2 - 1) * ((t.f + t.b) + t.b - 3 * t.w);
            CHECK(r.bubbleSeconds == Approx(expected).margin(kMargin).epsilon(kRelative));
            CHECK(r.unsynchronizedBubbleSeconds ==
                  Approx(expected).margin(kMargin).epsilon(kRelative));
            CHECK(dualPipeBubbleSeconds(p, t.f, t.b, t.w) == Approx(expected).margin(kMargin));
            for (std::int64_t d = 0; d < p; ++d) {
                CHECK(r.peakInFlight[static_cast<std::size_t>(d)] == p + 1);
            }
        }
    }
}

TEST_CASE("DualPipe sends half the micro-batches from each end", "[pipeline][dualpipe]")
{
    const auto r = simulatePipeline(split(PipelineSchedule::DualPipe, 4, 8, 1, 2, 1));
    REQUIRE(r.ok());
    // Device 0 starts micro-batch 0 through stage 0 (its chunk 0); device 3 starts micro-batch 4
    // through stage 4, the first stage of the second direction (its chunk 1).
    const auto& first = r.operations[0];
    CHECK(first.pass == PipelinePass::Forward);
    CHECK(first.stage == 0);
    CHECK(first.microbatch == 0);
    CHECK(first.chunk == 0);
    CHECK(first.startSeconds == 0);
    const auto& last = r.operations[static_cast<std::size_t>(3 * r.operationsPerDevice)];
    CHECK(last.pass == PipelinePass::Forward);
    CHECK(last.stage == 4);
    CHECK(last.microbatch == 4);
    CHECK(last.chunk == 1);
    CHECK(last.startSeconds == 0);
    // Both ends keep an embedding and an output layer at their peak.
    const auto peak0 = inFlightPeak(split(PipelineSchedule::DualPipe, 4, 8, 1, 2, 1), 0);
    CHECK(peak0.chunks == 5);
    CHECK(peak0.firstStageMicrobatches > 0);
    CHECK(peak0.lastStageMicrobatches > 0);
}

TEST_CASE("split schedules keep their dependencies with transfer time", "[pipeline][zerobubble]")
{
    for (auto schedule : {PipelineSchedule::ZeroBubbleH1, PipelineSchedule::ZeroBubbleH2,
                          PipelineSchedule::DualPipe}) {
        const auto params = split(schedule, 4, 8, 1, 2, 1, 0.3);
        const auto r = simulatePipeline(params);
        checkSchedule(params, r, schedule == PipelineSchedule::DualPipe);
        CHECK(r.bubbleSeconds > simulatePipeline(split(schedule, 4, 8, 1, 2, 1)).bubbleSeconds);
    }
    // One device: F, B, W of each micro-batch in turn, no bubble.
    const auto one = simulatePipeline(split(PipelineSchedule::ZeroBubbleH2, 1, 3, 1, 2, 1));
    REQUIRE(one.ok());
    CHECK(one.bubbleSeconds == Approx(0).margin(kMargin));
    CHECK(one.totalSeconds == Approx(9).epsilon(kRelative));
}

TEST_CASE("split schedules refuse what they cannot run, naming the field", "[pipeline][zerobubble]")
{
    using K = PipelineError::Kind;
    // dualpipe.py asserts num_ranks % 2 == 0 and num_chunks even, ≥ 2·num_ranks.
    auto odd = simulatePipeline(split(PipelineSchedule::DualPipe, 3, 12, 1, 2, 1));
    REQUIRE(odd.error);
    CHECK(odd.error->kind == K::DualPipeShape);
    CHECK(odd.error->field == "parallel.pp");
    auto few = simulatePipeline(split(PipelineSchedule::DualPipe, 4, 6, 1, 2, 1));
    REQUIRE(few.error);
    CHECK(few.error->field == "parallel.microbatches");
    CHECK(few.error->allowed == "an even number ≥ 2 × parallel.pp for the dualpipe schedule");
    auto oddM = simulatePipeline(split(PipelineSchedule::DualPipe, 4, 9, 1, 2, 1));
    REQUIRE(oddM.error);
    CHECK(oddM.error->field == "parallel.microbatches");
    CHECK(simulatePipeline(split(PipelineSchedule::DualPipe, 4, 8, 1, 2, 1)).ok());
    // W is part of the backward.
    auto heavy = simulatePipeline(split(PipelineSchedule::ZeroBubbleH1, 4, 8, 1, 2, 2.5));
    REQUIRE(heavy.error);
    CHECK(heavy.error->field == "pipeline.weight_grad_seconds");
    CHECK(heavy.error->allowed == "0 … the backward time (2 s)");
    CHECK(simulatePipeline(split(PipelineSchedule::ZeroBubbleH1, 4, 8, 1, 2, 2)).ok());
    CHECK(simulatePipeline(split(PipelineSchedule::ZeroBubbleH1, 4, 8, 1, 2, 0)).ok());
    // The old schedules never read W.
    CHECK(simulatePipeline(split(PipelineSchedule::OneFOneB, 4, 8, 1, 2, 2.5)).ok());
}

TEST_CASE("parallel.weight_grad_time: 0 is half the backward, at most the whole backward",
          "[scenario][zerobubble]")
{
    Scenario s;
    CHECK(s.parallel.weightGradSeconds == 0); // old files without the key read as automatic
    CHECK(pipelineParamsFromScenario(s).weightGradSeconds ==
          Approx(s.parallel.forwardSeconds)); // t_b = 2 t_f automatic, W = t_b / 2
    REQUIRE_FALSE(setValue(s, "parallel.weight_grad_time", "0.012"));
    CHECK(s.parallel.weightGradSeconds == 0.012);
    CHECK(validate(s).empty());
    REQUIRE_FALSE(setValue(s, "parallel.weight_grad_time", "0.03"));
    const auto problems = validate(s);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].key == "parallel.weight_grad_time");
    CHECK(problems[0].kind == ScenarioError::Kind::Inconsistent);
    CHECK(problems[0].allowed == "0 … parallel.backward_time (the whole backward, 0.02 s)");
    CHECK(problems[0].detail == "parallel.backward_time = 0: 2 × parallel.forward_time = 0.02");
    const auto negative = setValue(s, "parallel.weight_grad_time", "-1");
    REQUIRE(negative);
    CHECK(negative->key == "parallel.weight_grad_time");
    // The pipeline report refuses it under the same key and words it as validate() does.
    s.parallel.schedule = PipelineSchedule::ZeroBubbleH1;
    const auto report = pipelineReport(s);
    REQUIRE_FALSE(report.ok());
    CHECK(report.problems.front().key == "parallel.weight_grad_time");
}

TEST_CASE("dualpipe's rules are the scenario's: even p, an even m ≥ 2p", "[scenario][dualpipe]")
{
    Scenario s;
    REQUIRE_FALSE(setValue(s, "parallel.schedule", "dualpipe"));
    // The defaults (p = 4, m = 8) are exactly what DualPipe needs.
    CHECK(validate(s).empty());
    CHECK(pipelineReport(s).ok());
    s.train.globalBatch = (6) * s.train.microBatch * s.parallel.dp;
    auto problems = layoutProblems(s);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].key == "train.global_batch");
    CHECK(problems[0].detail == "m = 6 micro-batches");
    auto report = pipelineReport(s);
    REQUIRE(report.problems.size() == 1); // the simulation's refusal is the same problem
    CHECK(report.problems[0] == problems[0]);
    s.train.globalBatch = (8) * s.train.microBatch * s.parallel.dp;
    s.parallel.pp = 2;
    s.model.layers = 24; // divisible by 2 and by 3: only DualPipe's rule refuses p = 3
    CHECK(layoutProblems(s).empty());
    s.parallel.pp = 3;
    problems = layoutProblems(s);
    REQUIRE_FALSE(problems.empty());
    CHECK(problems[0].key == "parallel.pp");
    CHECK(problems[0].allowed == "an even number for the dualpipe schedule");
    CHECK(validate(s).empty()); // a rule between keys of a layout: the layout check's alone
}

TEST_CASE("the pipeline report names each schedule's closed form and convention",
          "[pipelinereport][zerobubble]")
{
    Scenario s; // p = 4, m = 8, t_f = 10 ms, t_b = 20 ms automatic, W = 10 ms automatic
    const auto value = [](const PipelineReport& r, std::string_view id) {
        for (const auto& q : r.quantities) {
            if (q.id == id) {
                return q.value;
            }
        }
        FAIL("no quantity " << id);
        return 0.0;
    };
    s.parallel.schedule = PipelineSchedule::ZeroBubbleH1;
    auto r = pipelineReport(s);
    REQUIRE(r.ok());
    // (p − 1)(F + B − 2W) = 3 × (10 + 20 − 20) ms = 30 ms over the ideal 8 × 30 ms.
    CHECK(r.formula.seconds == Approx(0.030).epsilon(1e-12));
    CHECK(value(r, "formula_value") == Approx(0.030 / 0.240).epsilon(1e-12));
    CHECK(value(r, "bubble_time") == Approx(0.030).epsilon(1e-9));
    CHECK(value(r, "bubble_ratio") == Approx(0.125).epsilon(1e-9));
    CHECK(value(r, "weight_grad_time") == Approx(0.010));
    CHECK(value(r, "weight_grad_automatic") == 1);
    CHECK(value(r, "backward_split") == 1);
    CHECK(value(r, "parameter_copies") == 1);
    CHECK(r.operations == 3 * 4 * 8);

    s.parallel.schedule = PipelineSchedule::ZeroBubbleH2;
    r = pipelineReport(s);
    REQUIRE(r.ok());
    CHECK(r.formula.seconds == 0); // 3 × (10 + 20 − 30) ms
    CHECK(value(r, "unsynchronized_bubble_time") == Approx(0).margin(1e-12));
    CHECK(value(r, "bubble_time") == Approx(0.030).epsilon(1e-9)); // (p − 1)·F, synchronous
    CHECK(value(r, "peak_in_flight") == 7);                        // 2p − 1

    s.parallel.schedule = PipelineSchedule::DualPipe;
    r = pipelineReport(s);
    REQUIRE(r.ok());
    // (p/2 − 1)(F&B + B − 3W) = 1 × (30 + 20 − 30) ms = 20 ms.
    CHECK(r.formula.seconds == Approx(0.020).epsilon(1e-12));
    CHECK(value(r, "bubble_time") == Approx(0.020).epsilon(1e-9));
    CHECK(value(r, "peak_in_flight") == 5); // p + 1
    CHECK(value(r, "parameter_copies") == 2);
    const auto csv = testing::tableText(pipelineCsv(r), "operations");
    CHECK(csv.find(",weight,") != std::string::npos);
}

TEST_CASE("DualPipe's in-flight peaks, recounted from the drawn operations, are memory.h's",
          "[memory][dualpipe]")
{
    for (const std::int64_t p : {2, 4, 6, 8}) {
        for (std::int64_t m = 2 * p; m <= 2 * p + 8; m += 2) {
            INFO("p = " << p << ", m = " << m);
            Scenario s;
            s.model.layers = 48;
            s.parallel.pp = p;
            s.train.globalBatch = (m)*s.train.microBatch * s.parallel.dp;
            s.parallel.schedule = PipelineSchedule::DualPipe;
            REQUIRE(validate(s).empty());
            const auto params = pipelineParamsFromScenario(s);
            const auto r = simulatePipeline(params);
            REQUIRE(r.ok());
            for (std::int64_t d = 0; d < p; ++d) {
                // Recount: forwards run, B not yet run; ends = stages 0, p (first) and p − 1,
                // 2p − 1 (last); the peak with the most through the ends.
                std::set<std::pair<int, int>> held;
                InFlightPeak peak;
                for (std::int64_t k = 0; k < r.operationsPerDevice; ++k) {
                    const auto& op =
                        r.operations[static_cast<std::size_t>(d * r.operationsPerDevice + k)];
                    if (op.pass == PipelinePass::Forward) {
                        held.insert({op.stage, op.microbatch});
                    } else if (op.pass == PipelinePass::Backward) {
                        held.erase({op.stage, op.microbatch});
                    }
                    std::int64_t first = 0;
                    std::int64_t last = 0;
                    for (const auto& [stage, mb] : held) {
                        first += stage == 0 || stage == p ? 1 : 0;
                        last += stage == p - 1 || stage == 2 * p - 1 ? 1 : 0;
                    }
                    const auto size = static_cast<std::int64_t>(held.size());
                    if (size > peak.chunks ||
                        (size == peak.chunks &&
                         first + last > peak.firstStageMicrobatches + peak.lastStageMicrobatches)) {
                        peak = {size, first, last};
                    }
                }
                CHECK(inFlightPeak(params, d) == peak);
            }
            double largest = 0;
            for (const auto& device : pipelineActivations(s, {})) {
                largest = std::max(largest, device.bytes);
            }
            CHECK(largest == Approx(evaluateMemory(s).activationsBytes).epsilon(1e-12));
        }
    }
}

TEST_CASE("DualPipe doubles the model states and keeps both ends' embeddings and outputs",
          "[memory][dualpipe]")
{
    Scenario s;
    const auto plain = evaluateMemory(s);
    s.parallel.schedule = PipelineSchedule::DualPipe;
    const auto dual = evaluateMemory(s);
    CHECK(dual.parametersPerGpu == 2 * plain.parametersPerGpu);
    CHECK(dual.weightsBytes == 2 * plain.weightsBytes);
    CHECK(dual.inFlight.firstStageOutputMicrobatches > 0);
    CHECK(dual.inFlight.lastStageEmbeddingMicrobatches > 0);
}
