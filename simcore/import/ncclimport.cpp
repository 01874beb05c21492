#include "simcore/import/ncclimport.h"

#include "simcore/import/ncclranks.h"
#include "simcore/scenario/scenario.h" // parseNumber: the C-locale number reader every importer shares
#include "simcore/scenario/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace simcore {

namespace {

/// Shortest time one operation may take in a row: 1 ns, so "a time ≤ 0" (ncclimport.h) is
/// refused from 1 ns down. No collective completes within a GPU clock cycle.
constexpr double kNcclFewestSeconds = 1e-9;

using textutil::lower;
using textutil::shorten;
using textutil::trim;

std::vector<std::string_view> tokens(std::string_view text)
{
    return textutil::fields(text);
}

std::vector<std::string_view> splitLines(std::string_view text)
{
    return textutil::lines(text);
}

/// "1,23" or "-0,5": digits, one comma, digits — a decimal comma from a non-English locale.
bool decimalComma(std::string_view token)
{
    if (!token.empty() && (token.front() == '-' || token.front() == '+')) {
        token.remove_prefix(1);
    }
    const auto comma = token.find(',');
    if (comma == std::string_view::npos || comma == 0 || comma + 1 >= token.size()) {
        return false;
    }
    const auto digits = [](std::string_view part) {
        return std::all_of(part.begin(), part.end(),
                           [](unsigned char c) { return std::isdigit(c) != 0; });
    };
    return digits(token.substr(0, comma)) && digits(token.substr(comma + 1));
}

ImportError makeError(ImportError::Kind kind, std::size_t line, std::string expected,
                      std::string_view found)
{
    return importtext::error(kind, line, std::move(expected), found);
}

/// A number field: the value, or the error naming what the field is.
struct Number {
    std::optional<double> value;
    std::optional<ImportError> error;
};

Number readNumber(std::string_view token, std::size_t line, const std::string& what)
{
    if (auto value = parseNumber(token)) {
        return {value, std::nullopt};
    }
    if (decimalComma(token)) {
        return {std::nullopt,
                makeError(ImportError::Kind::DecimalComma, line,
                          what + " written with a decimal point, as nccl-tests prints it (C "
                                 "locale: 1.23, not 1,23)",
                          token)};
    }
    return {std::nullopt, makeError(ImportError::Kind::BadNumber, line, what, token)};
}

bool isNumberToken(std::string_view token)
{
    return parseNumber(token).has_value() || decimalComma(token);
}

/// The collective a program or file name mentions, longest names first ("reduce_scatter" before
/// "reduce", "all_reduce" before "reduce").
std::optional<NcclCollective> collectiveFromName(std::string_view name)
{
    const std::string text = lower(name);
    struct Alias {
        std::string_view word;
        NcclCollective collective;
    };
    constexpr std::array kAliases{
        Alias{"reduce_scatter", NcclCollective::ReduceScatter},
        Alias{"reducescatter", NcclCollective::ReduceScatter},
        Alias{"all_reduce", NcclCollective::AllReduce},
        Alias{"allreduce", NcclCollective::AllReduce},
        Alias{"all_gather", NcclCollective::AllGather},
        Alias{"allgather", NcclCollective::AllGather},
        Alias{"alltoall", NcclCollective::AllToAll},
        Alias{"broadcast", NcclCollective::Broadcast},
        Alias{"sendrecv", NcclCollective::SendRecv},
        Alias{"reduce", NcclCollective::Reduce},
    };
    for (const auto& alias : kAliases) {
        if (text.find(alias.word) != std::string::npos) {
            return alias.collective;
        }
    }
    return std::nullopt;
}

/// The column layout a header line announces.
struct Layout {
    bool redop = false;     ///< a "redop" column (absent in old all_gather / broadcast output)
    bool root = false;      ///< a "root" column (printed blank for −1 by some versions)
    int groups = 0;         ///< 1 (out-of-place only) or 2 (out-of-place, in-place)
    bool timestamp = false; ///< a trailing "timestamp" column (date and time: two tokens)
    double timeUnit = 1e-6; ///< seconds per printed time unit: us, or ms in early versions
    bool cpuTime = false;   ///< "cputime" columns (-C 1): host time, which algbw is not from
};

constexpr const char* kHeaderExpected =
    "nccl-tests' column order: size count type redop root, then time algbw busbw #wrong for "
    "out-of-place and again for in-place";

/// Reads a column-header comment ("size count type redop root time algbw busbw #wrong …").
/// nullopt + no error: not a column header.
std::optional<Layout> readHeader(const std::vector<std::string_view>& names, std::size_t line,
                                 std::string_view text, std::optional<ImportError>& error)
{
    const auto has = [&names](std::string_view word) {
        return std::find(names.begin(), names.end(), word) != names.end();
    };
    if (!has("size") || !has("algbw") || !has("busbw")) {
        return std::nullopt;
    }
    Layout layout;
    std::size_t i = 0;
    const auto next = [&](std::string_view word) {
        if (i < names.size() && names[i] == word) {
            ++i;
            return true;
        }
        return false;
    };
    bool ok = next("size") && next("count") && next("type");
    if (ok) {
        layout.redop = next("redop");
        layout.root = next("root");
        while (ok && i < names.size() && (names[i] == "time" || names[i] == "cputime")) {
            layout.cpuTime = layout.cpuTime || names[i] == "cputime";
            ++i;
            ok = next("algbw") && next("busbw") && (next("#wrong") || next("error"));
            layout.groups += ok ? 1 : 0;
        }
        layout.timestamp = next("timestamp");
        ok = ok && i == names.size() && (layout.groups == 1 || layout.groups == 2);
    }
    if (!ok) {
        error = makeError(ImportError::Kind::ReorderedColumns, line, kHeaderExpected, text);
        return std::nullopt;
    }
    return layout;
}

/// Half the last printed digit of a number token ("26.41" → 0.005, "1.2e+05" → 5e3): the
/// printed value is the true one rounded to it.
double halfDigit(std::string_view token)
{
    int decimals = 0;
    int exponent = 0;
    const auto dot = token.find('.');
    const auto e = token.find_first_of("eE");
    if (dot != std::string_view::npos) {
        decimals = static_cast<int>((e == std::string_view::npos ? token.size() : e) - dot - 1);
    }
    if (e != std::string_view::npos) {
        const double value = parseNumber(token.substr(e + 1)).value_or(0);
        exponent = static_cast<int>(std::clamp(value, -400.0, 400.0));
    }
    return 0.5 * std::pow(10.0, exponent - std::max(decimals, 0));
}

/// One parsed row.
struct Row {
    double bytes = 0;
    double count = 0;
    std::string type;
    std::string redop; ///< empty when the layout has no redop column or it was blank
    std::optional<std::int64_t> root;
    std::array<NcclPoint, 2> points;
    std::array<ncclranks::Measured, 2> measured;
};

std::string rowExpected(const Layout& layout)
{
    std::string shape = "a data row: size count type";
    shape += layout.redop ? " redop" : "";
    shape += layout.root ? " root" : "";
    shape += " time algbw busbw #wrong";
    shape += layout.groups == 2 ? " (out-of-place) time algbw busbw #wrong (in-place)" : "";
    shape += layout.timestamp ? " date time" : "";
    return shape;
}

std::optional<ImportError> readRow(std::string_view text, std::size_t line, const Layout& layout,
                                   Row& row)
{
    const auto t = tokens(text);
    const std::size_t values = 4 * static_cast<std::size_t>(layout.groups);
    const std::size_t tail = layout.timestamp ? 2 : 0;
    const auto bad = [&](std::string expected) {
        return makeError(ImportError::Kind::BadLine, line, std::move(expected), text);
    };
    if (t.size() < 3 + values + tail) {
        if (!t.empty() && decimalComma(t.front())) {
            return makeError(ImportError::Kind::DecimalComma, line,
                             "numbers written with a decimal point (C locale)", t.front());
        }
        return bad(rowExpected(layout) + " (the row has too few fields: cut short?)");
    }
    const auto size = readNumber(t[0], line, "the size in bytes (a whole number ≥ 0)");
    if (size.error) {
        // A first field that is not a number: this line is not a row at all.
        return size.error->kind == ImportError::Kind::DecimalComma ? size.error
                                                                   : bad(rowExpected(layout));
    }
    const auto count = readNumber(t[1], line, "the element count (a whole number ≥ 0)");
    if (count.error) {
        return count.error;
    }
    if (*size.value < 0 || *count.value < 0 || std::floor(*size.value) != *size.value ||
        std::floor(*count.value) != *count.value) {
        return makeError(ImportError::Kind::BadNumber, line, "whole numbers ≥ 0 for size and count",
                         text);
    }
    if (isNumberToken(t[2])) {
        return bad(rowExpected(layout) + " (the third field is the type name, e.g. float)");
    }
    row.bytes = *size.value;
    row.count = *count.value;
    row.type = std::string(t[2]);
    std::size_t i = 3;
    if (i < t.size() && !isNumberToken(t[i]) && t[i] != "N/A") {
        row.redop = std::string(t[i]);
        ++i;
    }
    const std::size_t remaining = t.size() - i - tail;
    if (remaining == values + 1) {
        const auto root = readNumber(t[i], line, "the root rank (a whole number, −1 for none)");
        if (root.error) {
            return root.error;
        }
        // Whole, −1 … 1e6 (collective.workers' largest): the int64 cast stays defined.
        if (*root.value < -1 || *root.value >= 1e6 || std::floor(*root.value) != *root.value) {
            return makeError(ImportError::Kind::BadNumber, line,
                             "the root rank (a whole number, −1 for none)", t[i]);
        }
        row.root = static_cast<std::int64_t>(*root.value);
        ++i;
    } else if (remaining != values) {
        return bad(rowExpected(layout) + " (" + std::to_string(values) +
                   " measurements expected, found " + std::to_string(remaining) + ")");
    }
    for (int g = 0; g < layout.groups; ++g) {
        NcclPoint& p = row.points[static_cast<std::size_t>(g)];
        const auto time = readNumber(t[i], line, "the time (a number > 0)");
        const auto algbw = readNumber(t[i + 1], line, "algbw in GB/s (a number)");
        const auto busbw = readNumber(t[i + 2], line, "busbw in GB/s (a number)");
        for (const auto* field : {&time, &algbw, &busbw}) {
            if (field->error) {
                return field->error;
            }
        }
        const bool ms = layout.timeUnit > 1e-6;
        // From 1 ns: no collective completes within a GPU clock cycle (a kernel launch alone
        // takes microseconds); below it size / time overflowed ("1e-314 s = inf GB/s").
        const std::string timeRange = ms ? "the time in ms (at least 1e-6 ms = 1 ns, at most "
                                           "3.6e6 ms: one hour for one operation)"
                                         : "the time in us (at least 0.001 us = 1 ns, at most "
                                           "3.6e9 us: one hour for one operation)";
        if (!(*time.value * layout.timeUnit >= kNcclFewestSeconds) ||
            *time.value * layout.timeUnit > kNcclMostSeconds) {
            return makeError(ImportError::Kind::BadNumber, line, timeRange, t[i]);
        }
        if (*algbw.value < 0) {
            return makeError(ImportError::Kind::BadNumber, line, "algbw in GB/s (a number ≥ 0)",
                             t[i + 1]);
        }
        if (*busbw.value < 0) {
            return makeError(ImportError::Kind::BadNumber, line, "busbw in GB/s (a number ≥ 0)",
                             t[i + 2]);
        }
        if (t[i + 3] != "N/A") {
            const auto wrong = readNumber(t[i + 3], line, "#wrong (a count, or N/A)");
            if (wrong.error) {
                return wrong.error;
            }
            if (*wrong.value < 0 || std::floor(*wrong.value) != *wrong.value) {
                return makeError(ImportError::Kind::BadNumber, line,
                                 "#wrong (a whole number ≥ 0 of wrong elements, or N/A)", t[i + 3]);
            }
            p.wrong = *wrong.value;
        }
        ncclranks::Measured& m = row.measured[static_cast<std::size_t>(g)];
        m.line = line;
        m.bytes = row.bytes;
        m.seconds = *time.value * layout.timeUnit;
        m.secondsHalf = halfDigit(t[i]) * layout.timeUnit;
        m.algbw = *algbw.value;
        m.algbwHalf = halfDigit(t[i + 1]);
        m.busbw = *busbw.value;
        m.busbwHalf = halfDigit(t[i + 2]);
        p.bytes = row.bytes;
        p.seconds = *time.value * layout.timeUnit;
        p.algbwBytesPerSecond = *algbw.value * 1e9;
        p.busbwBytesPerSecond = *busbw.value * 1e9;
        // In SI units: a time that stays > 0 s, bandwidths that stay finite (× 1e9).
        if (!(p.seconds > 0) || !std::isfinite(p.algbwBytesPerSecond) ||
            !std::isfinite(p.busbwBytesPerSecond)) {
            return makeError(ImportError::Kind::BadNumber, line,
                             "a time above 1e-300 and bandwidths below 1e299 GB/s", text);
        }
        p.type = row.type;
        p.line = line;
        i += 4;
    }
    return std::nullopt;
}

/// A line that a launcher, MPI or the NCCL library printed between the rows (stderr and stdout
/// share the terminal): it starts with a word, not with the number every row starts with, e.g.
/// "WARNING: …", "srun: …", "node1:4242:4250 [3] NCCL INFO …".
bool interleavedLogLine(std::string_view line)
{
    const unsigned char first = static_cast<unsigned char>(line.front());
    return std::isdigit(first) == 0 && first != '-' && first != '+' && first != '.';
}

} // namespace

