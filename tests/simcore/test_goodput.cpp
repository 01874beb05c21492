// The goodput model (MODELS §9): order statistics of normals against tabulated values, Daly's
// closed form by hand, Llama 3's published interruption rate, and the Monte-Carlo run against
// the closed form.
#include "csvtables.h"
#include "simcore/models/checkpointjob.h"
#include "simcore/models/goodput.h"
#include "simcore/models/memory.h"
#include "simcore/montecarlo/goodputruns.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/goodputreport.h"
#include "simcore/reports/trainingreport.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <tuple>

using namespace simcore;

namespace {

constexpr double kHour = 3600.0;
constexpr double kDay = 86400.0;

/// The Llama 3 scale, with the assumptions the closing note states: Llama 3 405B's model and
/// 16,384-GPU layout (withLlama3Scale: tp 8 × pp 16 × dp 128, 2,048 sequences of 8,192 a step,
/// 128 layers for its 126, interleaved with v = 2), mixed precision with Adam (14 B/param → 5.67
/// TB a checkpoint) written at Tectonic's sustained 2 TB/s (Llama 3 §3.3.1), R = 10 min, c = 2 %,
/// the GPU MTBF that gives 419 interruptions in 54 days, W = 930,000 steps of the training
/// model's step.
Scenario llama3Scale()
{
    Scenario s = withLlama3Scale(Scenario{});
    s.scaling.stragglerCv = 0.02;
    s.checkpoint.gpuMtbfSeconds = kLlama3Days * kDay / kLlama3Interruptions * 16384;
    s.checkpoint.storageBytesPerSecond = 2e12;
    s.checkpoint.restartTimeSeconds = 600;
    return s;
}

} // namespace

TEST_CASE("E[max of N standard normals] against tabulated values", "[goodput]")
{
    // Tabulated expected values of the largest normal order statistic: Teichroew (1956), "Tables
    // of expected values of order statistics and products of order statistics for samples of
    // size twenty and less from the normal distribution", Ann. Math. Statist. 27(2); Harter
    // (1961), "Expected values of normal order statistics", Biometrika 48(1/2), to n = 400. The
    // six digits below are those tables' as commonly quoted (not read from a scan here); they
    // were reproduced with mpmath at 30 digits, and N = 2…5 have closed forms (Jones 1948,
    // Godwin 1949): 1/√π, 3/(2√π), (6/π^{3/2})·arctan √2, (5/(4√π))·(1 + (6/π)·arcsin ⅓).
    CHECK(normalMaxMoments(1).mean == 0.0);
    CHECK(normalMaxMoments(2).mean == Approx(1.0 / std::sqrt(std::numbers::pi)).margin(1e-9));
    CHECK(normalMaxMoments(2).mean == Approx(0.564190).margin(1e-6));
    CHECK(normalMaxMoments(3).mean == Approx(0.846284).margin(1e-6));
    CHECK(normalMaxMoments(4).mean == Approx(1.029375).margin(1e-6));
    CHECK(normalMaxMoments(5).mean == Approx(1.162964).margin(1e-6));
    CHECK(normalMaxMoments(10).mean == Approx(1.538753).margin(1e-6));
    CHECK(normalMaxMoments(100).mean == Approx(2.507594).margin(1e-6));
    // Past the tables: mpmath quadrature at 30 digits (this test's author's run).
    CHECK(normalMaxMoments(1000).mean == Approx(3.241436).margin(1e-6));
    CHECK(normalMaxMoments(16384).mean == Approx(3.971351).margin(1e-6));
    CHECK(normalMaxMoments(100000).mean == Approx(4.384319).margin(1e-6));
    // Variance of the maximum of two: 1 − 1/π (the maximum of two is |X − Y|/2 + (X + Y)/2).
    CHECK(normalMaxMoments(2).variance == Approx(1.0 - 1.0 / std::numbers::pi).margin(1e-9));
    CHECK(normalMaxMoments(100).variance == Approx(0.184405).margin(1e-6));
    // √(2 ln N) overestimates, by less as N grows.
    CHECK(normalMaxApproximation(100) == Approx(3.034854).margin(1e-6));
    CHECK(normalMaxApproximation(100000) > normalMaxMoments(100000).mean);
}

