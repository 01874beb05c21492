// The Checkpoint panel end to end: controls → Scenario → simcore → series, the
// Monte-Carlo batch off the UI thread, the Llama 3 preset, export. Expected numbers come from
// simcore (MODELS §6: Young 1974, Daly 2006) or from hand calculations written beside them.
#include "common/format.h"
#include "helpers.h"
#include "simcore/models/checkpoint.h"
#include "simcore/models/goodput.h"
#include "simcore/montecarlo/montecarlo.h"
#include "simcore/reports/goodputreport.h"
#include "simcore/reports/trainingreport.h"
#include "testaccess.h"
#include "ui/kit/keytexts.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/checkpoint/checkpointcharts.h"
#include "ui/panels/checkpoint/checkpointpanel.h"
#include "ui/panels/checkpoint/timelinewidget.h"
#include "ui/shell/exporter.h"
#include "ui/shell/mainwindow.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>

using namespace dtsim::ui;

// A control as a problem line names it: by its label, the key only in the tooltip.
static QString labelOf(const char* key)
{
    return dtsim::ui::accessibleLabel(dtsim::ui::keyText(QString::fromLatin1(key)).label);
}

namespace {

/// The stacked series must hold exactly simcore's sweep: x in minutes, y in percent.
void requireSweepMatchesSimcore(const CheckpointPanel& panel)
{
    const auto expected = simcore::evaluateCheckpoint(panel.model()->scenario());
    const auto* charts = panel.charts();
    const auto writes = TestAccess::writeTop(*charts)->points();
    const auto lost = TestAccess::lostTop(*charts)->points();
    const auto restarts = TestAccess::restartTop(*charts)->points();
    REQUIRE(writes.size() == static_cast<qsizetype>(expected.curve.size()));
    REQUIRE(lost.size() == writes.size());
    REQUIRE(restarts.size() == writes.size());
    for (std::size_t i = 0; i < expected.curve.size(); i += 10) {
        const auto& p = expected.curve[i];
        const auto index = static_cast<qsizetype>(i);
        INFO("point " << i << ", tau = " << p.intervalSeconds << " s");
        CHECK(writes[index].x() * 60.0 == Approx(p.intervalSeconds).epsilon(1e-12));
        CHECK(writes[index].y() == Approx(p.writeFraction * 100).epsilon(1e-12));
        CHECK(lost[index].y() == Approx((p.writeFraction + p.lostFraction) * 100).epsilon(1e-12));
        CHECK(restarts[index].y() == Approx(p.wasteFraction * 100).epsilon(1e-9));
    }
    const auto daly = TestAccess::dalyLine(*charts)->points();
    REQUIRE(daly.size() == 2);
    CHECK(daly[0].x() * 60.0 == Approx(expected.optimalIntervalSeconds).epsilon(1e-12));
    const auto young = TestAccess::youngLine(*charts)->points();
    REQUIRE(young.size() == 2);
    CHECK(young[0].x() * 60.0 == Approx(expected.youngIntervalSeconds).epsilon(1e-12));
    const auto current = TestAccess::currentLine(*charts)->points();
    REQUIRE(current.size() == 2);
    CHECK(current[0].x() * 60.0 ==
          Approx(panel.model()->scenario().checkpoint.intervalSeconds).epsilon(1e-12));
}

/// Waits (processing events) until the charts hold a batch result, at most `ms`.
bool waitForMonteCarlo(CheckpointCharts* charts, int ms = 20000)
{
    QElapsedTimer timer;
    timer.start();
    while (charts->isMonteCarloRunning() && timer.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QTest::qWait(5);
    }
    return !charts->isMonteCarloRunning();
}

std::int64_t histogramTotal(const CheckpointCharts* charts)
{
    const auto& counts = TestAccess::monteCarlo(*charts).histogram.counts;
    return std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
}

} // namespace

