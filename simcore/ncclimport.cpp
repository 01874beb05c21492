#include "simcore/ncclimport.h"

#include "simcore/scenario.h" // parseNumber: the C-locale number reader every importer shares

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

namespace simcore {

namespace {

using importtext::shorten;
using importtext::trim;

std::vector<std::string_view> tokens(std::string_view text)
{
    return importtext::fields(text);
}

std::vector<std::string_view> splitLines(std::string_view text)
{
    return importtext::lines(text);
}

std::string lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
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

/// The column layout a header line announces.
struct Layout {
    bool redop = false;     ///< a "redop" column (absent in old all_gather / broadcast output)
    bool root = false;      ///< a "root" column (printed blank for −1 by some versions)
    int groups = 0;         ///< 1 (out-of-place only) or 2 (out-of-place, in-place)
    bool timestamp = false; ///< a trailing "timestamp" column (date and time: two tokens)
    double timeUnit = 1e-6; ///< seconds per printed time unit: us, or ms in early versions
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

/// One parsed row.
struct Row {
    double bytes = 0;
    double count = 0;
    std::string type;
    std::string redop; ///< empty when the layout has no redop column or it was blank
    std::optional<std::int64_t> root;
    std::array<NcclPoint, 2> points;
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
        if (*time.value <= 0) {
            return makeError(ImportError::Kind::BadNumber, line, "the time (a number > 0)", t[i]);
        }
        if (t[i + 3] != "N/A") {
            const auto wrong = readNumber(t[i + 3], line, "#wrong (a count, or N/A)");
            if (wrong.error) {
                return wrong.error;
            }
            p.wrong = *wrong.value;
        }
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

/// What a row's columns say about the collective (nccl-tests prints size = the full vector and
/// count = the per-rank parameter: S/N elements for reduce-scatter and all-gather).
std::optional<NcclCollective> inferCollective(const Row& row)
{
    const double w = wordSize(row.type);
    if (row.count <= 0 || w <= 0) {
        return std::nullopt;
    }
    const double ratio = row.bytes / (row.count * w);
    const bool whole = std::abs(ratio - 1) < 1e-9;
    const bool reduction = !row.redop.empty() && row.redop != "none";
    const bool rooted = row.root && *row.root >= 0;
    if (reduction) {
        return rooted ? NcclCollective::Reduce
                      : (whole ? NcclCollective::AllReduce : NcclCollective::ReduceScatter);
    }
    if (rooted) {
        return NcclCollective::Broadcast;
    }
    return whole ? NcclCollective::SendRecv : NcclCollective::AllGather;
}

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

struct RankInfo {
    std::string host;
    std::string device;
};

} // namespace

namespace importtext {

constexpr std::size_t kShown = 60;

std::string_view trim(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n\f\v");
    if (first == std::string_view::npos) {
        return {};
    }
    const auto last = text.find_last_not_of(" \t\r\n\f\v");
    return text.substr(first, last - first + 1);
}

std::vector<std::string_view> fields(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) {
            ++i;
        }
        const std::size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) {
            ++i;
        }
        if (i > start) {
            out.push_back(text.substr(start, i - start));
        }
    }
    return out;
}

std::vector<std::string_view> lines(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = text.find('\n', start);
        if (end == std::string_view::npos) {
            if (start < text.size()) {
                out.push_back(text.substr(start));
            }
            break;
        }
        out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

std::string shorten(std::string_view text)
{
    text = trim(text);
    if (text.size() <= kShown) {
        return std::string(text);
    }
    // Cut on a UTF-8 character boundary.
    std::size_t cut = kShown;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
        --cut;
    }
    return std::string(text.substr(0, cut)) + "…";
}

ImportError error(ImportError::Kind kind, std::size_t line, std::string expected,
                  std::string_view found)
{
    return ImportError{kind, line, std::move(expected), shorten(found)};
}

} // namespace importtext

