#pragma once
// Every `dtsim calc MODEL`, one file each (calc_<model>.cpp); app/cli.cpp lists them.

#include "app/calcoutput.h"

namespace dtsim::app {

int calcScaling(const simcore::Scenario& scenario, const CalcOptions& options);
int calcMemory(const simcore::Scenario& scenario, const CalcOptions& options);
/// One all-reduce of collective.bytes over collective.workers GPUs with collective.algorithm on
/// the hardware.* links (MODELS §4; nccl-tests' algbw and busbw).
int calcAllreduce(const simcore::Scenario& scenario, const CalcOptions& options);
int calcPipeline(const simcore::Scenario& scenario, const CalcOptions& options);
int calcCheckpoint(const simcore::Scenario& scenario, const CalcOptions& options);

} // namespace dtsim::app