TEST_CASE("checkpoint: editing a control puts simcore's sweep into the series", "[ui][checkpoint]")
{
    ScenarioModel model;
    CheckpointPanel panel(&model);
    panel.resize(1280, 760);
    requireSweepMatchesSimcore(panel);

    NumberField* write = panel.field(QStringLiteral("checkpoint.write_time"));
    REQUIRE(write != nullptr);
    write->setValue(300); // s
    CHECK(model.scenario().checkpoint.writeTimeSeconds == 300);
    requireSweepMatchesSimcore(panel);
    // Young (1974) by hand: M = 1.8e8 s / 32 = 5,625,000 s (the default job: 32 GPUs);
    // √(2 · 300 · 5,625,000) = √3,375,000,000 = 58,094.75 s.
    CHECK(panel.report().result.youngIntervalSeconds == Approx(58094.750).epsilon(1e-6));
    CHECK(panel.report().result.clusterMtbfSeconds == Approx(5625000).epsilon(1e-12));

    NumberField* mtbf = panel.field(QStringLiteral("checkpoint.gpu_mtbf"));
    REQUIRE(mtbf != nullptr);
    mtbf->setValue(10000); // hours: the display factor is 1/3600
    CHECK(model.scenario().checkpoint.gpuMtbfSeconds == Approx(3.6e7).epsilon(1e-12));
    requireSweepMatchesSimcore(panel);
    // Grouped by a narrow no-break space (common::formatNumber), never a comma or a point; the
    // strip's plain text turns it into a space.
    CHECK(panel.formulaText().replace(QChar(0x202F), QLatin1Char(' ')).contains("10 000 h"));

    NumberField* interval = panel.field(QStringLiteral("checkpoint.interval"));
    REQUIRE(interval != nullptr);
    interval->setValue(30); // minutes
    CHECK(model.scenario().checkpoint.intervalSeconds == Approx(1800).epsilon(1e-12));
    requireSweepMatchesSimcore(panel);
    CHECK(panel.intervalSlider()->value() == CheckpointPanel::sliderPosition(1800));

    // The log slider sets whole seconds; the axis is logarithmic.
    panel.intervalSlider()->setValue(CheckpointPanel::sliderPosition(600));
    CHECK(model.scenario().checkpoint.intervalSeconds == Approx(600).margin(10));
    requireSweepMatchesSimcore(panel);
    CHECK(TestAccess::intervalAxis(*panel.charts()) != nullptr);

    // "Use the optimum" puts Daly's interval in (rounded to whole seconds).
    TestAccess::useOptimumButton(panel)->click();
    CHECK(model.scenario().checkpoint.intervalSeconds ==
          Approx(std::round(panel.report().result.optimalIntervalSeconds)).margin(1));
}

TEST_CASE("checkpoint: read-outs show simcore's numbers and the interval in steps",
          "[ui][checkpoint]")
{
    ScenarioModel model;
    CheckpointPanel panel(&model);
    const QStringList texts = panel.readouts();
    REQUIRE(texts.size() == 7);
    // The job's step: the training model's at the default layout's own N = 32 (the step the
    // goodput model and Scaling's Physical mode price); τ = 3600 s → round(3600 / step) steps.
    const double step = simcore::trainingReport(simcore::Scenario{}).step.stepSeconds;
    REQUIRE(step > 0);
    const auto steps = simcore::intervalSecondsToSteps(3600, step);
    REQUIRE(steps.ok());
    CHECK(steps.value == std::llround(3600 / step));
    CHECK(texts[6].contains(dtsim::common::formatWhole(steps.value)));
    CHECK(simcore::shouldCheckpoint(steps.value * 3, steps.value).value);
    CHECK(panel.formulaText().contains(QStringLiteral("√(2δM)")));
}

TEST_CASE("checkpoint: the Monte-Carlo batch runs off the UI thread and completes",
          "[ui][checkpoint]")
{
    ScenarioModel model;
    CheckpointPanel panel(&model);
    CheckpointCharts* charts = panel.charts();
    REQUIRE(TestAccess::isAsynchronous(*charts));
    // The constructor's refresh started the batch; the window was not blocked by it.
    REQUIRE(waitForMonteCarlo(charts));
    const auto& mc = TestAccess::monteCarlo(*charts);
    REQUIRE(mc.valid);
    CHECK(mc.batch.runsCompleted == model.scenario().checkpoint.monteCarloRuns);
    CHECK(histogramTotal(charts) == model.scenario().checkpoint.monteCarloRuns);
    // The histogram outline holds 4 points per bin, its heights are the counts.
    CHECK(TestAccess::histogramOutline(*charts)->points().size() ==
          static_cast<qsizetype>(mc.histogram.counts.size()) * 4);
    // The mean line sits at simcore's batch mean (axis in days: the job is 14 days).
    CHECK(TestAccess::histogramUnitSeconds(*charts) == 86400.0);
    REQUIRE(TestAccess::meanLine(*charts)->points().size() == 2);
    CHECK(TestAccess::meanLine(*charts)->points()[0].x() * 86400.0 ==
          Approx(mc.batch.meanSeconds).epsilon(1e-12));
    // The mean converges to Daly's expected time (MODELS §6); 2000 runs: within 5 standard
    // errors.
    const double expected = simcore::segmentedExpectedTime(mc.params).expectedSeconds;
    CHECK(std::abs(mc.batch.meanSeconds - expected) < 5 * mc.batch.standardErrorSeconds);
    CHECK(TestAccess::monteCarloCaption(*charts)
              .replace(QChar(0x202F), QLatin1Char(' '))
              .contains(QStringLiteral("2 000 simulated jobs")));
    CHECK(TestAccess::monteCarloCaption(*charts).contains(QStringLiteral("seed 1")));
    // The difference from Daly's expectation: a signed number as the formulas write one (the
    // caption's plain text has an ordinary space where the strip keeps a no-break one).
    const double difference = (mc.batch.meanSeconds - expected) / expected * 100.0;
    CHECK(TestAccess::monteCarloCaption(*charts).contains(
        dtsim::common::formatSignedNumber(difference, 2) + QStringLiteral(" %")));
    CHECK_FALSE(TestAccess::monteCarloCaption(*charts).contains(
        QRegularExpression(QStringLiteral("-\\d"))));
    // One run as a timeline: run 0 of the batch, failures marked.
    const auto run0 = simcore::simulateRun(mc.params, simcore::MonteCarloOptions{}, 0);
    CHECK(TestAccess::timeline(*charts)->run().completionSeconds == run0.completionSeconds);
    CHECK(TestAccess::timeline(*charts)->run().failures == run0.failures);
    CHECK_FALSE(TestAccess::timeline(*charts)->run().timeline.empty());

    // The same parameters (another panel's key changed) start no new batch.
    const int starts = TestAccess::monteCarloStarts(*charts);
    model.setNumber(QStringLiteral("scaling.workers"), 16);
    CHECK(TestAccess::monteCarloStarts(*charts) == starts);
    CHECK_FALSE(charts->isMonteCarloRunning());
}

