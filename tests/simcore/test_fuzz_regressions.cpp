// Inputs the libFuzzer targets (tests/fuzz, tools/fuzz.sh) found, minimised, each with what it
// did before its fix. Expected results are the importers' documented refusals (ncclimport.h,
// nvtopoimport.h: an ImportError naming the line) or, for the checkpoint model, limits that
// follow from checkpoint.cpp's derivation (the parts of the expected time add up to it, so the
// fractions are finite, in [0, 1], and sum to the waste fraction).
//
// Where the old code returned the same refusal by luck (a number cast out of its type's range,
// an empty std::optional read), the test fails only in a build that traps it: the fuzz build
// (clang -fsanitize=undefined includes float-cast-overflow; -D_GLIBCXX_ASSERTIONS), or gcc with
// -fsanitize=float-cast-overflow -D_GLIBCXX_ASSERTIONS. Those cases say "undefined behaviour".
#include "fixtures.h"
#include "simcore/import/ncclimport.h"
#include "simcore/import/nvtopoimport.h"
#include "simcore/models/checkpoint.h"
#include "simcore/scenario/scenario.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

using namespace simcore;

namespace {

ImportError ncclRefusal(const std::string& text)
{
    const auto result = parseNcclTests(text, "all_reduce_perf.txt");
    INFO(text);
    REQUIRE(result.error);
    REQUIRE_FALSE(result.table);
    return *result.error;
}

ImportError topoRefusal(const std::string& text)
{
    const auto result = parseNvidiaTopo(text);
    INFO(text);
    REQUIRE(result.error);
    REQUIRE_FALSE(result.node);
    return *result.error;
}

/// Fractions finite, each in [0, 1], adding up to the waste fraction (to 1e-12).
void requireUsableFractions(const WasteBreakdown& w)
{
    for (double f : {w.wasteFraction, w.writeFraction, w.lostFraction, w.restartFraction}) {
        REQUIRE(std::isfinite(f));
        CHECK(f >= 0.0);
        CHECK(f <= 1.0 + 1e-12);
    }
    if (w.status == CheckpointStatus::Ok) {
        CHECK(w.writeFraction + w.lostFraction + w.restartFraction ==
              Approx(w.wasteFraction).margin(1e-12));
        for (double s : {w.expectedSeconds, w.writeSeconds, w.lostWorkSeconds, w.restartSeconds}) {
            CHECK(std::isfinite(s));
        }
        // T/M may pass the double range while T does not (test_checkpoint.cpp, "huge
        // exponents"): +∞ failures with status Ok is the documented behaviour; never NaN.
        CHECK_FALSE(std::isnan(w.expectedFailures));
    }
}

/// `validated`: the scenario passes validate(). The model itself is also checked at values the
/// keys now refuse (checkpoint.interval and checkpoint.gpu_mtbf below 1 s), set field by field.
void requireUsableCheckpoint(const Scenario& scenario, bool validated = true)
{
    if (validated) {
        REQUIRE(validate(scenario).empty());
    }
    const auto r = evaluateCheckpoint(scenario);
    REQUIRE(r.status != CheckpointStatus::InvalidInput);
    for (double v : {r.clusterMtbfSeconds, r.optimalIntervalSeconds, r.youngIntervalSeconds,
                     r.wasteFraction, r.expectedSeconds}) {
        CHECK(std::isfinite(v));
    }
    requireUsableFractions(r.atInterval);
    requireUsableFractions(r.atOptimum);
    REQUIRE_FALSE(r.curve.empty());
    for (const auto& point : r.curve) {
        requireUsableFractions(point);
    }
}

} // namespace

