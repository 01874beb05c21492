#pragma once
// The GPU catalogue and the model presets: published hardware figures and model shapes, each entry
// with its source (MODELS.md §7). Plain C++20, no Qt. SI units throughout.

#include "simcore/scenario/scenario.h"

#include <span>
#include <string_view>

namespace simcore {

/// Share of the dense peak a GPU's training matmuls achieve, calibrated ONCE from one published
/// run and never fitted to the validation rows (simcore/reports/validation.h): Narayanan et al.
/// 2021
/// ("Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM"), Table 2,
/// PTD-P, GPT-3 174.6B on 384 A100 (t·p = 96, b = 1, batch 1536): 153 TFLOP/s per GPU of eq. 3's
/// FLOPs. It is the efficiency with which simcore/models/training.h's model (matmuls at this share
/// of peak, memory-bound element-wise work at HBM bandwidth), with that run's layout (t = 8, p =
/// 12, d = 4, 1F1B, full recomputation, 8 × 200 Gb/s HDR NICs per node), reproduces 153 TFLOP/s
/// (tests/simcore/test_training.cpp re-derives it). Only the A100 is calibrated; every other GPU
/// uses the same share of its own peak, an assumption until a run on it is named.
inline constexpr double kCalibratedEfficiency = 0.5833;

/// One GPU model, as its vendor publishes it. All rates are peaks, never measured values.
struct GpuSpec {
    std::string_view id;          ///< catalogue id, one of the `hardware.gpu` choices
    std::string_view displayName; ///< e.g. "NVIDIA H100 SXM5 80GB"
    /// Device memory in bytes. Vendors' "80 GB" on a GPU is binary: 80 GiB = 80·2^30 bytes
    /// (nvidia-smi shows 81920 MiB on an A100 80GB), so this is the datasheet number × 2^30.
    double memoryBytes = 0;
    double bf16FlopsPerSecond = 0; ///< dense (no 2:4 sparsity) BF16 tensor peak, FLOP/s, > 0
    double fp32FlopsPerSecond = 0; ///< FP32 peak without tensor cores (CUDA cores / vector), FLOP/s
    double memoryBandwidthBytesPerSecond = 0; ///< device-memory peak, bytes/s
    std::string_view linkKind;                ///< GPU-to-GPU link inside a node, e.g. "NVLink 4"
    /// That link's peak per GPU, ONE direction (half the vendor's bidirectional figure), bytes/s.
    double linkBandwidthBytesPerSecond = 0;
    std::string_view source; ///< datasheet / whitepaper the figures come from
    /// The vendor's maximum board power (TDP / TBP), W: what the plan's energy takes per GPU
    /// when cost.gpu_power is 0. A ceiling: a GPU training at full load draws close to it.
    double tdpWatts = 0;
    std::string_view tdpSource; ///< where tdpWatts is printed
    /// Share of peak reached by training matmuls (training.h); see kCalibratedEfficiency.
    double trainingEfficiency = kCalibratedEfficiency;
};

/// Every catalogue entry, in the order of the `hardware.gpu` choices. Static storage.
std::span<const GpuSpec> gpuCatalogue();

/// The entry with this id, or nullptr. The pointer refers to static storage and stays valid.
const GpuSpec* findGpu(std::string_view id);

/// A published model: its shape (for activations and FLOPs) and its parameter count.
struct ModelPreset {
    std::string_view id;   ///< e.g. "llama2-7b"
    std::string_view name; ///< e.g. "Llama 2 7B"
    /// params, layers, hidden, heads, seqLen (training context), vocab: ready to copy into
    /// Scenario::model. params is the published count (or the released checkpoint's exact count).
    ModelSpec model;
    std::string_view source; ///< paper and table the shape comes from
};

/// Every preset, smallest first. Static storage.
std::span<const ModelPreset> modelPresets();

/// The preset with this id, or nullptr. The pointer refers to static storage.
const ModelPreset* findModelPreset(std::string_view id);

} // namespace simcore
