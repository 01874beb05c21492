// simcore must stay free of Qt (STYLE.md: the boundary eroded in KDE Step with one include).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

TEST_CASE("no simcore file includes Qt", "[boundary]")
{
    const std::filesystem::path folder = DTSIM_SOURCE_DIR "/simcore";
    const std::regex qtInclude(R"(#\s*include\s*[<"](Q[A-Za-z]|qt))");
    int filesRead = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".h" && entry.path().extension() != ".cpp") {
            continue;
        }
        std::ifstream file(entry.path());
        std::string line;
        int lineNumber = 0;
        while (std::getline(file, line)) {
            ++lineNumber;
            INFO(entry.path().filename().string() << ":" << lineNumber << ": " << line);
            CHECK_FALSE(std::regex_search(line, qtInclude));
        }
        ++filesRead;
    }
    CHECK(filesRead >= 4);
}
