#include "simcore/nvtopoimport.h"

#include "simcore/scenario.h" // parseNumber

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace simcore {

namespace {

using Kind = ImportError::Kind;
using importtext::error;
using importtext::fields;
using importtext::trim;

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

std::optional<TopoCell> parseTopoCode(std::string_view token)
{
    if (token == "X") {
        return TopoCell{TopoCode::Self, 0};
    }
    if (token.starts_with("NV") && token.size() > 2) {
        const auto count = token.substr(2);
        if (std::all_of(count.begin(), count.end(),
                        [](unsigned char c) { return std::isdigit(c) != 0; })) {
            const double n = parseNumber(count).value_or(0); // 0: more digits than a double
            if (n >= 1 && n <= 64) {
                return TopoCell{TopoCode::NvLink, static_cast<int>(n)};
            }
        }
        return std::nullopt;
    }
    constexpr std::array<std::pair<std::string_view, TopoCode>, 6> kWords{{{"PIX", TopoCode::Pix},
                                                                           {"PXB", TopoCode::Pxb},
                                                                           {"PHB", TopoCode::Phb},
                                                                           {"NODE", TopoCode::Node},
                                                                           {"SYS", TopoCode::Sys},
                                                                           {"SOC", TopoCode::Sys}}};
    for (const auto& [word, code] : kWords) {
        if (token == word) {
            return TopoCell{code, 0};
        }
    }
    return std::nullopt;
}

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

std::string topoCellText(const TopoCell& cell)
{
    if (cell.code == TopoCode::NvLink) {
        return "NV" + std::to_string(cell.nvlinks);
    }
    return std::string(topoCodeText(cell.code));
}

std::string_view topoCodeText(TopoCode code)
{
    switch (code) {
    case TopoCode::Self:
        return "X";
    case TopoCode::NvLink:
        return "NV";
    case TopoCode::Pix:
        return "PIX";
    case TopoCode::Pxb:
        return "PXB";
    case TopoCode::Phb:
        return "PHB";
    case TopoCode::Node:
        return "NODE";
    case TopoCode::Sys:
        return "SYS";
    }
    return "SYS";
}

const TopoCell& NvTopoNode::cell(std::int64_t a, std::int64_t b) const
{
    return gpuGpu[static_cast<std::size_t>(a * gpus + b)];
}

const TopoCell& NvTopoNode::nicCell(std::int64_t gpu, std::int64_t nic) const
{
    return gpuNic[static_cast<std::size_t>(gpu * static_cast<std::int64_t>(nics.size()) + nic)];
}

bool NvTopoNode::nvswitch() const
{
    if (gpus < 3) {
        return false;
    }
    const TopoCell first = cell(0, 1);
    if (first.code != TopoCode::NvLink) {
        return false;
    }
    for (std::int64_t a = 0; a < gpus; ++a) {
        for (std::int64_t b = 0; b < gpus; ++b) {
            if (a != b && !(cell(a, b) == first)) {
                return false;
            }
        }
    }
    return true;
}

std::int64_t NvTopoNode::gpuNics() const
{
    std::int64_t near = 0;
    for (std::size_t n = 0; n < nics.size(); ++n) {
        for (std::int64_t g = 0; g < gpus; ++g) {
            const auto code = nicCell(g, static_cast<std::int64_t>(n)).code;
            if (code == TopoCode::Pix || code == TopoCode::Pxb) {
                ++near;
                break;
            }
        }
    }
    return near > 0 ? near : static_cast<std::int64_t>(nics.size());
}

NvTopoParseResult parseNvidiaTopo(std::string_view bytes)
{
    const auto fail = [](ImportError e) { return NvTopoParseResult{std::nullopt, std::move(e)}; };
    const std::string text = importtext::decode(bytes);
    std::vector<std::string> lines;
    for (const auto line : importtext::lines(text)) {
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

NvTopoChoice nvTopoChoice(const NvTopoNode& node, const NvTopoOptions& options)
{
    int most = 0;
    for (const auto& cell : node.gpuGpu) {
        most = std::max(most, cell.nvlinks);
    }
    NvTopoChoice choice;
    choice.nvlinkId = !options.nvlinkId.empty() ? options.nvlinkId
                      : most >= 18              ? std::string_view("nvlink4")
                                                : std::string_view("nvlink3");
    choice.pcieId = !options.pcieId.empty()                    ? options.pcieId
                    : most > 0 && choice.nvlinkId != "nvlink3" ? std::string_view("pcie5-x16")
                                                               : std::string_view("pcie4-x16");
    return choice;
}

std::optional<ClusterTopology> nvTopoCluster(const NvTopoNode& node, const NvTopoOptions& options)
{
    const NvTopoChoice choice = nvTopoChoice(node, options);
    const LinkSpec* nic = findTopologyLink(options.nicId);
    if (!nic || !findTopologyLink(choice.pcieId) || nvlinkBandwidthPerLink(choice.nvlinkId) <= 0) {
        return std::nullopt;
    }
    const bool nvswitch = node.nvswitch();
    ClusterTopology cluster;
    cluster.id = "imported";
    cluster.name = "Imported node (nvidia-smi topo -m)";
    cluster.nodes = 1;
    cluster.node.gpus = node.gpus;
    cluster.node.nics = node.gpuNics();
    cluster.nic = nic->link;
    cluster.nicId = nic->id;
    cluster.source = "nvidia-smi topo -m";
    cluster.node.pairs.resize(node.gpuGpu.size());
    for (std::int64_t a = 0; a < node.gpus; ++a) {
        for (std::int64_t b = 0; b < node.gpus; ++b) {
            const TopoCell& cell = node.cell(a, b);
            std::optional<PairLink> link;
            switch (cell.code) {
            case TopoCode::Self:
            case TopoCode::Phb:
            case TopoCode::Node:
                link = makePairLink(LinkKind::PcieHostBridge, choice.pcieId);
                break;
            case TopoCode::NvLink:
                link = makePairLink(nvswitch ? LinkKind::NvSwitch : LinkKind::NvLink,
                                    choice.nvlinkId, cell.nvlinks);
                break;
            case TopoCode::Pix:
            case TopoCode::Pxb:
                link = makePairLink(LinkKind::PcieSwitch, choice.pcieId);
                break;
            case TopoCode::Sys:
                link = makePairLink(LinkKind::CpuInterconnect, choice.pcieId, 0, options.socketId);
                break;
            }
            if (!link) {
                return std::nullopt;
            }
            cluster.node.pairs[static_cast<std::size_t>(a * node.gpus + b)] = *link;
        }
    }
    return cluster;
}

TopologyAllReduce nvTopoRing(const ClusterTopology& cluster)
{
    return topologyAllReduce(cluster, cluster.totalGpus(), 1e9, CommAlgorithm::Ring);
}

std::string nvTopoWiringText(const NvTopoNode& node)
{
    std::string text;
    for (std::int64_t a = 0; a < node.gpus; ++a) {
        for (std::int64_t b = a + 1; b < node.gpus; ++b) {
            text += (text.empty() ? "" : " ") + topoCellText(node.cell(a, b));
        }
    }
    return text;
}

NvTopoWiring parseNvTopoWiring(std::string_view text)
{
    NvTopoWiring result;
    std::vector<TopoCell> cells;
    // Never more words than the largest node has pairs: a huge text is refused by its count
    // without keeping all of it.
    constexpr std::size_t kMostCodes = kMaxWiringGpus * (kMaxWiringGpus - 1) / 2;
    std::size_t words = 0;
    for (const auto word : fields(text)) {
        ++words;
        if (cells.size() == kMostCodes) {
            continue; // counted only
        }
        std::string upper(word);
        std::transform(upper.begin(), upper.end(), upper.begin(),
                       [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
        const auto cell = parseTopoCode(upper);
        if (!cell || cell->code == TopoCode::Self) {
            result.problem = std::string(word.substr(0, 40));
            return result;
        }
        cells.push_back(*cell);
    }
    if (words == 0) {
        return result; // empty: no node, no problem
    }
    // g(g−1)/2 = n  →  g = (1 + √(1 + 8n)) / 2, whole.
    std::int64_t gpus = 2;
    while (gpus * (gpus - 1) / 2 < static_cast<std::int64_t>(words)) {
        ++gpus;
    }
    if (gpus * (gpus - 1) / 2 != static_cast<std::int64_t>(words) || gpus > kMaxWiringGpus) {
        result.problem = std::to_string(words) + (words == 1 ? " code" : " codes");
        return result;
    }
    NvTopoNode node;
    node.gpus = gpus;
    node.gpuGpu.assign(static_cast<std::size_t>(gpus * gpus), TopoCell{TopoCode::Self, 0});
    std::size_t next = 0;
    for (std::int64_t a = 0; a < gpus; ++a) {
        for (std::int64_t b = a + 1; b < gpus; ++b) {
            node.gpuGpu[static_cast<std::size_t>(a * gpus + b)] = cells[next];
            node.gpuGpu[static_cast<std::size_t>(b * gpus + a)] = cells[next];
            ++next;
        }
    }
    result.node = std::move(node);
    return result;
}

} // namespace simcore
