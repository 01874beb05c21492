#pragma once
// The scenario of one-GPU figures, for the simcore, ui and cli tests alike.

#include "simcore/scenario/scenario.h"

namespace testing {

/// Seed lesson §1 on one GPU: the default 7B model in FP32 + Adam with dp = tp = pp = 1, no
/// recomputation and 512 sequences per step. Tests of one-GPU figures set this explicitly: the
/// defaults split the model over 32 GPUs (DESIGN.md, "Defaults that teach").
inline simcore::Scenario oneGpuScenario()
{
    simcore::Scenario s;
    s.parallel.dp = 1;
    s.parallel.tp = 1;
    s.parallel.pp = 1;
    s.train.recompute = simcore::Recompute::None;
    s.train.globalBatch = 512;
    return s;
}

} // namespace testing