/// A line without what a launcher puts in front of every line it relays: `srun --label` writes
/// the task number and a colon ("0: ", " 12: "; Slurm srun(1), --label), Open MPI's
/// `mpirun --tag-output` "[1,0]<stdout>:" (mpirun(1)). nccl-tests' own lines never start with
/// digits and a colon, so nothing of the table is taken away.
std::string_view ncclWithoutLauncherPrefix(std::string_view line)
{
    std::size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) {
        ++i;
    }
    const std::size_t digits = i;
    while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])) != 0) {
        ++i;
    }
    if (i > digits && i < line.size() && line[i] == ':' &&
        (i + 1 == line.size() || line[i + 1] == ' ' || line[i + 1] == '\t')) {
        return line.substr(i + 1);
    }
    if (line.substr(digits).starts_with("[")) {
        const auto close = line.find("]<std", digits);
        const auto colon = close == std::string_view::npos ? close : line.find(">:", close);
        if (colon != std::string_view::npos) {
            return line.substr(colon + 2);
        }
    }
    return line;
}

std::string_view ncclCollectiveId(NcclCollective collective)
{
    switch (collective) {
    case NcclCollective::AllReduce:
        return "all_reduce";
    case NcclCollective::AllGather:
        return "all_gather";
    case NcclCollective::ReduceScatter:
        return "reduce_scatter";
    case NcclCollective::Broadcast:
        return "broadcast";
    case NcclCollective::Reduce:
        return "reduce";
    case NcclCollective::AllToAll:
        return "alltoall";
    case NcclCollective::SendRecv:
        return "sendrecv";
    }
    return "all_reduce";
}

