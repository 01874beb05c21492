#pragma once
// The lesson guide's questions (seed lesson §1–5 and the topology seed) answered by the models:
// the guide shows these numbers in its own units and computes none of its own.

#include "simcore/scenario/scenario.h"

namespace simcore {

/// The questions the lesson guide asks, in its order.
enum class LessonQuestion {
    /// Seed lesson §5: the lesson model's fastest N with its default constants (workers).
    OptimalWorkers,
    /// Seed lesson §1: model states of 7e9 parameters in FP32 with Adam, before activations:
    /// 7e9 × 16 bytes (MODELS §2). Bytes.
    Fp32AdamMemory7B,
    /// Seed lesson §2: GPipe's bubble with p = 4 stages and m = 8 micro-batches, as a share of
    /// the step: (p − 1)/(m + p − 1) (Huang et al. 2019; MODELS §5). Fraction.
    GpipeBubble4x8,
    /// Seed lesson §3: bytes each of 8 GPUs sends in a ring all-reduce of 1 GB:
    /// 2(N − 1)/N · S (MODELS §4). Bytes.
    RingBytesSent8Gpus1GB,
    /// Seed lesson §3: MTBF of a job on 16,384 GPUs that each fail once in 50,000 h: GPU MTBF / N
    /// (MODELS §6). Seconds.
    ClusterMtbf16384Gpus,
    /// Seed lesson §4: the lesson model's step on 64 workers with its default constants (MODELS
    /// §1). Seconds.
    LessonStep64Workers,
    /// Topology seed: the Physical model's step on 16 GPUs (two nodes) over its step on 8 (one
    /// node), for lessonNodeBoundaryScenario. A ratio.
    NodeBoundarySlowdown,
};

/// The topology question's scenario: the Physical model in mixed precision with 256-token
/// sequences and a global batch of 8 (so that communication matters), 16 workers on a linear
/// axis; every other key of `base` is kept (the default model is 7B on H100s).
Scenario lessonNodeBoundaryScenario(Scenario base);

/// The model's answer to `question`, in the unit its description names.
double lessonAnswer(LessonQuestion question);

} // namespace simcore
