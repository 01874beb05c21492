// The Communication view's report: the all-reduce, its link, the formula strip's terms, the
// charts' sweeps, the quantities and the CSV. Expected numbers are hand calculations of the α–β
// model (MODELS §4; Thakur, Rabenseifner & Gropp 2005), nccl-tests' algbw / busbw
// (doc/PERFORMANCE.md) and Hockney's n½ (Parallel Computing 20, 1994), written out next to each
// check. The default links are the catalogue's (simcore/scenario/linkfigures.h): NVLink 4, α = 3.4
// µs, B = 450 GB/s inside a node; InfiniBand NDR, α = 9.6 µs, B = 50 GB/s between nodes; g = 8.
#include "csvtables.h"
#include "simcore/reports/communicationreport.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

using namespace simcore;

namespace {

constexpr double kRelative = 1e-12; // a handful of floating-point operations per number

Scenario with(std::initializer_list<const char*> sets)
{
    Scenario scenario;
    for (const char* set : sets) {
        REQUIRE_FALSE(applyAssignment(scenario, set));
    }
    return scenario;
}

double valueOf(const Report& report, std::string_view id)
{
    const Quantity* q = report.find(id);
    INFO(std::string(id));
    REQUIRE(q != nullptr);
    return q->value;
}

std::string wordOf(const Report& report, std::string_view id)
{
    const Quantity* q = report.find(id);
    INFO(std::string(id));
    REQUIRE(q != nullptr);
    REQUIRE(q->unit == Unit::Word);
    return q->word;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> result;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);) {
        result.push_back(line);
    }
    return result;
}

std::vector<std::string> cells(const std::string& line)
{
    std::vector<std::string> result;
    std::istringstream stream(line);
    for (std::string cell; std::getline(stream, cell, ',');) {
        result.push_back(cell);
    }
    return result;
}

} // namespace

TEST_CASE("communication report: the default ring in one node, by hand", "[communication]")
{
    const auto report = communicationReport(Scenario{});
    REQUIRE(report.ok());
    CHECK(report.view == View::Communication);
    CHECK(report.algorithm == CommAlgorithm::Ring);
    CHECK(report.heading.find("ring") != std::string::npos);
    CHECK(report.heading.find("N = 8") != std::string::npos);
    // MODELS §4 ring: 2(N−1)α + 2(N−1)/N·S/B = 2·7·3.4e-6 + 2·(7/8)·1e9/450e9
    //   = 4.76e-5 + 0.0038888… = 0.0039364888… s (the 3.936 ms of the Topology panel).
    const double latency = 2 * 7 * 3.4e-6;
    const double bandwidth = 1.75e9 / 450e9;
    CHECK(valueOf(report, "latency_time") == Approx(latency).epsilon(kRelative));
    CHECK(valueOf(report, "bandwidth_time") == Approx(bandwidth).epsilon(kRelative));
    CHECK(valueOf(report, "time") == Approx(latency + bandwidth).epsilon(kRelative));
    CHECK(valueOf(report, "time") == Approx(0.0039364888888888889).epsilon(kRelative));
    // 2(N−1) = 14 steps; every GPU sends 2·(7/8)·1e9 = 1.75e9 bytes, 8 GPUs 1.4e10.
    CHECK(valueOf(report, "steps") == 14);
    CHECK(valueOf(report, "bytes_sent_per_worker") == Approx(1.75e9).epsilon(kRelative));
    CHECK(valueOf(report, "total_bytes_sent") == Approx(1.4e10).epsilon(kRelative));
    // nccl-tests: algbw = S/t; busbw = algbw · 2(N−1)/N = algbw · 1.75.
    CHECK(valueOf(report, "algbw") == Approx(1e9 / (latency + bandwidth)).epsilon(kRelative));
    CHECK(valueOf(report, "busbw") ==
          Approx(1e9 / (latency + bandwidth) * 1.75).epsilon(kRelative));
    CHECK(valueOf(report, "bus_factor") == 1.75);
    // Hockney's n½ for the ring: N·α·B = 8 · 3.4e-6 · 450e9 = 12.24e6 bytes; the peak busbw is
    // the link's B, and the star sits at half of it.
    CHECK(valueOf(report, "half_peak_bytes") == Approx(12.24e6).epsilon(kRelative));
    CHECK(valueOf(report, "peak_busbw") == Approx(450e9).epsilon(kRelative));
    CHECK(report.halfPeakBusbwBytesPerSecond == Approx(225e9).epsilon(kRelative));
    // The links: all 8 GPUs fit the node, so the ring runs on NVLink alone.
    CHECK(wordOf(report, "link_used") == "intra");
    CHECK(report.linkUsed == LinkUsed::Intra);
    CHECK(valueOf(report, "nodes") == 1);
    CHECK(valueOf(report, "flat_bandwidth") == 450e9);
    CHECK(valueOf(report, "flat_latency") == 3.4e-6);
    CHECK(wordOf(report, "algorithm") == "ring");
    CHECK(valueOf(report, "workers") == 8);
    CHECK(valueOf(report, "bytes") == 1e9);
    CHECK(valueOf(report, "gpus_per_node") == 8);
    CHECK(valueOf(report, "intra_bandwidth") == 450e9);
    CHECK(valueOf(report, "intra_latency") == 3.4e-6);
    CHECK(valueOf(report, "inter_bandwidth") == 50e9);
    CHECK(valueOf(report, "inter_latency") == 9.6e-6);
    // The formula strip's counts: N − 1 = 7 rounds, ⌈log₂8⌉ = 3 tree levels.
    CHECK(report.terms.extraWorkers == 7);
    CHECK(report.terms.treeLevels == 3);
}