TEST_CASE("checkpoint: a batch past the failure limit says it was not run, and draws no run",
          "[ui][checkpoint]")
{
    ScenarioModel model;
    CheckpointPanel panel(&model);
    CheckpointCharts* charts = panel.charts();
    REQUIRE(waitForMonteCarlo(charts));
    // 10^7 GPUs of 10^8 s MTBF: a failure every 10 s, ~10^9 failures for the default batch.
    // 10^7 GPUs are dp = 1.25·10^6 of the default tp 2 × pp 4, one sequence a replica.
    model.setNumber(QStringLiteral("train.global_batch"), 1.25e6);
    model.setNumber(QStringLiteral("checkpoint.gpus"), 1e7);
    model.setNumber(QStringLiteral("checkpoint.gpu_mtbf"), 1e8);
    REQUIRE(waitForMonteCarlo(charts));
    const auto& mc = TestAccess::monteCarlo(*charts);
    CHECK(mc.batch.status == simcore::RunStatus::TooManyFailures);
    CHECK(TestAccess::monteCarloCaption(*charts).contains(QStringLiteral("Monte-Carlo not run")));
    CHECK(TestAccess::timeline(*charts)->run().timeline.empty());
    CHECK(TestAccess::timeline(*charts)->title().contains(QStringLiteral("not simulated")));
    CHECK_FALSE(TestAccess::timeline(*charts)->title().contains(QStringLiteral("done in")));
}

TEST_CASE("checkpoint: a parameter change while the batch runs cancels it cleanly",
          "[ui][checkpoint]")
{
    ScenarioModel model;
    CheckpointPanel panel(&model);
    CheckpointCharts* charts = panel.charts();
    REQUIRE(waitForMonteCarlo(charts));
    QSignalSpy finished(charts, &CheckpointCharts::monteCarloFinished);
    QSignalSpy started(charts, &CheckpointCharts::monteCarloStarted);
    // A long batch: 10^5 Llama-like jobs of ~400 failures each, 4 × 10^7 failures (within
    // the batch limit, seconds of work).
    model.setScenario(simcore::withLlama3Failures(model.scenario()));
    model.setNumber(QStringLiteral("checkpoint.mc_runs"), 1e5);
    REQUIRE(charts->isMonteCarloRunning());
    const int dropped = TestAccess::monteCarloDropped(*charts);
    REQUIRE(started.wait(5000)); // after the edits settle
    QTest::qWait(50);
    // Now a small batch: the big one is cancelled, the small one is the one drawn.
    model.setNumber(QStringLiteral("checkpoint.mc_runs"), 300);
    model.setNumber(QStringLiteral("checkpoint.mc_seed"), 7);
    REQUIRE(waitForMonteCarlo(charts, 30000));
    CHECK(TestAccess::monteCarloDropped(*charts) > dropped);
    REQUIRE(finished.count() >= 1);
    const auto& mc = TestAccess::monteCarlo(*charts);
    REQUIRE(mc.valid);
    CHECK(mc.runsRequested == 300);
    CHECK(mc.seed == 7);
    CHECK(mc.batch.runsCompleted == 300);
    CHECK(histogramTotal(charts) == 300);
    CHECK(mc.params == simcore::CheckpointParams::fromScenario(model.scenario()));
}

TEST_CASE("checkpoint: quick successive edits start one batch, after they settle",
          "[ui][checkpoint]")
{
    ScenarioModel model;
    CheckpointPanel panel(&model);
    CheckpointCharts* charts = panel.charts();
    REQUIRE(waitForMonteCarlo(charts));
    const int starts = TestAccess::monteCarloStarts(*charts);
    for (int i = 0; i < 10; ++i) {
        panel.intervalSlider()->setValue(300 + 9 * i);
    }
    // Nothing has started yet: a slider drag must not hand a core to the worker per step.
    CHECK(TestAccess::monteCarloStarts(*charts) == starts);
    CHECK(charts->isMonteCarloRunning());
    REQUIRE(waitForMonteCarlo(charts, 30000));
    CHECK(TestAccess::monteCarloStarts(*charts) == starts + 1);
    CHECK(TestAccess::monteCarlo(*charts).params ==
          simcore::CheckpointParams::fromScenario(model.scenario()));
}

