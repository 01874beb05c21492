#pragma once
// Every `dtsim calc MODEL`, one file each (calc_<model>.cpp); app/cli.cpp lists them.

#include "app/calcoutput.h"

namespace dtsim::app {

// The seven views, each printing its report (simcore/reports/report.h).
int calcScaling(const simcore::Scenario& scenario, const CalcOptions& options);
int calcMemory(const simcore::Scenario& scenario, const CalcOptions& options);
int calcParallelism(const simcore::Scenario& scenario, const CalcOptions& options);
int calcPipeline(const simcore::Scenario& scenario, const CalcOptions& options);
int calcCommunication(const simcore::Scenario& scenario, const CalcOptions& options);
int calcTopology(const simcore::Scenario& scenario, const CalcOptions& options);
int calcCheckpoint(const simcore::Scenario& scenario, const CalcOptions& options);
/// One all-reduce of collective.bytes over collective.workers GPUs with collective.algorithm on
/// the hardware.* links (MODELS §4; nccl-tests' algbw and busbw).
/// Goodput at scale (MODELS §9): failures, checkpoints and stragglers priced together.
int calcGoodput(const simcore::Scenario& scenario, const CalcOptions& options);
int calcAllreduce(const simcore::Scenario& scenario, const CalcOptions& options);
/// The step time of the scenario's dp × tp × pp × cp layout (simcore/models/training.h).
int calcTraining(const simcore::Scenario& scenario, const CalcOptions& options);
/// The planner's report (simcore/plan/planner.h): the best layout's quantities; `dtsim plan` lists
/// the layouts.
int calcPlan(const simcore::Scenario& scenario, const CalcOptions& options);
/// `dtsim validate`: the published runs of simcore/reports/validation.h, published vs predicted.
int runValidation(bool json);

} // namespace dtsim::app
