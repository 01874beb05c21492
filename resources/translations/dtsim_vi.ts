<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="vi_VN">
<context>
    <name>CheckpointCharts</name>
    <message>
        <source>Wasted wall time vs checkpoint interval (Daly 2006)</source>
        <translation>Thời gian thực tế lãng phí theo chu kỳ checkpoint (Daly 2006)</translation>
    </message>
    <message>
        <source>Writing checkpoints</source>
        <translation>Ghi checkpoint</translation>
    </message>
    <message>
        <source>Work lost to failures</source>
        <translation>Công việc bị mất do sự cố</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>Khởi động lại</translation>
    </message>
    <message>
        <source>Optimum (Daly 2006)</source>
        <translation>Tối ưu (Daly 2006)</translation>
    </message>
    <message>
        <source>Young (1974) √(2δM)</source>
        <translation>Young (1974) √(2δM)</translation>
    </message>
    <message>
        <source>Current interval</source>
        <translation>Chu kỳ hiện tại</translation>
    </message>
    <message>
        <source>Optimum</source>
        <translation>Tối ưu</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>Hiện tại</translation>
    </message>
    <message>
        <source>Checkpoint interval τ (minutes, log scale)</source>
        <translation>Chu kỳ checkpoint τ (phút, thang log)</translation>
    </message>
    <message>
        <source>Wasted (%)</source>
        <translation>Lãng phí (%)</translation>
    </message>
    <message>
        <source>Monte-Carlo: completion time of simulated jobs</source>
        <translation>Monte-Carlo: thời gian hoàn thành các tác vụ mô phỏng</translation>
    </message>
    <message>
        <source>Jobs per bin</source>
        <translation>Số tác vụ mỗi khoảng</translation>
    </message>
    <message>
        <source>Mean of the runs</source>
        <translation>Trung bình các lần chạy</translation>
    </message>
    <message>
        <source>Expected T (Daly 2006)</source>
        <translation>T kỳ vọng (Daly 2006)</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Tác vụ</translation>
    </message>
    <message>
        <source>Wasted time vs checkpoint interval chart</source>
        <translation>Biểu đồ thời gian lãng phí theo chu kỳ checkpoint</translation>
    </message>
    <message>
        <source>Monte-Carlo completion time histogram</source>
        <translation>Biểu đồ tần suất thời gian hoàn thành (Monte-Carlo)</translation>
    </message>
    <message>
        <source>Monte-Carlo summary</source>
        <translation>Tóm tắt Monte-Carlo</translation>
    </message>
    <message>
        <source>Checkpoint summary</source>
        <translation>Tóm tắt checkpoint</translation>
    </message>
    <message>
        <source>One simulated job as a timeline</source>
        <translation>Dòng thời gian của một tác vụ mô phỏng</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>d</source>
        <translation>ngày</translation>
    </message>
    <message>
        <source>h</source>
        <translation>giờ</translation>
    </message>
    <message>
        <source>min</source>
        <translation>phút</translation>
    </message>
    <message>
        <source>Completion time (%1)</source>
        <translation>Thời gian hoàn thành (%1)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 simulated jobs&lt;/b&gt; (seed %2): mean %3 ± %4 (standard error) vs expected &lt;b&gt;%5&lt;/b&gt; (Daly 2006): difference %6 (%7 standard errors). Fastest %8, slowest %9; %10 failures per job on average.</source>
        <translation>&lt;b&gt;%1 tác vụ mô phỏng&lt;/b&gt; (seed %2): trung bình %3 ± %4 (sai số chuẩn), kỳ vọng &lt;b&gt;%5&lt;/b&gt; (Daly 2006): lệch %6 (%7 sai số chuẩn). Nhanh nhất %8, chậm nhất %9; trung bình %10 sự cố/tác vụ.</translation>
    </message>
    <message>
        <source> (τ does not divide W: Daly&apos;s closed form with a fractional last interval gives %1.)</source>
        <translation> (W không chia hết cho τ; Daly, chu kỳ cuối lẻ: %1.)</translation>
    </message>
    <message>
        <source>&lt;b&gt;The simulated job never finishes&lt;/b&gt;: a run stopped after %1 failures. Restarts or checkpoint writes take too long for this MTBF.</source>
        <translation>&lt;b&gt;Tác vụ mô phỏng không bao giờ xong&lt;/b&gt;: một lần chạy đã dừng sau %1 sự cố. Với MTBF này, khởi động lại hoặc ghi checkpoint mất quá nhiều thời gian.</translation>
    </message>
    <message>
        <source>The Monte-Carlo simulation could not run with these inputs.</source>
        <translation>Không chạy được mô phỏng Monte-Carlo với các đầu vào này.</translation>
    </message>
    <message>
        <source>&lt;i&gt;Simulating %1 jobs… %2 done.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Đang mô phỏng %1 tác vụ… đã xong %2.&lt;/i&gt;</translation>
    </message>
    <message>
        <source> &lt;i&gt;Shown until then: the previous parameters.&lt;/i&gt;</source>
        <translation> &lt;i&gt;Trong lúc chờ, đang hiển thị kết quả của bộ tham số trước.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>The checkpoint inputs are out of range: nothing to show.</source>
        <translation>Đầu vào checkpoint nằm ngoài phạm vi cho phép: không có gì để hiển thị.</translation>
    </message>
    <message>
        <source>Cluster MTBF %1. Best interval %2 (Daly; Young %3). At τ = %4 the job wastes %5 of its wall time (writes %6, lost work %7, restarts %8).</source>
        <translation>MTBF của cụm: %1. Chu kỳ tốt nhất %2 (Daly; Young: %3). Với τ = %4, tác vụ lãng phí %5 thời gian thực tế (ghi %6, công việc bị mất %7, khởi động lại %8).</translation>
    </message>
    <message>
        <source>Run 0: not simulated (too many failures to simulate)</source>
        <translation>Lần chạy 0: chưa mô phỏng (quá nhiều sự cố để mô phỏng)</translation>
    </message>
    <message>
        <source>Wasted time vs interval</source>
        <translation>Lãng phí theo chu kỳ</translation>
    </message>
    <message>
        <source>Monte-Carlo runs</source>
        <translation>Các lần chạy Monte-Carlo</translation>
    </message>
    <message numerus="yes">
        <source>Run 0: %1 failure(s), done in %2</source>
        <translation>
            <numerusform>Lần chạy 0: %1 sự cố, xong sau %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Run 0: stopped unfinished after %1 failure(s)</source>
        <translation>
            <numerusform>Lần chạy 0: dừng khi chưa xong, sau %1 sự cố</numerusform>
        </translation>
    </message>
    <message>
        <source>Goodput vs GPUs</source>
        <translation>Goodput theo số GPU</translation>
    </message>
    <message>
        <source>Failures by cause</source>
        <translation>Sự cố theo nguyên nhân</translation>
    </message>
    <message>
        <source>Faulty GPU</source>
        <translation>GPU hỏng</translation>
    </message>
    <message>
        <source>GPU HBM3 memory</source>
        <translation>Bộ nhớ HBM3 của GPU</translation>
    </message>
    <message>
        <source>Software bug</source>
        <translation>Lỗi phần mềm</translation>
    </message>
    <message>
        <source>Network switch/cable</source>
        <translation>Switch/cáp mạng</translation>
    </message>
    <message>
        <source>Host maintenance</source>
        <translation>Bảo trì máy chủ</translation>
    </message>
    <message>
        <source>GPU SRAM memory</source>
        <translation>Bộ nhớ SRAM của GPU</translation>
    </message>
    <message>
        <source>GPU system processor</source>
        <translation>Bộ xử lý hệ thống của GPU</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>NIC</translation>
    </message>
    <message>
        <source>NCCL watchdog timeouts</source>
        <translation>NCCL watchdog hết thời gian chờ</translation>
    </message>
    <message>
        <source>Silent data corruption</source>
        <translation>Hỏng dữ liệu âm thầm</translation>
    </message>
    <message>
        <source>GPU thermal interface + sensor</source>
        <translation>Tản nhiệt + cảm biến GPU</translation>
    </message>
    <message>
        <source>SSD</source>
        <translation>SSD</translation>
    </message>
    <message>
        <source>Power supply</source>
        <translation>Bộ nguồn</translation>
    </message>
    <message>
        <source>Server chassis</source>
        <translation>Khung máy chủ</translation>
    </message>
    <message>
        <source>IO expansion board</source>
        <translation>Bo mạch mở rộng IO</translation>
    </message>
    <message>
        <source>Dependency</source>
        <translation>Phụ thuộc (dependency)</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>System memory</source>
        <translation>Bộ nhớ hệ thống</translation>
    </message>
    <message>
        <source>Wasted time and Monte-Carlo</source>
        <translation>Thời gian lãng phí và Monte-Carlo</translation>
    </message>
    <message>
        <source>Goodput vs number of GPUs (MODELS §9)</source>
        <translation>Goodput theo số GPU (MODELS §9)</translation>
    </message>
    <message>
        <source>Optimal interval (Daly)</source>
        <translation>Chu kỳ tối ưu (Daly)</translation>
    </message>
    <message>
        <source>Current interval τ</source>
        <translation>Chu kỳ hiện tại τ</translation>
    </message>
    <message>
        <source>This job&apos;s N</source>
        <translation>N của tác vụ này</translation>
    </message>
    <message>
        <source>GPUs N (log scale)</source>
        <translation>Số GPU N (thang log)</translation>
    </message>
    <message>
        <source>Goodput (%)</source>
        <translation>Goodput (%)</translation>
    </message>
    <message>
        <source>Goodput vs number of GPUs chart</source>
        <translation>Biểu đồ goodput theo số GPU</translation>
    </message>
    <message>
        <source>Top %1 of %2 interruption causes (Llama 3, Table 5)</source>
        <translation>%1 trong %2 nguyên nhân gián đoạn hàng đầu (Llama 3, Bảng 5)</translation>
    </message>
    <message>
        <source>Interruptions</source>
        <translation>Số lần gián đoạn</translation>
    </message>
    <message>
        <source>Interruptions in %1 days (%2 in all)</source>
        <translation>Số lần gián đoạn trong %1 ngày (tổng cộng %2)</translation>
    </message>
    <message>
        <source>Interruptions by cause chart</source>
        <translation>Biểu đồ gián đoạn theo nguyên nhân</translation>
    </message>
    <message>
        <source>Goodput at N = %1: %2 at the optimal interval, %3 at the current one.</source>
        <translation>Goodput tại N = %1: %2 với chu kỳ tối ưu, %3 với chu kỳ hiện tại.</translation>
    </message>
    <message>
        <source>dtsim — Checkpoint: wasted time vs interval, Monte-Carlo completion times, goodput vs GPUs, failures by cause</source>
        <translation>dtsim — Checkpoint: thời gian lãng phí theo chu kỳ, thời gian hoàn thành Monte-Carlo, goodput theo số GPU, sự cố theo nguyên nhân</translation>
    </message>
    <message>
        <source> Of the work kept, %1 per job (%2 of the wall time) was waiting for the slowest GPU: each step takes %3× one GPU&apos;s time.</source>
        <translation> Chờ GPU chậm nhất: %1 mỗi tác vụ (%2 thời gian thực tế), mỗi bước bằng %3× của một GPU.</translation>
    </message>
    <message>
        <source>✗ N = %1: no such layout</source>
        <translation>✗ N = %1: không có bố trí như vậy</translation>
    </message>
    <message>
        <source>&lt;b&gt;Monte-Carlo not run&lt;/b&gt;: %1 jobs would meet about %2 failures, more than the %3 it simulates (a few seconds). Fewer simulated jobs or a shorter job (Job length W) bring it within reach.</source>
        <translation>&lt;b&gt;Chưa chạy Monte-Carlo&lt;/b&gt;: %1 tác vụ sẽ gặp khoảng %2 sự cố, nhiều hơn mức %3 mà mô phỏng xử lý (vài giây). Giảm số tác vụ mô phỏng hoặc giảm Khối lượng công việc W để chạy được.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Monte-Carlo not run&lt;/b&gt;: it simulates whole jobs, and this job&apos;s length W is not known. Give it (Job length W), or make N a layout whose step time prices the training steps.</source>
        <translation>&lt;b&gt;Chưa chạy Monte-Carlo&lt;/b&gt;: nó mô phỏng trọn các tác vụ, mà độ dài W của tác vụ này chưa biết. Hãy nhập Khối lượng công việc W, hoặc chọn N là một bố trí có thời gian mỗi bước để tính số bước huấn luyện.</translation>
    </message>
</context>
<context>
    <name>CheckpointPanel</name>
    <message>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <source>Preset: Llama 3 (16,384 GPUs, 419 failures in 54 days)</source>
        <translation>Mẫu Llama 3 (16.384 GPU, 419 sự cố/54 ngày)</translation>
    </message>
    <message>
        <source>Cluster and job</source>
        <translation>Cụm và tác vụ</translation>
    </message>
    <message>
        <source>Checkpoints</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <source>Monte-Carlo simulation</source>
        <translation>Mô phỏng Monte-Carlo</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Kết quả</translation>
    </message>
    <message>
        <source>τ (log):</source>
        <translation>τ (log):</translation>
    </message>
    <message>
        <source>Drag to change the checkpoint interval from 10 s to about 4 months on a log scale (one tick per factor of ten).</source>
        <translation>Kéo để đổi chu kỳ checkpoint từ 10 s đến khoảng 4 tháng trên thang log (mỗi vạch là một bậc gấp mười).</translation>
    </message>
    <message>
        <source>Checkpoint interval slider</source>
        <translation>Thanh trượt chu kỳ checkpoint</translation>
    </message>
    <message>
        <source>Use the optimum interval (Daly)</source>
        <translation>Dùng chu kỳ tối ưu (Daly)</translation>
    </message>
    <message>
        <source>Set τ to Daly&apos;s (2006) optimum interval for the current write time and MTBF.</source>
        <translation>Đặt τ bằng chu kỳ tối ưu của Daly (2006) ứng với thời gian ghi và MTBF hiện tại.</translation>
    </message>
    <message>
        <source>Cluster MTBF M:</source>
        <translation>MTBF của cụm M:</translation>
    </message>
    <message>
        <source>Young optimum:</source>
        <translation>Tối ưu Young:</translation>
    </message>
    <message>
        <source>Daly optimum:</source>
        <translation>Tối ưu Daly:</translation>
    </message>
    <message>
        <source>Wasted at τ:</source>
        <translation>Lãng phí tại τ:</translation>
    </message>
    <message>
        <source>Expected wall time:</source>
        <translation>Thời gian thực tế kỳ vọng:</translation>
    </message>
    <message>
        <source>Expected failures:</source>
        <translation>Số sự cố kỳ vọng:</translation>
    </message>
    <message>
        <source>Interval in steps:</source>
        <translation>Chu kỳ theo bước:</translation>
    </message>
    <message>
        <source>Mean time between failures of the whole job: GPU MTBF / N.</source>
        <translation>Thời gian trung bình giữa hai sự cố của cả tác vụ: MTBF của GPU / N.</translation>
    </message>
    <message>
        <source>Young (1974): τ = √(2δM), the first-order optimum interval.</source>
        <translation>Young (1974): τ = √(2δM), chu kỳ tối ưu ở xấp xỉ bậc một.</translation>
    </message>
    <message>
        <source>Daly (2006): a higher-order optimum, slightly shorter than Young&apos;s.</source>
        <translation>Daly (2006): chu kỳ tối ưu ở xấp xỉ bậc cao hơn, ngắn hơn của Young một chút.</translation>
    </message>
    <message>
        <source>Share of the wall time not spent on useful work: writes + lost work + restarts.</source>
        <translation>Phần thời gian thực tế không dành cho công việc hữu ích: ghi + công việc bị mất + khởi động lại.</translation>
    </message>
    <message>
        <source>Daly&apos;s (2006) expected wall time for the whole job at the current τ.</source>
        <translation>Thời gian thực tế kỳ vọng của cả tác vụ theo Daly (2006), với τ hiện tại.</translation>
    </message>
    <message>
        <source>Expected failures during the whole job: wall time / M.</source>
        <translation>Số sự cố kỳ vọng trong suốt tác vụ: thời gian thực tế / M.</translation>
    </message>
    <message>
        <source>%1 (at the optimum %2)</source>
        <translation>%1 (tối ưu: %2)</translation>
    </message>
    <message>
        <source>practically never finishes</source>
        <translation>gần như không bao giờ xong</translation>
    </message>
    <message>
        <source>%1 (W = %2)</source>
        <translation>%1 (W = %2)</translation>
    </message>
    <message>
        <source>checkpoint every %1 steps (step %2)</source>
        <translation>checkpoint mỗi %1 bước (1 bước = %2)</translation>
    </message>
    <message>
        <source>The checkpoint inputs are out of range.</source>
        <translation>Đầu vào checkpoint nằm ngoài phạm vi cho phép.</translation>
    </message>
    <message>
        <source>Cluster MTBF M = GPU MTBF / N = %1 h / %2 = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>MTBF của cụm M = MTBF của GPU / N = %1 giờ / %2 = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Young: τ = √(2δM) = √(2 × %1 × %2) = %3 = &lt;b&gt;%4&lt;/b&gt;; Daly: τ = √(2δM)·[1 + ⅓√(δ/2M) + (δ/2M)/9] − δ = &lt;b&gt;%5&lt;/b&gt;</source>
        <translation>Young: τ = √(2δM) = √(2 × %1 × %2) = %3 = &lt;b&gt;%4&lt;/b&gt;; Daly: τ = √(2δM)·[1 + ⅓√(δ/2M) + (δ/2M)/9] − δ = &lt;b&gt;%5&lt;/b&gt;</translation>
    </message>
    <message>
        <source>T = M·e&lt;sup&gt;R/M&lt;/sup&gt;·(e&lt;sup&gt;(τ+δ)/M&lt;/sup&gt; − 1)·W/τ with τ = %1, R = %2, W = %3: &lt;b&gt;%4&lt;/b&gt;, wasted %5</source>
        <translation>T = M·e&lt;sup&gt;R/M&lt;/sup&gt;·(e&lt;sup&gt;(τ+δ)/M&lt;/sup&gt; − 1)·W/τ với τ = %1, R = %2, W = %3: &lt;b&gt;%4&lt;/b&gt;, lãng phí %5</translation>
    </message>
    <message>
        <source>beyond any calendar</source>
        <translation>lâu vô cùng</translation>
    </message>
    <message>
        <source>checkpoint every %1 steps (step %2); optimum every %3</source>
        <translation>checkpoint mỗi %1 bước (1 bước = %2); tối ưu: mỗi %3 bước</translation>
    </message>
    <message>
        <source>Goodput: stragglers, steps, storage</source>
        <translation>Goodput: GPU chậm, số bước, lưu trữ</translation>
    </message>
    <message>
        <source>Stragglers</source>
        <translation>GPU chậm</translation>
    </message>
    <message>
        <source>Llama 3 paper §3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100 GPUs, a job MTBF of about 3.1 hours. Sets Llama 3 405B on its layout of 16,384 GPUs (tp 8 × pp 16 × dp 128; the other panels show it too), GPU MTBF = 3.09 h × 16,384, W = 54 days, and assumes a 60 s checkpoint write, a 10 min restart and an hourly checkpoint (the paper gives none of these three).</source>
        <translation>Bài báo Llama 3, §3.3.4: 419 lần gián đoạn ngoài dự kiến trong 54 ngày trên 16.384 GPU H100, tức MTBF của tác vụ khoảng 3,1 giờ. Đặt Llama 3 405B với bố trí 16.384 GPU của nó (tp 8 × pp 16 × dp 128; các thẻ khác cũng hiển thị bố trí này), MTBF của GPU = 3,09 giờ × 16.384, W = 54 ngày, và giả định ghi checkpoint mất 60 s, khởi động lại mất 10 phút, checkpoint mỗi giờ một lần (bài báo không nêu ba con số này).</translation>
    </message>
    <message>
        <source>The interval as whole training steps, with the step time of the job&apos;s layout at N (training model): shouldCheckpoint(step, K) is true when step % K == 0.</source>
        <translation>Chu kỳ quy ra số bước huấn luyện nguyên, theo thời gian mỗi bước của bố trí của tác vụ tại N (mô hình huấn luyện): shouldCheckpoint(step, K) đúng khi step % K == 0.</translation>
    </message>
    <message>
        <source>W = &lt;b&gt;%1&lt;/b&gt; given: %2 steps of %3</source>
        <translation>W = &lt;b&gt;%1&lt;/b&gt; cho trước: %2 bước, mỗi bước %3</translation>
    </message>
    <message>
        <source>W = steps × step at N = %1 × %2 = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>W = số bước × bước tại N = %1 × %2 = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>δ = checkpoint ÷ storage bandwidth = &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>δ = checkpoint ÷ băng thông lưu trữ = &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>δ = checkpoint ÷ in-memory tier = &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>δ = checkpoint ÷ tầng bộ nhớ = &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>W = &lt;b&gt;%1&lt;/b&gt; given; no step time at N, so no interval in steps: %2</source>
        <translation>W = &lt;b&gt;%1&lt;/b&gt; cho trước; không có thời gian mỗi bước tại N nên không có khoảng tính theo bước: %2</translation>
    </message>
    <message>
        <source>W = steps × step at N is not known (nor the expected time and the interval in steps): there is no step time at N: %1</source>
        <translation>Chưa biết W = số bước × bước tại N (cũng như thời gian kỳ vọng và khoảng tính theo bước): không có thời gian mỗi bước tại N: %1</translation>
    </message>
    <message>
        <source>T = M·e&lt;sup&gt;R/M&lt;/sup&gt;·(e&lt;sup&gt;(τ+δ)/M&lt;/sup&gt; − 1)·W/τ with τ = %1, R = %2: wasted &lt;b&gt;%3&lt;/b&gt; of T for any W ≥ τ</source>
        <translation>T = M·e&lt;sup&gt;R/M&lt;/sup&gt;·(e&lt;sup&gt;(τ+δ)/M&lt;/sup&gt; − 1)·W/τ với τ = %1, R = %2: lãng phí &lt;b&gt;%3&lt;/b&gt; của T với mọi W ≥ τ</translation>
    </message>
    <message>
        <source>needs the job length W (give it, or make N a layout)</source>
        <translation>chưa có Khối lượng công việc W (nhập W, hoặc chọn N là một bố trí)</translation>
    </message>
    <message>
        <source>needs N to be a layout</source>
        <translation>cần N là một bố trí</translation>
    </message>
</context>
<context>
    <name>CommunicationCharts</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Ring</source>
        <translation>Ring</translation>
    </message>
    <message>
        <source>Tree</source>
        <translation>Tree</translation>
    </message>
    <message>
        <source>Naive (all to all)</source>
        <translation>Ngây thơ (all-to-all)</translation>
    </message>
    <message>
        <source>Hierarchical</source>
        <translation>Phân cấp</translation>
    </message>
    <message>
        <source>Rabenseifner (N = 2ᵏ)</source>
        <translation>Rabenseifner (N = 2ᵏ)</translation>
    </message>
    <message>
        <source>Parameter server</source>
        <translation>Parameter server</translation>
    </message>
    <message>
        <source>GPUs N (log scale)</source>
        <translation>Số GPU N (thang log)</translation>
    </message>
    <message>
        <source>Message size S (log scale)</source>
        <translation>Kích thước S (thang log)</translation>
    </message>
    <message>
        <source>All-reduce time against the number of GPUs</source>
        <translation>Thời gian all-reduce theo số GPU</translation>
    </message>
    <message>
        <source>Bytes each GPU sends against the number of GPUs</source>
        <translation>Số byte mỗi GPU gửi theo số GPU</translation>
    </message>
    <message>
        <source>Bus bandwidth against message size</source>
        <translation>Băng thông bus theo kích thước thông điệp</translation>
    </message>
    <message>
        <source>Ring all-reduce animation</source>
        <translation>Hoạt ảnh ring all-reduce</translation>
    </message>
    <message>
        <source>Ring all-reduce on real numbers: the circle shows who sends to whom in this step, the table what every GPU holds (one row per GPU, one column per chunk).</source>
        <translation>Ring all-reduce trên số liệu thật: vòng tròn cho thấy ai gửi cho ai ở bước này, bảng cho thấy mỗi GPU đang giữ gì (mỗi hàng một GPU, mỗi cột một khối).</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Chú giải</translation>
    </message>
    <message>
        <source>Communication summary</source>
        <translation>Tóm tắt giao tiếp</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 (chosen)&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 (đang chọn)&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The all-reduce inputs are out of range: nothing to show.</source>
        <translation>Đầu vào all-reduce nằm ngoài phạm vi cho phép: không có gì để hiển thị.</translation>
    </message>
    <message>
        <source>One GPU: an all-reduce has nothing to exchange and takes no time.</source>
        <translation>Một GPU: all-reduce không có gì để trao đổi và không tốn thời gian.</translation>
    </message>
    <message>
        <source>%1 inside and %2 between %3 nodes</source>
        <translation>%1 trong node và %2 giữa %3 node</translation>
    </message>
    <message>
        <source>one node&apos;s %1 links</source>
        <translation>liên kết %1 trong một node</translation>
    </message>
    <message>
        <source>the slowest link, %1, across nodes</source>
        <translation>liên kết chậm nhất, %1, giữa các node</translation>
    </message>
    <message>
        <source>%1 would take %2 and send %3 per GPU.</source>
        <translation>%1 sẽ mất %2, mỗi GPU gửi %3.</translation>
    </message>
    <message>
        <source>dtsim — Communication: ring all-reduce, cost vs GPUs, bus bandwidth vs message size</source>
        <translation>dtsim — Giao tiếp: ring all-reduce, chi phí theo số GPU, băng thông bus theo kích thước thông điệp</translation>
    </message>
    <message>
        <source>All-reduce time</source>
        <translation>Thời gian all-reduce</translation>
    </message>
    <message>
        <source>Bytes sent per GPU</source>
        <translation>Số byte mỗi GPU gửi</translation>
    </message>
    <message>
        <source>the server&apos;s bytes</source>
        <translation>byte của máy chủ</translation>
    </message>
    <message>
        <source>node edge (g = %1)</source>
        <translation>ranh giới node (g = %1)</translation>
    </message>
    <message>
        <source>link bandwidth B</source>
        <translation>băng thông liên kết B</translation>
    </message>
    <message>
        <source>half of peak busbw</source>
        <translation>nửa busbw đỉnh</translation>
    </message>
    <message>
        <source>Bus bandwidth</source>
        <translation>Băng thông bus</translation>
    </message>
    <message>
        <source>busbw (GB/s)</source>
        <translation>busbw (GB/s)</translation>
    </message>
    <message>
        <source>your N and S</source>
        <translation>N và S của bạn</translation>
    </message>
    <message>
        <source>busbw = S/t · 2(N−1)/N (nccl-tests)</source>
        <translation>busbw = S/t · 2(N−1)/N (nccl-tests)</translation>
    </message>
    <message>
        <source>Ring all-reduce</source>
        <translation>Ring all-reduce</translation>
    </message>
    <message>
        <source>Time, bytes and bus bandwidth</source>
        <translation>Thời gian, byte và băng thông bus</translation>
    </message>
    <message numerus="yes">
        <source>%1 all-reduce of %2 over %3 GPUs on %4: %5 in %6 step(s); each GPU sends %7; bus bandwidth %8 (nccl-tests).</source>
        <translation>
            <numerusform>All-reduce %1 với %2 trên %3 GPU qua %4: %5 trong %6 bước; mỗi GPU gửi %7; băng thông bus %8 (nccl-tests).</numerusform>
        </translation>
    </message>
    <message>
        <source>The all-reduce inputs are out of range: no ring to animate.</source>
        <translation>Thông số all-reduce nằm ngoài phạm vi: không có ring nào để chạy hoạt ảnh.</translation>
    </message>
    <message>
        <source>N = 1: one GPU has nothing to exchange, so there is no ring to animate.</source>
        <translation>N = 1: một GPU không có gì để trao đổi, nên không có ring nào để chạy hoạt ảnh.</translation>
    </message>
    <message>
        <source>The animation shows %1 of the %2 GPUs: a larger ring would not fit on the screen. The read-outs, the formula and the charts are for all %2.</source>
        <translation>Hoạt ảnh chỉ vẽ %1 trong số %2 GPU: ring lớn hơn sẽ không vừa màn hình. Kết quả, công thức và biểu đồ vẫn tính cho cả %2 GPU.</translation>
    </message>
    <message>
        <source>The animation is of the ring all-reduce only, so it is hidden while the naive exchange is chosen: every GPU sends its whole gradient to each of the other %1 GPUs at once, too many arrows to follow. Here each GPU sends %2; in a ring, %3. A parameter server is priced on the charts only (tick “Show all algorithms and marks”), not animated.</source>
        <translation>Hoạt ảnh chỉ minh hoạ ring all-reduce, nên được ẩn khi chọn cách trao đổi ngây thơ: mỗi GPU gửi toàn bộ gradient của mình cho từng GPU trong %1 GPU còn lại cùng một lúc, quá nhiều mũi tên để theo dõi. Ở đây mỗi GPU gửi %2; với ring chỉ %3. Parameter server chỉ được tính trên biểu đồ (đánh dấu “Hiện mọi thuật toán và đường đánh dấu”), không có hoạt ảnh.</translation>
    </message>
    <message>
        <source>The animation is of the ring all-reduce only, so it is hidden while %1 is chosen: %1 is priced in the read-outs, the formula and the charts. Choose Ring to watch the steps.</source>
        <translation>Hoạt ảnh chỉ minh hoạ ring all-reduce, nên được ẩn khi chọn %1: %1 được tính trong kết quả, công thức và biểu đồ. Chọn Ring để xem từng bước.</translation>
    </message>