std::string ImportError::message() const
{
    std::string text;
    if (line > 0) {
        text = "line " + std::to_string(line) + ": ";
    }
    text += "expected " + expected;
    if (!found.empty()) {
        text += ", found '" + found + "'";
    }
    return text;
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

NcclParseResult parseNcclTests(std::string_view text, std::string_view fileName)
{
    using Kind = ImportError::Kind;
    const auto fail = [](ImportError error) { return NcclParseResult{std::nullopt, error}; };
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
    std::optional<NcclCollective> named;      // from the text
    std::optional<NcclCollective> tableNamed; // named for the first table
    std::optional<NcclCollective> inferred;
    std::size_t inferredLine = 0;
    std::optional<std::int64_t> threadsGpus;
    std::map<std::int64_t, RankInfo> ranks;
    NcclTable table;
    table.tables = 0;
    bool sawHeaderBlock = false; // "# nThread …" or "# Using devices": the run had started
    std::size_t lastNonBlank = 0;

    for (std::size_t index = 0; index < lines.size(); ++index) {
        const std::size_t lineNo = index + 1;
        const std::string_view line = trim(lines[index]);
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
            if (state == State::Table) {
                Row row;
                if (auto error = readRow(line, lineNo, *layout, row)) {
                    return fail(*error);
                }
                if (auto guess = inferCollective(row)) {
                    if (inferred && *inferred != *guess) {
                        return fail(makeError(Kind::Inconsistent, lineNo,
                                              "rows of one collective (line " +
                                                  std::to_string(inferredLine) + " looks like " +
                                                  std::string(ncclCollectiveId(*inferred)) + ")",
                                              line));
                    }
                    if (!inferred) {
                        inferred = guess;
                        inferredLine = lineNo;
                    }
                }
                table.outOfPlace.push_back(row.points[0]);
                if (layout->groups == 2) {
                    table.inPlace.push_back(row.points[1]);
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
                named = name; // the command line echoed before the output
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
                named = name;
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
            RankInfo info;
            for (std::size_t i = 2; i + 1 < words.size(); ++i) {
                if (words[i] == "on") {
                    info.host = std::string(words[i + 1]);
                    break;
                }
            }
            if (const auto bracket = body.find(']'); bracket != std::string_view::npos) {
                info.device = std::string(trim(body.substr(bracket + 1)));
            }
            ranks[static_cast<std::int64_t>(*rank)] = info;
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

    // The collective: named by the text, else by the file name, else read from the columns.
    if (!named) {
        named = collectiveFromName(fileName);
    }
    if (named) {
        table.collective = *named;
        table.collectiveFromName = true;
    } else if (inferred) {
        table.collective = *inferred;
    } else {
        return fail(makeError(Kind::Inconsistent, 0,
                              "a collective: name the program in the file name (e.g. "
                              "all_reduce_perf.txt); the columns do not tell it",
                              ""));
    }

    // The ranks.
    if (!ranks.empty()) {
        table.ranks = ranks.rbegin()->first + 1;
        table.ranksFrom = NcclRanksFrom::RankLines;
        std::set<std::string> hosts;
        for (std::int64_t r = 0; r < table.ranks; ++r) {
            const auto it = ranks.find(r);
            table.devices.push_back(it == ranks.end() ? std::string() : it->second.device);
            if (it != ranks.end() && !it->second.host.empty()) {
                hosts.insert(it->second.host);
            }
        }
        table.nodes = static_cast<std::int64_t>(hosts.size());
    } else {
        const auto fromFactor = ranksFromBusFactor(table.collective, table.outOfPlace);
        if (threadsGpus && (!fromFactor || *fromFactor == *threadsGpus)) {
            table.ranks = *threadsGpus;
            table.ranksFrom = NcclRanksFrom::ThreadsGpus;
        } else if (fromFactor) {
            table.ranks = *fromFactor;
            table.ranksFrom = NcclRanksFrom::BusFactor;
        } else {
            return fail(makeError(Kind::Inconsistent, 0,
                                  "the number of ranks: the '#  Rank …' lines or the "
                                  "'# nThread … nGpus …' line; the text has neither",
                                  ""));
        }
    }
    return NcclParseResult{std::move(table), std::nullopt};
}

double ncclFitSeconds(const NcclFit& fit, double bytes)
{
    return fit.interceptSeconds + fit.secondsPerByte * bytes;
}

NcclFit fitNcclTable(const NcclTable& table, NcclPlacement placement)
{
    NcclFit fit;
    fit.collective = table.collective;
    fit.ranks = table.ranks;
    const auto cannot = [&fit](std::string expected) {
        fit.error = ImportError{ImportError::Kind::CannotFit, 0, std::move(expected), {}};
        return fit;
    };
    const auto& points = placement == NcclPlacement::OutOfPlace ? table.outOfPlace : table.inPlace;
    if (points.empty()) {
        return cannot(placement == NcclPlacement::InPlace
                          ? "in-place measurements; this run printed out-of-place only"
                          : "measurements to fit");
    }
    if (table.ranks < 2) {
        return cannot("at least 2 ranks: with one GPU nothing crosses a link");
    }
    std::set<double> sizes;
    for (const auto& p : points) {
        sizes.insert(p.bytes);
    }
    if (sizes.size() < 2) {
        return cannot("at least 2 different sizes to separate latency from bandwidth");
    }
    const double n = static_cast<double>(table.ranks);
    switch (table.collective) {
    case NcclCollective::AllReduce:
        fit.latencySteps = 2 * (n - 1);
        fit.bandwidthFactor = 2 * (n - 1) / n;
        break;
    case NcclCollective::ReduceScatter:
    case NcclCollective::AllGather:
    case NcclCollective::AllToAll:
        fit.latencySteps = n - 1;
        fit.bandwidthFactor = (n - 1) / n;
        break;
    case NcclCollective::Broadcast:
    case NcclCollective::Reduce:
        fit.latencySteps = n - 1;
        fit.bandwidthFactor = 1;
        break;
    case NcclCollective::SendRecv:
        fit.latencySteps = 1;
        fit.bandwidthFactor = 1;
        break;
    }

    // Weighted least squares on t = A + K·S with weights 1/t²: minimise Σ(A/t + K·S/t − 1)².
    // Sizes are scaled by the largest so the normal equations stay well conditioned.
    const double scale = *sizes.rbegin();
    double sw = 0, sws = 0, swss = 0, swt = 0, swst = 0;
    for (const auto& p : points) {
        const double w = 1 / (p.seconds * p.seconds);
        const double s = p.bytes / scale;
        sw += w;
        sws += w * s;
        swss += w * s * s;
        swt += w * p.seconds;
        swst += w * s * p.seconds;
    }
    const double det = sw * swss - sws * sws;
    double a = det != 0 ? (swss * swt - sws * swst) / det : -1;
    double k = det != 0 ? (sw * swst - sws * swt) / det : 0;
    if (a < 0) {
        a = 0;
        k = swst / swss;
        fit.latencyClamped = true;
    }
    if (!(k > 0) || !std::isfinite(k) || !std::isfinite(a)) {
        return cannot("a time that grows with the message size (the fitted bandwidth term is "
                      "not positive)");
    }
    fit.interceptSeconds = a;
    fit.secondsPerByte = k / scale;
    fit.latencySeconds = a / fit.latencySteps;
    fit.bandwidthBytesPerSecond = fit.bandwidthFactor / fit.secondsPerByte;
    fit.points = points.size();
    for (const auto& p : points) {
        const double error = std::abs(ncclFitSeconds(fit, p.bytes) - p.seconds) / p.seconds;
        if (error > fit.worstRelativeError || fit.worstLine == 0) {
            fit.worstRelativeError = error;
            fit.worstLine = p.line;
        }
    }
    return fit;
}

NcclImport importNcclTests(std::string_view text, std::string_view fileName)
{
    NcclImport result;
    auto parsed = parseNcclTests(text, fileName);
    if (parsed.error) {
        result.error = parsed.error;
        return result;
    }
    result.fit = fitNcclTable(*parsed.table);
    if (result.fit.error) {
        result.error = result.fit.error;
        return result;
    }
    result.table = std::move(parsed.table);
    return result;
}

std::optional<std::int64_t> ncclGpusPerNode(const NcclTable& table)
{
    if (table.nodes < 1 || table.ranks % table.nodes != 0) {
        return std::nullopt;
    }
    return table.ranks / table.nodes;
}

} // namespace simcore
