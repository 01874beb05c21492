<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>CheckpointCharts</name>
    <message numerus="yes">
        <source>Run 0: %1 failure(s), done in %2</source>
        <translation>
            <numerusform>Run 0: %1 failure, done in %2</numerusform>
            <numerusform>Run 0: %1 failures, done in %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Run 0: stopped unfinished after %1 failure(s)</source>
        <translation>
            <numerusform>Run 0: stopped unfinished after %1 failure</numerusform>
            <numerusform>Run 0: stopped unfinished after %1 failures</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CommunicationCharts</name>
    <message numerus="yes">
        <source>%1 all-reduce of %2 over %3 GPUs on %4: %5 in %6 step(s); each GPU sends %7; bus bandwidth %8 (nccl-tests).</source>
        <translation>
            <numerusform>%1 all-reduce of %2 over %3 GPUs on %4: %5 in %6 step; each GPU sends %7; bus bandwidth %8 (nccl-tests).</numerusform>
            <numerusform>%1 all-reduce of %2 over %3 GPUs on %4: %5 in %6 steps; each GPU sends %7; bus bandwidth %8 (nccl-tests).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CommunicationPanel</name>
    <message numerus="yes">
        <source>(the last node has only %1 GPU(s), so each carries %2 of the %3 shards)</source>
        <translation>
            <numerusform>(the last node has only %1 GPU, so each carries %2 of the %3 shards)</numerusform>
            <numerusform>(the last node has only %1 GPUs, so each carries %2 of the %3 shards)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MemoryCharts</name>
    <message numerus="yes">
        <source>%1: %2 GPU(s)</source>
        <translation>
            <numerusform>%1: %2 GPU</numerusform>
            <numerusform>%1: %2 GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ParallelismDiagram</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1 of %2 cross(es) a node&lt;/b&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%1 of %2 crosses a node&lt;/b&gt;</numerusform>
            <numerusform>&lt;b&gt;%1 of %2 cross a node&lt;/b&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Tensor groups %1 × %2 GPU(s): %3.</source>
        <translation>
            <numerusform>Tensor groups %1 × %2 GPU: %3.</numerusform>
            <numerusform>Tensor groups %1 × %2 GPUs: %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Pipelines %1 × %2 stage(s): sends %3.</source>
        <translation>
            <numerusform>Pipelines %1 × %2 stage: sends %3.</numerusform>
            <numerusform>Pipelines %1 × %2 stages: sends %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>N = dp × tp × pp = %1 × %2 × %3 = %4 GPU(s) · nodes of %5: %6</source>
        <translation>
            <numerusform>N = dp × tp × pp = %1 × %2 × %3 = %4 GPU · nodes of %5: %6</numerusform>
            <numerusform>N = dp × tp × pp = %1 × %2 × %3 = %4 GPUs · nodes of %5: %6</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 GPU(s) = dp %2 × tp %3 × pp %4</source>
        <translation>
            <numerusform>%1 GPU = dp %2 × tp %3 × pp %4</numerusform>
            <numerusform>%1 GPUs = dp %2 × tp %3 × pp %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>on %1 node(s) of %2.</source>
        <translation>
            <numerusform>on %1 node of %2.</numerusform>
            <numerusform>on %1 nodes of %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Tensor groups: %1 of %2 GPU(s), %3.</source>
        <translation>
            <numerusform>Tensor groups: %1 of %2 GPU, %3.</numerusform>
            <numerusform>Tensor groups: %1 of %2 GPUs, %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Pipelines: %1 of %2 stage(s),</source>
        <translation>
            <numerusform>Pipelines: %1 of %2 stage,</numerusform>
            <numerusform>Pipelines: %1 of %2 stages,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 send(s) crossing a node.</source>
        <translation>
            <numerusform>%1 of %2 send crossing a node.</numerusform>
            <numerusform>%1 of %2 sends crossing a node.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Data-parallel groups: %1 of %2 replica(s), %3.</source>
        <translation>
            <numerusform>Data-parallel groups: %1 of %2 replica, %3.</numerusform>
            <numerusform>Data-parallel groups: %1 of %2 replicas, %3.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ParallelismPanel</name>
    <message numerus="yes">
        <source>N = dp × tp × pp = %1 × %2 × %3 = &lt;b&gt;%4 GPU(s)&lt;/b&gt; (nodes of %5: %6);</source>
        <translation>
            <numerusform>N = dp × tp × pp = %1 × %2 × %3 = &lt;b&gt;%4 GPU&lt;/b&gt; (nodes of %5: %6);</numerusform>
            <numerusform>N = dp × tp × pp = %1 × %2 × %3 = &lt;b&gt;%4 GPUs&lt;/b&gt; (nodes of %5: %6);</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>each holds L/pp = %1/%2 = %3 layer(s), 1/%4 of their weights, 1/%5 of the batch</source>
        <translation>
            <numerusform>each holds L/pp = %1/%2 = %3 layer, 1/%4 of their weights, 1/%5 of the batch</numerusform>
            <numerusform>each holds L/pp = %1/%2 = %3 layers, 1/%4 of their weights, 1/%5 of the batch</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PipelineView</name>
    <message numerus="yes">
        <source>p = %1 device(s)</source>
        <translation>
            <numerusform>p = %1 device</numerusform>
            <numerusform>p = %1 devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>m = %1 micro-batch(es)</source>
        <translation>
            <numerusform>m = %1 micro-batch</numerusform>
            <numerusform>m = %1 micro-batches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>v = %1 chunk(s) per device</source>
        <translation>
            <numerusform>v = %1 chunk per device</numerusform>
            <numerusform>v = %1 chunks per device</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>In flight at the peak: the device holds %1 micro-batch(es) of activations = &lt;b&gt;%2&lt;/b&gt; (memory model: %3 per layer and micro-batch, Korthikanti et al. 2022).</source>
        <translation>
            <numerusform>In flight at the peak: the device holds %1 micro-batch of activations = &lt;b&gt;%2&lt;/b&gt; (memory model: %3 per layer and micro-batch, Korthikanti et al. 2022).</numerusform>
            <numerusform>In flight at the peak: the device holds %1 micro-batches of activations = &lt;b&gt;%2&lt;/b&gt; (memory model: %3 per layer and micro-batch, Korthikanti et al. 2022).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>In flight at the peak: device 0 holds %1 micro-batch(es) of activations = &lt;b&gt;%2&lt;/b&gt;; device %3 holds %4 = %5 (memory model: %6 per layer and micro-batch, Korthikanti et al. 2022).</source>
        <translation>
            <numerusform>In flight at the peak: device 0 holds %1 micro-batch of activations = &lt;b&gt;%2&lt;/b&gt;; device %3 holds %4 = %5 (memory model: %6 per layer and micro-batch, Korthikanti et al. 2022).</numerusform>
            <numerusform>In flight at the peak: device 0 holds %1 micro-batches of activations = &lt;b&gt;%2&lt;/b&gt;; device %3 holds %4 = %5 (memory model: %6 per layer and micro-batch, Korthikanti et al. 2022).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, p = %2, m = %3, v = %4: step %5, ideal %6, bubble %7 of the step (%8 of the ideal time); at most %9 micro-batch(es) in flight on a device.</source>
        <translation>
            <numerusform>%1, p = %2, m = %3, v = %4: step %5, ideal %6, bubble %7 of the step (%8 of the ideal time); at most %9 micro-batch in flight on a device.</numerusform>
            <numerusform>%1, p = %2, m = %3, v = %4: step %5, ideal %6, bubble %7 of the step (%8 of the ideal time); at most %9 micro-batches in flight on a device.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ScalingCharts</name>
    <message numerus="yes">
        <source>N = %1 worker(s): %2 per step (ideal %3), speed-up %4, efficiency %5. Fastest step at N = %6: %7.</source>
        <translation>
            <numerusform>N = %1 worker: %2 per step (ideal %3), speed-up %4, efficiency %5. Fastest step at N = %6: %7.</numerusform>
            <numerusform>N = %1 workers: %2 per step (ideal %3), speed-up %4, efficiency %5. Fastest step at N = %6: %7.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TopologyDiagram</name>
    <message numerus="yes">
        <source>%1 GPU(s)</source>
        <translation>
            <numerusform>%1 GPU</numerusform>
            <numerusform>%1 GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 node(s)</source>
        <translation>
            <numerusform>%1 of %2 node</numerusform>
            <numerusform>%1 of %2 nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Node %1: %2 GPU(s)</source>
        <translation>
            <numerusform>Node %1: %2 GPU</numerusform>
            <numerusform>Node %1: %2 GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported node: %1 GPU(s) (nvidia-smi topo -m)</source>
        <translation>
            <numerusform>Imported node: %1 GPU (nvidia-smi topo -m)</numerusform>
            <numerusform>Imported node: %1 GPUs (nvidia-smi topo -m)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 imported nodes × %2 GPU(s)</source>
        <translation>
            <numerusform>%1 imported nodes × %2 GPU</numerusform>
            <numerusform>%1 imported nodes × %2 GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your cluster: %1 × %2 GPU(s)</source>
        <translation>
            <numerusform>Your cluster: %1 × %2 GPU</numerusform>
            <numerusform>Your cluster: %1 × %2 GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 — %2 of %3 over %4 GPU(s): %5</source>
        <translation>
            <numerusform>%1 — %2 of %3 over %4 GPU: %5</numerusform>
            <numerusform>%1 — %2 of %3 over %4 GPUs: %5</numerusform>
        </translation>
    </message>
</context>
</TS>
