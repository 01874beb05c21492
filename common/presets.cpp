#include "common/presets.h"

#include "common/scenariofile.h"

#include <QCoreApplication>
#include <QFile>

// Every number in resources/presets/*.json, with its source. resources/presets/README.md has
// the same list in a table; tests/ui/test_presets.cpp checks what each description claims.
//
// lesson — no values: the defaults are the lesson (DESIGN.md "The lesson model's defaults").
//
// 7b-24gb — Llama 2 7B (Touvron et al. 2023, "Llama 2", Table 1 and §2.2) on eight RTX 4090s.
//   model.params 6,738,415,616: the released 7B checkpoint (simcore/scenario/catalogue.cpp
//   "llama2-7b"); layers 32, hidden 4096, heads 32, seq_len 4096, vocab 32000: Touvron et al. 2023.
//   train.global_batch 1024 × 4096 tokens = 4M tokens, Touvron et al. 2023 §2.2 ("global
//   batch-size of 4M tokens"); train.steps 476,837 = 2.0T tokens (Table 1) / 4,194,304.
//   mixed + adam + full recompute + ZeRO-3 on dp 8: the brief's teaching choice (ZeRO §5,
//   Rajbhandari et al. 2020): DDP 109 GB, ZeRO-1 39 GB, ZeRO-2 27 GB, ZeRO-3 15 GB per GPU.
//   hardware.gpu rtx4090: 24 GB (NVIDIA Ada whitepaper); intra_bandwidth 32e9: PCIe 4.0 x16
//   one way (catalogue; the 4090 has no NVLink); inter_bandwidth 12.5e9 = 100 GbE (MODELS §7),
//   unused while all 8 GPUs sit in one node; scaling.mfu 0.4: dtsim's default, in the range of
//   published runs (PaLM appendix B 46.2 %; Llama 3 Table 4 38–43 %) — an assumption for a 4090.
//   intra_latency 5.7e-6 (PCIe), inter_latency 9.6e-6 (network): the link catalogue's per-hop
//   figures (simcore/scenario/linkfigures.h); topology.preset scenario: the Topology panel draws
//   this server from the hardware keys, so every panel prices the same cluster.
//
// gpt3-175b-a100 — GPT-3 175B (Brown et al. 2020, Table 2.1) as Narayanan et al. 2021
//   ("Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM") train it.
//   model.params 175e9, layers 96, hidden 12288, heads 96, seq_len 2048: Table 2.1;
//   vocab 50257: the GPT-2 BPE (catalogue "gpt3-175b").
//   train.global_batch 1536 sequences: Narayanan et al. §5.1 ("n = 1024 A100 GPUs using batch
//   size 1536"), = 3.1M tokens, Brown's "3.2M"; micro_batch 1: their Table 2 (PTD rows).
//   train.steps 95,367 = 300e9 tokens (Brown §2.2) / (1536 × 2048).
//   tp 8, pp 8, dp 16 (= 1024 GPUs): tensor parallelism inside an 8-GPU node (their §5.4.1) and
//   pipeline 8 as in Table 1 for the 96-head, h = 12288 model; their Table 2 uses a
//   model-parallel size of 96 for GPT-3 175B, which does not divide 1024.
//   m = B/(b·dp) = 1536 / (16 × 1) = 96 follows; zero 0: Megatron PTD-P has no ZeRO.
//   hardware.gpu a100-80, 8 per node, intra 300e9 (NVLink 3, 600 GB/s both ways), inter 25e9
//   (one 200 Gb/s HDR InfiniBand HCA per GPU): their §5 ("eight NVIDIA Mellanox 200Gbps HDR
//   Infiniband HCAs" per DGX A100 node).
//   scaling.mfu 140/312: X = 140 TFLOP/s per GPU (their §5.1, eq. 4 example) over the A100's
//   312 TFLOP/s BF16 peak. Physical mode counts 8Ψ FLOPs per token with full recompute, which
//   is eq. 4's 8TP/(nX), so the total time is 8·300e9·175e9/(1024·140e12) s = 33.9 days ("34").
//   scaling.overlap 1 with the hierarchical all-reduce: X is end-to-end throughput that already
//   includes communication ("includes all operations including ... communication", §5.1), so
//   hiding the all-reduce under the backward pass keeps it from being counted twice.
//   topology.preset scenario: the Topology panel draws these DGX A100 nodes from the hardware
//   keys (no named wiring has them).
//
// llama-70b-h100 — Llama 2 70B (Touvron et al. 2023) on 256 H100 SXM nodes.
//   model.params 68,976,648,192 (released checkpoint, catalogue "llama2-70b"); layers 80,
//   hidden 8192, heads 64, seq_len 4096, vocab 32000: Touvron et al. 2023.
//   global_batch 1024 (4M tokens) and steps 476,837 (2.0T tokens): as for 7b-24gb.
//   mixed precision (BF16 + FP32 master), Adam, tp 8 (one NVSwitch node), pp 4 (20 layers per
//   stage), dp 64, ZeRO-1: our configuration on 2048 GPUs; m = 1024 / 64 = 16 follows.
//   selective recompute + sequence parallelism: Korthikanti et al. 2022 (about 20 GB per GPU;
//   without recomputation 74 GB).
//   hardware.intra_bandwidth 450e9: NVLink 4, 900 GB/s both ways (H100 datasheet);
//   inter_bandwidth 50e9: one NDR 400 Gb/s InfiniBand port per GPU (MODELS §7).
//   scaling.mfu 0.4: Llama 3 Table 4 reports 38–43 % BF16 MFU on H100 (Dubey et al. 2024);
//   overlap 1 for the same reason as GPT-3 (measured MFU includes communication). Cross-check:
//   6·69e9·2e12 FLOPs at 40 % of 312 TFLOP/s is 1.84M A100-hours, Touvron et al. Table 2
//   report 1,720,320 A100-80GB hours for 70B.
//   topology.preset ndr-cluster: DGX H100 nodes on NDR, the named wiring with these links.
//   hardware.gpus 2048 (256 nodes × 8); scaling.workers 1024: the Physical model is pure data
//   parallelism and strong scaling gives each GPU at least one of the 1024 sequences.
//
// classroom — GPT-3 XL 1.3B (Brown et al. 2020 Table 2.1: 24 layers, d_model 2048; 16 heads of
//   128, catalogue "gpt3-xl") on 4 workstations × 4 RTX 4090 over 100 GbE.
//   hardware.inter_bandwidth 12.5e9 with the ring all-reduce: one 100 Gb/s NIC (12.5 GB/s) per
//   node; a flat ring leaves each node through one GPU, so that edge has the whole NIC. (With the
//   hierarchical algorithm all 4 GPUs send between nodes at once and each would get 3.125 GB/s;
//   its curve is jagged at counts that are not whole nodes, which reads badly in class.)
//   intra_bandwidth 32e9: PCIe 4.0 x16 one way (catalogue). gpus_per_node 4.
//   micro_batch 4, global_batch 64 (= 16 GPUs × 4, no gradient accumulation): our choice, so
//   that compute does not hide the node boundary; 4 sequences fit in 24 GB with full recompute.
//   train.steps 198,364 = 26e9 tokens (20 tokens per parameter, Hoffmann et al. 2022) / 131,072.
//   scaling.overlap 0: no overlap, so the cliff at 5 GPUs shows in full (PyTorch DDP overlaps
//   buckets, Li et al. 2020: the slider shows how much that hides); mfu 0.4 as for 7b-24gb.
//   intra_latency 5.7e-6 (PCIe), inter_latency 9.6e-6 (network): the catalogue's per-hop
//   figures (simcore/scenario/linkfigures.h); topology.preset scenario: the Topology panel draws
//   the workstations from the hardware keys.
//
// llama3-16k-failures — Dubey et al. 2024 ("The Llama 3 Herd of Models") §3.3.4: a 54-day
//   snapshot on 16,384 H100 GPUs with 466 interruptions, 419 of them unexpected.
//   checkpoint.gpus 16384; checkpoint.work 54 d = 4,665,600 s;
//   checkpoint.gpu_mtbf 182,437,208.592 s = 54 d × 86,400 s × 16,384 / 419, so that the job
//   MTBF is 11,135 s = 3.09 h (planned maintenance is not a failure);
//   checkpoint.write_time 2.84 s = 14 B/param (2 B weights + 4 B FP32 master + 8 B Adam; the
//   1T model's 13.8 TB checkpoint in Narayanan et al. §5.10 is 13.7 B/param) × 405.85e9 / 2 TB/s
//   (Tectonic's sustained throughput, Dubey et al. §3.3.1, which also gives 1 MB – 4 GB per GPU);
//   checkpoint.restart_time 600 s: not published; Llama 3's "higher than 90 % effective training
//   time" bounds the cost of one interruption at 0.1 × 54 d / 466 = 1,001 s, and 600 s gives
//   92.6 % at the optimum interval, so it is consistent;
//   checkpoint.interval 3600 s: dtsim's default (Llama 3's interval is not published); the
//   panel marks the optimum next to it.
//   The model and layout are Llama 3 405B's on 16,384 GPUs (Tables 3 and 4: tp 8 × pp 16 × dp
//   128, 2,048 sequences of 8,192; 128 layers for its 126; interleaved v = 8, selective
//   recomputation, ZeRO-3 and sequence parallelism assumed: the fastest variant that fits), so
//   that checkpoint.gpus is a layout the goodput model prices
//   (resources/presets/README.md). The other presets set checkpoint.gpus to their own layout.

