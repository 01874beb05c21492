#include "simcore/reports/lessonanswers.h"

#include "simcore/models/checkpoint.h"
#include "simcore/models/collectives.h"
#include "simcore/models/memory.h"
#include "simcore/models/pipeline.h"
#include "simcore/models/scaling.h"

#include <limits>

namespace simcore {

Scenario lessonNodeBoundaryScenario(Scenario base)
{
    base.scaling.mode = ScalingMode::Physical;
    base.train.precision = Precision::Mixed;
    base.model.seqLen = 256;
    base.train.microBatch = 1;
    base.train.globalBatch = 16; // one sequence per GPU at N = 16
    // Data parallelism only, and one 50 GB/s InfiniBand link per node: the ring that crosses
    // the nodes runs at it (with a NIC per GPU NCCL would spread the ring over all eight).
    base.parallel.tp = 1;
    base.parallel.pp = 1;
    base.parallel.cp = 1;
    base.parallel.zero = 0;
    base.hardware.nicsPerNode = 1;
    base.hardware.nicBandwidthBytesPerSecond = 50e9;
    base.hardware.gpus = 0;
    base.scaling.workers = 16;
    base.scaling.axis = AxisScale::Linear;
    return base;
}

double lessonAnswer(LessonQuestion question)
{
    switch (question) {
    case LessonQuestion::OptimalWorkers:
        return static_cast<double>(evaluateScaling({}).optimalWorkers);
    case LessonQuestion::Fp32AdamMemory7B:
        return bytesPerParameter(Precision::Fp32, Optimizer::Adam).total() * 7e9;
    case LessonQuestion::GpipeBubble4x8:
        return gpipeBubbleFraction(4, 8);
    case LessonQuestion::RingBytesSent8Gpus1GB: {
        CollectiveParams params;
        params.workers = 8;
        params.bytes = 1e9;
        return collectiveCost(CommAlgorithm::Ring, CollectiveOp::AllReduce, params)
            .bytesSentPerWorker;
    }
    case LessonQuestion::ClusterMtbf16384Gpus:
        return clusterMtbf(5e4 * 3600, 16384).value;
    case LessonQuestion::LessonStep64Workers:
        return lessonStep(LessonParams::fromScenario({}), 64).stepSeconds;
    case LessonQuestion::NodeBoundarySlowdown: {
        // The Scaling panel's Physical mode at N = 16 and N = 8: the step the class sees.
        Scenario sixteen = lessonNodeBoundaryScenario({});
        Scenario eight = sixteen;
        eight.scaling.workers = 8;
        return evaluateScaling(sixteen).selected.stepSeconds /
               evaluateScaling(eight).selected.stepSeconds;
    }
    }
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace simcore
