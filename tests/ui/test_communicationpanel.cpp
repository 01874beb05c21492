// The Communication panel end to end: controls → Scenario → simcore → charts, the ring animation
// against simcore's own trace (simcore::ringAllReduce is the oracle, not strings written here),
// and export. Hand calculations follow MODELS §4 (Thakur, Rabenseifner & Gropp 2005) and
// nccl-tests doc/PERFORMANCE.md; each is written out next to its check.
#include "common/format.h"
#include "helpers.h"
#include "layoutchecks.h"
#include "restorelook.h"
#include "simcore/models/collectives.h"
#include "simcore/models/collectivesweep.h"
#include "simcore/models/links.h"
#include "simcore/models/ringallreduce.h"
#include "simcore/reports/communicationreport.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/communication/communicationcharts.h"
#include "ui/panels/communication/communicationpanel.h"
#include "ui/panels/communication/ringcontrols.h"
#include "ui/panels/communication/ringwidget.h"
#include "ui/shell/exporter.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/panelregistry.h"

#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

using namespace dtsim::ui;

// A control as a problem line names it: by its label, the key only in the tooltip.
static QString labelOf(const char* key)
{
    return dtsim::ui::accessibleLabel(dtsim::ui::keyText(QString::fromLatin1(key)).label);
}

namespace {

using testing::choose;

/// The charts must hold exactly simcore's sweeps for the model's scenario (log₁₀ coordinates):
/// computed here from collectives.h and collectivesweep.h, not taken from the report drawn.
void requireChartsMatchSimcore(const CommunicationPanel& panel)
{
    const auto params = simcore::collectiveParamsFromScenario(panel.model()->scenario());
    const auto limit = simcore::workerSweepLimit(params.workers);
    const auto workers = simcore::sweepWorkers(params, simcore::CollectiveOp::AllReduce, limit);
    const CommunicationCharts* charts = panel.charts();
    REQUIRE(workers.size() == CommunicationCharts::kAlgorithms);
    for (int i = 0; i < CommunicationCharts::kAlgorithms; ++i) {
        const auto& sweep = workers[static_cast<std::size_t>(i)];
        INFO(std::string(simcore::commAlgorithmId(sweep.algorithm)));
        const auto time = charts->timeSeries(i)->points();
        const auto bytes = charts->bytesSeries(i)->points();
        REQUIRE(time.size() == static_cast<qsizetype>(sweep.points.size()));
        REQUIRE(bytes.size() == static_cast<qsizetype>(sweep.points.size()));
        for (std::size_t k = 0; k < sweep.points.size(); ++k) {
            const auto& p = sweep.points[k];
            const auto index = static_cast<qsizetype>(k);
            CHECK(std::pow(10.0, time[index].x()) ==
                  Approx(static_cast<double>(p.workers)).epsilon(1e-12));
            CHECK(std::pow(10.0, time[index].y()) == Approx(p.seconds).epsilon(1e-12));
            CHECK(std::pow(10.0, bytes[index].y()) == Approx(p.bytesSentPerWorker).epsilon(1e-12));
        }
    }
    // The bus bandwidth chart at the chosen N: GB/s against log₁₀ S, each point the cost model's.
    const auto& ring = charts->report().sizeSweeps.front();
    const auto busbw = charts->busbwSeries(0)->points();
    REQUIRE(busbw.size() == static_cast<qsizetype>(ring.points.size()));
    for (qsizetype k = 0; k < busbw.size(); k += 7) {
        auto at = params;
        at.bytes = std::pow(10.0, busbw[k].x());
        const auto cost = simcore::collectiveCost(simcore::CommAlgorithm::Ring,
                                                  simcore::CollectiveOp::AllReduce, at);
        CHECK(busbw[k].y() * CommunicationCharts::kGBps ==
              Approx(cost.busbwBytesPerSecond).epsilon(1e-9));
    }
}

/// One CSV row "name,value,unit" of the quantities block, as a number.
double csvValue(const QString& csv, const QString& name)
{
    for (const QString& line : csv.split(QLatin1Char('\n'))) {
        const QStringList cells = line.split(QLatin1Char(','));
        if (cells.size() == 3 && cells[0] == name) {
            return cells[1].toDouble();
        }
    }
    FAIL("no CSV row " << name.toStdString());
    return 0;
}

/// Processes events until `done` or `milliseconds` pass.
template <typename Predicate> bool waitFor(Predicate done, int milliseconds)
{
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < milliseconds) {
        QTest::qWait(10);
    }
    return done();
}

} // namespace