</context>
<context>
    <name>CommunicationPanel</name>
    <message>
        <source>Communication</source>
        <translation>Giao tiếp</translation>
    </message>
    <message>
        <source>Link inside a node: %1</source>
        <translation>Liên kết trong node: %1</translation>
    </message>
    <message>
        <source>Link between nodes: %1</source>
        <translation>Liên kết giữa các node: %1</translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation>All-reduce</translation>
    </message>
    <message>
        <source>Links (one direction, per GPU)</source>
        <translation>Liên kết (một chiều, mỗi GPU)</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Kết quả</translation>
    </message>
    <message>
        <source>Link &amp;inside a node:</source>
        <translation>Liên kết t&amp;rong node:</translation>
    </message>
    <message>
        <source>Pick a real link between GPUs in one server: it sets the bandwidth and latency below. Hover an entry for its source.</source>
        <translation>Chọn một liên kết thật giữa các GPU trong cùng máy chủ: nó đặt băng thông và độ trễ bên dưới. Di chuột lên một mục để xem nguồn số liệu.</translation>
    </message>
    <message>
        <source>Link &amp;between nodes:</source>
        <translation>Liên kết giữ&amp;a các node:</translation>
    </message>
    <message>
        <source>Pick a real network link between servers: it sets the bandwidth and latency below (one port per GPU). Hover an entry for its source.</source>
        <translation>Chọn một liên kết mạng thật giữa các máy chủ: nó đặt băng thông và độ trễ bên dưới (mỗi GPU một cổng). Di chuột lên một mục để xem nguồn số liệu.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Time T:</source>
        <translation>Thời gian T:</translation>
    </message>
    <message>
        <source>Sent per GPU:</source>
        <translation>Mỗi GPU gửi:</translation>
    </message>
    <message>
        <source>algbw:</source>
        <translation>algbw:</translation>
    </message>
    <message>
        <source>busbw:</source>
        <translation>busbw:</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>Số bước:</translation>
    </message>
    <message>
        <source>Links used:</source>
        <translation>Liên kết dùng:</translation>
    </message>
    <message>
        <source>Half-peak size:</source>
        <translation>Kích thước nửa đỉnh:</translation>
    </message>
    <message>
        <source>Bytes each GPU sends, averaged over the GPUs. The ring&apos;s stay below 2·S for any N.</source>
        <translation>Số byte mỗi GPU gửi, lấy trung bình trên các GPU. Với ring, con số này luôn dưới 2·S dù N là bao nhiêu.</translation>
    </message>
    <message>
        <source>nccl-tests&apos; algorithm bandwidth: S / T.</source>
        <translation>Băng thông thuật toán của nccl-tests: S / T.</translation>
    </message>
    <message>
        <source>nccl-tests&apos; bus bandwidth: algbw × 2(N−1)/N. For a ring it approaches the link bandwidth B, whatever N is, so it compares runs of different sizes.</source>
        <translation>Băng thông bus của nccl-tests: algbw × 2(N−1)/N. Với ring, nó tiến gần băng thông liên kết B dù N là bao nhiêu, nên dùng được để so sánh các lần chạy có quy mô khác nhau.</translation>
    </message>
    <message>
        <source>Rounds of messages one after another; each pays α once.</source>
        <translation>Số lượt gửi thông điệp nối tiếp nhau; mỗi lượt trả α một lần.</translation>
    </message>
    <message>
        <source>Which link the algorithm runs on: one node&apos;s link, the slowest link when a flat algorithm spans nodes, or both for the hierarchical one.</source>
        <translation>Thuật toán chạy trên liên kết nào: liên kết trong một node, liên kết chậm nhất khi một thuật toán phẳng trải qua nhiều node, hoặc cả hai với thuật toán phân cấp.</translation>
    </message>
    <message>
        <source>Hockney&apos;s n½: the message size at which latency and bandwidth cost the same, so busbw is half its peak. Smaller messages are latency-bound.</source>
        <translation>n½ của Hockney: kích thước thông điệp mà tại đó chi phí độ trễ bằng chi phí băng thông, nên busbw bằng một nửa đỉnh. Thông điệp nhỏ hơn thì bị giới hạn bởi độ trễ.</translation>
    </message>
    <message>
        <source>inside one node: %1, %2</source>
        <translation>trong một node: %1, %2</translation>
    </message>
    <message>
        <source>both: %1 in %2 nodes, %3 between</source>
        <translation>cả hai: %1 trong %2 node, %3 giữa các node</translation>
    </message>
    <message>
        <source>slowest of both (%1 nodes): %2, %3</source>
        <translation>chậm hơn trong hai (%1 node): %2, %3</translation>
    </message>
    <message>
        <source>The all-reduce inputs are out of range.</source>
        <translation>Đầu vào all-reduce nằm ngoài phạm vi cho phép.</translation>
    </message>
    <message>
        <source>N = 1: one GPU has nothing to exchange, so T = 0.</source>
        <translation>N = 1: một GPU không có gì để trao đổi, nên T = 0.</translation>
    </message>
    <message>
        <source>%1 + %2 = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>%1 + %2 = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Custom (%1, %2)</source>
        <translation>Tuỳ chỉnh (%1, %2)</translation>
    </message>
    <message>
        <source>Time of one all-reduce in the α–β model (MODELS §4): the α terms (one latency per step) plus the S/B terms (bytes through the link).</source>
        <translation>Thời gian một all-reduce theo mô hình α–β (MODELS §4): các số hạng α (mỗi bước một lần độ trễ) cộng các số hạng S/B (số byte đi qua liên kết).</translation>
    </message>
    <message>
        <source>Ring: T = 2(N−1)·α + 2(N−1)/N · S/B = 2·%1·%2 + 2·%1/%3 · %4 / %5 = %6</source>
        <translation>Ring: T = 2(N−1)·α + 2(N−1)/N · S/B = 2·%1·%2 + 2·%1/%3 · %4 / %5 = %6</translation>
    </message>
    <message>
        <source>Tree (reduce, then broadcast): T = 2⌈log₂N⌉·(α + S/B) = 2·%1·(%2 + %3 / %4) = %5</source>
        <translation>Tree (reduce, rồi broadcast): T = 2⌈log₂N⌉·(α + S/B) = 2·%1·(%2 + %3 / %4) = %5</translation>
    </message>
    <message>
        <source>Naive: T = (N−1)·α + (N−1)·S/B = %1·%2 + %1·%3 / %4 = %5</source>
        <translation>Ngây thơ: T = (N−1)·α + (N−1)·S/B = %1·%2 + %1·%3 / %4 = %5</translation>
    </message>
    <message>
        <source>Hierarchical: T = reduce-scatter in the node (g = %1) + all-reduce of %2 across k = %3 nodes + all-gather in the node = 2 × %4 + %5 = &lt;b&gt;%6&lt;/b&gt;</source>
        <translation>Phân cấp: T = reduce-scatter trong node (g = %1) + all-reduce %2 giữa k = %3 node + all-gather trong node = 2 × %4 + %5 = &lt;b&gt;%6&lt;/b&gt;</translation>
    </message>
    <message>
        <source>B = %1 inside, %2 between nodes</source>
        <translation>B = %1 trong node, %2 giữa các node</translation>
    </message>
    <message>
        <source>B = %1, one node</source>
        <translation>B = %1, một node</translation>
    </message>
    <message>
        <source>B = %1, the slowest link: N &gt; g = %2 spans nodes</source>
        <translation>B = %1, liên kết chậm nhất: N &gt; g = %2 trải qua nhiều node</translation>
    </message>
    <message>
        <source>nccl-tests: busbw = S/T · 2(N−1)/N = %1 × %2 = &lt;b&gt;%3&lt;/b&gt; (%4)</source>
        <translation>nccl-tests: busbw = S/T · 2(N−1)/N = %1 × %2 = &lt;b&gt;%3&lt;/b&gt; (%4)</translation>
    </message>
    <message>
        <source>Hierarchical on one node: T = reduce-scatter + all-gather in the node = 2 × %1 = &lt;b&gt;%2&lt;/b&gt;, the same as the ring</source>
        <translation>Phân cấp trên một node: T = reduce-scatter + all-gather trong node = 2 × %1 = &lt;b&gt;%2&lt;/b&gt;, giống hệt ring</translation>
    </message>
    <message>
        <source>Show all algorithms and marks</source>
        <translation>Hiện mọi thuật toán và đường đánh dấu</translation>
    </message>
    <message>
        <source>The charts show three curves, the chosen algorithm and the lesson&apos;s main ones (ring, naive, hierarchical), so the legend reads from the back of a room. Tick to add every algorithm, the parameter server&apos;s bytes, the link bandwidth and the half-peak size.</source>
        <translation>Các biểu đồ vẽ ba đường: thuật toán đã chọn và các thuật toán chính của bài học (ring, ngây thơ, phân cấp), để chú giải đọc được từ cuối phòng. Đánh dấu ô này để thêm mọi thuật toán, byte của Parameter server, băng thông liên kết và kích thước nửa đỉnh.</translation>
    </message>
    <message numerus="yes">
        <source>(the last node has only %1 GPU(s), so each carries %2 of the %3 shards)</source>
        <translation>
            <numerusform>(node cuối chỉ có %1 GPU, nên mỗi GPU mang %2 trong %3 mảnh)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export charts</source>
        <translation>Xuất biểu đồ</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Duyệt…</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>1× (screen)</source>
        <translation>1× (màn hình)</translation>
    </message>
    <message>
        <source>3× (print)</source>
        <translation>3× (in ấn)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Xuất</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Tệp:</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>&amp;Kích thước:</translation>
    </message>
    <message>
        <source>PNG &amp;pixel scale:</source>
        <translation>Tỷ lệ điểm ảnh &amp;PNG:</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf);;CSV data (*.csv)</source>
        <translation>Ảnh PNG (*.png);;Hình vẽ SVG (*.svg);;Tài liệu PDF (*.pdf);;Dữ liệu CSV (*.csv)</translation>
    </message>
    <message>
        <source>The file name must end in .png, .svg, .pdf or .csv.</source>
        <translation>Tên tệp phải có đuôi .png, .svg, .pdf hoặc .csv.</translation>
    </message>
    <message>
        <source>PNG of %1 × %2 pixels.</source>
        <translation>Ảnh PNG %1 × %2 điểm ảnh.</translation>
    </message>
    <message>
        <source>Vector drawing: sharp at any size.</source>
        <translation>Hình vector: sắc nét ở mọi kích thước.</translation>
    </message>
    <message>
        <source>1.5× (1920 × 1080 for a slide)</source>
        <translation>1,5× (1920 × 1080 cho trang chiếu)</translation>
    </message>
    <message>
        <source>2× (sharp on large screens, recommended)</source>
        <translation>2× (sắc nét trên màn hình lớn, khuyên dùng)</translation>
    </message>
    <message>
        <source>S&amp;lide: 16:9 with text large enough for the back of a room</source>
        <translation>Trang &amp;chiếu 16:9: chữ đủ lớn để đọc từ cuối phòng</translation>
    </message>
    <message>
        <source>Lays the charts out at %1 × %2 with every font %3 times larger; a PNG then has 1.5 × the pixels (1920 × 1080).</source>
        <translation>Dàn biểu đồ ở cỡ %1 × %2, mọi phông chữ lớn gấp %3 lần; khi đó ảnh PNG có số điểm ảnh gấp 1,5 lần (1920 × 1080).</translation>
    </message>
    <message>
        <source>The numbers behind the charts, in SI units, comma-separated: the quantities in this file, each other table in a file beside it.</source>
        <translation>Số liệu của biểu đồ, theo đơn vị SI, phân tách bằng dấu phẩy: các đại lượng trong tệp này, mỗi bảng khác trong một tệp bên cạnh.</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Chiều rộng</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Chiều cao</translation>
    </message>
