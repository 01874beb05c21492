#include "app/cli.h"

int main(int argc, char** argv)
{
    if (dtsim::app::subcommand(argc, argv)) {
        return dtsim::app::runSubcommand(argc, argv);
    }
    return dtsim::app::runGui(argc, argv);
}