TEST_CASE("communication: the panel builds with simcore's numbers in every chart",
          "[ui][communication]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    panel.resize(1280, 800);
    CHECK(panel.panelId() == "communication");
    requireChartsMatchSimcore(panel);
    // Defaults (scenario.h, linkfigures.h): ring, 8 GPUs in one node, S = 1 GB, NVLink 4
    // (3.4 µs, 450 GB/s). MODELS §4: 2·7·3.4e-6 + 2·(7/8)·1e9/450e9 = 4.76e-5 + 0.0038888…
    // = 0.0039364888… s, the Topology panel's 3.936 ms.
    const QString csv = testing::csvText(panel.charts()->csv());
    CHECK(csvValue(csv, QStringLiteral("time")) == Approx(0.0039364888888888889).epsilon(1e-12));
    CHECK(csvValue(csv, QStringLiteral("bytes_sent_per_worker")) == 1.75e9);
    CHECK(csvValue(csv, QStringLiteral("steps")) == 14);
    // nccl-tests: busbw = S/t · 2(n−1)/n = 1e9/0.0039364888… · 1.75 = 444.56…e9 B/s.
    CHECK(csvValue(csv, QStringLiteral("busbw")) ==
          Approx(1e9 / 0.0039364888888888889 * 1.75).epsilon(1e-12));
    // Hockney's n½ for the ring: N·α·B = 8 · 3.4e-6 · 450e9 = 12.24e6 bytes.
    CHECK(csvValue(csv, QStringLiteral("half_peak_bytes")) == Approx(12.24e6).epsilon(1e-12));
    CHECK(panel.readouts().value(0) == QStringLiteral("3.936 ms"));
    CHECK(panel.readouts().value(1) == QStringLiteral("1.75 GB"));
    CHECK(panel.readouts().value(3) == QStringLiteral("444.6 GB/s"));
    CHECK(panel.readouts().value(4) == QStringLiteral("14"));
    CHECK(panel.readouts().value(5) == QStringLiteral("inside one node: 450 GB/s, 3.4 µs"));
    CHECK(panel.readouts().value(6) == QStringLiteral("12.24 MB"));
    // The strip: 2·7·3.4 µs + 2·7/8 · 1 GB / 450 GB/s = 47.6 µs + 3.889 ms = 3.936 ms.
    CHECK(panel.formulaText().contains(QStringLiteral("2(N−1)·α + 2(N−1)/N · S/B")));
    CHECK(panel.formulaText().contains(
        QStringLiteral("2·7·3.4 µs + 2·7/8 · 1 GB / 450 GB/s = 47.6 µs + 3.889 ms = 3.936 ms")));
    CHECK(panel.formulaText().contains(QStringLiteral("busbw = S/T · 2(N−1)/N")));
    CHECK(panel.problemText().isEmpty());
    CHECK_FALSE(panel.charts()->summary().isEmpty());
    // The chosen N and the ring's time there are marked.
    const auto dot = panel.charts()->timeMarker()->points();
    REQUIRE(dot.size() == 1);
    CHECK(dot[0].x() == Approx(std::log10(8.0)).epsilon(1e-12));
    CHECK(dot[0].y() == Approx(std::log10(0.0039364888888888889)).epsilon(1e-12));
    // The busbw ceiling is the link inside the node, 450 GB/s.
    REQUIRE(panel.charts()->linkLine()->count() == 2);
    CHECK(panel.charts()->linkLine()->at(0).y() == Approx(450.0).epsilon(1e-12));
}

TEST_CASE("communication: changing N and the algorithm redraws from simcore", "[ui][communication]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    panel.resize(1280, 800);
    QSignalSpy changed(&model, &ScenarioModel::changed);

    panel.field(QStringLiteral("collective.workers"))->setValue(64);
    CHECK(changed.count() == 1);
    CHECK(model.scenario().collective.workers == 64);
    requireChartsMatchSimcore(panel);
    QString csv = testing::csvText(panel.charts()->csv());
    CHECK(csv.contains(QStringLiteral("\nworkers,64,GPUs\n")));
    // 64 GPUs span 8 nodes: the flat ring runs at the slowest link (MODELS §4), 9.6 µs,
    // 50 GB/s: 2·63·9.6e-6 + 2·(63/64)·1e9/50e9 = 1.2096e-3 + 0.039375 = 0.0405846 s.
    CHECK(csvValue(csv, QStringLiteral("time")) == Approx(0.0405846).epsilon(1e-12));
    CHECK(panel.readouts().value(5) ==
          QStringLiteral("slowest of both (8 nodes): 50 GB/s, 9.6 µs"));

    choose(panel.choiceBox(QStringLiteral("collective.algorithm")), QStringLiteral("naive"));
    CHECK(model.scenario().collective.algorithm == simcore::CommAlgorithm::Naive);
    csv = testing::csvText(panel.charts()->csv());
    CHECK(csv.contains(QStringLiteral("\nalgorithm,naive,\n")));
    // Naive (MODELS §4): (n−1)α + (n−1)·S/B = 63·9.6e-6 + 63·1e9/50e9 = 6.048e-4 + 1.26
    // = 1.2606048 s; each GPU sends (n−1)·S = 63e9 bytes.
    CHECK(csvValue(csv, QStringLiteral("time")) == Approx(1.2606048).epsilon(1e-12));
    CHECK(csvValue(csv, QStringLiteral("bytes_sent_per_worker")) == 63e9);
    CHECK(panel.formulaText().contains(QStringLiteral("Naive")));
    CHECK(panel.formulaText().contains(QStringLiteral("(N−1)·α + (N−1)·S/B")));
    // The marker dot sits on the naive time at N = 64.
    const auto dot = panel.charts()->timeMarker()->points();
    REQUIRE(dot.size() == 1);
    CHECK(dot[0].x() == Approx(std::log10(64.0)).epsilon(1e-12));
    CHECK(dot[0].y() == Approx(std::log10(1.2606048)).epsilon(1e-12));
    // The summary compares it with the ring: 0.0405846 s (above), 2·(63/64)·1 GB per GPU.
    CHECK(panel.charts()->summary().contains(QStringLiteral("Ring would take 40.58 ms and send "
                                                            "1.969 GB per GPU.")));

    choose(panel.choiceBox(QStringLiteral("collective.algorithm")), QStringLiteral("hierarchical"));
    // Hierarchical, g = 8, k = 8: 2·7·3.4e-6 + 2·(7/8)·1e9/450e9 + 2·7·9.6e-6
    // + 2·(7/8)·(1e9/8)/50e9 = 4.76e-5 + 0.0038888… + 1.344e-4 + 0.004375 = 0.0084458888… s.
    CHECK(csvValue(testing::csvText(panel.charts()->csv()), QStringLiteral("time")) ==
          Approx(4.76e-5 + 1.75e9 / 450e9 + 1.344e-4 + 0.004375).epsilon(1e-12));
    // The strip's phases: reduce-scatter in the node 7·3.4 µs + (7/8)·1 GB/450 GB/s = 1.968 ms;
    // all-reduce of 125 MB across 8 nodes 1.344e-4 + 0.004375 s = 4.509 ms.
    CHECK(panel.formulaText().contains(
        QStringLiteral("all-reduce of 125 MB across k = 8 nodes + all-gather in the node = "
                       "2 × 1.968 ms + 4.509 ms = 8.446 ms")));
    CHECK(panel.readouts().value(5) ==
          QStringLiteral("both: 450 GB/s in 8 nodes, 50 GB/s between"));

    // The message size, shown in MB: 250 MB.
    panel.field(QStringLiteral("collective.bytes"))->setValue(250);
    CHECK(model.scenario().collective.bytes == Approx(250e6).epsilon(1e-12));
    requireChartsMatchSimcore(panel);
}