</context>
<context>
    <name>KeyText</name>
    <message>
        <source>&amp;Parameters:</source>
        <translation>&amp;Số tham số:</translation>
    </message>
    <message>
        <source>Parameter count Ψ in billions (7 = the lesson&apos;s 7B model). Training costs about 6Ψ FLOPs per token (Kaplan et al. 2020); on the GPU each parameter costs weight + gradient + optimizer bytes. 0 derives it from the shape.</source>
        <translation>Số tham số Ψ, tính bằng tỷ (7 = mô hình 7B của bài học). Huấn luyện tốn khoảng 6Ψ FLOPs mỗi token (Kaplan và cộng sự 2020); trên GPU, mỗi tham số chiếm số byte của trọng số + gradient + optimizer. Nhập 0 để suy ra từ cấu hình mô hình.</translation>
    </message>
    <message>
        <source> billion</source>
        <translation> tỷ</translation>
    </message>
    <message>
        <source>&amp;Layers:</source>
        <translation>Số &amp;lớp:</translation>
    </message>
    <message>
        <source>Transformer layers L shared out among the pipeline stages (and chunks).</source>
        <translation>Số lớp transformer L được chia cho các giai đoạn pipeline (và các khối).</translation>
    </message>
    <message>
        <source>&amp;Sequence length:</source>
        <translation>Độ dài &amp;chuỗi:</translation>
    </message>
    <message>
        <source>Tokens per training sequence. Activations grow with it, the attention scores even with its square.</source>
        <translation>Số token trong mỗi chuỗi huấn luyện. Activation tăng theo độ dài chuỗi, riêng điểm attention còn tăng theo bình phương của nó.</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> token</translation>
    </message>
    <message>
        <source>P&amp;recision:</source>
        <translation>Độ chính &amp;xác:</translation>
    </message>
    <message>
        <source>Number format of weights and gradients. FP32 computes at the GPU&apos;s FP32 peak and sends 4-byte gradients; mixed precision computes in 16 bits at the tensor-core peak but keeps an FP32 master copy with the optimizer (ZeRO paper §3.1).</source>
        <translation>Định dạng số của trọng số và gradient. FP32 tính toán ở hiệu năng đỉnh FP32 của GPU và gửi gradient 4 byte; độ chính xác hỗn hợp tính toán ở 16 bit với hiệu năng đỉnh của tensor core nhưng giữ một bản chính FP32 cùng optimizer (bài báo ZeRO, §3.1).</translation>
    </message>
    <message>
        <source>FP32 (4 B per value)</source>
        <translation>FP32 (4 B mỗi giá trị)</translation>
    </message>
    <message>
        <source>Mixed BF16/FP16 + FP32 master</source>
        <translation>Hỗn hợp BF16/FP16 + bản FP32</translation>
    </message>
    <message>
        <source>Pure BF16 (2 B per value)</source>
        <translation>BF16 thuần (2 B mỗi giá trị)</translation>
    </message>
    <message>
        <source>&amp;Optimizer:</source>
        <translation>&amp;Optimizer:</translation>
    </message>
    <message>
        <source>What the optimizer keeps per parameter: nothing (SGD), one momentum, or Adam&apos;s two moments (8 B in FP32, 2 B in 8-bit Adam).</source>
        <translation>Những gì optimizer lưu cho mỗi tham số: không gì cả (SGD), một momentum, hoặc 2 trạng thái của Adam (8 B ở FP32, 2 B với Adam 8-bit).</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>SGD + momentum</source>
        <translation>SGD + momentum</translation>
    </message>
    <message>
        <source>Adam/AdamW</source>
        <translation>Adam/AdamW</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>Adam 8-bit</translation>
    </message>
    <message>
        <source>Micro-&amp;batch:</source>
        <translation>Micro-b&amp;atch:</translation>
    </message>
    <message>
        <source>Sequences each GPU processes at once; under weak scaling, each GPU&apos;s batch per step. Activations grow in proportion; model states do not.</source>
        <translation>Số chuỗi mỗi GPU xử lý cùng lúc; khi mở rộng yếu, đó là batch của mỗi GPU trong một bước. Activation tăng tỷ lệ thuận với nó; trạng thái mô hình thì không.</translation>
    </message>
    <message>
        <source> seq.</source>
        <translation> chuỗi</translation>
    </message>
    <message>
        <source>Training steps:</source>
        <translation>Số bước huấn luyện:</translation>
    </message>
    <message>
        <source>Optimizer steps in the whole training run: total time = steps × step time.</source>
        <translation>Số bước cập nhật của optimizer trong cả quá trình huấn luyện: tổng thời gian huấn luyện = số bước × thời gian mỗi bước.</translation>
    </message>
    <message>
        <source>Re&amp;computation:</source>
        <translation>Tính &amp;lại:</translation>
    </message>
    <message>
        <source>Drop activations after the forward pass and compute them again in the backward pass, trading compute for memory. Full recomputation re-runs the forward pass: 8Ψ instead of 6Ψ FLOPs per token (Narayanan et al. 2021); the selective one re-runs only attention and is not counted.</source>
        <translation>Bỏ activation sau lượt lan truyền xuôi rồi tính lại chúng trong lượt lan truyền ngược, đổi thêm tính toán lấy bộ nhớ. Tính lại toàn phần chạy lại cả lượt xuôi: 8Ψ thay vì 6Ψ FLOPs mỗi token (Narayanan và cộng sự 2021); tính lại chọn lọc chỉ chạy lại attention và không được tính vào FLOPs.</translation>
    </message>
    <message>
        <source>None: keep all activations</source>
        <translation>Không: giữ mọi activation</translation>
    </message>
    <message>
        <source>Selective: recompute attention</source>
        <translation>Chọn lọc: tính lại attention</translation>
    </message>
    <message>
        <source>Full: keep only layer inputs</source>
        <translation>Toàn phần: chỉ giữ đầu vào lớp</translation>
    </message>
    <message>
        <source>&amp;Data parallel (dp):</source>
        <translation>&amp;Data parallel (dp):</translation>
    </message>
    <message>
        <source>Replicas of the model, each training on its own slice of the batch; their gradients are all-reduced every step. Plain DDP keeps a full copy on every GPU; ZeRO divides the model states by dp.</source>
        <translation>Số bản sao mô hình, mỗi bản huấn luyện trên phần batch riêng; gradient của chúng được all-reduce ở mọi bước. DDP thông thường giữ một bản đầy đủ trên mỗi GPU; ZeRO chia trạng thái mô hình cho dp.</translation>
    </message>
    <message>
        <source>&amp;Tensor parallel (tp):</source>
        <translation>&amp;Tensor parallel (tp):</translation>
    </message>
    <message>
        <source>GPUs that split every weight matrix of a layer: weights and most activations divide by tp. They all-reduce inside every layer, so they belong in one node; tp must divide the attention heads.</source>
        <translation>Số GPU cùng chia mọi ma trận trọng số của một lớp: trọng số và phần lớn activation được chia cho tp. Chúng all-reduce trong mỗi lớp, vì vậy nên đặt trong cùng một node; số attention head phải chia hết cho tp.</translation>
    </message>
    <message>
        <source>&amp;Pipeline stages (pp):</source>
        <translation>&amp;Pipeline parallel (pp):</translation>
    </message>
    <message>
        <source>GPUs that each hold a consecutive slice of the layers and pass activations on: the model states divide by pp, and the first stage keeps the most activations in flight. This is p in the schedule.</source>
        <translation>Số GPU, mỗi GPU giữ một nhóm lớp liên tiếp và chuyển activation tiếp đi: trạng thái mô hình được chia cho pp, còn giai đoạn đầu tiên giữ dở nhiều activation nhất. Đây là p trong lịch pipeline.</translation>
    </message>
    <message>
        <source>&amp;ZeRO stage:</source>
        <translation>Mức &amp;ZeRO:</translation>
    </message>
    <message>
        <source>How much of the model states is divided over the dp GPUs instead of copied: optimizer state (1), also gradients (2), also weights (3 = FSDP full shard). Per step 0–2 send as much as one all-reduce of the gradients, 3 sends 1.5× that (Rajbhandari et al. 2020).</source>
        <translation>Phần trạng thái mô hình được chia cho dp GPU thay vì sao chép: trạng thái optimizer (1), thêm gradient (2), thêm trọng số (3 = FSDP phân mảnh toàn phần). Mỗi bước, mức 0–2 gửi lượng dữ liệu bằng một lần all-reduce gradient, mức 3 gửi gấp 1,5 lần lượng dữ liệu đó (Rajbhandari và cộng sự 2020).</translation>
    </message>
    <message>
        <source>DDP (ZeRO-0)</source>
        <translation>DDP (ZeRO-0)</translation>
    </message>
    <message>
        <source>ZeRO-1: shard optimizer</source>
        <translation>ZeRO-1: phân mảnh optimizer</translation>
    </message>
    <message>
        <source>ZeRO-2: + gradients</source>
        <translation>ZeRO-2: + gradient</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP: + weights</source>
        <translation>ZeRO-3 / FSDP: + trọng số</translation>
    </message>
    <message>
        <source>&amp;Schedule:</source>
        <translation>Lịc&amp;h:</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation>1F1B xen kẽ</translation>
    </message>
    <message>
        <source>&amp;Chunks per device (v):</source>
        <translation>Số &amp;khối/thiết bị (v):</translation>
    </message>
    <message>
        <source>Interleaved schedule only: model chunks per device; v chunks cut the bubble v-fold for v times more sends. Needs m a multiple of pp.</source>
        <translation>Chỉ cho lịch xen kẽ: số khối mô hình trên mỗi thiết bị; v khối giảm bubble đi v lần, đổi lại số lần gửi gấp v lần. Cần m là bội số của pp.</translation>
    </message>
    <message>
        <source>&amp;Forward time (t_f):</source>
        <translation>Thời gian lượt &amp;xuôi (t_f):</translation>
    </message>
    <message>
        <source>Forward pass of one micro-batch through one device&apos;s layers, in milliseconds.</source>
        <translation>Thời gian lượt lan truyền xuôi của một micro-batch qua các lớp của một thiết bị, tính bằng ms.</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>&amp;Backward time (t_b):</source>
        <translation>Thời gian lượt ngượ&amp;c (t_b):</translation>
    </message>
    <message>
        <source>&amp;Send time (p2p):</source>
        <translation>Thời gian &amp;gửi (p2p):</translation>
    </message>
    <message>
        <source>Sending one micro-batch&apos;s activations or gradients to the next stage; it adds to the step, not overlapped with compute.</source>
        <translation>Thời gian gửi activation hoặc gradient của một micro-batch sang giai đoạn kế tiếp; nó cộng thêm vào bước, không chồng lấp với tính toán.</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>&amp;GPU:</translation>
    </message>
    <message>
        <source>The GPU model: its memory is what the verdict checks (a vendor&apos;s &quot;80 GB&quot; is 80 GiB, 2³⁰ bytes each = 85.9 GB), its peak FLOP/s from the vendor&apos;s datasheet what the Physical model computes at.</source>
        <translation>Loại GPU: phần kết luận kiểm tra bộ nhớ của nó (&quot;80 GB&quot; của nhà sản xuất là 80 GiB, mỗi GiB 2³⁰ byte = 85,9 GB), còn cách tính Phần cứng dùng hiệu năng đỉnh FLOP/s trong bảng thông số của nhà sản xuất.</translation>
    </message>
    <message>
        <source>GPUs per &amp;node g:</source>
        <translation>Số GPU mỗi &amp;node g:</translation>
    </message>
    <message>
        <source>GPUs in one server, joined by the fast link inside the node. A group larger than one node also uses the slower link between nodes.</source>
        <translation>Số GPU trong một máy chủ, nối với nhau bằng liên kết nhanh trong node. Một nhóm lớn hơn một node còn dùng cả liên kết chậm hơn giữa các node.</translation>
    </message>
    <message>
        <source>Bandwidth in a node B:</source>
        <translation>Băng thông trong node B:</translation>
    </message>
    <message>
        <source>Bandwidth of one GPU&apos;s link inside a node, one direction, in GB/s (10⁹ bytes/s). NVLink 4 on an H100: 450 GB/s.</source>
        <translation>Băng thông liên kết của một GPU trong node, một chiều, tính bằng GB/s (10⁹ byte/s). NVLink 4 trên H100: 450 GB/s.</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>Latency in a node α:</source>
        <translation>Độ trễ trong node α:</translation>
    </message>
    <message>
        <source>Fixed cost of one message inside a node, in microseconds: every step pays it, however small the message.</source>
        <translation>Chi phí cố định của một thông điệp trong node, tính bằng µs: bước nào cũng phải trả, dù thông điệp nhỏ đến đâu.</translation>
    </message>
    <message>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <source>Bandwidth between nodes B:</source>
        <translation>Băng thông giữa các node B:</translation>
    </message>
    <message>
        <source>Bandwidth per GPU between nodes, one direction, in GB/s. One 400 Gb/s InfiniBand NDR port per GPU gives 50 GB/s.</source>
        <translation>Băng thông mỗi GPU giữa các node, một chiều, tính bằng GB/s. Mỗi GPU một cổng InfiniBand NDR 400 Gb/s cho 50 GB/s.</translation>
    </message>
    <message>
        <source>Latency between nodes α:</source>
        <translation>Độ trễ giữa các node α:</translation>
    </message>
    <message>
        <source>Fixed cost of one message between nodes, in microseconds (network and switch).</source>
        <translation>Chi phí cố định của một thông điệp giữa các node, tính bằng µs (mạng và switch).</translation>
    </message>
    <message>
        <source>&amp;Algorithm:</source>
        <translation>&amp;Thuật toán:</translation>
    </message>
    <message>
        <source>How the GPUs combine their gradients. Ring: pass chunks to the next GPU, 2(N−1) steps. Tree: reduce up a binary tree, broadcast down. Naive: everyone sends everything to everyone. Hierarchical: a ring inside each node, then across nodes.</source>
        <translation>Cách các GPU gộp gradient của mình. Ring: chuyển từng khối cho GPU kế tiếp, 2(N−1) bước. Tree: cộng dồn ngược lên một cây nhị phân rồi phát xuống. Ngây thơ: mọi GPU gửi toàn bộ cho mọi GPU khác. Phân cấp: một ring trong mỗi node, rồi giữa các node.</translation>
    </message>
    <message>
        <source>Ring</source>
        <translation>Ring</translation>
    </message>
    <message>
        <source>Tree (binomial)</source>
        <translation>Tree (nhị thức)</translation>
    </message>
    <message>
        <source>Naive (all to all)</source>
        <translation>Ngây thơ (all-to-all)</translation>
    </message>
    <message>
        <source>Hierarchical (node, then across)</source>
        <translation>Phân cấp (trong node, rồi giữa node)</translation>
    </message>
    <message>
        <source>&amp;GPUs N:</source>
        <translation>Số &amp;GPU N:</translation>
    </message>
    <message>
        <source>GPUs taking part in the all-reduce, filled node by node: going past one node&apos;s GPUs crosses the network.</source>
        <translation>Số GPU tham gia all-reduce, lấp đầy lần lượt từng node: vượt quá số GPU của một node là vượt ranh giới node, đi qua mạng.</translation>
    </message>
    <message>
        <source>&amp;Message size S:</source>
        <translation>&amp;Kích thước thông điệp S:</translation>
    </message>
    <message>
        <source>Size of the vector every GPU contributes, in MB (10⁶ bytes). A 7B model&apos;s FP32 gradients are 28,000 MB; BF16 halves that.</source>
        <translation>Kích thước vector mà mỗi GPU góp vào, tính bằng MB (10⁶ byte). Gradient FP32 của một mô hình 7B là 28.000 MB; BF16 giảm một nửa.</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Cách tính:</translation>
    </message>
    <message>
        <source>Lesson: the seed&apos;s formula with three constants. Physical: compute from the model&apos;s FLOPs and the GPU&apos;s peak, communication from the collective over the links.</source>
        <translation>Bài học: công thức của bài học với ba hằng số. Phần cứng: thời gian tính toán suy từ FLOPs của mô hình và hiệu năng đỉnh của GPU, thời gian giao tiếp suy từ phép giao tiếp tập thể trên các liên kết.</translation>
    </message>
    <message>
        <source>Lesson (three constants)</source>
        <translation>Bài học (ba hằng số)</translation>
    </message>
    <message>
        <source>Physical (FLOPs and links)</source>
        <translation>Phần cứng (FLOPs và liên kết)</translation>
    </message>
    <message>
        <source>Worker count &amp;N:</source>
        <translation>Số worker &amp;N:</translation>
    </message>
    <message>
        <source>How many GPUs (workers) share each training step. Each one computes a slice of the batch, then all of them synchronise.</source>
        <translation>Số GPU (worker) cùng chia nhau mỗi bước huấn luyện. Mỗi worker tính một phần của batch, rồi tất cả cùng đồng bộ.</translation>
    </message>
    <message>
        <source>&amp;Logarithmic worker axis (powers of two)</source>
        <translation>Thang &amp;log cho số worker (luỹ thừa của 2)</translation>
    </message>
    <message>
        <source>Utilisation (MFU):</source>
        <translation>Mức sử dụng (MFU):</translation>
    </message>
    <message>
        <source>Share of the GPU&apos;s peak that training achieves. Large models reach 30–55 % (PaLM, Chowdhery et al. 2022, Table 3).</source>
        <translation>Tỷ lệ hiệu năng đỉnh của GPU mà quá trình huấn luyện đạt được. Các mô hình lớn đạt 30–55 % (PaLM, Chowdhery và cộng sự 2022, Bảng 3).</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Overlap with backward:</source>
        <translation>Chồng lấp với lượt ngược:</translation>
    </message>
    <message>
        <source>Share of the communication sent while the backward pass still computes; it can never hide more than the backward time.</source>
        <translation>Tỷ lệ dữ liệu giao tiếp được gửi trong lúc lượt lan truyền ngược vẫn đang tính; phần được che không bao giờ vượt quá thời gian lượt ngược.</translation>
    </message>
    <message>
        <source>Batch as N grows:</source>
        <translation>Batch khi N tăng:</translation>
    </message>
    <message>
        <source>Strong scaling keeps the global batch and splits it over N GPUs. Weak scaling keeps each GPU&apos;s batch, so the global batch grows with N.</source>
        <translation>Mở rộng mạnh (strong scaling) giữ nguyên batch toàn cục và chia nó cho N GPU. Mở rộng yếu (weak scaling) giữ nguyên batch của mỗi GPU, nên batch toàn cục tăng theo N.</translation>
    </message>
    <message>
        <source>Strong scaling</source>
        <translation>Mở rộng mạnh (strong scaling)</translation>
    </message>
    <message>
        <source>Weak scaling</source>
        <translation>Mở rộng yếu (weak scaling)</translation>
    </message>
    <message>
        <source>Compute per step, 1 worker (T_compute):</source>
        <translation>Tính toán/bước, 1 worker (T_compute):</translation>
    </message>
    <message>
        <source>How long one training step takes on a single worker. With N workers the compute part shrinks to T_compute / N.</source>
        <translation>Thời gian một bước huấn luyện trên một worker duy nhất. Với N worker, phần tính toán giảm còn T_compute / N.</translation>
    </message>
    <message>
        <source>Fixed sync latency:</source>
        <translation>Độ trễ đồng bộ cố định:</translation>
    </message>
    <message>
        <source>Synchronisation cost paid once as soon as there is more than one worker (latency of starting an all-reduce).</source>
        <translation>Chi phí đồng bộ phải trả một lần ngay khi có từ hai worker trở lên (độ trễ khởi động một all-reduce).</translation>
    </message>
    <message>
        <source>Sync cost per extra worker:</source>
        <translation>Chi phí đồng bộ mỗi worker thêm:</translation>
    </message>
    <message>
        <source>Extra synchronisation cost for every worker beyond the first: more workers, more gradient traffic to coordinate.</source>
        <translation>Chi phí đồng bộ cộng thêm cho mỗi worker sau worker đầu tiên: nhiều worker hơn = nhiều dữ liệu gradient phải trao đổi và điều phối hơn.</translation>
    </message>
    <message>
        <source>Checkpoint interval τ:</source>
        <translation>Chu kỳ checkpoint τ:</translation>
    </message>
    <message>
        <source>Minutes of work between two checkpoints. Short: many writes. Long: a failure throws away more work.</source>
        <translation>Số phút làm việc giữa hai lần checkpoint. Ngắn (checkpoint dày): tốn nhiều lần ghi. Dài (checkpoint thưa): mỗi sự cố làm mất nhiều công việc hơn.</translation>
    </message>
    <message>
        <source> min</source>
        <translation> phút</translation>
    </message>
    <message>
        <source>Checkpoint write time δ:</source>
        <translation>Thời gian ghi δ:</translation>
    </message>
    <message>
        <source>Seconds to write one checkpoint. Training pauses while it is written; a failure during the write loses it.</source>
        <translation>Thời gian ghi một checkpoint, tính bằng s. Huấn luyện tạm dừng trong lúc ghi; nếu sự cố xảy ra giữa chừng thì checkpoint đó bị mất.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Restart time R:</source>
        <translation>Thời gian khởi động lại R:</translation>
    </message>
    <message>
        <source>Seconds from a failure until training runs again: detect, replace the node, reload the last checkpoint.</source>
        <translation>Thời gian từ lúc gặp sự cố đến khi huấn luyện chạy lại, tính bằng s: phát hiện lỗi, thay node, nạp lại checkpoint gần nhất.</translation>
    </message>
    <message>
        <source>MTBF of one GPU:</source>
        <translation>MTBF của một GPU:</translation>
    </message>
    <message>
        <source>Mean time between failures of a single GPU (with its share of host, network and software), in hours. 50,000 h is about 5.7 years.</source>
        <translation>Thời gian trung bình giữa hai sự cố của một GPU (tính cả phần máy chủ, mạng và phần mềm gắn với nó), tính bằng giờ. 50.000 giờ là khoảng 5,7 năm.</translation>
    </message>
    <message>
        <source> h</source>
        <translation> giờ</translation>
    </message>
    <message>
        <source>GPUs in the job N:</source>
        <translation>Số GPU của tác vụ N:</translation>
    </message>
    <message>
        <source>Job length W (work):</source>
        <translation>Khối lượng công việc W:</translation>
    </message>
    <message>
        <source> days</source>
        <translation> ngày</translation>
    </message>
    <message>
        <source>Simulated jobs:</source>
        <translation>Số tác vụ mô phỏng:</translation>
    </message>
    <message>
        <source>How many whole training jobs the Monte-Carlo simulation runs with random failures; more runs give a smoother histogram and take longer (they run in the background).</source>
        <translation>Số tác vụ huấn luyện trọn vẹn mà mô phỏng Monte-Carlo chạy với các sự cố ngẫu nhiên; càng nhiều lần chạy thì biểu đồ tần suất càng mượt nhưng càng lâu (chúng chạy ngầm).</translation>
    </message>
    <message>
        <source>Random seed:</source>
        <translation>Seed ngẫu nhiên:</translation>
    </message>
    <message>
        <source>Seed of the random failures: the same seed always gives the same simulated jobs.</source>
        <translation>Seed của các sự cố ngẫu nhiên: cùng một seed luôn cho ra cùng các tác vụ mô phỏng.</translation>
    </message>
    <message>
        <source>&amp;Sequence parallelism (Megatron)</source>
        <translation>Se&amp;quence parallelism (Megatron)</translation>
    </message>
    <message>
        <source>Also split the layer-norm and dropout activations over the tp GPUs (Korthikanti et al. 2022). Needs the sequence length to be a multiple of tp.</source>
        <translation>Chia thêm activation của layer-norm và dropout cho tp GPU (Korthikanti và cộng sự 2022). Độ dài chuỗi phải là bội số của tp.</translation>
    </message>
    <message>
        <source>&amp;Buffers allowance:</source>
        <translation>&amp;Bộ đệm dự phòng:</translation>
    </message>
    <message>
        <source>Extra room for communication buffers, allocator fragmentation and the CUDA context, as a share of everything else. 0 = leave it out.</source>
        <translation>Phần bộ nhớ dành thêm cho bộ đệm giao tiếp, bộ nhớ vụn của bộ cấp phát và CUDA context, tính theo tỷ lệ của tất cả phần còn lại. 0 = bỏ qua.</translation>
    </message>
    <message>
        <source>&amp;Wiring:</source>
        <translation>Kết &amp;nối:</translation>
    </message>
    <message>
        <source>Your cluster (hardware.* keys)</source>
        <translation>Cụm của bạn (khoá hardware.*)</translation>
    </message>
    <message>
        <source>PCIe workstation, 4 × RTX 4090</source>
        <translation>Máy trạm PCIe, 4 × RTX 4090</translation>
    </message>
    <message>
        <source>One node, 8 × H100 on NVSwitch</source>
        <translation>Một node, 8 × H100 trên NVSwitch</translation>
    </message>
    <message>
        <source>4 nodes × 8 H100, InfiniBand NDR</source>
        <translation>4 node × 8 H100, InfiniBand NDR</translation>
    </message>
    <message>
        <source>Mis-wired node: GPU 7 on PCIe</source>
        <translation>Node nối sai: GPU 7 qua PCIe</translation>
    </message>
    <message>
        <source>Imported node (nvidia-smi topo -m)</source>
        <translation>Node đã nhập (nvidia-smi topo -m)</translation>
    </message>
    <message>
        <source>%1 (%2 GiB)</source>
        <translation>%1 (%2 GiB)</translation>
    </message>
    <message>
        <source>How the GPUs are connected; picking a wiring also sets the GPU and the hardware.* links, so every panel prices that cluster. The mis-wired node is a DGX H100 whose GPU 7 lost its NVLink: every ring through it crawls over PCIe. &quot;Your cluster&quot; uses the hardware.* keys, which an nccl-tests import below can fill; &quot;Imported node&quot; draws the node an nvidia-smi topo -m import found, pair by pair.</source>
        <translation>Các GPU được nối với nhau ra sao; chọn một kiểu kết nối cũng đặt GPU và các liên kết hardware.*, để mọi bảng tính theo đúng cụm đó. Node nối sai là một DGX H100 có GPU 7 mất NVLink: mọi ring đi qua nó đều phải bò qua PCIe. &quot;Cụm của bạn&quot; dùng các khoá hardware.*, mà việc nhập nccl-tests bên dưới có thể điền; &quot;Node đã nhập&quot; vẽ từng cặp GPU của node mà lần nhập nvidia-smi topo -m tìm thấy.</translation>
    </message>
    <message>
        <source>GPUs in the cluster:</source>
        <translation>Số GPU của cụm:</translation>
    </message>
    <message>
        <source>All the GPUs the cluster has: the Physical model offers N up to this many (and, under strong scaling, up to the sequences per step). 0 = not given.</source>
        <translation>Tổng số GPU mà cụm có: cách tính Phần cứng cho N tối đa bằng số này (và, khi mở rộng mạnh, tối đa bằng số chuỗi mỗi bước). 0 = không nêu.</translation>
    </message>
    <message>
        <source>Powers of two on the slider, the bars and the speed-up curve, to see large clusters and small ones together.</source>
        <translation>Luỹ thừa của 2 trên thanh trượt, các cột và đường hệ số tăng tốc, để thấy cả cụm lớn lẫn cụm nhỏ cùng lúc.</translation>
    </message>
    <message>
        <source>Backward pass of one micro-batch through one device&apos;s layers; 0 = automatic, twice the forward time (Kaplan et al. 2020).</source>
        <translation>Thời gian lượt lan truyền ngược của một micro-batch qua các lớp của một thiết bị; 0 = tự động, gấp đôi thời gian lượt xuôi (Kaplan và cộng sự 2020).</translation>
    </message>
    <message>
        <source>automatic (2 × forward)</source>
        <translation>tự động (2 × lượt xuôi)</translation>
    </message>
    <message>
        <source>Order of passes on each device. GPipe: all forwards, then all backwards (m micro-batches in flight). 1F1B: one forward, one backward (at most p in flight). Interleaved 1F1B: v chunks per device cut the bubble v-fold. ZB-H1, ZB-H2 (Qi et al. 2023): the backward split into the input gradient B and the weight gradient W, W filling the bubble; ZB-H2 holds about twice the activations. DualPipe (DeepSeek-V3): micro-batches enter from both ends; two copies of the weights, even pp, m even and at least 2 × pp.</source>
        <translation>Thứ tự các lượt trên mỗi thiết bị. GPipe: mọi lượt xuôi, rồi mọi lượt ngược (giữ dở m micro-batch). 1F1B: một lượt xuôi, một lượt ngược (giữ dở nhiều nhất p). 1F1B xen kẽ: v khối trên mỗi thiết bị giảm bubble đi v lần. ZB-H1, ZB-H2 (Qi và cộng sự 2023): lượt ngược tách thành gradient đầu vào B và gradient trọng số W, W lấp vào bubble; ZB-H2 giữ khoảng gấp đôi activation. DualPipe (DeepSeek-V3): micro-batch vào từ cả hai đầu; hai bản trọng số, pp chẵn, m chẵn và ít nhất 2 × pp.</translation>
    </message>
    <message>
        <source>ZB-H1</source>
        <translation>ZB-H1</translation>
    </message>
    <message>
        <source>ZB-H2</source>
        <translation>ZB-H2</translation>
    </message>
    <message>
        <source>DualPipe</source>
        <translation>DualPipe</translation>
    </message>
    <message>
        <source>&amp;Weight gradient (W):</source>
        <translation>Gradient trọng &amp;số (W):</translation>
    </message>
    <message>
        <source>The part of the backward time that computes the weight gradient W; the rest, the input gradient B, is what the previous stage waits for. ZB-H1, ZB-H2 and DualPipe run W later to fill the bubble. At most the backward time; 0 = automatic, half the backward.</source>
        <translation>Phần thời gian lượt ngược dùng để tính gradient trọng số W; phần còn lại, gradient đầu vào B, là thứ giai đoạn trước phải chờ. ZB-H1, ZB-H2 và DualPipe chạy W muộn hơn để lấp bubble. Không quá thời gian lượt ngược; 0 = tự động, một nửa lượt ngược.</translation>
    </message>
    <message>
        <source>automatic (½ × backward)</source>
        <translation>tự động (½ × lượt ngược)</translation>
    </message>
    <message>
        <source>Count &amp;failures and stragglers</source>
        <translation>Tính cả &amp;sự cố và GPU chậm (straggler)</translation>
    </message>
    <message>
        <source>Each step also waits for the slowest GPU and pays its share of checkpoint writes, work lost to failures and restarts (the Checkpoint panel&apos;s inputs, at the best interval). More GPUs fail more often, so the best N moves left.</source>
        <translation>Mỗi bước còn phải chờ GPU chậm nhất và chịu phần của nó trong thời gian ghi checkpoint, công việc bị mất do sự cố và khởi động lại (các thông số của thẻ Checkpoint, tại chu kỳ tốt nhất). Càng nhiều GPU thì sự cố càng thường xuyên, nên N tốt nhất dịch sang trái.</translation>
    </message>
    <message>
        <source>Tokens to &amp;train on:</source>
        <translation>Số token để &amp;huấn luyện:</translation>
    </message>
    <message>
        <source>Tokens the whole run trains on, in trillions (Llama 3 405B: 15.6). The time to train is this over the layout&apos;s tokens per second. 0 = use the training steps.</source>
        <translation>Số token của cả lượt huấn luyện, tính bằng nghìn tỷ (Llama 3 405B: 15,6). Tổng thời gian huấn luyện là số này chia cho số token/s của bố trí. 0 = dùng số bước huấn luyện.</translation>
    </message>
    <message>
        <source> trillion</source>
        <translation> nghìn tỷ</translation>
    </message>
    <message>
        <source>&amp;Context parallel (cp):</source>
        <translation>&amp;Context parallel (cp):</translation>
    </message>
    <message>
        <source>GPUs that split every sequence: each holds s/cp of the tokens and exchanges keys and values with the others for attention (Llama 3 §3.3). cp must divide the sequence length.</source>
        <translation>Các GPU chia nhau từng chuỗi: mỗi GPU giữ s/cp token và trao đổi key, value với các GPU kia để tính attention (Llama 3 §3.3). Độ dài chuỗi phải chia hết cho cp.</translation>
    </message>
    <message>
        <source>NICs per node:</source>
        <translation>Số NIC mỗi node:</translation>
    </message>
    <message>
        <source>Network cards per node, shared by its GPUs: a collective that crosses nodes spreads its channels over all of them (NCCL). 0 = one per GPU.</source>
        <translation>Số card mạng trong mỗi node, dùng chung cho các GPU của node: một phép giao tiếp tập thể vượt ranh giới node chia các kênh của nó ra mọi card (NCCL). 0 = mỗi GPU một card.</translation>
    </message>
    <message>
        <source>one per GPU</source>
        <translation>mỗi GPU một card</translation>
    </message>
    <message>
        <source>Bandwidth per NIC:</source>
        <translation>Băng thông mỗi NIC:</translation>
    </message>
    <message>
        <source>One network card&apos;s bandwidth, one direction, in GB/s (400 Gb/s NDR = 50 GB/s). 0 = the bandwidth between nodes per GPU above.</source>
        <translation>Băng thông của một card mạng, một chiều, tính bằng GB/s (400 Gb/s NDR = 50 GB/s). 0 = băng thông giữa các node của mỗi GPU ở trên.</translation>
    </message>
    <message>
        <source>as between nodes</source>
        <translation>như giữa các node</translation>
    </message>
    <message>
        <source>Step time variation c:</source>
        <translation>Độ dao động thời gian mỗi bước c:</translation>
    </message>
    <message>
        <source>How much one GPU&apos;s step time varies from step to step (standard deviation over mean), in percent. A synchronous step waits for the slowest of N GPUs: on average c × E[max of N normals] longer, about 3.2 c at 1,024 GPUs. 2 % is an assumption for teaching, not a measurement.</source>
        <translation>Thời gian mỗi bước của một GPU dao động bao nhiêu giữa các bước (độ lệch chuẩn chia trung bình), tính bằng phần trăm. Một bước đồng bộ phải chờ GPU chậm nhất trong N GPU: trung bình lâu hơn c × E[max của N phân phối chuẩn], khoảng 3,2 c với 1.024 GPU. 2 % là giả định để giảng dạy, không phải số đo.</translation>
    </message>
    <message>
        <source>Storage bandwidth:</source>
        <translation>Băng thông lưu trữ:</translation>
    </message>
    <message>
        <source>not given (use δ)</source>
        <translation>không đặt (dùng δ)</translation>
    </message>
    <message>
        <source>In-memory tier:</source>
        <translation>Tầng bộ nhớ:</translation>
    </message>
    <message>
        <source>Bandwidth of a checkpoint copy to host memory or a peer&apos;s memory, all GPUs together, in GB/s. Training waits only for this copy; the copy to storage runs behind it, and a failure loses only the work since the last copy (Gemini, Wang et al. 2023). Off: no in-memory tier.</source>
        <translation>Băng thông của bản sao checkpoint vào bộ nhớ host hoặc bộ nhớ của máy ngang hàng, tất cả GPU cộng lại, tính bằng GB/s. Huấn luyện chỉ chờ bản sao này; bản sao vào bộ lưu trữ chạy phía sau, và một sự cố chỉ làm mất công việc kể từ bản sao cuối (Gemini, Wang et al. 2023). Tắt: không có tầng bộ nhớ.</translation>
    </message>
    <message>
        <source>off (no in-memory tier)</source>
        <translation>tắt (không có tầng bộ nhớ)</translation>
    </message>
    <message>
        <source>Price per GPU-&amp;hour:</source>
        <translation>Giá mỗi GPU-&amp;giờ:</translation>
    </message>
    <message>
        <source>US dollars for one GPU for one hour. $2 is the rental price DeepSeek-V3&apos;s report prices its H800 GPU-hours at.</source>
        <translation>Đô la Mỹ cho một GPU trong một giờ. $2 là giá thuê mà báo cáo DeepSeek-V3 dùng để tính GPU-giờ H800 của họ.</translation>
    </message>
    <message>
        <source> $</source>
        <translation> $</translation>
    </message>
    <message>
        <source>Power per GPU:</source>
        <translation>Công suất mỗi GPU:</translation>
    </message>
    <message>
        <source>Watts one GPU draws while training; 0 takes the GPU&apos;s TDP from its datasheet (H100 SXM: 700 W), a ceiling.</source>
        <translation>Số watt một GPU tiêu thụ khi huấn luyện; 0 lấy TDP trong bảng thông số của GPU (H100 SXM: 700 W), một mức trần.</translation>
    </message>
    <message>
        <source> W</source>
        <translation> W</translation>
    </message>
    <message>
        <source>TDP</source>
        <translation>TDP</translation>
    </message>
    <message>
        <source>PUE:</source>
        <translation>PUE:</translation>
    </message>
    <message>
        <source>Power usage effectiveness: the data centre&apos;s energy over its computers&apos; (cooling, power conversion). 1.2 was BLOOM&apos;s Jean Zay.</source>
        <translation>Hiệu quả sử dụng điện: điện năng của cả trung tâm dữ liệu chia cho điện năng của máy tính (làm mát, biến đổi điện). Jean Zay của BLOOM là 1,2.</translation>
    </message>
    <message>
        <source>Grid CO₂:</source>
        <translation>CO₂ của lưới điện:</translation>
    </message>
    <message>
        <source>Kilograms of CO₂ per kWh of the grid that feeds the data centre: 0.057 in France (BLOOM&apos;s footprint study), several times more on coal.</source>
        <translation>Số kg CO₂ mỗi kWh của lưới điện cấp cho trung tâm dữ liệu: 0,057 ở Pháp (nghiên cứu dấu chân carbon của BLOOM), gấp nhiều lần với điện than.</translation>
    </message>
    <message>
        <source> kg/kWh</source>
        <translation> kg/kWh</translation>
    </message>
    <message>
        <source>Let tp span &amp;nodes</source>
        <translation>Cho tp vượt ranh giới &amp;node</translation>
    </message>
    <message>
        <source>Also try tensor-parallel groups larger than a node. Their all-reduces inside every layer then cross the network, which is why Megatron-LM keeps tp in a node.</source>
        <translation>Thử cả nhóm tensor parallel lớn hơn một node. Khi đó các all-reduce trong mỗi lớp phải đi qua mạng, vì thế Megatron-LM giữ tp trong một node.</translation>
    </message>
    <message>
        <source>Useful computation the job needs, in days, not counting checkpoints, lost work or restarts. Not given: the training steps × the step time of the job&apos;s layout at N (training model).</source>
        <translation>Lượng tính toán hữu ích mà tác vụ cần, tính bằng ngày, chưa kể checkpoint, công việc bị mất hay khởi động lại. Không đặt: số bước huấn luyện × thời gian mỗi bước của bố trí của tác vụ tại N (mô hình huấn luyện).</translation>
    </message>
    <message>
        <source>from the steps</source>
        <translation>theo số bước</translation>
    </message>
    <message>
        <source>Write bandwidth of the checkpoint storage, all GPUs together, in GB/s. Each checkpoint writes the weights and optimizer state at it (14 bytes per parameter in mixed precision with Adam): that is δ for the whole panel. Llama 3&apos;s storage sustains 2,000 GB/s. Not given: the write time δ above.</source>
        <translation>Băng thông ghi của bộ lưu trữ checkpoint, tất cả GPU cộng lại, tính bằng GB/s. Mỗi checkpoint ghi trọng số và trạng thái optimizer với băng thông này (14 byte mỗi tham số với mixed precision và Adam): đó là δ cho cả thẻ. Bộ lưu trữ của Llama 3 đạt 2.000 GB/s. Không đặt: dùng thời gian ghi δ ở trên.</translation>
    </message>
    <message>
        <source>How many GPUs the job runs on, as data-parallel copies of the scenario&apos;s tp × pp × cp layout (a count that is no such layout has no step time: its checkpoint interval is priced, its work from train.steps is not). If any one of them fails the whole job stops, so the cluster fails N times as often as one GPU.</source>
        <translation>Số GPU mà tác vụ chạy trên đó, là các bản sao (data parallelism) của bố trí tp × pp × cp của kịch bản (số GPU không tạo thành bố trí như vậy thì không có thời gian mỗi bước: khoảng checkpoint vẫn được tính, còn khối lượng công việc từ train.steps thì không). Chỉ cần một GPU gặp sự cố là cả tác vụ dừng lại, nên cụm gặp sự cố thường gấp N lần so với một GPU.</translation>
    </message>
    <message>
        <source>&amp;Hidden size:</source>
        <translation>Kích thước &amp;ẩn (hidden):</translation>
    </message>
    <message>
        <source>Width h of every layer&apos;s activations; tensor parallelism splits it.</source>
        <translation>Độ rộng h của activation ở mỗi lớp; tensor parallelism chia nhỏ nó.</translation>
    </message>
    <message>
        <source>&amp;Attention heads:</source>
        <translation>Số &amp;attention head:</translation>
    </message>
    <message>
        <source>Attention heads per layer; tensor parallelism gives each GPU whole heads.</source>
        <translation>Số attention head mỗi lớp; tensor parallelism giao cho mỗi GPU trọn vẹn một số head.</translation>
    </message>
    <message>
        <source>&amp;Global batch B:</source>
        <translation>Batch toàn &amp;cục B:</translation>
    </message>
    <message>
        <source>Sequences in one optimizer step, shared by the data-parallel replicas: each cuts its share into m = B / (micro-batch × dp) micro-batches, so pipeline stages can work at once (more micro-batches, smaller bubble).</source>
        <translation>Số chuỗi trong một bước tối ưu, chia cho các bản sao data-parallel: mỗi bản sao cắt phần của mình thành m = B / (micro-batch × dp) micro-batch để các giai đoạn pipeline cùng làm việc (càng nhiều micro-batch, bubble càng nhỏ).</translation>
    </message>
