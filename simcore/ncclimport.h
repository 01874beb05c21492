#pragma once
// Reading what users measure on their own machines (topology seed: "nccl-tests measures real
// bandwidth and latency between GPUs"): the text printed by nccl-tests' *_perf programs
// (github.com/NVIDIA/nccl-tests, src/common.cu / src/util.cu; doc/PERFORMANCE.md for algbw and
// busbw), and a least-squares fit of the α–β model of MODELS §4 to its (size, time) points.
// Plain C++20: the caller reads the file and passes its text; errors are values.

#include "simcore/collectives.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simcore {

/// Why a file could not be imported: where, what was expected, what was found. Shared by the
/// nccl-tests and nvidia-smi importers. Nothing of a file is imported when this is returned.
struct ImportError {
    enum class Kind {
        Empty,            ///< no text at all (or only blank lines)
        NoHeader,         ///< no table header anywhere: not this program's output
        BadLine,          ///< a line inside the table that is neither data nor a comment
        BadNumber,        ///< a field that must be a number is not one
        DecimalComma,     ///< "1,23": a number written with a decimal comma (non-English locale)
        ReorderedColumns, ///< the column header is not in the program's order
        Truncated,        ///< the text ends before the table does
        NoData,           ///< a table with no rows
        Inconsistent,     ///< rows or blocks that contradict each other or the header
        CannotFit,        ///< the points do not determine α and B (fit only)
    };
    Kind kind = Kind::BadLine;
    std::size_t line = 0; ///< 1-based line number; 0 when it concerns the whole text
    std::string expected; ///< English: what the line should have held
    std::string found;    ///< the offending text, shortened to at most 60 characters

    /// "line 12: expected …, found '…'" (English, for logs and the command line; the UI
    /// translates from the fields).
    [[nodiscard]] std::string message() const;
    friend bool operator==(const ImportError&, const ImportError&) = default;
};

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

/// Parses nccl-tests text (decoded with importtext::decode: UTF-8 with or without a BOM, UTF-16
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

/// Which of a row's two measurements to fit.
enum class NcclPlacement { OutOfPlace, InPlace };

/// The α–β model fitted to a table: t(S) = A + K·S by least squares on the relative error,
/// A = a(N)·α and K = b(N)/B with the collective's ring form (MODELS §4, collectives.h Ring):
///   all-reduce a = 2(N−1), b = 2(N−1)/N;  reduce-scatter, all-gather, all-to-all a = N−1,
///   b = (N−1)/N;  broadcast, reduce (pipelined chain) a = N−1, b = 1;  send/recv a = 1, b = 1.
/// So α is the latency of ONE step (one hop) and B the bandwidth of ONE link, one direction per
/// GPU — the numbers `hardware.{inter,intra}_latency` / `_bandwidth` take, and with which
/// `dtsim calc allreduce --set collective.algorithm=ring --set collective.workers=N` reproduces
/// the measurement. B equals the large-size busbw asymptote (PERFORMANCE.md: busbw is the
/// bandwidth of the slowest link).
/// Weighting: minimise Σ((A + K·S_i − t_i)/t_i)², the relative error, so an 8-byte point (tens
/// of µs) counts as much as an 8 GB one (tens of ms). If the best A is negative the fit is
/// repeated with A = 0 (α = 0, `latencyClamped`).
struct NcclFit {
    std::optional<ImportError> error; ///< CannotFit; everything else is 0 when set
    NcclCollective collective = NcclCollective::AllReduce;
    std::int64_t ranks = 0;
    std::size_t points = 0;             ///< rows used
    double latencySeconds = 0;          ///< α per step, s, ≥ 0
    double bandwidthBytesPerSecond = 0; ///< B per link, bytes/s, one direction, > 0
    double interceptSeconds = 0;        ///< A = a(N)·α, s
    double secondsPerByte = 0;          ///< K = b(N)/B, s per byte
    double latencySteps = 0;            ///< a(N)
    double bandwidthFactor = 0;         ///< b(N)
    double worstRelativeError = 0;      ///< max |t_fit − t|/t over the points
    std::size_t worstLine = 0;          ///< line of that point
    bool latencyClamped = false;
};

/// The model's time for S bytes with a fit: A + K·S (seconds).
double ncclFitSeconds(const NcclFit& fit, double bytes);

/// Fits α and B to one placement of a table. Needs ≥ 2 distinct sizes, N ≥ 2, and a time that
/// grows with the size; otherwise `error` (Kind CannotFit) says which.
NcclFit fitNcclTable(const NcclTable& table, NcclPlacement placement = NcclPlacement::OutOfPlace);