TEST_CASE("E[max] stays accurate far past the tables", "[goodput]")
{
    // How long an evaluation takes at any N is dtsim_bench's simcore group.
    double previous = 0;
    for (std::int64_t n = 10; n <= 1'000'000'000'000; n *= 10) {
        const auto m = normalMaxMoments(n);
        CHECK(m.mean > previous); // grows with N
        CHECK(m.variance > 0);
        CHECK(m.variance < 1);
        previous = m.mean;
    }
    // N = 1e12 against mpmath's quadrature at 30 digits: 7.112464; √(2 ln N) = 7.434 is still
    // 0.32 above it (the approximation's error falls like ln ln N / √(ln N)).
    CHECK(previous == Approx(7.112464).margin(1e-6));
    CHECK(normalMaxApproximation(1'000'000'000'000) - previous == Approx(0.3214).margin(1e-3));
}

TEST_CASE("the straggler factor is 1 + c·E[max]", "[goodput]")
{
    CHECK(stragglerFactor(0.0, 100000) == 1.0);
    CHECK(stragglerFactor(0.05, 1) == 1.0);
    CHECK(stragglerFactor(0.1, 100) == Approx(1.2507594).margin(1e-6));
}

TEST_CASE("Llama 3's Table 5 and its interruption rate", "[goodput]")
{
    // Llama 3 paper §3.3.4: 419 unexpected interruptions in 54 days on 16,384 GPUs.
    int total = 0;
    double printed = 0;
    for (const auto& cause : llama3FailureCauses()) {
        total += cause.count;
        printed += cause.printedPercent;
    }
    CHECK(total == 419);
    CHECK(llama3FailureCauses().size() == 18);
    CHECK(llama3FailureCauses().front().count == 148);
    // The printed shares add up to 94.9 %: the first row's 30.1 % is not 148/419 = 35.3 %.
    CHECK(printed == Approx(94.9).margin(1e-9));
    // Job MTBF = 54·24/419 h = 3.0931 h; the per-GPU MTBF that gives it is × 16,384 = 50,677 h.
    const double jobMtbf = kLlama3Days * kDay / kLlama3Interruptions;
    CHECK(jobMtbf / kHour == Approx(3.09308).epsilon(1e-5));
    GoodputParams p;
    p.gpus = kLlama3Gpus;
    p.gpuMtbfSeconds = jobMtbf * static_cast<double>(kLlama3Gpus);
    CHECK(p.gpuMtbfSeconds / kHour == Approx(50677.0).epsilon(1e-5));
    CHECK(evaluateGoodput(p).jobMtbfSeconds == Approx(11135.08).epsilon(1e-6));
}

TEST_CASE("the checkpoint holds weights and optimizer state from the memory model", "[goodput]")
{
    Scenario s;
    s.model.params = 1e9;
    s.train.precision = Precision::Mixed;
    s.train.optimizer = Optimizer::Adam;
    CHECK(checkpointBytes(s) == 14e9); // 2 + 12 B/param (MODELS §9)
    s.train.precision = Precision::Fp32;
    CHECK(checkpointBytes(s) == 12e9); // 4 + 8
    s.checkpoint.storageBytesPerSecond = 2e12;
    const auto p = goodputParamsFromScenario(s);
    REQUIRE(p);
    CHECK(checkpointJob(s).writeSource == WriteSource::Storage);
    CHECK(p->writeSeconds == Approx(12e9 / 2e12));
    s.checkpoint.memoryTierBytesPerSecond = 1e14;
    const auto tiered = goodputParamsFromScenario(s);
    REQUIRE(tiered);
    CHECK(checkpointJob(s).writeSource == WriteSource::Memory);
    CHECK(tiered->writeSeconds == Approx(12e9 / 1e14));
    CHECK(tiered->storageWriteSeconds == Approx(12e9 / 2e12));
}