</context>
<context>
    <name>LessonGuide</name>
    <message>
        <source>Reveal</source>
        <translation>Xem đáp án</translation>
    </message>
    <message>
        <source>← Previous</source>
        <translation>← Trước</translation>
    </message>
    <message>
        <source>Next →</source>
        <translation>Tiếp →</translation>
    </message>
    <message>
        <source>Your prediction, before you reveal the answer.</source>
        <translation>Dự đoán của bạn, trước khi xem đáp án.</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Bước %1/%2</translation>
    </message>
    <message>
        <source>Your guess is within 10 %. Well done!</source>
        <translation>Dự đoán của bạn lệch không quá 10 %. Làm tốt lắm!</translation>
    </message>
    <message>
        <source>Your guess is %1× too high.</source>
        <translation>Dự đoán của bạn cao gấp %1 lần đáp án.</translation>
    </message>
    <message>
        <source>Your guess is %1× too low.</source>
        <translation>Đáp án cao gấp %1 lần dự đoán của bạn.</translation>
    </message>
    <message>
        <source>Lesson step %1</source>
        <translation>Bước %1 của bài học</translation>
    </message>
    <message>
        <source>Compare your guess with what the model computes, and uncover the panel.</source>
        <translation>So sánh dự đoán của bạn với kết quả mô hình tính ra, rồi mở thẻ ra xem.</translation>
    </message>
    <message>
        <source>Each step sets up its panel; Undo (Ctrl+Z) brings your own settings back.</source>
        <translation>Mỗi bước tự thiết lập thẻ của nó; Hoàn tác (Ctrl+Z) sẽ đưa thiết lập của bạn trở lại.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Ready</source>
        <translation>Sẵn sàng</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>Mở rộng quy mô</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Bộ nhớ</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>Song song hoá</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>Giao tiếp</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>Cấu trúc kết nối</translation>
    </message>
    <message>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <source>Memory: where the bytes of training go on each GPU (lesson §1).</source>
        <translation>Bộ nhớ: các byte của quá trình huấn luyện nằm ở đâu trên mỗi GPU (bài học, mục 1).</translation>
    </message>
    <message>
        <source>Parallelism: data, tensor and pipeline parallelism, and pipeline schedules (lesson §2).</source>
        <translation>Song song hoá: data, tensor và pipeline parallelism, cùng các lịch pipeline (bài học, mục 2).</translation>
    </message>
    <message>
        <source>Communication: ring all-reduce step by step, and how collectives scale (lesson §3).</source>
        <translation>Giao tiếp: ring all-reduce từng bước, và chi phí các phép giao tiếp tập thể tăng ra sao khi thêm worker (bài học, mục 3).</translation>
    </message>
    <message>
        <source>Topology: how GPUs are wired, and why the slowest link bounds the all-reduce.</source>
        <translation>Cấu trúc kết nối: các GPU được nối với nhau ra sao, và vì sao liên kết chậm nhất giới hạn tốc độ all-reduce.</translation>
    </message>
    <message>
        <source>Checkpoint: how often to save, and what failures cost a long run (lesson §3).</source>
        <translation>Checkpoint: nên lưu thường xuyên đến mức nào, và sự cố khiến một lần huấn luyện dài tốn thêm bao nhiêu (bài học, mục 3).</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Tệp</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>Mở &amp;gần đây</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Sửa</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>&amp;Mở kịch bản…</translation>
    </message>
    <message>
        <source>Open a scenario file (.json) saved by dtsim (Ctrl+O).</source>
        <translation>Mở một tệp kịch bản (.json) do dtsim lưu (Ctrl+O).</translation>
    </message>
    <message>
        <source>&amp;Save scenario</source>
        <translation>&amp;Lưu kịch bản</translation>
    </message>
    <message>
        <source>Save every parameter to the scenario file (Ctrl+S).</source>
        <translation>Lưu mọi tham số vào tệp kịch bản (Ctrl+S).</translation>
    </message>
    <message>
        <source>Save scenario &amp;as…</source>
        <translation>Lưu kịch bản &amp;dưới tên khác…</translation>
    </message>
    <message>
        <source>Undo the last parameter change (Ctrl+Z).</source>
        <translation>Hoàn tác lần thay đổi tham số gần nhất (Ctrl+Z).</translation>
    </message>
    <message>
        <source>Redo the change just undone (Ctrl+Shift+Z).</source>
        <translation>Làm lại thay đổi vừa hoàn tác (Ctrl+Shift+Z).</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Xem</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Trợ &amp;giúp</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>Thanh công cụ chính</translation>
    </message>
    <message>
        <source>&amp;Export charts…</source>
        <translation>&amp;Xuất biểu đồ…</translation>
    </message>
    <message>
        <source>Export the current panel&apos;s charts as PNG, SVG or PDF, or their data as CSV (Ctrl+E).</source>
        <translation>Xuất biểu đồ của thẻ hiện tại ra PNG, SVG hoặc PDF, hoặc xuất dữ liệu ra CSV (Ctrl+E).</translation>
    </message>
    <message>
        <source>&amp;Reset all</source>
        <translation>Đặt lại &amp;tất cả</translation>
    </message>
    <message>
        <source>Put every parameter back to the lesson&apos;s default values.</source>
        <translation>Đưa mọi tham số về giá trị mặc định của bài học.</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>T&amp;hoát</translation>
    </message>
    <message>
        <source>&amp;About dtsim</source>
        <translation>&amp;Giới thiệu dtsim</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Giới thiệu &amp;Qt</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Xuất không thành công</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>Đã xuất %1</translation>
    </message>
    <message>
        <source>Reset all</source>
        <translation>Đặt lại tất cả</translation>
    </message>
    <message>
        <source>All parameters are back to the lesson defaults.</source>
        <translation>Mọi tham số đã trở về giá trị mặc định của bài học.</translation>
    </message>
    <message>
        <source>About dtsim</source>
        <translation>Giới thiệu dtsim</translation>
    </message>
    <message>
        <source>&lt;h3&gt;dtsim %1&lt;/h3&gt;&lt;p&gt;Distributed Training Simulator: why training a large neural network on many GPUs is fast, slow or impossible.&lt;/p&gt;&lt;p&gt;Every number comes from a documented model with its published source.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;dtsim %1&lt;/h3&gt;&lt;p&gt;Mô phỏng huấn luyện phân tán: vì sao huấn luyện một mạng nơ-ron lớn trên nhiều GPU lại nhanh, chậm hay bất khả thi.&lt;/p&gt;&lt;p&gt;Mọi con số đều đến từ một mô hình tính toán có tài liệu mô tả, kèm nguồn đã công bố.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>Mở %1</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>Mở kịch bản</translation>
    </message>
    <message>
        <source>dtsim scenarios (*.json);;All files (*)</source>
        <translation>Kịch bản dtsim (*.json);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Could not open the scenario</source>
        <translation>Không mở được kịch bản</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>Đã mở %1</translation>
    </message>
    <message>
        <source>Could not save the scenario</source>
        <translation>Không lưu được kịch bản</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Đã lưu %1</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>Lưu kịch bản</translation>
    </message>
    <message>
        <source>dtsim scenarios (*.json)</source>
        <translation>Kịch bản dtsim (*.json)</translation>
    </message>
    <message>
        <source>Save changes?</source>
        <translation>Lưu thay đổi?</translation>
    </message>
    <message>
        <source>The scenario has changes that are not saved. Save them before going on?</source>
        <translation>Kịch bản có thay đổi chưa được lưu. Lưu lại trước khi tiếp tục?</translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation>Kịch bản chưa đặt tên</translation>
    </message>
    <message>
        <source>%1[*] — dtsim, Distributed Training Simulator</source>
        <translation>%1[*] — dtsim, Mô phỏng huấn luyện phân tán</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Ngôn ngữ</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>Giao &amp;diện</translation>
    </message>
    <message>
        <source>Follow the &amp;system</source>
        <translation>Theo &amp;hệ thống</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Sáng</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Tối</translation>
    </message>
    <message>
        <source>Presentation &amp;size</source>
        <translation>&amp;Kích cỡ trình chiếu</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>Chế độ &amp;trình chiếu</translation>
    </message>
    <message>
        <source>Full screen with larger text and a high-contrast palette for a projector (F5; Esc leaves). Arrow keys, Page Up/Down, Home and End move the worker slider.</source>
        <translation>Toàn màn hình, chữ lớn hơn và bảng màu tương phản cao cho máy chiếu (F5; Esc để thoát). Các phím mũi tên, Page Up/Down, Home và End di chuyển thanh trượt số worker.</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Phím tắt</translation>
    </message>
    <message>
        <source>Export &amp;all panels…</source>
        <translation>Xuất &amp;tất cả các thẻ…</translation>
    </message>
    <message>
        <source>Write every panel&apos;s charts into one folder as PNG, SVG or PDF, with a CSV of the data beside each.</source>
        <translation>Ghi biểu đồ của mọi thẻ vào một thư mục dưới dạng PNG, SVG hoặc PDF, kèm một tệp CSV dữ liệu bên cạnh mỗi biểu đồ.</translation>
    </message>
    <message>
        <source>&amp;Copy chart</source>
        <translation>&amp;Sao chép biểu đồ</translation>
    </message>
    <message>
        <source>Copy the current panel&apos;s charts to the clipboard as an image, ready to paste into a slide (Ctrl+Shift+C).</source>
        <translation>Sao chép biểu đồ của thẻ hiện tại vào bảng tạm dưới dạng ảnh, sẵn sàng dán vào slide (Ctrl+Shift+C).</translation>
    </message>
    <message>
        <source>Could not draw the chart for the clipboard.</source>
        <translation>Không vẽ được biểu đồ để sao chép vào bảng tạm.</translation>
    </message>
    <message>
        <source>Chart copied to the clipboard (%1×%2 pixels).</source>
        <translation>Đã sao chép biểu đồ vào bảng tạm (%1×%2 điểm ảnh).</translation>
    </message>
    <message>
        <source>Export all panels into a folder</source>
        <translation>Xuất mọi thẻ vào một thư mục</translation>
    </message>
    <message>
        <source>PNG (pictures for slides)</source>
        <translation>PNG (ảnh cho slide)</translation>
    </message>
    <message>
        <source>SVG (vector)</source>
        <translation>SVG (vector)</translation>
    </message>
    <message>
        <source>PDF (vector, for print)</source>
        <translation>PDF (vector, để in)</translation>
    </message>
    <message>
        <source>Export all panels</source>
        <translation>Xuất mọi thẻ</translation>
    </message>
    <message>
        <source>Picture format:</source>
        <translation>Định dạng ảnh:</translation>
    </message>
    <message>
        <source>Wrote %1 files into %2</source>
        <translation>Đã ghi %1 tệp vào %2</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Phím tắt</translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation>&amp;Cấu hình mẫu</translation>
    </message>
    <message>
        <source>Load preset: %1</source>
        <translation>Nạp cấu hình mẫu: %1</translation>
    </message>
    <message>
        <source>Preset loaded: %1</source>
        <translation>Đã nạp cấu hình mẫu: %1</translation>
    </message>
    <message>
        <source>Could not load the preset</source>
        <translation>Không nạp được cấu hình mẫu</translation>
    </message>
    <message>
        <source>Lesson guide</source>
        <translation>Hướng dẫn bài học</translation>
    </message>
    <message>
        <source>&amp;Lesson guide</source>
        <translation>&amp;Hướng dẫn bài học</translation>
    </message>
    <message>
        <source>Walk through the lesson step by step: each step opens its panel and asks you to predict a number before it reveals the answer (F2).</source>
        <translation>Đi qua bài học từng bước: mỗi bước mở thẻ tương ứng và yêu cầu bạn dự đoán một con số trước khi xem đáp án (F2).</translation>
    </message>
    <message>
        <source>&amp;Undo: %1</source>
        <extracomment>Edit menu; %1 is what would be undone, e.g. &quot;Change scaling.workers&quot;</extracomment>
        <translation>&amp;Hoàn tác: %1</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Hoàn tác</translation>
    </message>
    <message>
        <source>&amp;Redo: %1</source>
        <translation>&amp;Làm lại: %1</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Làm lại</translation>
    </message>
    <message>
        <source>Scaling: why adding GPUs speeds a step up, and where it starts to slow it down.</source>
        <translation>Mở rộng quy mô: vì sao thêm GPU làm mỗi bước nhanh hơn, và từ đâu nó bắt đầu làm bước chậm đi.</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>Đang xuất %1…</translation>
    </message>
    <message>
        <source>Exporting every panel into %1…</source>
        <translation>Đang xuất mọi thẻ vào %1…</translation>
    </message>
    <message>
        <source>&amp;Import measurements…</source>
        <translation>&amp;Nhập số đo…</translation>
    </message>
    <message>
        <source>Read step times you measured (a CSV of workers,seconds, one run per line) and draw them over the Scaling panel&apos;s model.</source>
        <translation>Đọc thời gian mỗi bước bạn đã đo (tệp CSV workers,seconds, mỗi dòng một lần chạy) và vẽ chúng lên mô hình của thẻ Mở rộng quy mô.</translation>
    </message>
    <message>
        <source>Import measurements: %1</source>
        <translation>Nhập số đo: %1</translation>
    </message>
    <message>
        <source>Import measured step times</source>
        <translation>Nhập thời gian mỗi bước đã đo</translation>
    </message>
    <message>
        <source>CSV files (*.csv *.txt);;All files (*)</source>
        <translation>Tệp CSV (*.csv *.txt);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Could not import the measurements</source>
        <translation>Không nhập được số đo</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>Đã nhập %1</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Kế hoạch</translation>
    </message>
    <message>
        <source>Plan: the fastest layout that fits on your cluster, and what the run costs.</source>
        <translation>Kế hoạch: bố trí nhanh nhất vừa với cụm của bạn, và chi phí của lượt huấn luyện.</translation>
    </message>
    <message>
        <source>Presentation mode: Esc leaves, arrows move the worker slider, Ctrl+1…7 switch panels.</source>
        <translation>Chế độ trình chiếu: Esc để thoát, phím mũi tên di chuyển thanh trượt số worker, Ctrl+1…7 chuyển thẻ.</translation>
    </message>
    <message>
        <source>&lt;table cellspacing=&apos;6&apos;&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+1 … Ctrl+7&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Show a panel (Scaling … Plan)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F5&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Presentation mode on / off&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Esc&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Leave presentation mode&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;← → ↑ ↓, Page Up/Down, Home/End&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Presentation mode: move the worker slider&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Z / Ctrl+Shift+Z&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Undo / redo a parameter change&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+O / Ctrl+S&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Open / save a scenario file&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Export the current panel&apos;s charts&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+C&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Copy the current chart to the clipboard&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F1&lt;/b&gt;&lt;/td&gt;&lt;td&gt;This list&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;table cellspacing=&apos;6&apos;&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+1 … Ctrl+7&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Mở một thẻ (Mở rộng quy mô … Kế hoạch)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F5&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Bật / tắt chế độ trình chiếu&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Esc&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Thoát chế độ trình chiếu&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;← → ↑ ↓, Page Up/Down, Home/End&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Chế độ trình chiếu: di chuyển thanh trượt số worker&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Z / Ctrl+Shift+Z&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Hoàn tác / làm lại một thay đổi tham số&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+O / Ctrl+S&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Mở / lưu tệp kịch bản&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+E&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Xuất biểu đồ của thẻ hiện tại&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Shift+C&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Sao chép biểu đồ hiện tại vào bảng tạm&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F1&lt;/b&gt;&lt;/td&gt;&lt;td&gt;Danh sách này&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
</context>
<context>
    <name>MemoryCharts</name>
    <message>
        <source>Memory verdict</source>
        <translation>Kết luận về bộ nhớ</translation>
    </message>
    <message>
        <source>Memory summary</source>
        <translation>Tóm tắt bộ nhớ</translation>
    </message>
    <message>
        <source>Memory per GPU under each ZeRO stage, against GPU capacities</source>
        <translation>Bộ nhớ mỗi GPU theo từng mức ZeRO, so với dung lượng GPU</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Trọng số</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Gradient</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>Trạng thái optimizer</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Activation</translation>
    </message>
    <message>
        <source>Buffers (allowance)</source>
        <translation>Bộ đệm (dự phòng)</translation>
    </message>
    <message>
        <source>Your ZeRO stage</source>
        <translation>Mức ZeRO đang chọn</translation>
    </message>
    <message>
        <source>Memory per GPU chart</source>
        <translation>Biểu đồ bộ nhớ mỗi GPU</translation>
    </message>
    <message>
        <source>DDP (ZeRO-0)</source>
        <translation>DDP (ZeRO-0)</translation>
    </message>
    <message>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP</source>
        <translation>ZeRO-3 / FSDP</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>mixed BF16/FP16 + FP32 master</source>
        <translation>hỗn hợp BF16/FP16 + bản chính FP32</translation>
    </message>
    <message>
        <source>pure BF16</source>
        <translation>BF16 thuần</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>SGD + momentum</source>
        <translation>SGD + momentum</translation>
    </message>
    <message>
        <source>Adam/AdamW</source>
        <translation>Adam/AdamW</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>Adam 8-bit</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>▶ %1 ◀</source>
        <translation>▶ %1 ◀</translation>
    </message>
    <message>
        <source>%1: %2 GiB = %3 GB</source>
        <translation>%1: %2 GiB = %3 GB</translation>
    </message>
    <message>
        <source>%1 GiB = %2 GB</source>
        <translation>%1 GiB = %2 GB</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>%1 on one GPU</source>
        <translation>%1 trên một GPU</translation>
    </message>
    <message>
        <source>%1 over %2 GPUs</source>
        <translation>%1 trên %2 GPU</translation>
    </message>
    <message>
        <source>&lt;b&gt;✔ Fits&lt;/b&gt; on the %1 (%2): %3 needs %4 per GPU, %5 to spare.</source>
        <translation>&lt;b&gt;✔ Vừa&lt;/b&gt; với %1 (%2): %3 cần %4 mỗi GPU, còn dư %5.</translation>
    </message>
    <message>
        <source>&lt;b&gt;✘ Does not fit&lt;/b&gt; on the %1 (%2): %3 needs %4 (%5) per GPU, %6 too much.</source>
        <translation>&lt;b&gt;✘ Không vừa&lt;/b&gt; với %1 (%2): %3 cần %4 (%5) mỗi GPU, vượt %6.</translation>
    </message>
    <message>
        <source>DDP</source>
        <translation>DDP</translation>
    </message>
    <message>
        <source>%1: never</source>
        <translation>%1: không thể</translation>
    </message>
    <message>
        <source>ZeRO does not shard activations (%1 per GPU): try recomputation, a shorter sequence or a smaller micro-batch.</source>
        <translation>ZeRO không phân mảnh activation (%1 mỗi GPU): hãy tính lại activation, rút ngắn chuỗi hoặc giảm micro-batch.</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>dtsim — Memory: per-GPU memory under ZeRO 0–3 against GPU capacities</source>
        <translation>dtsim — Bộ nhớ: bộ nhớ mỗi GPU với ZeRO 0–3, so với dung lượng GPU</translation>
    </message>
    <message>
        <source>&lt;b&gt;These settings do not go together:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Các thiết lập này không đi cùng nhau được:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Per GPU: %1 — %2 billion parameters, %3 + %4, dp %5 × tp %6 × pp %7.</source>
        <translation>Mỗi GPU: %1 — %2 tỷ tham số, %3 + %4, dp %5 × tp %6 × pp %7.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 GPU(s)</source>
        <translation>
            <numerusform>%1: %2 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>Fewest GPUs that fit (tp %1 × pp %2 × cp %3): %4</source>
        <translation>Số GPU tối thiểu (tp %1 × pp %2 × cp %3): %4</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>GiB mỗi GPU</translation>
    </message>
</context>
<context>
    <name>MemoryPanel</name>
    <message>
        <source>Memory</source>
        <translation>Bộ nhớ</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Mô hình</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Huấn luyện</translation>
    </message>
    <message>
        <source>Parallelism and sharding</source>
        <translation>Song song hoá và sharding</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>&amp;Model preset:</source>
        <translation>&amp;Mô hình mẫu:</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Tuỳ chỉnh</translation>
    </message>
    <message>
        <source>A published model: its parameter count and transformer shape (layers, hidden size, heads, sequence length, vocabulary).</source>
        <translation>Một mô hình đã công bố: số tham số và cấu hình transformer của nó (số lớp, kích thước ẩn, số attention head, độ dài chuỗi, kích thước từ vựng).</translation>
    </message>
    <message>
        <source>M&lt;sub&gt;GPU&lt;/sub&gt; = Ψ′ × (w + g + K) + activations + buffers; ZeRO shards K (1), g (2), w (3) over N&lt;sub&gt;d&lt;/sub&gt; = dp; Ψ′ = Ψ / (tp × pp)</source>
        <translation>M&lt;sub&gt;GPU&lt;/sub&gt; = Ψ′ × (w + g + K) + activation + bộ đệm; ZeRO phân mảnh K (1), g (2), w (3) trên N&lt;sub&gt;d&lt;/sub&gt; = dp; Ψ′ = Ψ / (tp × pp)</translation>
    </message>
    <message>
        <source>%1 / (%2 × %3) = %4</source>
        <translation>%1 / (%2 × %3) = %4</translation>
    </message>
    <message>
        <source>Ψ′ = %1 × (%2 + %3 + %4) B = &lt;b&gt;%5&lt;/b&gt; = %6 unsharded (the seed&apos;s &quot;104.3 GB&quot; is GiB: it divides by 1024³)</source>
        <translation>Ψ′ = %1 × (%2 + %3 + %4) B = &lt;b&gt;%5&lt;/b&gt; = %6 khi chưa phân mảnh (&quot;104,3 GB&quot; trong bài học là GiB: bài chia cho 1024³)</translation>
    </message>
    <message>
        <source>%1, N&lt;sub&gt;d&lt;/sub&gt; = %2: %3 + %4 + %5 + act. %6 + buf. %7 = &lt;b&gt;%8&lt;/b&gt; per GPU %9 %10 (%11)</source>
        <translation>%1, N&lt;sub&gt;d&lt;/sub&gt; = %2: %3 + %4 + %5 + act. %6 + đệm %7 = &lt;b&gt;%8&lt;/b&gt; mỗi GPU %9 %10 (%11)</translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a number; allowed: %3 to %4, written with &apos;%5&apos; as the decimal sign. It was not applied.</source>
        <translation>%1: &apos;%2&apos; không phải là một số; cho phép: %3 đến %4, viết với &apos;%5&apos; làm dấu thập phân. Giá trị này chưa được áp dụng.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is ambiguous, since &apos;%3&apos; may group thousands; write &apos;%4&apos; as the decimal sign and group digits with spaces only; allowed: %5 to %6. It was not applied.</source>
        <translation>%1: &apos;%2&apos; không rõ nghĩa, vì &apos;%3&apos; có thể là dấu phân cách hàng nghìn; hãy viết &apos;%4&apos; làm dấu thập phân và chỉ nhóm chữ số bằng dấu cách; cho phép: %5 đến %6. Giá trị này chưa được áp dụng.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is out of range; allowed: %3 to %4. It was not applied.</source>
        <translation>%1: &apos;%2&apos; nằm ngoài phạm vi; cho phép: %3 đến %4. Giá trị này chưa được áp dụng.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a whole number; allowed: %3 to %4. It was not applied.</source>
        <translation>%1: &apos;%2&apos; không phải là số nguyên; cho phép: %3 đến %4. Giá trị này chưa được áp dụng.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; has more decimals than the field keeps (%3); allowed: %4 to %5. It was not applied.</source>
        <translation>%1: &apos;%2&apos; có nhiều chữ số thập phân hơn ô nhập này giữ được (%3); cho phép: %4 đến %5. Giá trị này chưa được áp dụng.</translation>
    </message>
