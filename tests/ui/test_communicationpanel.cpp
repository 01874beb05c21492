// The Communication panel end to end: controls → Scenario → simcore → charts, the ring animation
// against simcore's own trace (simcore::ringAllReduce is the oracle, not strings written here),
// and export. Hand calculations follow MODELS §4 (Thakur, Rabenseifner & Gropp 2005) and
// nccl-tests doc/PERFORMANCE.md; each is written out next to its check.
#include "helpers.h"
#include "simcore/collectives.h"
#include "simcore/collectivesweep.h"
#include "simcore/links.h"
#include "simcore/ringallreduce.h"
#include "ui/kit/chartstyle.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/communication/communicationcharts.h"
#include "ui/panels/communication/communicationpanel.h"
#include "ui/panels/communication/ringwidget.h"
#include "ui/shell/exporter.h"
#include "ui/shell/panelregistry.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>
#include <cmath>

using namespace dtsim::ui;

namespace {

/// Chooses an entry of a combo box the way a user's click does.
void choose(QComboBox* box, const QString& data)
{
    REQUIRE(box != nullptr);
    const int index = box->findData(data);
    REQUIRE(index >= 0);
    box->setCurrentIndex(index);
    emit box->activated(index);
}

/// The charts must hold exactly simcore's sweeps for the model's scenario (log₁₀ coordinates).
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
    // The bus bandwidth chart at the chosen N: GB/s against log₁₀ S.
    const auto& ring = charts->sizeSweeps().front();
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
    // Defaults (scenario.h): ring, 8 GPUs in one node, S = 1 GB, NVLink 4 (3 µs, 450 GB/s).
    // MODELS §4: 2·7·3e-6 + 2·(7/8)·1e9/450e9 = 4.2e-5 + 0.0038888… = 0.0039308888… s.
    const QString csv = panel.charts()->csv();
    CHECK(csvValue(csv, QStringLiteral("time")) == Approx(0.003930888888888889).epsilon(1e-12));
    CHECK(csvValue(csv, QStringLiteral("bytes_sent_per_worker")) == 1.75e9);
    CHECK(csvValue(csv, QStringLiteral("steps")) == 14);
    // nccl-tests: busbw = S/t · 2(n−1)/n = 1e9/0.0039308888… · 1.75 = 445.19…e9 B/s.
    CHECK(csvValue(csv, QStringLiteral("busbw")) ==
          Approx(1e9 / 0.003930888888888889 * 1.75).epsilon(1e-12));
    // Hockney's n½ for the ring: N·α·B = 8 · 3e-6 · 450e9 = 10.8e6 bytes.
    CHECK(csvValue(csv, QStringLiteral("half_peak_bytes")) == Approx(10.8e6).epsilon(1e-12));
    CHECK(panel.readouts().value(0) == QStringLiteral("3.931 ms"));
    CHECK(panel.readouts().value(4) == QStringLiteral("14"));
    CHECK(panel.formulaText().contains(QStringLiteral("2(N−1)·α + 2(N−1)/N · S/B")));
    CHECK(panel.formulaText().contains(QStringLiteral("3.931 ms")));
    CHECK(panel.formulaText().contains(QStringLiteral("busbw = S/T · 2(N−1)/N")));
    CHECK(panel.problemText().isEmpty());
    CHECK_FALSE(panel.charts()->summary().isEmpty());
    // The chosen N and the ring's time there are marked.
    const auto dot = panel.charts()->timeMarker()->points();
    REQUIRE(dot.size() == 1);
    CHECK(dot[0].x() == Approx(std::log10(8.0)).epsilon(1e-12));
    CHECK(dot[0].y() == Approx(std::log10(0.003930888888888889)).epsilon(1e-12));
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
    QString csv = panel.charts()->csv();
    CHECK(csv.contains(QStringLiteral("\nworkers,64,\n")));
    // 64 GPUs span 8 nodes: the flat ring runs at the slowest link (MODELS §4), 10 µs, 50 GB/s:
    // 2·63·1e-5 + 2·(63/64)·1e9/50e9 = 1.26e-3 + 0.039375 = 0.040635 s.
    CHECK(csvValue(csv, QStringLiteral("time")) == Approx(0.040635).epsilon(1e-12));
    CHECK(csv.contains(QStringLiteral("at N = 64 workers")));

