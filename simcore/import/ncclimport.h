#pragma once
// Reading what users measure on their own machines (topology seed: "nccl-tests measures real
// bandwidth and latency between GPUs"): the text printed by nccl-tests' *_perf programs
// (github.com/NVIDIA/nccl-tests, src/common.cu / src/util.cu; doc/PERFORMANCE.md for algbw and
// busbw), and a least-squares fit of the α–β model of MODELS §4 to its (size, time) points.
// Plain C++20: the caller reads the file and passes its text; errors are values.

#include "simcore/import/importerror.h"
#include "simcore/models/collectives.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simcore {

/// The collective an nccl-tests program times.
enum class NcclCollective {
    AllReduce,     ///< all_reduce_perf
    AllGather,     ///< all_gather_perf
    ReduceScatter, ///< reduce_scatter_perf
    Broadcast,     ///< broadcast_perf
    Reduce,        ///< reduce_perf
    AllToAll,      ///< alltoall_perf
    SendRecv,      ///< sendrecv_perf
};

/// "all_reduce", "all_gather", "reduce_scatter", "broadcast", "reduce", "alltoall", "sendrecv"
/// (the program name without "_perf").
std::string_view ncclCollectiveId(NcclCollective collective);

/// One measured size: one row, one of its out-of-place / in-place halves.
struct NcclPoint {
    double bytes = 0;               ///< S, the "size (B)" column
    double seconds = 0;             ///< average time of one operation ("time (us)" → s), > 0
    double algbwBytesPerSecond = 0; ///< "algbw (GB/s)" × 1e9 as printed (rounded by nccl-tests)
    double busbwBytesPerSecond = 0; ///< "busbw (GB/s)" × 1e9 as printed
    std::optional<double> wrong;    ///< "#wrong"; none when printed "N/A" (run with -c 0)
    std::string type;               ///< "float", "half", … (the "type" column)
    std::size_t line = 0;           ///< 1-based line of the row
    friend bool operator==(const NcclPoint&, const NcclPoint&) = default;
};

/// How the rank count was found.
enum class NcclRanksFrom {
    RankLines,   ///< the "#  Rank  r … device …" lines (every rank listed)
    ThreadsGpus, ///< "# nThread T nGpus G": T·G ranks in one process (no Rank lines)
    BusFactor,   ///< busbw / algbw of the largest row = the collective's factor (PERFORMANCE.md)
    CountColumn, ///< size / (count × element size): all_gather, reduce_scatter, alltoall print
                 ///< the per-rank count, so the ratio is N exactly
};

/// A name (the text's own "Collective test starting: X_perf", an echoed command line, or the
/// file name) that the table's columns contradict. The columns decide; the name is reported.
struct NcclNameConflict {
    NcclCollective named = NcclCollective::AllReduce; ///< what the name says
    std::size_t line = 0; ///< 1-based line of the text that names it; 0 = the file name
    friend bool operator==(const NcclNameConflict&, const NcclNameConflict&) = default;
};

/// A whole nccl-tests output.
struct NcclTable {
    NcclCollective collective = NcclCollective::AllReduce;
    /// A name in the text or the file name says this collective (and the columns agree or
    /// cannot tell it from another one).
    bool collectiveFromName = false;
    /// True when the columns alone leave more than one collective and a name chose among them.
    bool collectiveChosenByName = false;
    std::vector<NcclNameConflict> nameConflicts; ///< names the columns contradict
    /// Other collectives the columns fit just as well (all_gather and alltoall print alike;
    /// all_reduce and sendrecv too at N = 2): the choice was the name's, or the first listed in
    /// NcclCollective when nothing names one.
    std::vector<NcclCollective> alsoFits;
    std::int64_t ranks = 0; ///< N, ≥ 1
    NcclRanksFrom ranksFrom = NcclRanksFrom::RankLines;
    std::int64_t nodes = 0;           ///< distinct hosts in the Rank lines; 0 when unknown
    std::vector<std::string> devices; ///< device name per rank, e.g. "NVIDIA H100 80GB HBM3"
    std::vector<NcclPoint> outOfPlace;
    std::vector<NcclPoint> inPlace; ///< empty when the program ran out-of-place only
    bool checked = true;            ///< false when "#wrong" is "N/A" (-c 0: no data check)
    std::int64_t wrongResults = 0;  ///< rows with "#wrong" > 0
    std::int64_t tables = 1;        ///< column headers seen (logs of repeated runs: > 1)
    std::optional<double> averageBusBandwidth; ///< "# Avg bus bandwidth : x" × 1e9, bytes/s
};