TEST_CASE("checkpoint: destroying the panel during a batch stops the worker", "[ui][checkpoint]")
{
    ScenarioModel model;
    auto panel = std::make_unique<CheckpointPanel>(&model);
    CheckpointCharts* charts = panel->charts();
    REQUIRE(waitForMonteCarlo(charts));
    QSignalSpy started(charts, &CheckpointCharts::monteCarloStarted);
    QSignalSpy finished(charts, &CheckpointCharts::monteCarloFinished);
    const QPointer<CheckpointCharts> tracked(charts);
    // A batch within the failure limit (10^5 Llama-like jobs, seconds of work), so that a worker
    // runs it: a batch past the limit ends at once, and before the edits settle no worker runs.
    model.setScenario(simcore::withLlama3Failures(model.scenario()));
    model.setNumber(QStringLiteral("checkpoint.mc_runs"), 1e5);
    REQUIRE(started.wait(5000));
    REQUIRE(charts->isMonteCarloRunning());
    // Cancels and joins the worker (a QThread destroyed while it runs would abort the process).
    // How soon the join returns is timed by dtsim_bench's checkpoint group, not here.
    panel.reset();
    CHECK(tracked.isNull());
    QCoreApplication::processEvents(); // the worker's queued end, had it outlived the charts
    CHECK(finished.isEmpty());
}

TEST_CASE("checkpoint: an out-of-range entry is named and not applied", "[ui][checkpoint]")
{
    ScenarioModel model;
    CheckpointPanel panel(&model);
    panel.show();
    NumberField* gpus = panel.field(QStringLiteral("checkpoint.gpus"));
    REQUIRE(gpus != nullptr);
    gpus->editor()->selectAll();
    QTest::keyClicks(gpus->editor(), QStringLiteral("20000000"));
    CHECK(panel.problemText().contains(QStringLiteral("checkpoint.gpus")));
    CHECK(panel.problemText().contains(QStringLiteral("out of range")));
    QTest::keyClick(gpus->editor(), Qt::Key_Return);
    CHECK(model.scenario().checkpoint.gpus == 32);

    // GPU MTBF must be > 0: zero reaches the model, which refuses it by name.
    NumberField* mtbf = panel.field(QStringLiteral("checkpoint.gpu_mtbf"));
    REQUIRE(mtbf != nullptr);
    mtbf->setValue(0);
    CHECK(panel.problemText().contains(labelOf("checkpoint.gpu_mtbf")));
    CHECK(model.scenario().checkpoint.gpuMtbfSeconds == 5e4 * 3600);
}

TEST_CASE("checkpoint: the Llama 3 preset sets the documented values", "[ui][checkpoint]")
{
    ScenarioModel model;
    CheckpointPanel panel(&model);
    TestAccess::llamaPresetButton(panel)->click();
    const auto& c = model.scenario().checkpoint;
    // Llama 3 paper §3.3.4 (MODELS §6): 419 unexpected interruptions in 54 days on 16,384 GPUs.
    // Job MTBF = 54 · 86400 / 419 = 11,135.08 s (≈ 3.09 h); GPU MTBF = 11,135.08 · 16,384 =
    // 182,437,208.6 s (≈ 50,677 h). δ = 60 s and R = 600 s are our assumptions, τ = 1 h.
    CHECK(c.gpus == 16384);
    CHECK(c.gpuMtbfSeconds == Approx(54.0 * 86400 / 419 * 16384).epsilon(1e-12));
    CHECK(c.gpuMtbfSeconds == Approx(182437208.6).epsilon(1e-9));
    CHECK(c.workSeconds == 54.0 * 86400);
    CHECK(c.writeTimeSeconds == 60);
    CHECK(c.restartTimeSeconds == 600);
    CHECK(c.intervalSeconds == 3600);
    CHECK(panel.report().result.clusterMtbfSeconds == Approx(11135.08).epsilon(1e-6));
    // Young: √(2 · 60 · 11,135.08) = √1,336,210 = 1,155.94 s ≈ 19 min.
    CHECK(panel.report().result.youngIntervalSeconds == Approx(1155.94).epsilon(1e-5));
    requireSweepMatchesSimcore(panel);
}

TEST_CASE("checkpoint: the main window hosts the panel on the sixth tab", "[ui][checkpoint]")
{
    MainWindow window;
    auto* panel = qobject_cast<CheckpointPanel*>(window.panel(QStringLiteral("checkpoint")));
    REQUIRE(panel != nullptr);
    CHECK(window.tabs()->widget(5)->isAncestorOf(panel));
    CHECK(window.tabs()->tabText(5) == "Checkpoint");
    REQUIRE(waitForMonteCarlo(panel->charts()));
}