</context>
<context>
    <name>Panel</name>
    <message>
        <source>Input problem</source>
        <translation>Lỗi đầu vào</translation>
    </message>
    <message>
        <source>Export charts…</source>
        <translation>Xuất biểu đồ…</translation>
    </message>
    <message>
        <source>Save these charts as PNG, SVG or PDF, or their data as CSV.</source>
        <translation>Lưu các biểu đồ này ra PNG, SVG hoặc PDF, hoặc lưu dữ liệu của chúng ra CSV.</translation>
    </message>
    <message>
        <source>Formula with the current numbers</source>
        <translation>Công thức với số liệu hiện tại</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Sao chép</translation>
    </message>
    <message>
        <source>Copy &amp;all read-outs</source>
        <translation>Sao chép &amp;tất cả kết quả</translation>
    </message>
    <message>
        <source>Read-outs</source>
        <translation>Kết quả</translation>
    </message>
    <message>
        <source>◂ Hide controls</source>
        <translation>◂ Ẩn bảng điều khiển</translation>
    </message>
    <message>
        <source>Controls ▸</source>
        <translation>Bảng điều khiển ▸</translation>
    </message>
    <message>
        <source>Presentation mode and the Lesson guide give the charts the whole width; the controls fold away here.</source>
        <translation>Chế độ trình chiếu và Hướng dẫn bài học dành cả bề ngang cho biểu đồ; bảng điều khiển được thu gọn vào đây.</translation>
    </message>
</context>
<context>
    <name>ParallelismDiagram</name>
    <message>
        <source>Parallelism diagram</source>
        <translation>Sơ đồ song song hoá</translation>
    </message>
    <message>
        <source>+%1 more</source>
        <extracomment>more layer ranges of an interleaved pipeline stage follow</extracomment>
        <translation>+%1 nữa</translation>
    </message>
    <message>
        <source>layers %1</source>
        <translation>lớp %1</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>shard %1/%2</source>
        <translation>mảnh %1/%2</translation>
    </message>
    <message>
        <source>all weights</source>
        <translation>đủ trọng số</translation>
    </message>
    <message>
        <source>batch %1/%2</source>
        <translation>batch %1/%2</translation>
    </message>
    <message>
        <source>whole batch</source>
        <translation>cả batch</translation>
    </message>
    <message>
        <source>interleaved 1F1B</source>
        <translation>1F1B xen kẽ</translation>
    </message>
    <message>
        <source>a share (see the Pipeline view)</source>
        <translation>một phần (xem phần Pipeline)</translation>
    </message>
    <message>
        <source>none crosses a node</source>
        <translation>không vượt ranh giới node</translation>
    </message>
    <message>
        <source>none</source>
        <translation>không có</translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation>Bố trí song song</translation>
    </message>
    <message>
        <source>Replica %1</source>
        <translation>Bản sao %1</translation>
    </message>
    <message>
        <source>One replica</source>
        <translation>Một bản sao</translation>
    </message>
    <message>
        <source>… +%1</source>
        <translation>… +%1</translation>
    </message>
    <message>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>Giai đoạn %1</translation>
    </message>
    <message>
        <source>One stage</source>
        <translation>Một giai đoạn</translation>
    </message>
    <message>
        <source>… %1 more replicas …</source>
        <translation>… thêm %1 bản sao …</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>node %1</translation>
    </message>
    <message>
        <source>%1, %2, …, %3 (%4 GPUs)</source>
        <translation>%1, %2, …, %3 (%4 GPU)</translation>
    </message>
    <message>
        <source>across nodes: slow links</source>
        <translation>qua nhiều node: liên kết chậm</translation>
    </message>
    <message>
        <source>inside node %1</source>
        <translation>trong node %1</translation>
    </message>
    <message>
        <source>GPU %1: node %2, slot %3</source>
        <translation>GPU %1: node %2, khe %3</translation>
    </message>
    <message>
        <source>Holds layers %1 (pipeline stage %2 of %3).</source>
        <translation>Giữ các lớp %1 (giai đoạn pipeline %2 trong số %3).</translation>
    </message>
    <message>
        <source>Holds shard %1 of %2 of every weight matrix in those layers.</source>
        <translation>Giữ mảnh %1/%2 của mọi ma trận trọng số trong các lớp đó.</translation>
    </message>
    <message>
        <source>Holds those layers&apos; weights whole (no tensor parallelism).</source>
        <translation>Giữ trọn trọng số của các lớp đó (không có tensor parallelism).</translation>
    </message>
    <message>
        <source>Trains on batch slice %1 of %2 (replica %3).</source>
        <translation>Huấn luyện trên phần batch %1/%2 (bản sao %3).</translation>
    </message>
    <message>
        <source>Trains on the whole batch (one replica).</source>
        <translation>Huấn luyện trên cả batch (một bản sao).</translation>
    </message>
    <message>
        <source>All-reduces each layer&apos;s output with GPUs %1 (tensor group, %2).</source>
        <translation>All-reduce đầu ra của mỗi lớp với các GPU %1 (nhóm tensor, %2).</translation>
    </message>
    <message>
        <source>activations to GPU %1</source>
        <translation>activation tới GPU %1</translation>
    </message>
    <message>
        <source>gradients back to GPU %1</source>
        <translation>gradient ngược về GPU %1</translation>
    </message>
    <message>
        <source>the next chunk&apos;s activations to GPU %1</source>
        <translation>activation của khối tiếp theo tới GPU %1</translation>
    </message>
    <message>
        <source>Sends %1 (pipeline, %2).</source>
        <translation>Gửi %1 (pipeline, %2).</translation>
    </message>
    <message>
        <source>All-reduces its gradients with GPUs %1 every step (data-parallel group, %2).</source>
        <translation>All-reduce gradient của mình với các GPU %1 ở mọi bước (nhóm data parallel, %2).</translation>
    </message>
    <message>
        <source>dtsim — Parallelism: what each GPU holds and sends under data, tensor and pipeline parallelism</source>
        <translation>dtsim — Song song hoá: mỗi GPU giữ gì và gửi gì với data, tensor và pipeline parallelism</translation>
    </message>
    <message>
        <source>&lt;b&gt;Tensor parallelism&lt;/b&gt; (tp = %1) removes the &lt;b&gt;memory limit of the weights (and activations)&lt;/b&gt;: each GPU holds 1/%1 of every weight matrix. Cost: an all-reduce in every layer, so it stays inside a node.</source>
        <translation>&lt;b&gt;Tensor parallelism&lt;/b&gt; (tp = %1) gỡ bỏ &lt;b&gt;giới hạn bộ nhớ của trọng số (và activation)&lt;/b&gt;: mỗi GPU giữ 1/%1 của mọi ma trận trọng số. Cái giá: một all-reduce ở mỗi lớp, vì vậy nó chỉ nên nằm gọn trong một node.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Pipeline parallelism&lt;/b&gt; (pp = %1) removes the &lt;b&gt;memory limit of the weights&lt;/b&gt;: each GPU holds ≈ %2 of the %3 layers. Cost: the bubble, %4 of the step idle (%5, m = %6), and sends between stages.</source>
        <translation>&lt;b&gt;Pipeline parallelism&lt;/b&gt; (pp = %1) gỡ bỏ &lt;b&gt;giới hạn bộ nhớ của trọng số&lt;/b&gt;: mỗi GPU giữ ≈ %2 trong %3 lớp. Cái giá: bubble — %4 thời gian mỗi bước GPU phải chờ (%5, m = %6) — và các lần gửi giữa các giai đoạn.</translation>
    </message>
    <message>
        <source>&lt;i&gt;Drawn: %1 of %2 GPUs (stages %3; replicas %4; tensor ranks %5); hover a GPU for details.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Đã vẽ %1 trên %2 GPU (giai đoạn %3; bản sao %4; rank tensor %5); di chuột lên một GPU để xem chi tiết.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Tensor all-reduce</source>
        <translation>All-reduce tensor</translation>
    </message>
    <message>
        <source>Pipeline send</source>
        <translation>Gửi pipeline</translation>
    </message>
    <message>
        <source>Gradient all-reduce</source>
        <translation>All-reduce gradient</translation>
    </message>
    <message>
        <source>&lt;b&gt;Data parallelism&lt;/b&gt; (dp = %1) removes the &lt;b&gt;compute-time&lt;/b&gt; limit: each replica trains on 1/%1 of the batch. Cost: a model copy per replica; gradients all-reduced every step.</source>
        <translation>&lt;b&gt;Data parallelism&lt;/b&gt; (dp = %1) gỡ bỏ giới hạn về &lt;b&gt;thời gian tính toán&lt;/b&gt;: mỗi bản sao huấn luyện trên 1/%1 batch. Cái giá: mỗi bản sao giữ một bản mô hình; gradient phải all-reduce ở mọi bước.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Data parallelism&lt;/b&gt; is off (dp = 1): it would cut the compute time per GPU.</source>
        <translation>&lt;b&gt;Data parallelism&lt;/b&gt; đang tắt (dp = 1): nếu bật, nó sẽ giảm thời gian tính toán trên mỗi GPU.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Tensor parallelism&lt;/b&gt; is off (tp = 1): it would split every weight matrix.</source>
        <translation>&lt;b&gt;Tensor parallelism&lt;/b&gt; đang tắt (tp = 1): nếu bật, nó sẽ chia nhỏ mọi ma trận trọng số.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Pipeline parallelism&lt;/b&gt; is off (pp = 1): it would split the layers into stages.</source>
        <translation>&lt;b&gt;Pipeline parallelism&lt;/b&gt; đang tắt (pp = 1): nếu bật, nó sẽ chia các lớp thành các giai đoạn.</translation>
    </message>
    <message>
        <source>Node (%1 links)</source>
        <translation>Node (liên kết %1)</translation>
    </message>
    <message>
        <source>Pipeline send (also last → first)</source>
        <translation>Gửi pipeline (cả cuối → đầu)</translation>
    </message>
    <message>
        <source>Crosses nodes (%1)</source>
        <translation>Vượt ranh giới node (%1)</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1 of %2 cross(es) a node&lt;/b&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;%1/%2 vượt ranh giới node&lt;/b&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Tensor groups %1 × %2 GPU(s): %3.</source>
        <translation>
            <numerusform>Nhóm tensor %1 × %2 GPU: %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Pipelines %1 × %2 stage(s): sends %3.</source>
        <translation>
            <numerusform>Pipeline %1 × %2 giai đoạn, gửi giữa các giai đoạn: %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Data-parallel groups %1 × %2: %3.</source>
        <translation>Nhóm data parallel %1 × %2: %3.</translation>
    </message>
    <message>
        <source>Megatron-LM rank order: tensor innermost, then replicas, then stages.</source>
        <translation>Thứ tự rank như Megatron-LM: tensor ở trong cùng, rồi đến bản sao, rồi đến giai đoạn.</translation>
    </message>
    <message numerus="yes">
        <source>N = dp × tp × pp = %1 × %2 × %3 = %4 GPU(s) · nodes of %5: %6</source>
        <translation>
            <numerusform>N = dp × tp × pp = %1 × %2 × %3 = %4 GPU · số node (%5 GPU/node): %6</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 crossing a node</source>
        <translation>%1 nhóm vượt ranh giới node</translation>
    </message>
    <message numerus="yes">
        <source>%1 GPU(s) = dp %2 × tp %3 × pp %4</source>
        <translation>
            <numerusform>%1 GPU = dp %2 × tp %3 × pp %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>on %1 node(s) of %2.</source>
        <translation>
            <numerusform>trên %1 node, mỗi node %2 GPU.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Tensor groups: %1 of %2 GPU(s), %3.</source>
        <translation>
            <numerusform>Nhóm tensor: %1 nhóm × %2 GPU, %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Pipelines: %1 of %2 stage(s),</source>
        <translation>
            <numerusform>Pipeline: %1 pipeline × %2 giai đoạn,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 send(s) crossing a node.</source>
        <translation>
            <numerusform>%1/%2 lần gửi vượt ranh giới node.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Data-parallel groups: %1 of %2 replica(s), %3.</source>
        <translation>
            <numerusform>Nhóm data parallel: %1 nhóm × %2 bản sao, %3.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ParallelismPanel</name>
    <message>
        <source>Parallelism</source>
        <translation>Song song hoá</translation>
    </message>
    <message>
        <source>GPUs: dp × tp × pp</source>
        <translation>GPU: dp × tp × pp</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>Lịch pipeline</translation>
    </message>
    <message>
        <source>One strategy on 8 GPUs</source>
        <translation>Một chiến lược trên 8 GPU</translation>
    </message>
    <message>
        <source>Data ×8</source>
        <translation>Data ×8</translation>
    </message>
    <message>
        <source>Tensor ×8</source>
        <translation>Tensor ×8</translation>
    </message>
    <message>
        <source>Pipeline ×8</source>
        <translation>Pipeline ×8</translation>
    </message>
    <message>
        <source>3-D 2×2×2</source>
        <translation>3-D 2×2×2</translation>
    </message>
    <message>
        <source>Show data parallelism alone: dp = 8, tp = 1, pp = 1.</source>
        <translation>Chỉ xem data parallelism: dp = 8, tp = 1, pp = 1.</translation>
    </message>
    <message>
        <source>Show tensor parallelism alone: dp = 1, tp = 8, pp = 1.</source>
        <translation>Chỉ xem tensor parallelism: dp = 1, tp = 8, pp = 1.</translation>
    </message>
    <message>
        <source>Show pipeline parallelism alone: dp = 1, tp = 1, pp = 8.</source>
        <translation>Chỉ xem pipeline parallelism: dp = 1, tp = 1, pp = 8.</translation>
    </message>
    <message>
        <source>Show all three combined: dp = 2, tp = 2, pp = 2.</source>
        <translation>Xem cả ba kết hợp: dp = 2, tp = 2, pp = 2.</translation>
    </message>
    <message>
        <source>GPipe (Huang et al. 2019): bubble = (p − 1)/(m + p − 1) = %1/%2 = %3 of the step; simulated &lt;b&gt;%4&lt;/b&gt; of the %5 step</source>
        <translation>GPipe (Huang và cộng sự 2019): bubble = (p − 1)/(m + p − 1) = %1/%2 = %3 của bước; mô phỏng: &lt;b&gt;%4&lt;/b&gt; của bước dài %5</translation>
    </message>
    <message>
        <source>1F1B (Narayanan et al. 2021): bubble / ideal = (p − 1)/m = %1/%2 = %3; simulated %4, i.e. &lt;b&gt;%5&lt;/b&gt; of the %6 step</source>
        <translation>1F1B (Narayanan và cộng sự 2021): bubble / lý tưởng = (p − 1)/m = %1/%2 = %3; mô phỏng: %4, tức &lt;b&gt;%5&lt;/b&gt; của bước dài %6</translation>
    </message>
    <message>
        <source>Interleaved (Narayanan et al. 2021): bubble / ideal = (p − 1)/(v·m) = %1/(%2·%3) = %4; simulated %5, i.e. &lt;b&gt;%6&lt;/b&gt; of the %7 step</source>
        <translation>Xen kẽ (Narayanan và cộng sự 2021): bubble / lý tưởng = (p − 1)/(v·m) = %1/(%2·%3) = %4; mô phỏng: %5, tức &lt;b&gt;%6&lt;/b&gt; của bước dài %7</translation>
    </message>
    <message numerus="yes">
        <source>N = dp × tp × pp = %1 × %2 × %3 = &lt;b&gt;%4 GPU(s)&lt;/b&gt; (nodes of %5: %6);</source>
        <translation>
            <numerusform>N = dp × tp × pp = %1 × %2 × %3 = &lt;b&gt;%4 GPU&lt;/b&gt; (%6 node, %5 GPU/node);</numerusform>
        </translation>
    </message>
    <message>
        <source>ZB-H1 (Qi et al. 2023): bubble = (p − 1)(F + B − 2W) = %1 × (%2 + %3 − 2 × %4) = %5, %6 of the ideal time; simulated %7, i.e. &lt;b&gt;%8&lt;/b&gt; of the %9 step</source>
        <translation>ZB-H1 (Qi và cộng sự 2023): bubble = (p − 1)(F + B − 2W) = %1 × (%2 + %3 − 2 × %4) = %5, %6 của thời gian lý tưởng; mô phỏng: %7, tức &lt;b&gt;%8&lt;/b&gt; của bước dài %9</translation>
    </message>
    <message>
        <source>ZB-H2 (Qi et al. 2023): bubble = (p − 1)(F + B − 3W) = %1 × (%2 + %3 − 3 × %4) = %5 (at least 0) when steps are not synchronised; simulated %6 so, and &lt;b&gt;%7&lt;/b&gt; of the %8 step when the optimizer step waits for every stage</source>
        <translation>ZB-H2 (Qi và cộng sự 2023): bubble = (p − 1)(F + B − 3W) = %1 × (%2 + %3 − 3 × %4) = %5 (ít nhất 0) khi các bước không đồng bộ; mô phỏng như vậy: %6, và &lt;b&gt;%7&lt;/b&gt; của bước dài %8 khi bước optimizer chờ mọi giai đoạn</translation>
    </message>
    <message>
        <source>DualPipe (DeepSeek-V3): bubble = (p/2 − 1)(F&amp;B + B − 3W), F&amp;B = F + B = %1 × (%2 + 2 × %3 − 3 × %4) = %5, %6 of the ideal time; simulated %7, i.e. &lt;b&gt;%8&lt;/b&gt; of the %9 step</source>
        <translation>DualPipe (DeepSeek-V3): bubble = (p/2 − 1)(F&amp;B + B − 3W), F&amp;B = F + B = %1 × (%2 + 2 × %3 − 3 × %4) = %5, %6 của thời gian lý tưởng; mô phỏng: %7, tức &lt;b&gt;%8&lt;/b&gt; của bước dài %9</translation>
    </message>
    <message>
        <source>Training model, m = B/(b·dp) = %1 micro-batches: step &lt;b&gt;%2&lt;/b&gt; (compute %3, tensor %4, pipeline %5, data-parallel %6 exposed); memory per GPU &lt;b&gt;%7&lt;/b&gt; of %8%9</source>
        <translation>Mô hình huấn luyện, m = B/(b·dp) = %1 micro-batch: mỗi bước &lt;b&gt;%2&lt;/b&gt; (tính toán %3, tensor %4, pipeline %5, data parallel %6, phần không được che); bộ nhớ mỗi GPU &lt;b&gt;%7&lt;/b&gt; trên %8%9</translation>
    </message>
    <message>
        <source>: &lt;b&gt;does not fit&lt;/b&gt;</source>
        <translation>: &lt;b&gt;không vừa&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;The training model cannot price this layout: %1&lt;/i&gt;</source>
        <translation>&lt;i&gt;Mô hình huấn luyện không tính được bố trí này: %1&lt;/i&gt;</translation>
    </message>
    <message numerus="yes">
        <source>each holds L/pp = %1/%2 = %3 layer(s), 1/%4 of their weights, 1/%5 of the batch</source>
        <translation>
            <numerusform>mỗi GPU giữ L/pp = %1/%2 = %3 lớp, 1/%4 trọng số của các lớp đó, 1/%5 batch</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ParallelismViews</name>
    <message>
        <source>Diagram</source>
        <translation>Sơ đồ</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>Pipeline</translation>
    </message>
    <message>
        <source>Which GPU holds which layers, shard and batch slice, and which collective runs between which GPUs.</source>
        <translation>GPU nào giữ những lớp nào, mảnh nào và phần batch nào, và phép giao tiếp tập thể nào chạy giữa những GPU nào.</translation>
    </message>
    <message>
        <source>The pipeline schedule as a Gantt chart: forward and backward passes per device, the idle bubble, activations in flight.</source>
        <translation>Lịch pipeline dạng biểu đồ Gantt: các lượt xuôi và ngược trên mỗi thiết bị, bubble (thời gian chờ), activation đang giữ dở.</translation>
    </message>
</context>
<context>
    <name>PipelineView</name>
    <message>
        <source>Pipeline schedule chart</source>
        <translation>Biểu đồ lịch pipeline</translation>
    </message>
    <message>
        <source>Bubble (hatched idle time): %1 of the step. Step %2, ideal m·(t_f + t_b) = %3, idle %4 on every device.</source>
        <translation>Bubble (thời gian chờ, phần vân chéo): %1 của bước. Thời gian mỗi bước %2, lý tưởng m·(t_f + t_b) = %3, mỗi thiết bị chờ %4.</translation>
    </message>
    <message>
        <source>Activation memory is not shown: %1</source>
        <translation>Không hiển thị bộ nhớ activation: %1</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Lượt xuôi (forward)</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>Lượt ngược (backward)</translation>
    </message>
    <message>
        <source>Idle: the bubble</source>
        <translation>Chờ (idle): bubble</translation>
    </message>
    <message>
        <source>Hatched block: model chunk 1, 2, … (chunk 0 plain)</source>
        <translation>Ô vân chéo: khối mô hình 1, 2, … (khối 0 để trơn)</translation>
    </message>
    <message>
        <source>Device %1</source>
        <translation>Thiết bị %1</translation>
    </message>
    <message>
        <source>%1 in flight · %2</source>
        <translation>giữ dở %1 · %2</translation>
    </message>
    <message>
        <source>%1 in flight</source>
        <translation>giữ dở %1</translation>
    </message>
    <message>
        <source>Showing devices 0 to %1 of %2: rows thinner than %3 pixels are left out.</source>
        <translation>Đang hiển thị thiết bị 0 đến %1 trong số %2: các hàng mỏng hơn %3 điểm ảnh bị lược bỏ.</translation>
    </message>
    <message>
        <source>The %1 operations are too many to draw (limit %2); every number above is exact. Fewer stages, micro-batches or chunks draw the chart.</source>
        <translation>Có %1 thao tác, quá nhiều để vẽ (giới hạn %2); mọi con số ở trên vẫn chính xác. Hãy giảm số giai đoạn, micro-batch hoặc khối để vẽ được biểu đồ.</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>thời gian (s)</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>lượt xuôi</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>lượt ngược</translation>
    </message>
    <message>
        <source>Device %1, chunk %2 (virtual stage %3): %4 of micro-batch %5, %6 s to %7 s</source>
        <translation>Thiết bị %1, khối %2 (giai đoạn ảo %3): %4 của micro-batch %5, từ %6 s đến %7 s</translation>
    </message>
    <message>
        <source>Device %1 at %2 s: idle (the bubble)</source>
        <translation>Thiết bị %1 tại %2 s: đang chờ (bubble)</translation>
    </message>
    <message>
        <source>dtsim — Pipeline schedule: Gantt chart of forward and backward passes with the bubble</source>
        <translation>dtsim — Lịch pipeline: biểu đồ Gantt của các lượt xuôi, lượt ngược và bubble</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation>1F1B xen kẽ</translation>
    </message>
    <message>
        <source>No schedule to draw: see the message below.</source>
        <translation>Không có lịch để vẽ: xem thông báo bên dưới.</translation>
    </message>
    <message numerus="yes">
        <source>p = %1 device(s)</source>
        <translation>
            <numerusform>p = %1 thiết bị</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>m = %1 micro-batch(es)</source>
        <translation>
            <numerusform>m = %1 micro-batch</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 schedule: %2, %3, %4</source>
        <translation>Lịch %1: %2, %3, %4</translation>
    </message>
    <message numerus="yes">
        <source>v = %1 chunk(s) per device</source>
        <translation>
            <numerusform>v = %1 khối mỗi thiết bị</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 schedule: %2, %3</source>
        <translation>Lịch %1: %2, %3</translation>
    </message>
    <message numerus="yes">
        <source>In flight at the peak: the device holds %1 micro-batch(es) of activations = &lt;b&gt;%2&lt;/b&gt; (memory model: %3 per layer and micro-batch, Korthikanti et al. 2022).</source>
        <translation>
            <numerusform>Lúc giữ dở nhiều nhất: thiết bị giữ activation của %1 micro-batch = &lt;b&gt;%2&lt;/b&gt; (mô hình bộ nhớ: %3 mỗi lớp và mỗi micro-batch, Korthikanti và cộng sự 2022).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>In flight at the peak: device 0 holds %1 micro-batch(es) of activations = &lt;b&gt;%2&lt;/b&gt;; device %3 holds %4 = %5 (memory model: %6 per layer and micro-batch, Korthikanti et al. 2022).</source>
        <translation>
            <numerusform>Lúc giữ dở nhiều nhất: thiết bị 0 giữ activation của %1 micro-batch = &lt;b&gt;%2&lt;/b&gt;; thiết bị %3 giữ %4 = %5 (mô hình bộ nhớ: %6 mỗi lớp và mỗi micro-batch, Korthikanti và cộng sự 2022).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, p = %2, m = %3, v = %4: step %5, ideal %6, bubble %7 of the step (%8 of the ideal time); at most %9 micro-batch(es) in flight on a device.</source>
        <translation>
            <numerusform>%1, p = %2, m = %3, v = %4: thời gian mỗi bước %5, lý tưởng %6, bubble chiếm %7 của bước (%8 thời gian lý tưởng); mỗi thiết bị giữ dở tối đa %9 micro-batch.</numerusform>
        </translation>
    </message>
    <message>
        <source>ZB-H1</source>
        <translation>ZB-H1</translation>
    </message>
    <message>
        <source>ZB-H2</source>
        <translation>ZB-H2</translation>
    </message>
    <message>
        <source>DualPipe</source>
        <translation>DualPipe</translation>
    </message>
    <message>
        <source>If the optimizer step does not wait for every stage, each device starts its next step as soon as it is done: bubble %1 (Qi et al. 2023).</source>
        <translation>Nếu bước optimizer không chờ mọi giai đoạn, mỗi thiết bị bắt đầu bước tiếp theo ngay khi xong: bubble %1 (Qi và cộng sự 2023).</translation>
    </message>
    <message>
        <source>A forward and a backward paired (F&amp;B) run one after the other here: DualPipe&apos;s overlap of their computation and communication is not modelled.</source>
        <translation>Ở đây một cặp lượt xuôi và lượt ngược (F&amp;B) chạy nối tiếp nhau: DualPipe chồng lấp tính toán và giao tiếp của chúng, điều này không được mô phỏng.</translation>
    </message>
    <message>
        <source>Backward B: input gradient</source>
        <translation>Lượt ngược B: gradient đầu vào</translation>
    </message>
    <message>
        <source>W: weight gradient</source>
        <translation>W: gradient trọng số</translation>
    </message>
    <message>
        <source>Hatched block: micro-batches entering at the last device</source>
        <translation>Ô vân chéo: micro-batch đi vào từ thiết bị cuối</translation>
    </message>
    <message>
        <source>weight gradient W</source>
        <translation>gradient trọng số W</translation>
    </message>
    <message>
        <source>input gradient B</source>
        <translation>gradient đầu vào B</translation>
    </message>