TEST_CASE("communication report: the time is the one price of this all-reduce", "[communication]")
{
    // The Topology view prices the uniform cluster with allReduceFromScenario: the same double.
    for (const auto& scenario :
         {Scenario{}, with({"collective.workers=16"}),
          with({"collective.workers=20", "collective.algorithm=hierarchical"}),
          with({"collective.algorithm=tree", "collective.bytes=1234567"}),
          with({"collective.workers=1"})}) {
        const auto report = communicationReport(scenario);
        REQUIRE(report.ok());
        CHECK(valueOf(report, "time") == allReduceFromScenario(scenario).seconds);
        CHECK(report.cost.seconds == allReduceFromScenario(scenario).seconds);
    }
}

TEST_CASE("communication report: which link each algorithm runs on", "[communication]")
{
    SECTION("a flat ring across two nodes runs at the slowest link")
    {
        // N = 16 over two 8-GPU nodes: α = max(3.4, 9.6) µs, B = min(450, 50) GB/s (MODELS §4):
        // 2·15·9.6e-6 + 2·(15/16)·1e9/50e9 = 2.88e-4 + 0.0375 = 0.037788 s.
        const auto report = communicationReport(with({"collective.workers=16"}));
        CHECK(wordOf(report, "link_used") == "slowest");
        CHECK(valueOf(report, "nodes") == 2);
        CHECK(valueOf(report, "flat_latency") == 9.6e-6);
        CHECK(valueOf(report, "flat_bandwidth") == 50e9);
        CHECK(valueOf(report, "time") == Approx(0.037788).epsilon(kRelative));
    }
    SECTION("the hierarchical one uses both")
    {
        const auto report = communicationReport(
            with({"collective.workers=16", "collective.algorithm=hierarchical"}));
        CHECK(wordOf(report, "link_used") == "intra+inter");
        CHECK(report.linkUsed == LinkUsed::IntraAndInter);
        // 2·(8−1) + 2·(2−1) = 16 steps.
        CHECK(valueOf(report, "steps") == 16);
    }
    SECTION("any algorithm inside one node uses the node's link")
    {
        for (const char* algorithm : {"ring", "tree", "naive", "hierarchical"}) {
            INFO(algorithm);
            const auto report = communicationReport(
                with({"collective.workers=5",
                      (std::string("collective.algorithm=") + algorithm).c_str()}));
            CHECK(wordOf(report, "link_used") == "intra");
        }
    }
    CHECK(linkUsedId(LinkUsed::Intra) == "intra");
    CHECK(linkUsedId(LinkUsed::Slowest) == "slowest");
    CHECK(linkUsedId(LinkUsed::IntraAndInter) == "intra+inter");
}