TEST_CASE("communication: the link pickers set bandwidth and latency together",
          "[ui][communication]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    QSignalSpy changed(&model, &ScenarioModel::changed);
    // The scenario's defaults are the catalogue's NVLink 4 and InfiniBand NDR (linkfigures.h);
    // NDR comes before 400 GbE, which has the same numbers.
    CHECK(panel.intraLinkBox()->currentData().toString() == "nvlink4");
    CHECK(panel.interLinkBox()->currentData().toString() == "ib-ndr");

    choose(panel.intraLinkBox(), QStringLiteral("nvlink3"));
    CHECK(changed.count() == 1); // one change for both keys
    const auto* nvlink3 = simcore::findLink("nvlink3");
    CHECK(model.scenario().hardware.intraBandwidthBytesPerSecond == 300e9);
    CHECK(model.scenario().hardware.intraLatencySeconds == nvlink3->link.latencySeconds);
    CHECK(panel.field(QStringLiteral("hardware.intra_bandwidth"))->value() == Approx(300.0));
    CHECK(panel.intraLinkBox()->currentData().toString() == "nvlink3");

    // InfiniBand NDR and 400 GbE have the same numbers: the picker keeps the one picked.
    choose(panel.interLinkBox(), QStringLiteral("eth-400g"));
    CHECK(model.scenario().hardware.interBandwidthBytesPerSecond == 50e9);
    CHECK(model.scenario().hardware.interLatencySeconds == 9.6e-6);
    CHECK(panel.interLinkBox()->currentData().toString() == "eth-400g");
    // A typed bandwidth of one's own turns the picker to "your numbers".
    panel.field(QStringLiteral("hardware.inter_bandwidth"))->setValue(20);
    CHECK(model.scenario().hardware.interBandwidthBytesPerSecond == Approx(20e9).epsilon(1e-12));
    CHECK(panel.interLinkBox()->currentData().toString().isEmpty());
    CHECK(panel.interLinkBox()->currentText().contains(QStringLiteral("20 GB/s")));
    requireChartsMatchSimcore(panel);
}

TEST_CASE("communication: every control has a tooltip", "[ui][communication]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    QList<QWidget*> controls;
    for (const char* key : {"collective.workers", "collective.bytes", "hardware.gpus_per_node",
                            "hardware.intra_bandwidth", "hardware.intra_latency",
                            "hardware.inter_bandwidth", "hardware.inter_latency"}) {
        controls << panel.field(QString::fromLatin1(key));
    }
    controls << panel.choiceBox(QStringLiteral("collective.algorithm")) << panel.intraLinkBox()
             << panel.interLinkBox();
    const RingControls* ring = panel.charts()->ringControls();
    REQUIRE(ring != nullptr);
    controls << ring->playButton() << ring->stepButton() << ring->backButton()
             << ring->resetButton() << ring->speedBox();
    for (QWidget* control : controls) {
        REQUIRE(control != nullptr);
        INFO(control->accessibleName().toStdString());
        CHECK(control->toolTip().size() > 20);
    }
}

TEST_CASE("communication: the ring draws in the charts' colours, the dark theme's too",
          "[ui][communication][ring][appearance]")
{
    const chartstyle::Look before = chartstyle::look();
    RingWidget ring;
    ring.resize(700, 320);
    REQUIRE(ring.playback()->setWorkers(4));
    ring.playback()->stepForward(); // a step with sends, received cells and labels
    const auto colourCount = [](const QImage& image, QColor colour) {
        int count = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                count += image.pixelColor(x, y) == colour ? 1 : 0;
            }
        }
        return count;
    };
    const auto drawn = [&ring] {
        return ring.grab().toImage().convertToFormat(QImage::Format_RGB32);
    };

    chartstyle::setLook({false, false, 1.0});
    const QImage light = drawn();
    CHECK(light.pixelColor(1, 1) == QColor(Qt::white));
    CHECK(colourCount(light, chartstyle::kText) > 50); // its texts, in the charts' ink

    chartstyle::setLook({true, false, 1.0});
    const QImage dark = drawn();
    const QColor background = chartstyle::backgroundColor();
    CHECK(dark.pixelColor(1, 1) == background);
    CHECK(colourCount(dark, background) > dark.width() * dark.height() / 3);
    // No white left but the charts' own light text (a few antialiased pixels at most).
    CHECK(colourCount(dark, QColor(Qt::white)) < 50);
    CHECK(colourCount(dark, chartstyle::textColor()) > 50);
    CHECK(testing::distinctColours(dark, 1) > 8); // the step's hues are still there

    chartstyle::setLook({false, false, 1.0});
    CHECK(drawn() == light); // back to light: the same pixels
    chartstyle::setLook(before);
}