</context>
<context>
    <name>PlanCharts</name>
    <message>
        <source>Plan: the fastest layouts that fit</source>
        <translation>Kế hoạch: các bố trí nhanh nhất vừa bộ nhớ</translation>
    </message>
    <message>
        <source>No plan: the scenario has a problem.</source>
        <translation>Không có kế hoạch: kịch bản có lỗi.</translation>
    </message>
    <message>
        <source>None of the %1 layouts fits in the GPU&apos;s memory.</source>
        <translation>Không bố trí nào trong %1 bố trí vừa bộ nhớ GPU.</translation>
    </message>
    <message>
        <source>Fastest of %1 layouts: %2 — %3 per step, MFU %4</source>
        <translation>Nhanh nhất trong %1 bố trí: %2 — %3 mỗi bước, MFU %4</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/s</translation>
    </message>
    <message>
        <source>tp spans nodes</source>
        <translation>tp vượt ranh giới node</translation>
    </message>
    <message>
        <source>tp ∤ heads</source>
        <translation>tp ∤ số head</translation>
    </message>
    <message>
        <source>pp ∤ layers</source>
        <translation>pp ∤ số lớp</translation>
    </message>
    <message>
        <source>tp × pp ∤ GPUs</source>
        <translation>tp × pp ∤ số GPU</translation>
    </message>
    <message>
        <source>no dp divides the batch</source>
        <translation>không dp nào chia hết batch</translation>
    </message>
    <message>
        <source>needs %1</source>
        <translation>cần %1</translation>
    </message>
    <message>
        <source> v %1</source>
        <translation> v %1</translation>
    </message>
    <message>
        <source>no pipeline</source>
        <translation>không pipeline</translation>
    </message>
    <message>
        <source>dp %1 · tp %2 · pp %3 · cp %4 · b %5</source>
        <translation>dp %1 · tp %2 · pp %3 · cp %4 · b %5</translation>
    </message>
    <message>
        <source>full recomp.</source>
        <translation>tính lại toàn phần</translation>
    </message>
    <message>
        <source>sel. recomp.</source>
        <translation>tính lại chọn lọc</translation>
    </message>
    <message>
        <source>no recomp.</source>
        <translation>không tính lại</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>tính toán</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>bubble</source>
        <translation>bubble</translation>
    </message>
    <message>
        <source>p2p</source>
        <translation>p2p</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>ZeRO-3 gathers</source>
        <translation>gom tham số ZeRO-3</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>optimizer</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>Biên Pareto</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>Bộ nhớ GPU</translation>
    </message>
    <message>
        <source>text</source>
        <translation>chữ</translation>
    </message>
    <message>
        <source>tp × pp map</source>
        <translation>Bản đồ tp × pp</translation>
    </message>
    <message>
        <source>Fastest layouts</source>
        <translation>Các bố trí nhanh nhất</translation>
    </message>
    <message>
        <source>%1 of %2 layouts fit; the fastest: %3 per step, MFU %4, %5 days</source>
        <translation>%1 trong %2 bố trí vừa bộ nhớ; nhanh nhất: %3 mỗi bước, MFU %4, %5 ngày</translation>
    </message>
    <message>
        <source>Best throughput per tp (rows) × pp (columns)</source>
        <translation>Thông lượng tốt nhất theo tp (hàng) × pp (cột)</translation>
    </message>
    <message>
        <source>pp %1</source>
        <translation>pp %1</translation>
    </message>
    <message>
        <source>tp %1</source>
        <translation>tp %1</translation>
    </message>
    <message>
        <source>Step time vs memory per GPU: the Pareto front</source>
        <translation>Thời gian mỗi bước và bộ nhớ mỗi GPU: biên Pareto</translation>
    </message>
    <message>
        <source>step time (up to 2 × the fastest) →</source>
        <translation>thời gian mỗi bước (tới 2 × nhanh nhất) →</translation>
    </message>
    <message>
        <source>GPU memory %1</source>
        <translation>Bộ nhớ GPU %1</translation>
    </message>
    <message>
        <source>The fastest layouts and where their step goes (click one to select it)</source>
        <translation>Các bố trí nhanh nhất và thời gian mỗi bước của chúng đi đâu (bấm để chọn)</translation>
    </message>
    <message>
        <source>MFU %1</source>
        <translation>MFU %1</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>%1 mỗi GPU</translation>
    </message>
    <message>
        <source>The fastest: %1 per step, MFU %2, %3 days</source>
        <translation>Nhanh nhất: %1 mỗi bước, MFU %2, %3 ngày</translation>
    </message>
    <message>
        <source>updating…</source>
        <translation>đang cập nhật…</translation>
    </message>
</context>
<context>
    <name>PlanPanel</name>
    <message>
        <source>Plan</source>
        <translation>Kế hoạch</translation>
    </message>
    <message>
        <source>Use layout %1</source>
        <translation>Dùng bố trí %1</translation>
    </message>
    <message>
        <source>Model and run</source>
        <translation>Mô hình và lượt chạy</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cụm</translation>
    </message>
    <message>
        <source>Use this layout</source>
        <translation>Dùng bố trí này</translation>
    </message>
    <message>
        <source>Apply the selected layout (the fastest, or the bar you clicked) to every panel: dp, tp, pp, cp, micro-batch, schedule, recomputation, ZeRO and sequence parallelism, in one undo step.</source>
        <translation>Áp dụng bố trí đã chọn (nhanh nhất, hoặc thanh bạn đã bấm) cho mọi bảng: dp, tp, pp, cp, micro-batch, lịch pipeline, tính lại, ZeRO và sequence parallelism, trong một bước hoàn tác.</translation>
    </message>
    <message>
        <source>&amp;Model preset:</source>
        <translation>&amp;Mô hình có sẵn:</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Tuỳ chỉnh</translation>
    </message>
    <message>
        <source>Best step time:</source>
        <translation>Thời gian mỗi bước tốt nhất:</translation>
    </message>
    <message>
        <source>One optimizer step of the fastest layout that fits.</source>
        <translation>Một bước optimizer của bố trí nhanh nhất vừa bộ nhớ.</translation>
    </message>
    <message>
        <source>Days to train:</source>
        <translation>Số ngày huấn luyện:</translation>
    </message>
    <message>
        <source>train.tokens at the fastest layout&apos;s throughput.</source>
        <translation>train.tokens với thông lượng của bố trí nhanh nhất.</translation>
    </message>
    <message>
        <source>GPU-hours:</source>
        <translation>GPU-giờ:</translation>
    </message>
    <message>
        <source>Days × 24 × GPUs.</source>
        <translation>Số ngày × 24 × số GPU.</translation>
    </message>
    <message>
        <source>Cost:</source>
        <translation>Chi phí:</translation>
    </message>
    <message>
        <source>GPU-hours × the price per GPU-hour.</source>
        <translation>GPU-giờ × giá mỗi GPU-giờ.</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>$%1</translation>
    </message>
    <message>
        <source>CO₂:</source>
        <translation>CO₂:</translation>
    </message>
    <message>
        <source>Energy × the grid&apos;s carbon intensity.</source>
        <translation>Điện năng × cường độ carbon của lưới điện.</translation>
    </message>
    <message>
        <source>%1 kg</source>
        <translation>%1 kg</translation>
    </message>
    <message>
        <source>days = train.tokens / (B × s / step); GPU-hours = days × 24 × GPUs; $ = GPU-hours × price; kWh = GPU-hours × P × PUE; CO₂ = kWh × grid intensity</source>
        <translation>số ngày = train.tokens / (B × s / bước); GPU-giờ = số ngày × 24 × số GPU; $ = GPU-giờ × giá; kWh = GPU-giờ × P × PUE; CO₂ = kWh × cường độ lưới điện</translation>
    </message>
    <message>
        <source>#%1: %2 days × 24 × %3 GPUs = &lt;b&gt;%4 GPU-hours&lt;/b&gt; × $%5 = &lt;b&gt;$%6&lt;/b&gt;; × %7 W × %8 = &lt;b&gt;%9 kWh&lt;/b&gt;</source>
        <translation>#%1: %2 ngày × 24 × %3 GPU = &lt;b&gt;%4 GPU-giờ&lt;/b&gt; × $%5 = &lt;b&gt;$%6&lt;/b&gt;; × %7 W × %8 = &lt;b&gt;%9 kWh&lt;/b&gt;</translation>
    </message>
    <message>
        <source> × %1 kg/kWh = &lt;b&gt;%2 t CO₂&lt;/b&gt;</source>
        <translation> × %1 kg/kWh = &lt;b&gt;%2 tấn CO₂&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Nodes&apos; links</source>
        <translation>Liên kết trong và giữa các node</translation>
    </message>
    <message>
        <source>Price and energy</source>
        <translation>Giá và năng lượng</translation>
    </message>
    <message>
        <source>The best layout</source>
        <translation>Bố trí tốt nhất</translation>
    </message>
</context>
<context>
    <name>PredictionCover</name>
    <message>
        <source>Predict first</source>
        <translation>Dự đoán trước đã</translation>
    </message>
    <message>
        <source>Write your guess in the Lesson guide, then press Reveal: the panel comes back with the answer.</source>
        <translation>Ghi dự đoán của bạn vào Hướng dẫn bài học rồi bấm “Xem đáp án”: thẻ sẽ hiện lại cùng đáp án.</translation>
    </message>
</context>
<context>
    <name>ProblemText</name>
    <message>
        <source>does not fit the cluster: dp × tp × pp × cp must equal its %1 GPUs, so with tp × pp × cp = %2, dp is %3.</source>
        <translation>không khớp với cụm: dp × tp × pp × cp phải bằng %1 GPU của cụm, nên với tp × pp × cp = %2 thì dp là %3.</translation>
    </message>
    <message>
        <source>does not fit the cluster: dp × tp × pp × cp must equal its %1 GPUs, which are no multiple of tp × pp × cp = %2.</source>
        <translation>không khớp với cụm: dp × tp × pp × cp phải bằng %1 GPU của cụm, mà số này không phải bội của tp × pp × cp = %2.</translation>
    </message>
    <message>
        <source>must divide the %1 attention heads: each GPU computes whole heads.</source>
        <translation>phải là ước của %1 attention head: mỗi GPU tính trọn vẹn các head của mình.</translation>
    </message>
    <message>
        <source>must divide the hidden size %1.</source>
        <translation>phải là ước của kích thước ẩn %1.</translation>
    </message>
    <message>
        <source>must be at most %1: %2 layers over %3 stages, at least one layer per chunk.</source>
        <translation>tối đa là %1: %2 lớp chia cho %3 giai đoạn, mỗi phần ít nhất một lớp.</translation>
    </message>
    <message>
        <source>must, times v = %2, divide the %1 layers, so every chunk holds the same whole number of layers.</source>
        <translation>nhân với v = %2 phải là ước của %1 lớp, để mỗi phần giữ cùng một số nguyên lớp.</translation>
    </message>
    <message>
        <source>must divide the %1 layers, so every stage holds the same whole number of layers.</source>
        <translation>phải là ước của %1 lớp, để mỗi giai đoạn giữ cùng một số nguyên lớp.</translation>
    </message>
    <message>
        <source>must, times tp = %2, divide the sequence length %1 (sequence parallelism splits each part over tp).</source>
        <translation>nhân với tp = %2 phải là ước của độ dài chuỗi %1 (sequence parallelism chia mỗi phần cho tp GPU).</translation>
    </message>
    <message>
        <source>must divide the sequence length %1.</source>
        <translation>phải là ước của độ dài chuỗi %1.</translation>
    </message>
    <message>
        <source>must be a multiple of micro-batch × dp = %1: each replica runs m = B / (b × dp) whole micro-batches.</source>
        <translation>phải là bội của micro-batch × dp = %1: mỗi bản sao chạy m = B / (b × dp) micro-batch nguyên.</translation>
    </message>
    <message>
        <source>must be a multiple of micro-batch × dp × pp = %1 for the interleaved schedule (now m = %2 micro-batches).</source>
        <translation>phải là bội của micro-batch × dp × pp = %1 với lịch interleaved (hiện m = %2 micro-batch).</translation>
    </message>
    <message>
        <source>must be even for DualPipe: half the micro-batches enter at each end.</source>
        <translation>phải là số chẵn với DualPipe: một nửa số micro-batch đi vào từ mỗi đầu.</translation>
    </message>
    <message>
        <source>must give an even m of at least %1 (2 × pp) for DualPipe (now m = %2).</source>
        <translation>phải cho m chẵn và ít nhất %1 (2 × pp) với DualPipe (hiện m = %2).</translation>
    </message>
    <message>
        <source>must give at least %1 micro-batches for this zero-bubble schedule (now m = %2).</source>
        <translation>phải cho ít nhất %1 micro-batch với lịch zero-bubble này (hiện m = %2).</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a finite number; allowed: %3.</source>
        <translation>%1: &apos;%2&apos; không phải là số hữu hạn; cho phép: %3.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a whole number; allowed: %3.</source>
        <translation>%1: &apos;%2&apos; không phải là số nguyên; cho phép: %3.</translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: %3.</source>
        <translation>%1: %2 nằm ngoài phạm vi; cho phép: %3.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not allowed; allowed: %3.</source>
        <translation>%1: &apos;%2&apos; không hợp lệ; cho phép: %3.</translation>
    </message>
    <message>
        <source>%1 = %2 %3</source>
        <extracomment>A layout rule: the control&apos;s label, its value, then what the rule asks</extracomment>
        <translation>%1 = %2 %3</translation>
    </message>
    <message>
        <source>%1: %2 must be %3.</source>
        <translation>%1: %2 phải là %3.</translation>
    </message>
    <message>
        <source>%1: %2 must be %3 (%4).</source>
        <translation>%1: %2 phải là %3 (%4).</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Lưu</translation>
    </message>
    <message>
        <source>Save All</source>
        <translation>Lưu tất cả</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Mở</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>&amp;Có</translation>
    </message>
    <message>
        <source>Yes to &amp;All</source>
        <translation>Có với &amp;tất cả</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>&amp;Không</translation>
    </message>
    <message>
        <source>N&amp;o to All</source>
        <translation>K&amp;hông với tất cả</translation>
    </message>
    <message>
        <source>Abort</source>
        <translation>Huỷ bỏ</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Thử lại</translation>
    </message>
    <message>
        <source>Ignore</source>
        <translation>Bỏ qua</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Đóng</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Huỷ</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Bỏ thay đổi</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Trợ giúp</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Áp dụng</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Đặt lại</translation>
    </message>
    <message>
        <source>Restore Defaults</source>
        <translation>Khôi phục mặc định</translation>
    </message>
</context>
<context>
    <name>RingControls</name>
    <message>
        <source>Reset</source>
        <translation>Đặt lại</translation>
    </message>
    <message>
        <source>Back to the start: every GPU holds its own gradient again.</source>
        <translation>Quay về lúc đầu: mỗi GPU lại giữ gradient riêng của mình.</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Lùi</translation>
    </message>
    <message>
        <source>Do one step: every GPU sends one chunk to its right-hand neighbour at the same time.</source>
        <translation>Thực hiện một bước: mọi GPU cùng lúc gửi một khối cho hàng xóm bên phải.</translation>
    </message>
    <message>
        <source>Play the steps one after another, or pause. Play at the end starts again from the beginning.</source>
        <translation>Chạy lần lượt từng bước, hoặc tạm dừng. Bấm Chạy khi đã ở cuối thì hoạt ảnh bắt đầu lại từ đầu.</translation>
    </message>
    <message>
        <source>&amp;Speed:</source>
        <translation>Tố&amp;c độ:</translation>
    </message>
    <message>
        <source>0.25×</source>
        <translation>0,25×</translation>
    </message>
    <message>
        <source>0.5×</source>
        <translation>0,5×</translation>
    </message>
    <message>
        <source>1×</source>
        <translation>1×</translation>
    </message>
    <message>
        <source>2×</source>
        <translation>2×</translation>
    </message>
    <message>
        <source>4×</source>
        <translation>4×</translation>
    </message>
    <message>
        <source>How fast Play goes: at 1× one step every %1 s.</source>
        <translation>Tốc độ khi Chạy: ở 1×, mỗi bước mất %1 s.</translation>
    </message>
    <message>
        <source>Go back one step, to what every GPU held before the last sends.</source>
        <translation>Lùi lại một bước, về trạng thái mỗi GPU giữ trước lần gửi vừa rồi.</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>&amp;Bước</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>Tạm &amp;dừng</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>C&amp;hạy</translation>
    </message>
</context>
<context>
    <name>RingWidget</name>
    <message>
        <source>c%1</source>
        <translation>k%1</translation>
    </message>
    <message>
        <source>c%1 = %2</source>
        <translation>k%1 = %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of %2 — reduce-scatter %3 of %4:&lt;/b&gt; every GPU sends one chunk to its right-hand neighbour, which adds it to its own copy. E.g. GPU 0 sends chunk %5 (%6) to GPU 1: %7 + %6 = %8.</source>
        <translation>&lt;b&gt;Bước %1/%2 — reduce-scatter %3/%4:&lt;/b&gt; mọi GPU gửi một khối cho hàng xóm bên phải, hàng xóm cộng nó vào bản của mình. Ví dụ: GPU 0 gửi khối %5 (%6) cho GPU 1: %7 + %6 = %8.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of %2 — reduce-scatter %3 of %4, its last:&lt;/b&gt; each receiver adds the chunk and divides the finished sum by N = %5, so every GPU now owns one chunk of the mean (green). E.g. GPU 0 sends chunk %6 (%7) to GPU 1: (%8 + %7) / %5 = %9.</source>
        <translation>&lt;b&gt;Bước %1/%2 — reduce-scatter %3/%4, bước cuối của pha này:&lt;/b&gt; mỗi GPU nhận được khối thì cộng vào, rồi chia tổng hoàn chỉnh cho N = %5, nên giờ mỗi GPU sở hữu một khối của giá trị trung bình (màu xanh lá). Ví dụ: GPU 0 gửi khối %6 (%7) cho GPU 1: (%8 + %7) / %5 = %9.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of %2 — all-gather %3 of %4:&lt;/b&gt; every GPU passes a finished mean chunk on to its right-hand neighbour, which overwrites its copy (no arithmetic). E.g. GPU 0 sends chunk %5 = %6 to GPU 1.</source>
        <translation>&lt;b&gt;Bước %1/%2 — all-gather %3/%4:&lt;/b&gt; mọi GPU chuyển tiếp một khối trung bình đã hoàn chỉnh cho hàng xóm bên phải, hàng xóm ghi đè lên bản của mình (không tính toán gì). Ví dụ: GPU 0 gửi khối %5 = %6 cho GPU 1.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Done:&lt;/b&gt; every GPU holds the mean of the %1 gradients, e.g. chunk 0: (%2) / %1 = %3. Each GPU sent %4 numbers: 2(N−1)/N times the %1 it holds.</source>
        <translation>&lt;b&gt;Xong:&lt;/b&gt; mọi GPU đều giữ trung bình của %1 gradient, ví dụ khối 0: (%2) / %1 = %3. Mỗi GPU đã gửi %4 số: gấp 2(N−1)/N lần %1 số nó giữ.</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>chunk %1</source>
        <translation>khối %1</translation>
    </message>
    <message>
        <source>GPU
%1</source>
        <translation>GPU
%1</translation>
    </message>
    <message>
        <source>sent this step</source>
        <translation>gửi ở bước này</translation>
    </message>
    <message>
        <source>received and added</source>
        <translation>nhận và cộng vào</translation>
    </message>
    <message>
        <source>received and copied</source>
        <translation>nhận và sao chép</translation>
    </message>
    <message>
        <source>holds the final mean</source>
        <translation>giữ trung bình cuối cùng</translation>
    </message>
    <message>
        <source>&lt;b&gt;Start:&lt;/b&gt; each of the %1 GPUs holds its own gradient, %1 numbers (one per chunk). Ring all-reduce takes 2(N−1) = %2 steps, %3 of reduce-scatter then %3 of all-gather; each GPU sends only to its right-hand neighbour.</source>
        <translation>&lt;b&gt;Bắt đầu:&lt;/b&gt; mỗi GPU trong số %1 GPU giữ gradient riêng gồm %1 số (mỗi khối một số). Ring all-reduce cần 2(N−1) = %2 bước: %3 bước reduce-scatter rồi %3 bước all-gather; mỗi GPU chỉ gửi cho hàng xóm bên phải.</translation>
    </message>
</context>
<context>
    <name>ScalingCharts</name>
    <message>
        <source>Scaling summary</source>
        <translation>Tóm tắt mở rộng quy mô</translation>
    </message>
    <message>
        <source>Step time: real (solid, stacked) vs ideal (hatched)</source>
        <translation>Thời gian mỗi bước: thật (cột đặc) và lý tưởng (vân chéo)</translation>
    </message>
    <message>
        <source>Ideal T(1)/N (no overhead)</source>
        <translation>Lý tưởng T(1)/N (không chi phí phụ)</translation>
    </message>
    <message>
        <source>Selected N</source>
        <translation>N đang chọn</translation>
    </message>
    <message>
        <source>Optimum N</source>
        <translation>N tối ưu</translation>
    </message>
    <message>
        <source>Workers N</source>
        <translation>Số worker N</translation>
    </message>
    <message>
        <source>Speed-up vs workers</source>
        <translation>Hệ số tăng tốc theo số worker</translation>
    </message>
    <message>
        <source>Speed-up T(1)/T(N)</source>
        <translation>Hệ số tăng tốc T(1)/T(N)</translation>
    </message>
    <message>
        <source>Ideal (N×)</source>
        <translation>Lý tưởng (N×)</translation>
    </message>
    <message>
        <source>Workers N (log scale)</source>
        <translation>Số worker N (thang log)</translation>
    </message>
    <message>
        <source>Speed-up</source>
        <translation>Hệ số tăng tốc</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Tính toán</translation>
    </message>
    <message>
        <source>Compute T(1)/N</source>
        <translation>Tính toán T(1)/N</translation>
    </message>
    <message>
        <source>Communication (not hidden)</source>
        <translation>Giao tiếp (phần không được che)</translation>
    </message>
    <message>
        <source>Communication (sync)</source>
        <translation>Giao tiếp (đồng bộ)</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>Step time (%1)</source>
        <translation>Mỗi bước (%1)</translation>
    </message>
    <message>
        <source>dtsim — Scaling: step time and speed-up vs workers</source>
        <translation>dtsim — Mở rộng quy mô: thời gian mỗi bước và hệ số tăng tốc theo số worker</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>Thời gian mỗi bước</translation>
    </message>
    <message numerus="yes">
        <source>N = %1 worker(s): %2 per step (ideal %3), speed-up %4, efficiency %5. Fastest step at N = %6: %7.</source>
        <translation>
            <numerusform>N = %1 worker: %2 mỗi bước (lý tưởng %3), hệ số tăng tốc %4, hiệu suất %5. Bước nhanh nhất tại N = %6: %7.</numerusform>
        </translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>Đo được</translation>
    </message>
    <message>
        <source>Stragglers</source>
        <translation>GPU chậm</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>Sự cố</translation>
    </message>
    <message>
        <source>Ideal T(1)/N</source>
        <translation>Lý tưởng T(1)/N</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>Tensor parallel</translation>
    </message>
    <message>
        <source>Bubble + sends</source>
        <translation>Bubble + lần gửi</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>Data parallel</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Khác</translation>
    </message>
    <message>
        <source>Workers N = dp × %1 (tp %2 × pp %3 × cp %4)</source>
        <translation>Số worker N = dp × %1 (tp %2 × pp %3 × cp %4)</translation>
    </message>
    <message>
        <source>; ✗ = no such layout</source>
        <translation>; ✗ = không có bố trí như vậy</translation>
    </message>
    <message>
        <source>✗ N = %1 is no layout: not a multiple of tp × pp × cp = %2.</source>
        <translation>✗ N = %1 không là bố trí nào: không phải bội số của tp × pp × cp = %2.</translation>
    </message>
    <message>
        <source>✗ N = %1 is no layout: dp = %2 replicas of b = %3 do not divide the global batch of %4 sequences (m must be whole).</source>
        <translation>✗ N = %1 không là bố trí nào: batch toàn cục %4 chuỗi không chia hết cho dp = %2 bản sao × b = %3 (m phải là số nguyên).</translation>
    </message>
    <message>
        <source>✗ N = %1 is no layout: the interleaved schedule needs m = B/(b × dp) a multiple of pp = %2.</source>
        <translation>✗ N = %1 không là bố trí nào: lịch xen kẽ cần m = B/(b × dp) là bội số của pp = %2.</translation>
    </message>
    <message>
        <source>No layout (no bar): N = %1</source>
        <translation>Không là bố trí nào (không có cột): N = %1</translation>
    </message>
    <message>
        <source>Fastest step at N = %1: %2.</source>
        <translation>Bước nhanh nhất tại N = %1: %2.</translation>
    </message>
    <message>
        <source>N = %1 = dp %2 × tp %3 × pp %4 × cp %5: %6 per step, speed-up %7, efficiency %8.</source>
        <translation>N = %1 = dp %2 × tp %3 × pp %4 × cp %5: %6 mỗi bước, hệ số tăng tốc %7, hiệu suất %8.</translation>
    </message>
    <message>
        <source>Step time per layout: real (solid) vs ideal (hatched)</source>
        <translation>Thời gian mỗi bước theo bố trí: thật (cột đặc) và lý tưởng (vân chéo)</translation>
    </message>
