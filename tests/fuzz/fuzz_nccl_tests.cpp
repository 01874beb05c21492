// libFuzzer target: the nccl-tests output importer (simcore/import/ncclimport.h): parseNcclTests,
// the α–β fit of both placements and importNcclTests, as `dtsim import` and the Communication panel
// call them.
//
// The file name (which names the collective when the text does not) is picked by the input's
// length, so the seeds stay plain nccl-tests text.
//
// Checked besides the sanitizers: a parse gives a table or an error, never both or neither; an
// error's `found` is at most 60 characters + "…" and its line within the text; a table has
// ranks ≥ 1, rows, matching in-place rows, one device name per rank from Rank lines; a fit
// without an error has finite numbers, α ≥ 0 and B > 0; importNcclTests agrees with
// parse + fit; accepted rows have a time of at most an hour, bandwidths ≥ 0 and a whole #wrong
// ≥ 0; a name conflict never names the collective that was read; importNcclLog gives runs or an
// error, every run within the text's lines and read as parseNcclTests reads it alone, and a fit
// to paste from one of them.

#include "simcore/import/ncclimport.h"
#include "simcore/import/nccllog.h"
#include "simcore/scenario/text.h"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

[[noreturn]] void fail(const char* what)
{
    std::fprintf(stderr, "fuzz: nccl-tests import: %s\n", what);
    std::abort();
}

void require(bool condition, const char* what)
{
    if (!condition) {
        fail(what);
    }
}

void checkError(const simcore::ImportError& error, std::size_t lineCount)
{
    (void)error.message();
    // shorten(): at most 60 characters (bytes here: an upper bound) plus "…" (3 bytes).
    require(error.found.size() <= 60 * 4 + 3, "ImportError::found is longer than shortened");
    require(error.line <= lineCount + 1, "ImportError::line is past the end of the text");
}

void checkFit(const simcore::NcclFit& fit, const simcore::NcclTable& table)
{
    if (fit.error) {
        require(fit.error->kind == simcore::ImportError::Kind::CannotFit,
                "a fit error that is not CannotFit");
        (void)fit.error->message();
        return;
    }
    for (double value :
         {fit.latencySeconds, fit.bandwidthBytesPerSecond, fit.interceptSeconds, fit.secondsPerByte,
          fit.latencySteps, fit.bandwidthFactor, fit.worstRelativeError}) {
        require(std::isfinite(value), "a fitted number is NaN or infinite");
    }
    require(fit.latencySeconds >= 0, "fitted latency < 0");
    require(fit.bandwidthBytesPerSecond > 0, "fitted bandwidth <= 0");
    require(fit.ranks == table.ranks && fit.ranks >= 2, "fit ranks differ from the table's");
    require(fit.points >= 2, "a fit from fewer than 2 points");
    for (const auto& p : table.outOfPlace) {
        require(std::isfinite(simcore::ncclFitSeconds(fit, p.bytes)),
                "the fit's t(S) is not finite");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    constexpr std::array<std::string_view, 9> kFileNames{
        "",
        "all_reduce_perf.txt",
        "all_gather_perf.log",
        "reduce_scatter_perf.txt",
        "broadcast_perf.txt",
        "reduce_perf.txt",
        "alltoall_perf.txt",
        "sendrecv_perf.txt",
        "results.txt",
    };
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string_view fileName = kFileNames[size % kFileNames.size()];
    const std::size_t lineCount = simcore::textutil::lines(simcore::textutil::decode(text)).size();

    const auto log = simcore::importNcclLog(text, fileName);
    require(log.runs.empty() == log.error.has_value(), "a log with both runs and an error");
    if (log.error) {
        checkError(*log.error, lineCount);
    } else {
        require(log.combined.table.has_value() && !log.combined.fit.error,
                "a log without the fit to paste");
        require(log.chosenRun < log.runs.size(), "the chosen run is past the runs");
        for (const auto& run : log.runs) {
            require(run.firstLine >= 1 && run.firstLine <= run.lastLine &&
                        run.lastLine <= lineCount,
                    "a run's lines are outside the text");
            require(run.table.ranks >= 1 && !run.table.outOfPlace.empty(), "an empty run");
        }
        (void)simcore::ncclObservedBusFactor(*log.combined.table);
    }

    const auto parsed = simcore::parseNcclTests(text, fileName);
    require(parsed.table.has_value() != parsed.error.has_value(),
            "exactly one of table and error must be set");
    const auto imported = simcore::importNcclTests(text, fileName);
    if (parsed.error) {
        checkError(*parsed.error, lineCount);
        require(imported.error && *imported.error == *parsed.error,
                "importNcclTests reports another parse error");
        return 0;
    }
    const auto& table = *parsed.table;
    require(table.ranks >= 1, "a table with ranks < 1");
    require(!table.outOfPlace.empty(), "a table without rows");
    require(table.inPlace.empty() || table.inPlace.size() == table.outOfPlace.size(),
            "in-place and out-of-place rows differ in number");
    require(table.ranksFrom != simcore::NcclRanksFrom::RankLines ||
                table.devices.size() == static_cast<std::size_t>(table.ranks),
            "not one device name per rank");
    require(table.nodes >= 0 && table.nodes <= table.ranks, "more nodes than ranks");
    require(table.tables >= 1, "a table counted as zero tables");
    for (const auto& p : table.outOfPlace) {
        require(std::isfinite(p.seconds) && p.seconds > 0, "a point's time is not > 0");
        require(std::isfinite(p.bytes) && p.bytes >= 0, "a point's size is not >= 0");
        require(p.line >= 1 && p.line <= lineCount, "a point's line is outside the text");
    }
    // Names the columns contradict are reported, never obeyed.
    for (const auto& conflict : table.nameConflicts) {
        require(conflict.named != table.collective, "a conflict that names the collective read");
        (void)simcore::ncclConflictText(table, conflict);
    }
    for (const auto other : table.alsoFits) {
        require(other != table.collective, "alsoFits lists the collective read");
    }
    for (const auto* points : {&table.outOfPlace, &table.inPlace}) {
        for (const auto& p : *points) {
            require(p.seconds <= simcore::kNcclMostSeconds, "a time above one hour was accepted");
            require(p.algbwBytesPerSecond >= 0 && p.busbwBytesPerSecond >= 0,
                    "a negative bandwidth was accepted");
            require(!p.wrong || (*p.wrong >= 0 && std::floor(*p.wrong) == *p.wrong),
                    "a #wrong that is not a whole number >= 0 was accepted");
        }
    }
    if (table.averageBusBandwidth) {
        require(std::isfinite(*table.averageBusBandwidth), "Avg bus bandwidth not finite");
    }

    const auto outOfPlace = simcore::fitNcclTable(table, simcore::NcclPlacement::OutOfPlace);
    checkFit(outOfPlace, table);
    checkFit(simcore::fitNcclTable(table, simcore::NcclPlacement::InPlace), table);
    if (outOfPlace.error) {
        require(imported.error && *imported.error == *outOfPlace.error && !imported.table,
                "importNcclTests reports another fit error");
    } else {
        require(!imported.error && imported.table && imported.table->ranks == table.ranks &&
                    imported.fit.bandwidthBytesPerSecond == outOfPlace.bandwidthBytesPerSecond,
                "importNcclTests differs from parse + fit");
    }
    return 0;
}
