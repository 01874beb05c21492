#pragma once
// `dtsim plan [--scenario FILE | --preset ID] [--set KEY=VALUE]... [--json] [--top K]`: the
// planner's ranked layouts for hardware.gpus GPUs (simcore/plan/planner.h), as a table or one JSON
// object. Qt Core only, like calc.

#include "simcore/plan/planner.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace dtsim::app {

/// Runs the plan sub-command. `arguments` are the program's arguments without "plan"
/// (arguments[0] is the program name). Returns an ExitCode (cli.h).
int runPlan(const QStringList& arguments);

/// `dtsim plan --help`.
QString planUsage();

} // namespace dtsim::app
