#!/usr/bin/env python3
"""Writes the nccl-tests / rccl-tests samples added for pasted logs (see README.md here).

The layout is nccl-tests' (NVIDIA/nccl-tests src/common.cu: the "# nThread" line, "# Using
devices" and "#  Rank" lines, the three header comments, one row per size with "%12li  %12li
%8s  %6s  %6i" then "%7s  %6.2f  %6.2f  %5s" per placement, the time through getFloatStr, the
"# Out of bounds values" and "# Avg bus bandwidth" footer) and rccl-tests' (ROCm/rccl-tests: a
"rccl-tests: Version" line, "RCCL version :"/"HIP version  :" lines, Rank lines without Group).
Times come from the α–β ring model of MODELS §4 with a small deterministic wiggle: they are not
measurements. Run from this folder: python3 make_samples.py
"""
import math

FACTOR = {  # busbw / algbw (nccl-tests doc/PERFORMANCE.md)
    "all_reduce": lambda n: 2 * (n - 1) / n,
    "all_gather": lambda n: (n - 1) / n,
    "reduce_scatter": lambda n: (n - 1) / n,
    "alltoall": lambda n: (n - 1) / n,
    "broadcast": lambda n: 1.0,
}
STEPS = {"all_reduce": lambda n: 2 * (n - 1), "broadcast": lambda n: n - 1}


def float_str(value):
    """getFloatStr: 7 characters, as many decimals as fit (at least none)."""
    for decimals in (2, 1, 0):
        text = f"{value:7.{decimals}f}"
        if len(text) <= 7:
            return text
    return f"{value:7.0f}"


def row(coll, n, size, alpha, bw, wiggle, wrong="0"):
    per_rank = coll in ("all_gather", "reduce_scatter", "alltoall")
    count = size // 4 // (n if per_rank else 1)
    redop = "sum" if coll in ("all_reduce", "reduce_scatter") else "none"
    root = "0" if coll == "broadcast" else "-1"
    steps = STEPS.get(coll, lambda n: n - 1)(n)
    out = f"{size:12d}  {count:12d}  {'float':>8s}  {redop:>6s}  {root:>6s}"
    for k in range(2):
        t = (steps * alpha + FACTOR[coll](n) * size / bw) * (1 + wiggle * (1 if k else -1))
        t_us = float(float_str(t * 1e6))
        algbw = size / (t_us * 1e-6) / 1e9
        busbw = algbw * FACTOR[coll](n)
        out += f"  {float_str(t_us)}  {algbw:6.2f}  {busbw:6.2f}  {wrong:>6s}"
    return out


def sizes(lo, hi):
    s = lo
    while s <= hi:
        yield s
        s *= 2


def table(coll, n, alpha, bw, lo, hi, wrong="0"):
    lines = [
        "#",
        "#                                                              out-of-place"
        "                       in-place          ",
        "#       size         count      type   redop    root     time   algbw   busbw #wrong"
        "     time   algbw   busbw #wrong",
        "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)"
        "            (us)  (GB/s)  (GB/s)       ",
    ]
    rows = []
    for i, size in enumerate(sizes(lo, hi)):
        wiggle = 0.02 * math.sin(1.7 * i + n)
        rows.append(row(coll, n, size, alpha, bw, wiggle, wrong))
    lines += rows
    avg = sum(float(r.split()[7]) for r in rows) / len(rows)
    lines += ["# Out of bounds values : 0 OK", f"# Avg bus bandwidth    : {avg:.4g} ", "#"]
    return lines


def header(coll, ngpus, lo, hi, check=1):
    return [
        "# nccl-tests version 2.13.11 nccl-headers=22304 nccl-library=22304",
        f"# Collective test starting: {coll}_perf",
        f"# nThread 1 nGpus {ngpus} minBytes {lo} maxBytes {hi} step: 2(factor) warmup iters: 5"
        f" iters: 20 agg iters: 1 validation: {check} graph: 0",
        "#",
    ]


def devices(n, per_node, host="gpu-node-{:02d}", name="NVIDIA H100 80GB HBM3", group=True):
    out = ["# Using devices"]
    for r in range(n):
        g = " Group  0" if group else ""
        out.append(f"#  Rank {r:2d}{g} Pid {52000 + r:6d} on {host.format(r // per_node + 1)}"
                   f" device {r % per_node:2d} [0000:{0x18 + 0x10 * (r % per_node):02x}:00] {name}")
    return out


