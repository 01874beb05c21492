#pragma once
// Scenario files: versioned JSON, {"format": "dtsim-scenario", "version": 1, "values": {...}},
// the same keys and values as `--set` and `dtsim keys`.

#include "simcore/scenario/scenario.h"

#include <QString>
#include <optional>

namespace dtsim::common {

constexpr int kScenarioFileVersion = 1;

struct ScenarioFileResult {
    std::optional<simcore::Scenario> scenario; ///< set when the whole file applied cleanly
    QString error;                             ///< translated, names the line and key
    /// The file is there but could not be read (permissions, a loop of symbolic links, an I/O
    /// error): a failure of the system, not a mistake in the file or its name.
    bool unreadable = false;
};

/// Reads a file and applies its values on top of `base`; nothing is applied unless all is valid.
ScenarioFileResult loadScenarioFile(const QString& path, const simcore::Scenario& base = {});
/// Parses file contents (for tests and the fuzzer); `sourceName` appears in messages.
ScenarioFileResult parseScenario(const QByteArray& contents, const QString& sourceName,
                                 const simcore::Scenario& base = {});
/// Every key with its value, as JSON text.
QByteArray serializeScenario(const simcore::Scenario& scenario);
/// Writes atomically; returns a translated error or an empty string.
QString saveScenarioFile(const QString& path, const simcore::Scenario& scenario);

} // namespace dtsim::common