namespace dtsim::common {

namespace {

constexpr const char* kContext = "dtsim::ui::Presets";

struct PresetText {
    const char* id;
    const char* name;
    const char* description;
};

// Menu order: the lesson first, then growing clusters, then failures.
const PresetText kPresets[] = {
    {"lesson", QT_TRANSLATE_NOOP("dtsim::ui::Presets", "The lesson's defaults"),
     QT_TRANSLATE_NOOP("dtsim::ui::Presets",
                       "The lesson's own numbers: 1 s of compute per step, 20 ms plus 4 ms per "
                       "extra worker to synchronise, so 16 workers is the fastest.")},
    {"classroom", QT_TRANSLATE_NOOP("dtsim::ui::Presets", "Classroom cluster: 4 × 4 RTX 4090"),
     QT_TRANSLATE_NOOP("dtsim::ui::Presets",
                       "A 1.3B model on four workstations of four RTX 4090 GPUs joined by 100 Gb "
                       "Ethernet: past 4 GPUs the gradients leave the node through its one "
                       "network card, and parallel efficiency starts to fall, from 99 % at 4 GPUs "
                       "to 97 % at 16.")},
    {"7b-24gb", QT_TRANSLATE_NOOP("dtsim::ui::Presets", "Llama 2 7B on 24 GB GPUs"),
     QT_TRANSLATE_NOOP("dtsim::ui::Presets",
                       "Llama 2 7B on eight 24 GB RTX 4090 GPUs with mixed precision and Adam: "
                       "plain data parallelism would need 109 GB per GPU and ZeRO-2 still 27 GB, "
                       "but ZeRO-3 with full recomputation fits in 15 GB, while 2 trillion "
                       "tokens would still take about six years.")},
    {"gpt3-175b-a100", QT_TRANSLATE_NOOP("dtsim::ui::Presets", "GPT-3 175B on 1,024 A100 GPUs"),
     QT_TRANSLATE_NOOP("dtsim::ui::Presets",
                       "GPT-3 175B on 128 nodes of eight A100 80 GB GPUs (tensor 8 × pipeline 8 × "
                       "data 16) at the 140 TFLOP/s per GPU that Narayanan et al. (2021) "
                       "measured: 300 billion tokens take about 34 days.")},
    {"llama-70b-h100", QT_TRANSLATE_NOOP("dtsim::ui::Presets", "Llama 2 70B on 2,048 H100 GPUs"),
     QT_TRANSLATE_NOOP("dtsim::ui::Presets",
                       "Llama 2 70B on 256 nodes of eight H100 GPUs (tensor 8 × pipeline 4 × "
                       "data 64, ZeRO-1, selective recomputation): about 20 GB per GPU. Data "
                       "parallelism over 32 replicas (1,024 of the GPUs) trains 2 trillion tokens "
                       "in about 27 days at 35 % MFU.")},
    {"llama3-16k-failures",
     QT_TRANSLATE_NOOP("dtsim::ui::Presets", "Llama 3: failures on 16,384 GPUs"),
     QT_TRANSLATE_NOOP("dtsim::ui::Presets",
                       "Llama 3's 54-day run on 16,384 H100 GPUs was interrupted unexpectedly "
                       "419 times, once every 3.1 hours: hourly checkpoints waste about 20 % of "
                       "the time, checkpoints every 4 minutes (Daly's optimum) about 7 %.")},
};

const PresetText* findPreset(const QString& id)
{
    for (const auto& preset : kPresets) {
        if (id == QLatin1String(preset.id)) {
            return &preset;
        }
    }
    return nullptr;
}

QString tr(const char* text)
{
    return QCoreApplication::translate(kContext, text);
}

} // namespace

QList<PresetInfo> presets()
{
    QList<PresetInfo> list;
    for (const auto& preset : kPresets) {
        list.append({QLatin1String(preset.id), tr(preset.name), tr(preset.description)});
    }
    return list;
}

QStringList presetIds()
{
    QStringList ids;
    for (const auto& preset : kPresets) {
        ids.append(QLatin1String(preset.id));
    }
    return ids;
}

std::optional<simcore::Scenario> loadPreset(const QString& id, QString* error)
{
    const auto fail = [error](const QString& message) -> std::optional<simcore::Scenario> {
        if (error) {
            *error = message;
        }
        return std::nullopt;
    };
    if (!findPreset(id)) {
        return fail(tr("Unknown preset '%1'; allowed: %2.")
                        .arg(id, presetIds().join(QStringLiteral(", "))));
    }
    QFile file(QStringLiteral(":/presets/%1.json").arg(id));
    if (!file.open(QIODevice::ReadOnly)) {
        // Only a build that forgot to compile resources/presets in gets here.
        return fail(
            tr("The preset '%1' is missing from this build (%2).").arg(id, file.errorString()));
    }
    const ScenarioFileResult result =
        parseScenario(file.readAll(), tr("preset %1").arg(id), simcore::Scenario{});
    if (!result.scenario) {
        return fail(result.error);
    }
    return result.scenario;
}

} // namespace dtsim::common