</context>
<context>
    <name>ScalingPanel</name>
    <message>
        <source>Scaling</source>
        <translation>Mở rộng quy mô</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Cách tính</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Worker count slider</source>
        <translation>Thanh trượt số worker</translation>
    </message>
    <message>
        <source>Lesson constants</source>
        <translation>Hằng số của bài học</translation>
    </message>
    <message>
        <source>Model, batch and GPU</source>
        <translation>Mô hình, batch và GPU</translation>
    </message>
    <message>
        <source>At the selected N</source>
        <translation>Tại N đang chọn</translation>
    </message>
    <message>
        <source>Step time:</source>
        <translation>Thời gian mỗi bước:</translation>
    </message>
    <message>
        <source>Ideal step T(1)/N:</source>
        <translation>Bước lý tưởng T(1)/N:</translation>
    </message>
    <message>
        <source>Speed-up:</source>
        <translation>Hệ số tăng tốc:</translation>
    </message>
    <message>
        <source>Efficiency:</source>
        <translation>Hiệu suất:</translation>
    </message>
    <message>
        <source>Total training time:</source>
        <translation>Tổng thời gian huấn luyện:</translation>
    </message>
    <message>
        <source>Optimum:</source>
        <translation>Tối ưu:</translation>
    </message>
    <message>
        <source>N = %1, %2 per step</source>
        <translation>N = %1, %2/bước</translation>
    </message>
    <message>
        <source>T&lt;sub&gt;step&lt;/sub&gt;(N) = T&lt;sub&gt;compute&lt;/sub&gt; / N + T&lt;sub&gt;sync&lt;/sub&gt;(N), where T&lt;sub&gt;sync&lt;/sub&gt;(N) = fixed + per-worker × (N − 1) when N &amp;gt; 1, and 0 for one worker</source>
        <translation>T&lt;sub&gt;step&lt;/sub&gt;(N) = T&lt;sub&gt;compute&lt;/sub&gt; / N + T&lt;sub&gt;sync&lt;/sub&gt;(N), trong đó T&lt;sub&gt;sync&lt;/sub&gt;(N) = cố định + mỗi worker × (N − 1) khi N &amp;gt; 1, và bằng 0 với một worker</translation>
    </message>
    <message>
        <source>T&lt;sub&gt;step&lt;/sub&gt;(1) = %1 / 1 + 0 = &lt;b&gt;%2&lt;/b&gt; (one worker does not synchronise)</source>
        <translation>T&lt;sub&gt;step&lt;/sub&gt;(1) = %1 / 1 + 0 = &lt;b&gt;%2&lt;/b&gt; (một worker thì không cần đồng bộ)</translation>
    </message>
    <message>
        <source>T&lt;sub&gt;step&lt;/sub&gt;(%1) = %2 / %1 + (%3 + %4 × %5) = %6 + %7 = &lt;b&gt;%8&lt;/b&gt;</source>
        <translation>T&lt;sub&gt;step&lt;/sub&gt;(%1) = %2 / %1 + (%3 + %4 × %5) = %6 + %7 = &lt;b&gt;%8&lt;/b&gt;</translation>
    </message>
    <message>
        <source>speed-up = T&lt;sub&gt;step&lt;/sub&gt;(1) / T&lt;sub&gt;step&lt;/sub&gt;(%1) = %2; efficiency = %2 / %1 = %3</source>
        <translation>hệ số tăng tốc = T&lt;sub&gt;step&lt;/sub&gt;(1) / T&lt;sub&gt;step&lt;/sub&gt;(%1) = %2; hiệu suất = %2 / %1 = %3</translation>
    </message>
    <message>
        <source>Largest N:</source>
        <translation>N lớn nhất:</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Past one node, N moves in whole nodes of %1 GPUs: the hierarchical all-reduce needs full nodes.</source>
        <translation>Quá một node, N tăng theo từng node trọn vẹn gồm %1 GPU: all-reduce phân cấp cần các node đầy đủ.</translation>
    </message>
    <message>
        <source>Counting failures and stragglers: T&lt;sub&gt;wall&lt;/sub&gt; = T&lt;sub&gt;step&lt;/sub&gt; × s + writes + lost work + restarts (Daly 2006 at τ&lt;sub&gt;opt&lt;/sub&gt;), s = 1 + c × E[max of N] = 1 + %1 × %2 = %3; M = %4 / %5 = %6, δ = %7, R = %8, τ&lt;sub&gt;opt&lt;/sub&gt; = %9</source>
        <translation>Tính cả sự cố và GPU chậm (straggler): T&lt;sub&gt;wall&lt;/sub&gt; = T&lt;sub&gt;step&lt;/sub&gt; × s + ghi checkpoint + công việc bị mất + khởi động lại (Daly 2006 tại τ&lt;sub&gt;opt&lt;/sub&gt;), s = 1 + c × E[max của N] = 1 + %1 × %2 = %3; M = %4 / %5 = %6, δ = %7, R = %8, τ&lt;sub&gt;opt&lt;/sub&gt; = %9</translation>
    </message>
    <message>
        <source>T&lt;sub&gt;wall&lt;/sub&gt;(%1) = %2 + %3 (stragglers) + %4 (failures) = &lt;b&gt;%5&lt;/b&gt; per step; goodput %6</source>
        <translation>T&lt;sub&gt;wall&lt;/sub&gt;(%1) = %2 + %3 (GPU chậm) + %4 (sự cố) = &lt;b&gt;%5&lt;/b&gt; mỗi bước; goodput %6</translation>
    </message>
    <message>
        <source>Layout: N = dp × tp × pp × cp</source>
        <translation>Bố trí: N = dp × tp × pp × cp</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>Liên kết</translation>
    </message>
    <message>
        <source>Within ±15 %:</source>
        <translation>Trong khoảng ±15 %:</translation>
    </message>
    <message>
        <source>Published runs the model predicts within ±15 %.</source>
        <translation>Số lần chạy đã công bố mà mô hình dự đoán sai lệch trong khoảng ±15 %.</translation>
    </message>
    <message>
        <source>%1 of %2 runs</source>
        <translation>%1 trên %2 lần chạy</translation>
    </message>
    <message>
        <source>Mean |error|:</source>
        <translation>|Sai số| trung bình:</translation>
    </message>
    <message>
        <source>Largest |error|:</source>
        <translation>|Sai số| lớn nhất:</translation>
    </message>
    <message>
        <source>Narayanan 2021, ±15 %:</source>
        <translation>Narayanan 2021, ±15 %:</translation>
    </message>
    <message>
        <source>Table 1: TFLOP/s per GPU of ten GPT runs, 1.7B to 1T parameters.</source>
        <translation>Bảng 1: TFLOP/s mỗi GPU của mười lần chạy GPT, từ 1,7 tỷ đến 1.000 tỷ tham số.</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 trên %2</translation>
    </message>
    <message>
        <source>Korthikanti 2022, ±15 %:</source>
        <translation>Korthikanti 2022, ±15 %:</translation>
    </message>
    <message>
        <source>Table 5: iteration times of four GPT runs, full and selective recomputation.</source>
        <translation>Bảng 5: thời gian mỗi bước của bốn lần chạy GPT, tính lại toàn phần và chọn lọc.</translation>
    </message>
    <message>
        <source>Calibrated efficiency:</source>
        <translation>Tỷ lệ đỉnh (hiệu chỉnh):</translation>
    </message>
    <message>
        <source>The model&apos;s one fitted constant, from Narayanan et al. 2021 Table 2.</source>
        <translation>Hằng số duy nhất được khớp của mô hình, từ Bảng 2 của Narayanan và cộng sự 2021.</translation>
    </message>
    <message>
        <source>Band:</source>
        <translation>Dải:</translation>
    </message>
    <message>
        <source>± %1</source>
        <translation>± %1</translation>
    </message>
    <message>
        <source>Layout:</source>
        <translation>Bố trí:</translation>
    </message>
    <message>
        <source>N = dp × tp × pp × cp: the data-parallel degree grows with N.</source>
        <translation>N = dp × tp × pp × cp: bậc data parallelism tăng theo N.</translation>
    </message>
    <message>
        <source>tp %1 × pp %2 × cp %3, dp = %4</source>
        <translation>tp %1 × pp %2 × cp %3, dp = %4</translation>
    </message>
    <message>
        <source>error = dtsim ÷ published − 1 for TFLOP/s; published ÷ dtsim − 1 for iteration times (the throughput&apos;s error either way)</source>
        <translation>sai số = dtsim ÷ công bố − 1 với TFLOP/s; công bố ÷ dtsim − 1 với thời gian mỗi bước (cả hai đều là sai số của thông lượng)</translation>
    </message>
    <message>
        <source>step = compute + TP + bubble + sends + DP + ZeRO-3 + CP + optimizer; compute = FLOPs ÷ (peak × %1), never fitted to these rows</source>
        <translation>bước = tính toán + TP + bubble + lần gửi + DP + ZeRO-3 + CP + optimizer; tính toán = FLOPs ÷ (đỉnh × %1), không khớp theo các hàng này</translation>
    </message>
    <message>
        <source>N = dp × tp × pp × cp, m = B/(b × dp) micro-batches, both whole.</source>
        <translation>N = dp × tp × pp × cp và m = B/(b × dp) micro-batch, cả hai đều là số nguyên.</translation>
    </message>
    <message>
        <source>N = %1 = dp %2 × tp %3 × pp %4 × cp %5; m = B/(b × dp) = %6/(%7 × %2) = %8; compute at %9 of peak (calibrated once)</source>
        <translation>N = %1 = dp %2 × tp %3 × pp %4 × cp %5; m = B/(b × dp) = %6/(%7 × %2) = %8; tính toán đạt %9 đỉnh (hiệu chỉnh một lần)</translation>
    </message>
    <message>
        <source>%1 compute</source>
        <translation>%1 tính toán</translation>
    </message>
    <message>
        <source>%1 TP</source>
        <translation>%1 TP</translation>
    </message>
    <message>
        <source>%1 bubble</source>
        <translation>%1 bubble</translation>
    </message>
    <message>
        <source>%1 sends</source>
        <translation>%1 lần gửi</translation>
    </message>
    <message>
        <source>%1 DP</source>
        <translation>%1 DP</translation>
    </message>
    <message>
        <source>%1 ZeRO-3 gathers</source>
        <translation>%1 gom ZeRO-3</translation>
    </message>
    <message>
        <source>%1 CP</source>
        <translation>%1 CP</translation>
    </message>
    <message>
        <source>%1 optimizer</source>
        <translation>%1 optimizer</translation>
    </message>
    <message>
        <source>T&lt;sub&gt;step&lt;/sub&gt;(%1) = %2 = &lt;b&gt;%3&lt;/b&gt;</source>
        <translation>T&lt;sub&gt;step&lt;/sub&gt;(%1) = %2 = &lt;b&gt;%3&lt;/b&gt;</translation>
    </message>
    <message>
        <source>speed-up = T&lt;sub&gt;1&lt;/sub&gt; / T&lt;sub&gt;step&lt;/sub&gt;(%1) = %2 / %3 = %4; efficiency %5</source>
        <translation>hệ số tăng tốc = T&lt;sub&gt;1&lt;/sub&gt; / T&lt;sub&gt;step&lt;/sub&gt;(%1) = %2 / %3 = %4; hiệu suất %5</translation>
    </message>
    <message>
        <source>DP&apos;s %1 hidden under the last backward</source>
        <translation>%1 của DP được che dưới lượt ngược cuối</translation>
    </message>
    <message>
        <source>The most workers this scenario allows, and the control that sets it.</source>
        <translation>Số worker lớn nhất kịch bản này cho phép, và ô điều khiển quyết định giới hạn đó.</translation>
    </message>
    <message>
        <source>The most workers the number box allows; the slider stops sooner.</source>
        <translation>Số worker nhiều nhất mà ô nhập cho phép; thanh trượt dừng sớm hơn.</translation>
    </message>
    <message>
        <source>The N with the shortest step: one more worker there would add more sync than the compute it takes over (the formula strip derives it). Sync also has a fixed part, so at the optimum it already exceeds the compute.</source>
        <translation>N có bước ngắn nhất: thêm một worker nữa ở đó sẽ làm tăng phần đồng bộ nhiều hơn phần tính toán nó gánh bớt (dải công thức chỉ ra cách tính). Đồng bộ còn có phần cố định, nên ở điểm tối ưu nó đã lớn hơn phần tính toán.</translation>
    </message>
    <message>
        <source>fastest where dT/dN = 0: N* = √(%1 / %2) = %3 → N = %4</source>
        <translation>nhanh nhất khi dT/dN = 0: N* = √(%1 / %2) = %3 → N = %4</translation>
    </message>
</context>
<context>
    <name>ScalingViews</name>
    <message>
        <source>Scaling</source>
        <translation>Mở rộng quy mô</translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>Kiểm chứng</translation>
    </message>
    <message>
        <source>Step time and speed-up as the worker count N grows.</source>
        <translation>Thời gian mỗi bước và hệ số tăng tốc khi số worker N tăng.</translation>
    </message>
    <message>
        <source>The training model against published runs (Narayanan et al. 2021, Korthikanti et al. 2022): how close, and which term explains the error.</source>
        <translation>Mô hình huấn luyện so với các lần chạy đã công bố (Narayanan và cộng sự 2021, Korthikanti và cộng sự 2022): sát đến đâu, và thành phần nào giải thích sai số.</translation>
    </message>
</context>
<context>
    <name>ScenarioModel</name>
    <message>
        <source>Change %1</source>
        <extracomment>Undo menu text; %1 is a control&apos;s label such as &quot;Worker count N&quot;</extracomment>
        <translation>Thay đổi %1</translation>
    </message>
</context>
<context>
    <name>TimelineWidget</name>
    <message>
        <source>Work kept</source>
        <translation>Công việc giữ được</translation>
    </message>
    <message>
        <source>Checkpoint write</source>
        <translation>Ghi checkpoint</translation>
    </message>
    <message>
        <source>Lost work</source>
        <translation>Công việc bị mất</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Khởi động lại</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Sự cố</translation>
    </message>
    <message>
        <source>Straggler wait</source>
        <translation>Chờ GPU chậm</translation>
    </message>
</context>
<context>
    <name>TopologyDiagram</name>
    <message>
        <source>4 nodes × 8 H100, InfiniBand NDR</source>
        <translation>4 node × 8 H100, InfiniBand NDR</translation>
    </message>
    <message>
        <source>Hierarchical all-reduce</source>
        <translation>All-reduce phân cấp</translation>
    </message>
    <message>
        <source>Ring all-reduce</source>
        <translation>Ring all-reduce</translation>
    </message>
    <message>
        <source>Cluster topology diagram</source>
        <translation>Sơ đồ cấu trúc kết nối của cụm</translation>
    </message>
    <message>
        <source>NVSwitch (NVLink)</source>
        <translation>NVSwitch (NVLink)</translation>
    </message>
    <message>
        <source>direct NVLink</source>
        <translation>NVLink trực tiếp</translation>
    </message>
    <message>
        <source>PCIe switch</source>
        <translation>switch PCIe</translation>
    </message>
    <message>
        <source>PCIe through the CPU</source>
        <translation>PCIe qua CPU</translation>
    </message>
    <message>
        <source>across CPU sockets</source>
        <translation>giữa các socket CPU</translation>
    </message>
    <message>
        <source>network (NIC)</source>
        <translation>mạng (NIC)</translation>
    </message>
    <message>
        <source>your link inside a node</source>
        <translation>liên kết trong node của bạn</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>slowest link (bounds the all-reduce)</source>
        <translation>liên kết chậm nhất (giới hạn all-reduce)</translation>
    </message>
    <message>
        <source>Network: %1 NIC(s) per node, %2 each, one direction</source>
        <translation>Mạng: %1 NIC mỗi node, mỗi NIC %2, một chiều</translation>
    </message>
    <message>
        <source>; one ring per GPU position (position 0 drawn), %1 per GPU</source>
        <translation>; mỗi vị trí GPU một ring (vẽ vị trí 0), %1 mỗi GPU</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>GPU %1 on node %2, in the all-reduce</source>
        <translation>GPU %1 trên node %2, tham gia all-reduce</translation>
    </message>
    <message>
        <source>GPU %1 on node %2, idle in this all-reduce</source>
        <translation>GPU %1 trên node %2, không tham gia all-reduce này</translation>
    </message>
    <message>
        <source>your scenario&apos;s %1 key</source>
        <translation>khoá %1 trong kịch bản của bạn</translation>
    </message>
    <message>
        <source>GPU %1 → GPU %2: %3</source>
        <translation>GPU %1 → GPU %2: %3</translation>
    </message>
    <message>
        <source>Bandwidth: %1, one direction, per GPU</source>
        <translation>Băng thông: %1, một chiều, mỗi GPU</translation>
    </message>
    <message>
        <source>Latency: %1 per message</source>
        <translation>Độ trễ: %1 mỗi thông điệp</translation>
    </message>
    <message>
        <source>Busy %1 of the all-reduce (%2)</source>
        <translation>Bận %1 thời gian all-reduce (%2)</translation>
    </message>
    <message>
        <source>This is the slowest link: it bounds the all-reduce.</source>
        <translation>Đây là liên kết chậm nhất: nó giới hạn tốc độ all-reduce.</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Nguồn: %1</translation>
    </message>
    <message>
        <source>Bottleneck: GPU %1 → GPU %2, %3 at %4 — busy %5 of the all-reduce&apos;s %6</source>
        <translation>Nghẽn cổ chai: GPU %1 → GPU %2, %3 ở %4 — bận %5 trong %6 của all-reduce</translation>
    </message>
    <message>
        <source>The Topology panel draws ring-based algorithms; tree and naive are shown as the ring.</source>
        <translation>Thẻ Cấu trúc kết nối chỉ vẽ các thuật toán dựa trên ring; tree và ngây thơ được vẽ như ring.</translation>
    </message>
    <message>
        <source>Topology: %1</source>
        <translation>Cấu trúc kết nối: %1</translation>
    </message>
    <message>
        <source>Node %1: idle</source>
        <translation>Node %1: không dùng</translation>
    </message>
    <message>
        <source>NVSwitch</source>
        <translation>NVSwitch</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CPU 2</source>
        <translation>CPU 2</translation>
    </message>
    <message>
        <source>NIC</source>
        <translation>NIC</translation>
    </message>
    <message>
        <source>Balanced ring: every hop %1 over %2, each busy %3 of %4</source>
        <translation>Ring cân bằng: mọi chặng %1 qua %2, mỗi chặng bận %3 trong %4</translation>
    </message>
    <message>
        <source>PCIe workstation: 4 × RTX 4090</source>
        <translation>Máy trạm PCIe: 4 × RTX 4090</translation>
    </message>
    <message>
        <source>1 node: 8 × H100, NVSwitch</source>
        <translation>1 node: 8 × H100, NVSwitch</translation>
    </message>
    <message>
        <source>Mis-wired node: GPU 7 on PCIe</source>
        <translation>Node nối sai: GPU 7 qua PCIe</translation>
    </message>
    <message>
        <source>NV%1: %1 NVLinks per GPU into the NVSwitch chips; the same on every pair, so any two GPUs talk at full rate</source>
        <translation>NV%1: mỗi GPU có %1 NVLink nối vào các chip NVSwitch; cặp nào cũng vậy, nên hai GPU bất kỳ đều trao đổi ở tốc độ tối đa</translation>
    </message>
    <message>
        <source>NV%1: a bonded set of %1 NVLinks directly between the two GPUs</source>
        <translation>NV%1: một bó %1 NVLink nối thẳng giữa hai GPU</translation>
    </message>
    <message>
        <source>PIX: through at most one PCIe switch, not through the CPU</source>
        <translation>PIX: qua nhiều nhất một switch PCIe, không qua CPU</translation>
    </message>
    <message>
        <source>PXB: through several PCIe switches, not through the CPU</source>
        <translation>PXB: qua nhiều switch PCIe, không qua CPU</translation>
    </message>
    <message>
        <source>PHB: through PCIe and the CPU&apos;s host bridge</source>
        <translation>PHB: qua PCIe và host bridge của CPU</translation>
    </message>
    <message>
        <source>NODE: through PCIe and between the host bridges of one CPU (one NUMA node)</source>
        <translation>NODE: qua PCIe và giữa các host bridge của cùng một CPU (một NUMA node)</translation>
    </message>
    <message>
        <source>SYS: through PCIe and the link between the CPU sockets (UPI / Infinity Fabric)</source>
        <translation>SYS: qua PCIe và liên kết giữa các socket CPU (UPI / Infinity Fabric)</translation>
    </message>
    <message>
        <source>No imported node to draw (topology.node is empty). Import an nvidia-smi topo -m output on this panel and press &quot;Use these for my cluster&quot;, or pick another wiring.</source>
        <translation>Chưa có node đã nhập để vẽ (topology.node đang trống). Hãy nhập kết quả nvidia-smi topo -m trên thẻ này rồi bấm &quot;Dùng cho cụm của tôi&quot;, hoặc chọn một cách kết nối khác.</translation>
    </message>
    <message>
        <source>Imported node</source>
        <translation>Node đã nhập</translation>
    </message>
    <message>
        <source>Every GPU pair of one node with its nvidia-smi code. NV# = # NVLinks, PIX / PXB = PCIe switch, PHB / NODE = PCIe through the CPU, SYS = across CPU sockets. Bold: pairs the ring uses.</source>
        <translation>Mọi cặp GPU của một node kèm mã nvidia-smi của cặp đó. NV# = # NVLink, PIX / PXB = switch PCIe, PHB / NODE = PCIe qua CPU, SYS = giữa các socket CPU. Chữ đậm: các cặp mà ring sử dụng.</translation>
    </message>
    <message>
        <source>Every pair of node 1</source>
        <translation>Mọi cặp của node 1</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 NVLinks bonded (NV%1)</source>
        <translation>bó %1 NVLink (NV%1)</translation>
    </message>
    <message>
        <source>GPU %1 ↔ GPU %2: %3</source>
        <translation>GPU %1 ↔ GPU %2: %3</translation>
    </message>
    <message>
        <source>The ring&apos;s slowest link runs on this pair.</source>
        <translation>Liên kết chậm nhất của ring nằm trên cặp này.</translation>
    </message>
    <message>
        <source>The ring runs on this pair.</source>
        <translation>Ring chạy qua cặp này.</translation>
    </message>
    <message>
        <source>%1 of %2 over %3 on %4 (%5): %6.</source>
        <translation>%1 với %2 trên %3, dùng %4 (%5): %6.</translation>
    </message>
    <message numerus="yes">
        <source>%1 GPU(s)</source>
        <translation>
            <numerusform>%1 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 node(s)</source>
        <translation>
            <numerusform>%1 trong %2 node</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Node %1: %2 GPU(s)</source>
        <translation>
            <numerusform>Node %1: %2 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported node: %1 GPU(s) (nvidia-smi topo -m)</source>
        <translation>
            <numerusform>Node đã nhập: %1 GPU (nvidia-smi topo -m)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 imported nodes × %2 GPU(s)</source>
        <translation>
            <numerusform>%1 node đã nhập × %2 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your cluster: %1 × %2 GPU(s)</source>
        <translation>
            <numerusform>Cụm của bạn: %1 × %2 GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 — %2 of %3 over %4 GPU(s): %5</source>
        <translation>
            <numerusform>%1 — %2 với %3 trên %4 GPU: %5</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TopologyPanel</name>
    <message>
        <source>Topology</source>
        <translation>Cấu trúc kết nối</translation>
    </message>
    <message>
        <source>Import nccl-tests output</source>
        <translation>Nhập kết quả nccl-tests</translation>
    </message>
    <message>
        <source>Text files (*.txt *.log *.out);;All files (*)</source>
        <translation>Tệp văn bản (*.txt *.log *.out);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Import nvidia-smi topo -m output</source>
        <translation>Nhập kết quả nvidia-smi topo -m</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cụm</translation>
    </message>
    <message>
        <source>All-reduce</source>
        <translation>All-reduce</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Kết quả</translation>
    </message>
    <message>
        <source>Your own measurements</source>
        <translation>Số đo của bạn</translation>
    </message>
    <message>
        <source>All-reduce time:</source>
        <translation>Thời gian all-reduce:</translation>
    </message>
    <message>
        <source>Slowest link:</source>
        <translation>Liên kết chậm nhất:</translation>
    </message>
    <message>
        <source>Its busy share:</source>
        <translation>Tỷ lệ thời gian bận:</translation>
    </message>
    <message>
        <source>Nodes used:</source>
        <translation>Số node dùng:</translation>
    </message>
    <message>
        <source>Time of one all-reduce of S bytes over N GPUs on this wiring (α–β model, MODELS §4).</source>
        <translation>Thời gian một all-reduce S byte trên N GPU với cách kết nối này (mô hình α–β, MODELS §4).</translation>
    </message>
    <message>
        <source>The hop that moves data longest: in a ring every hop carries the same bytes, so the slowest link sets the pace for all.</source>
        <translation>Chặng truyền dữ liệu lâu nhất: trong một ring, chặng nào cũng chở cùng số byte, nên liên kết chậm nhất quyết định nhịp cho tất cả.</translation>
    </message>
    <message>
        <source>Share of the all-reduce during which the slowest link is transferring.</source>
        <translation>Tỷ lệ thời gian all-reduce mà liên kết chậm nhất đang truyền dữ liệu.</translation>
    </message>
    <message>
        <source>Nodes the N GPUs occupy, of the cluster&apos;s nodes.</source>
        <translation>Số node mà N GPU chiếm, trên tổng số node của cụm.</translation>
    </message>
    <message>
        <source>Import nccl-tests…</source>
        <translation>Nhập nccl-tests…</translation>
    </message>
    <message>
        <source>Read the text all_reduce_perf (or all_gather_perf, …) printed on your machine and fit latency α and bandwidth B to it.</source>
        <translation>Đọc văn bản mà all_reduce_perf (hoặc all_gather_perf, …) in ra trên máy của bạn, rồi khớp độ trễ α và băng thông B theo đó.</translation>
    </message>
    <message>
        <source>Import nvidia-smi topo…</source>
        <translation>Nhập nvidia-smi topo…</translation>
    </message>
    <message>
        <source>Read what nvidia-smi topo -m printed on your node: which GPUs share NVLink, a PCIe switch or only the CPU, and where the NICs sit.</source>
        <translation>Đọc những gì nvidia-smi topo -m in ra trên node của bạn: GPU nào dùng chung NVLink, một switch PCIe hay chỉ nối qua CPU, và các NIC nằm ở đâu.</translation>
    </message>
    <message>
        <source>Use these for my cluster</source>
        <translation>Dùng cho cụm của tôi</translation>
    </message>
    <message>
        <source>time (µs)</source>
        <translation>thời gian (µs)</translation>
    </message>
    <message>
        <source>Chart of the measured times and the fitted model</source>
        <translation>Biểu đồ thời gian đo được và mô hình đã khớp</translation>
    </message>
    <message>
        <source>GPU %1 → GPU %2: %3, %4</source>
        <translation>GPU %1 → GPU %2: %3, %4</translation>
    </message>
    <message>
        <source>none: one GPU sends nothing</source>
        <translation>không có: một GPU không gửi gì</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 trên %2</translation>
    </message>
    <message>
        <source>&lt;i&gt;T&lt;/i&gt; = 2(&lt;i&gt;N&lt;/i&gt;−1)·α + 2(&lt;i&gt;N&lt;/i&gt;−1)/&lt;i&gt;N&lt;/i&gt; · &lt;i&gt;S&lt;/i&gt;/&lt;i&gt;B&lt;/i&gt;</source>
        <translation>&lt;i&gt;T&lt;/i&gt; = 2(&lt;i&gt;N&lt;/i&gt;−1)·α + 2(&lt;i&gt;N&lt;/i&gt;−1)/&lt;i&gt;N&lt;/i&gt; · &lt;i&gt;S&lt;/i&gt;/&lt;i&gt;B&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;T&lt;/i&gt; = ring inside each node on its slowest hop (%1, %2) + rings across %3 nodes on each GPU&apos;s network share (%4, %5) = %6 + %7 = &lt;b&gt;%8&lt;/b&gt;</source>
        <translation>&lt;i&gt;T&lt;/i&gt; = ring trong mỗi node trên chặng chậm nhất (%1, %2) + các ring giữa %3 node trên phần mạng của mỗi GPU (%4, %5) = %6 + %7 = &lt;b&gt;%8&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;i&gt;T&lt;/i&gt; = 2(&lt;i&gt;N&lt;/i&gt;−1)·α + 2(&lt;i&gt;N&lt;/i&gt;−1)/&lt;i&gt;N&lt;/i&gt; · &lt;i&gt;S&lt;/i&gt;/&lt;i&gt;B&lt;/i&gt; = %1 × %2 + %3 × %4 / %5 = &lt;b&gt;%6&lt;/b&gt; — α and &lt;i&gt;B&lt;/i&gt; of the slowest hop</source>
        <translation>&lt;i&gt;T&lt;/i&gt; = 2(&lt;i&gt;N&lt;/i&gt;−1)·α + 2(&lt;i&gt;N&lt;/i&gt;−1)/&lt;i&gt;N&lt;/i&gt; · &lt;i&gt;S&lt;/i&gt;/&lt;i&gt;B&lt;/i&gt; = %1 × %2 + %3 × %4 / %5 = &lt;b&gt;%6&lt;/b&gt; — α và &lt;i&gt;B&lt;/i&gt; của chặng chậm nhất</translation>
    </message>
    <message>
        <source>%1: a link of this node is missing from the catalogue. Nothing was imported.</source>
        <translation>%1: một liên kết của node này không có trong danh mục. Chưa nhập gì.</translation>
    </message>
    <message>
        <source>, NVSwitch</source>
        <translation>, NVSwitch</translation>
    </message>
    <message>
        <source>Best ring over all GPUs: slowest hop GPU %1 → GPU %2, %3 at %4.</source>
        <translation>Ring tốt nhất qua mọi GPU: chặng chậm nhất GPU %1 → GPU %2, %3 ở %4.</translation>
    </message>
    <message>
        <source>Import nccl-tests: %1</source>
        <translation>Nhập nccl-tests: %1</translation>
    </message>
    <message>
        <source>Import nvidia-smi topo: %1</source>
        <translation>Nhập nvidia-smi topo: %1</translation>
    </message>
    <message>
        <source>every hop alike: %1, %2</source>
        <translation>mọi chặng như nhau: %1, %2</translation>
    </message>
    <message>
        <source>%1
