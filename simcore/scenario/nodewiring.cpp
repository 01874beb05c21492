#include "simcore/scenario/nodewiring.h"

#include "simcore/scenario/scenario.h" // parseNumber
#include "simcore/scenario/text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace simcore {

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
    for (const auto word : textutil::fields(text)) {
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