TEST_CASE("checkpoint: export draws the complete picture and writes the CSV",
          "[ui][checkpoint][export]")
{
    CHECK(exportablePanels().contains(QStringLiteral("checkpoint")));
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("checkpoint.png"));
    REQUIRE(
        exportPanel(QStringLiteral("checkpoint"), simcore::Scenario{}, png, {QSize(1000, 700), 2.0})
            .isEmpty());
    const QImage image(png);
    REQUIRE(!image.isNull());
    CHECK(image.size() == QSize(2000, 1400));
    CHECK(testing::distinctColours(image) > 20);
    CHECK(testing::inkShare(image) > 0.05);
    // The histogram bars (sky blue #56B4E9) and the lost-work band (#D55E00) are drawn: the
    // synchronous export waited for the Monte-Carlo batch.
    CHECK(testing::containsColour(image, qRgb(0x56, 0xB4, 0xE9)));
    CHECK(testing::containsColour(image, qRgb(0xD5, 0x5E, 0x00)));

    auto area = createChartArea(QStringLiteral("checkpoint"));
    REQUIRE(area != nullptr);
    simcore::Scenario scenario;
    scenario.checkpoint.monteCarloRuns = 400;
    area->showScenario(scenario);
    const QString csv = testing::csvText(area->csv());
    CHECK(csv.contains(QStringLiteral("cluster_mtbf,5625000,s"))); // 1.8e8 s / 32 GPUs
    CHECK(csv.contains(QStringLiteral("interval_s,waste_fraction,write_fraction,lost_fraction")));
    CHECK(csv.contains(QStringLiteral("bin_start_s,bin_end_s,jobs")));
    CHECK(csv.contains(QStringLiteral("mc_runs,400,")));
    // 61 sweep rows (evaluateCheckpoint's curve) under the header.
    const auto tables = area->csv();
    const auto waste = std::find_if(tables.begin(), tables.end(),
                                    [](const auto& table) { return table.name == "waste_curve"; });
    REQUIRE(waste != tables.end());
    CHECK(std::count(waste->text.begin(), waste->text.end(), '\n') == 62);
    CHECK(area->summary().contains(QStringLiteral("Cluster MTBF")));
    // Each table in its file: checkpoint.csv, checkpoint-NAME.csv.
    const QString csvPath = dir.filePath(QStringLiteral("checkpoint.csv"));
    QStringList written;
    REQUIRE(exportChartArea(*area, csvPath, {}, &written).isEmpty());
    REQUIRE(written.size() == static_cast<qsizetype>(tables.size()));
    for (std::size_t i = 0; i < tables.size(); ++i) {
        const QString name = QString::fromStdString(tables[i].name);
        INFO(name.toStdString());
        CHECK(written[static_cast<qsizetype>(i)] ==
              (i == 0 ? csvPath : dir.filePath(QStringLiteral("checkpoint-%1.csv").arg(name))));
        CHECK(testing::exportedCsvTable(csvPath, name) == QString::fromStdString(tables[i].text));
    }
}

TEST_CASE("signed numbers take the minus sign and percent signs stay with their number",
          "[ui][checkpoint][format]")
{
    const QLocale before;
    for (const auto& [locale, negative, positive] :
         {std::tuple{QLocale(QLocale::English, QLocale::UnitedStates), "\u22120.81", "0.81"},
          std::tuple{QLocale(QLocale::Vietnamese, QLocale::Vietnam), "\u22120,81", "0,81"}}) {
        CAPTURE(locale.name());
        QLocale::setDefault(locale);
        CHECK(dtsim::common::formatNumber(-0.81, 2) ==
              QLocale().negativeSign() + QString::fromUtf8(positive));
        CHECK(dtsim::common::formatSignedNumber(-0.81, 2) == QString::fromUtf8(negative));
        CHECK(dtsim::common::formatSignedNumber(0.81, 2) == QString::fromUtf8(positive));
        CHECK(dtsim::common::formatSignedNumber(0.0, 2) == QStringLiteral("0"));
        CHECK(dtsim::common::withPercentSign(dtsim::common::formatSignedNumber(-0.01, 1)) ==
              QString::fromUtf8(negative).left(1) + QStringLiteral("0") + locale.decimalPoint() +
                  QStringLiteral("01\u00A0%"));
    }
    QLocale::setDefault(before);
}

