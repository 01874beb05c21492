#pragma once
// The sub-command names, shared by the launcher (app/launcher.cpp, no Qt) and the command line
// (app/cli.cpp): the launcher decides from them whether the program will draw text.

#include <cstring>

namespace dtsim::app {

/// argv[1] values that run a command instead of the window.
inline constexpr const char* kSubcommands[] = {"calc",   "keys", "export",    "import",
                                               "--help", "-h",   "--version", "-v"};

/// The sub-command named by argv[1], or nullptr for the window.
inline const char* subcommand(int argc, char** argv)
{
    if (argc < 2) {
        return nullptr;
    }
    for (const char* name : kSubcommands) {
        if (std::strcmp(argv[1], name) == 0) {
            return name;
        }
    }
    return nullptr;
}

/// Whether this start lays out or draws text, and so needs the font configuration: the window
/// and `export` do; calc, keys, import, help and version print plain text only.
inline bool drawsText(int argc, char** argv)
{
    const char* command = subcommand(argc, argv);
    return command == nullptr || std::strcmp(command, "export") == 0;
}

} // namespace dtsim::app