TEST_CASE("communication: the ring steps as simcore's trace says", "[ui][communication][ring]")
{
    RingWidget ring;
    ring.resize(700, 320);
    REQUIRE(ring.playback()->setWorkers(5));
    const auto oracle = simcore::ringAllReduce(simcore::ringDemoBuffers(5));
    const int total = static_cast<int>(oracle.steps.size());
    REQUIRE(total == 8); // 2(N−1)
    REQUIRE(ring.playback()->stepCount() == total);
    CHECK(ring.playback()->stepIndex() == 0);
    CHECK(ring.playback()->shownBuffers() == oracle.initial);
    CHECK(ring.playback()->shownSends().empty());
    const QString start = ring.caption();

    for (int k = 1; k <= total; ++k) {
        ring.playback()->stepForward();
        INFO("step " << k);
        REQUIRE(ring.playback()->stepIndex() == k);
        const auto& step = oracle.steps[static_cast<std::size_t>(k - 1)];
        CHECK(ring.playback()->shownBuffers() == step.buffers);
        REQUIRE(ring.playback()->shownSends().size() == step.sends.size());
        for (std::size_t s = 0; s < step.sends.size(); ++s) {
            CHECK(ring.playback()->shownSends()[s].from == step.sends[s].from);
            CHECK(ring.playback()->shownSends()[s].to == step.sends[s].to);
            CHECK(ring.playback()->shownSends()[s].chunk == step.sends[s].chunk);
        }
        const QString caption = ring.caption();
        CHECK(caption.contains(QStringLiteral("Step %1 of %2").arg(k).arg(total)));
        const bool reduce = step.phase == simcore::RingPhase::ReduceScatter;
        CHECK(caption.contains(reduce ? QStringLiteral("reduce-scatter %1 of 4").arg(step.index + 1)
                                      : QStringLiteral("all-gather %1 of 4").arg(step.index + 1)));
        // The worked example is GPU 0's send in this step, with the value simcore sent.
        const auto& send = step.sends.front();
        CHECK(caption.contains(QStringLiteral("chunk %1").arg(send.chunk)));
        CHECK(caption.contains(QString::number(static_cast<double>(send.values.front()))));
        // A chunk is finished (green) once the last reduce-scatter step has divided it.
        if (reduce && step.index == 3) {
            for (const auto& s : step.sends) {
                CHECK(
                    ring.playback()->isComplete(static_cast<int>(s.to), static_cast<int>(s.chunk)));
            }
            CHECK(caption.contains(QStringLiteral("divides the finished sum by N = 5")));
        }
        if (reduce && step.index < 3) {
            CHECK_FALSE(ring.playback()->isComplete(static_cast<int>(send.to),
                                                    static_cast<int>(send.chunk)));
        }
    }
    CHECK(ring.playback()->atEnd());
    // Every GPU visibly holds the mean: the seed's ringAllReduce average (seed lesson §3).
    const auto mean = simcore::seedAverage(oracle.initial);
    for (const auto& row : ring.playback()->shownBuffers()) {
        for (std::size_t c = 0; c < row.size(); ++c) {
            CHECK(static_cast<double>(row[c]) == mean[c]);
        }
    }
    for (int i = 0; i < 5; ++i) {
        for (int c = 0; c < 5; ++c) {
            CHECK(ring.playback()->isComplete(i, c));
        }
    }
    // Mean of chunk 0 by hand: (1 + 6 + 11 + 16 + 21) / 5 = 11.
    CHECK(ring.caption().contains(QStringLiteral("(1 + 6 + 11 + 16 + 21) / 5 = 11")));

    ring.playback()->stepBack();
    CHECK(ring.playback()->stepIndex() == total - 1);
    CHECK(ring.playback()->shownBuffers() ==
          oracle.steps[static_cast<std::size_t>(total - 2)].buffers);
    ring.playback()->reset();
    CHECK(ring.playback()->stepIndex() == 0);
    CHECK(ring.caption() == start);
    ring.playback()->showEnd();
    CHECK(ring.playback()->shownBuffers() == oracle.result);
}

TEST_CASE("communication: play runs a timer only while playing and visible",
          "[ui][communication][ring]")
{
    RingWidget ring;
    ring.resize(600, 300);
    ring.playback()->setWorkers(3);
    ring.playback()->setSpeed(4); // 1400 ms / 4 = 350 ms per step
    CHECK(ring.playback()->intervalMs() == 350);
    ring.show();
    REQUIRE(QTest::qWaitForWindowExposed(&ring));
    CHECK_FALSE(ring.playback()->isTimerActive()); // paused: nothing runs

    ring.playback()->play();
    CHECK(ring.playback()->isPlaying());
    CHECK(ring.playback()->isTimerActive());
    REQUIRE(waitFor([&] { return ring.playback()->stepIndex() >= 1; }, 3000));
    ring.playback()->pause();
    CHECK_FALSE(ring.playback()->isTimerActive());
    const int step = ring.playback()->stepIndex();
    QTest::qWait(100); // let the last step's repaint land
    const int paints = ring.paintCount();
    QTest::qWait(800);
    CHECK(ring.playback()->stepIndex() == step); // paused: no steps…
    CHECK(ring.paintCount() == paints);          // …and no repaints

    // Hidden (another tab): the timer stops, and starts again when shown.
    ring.playback()->play();
    CHECK(ring.playback()->isTimerActive());
    ring.hide();
    CHECK(ring.playback()->isPlaying());
    CHECK_FALSE(ring.playback()->isTimerActive());
    ring.show();
    CHECK(ring.playback()->isTimerActive());

    // Played to the end it stops by itself, every GPU holding the mean.
    REQUIRE(waitFor([&] { return !ring.playback()->isPlaying(); }, 5000));
    CHECK(ring.playback()->atEnd());
    CHECK_FALSE(ring.playback()->isTimerActive());
    CHECK(ring.playback()->shownBuffers() == ring.playback()->trace().result);
    // Play at the end starts over.
    ring.playback()->play();
    CHECK(ring.playback()->stepIndex() == 0);
    ring.playback()->pause();
}

