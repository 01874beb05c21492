// The Parallelism view's report (simcore/reports/parallelismreport.h): the layout the diagram draws
// in Megatron-LM's rank order (megatron/core/parallel_state.py; its docstring example: 16 GPUs, tp
// = 2, pp = 4), the caption's numbers, the quantities `dtsim calc parallelism` prints, what each
// GPU holds and sends, and the CSV.
#include "csvtables.h"
#include "reportvalue.h"
#include "simcore/models/memory.h"
#include "simcore/models/pipeline.h"
#include "simcore/reports/parallelismreport.h"
#include "simcore/views/views.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

using namespace simcore;
using testing::quantityValue;

namespace {

Scenario layout(std::int64_t dp, std::int64_t tp, std::int64_t pp, std::int64_t perNode = 8)
{
    Scenario s;
    s.parallel.dp = dp;
    s.parallel.tp = tp;
    s.parallel.pp = pp;
    s.hardware.gpusPerNode = perNode;
    s.train.globalBatch = 8 * dp * s.train.microBatch; // m = B/(b·dp) = 8 on every layout
    return s;
}

} // namespace

TEST_CASE("Megatron-LM's example in numbers: 16 GPUs, tp = 2, pp = 4", "[parallelismreport]")
{
    // dp = 2, tp = 2, pp = 4 on nodes of 8: ranks 0–7 (stages 0, 1) on node 0, 8–15 on node 1.
    // Tensor groups [0,1] [2,3] …: 8 of 2, inside a node. Data groups [0,2] [1,3] [4,6] …: 8 of
    // 2, inside a node. Pipelines [0,4,8,12] [1,5,9,13] …: 4, each spanning both nodes;
    // (p − 1)·d·t = 12 sends r → r + 4, of which those from stage 1 (ranks 4–7) cross: 4.
    // 32 layers over 4 stages: 8 each.
    const auto report = parallelismReport(layout(2, 2, 4));
    REQUIRE(report.ok());
    CHECK(quantityValue(report, "gpus") == 16);
    CHECK(quantityValue(report, "dp") == 2);
    CHECK(quantityValue(report, "tp") == 2);
    CHECK(quantityValue(report, "pp") == 4);
    CHECK(quantityValue(report, "nodes") == 2);
    CHECK(quantityValue(report, "gpus_per_node") == 8);
    CHECK(quantityValue(report, "layers") == 32);
    CHECK(quantityValue(report, "layers_per_stage") == 8);
    CHECK(quantityValue(report, "layers_per_gpu") == 8);
    CHECK(quantityValue(report, "tensor_groups") == 8);
    CHECK(quantityValue(report, "tensor_groups_crossing") == 0);
    CHECK(quantityValue(report, "data_groups") == 8);
    CHECK(quantityValue(report, "data_groups_crossing") == 0);
    CHECK(quantityValue(report, "pipelines") == 4);
    CHECK(quantityValue(report, "pipeline_sends") == 12);
    CHECK(quantityValue(report, "pipeline_sends_crossing") == 4);
    CHECK(report.summary.pipeline.crossingNodes == 4);
    CHECK(report.heading == "Parallelism (lesson §2), dp × tp × pp = 2 × 2 × 4 = 16 GPUs on 2 "
                            "nodes of 8, Megatron-LM rank order");
    // The units calc and the CSV print.
    CHECK(report.find("gpus")->unit == Unit::Gpus);
    CHECK(report.find("nodes")->unit == Unit::Nodes);
    CHECK(report.find("bubble_fraction")->unit == Unit::Fraction);
}

TEST_CASE("the pipeline caption's bubble is the simulated one", "[parallelismreport]")
{
    // GPipe, p = 4, m = 8: (p − 1)/(m + p − 1) = 3/11 of the step (Huang et al. 2019 §2.3).
    Scenario s = layout(1, 1, 4);
    s.parallel.schedule = PipelineSchedule::GPipe;
    const auto report = parallelismReport(s);
    REQUIRE(report.ok());
    CHECK(report.bubbleFraction == Approx(3.0 / 11.0).epsilon(1e-12));
    CHECK(quantityValue(report, "bubble_fraction") == report.bubbleFraction);
    CHECK(report.schedule == PipelineSchedule::GPipe);
    CHECK(report.microbatches == 8);
    // No pipeline, no bubble to quote; a schedule too large to simulate per edit (2·1024·1024
    // > 2^20 operations) is left to the Pipeline view.
    CHECK(std::isnan(parallelismReport(layout(8, 1, 1)).bubbleFraction));
    Scenario large = layout(1, 1, 1024);
    large.model.layers = 1024;
    large.train.globalBatch = (1024) * large.train.microBatch * large.parallel.dp;
    CHECK(std::isnan(parallelismReport(large).bubbleFraction));
}