TEST_CASE("fuzz: nccl-tests numbers past int64 or the double range are refused", "[fuzz]")
{
    SECTION("a Rank number of 2^53")
    {
        // Guards against: devices.push_back for every rank up to 2^53 — endless allocation
        // (timeout).
        const auto e = ncclRefusal("#  Rank  9007199254740992 Group  0 Pid  1 on a device  0 "
                                   "[0x01] GPU\n"
                                   "#  size count type redop root time algbw busbw #wrong\n"
                                   " 8 2 float sum -1 26.41 0.00 0.00 0\n"
                                   "# Avg bus bandwidth : 0\n");
        CHECK(e.kind == ImportError::Kind::BadNumber);
        CHECK(e.line == 1);
    }
    SECTION("nThread × nGpus of 1e600")
    {
        // Guards against: static_cast<int64_t>(inf), undefined behaviour (UBSan
        // float-cast-overflow).
        const auto e = ncclRefusal("# nThread 1e300 nGpus 1e300\n"
                                   "#  size count type redop root time algbw busbw #wrong\n"
                                   " 8 2 float sum -1 26.41 0.00 0.00 0\n"
                                   "# Avg bus bandwidth : 0\n");
        CHECK(e.kind == ImportError::Kind::BadNumber);
        CHECK(e.line == 1);
    }
    SECTION("a root of 1e300")
    {
        // Guards against: static_cast<int64_t>(1e300), undefined behaviour (UBSan
        // float-cast-overflow).
        const auto e = ncclRefusal("# nThread 1 nGpus 2\n"
                                   "#  size count type redop root time algbw busbw #wrong\n"
                                   " 8 2 float sum 1e300 26.41 0.00 0.00 0\n"
                                   "# Avg bus bandwidth : 0\n");
        CHECK(e.kind == ImportError::Kind::BadNumber);
        CHECK(e.line == 3);
    }
    SECTION("bandwidths of 1e308 GB/s")
    {
        // Guards against: accepted as +inf bytes/s; without Rank lines busbw/algbw = inf/inf = NaN
        // reached static_cast<int64_t>(round(NaN)) in ranksFromBusFactor (undefined behaviour).
        const auto e = ncclRefusal("#  size count type redop root time algbw busbw #wrong\n"
                                   " 8 2 float sum -1 26.41 1e308 1e308 0\n"
                                   " 16 4 float sum -1 26.41 1e308 1e308 0\n"
                                   "# Avg bus bandwidth : 1\n");
        CHECK(e.kind == ImportError::Kind::BadNumber);
        CHECK(e.line == 2);
    }
    SECTION("an average bus bandwidth of 1e308 GB/s")
    {
        // Guards against: averageBusBandwidth = +inf.
        const auto e = ncclRefusal("# nThread 1 nGpus 2\n"
                                   "#  size count type redop root time algbw busbw #wrong\n"
                                   " 8 2 float sum -1 26.41 0.00 0.00 0\n"
                                   "# Avg bus bandwidth : 1e308\n");
        CHECK(e.kind == ImportError::Kind::BadNumber);
        CHECK(e.line == 4);
    }
}

TEST_CASE("fuzz: nvidia-smi topo labels and codes with too many digits are refused", "[fuzz]")
{
    SECTION("a GPU column index of 1e20")
    {
        // Guards against: static_cast<int64_t>(1e20) in gpuIndex, undefined behaviour.
        const auto e = topoRefusal("GPU0 GPU99999999999999999999\nGPU0 X NV4\n");
        CHECK(e.kind == ImportError::Kind::ReorderedColumns);
        CHECK(e.line == 1);
    }
    SECTION("a GPU label with 400 digits")
    {
        // Guards against: *parseNumber(digits) on an empty optional (the number is beyond double).
        const auto e = topoRefusal("GPU0 GPU" + std::string(400, '9') + "\nGPU0 X NV4\n");
        CHECK(e.kind == ImportError::Kind::ReorderedColumns);
        CHECK(e.line == 1);
    }
    SECTION("NV followed by 400 digits")
    {
        // Guards against: *parseNumber(count) on an empty optional in readCell.
        const auto e =
            topoRefusal("GPU0 GPU1\nGPU0 X NV" + std::string(400, '9') + "\nGPU1 NV4 X\n");
        CHECK(e.kind == ImportError::Kind::BadLine);
        CHECK(e.line == 2);
    }
}

