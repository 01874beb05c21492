#pragma once

#include "simcore/scenario/scenario.h"

#include <QString>

namespace dtsim::common {

/// A ScenarioError as one translated sentence that names the key and the allowed range.
QString describeError(const simcore::ScenarioError& error);

} // namespace dtsim::common