TEST_CASE("goodput is Daly's closed form at the optimum, by hand", "[goodput]")
{
    // M = 1.8e8 / 1024 = 175,781.25 s, δ = 60 s, R = 600 s, W = 1,209,600 s (14 days of 1 s
    // steps). Daly (2006): τ = √(2δM)·(1 + √x/3 + x/9) − δ, x = δ/(2M) → 4,552.880 s;
    // T = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W/τ with R/M = 0.00341333, (τ+δ)/M = 0.0262422
    //   → 1,246,008.5 s; goodput W/T = 0.970780.
    GoodputParams p;
    p.gpus = 1024;
    p.gpuMtbfSeconds = 1.8e8;
    p.stepSeconds = 1;
    p.steps = 1209600;
    p.stragglerCv = 0;
    const auto r = evaluateGoodput(p);
    REQUIRE(r.status == CheckpointStatus::Ok);
    CHECK(r.optimalIntervalSeconds == Approx(4552.8804).epsilon(1e-8));
    CHECK(r.expectedSeconds == Approx(1246008.479).epsilon(1e-8));
    CHECK(r.goodput == Approx(0.9707799).epsilon(1e-6));
    CHECK(r.goodput + r.stragglerFraction + r.writeFraction + r.lostFraction + r.restartFraction ==
          Approx(1.0).epsilon(1e-12));
    // With c = 2 %: s = 1 + 0.02·E[max of 1024] = 1 + 0.02·3.248240 = 1.064965; the wall work is
    // W·s, so T = 1,326,955.2 s and goodput = W/T = 0.911561.
    p.stragglerCv = 0.02;
    const auto s = evaluateGoodput(p);
    CHECK(s.stragglerFactor == Approx(1.0649648).epsilon(1e-7));
    CHECK(s.expectedSeconds == Approx(1326955.16).epsilon(1e-7));
    CHECK(s.goodput == Approx(0.9115606).epsilon(1e-6));
    CHECK(s.goodput + s.stragglerFraction + s.writeFraction + s.lostFraction + s.restartFraction ==
          Approx(1.0).epsilon(1e-12));
    // The scenario's τ is never better than the optimum.
    CHECK(s.goodputAtInterval <= s.goodput);
}

TEST_CASE("the Monte-Carlo run agrees with the closed form within 2 %", "[goodput][montecarlo]")
{
    // The default scenario at the default run count (checkpoint.mc_runs = 2000) and seed; the
    // Llama 3 scale at 200 runs (37,000 intervals and 850 failures a run: 2000 runs take half a
    // minute in a Debug build).
    const Scenario defaults;
    for (const auto& [name, scenario, runs] :
         {std::tuple{"defaults", defaults, defaults.checkpoint.monteCarloRuns},
          std::tuple{"Llama 3 scale", llama3Scale(), std::int64_t{200}}}) {
        INFO(name);
        const auto p = goodputParamsFromScenario(scenario);
        REQUIRE(p);
        const auto r = evaluateGoodput(*p);
        REQUIRE(r.status == CheckpointStatus::Ok);
        const auto mc = simulateGoodput(
            *p, runs, static_cast<std::uint64_t>(scenario.checkpoint.monteCarloSeed));
        REQUIRE(mc.ok);
        CHECK(mc.runs == runs);
        CHECK(std::abs(mc.goodput - r.goodput) / r.goodput < 0.02);
        // Within a few standard errors of the closed form's wall time (whole intervals differ
        // from Daly's fractional count by less than one interval's cost).
        CHECK(std::abs(mc.meanSeconds - r.expectedSeconds) <
              4 * mc.standardErrorSeconds + r.optimalIntervalSeconds);
        // Wald: failures = T/M on average.
        CHECK(mc.meanFailures == Approx(r.atOptimum.expectedFailures).epsilon(0.05));
        // Seeded: the same numbers again.
        const auto again = simulateGoodput(*p, 20, 7);
        CHECK(again.meanSeconds == simulateGoodput(*p, 20, 7).meanSeconds);
    }
}

