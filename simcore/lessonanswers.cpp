#include "simcore/lessonanswers.h"

#include "simcore/checkpoint.h"
#include "simcore/collectives.h"
#include "simcore/memory.h"
#include "simcore/physicalscaling.h"
#include "simcore/pipeline.h"
#include "simcore/scaling.h"

#include <limits>

namespace simcore {

Scenario lessonNodeBoundaryScenario(Scenario base)
{
    base.scaling.mode = ScalingMode::Physical;
    base.train.precision = Precision::Mixed;
    base.model.seqLen = 256;
    base.train.globalBatch = 8;
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
        // The default catalogue has H100 SXM: the parameters always exist.
        const auto params = physicalParamsFromScenario(lessonNodeBoundaryScenario({}));
        if (!params) {
            return std::numeric_limits<double>::quiet_NaN();
        }
        return physicalStep(*params, 16).stepSeconds / physicalStep(*params, 8).stepSeconds;
    }
    }
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace simcore
