// dtsim: a sub-command (calc, keys, import, export, help, version) or the window.

#include "app/cli.h"

int main(int argc, char** argv)
{
    if (dtsim::app::isSubcommand(argc, argv)) {
        return dtsim::app::runSubcommand(argc, argv);
    }
    return dtsim::app::runGui(argc, argv);
}
