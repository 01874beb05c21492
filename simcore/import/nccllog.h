#pragma once
// Logs that hold several nccl-tests runs, each read and fitted on its own, and logs assigned to
// the scenario's two link levels.

#include "simcore/import/ncclfit.h"

#include <vector>

namespace simcore {

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

} // namespace simcore
