// The program the launcher (app/launcher.cpp) loads: the command line and the window.

#include "app/cli.h"
#include "app/commands.h"

/// The launcher's only way in (the library exports nothing else).
extern "C" __attribute__((visibility("default"))) int dtsim_main(int argc, char** argv)
{
    if (dtsim::app::subcommand(argc, argv)) {
        return dtsim::app::runSubcommand(argc, argv);
    }
    return dtsim::app::runGui(argc, argv);
}
