#pragma once
// `dtsim import nccl-tests FILE [--json]` and `dtsim import nvidia-topo FILE [--json]`: read what
// a user measured on their own machine (topology seed) and print the numbers dtsim takes. The
// file is read here (QFile); simcore parses the text and returns values or an ImportError.

#include <QStringList>

namespace dtsim::app {

/// Runs the import sub-command. `arguments` are the program's arguments without "import"
/// (arguments[0] is the program name). Returns an ExitCode (cli.h): 2 for bad usage or a file
/// that cannot be read or imported, with "dtsim: import: FILE:LINE: …" on stderr.
int runImport(const QStringList& arguments);

} // namespace dtsim::app