    choose(panel.choiceBox(QStringLiteral("collective.algorithm")), QStringLiteral("naive"));
    CHECK(model.scenario().collective.algorithm == simcore::CollectiveAlgorithm::Naive);
    csv = panel.charts()->csv();
    CHECK(csv.contains(QStringLiteral("\nalgorithm,naive,\n")));
    // Naive (MODELS §4): (n−1)α + (n−1)·S/B = 63·1e-5 + 63·1e9/50e9 = 6.3e-4 + 1.26 = 1.26063 s;
    // each GPU sends (n−1)·S = 63e9 bytes.
    CHECK(csvValue(csv, QStringLiteral("time")) == Approx(1.26063).epsilon(1e-12));
    CHECK(csvValue(csv, QStringLiteral("bytes_sent_per_worker")) == 63e9);
    CHECK(panel.formulaText().contains(QStringLiteral("Naive")));
    CHECK(panel.formulaText().contains(QStringLiteral("(N−1)·α + (N−1)·S/B")));
    // The marker dot sits on the naive time at N = 64.
    const auto dot = panel.charts()->timeMarker()->points();
    REQUIRE(dot.size() == 1);
    CHECK(dot[0].x() == Approx(std::log10(64.0)).epsilon(1e-12));
    CHECK(dot[0].y() == Approx(std::log10(1.26063)).epsilon(1e-12));

    choose(panel.choiceBox(QStringLiteral("collective.algorithm")), QStringLiteral("hierarchical"));
    // Hierarchical, g = 8, k = 8: 2·7·3e-6 + 2·(7/8)·1e9/450e9 + 2·7·1e-5 + 2·(7/8)·(1e9/8)/50e9
    // = 4.2e-5 + 0.0038888… + 1.4e-4 + 0.004375 = 0.0084458888… s.
    CHECK(csvValue(panel.charts()->csv(), QStringLiteral("time")) ==
          Approx(4.2e-5 + 1.75e9 / 450e9 + 1.4e-4 + 0.004375).epsilon(1e-12));
    CHECK(panel.formulaText().contains(QStringLiteral("k = 8 nodes")));

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
    // The scenario's defaults (3 µs, 10 µs) are not catalogue entries (3.4 µs, 9.6 µs):
    // both pickers say "your numbers".
    CHECK(panel.intraLinkBox()->currentData().toString().isEmpty());
    CHECK(panel.interLinkBox()->currentData().toString().isEmpty());

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
             << ring->resetButton() << ring->speedBox() << ring->workersBox();
    for (QWidget* control : controls) {
        REQUIRE(control != nullptr);
        INFO(control->accessibleName().toStdString());
        CHECK(control->toolTip().size() > 20);
    }
    // The animation's N explains why it is not collective.workers.
    CHECK(ring->workersBox()->toolTip().contains(QStringLiteral("collective.workers")));
}

TEST_CASE("communication: the ring draws in the charts' colours, the dark theme's too",
          "[ui][communication][ring][appearance]")
{
    const chartstyle::Look before = chartstyle::look();
    RingWidget ring;
    ring.resize(700, 320);
    REQUIRE(ring.setWorkers(4).isEmpty());
    ring.stepForward(); // a step with sends, received cells and labels
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
    REQUIRE(ring.setWorkers(5).isEmpty());
    const auto oracle = simcore::ringAllReduce(simcore::ringDemoBuffers(5));
    const int total = static_cast<int>(oracle.steps.size());
    REQUIRE(total == 8); // 2(N−1)
    REQUIRE(ring.stepCount() == total);
    CHECK(ring.stepIndex() == 0);
    CHECK(ring.shownBuffers() == oracle.initial);
    CHECK(ring.shownSends().empty());
    const QString start = ring.caption();

    for (int k = 1; k <= total; ++k) {
        ring.stepForward();
        INFO("step " << k);
        REQUIRE(ring.stepIndex() == k);
        const auto& step = oracle.steps[static_cast<std::size_t>(k - 1)];
        CHECK(ring.shownBuffers() == step.buffers);
        REQUIRE(ring.shownSends().size() == step.sends.size());
        for (std::size_t s = 0; s < step.sends.size(); ++s) {
            CHECK(ring.shownSends()[s].from == step.sends[s].from);
            CHECK(ring.shownSends()[s].to == step.sends[s].to);
            CHECK(ring.shownSends()[s].chunk == step.sends[s].chunk);
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
                CHECK(ring.isComplete(static_cast<int>(s.to), static_cast<int>(s.chunk)));
            }
            CHECK(caption.contains(QStringLiteral("divides the finished sum by N = 5")));
        }
        if (reduce && step.index < 3) {
            CHECK_FALSE(ring.isComplete(static_cast<int>(send.to), static_cast<int>(send.chunk)));
        }
    }
    CHECK(ring.atEnd());
    // Every GPU visibly holds the mean: the seed's ringAllReduce average (seed lesson §3).
    const auto mean = simcore::seedAverage(oracle.initial);
    for (const auto& row : ring.shownBuffers()) {
        for (std::size_t c = 0; c < row.size(); ++c) {
            CHECK(static_cast<double>(row[c]) == mean[c]);
        }
    }
    for (int i = 0; i < 5; ++i) {
        for (int c = 0; c < 5; ++c) {
            CHECK(ring.isComplete(i, c));
        }
    }
    // Mean of chunk 0 by hand: (1 + 6 + 11 + 16 + 21) / 5 = 11.
    CHECK(ring.caption().contains(QStringLiteral("(1 + 6 + 11 + 16 + 21) / 5 = 11")));

    ring.stepBack();
    CHECK(ring.stepIndex() == total - 1);
    CHECK(ring.shownBuffers() == oracle.steps[static_cast<std::size_t>(total - 2)].buffers);
    ring.reset();
    CHECK(ring.stepIndex() == 0);
    CHECK(ring.caption() == start);
    ring.showEnd();
    CHECK(ring.shownBuffers() == oracle.result);
}