std::string ncclConflictText(const NcclTable& table, const NcclNameConflict& conflict)
{
    const std::string where =
        conflict.line == 0 ? "the file name" : "line " + std::to_string(conflict.line);
    const std::string named(ncclCollectiveId(conflict.named));
    const std::string read(ncclCollectiveId(table.collective));
    if (std::find(table.alsoFits.begin(), table.alsoFits.end(), conflict.named) !=
        table.alsoFits.end()) {
        return where + " says " + named + "; the columns fit " + named + " and " + read +
               " alike, and another name in the text says " + read + ": read as " + read;
    }
    return where + " says " + named + ", but the table's columns are " + read +
           "'s (its redop, root and count columns, busbw / algbw = " +
           ncclranks::factorText(table.collective, table.ranks) + "): read as " + read;
}

NcclParseResult parseNcclTests(std::string_view bytes, std::string_view fileName)
{
    using Kind = ImportError::Kind;
    const auto fail = [](ImportError error) { return NcclParseResult{std::nullopt, error}; };
    const std::string decoded = textutil::decode(bytes);
    const std::string_view text = decoded;
    const auto lines = splitLines(text);
    if (std::all_of(lines.begin(), lines.end(),
                    [](std::string_view line) { return trim(line).empty(); })) {
        return fail(
            makeError(Kind::Empty, 0, "the text nccl-tests printed; the file is empty", ""));
    }

    enum class State { Before, Table, After };
    State state = State::Before;
    std::optional<Layout> layout;
    std::optional<Layout> firstLayout;
    std::size_t tableLine = 0;
    std::size_t rowsInTable = 0;
    std::optional<NcclCollective> named;      // from the text, the latest name
    std::optional<NcclCollective> tableNamed; // named for the first table
    std::vector<NcclNameConflict> textNames;  // every name in the text, in line order
    unsigned allowed = 0;                     // collectives every row so far allows; 0: no row
    std::size_t allowedLine = 0;              // the first row
    std::optional<std::int64_t> perRank;      // N from the count column
    std::size_t perRankLine = 0;
    std::optional<std::int64_t> threadsGpus;
    std::map<std::int64_t, ncclranks::RankInfo> ranks;
    std::vector<ncclranks::Measured> measured;
    bool cpuTime = false;
    NcclTable table;
    table.tables = 0;
    bool sawHeaderBlock = false; // "# nThread …" or "# Using devices": the run had started
    std::size_t lastNonBlank = 0;
    const auto nameLine = [&](NcclCollective c, std::size_t lineNo) {
        named = c;
        textNames.push_back({c, lineNo});
    };

    for (std::size_t index = 0; index < lines.size(); ++index) {
        const std::size_t lineNo = index + 1;
        const std::string_view line = trim(ncclWithoutLauncherPrefix(lines[index]));
        if (line.empty()) {
            continue;
        }
        lastNonBlank = lineNo;
        // NCCL's own log lines (NCCL_DEBUG=INFO / WARN) interleave with the table.
        if (line.find("NCCL INFO") != std::string_view::npos ||
            line.find("NCCL WARN") != std::string_view::npos) {
            continue;
        }
        if (line.front() != '#') {
            if (state == State::Table && interleavedLogLine(line)) {
                continue; // a warning or log line between two rows
            }
            if (state == State::Table) {
                Row row;
                if (auto error = readRow(line, lineNo, *layout, row)) {
                    return fail(*error);
                }
                std::optional<std::int64_t> rowRanks;
                const unsigned rowAllowed = ncclranks::rowCollectives(
                    row.bytes, row.count, row.type, row.redop, row.root, rowRanks);
                if (allowed != 0 && (allowed & rowAllowed) == 0) {
                    return fail(makeError(
                        Kind::Inconsistent, lineNo,
                        "rows of one collective (line " + std::to_string(allowedLine) +
                            " looks like " + ncclranks::collectivesText(allowed) +
                            ", this one like " + ncclranks::collectivesText(rowAllowed) + ")",
                        line));
                }
                if (allowed == 0) {
                    allowedLine = lineNo;
                }
                allowed = allowed == 0 ? rowAllowed : allowed & rowAllowed;
                if (rowRanks) {
                    if (perRank && *perRank != *rowRanks) {
                        return fail(makeError(Kind::Inconsistent, lineNo,
                                              "count = size / (N × element size) with N = " +
                                                  std::to_string(*perRank) + " as on line " +
                                                  std::to_string(perRankLine) +
                                                  " (one run, one rank count)",
                                              line));
                    }
                    if (!perRank) {
                        perRank = rowRanks;
                        perRankLine = lineNo;
                    }
                }
                table.outOfPlace.push_back(row.points[0]);
                measured.push_back(row.measured[0]);
                if (layout->groups == 2) {
                    table.inPlace.push_back(row.points[1]);
                    measured.push_back(row.measured[1]);
                }
                for (int g = 0; g < layout->groups; ++g) {
                    const auto& wrong = row.points[static_cast<std::size_t>(g)].wrong;
                    if (!wrong) {
                        table.checked = false;
                    }
                }
                const auto& w0 = row.points[0].wrong;
                const auto& w1 = row.points[1].wrong;
                if ((w0 && *w0 > 0) || (layout->groups == 2 && w1 && *w1 > 0)) {
                    ++table.wrongResults;
                }
                ++rowsInTable;
            } else if (auto name = collectiveFromName(line);
                       name && line.find("_perf") != std::string_view::npos) {
                nameLine(*name, lineNo); // the command line echoed before the output
            }
            continue;
        }

        const std::string_view body = trim(line.substr(1));
        const auto words = tokens(body);
        if (words.empty()) {
            continue;
        }
        if (words.front() == "nThread") {
            sawHeaderBlock = true;
            const auto at = [&words](std::string_view key) -> std::optional<double> {
                for (std::size_t i = 0; i + 1 < words.size(); ++i) {
                    if (words[i] == key) {
                        return parseNumber(words[i + 1]);
                    }
                }
                return std::nullopt;
            };
            const auto threads = at("nThread");
            const auto gpus = at("nGpus");
            if (threads && gpus && *threads >= 1 && *gpus >= 1) {
                // At most 1e6 ranks (collective.workers' largest): no cast out of int64's range.
                if (*threads * *gpus > 1e6) {
                    return fail(makeError(Kind::BadNumber, lineNo,
                                          "nThread × nGpus of at most 1e6 ranks", line));
                }
                threadsGpus = static_cast<std::int64_t>(*threads * *gpus);
            }
            continue;
        }
        if (words.front() == "Using" || body.starts_with("Collective test starting") ||
            body.starts_with("nccl-tests version")) {
            sawHeaderBlock = true;
            if (auto name = collectiveFromName(body);
                name && body.find("_perf") != std::string_view::npos) {
                nameLine(*name, lineNo);
            }
            continue;
        }
        if (words.front() == "Rank" && words.size() >= 2) {
            const auto rank = parseNumber(words[1]);
            // Below 1e6 (collective.workers' largest): every rank up to the largest gets a
            // device entry, so a huge number would allocate without end.
            if (!rank || *rank < 0 || *rank >= 1e6 || std::floor(*rank) != *rank) {
                return fail(makeError(Kind::BadNumber, lineNo,
                                      "a rank number after 'Rank' (a whole number 0 … 999999)",
                                      line));
            }
            ncclranks::RankInfo info;
            for (std::size_t i = 2; i + 1 < words.size(); ++i) {
                if (words[i] == "on") {
                    info.host = std::string(words[i + 1]);
                    break;
                }
            }
            if (const auto bracket = body.find(']'); bracket != std::string_view::npos) {
                info.device = std::string(trim(body.substr(bracket + 1)));
            }
            info.line = lineNo;
            // A log of repeated runs lists every rank again: the first line of each counts.
            ranks.try_emplace(static_cast<std::int64_t>(*rank), std::move(info));
            continue;
        }
        std::optional<ImportError> headerError;
        if (auto header = readHeader(words, lineNo, line, headerError)) {
            if (state == State::Table) {
                return fail(makeError(
                    rowsInTable == 0 ? Kind::NoData : Kind::Truncated, lineNo,
                    rowsInTable == 0
                        ? "data rows under the column header of line " + std::to_string(tableLine)
                        : "'# Avg bus bandwidth' closing the table of line " +
                              std::to_string(tableLine) + " before a new table starts",
                    line));
            }
            if (firstLayout &&
                !(header->redop == firstLayout->redop && header->root == firstLayout->root &&
                  header->groups == firstLayout->groups &&
                  header->timestamp == firstLayout->timestamp)) {
                return fail(makeError(Kind::Inconsistent, lineNo,
                                      "the same columns as the first table (line " +
                                          std::to_string(tableLine) + "): import one run at a time",
                                      line));
            }
            if (table.tables > 0 && named && tableNamed && *named != *tableNamed) {
                return fail(makeError(Kind::Inconsistent, lineNo,
                                      "one collective per file; this text also holds " +
                                          std::string(ncclCollectiveId(*named)) + " after " +
                                          std::string(ncclCollectiveId(*tableNamed)),
                                      line));
            }
            if (table.tables == 0) {
                tableNamed = named;
            }
            layout = header;
            cpuTime = cpuTime || header->cpuTime;
            if (!firstLayout) {
                firstLayout = header;
            }
            state = State::Table;
            tableLine = lineNo;
            rowsInTable = 0;
            ++table.tables;
            continue;
        }
        if (headerError) {
            return fail(*headerError);
        }
        if (words.front() == "(B)" && layout) {
            // The units row: time in (us) — or (ms) in the earliest nccl-tests versions.
            const bool ms = std::find(words.begin(), words.end(), "(ms)") != words.end();
            layout->timeUnit = ms ? 1e-3 : 1e-6;
            continue;
        }
        if (body.starts_with("Out of bounds values")) {
            continue;
        }
        if (body.starts_with("Avg bus bandwidth")) {
            if (state != State::Table) {
                continue;
            }
            if (rowsInTable == 0) {
                return fail(makeError(Kind::NoData, lineNo,
                                      "data rows under the column header of line " +
                                          std::to_string(tableLine),
                                      line));
            }
            const auto colon = body.find(':');
            const auto value = colon == std::string_view::npos ? std::vector<std::string_view>{}
                                                               : tokens(body.substr(colon + 1));
            if (value.empty()) {
                return fail(makeError(Kind::BadNumber, lineNo,
                                      "a bandwidth in GB/s after 'Avg bus bandwidth :'", line));
            }
            const auto average = readNumber(value.front(), lineNo,
                                            "the average bus bandwidth "
                                            "in GB/s (a number)");
            if (average.error) {
                return fail(*average.error);
            }
            if (!std::isfinite(*average.value * 1e9)) { // bytes/s past the double range
                return fail(makeError(Kind::BadNumber, lineNo,
                                      "an average bus bandwidth below 1e299 GB/s", line));
            }
            table.averageBusBandwidth = *average.value * 1e9;
            state = State::After;
            continue;
        }
        // Any other comment ("#", "# Using devices", "# Reducing maxBytes …") is information.
    }

    if (table.tables == 0) {
        if (sawHeaderBlock) {
            return fail(makeError(Kind::Truncated, lastNonBlank + 1,
                                  "the results table after the device list; the text ends before "
                                  "it (the run stopped or the copy is incomplete)",
                                  "end of text"));
        }
        return fail(makeError(Kind::NoHeader, 0,
                              "the output of an nccl-tests program (all_reduce_perf, "
                              "all_gather_perf, …) with its column header '#  size  count  type  "
                              "redop  root  time  algbw  busbw  #wrong …'; none was found",
                              ""));
    }
    if (state == State::Table) {
        if (rowsInTable == 0) {
            return fail(makeError(Kind::NoData, tableLine,
                                  "data rows under this column header; the text ends first",
                                  lines[tableLine - 1]));
        }
        return fail(makeError(Kind::Truncated, lastNonBlank + 1,
                              "'# Avg bus bandwidth' closing the table of line " +
                                  std::to_string(tableLine) +
                                  " (the run stopped or the copy is incomplete)",
                              "end of text"));
    }

    const ncclranks::Evidence evidence{
        allowed,     allowedLine,          perRank,
        perRankLine, threadsGpus,          std::move(ranks),
        tableNamed,  std::move(textNames), collectiveFromName(fileName),
        cpuTime};
    if (auto error = ncclranks::inferCollectiveAndRanks(table, evidence, measured, lines)) {
        return fail(*error);
    }
    return NcclParseResult{std::move(table), std::nullopt};
}

std::optional<std::int64_t> ncclGpusPerNode(const NcclTable& table)
{
    if (table.nodes < 1 || table.ranks % table.nodes != 0) {
        return std::nullopt;
    }
    return table.ranks / table.nodes;
}
double ncclObservedBusFactor(const NcclTable& table)
{
    const NcclPoint* best = nullptr;
    for (const auto& p : table.outOfPlace) {
        if (!best || p.algbwBytesPerSecond > best->algbwBytesPerSecond) {
            best = &p;
        }
    }
    return best && best->algbwBytesPerSecond > 0
               ? best->busbwBytesPerSecond / best->algbwBytesPerSecond
               : 0;
}

} // namespace simcore