TEST_CASE("communication report: the hierarchical phases, by hand", "[communication]")
{
    SECTION("g = 8 divides N = 16: two nodes, S/g per GPU across them")
    {
        const auto report = communicationReport(
            with({"collective.workers=16", "collective.algorithm=hierarchical"}));
        const auto& h = report.terms.hierarchical;
        CHECK(h.shape == HierarchyShape{8, 2, 8, 1});
        // Ring reduce-scatter in the node (g = 8): 7·3.4e-6 + (7/8)·1e9/450e9
        //   = 2.38e-5 + 0.0019444… s; the all-gather costs the same.
        const double inNode = 7 * 3.4e-6 + 0.875e9 / 450e9;
        CHECK(h.intraReduceScatterSeconds == Approx(inNode).epsilon(kRelative));
        CHECK(h.intraAllGatherSeconds == Approx(inNode).epsilon(kRelative));
        // Across k = 2 nodes, a ring all-reduce of S/g = 1.25e8 bytes on NDR:
        // 2·1·9.6e-6 + 2·(1/2)·1.25e8/50e9 = 1.92e-5 + 0.0025 = 0.0025192 s.
        CHECK(h.interShardBytes == Approx(1.25e8).epsilon(kRelative));
        CHECK(h.interAllReduceSeconds == Approx(0.0025192).epsilon(kRelative));
        // The phases add up to the time (MODELS §4).
        CHECK(valueOf(report, "time") == Approx(2 * inNode + 0.0025192).epsilon(kRelative));
    }
    SECTION("N = 20: the last node has 4 GPUs, each carrying 2 of the 8 shards")
    {
        const auto report = communicationReport(
            with({"collective.workers=20", "collective.algorithm=hierarchical"}));
        const auto& h = report.terms.hierarchical;
        // g′ = 8, k = ⌈20/8⌉ = 3, r = 20 − 2·8 = 4, ⌈8/4⌉ = 2 shards per GPU.
        CHECK(h.shape == HierarchyShape{8, 3, 4, 2});
        // 2 · 1e9/8 = 2.5e8 bytes across; 2·2·9.6e-6 + 2·(2/3)·2.5e8/50e9
        //   = 3.84e-5 + 0.0066666… s.
        CHECK(h.interShardBytes == Approx(2.5e8).epsilon(kRelative));
        const double across = 3.84e-5 + 2.0 * 2 / 3 * 2.5e8 / 50e9;
        CHECK(h.interAllReduceSeconds == Approx(across).epsilon(kRelative));
        const double inNode = 7 * 3.4e-6 + 0.875e9 / 450e9;
        CHECK(valueOf(report, "time") == Approx(2 * inNode + across).epsilon(kRelative));
        CHECK(valueOf(report, "nodes") == 3);
    }
    SECTION("on one node the phases are the ring's halves")
    {
        const auto report = communicationReport(with({"collective.algorithm=hierarchical"}));
        const auto& h = report.terms.hierarchical;
        CHECK(h.shape.nodes == 1);
        CHECK(h.interAllReduceSeconds == 0);
        // Reduce-scatter + all-gather = 2·(7·3.4e-6 + (7/8)·1e9/450e9) = the ring's 3.936 ms.
        CHECK(h.intraReduceScatterSeconds + h.intraAllGatherSeconds ==
              Approx(valueOf(report, "time")).epsilon(kRelative));
    }
}

