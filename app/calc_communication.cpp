#include "app/calcmodels.h"

namespace dtsim::app {

int calcCommunication(const simcore::Scenario& scenario, const CalcOptions& options)
{
    return printCommunication(scenario, options, QStringLiteral("communication"));
}

} // namespace dtsim::app
