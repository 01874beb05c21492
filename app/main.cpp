// dtsim: a sub-command (calc, keys, import, export, help, version) or the window.

#include "app/cli.h"
#include "app/gui.h"

#include <cstring>

int main(int argc, char** argv)
{
    if (argc >= 2 && std::strcmp(argv[1], "export") == 0) {
        return dtsim::app::runExport(argc, argv);
    }
    if (dtsim::app::isSubcommand(argc, argv)) {
        return dtsim::app::runSubcommand(argc, argv);
    }
    return dtsim::app::runGui(argc, argv);
}