TEST_CASE("communication: the panel's ring controls drive the ring", "[ui][communication][ring]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    panel.resize(1280, 800);
    panel.show();
    RingWidget* ring = panel.charts()->ring();
    RingControls* controls = panel.charts()->ringControls();
    REQUIRE(controls != nullptr);
    // A window starts at the beginning, ready to play, with the scenario's N = 8.
    CHECK(ring->playback()->stepIndex() == 0);
    CHECK(ring->playback()->workers() == 8);
    CHECK_FALSE(controls->backButton()->isEnabled());
    QTest::mouseClick(controls->stepButton(), Qt::LeftButton);
    CHECK(ring->playback()->stepIndex() == 1);
    CHECK(panel.charts()->ringCaption() == ring->caption());
    CHECK(panel.charts()->ringCaption().contains(QStringLiteral("Step 1 of 14")));
    QTest::mouseClick(controls->playButton(), Qt::LeftButton);
    CHECK(ring->playback()->isPlaying());
    CHECK(controls->playButton()->text().remove(QLatin1Char('&')) == QStringLiteral("Pause"));
    QTest::mouseClick(controls->playButton(), Qt::LeftButton);
    CHECK_FALSE(ring->playback()->isPlaying());
    QTest::mouseClick(controls->resetButton(), Qt::LeftButton);
    CHECK(ring->playback()->stepIndex() == 0);
    // The panel hidden (another tab chosen): the ring's timer stops with it, and restarts.
    QTest::mouseClick(controls->playButton(), Qt::LeftButton);
    CHECK(ring->playback()->isTimerActive());
    panel.hide();
    CHECK(ring->playback()->isPlaying());
    CHECK_FALSE(ring->playback()->isTimerActive());
    panel.show();
    CHECK(ring->playback()->isTimerActive());
    ring->playback()->pause();
    // N is collective.workers: a new N draws a new ring from its start.
    panel.field(QStringLiteral("collective.workers"))->setValue(6);
    CHECK(ring->playback()->workers() == 6);
    CHECK(ring->playback()->stepCount() == 10);
    CHECK(ring->playback()->stepIndex() == 0);
}

TEST_CASE("communication: out-of-range input is refused with a message", "[ui][communication]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    panel.show();
    RingWidget* ring = panel.charts()->ring();
    CHECK_FALSE(ring->playback()->setWorkers(1));
    CHECK_FALSE(ring->playback()->setWorkers(RingPlayback::kMaxWorkers + 1));
    CHECK(ring->playback()->workers() == 8);

    // A scenario key: collective.workers takes 1 … 1e6.
    NumberField* workers = panel.field(QStringLiteral("collective.workers"));
    workers->editor()->selectAll();
    QTest::keyClicks(workers->editor(), QStringLiteral("0"));
    QTest::keyClick(workers->editor(), Qt::Key_Return);
    CHECK(panel.problemText().contains(QStringLiteral("collective.workers")));
    CHECK(model.scenario().collective.workers == 8);
    workers->editor()->selectAll();
    QTest::keyClicks(workers->editor(), QStringLiteral("2000000"));
    CHECK(panel.problemText().contains(QStringLiteral("collective.workers")));
    QTest::keyClick(workers->editor(), Qt::Key_Return);
    CHECK(model.scenario().collective.workers == 8);
}

TEST_CASE("communication: one GPU has nothing to exchange", "[ui][communication]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    panel.field(QStringLiteral("collective.workers"))->setValue(1);
    CHECK(model.scenario().collective.workers == 1);
    CHECK(panel.formulaText().contains(QStringLiteral("N = 1")));
    CHECK(csvValue(testing::csvText(panel.charts()->csv()), QStringLiteral("time")) == 0.0);
    CHECK(panel.charts()->summary().contains(QStringLiteral("One GPU")));
    CHECK(panel.problemText().isEmpty());
}

TEST_CASE("communication: registered between parallelism and checkpoint", "[ui][communication]")
{
    QStringList ids;
    for (const auto& entry : panelEntries()) {
        ids << entry.id;
    }
    const auto at = ids.indexOf(QStringLiteral("communication"));
    REQUIRE(at >= 0);
    CHECK(at > ids.indexOf(QStringLiteral("memory")));
    CHECK(at < ids.indexOf(QStringLiteral("checkpoint")));
    if (ids.contains(QStringLiteral("parallelism"))) {
        CHECK(at > ids.indexOf(QStringLiteral("parallelism")));
    }
    const PanelEntry* entry = findPanelEntry(QStringLiteral("communication"));
    REQUIRE(entry != nullptr);
    REQUIRE(entry->createPanel != nullptr);
}

TEST_CASE("communication export: PNG not blank, CSV with both charts' data",
          "[ui][communication][export]")
{
    QTemporaryDir dir;
    simcore::Scenario scenario;
    scenario.collective.workers = 32;
    const QString png = dir.filePath(QStringLiteral("communication.png"));
    REQUIRE(exportPanel(QStringLiteral("communication"), scenario, png, {QSize(800, 450), 2.0})
                .isEmpty());
    const QImage image(png);
    REQUIRE(!image.isNull());
    CHECK(image.size() == QSize(1600, 900));
    CHECK(testing::distinctColours(image) > 20);
    CHECK(testing::inkShare(image) > 0.05);
    // The ring's curve colour (Okabe–Ito blue) and the finished-mean cells' green are drawn.
    CHECK(testing::containsColour(image, qRgb(0x00, 0x72, 0xB2), 2));
    CHECK(testing::containsColour(image, qRgb(0xDF, 0xF2, 0xE9), 2));

    const QString csv = dir.filePath(QStringLiteral("communication.csv"));
    REQUIRE(exportPanel(QStringLiteral("communication"), scenario, csv, {}).isEmpty());
    // The quantities in communication.csv, each chart's table in a file of its own.
    const QStringList quantities =
        testing::exportedCsvTable(csv, QStringLiteral("quantities")).split('\n');
    CHECK(quantities[0] == "quantity,value,unit");
    CHECK(quantities.contains(QStringLiteral("workers,32,GPUs")));
    CHECK(testing::exportedCsvTable(csv, QStringLiteral("worker_sweep"))
              .startsWith(QStringLiteral("algorithm,workers,time_s,bytes_sent_per_worker_bytes,"
                                         "server_bytes_sent_bytes,busbw_bytes_per_s\n")));
    CHECK(testing::exportedCsvTable(csv, QStringLiteral("size_sweep"))
              .startsWith(QStringLiteral(
                  "algorithm,message_bytes,time_s,algbw_bytes_per_s,busbw_bytes_per_s\n")));
    const QStringList lines = (testing::exportedCsvTable(csv, QStringLiteral("worker_sweep")) +
                               testing::exportedCsvTable(csv, QStringLiteral("size_sweep")))
                                  .split('\n');
    REQUIRE(lines.size() > 100);
    // A row of the time table: the ring at n = 16 over two 8-GPU nodes runs at the slowest
    // link (MODELS §4): 2·15·9.6e-6 + 2·(15/16)·1e9/50e9 = 2.88e-4 + 0.0375 = 0.037788 s.
    bool foundRow = false;
    for (const QString& line : lines) {
        const QStringList cells = line.split(',');
        if (cells.size() == 6 && cells[0] == "ring" && cells[1] == "16") {
            foundRow = true;
            CHECK(cells[2].toDouble() == Approx(0.037788).epsilon(1e-12));
            CHECK(cells[3].toDouble() == Approx(1.875e9).epsilon(1e-12));
        }
    }
    CHECK(foundRow);
}