TEST_CASE("checkpoint: goodput vs N and the failures by cause draw the goodput report",
          "[ui][checkpoint][goodput]")
{
    simcore::Scenario scenario;
    scenario.checkpoint.monteCarloRuns = 200;
    scenario.checkpoint.gpus = 16384;
    scenario.train.globalBatch = 2048; // N = 16,384 is dp = 2,048 of tp 2 × pp 4
    auto area = createChartArea(QStringLiteral("checkpoint"));
    REQUIRE(area != nullptr);
    area->showScenario(scenario);
    const auto* charts = qobject_cast<CheckpointCharts*>(area.get());
    REQUIRE(charts != nullptr);
    const auto goodput = simcore::goodputReport(scenario);
    REQUIRE(goodput.ok());

    // The two curves: every N of the report, goodput in percent.
    const auto optimal = TestAccess::goodputOptimalSeries(*charts)->points();
    const auto current = TestAccess::goodputCurrentSeries(*charts)->points();
    REQUIRE(optimal.size() == static_cast<qsizetype>(goodput.curve.size()));
    REQUIRE(current.size() == optimal.size());
    for (std::size_t i = 0; i < goodput.curve.size(); ++i) {
        const auto& point = goodput.curve[i];
        const auto index = static_cast<qsizetype>(i);
        INFO("N = " << point.gpus);
        CHECK(optimal[index].x() == static_cast<double>(point.gpus));
        CHECK(optimal[index].y() == Approx(point.goodputOptimal * 100).epsilon(1e-12));
        CHECK(current[index].y() == Approx(point.goodputAtInterval * 100).epsilon(1e-12));
    }
    // The job's N is marked.
    const auto chosen = TestAccess::chosenGpusLine(*charts)->points();
    REQUIRE(chosen.size() == 2);
    CHECK(chosen[0].x() == 16384);
    // The causes, the table's first row at the top (the last category of a horizontal chart).
    // Its first 11 rows (by count), as many as a slide can name; the CSV has all 18.
    const auto* set = TestAccess::failureSet(*charts);
    REQUIRE(set->count() == 11);
    for (std::size_t i = 0; i < 11; ++i) {
        CHECK(set->at(set->count() - 1 - static_cast<qsizetype>(i)) ==
              goodput.failures[i].cause.count);
    }
    CHECK(TestAccess::causeAxis(*charts)->at(TestAccess::causeAxis(*charts)->count() - 1) ==
          QStringLiteral("Faulty GPU"));
    CHECK(TestAccess::failureView(*charts)->chart()->title().contains(QStringLiteral("Llama 3")));
    CHECK(TestAccess::failureView(*charts)->chart()->title().contains(QStringLiteral("11 of 18")));

    // The CSV holds the goodput report's tables, number for number.
    const QString csv = testing::csvText(area->csv());
    for (const auto& table : simcore::goodputCsv(goodput)) {
        CHECK(csv.contains(QString::fromStdString(table.text)));
    }
    CHECK(csv.contains(QStringLiteral("gpus,goodput_optimal,goodput_at_interval")));
    CHECK(csv.contains(QStringLiteral("faulty_gpu,GPU,148,")));
    CHECK(area->summary().contains(dtsim::common::formatQuantity(goodput, "goodput")));

    // Each new page renders its chart, not a blank: the curve's and the bars' colours are drawn.
    const QStringList pages = area->presentationPages();
    REQUIRE(pages.size() == 4);
    area->setAttribute(Qt::WA_DontShowOnScreen, true);
    area->show();
    for (int page : {2, 3}) {
        area->showPresentationPage(page);
        area->resize(1000, 600);
        QCoreApplication::processEvents();
        const QImage image = area->grab().toImage();
        INFO("page " << page << ": " << pages.at(page).toStdString());
        CHECK(testing::inkShare(image) > 0.02);
        const QColor mark = page == 2 ? TestAccess::goodputOptimalSeries(*charts)->pen().color()
                                      : TestAccess::failureSet(*charts)->color();
        CHECK(testing::containsColour(image, mark.rgb(), 1));
    }
    CHECK_FALSE(TestAccess::wasteView(*charts)->isVisible());
    area->showPresentationPage(-1);
    QCoreApplication::processEvents();
    CHECK(TestAccess::goodputView(*charts)->isVisible());
    CHECK(TestAccess::failureView(*charts)->isVisible());
}

TEST_CASE("checkpoint: a window shows its views one tab at a time", "[ui][checkpoint][goodput]")
{
    // Side by side at 1280×800 the titles and legends were cut short; one above the other Qt hid
    // every other cause's name.
    ScenarioModel model;
    CheckpointPanel panel(&model);
    panel.resize(1280, 760);
    panel.setAttribute(Qt::WA_DontShowOnScreen, true);
    panel.show();
    QCoreApplication::processEvents();
    const auto* charts = panel.charts();
    QTabBar* tabs = TestAccess::viewTabs(*charts);
    REQUIRE(tabs->isVisible());
    REQUIRE(tabs->count() == 3);
    CHECK(TestAccess::wasteView(*charts)->isVisible());
    CHECK(TestAccess::histogramView(*charts)->isVisible());
    CHECK_FALSE(TestAccess::goodputView(*charts)->isVisible());
    tabs->setCurrentIndex(1);
    CHECK(TestAccess::goodputView(*charts)->isVisible());
    CHECK_FALSE(TestAccess::wasteView(*charts)->isVisible());
    CHECK_FALSE(TestAccess::failureView(*charts)->isVisible());
    tabs->setCurrentIndex(2);
    CHECK(TestAccess::failureView(*charts)->isVisible());
    CHECK_FALSE(TestAccess::goodputView(*charts)->isVisible());
    CHECK_FALSE(TestAccess::histogramView(*charts)->isVisible());
}

