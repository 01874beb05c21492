#include "simcore/import/ncclranks.h"

#include "simcore/scenario/scenario.h" // formatNumber
#include "simcore/scenario/text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <set>

namespace simcore::ncclranks {

namespace {

using textutil::lower;

/// Bytes of one element of an nccl-tests type name; 0 when unknown.
double wordSize(std::string_view type)
{
    const std::string t = lower(type);
    if (t == "int8" || t == "uint8" || t == "char" || t.starts_with("fp8") || t.starts_with("f8")) {
        return 1;
    }
    if (t == "half" || t == "float16" || t == "bfloat16" || t == "bf16" || t == "fp16") {
        return 2;
    }
    if (t == "float" || t == "float32" || t == "int32" || t == "uint32" || t == "int") {
        return 4;
    }
    if (t == "double" || t == "float64" || t == "int64" || t == "uint64") {
        return 8;
    }
    return 0;
}

} // namespace

std::string collectivesText(unsigned mask)
{
    std::string text;
    for (const auto c : kCollectives) {
        if ((mask & bit(c)) != 0) {
            text += (text.empty() ? "" : " or ") + std::string(ncclCollectiveId(c));
        }
    }
    return text;
}

unsigned rowCollectives(double bytes, double count, std::string_view type, std::string_view redop,
                        std::optional<std::int64_t> root, std::optional<std::int64_t>& perRank)
{
    using C = NcclCollective;
    perRank.reset();
    const bool reduction = !redop.empty() && redop != "none";
    if (root && *root >= 0) {
        return reduction ? bit(C::Reduce) : bit(C::Broadcast);
    }
    const double w = wordSize(type);
    const double ratio = count > 0 && w > 0 ? bytes / (count * w) : 0;
    if (std::abs(ratio - 1) < 1e-9) {
        return reduction ? bit(C::AllReduce) | bit(C::SendRecv) : bit(C::SendRecv);
    }
    if (ratio >= 2 && ratio <= 1e6 && std::abs(ratio - std::round(ratio)) < 1e-9) {
        perRank = static_cast<std::int64_t>(std::round(ratio));
        return reduction ? bit(C::ReduceScatter) : bit(C::AllGather) | bit(C::AllToAll);
    }
    return reduction ? bit(C::AllReduce) | bit(C::SendRecv) | bit(C::ReduceScatter)
                     : bit(C::SendRecv) | bit(C::AllGather) | bit(C::AllToAll);
}

namespace {

/// busbw / algbw of the collective with N ranks (nccl-tests doc/PERFORMANCE.md).
double busFactor(NcclCollective collective, double n)
{
    switch (collective) {
    case NcclCollective::AllReduce:
        return 2 * (n - 1) / n;
    case NcclCollective::ReduceScatter:
    case NcclCollective::AllGather:
    case NcclCollective::AllToAll:
        return (n - 1) / n;
    case NcclCollective::Broadcast:
    case NcclCollective::Reduce:
    case NcclCollective::SendRecv:
        return 1;
    }
    return 1;
}

/// N from the bus factor of the row with the largest algbw; nullopt when the factor does not
/// depend on N or the printed digits cannot tell.
std::optional<std::int64_t> ranksFromBusFactor(NcclCollective collective,
                                               const std::vector<NcclPoint>& points)
{
    if (busFactor(collective, 2) == busFactor(collective, 3)) {
        return std::nullopt;
    }
    const NcclPoint* best = nullptr;
    for (const auto& p : points) {
        if (!best || p.algbwBytesPerSecond > best->algbwBytesPerSecond) {
            best = &p;
        }
    }
    if (!best || best->algbwBytesPerSecond < 1e9) { // two printed decimals of GB/s: too coarse
        return std::nullopt;
    }
    const double f = best->busbwBytesPerSecond / best->algbwBytesPerSecond;
    const double ceiling = collective == NcclCollective::AllReduce ? 2.0 : 1.0;
    if (f >= ceiling || f <= 0) {
        return std::nullopt;
    }
    const double n = ceiling / (ceiling - f);
    const double rounded = std::round(n);
    if (rounded < 2 || std::abs(n - rounded) > 0.1 * rounded) {
        return std::nullopt;
    }
    return static_cast<std::int64_t>(rounded);
}

/// busbw = algbw × factor for some true values within the printed digits of both.
bool busFactorFits(const Measured& m, double factor)
{
    const double slack = 1e-9 * (m.busbw + m.algbw * factor);
    return (m.algbw - m.algbwHalf) * factor <= m.busbw + m.busbwHalf + slack &&
           (m.algbw + m.algbwHalf) * factor >= m.busbw - m.busbwHalf - slack;
}

/// algbw = share × size / time (GB/s) for some true time and algbw within the printed digits.
bool algbwFits(const Measured& m, double share)
{
    const double bytes = share * m.bytes / 1e9;
    const double slack = 1e-9 * (m.algbw + m.algbwHalf);
    const double slowest = bytes / (m.seconds + m.secondsHalf);
    const double fastest = m.seconds > m.secondsHalf ? bytes / (m.seconds - m.secondsHalf)
                                                     : std::numeric_limits<double>::infinity();
    return slowest <= m.algbw + m.algbwHalf + slack && fastest >= m.algbw - m.algbwHalf - slack;
}

/// Before mid-2020 (nccl-tests commit "Change all_gather/reduce_scatter algbw to match the
/// documentation"), all_gather and reduce_scatter printed algbw = (N−1)/N · S / t and busbw =
/// algbw; logs of that era stay readable.
bool legacyGather(NcclCollective collective)
{
    return collective == NcclCollective::AllGather || collective == NcclCollective::ReduceScatter;
}

/// The row's busbw fits the collective over n ranks (n = 0: unknown, only n-free factors).
bool rowFitsCollective(const Measured& m, NcclCollective collective, std::int64_t n)
{
    if (n < 1) {
        return busFactor(collective, 2) != busFactor(collective, 3) ||
               busFactorFits(m, busFactor(collective, 2));
    }
    return busFactorFits(m, busFactor(collective, static_cast<double>(n))) ||
           (legacyGather(collective) && busFactorFits(m, 1));
}

} // namespace

std::string factorText(NcclCollective collective, std::int64_t n)
{
    switch (collective) {
    case NcclCollective::AllReduce:
        return "2(N-1)/N = " + formatNumber(busFactor(collective, static_cast<double>(n)));
    case NcclCollective::ReduceScatter:
    case NcclCollective::AllGather:
    case NcclCollective::AllToAll:
        return "(N-1)/N = " + formatNumber(busFactor(collective, static_cast<double>(n)));
    case NcclCollective::Broadcast:
    case NcclCollective::Reduce:
    case NcclCollective::SendRecv:
        return "1";
    }
    return "1";
}

std::optional<ImportError> inferCollectiveAndRanks(NcclTable& table, const Evidence& evidence,
                                                   const std::vector<Measured>& measured,
                                                   const std::vector<std::string_view>& lines)
{
    const auto& [allowed, allowedLine, perRank, perRankLine, threadsGpus, ranks, tableNamed,
                 textNames, fileNamed, cpuTime] = evidence;
    // The Rank lines must list ranks 0 … N−1: a stray or mistyped line would otherwise make N
    // its number plus one.
    std::optional<std::int64_t> rankCount;
    if (!ranks.empty()) {
        const auto count = static_cast<std::int64_t>(ranks.size());
        if (ranks.rbegin()->first >= count) {
            std::int64_t missing = 0;
            while (ranks.count(missing) != 0) {
                ++missing;
            }
            std::size_t strayLine = 0;
            for (const auto& [rank, info] : ranks) {
                if (rank > missing && (strayLine == 0 || info.line < strayLine)) {
                    strayLine = info.line;
                }
            }
            return importtext::error(ImportError::Kind::Inconsistent, strayLine,
                                     "Rank lines numbering the ranks 0 to N-1 without gaps (" +
                                         std::to_string(count) + " ranks listed, rank " +
                                         std::to_string(missing) + " missing)",
                                     lines[strayLine - 1]);
        }
        rankCount = count;
        if (perRank && *perRank != count) {
            return importtext::error(ImportError::Kind::Inconsistent, perRankLine,
                                     "count = size / (N × element size) with N = " +
                                         std::to_string(count) + ", the ranks the Rank lines list",
                                     lines[perRankLine - 1]);
        }
    }

    // The collective: what the columns allow, over the ranks each would run on, checked against
    // every row's busbw / algbw.
    struct Candidate {
        NcclCollective collective;
        std::int64_t ranks = 0; // 0: unknown
        NcclRanksFrom from = NcclRanksFrom::RankLines;
    };
    std::vector<Candidate> fitting;
    for (const auto c : kCollectives) {
        if ((allowed & bit(c)) == 0) {
            continue;
        }
        Candidate candidate{c};
        if (rankCount) {
            candidate.ranks = *rankCount;
        } else if (perRank) {
            candidate.ranks = *perRank;
            candidate.from = NcclRanksFrom::CountColumn;
        } else {
            const auto fromFactor = ranksFromBusFactor(c, table.outOfPlace);
            if (threadsGpus && fromFactor && *fromFactor % *threadsGpus != 0) {
                continue; // N = processes × nThread × nGpus: the factor rules c out
            }
            if (threadsGpus && (!fromFactor || *fromFactor == *threadsGpus)) {
                candidate.ranks = *threadsGpus;
                candidate.from = NcclRanksFrom::ThreadsGpus;
            } else if (fromFactor) {
                candidate.ranks = *fromFactor;
                candidate.from = NcclRanksFrom::BusFactor;
            }
        }
        if (std::all_of(measured.begin(), measured.end(), [&](const Measured& m) {
                return rowFitsCollective(m, c, candidate.ranks);
            })) {
            fitting.push_back(candidate);
        }
    }
    const std::optional<NcclCollective> textNamed =
        tableNamed ? tableNamed
                   : (textNames.empty() ? std::nullopt : std::optional(textNames.front().named));
    if (fitting.empty()) {
        // The most likely collective: the one named, if the columns allow it, else the first.
        NcclCollective guess = kCollectives[0];
        for (const auto c : kCollectives) {
            if ((allowed & bit(c)) != 0) {
                guess = c;
                break;
            }
        }
        for (const auto& name : {textNamed, fileNamed}) {
            if (name && (allowed & bit(*name)) != 0) {
                guess = *name;
                break;
            }
        }
        const std::int64_t n = rankCount ? *rankCount
                               : perRank ? *perRank
                                         : threadsGpus.value_or(0);
        for (const auto& m : measured) {
            if (!rowFitsCollective(m, guess, n)) {
                return importtext::error(
                    ImportError::Kind::Inconsistent, m.line,
                    "busbw = algbw × " + factorText(guess, n) + " (" +
                        std::string(ncclCollectiveId(guess)) +
                        (n > 0 ? " over " + std::to_string(n) + " ranks" : std::string()) +
                        ", nccl-tests' bus factor), within the printed digits",
                    lines[m.line - 1]);
            }
        }
        return importtext::error(ImportError::Kind::Inconsistent, allowedLine,
                                 "busbw / algbw of one collective in every row (the rows fit " +
                                     collectivesText(allowed) + " only with different rank counts)",
                                 lines[allowedLine - 1]);
    }
    const Candidate* chosen = &fitting.front();
    for (const auto& name : {textNamed, fileNamed}) {
        if (!name || fitting.size() == 1) {
            continue;
        }
        const auto it = std::find_if(fitting.begin(), fitting.end(),
                                     [&](const Candidate& c) { return c.collective == *name; });
        if (it != fitting.end()) {
            chosen = &*it;
            table.collectiveChosenByName = true;
            break;
        }
    }
    table.collective = chosen->collective;
    for (const auto& candidate : fitting) {
        if (candidate.collective != table.collective) {
            table.alsoFits.push_back(candidate.collective);
        }
    }
    // Every name that says otherwise, once, where it first says it.
    const auto report = [&table](NcclCollective c, std::size_t lineNo) {
        if (c == table.collective) {
            table.collectiveFromName = true;
            return;
        }
        if (std::none_of(table.nameConflicts.begin(), table.nameConflicts.end(),
                         [&](const NcclNameConflict& k) { return k.named == c; })) {
            table.nameConflicts.push_back({c, lineNo});
        }
    };
    for (const auto& name : textNames) {
        report(name.named, name.line);
    }
    if (fileNamed) {
        report(*fileNamed, 0);
    }

    // The ranks.
    if (chosen->ranks < 1) {
        return importtext::error(ImportError::Kind::Inconsistent, 0,
                                 "the number of ranks: the '#  Rank …' lines or the "
                                 "'# nThread … nGpus …' line; the text has neither",
                                 "");
    }
    table.ranks = chosen->ranks;
    table.ranksFrom = chosen->from;
    if (rankCount) {
        std::set<std::string> hosts;
        for (const auto& [rank, info] : ranks) {
            table.devices.push_back(info.device);
            if (!info.host.empty()) {
                hosts.insert(info.host);
            }
        }
        table.nodes = static_cast<std::int64_t>(hosts.size());
    }

    // Every time against its size and algbw: nccl-tests computes algbw = S / t from the time it
    // prints (src/*.cu GetBw), so a row that disagrees was edited or corrupted.
    if (!cpuTime) {
        const double share =
            (static_cast<double>(table.ranks) - 1) / static_cast<double>(table.ranks);
        for (const auto& m : measured) {
            const bool legacy =
                legacyGather(table.collective) && busFactorFits(m, 1) && algbwFits(m, share);
            if (!algbwFits(m, 1) && !legacy) {
                return importtext::error(
                    ImportError::Kind::Inconsistent, m.line,
                    "algbw = size / time (" + formatNumber(m.bytes) + " B / " +
                        formatNumber(m.seconds) +
                        " s = " + formatNumber(m.bytes / m.seconds / 1e9) +
                        " GB/s), as nccl-tests computes it, within the printed digits",
                    lines[m.line - 1]);
            }
        }
    }
    return std::nullopt;
}

} // namespace simcore::ncclranks