TEST_CASE("the goodput report: quantities, curve and breakdown", "[goodput][report]")
{
    const auto report = goodputReport(llama3Scale());
    REQUIRE(report.ok());
    for (const char* id :
         {"goodput", "job_mtbf", "checkpoint_write_time", "optimal_interval", "straggler_factor",
          "expected_days", "checkpoint_bytes", "expected_max"}) {
        INFO(id);
        REQUIRE(report.find(id) != nullptr);
        CHECK(std::isfinite(report.find(id)->value));
    }
    CHECK(report.find("job_mtbf")->value == Approx(11135.08).epsilon(1e-6));
    CHECK(report.find("checkpoint_bytes")->value == Approx(14 * 405e9));
    CHECK(report.find("checkpoint_write_time")->value == Approx(14 * 405e9 / 2e12));
    CHECK(report.find("write_source")->word == "storage");
    // N = 16,384 is the layout's own dp × tp × pp = 128 × 8 × 16: the training model's step.
    CHECK(report.find("step_source")->word == "training");
    CHECK(report.find("step_time")->value == trainingReport(llama3Scale()).step.stepSeconds);
    // Llama 3 reports > 90 % effective training time, a share that does not count slow steps:
    // without stragglers (c = 0) this model, with its assumptions, agrees.
    Scenario noStragglers = llama3Scale();
    noStragglers.scaling.stragglerCv = 0;
    const double withoutStragglers = goodputReport(noStragglers, false).find("goodput")->value;
    CHECK(withoutStragglers > 0.9);
    CHECK(withoutStragglers < 1.0);
    CHECK(report.find("goodput")->value < withoutStragglers);
    // The layouts are N = 128·dp with 2,048/dp micro-batches a whole multiple of pp = 16 (the
    // interleaved schedule): dp ∈ {1, 2, 4, 8, 16, 32, 64, 128}, N from 128 to 16,384.
    REQUIRE(report.curve.size() == 8);
    CHECK(report.curve.front().gpus == 128);
    CHECK(report.curve.back().gpus == 16384);
    for (const auto& point : report.curve) {
        CHECK(point.goodputOptimal >= point.goodputAtInterval - 1e-12);
        CHECK(point.goodputOptimal <= 1.0);
    }
    // At the optimum, goodput falls as N grows (more failures, slower stragglers).
    CHECK(report.curve.back().goodputOptimal < report.curve.front().goodputOptimal);
    REQUIRE(report.failures.size() == 18);
    double shares = 0;
    for (const auto& row : report.failures) {
        shares += row.share;
    }
    CHECK(shares == Approx(1.0));
    CHECK(testing::tableText(goodputCsv(report), "failure_causes").find("faulty_gpu,GPU,148,") !=
          std::string::npos);
}

TEST_CASE("the goodput report refuses bad input by key", "[goodput][report]")
{
    Scenario s;
    s.scaling.stragglerCv = 0.5;
    const auto report = goodputReport(s, false);
    REQUIRE_FALSE(report.ok());
    CHECK(report.problems.front().key == "scaling.straggler_cv");
    CHECK(report.quantities.empty());
}

TEST_CASE("the goodput report at every key's extremes: finite numbers or none",
          "[goodput][extremes]")
{
    for (const auto& key : scenarioKeys()) {
        if (key.type == KeyType::Choice || key.type == KeyType::Text) {
            continue;
        }
        for (const double value : {key.minimum, key.maximum}) {
            for (const Scenario& base : {Scenario{}, llama3Scale()}) {
                Scenario s = base;
                if (setNumber(s, key.name, value) || !validate(s).empty()) {
                    continue;
                }
                const auto report = goodputReport(s, false);
                if (!report.ok()) {
                    continue;
                }
                for (const auto& q : report.quantities) {
                    INFO(key.name << " = " << formatNumber(value) << ": " << q.id << " = "
                                  << q.value);
                    CHECK(!std::isinf(q.value));
                }
                const auto& r = report.result;
                if (r.status == CheckpointStatus::Ok) {
                    INFO(key.name << " = " << formatNumber(value));
                    CHECK(r.goodput >= 0.0);
                    CHECK(r.goodput <= 1.0);
                }
            }
        }
    }
}

TEST_CASE("an in-memory tier: a short write, and no checkpoint before storage has the last one",
          "[goodput]")
{
    // 5.67 TB at 2 TB/s to storage = 2.835 s; at 100 TB/s to memory = 0.0567 s. Daly's τ for
    // δ = 0.0567 s and M = 11,135 s is √(2·0.0567·11,135)·(1 + …) − δ ≈ 35.5 s, longer than the
    // 2.835 s copy to storage behind it; with a slow storage (2 GB/s: 2835 s) the interval waits
    // for that copy.
    GoodputParams p;
    p.gpus = kLlama3Gpus;
    p.gpuMtbfSeconds = kLlama3Days * kDay / kLlama3Interruptions * 16384;
    p.writeSeconds = 0.0567;
    p.storageWriteSeconds = 2.835;
    const auto fast = evaluateGoodput(p);
    CHECK(fast.optimalIntervalSeconds == Approx(35.5).margin(0.1));
    p.storageWriteSeconds = 2835;
    CHECK(evaluateGoodput(p).optimalIntervalSeconds == 2835);
    CHECK(evaluateGoodput(p).goodput < fast.goodput);
}

