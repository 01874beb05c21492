#pragma once
// Inputs several model tests build alike.

#include "simcore/models/checkpoint.h"
#include "simcore/models/collectives.h"
#include "simcore/scenario/scenario.h"

#include <cstdint>

namespace testing {

/// One node of 8 GPUs with α = 5 µs, B = 100 GB/s (inter α = 10 µs, B = 50 GB/s); S = 1 GB. Then
/// S/B = 0.01 s.
inline simcore::CollectiveParams oneNode(std::int64_t workers)
{
    simcore::CollectiveParams p;
    p.workers = workers;
    p.bytes = 1e9;
    p.intra = {5e-6, 100e9};
    p.inter = {1e-5, 50e9};
    p.gpusPerNode = 8;
    return p;
}

/// Two levels: intra α = 2 µs, B = 400 GB/s; inter α = 10 µs, B = 50 GB/s; 8 GPUs per node;
/// S = 1.6 GB so that S/g = 0.2 GB.
inline simcore::CollectiveParams twoLevel(std::int64_t workers)
{
    simcore::CollectiveParams p;
    p.workers = workers;
    p.bytes = 1.6e9;
    p.intra = {2e-6, 400e9};
    p.inter = {1e-5, 50e9};
    p.gpusPerNode = 8;
    return p;
}

/// A checkpoint job of 1,024 GPUs (the defaults' job before it had to be a layout): the default
/// layout (tp 2 × pp 4) with a global batch of 1,024 sequences, so that N = 1024 is dp = 128 with
/// m = 8 micro-batches; M = 1.8e8 s / 1024 = 175,781.25 s, W = 14 days given, δ = 60 s, R = 600 s,
/// τ = 3600 s.
inline simcore::Scenario thousandGpuJob()
{
    simcore::Scenario s;
    s.train.globalBatch = 1024;
    s.checkpoint.gpus = 1024;
    s.checkpoint.workSeconds = 14 * 86400.0;
    return s;
}

/// The checkpoint model's inputs: τ, δ, R, M, W (seconds).
inline simcore::CheckpointParams checkpointParams(double tau, double delta, double restart,
                                                  double mtbf, double work)
{
    simcore::CheckpointParams p;
    p.intervalSeconds = tau;
    p.writeSeconds = delta;
    p.restartSeconds = restart;
    p.mtbfSeconds = mtbf;
    p.workSeconds = work;
    return p;
}

} // namespace testing
