#pragma once
// `dtsim calc allreduce`: one all-reduce of collective.bytes over collective.workers GPUs with
// collective.algorithm on the hardware.* links (MODELS §4; nccl-tests' algbw and busbw).

#include "app/calcoutput.h"

namespace dtsim::app {

/// Prints the cost as a table or (options.json) one JSON object; returns an ExitCode (cli.h).
int calcAllreduce(const simcore::Scenario& scenario, const CalcOptions& options);

} // namespace dtsim::app