TEST_CASE("the simulated straggler wait agrees with the closed-form straggler factor",
          "[goodput][montecarlo]")
{
    // The closed form's wait is W·(s − 1), s = 1 + c·E[max of N] (W = steps·μ useful seconds).
    // The simulation draws it per stretch of work between failures, a renewal count of steps
    // with the same mean, so the mean over runs must agree; its noise is that of a sum of
    // ≈ 10^5–10^6 steps (relative s.d. below 10^-3 per run), so 0.5 % is a generous bound. The
    // straggler share of the wall time must match the closed form's straggler_fraction within the
    // 2 % the goodput itself is held to.
    const Scenario defaults;
    for (const auto& [name, scenario] :
         {std::pair{"defaults", defaults}, std::pair{"Llama 3 scale", llama3Scale()}}) {
        INFO(name);
        const auto p = goodputParamsFromScenario(scenario);
        REQUIRE(p);
        const auto r = evaluateGoodput(*p);
        REQUIRE(r.status == CheckpointStatus::Ok);
        const auto mc =
            simulateGoodput(*p, defaults.checkpoint.monteCarloRuns,
                            static_cast<std::uint64_t>(defaults.checkpoint.monteCarloSeed));
        REQUIRE(mc.ok);
        const double closedForm = r.usefulSeconds * (r.stragglerFactor - 1.0);
        INFO("simulated " << mc.meanStragglerSeconds << " s, closed form " << closedForm << " s");
        CHECK(closedForm > 0);
        CHECK(std::abs(mc.meanStragglerSeconds - closedForm) < 0.005 * closedForm);
        CHECK(std::abs(mc.meanStragglerSeconds / mc.meanSeconds - r.stragglerFraction) <
              0.02 * r.stragglerFraction);
        CHECK(std::abs(mc.goodput - r.goodput) / r.goodput < 0.02);
    }
}

TEST_CASE("the straggler wait lies inside the work: same failures, same wall times",
          "[goodput][montecarlo]")
{
    // Frequent failures so that every kind of segment appears (as test_montecarlo.cpp's timeline
    // test): M = 1000, τ = 500, δ = 100, R = 200, W = 20 000. Steps of μ = 1 s at s = 1.06 with a
    // deviation of 0.02 s: the wait is 6/106 of the work kept, in every recorded Work segment.
    CheckpointParams job{500, 100, 200, 1000, 20000};
    MonteCarloOptions plain;
    plain.seed = 20240723;
    MonteCarloOptions withWait = plain;
    withWait.stragglers = {1.0, 1.06, 0.02};
    const auto a = simulateBatch(job, 300, plain);
    const auto b = simulateBatch(job, 300, withWait);
    REQUIRE(a.status == RunStatus::Completed);
    REQUIRE(b.status == RunStatus::Completed);
    CHECK(a.completionSeconds == b.completionSeconds); // bit for bit: the wait changes no time
    CHECK(a.meanStragglerSeconds == 0.0);
    CHECK(b.meanStragglerSeconds == Approx(20000.0 * 0.06 / 1.06).epsilon(0.002));

    withWait.recordTimeline = true;
    const auto run = simulateRun(job, withWait);
    REQUIRE(run.status == RunStatus::Completed);
    REQUIRE_FALSE(run.timeline.empty());
    double recorded = 0;
    for (const auto& segment : run.timeline) {
        if (segment.kind != SegmentKind::Work) {
            CHECK(segment.stragglerSeconds == 0.0);
            continue;
        }
        const double length = segment.endSeconds - segment.startSeconds;
        CHECK(segment.stragglerSeconds >= 0.0);
        CHECK(segment.stragglerSeconds <= length);
        // One interval of 500 s: mean 28.3 s, s.d. 1·0.02·√(500/1.06³) = 0.41 s.
        CHECK(segment.stragglerSeconds == Approx(length * 0.06 / 1.06).margin(3.0));
        recorded += segment.stragglerSeconds;
    }
    CHECK(recorded == Approx(run.stragglerSeconds).epsilon(1e-12));
    // An invalid straggler model is refused like any invalid option.
    withWait.stragglers.factor = 0.5;
    CHECK(simulateRun(job, withWait).status == RunStatus::InvalidInput);
}