/// Parse and fit in one call: the fit of the out-of-place points, or the parse or fit error.
struct NcclImport {
    std::optional<NcclTable> table;
    NcclFit fit;
    std::optional<ImportError> error;
};
NcclImport importNcclTests(std::string_view text, std::string_view fileName = {});

/// One run of a log that holds several (a script that loops over programs, sizes or repeats):
/// its table read on its own, and its own fit.
struct NcclRun {
    NcclTable table;
    NcclFit fit;               ///< `fit.error` set when this run alone cannot be fitted
    std::size_t firstLine = 0; ///< 1-based: the first line of the text given to this run
    std::size_t lastLine = 0;  ///< 1-based: its "# Avg bus bandwidth" footer (or what follows)
};

/// A whole log: every run in it, and the one fit a user pastes.
struct NcclLog {
    std::vector<NcclRun> runs; ///< in the order of the text; empty when `error` is set
    /// The fit to paste: the runs' points together when every run measured the same collective
    /// on the same ranks and nodes (repeats of one run; `merged`), else the first all_reduce run
    /// that can be fitted, else the first run that can (`chosenRun`).
    NcclImport combined;
    bool merged = false;
    std::size_t chosenRun = 0;        ///< index into runs
    std::optional<ImportError> error; ///< the first run that cannot be read, or no fit at all
};

/// Reads a log that may hold several runs, one after another: each run ends with its
/// "# Avg bus bandwidth" footer (and the "# Collective test concluded" line after it) and is
/// read by parseNcclTests on its own lines (line numbers stay those of the whole text). Lines
/// after the last footer that hold no table (a shell prompt, "# Collective test concluded")
/// are left alone; a run cut short there is refused like any other.
NcclLog importNcclLog(std::string_view text, std::string_view fileName = {});

/// busbw / algbw of the out-of-place row with the largest algbw: what the rank count is inferred
/// from when the text lists no devices (NcclRanksFrom::BusFactor); 0 when no row has algbw > 0.
double ncclObservedBusFactor(const NcclTable& table);

/// Which link a run measured: one host in its Rank lines is the link inside a node, several
/// hosts the link between nodes; a run that names no host (no "# Using devices" block) does not
/// say.
enum class NcclLinkLevel { Unknown, Intra, Inter };
NcclLinkLevel ncclLinkLevel(const NcclTable& table);

/// Two (or one) imported logs assigned to the two link levels of the scenario.
struct NcclLevels {
    std::optional<std::size_t> intra; ///< index of the log for hardware.intra_*
    std::optional<std::size_t> inter; ///< index of the log for hardware.inter_*
    bool intraFromPosition = false;   ///< its log named no host: the first log is taken as inside
    bool interFromPosition = false;   ///< the second log is taken as across nodes
    std::optional<ImportError> error; ///< two logs of the same level, or more than two logs
};

/// Assigns logs to levels: each by the hosts its Rank lines name; a log that names none takes
/// its place on the command line (one log: across nodes, as a single import always did; two
/// logs: the first inside a node, the second across nodes). Refused: more than two logs, or two
/// that measured the same level.
NcclLevels ncclAssignLevels(const std::vector<NcclLinkLevel>& levels);

/// GPUs per node of the run a table measured: N on one node, N / nodes when the Rank lines name
/// several hosts that split the ranks evenly; nullopt when the hosts are unknown (nodes = 0) or
/// hold different counts (what hardware.gpus_per_node the importers then leave alone).
std::optional<std::int64_t> ncclGpusPerNode(const NcclTable& table);

/// Text helpers both importers share (not part of the model API).
namespace importtext {
/// The text as UTF-8 with '\n' line ends, whatever a user's tool saved: a UTF-8 byte-order mark
/// is dropped; UTF-16 with a byte-order mark (PowerShell's `>` and Out-File write UTF-16 LE),
/// little- or big-endian, is converted (an unpaired surrogate or an odd last byte becomes
/// U+FFFD); CRLF and lone CR (old Mac editors) become LF, so line numbers count what an editor
/// shows. Anything else passes unchanged.
std::string decode(std::string_view bytes);
/// Lines split on '\n' (a trailing '\r' stays and is trimmed by trim()).
std::vector<std::string_view> lines(std::string_view text);
/// Without leading and trailing white space.
std::string_view trim(std::string_view text);
/// Fields separated by white space (spaces and tabs).
std::vector<std::string_view> fields(std::string_view text);
/// At most 60 characters of the trimmed text, cut on a UTF-8 boundary, "…" when cut.
std::string shorten(std::string_view text);
/// The error value with `found` shortened.
ImportError error(ImportError::Kind kind, std::size_t line, std::string expected,
                  std::string_view found);
} // namespace importtext

} // namespace simcore