TEST_CASE("checkpoint: the goodput controls change the scenario, the reports and the run",
          "[ui][checkpoint][goodput]")
{
    ScenarioModel model;
    CheckpointPanel panel(&model);
    panel.resize(1280, 800);
    panel.show();
    CheckpointCharts* charts = panel.charts();
    REQUIRE(waitForMonteCarlo(charts));
    const auto goodputValue = [charts](const char* id) {
        const simcore::Quantity* q = TestAccess::goodput(*charts).find(id);
        REQUIRE(q != nullptr);
        return q->value;
    };

    // Step time variation, shown in percent: 5 % → c = 0.05 in the scenario and both reports.
    NumberField* cv = panel.field(QStringLiteral("scaling.straggler_cv"));
    REQUIRE(cv != nullptr);
    cv->setValue(5);
    CHECK(model.scenario().scaling.stragglerCv == Approx(0.05));
    CHECK(goodputValue("straggler_cv") == Approx(0.05));
    CHECK(goodputValue("straggler_factor") == Approx(simcore::stragglerFactor(0.05, 32)));
    CHECK(charts->report().stragglers.factor == Approx(simcore::stragglerFactor(0.05, 32)));
    // The Monte-Carlo run marks the wait: in the caption and in the strip.
    REQUIRE(waitForMonteCarlo(charts));
    CHECK(TestAccess::monteCarlo(*charts).stragglers == charts->report().stragglers);
    CHECK(TestAccess::monteCarlo(*charts).batch.meanStragglerSeconds > 0);
    CHECK(TestAccess::monteCarloCaption(*charts).contains(QStringLiteral("slowest GPU")));
    TestAccess::timeline(*charts)->grab();
    CHECK(TestAccess::timeline(*charts)->stragglerColumnCount() > 0);
    CHECK(TestAccess::timeline(*charts)->run().stragglerSeconds > 0);

    // Storage bandwidth in GB/s: 2000 GB/s writes the 7B FP32 + Adam checkpoint (12 B/param) in
    // 84 GB / 2 TB/s = 42 ms.
    NumberField* storage = panel.field(QStringLiteral("checkpoint.storage_bandwidth"));
    REQUIRE(storage != nullptr);
    storage->setValue(2000);
    CHECK(model.scenario().checkpoint.storageBytesPerSecond == Approx(2e12));
    CHECK(TestAccess::goodput(*charts).find("write_source")->word == "storage");
    CHECK(goodputValue("checkpoint_write_time") ==
          Approx(goodputValue("checkpoint_bytes") / 2e12).epsilon(1e-12));

    // The in-memory tier: training waits only for the copy to memory.
    NumberField* memory = panel.field(QStringLiteral("checkpoint.memory_bandwidth"));
    REQUIRE(memory != nullptr);
    memory->setValue(100000);
    CHECK(model.scenario().checkpoint.memoryTierBytesPerSecond == Approx(1e14));
    CHECK(TestAccess::goodput(*charts).find("write_source")->word == "memory");
    CHECK(goodputValue("storage_write_time") ==
          Approx(goodputValue("checkpoint_bytes") / 2e12).epsilon(1e-12));

    // The job's steps: W = steps × step time.
    NumberField* steps = panel.field(QStringLiteral("train.steps"));
    REQUIRE(steps != nullptr);
    steps->setValue(50000);
    CHECK(model.scenario().train.steps == 50000);
    CHECK(goodputValue("steps") == 50000);
    CHECK(goodputValue("useful_time") == Approx(50000 * goodputValue("step_time")).epsilon(1e-12));

    // Out of range: named with its range, not applied, never clamped.
    cv->editor()->selectAll();
    QTest::keyClicks(cv->editor(), QStringLiteral("50"));
    CHECK(panel.problemText().contains(QStringLiteral("scaling.straggler_cv")));
    CHECK(panel.problemText().contains(QStringLiteral("out of range")));
    QTest::keyClick(cv->editor(), Qt::Key_Return);
    CHECK(model.scenario().scaling.stragglerCv == Approx(0.05));
    storage->editor()->selectAll();
    QTest::keyClicks(storage->editor(), QStringLiteral("2000000"));
    CHECK(panel.problemText().contains(QStringLiteral("checkpoint.storage_bandwidth")));
    QTest::keyClick(storage->editor(), Qt::Key_Return);
    CHECK(model.scenario().checkpoint.storageBytesPerSecond == Approx(2e12));

    // Without variation there is no wait to mark.
    cv->setValue(0);
    CHECK_FALSE(charts->report().stragglers.active());
    REQUIRE(waitForMonteCarlo(charts));
    TestAccess::timeline(*charts)->grab();
    CHECK(TestAccess::timeline(*charts)->stragglerColumnCount() == 0);
    CHECK_FALSE(TestAccess::monteCarloCaption(*charts).contains(QStringLiteral("slowest GPU")));
}