TEST_CASE("communication report: the tree, the naive exchange and the summary's comparison",
          "[communication]")
{
    SECTION("tree")
    {
        // Binomial tree, N = 8 in one node: 2·⌈log₂8⌉·(α + S/B) = 6·(3.4e-6 + 1e9/450e9).
        const auto report = communicationReport(with({"collective.algorithm=tree"}));
        CHECK(valueOf(report, "time") == Approx(6 * (3.4e-6 + 1e9 / 450e9)).epsilon(kRelative));
        CHECK(report.terms.treeLevels == 3);
        CHECK(valueOf(report, "steps") == 6);
        // ⌈log₂5⌉ = 3, ⌈log₂2⌉ = 1.
        CHECK(communicationReport(with({"collective.workers=5"})).terms.treeLevels == 3);
        CHECK(communicationReport(with({"collective.workers=2"})).terms.treeLevels == 1);
    }
    SECTION("naive, compared with the ring")
    {
        // Everyone sends S to everyone, N = 64 over 8 nodes at the slowest link:
        // 63·9.6e-6 + 63·1e9/50e9 = 6.048e-4 + 1.26 = 1.2606048 s; 63e9 bytes per GPU.
        const auto report =
            communicationReport(with({"collective.algorithm=naive", "collective.workers=64"}));
        CHECK(valueOf(report, "time") == Approx(1.2606048).epsilon(kRelative));
        CHECK(valueOf(report, "bytes_sent_per_worker") == Approx(63e9).epsilon(kRelative));
        CHECK(report.terms.extraWorkers == 63);
        // The summary sets the ring beside it: 2·63·9.6e-6 + 2·(63/64)·1e9/50e9
        //   = 1.2096e-3 + 0.039375 = 0.0405846 s, 2·(63/64)·1e9 = 1.96875e9 bytes per GPU.
        CHECK(report.comparison.algorithm == CommAlgorithm::Ring);
        CHECK(report.comparison.cost.seconds == Approx(0.0405846).epsilon(kRelative));
        CHECK(report.comparison.cost.bytesSentPerWorker == Approx(1.96875e9).epsilon(kRelative));
    }
    SECTION("any other algorithm is compared with the naive exchange")
    {
        // Naive, N = 8 in one node: 7·3.4e-6 + 7·1e9/450e9 = 2.38e-5 + 0.015555… s.
        const auto report = communicationReport(Scenario{});
        CHECK(report.comparison.algorithm == CommAlgorithm::Naive);
        CHECK(report.comparison.cost.seconds == Approx(2.38e-5 + 7e9 / 450e9).epsilon(kRelative));
        CHECK(report.comparison.cost.bytesSentPerWorker == Approx(7e9).epsilon(kRelative));
    }
}

TEST_CASE("communication report: one GPU has nothing to exchange", "[communication]")
{
    const auto report = communicationReport(with({"collective.workers=1"}));
    REQUIRE(report.ok());
    CHECK(valueOf(report, "time") == 0);
    CHECK(valueOf(report, "steps") == 0);
    CHECK(valueOf(report, "bytes_sent_per_worker") == 0);
    CHECK(valueOf(report, "busbw") == 0);
    CHECK(valueOf(report, "bus_factor") == 0); // 2(1−1)/1
    // n½ is undefined with nothing sent: no value (read-out "—", JSON null, empty CSV cell).
    CHECK(std::isnan(valueOf(report, "half_peak_bytes")));
    CHECK(valueOf(report, "peak_busbw") == 0);
    CHECK(report.terms.extraWorkers == 0);
    CHECK(report.terms.treeLevels == 0);
    CHECK(wordOf(report, "link_used") == "intra");
}

