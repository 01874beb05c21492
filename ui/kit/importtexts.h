#pragma once
// What a user reads when a measurement file cannot be imported: one wording for the Topology
// panel's imports and File › Import measurements.

#include "common/files.h"
#include "simcore/import/importerror.h"

#include <QString>

namespace dtsim::ui {

/// Why `read` holds no bytes ("… does not exist. Nothing was imported."), or empty when it does.
QString fileReadProblem(const common::FileRead& read, const QString& path);

/// "FILE, line N: expected …, found “…”. Nothing was imported." (the file's name, not its path).
QString importErrorText(const QString& path, const simcore::ImportError& error);

} // namespace dtsim::ui
