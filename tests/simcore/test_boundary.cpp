// simcore must stay free of Qt (STYLE.md: the boundary eroded in KDE Step with one include), and
// its folders are layers (simcore/MAP.md): a file includes only its own layer and those below.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

const std::filesystem::path kSimcore = DTSIM_SOURCE_DIR "/simcore";

// Lowest first, as MAP.md lists them.
constexpr std::array<std::string_view, 7> kLayers = {"scenario", "models", "montecarlo", "import",
                                                     "reports",  "plan",   "views"};

std::vector<std::filesystem::path> simcoreSources()
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kSimcore)) {
        const auto extension = entry.path().extension();
        if (entry.is_regular_file() && (extension == ".h" || extension == ".cpp")) {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

/// The layer's index of a folder directly under simcore/, or -1.
int layerOf(const std::string& folder)
{
    const auto found = std::find(kLayers.begin(), kLayers.end(), folder);
    return found == kLayers.end() ? -1 : static_cast<int>(found - kLayers.begin());
}

} // namespace

TEST_CASE("no simcore file includes Qt, in any folder", "[boundary]")
{
    const std::regex qtInclude(R"(#\s*include\s*[<"](Q[A-Za-z]|qt))");
    int filesRead = 0;
    for (const auto& path : simcoreSources()) {
        std::ifstream file(path);
        std::string line;
        int lineNumber = 0;
        while (std::getline(file, line)) {
            ++lineNumber;
            INFO(path.lexically_relative(kSimcore).string() << ":" << lineNumber << ": " << line);
            CHECK_FALSE(std::regex_search(line, qtInclude));
        }
        ++filesRead;
    }
    CHECK(filesRead >= 60); // the subfolders are read too
}

TEST_CASE("every simcore file sits in a layer and includes none above it", "[boundary]")
{
    const std::regex simcoreInclude(R"(#\s*include\s*"simcore/([a-z]+)/)");
    for (const auto& path : simcoreSources()) {
        const auto relative = path.lexically_relative(kSimcore);
        const std::string folder = relative.begin()->string();
        INFO(relative.string());
        const int own = layerOf(folder);
        REQUIRE(own >= 0); // no file loose in simcore/ or in a folder MAP.md does not name
        std::ifstream file(path);
        std::string line;
        while (std::getline(file, line)) {
            std::smatch match;
            if (std::regex_search(line, match, simcoreInclude)) {
                INFO(line);
                const int included = layerOf(match[1].str());
                CHECK(included >= 0);
                CHECK(included <= own);
            }
        }
    }
}