TEST_CASE("communication: a language change keeps the numbers", "[ui][communication]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    panel.field(QStringLiteral("collective.workers"))->setValue(24);
    panel.charts()->ring()->playback()->stepForward();
    const QString summary = panel.charts()->summary();
    const QString csv = testing::csvText(panel.charts()->csv());
    const QString caption = panel.charts()->ringCaption();
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(&panel, &change);
    QCoreApplication::sendEvent(panel.charts(), &change);
    QCoreApplication::sendEvent(panel.charts()->ring(), &change);
    CHECK(panel.charts()->summary() == summary);
    CHECK(testing::csvText(panel.charts()->csv()) == csv);
    CHECK(panel.charts()->ring()->caption() == caption);
    CHECK(panel.charts()->ring()->playback()->stepIndex() == 1);
    // The caption strip below the ring follows the language change too.
    CHECK(panel.charts()->ringCaption() == caption);
    requireChartsMatchSimcore(panel);
}

TEST_CASE("communication: hierarchical on one node is the ring", "[ui][communication]")
{
    // MODELS §4: with k = 1 node the inter-node phase vanishes; the defaults put all 8 GPUs in
    // one 8-GPU node, so T is the ring's 0.0039364888… s (hand calculation above).
    ScenarioModel model;
    CommunicationPanel panel(&model);
    choose(panel.choiceBox(QStringLiteral("collective.algorithm")), QStringLiteral("hierarchical"));
    CHECK(csvValue(testing::csvText(panel.charts()->csv()), QStringLiteral("time")) ==
          Approx(0.0039364888888888889).epsilon(1e-12));
    CHECK(panel.formulaText().contains(QStringLiteral("the same as the ring")));
    // 2 × (7·3.4 µs + (7/8)·1 GB / 450 GB/s) = 2 × 1.968 ms = 3.936 ms.
    CHECK(panel.formulaText().contains(QStringLiteral("2 × 1.968 ms = 3.936 ms")));
    CHECK(panel.readouts().value(5).contains(QStringLiteral("inside one node")));
}

TEST_CASE("communication: read-outs, formula strip and summary are the report's numbers",
          "[ui][communication]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    panel.field(QStringLiteral("collective.workers"))->setValue(20);
    choose(panel.choiceBox(QStringLiteral("collective.algorithm")), QStringLiteral("hierarchical"));
    // The report evaluated here, independently of the panel's.
    const auto report = simcore::communicationReport(model.scenario());
    REQUIRE(report.ok());
    const auto& rows = panel.readoutRows();
    REQUIRE(rows.size() == 7);
    CHECK(rows[0].quantities == QStringList{QStringLiteral("time")});
    CHECK(rows[6].quantities == QStringList{QStringLiteral("half_peak_bytes")});
    for (qsizetype i = 0; i < rows.size(); ++i) {
        CHECK(panel.readouts()[i] == Panel::readoutText(rows[i], report.quantities));
    }
    // Hierarchical on 20 GPUs: k = ⌈20/8⌉ = 3 nodes, the last with 20 − 16 = 4 GPUs, each of
    // them carrying ⌈8/4⌉ = 2 of the 8 shards: 2 · 1 GB / 8 = 250 MB across the nodes.
    CHECK(panel.readouts()[5] == QStringLiteral("both: 450 GB/s in 3 nodes, 50 GB/s between"));
    const QString formula = panel.formulaText();
    CHECK(formula.contains(QStringLiteral("all-reduce of 250 MB across k = 3 nodes")));
    CHECK(formula.contains(
        QStringLiteral("(the last node has only 4 GPUs, so each carries 2 of the 8 shards)")));
    CHECK(formula.contains(dtsim::common::formatQuantity(report, "time")));
    CHECK(formula.contains(QStringLiteral("B = 450 GB/s inside, 50 GB/s between nodes")));
    // The summary names both links and the comparison with the naive exchange.
    const QString summary = panel.charts()->summary();
    CHECK(summary.contains(QStringLiteral("450 GB/s inside and 50 GB/s between 3 nodes")));
    CHECK(
        summary.contains(QStringLiteral("Naive (all to all) would take %1")
                             .arg(dtsim::common::formatDuration(report.comparison.cost.seconds))));
}

TEST_CASE("communication: a problem of this view's keys empties read-outs and charts",
          "[ui][communication]")
{
    simcore::Scenario scenario;
    scenario.collective.workers = 0; // as a hand-edited file could hold it
    ScenarioModel model(scenario);
    CommunicationPanel panel(&model);
    for (const QString& shown : panel.readouts()) {
        CHECK(shown == QStringLiteral("—"));
    }
    CHECK(panel.formulaText().contains(QStringLiteral("out of range")));
    CHECK(panel.problemText().contains(labelOf("collective.workers")));
    CHECK(panel.charts()->timeSeries(0)->count() == 0);
    CHECK(panel.charts()->timeMarker()->count() == 0);
    CHECK(panel.charts()->summary().contains(QStringLiteral("out of range")));
}

