#pragma once
// The command line: `calc`, `keys` and `export` run without a window; anything else starts the
// GUI. Exit status: 0 success, 2 bad usage or input (one line on stderr), 1 anything else.

class QWidget;

namespace dtsim::app {

enum ExitCode { kSuccess = 0, kFailure = 1, kBadInput = 2 };

/// Whether argv[1] names a sub-command (calc, keys, export, import, --help, --version) rather
/// than the window's options.
bool isSubcommand(int argc, char** argv);

/// Runs a sub-command. Creates only a QCoreApplication for calc/keys/help/version, and a
/// QApplication (off screen when there is no display) for export.
int runSubcommand(int argc, char** argv);

/// Called with the window just before it is first shown (the benchmark times the first frame).
using WindowHook = void (*)(QWidget* window);

/// Starts the window. Without a display it explains how to export instead.
int runGui(int argc, char** argv, WindowHook beforeShow = nullptr);

} // namespace dtsim::app