TEST_CASE("communication: play runs a timer only while playing and visible",
          "[ui][communication][ring]")
{
    RingWidget ring;
    ring.resize(600, 300);
    ring.setWorkers(3);
    ring.setSpeed(4); // 1400 ms / 4 = 350 ms per step
    CHECK(ring.intervalMs() == 350);
    ring.show();
    REQUIRE(QTest::qWaitForWindowExposed(&ring));
    CHECK_FALSE(ring.isTimerActive()); // paused: nothing runs

    ring.play();
    CHECK(ring.isPlaying());
    CHECK(ring.isTimerActive());
    REQUIRE(waitFor([&] { return ring.stepIndex() >= 1; }, 3000));
    ring.pause();
    CHECK_FALSE(ring.isTimerActive());
    const int step = ring.stepIndex();
    QTest::qWait(100); // let the last step's repaint land
    const int paints = ring.paintCount();
    QTest::qWait(800);
    CHECK(ring.stepIndex() == step);    // paused: no steps…
    CHECK(ring.paintCount() == paints); // …and no repaints

    // Hidden (another tab): the timer stops, and starts again when shown.
    ring.play();
    CHECK(ring.isTimerActive());
    ring.hide();
    CHECK(ring.isPlaying());
    CHECK_FALSE(ring.isTimerActive());
    ring.show();
    CHECK(ring.isTimerActive());

    // Played to the end it stops by itself, every GPU holding the mean.
    REQUIRE(waitFor([&] { return !ring.isPlaying(); }, 5000));
    CHECK(ring.atEnd());
    CHECK_FALSE(ring.isTimerActive());
    CHECK(ring.shownBuffers() == ring.trace().result);
    // Play at the end starts over.
    ring.play();
    CHECK(ring.stepIndex() == 0);
    ring.pause();
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
    // A window starts at the beginning, ready to play, with N = 4.
    CHECK(ring->stepIndex() == 0);
    CHECK(ring->workers() == RingWidget::kDefaultWorkers);
    CHECK_FALSE(controls->backButton()->isEnabled());
    QTest::mouseClick(controls->stepButton(), Qt::LeftButton);
    CHECK(ring->stepIndex() == 1);
    CHECK(panel.charts()->ringCaption() == ring->caption());
    CHECK(panel.charts()->ringCaption().contains(QStringLiteral("Step 1 of 6")));
    QTest::mouseClick(controls->playButton(), Qt::LeftButton);
    CHECK(ring->isPlaying());
    CHECK(controls->playButton()->text().remove(QLatin1Char('&')) == QStringLiteral("Pause"));
    QTest::mouseClick(controls->playButton(), Qt::LeftButton);
    CHECK_FALSE(ring->isPlaying());
    QTest::mouseClick(controls->resetButton(), Qt::LeftButton);
    CHECK(ring->stepIndex() == 0);
    // The panel hidden (another tab chosen): the ring's timer stops with it, and restarts.
    QTest::mouseClick(controls->playButton(), Qt::LeftButton);
    CHECK(ring->isTimerActive());
    panel.hide();
    CHECK(ring->isPlaying());
    CHECK_FALSE(ring->isTimerActive());
    panel.show();
    CHECK(ring->isTimerActive());
    ring->pause();
    controls->workersBox()->setValue(6);
    CHECK(ring->workers() == 6);
    CHECK(ring->stepCount() == 10);
    // The chart N (collective.workers) is independent of the animation's N.
    CHECK(model.scenario().collective.workers == 8);
}