TEST_CASE("communication report: problems are this view's keys, and block the rest",
          "[communication]")
{
    SECTION("a key of this view out of range")
    {
        Scenario scenario;
        scenario.collective.workers = 0; // as a file could hold it, past setValue's check
        const auto report = communicationReport(scenario);
        REQUIRE_FALSE(report.ok());
        CHECK(report.problems.front().key == "collective.workers");
        CHECK(report.quantities.empty());
        CHECK(report.workerSweeps.empty());
        CHECK(report.sizeSweeps.empty());
        // The CSV is then the quantities table's header alone.
        const auto tables = communicationCsv(report);
        REQUIRE(tables.size() == 1);
        CHECK(tables[0].name == "quantities");
        CHECK(tables[0].text == "quantity,value,unit\n");
    }
    SECTION("another view's problem is not this view's")
    {
        // parallel.tp = 3 does not divide the model's heads: the Parallelism view's problem.
        const auto report = communicationReport(with({"parallel.tp=3"}));
        CHECK(report.ok());
    }
    SECTION("the collective's own checks name the key they come from")
    {
        CollectiveParams params;
        params.intra.bandwidthBytesPerSecond = 0;
        auto problem = collectiveScenarioError(*validateCollective(params), params);
        CHECK(problem.kind == ScenarioError::Kind::OutOfRange);
        CHECK(problem.key == "hardware.intra_bandwidth");
        CHECK(problem.given == "0");
        CHECK(belongsTo(problem, View::Communication));
        params = {};
        params.inter.latencySeconds = -1;
        problem = collectiveScenarioError(*validateCollective(params), params);
        CHECK(problem.key == "hardware.inter_latency");
        CHECK(problem.given == "-1");
        params = {};
        params.bytes = -5;
        CHECK(collectiveScenarioError(*validateCollective(params), params).key ==
              "collective.bytes");
        params = {};
        params.gpusPerNode = 0;
        CHECK(collectiveScenarioError(*validateCollective(params), params).key ==
              "hardware.gpus_per_node");
        params = {};
        params.workers = 0;
        CHECK(collectiveScenarioError(*validateCollective(params), params).key ==
              "collective.workers");
    }
}

TEST_CASE("communication report: the charts' sweeps and sizes", "[communication]")
{
    const auto report = communicationReport(Scenario{});
    // N = 8: the worker axis reaches 1024 (the smallest limit ≥ 2N); every algorithm, each curve
    // exactly what sweepWorkers computes.
    CHECK(report.workerLimit == 1024);
    REQUIRE(report.workerSweeps.size() == allCommAlgorithms().size());
    const auto oracle = sweepWorkers(report.params, CollectiveOp::AllReduce, 1024);
    for (std::size_t i = 0; i < oracle.size(); ++i) {
        CHECK(report.workerSweeps[i].algorithm == oracle[i].algorithm);
        REQUIRE(report.workerSweeps[i].points.size() == oracle[i].points.size());
        for (std::size_t k = 0; k < oracle[i].points.size(); ++k) {
            CHECK(report.workerSweeps[i].points[k].seconds == oracle[i].points[k].seconds);
        }
    }
    // The bus-bandwidth chart: nccl-tests' 8 B … 8 GiB, two sizes per doubling:
    // log₂(2³³ / 2³) = 30 doublings → 61 sizes; 4·S = 4e9 < 8 GiB does not widen it.
    REQUIRE(report.messageSizes.size() == 61);
    CHECK(report.messageSizes.front() == 8);
    CHECK(report.messageSizes.back() == 8.0 * 1024 * 1024 * 1024);
    REQUIRE(report.sizeSweeps.size() == allCommAlgorithms().size());
    CHECK(report.sizeSweeps.front().points.size() == 61);
    // At S = n½ the ring's busbw is half its peak (Hockney's definition).
    auto atHalf = report.params;
    atHalf.bytes = valueOf(report, "half_peak_bytes");
    const auto half = collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, atHalf);
    CHECK(half.busbwBytesPerSecond ==
          Approx(report.halfPeakBusbwBytesPerSecond).epsilon(kRelative));

    // S = 1e10: 4·S = 4e10 → the next power of two, 2³⁶ = 68.7 GB: 33 doublings → 67 sizes.
    const auto large = communicationReport(with({"collective.bytes=1e10"}));
    REQUIRE(large.messageSizes.size() == 67);
    CHECK(large.messageSizes.back() == std::exp2(36));
    // N = 600: 2N = 1200 > 1024, so the axis goes to 1024·8 = 8192.
    CHECK(communicationReport(with({"collective.workers=600"})).workerLimit == 8192);
}