TEST_CASE("checkpoint: an N that is no layout is marked on the goodput curve, its interval shown",
          "[ui][checkpoint][goodput]")
{
    // The default layout (tp 2 × pp 4, a global batch of 32) has the layouts N = 8, 16, …, 256;
    // N = 1024 is none. The interval trade-off needs no layout: the wasted-time chart is drawn
    // and no problem line shows. What needs the step time (W from train.steps, so the expected
    // time and the Monte-Carlo batch) is not priced, and the formula says why, naming
    // checkpoint.gpus and the layouts. The goodput curve shows the layouts with the job's N
    // marked "✗" where it would be, as the Scaling view marks such an N.
    ScenarioModel model;
    CheckpointPanel panel(&model);
    panel.resize(1280, 800);
    panel.show();
    REQUIRE(waitForMonteCarlo(panel.charts()));
    REQUIRE_FALSE(TestAccess::histogramOutline(*panel.charts())->points().isEmpty());
    model.setNumber(QStringLiteral("checkpoint.gpus"), 1024);
    CHECK(panel.report().ok());
    CHECK_FALSE(panel.report().workKnown());
    // The last batch's histogram and run are not left standing for a job without a length.
    CHECK_FALSE(TestAccess::monteCarlo(*panel.charts()).valid);
    CHECK(TestAccess::histogramOutline(*panel.charts())->points().isEmpty());
    CHECK(TestAccess::meanLine(*panel.charts())->points().isEmpty());
    CHECK(TestAccess::timeline(*panel.charts())->run().timeline.empty());
    CHECK_FALSE(panel.charts()->isMonteCarloRunning());
    CHECK(TestAccess::monteCarloCaption(*panel.charts()).contains(QStringLiteral("not run")));
    CHECK(panel.problemText().isEmpty());
    CHECK(panel.formulaText().contains(labelOf("checkpoint.gpus")));
    CHECK(panel.formulaText().contains(QStringLiteral("8, 16, 32, 64, 128 or 256")));
    requireSweepMatchesSimcore(panel);
    const auto* charts = panel.charts();
    const auto curve = TestAccess::goodputOptimalSeries(*charts)->points();
    REQUIRE(curve.size() == 6);
    CHECK(curve.front().x() == 8);
    CHECK(curve.back().x() == 256);
    const auto chosen = TestAccess::chosenGpusLine(*charts)->points();
    REQUIRE(chosen.size() == 2);
    CHECK(chosen[0].x() == 1024);
    CHECK(TestAccess::chosenGpusLine(*charts)->name().startsWith(QStringLiteral("✗")));
    CHECK(TestAccess::chosenGpusLine(*charts)->pen().style() == Qt::DashLine);

    // Back on a layout: priced, the line solid and named as before.
    model.setNumber(QStringLiteral("checkpoint.gpus"), 64);
    CHECK(panel.report().ok());
    REQUIRE(waitForMonteCarlo(panel.charts()));
    CHECK(TestAccess::monteCarlo(*panel.charts()).valid);
    CHECK_FALSE(TestAccess::histogramOutline(*panel.charts())->points().isEmpty());
    CHECK(TestAccess::chosenGpusLine(*charts)->pen().style() == Qt::SolidLine);
    CHECK_FALSE(TestAccess::chosenGpusLine(*charts)->name().startsWith(QStringLiteral("✗")));
    CHECK(panel.formulaText().contains(QStringLiteral("W = steps × step at N")));
}

TEST_CASE("checkpoint: 1,000 GPUs failing once in 5 years get their interval, with no layout",
          "[ui][checkpoint]")
{
    // The student's question: 1,000 GPUs, GPU MTBF 5 years (157,680,000 s), a 2-minute write.
    // N = 1000 is no layout of the default scenario, which the interval does not need: Young
    // (1974) √(2 · 120 · 157,680) s ≈ 1 h 43 min, Daly (2006) ≈ 1 h 41 min, the curve drawn.
    ScenarioModel model;
    CheckpointPanel panel(&model);
    panel.resize(1280, 800);
    panel.show();
    model.setNumber(QStringLiteral("checkpoint.gpus"), 1000);
    model.setNumber(QStringLiteral("checkpoint.gpu_mtbf"), 5 * 365 * 86400.0);
    model.setNumber(QStringLiteral("checkpoint.write_time"), 120);
    REQUIRE(panel.report().ok());
    CHECK(panel.problemText().isEmpty());
    const double young = std::sqrt(2 * 120 * 157680.0);
    CHECK(panel.report().result.youngIntervalSeconds == Approx(young).epsilon(1e-12));
    CHECK(std::lround(panel.report().result.optimalIntervalSeconds / 60) == 101);
    CHECK_FALSE(TestAccess::writeTop(*panel.charts())->points().isEmpty());
    CHECK_FALSE(TestAccess::restartTop(*panel.charts())->points().isEmpty());
    CHECK(TestAccess::youngLine(*panel.charts())->points().size() == 2);
    CHECK(TestAccess::dalyLine(*panel.charts())->points().size() == 2);
    requireSweepMatchesSimcore(panel);
    // What needs the job length or a layout says so in words, never "—"; the Monte-Carlo
    // histogram and timeline leave the screen rather than stand empty (the caption says why).
    const QStringList readouts = panel.readouts();
    for (const QString& readout : readouts) {
        INFO(readout.toStdString());
        CHECK_FALSE(readout.contains(QStringLiteral("—")));
    }
    CHECK(readouts.filter(QStringLiteral("needs the job length W")).size() == 2);
    CHECK(readouts.filter(QStringLiteral("needs N to be a layout")).size() == 1);
    CHECK_FALSE(TestAccess::histogramView(*panel.charts())->isVisible());
    CHECK_FALSE(
        TestAccess::monteCarloCaption(*panel.charts()).contains(QStringLiteral("checkpoint.")));
    model.setNumber(QStringLiteral("checkpoint.work"), 30 * 86400.0); // a month, given
    CHECK(panel.report().workKnown());
    CHECK(TestAccess::histogramView(*panel.charts())->isVisible());
    CHECK(panel.readouts().filter(QStringLiteral("needs the job length W")).isEmpty());
    model.setNumber(QStringLiteral("checkpoint.work"), 0); // back to W from the steps

    // Charts that never ran a batch say why none runs at this N, as the panel's do.
    CheckpointCharts fresh;
    fresh.setAsynchronous(false);
    fresh.showScenario(model.scenario());
    CHECK(TestAccess::monteCarloCaption(fresh).contains(QStringLiteral("not run")));
    CHECK_FALSE(TestAccess::writeTop(fresh)->points().isEmpty());
}
