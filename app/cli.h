#pragma once
// The command line without a window: `calc`, `keys`, `import`, `--help`, `--version` need only
// Qt Core (this library links no widgets); `export` and the window are app/gui.h. Exit status:
// 0 success, 2 bad usage or input (one line on stderr), 1 anything else: a file that is there
// but cannot be read or written (permissions, an I/O error, a full disk), standard output lost.

#include "simcore/scenario/scenario.h"

#include <QString>
#include <QStringList>
#include <optional>

class QCommandLineParser;

namespace dtsim::app {

enum ExitCode { kSuccess = 0, kFailure = 1, kBadInput = 2 };

/// Whether argv[1] names a sub-command (calc, keys, export, import, --help, --version) rather
/// than the window's options.
bool isSubcommand(int argc, char** argv);

/// Runs a sub-command other than `export` with a QCoreApplication only.
int runSubcommand(int argc, char** argv);

/// When argv[1] is a word that is neither a sub-command nor an option ("cacl", "", "bogus"):
/// the one line that says so, with the nearest command when one is close; else empty. The
/// window takes options only, so such a word is bad usage, found before any display is needed.
QString unknownCommandMessage(int argc, char** argv);

/// Flushes standard output; false (with one line on stderr) when anything written to it was
/// lost: a full disk, a closed pipe, /dev/full.
bool standardOutputWritten();

// What `export` and the window share with the commands above.

/// Application name, organisation (QSettings) and version.
void setApplicationInfo();
/// The views `dtsim export --panel` draws, in SPEC order.
QStringList exportViewIds();
/// `dtsim --help`.
QString usage();
/// `dtsim calc --help`.
QString calcUsage();
/// `dtsim export --help`.
QString exportUsage();
/// `dtsim keys --help`.
QString keysUsage();
/// False (with one line on stderr) when an option other than --set was given more than once:
/// the last would win silently, and an earlier bad value would never be looked at.
bool optionsGivenOnce(const QCommandLineParser& parser);
/// --scenario, --preset and --set.
void addScenarioOptions(QCommandLineParser& parser);
/// Parses with a one-line error on stderr; false on bad usage.
bool parseArguments(QCommandLineParser& parser, const QStringList& arguments);
/// The scenario from --preset or --scenario, then every --set in order, validated; nullopt
/// (with the first problem on stderr) when anything is wrong. `status`, when given, is set to the
/// exit status that problem deserves: kFailure for a --scenario file that is there but cannot be
/// read (permissions, an I/O error), kBadInput otherwise.
std::optional<simcore::Scenario> scenarioFrom(const QCommandLineParser& parser,
                                              int* status = nullptr);
/// When an argument is not text in the system's encoding (UTF-8), e.g. a file name with the
/// Latin-1 byte \xE9: the one line that names it and refuses it, else empty. Qt would turn
/// such bytes into U+FFFD, and the name into another file's.
QString unrepresentableArgumentMessage(int argc, char** argv);
/// --lang, else the remembered language, else the system's; false (with a message) for a bad
/// --lang.
bool applyLanguageOption(const QCommandLineParser& parser, const QString& remembered);
/// Whether a display (or a chosen Qt platform) is there to draw on.
bool hasDisplay();

} // namespace dtsim::app
