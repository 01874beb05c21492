#include "simcore/scenario/catalogue.h"

#include <array>

namespace simcore {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kTera = 1e12;
constexpr double kGiga = 1e9;

// Conventions for every entry:
// - BF16 is the dense tensor-core peak: vendors print "with sparsity" figures that are 2× this.
// - Link bandwidth is per GPU, one direction: vendors print the bidirectional total, 2× this.
//   PCIe 4.0 x16 = 16 GT/s × 16 lanes ≈ 32 GB/s one way (31.5 after 128b/130b encoding; vendors
//   print "64 GB/s" bidirectional); PCIe 5.0 x16 ≈ 64 GB/s one way.
// - Memory is the datasheet's "GB" read as GiB (see GpuSpec::memoryBytes).
constexpr std::array<GpuSpec, 8> kGpus{{
    // NVIDIA Ada GPU Architecture whitepaper (v2.01), appendix table for GeForce RTX 4090:
    // peak BF16 tensor TFLOPS with FP32 accumulate 165.2 (330.4 sparse); peak FP32 82.6 TFLOPS;
    // 24 GB GDDR6X at 1008 GB/s. No NVLink: GPUs talk over PCIe 4.0 x16.
    {"rtx4090", "NVIDIA GeForce RTX 4090", 24 * kGiB, 165.2 * kTera, 82.6 * kTera, 1008 * kGiga,
     "PCIe 4.0 x16 (no NVLink)", 32 * kGiga,
     "NVIDIA Ada GPU Architecture whitepaper, RTX 4090 specifications table", 450,
     "NVIDIA GeForce RTX 4090 specifications: total graphics power 450 W"},
    // NVIDIA A100 Tensor Core GPU datasheet (2021), A100 40GB SXM column: BF16 tensor 312 TFLOPS
    // (624 sparse), FP32 19.5 TFLOPS, HBM2 1,555 GB/s, NVLink 3 600 GB/s (bidirectional).
    {"a100-40", "NVIDIA A100 SXM4 40GB", 40 * kGiB, 312 * kTera, 19.5 * kTera, 1555 * kGiga,
     "NVLink 3 (12 links)", 300 * kGiga, "NVIDIA A100 Tensor Core GPU datasheet, 40GB SXM", 400,
     "NVIDIA A100 Tensor Core GPU datasheet: max TDP 400 W (SXM)"},
    // Same datasheet, A100 80GB SXM column: HBM2e 2,039 GB/s; compute and NVLink as the 40GB.
    {"a100-80", "NVIDIA A100 SXM4 80GB", 80 * kGiB, 312 * kTera, 19.5 * kTera, 2039 * kGiga,
     "NVLink 3 (12 links)", 300 * kGiga, "NVIDIA A100 Tensor Core GPU datasheet, 80GB SXM", 400,
     "NVIDIA A100 Tensor Core GPU datasheet: max TDP 400 W (SXM)"},
    // NVIDIA H100 Tensor Core GPU datasheet, H100 SXM column: BF16 tensor 1,979 TFLOPS with
    // sparsity (989.4 dense), FP32 67 TFLOPS, 80 GB HBM3 at 3.35 TB/s, NVLink 4 900 GB/s
    // (18 links × 50 GB/s, bidirectional).
    {"h100-sxm", "NVIDIA H100 SXM5 80GB", 80 * kGiB, 989.4 * kTera, 67 * kTera, 3350 * kGiga,
     "NVLink 4 (18 links)", 450 * kGiga, "NVIDIA H100 Tensor Core GPU datasheet, H100 SXM", 700,
     "NVIDIA H100 Tensor Core GPU datasheet: max TDP up to 700 W (SXM)"},
    // Same datasheet, H100 PCIe column: BF16 1,513 TFLOPS with sparsity (756.5 dense), FP32
    // 51 TFLOPS, 80 GB HBM2e at 2 TB/s, PCIe Gen5 128 GB/s (bidirectional). An optional NVLink
    // bridge joins pairs of cards (600 GB/s); the catalogue models the PCIe baseline.
    {"h100-pcie", "NVIDIA H100 PCIe 80GB", 80 * kGiB, 756.5 * kTera, 51 * kTera, 2000 * kGiga,
     "PCIe 5.0 x16", 64 * kGiga, "NVIDIA H100 Tensor Core GPU datasheet, H100 PCIe", 350,
     "NVIDIA H100 Tensor Core GPU datasheet: max TDP 300-350 W (PCIe), the upper end"},
    // NVIDIA H200 Tensor Core GPU datasheet, H200 SXM column: 141 GB HBM3e at 4.8 TB/s; compute
    // as H100 SXM (BF16 1,979 sparse → 989.4 dense, FP32 67 TFLOPS); NVLink 4 900 GB/s.
    {"h200", "NVIDIA H200 SXM 141GB", 141 * kGiB, 989.4 * kTera, 67 * kTera, 4800 * kGiga,
     "NVLink 4 (18 links)", 450 * kGiga, "NVIDIA H200 Tensor Core GPU datasheet, H200 SXM", 700,
     "NVIDIA H200 Tensor Core GPU datasheet: max TDP up to 700 W (SXM)"},
    // NVIDIA Blackwell datasheet, HGX B200 per-GPU column: FP16/BF16 tensor 4.5 PFLOPS sparse
    // (2.25 dense), FP32 80 TFLOPS; DGX B200 datasheet: 1,440 GB and 64 TB/s for 8 GPUs
    // (180 GB, 8 TB/s each); NVLink 5 1.8 TB/s (bidirectional).
    {"b200", "NVIDIA B200 (HGX) 180GB", 180 * kGiB, 2250 * kTera, 80 * kTera, 8000 * kGiga,
     "NVLink 5 (18 links)", 900 * kGiga,
     "NVIDIA Blackwell datasheet (HGX B200); NVIDIA DGX B200 datasheet", 1000,
     "NVIDIA Blackwell datasheet: max TDP 1,000 W per GPU (HGX B200)"},
    // AMD Instinct MI300X accelerator data sheet: peak BF16 matrix 1,307.4 TFLOPS dense
    // (2,614.9 with sparsity), peak FP32 vector 163.4 TFLOPS, 192 GB HBM3 at 5.3 TB/s,
    // 7 Infinity Fabric links × 128 GB/s (bidirectional) = 896 GB/s → 448 GB/s one way.
    {"mi300x", "AMD Instinct MI300X 192GB", 192 * kGiB, 1307.4 * kTera, 163.4 * kTera, 5300 * kGiga,
     "AMD Infinity Fabric (7 links)", 448 * kGiga, "AMD Instinct MI300X accelerator data sheet",
     750, "AMD Instinct MI300X accelerator data sheet: total board power 750 W peak"},
}};

// Model shapes. GPT-3 (Brown et al. 2020, "Language Models are Few-Shot Learners", Table 2.1):
// n_ctx = 2048 for every size, the GPT-2 BPE vocabulary of 50,257 tokens (Radford et al. 2019).
// Llama 2 (Touvron et al. 2023, "Llama 2: Open Foundation and Fine-Tuned Chat Models", Table 1:
// 4k context; §2.2: 32k-token vocabulary) with layers/hidden/heads of the released checkpoints;
// Llama 3 (Dubey et al. 2024, "The Llama 3 Herd of Models", Table 3).
// Llama's MLP is SwiGLU, not 4h: the activation model (Korthikanti et al. 2022) assumes a 4h MLP,
// so for the Llama presets the activations are an approximation (see memory.h).
constexpr std::array<ModelPreset, 6> kPresets{{
    // Table 2.1 "GPT-3 XL": 1.3B, 24 layers, d_model 2048, d_head 128. The table prints
    // n_heads = 24, which does not divide 2048; 2048 / 128 = 16 heads is the consistent reading.
    {"gpt3-xl",
     "GPT-3 XL 1.3B",
     {.params = 1.3e9, .layers = 24, .hidden = 2048, .heads = 16, .seqLen = 2048, .vocab = 50257},
     "Brown et al. 2020, GPT-3, Table 2.1 (GPT-3 XL); heads = d_model / d_head"},
    // 6,738,415,616 = the released 7B checkpoint: 32 × (4h² attention + 3·h·11008 SwiGLU + 2h
    // norms) + 2 × 32000·h embeddings + h final norm, h = 4096.
    {"llama2-7b",
     "Llama 2 7B",
     {.params = 6738415616.0,
      .layers = 32,
      .hidden = 4096,
      .heads = 32,
      .seqLen = 4096,
      .vocab = 32000},
     "Touvron et al. 2023, Llama 2, Table 1; shape and count of the released 7B checkpoint"},
    // 13,015,864,320: 40 layers, h = 5120, SwiGLU width 13824.
    {"llama2-13b",
     "Llama 2 13B",
     {.params = 13015864320.0,
      .layers = 40,
      .hidden = 5120,
      .heads = 40,
      .seqLen = 4096,
      .vocab = 32000},
     "Touvron et al. 2023, Llama 2, Table 1; shape and count of the released 13B checkpoint"},
    // 68,976,648,192: 80 layers, h = 8192, 64 query heads with 8 key/value heads (GQA),
    // SwiGLU width 28672.
    {"llama2-70b",
     "Llama 2 70B",
     {.params = 68976648192.0,
      .layers = 80,
      .hidden = 8192,
      .heads = 64,
      .seqLen = 4096,
      .vocab = 32000},
     "Touvron et al. 2023, Llama 2, Table 1 (70B uses GQA); shape and count of the released "
     "70B checkpoint"},
    // Table 2.1 "GPT-3 175B": 175.0B, 96 layers, d_model 12288, 96 heads of 128.
    {"gpt3-175b",
     "GPT-3 175B",
     {.params = 175e9, .layers = 96, .hidden = 12288, .heads = 96, .seqLen = 2048, .vocab = 50257},
     "Brown et al. 2020, GPT-3, Table 2.1 (GPT-3 175B)"},
    // Table 3: 405B, 126 layers, model dimension 16,384, FFN 53,248, 128 attention heads
    // (8 key/value heads), pre-training context 8K (extended to 128K later, §3.4.2). The table
    // rounds the vocabulary to 128,000; the released tokenizer has 128,256 entries, used here.
    // 405,853,388,800 = the released checkpoint: 126 × (2h² + 2·h·1024 attention + 3·h·53248
    // SwiGLU + 2h norms) + 2 × 128256·h embeddings + h final norm, h = 16384.
    {"llama3-405b",
     "Llama 3 405B",
     {.params = 405853388800.0,
      .layers = 126,
      .hidden = 16384,
      .heads = 128,
      .seqLen = 8192,
      .vocab = 128256},
     "Dubey et al. 2024, The Llama 3 Herd of Models, Table 3"},
}};

} // namespace

std::span<const GpuSpec> gpuCatalogue()
{
    return kGpus;
}

const GpuSpec* findGpu(std::string_view id)
{
    for (const auto& gpu : kGpus) {
        if (gpu.id == id) {
            return &gpu;
        }
    }
    return nullptr;
}

std::span<const ModelPreset> modelPresets()
{
    return kPresets;
}

const ModelPreset* findModelPreset(std::string_view id)
{
    for (const auto& preset : kPresets) {
        if (preset.id == id) {
            return &preset;
        }
    }
    return nullptr;
}

} // namespace simcore
