#pragma once
// The commands that draw: `dtsim export` (off screen when there is no display) and the window.

class QWidget;

namespace dtsim::app {

/// `dtsim export …`: draws one view or every view into files; returns an ExitCode (cli.h).
int runExport(int argc, char** argv);

/// Called with the window just before it is first shown (the benchmark times the first frame).
using WindowHook = void (*)(QWidget* window);

/// Starts the window. Without a display it explains how to export instead.
int runGui(int argc, char** argv, WindowHook beforeShow = nullptr);

} // namespace dtsim::app
