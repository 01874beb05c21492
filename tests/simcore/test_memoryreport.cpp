// The Memory view's report: what the chart, the verdict and `dtsim calc memory` print.
#include "csvtables.h"
#include "reportvalue.h"
#include "simcore/reports/memoryreport.h"
#include "tests/onegpuscenario.h"

#include <catch2/catch.hpp>

using namespace simcore;

TEST_CASE("memory report: the seed's 7B model in FP32 + Adam on one H100", "[memory][report]")
{
    // Seed lesson §1: 4 + 4 + 8 bytes per parameter, 7e9 parameters = 112e9 B of model states.
    const auto report = memoryReport(testing::oneGpuScenario());
    REQUIRE(report.ok());
    CHECK(report.view == View::Memory);
    CHECK(testing::quantityValue(report, "params") == 7e9);
    CHECK(testing::quantityValue(report, "weights") == 28e9);
    CHECK(testing::quantityValue(report, "gradients") == 28e9);
    CHECK(testing::quantityValue(report, "optimizer") == 56e9);
    CHECK(report.stages[0].memory.modelStatesBytes() == 112e9);
    CHECK(testing::quantityValue(report, "gpus") == 1);
    CHECK(testing::quantityValue(report, "fits") == 0);
    // Beyond the 80 GiB card: total − 80·2³⁰, and headroom the same amount below zero.
    CHECK(testing::quantityValue(report, "excess") ==
          Approx(testing::quantityValue(report, "total") - 80 * 1073741824.0));
    CHECK(testing::quantityValue(report, "headroom") == -testing::quantityValue(report, "excess"));
    CHECK(report.find("gpu")->word == "h100-sxm");
    // ZeRO does not shard activations: 190.7 GB of them never fit one 80 GiB GPU.
    CHECK(report.activationsBound);
    // The capacity lines: the lesson's 24 GB and 80 GB cards, the chosen H100 one of them.
    REQUIRE(report.capacityGpus.size() == 2);
    CHECK(report.capacityGpus[0]->id == "rtx4090");
    CHECK(report.capacityGpus[1] == report.gpu);
}

TEST_CASE("memory report: ZeRO-3 over 8 RTX 4090s shards every model state", "[memory][report]")
{
    // ZeRO §5.1, P_os+g+p: (w + g + K)·Ψ / N_d = 16 B · 7e9 / 8 = 14e9 B; fewest GPUs that fit
    // with full recomputation: 5 (MODELS §2; tests/cli/test_memory_cli.cpp checks the same).
    Scenario s = testing::oneGpuScenario();
    s.hardware.gpu = "rtx4090";
    s.parallel.dp = 8;
    s.parallel.zero = 3;
    s.train.recompute = Recompute::Full;
    const auto report = memoryReport(s);
    REQUIRE(report.ok());
    CHECK(report.selectedStage == 3);
    CHECK(testing::quantityValue(report, "weights") + testing::quantityValue(report, "gradients") +
              testing::quantityValue(report, "optimizer") ==
          14e9);
    CHECK(testing::quantityValue(report, "fits") == 1);
    CHECK(testing::quantityValue(report, "excess") == 0);
    CHECK(testing::quantityValue(report, "min_gpus") == 5);
    CHECK(report.stages[0].verdict.minGpus == 0); // DDP: more replicas never shrink a replica
    // An H200 (141 GB) is neither reference card: a third line.
    s.hardware.gpu = "h200";
    CHECK(memoryReport(s).capacityGpus.size() == 3);
    // An A100 80GB has the H100's capacity: it takes that line's place.
    s.hardware.gpu = "a100-80";
    const auto a100 = memoryReport(s);
    REQUIRE(a100.capacityGpus.size() == 2);
    CHECK(a100.capacityGpus[1]->id == "a100-80");
}

TEST_CASE("memory report: a layout that does not divide the model is not priced",
          "[memory][report]")
{
    Scenario s;
    s.parallel.tp = 3; // 32 heads
    const auto report = memoryReport(s);
    REQUIRE_FALSE(report.ok());
    CHECK(report.problems.front().key == "parallel.tp");
    CHECK(report.quantities.empty());
    CHECK(memoryCsv(report).size() == 1); // the quantities alone
}

TEST_CASE("memory CSV: the quantities, then one row per ZeRO stage", "[memory][report][csv]")
{
    const auto tables = memoryCsv(memoryReport(testing::oneGpuScenario()));
    REQUIRE(tables.size() == 2);
    const std::string quantities = testing::tableText(tables, "quantities");
    CHECK(quantities.starts_with("quantity,value,unit\n"));
    CHECK(quantities.find("\nweights,2.8e10,bytes\n") != std::string::npos);
    CHECK(quantities.find("\nfits,0,\n") != std::string::npos);
    const std::string stages = testing::tableText(tables, "zero_stages");
    CHECK(stages.starts_with("stage,name,selected,parameters,"));
    CHECK(stages.find("\n0,DDP (ZeRO-0),1,7e9,2.8e10,2.8e10,5.6e10,") != std::string::npos);
    CHECK(stages.find("\n3,ZeRO-3 / FSDP,0,7e9,") != std::string::npos);
}
