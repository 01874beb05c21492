#pragma once
// Which collective an nccl-tests table measured and over how many ranks: what each row's columns
// allow (nccl-tests src/*.cu), checked against nccl-tests' bus factor (doc/PERFORMANCE.md) within
// the printed digits, with the '# Rank' lines, the '# nThread … nGpus' line and the names the text
// and file give as evidence. parseNcclTests reads the text; this decides what it measured.

#include "simcore/import/importerror.h"
#include "simcore/import/ncclimport.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simcore::ncclranks {

inline constexpr std::array kCollectives{NcclCollective::AllReduce,     NcclCollective::AllGather,
                                         NcclCollective::ReduceScatter, NcclCollective::Broadcast,
                                         NcclCollective::Reduce,        NcclCollective::AllToAll,
                                         NcclCollective::SendRecv};

constexpr unsigned bit(NcclCollective collective)
{
    return 1u << static_cast<unsigned>(collective);
}

/// "all_reduce or sendrecv": the collectives of a mask of bit()s.
std::string collectivesText(unsigned mask);

/// nccl-tests' bus factor busbw / algbw of the collective over n ranks, as a formula and its value:
/// "2(N-1)/N = 1.75", "(N-1)/N = 0.875", "1".
std::string factorText(NcclCollective collective, std::int64_t n);

/// What one row's columns allow, as a mask of bit()s (which programs print a reduction operator,
/// a root, and count = size / element size or size / (N × element size)). `perRank` is set to N
/// when the row shows the per-rank count. `root` is nullopt when the layout has no root column.
unsigned rowCollectives(double bytes, double count, std::string_view type, std::string_view redop,
                        std::optional<std::int64_t> root, std::optional<std::int64_t>& perRank);

/// One measurement as printed, with the rounding of each printed number.
struct Measured {
    std::size_t line = 0;
    double bytes = 0;
    double seconds = 0;
    double secondsHalf = 0; ///< half the last printed digit of the time, in seconds
    double algbw = 0;       ///< GB/s as printed
    double algbwHalf = 0;
    double busbw = 0;
    double busbwHalf = 0;
};

/// One rank a '#  Rank' line lists.
struct RankInfo {
    std::string host;
    std::string device;
    std::size_t line = 0; ///< the first line that lists this rank
};

/// What the text says about the collective and the ranks, besides the rows.
struct Evidence {
    unsigned allowed = 0;                ///< collectives every row allows (bit()s)
    std::size_t allowedLine = 0;         ///< the first row
    std::optional<std::int64_t> perRank; ///< N from the count column
    std::size_t perRankLine = 0;
    std::optional<std::int64_t> threadsGpus;  ///< nThread × nGpus
    std::map<std::int64_t, RankInfo> ranks;   ///< the '#  Rank' lines
    std::optional<NcclCollective> tableNamed; ///< named in the text for the first table
    std::vector<NcclNameConflict> textNames;  ///< every name in the text, in line order
    std::optional<NcclCollective> fileNamed;  ///< named by the file name
    bool cpuTime = false;                     ///< times are CPU times: algbw is not size / time
};

/// Sets the table's collective, ranks (and where N came from), devices, nodes, the collectives
/// that also fit and the names that say otherwise; or the error that rules every reading out.
/// `lines` are the text's lines, for the offending text an error quotes.
std::optional<ImportError> inferCollectiveAndRanks(NcclTable& table, const Evidence& evidence,
                                                   const std::vector<Measured>& measured,
                                                   const std::vector<std::string_view>& lines);

} // namespace simcore::ncclranks
