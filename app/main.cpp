// dtsim: a sub-command (calc, keys, import, export, help, version) or the window.

#include "app/cli.h"
#include "app/gui.h"

#include <QString>
#include <cstdio>
#include <cstring>

namespace {

/// What a command printed must reach its reader: a lost write is a failure (exit 1).
int withStandardOutputChecked(int status)
{
    return dtsim::app::standardOutputWritten() || status != dtsim::app::kSuccess
               ? status
               : dtsim::app::kFailure;
}

} // namespace

int main(int argc, char** argv)
{
    // Before any command reads its arguments: Qt would replace bytes that are not UTF-8.
    if (const QString problem = dtsim::app::unrepresentableArgumentMessage(argc, argv);
        !problem.isEmpty()) {
        std::fprintf(stderr, "dtsim: %s\n", problem.toLocal8Bit().constData());
        return dtsim::app::kBadInput;
    }
    if (argc >= 2 && std::strcmp(argv[1], "export") == 0) {
        return withStandardOutputChecked(dtsim::app::runExport(argc, argv));
    }
    if (dtsim::app::isSubcommand(argc, argv)) {
        return withStandardOutputChecked(dtsim::app::runSubcommand(argc, argv));
    }
    if (const QString unknown = dtsim::app::unknownCommandMessage(argc, argv); !unknown.isEmpty()) {
        std::fprintf(stderr, "dtsim: %s\n", unknown.toLocal8Bit().constData());
        return dtsim::app::kBadInput;
    }
    return dtsim::app::runGui(argc, argv);
}