TEST_CASE("layers per stage and per GPU, interleaved", "[parallelismreport]")
{
    // L = 36, p = 4: stages of 36/4 = 9 (caption). Interleaved v = 3: chunks of 36/12 = 3,
    // 3 × 3 = 9 per GPU (formula strip). With 1F1B v is 1. (36 layers on v = 2 would leave
    // half layers: no layout, refused in every view.)
    Scenario s = layout(1, 1, 4);
    s.model.layers = 36;
    s.parallel.schedule = PipelineSchedule::Interleaved;
    s.parallel.virtualStages = 3;
    auto report = parallelismReport(s);
    REQUIRE(report.ok());
    CHECK(report.stageLayers == 9);
    CHECK(report.gpuLayers == 9);
    CHECK(report.layout.virtualStages == 3);
    s.parallel.schedule = PipelineSchedule::OneFOneB;
    report = parallelismReport(s);
    CHECK(report.layout.virtualStages == 1);
    CHECK(quantityValue(report, "layers_per_gpu") == 9);
}

TEST_CASE("what one GPU holds and sends: Megatron-LM's order", "[parallelismreport]")
{
    // dp = tp = pp = 2 on nodes of 4: rank 5 = stage 1, replica 0, shard 1 (5 = 1·4 + 0·2 + 1),
    // node 1 slot 1; layers 17–32; tensor group [4, 5] inside node 1; pipeline [1, 5] across
    // nodes 0 and 1; gradients back to GPU 1, no activations onward (last stage).
    const auto report = parallelismReport(layout(2, 2, 2, 4));
    REQUIRE(report.ok());
    const GpuRole role = gpuRole(report, 5);
    CHECK(role.place == GpuCoordinates{5, 1, 1, 0, 1, 1});
    CHECK(role.weightShard == 2);
    CHECK(role.batchSlice == 1);
    REQUIRE(role.layers.size() == 1);
    CHECK(role.layers.front() == LayerSpan{17, 32});
    CHECK(role.tensorGroup == GroupRanks{4, 1, 2});
    CHECK_FALSE(role.tensorGroupCrossesNode);
    CHECK(role.pipelineGroup == GroupRanks{1, 4, 2});
    CHECK(role.pipelineGroupCrossesNode);
    CHECK(role.dataGroup == GroupRanks{5, 2, 2});
    CHECK_FALSE(role.dataGroupCrossesNode);
    CHECK(role.gradientsTo == 1);
    CHECK_FALSE(role.activationsTo);
    CHECK_FALSE(role.nextChunkTo);
    CHECK(gpuRole(report, 1).activationsTo == 5);

    // Interleaved, v = 2, p = 4 (16 layers, Megatron-LM's example): GPU 0 holds layers 1–2 and
    // 9–10; the last stage feeds chunk 1 of stage 0.
    Scenario s = layout(1, 1, 4);
    s.model.layers = 16;
    s.parallel.schedule = PipelineSchedule::Interleaved;
    s.parallel.virtualStages = 2;
    const auto interleaved = parallelismReport(s);
    REQUIRE(interleaved.ok());
    CHECK(gpuRole(interleaved, 0).layers == std::vector<LayerSpan>{{1, 2}, {9, 10}});
    CHECK(gpuRole(interleaved, 3).nextChunkTo == 0);
}