TEST_CASE("communication: out-of-range input is refused with a message", "[ui][communication]")
{
    ScenarioModel model;
    CommunicationPanel panel(&model);
    panel.show();
    RingWorkersBox* box = panel.charts()->ringControls()->workersBox();
    RingWidget* ring = panel.charts()->ring();

    // The animation's N: 2…16. A typed 40 stays visible with a message and is not applied.
    box->editor()->selectAll();
    QTest::keyClicks(box->editor(), QStringLiteral("40"));
    CHECK(panel.problemText().contains(QStringLiteral("Ring animation N")));
    CHECK(panel.problemText().contains(QStringLiteral("2 to 16")));
    QTest::keyClick(box->editor(), Qt::Key_Return);
    CHECK(ring->workers() == 4);
    CHECK_FALSE(ring->setWorkers(1).isEmpty());
    CHECK_FALSE(ring->setWorkers(17).isEmpty());
    CHECK(ring->workers() == 4);
    box->editor()->selectAll();
    QTest::keyClicks(box->editor(), QStringLiteral("8"));
    QTest::keyClick(box->editor(), Qt::Key_Return);
    CHECK(ring->workers() == 8);
    CHECK(panel.problemText().isEmpty());

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
    CHECK(csvValue(panel.charts()->csv(), QStringLiteral("time")) == 0.0);
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
    bool foundRing = false;
    bool foundMean = false;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) {
            foundRing = foundRing || image.pixel(x, y) == qRgb(0x00, 0x72, 0xB2);
            foundMean = foundMean || image.pixel(x, y) == qRgb(0xDF, 0xF2, 0xE9);
        }
    }
    CHECK(foundRing);
    CHECK(foundMean);

    const QString csv = dir.filePath(QStringLiteral("communication.csv"));
    REQUIRE(exportPanel(QStringLiteral("communication"), scenario, csv, {}).isEmpty());
    QFile file(csv);
    REQUIRE(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n');
    REQUIRE(lines.size() > 100);
    CHECK(lines[0].startsWith(QStringLiteral("# dtsim communication")));
    CHECK(lines[1] == "quantity,value,unit");
    CHECK(lines.contains(QStringLiteral("algorithm,workers,time_s,bytes_sent_per_worker_bytes,"
                                        "server_bytes_sent_bytes,busbw_bytes_per_s")));
    CHECK(lines.contains(
        QStringLiteral("algorithm,message_bytes,time_s,algbw_bytes_per_s,busbw_bytes_per_s")));
    CHECK(lines.contains(QStringLiteral("workers,32,")));
    // A row of the time table: the ring at n = 16 over two 8-GPU nodes runs at the slowest
    // link (MODELS §4): 2·15·1e-5 + 2·(15/16)·1e9/50e9 = 3e-4 + 0.0375 = 0.0378 s.
    bool foundRow = false;
    for (const QString& line : lines) {
        const QStringList cells = line.split(',');
        if (cells.size() == 6 && cells[0] == "ring" && cells[1] == "16") {
            foundRow = true;
            CHECK(cells[2].toDouble() == Approx(0.0378).epsilon(1e-12));
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
    panel.charts()->ring()->stepForward();
    const QString summary = panel.charts()->summary();
    const QString csv = panel.charts()->csv();
    const QString caption = panel.charts()->ringCaption();
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(&panel, &change);
    QCoreApplication::sendEvent(panel.charts(), &change);
    QCoreApplication::sendEvent(panel.charts()->ring(), &change);
    CHECK(panel.charts()->summary() == summary);
    CHECK(panel.charts()->csv() == csv);
    CHECK(panel.charts()->ring()->caption() == caption);
    CHECK(panel.charts()->ring()->stepIndex() == 1);
    requireChartsMatchSimcore(panel);
}

TEST_CASE("communication: hierarchical on one node is the ring", "[ui][communication]")
{
    // MODELS §4: with k = 1 node the inter-node phase vanishes; the defaults put all 8 GPUs in
    // one 8-GPU node, so T is the ring's 0.0039308888… s (hand calculation above).
    ScenarioModel model;
    CommunicationPanel panel(&model);
    choose(panel.choiceBox(QStringLiteral("collective.algorithm")), QStringLiteral("hierarchical"));
    CHECK(csvValue(panel.charts()->csv(), QStringLiteral("time")) ==
          Approx(0.003930888888888889).epsilon(1e-12));
    CHECK(panel.formulaText().contains(QStringLiteral("the same as the ring")));
    CHECK(panel.readouts().value(5).contains(QStringLiteral("inside one node")));
}