TEST_CASE("goodput takes the training model's step, and refuses an N that is no layout",
          "[goodput][report]")
{
    // The default layout, dp × tp × pp = 4 × 2 × 4 = 32 GPUs (DESIGN.md; hardware.gpus not
    // given), is the default job: its step is trainingReport's. At N = 16 the same layout with
    // dp = 2 (b·dp = 2 still divides the global batch of 32). At N = 1024, dp = 128 does not
    // divide it, and N = 20 is no multiple of tp·pp·cp = 8: not priced, as the Scaling view's
    // Physical mode never prices them, with the key and the layouts there are (N = 8·dp, dp a
    // divisor of 32). A layout the training model refuses (tp = 3 does not divide 32 heads) is
    // refused at any N, naming its key: there is no other model to fall back to.
    Scenario s;
    REQUIRE(s.checkpoint.gpus == 32);
    REQUIRE(trainingReport(s).ok());
    const auto at32 = goodputParamsFromScenario(s);
    REQUIRE(at32);
    CHECK(at32->stepSeconds == trainingReport(s).step.stepSeconds);
    const auto report = goodputReport(s, false);
    REQUIRE(report.ok());
    CHECK(report.find("step_source")->word == "training");
    CHECK(report.find("step_time")->value == trainingReport(s).step.stepSeconds);

    s.checkpoint.gpus = 16;
    Scenario half = s;
    half.parallel.dp = 2;
    REQUIRE(trainingReport(half).ok());
    const auto at16 = goodputParamsFromScenario(s);
    REQUIRE(at16);
    CHECK(at16->stepSeconds == trainingReport(half).step.stepSeconds);

    for (const std::int64_t n : {std::int64_t{1024}, std::int64_t{20}, std::int64_t{10'000'000}}) {
        INFO("N = " << n);
        s.checkpoint.gpus = n;
        CHECK_FALSE(goodputParamsFromScenario(s));
        const auto refused = goodputReport(s);
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.quantities.empty());
        CHECK(refused.problems.front().key == "checkpoint.gpus");
        CHECK(refused.problems.front().allowed ==
              "a dp x tp x pp x cp layout: 8, 16, 32, 64, 128 or 256");
        // The curve still shows the N that are layouts, and only those.
        const std::vector<std::int64_t> layouts{8, 16, 32, 64, 128, 256};
        REQUIRE(refused.curve.size() == layouts.size());
        for (std::size_t i = 0; i < layouts.size(); ++i) {
            CHECK(refused.curve[i].gpus == layouts[i]);
        }
        // The Checkpoint view reads the same job: its intervals need no step time, what does
        // is none for the same reason.
        const auto checkpoint = checkpointReport(s);
        REQUIRE(checkpoint.ok());
        REQUIRE_FALSE(checkpoint.stepProblems.empty());
        CHECK(checkpoint.stepProblems.front() == refused.problems.front());
    }
    CHECK(goodputReport(s).problems.front().detail.find("train.global_batch = 32") !=
          std::string::npos);

    Scenario refusedLayout;
    refusedLayout.parallel.tp = 3;
    REQUIRE_FALSE(trainingReport(refusedLayout).ok());
    CHECK_FALSE(goodputParamsFromScenario(refusedLayout));
    const auto byKey = goodputReport(refusedLayout, false);
    REQUIRE_FALSE(byKey.ok());
    CHECK(byKey.problems.front().key == "parallel.tp");

    // A cluster smaller than the job: refused by checkpoint.gpus, naming hardware.gpus.
    Scenario cluster;
    cluster.hardware.gpus = 16;
    cluster.parallel.dp = 2;
    cluster.checkpoint.gpus = 32;
    const auto tooMany = goodputReport(cluster, false);
    REQUIRE_FALSE(tooMany.ok());
    CHECK(tooMany.problems.front().key == "checkpoint.gpus");
    CHECK(tooMany.problems.front().detail.find("hardware.gpus = 16") != std::string::npos);
}