TEST_CASE("communication report: quantities in the CSV's order, and the CSV", "[communication]")
{
    const auto report = communicationReport(with({"collective.workers=16"}));
    std::vector<std::string> ids;
    for (const auto& q : report.quantities) {
        ids.emplace_back(q.id);
    }
    CHECK(ids == std::vector<std::string>{"algorithm",
                                          "workers",
                                          "bytes",
                                          "gpus_per_node",
                                          "nodes",
                                          "intra_bandwidth",
                                          "intra_latency",
                                          "inter_bandwidth",
                                          "inter_latency",
                                          "link_used",
                                          "flat_bandwidth",
                                          "flat_latency",
                                          "time",
                                          "latency_time",
                                          "bandwidth_time",
                                          "bytes_sent_per_worker",
                                          "total_bytes_sent",
                                          "algbw",
                                          "busbw",
                                          "bus_factor",
                                          "steps",
                                          "half_peak_bytes",
                                          "peak_busbw"});

    const auto tables = communicationCsv(report);
    REQUIRE(tables.size() == 3);
    const auto quantities = lines(testing::tableText(tables, "quantities"));
    REQUIRE(quantities.size() > 4);
    CHECK(quantities[0] == "quantity,value,unit");
    CHECK(quantities[1] == "algorithm,ring,");
    CHECK(quantities[2] == "workers,16,GPUs");
    CHECK(quantities[3] == "bytes,1e9,bytes");
    // Each table in its own file, its columns as before.
    CHECK(lines(testing::tableText(tables, "worker_sweep")).front() ==
          "algorithm,workers,time_s,bytes_sent_per_worker_bytes,server_bytes_sent_bytes,"
          "busbw_bytes_per_s");
    CHECK(lines(testing::tableText(tables, "size_sweep")).front() ==
          "algorithm,message_bytes,time_s,algbw_bytes_per_s,busbw_bytes_per_s");
    const auto csv = lines(testing::joinedCsv(tables));
    REQUIRE(csv.size() > 100);
    // Rows: the ring at n = 16 (2·15·9.6e-6 + 2·(15/16)·1e9/50e9 = 0.037788 s, 1.875e9 bytes);
    // the parameter server at n = 2 sends 2·S from the server (2α + 2·2·S/B_flat).
    bool ring16 = false;
    bool server2 = false;
    for (const auto& line : csv) {
        const auto row = cells(line);
        if (row.size() == 6 && row[0] == "ring" && row[1] == "16") {
            ring16 = true;
            CHECK(std::stod(row[2]) == Approx(0.037788).epsilon(kRelative));
            CHECK(std::stod(row[3]) == Approx(1.875e9).epsilon(kRelative));
        }
        if (row.size() == 6 && row[0] == "parameter_server" && row[1] == "2") {
            server2 = true;
            CHECK(std::stod(row[4]) == Approx(2e9).epsilon(kRelative));
        }
    }
    CHECK(ring16);
    CHECK(server2);
    // The quantity rows read back to the same doubles (shortest round-trip text).
    for (const auto& line : csv) {
        const auto row = cells(line);
        if (row.size() == 3 && row[0] == "time") {
            CHECK(std::stod(row[1]) == valueOf(report, "time"));
        }
    }
}

TEST_CASE("communication report: the widest worker axis and the longest size axis evaluate",
          "[communication]")
{
    // Everything the panel draws is evaluated on every edit: the cost, both sweeps (six
    // algorithms × about a hundred worker counts and sizes) and the terms. The largest cases:
    // a million GPUs (the widest worker axis) and S = 1e15 (the longest size axis). How long an
    // evaluation takes against the 16 ms edit budget is dtsim_bench's simcore group.
    for (const auto& scenario :
         {with({"collective.workers=1000000", "collective.algorithm=hierarchical"}),
          with({"collective.bytes=1e15", "collective.workers=4096"})}) {
        CHECK(communicationReport(scenario).ok());
    }
}