def write(name, lines):
    with open(name, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


# 1. Slurm, srun --label: every line of every task prefixed "T: " (padded to the widest task
#    number), NCCL INFO lines of other tasks and a UCX warning between the rows.
lo, hi = 1 << 20, 1 << 30
body = (["srun: job 412233 queued and waiting for resources", "srun: job 412233 has been allocated resources"]
        + [f"{'0':>2}: {l}" for l in header("all_reduce", 1, lo, hi) + devices(16, 8)])
rows = table("all_reduce", 16, 6e-6, 48e9, lo, hi)
info = [f"{t:>2}: gpu-node-{t // 8 + 1:02d}:{52000 + t}:{52000 + t} [{t % 8}] NCCL INFO comm 0x7f3c{t:04x} rank {t} nranks 16 cudaDev {t % 8} busId {0x18 + t % 8:x}000 - Init COMPLETE" for t in (3, 11, 15)]
labelled = [f"{'0':>2}: {l}" for l in rows]
labelled[8:8] = info
labelled.insert(12, "12: [1733212345.123456] [gpu-node-02:52012:0]  ucp_context.c:1996 UCX  WARN  UCP version is incompatible, required: 1.17, actual: 1.16 (release 0)")
write("all_reduce_2x8xh100_srun_label.txt",
      ["$ srun --label -N 2 --ntasks-per-node=8 --gpus-per-task=1 ./build/all_reduce_perf -b 1M -e 1G -f 2 -g 1"]
      + body + labelled + [f"{'0':>2}: # Collective test concluded: all_reduce_perf"])

# 2. No "# Using devices" block (the lines cut from the paste): N follows from busbw / algbw.
write("all_reduce_16_no_devices.txt",
      header("all_reduce", 1, lo, hi) + table("all_reduce", 16, 6e-6, 48e9, lo, hi))

# 3. A sweep script: all_reduce, all_gather, reduce_scatter, alltoall, broadcast in one log.
sweep = ["$ for c in $COLLECTIVES; do ./build/${c}_perf -b 1M -e 256M -f 4 -g 8; done"]
for coll in ("all_reduce", "all_gather", "reduce_scatter", "alltoall", "broadcast"):
    sweep += header(coll, 8, 1 << 20, 1 << 28) + devices(8, 8, host="dgx-h100-01")
    sweep += [l for l in table(coll, 8, 3e-6, 360e9, 1 << 20, 1 << 28) if True]
    sweep += [f"# Collective test concluded: {coll}_perf", ""]
write("sweep_five_collectives_8xh100.txt", sweep)

# 4. alltoall alone.
write("alltoall_8xh100.txt",
      header("alltoall", 8, 1 << 20, 1 << 30) + devices(8, 8, host="dgx-h100-01")
      + table("alltoall", 8, 3e-6, 360e9, 1 << 20, 1 << 30))

# 5. rccl-tests on 8 MI300X, -c 0 (validation 0: #wrong is N/A).
rccl = ["# nThread 1 nGpus 8 minBytes 1048576 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 0 graph: 0",
        "#", "rccl-tests: Version develop:a7809b3"]
rccl += devices(8, 8, host="mi300x-node-01", name="AMD Instinct MI300X", group=False)
rccl += ["RCCL version : 2.20.5-develop:5b0a9d4", "HIP version  : 6.2.41133-dd7f95766",
         "ROCm version : 6.2.0.0-66-3ef5f7b", "Hostname     : mi300x-node-01"]
rccl += table("all_reduce", 8, 8e-6, 150e9, lo, hi, wrong="N/A")
rccl += ["# Collective test concluded: all_reduce_perf"]
write("rccl_all_reduce_8xmi300x_nocheck.txt", rccl)

# 6. Across nodes, no hosts named (Slurm, devices block cut): the second log of a pair.
write("all_reduce_across_no_hosts.txt",
      header("all_reduce", 1, lo, hi) + table("all_reduce", 16, 6e-6, 48e9, lo, hi))