TEST_CASE("fuzz: nvidia-smi topo with more GPU rows than GPU columns is refused", "[fuzz]")
{
    // Guards against: row GPU1 of a one-GPU header wrote gpuGpu[1] of a 1-element vector (heap
    // overflow; libstdc++ assertion in the fuzz build). Found from a NIC-column seed by libFuzzer.
    const auto e = topoRefusal("GPU0 NIC0\nGPU0 X PIX\nGPU1 PIX X\n");
    CHECK(e.kind == ImportError::Kind::Inconsistent);
    CHECK(e.line == 3);
}

TEST_CASE("fuzz: nvidia-smi topo with X between a later GPU and a NIC is refused", "[fuzz]")
{
    // Guards against: accepted. The GPU–NIC check read node.nicCell(), which indexes by
    // node.nics.size(), still 0 at that point, so it looked at row GPU0 for every GPU. (libFuzzer,
    // from the ANSI/SOC seed.) nvtopoimport.h: "a GPU and a NIC" never show X.
    const auto e = topoRefusal("GPU0 GPU1 NIC0\nGPU0 X NV1 PIX\nGPU1 NV1 X X\n");
    CHECK(e.kind == ImportError::Kind::Inconsistent);
    CHECK(e.line == 3);
}

TEST_CASE("fuzz: nvidia-smi topo affinity stays one value per GPU", "[fuzz]")
{
    // Guards against: cpuAffinity == {"0-7"}: GPU1's value, listed as GPU0's (one entry for two
    // GPUs). nvtopoimport.h: "per GPU … empty if no column"; a GPU row without the values gets "".
    const auto r = parseNvidiaTopo("GPU0 GPU1 CPU Affinity\nGPU0 X NV1\nGPU1 NV1 X 0-7\n");
    REQUIRE(r.node);
    REQUIRE(r.node->cpuAffinity.size() == 2);
    CHECK(r.node->cpuAffinity[0].empty());
    CHECK(r.node->cpuAffinity[1] == "0-7");
}

TEST_CASE("fuzz: nvidia-smi topo naming an affinity column twice is refused", "[fuzz]")
{
    // Guards against: accepted, with two NUMA values per GPU row in numaAffinity (two entries for
    // one GPU). (libFuzzer.)
    const auto e = topoRefusal("GPU0 NUMA Affinity NUMA Affinity\nGPU0 X\n");
    CHECK(e.kind == ImportError::Kind::Inconsistent);
    CHECK(e.line == 1);
}

