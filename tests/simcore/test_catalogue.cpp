// The GPU catalogue and the model presets: ids agree with the scenario vocabulary, figures agree
// with MODELS.md §7 and the papers the presets cite.
#include "simcore/models/memory.h"
#include "simcore/scenario/catalogue.h"
#include "simcore/scenario/scenario.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>

using namespace simcore;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

} // namespace

TEST_CASE("every hardware.gpu choice has a catalogue entry and every entry is a choice",
          "[catalogue]")
{
    const KeyInfo* key = findKey("hardware.gpu");
    REQUIRE(key != nullptr);
    REQUIRE(!key->choices.empty());
    for (auto choice : key->choices) {
        INFO(choice);
        CHECK(findGpu(choice) != nullptr);
    }
    for (const auto& gpu : gpuCatalogue()) {
        INFO(gpu.id);
        CHECK(std::find(key->choices.begin(), key->choices.end(), gpu.id) != key->choices.end());
    }
    CHECK(gpuCatalogue().size() == key->choices.size());
    CHECK(findGpu("h100") == nullptr);
    CHECK(findGpu("") == nullptr);
    // The scenario's default GPU is in the catalogue.
    CHECK(findGpu(Scenario{}.hardware.gpu) != nullptr);
}

TEST_CASE("catalogue entries are complete, positive and unique", "[catalogue]")
{
    std::set<std::string_view> ids;
    for (const auto& gpu : gpuCatalogue()) {
        INFO(gpu.id);
        CHECK(ids.insert(gpu.id).second);
        CHECK(!gpu.displayName.empty());
        CHECK(!gpu.linkKind.empty());
        CHECK(!gpu.source.empty());
        CHECK(gpu.memoryBytes > 0);
        CHECK(gpu.fp32FlopsPerSecond > 0);
        CHECK(gpu.memoryBandwidthBytesPerSecond > 0);
        CHECK(gpu.linkBandwidthBytesPerSecond > 0);
        // Tensor-core BF16 is always faster than plain FP32 (every datasheet cited).
        CHECK(gpu.bf16FlopsPerSecond > gpu.fp32FlopsPerSecond);
        // A GPU reads its own memory faster than any link it has.
        CHECK(gpu.memoryBandwidthBytesPerSecond > gpu.linkBandwidthBytesPerSecond);
        CHECK(findGpu(gpu.id) == &gpu);
    }
}

TEST_CASE("catalogue figures agree with the MODELS.md section 7 table", "[catalogue]")
{
    // MODELS.md §7: memory (vendor "GB", which is GiB on GPUs) and dense BF16 TFLOP/s, to within
    // 1 % (the table rounds: MI300X 1300 vs the datasheet's 1307.4, H100 SXM 989 vs 989.4).
    struct Row {
        const char* id;
        double memoryGiB;
        double bf16TeraFlops;
    };
    const Row rows[] = {
        {"rtx4090", 24, 165},   {"a100-40", 40, 312}, {"a100-80", 80, 312}, {"h100-sxm", 80, 989},
        {"h100-pcie", 80, 756}, {"h200", 141, 989},   {"b200", 180, 2250},  {"mi300x", 192, 1300},
    };
    for (const auto& row : rows) {
        INFO(row.id);
        const GpuSpec* gpu = findGpu(row.id);
        REQUIRE(gpu != nullptr);
        CHECK(gpu->memoryBytes == row.memoryGiB * kGiB);
        CHECK(gpu->bf16FlopsPerSecond == Approx(row.bf16TeraFlops * 1e12).epsilon(0.01));
    }
    // MODELS.md §7 links, one direction per GPU: NVLink 4 = 18 × 50 GB/s bidirectional = 450 GB/s
    // one way; PCIe 4.0 x16 ≈ 32 GB/s; PCIe 5.0 x16 ≈ 64 GB/s.
    CHECK(findGpu("h100-sxm")->linkBandwidthBytesPerSecond == Approx(450e9).epsilon(1e-12));
    CHECK(findGpu("h200")->linkBandwidthBytesPerSecond == Approx(450e9).epsilon(1e-12));
    CHECK(findGpu("rtx4090")->linkBandwidthBytesPerSecond == Approx(32e9).epsilon(0.02));
    CHECK(findGpu("h100-pcie")->linkBandwidthBytesPerSecond == Approx(64e9).epsilon(0.02));
    // NVLink generations double: 3 (A100, 600 GB/s) < 4 (H100, 900) < 5 (B200, 1800 GB/s).
    CHECK(findGpu("a100-80")->linkBandwidthBytesPerSecond * 1.5 ==
          Approx(findGpu("h100-sxm")->linkBandwidthBytesPerSecond));
    CHECK(findGpu("b200")->linkBandwidthBytesPerSecond ==
          Approx(2 * findGpu("h100-sxm")->linkBandwidthBytesPerSecond));
}