/// A table, or why there is none.
struct NcclParseResult {
    std::optional<NcclTable> table;
    std::optional<ImportError> error;
};

/// Longest time one operation may take in a row: one hour. nccl-tests prints the mean of
/// many iterations of one collective; anything longer is not a measurement.
constexpr double kNcclMostSeconds = 3600;

/// The text of a conflict: "the file name says all_gather, but the columns are all_reduce's
/// (redop, count = size / element size, busbw / algbw = 1.75); read as all_reduce".
std::string ncclConflictText(const NcclTable& table, const NcclNameConflict& conflict);

/// A line without what a launcher puts in front of every line it relays: `srun --label`'s task
/// number and colon ("0: ", " 12: "), Open MPI's `mpirun --tag-output` "[1,0]<stdout>:".
std::string_view ncclWithoutLauncherPrefix(std::string_view line);

/// Parses nccl-tests text (decoded with textutil::decode: UTF-8 with or without a BOM, UTF-16
/// with a BOM, LF, CRLF or CR line ends).
/// The collective is the one the table's columns describe (nccl-tests src/*.cu): a reduction
/// operator (redop other than "none": all_reduce, reduce_scatter, reduce, sendrecv since 2022),
/// a root ≥ 0 (broadcast, reduce), count = size / element size (all_reduce, broadcast, reduce,
/// sendrecv) or size / (N × element size) (all_gather, reduce_scatter, alltoall), and busbw /
/// algbw = 2(N−1)/N (all_reduce), (N−1)/N (all_gather, reduce_scatter, alltoall; 1 in
/// all_gather / reduce_scatter before mid-2020) or 1 (broadcast, reduce, sendrecv). Where the
/// columns leave a choice (all_gather or alltoall; all_reduce or sendrecv at N = 2), the text's
/// own name ("# Collective test starting: X_perf", an echoed command line) decides, else
/// `fileName` ("all_gather_perf.txt"). A name the columns contradict is kept in
/// `nameConflicts`, never obeyed.
/// Accepted: every column layout nccl-tests has printed (with or without the redop and root
/// columns, root left blank when −1, out-of-place + in-place or one group, "#wrong" as a count,
/// as "%5.0le" or "N/A", a timestamp column, time in us or ms), header lines, Rank lines, NCCL
/// INFO / WARN log lines and anything before the first column header. Refused with an
/// ImportError: empty text, no column header, a row that does not fit the header, a number with a
/// decimal comma, columns in another order, a table without its "# Avg bus bandwidth" footer
/// (cut short), tables of different collectives or layouts in one text; Rank lines that do not
/// number the ranks 0 … N−1 without gaps; rows with impossible values: a time ≤ 0 or above
/// kNcclMostSeconds, a negative algbw or busbw, a #wrong that is not a whole number ≥ 0, an
/// algbw other than size / time or a busbw other than algbw × the bus factor (each within the
/// printed digits; not checked for "cputime" columns, which nccl-tests times differently), a
/// count that contradicts the Rank lines.
NcclParseResult parseNcclTests(std::string_view text, std::string_view fileName = {});

/// busbw / algbw of the out-of-place row with the largest algbw: what the rank count is inferred
/// from when the text lists no devices (NcclRanksFrom::BusFactor); 0 when no row has algbw > 0.
double ncclObservedBusFactor(const NcclTable& table);

/// GPUs per node of the run a table measured: N on one node, N / nodes when the Rank lines name
/// several hosts that split the ranks evenly; nullopt when the hosts are unknown (nodes = 0) or
/// hold different counts (what hardware.gpus_per_node the importers then leave alone).
std::optional<std::int64_t> ncclGpusPerNode(const NcclTable& table);

} // namespace simcore