TEST_CASE("the default job is priced from the training model, by hand", "[goodput][defaults]")
{
    // The defaults: N = 32 GPUs in the default layout, μ = the training model's step of it,
    // W = train.steps × μ = 10^5 μ, δ = checkpoint.write_time = 60 s (no storage bandwidth
    // given), R = 600 s, M = 1.8e8 s / 32 = 5,625,000 s, c = 0.02. Daly (2006):
    // τ = √(2δM)·(1 + √x/3 + x/9) − δ, x = δ/(2M); T = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W·s/τ with
    // s = 1 + c·E[max of 32] (E[max of 32] = 2.069668, the quadrature the first test checks).
    const Scenario s;
    const double mu = trainingReport(s).step.stepSeconds;
    REQUIRE(mu > 0);
    const auto report = goodputReport(s, false);
    REQUIRE(report.ok());
    CHECK(report.find("work_source")->word == "steps");
    CHECK(report.find("write_source")->word == "given");
    CHECK(report.find("useful_time")->value == Approx(1e5 * mu).epsilon(1e-12));
    const double m = 1.8e8 / 32;
    CHECK(report.find("job_mtbf")->value == m);
    const double d = 60;
    const double x = d / (2 * m);
    const double tau = std::sqrt(2 * d * m) * (1 + std::sqrt(x) / 3 + x / 9) - d;
    CHECK(tau == Approx(25940.7775).epsilon(1e-8)); // by hand
    CHECK(report.find("optimal_interval")->value == Approx(tau).epsilon(1e-12));
    const double stretch = 1 + 0.02 * normalMaxMoments(32).mean;
    CHECK(normalMaxMoments(32).mean == Approx(2.069668).margin(1e-6));
    const double w = 1e5 * mu;
    const double t = m * std::exp(600 / m) * (std::exp((tau + d) / m) - 1) * w * stretch / tau;
    CHECK(report.find("expected_time")->value == Approx(t).epsilon(1e-9));
    CHECK(report.find("goodput")->value == Approx(w / t).epsilon(1e-9));
}

TEST_CASE("the Checkpoint view, goodput and the Monte-Carlo read one job", "[goodput][report]")
{
    // Written at a storage bandwidth (δ = 84 GB / 10 GB/s = 8.4 s: the default model's 84 GB
    // checkpoint in mixed precision with Adam, 14 B/param) and with W from the steps: the
    // wasted-time view, the goodput report and the Monte-Carlo parameters all read the same W
    // and δ, and say where they came from.
    Scenario s;
    s.checkpoint.storageBytesPerSecond = 10e9;
    const auto checkpoint = checkpointReport(s);
    const auto goodput = goodputReport(s, false);
    REQUIRE(checkpoint.ok());
    REQUIRE(goodput.ok());
    const double mu = trainingReport(s).step.stepSeconds;
    CHECK(checkpoint.find("work")->value == goodput.find("useful_time")->value);
    CHECK(checkpoint.find("work")->value == Approx(1e5 * mu).epsilon(1e-12));
    CHECK(checkpoint.find("work_source")->word == "steps");
    CHECK(checkpoint.find("write_time")->value == goodput.find("checkpoint_write_time")->value);
    CHECK(checkpoint.find("write_time")->value == Approx(84e9 / 10e9).epsilon(1e-12));
    CHECK(checkpoint.find("write_source")->word == "storage");
    CHECK(checkpoint.find("step_time")->value == goodput.find("step_time")->value);
    const CheckpointParams job = CheckpointParams::fromScenario(s);
    CHECK(job.workSeconds == checkpoint.result.params.workSeconds);
    CHECK(job.writeSeconds == goodput.params.writeSeconds);

    // checkpoint.work, when given, is W for all of them, and sets the steps: W/μ.
    s.checkpoint.workSeconds = 14 * kDay;
    const auto givenCheckpoint = checkpointReport(s);
    const auto givenGoodput = goodputReport(s, false);
    REQUIRE(givenCheckpoint.ok());
    REQUIRE(givenGoodput.ok());
    CHECK(givenCheckpoint.find("work")->value == 14 * kDay);
    CHECK(givenCheckpoint.find("work_source")->word == "given");
    CHECK(givenGoodput.find("work_source")->word == "given");
    CHECK(givenGoodput.find("useful_time")->value == Approx(14 * kDay).epsilon(1e-12));
    CHECK(givenGoodput.find("steps")->value == Approx(14 * kDay / mu).epsilon(1e-12));
}
