#include "simcore/import/nccllog.h"

#include "simcore/scenario/text.h"

#include <algorithm>
#include <set>

namespace simcore {

namespace {

/// The text with every line outside [first, last] (1-based) left empty, so a run is read with
/// the line numbers of the whole text.
std::string onlyLines(const std::vector<std::string_view>& lines, std::size_t first,
                      std::size_t last)
{
    std::string text;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::size_t lineNo = i + 1;
        if (lineNo >= first && lineNo <= last) {
            text += lines[i];
        }
        text += '\n';
    }
    return text;
}

/// The body of a comment line ("# Avg bus bandwidth : 1" → "Avg bus bandwidth : 1"), launcher
/// prefix removed; nullopt for a line that is not a comment.
std::optional<std::string_view> commentBody(std::string_view line)
{
    line = textutil::trim(ncclWithoutLauncherPrefix(line));
    if (line.empty() || line.front() != '#') {
        return std::nullopt;
    }
    return textutil::trim(line.substr(1));
}

bool sameRun(const NcclTable& a, const NcclTable& b)
{
    return a.collective == b.collective && a.ranks == b.ranks && a.nodes == b.nodes;
}

} // namespace

NcclLog importNcclLog(std::string_view bytes, std::string_view fileName)
{
    NcclLog log;
    const std::string decoded = textutil::decode(bytes);
    const auto lines = textutil::lines(decoded);
    // Runs end at their footer, and keep the comment lines nccl-tests prints after it.
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    std::size_t first = 1;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto body = commentBody(lines[i]);
        if (!body || !body->starts_with("Avg bus bandwidth")) {
            continue;
        }
        std::size_t last = i + 1;
        while (last < lines.size()) {
            const auto next = commentBody(lines[last]);
            const bool blank = textutil::trim(ncclWithoutLauncherPrefix(lines[last])).empty();
            if (!blank && !(next && (next->empty() || next->starts_with("Collective test "
                                                                        "concluded")))) {
                break;
            }
            ++last;
        }
        spans.emplace_back(first, last);
        first = last + 1;
        i = last - 1;
    }
    const bool rest =
        std::any_of(lines.begin() + static_cast<std::ptrdiff_t>(std::min(first - 1, lines.size())),
                    lines.end(), [](std::string_view line) {
                        return !textutil::trim(ncclWithoutLauncherPrefix(line)).empty();
                    });
    if (spans.empty() || rest) {
        spans.emplace_back(first, lines.size());
    }
    for (std::size_t s = 0; s < spans.size(); ++s) {
        const auto [from, to] = spans[s];
        auto parsed = parseNcclTests(onlyLines(lines, from, to), fileName);
        if (parsed.error) {
            // Text after the last run that holds no table (a prompt, a note) is not a run.
            const bool trailing = s + 1 == spans.size() && s > 0;
            if (trailing && parsed.error->kind == ImportError::Kind::NoHeader) {
                break;
            }
            log.error = parsed.error;
            log.runs.clear();
            return log;
        }
        NcclRun run;
        run.fit = fitNcclTable(*parsed.table);
        run.table = std::move(*parsed.table);
        run.firstLine = from;
        run.lastLine = std::min(to, lines.size());
        log.runs.push_back(std::move(run));
    }

    const bool repeats =
        log.runs.size() > 1 && std::all_of(log.runs.begin(), log.runs.end(), [&](const auto& r) {
            return sameRun(r.table, log.runs.front().table);
        });
    if (repeats) {
        auto whole = importNcclTests(bytes, fileName);
        if (!whole.error) {
            log.combined = std::move(whole);
            log.merged = true;
            return log;
        }
    }
    std::optional<std::size_t> chosen;
    for (std::size_t i = 0; i < log.runs.size(); ++i) {
        const auto& run = log.runs[i];
        if (run.fit.error) {
            continue;
        }
        if (!chosen || (run.table.collective == NcclCollective::AllReduce &&
                        log.runs[*chosen].table.collective != NcclCollective::AllReduce)) {
            chosen = i;
        }
    }
    if (!chosen) {
        log.error = log.runs.front().fit.error;
        log.runs.clear();
        return log;
    }
    log.chosenRun = *chosen;
    log.combined.table = log.runs[*chosen].table;
    log.combined.fit = log.runs[*chosen].fit;
    return log;
}

NcclLinkLevel ncclLinkLevel(const NcclTable& table)
{
    if (table.nodes == 1) {
        return NcclLinkLevel::Intra;
    }
    return table.nodes > 1 ? NcclLinkLevel::Inter : NcclLinkLevel::Unknown;
}

NcclLevels ncclAssignLevels(const std::vector<NcclLinkLevel>& levels)
{
    NcclLevels out;
    const auto refuse = [&out](std::string expected) {
        out = NcclLevels{};
        out.error = ImportError{ImportError::Kind::Inconsistent, 0, std::move(expected), {}};
        return out;
    };
    if (levels.empty() || levels.size() > 2) {
        return refuse("one or two logs: one measured inside a node, one across nodes");
    }
    if (levels.size() == 1) {
        if (levels[0] == NcclLinkLevel::Intra) {
            out.intra = 0;
        } else {
            out.inter = 0; // a run that names no host: taken as across nodes
        }
        return out;
    }
    std::array<NcclLinkLevel, 2> level{levels[0], levels[1]};
    if (level[0] != NcclLinkLevel::Unknown && level[0] == level[1]) {
        return refuse(std::string("one log inside a node and one across nodes; both logs ran ") +
                      (level[0] == NcclLinkLevel::Intra ? "on one host" : "across several hosts"));
    }
    // A log that names no host takes the level the other leaves, else its position.
    for (std::size_t i = 0; i < 2; ++i) {
        if (level[i] != NcclLinkLevel::Unknown) {
            continue;
        }
        const NcclLinkLevel other = levels[1 - i]; // as given, not as assigned just now
        const bool byPosition = other == NcclLinkLevel::Unknown;
        level[i] = byPosition ? (i == 0 ? NcclLinkLevel::Intra : NcclLinkLevel::Inter)
                              : (other == NcclLinkLevel::Intra ? NcclLinkLevel::Inter
                                                               : NcclLinkLevel::Intra);
        (level[i] == NcclLinkLevel::Intra ? out.intraFromPosition : out.interFromPosition) =
            byPosition;
    }
    out.intra = level[0] == NcclLinkLevel::Intra ? 0 : 1;
    out.inter = level[0] == NcclLinkLevel::Intra ? 1 : 0;
    return out;
}

} // namespace simcore
