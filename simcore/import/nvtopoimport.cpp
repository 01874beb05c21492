#include "simcore/import/nvtopoimport.h"

#include "simcore/scenario/scenario.h" // parseNumber
#include "simcore/scenario/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace simcore {

namespace {

using Kind = ImportError::Kind;
using importtext::error;
using textutil::fields;
using textutil::trim;

constexpr const char* kCodes = "a link code: X, NV#, PIX, PXB, PHB, NODE or SYS";

/// Removes ANSI SGR escapes ("\x1b[4m" … "\x1b[0m"): nvidia-smi underlines the header on a
/// terminal, and copies from a terminal keep them.
std::string stripAnsi(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
            std::size_t j = i + 2;
            while (j < text.size() && !std::isalpha(static_cast<unsigned char>(text[j]))) {
                ++j;
            }
            i = j; // skip the final letter too
            continue;
        }
        out.push_back(text[i]);
    }
    return out;
}

/// "GPU12" → 12; nullopt for anything else.
std::optional<std::int64_t> gpuIndex(std::string_view label)
{
    if (!label.starts_with("GPU") || label.size() == 3) {
        return std::nullopt;
    }
    const auto digits = label.substr(3);
    if (!std::all_of(digits.begin(), digits.end(),
                     [](unsigned char c) { return std::isdigit(c) != 0; })) {
        return std::nullopt;
    }
    // More digits than any GPU count (or than a double holds): an index past every column, so
    // the caller reports it, instead of a cast out of int64's range or an empty optional.
    constexpr double kPastEveryColumn = 1e15;
    return static_cast<std::int64_t>(
        std::min(parseNumber(digits).value_or(kPastEveryColumn), kPastEveryColumn));
}

} // namespace

namespace {

int distance(TopoCode code)
{
    switch (code) {
    case TopoCode::Self:
    case TopoCode::NvLink:
        return 0;
    case TopoCode::Pix:
        return 1;
    case TopoCode::Pxb:
        return 2;
    case TopoCode::Phb:
        return 3;
    case TopoCode::Node:
        return 4;
    case TopoCode::Sys:
        return 5;
    }
    return 5;
}

enum class Trailing { CpuAffinity, NumaAffinity, GpuNumaId };

} // namespace