TEST_CASE("communication: by default at most five legend entries a class tells apart, the rest "
          "on request",
          "[ui][communication][defaults]")
{
    // A projected legend of six algorithms and five marks, two pairs in one colour, could not be
    // read from the back of a room: by default the chosen algorithm and the lesson's main ones
    // (ring, naive, hierarchical) are drawn, with the chosen N and S and the node edge.
    ScenarioModel model;
    CommunicationPanel panel(&model);
    CommunicationCharts* charts = panel.charts();
    REQUIRE(panel.showAllBox() != nullptr);
    CHECK_FALSE(panel.showAllBox()->isChecked());
    const QStringList entries = charts->legendEntries();
    CHECK(entries.size() <= 5);
    CHECK(entries.contains(CommunicationCharts::algorithmName(simcore::CommAlgorithm::Ring)));
    CHECK(entries.contains(CommunicationCharts::algorithmName(simcore::CommAlgorithm::Naive)));
    // Each entry its own colour, or the same colour with another dash: no two drawn algorithms
    // share a colour, and the only grey mark is the node edge.
    std::vector<QColor> colours;
    for (int i = 0; i < CommunicationCharts::kAlgorithms; ++i) {
        const auto algorithm = static_cast<simcore::CommAlgorithm>(i);
        const bool shown = charts->isAlgorithmShown(algorithm);
        CHECK(charts->timeSeries(i)->isVisible() == shown);
        CHECK(charts->bytesSeries(i)->isVisible() == shown);
        CHECK(charts->busbwSeries(i)->isVisible() == shown);
        if (shown) {
            const QColor colour = charts->timeSeries(i)->pen().color();
            CHECK(std::find(colours.begin(), colours.end(), colour) == colours.end());
            colours.push_back(colour);
        }
    }
    CHECK(colours.size() == 3);
    CHECK_FALSE(charts->linkLine()->isVisible());
    CHECK_FALSE(charts->halfPeakMarker()->isVisible());
    CHECK_FALSE(charts->serverBytesSeries()->isVisible());

    // The chosen algorithm is always drawn, in place of the last of the lesson's.
    choose(panel.choiceBox(QStringLiteral("collective.algorithm")), QStringLiteral("tree"));
    CHECK(charts->isAlgorithmShown(simcore::CommAlgorithm::Tree));
    CHECK(charts->legendEntries().size() <= 5);

    // On request: every algorithm, the server's bytes, the link bandwidth and n½.
    panel.showAllBox()->setChecked(true);
    CHECK(charts->legendEntries().size() == CommunicationCharts::kAlgorithms + 5);
    for (int i = 0; i < CommunicationCharts::kAlgorithms; ++i) {
        CHECK(charts->timeSeries(i)->isVisible());
    }
    CHECK(charts->linkLine()->isVisible());
    CHECK(charts->halfPeakMarker()->isVisible());
    panel.showAllBox()->setChecked(false);
    CHECK(charts->legendEntries().size() <= 5);
}

TEST_CASE("communication: the ring animates the read-outs' N, or says how many it shows",
          "[ui][communication][ring]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    panel.resize(1280, 800);
    panel.show();
    const CommunicationCharts* charts = panel.charts();
    RingPlayback* playback = charts->ring()->playback();
    // No ring size of its own that could disagree with collective.workers.
    REQUIRE(charts->ringControls() != nullptr);
    CHECK(charts->ringControls()->findChildren<QSpinBox*>().isEmpty());

    // The lesson's all-reduce: N = 8, 2(N−1) = 14 steps, as the read-outs say.
    const auto steps = [&panel] { return panel.readouts().value(4).toInt(); };
    CHECK(playback->workers() == model.scenario().collective.workers);
    CHECK(playback->workers() == 8);
    CHECK(playback->stepCount() == steps());
    CHECK(steps() == 14);
    CHECK(charts->ringCaption().contains(QStringLiteral("each of the 8 GPUs")));
    CHECK(charts->ringCaption().contains(QStringLiteral("2(N−1) = 14 steps")));
    CHECK(charts->animatesRing());
    CHECK(charts->ringNote().isEmpty());

    NumberField* workers = panel.field(QStringLiteral("collective.workers"));
    for (const int n : {2, 5, 13, RingPlayback::kMaxWorkers}) {
        INFO("N = " << n);
        workers->setValue(n);
        CHECK(playback->workers() == n);
        CHECK(playback->stepCount() == steps());
        CHECK(charts->ringNote().isEmpty());
        CHECK(charts->ring()->isVisibleTo(&panel));
    }

    // Above the cap the ring shows kMaxWorkers GPUs, and the panel says so in words.
    workers->setValue(64);
    CHECK(playback->workers() == RingPlayback::kMaxWorkers);
    CHECK(charts->animatesRing());
    CHECK(charts->ringNote().contains(QStringLiteral("shows 16 of the 64 GPUs")));
    CHECK(charts->ringNote().contains(QStringLiteral("are for all 64")));
    CHECK(charts->ring()->isVisibleTo(&panel));
    CHECK(panel.readouts().value(4) == QStringLiteral("126"));

    // One GPU: no ring at all, and a sentence why.
    workers->setValue(1);
    CHECK_FALSE(charts->animatesRing());
    CHECK_FALSE(charts->ring()->isVisibleTo(&panel));
    CHECK(charts->ringNote().contains(QStringLiteral("one GPU has nothing to exchange")));

    workers->setValue(8);
    CHECK(playback->workers() == 8);
    CHECK(charts->ringNote().isEmpty());
    CHECK(charts->ring()->isVisibleTo(&panel));
}