TEST_CASE("a layout that cannot be drawn is a problem naming its key", "[parallelismreport]")
{
    Scenario s = layout(1, 1, 8);
    s.model.layers = 4; // 8 stages cannot share 4 layers
    const auto report = parallelismReport(s);
    REQUIRE_FALSE(report.ok());
    CHECK(report.problems.front().key == "parallel.pp");
    CHECK(report.quantities.empty());
    CHECK(evaluateView(View::Parallelism, s).problems == report.problems);
    // Interleaved: more chunks than a stage has layers.
    Scenario chunks = layout(1, 1, 4);
    chunks.parallel.schedule = PipelineSchedule::Interleaved;
    chunks.parallel.virtualStages = 9;
    CHECK(parallelismReport(chunks).problems.front().key == "parallel.virtual_stages");
    // m = 6 is no multiple of p = 4 for the interleaved schedule: the Gantt and the training
    // model refuse it, so the diagram does too, naming the batch that sets m.
    Scenario other = layout(2, 1, 4);
    other.parallel.schedule = PipelineSchedule::Interleaved;
    other.train.globalBatch = (6) * other.train.microBatch * other.parallel.dp;
    CHECK(parallelismReport(other).problems.front().key == "train.global_batch");
}

TEST_CASE("parallelism CSV: the quantities, then one row per GPU", "[parallelismreport][csv]")
{
    const auto report = parallelismReport(layout(2, 2, 2));
    const auto tables = parallelismCsv(report);
    REQUIRE(tables.size() == 2);
    CHECK(tables[0] == csvQuantities(report));
    CHECK(tables[0].text.find("\ngpus,8,GPUs\n") != std::string::npos);
    CHECK(tables[1].name == "gpus");
    const std::string& csv = tables[1].text;
    CHECK(csv.starts_with("rank,node,slot,dp_index,tp_index,pp_index,layers,weight_shard,"
                          "batch_slice,tensor_group_crosses_node,pipeline_group_crosses_node,"
                          "data_group_crosses_node\n0,0,0,0,0,0,1-16,1/2,1/2,0,0,0\n"));
    // Rank 5 = stage 1, replica 0, shard 1: layers 17–32 of 32 (Megatron-LM order).
    CHECK(csv.find("\n5,0,5,0,1,1,17-32,2/2,1/2,0,0,0\n") != std::string::npos);
    CHECK(csv.back() == '\n');

    // 128 × 8 × 64 = 65,536 GPUs are all listed; twice as many stop there (the quantity gpus
    // says how many there are).
    Scenario big = layout(256, 8, 64);
    big.model.layers = 64;
    const auto bigTables = parallelismCsv(parallelismReport(big));
    CHECK(testing::tableText(bigTables, "quantities").find("\ngpus,131072,GPUs\n") !=
          std::string::npos);
    const std::string listed = testing::tableText(bigTables, "gpus");
    CHECK(std::count(listed.begin(), listed.end(), '\n') == 65537);
    CHECK(listed.find("\n65535,") != std::string::npos);
    CHECK(listed.find("\n65536,") == std::string::npos);
}

TEST_CASE("a layer span as the CSV writes it", "[parallelismreport][csv]")
{
    CHECK(layerSpanText({17, 32}) == "17-32");
    CHECK(layerSpanText({5, 5}) == "5");
    CHECK(layerSpanText({5, 4}) == "-");
}

TEST_CASE("a layout Memory refuses is refused here too, by the same rule", "[parallelismreport]")
{
    // Guards against: 7-way tensor parallelism over 32 heads drawn here while Memory refused it
    // (Megatron splits heads and the hidden size evenly: Shoeybi et al. 2019 §3).
    const auto refusal = [](const Scenario& s) {
        const ParallelismReport parallelism = parallelismReport(s);
        const auto memory = validateMemory(s, memoryOptionsFromScenario(s));
        REQUIRE_FALSE(parallelism.ok());
        REQUIRE_FALSE(memory.empty());
        CHECK(parallelism.problems.front() == memory.front());
        return parallelism.problems.front();
    };
    Scenario heads = layout(1, 7, 1); // 32 heads
    CHECK(refusal(heads).key == "parallel.tp");
    CHECK(refusal(heads).allowed == "a divisor of model.heads");
    Scenario fewHeads = layout(1, 1024, 1);
    fewHeads.model.heads = 8;
    CHECK(refusal(fewHeads).key == "parallel.tp");
    Scenario stages = layout(1, 1, 64); // 32 layers
    CHECK(refusal(stages).key == "parallel.pp");
    CHECK(parallelismReport(layout(2, 4, 2)).ok()); // 32 heads, 4096 hidden, 32 layers
}
