#pragma once
// What an import reports, decided once for `dtsim import`, the Topology panel and the main
// window: what was read (the parsed logs, node or points), the numbers a preview shows (the
// quantities, with stable ids), the structure `dtsim import --json` writes (details) and the
// text `dtsim import` prints, with the key assignments it proposes (importkeys.h) checked
// against the default scenario, so every printed `--set` line is one dtsim takes as it stands.

#include "simcore/import/importerror.h"
#include "simcore/import/measuredsteps.h"
#include "simcore/import/nccllog.h"
#include "simcore/import/nvtopoimport.h"
#include "simcore/models/nodetopology.h"
#include "simcore/models/topology.h"
#include "simcore/reports/importkeys.h"
#include "simcore/reports/record.h"
#include "simcore/reports/report.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simcore {

/// One file given to an import.
struct ImportSource {
    std::string shown;     ///< the path as given, or "standard input": what the report names
    std::string fileName;  ///< names the nccl-tests collective when the columns cannot tell
    std::string_view text; ///< the file's bytes (valid while the report is built)
};

/// What every import reports.
struct ImportReport {
    /// Set when nothing was imported: what was expected, in the source `errorSource` (nullopt:
    /// in the sources together, two logs that measured the same link level).
    std::optional<ImportError> error;
    std::optional<std::size_t> errorSource;
    /// "FILE:LINE: expected …, found '…'" (LINE left out when the error concerns the file;
    /// "FILE, FILE2: expected …" for the sources together): the command line's error line.
    std::string errorText;

    /// The numbers a preview shows, with stable ids (see each import's function).
    std::vector<Quantity> quantities;
    /// What `dtsim import --json` writes, field by field.
    Record details;
    /// What `dtsim import` prints: lines ending in '\n'.
    std::string text;

    [[nodiscard]] bool ok() const { return !error; }
    [[nodiscard]] const Quantity* find(std::string_view id) const
    {
        return findQuantity(quantities, id);
    }
};

/// "FILE:LINE: expected …, found '…'" (LINE left out when it is 0, found when it is empty).
std::string importErrorText(std::string_view file, const ImportError& error);

/// One or two nccl-tests logs (one measured inside a node, one across nodes).
struct NcclImportReport : ImportReport {
    std::vector<NcclLog> logs; ///< each log as read (its runs and combined fit), in the order given
    NcclLevels levels;         ///< which log fills which link level
};

/// Quantities of the first log given: collective (word), ranks, nodes (0: unknown), points,
/// latency, bandwidth, worst_relative_error, worst_line, scope ("intra" or "inter": the link it
/// fills); with a second log also second_ranks, second_latency, second_bandwidth.
NcclImportReport ncclImportReport(std::span<const ImportSource> logs);

/// An `nvidia-smi topo -m` matrix.
struct NvTopoImportReport : ImportReport {
    std::optional<NvTopoNode> node;         ///< also with an error when the node was read
    std::optional<ClusterTopology> cluster; ///< the node with the assumed link figures
    std::vector<AssignmentGroup> proposed;  ///< topoImportKeys
};

/// Quantities: gpus, nics, gpu_nics (NICs next to a GPU), nvswitch (Boolean); when the best ring
/// has a slowest hop, slowest_hop_from, slowest_hop_to, slowest_hop_kind (linkKindId) and
/// slowest_hop_bandwidth.
NvTopoImportReport nvTopoImportReport(const ImportSource& source);

/// A CSV of measured step times. When the points were read but allow no fit (fewer than three
/// worker counts), `error` is the fit's and the points and what they propose are kept: the
/// window draws them without a fit, the command line refuses.
struct StepTimesImportReport : ImportReport {
    std::vector<MeasuredStep> points;
    LessonFit fit;
    std::vector<AssignmentGroup> proposed; ///< stepTimesImportKeys
};

/// Quantities: base_compute, fixed_sync, sync_per_worker, residual_rms, worst_error,
/// worst_line, optimal_workers, points, distinct_workers.
StepTimesImportReport stepTimesImportReport(const ImportSource& source);

} // namespace simcore