TEST_CASE("fuzz: checkpoint fractions stay finite for tiny MTBF, interval and work", "[fuzz]")
{
    // The job of 1,024 GPUs the fuzzer found these with (fixtures.h): W = 14 days given.
    Scenario scenario = testing::thousandGpuJob();
    SECTION("checkpoint.gpu_mtbf=1e-300")
    {
        // Guards against: NaN write fraction at Daly's optimum: W/τ = 1.2e6 / 1e-303 = +inf
        // intervals, inf × 0 in combine(). Every second is spent restarting (R = 600 s ≫ M ≈ 1e-303
        // s), so the limit is restart fraction 1.
        // The key now refuses it (below 1 s); the model still gives usable fractions.
        const auto refused = applyAssignment(scenario, "checkpoint.gpu_mtbf=1e-300");
        REQUIRE(refused);
        CHECK(refused->key == "checkpoint.gpu_mtbf");
        scenario.checkpoint.gpuMtbfSeconds = 1e-300;
        requireUsableCheckpoint(scenario, false);
        const auto r = evaluateCheckpoint(scenario);
        CHECK(r.atOptimum.status == CheckpointStatus::Overflow);
        CHECK(r.atOptimum.restartFraction == Approx(1.0).margin(1e-12));
    }
    SECTION("checkpoint.interval=1e-300")
    {
        // Guards against: NaN write fraction on the chart's first point (τ = 1e-301 s: 1.2e307
        // intervals of ~60 s each overflow to ∞/∞). With a = τ/M → 0 the per-interval time is
        // Daly's M·e^r·(e^d − 1) and the write time M·(e^d − 1) (checkpoint.cpp's derivation), so
        // the write fraction is e^{−r} = e^{−R/M}, M = 1.8e8 s / 1024 GPUs = 175781.25 s. The curve
        // now starts at τ's own decade, so τ = 1e-301 s puts that point first.
        const auto refused = applyAssignment(scenario, "checkpoint.interval=1e-301");
        REQUIRE(refused);
        CHECK(refused->key == "checkpoint.interval");
        scenario.checkpoint.intervalSeconds = 1e-301;
        requireUsableCheckpoint(scenario, false);
        const auto r = evaluateCheckpoint(scenario);
        CHECK(r.curve.front().status == CheckpointStatus::Overflow);
        CHECK(r.curve.front().writeFraction == Approx(std::exp(-600.0 / 175781.25)).epsilon(1e-9));
    }
    SECTION("checkpoint.gpu_mtbf=1e-300 over 1e7 GPUs, a write of 1e8 s")
    {
        // Guards against: NaN write fraction at the scenario's τ: τ/M and δ/M overflow to +∞ (M =
        // 1e-307 s), then a·e = ∞·0 and e^{d−r−s} = e^{∞−∞}. With R = 0 and failures every 1e-307 s
        // no attempt reaches its write: all the time is lost work (lost fraction 1).
        for (const char* set :
             {"checkpoint.interval=1e10", "checkpoint.write_time=1e8", "checkpoint.restart_time=0",
              "checkpoint.gpus=1e7",
              // 1e7 GPUs are the layout dp = 1.25e6 × tp 2 × pp 4 with one sequence a replica.
              "train.global_batch=1250000"}) {
            REQUIRE_FALSE(applyAssignment(scenario, set));
        }
        scenario.checkpoint.gpuMtbfSeconds = 1e-300; // below the key's 1 s: the model alone
        requireUsableCheckpoint(scenario, false);
        const auto r = evaluateCheckpoint(scenario);
        CHECK(r.atInterval.status == CheckpointStatus::Overflow);
        CHECK(r.atInterval.lostFraction == Approx(1.0).margin(1e-12));
    }
    SECTION("checkpoint.work=1e-315 without writes or restarts")
    {
        // Guards against: NaN waste fraction: (τ + δ)/M underflowed to 0, so T = M·expm1(0) = 0 and
        // 0/0. With δ = R = 0 and a failure chance of ~1e-323 nothing is wasted: fraction 0.
        const auto refused = applyAssignment(scenario, "checkpoint.work=1e-315");
        REQUIRE(refused);
        CHECK(refused->key == "checkpoint.work");
        scenario.checkpoint.workSeconds = 1e-315; // below the key's 1 s: the model alone
        REQUIRE_FALSE(applyAssignment(scenario, "checkpoint.write_time=0"));
        REQUIRE_FALSE(applyAssignment(scenario, "checkpoint.restart_time=0"));
        REQUIRE_FALSE(applyAssignment(scenario, "checkpoint.gpus=1"));
        // One GPU is a layout of tp = pp = 1 only.
        REQUIRE_FALSE(applyAssignment(scenario, "parallel.tp=1"));
        REQUIRE_FALSE(applyAssignment(scenario, "parallel.pp=1"));
        REQUIRE_FALSE(applyAssignment(scenario, "parallel.dp=1"));
        requireUsableCheckpoint(scenario, false);
        const auto r = evaluateCheckpoint(scenario);
        CHECK(r.atInterval.wasteFraction == 0.0);
        CHECK(r.curve.front().wasteFraction == 0.0);
    }
}
