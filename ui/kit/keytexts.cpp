#include "ui/kit/keytexts.h"

#include "common/format.h"
#include "simcore/scenario/catalogue.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <cstring>
#include <initializer_list>
#include <vector>

namespace dtsim::ui {

namespace {

constexpr const char* kContext = "KeyText";
constexpr double kMilli = 1e3;
constexpr double kMicro = 1e6;
constexpr double kPercent = 100;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

struct Row {
    const char* key;
    const char* label;
    const char* tip;
    const char* suffix = nullptr;
    double factor = 1;
    int decimals = 0;
    std::vector<const char*> choices = {};
    const char* special = nullptr;
};

// One row per key a panel edits, in `dtsim keys` order.
const std::vector<Row>& rows()
{
    static const std::vector<Row> table = {
        {"model.params", QT_TRANSLATE_NOOP("KeyText", "&Parameters:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Parameter count Ψ in billions (7 = the lesson's 7B model). Training costs about 6Ψ "
             "FLOPs per token (Kaplan et al. 2020); on the GPU each parameter costs weight + "
             "gradient + optimizer bytes. 0 derives it from the shape."),
         QT_TRANSLATE_NOOP("KeyText", " billion"), 1e-9, 3},
        {"model.layers", QT_TRANSLATE_NOOP("KeyText", "&Layers:"),
         QT_TRANSLATE_NOOP(
             "KeyText", "Transformer layers L shared out among the pipeline stages (and chunks).")},
        {"model.hidden", QT_TRANSLATE_NOOP("KeyText", "&Hidden size:"),
         QT_TRANSLATE_NOOP("KeyText",
                           "Width h of every layer's activations; tensor parallelism splits it.")},
        {"model.heads", QT_TRANSLATE_NOOP("KeyText", "&Attention heads:"),
         QT_TRANSLATE_NOOP("KeyText",
                           "Attention heads per layer; tensor parallelism gives each GPU whole "
                           "heads.")},
        {"model.seq_len", QT_TRANSLATE_NOOP("KeyText", "&Sequence length:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Tokens per training sequence. Activations grow with it, the attention scores even "
             "with its square."),
         QT_TRANSLATE_NOOP("KeyText", " tokens")},
        {"train.precision",
         QT_TRANSLATE_NOOP("KeyText", "P&recision:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Number format of weights and gradients. FP32 computes at the GPU's FP32 peak and "
             "sends 4-byte gradients; mixed precision computes in 16 bits at the tensor-core peak "
             "but keeps an FP32 master copy with the optimizer (ZeRO paper §3.1)."),
         nullptr,
         1,
         0,
         {QT_TRANSLATE_NOOP("KeyText", "FP32 (4 B per value)"),
          QT_TRANSLATE_NOOP("KeyText", "Mixed BF16/FP16 + FP32 master"),
          QT_TRANSLATE_NOOP("KeyText", "Pure BF16 (2 B per value)")}},
        {"train.optimizer",
         QT_TRANSLATE_NOOP("KeyText", "&Optimizer:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "What the optimizer keeps per parameter: nothing (SGD), one momentum, or Adam's "
             "two moments (8 B in FP32, 2 B in 8-bit Adam)."),
         nullptr,
         1,
         0,
         {QT_TRANSLATE_NOOP("KeyText", "SGD"), QT_TRANSLATE_NOOP("KeyText", "SGD + momentum"),
          QT_TRANSLATE_NOOP("KeyText", "Adam/AdamW"), QT_TRANSLATE_NOOP("KeyText", "8-bit Adam")}},
        {"train.micro_batch", QT_TRANSLATE_NOOP("KeyText", "Micro-&batch:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Sequences each GPU processes at once; under weak scaling, each GPU's batch per "
             "step. Activations grow in proportion; model states do not."),
         QT_TRANSLATE_NOOP("KeyText", " seq.")},
        {"train.global_batch", QT_TRANSLATE_NOOP("KeyText", "&Global batch B:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Sequences in one optimizer step, shared by the data-parallel replicas: each cuts "
             "its share into m = B / (micro-batch × dp) micro-batches, so pipeline stages can "
             "work at once (more micro-batches, smaller bubble)."),
         QT_TRANSLATE_NOOP("KeyText", " seq.")},
        {"train.steps", QT_TRANSLATE_NOOP("KeyText", "Training steps:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Optimizer steps in the whole training run: total time = steps × step time.")},
        {"train.recompute",
         QT_TRANSLATE_NOOP("KeyText", "Re&computation:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Drop activations after the forward pass and compute them again in the backward "
             "pass, trading compute for memory. Full recomputation re-runs the forward pass: 8Ψ "
             "instead of 6Ψ FLOPs per token (Narayanan et al. 2021); the selective one re-runs "
             "only attention and is not counted."),
         nullptr,
         1,
         0,
         {QT_TRANSLATE_NOOP("KeyText", "None: keep all activations"),
          QT_TRANSLATE_NOOP("KeyText", "Selective: recompute attention"),
          QT_TRANSLATE_NOOP("KeyText", "Full: keep only layer inputs")}},
        {"train.tokens", QT_TRANSLATE_NOOP("KeyText", "Tokens to &train on:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Tokens the whole run trains on, in trillions (Llama 3 405B: 15.6). The time to "
             "train is this over the layout's tokens per second. 0 = use the training steps."),
         QT_TRANSLATE_NOOP("KeyText", " trillion"), 1e-12, 3},
        {"parallel.dp", QT_TRANSLATE_NOOP("KeyText", "&Data parallel (dp):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Replicas of the model, each training on its own slice of the batch; their "
             "gradients are all-reduced every step. Plain DDP keeps a full copy on every GPU; "
             "ZeRO divides the model states by dp.")},
        {"parallel.tp", QT_TRANSLATE_NOOP("KeyText", "&Tensor parallel (tp):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "GPUs that split every weight matrix of a layer: weights and most activations "
             "divide by tp. They all-reduce inside every layer, so they belong in one node; tp "
             "must divide the attention heads.")},
        {"parallel.pp", QT_TRANSLATE_NOOP("KeyText", "&Pipeline stages (pp):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "GPUs that each hold a consecutive slice of the layers and pass activations on: "
             "the model states divide by pp, and the first stage keeps the most activations in "
             "flight. This is p in the schedule.")},
        {"parallel.cp", QT_TRANSLATE_NOOP("KeyText", "&Context parallel (cp):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "GPUs that split every sequence: each holds s/cp of the tokens and exchanges keys "
             "and values with the others for attention (Llama 3 §3.3). cp must divide the "
             "sequence length.")},
        {"parallel.zero",
         QT_TRANSLATE_NOOP("KeyText", "&ZeRO stage:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "How much of the model states is divided over the dp GPUs instead of copied: "
             "optimizer state (1), also gradients (2), also weights (3 = FSDP full shard). Per "
             "step 0–2 send as much as one all-reduce of the gradients, 3 sends 1.5× that "
             "(Rajbhandari et al. 2020)."),
         nullptr,
         1,
         0,
         {QT_TRANSLATE_NOOP("KeyText", "DDP (ZeRO-0)"),
          QT_TRANSLATE_NOOP("KeyText", "ZeRO-1: shard optimizer"),
          QT_TRANSLATE_NOOP("KeyText", "ZeRO-2: + gradients"),
          QT_TRANSLATE_NOOP("KeyText", "ZeRO-3 / FSDP: + weights")}},
        {"parallel.schedule",
         QT_TRANSLATE_NOOP("KeyText", "&Schedule:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Order of passes on each device. GPipe: all forwards, then all backwards (m "
             "micro-batches in flight). 1F1B: one forward, one backward (at most p in flight). "
             "Interleaved 1F1B: v chunks per device cut the bubble v-fold. ZB-H1, ZB-H2 (Qi et "
             "al. 2023): the backward split into the input gradient B and the weight gradient W, "
             "W filling the bubble; ZB-H2 holds about twice the activations. DualPipe "
             "(DeepSeek-V3): micro-batches enter from both ends; two copies of the weights, even "
             "pp, m even and at least 2 × pp."),
         nullptr,
         1,
         0,
         {QT_TRANSLATE_NOOP("KeyText", "GPipe"), QT_TRANSLATE_NOOP("KeyText", "1F1B"),
          QT_TRANSLATE_NOOP("KeyText", "Interleaved 1F1B"), QT_TRANSLATE_NOOP("KeyText", "ZB-H1"),
          QT_TRANSLATE_NOOP("KeyText", "ZB-H2"), QT_TRANSLATE_NOOP("KeyText", "DualPipe")}},
        {"parallel.virtual_stages", QT_TRANSLATE_NOOP("KeyText", "&Chunks per device (v):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Interleaved schedule only: model chunks per device; v chunks cut the bubble v-fold "
             "for v times more sends. Needs m a multiple of pp.")},
        {"parallel.forward_time", QT_TRANSLATE_NOOP("KeyText", "&Forward time (t_f):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Forward pass of one micro-batch through one device's layers, in milliseconds."),
         QT_TRANSLATE_NOOP("KeyText", " ms"), kMilli, 3},
        {"parallel.backward_time",
         QT_TRANSLATE_NOOP("KeyText", "&Backward time (t_b):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Backward pass of one micro-batch through one device's layers; 0 = automatic, twice "
             "the forward time (Kaplan et al. 2020)."),
         QT_TRANSLATE_NOOP("KeyText", " ms"),
         kMilli,
         3,
         {},
         QT_TRANSLATE_NOOP("KeyText", "automatic (2 × forward)")},
        {"parallel.weight_grad_time",
         QT_TRANSLATE_NOOP("KeyText", "&Weight gradient (W):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "The part of the backward time that computes the weight gradient W; the rest, the "
             "input gradient B, is what the previous stage waits for. ZB-H1, ZB-H2 and DualPipe "
             "run W later to fill the bubble. At most the backward time; 0 = automatic, half "
             "the backward."),
         QT_TRANSLATE_NOOP("KeyText", " ms"),
         kMilli,
         3,
         {},
         QT_TRANSLATE_NOOP("KeyText", "automatic (½ × backward)")},
        {"parallel.p2p_time", QT_TRANSLATE_NOOP("KeyText", "&Send time (p2p):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Sending one micro-batch's activations or gradients to the next stage; it adds to "
             "the step, not overlapped with compute."),
         QT_TRANSLATE_NOOP("KeyText", " ms"), kMilli, 3},
        {"hardware.gpu", QT_TRANSLATE_NOOP("KeyText", "&GPU:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "The GPU model: its memory is what the verdict checks (a vendor's \"80 GB\" is 80 "
             "GiB, 2³⁰ bytes each = 85.9 GB), its peak FLOP/s from the vendor's datasheet what "
             "the Physical model computes at.")},
        {"hardware.gpus", QT_TRANSLATE_NOOP("KeyText", "GPUs in the cluster:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "All the GPUs the cluster has: the Physical model offers N up to this many (and, "
             "under strong scaling, up to the sequences per step). 0 = not given.")},
        {"hardware.gpus_per_node", QT_TRANSLATE_NOOP("KeyText", "GPUs per &node g:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "GPUs in one server, joined by the fast link inside the node. A group larger than "
             "one node also uses the slower link between nodes.")},
        {"hardware.intra_bandwidth", QT_TRANSLATE_NOOP("KeyText", "Bandwidth in a node B:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Bandwidth of one GPU's link inside a node, one direction, in GB/s (10⁹ bytes/s). "
             "NVLink 4 on an H100: 450 GB/s."),
         QT_TRANSLATE_NOOP("KeyText", " GB/s"), 1e-9, 2},
        {"hardware.intra_latency", QT_TRANSLATE_NOOP("KeyText", "Latency in a node α:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Fixed cost of one message inside a node, in microseconds: every step pays it, "
             "however small the message."),
         QT_TRANSLATE_NOOP("KeyText", " µs"), kMicro, 2},
        {"hardware.inter_bandwidth", QT_TRANSLATE_NOOP("KeyText", "Bandwidth between nodes B:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Bandwidth per GPU between nodes, one direction, in GB/s. One 400 Gb/s InfiniBand "
             "NDR port per GPU gives 50 GB/s."),
         QT_TRANSLATE_NOOP("KeyText", " GB/s"), 1e-9, 2},
        {"hardware.inter_latency", QT_TRANSLATE_NOOP("KeyText", "Latency between nodes α:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Fixed cost of one message between nodes, in microseconds (network and switch)."),
         QT_TRANSLATE_NOOP("KeyText", " µs"), kMicro, 2},
        {"hardware.nics_per_node",
         QT_TRANSLATE_NOOP("KeyText", "NICs per node:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Network cards per node, shared by its GPUs: a collective that crosses nodes "
             "spreads its channels over all of them (NCCL). 0 = one per GPU."),
         nullptr,
         1,
         0,
         {},
         QT_TRANSLATE_NOOP("KeyText", "one per GPU")},
        {"hardware.nic_bandwidth",
         QT_TRANSLATE_NOOP("KeyText", "Bandwidth per NIC:"),
         QT_TRANSLATE_NOOP("KeyText",
                           "One network card's bandwidth, one direction, in GB/s (400 Gb/s NDR "
                           "= 50 GB/s). 0 = the bandwidth between nodes per GPU above."),
         QT_TRANSLATE_NOOP("KeyText", " GB/s"),
         1e-9,
         2,
         {},
         QT_TRANSLATE_NOOP("KeyText", "as between nodes")},
        {"collective.algorithm",
         QT_TRANSLATE_NOOP("KeyText", "&Algorithm:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "How the GPUs combine their gradients. Ring: pass chunks to the next GPU, 2(N−1) "
             "steps. Tree: reduce up a binary tree, broadcast down. Naive: everyone sends "
             "everything to everyone. Hierarchical: a ring inside each node, then across nodes."),
         nullptr,
         1,
         0,
         {QT_TRANSLATE_NOOP("KeyText", "Ring"), QT_TRANSLATE_NOOP("KeyText", "Tree (binomial)"),
          QT_TRANSLATE_NOOP("KeyText", "Naive (all to all)"),
          QT_TRANSLATE_NOOP("KeyText", "Hierarchical (node, then across)")}},
        {"collective.workers", QT_TRANSLATE_NOOP("KeyText", "&GPUs N:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "GPUs taking part in the all-reduce, filled node by node: going past one node's "
             "GPUs crosses the network.")},
        {"collective.bytes", QT_TRANSLATE_NOOP("KeyText", "&Message size S:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Size of the vector every GPU contributes, in MB (10⁶ bytes). A 7B model's FP32 "
             "gradients are 28,000 MB; BF16 halves that."),
         QT_TRANSLATE_NOOP("KeyText", " MB"), 1e-6, 3},
        {"scaling.mode",
         QT_TRANSLATE_NOOP("KeyText", "&Model:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Lesson: the seed's formula with three constants. Physical: compute from the "
             "model's FLOPs and the GPU's peak, communication from the collective over the "
             "links."),
         nullptr,
         1,
         0,
         {QT_TRANSLATE_NOOP("KeyText", "Lesson (three constants)"),
          QT_TRANSLATE_NOOP("KeyText", "Physical (FLOPs and links)")}},
        {"scaling.workers", QT_TRANSLATE_NOOP("KeyText", "Worker count &N:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "How many GPUs (workers) share each training step. Each one computes a slice of the "
             "batch, then all of them synchronise.")},
        {"scaling.axis", QT_TRANSLATE_NOOP("KeyText", "&Logarithmic worker axis (powers of two)"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Powers of two on the slider, the bars and the speed-up curve, to see large clusters "
             "and small ones together.")},
        {"scaling.mfu", QT_TRANSLATE_NOOP("KeyText", "Utilisation (MFU):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Share of the GPU's peak that training achieves. Large models reach 30–55 % (PaLM, "
             "Chowdhery et al. 2022, Table 3)."),
         QT_TRANSLATE_NOOP("KeyText", " %"), kPercent, 1},
        {"scaling.overlap", QT_TRANSLATE_NOOP("KeyText", "Overlap with backward:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Share of the communication sent while the backward pass still computes; it can "
             "never hide more than the backward time."),
         QT_TRANSLATE_NOOP("KeyText", " %"), kPercent, 0},
        {"scaling.batch",
         QT_TRANSLATE_NOOP("KeyText", "Batch as N grows:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Strong scaling keeps the global batch and splits it over N GPUs. Weak scaling "
             "keeps each GPU's batch, so the global batch grows with N."),
         nullptr,
         1,
         0,
         {QT_TRANSLATE_NOOP("KeyText", "Strong scaling"),
          QT_TRANSLATE_NOOP("KeyText", "Weak scaling")}},
        {"scaling.straggler_cv", QT_TRANSLATE_NOOP("KeyText", "Step time variation c:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "How much one GPU's step time varies from step to step (standard deviation over "
             "mean), in percent. A synchronous step waits for the slowest of N GPUs: on average "
             "c × E[max of N normals] longer, about 3.2 c at 1,024 GPUs. 2 % is an assumption "
             "for teaching, not a measurement."),
         QT_TRANSLATE_NOOP("KeyText", " %"), kPercent, 1},
        {"scaling.count_failures", QT_TRANSLATE_NOOP("KeyText", "Count &failures and stragglers"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Each step also waits for the slowest GPU and pays its share of checkpoint writes, "
             "work lost to failures and restarts (the Checkpoint panel's inputs, at the best "
             "interval). More GPUs fail more often, so the best N moves left.")},
        {"lesson.base_compute",
         QT_TRANSLATE_NOOP("KeyText", "Compute per step, 1 worker (T_compute):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "How long one training step takes on a single worker. With N workers the compute "
             "part shrinks to T_compute / N."),
         QT_TRANSLATE_NOOP("KeyText", " ms"), kMilli, 3},
        {"lesson.fixed_sync", QT_TRANSLATE_NOOP("KeyText", "Fixed sync latency:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Synchronisation cost paid once as soon as there is more than one worker (latency "
             "of starting an all-reduce)."),
         QT_TRANSLATE_NOOP("KeyText", " ms"), kMilli, 3},
        {"lesson.sync_per_worker", QT_TRANSLATE_NOOP("KeyText", "Sync cost per extra worker:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Extra synchronisation cost for every worker beyond the first: more workers, more "
             "gradient traffic to coordinate."),
         QT_TRANSLATE_NOOP("KeyText", " ms"), kMilli, 3},
        {"checkpoint.interval", QT_TRANSLATE_NOOP("KeyText", "Checkpoint interval τ:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Minutes of work between two checkpoints. Short: many writes. Long: a failure "
             "throws away more work."),
         QT_TRANSLATE_NOOP("KeyText", " min"), 1 / 60.0, 2},
        {"checkpoint.write_time", QT_TRANSLATE_NOOP("KeyText", "Checkpoint write time δ:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Seconds to write one checkpoint. Training pauses while it is written; a failure "
             "during the write loses it."),
         QT_TRANSLATE_NOOP("KeyText", " s"), 1, 1},
        {"checkpoint.restart_time", QT_TRANSLATE_NOOP("KeyText", "Restart time R:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Seconds from a failure until training runs again: detect, replace the node, "
             "reload the last checkpoint."),
         QT_TRANSLATE_NOOP("KeyText", " s")},
        {"checkpoint.gpu_mtbf", QT_TRANSLATE_NOOP("KeyText", "MTBF of one GPU:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Mean time between failures of a single GPU (with its share of host, network and "
             "software), in hours. 50,000 h is about 5.7 years."),
         QT_TRANSLATE_NOOP("KeyText", " h"), 1 / 3600.0},
        {"checkpoint.gpus", QT_TRANSLATE_NOOP("KeyText", "GPUs in the job N:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "How many GPUs the job runs on, as data-parallel copies of the scenario's tp × pp × "
             "cp layout (a count that is no such layout has no step time: its checkpoint interval "
             "is priced, its work from train.steps is not). If any one of them fails the whole "
             "job stops, so the cluster fails N times as often as one GPU.")},
        {"checkpoint.work",
         QT_TRANSLATE_NOOP("KeyText", "Job length W (work):"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Useful computation the job needs, in days, not counting checkpoints, lost work or "
             "restarts. Not given: the training steps × the step time of the job's layout at N "
             "(training model)."),
         QT_TRANSLATE_NOOP("KeyText", " days"),
         1 / 86400.0,
         2,
         {},
         QT_TRANSLATE_NOOP("KeyText", "from the steps")},
        {"checkpoint.mc_runs", QT_TRANSLATE_NOOP("KeyText", "Simulated jobs:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "How many whole training jobs the Monte-Carlo simulation runs with random failures; "
             "more runs give a smoother histogram and take longer (they run in the "
             "background).")},
        {"checkpoint.mc_seed", QT_TRANSLATE_NOOP("KeyText", "Random seed:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Seed of the random failures: the same seed always gives the same simulated jobs.")},
        {"checkpoint.storage_bandwidth",
         QT_TRANSLATE_NOOP("KeyText", "Storage bandwidth:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Write bandwidth of the checkpoint storage, all GPUs together, in GB/s. Each "
             "checkpoint writes the weights and optimizer state at it (14 bytes per parameter in "
             "mixed precision with Adam): that is δ for the whole panel. Llama 3's storage "
             "sustains 2,000 GB/s. Not given: the write time δ above."),
         QT_TRANSLATE_NOOP("KeyText", " GB/s"),
         1e-9,
         3,
         {},
         QT_TRANSLATE_NOOP("KeyText", "not given (use δ)")},
        {"checkpoint.memory_bandwidth",
         QT_TRANSLATE_NOOP("KeyText", "In-memory tier:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Bandwidth of a checkpoint copy to host memory or a peer's memory, all GPUs "
             "together, in GB/s. Training waits only for this copy; the copy to storage runs "
             "behind it, and a failure loses only the work since the last copy (Gemini, Wang et "
             "al. 2023). Off: no in-memory tier."),
         QT_TRANSLATE_NOOP("KeyText", " GB/s"),
         1e-9,
         3,
         {},
         QT_TRANSLATE_NOOP("KeyText", "off (no in-memory tier)")},
        {"memory.sequence_parallel",
         QT_TRANSLATE_NOOP("KeyText", "&Sequence parallelism (Megatron)"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Also split the layer-norm and dropout activations over the tp GPUs (Korthikanti et "
             "al. 2022). Needs the sequence length to be a multiple of tp.")},
        {"memory.buffers_fraction", QT_TRANSLATE_NOOP("KeyText", "&Buffers allowance:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Extra room for communication buffers, allocator fragmentation and the CUDA "
             "context, as a share of everything else. 0 = leave it out."),
         QT_TRANSLATE_NOOP("KeyText", " %"), kPercent, 0},
        {"topology.preset",
         QT_TRANSLATE_NOOP("KeyText", "&Wiring:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "How the GPUs are connected; picking a wiring also sets the GPU and the "
             "hardware.* links, so every panel prices that cluster. The mis-wired node is a DGX "
             "H100 whose GPU 7 lost its NVLink: every ring through it crawls over PCIe. \"Your "
             "cluster\" uses the hardware.* keys, which an nccl-tests import below can fill; "
             "\"Imported node\" draws the node an nvidia-smi topo -m import found, pair by pair."),
         nullptr,
         1,
         0,
         {QT_TRANSLATE_NOOP("KeyText", "Your cluster (hardware.* keys)"),
          QT_TRANSLATE_NOOP("KeyText", "PCIe workstation, 4 × RTX 4090"),
          QT_TRANSLATE_NOOP("KeyText", "One node, 8 × H100 on NVSwitch"),
          QT_TRANSLATE_NOOP("KeyText", "4 nodes × 8 H100, InfiniBand NDR"),
          QT_TRANSLATE_NOOP("KeyText", "Mis-wired node: GPU 7 on PCIe"),
          QT_TRANSLATE_NOOP("KeyText", "Imported node (nvidia-smi topo -m)")}},
        {"cost.gpu_hour_price", QT_TRANSLATE_NOOP("KeyText", "Price per GPU-&hour:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "US dollars for one GPU for one hour. $2 is the rental price DeepSeek-V3's report "
             "prices its H800 GPU-hours at."),
         QT_TRANSLATE_NOOP("KeyText", " $"), 1, 2},
        {"cost.gpu_power",
         QT_TRANSLATE_NOOP("KeyText", "Power per GPU:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Watts one GPU draws while training; 0 takes the GPU's TDP from its datasheet "
             "(H100 SXM: 700 W), a ceiling."),
         QT_TRANSLATE_NOOP("KeyText", " W"),
         1,
         0,
         {},
         QT_TRANSLATE_NOOP("KeyText", "TDP")},
        {"cost.pue", QT_TRANSLATE_NOOP("KeyText", "PUE:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Power usage effectiveness: the data centre's energy over its computers' (cooling, "
             "power conversion). 1.2 was BLOOM's Jean Zay."),
         nullptr, 1, 2},
        {"cost.grid_intensity", QT_TRANSLATE_NOOP("KeyText", "Grid CO₂:"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Kilograms of CO₂ per kWh of the grid that feeds the data centre: 0.057 in France "
             "(BLOOM's footprint study), several times more on coal."),
         QT_TRANSLATE_NOOP("KeyText", " kg/kWh"), 1, 3},
        {"plan.tp_across_nodes", QT_TRANSLATE_NOOP("KeyText", "Let tp span &nodes"),
         QT_TRANSLATE_NOOP(
             "KeyText",
             "Also try tensor-parallel groups larger than a node. Their all-reduces inside every "
             "layer then cross the network, which is why Megatron-LM keeps tp in a node.")},
    };
    return table;
}

QString translated(const char* text)
{
    return text ? QCoreApplication::translate(kContext, text) : QString();
}

} // namespace

KeyText keyText(const QString& key)
{
    const QByteArray name = key.toLatin1();
    for (const Row& row : rows()) {
        if (name != row.key) {
            continue;
        }
        KeyText text{translated(row.label),  translated(row.tip),
                     translated(row.suffix), row.factor,
                     row.decimals,           {},
                     translated(row.special)};
        for (const char* choice : row.choices) {
            text.choices << translated(choice);
        }
        if (key == QLatin1String("hardware.gpu")) {
            for (const auto& gpu : simcore::gpuCatalogue()) {
                text.choices << QCoreApplication::translate("KeyText", "%1 (%2 GiB)")
                                    .arg(shortGpuName(gpu),
                                         common::formatNumber(gpu.memoryBytes / kGiB, 4));
            }
        }
        return text;
    }
    return KeyText{key + QLatin1Char(':'), {}, {}, 1, 0, {}, {}};
}

QString accessibleLabel(const QString& label)
{
    QString text = label;
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    while (text.endsWith(QLatin1Char(':')) || text.endsWith(QLatin1Char(' '))) {
        text.chop(1);
    }
    return text;
}

QString shortGpuName(const simcore::GpuSpec& gpu)
{
    QString name =
        QString::fromUtf8(gpu.displayName.data(), static_cast<qsizetype>(gpu.displayName.size()));
    for (const char* prefix : {"NVIDIA GeForce ", "NVIDIA ", "AMD Instinct ", "AMD "}) {
        if (name.startsWith(QLatin1String(prefix))) {
            name.remove(0, static_cast<qsizetype>(std::strlen(prefix)));
            break;
        }
    }
    static const QRegularExpression capacity(QStringLiteral("\\s*\\d+GB$"));
    name.remove(capacity);
    return name;
}

} // namespace dtsim::ui
