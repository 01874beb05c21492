#pragma once
// Built-in presets: scenario files compiled into the program as Qt resources
// (resources/presets/<id>.json → ":/presets/<id>.json"), applied on top of the defaults. The
// JSON holds only values; the translated name and description live in presets.cpp, and every
// number's source is in resources/presets/README.md.

#include "simcore/scenario/scenario.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace dtsim::common {

struct PresetInfo {
    QString id;          ///< file name without ".json", as `--preset` spells it
    QString name;        ///< translated, short enough for a menu entry
    QString description; ///< translated, one sentence saying what the preset shows
};

/// Every built-in preset, in menu order (the lesson's defaults first), with translated texts.
QList<PresetInfo> presets();

/// The ids of presets(), in the same order.
QStringList presetIds();

/// Reads ":/presets/<id>.json" through parseScenario on top of the default Scenario. On failure
/// returns nullopt and, if `error` is not null, sets it to a translated message (an unknown id
/// names the allowed ids).
std::optional<simcore::Scenario> loadPreset(const QString& id, QString* error = nullptr);

} // namespace dtsim::common