NvTopoParseResult parseNvidiaTopo(std::string_view bytes)
{
    const auto fail = [](ImportError e) { return NvTopoParseResult{std::nullopt, std::move(e)}; };
    const std::string text = textutil::decode(bytes);
    std::vector<std::string> lines;
    for (const auto line : textutil::lines(text)) {
        lines.push_back(stripAnsi(line));
    }
    if (std::all_of(lines.begin(), lines.end(),
                    [](const std::string& line) { return trim(line).empty(); })) {
        return fail(
            error(Kind::Empty, 0, "the text nvidia-smi topo -m printed; the file is empty", ""));
    }

    // The header: the first line that starts with a GPU label and holds no cell (no "X"): the
    // rows below it start with GPU labels too, but each holds its own " X ".
    std::size_t header = lines.size();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto f = fields(lines[i]);
        if (!f.empty() && gpuIndex(f.front()) && std::find(f.begin(), f.end(), "X") == f.end()) {
            header = i;
            break;
        }
    }
    if (header == lines.size()) {
        return fail(error(Kind::NoHeader, 0,
                          "the matrix of nvidia-smi topo -m, whose header row starts with GPU0 "
                          "(GPU0 GPU1 … NIC0 … CPU Affinity NUMA Affinity); none was found",
                          ""));
    }
    const std::size_t headerLine = header + 1;
    const auto names = fields(lines[header]);
    std::vector<std::string_view> devices;
    std::vector<Trailing> trailing;
    std::int64_t gpus = 0;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto word = names[i];
        const auto next = [&](std::size_t k) { return i + k < names.size() ? names[i + k] : ""; };
        if (word == "CPU" && next(1) == "Affinity") {
            trailing.push_back(Trailing::CpuAffinity);
            ++i;
        } else if (word == "NUMA" && next(1) == "Affinity") {
            trailing.push_back(Trailing::NumaAffinity);
            ++i;
        } else if (word == "GPU" && next(1) == "NUMA" && next(2) == "ID") {
            trailing.push_back(Trailing::GpuNumaId);
            i += 2;
        } else if (!trailing.empty()) {
            return fail(error(Kind::ReorderedColumns, headerLine,
                              "the device columns (GPU0 … NIC0 …) before CPU Affinity, NUMA "
                              "Affinity and GPU NUMA ID",
                              lines[header]));
        } else if (const auto index = gpuIndex(word)) {
            if (gpus == kMaxTopoGpus) {
                // Checked before anything grows with the count: the matrix is gpus² cells.
                return fail(error(Kind::Inconsistent, headerLine,
                                  "at most " + std::to_string(kMaxTopoGpus) +
                                      " GPU columns (hardware.gpus_per_node's largest); "
                                      "this header has more",
                                  lines[header]));
            }
            if (*index != gpus || static_cast<std::int64_t>(devices.size()) != gpus) {
                return fail(error(Kind::ReorderedColumns, headerLine,
                                  "the GPU columns first and in order: GPU0 GPU1 … GPU" +
                                      std::to_string(gpus),
                                  lines[header]));
            }
            devices.push_back(word);
            ++gpus;
        } else {
            devices.push_back(word);
        }
    }
    for (std::size_t t = 0; t < trailing.size(); ++t) {
        // Each at most once: the values are kept one list per column kind, one entry per GPU.
        if (std::find(trailing.begin() + static_cast<std::ptrdiff_t>(t) + 1, trailing.end(),
                      trailing[t]) != trailing.end()) {
            return fail(error(Kind::Inconsistent, headerLine,
                              "CPU Affinity, NUMA Affinity and GPU NUMA ID at most once each",
                              lines[header]));
        }
    }
    const std::size_t deviceCount = devices.size();
    const std::size_t nicCount = deviceCount - static_cast<std::size_t>(gpus);

    // The matrix grows row by row as the rows arrive, so memory follows the text: a header of
    // many columns with few rows stays small.
    NvTopoNode node;
    node.gpus = gpus;
    std::vector<std::size_t> rowLine;
    std::map<std::string, std::string, std::less<>> legend;
    std::int64_t nextGpu = 0;
    bool inMatrix = true;
    std::size_t lastNonBlank = headerLine;
    for (std::size_t i = header + 1; i < lines.size(); ++i) {
        const std::size_t lineNo = i + 1;
        const auto f = fields(lines[i]);
        if (f.empty()) {
            inMatrix = inMatrix && nextGpu < gpus; // a blank line closes a complete matrix
            continue;
        }
        lastNonBlank = lineNo;
        if (!inMatrix) {
            // The legends: "  NIC0: mlx5_0".
            if (f.size() == 2 && f[0].size() > 1 && f[0].back() == ':') {
                legend[std::string(f[0].substr(0, f[0].size() - 1))] = std::string(f[1]);
            }
            continue;
        }
        const auto label = f.front();
        const auto index = gpuIndex(label);
        const bool nicRow =
            std::find(devices.begin() + gpus, devices.end(), label) != devices.end();
        if (!index && !nicRow) {
            if (nextGpu < gpus) {
                return fail(error(Kind::BadLine, lineNo,
                                  "row GPU" + std::to_string(nextGpu) + " of the matrix",
                                  lines[i]));
            }
            inMatrix = false; // "Legend:" or anything after the matrix
            continue;
        }
        if (index && (*index != nextGpu || nextGpu >= gpus)) { // in order, at most `gpus` rows
            return fail(error(
                *index < gpus ? Kind::ReorderedColumns : Kind::Inconsistent, lineNo,
                *index < gpus ? "the GPU rows in order: row GPU" + std::to_string(nextGpu) + " here"
                              : "no more GPU rows than GPU columns (" + std::to_string(gpus) + ")",
                lines[i]));
        }
        const std::size_t values = f.size() - 1;
        const bool withTrailing = index && values == deviceCount + trailing.size();
        if (values != deviceCount && !withTrailing) {
            std::string expected = std::to_string(deviceCount) + " link codes (one per column " +
                                   std::string(devices.front()) + " … " +
                                   std::string(devices.back()) + ")";
            if (index && !trailing.empty()) {
                expected += ", then " + std::to_string(trailing.size()) + " affinity values";
            }
            return fail(error(values < deviceCount ? Kind::Truncated : Kind::BadLine, lineNo,
                              expected + " after the label " + std::string(label), lines[i]));
        }
        for (std::size_t c = 0; c < deviceCount; ++c) {
            const auto cellToken = f[1 + c];
            const auto parsed = parseTopoCode(cellToken);
            if (!parsed) {
                return fail(error(Kind::BadLine, lineNo,
                                  std::string(kCodes) + " in column " + std::string(devices[c]),
                                  cellToken));
            }
            if (!index) {
                continue; // NIC rows repeat the GPU–NIC cells; checked for codes only
            }
            // Rows arrive in order (checked above), so appending fills row *index.
            if (c < static_cast<std::size_t>(gpus)) {
                node.gpuGpu.push_back(*parsed);
            } else {
                node.gpuNic.push_back(*parsed);
            }
        }
        if (index) {
            rowLine.push_back(lineNo);
            // A row without the affinity values gets empty ones: the lists stay one per GPU.
            for (std::size_t t = 0; t < trailing.size(); ++t) {
                const std::string value = withTrailing ? std::string(f[1 + deviceCount + t]) : "";
                switch (trailing[t]) {
                case Trailing::CpuAffinity:
                    node.cpuAffinity.push_back(value);
                    break;
                case Trailing::NumaAffinity:
                    node.numaAffinity.push_back(value);
                    break;
                case Trailing::GpuNumaId:
                    node.gpuNumaId.push_back(value);
                    break;
                }
            }
            ++nextGpu;
        }
    }
    if (nextGpu < gpus) {
        return fail(error(Kind::Truncated, lastNonBlank + 1,
                          "row GPU" + std::to_string(nextGpu) +
                              " of the matrix; the text ends inside it (the copy is incomplete)",
                          "end of text"));
    }
    // The matrix must describe a symmetric relation with X on the diagonal.
    for (std::int64_t a = 0; a < gpus; ++a) {
        const std::size_t lineNo = rowLine[static_cast<std::size_t>(a)];
        for (std::int64_t b = 0; b < gpus; ++b) {
            const auto& c = node.cell(a, b);
            if ((a == b) != (c.code == TopoCode::Self)) {
                return fail(error(Kind::Inconsistent, lineNo,
                                  a == b ? "X where row GPU" + std::to_string(a) +
                                               " meets column GPU" + std::to_string(b)
                                         : "a link code, not X, between GPU" + std::to_string(a) +
                                               " and GPU" + std::to_string(b),
                                  topoCellText(c)));
            }
            if (b < a && !(c == node.cell(b, a))) {
                return fail(error(Kind::Inconsistent, lineNo,
                                  "the same code as row GPU" + std::to_string(b) + " column GPU" +
                                      std::to_string(a) + " (" + topoCellText(node.cell(b, a)) +
                                      "): a link joins both GPUs alike",
                                  topoCellText(c)));
            }
        }
        for (std::size_t n = 0; n < nicCount; ++n) {
            // Not nicCell(): node.nics is filled below, so it would read row GPU0 every time.
            if (node.gpuNic[static_cast<std::size_t>(a) * nicCount + n].code == TopoCode::Self) {
                return fail(error(Kind::Inconsistent, lineNo,
                                  "a link code, not X, between a GPU and a NIC", "X"));
            }
        }
    }
    for (std::size_t n = 0; n < nicCount; ++n) {
        const std::string label(devices[static_cast<std::size_t>(gpus) + n]);
        const auto it = legend.find(label);
        node.nics.push_back(it == legend.end() ? label : it->second);
    }
    for (std::int64_t g = 0; g < gpus; ++g) {
        std::int64_t best = -1;
        for (std::size_t n = 0; n < nicCount; ++n) {
            const auto code = node.nicCell(g, static_cast<std::int64_t>(n)).code;
            if (best < 0 || distance(code) < distance(node.nicCell(g, best).code)) {
                best = static_cast<std::int64_t>(n);
            }
        }
        node.nearestNic.push_back(best);
    }
    return NvTopoParseResult{std::move(node), std::nullopt};
}

} // namespace simcore
