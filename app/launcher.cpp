// The dtsim executable. It loads the program (app/program.cpp, with Qt and everything else) as a
// library so that the system's font configuration can be read on a second thread meanwhile: the
// two are the largest parts of a cold start that depend on nothing else (fontconfig parses every
// configuration file and font cache, ~28 M instructions; the dynamic loader relocates Qt and the
// program, ~23 M), and an executable linked to Qt cannot run code of its own until the loader has
// finished. Qt later finds the configuration read (FcInit is idempotent and thread-safe).
//
// Only libc: every library in the launcher's scope is searched first by every symbol lookup the
// loader does for Qt. No Qt, no C++ runtime, no exceptions.

#include "app/commands.h"

#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <unistd.h>

namespace {

/// Reads the configuration of the fontconfig library `fontconfig` (a dlopen handle).
void* readFontConfiguration(void* fontconfig)
{
    if (auto* init = reinterpret_cast<int (*)()>(dlsym(fontconfig, "FcInit"))) {
        init();
    }
    return nullptr;
}

/// The program library's path, found from this executable's own (symbolic links resolved): next
/// to it in a build, `../<libdir>/dtsim/` when installed. False if neither exists; `tried` then
/// says where it looked.
bool findProgramLibrary(char (&path)[PATH_MAX], char (&tried)[2 * PATH_MAX + 8])
{
    char directory[PATH_MAX];
    const ssize_t length = readlink("/proc/self/exe", directory, sizeof directory - 1);
    if (length <= 0) {
        std::snprintf(tried, sizeof tried, "(/proc/self/exe is unreadable)");
        return false;
    }
    directory[length] = '\0';
    if (char* slash = std::strrchr(directory, '/')) {
        *slash = '\0';
    }
    char built[PATH_MAX];
    char installed[PATH_MAX];
    const int builtLength =
        std::snprintf(built, sizeof built, "%s/%s", directory, DTSIM_PROGRAM_LIBRARY);
    const int installedLength =
        std::snprintf(installed, sizeof installed, "%s/../%s/dtsim/%s", directory,
                      DTSIM_INSTALL_LIBDIR, DTSIM_PROGRAM_LIBRARY);
    if (builtLength < 0 || builtLength >= PATH_MAX || installedLength < 0 ||
        installedLength >= PATH_MAX) {
        std::snprintf(tried, sizeof tried, "(the directory's path is too long)");
        return false;
    }
    std::snprintf(tried, sizeof tried, "%s and %s", built, installed);
    const char* const candidates[] = {built, installed};
    for (const char* candidate : candidates) {
        if (access(candidate, F_OK) == 0) {
            std::memcpy(path, candidate, std::strlen(candidate) + 1);
            return true;
        }
    }
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    // fontconfig is loaded here, before the thread starts: the loader takes one lock for a whole
    // dlopen, so loading it on the thread would only queue behind the program's load. Kept open:
    // the program links fontconfig too, and Qt goes on with the configuration read here.
    pthread_t reader;
    bool reading = false;
    if (dtsim::app::drawsText(argc, argv)) {
        if (void* fontconfig = dlopen("libfontconfig.so.1", RTLD_NOW | RTLD_LOCAL)) {
            reading = pthread_create(&reader, nullptr, readFontConfiguration, fontconfig) == 0;
        }
    }
    char path[PATH_MAX];
    char tried[2 * PATH_MAX + 8];
    const bool found = findProgramLibrary(path, tried);
    void* program = found ? dlopen(path, RTLD_LAZY | RTLD_LOCAL) : nullptr;
    // Joined before the program runs: Qt changes the environment as it starts, and fontconfig
    // reads it while it loads. Until here this thread only loaded libraries.
    if (reading) {
        pthread_join(reader, nullptr);
    }
    if (!found) {
        std::fprintf(stderr,
                     "dtsim: its program library %s is missing (looked for %s); reinstall "
                     "dtsim or build the dtsim target again.\n",
                     DTSIM_PROGRAM_LIBRARY, tried);
        return 1;
    }
    if (program == nullptr) {
        std::fprintf(stderr, "dtsim: cannot load its program library: %s\n", dlerror());
        return 1;
    }
    auto* entry = reinterpret_cast<int (*)(int, char**)>(dlsym(program, "dtsim_main"));
    if (entry == nullptr) {
        std::fprintf(stderr, "dtsim: %s is not dtsim's program library: %s\n", path, dlerror());
        return 1;
    }
    return entry(argc, argv);
}
