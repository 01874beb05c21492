// The nccl-tests importer: every sample under tests/data/nccl (layouts of NVIDIA/nccl-tests
// src/common.cu and src/util.cu; the values in the checks are read off the sample files), the
// α–β fit (MODELS §4 ring forms) against synthetic data with known α and B, and bad input.
#include "simcore/import/ncclfit.h"
#include "simcore/import/ncclimport.h"
#include "simcore/scenario/text.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace simcore;

namespace {

std::string readSample(const std::string& name)
{
    std::ifstream file(std::string(DTSIM_SOURCE_DIR "/tests/data/") + name, std::ios::binary);
    REQUIRE(file.good());
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

NcclTable parseSample(const std::string& name)
{
    const auto result = parseNcclTests(readSample("nccl/" + name), name);
    INFO(name << ": " << (result.error ? result.error->message() : std::string()));
    REQUIRE(result.table);
    REQUIRE_FALSE(result.error);
    return *result.table;
}

ImportError badSample(const std::string& name)
{
    const auto result = parseNcclTests(readSample("nccl/bad/" + name), name);
    INFO(name);
    REQUIRE(result.error);
    REQUIRE_FALSE(result.table); // nothing half-imported
    return *result.error;
}

/// nccl-tests src/util.cu getFloatStr: 2, 1 or 0 decimals so the number fits the width.
std::string floatStr(double value, int width)
{
    int power = 0;
    for (double v = 1; value >= v; v *= 10) {
        ++power;
    }
    char buffer[64];
    if (power < width - 2) {
        std::snprintf(buffer, sizeof buffer, "%*.2f", width, value);
    } else if (power < width - 1) {
        std::snprintf(buffer, sizeof buffer, "%*.1f", width, value);
    } else {
        std::snprintf(buffer, sizeof buffer, "%*.0f", width, value);
    }
    return buffer;
}

/// An all_reduce_perf output of N ranks on one host whose times follow the ring exactly:
/// t = 2(N−1)α + 2(N−1)/N·S/B, printed with nccl-tests' rounding; `wiggle` multiplies every
/// other time by (1 + wiggle) and the rest by (1 − wiggle).
std::string syntheticAllReduce(int ranks, double alpha, double bandwidth, double wiggle = 0)
{
    std::ostringstream out;
    out << "# nThread 1 nGpus " << ranks
        << " minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg "
           "iters: 1 validation: 1 graph: 0\n#\n# Using devices\n";
    for (int r = 0; r < ranks; ++r) {
        out << "#  Rank " << r << " Group  0 Pid  1234 on   testhost device  " << r << " [0x1" << r
            << "] Test GPU\n";
    }
    out << "#\n#       size         count      type   redop    root     time   algbw   busbw  "
           "#wrong     time   algbw   busbw  #wrong\n"
           "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)     "
           "        (us)  (GB/s)  (GB/s)\n";
    const double n = ranks;
    int row = 0;
    for (double s = 8; s <= 8589934592.0; s *= 2, ++row) {
        const double sign = row % 2 == 0 ? 1 : -1;
        const double t =
            (2 * (n - 1) * alpha + 2 * (n - 1) / n * s / bandwidth) * (1 + sign * wiggle);
        const double us = t * 1e6;
        const double algbw = s / t / 1e9;
        const double busbw = algbw * 2 * (n - 1) / n;
        char prefix[128];
        std::snprintf(prefix, sizeof prefix, "%12.0f  %12.0f  %8s  %6s  %6i", s, s / 4, "float",
                      "sum", -1);
        out << prefix;
        for (int place = 0; place < 2; ++place) {
            out << "  " << floatStr(us, 7) << "  " << floatStr(algbw, 6) << "  "
                << floatStr(busbw, 6) << "       0";
        }
        out << "\n";
    }
    out << "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 42.5 \n#\n";
    return out.str();
}

/// A table with exact times for `collective`, N ranks, α and B (no printing, no rounding).
NcclTable exactTable(NcclCollective collective, std::int64_t ranks, double alpha, double bandwidth)
{
    NcclTable table;
    table.collective = collective;
    table.ranks = ranks;
    const double n = static_cast<double>(ranks);
    double a = 0;
    double b = 0;
    switch (collective) {
    case NcclCollective::AllReduce:
        a = 2 * (n - 1);
        b = 2 * (n - 1) / n;
        break;
    case NcclCollective::ReduceScatter:
    case NcclCollective::AllGather:
    case NcclCollective::AllToAll:
        a = n - 1;
        b = (n - 1) / n;
        break;
    case NcclCollective::Broadcast:
    case NcclCollective::Reduce:
        a = n - 1;
        b = 1;
        break;
    case NcclCollective::SendRecv:
        a = 1;
        b = 1;
        break;
    }
    std::size_t line = 1;
    for (double s = 1024; s <= 1e10; s *= 4) {
        NcclPoint p;
        p.bytes = s;
        p.seconds = a * alpha + b * s / bandwidth;
        p.line = line++;
        table.outOfPlace.push_back(p);
    }
    return table;
}

} // namespace

TEST_CASE("nccl-tests: 8 × H100 all_reduce, newest layout", "[ncclimport]")
{
    const auto t = parseSample("all_reduce_8xh100_nvswitch.txt");
    CHECK(t.collective == NcclCollective::AllReduce);
    CHECK(t.collectiveFromName); // "# Collective test starting: all_reduce_perf"
    CHECK(t.ranks == 8);
    CHECK(t.ranksFrom == NcclRanksFrom::RankLines);
    CHECK(t.nodes == 1);
    REQUIRE(t.devices.size() == 8);
    CHECK(t.devices[7] == "NVIDIA H100 80GB HBM3");
    REQUIRE(t.outOfPlace.size() == 31); // 8 B … 8 GiB, factor 2
    REQUIRE(t.inPlace.size() == 31);
    CHECK(t.tables == 1);
    CHECK(t.checked);
    CHECK(t.wrongResults == 0);
    // First row: "8  2  float  sum  -1  26.41  0.00  0.00  0  27.49 …" on line 18.
    CHECK(t.outOfPlace.front().bytes == 8);
    CHECK(t.outOfPlace.front().seconds == Approx(26.41e-6).epsilon(1e-12));
    CHECK(t.inPlace.front().seconds == Approx(27.49e-6).epsilon(1e-12));
    CHECK(t.outOfPlace.front().line == 18);
    CHECK(t.outOfPlace.front().type == "float");
    REQUIRE(t.outOfPlace.front().wrong);
    CHECK(*t.outOfPlace.front().wrong == 0);
    // Last row: 8589934592 B in 39602.0 us, algbw 216.91, busbw 379.59 GB/s.
    const auto& last = t.outOfPlace.back();
    CHECK(last.bytes == 8589934592.0);
    CHECK(last.seconds == Approx(39602.0e-6).epsilon(1e-12));
    CHECK(last.algbwBytesPerSecond == Approx(216.91e9).epsilon(1e-12));
    CHECK(last.busbwBytesPerSecond == Approx(379.59e9).epsilon(1e-12));
    CHECK(t.inPlace.back().seconds == Approx(40661.7e-6).epsilon(1e-12));
    REQUIRE(t.averageBusBandwidth);
    CHECK(*t.averageBusBandwidth == Approx(127.527e9).epsilon(1e-12));

    const auto fit = fitNcclTable(t);
    REQUIRE_FALSE(fit.error);
    CHECK(fit.points == 31);
    CHECK(fit.ranks == 8);
    CHECK(fit.latencySteps == 14);      // 2(N−1)
    CHECK(fit.bandwidthFactor == 1.75); // 2(N−1)/N
    // nccl-tests doc/PERFORMANCE.md: on large sizes busbw approaches the slowest link's speed,
    // and on small sizes the time is the constant overhead (latency). The α–β form does not
    // follow NCCL's protocol switch at mid sizes, so the fit is checked within 10 %: B against
    // the busbw of the largest row, A = 14·α against the mean time of the rows up to 64 KiB.
    CHECK(fit.bandwidthBytesPerSecond == Approx(379.59e9).epsilon(0.10));
    double small = 0;
    int smallRows = 0;
    for (const auto& p : t.outOfPlace) {
        if (p.bytes <= 65536) {
            small += p.seconds;
            ++smallRows;
        }
    }
    CHECK(smallRows == 14);
    CHECK(fit.interceptSeconds == Approx(small / smallRows).epsilon(0.10));
    CHECK(fit.latencySeconds == Approx(fit.interceptSeconds / 14).epsilon(1e-12));
    // The reported worst relative error is the largest over the points (recomputed here).
    double worst = 0;
    for (const auto& p : t.outOfPlace) {
        worst = std::max(worst, std::abs(ncclFitSeconds(fit, p.bytes) - p.seconds) / p.seconds);
    }
    CHECK(fit.worstRelativeError == Approx(worst).epsilon(1e-12));
    CHECK(fit.worstLine >= 18);
    CHECK(fit.worstLine <= 48);
    // The in-place half fits on its own.
    const auto inPlace = fitNcclTable(t, NcclPlacement::InPlace);
    REQUIRE_FALSE(inPlace.error);
    CHECK(inPlace.bandwidthBytesPerSecond == Approx(fit.bandwidthBytesPerSecond).epsilon(0.05));
}

TEST_CASE("nccl-tests: 2 nodes × 8 over InfiniBand, NCCL INFO lines", "[ncclimport]")
{
    const auto t = parseSample("all_reduce_2x8xh100_ndr.txt");
    CHECK(t.collective == NcclCollective::AllReduce);
    CHECK(t.collectiveFromName); // the echoed mpirun … all_reduce_perf line
    CHECK(t.ranks == 16);
    CHECK(t.nodes == 2); // gpu-node-01, gpu-node-02
    CHECK(t.outOfPlace.size() == 31);
    CHECK(t.outOfPlace.back().seconds == Approx(84882e-6).epsilon(1e-12));
    CHECK(t.outOfPlace.back().busbwBytesPerSecond == Approx(189.75e9).epsilon(1e-12));
    const auto fit = fitNcclTable(t);
    REQUIRE_FALSE(fit.error);
    CHECK(fit.latencySteps == 30);
    CHECK(fit.bandwidthFactor == Approx(1.875).epsilon(1e-15));
    CHECK(fit.bandwidthBytesPerSecond == Approx(189.75e9).epsilon(0.10)); // as above
}

TEST_CASE("nccl-tests: GPUs per node from the ranks and the hosts", "[ncclimport]")
{
    // The samples: 8 ranks on one host; 16 ranks on gpu-node-01 and gpu-node-02.
    CHECK(ncclGpusPerNode(parseSample("all_reduce_8xh100_nvswitch.txt")) == 8);
    CHECK(ncclGpusPerNode(parseSample("all_reduce_2x8xh100_ndr.txt")) == 8);
    NcclTable table;
    table.ranks = 12;
    table.nodes = 0; // no Rank lines: the hosts are unknown
    CHECK_FALSE(ncclGpusPerNode(table));
    table.nodes = 5; // 12 ranks do not split evenly over 5 hosts
    CHECK_FALSE(ncclGpusPerNode(table));
    table.nodes = 3;
    CHECK(ncclGpusPerNode(table) == 4);
}

TEST_CASE("nccl-tests: 2019 layout, blank root, 'error' columns, two GPUs", "[ncclimport]")
{
    const std::string text = readSample("nccl/all_reduce_2x4090_pcie.txt");
    const auto result = parseNcclTests(text); // no file name: the columns tell the collective
    REQUIRE(result.table);
    const auto& t = *result.table;
    CHECK(t.collective == NcclCollective::AllReduce); // redop sum, count = size / 4
    CHECK_FALSE(t.collectiveFromName);
    CHECK(t.ranks == 2);
    CHECK(t.ranksFrom == NcclRanksFrom::RankLines); // "#   Rank  0 Pid …" without Group
    CHECK(t.nodes == 1);
    CHECK(t.devices[1] == "NVIDIA GeForce RTX 4090");
    REQUIRE(t.outOfPlace.size() == 28); // 8 B … 1 GiB
    CHECK(t.outOfPlace.back().seconds == Approx(49234e-6).epsilon(1e-12));
    REQUIRE(t.outOfPlace.back().wrong);
    CHECK(*t.outOfPlace.back().wrong == 0); // printed "0e+00"
    CHECK(t.checked);
    const auto fit = fitNcclTable(t);
    REQUIRE_FALSE(fit.error);
    CHECK(fit.latencySteps == 2);
    CHECK(fit.bandwidthFactor == 1);
    CHECK(fit.bandwidthBytesPerSecond == Approx(21.81e9).epsilon(0.10));
}

TEST_CASE("nccl-tests: all_gather, reduce_scatter (-c 0), broadcast, repeated runs", "[ncclimport]")
{
    SECTION("all_gather: sizes that round down to 0 bytes are kept")
    {
        const auto t = parseSample("all_gather_8xh100.txt");
        CHECK(t.collective == NcclCollective::AllGather);
        CHECK(t.ranks == 8);
        REQUIRE(t.outOfPlace.size() == 31);
        CHECK(t.outOfPlace[0].bytes == 0);
        CHECK(t.outOfPlace[2].bytes == 32);
        const auto fit = fitNcclTable(t);
        REQUIRE_FALSE(fit.error);
        CHECK(fit.latencySteps == 7);
        CHECK(fit.bandwidthFactor == 0.875);
        CHECK(fit.bandwidthBytesPerSecond == Approx(372.42e9).epsilon(0.10));
    }
    SECTION("reduce_scatter with -c 0: #wrong is N/A")
    {
        const auto t = parseSample("reduce_scatter_4xa100_nocheck.txt");
        CHECK(t.collective == NcclCollective::ReduceScatter);
        CHECK(t.ranks == 4);
        CHECK_FALSE(t.checked);
        CHECK_FALSE(t.outOfPlace.front().wrong);
        CHECK(t.outOfPlace.size() == 23);
        const auto fit = fitNcclTable(t);
        REQUIRE_FALSE(fit.error);
        CHECK(fit.latencySteps == 3);
        CHECK(fit.bandwidthFactor == 0.75);
    }
    SECTION("broadcast: root 0, bus factor 1")
    {
        const auto t = parseSample("broadcast_8xh100.txt");
        CHECK(t.collective == NcclCollective::Broadcast);
        CHECK(t.ranks == 8);
        const auto fit = fitNcclTable(t);
        REQUIRE_FALSE(fit.error);
        CHECK(fit.latencySteps == 7);
        CHECK(fit.bandwidthFactor == 1);
        CHECK(fit.bandwidthBytesPerSecond == Approx(356.99e9).epsilon(0.10));
    }
    SECTION("two runs in one log: both tables, one collective")
    {
        const auto t = parseSample("all_reduce_8xh100_two_runs.txt");
        CHECK(t.tables == 2);
        CHECK(t.ranks == 8);
        CHECK(t.outOfPlace.size() == 22); // 1 MiB … 1 GiB twice
        CHECK(t.outOfPlace[11].line > t.outOfPlace[10].line);
        CHECK(t.outOfPlace[11].bytes == 1048576);
    }
}

TEST_CASE("nccl-tests: the fit recovers α and B from synthetic output within 1 %", "[ncclimport]")
{
    SECTION("printed with nccl-tests' rounding")
    {
        // N = 8, α = 5 µs per step, B = 100 GB/s per link.
        const auto imported = importNcclTests(syntheticAllReduce(8, 5e-6, 100e9));
        INFO((imported.error ? imported.error->message() : std::string()));
        REQUIRE(imported.table);
        CHECK(imported.table->ranks == 8);
        CHECK(imported.fit.points == 31);
        CHECK(imported.fit.latencySeconds == Approx(5e-6).epsilon(0.01));
        CHECK(imported.fit.bandwidthBytesPerSecond == Approx(100e9).epsilon(0.01));
        CHECK(imported.fit.worstRelativeError < 0.01);
        CHECK_FALSE(imported.fit.latencyClamped);
    }
    SECTION("with ±0.5 % noise, relative weighting still finds both")
    {
        const auto imported = importNcclTests(syntheticAllReduce(16, 12e-6, 40e9, 0.005));
        REQUIRE(imported.table);
        CHECK(imported.fit.latencySeconds == Approx(12e-6).epsilon(0.01));
        CHECK(imported.fit.bandwidthBytesPerSecond == Approx(40e9).epsilon(0.01));
        CHECK(imported.fit.worstRelativeError == Approx(0.005).epsilon(0.2));
    }
    SECTION("every collective's α–β form, exact data")
    {
        for (const auto c :
             {NcclCollective::AllReduce, NcclCollective::AllGather, NcclCollective::ReduceScatter,
              NcclCollective::Broadcast, NcclCollective::Reduce, NcclCollective::AllToAll,
              NcclCollective::SendRecv}) {
            INFO(ncclCollectiveId(c));
            const auto fit = fitNcclTable(exactTable(c, 4, 7e-6, 25e9));
            REQUIRE_FALSE(fit.error);
            CHECK(fit.latencySeconds == Approx(7e-6).epsilon(1e-9));
            CHECK(fit.bandwidthBytesPerSecond == Approx(25e9).epsilon(1e-9));
            CHECK(fit.worstRelativeError < 1e-9);
        }
    }
    SECTION("a negative intercept is clamped to α = 0")
    {
        auto table = exactTable(NcclCollective::AllReduce, 4, 0, 25e9);
        table.outOfPlace.front().seconds *= 0.9; // the smallest point runs faster than S/B
        const auto fit = fitNcclTable(table);
        REQUIRE_FALSE(fit.error);
        CHECK(fit.latencyClamped);
        CHECK(fit.latencySeconds == 0);
        CHECK(fit.bandwidthBytesPerSecond == Approx(25e9).epsilon(0.05));
    }
}

TEST_CASE("nccl-tests: what cannot be fitted says why", "[ncclimport]")
{
    auto one = exactTable(NcclCollective::AllReduce, 4, 5e-6, 25e9);
    one.ranks = 1;
    REQUIRE(fitNcclTable(one).error);
    CHECK(fitNcclTable(one).error->kind == ImportError::Kind::CannotFit);
    CHECK(fitNcclTable(one).error->expected.find("2 ranks") != std::string::npos);

    auto single = exactTable(NcclCollective::AllReduce, 4, 5e-6, 25e9);
    single.outOfPlace.resize(1);
    CHECK(fitNcclTable(single).error->expected.find("2 different sizes") != std::string::npos);

    auto shrinking = exactTable(NcclCollective::AllReduce, 4, 5e-6, 25e9);
    for (std::size_t i = 0; i < shrinking.outOfPlace.size(); ++i) {
        shrinking.outOfPlace[i].seconds = 1.0 / static_cast<double>(i + 1);
    }
    CHECK(fitNcclTable(shrinking).error->expected.find("grows") != std::string::npos);

    const auto noInPlace = exactTable(NcclCollective::AllReduce, 4, 5e-6, 25e9);
    CHECK(fitNcclTable(noInPlace, NcclPlacement::InPlace).error->expected.find("in-place") !=
          std::string::npos);
}

TEST_CASE("nccl-tests: variants read from inline text", "[ncclimport]")
{
    SECTION("no Rank lines: nThread × nGpus, confirmed by busbw / algbw")
    {
        const std::string text =
            "# nThread 1 nGpus 4 minBytes 1048576 maxBytes 4194304 step: 2(factor) warmup "
            "iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
            "#       size         count      type   redop    root     time   algbw   busbw  "
            "#wrong     time   algbw   busbw  #wrong\n"
            "     1048576        262144     float     sum      -1    60.00   17.48   26.21      "
            " 0    60.00   17.48   26.21       0\n"
            "     2097152        524288     float     sum      -1   100.00   20.97   31.46      "
            " 0   100.00   20.97   31.46       0\n"
            "     4194304       1048576     float     sum      -1   180.00   23.30   34.95      "
            " 0   180.00   23.30   34.95       0\n"
            "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 30.87 \n";
        const auto r = parseNcclTests(text);
        REQUIRE(r.table);
        CHECK(r.table->ranks == 4);
        CHECK(r.table->ranksFrom == NcclRanksFrom::ThreadsGpus);
        CHECK(r.table->nodes == 0);
        // Without the nThread line, the bus factor 34.95 / 23.30 = 1.5 = 2(N−1)/N gives N = 4.
        const auto noHeader = parseNcclTests(text.substr(text.find('\n') + 1));
        REQUIRE(noHeader.table);
        CHECK(noHeader.table->ranks == 4);
        CHECK(noHeader.table->ranksFrom == NcclRanksFrom::BusFactor);
    }
    SECTION("out-of-place only, a timestamp column, time in ms, CRLF line ends")
    {
        const std::string text =
            "# Collective test starting: sendrecv_perf\r\n"
            "#  Rank  0 Group  0 Pid 1 on a device  0 [0x01] GPU\r\n"
            "#  Rank  1 Group  0 Pid 2 on b device  0 [0x01] GPU\r\n"
            "#       size         count      type   redop    root     time   algbw   busbw  "
            "#wrong timestamp\r\n"
            "#        (B)    (elements)                               (ms)  (GB/s)  (GB/s)\r\n"
            "        1000           250     float    none      -1     0.02    0.05    0.05      "
            " 0 2024-05-01 10:00:00\r\n"
            "     1000000        250000     float    none      -1     0.06   16.67   16.67      "
            " 0 2024-05-01 10:00:01\r\n"
            "# Avg bus bandwidth    : 8.36 \r\n";
        const auto r = parseNcclTests(text);
        INFO((r.error ? r.error->message() : std::string()));
        REQUIRE(r.table);
        CHECK(r.table->collective == NcclCollective::SendRecv);
        CHECK(r.table->ranks == 2);
        CHECK(r.table->nodes == 2);
        CHECK(r.table->inPlace.empty());
        REQUIRE(r.table->outOfPlace.size() == 2);
        CHECK(r.table->outOfPlace[1].seconds == Approx(60e-6).epsilon(1e-12)); // 0.06 ms
    }
}

TEST_CASE("nccl-tests: bad input names the line and what was expected", "[ncclimport]")
{
    using Kind = ImportError::Kind;
    const auto empty = badSample("empty.txt");
    CHECK(empty.kind == Kind::Empty);
    CHECK(empty.line == 0);

    const auto garbage = badSample("garbage.txt");
    CHECK(garbage.kind == Kind::NoHeader);
    CHECK(garbage.expected.find("all_reduce_perf") != std::string::npos);

    // Cut in the middle of the 33554432-byte row (line 40): too few fields.
    const auto cutRow = badSample("truncated_row.txt");
    CHECK(cutRow.kind == Kind::BadLine);
    CHECK(cutRow.line == 40);
    CHECK(cutRow.expected.find("cut short") != std::string::npos);
    CHECK(cutRow.found.starts_with("33554432"));

    // Every row complete, no footer: the run was stopped.
    const auto noFooter = badSample("truncated_no_footer.txt");
    CHECK(noFooter.kind == Kind::Truncated);
    CHECK(noFooter.line == 41);
    CHECK(noFooter.expected.find("Avg bus bandwidth") != std::string::npos);

    const auto noTable = badSample("truncated_header.txt");
    CHECK(noTable.kind == Kind::Truncated);
    CHECK(noTable.line == 11);

    const auto swapped = badSample("reordered_columns.txt");
    CHECK(swapped.kind == Kind::ReorderedColumns);
    CHECK(swapped.line == 16);
    CHECK(swapped.expected.find("time algbw busbw #wrong") != std::string::npos);

    const auto comma = badSample("decimal_comma.txt");
    CHECK(comma.kind == Kind::DecimalComma);
    CHECK(comma.line == 18);
    CHECK(comma.found == "26,41");

    const auto number = badSample("bad_number.txt");
    CHECK(number.kind == Kind::BadNumber);
    CHECK(number.line == 40);
    CHECK(number.found == "20.8.34");

    const auto mixed = badSample("mixed_collectives.txt");
    CHECK(mixed.kind == Kind::Inconsistent);
    CHECK(mixed.line == 71);
    CHECK(mixed.expected.find("all_gather") != std::string::npos);

    const auto noRows = badSample("no_rows.txt");
    CHECK(noRows.kind == Kind::NoData);

    // The message a user reads.
    CHECK(comma.message().starts_with("line 18: expected the time"));
    CHECK(comma.message().find("found '26,41'") != std::string::npos);
}

TEST_CASE("nccl-tests: any prefix or corruption of a good file is a table or an error",
          "[ncclimport]")
{
    const std::string good = readSample("nccl/all_reduce_8xh100_nvswitch.txt");
    int tables = 0;
    int errors = 0;
    for (std::size_t cut = 0; cut <= good.size(); cut += 7) {
        const auto r = importNcclTests(std::string_view(good).substr(0, cut));
        CHECK(r.table.has_value() != r.error.has_value());
        (r.table ? tables : errors) += 1;
    }
    CHECK(errors > 0);
    CHECK(tables > 0); // cuts after the footer line keep the whole table
    // Overwrite bytes one at a time with characters that break numbers and layout.
    for (std::size_t at = 0; at < good.size(); at += 13) {
        for (const char c : {'x', ',', '#', '\n', '-'}) {
            std::string bad = good;
            bad[at] = c;
            const auto r = importNcclTests(bad);
            CHECK(r.table.has_value() != r.error.has_value());
        }
    }
}

namespace {

/// `text` with its line `number` (1-based) replaced by `replacement`.
std::string withLine(const std::string& text, std::size_t number, const std::string& replacement)
{
    std::size_t start = 0;
    for (std::size_t i = 1; i < number; ++i) {
        start = text.find('\n', start) + 1;
    }
    const std::size_t end = text.find('\n', start);
    return text.substr(0, start) + replacement + text.substr(end);
}

/// `text` with `line` inserted before its line `number`.
std::string insertLine(const std::string& text, std::size_t number, const std::string& line)
{
    std::size_t start = 0;
    for (std::size_t i = 1; i < number; ++i) {
        start = text.find('\n', start) + 1;
    }
    return text.substr(0, start) + line + "\n" + text.substr(start);
}

/// Line `number` of `text`.
std::string lineOf(const std::string& text, std::size_t number)
{
    std::size_t start = 0;
    for (std::size_t i = 1; i < number; ++i) {
        start = text.find('\n', start) + 1;
    }
    return text.substr(start, text.find('\n', start) - start);
}

ImportError refusal(const std::string& text, std::string_view fileName = "all_reduce_perf.txt")
{
    const auto r = parseNcclTests(text, fileName);
    REQUIRE(r.error);
    REQUIRE_FALSE(r.table);
    INFO(r.error->message());
    return *r.error;
}

/// UTF-16 with a byte-order mark, of ASCII text.
std::string utf16(const std::string& text, bool bigEndian)
{
    std::string out = bigEndian ? "\xFE\xFF" : "\xFF\xFE";
    for (const char c : text) {
        out += bigEndian ? std::string{'\0', c} : std::string{c, '\0'};
    }
    return out;
}

} // namespace

TEST_CASE("nccl-tests: the table's columns decide the collective, a name only where they cannot",
          "[ncclimport]")
{
    const std::string allReduce = readSample("nccl/all_reduce_8xh100_nvswitch.txt");
    const auto right = importNcclTests(allReduce, "all_reduce_perf.txt");
    REQUIRE(right.table);
    SECTION("an all_reduce log saved as all_gather_perf.txt")
    {
        // Guards against: fitted as all_gather (b = (N−1)/N instead of 2(N−1)/N): half the
        // bandwidth.
        const auto r = importNcclTests(allReduce, "all_gather_perf.txt");
        REQUIRE(r.table);
        CHECK(r.table->collective == NcclCollective::AllReduce);
        CHECK(r.fit.bandwidthBytesPerSecond == right.fit.bandwidthBytesPerSecond);
        REQUIRE(r.table->nameConflicts.size() == 1);
        CHECK(r.table->nameConflicts[0] == NcclNameConflict{NcclCollective::AllGather, 0});
        const std::string text = ncclConflictText(*r.table, r.table->nameConflicts[0]);
        CHECK(text.starts_with("the file name says all_gather, but the table's columns are "
                               "all_reduce's"));
        CHECK(text.find("2(N-1)/N = 1.75") != std::string::npos);
    }
    SECTION("a comment line naming another test")
    {
        // Guards against: the last "_perf" name in the text won, before the file name and the
        // columns.
        const auto r = importNcclTests(
            withLine(allReduce, 2, "# Collective test starting: all_gather_perf"), "");
        REQUIRE(r.table);
        CHECK(r.table->collective == NcclCollective::AllReduce);
        CHECK(r.fit.bandwidthBytesPerSecond == right.fit.bandwidthBytesPerSecond);
        REQUIRE(r.table->nameConflicts.size() == 1);
        CHECK(r.table->nameConflicts[0] == NcclNameConflict{NcclCollective::AllGather, 2});
    }
    SECTION("all_gather and alltoall print alike: the name chooses, else all_gather")
    {
        // nccl-tests src/all_gather.cu, src/alltoall.cu: redop "none", root −1, count = size /
        // (N × 4), busbw = algbw × (N−1)/N for both.
        const std::string gather = readSample("nccl/all_gather_8xh100.txt");
        const auto unnamed = withLine(withLine(gather, 52, "#"), 2, "#");
        const auto byFile = parseNcclTests(unnamed, "alltoall_perf.txt");
        REQUIRE(byFile.table);
        CHECK(byFile.table->collective == NcclCollective::AllToAll);
        CHECK(byFile.table->collectiveChosenByName);
        CHECK(byFile.table->alsoFits == std::vector{NcclCollective::AllGather});
        CHECK(byFile.table->nameConflicts.empty());
        const auto none = parseNcclTests(unnamed, "");
        REQUIRE(none.table);
        CHECK(none.table->collective == NcclCollective::AllGather);
        CHECK_FALSE(none.table->collectiveChosenByName);
        CHECK(none.table->alsoFits == std::vector{NcclCollective::AllToAll});
        // The text's own name beats the file name; the file name is reported.
        const auto both = parseNcclTests(gather, "alltoall_perf.txt");
        REQUIRE(both.table);
        CHECK(both.table->collective == NcclCollective::AllGather);
        REQUIRE(both.table->nameConflicts.size() == 1);
        CHECK(both.table->nameConflicts[0] == NcclNameConflict{NcclCollective::AllToAll, 0});
    }
    SECTION("a sendrecv log named all_reduce: busbw = algbw, not 2(N−1)/N × algbw")
    {
        // nccl-tests src/sendrecv.cu prints a redop too, so only the bus factor tells it from
        // all_reduce once N > 2. Rows: S / t as algbw, busbw = algbw (factor 1), N = 4.
        const std::string text =
            "# nThread 1 nGpus 4 minBytes 1048576 maxBytes 4194304 step: 2(factor)\n"
            "#       size         count      type   redop    root     time   algbw   busbw  "
            "#wrong\n"
            "     1048576        262144     float     sum      -1    60.00   17.48   17.48     0\n"
            "     2097152        524288     float     sum      -1   100.00   20.97   20.97     0\n"
            "     4194304       1048576     float     sum      -1   180.00   23.30   23.30     0\n"
            "# Avg bus bandwidth    : 20.58 \n";
        const auto r = parseNcclTests(text, "all_reduce_perf.txt");
        REQUIRE(r.table);
        CHECK(r.table->collective == NcclCollective::SendRecv);
        CHECK(r.table->ranks == 4);
        CHECK(r.table->nameConflicts ==
              std::vector{NcclNameConflict{NcclCollective::AllReduce, 0}});
    }
}

TEST_CASE("nccl-tests: Rank lines number the ranks 0 … N−1 without gaps", "[ncclimport]")
{
    const std::string good = readSample("nccl/all_reduce_8xh100_nvswitch.txt");
    SECTION("one stray Rank line")
    {
        // Guards against: 1,000,000 ranks (the largest number + 1), latency 1.4e-11 s.
        const std::string stray =
            "#  Rank 999999 Group  0 Pid  41237 on dgx-h100-01 device  7 [0000:db:00] GPU";
        const auto e = refusal(insertLine(good, 14, stray));
        CHECK(e.kind == ImportError::Kind::Inconsistent);
        CHECK(e.line == 14);
        CHECK(e.expected == "Rank lines numbering the ranks 0 to N-1 without gaps (9 ranks listed, "
                            "rank 8 missing)");
        CHECK(e.found.starts_with("#  Rank 999999"));
    }
    SECTION("a rank missing in the middle")
    {
        const auto e = refusal(withLine(good, 9, "#")); // line 9 lists rank 3
        CHECK(e.kind == ImportError::Kind::Inconsistent);
        CHECK(e.line == 10); // rank 4, the first listed past the gap
        CHECK(e.expected.find("rank 3 missing") != std::string::npos);
    }
    SECTION("ranks listed again by a repeated header stay 8")
    {
        const auto t = parseSample("all_reduce_8xh100_two_runs.txt");
        CHECK(t.ranks == 8);
    }
    SECTION("the count column of all_gather against the Rank lines")
    {
        // count = size / (N × 4): the row "32 1 float" says N = 8; with rank 7's line gone the
        // Rank lines say 7.
        const std::string gather = readSample("nccl/all_gather_8xh100.txt");
        const auto e = refusal(withLine(gather, 13, "#"), "all_gather_perf.txt");
        CHECK(e.kind == ImportError::Kind::Inconsistent);
        CHECK(e.line == 20);
        CHECK(e.expected.find("N = 7") != std::string::npos);
    }
}

TEST_CASE("nccl-tests: rows with impossible values are refused by line", "[ncclimport]")
{
    using Kind = ImportError::Kind;
    const std::string good = readSample("nccl/all_reduce_8xh100_nvswitch.txt");
    // Line 48: the 8589934592-byte row, time 39602.0 us, algbw 216.91, busbw 379.59.
    const std::string last = lineOf(good, 48);
    REQUIRE(last.find("39602.0") != std::string::npos);
    const auto replaced = [&](const std::string& from, const std::string& to) {
        std::string row = last;
        const auto at = row.find(from);
        REQUIRE(at != std::string::npos);
        row.replace(at, from.size(), to);
        return withLine(good, 48, row);
    };
    SECTION("a time of 1e308 us")
    {
        const auto e = refusal(replaced("39602.0", "  1e308"));
        CHECK(e.kind == Kind::BadNumber);
        CHECK(e.line == 48);
        CHECK(e.expected.find("at most 3.6e9 us") != std::string::npos);
        CHECK(e.found == "1e308");
    }
    SECTION("a negative algbw")
    {
        const auto e = refusal(replaced("216.91", "-216.9"));
        CHECK(e.kind == Kind::BadNumber);
        CHECK(e.line == 48);
        CHECK(e.expected == "algbw in GB/s (a number ≥ 0)");
    }
    SECTION("a negative #wrong")
    {
        std::string row = last;
        const auto at = row.find("379.59") + 6;
        row.replace(row.find('0', at), 1, "-3");
        const auto e = refusal(withLine(good, 48, row));
        CHECK(e.kind == Kind::BadNumber);
        CHECK(e.expected.find("whole number ≥ 0") != std::string::npos);
        CHECK(e.found == "-3");
    }
    SECTION("a time that does not match size / algbw")
    {
        // 8589934592 B / 3960.2 us = 2169 GB/s, not the printed 216.91.
        const auto e = refusal(replaced("39602.0", " 3960.2"));
        CHECK(e.kind == Kind::Inconsistent);
        CHECK(e.line == 48);
        CHECK(e.expected.starts_with("algbw = size / time (8589934592 B / 0.0039602 s = "
                                     "2169.0"));
    }
    SECTION("a busbw that is not algbw × 2(N−1)/N")
    {
        const auto e = refusal(replaced("379.59", "300.00"));
        CHECK(e.kind == Kind::Inconsistent);
        CHECK(e.line == 48);
        CHECK(e.expected.starts_with("busbw = algbw × 2(N-1)/N = 1.75 (all_reduce over 8 ranks"));
    }
    SECTION("every sample passes the same checks")
    {
        for (const char* name :
             {"all_gather_8xh100.txt", "all_reduce_2x4090_pcie.txt", "all_reduce_2x8xh100_ndr.txt",
              "all_reduce_8xh100_nvswitch.txt", "all_reduce_8xh100_two_runs.txt",
              "broadcast_8xh100.txt", "reduce_scatter_4xa100_nocheck.txt"}) {
            INFO(name);
            CHECK(parseSample(name).nameConflicts.empty());
        }
    }
    SECTION("all_gather before mid-2020: algbw = (N−1)/N · S / t and busbw = algbw")
    {
        // nccl-tests commit ec1b5e2 (2020-06-19) changed all_gather's algbw to S / t; older logs
        // printed 7/8 of it for both columns. 1048576 B in 10.00 us: 104.86 × 7/8 = 91.75.
        const std::string text = "# Collective test starting: all_gather_perf\n"
                                 "# nThread 1 nGpus 8\n"
                                 "#       size         count      type     time   algbw   busbw  "
                                 "error\n"
                                 "     1048576         32768     float    10.00   91.75   91.75  "
                                 "0e+00\n"
                                 "     2097152         65536     float    15.00  122.33  122.33  "
                                 "0e+00\n"
                                 "# Avg bus bandwidth    : 107.05 \n";
        const auto r = parseNcclTests(text);
        INFO((r.error ? r.error->message() : std::string()));
        REQUIRE(r.table);
        CHECK(r.table->collective == NcclCollective::AllGather);
        CHECK(r.table->ranks == 8);
        CHECK(r.table->ranksFrom == NcclRanksFrom::CountColumn);
    }
}

TEST_CASE("nccl-tests: UTF-8 BOM, UTF-16 LE/BE with BOM and CR-only line ends", "[ncclimport]")
{
    const std::string plain = readSample("nccl/all_reduce_8xh100_nvswitch.txt");
    std::string cr = plain;
    std::replace(cr.begin(), cr.end(), '\n', '\r');
    const auto reference = parseSample("all_reduce_8xh100_nvswitch.txt");
    for (const auto& [what, text] :
         std::vector<std::pair<std::string, std::string>>{{"UTF-8 BOM", "\xEF\xBB\xBF" + plain},
                                                          {"UTF-16 LE", utf16(plain, false)},
                                                          {"UTF-16 BE", utf16(plain, true)},
                                                          {"CR only", cr},
                                                          {"UTF-16 LE, CRLF", utf16(cr, false)}}) {
        INFO(what);
        // Guards against: UTF-16 had no column header (NUL between letters), CR-only one line, and
        // a BOM hid the first line.
        const auto r = parseNcclTests(text, "all_reduce_perf.txt");
        INFO((r.error ? r.error->message() : std::string()));
        REQUIRE(r.table);
        CHECK(r.table->ranks == reference.ranks);
        CHECK(r.table->outOfPlace == reference.outOfPlace); // lines counted alike
        CHECK(r.table->devices == reference.devices);
    }
    CHECK(textutil::decode("a\r\nb\rc\n") == "a\nb\nc\n");
    CHECK(textutil::decode(utf16("ok", false) + "\x01") == "ok\xEF\xBF\xBD"); // odd byte
    // U+1F600 as a surrogate pair, and a lone high surrogate → U+FFFD.
    CHECK(textutil::decode(std::string("\xFF\xFE\x3D\xD8\x00\xDE", 6)) == "\xF0\x9F\x98\x80");
    CHECK(textutil::decode(std::string("\xFE\xFF\xD8\x3D\x00\x41", 6)) == "\xEF\xBF\xBD"
                                                                          "A");
}