TEST_CASE("model presets exist, are unique and make valid scenarios", "[catalogue]")
{
    std::set<std::string_view> ids;
    for (const auto& preset : modelPresets()) {
        INFO(preset.id);
        CHECK(ids.insert(preset.id).second);
        CHECK(!preset.name.empty());
        CHECK(!preset.source.empty());
        CHECK(preset.model.params > 0);
        CHECK(findModelPreset(preset.id) == &preset);
        Scenario scenario;
        scenario.model = preset.model;
        // One pipeline stage: a preset's layers need not divide the default 4 (405B has 126).
        scenario.parallel.pp = 1;
        const auto errors = validate(scenario);
        for (const auto& error : errors) {
            INFO(error.message());
        }
        CHECK(errors.empty());
        CHECK(validateMemory(scenario).empty());
    }
    // The brief's sizes: 1.3B, 7B, 13B, 70B, 175B, 405B.
    for (const char* id :
         {"gpt3-xl", "llama2-7b", "llama2-13b", "llama2-70b", "gpt3-175b", "llama3-405b"}) {
        INFO(id);
        CHECK(findModelPreset(id) != nullptr);
    }
    CHECK(findModelPreset("gpt-4") == nullptr);
}

TEST_CASE("GPT-3 presets: Narayanan eq. 2 on the Table 2.1 shape gives the published count",
          "[catalogue]")
{
    // Brown et al. 2020, Table 2.1: GPT-3 175B = 175.0B, GPT-3 XL = 1.3B. Eq. 2 counts a 4h MLP,
    // biases and layer norms (13·L·h) and token + position embeddings ((V + s)·h), as GPT-3 has.
    const ModelPreset* big = findModelPreset("gpt3-175b");
    REQUIRE(big != nullptr);
    CHECK(parametersFromShape(big->model) == Approx(175.0e9).epsilon(0.005));
    const ModelPreset* xl = findModelPreset("gpt3-xl");
    REQUIRE(xl != nullptr);
    // 12·24·2048² + 13·24·2048 + (50257 + 2048)·2048 = 1,315,719,168 ≈ 1.3B (printed to 2 digits).
    CHECK(parametersFromShape(xl->model) == Approx(1315719168.0).epsilon(1e-12));
    CHECK(parametersFromShape(xl->model) / 1e9 == Approx(1.3).margin(0.05));
}

TEST_CASE("Llama presets: the stored count is the count of the released architecture",
          "[catalogue]")
{
    // Llama (Touvron et al. 2023; Dubey et al. 2024): per layer, attention h² for Q and O plus
    // h·(kv heads · head size) for K and V (GQA), a SwiGLU MLP of three h×f matrices, two RMSNorm
    // vectors; untied input and output embeddings V·h each; one final norm. The MLP widths f
    // (11008, 13824, 28672, 53248) and key/value heads (70B: 8, 405B: 8) are those of the
    // released configurations (Llama 3 Table 3 prints FFN 53,248 and 8 key/value heads).
    struct Row {
        const char* id;
        double mlpWidth;
        double keyValueHeads;
    };
    const Row rows[] = {{"llama2-7b", 11008, 32},
                        {"llama2-13b", 13824, 40},
                        {"llama2-70b", 28672, 8},
                        {"llama3-405b", 53248, 8}};
    for (const auto& row : rows) {
        INFO(row.id);
        const ModelPreset* preset = findModelPreset(row.id);
        REQUIRE(preset != nullptr);
        const auto& m = preset->model;
        const auto L = static_cast<double>(m.layers);
        const auto h = static_cast<double>(m.hidden);
        const double headSize = h / static_cast<double>(m.heads);
        const double kv = row.keyValueHeads * headSize;
        const double perLayer = 2 * h * h + 2 * h * kv + 3 * h * row.mlpWidth + 2 * h;
        const double count = L * perLayer + 2 * static_cast<double>(m.vocab) * h + h;
        CHECK(m.params == count);
    }
    // And the names are honest: within 4 % of the nominal size (6.74B is sold as "7B").
    CHECK(findModelPreset("llama2-7b")->model.params == Approx(7e9).epsilon(0.04));
    CHECK(findModelPreset("llama2-13b")->model.params == Approx(13e9).epsilon(0.01));
    CHECK(findModelPreset("llama2-70b")->model.params == Approx(70e9).epsilon(0.02));
    CHECK(findModelPreset("llama3-405b")->model.params == Approx(405e9).epsilon(0.01));
}