%2 over %3 GPUs on %4 node(s), %5 sizes.
Fitted: α = %6 per step, B = %7 per link (one direction). Worst error %8 (line %9).</source>
        <translation>%1
%2 trên %3 GPU, %4 node, %5 kích thước.
Kết quả khớp: α = %6 mỗi bước, B = %7 mỗi liên kết (một chiều). Sai số lớn nhất %8 (dòng %9).</translation>
    </message>
    <message>
        <source>%1
%2 GPUs, %3 NICs (%4 next to a GPU)%5.</source>
        <translation>%1
%2 GPU, %3 NIC (%4 nằm cạnh một GPU)%5.</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>đo được</translation>
    </message>
    <message>
        <source>fit</source>
        <translation>khớp</translation>
    </message>
    <message>
        <source>S (bytes)</source>
        <translation>S (byte)</translation>
    </message>
    <message>
        <source>Write the import into the scenario: an nccl-tests fit into the hardware keys (&quot;Your cluster&quot;), an nvidia-smi topo node pair by pair (&quot;Imported node&quot;). Undo brings the old values back.</source>
        <translation>Ghi kết quả nhập vào kịch bản: kết quả khớp nccl-tests vào các khoá hardware (&quot;Cụm của bạn&quot;), node nvidia-smi topo theo từng cặp (&quot;Node đã nhập&quot;). Hoàn tác sẽ đưa các giá trị cũ trở lại.</translation>
    </message>
    <message>
        <source>Choose one or two nccl-tests logs: one measured inside a node and one across nodes. Nothing was imported.</source>
        <translation>Hãy chọn một hoặc hai log nccl-tests: một log đo trong node và một log đo giữa các node. Chưa nhập gì.</translation>
    </message>
    <message>
        <source>between nodes</source>
        <translation>giữa các node</translation>
    </message>
    <message>
        <source>inside a node</source>
        <translation>trong node</translation>
    </message>
    <message>
        <source>Second log %1: %2 GPUs, α = %3 per step, B = %4 per link, for the link %5.</source>
        <translation>Log thứ hai %1: %2 GPU, α = %3 mỗi bước, B = %4 mỗi liên kết, cho liên kết %5.</translation>
    </message>
</context>
<context>
    <name>ValidationView</name>
    <message>
        <source>How close is the model? dtsim vs published, error per run</source>
        <translation>Mô hình sát đến đâu? dtsim so với công bố, sai số từng lần chạy</translation>
    </message>
    <message>
        <source>Within ±15 %</source>
        <translation>Trong khoảng ±15 %</translation>
    </message>
    <message>
        <source>Outside ±15 %</source>
        <translation>Ngoài khoảng ±15 %</translation>
    </message>
    <message>
        <source>±15 % band</source>
        <translation>Dải ±15 %</translation>
    </message>
    <message>
        <source>Selected run</source>
        <translation>Lần chạy đang chọn</translation>
    </message>
    <message>
        <source>Error (%)</source>
        <translation>Sai số (%)</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Tính toán</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>Bubble</source>
        <translation>Bubble</translation>
    </message>
    <message>
        <source>Sends</source>
        <translation>Lần gửi</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>ZeRO-3</source>
        <translation>ZeRO-3</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimizer</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lần chạy</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Đại lượng</translation>
    </message>
    <message>
        <source>Published</source>
        <translation>Công bố</translation>
    </message>
    <message>
        <source>dtsim</source>
        <translation>dtsim</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Sai số</translation>
    </message>
    <message>
        <source>Published runs and dtsim&apos;s predictions</source>
        <translation>Các lần chạy đã công bố và dự đoán của dtsim</translation>
    </message>
    <message>
        <source>How close the model is</source>
        <translation>Mô hình sát đến đâu</translation>
    </message>
    <message>
        <source>The selected run</source>
        <translation>Lần chạy đang chọn</translation>
    </message>
    <message>
        <source>Error per published run</source>
        <translation>Sai số từng lần chạy đã công bố</translation>
    </message>
    <message>
        <source>Step time of the selected run, by term</source>
        <translation>Thời gian mỗi bước của lần chạy đang chọn, theo thành phần</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Nguồn: %1</translation>
    </message>
    <message>
        <source>Assumed: %1</source>
        <translation>Giả định: %1</translation>
    </message>
    <message>
        <source>TFLOP/s per GPU</source>
        <translation>TFLOP/s mỗi GPU</translation>
    </message>
    <message>
        <source>Iteration time</source>
        <translation>Thời gian mỗi bước</translation>
    </message>
    <message>
        <source>tensor-parallel communication</source>
        <translation>giao tiếp tensor parallel</translation>
    </message>
    <message>
        <source>the pipeline bubble</source>
        <translation>bubble của pipeline</translation>
    </message>
    <message>
        <source>pipeline sends</source>
        <translation>các lần gửi của pipeline</translation>
    </message>
    <message>
        <source>the data-parallel reduction</source>
        <translation>đồng bộ gradient data parallel</translation>
    </message>
    <message>
        <source>ZeRO-3 gathers</source>
        <translation>các lần gom ZeRO-3</translation>
    </message>
    <message>
        <source>the context-parallel exchange</source>
        <translation>trao đổi context parallel</translation>
    </message>
    <message>
        <source>the optimizer step</source>
        <translation>bước optimizer</translation>
    </message>
    <message>
        <source>none</source>
        <translation>không có</translation>
    </message>
    <message>
        <source>%1 of %2 published runs (N: Narayanan et al. 2021 Table 1, K: Korthikanti et al. 2022 Table 5) within ±15 %, mean |error| %3. One constant, the matmul efficiency %4, was calibrated once on Narayanan et al. 2021 Table 2, not on these runs.</source>
        <translation>%1 trên %2 lần chạy đã công bố (N: Narayanan và cộng sự 2021, Bảng 1; K: Korthikanti và cộng sự 2022, Bảng 5) nằm trong khoảng ±15 %, |sai số| trung bình %3. Hằng số duy nhất, tỷ lệ đỉnh của matmul %4, được hiệu chỉnh một lần trên Bảng 2 của Narayanan và cộng sự 2021, không trên các lần chạy này.</translation>
    </message>
    <message>
        <source>%1 (dp %2 × tp %3 × pp %4), step %9, error %5: compute is %6 of it; the largest other term, %7, is %8.</source>
        <translation>%1 (dp %2 × tp %3 × pp %4), bước dài %9, sai số %5: tính toán chiếm %6; thành phần lớn nhất còn lại, %7, chiếm %8.</translation>
    </message>
    <message>
        <source>dtsim — Scaling: the training model against published runs</source>
        <translation>dtsim — Mở rộng quy mô: mô hình huấn luyện so với các lần chạy đã công bố</translation>
    </message>
</context>
<context>
    <name>dtsim::common</name>
    <message>
        <source>Unknown key &apos;%1&apos; (dtsim keys lists them).</source>
        <translation>Không có khoá &apos;%1&apos; (lệnh dtsim keys liệt kê mọi khoá).</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a finite number; allowed: %3.</source>
        <translation>%1: &apos;%2&apos; không phải là số hữu hạn; cho phép: %3.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a whole number; allowed: %3.</source>
        <translation>%1: &apos;%2&apos; không phải là số nguyên; cho phép: %3.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is out of range; allowed: %3.</source>
        <translation>%1: &apos;%2&apos; nằm ngoài phạm vi; cho phép: %3.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not allowed; allowed: %3.</source>
        <translation>%1: &apos;%2&apos; không hợp lệ; cho phép: %3.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; must be %3 (%4).</source>
        <translation>%1: &apos;%2&apos; phải là %3 (%4).</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: expected KEY=VALUE.</source>
        <translation>&apos;%1&apos;: cần có dạng KEY=VALUE.</translation>
    </message>
    <message>
        <source>Could not open %1 for writing: %2</source>
        <translation>Không mở được %1 để ghi: %2</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Không ghi được %1: %2</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 phút %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 giờ %2 phút</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 ngày %2 giờ</translation>
    </message>
    <message>
        <source>%1 years</source>
        <translation>%1 năm</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1FLOP</source>
        <translation>%1FLOP</translation>
    </message>
    <message>
        <source>%1FLOP/s</source>
        <translation>%1FLOP/s</translation>
    </message>
    <message>
        <source>%1B</source>
        <translation>%1B</translation>
    </message>
    <message>
        <source>%1B/s</source>
        <translation>%1B/s</translation>
    </message>
    <message>
        <source>Unknown preset &apos;%1&apos;; allowed: %2.</source>
        <translation>Không có cấu hình mẫu &apos;%1&apos;; cho phép: %2.</translation>
    </message>
    <message>
        <source>The preset &apos;%1&apos; is missing from this build (%2).</source>
        <translation>Bản dựng này thiếu cấu hình mẫu &apos;%1&apos; (%2).</translation>
    </message>
    <message>
        <source>preset %1</source>
        <translation>cấu hình mẫu %1</translation>
    </message>
    <message>
        <source>%1, line %2: not valid JSON (%3).</source>
        <translation>%1, dòng %2: JSON không hợp lệ (%3).</translation>
    </message>
    <message>
        <source>%1: expected a JSON object with &quot;format&quot;, &quot;version&quot; and &quot;values&quot;.</source>
        <translation>%1: cần một đối tượng JSON có &quot;format&quot;, &quot;version&quot; và &quot;values&quot;.</translation>
    </message>
    <message>
        <source>%1: &quot;format&quot; must be &quot;dtsim-scenario&quot;.</source>
        <translation>%1: &quot;format&quot; phải là &quot;dtsim-scenario&quot;.</translation>
    </message>
    <message>
        <source>%1, line %2: &quot;version&quot; must be a whole number from 1.</source>
        <translation>%1, dòng %2: &quot;version&quot; phải là số nguyên từ 1 trở lên.</translation>
    </message>
    <message>
        <source>%1 was written by a newer dtsim (file version %2; this one reads up to %3). Update dtsim to open it.</source>
        <translation>%1 được ghi bởi một phiên bản dtsim mới hơn (phiên bản tệp %2; bản này chỉ đọc được đến %3). Hãy cập nhật dtsim để mở tệp này.</translation>
    </message>
    <message>
        <source>%1, line %2: %3 must be a number or a string.</source>
        <translation>%1, dòng %2: %3 phải là một số hoặc một chuỗi ký tự.</translation>
    </message>
    <message>
        <source>%1, line %2: %3</source>
        <translation>%1, dòng %2: %3</translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <translation>Không mở được %1: %2</translation>
    </message>
    <message>
        <source>%1 is larger than 4 MiB: not a scenario file.</source>
        <translation>%1 lớn hơn 4 MiB: không phải tệp kịch bản.</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>có</translation>
    </message>
    <message>
        <source>no</source>
        <translation>không</translation>
    </message>
    <message>
        <source>%1, line %2: &quot;%3&quot; is given a second time (first on line %4); each key may appear once.</source>
        <translation>%1, dòng %2: &quot;%3&quot; được ghi lần thứ hai (lần đầu ở dòng %4); mỗi khoá chỉ được xuất hiện một lần.</translation>
    </message>
    <message>
        <source>%1, line %2: &quot;values&quot; must be an object of key: value pairs.</source>
        <translation>%1, dòng %2: &quot;values&quot; phải là một đối tượng gồm các cặp khoá: giá trị.</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>Không có tệp hoặc thư mục này</translation>
    </message>
    <message>
        <source>%1 is not a regular file: not a scenario file.</source>
        <translation>%1 không phải tệp thông thường: không phải tệp kịch bản.</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Không đọc được %1: %2</translation>
    </message>
    <message>
        <source>Could not write %1: it is not a regular file (a folder, a device or a pipe); choose a file name.</source>
        <translation>Không ghi được %1: đây không phải tệp thông thường (mà là thư mục, thiết bị hoặc pipe); hãy chọn một tên tệp.</translation>
    </message>
    <message>
        <source>give the settings as {&quot;key&quot;: value, …}</source>
        <translation>hãy ghi các thiết lập dưới dạng {&quot;khoá&quot;: giá trị, …}</translation>
    </message>
    <message>
        <source>a number or a word is required</source>
        <translation>cần một số hoặc một từ</translation>
    </message>
    <message>
        <source>a step with a question needs {&quot;view&quot;: …, &quot;quantity&quot;: …}</source>
        <translation>bước có câu hỏi cần có {&quot;view&quot;: …, &quot;quantity&quot;: …}</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a view; allowed: %2</source>
        <translation>&apos;%1&apos; không phải là một góc nhìn; cho phép: %2</translation>
    </message>
    <message>
        <source>a number greater than 0 is required</source>
        <translation>cần một số lớn hơn 0</translation>
    </message>
    <message>
        <source>a whole number from 0 to 6 is required</source>
        <translation>cần một số nguyên từ 0 đến 6</translation>
    </message>
    <message>
        <source>%1, step %2: a step is an object {&quot;id&quot;: …, &quot;panel&quot;: …}</source>
        <translation>%1, bước %2: mỗi bước là một đối tượng {&quot;id&quot;: …, &quot;panel&quot;: …}</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a panel; allowed: %2</source>
        <translation>&apos;%1&apos; không phải là một thẻ; cho phép: %2</translation>
    </message>
    <message>
        <source>%1 (where the answer goes) is missing</source>
        <translation>thiếu %1 (chỗ đặt đáp án)</translation>
    </message>
    <message>
        <source>an answer needs a question</source>
        <translation>có đáp án thì phải có câu hỏi</translation>
    </message>
    <message>
        <source>%1: not JSON (%2 at character %3)</source>
        <translation>%1: không phải JSON (%2 ở ký tự %3)</translation>
    </message>
    <message>
        <source>%1: not a dtsim lesson plan (format &quot;dtsim-lesson&quot;, version %2)</source>
        <translation>%1: không phải giáo án dtsim (format &quot;dtsim-lesson&quot;, version %2)</translation>
    </message>
    <message>
        <source>%1, steps: at least one step is required</source>
        <translation>%1, steps: cần ít nhất một bước</translation>
    </message>
    <message>
        <source>%1, step %2, id: &apos;%3&apos; is used twice</source>
        <translation>%1, bước %2, id: &apos;%3&apos; bị dùng hai lần</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a view</source>
        <translation>&apos;%1&apos; không phải là một góc nhìn</translation>
    </message>
    <message>
        <source>The settings file %1 is %2, larger than %3: it was not read. dtsim starts with its default settings, and what you change now is not saved. Move or remove that file to keep settings again.</source>
        <translation>Tệp cài đặt %1 có kích thước %2, lớn hơn %3: dtsim không đọc tệp này. dtsim khởi động với cài đặt mặc định, và những gì bạn thay đổi bây giờ sẽ không được lưu. Hãy di chuyển hoặc xoá tệp đó để dtsim lại lưu được cài đặt.</translation>
    </message>
    <message>
        <source>Could not save the settings to %1 (%2): recent files, the language and the window&apos;s size are kept only until dtsim quits.</source>
        <translation>Không lưu được cài đặt vào %1 (%2): các tệp gần đây, ngôn ngữ và kích thước cửa sổ chỉ được giữ đến khi thoát dtsim.</translation>
    </message>
    <message>
        <source>the folder or the file cannot be written</source>
        <translation>không ghi được vào thư mục hoặc tệp</translation>
    </message>
    <message>
        <source>the file is not in the settings format</source>
        <translation>tệp không đúng định dạng của tệp cài đặt</translation>
    </message>
    <message>
        <source>Unknown key &apos;%1&apos;: %2.</source>
        <translation>Không có khoá &apos;%1&apos;: %2.</translation>
    </message>
</context>
<context>
    <name>dtsim::common::StepReader</name>
    <message>
        <source>%1, step %2, %3: %4</source>
        <translation>%1, bước %2, %3: %4</translation>
    </message>
    <message>
        <source>a text is required</source>
        <translation>cần có nội dung</translation>
    </message>
    <message>
        <source>give the text in each language: {&quot;en&quot;: …, &quot;vi&quot;: …}</source>
        <translation>hãy ghi nội dung bằng từng ngôn ngữ: {&quot;en&quot;: …, &quot;vi&quot;: …}</translation>
    </message>
</context>
<context>
    <name>dtsim::ui</name>
    <message>
        <source>Could not allocate a %1×%2 image.</source>
        <translation>Không cấp phát được ảnh %1×%2.</translation>
    </message>
    <message>
        <source>Could not encode the PNG image: %1</source>
        <translation>Không mã hoá được ảnh PNG: %1</translation>
    </message>
    <message>
        <source>Could not start drawing the SVG file.</source>
        <translation>Không bắt đầu vẽ được tệp SVG.</translation>
    </message>
    <message>
        <source>Could not start drawing the PDF file.</source>
        <translation>Không bắt đầu vẽ được tệp PDF.</translation>
    </message>
    <message>
        <source>size: %1×%2 is out of range; allowed: each side %3 to %4 pixels.</source>
        <translation>size: %1×%2 nằm ngoài phạm vi; cho phép: mỗi cạnh từ %3 đến %4 điểm ảnh.</translation>
    </message>
    <message>
        <source>scale: %1 is out of range; allowed: %2 to %3.</source>
        <translation>scale: %1 nằm ngoài phạm vi; cho phép: %2 đến %3.</translation>
    </message>
    <message>
        <source>%1: unknown file type; allowed: .png, .svg, .pdf, .csv</source>
        <translation>%1: loại tệp không xác định; cho phép: .png, .svg, .pdf, .csv</translation>
    </message>
    <message>
        <source>panel: &apos;%1&apos; cannot be exported yet; available: %2</source>
        <translation>panel: chưa xuất được &apos;%1&apos;; hiện có: %2</translation>
    </message>
    <message>
        <source>format: choose PNG, SVG or PDF; the CSV files are written beside them.</source>
        <translation>format: hãy chọn PNG, SVG hoặc PDF; các tệp CSV được ghi bên cạnh.</translation>
    </message>
    <message>
        <source>Folder %1 does not exist.</source>
        <translation>Thư mục %1 không tồn tại.</translation>
    </message>
    <message>
        <source>size × scale: %1×%2 pixels is too large; allowed: at most %3 megapixels (e.g. 8000×8000 at scale 1, 3840×2160 at scale 2).</source>
        <translation>size × scale: %1×%2 điểm ảnh là quá lớn; cho phép: tối đa %3 megapixel (ví dụ 8000×8000 với scale 1, 3840×2160 với scale 2).</translation>
    </message>
</context>
<context>
    <name>dtsim::ui::ImportTexts</name>
    <message>
        <source>%1 does not exist. Nothing was imported.</source>
        <translation>%1 không tồn tại. Chưa nhập gì.</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a folder, a device or a pipe). Nothing was imported.</source>
        <translation>%1 không phải tệp thông thường (mà là thư mục, thiết bị hoặc pipe). Chưa nhập gì.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2. Nothing was imported.</source>
        <translation>Không đọc được %1: %2. Chưa nhập gì.</translation>
    </message>
    <message>
        <source>%1 is larger than %2 MiB, too large for a measurement log. Nothing was imported.</source>
        <translation>%1 lớn hơn %2 MiB, quá lớn đối với một tệp số đo. Chưa nhập gì.</translation>
    </message>
    <message>
        <source>%1: expected %2. Nothing was imported.</source>
        <translation>%1: cần %2. Chưa nhập gì.</translation>
    </message>
    <message>
        <source>%1: expected %2, found “%3”. Nothing was imported.</source>
        <translation>%1: cần %2, nhưng gặp “%3”. Chưa nhập gì.</translation>
    </message>
    <message>
        <source>%1, line %2: expected %3, found “%4”. Nothing was imported.</source>
        <translation>%1, dòng %2: cần %3, nhưng gặp “%4”. Chưa nhập gì.</translation>
    </message>
</context>
<context>
    <name>dtsim::ui::MemoryPanel</name>
    <message>
        <source>%1 billion</source>
        <translation>%1 tỷ</translation>
    </message>
</context>
<context>
    <name>dtsim::ui::Presets</name>
    <message>
        <source>The lesson&apos;s defaults</source>
        <translation>Mặc định của bài học</translation>
    </message>
    <message>
        <source>The lesson&apos;s own numbers: 1 s of compute per step, 20 ms plus 4 ms per extra worker to synchronise, so 16 workers is the fastest.</source>
        <translation>Chính các con số của bài học: 1 s tính toán mỗi bước, đồng bộ mất 20 ms cộng 4 ms cho mỗi worker thêm, nên 16 worker là nhanh nhất.</translation>
    </message>
    <message>
        <source>Classroom cluster: 4 × 4 RTX 4090</source>
        <translation>Cụm lớp học: 4 × 4 RTX 4090</translation>
    </message>
    <message>
        <source>Llama 2 7B on 24 GB GPUs</source>
        <translation>Llama 2 7B trên GPU 24 GB</translation>
    </message>
    <message>
        <source>GPT-3 175B on 1,024 A100 GPUs</source>
        <translation>GPT-3 175B trên 1.024 GPU A100</translation>
    </message>
    <message>
        <source>GPT-3 175B on 128 nodes of eight A100 80 GB GPUs (tensor 8 × pipeline 8 × data 16) at the 140 TFLOP/s per GPU that Narayanan et al. (2021) measured: 300 billion tokens take about 34 days.</source>
        <translation>GPT-3 175B trên 128 node, mỗi node tám GPU A100 80 GB (tensor 8 × pipeline 8 × data 16), với 140 TFLOP/s mỗi GPU như Narayanan và cộng sự (2021) đã đo: 300 tỷ token mất khoảng 34 ngày.</translation>
    </message>
    <message>
        <source>Llama 2 70B on 2,048 H100 GPUs</source>
        <translation>Llama 2 70B trên 2.048 GPU H100</translation>
    </message>
    <message>
        <source>Llama 3: failures on 16,384 GPUs</source>
        <translation>Llama 3: sự cố trên 16.384 GPU</translation>
    </message>
    <message>
        <source>Llama 3&apos;s 54-day run on 16,384 H100 GPUs was interrupted unexpectedly 419 times, once every 3.1 hours: hourly checkpoints waste about 20 % of the time, checkpoints every 4 minutes (Daly&apos;s optimum) about 7 %.</source>
        <translation>Đợt huấn luyện 54 ngày của Llama 3 trên 16.384 GPU H100 bị gián đoạn bất ngờ 419 lần, cứ 3,1 giờ một lần: checkpoint mỗi giờ lãng phí khoảng 20 % thời gian, checkpoint mỗi 4 phút (tối ưu Daly) khoảng 7 %.</translation>
    </message>
    <message>
        <source>A 1.3B model on four workstations of four RTX 4090 GPUs joined by 100 Gb Ethernet: past 4 GPUs the gradients leave the node through its one network card, and parallel efficiency starts to fall, from 99 % at 4 GPUs to 97 % at 16.</source>
        <translation>Mô hình 1,3B trên bốn máy trạm, mỗi máy bốn GPU RTX 4090, nối bằng Ethernet 100 Gb: quá 4 GPU thì gradient phải ra khỏi node qua card mạng duy nhất của nó, và hiệu suất song song bắt đầu giảm, từ 99 % ở 4 GPU xuống 97 % ở 16 GPU.</translation>
    </message>
    <message>
        <source>Llama 2 7B on eight 24 GB RTX 4090 GPUs with mixed precision and Adam: plain data parallelism would need 109 GB per GPU and ZeRO-2 still 27 GB, but ZeRO-3 with full recomputation fits in 15 GB, while 2 trillion tokens would still take about six years.</source>
        <translation>Llama 2 7B trên tám GPU RTX 4090 24 GB với mixed precision và Adam: data parallelism thuần cần 109 GB mỗi GPU và ZeRO-2 vẫn cần 27 GB, nhưng ZeRO-3 với tính lại toàn phần vừa trong 15 GB, trong khi 2 nghìn tỷ token vẫn mất khoảng sáu năm.</translation>
    </message>
    <message>
        <source>Llama 2 70B on 256 nodes of eight H100 GPUs (tensor 8 × pipeline 4 × data 64, ZeRO-1, selective recomputation): about 20 GB per GPU. Data parallelism over 32 replicas (1,024 of the GPUs) trains 2 trillion tokens in about 27 days at 35 % MFU.</source>
        <translation>Llama 2 70B trên 256 node, mỗi node tám GPU H100 (tensor 8 × pipeline 4 × data 64, ZeRO-1, tính lại chọn lọc): khoảng 20 GB mỗi GPU. Data parallelism với 32 bản sao (1.024 GPU) huấn luyện 2 nghìn tỷ token trong khoảng 27 ngày với MFU 35 %.</translation>
    </message>
</context>
<context>
    <name>dtsim::ui::ScenarioModel</name>
    <message>
        <source>Change all parameters</source>
        <translation>Thay đổi mọi tham số</translation>
    </message>
</context>
</TS>
