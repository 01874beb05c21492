// nccl-tests logs as users paste them (tests/data/nccl, written by make_samples.py in the
// layouts of NVIDIA/nccl-tests src/common.cu and ROCm/rccl-tests): Slurm's `srun --label`
// prefixes, a log without its device list (N inferred from busbw / algbw, nccl-tests
// doc/PERFORMANCE.md), several runs in one file, rccl-tests, alltoall, and two logs for the
// two link levels.
#include "simcore/import/ncclimport.h"
#include "simcore/import/nccllog.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

using namespace simcore;

namespace {

std::string readSample(const std::string& name)
{
    std::ifstream file(std::string(DTSIM_SOURCE_DIR "/tests/data/nccl/") + name, std::ios::binary);
    REQUIRE(file.good());
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

NcclLog readLog(const std::string& name)
{
    auto log = importNcclLog(readSample(name), name);
    INFO(name << ": " << (log.error ? log.error->message() : std::string()));
    REQUIRE_FALSE(log.error);
    REQUIRE(log.combined.table);
    return log;
}

} // namespace

TEST_CASE("srun --label prefixes, NCCL INFO and UCX warnings between rows are read")
{
    const auto log = readLog("all_reduce_2x8xh100_srun_label.txt");
    REQUIRE(log.runs.size() == 1);
    const auto& t = *log.combined.table;
    CHECK(t.collective == NcclCollective::AllReduce);
    CHECK(t.ranks == 16);
    CHECK(t.ranksFrom == NcclRanksFrom::RankLines);
    CHECK(t.nodes == 2);
    CHECK(t.outOfPlace.size() == 11); // 1 MiB … 1 GiB
    // The samples' α = 6 µs per step, B = 48 GB/s (make_samples.py), within the wiggle.
    CHECK(log.combined.fit.bandwidthBytesPerSecond == Approx(48e9).epsilon(0.05));
    CHECK(ncclLinkLevel(t) == NcclLinkLevel::Inter);
}

TEST_CASE("Without the device list the rank count is inferred from busbw / algbw")
{
    const auto log = readLog("all_reduce_16_no_devices.txt");
    const auto& t = *log.combined.table;
    CHECK(t.ranks == 16);
    CHECK(t.ranksFrom == NcclRanksFrom::BusFactor);
    CHECK(ncclObservedBusFactor(t) == Approx(2.0 * 15 / 16).epsilon(0.01));
    CHECK(ncclLinkLevel(t) == NcclLinkLevel::Unknown);
}

TEST_CASE("A sweep of five collectives in one log: each table read with its own bus factor")
{
    const auto log = readLog("sweep_five_collectives_8xh100.txt");
    REQUIRE(log.runs.size() == 5);
    const NcclCollective expected[] = {NcclCollective::AllReduce, NcclCollective::AllGather,
                                       NcclCollective::ReduceScatter, NcclCollective::AllToAll,
                                       NcclCollective::Broadcast};
    for (std::size_t i = 0; i < 5; ++i) {
        INFO("run " << i);
        CHECK(log.runs[i].table.collective == expected[i]);
        CHECK(log.runs[i].table.ranks == 8);
        CHECK(log.runs[i].table.tables == 1);
        REQUIRE_FALSE(log.runs[i].fit.error);
        // Every run was made with B = 360 GB/s per link: each collective's own factor recovers it.
        CHECK(log.runs[i].fit.bandwidthBytesPerSecond == Approx(360e9).epsilon(0.05));
        CHECK(log.runs[i].firstLine > (i == 0 ? 0 : log.runs[i - 1].lastLine - 1));
    }
    // The runs differ: the all_reduce one is fitted for the paste line.
    CHECK_FALSE(log.merged);
    CHECK(log.chosenRun == 0);
}

TEST_CASE("Repeated runs of one collective are merged for the fit and still listed")
{
    const auto log = readLog("all_reduce_8xh100_two_runs.txt");
    CHECK(log.runs.size() == 2);
    CHECK(log.merged);
    CHECK(log.combined.table->tables == 2);
    CHECK(log.combined.fit.points == log.runs[0].fit.points + log.runs[1].fit.points);
}

TEST_CASE("rccl-tests output (AMD) with -c 0 is read")
{
    const auto log = readLog("rccl_all_reduce_8xmi300x_nocheck.txt");
    const auto& t = *log.combined.table;
    CHECK(t.ranks == 8);
    CHECK(t.nodes == 1);
    CHECK_FALSE(t.checked);
    CHECK(t.devices.front() == "AMD Instinct MI300X");
    CHECK(log.combined.fit.bandwidthBytesPerSecond == Approx(150e9).epsilon(0.05));
}

TEST_CASE("alltoall_perf: (N-1)/N bus factor")
{
    const auto log = readLog("alltoall_8xh100.txt");
    CHECK(log.combined.table->collective == NcclCollective::AllToAll);
    CHECK(log.combined.fit.bandwidthFactor == Approx(7.0 / 8));
    CHECK(log.combined.fit.bandwidthBytesPerSecond == Approx(360e9).epsilon(0.05));
}

TEST_CASE("A labelled row cut short is refused with its line number")
{
    std::string text = readSample("all_reduce_2x8xh100_srun_label.txt");
    const auto cut = text.find("     4194304");
    REQUIRE(cut != std::string::npos);
    const auto end = text.find('\n', cut);
    text.replace(cut, end - cut, "     4194304       1048576     float     sum      -1   ");
    const auto log = importNcclLog(text, "x.txt");
    REQUIRE(log.error);
    CHECK(log.runs.empty());
    CHECK(log.error->kind == ImportError::Kind::BadLine);
    CHECK(log.error->line > 20);
}

TEST_CASE("A third run cut before its table is refused, not dropped")
{
    std::string text = readSample("all_reduce_8xh100_two_runs.txt");
    text += "# nccl-tests version 2.13.11 nccl-headers=22304 nccl-library=22304\n"
            "# nThread 1 nGpus 8 minBytes 1048576 maxBytes 1073741824 step: 2(factor)\n";
    const auto log = importNcclLog(text, "x.txt");
    REQUIRE(log.error);
    CHECK(log.error->kind == ImportError::Kind::Truncated);
}

TEST_CASE("Two logs fill the two link levels: hosts decide, else the order")
{
    using L = NcclLinkLevel;
    auto a = ncclAssignLevels({L::Intra, L::Inter});
    CHECK(a.intra == 0u);
    CHECK(a.inter == 1u);
    a = ncclAssignLevels({L::Inter, L::Intra});
    CHECK(a.intra == 1u);
    CHECK(a.inter == 0u);
    a = ncclAssignLevels({L::Unknown, L::Unknown});
    CHECK(a.intra == 0u);
    CHECK(a.intraFromPosition);
    CHECK(a.interFromPosition);
    a = ncclAssignLevels({L::Unknown, L::Intra});
    CHECK(a.intra == 1u);
    CHECK(a.inter == 0u);
    CHECK_FALSE(a.interFromPosition);
    CHECK(ncclAssignLevels({L::Intra, L::Intra}).error);
    CHECK(ncclAssignLevels({L::Inter, L::Inter}).error);
    CHECK(ncclAssignLevels({L::Intra, L::Inter, L::Inter}).error);
    a = ncclAssignLevels({L::Unknown});
    CHECK(a.inter == 0u);
    CHECK_FALSE(a.intra);
}
