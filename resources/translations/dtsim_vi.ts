<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="vi_VN">
<context>
    <name>CheckpointCharts</name>
    <message>
        <source>Wasted wall time vs checkpoint interval (Daly 2006)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing checkpoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work lost to failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimum (Daly 2006)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Young (1974) √(2δM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint interval τ (minutes, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wasted (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monte-Carlo: completion time of simulated jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs per bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean of the runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected T (Daly 2006)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wasted time vs checkpoint interval chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monte-Carlo completion time histogram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monte-Carlo summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One simulated job as a timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completion time (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run 0: 1 failure, done in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run 0: %1 failures, done in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run 0: stopped unfinished after %1 failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 simulated jobs&lt;/b&gt; (seed %2): mean %3 ± %4 (standard error) vs expected &lt;b&gt;%5&lt;/b&gt; (Daly 2006): difference %6 (%7 standard errors). Fastest %8, slowest %9; %10 failures per job on average.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (τ does not divide W: Daly&apos;s closed form with a fractional last interval gives %1.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The simulated job never finishes&lt;/b&gt;: a run stopped after %1 failures. Restarts or checkpoint writes take too long for this MTBF.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Monte-Carlo simulation could not run with these inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;i&gt;Simulating %1 jobs… %2 done.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> &lt;i&gt;Shown until then: the previous parameters.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint inputs are out of range: nothing to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster MTBF %1. Best interval %2 (Daly; Young %3). At τ = %4 the job wastes %5 of its wall time (writes %6, lost work %7, restarts %8).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dtsim — Checkpoint: wasted time vs interval, Monte-Carlo completion times</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CheckpointPanel</name>
    <message>
        <source>Checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset: Llama 3 (16,384 GPUs, 419 failures in 54 days)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3 paper §3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100 GPUs, a job MTBF of about 3.1 hours. Sets N = 16,384, GPU MTBF = 3.09 h × 16,384, W = 54 days, and assumes a 60 s checkpoint write, a 10 min restart and an hourly checkpoint (the paper gives none of these three).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster and job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monte-Carlo simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs in the job N:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTBF of one GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job length W (work):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint write time δ:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart time R:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint interval τ:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated jobs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many GPUs the job runs on. If any one of them fails the whole job stops, so the cluster fails N times as often as one GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean time between failures of a single GPU (with its share of host, network and software), in hours. 50,000 h is about 5.7 years.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Useful computation the job needs, in days, not counting checkpoints, lost work or restarts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds to write one checkpoint. Training pauses while it is written; a failure during the write loses it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds from a failure until training runs again: detect, replace the node, reload the last checkpoint.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minutes of work between two checkpoints. Short: many writes. Long: a failure throws away more work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many whole training jobs the Monte-Carlo simulation runs with random failures; more runs give a smoother histogram and take longer (they run in the background).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the random failures: the same seed always gives the same simulated jobs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>τ (log):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag to change the checkpoint interval from 10 s to about 4 months on a log scale (one tick per factor of ten).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint interval slider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the optimum interval (Daly)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set τ to Daly&apos;s (2006) optimum interval for the current write time and MTBF.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster MTBF M:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Young optimum:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Daly optimum:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wasted at τ:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected wall time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected failures:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interval in steps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean time between failures of the whole job: GPU MTBF / N.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Young (1974): τ = √(2δM), the first-order optimum interval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Daly (2006): a higher-order optimum, slightly shorter than Young&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the wall time not spent on useful work: writes + lost work + restarts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Daly&apos;s (2006) expected wall time for the whole job at the current τ.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected failures during the whole job: wall time / M.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interval as whole training steps, with the Scaling panel&apos;s step time: shouldCheckpoint(step, K) is true when step % K == 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (at the optimum %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>practically never finishes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (W = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint every %1 steps (step %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; optimum every %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checkpoint inputs are out of range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster MTBF M = GPU MTBF / N = %1 h / %2 = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Young: τ = √(2δM) = √(2 × %1 × %2) = %3 = &lt;b&gt;%4&lt;/b&gt;; Daly: τ = √(2δM)·[1 + ⅓√(δ/2M) + (δ/2M)/9] − δ = &lt;b&gt;%5&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T = M·e&lt;sup&gt;R/M&lt;/sup&gt;·(e&lt;sup&gt;(τ+δ)/M&lt;/sup&gt; − 1)·W/τ with τ = %1, R = %2, W = %3: &lt;b&gt;%4&lt;/b&gt;, wasted %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beyond any calendar</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1× (screen)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2× (slides, recommended)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3× (print)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG &amp;pixel scale:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf);;CSV data (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file name must end in .png, .svg, .pdf or .csv.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG of %1 × %2 pixels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The numbers behind the charts, in SI units, comma-separated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vector drawing: sharp at any size.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory: where the bytes of training go on each GPU (lesson §1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism: data, tensor and pipeline parallelism, and pipeline schedules (lesson §2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication: ring all-reduce step by step, and how collectives scale (lesson §3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topology: how GPUs are wired, and why the slowest link bounds the all-reduce.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint: how often to save, and what failures cost a long run (lesson §3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1

This panel is coming in a later version of dtsim.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a scenario file (.json) saved by dtsim (Ctrl+O).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save every parameter to the scenario file (Ctrl+S).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save scenario &amp;as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo the last parameter change (Ctrl+Z).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redo the change just undone (Ctrl+Shift+Z).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export charts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the current panel&apos;s charts as PNG, SVG or PDF, or their data as CSV (Ctrl+E).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put every parameter back to the lesson&apos;s default values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About dtsim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This panel has nothing to export yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All parameters are back to the lesson defaults.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About dtsim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;dtsim %1&lt;/h3&gt;&lt;p&gt;Distributed Training Simulator: why training a large neural network on many GPUs is fast, slow or impossible.&lt;/p&gt;&lt;p&gt;Every number comes from a documented model with its published source.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dtsim scenarios (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dtsim scenarios (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save changes?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario has changes that are not saved. Save them before going on?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — dtsim, Distributed Training Simulator</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryCharts</name>
    <message>
        <source>Memory verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU under each ZeRO stage, against GPU capacities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buffers (allowance)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU (GB = 10⁹ bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP (ZeRO-0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mixed BF16/FP16 + FP32 master</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pure BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD + momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adam/AdamW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶ %1 ◀</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 GiB = %3 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB = %2 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;These settings do not go together:&lt;/b&gt; %1 The bars are only indicative.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on one GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 over %2 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;✔ Fits&lt;/b&gt; on the %1 (%2): %3 needs %4 per GPU, %5 to spare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;✘ Does not fit&lt;/b&gt; on the %1 (%2): %3 needs %4 (%5) per GPU, %6 too much.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fewest GPUs that fit (tp %1 × pp %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO does not shard activations (%1 per GPU): try recomputation, a shorter sequence or a smaller micro-batch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per GPU: %1 — %2 billion parameters, %3 + %4, dp %5 × tp %6 × pp %7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dtsim — Memory: per-GPU memory under ZeRO 0–3 against GPU capacities</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryPanel</name>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallelism and sharding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A published model: its parameter count and transformer shape (layers, hidden size, heads, sequence length, vocabulary).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Parameters:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> billion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameter count Ψ in billions (7 = the lesson&apos;s 7B model). Each one costs weight + gradient + optimizer bytes on the GPU. 0 derives it from the shape.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sequence length:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per training sequence. Activations grow with it, the attention scores even with its square.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-&amp;batch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> seq.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences each GPU processes at once. Activations grow in proportion; model states do not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Data parallel (dp):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copies of the model that each train on part of the batch. Plain DDP keeps a full copy on every GPU; ZeRO divides the model states by dp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tensor parallel (tp):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs that split every layer&apos;s matrices. Divides the weights and most activations by tp; must divide the attention heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pipeline stages (pp):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs that each hold a slice of the layers. Divides the model states by pp; the first stage keeps more activations in flight.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Buffers allowance:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra room for communication buffers, allocator fragmentation and the CUDA context, as a share of everything else. 0 = leave it out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 (4 B per value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mixed BF16/FP16 + FP32 master</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pure BF16 (2 B per value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;recision:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number format of weights and gradients. Mixed precision computes in 16 bits but keeps an FP32 master copy with the optimizer (ZeRO paper §3.1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Optimizer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the optimizer keeps per parameter: nothing (SGD), one momentum, or Adam&apos;s two moments (8 B in FP32, 2 B in 8-bit Adam).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: keep all activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selective: recompute attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full: keep only layer inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;computation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation recomputation: drop activations after the forward pass and compute them again in the backward pass, trading compute for memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-1: shard optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-2: + gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP: + weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;ZeRO stage:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much of the model states is divided over the dp GPUs instead of copied: optimizer state (1), also gradients (2), also weights (3 = FSDP full shard).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU whose memory the verdict checks. Vendors&apos; &quot;80 GB&quot; is 80 GiB (2³⁰ bytes each) = 85.9 GB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sequence parallelism (Megatron)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also split the layer-norm and dropout activations over the tp GPUs (Korthikanti et al. 2022). Needs the sequence length to be a multiple of tp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M&lt;sub&gt;GPU&lt;/sub&gt; = Ψ′ × (w + g + K) + activations + buffers; ZeRO shards K (1), g (2), w (3) over N&lt;sub&gt;d&lt;/sub&gt; = dp; Ψ′ = Ψ / (tp × pp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / (%2 × %3) = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ψ′ = %1 × (%2 + %3 + %4) B = &lt;b&gt;%5&lt;/b&gt; = %6 unsharded (the seed&apos;s &quot;104.3 GB&quot; is GiB: it divides by 1024³)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, N&lt;sub&gt;d&lt;/sub&gt; = %2: %3 + %4 + %5 + act. %6 + buf. %7 = &lt;b&gt;%8&lt;/b&gt; per GPU %9 %10 (%11)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <source>%1: %2%3 is out of range; allowed: %4 to %5%3. The value was not changed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Panel</name>
    <message>
        <source>Input problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export charts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save these charts as PNG, SVG or PDF, or their data as CSV.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formula with the current numbers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScalingCharts</name>
    <message>
        <source>Scaling summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time: real (solid, stacked) vs ideal (hatched)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ideal T(1)/N (no overhead)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimum N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed-up vs workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed-up T(1)/T(N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ideal (N×)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers N (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute T(1)/N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication (not hidden)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication (sync)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N = %1 workers: %2 per step (ideal %3), speed-up %4, efficiency %5. Fastest step at N = %6: %7.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dtsim — Scaling: step time and speed-up vs workers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScalingPanel</name>
    <message>
        <source>Scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker count &amp;N:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many GPUs (workers) share each training step. Each one computes a slice of the batch, then all of them synchronise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker count slider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Logarithmic worker axis (powers of two)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spread the slider and the charts over 1…4096 workers on a log scale, to see large clusters and small ones together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson constants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model, batch and GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient synchronisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At the selected N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson: the seed&apos;s formula with three constants. Physical: compute from the model&apos;s FLOPs and the GPU&apos;s peak, communication from the collective over the links.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lesson (three constants)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Physical (FLOPs and links)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training steps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer steps in the whole training run: total time = steps × step time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute per step, 1 worker (T_compute):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long one training step takes on a single worker. With N workers the compute part shrinks to T_compute / N.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed sync latency:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronisation cost paid once as soon as there is more than one worker (latency of starting an all-reduce).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync cost per extra worker:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra synchronisation cost for every worker beyond the first: more workers, more gradient traffic to coordinate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters (billions):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trainable parameters Ψ of the model. Training costs about 6Ψ FLOPs per token (Kaplan et al. 2020).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens in one training sequence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch as N grows:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strong scaling keeps the global batch and splits it over N GPUs. Weak scaling keeps each GPU&apos;s batch, so the global batch grows with N.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strong scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weak scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Global batch (strong):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences in one optimizer step, shared by all N GPUs under strong scaling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> seq.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch per GPU (weak):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences each GPU processes per step under weak scaling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 computes at the GPU&apos;s FP32 peak and sends 4-byte gradients; mixed and BF16 use the tensor-core BF16 peak and 2-byte gradients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mixed BF16/FP16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pure BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full recomputation re-runs the forward pass during backward: 8Ψ instead of 6Ψ FLOPs per token (Narayanan et al. 2021).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selective (not counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full (+1 forward)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU model; its peak FLOP/s comes from the vendor&apos;s datasheet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Utilisation (MFU):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the GPU&apos;s peak that training achieves. Large models reach 30–55 % (PaLM, Chowdhery et al. 2022, Table 3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 = DDP (one all-reduce of the gradients); 1 and 2 = reduce-scatter + all-gather (same volume); 3 = FSDP, 1.5× the volume (Rajbhandari et al. 2020).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collective:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the gradients are summed: ring, tree, naive (every worker sends to every other) or hierarchical (inside each node, then between nodes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Naive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hierarchical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap with backward:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the communication sent while the backward pass still computes; it can never hide more than the backward time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs joined by the fast link. A group larger than one node also uses the slower link between nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inside a node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth per GPU, one direction, inside a node (NVLink 4: 450 GB/s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  latency α:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start-up time of one message inside a node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Between nodes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth per GPU, one direction, between nodes (InfiniBand NDR: 50 GB/s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start-up time of one message between nodes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ideal step T(1)/N:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed-up:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Efficiency:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total training time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimum:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N = %1, %2 per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&lt;sub&gt;step&lt;/sub&gt;(N) = T&lt;sub&gt;compute&lt;/sub&gt; / N + T&lt;sub&gt;sync&lt;/sub&gt;(N), where T&lt;sub&gt;sync&lt;/sub&gt;(N) = fixed + per-worker × (N − 1) when N &amp;gt; 1, and 0 for one worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&lt;sub&gt;step&lt;/sub&gt;(1) = %1 / 1 + 0 = &lt;b&gt;%2&lt;/b&gt; (one worker does not synchronise)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&lt;sub&gt;step&lt;/sub&gt;(%1) = %2 / %1 + (%3 + %4 × %5) = %6 + %7 = &lt;b&gt;%8&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed-up = T&lt;sub&gt;step&lt;/sub&gt;(1) / T&lt;sub&gt;step&lt;/sub&gt;(%1) = %2; efficiency = %2 / %1 = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&lt;sub&gt;step&lt;/sub&gt;(N) = FLOPs per token × tokens per GPU ÷ (peak × MFU) + T&lt;sub&gt;comm&lt;/sub&gt;(N) − hidden, where hidden ≤ overlap × T&lt;sub&gt;comm&lt;/sub&gt; and ≤ the backward pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&lt;sub&gt;compute&lt;/sub&gt; = %1 × %2 tokens ÷ (%3 × %4) = %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&lt;sub&gt;comm&lt;/sub&gt;(%1) = %2, hidden %3 → T&lt;sub&gt;step&lt;/sub&gt; = %4 + %5 = &lt;b&gt;%6&lt;/b&gt;; speed-up %7, efficiency %8</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScenarioModel</name>
    <message>
        <source>Change %1</source>
        <extracomment>Undo menu text; %1 is a scenario key such as scaling.workers</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineWidget</name>
    <message>
        <source>Work kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dtsim::ui</name>
    <message>
        <source>Unknown key &apos;%1&apos; (dtsim keys lists them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a finite number; allowed: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a whole number; allowed: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is out of range; allowed: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not allowed; allowed: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; must be %3 (%4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos;: expected KEY=VALUE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open %1 for writing: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not allocate a %1×%2 image.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not encode the PNG image: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start drawing the SVG file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start drawing the PDF file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size: %1×%2 is out of range; allowed: each side %3 to %4 pixels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale: %1 is out of range; allowed: %2 to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown file type; allowed: .png, .svg, .pdf, .csv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>panel: &apos;%1&apos; cannot be exported yet; available: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 years</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1FLOP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1FLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1B/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2: not valid JSON (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected a JSON object with &quot;format&quot;, &quot;version&quot; and &quot;values&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;format&quot; must be &quot;dtsim-scenario&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2: &quot;version&quot; must be a whole number from 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was written by a newer dtsim (file version %2; this one reads up to %3). Update dtsim to open it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;values&quot; must be an object of key: value pairs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2: %3 must be a number or a string.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than 4 MiB: not a scenario file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dtsim::ui::MemoryPanel</name>
    <message>
        <source>%1 billion</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dtsim::ui::ScenarioModel</name>
    <message>
        <source>Change all parameters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