TEST_CASE("communication: only the chosen ring is animated; another algorithm is named, not drawn",
          "[ui][communication][ring]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    panel.resize(1280, 800);
    panel.show();
    const CommunicationCharts* charts = panel.charts();
    RingWidget* ring = charts->ring();
    QComboBox* algorithm = panel.choiceBox(QStringLiteral("collective.algorithm"));
    ring->playback()->play();
    REQUIRE(ring->playback()->isTimerActive());

    // Naive: no ring under its name. The note says why, with the report's bytes: (N−1)·S =
    // 7 × 1 GB per GPU against the ring's 2·(7/8)·1 GB = 1.75 GB, and what a parameter server is.
    choose(algorithm, QStringLiteral("naive"));
    CHECK_FALSE(charts->animatesRing());
    CHECK_FALSE(ring->isVisibleTo(&panel));
    CHECK_FALSE(charts->ringControls()->isVisibleTo(&panel));
    CHECK_FALSE(ring->playback()->isPlaying());
    CHECK_FALSE(ring->playback()->isTimerActive());
    const QString note = charts->ringNote();
    CHECK(note.contains(QStringLiteral("ring all-reduce only")));
    CHECK(note.contains(QStringLiteral("each of the other 7 GPUs")));
    CHECK(note.contains(QStringLiteral("each GPU sends 7 GB; in a ring, 1.75 GB")));
    CHECK(note.contains(QStringLiteral("parameter server is priced on the charts only")));
    CHECK(panel.readouts().value(1) == QStringLiteral("7 GB"));

    // The other algorithms the key offers: named, priced elsewhere, not animated.
    for (const char* id : {"tree", "hierarchical"}) {
        INFO(id);
        choose(algorithm, QString::fromLatin1(id));
        CHECK_FALSE(charts->animatesRing());
        CHECK_FALSE(ring->isVisibleTo(&panel));
        CHECK(charts->ringNote().contains(
            CommunicationCharts::algorithmName(model.scenario().collective.algorithm)));
        CHECK(charts->ringNote().contains(QStringLiteral("ring all-reduce only")));
    }

    // Presentation: the ring's page has no ring to show, so it shows the note over the charts.
    panel.charts()->showPresentationPage(0);
    CHECK(charts->ringNote().size() > 0);
    CHECK_FALSE(ring->isVisibleTo(&panel));
    CHECK(charts->bytesView()->isVisibleTo(&panel));
    panel.charts()->showPresentationPage(1);
    CHECK(charts->bytesView()->isVisibleTo(&panel));
    panel.charts()->showPresentationPage(0);

    choose(algorithm, QStringLiteral("ring"));
    CHECK(charts->animatesRing());
    CHECK(charts->ringNote().isEmpty());
    CHECK(ring->isVisibleTo(&panel));
    CHECK(charts->ringControls()->isVisibleTo(&panel));
    CHECK_FALSE(charts->bytesView()->isVisibleTo(&panel)); // page 0: the ring alone
    CHECK(ring->playback()->workers() == 8);
}

namespace {

/// Whether a circle and a box share more than rounding.
bool circleMeetsBox(QPointF centre, qreal radius, const QRectF& box)
{
    const qreal x = std::clamp(centre.x(), box.left(), box.right());
    const qreal y = std::clamp(centre.y(), box.top(), box.bottom());
    return std::hypot(centre.x() - x, centre.y() - y) < radius - testing::kLayoutSlack;
}

} // namespace

TEST_CASE("communication: at 8 GPUs in presentation mode no circle covers a chunk label",
          "[ui][communication][ring][presentation]")
{
    // Hazard: on a 1280×800 projector the GPUs' circles at N = 8 were drawn over the arrows'
    // "c3 = 10" labels.
    testing::RestoreLook restore;
    for (const char* language : {"en", "vi"}) {
        INFO(language);
        REQUIRE(dtsim::common::setLanguage(QString::fromLatin1(language)));
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        Appearance presentation = currentAppearance();
        presentation.presentation = true;
        applyAppearance(presentation);
        REQUIRE(window.showPanel(QStringLiteral("communication")));
        auto* panel =
            qobject_cast<CommunicationPanel*>(window.panel(QStringLiteral("communication")));
        REQUIRE(panel != nullptr);
        panel->showPresentationPage(0);
        QCoreApplication::processEvents();
        RingWidget* ring = panel->charts()->ring();
        REQUIRE(ring->isVisible());
        REQUIRE(ring->playback()->workers() == 8);
        const RingLayout& layout = ring->ringLayoutNow();
        REQUIRE(layout.valid);
        REQUIRE(layout.workers == 8);
        INFO("ring " << ring->width() << "×" << ring->height() << ", node radius "
                     << layout.nodeRadius);
        // Readable from the back: the arrows carry their labels and the cells their numbers.
        CHECK(layout.arrowLabels);
        CHECK(layout.cellNumbers);
        const auto& trace = ring->playback()->trace();
        for (const auto& step : trace.steps) {
            std::vector<QString> texts(8);
            for (const auto& send : step.sends) {
                texts[static_cast<std::size_t>(send.from)] =
                    RingWidget::tr("c%1 = %2")
                        .arg(send.chunk)
                        .arg(QString::number(static_cast<double>(send.values.front()), 'g', 7));
            }
            const auto boxes = layout.arrowLabelBoxes(texts);
            for (std::size_t label = 0; label < boxes.size(); ++label) {
                for (std::size_t node = 0; node < layout.nodes.size(); ++node) {
                    INFO("label " << label << " " << testing::describe(boxes[label]) << ", node "
                                  << node);
                    CHECK_FALSE(
                        circleMeetsBox(layout.nodes[node], layout.nodeRadius + 1, boxes[label]));
                }
            }
        }
        // Nor the table's column headings.
        for (int chunk = 0; chunk < 8; ++chunk) {
            for (std::size_t node = 0; node < layout.nodes.size(); ++node) {
                CHECK_FALSE(circleMeetsBox(layout.nodes[node], layout.nodeRadius + 1,
                                           layout.headerBox(chunk)));
            }
        }
    }
}
