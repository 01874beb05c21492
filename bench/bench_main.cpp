// dtsim_bench: how long an interaction takes from the control to repainted charts.
//
// Method: the real panel in a shown (off-screen) window. Each sample is one change of a control
// as a user makes it (slider value), then pending events (chart layout) processed, then a
// synchronous repaint of the whole window: the time until the frame is ready. Worker counts
// follow a drag-like walk with random jumps so both small and large windows of bars are hit.
// A minimal Qt Charts window (one bar series, same size) is timed the same way in the same run
// as a baseline, so results can be compared across noisy machines as a ratio.
//
// Also: every other panel at its heaviest reasonable settings, the Physical scaling mode, export
// of every view, a simcore sweep over 1…1e5 workers, and cold start of the dtsim executable to its
// first painted window against a minimal Qt Charts window (separate processes).
//
// Usage: dtsim_bench [--samples N] [--size WxH] [--only GROUP,…] [--repaint dirty|whole] [--json]
//        dtsim_bench --startup dtsim|minimal   (internal: one cold start, timed by startupprobe)

#include "app/gui.h"
#include "bench/startupprobe.h"
#include "simcore/models/goodput.h"
#include "simcore/models/layoutscaling.h"
#include "simcore/models/scaling.h"
#include "simcore/models/training.h"
#include "simcore/montecarlo/montecarlo.h"
#include "simcore/plan/planner.h"
#include "simcore/reports/checkpointreport.h"
#include "simcore/reports/communicationreport.h"
#include "simcore/reports/report.h"
#include "simcore/scenario/catalogue.h"
#include "simcore/views/views.h"
#include "ui/kit/appearance.h"
#include "ui/kit/numberfield.h"
#include "ui/kit/scenariomodel.h"
#include "ui/panels/checkpoint/checkpointcharts.h"
#include "ui/panels/checkpoint/checkpointpanel.h"
#include "ui/panels/communication/communicationcharts.h"
#include "ui/panels/communication/communicationpanel.h"
#include "ui/panels/communication/ringwidget.h"
#include "ui/panels/memory/memorypanel.h"
#include "ui/panels/parallelism/parallelismpanel.h"
#include "ui/panels/plan/planpanel.h"
#include "ui/panels/plan/plansearch.h"
#include "ui/panels/scaling/scalingpanel.h"
#include "ui/shell/exporter.h"
#include "ui/shell/panelregistry.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextStream>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <memory>
#include <random>
#include <vector>

namespace {

struct Stats {
    double median = 0;
    double p90 = 0;
    double p99 = 0;
    double max = 0;
    double mean = 0;
};

Stats summarise(std::vector<double> milliseconds)
{
    std::sort(milliseconds.begin(), milliseconds.end());
    const auto at = [&](double q) {
        const auto index =
            static_cast<std::size_t>(std::ceil(q * static_cast<double>(milliseconds.size())) - 1);
        return milliseconds[std::min(index, milliseconds.size() - 1)];
    };
    Stats s;
    s.median = at(0.5);
    s.p90 = at(0.9);
    s.p99 = at(0.99);
    s.max = milliseconds.back();
    double sum = 0;
    for (double v : milliseconds) {
        sum += v;
    }
    s.mean = sum / static_cast<double>(milliseconds.size());
    return s;
}

/// How a sample ends. Dirty: pending events processed, which lays out and paints what the
/// change invalidated, as the event loop does for a user. Whole: then the whole window repainted
/// on top, the worst case (a window uncovered or resized at every step).
enum class RepaintMode { Dirty, Whole };
RepaintMode g_repaint = RepaintMode::Dirty;

std::vector<double> timeChanges(int samples, QWidget& window,
                                const std::function<void(int)>& change)
{
    std::vector<double> times;
    times.reserve(static_cast<std::size_t>(samples));
    for (int i = 0; i < samples + 20; ++i) {
        QElapsedTimer timer;
        timer.start();
        change(i);
        QCoreApplication::processEvents();
        if (g_repaint == RepaintMode::Whole) {
            window.repaint();
        }
        const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        if (i >= 20) { // the first frames warm caches and fonts
            times.push_back(ms);
        }
    }
    return times;
}

/// One cold start of a minimal Qt Charts window with one 13-bar chart in this process, shown at
/// `size`; returns after its first frame (bench/startupprobe reports the times).
int runMinimalStartup(int argc, char** argv, QSize size)
{
    QApplication application(argc, argv);
    auto* chart = new QChart;
    auto* set = new QBarSet(QStringLiteral("bars"));
    for (int i = 0; i < 13; ++i) {
        *set << i;
    }
    auto* series = new QBarSeries;
    series->append(set);
    chart->addSeries(series);
    chart->createDefaultAxes();
    QChartView window(chart);
    window.resize(size);
    dtsim::bench::reportStartup(&window);
    window.show();
    return QApplication::exec();
}

/// Launch to the first paint event and to the end of the first frame, in ms, of one cold start.
struct StartTimes {
    double firstPaint = 0;
    double firstFrame = 0;
};

/// One cold start in a child process, timed by it (bench/startupprobe): dtsim's window started by
/// the code the dtsim executable runs (app::runGui), with no settings yet (a fresh configuration
/// folder), at the size it opens at; or the minimal window at the same size. The exit that
/// follows is not counted.
StartTimes timeStartup(const QString& which)
{
    QTemporaryDir settings;
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), settings.path());
    environment.insert(QStringLiteral("DTSIM_BENCH_LAUNCH_NS"),
                       QString::number(dtsim::bench::monotonicNanoseconds()));
    process.setProcessEnvironment(environment);
    process.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--startup"), which});
    process.waitForFinished(60000);
    const QString output = QString::fromLatin1(process.readAllStandardOutput());
    const auto milliseconds = [&output, &which](QLatin1String key) {
        const auto at = output.indexOf(key);
        if (at < 0) {
            std::fprintf(stderr, "dtsim_bench: the %s cold start did not report %s\n",
                         qPrintable(which), key.data());
            std::exit(1);
        }
        return output.mid(at + key.size()).section(QLatin1Char('\n'), 0, 0).toDouble() / 1e6;
    };
    return {milliseconds(QLatin1String("first-paint-ns ")),
            milliseconds(QLatin1String("first-frame-ns "))};
}

QJsonObject toJson(const Stats& s)
{
    return {{QStringLiteral("median_ms"), s.median},
            {QStringLiteral("p90_ms"), s.p90},
            {QStringLiteral("p99_ms"), s.p99},
            {QStringLiteral("max_ms"), s.max},
            {QStringLiteral("mean_ms"), s.mean}};
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    // A cold start is timed before this process makes an application object of its own.
    if (argc == 3 && std::strcmp(argv[1], "--startup") == 0) {
        if (std::strcmp(argv[2], "dtsim") == 0) {
            int windowArgc = 1; // the window as `dtsim` with no arguments opens it
            return dtsim::app::runGui(windowArgc, argv, &dtsim::bench::reportStartup);
        }
        if (std::strcmp(argv[2], "minimal") == 0) {
            return runMinimalStartup(argc, argv, QSize(1280, 800));
        }
        std::fputs("dtsim_bench: --startup takes dtsim or minimal\n", stderr);
        return 2;
    }
    QApplication application(argc, argv);
    int samples = 500;
    QSize size(1280, 800); // the window's default size
    bool json = false;
    QStringList only; // --only groups; empty = every case
    const QStringList arguments = application.arguments();
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--samples") && i + 1 < arguments.size()) {
            samples = std::max(10, arguments[++i].toInt());
        } else if (arguments[i] == QLatin1String("--size") && i + 1 < arguments.size()) {
            const QStringList parts = arguments[++i].split(QLatin1Char('x'));
            size = QSize(parts.value(0).toInt(), parts.value(1).toInt());
        } else if (arguments[i] == QLatin1String("--repaint") && i + 1 < arguments.size()) {
            const QString mode = arguments[++i];
            if (mode != QLatin1String("dirty") && mode != QLatin1String("whole")) {
                std::fputs("dtsim_bench: --repaint takes dirty or whole\n", stderr);
                return 2;
            }
            g_repaint = mode == QLatin1String("whole") ? RepaintMode::Whole : RepaintMode::Dirty;
        } else if (arguments[i] == QLatin1String("--only") && i + 1 < arguments.size()) {
            only = arguments[++i].split(QLatin1Char(','), Qt::SkipEmptyParts);
        } else if (arguments[i] == QLatin1String("--json")) {
            json = true;
        } else {
            std::fputs("usage: dtsim_bench [--samples N] [--size WxH] [--only GROUP,…] [--repaint "
                       "dirty|whole] [--json]\n"
                       "groups: scaling memory checkpoint physical communication ring parallelism "
                       "pipeline topology export sweep simcore planner montecarlo startup (the "
                       "baseline always runs)\n",
                       stderr);
            return 2;
        }
    }

    // The look and fonts dtsim's window applies at start (the minimal window above has Qt's).
    dtsim::ui::applyAppearance(dtsim::ui::Appearance{});

    struct Row {
        QString key;   ///< JSON name
        QString label; ///< table row
        Stats stats;
    };
    std::vector<Row> rows;
    const auto record = [&rows](const QString& key, const QString& label, const Stats& stats) {
        rows.push_back({key, label, stats});
        return stats;
    };
    std::vector<std::pair<QString, Stats>> exports;
    std::vector<std::pair<QString, double>> figures; // JSON numbers besides the cases
    QStringList notes;                               // the table's closing lines
    const auto wanted = [&only](const QString& group) {
        return only.isEmpty() || only.contains(group);
    };

    std::mt19937 generator(12345);
    std::uniform_int_distribution<int> jump(1, 4096);
    std::uniform_int_distribution<int> nudge(-3, 3);

    if (wanted(QStringLiteral("scaling"))) {
        // 1. Scaling panel, linear axis.
        dtsim::ui::ScenarioModel model;
        dtsim::ui::ScalingPanel panel(&model);
        panel.resize(size);
        panel.show();
        QCoreApplication::processEvents();
        // The slider's positions are simcore's stops (every N up to 16, then four per octave up
        // to 4× the optimum). A drag: the slider moves by 1–3 stops per event.
        QSlider* slider = panel.workerSlider();
        int position = slider->value();
        const auto dragLinear = [&](int) {
            int step = nudge(generator);
            if (step == 0) {
                step = 1;
            }
            position = std::clamp(position + step, 0, slider->maximum());
            slider->setValue(position);
        };
        record(QStringLiteral("scaling_linear_drag"),
               QStringLiteral("Scaling: drag, 1–3 stops/event (linear)"),
               summarise(timeChanges(samples, panel, dragLinear)));
        // A fast mouse drag sweeping the groove end to end: 2–4 stops per event, so nearly every
        // event moves the run of bars.
        std::uniform_int_distribution<int> sweep(2, 4);
        int direction = 1;
        const auto mouseDrag = [&](int) {
            if (position >= slider->maximum() || position <= 0) {
                direction = -direction;
            }
            position = std::clamp(position + direction * sweep(generator), 0, slider->maximum());
            slider->setValue(position);
        };
        record(QStringLiteral("scaling_mouse_drag"),
               QStringLiteral("Scaling: mouse drag, 2–4 stops/event (linear)"),
               summarise(timeChanges(samples, panel, mouseDrag)));
        // Jumps: a typed value lands anywhere in 1…4096 (and becomes a stop of the slider).
        const auto jumpLinear = [&](int) { panel.workerSpinBox()->setValue(jump(generator)); };
        record(QStringLiteral("scaling_linear_jumps"),
               QStringLiteral("Scaling: type any N in 1…4096 (linear)"),
               summarise(timeChanges(samples, panel, jumpLinear)));

        // The same drag in presentation mode, as a class watches it: the step-time chart alone
        // across the width, the read-outs in a row under it (one rich-text layout per step).
        {
            dtsim::ui::Appearance presentation = dtsim::ui::currentAppearance();
            presentation.presentation = true;
            dtsim::ui::applyAppearance(presentation);
            QCoreApplication::processEvents();
            record(QStringLiteral("scaling_presentation_drag"),
                   QStringLiteral("Scaling: drag, 1–3 stops/event (presentation)"),
                   summarise(timeChanges(samples, panel, dragLinear)));
            presentation.presentation = false;
            dtsim::ui::applyAppearance(presentation);
            QCoreApplication::processEvents();
        }

        // 2. Scaling panel, log axis: powers of two.
        panel.workerSpinBox()->setValue(8);
        panel.logScaleBox()->setChecked(true);
        int logPosition = slider->value();
        const auto dragLog = [&](int) {
            int step = nudge(generator);
            if (step == 0) {
                step = 1;
            }
            logPosition = std::clamp(logPosition + step, 0, slider->maximum());
            slider->setValue(logPosition);
        };
        record(QStringLiteral("scaling_log_drag"),
               QStringLiteral("Scaling: drag, 1–3 stops/event (log)"),
               summarise(timeChanges(samples, panel, dragLog)));
        panel.hide();
    }
    if (wanted(QStringLiteral("memory"))) {
        // 2b. Memory panel: dp typed or stepped 1…64 and the ZeRO stage switched, each
        // change evaluating four stages and four verdicts (MODELS §2) and repainting the window.
        dtsim::ui::ScenarioModel memoryModel;
        dtsim::ui::MemoryPanel memoryPanel(&memoryModel);
        memoryPanel.resize(size);
        memoryPanel.show();
        QCoreApplication::processEvents();
        std::uniform_int_distribution<int> memoryDp(1, 64);
        std::uniform_int_distribution<int> memoryStage(0, 3);
        auto* memoryDpField = memoryPanel.field(QStringLiteral("parallel.dp"));
        const auto changeMemory = [&](int i) {
            if (i % 4 == 0) {
                memoryModel.setNumber(QStringLiteral("parallel.zero"), memoryStage(generator));
            } else {
                memoryDpField->setValue(memoryDp(generator));
            }
        };
        record(QStringLiteral("memory_control_edit"),
               QStringLiteral("Memory: dp / ZeRO edit → repainted"),
               summarise(timeChanges(samples, memoryPanel, changeMemory)));
        memoryPanel.hide();
    }
    if (wanted(QStringLiteral("checkpoint"))) {
        // 2c. Checkpoint panel: the interval slider dragged; each step redraws the waste
        // chart and restarts the background Monte-Carlo batch (which is not waited for: the frame
        // is what the user sees).
        dtsim::ui::ScenarioModel checkpointModel;
        dtsim::ui::CheckpointPanel checkpointPanel(&checkpointModel);
        checkpointPanel.resize(size);
        checkpointPanel.show();
        QCoreApplication::processEvents();
        const auto changeInterval = [&](int i) {
            checkpointPanel.intervalSlider()->setValue(300 + (i * 7) % 400);
        };
        record(QStringLiteral("checkpoint_interval_drag"),
               QStringLiteral("Checkpoint: interval slider → repainted"),
               summarise(timeChanges(samples, checkpointPanel, changeInterval)));
        // The worst step of that drag, every time: τ jumps between 631 s (inside the curve's
        // decades) and 158 000 s (past them), so the curve's span and both axes change.
        const auto jumpAcrossSpan = [&](int i) {
            checkpointPanel.intervalSlider()->setValue(i % 2 == 0 ? 300 : 700);
        };
        record(QStringLiteral("checkpoint_span_change"),
               QStringLiteral("Checkpoint: τ leaves the curve's span"),
               summarise(timeChanges(samples, checkpointPanel, jumpAcrossSpan)));
        while (checkpointPanel.charts()->isMonteCarloRunning()) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        }
        checkpointPanel.hide();
        // The panel closed while its worker runs a batch (10^5 Llama-like jobs, seconds of
        // work): the destructor cancels the batch and joins the worker, so a closing window
        // waits for one cancellation poll, not for the batch.
        std::vector<double> closes;
        for (int i = 0; i < 10; ++i) {
            dtsim::ui::ScenarioModel closeModel(simcore::withLlama3Failures(simcore::Scenario{}));
            closeModel.setNumber(QStringLiteral("checkpoint.mc_runs"), 1e5);
            auto closing = std::make_unique<dtsim::ui::CheckpointPanel>(&closeModel);
            bool started = false;
            QObject::connect(closing->charts(), &dtsim::ui::CheckpointCharts::monteCarloStarted,
                             [&started] { started = true; });
            while (!started) { // after the edits settle
                QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
            }
            QElapsedTimer timer;
            timer.start();
            closing.reset();
            closes.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        record(QStringLiteral("checkpoint_close_during_batch"),
               QStringLiteral("Checkpoint: panel closed during a batch"), summarise(closes));
    }
    if (wanted(QStringLiteral("physical"))) {
        // 2d. Scaling panel, Physical mode: each step prices the collective for the
        // bars, the 256-point curve and a scan of every allowed N (1…512: the default batch's
        // sequences) for the optimum.
        dtsim::ui::ScenarioModel physicalModel;
        physicalModel.setValue(QStringLiteral("scaling.mode"), QStringLiteral("physical"));
        physicalModel.setValue(QStringLiteral("collective.algorithm"),
                               QStringLiteral("hierarchical"));
        dtsim::ui::ScalingPanel physicalPanel(&physicalModel);
        physicalPanel.resize(size);
        physicalPanel.show();
        QCoreApplication::processEvents();
        QSlider* physicalSlider = physicalPanel.workerSlider();
        int position = physicalSlider->value();
        const auto dragPhysical = [&](int) {
            int step = nudge(generator);
            position = std::clamp(position + (step == 0 ? 1 : step), 0, physicalSlider->maximum());
            physicalSlider->setValue(position);
        };
        record(QStringLiteral("scaling_physical_drag"),
               QStringLiteral("Scaling Physical: drag (hierarchical)"),
               summarise(timeChanges(samples, physicalPanel, dragPhysical)));
        physicalPanel.hide();
    }
    // Every other panel from the registry, driven through the scenario as its controls do.
    const auto panelCase = [&](const QString& id, simcore::Scenario start,
                               const std::function<void(dtsim::ui::ScenarioModel&, int)>& change,
                               const std::function<void(dtsim::ui::Panel&)>& prepare = {}) {
        dtsim::ui::ScenarioModel caseModel(start);
        std::unique_ptr<dtsim::ui::Panel> casePanel(
            dtsim::ui::findPanelEntry(id)->createPanel(&caseModel, nullptr));
        casePanel->resize(size);
        casePanel->show();
        if (prepare) {
            prepare(*casePanel);
        }
        QCoreApplication::processEvents();
        return summarise(timeChanges(samples, *casePanel, [&](int i) { change(caseModel, i); }));
    };
    if (wanted(QStringLiteral("communication"))) {
        // Communication: 16 GPUs per node, N and S typed; every algorithm's sweep is recomputed.
        simcore::Scenario communicationStart;
        communicationStart.hardware.gpusPerNode = 16;
        std::uniform_int_distribution<int> collectiveWorkers(2, 4096);
        record(QStringLiteral("communication_edit"),
               QStringLiteral("Communication: N / S edit → repainted"),
               panelCase(QStringLiteral("communication"), communicationStart,
                         [&](dtsim::ui::ScenarioModel& m, int i) {
                             if (i % 2 == 0) {
                                 m.setNumber(QStringLiteral("collective.workers"),
                                             collectiveWorkers(generator));
                             } else {
                                 m.setNumber(QStringLiteral("collective.bytes"),
                                             std::pow(10.0, 3 + i % 8));
                             }
                         }));
    }
    if (wanted(QStringLiteral("ring"))) {
        // The ring animation's frame: one step of 16 GPUs (the Physical case's scenario).
        dtsim::ui::ScenarioModel ringModel;
        ringModel.setValue(QStringLiteral("scaling.mode"), QStringLiteral("physical"));
        ringModel.setValue(QStringLiteral("collective.algorithm"), QStringLiteral("hierarchical"));
        std::unique_ptr<dtsim::ui::Panel> ringPanel(
            dtsim::ui::findPanelEntry(QStringLiteral("communication"))
                ->createPanel(&ringModel, nullptr));
        ringPanel->resize(size);
        ringPanel->show();
        QCoreApplication::processEvents();
        auto* ring = ringPanel->findChild<dtsim::ui::RingWidget*>();
        ring->playback()->setWorkers(16);
        record(QStringLiteral("communication_ring_step"),
               QStringLiteral("Communication: ring animation step (16)"),
               summarise(timeChanges(samples, *ringPanel, [&](int i) {
                   if (i % 30 == 0) {
                       ring->playback()->reset();
                   }
                   ring->playback()->stepForward();
               })));
        ringPanel->hide();
    }
    if (wanted(QStringLiteral("parallelism"))) {
        // Parallelism: dp × tp × pp up to 16 × 8 × 8 on the diagram.
        std::uniform_int_distribution<int> degree(0, 3);
        record(QStringLiteral("parallelism_diagram_edit"),
               QStringLiteral("Parallelism: dp/tp/pp edit (diagram)"),
               panelCase(QStringLiteral("parallelism"), simcore::Scenario{},
                         [&](dtsim::ui::ScenarioModel& m, int i) {
                             const char* keys[] = {"parallel.dp", "parallel.tp", "parallel.pp"};
                             m.setNumber(QString::fromLatin1(keys[i % 3]), 1 << degree(generator));
                         }));
    }
    if (wanted(QStringLiteral("pipeline"))) {
        // Pipeline Gantt: p = 8, interleaved v = 2, m stepped through multiples of 8 up to 64.
        simcore::Scenario pipelineStart;
        pipelineStart.parallel.pp = 8;
        pipelineStart.train.globalBatch = 32 * 4; // m = B/(b·dp) = 128 / (1 × 4) = 32
        pipelineStart.parallel.schedule = simcore::PipelineSchedule::Interleaved;
        pipelineStart.parallel.virtualStages = 2;
        record(
            QStringLiteral("pipeline_gantt_edit"),
            QStringLiteral("Pipeline: m edit, p=8 v=2 (Gantt)"),
            panelCase(
                QStringLiteral("parallelism"), pipelineStart,
                [&](dtsim::ui::ScenarioModel& m, int i) {
                    m.setNumber(QStringLiteral("train.global_batch"), 4 * 8 * (1 + i % 8));
                },
                [](dtsim::ui::Panel& p) {
                    static_cast<dtsim::ui::ParallelismPanel&>(p).views()->tabs()->setCurrentIndex(
                        1);
                }));
    }
    if (wanted(QStringLiteral("topology"))) {
        // Topology: the mis-wired node (the exhaustive ring search) and the 4-node cluster, N
        // edited.
        std::uniform_int_distribution<int> topologyWorkers(2, 32);
        record(QStringLiteral("topology_edit"), QStringLiteral("Topology: N / preset edit"),
               panelCase(QStringLiteral("topology"), simcore::Scenario{},
                         [&](dtsim::ui::ScenarioModel& m, int i) {
                             if (i % 5 == 0) {
                                 m.setValue(QStringLiteral("topology.preset"),
                                            i % 10 == 0 ? QStringLiteral("miswired")
                                                        : QStringLiteral("ndr-cluster"));
                             }
                             const bool miswired = m.scenario().topology.preset ==
                                                   simcore::TopologyPresetId::Miswired;
                             m.setNumber(QStringLiteral("collective.workers"),
                                         miswired ? 2 + i % 7 : topologyWorkers(generator));
                         }));
    }
    if (wanted(QStringLiteral("export"))) {
        // Export of every view, PNG 1600×900 at 2× (what a teacher pastes into slides), and SVG.
        QTemporaryDir exportDir;
        for (const auto& entry : dtsim::ui::panelEntries()) {
            std::vector<double> times;
            for (int i = 0; i < 5; ++i) {
                for (const char* extension : {"png", "svg"}) {
                    QElapsedTimer timer;
                    timer.start();
                    dtsim::ui::ExportOptions options;
                    options.scale = 2.0;
                    const QString error = dtsim::ui::exportPanel(
                        entry.id, simcore::Scenario{},
                        exportDir.filePath(entry.id + QLatin1Char('.') + QLatin1String(extension)),
                        options);
                    if (!error.isEmpty()) {
                        return 1;
                    }
                    times.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
                }
            }
            exports.emplace_back(entry.id, summarise(times));
        }
    }
    if (wanted(QStringLiteral("sweep"))) {
        // simcore sweep: the Physical (layout) step at every N in 1…1e5 under weak scaling,
        // where every multiple of tp·pp·cp = 8 is a layout (12,500 of them); the others are
        // refused by the fit test alone.
        simcore::Scenario sweepScenario;
        sweepScenario.scaling.batch = simcore::BatchScalingMode::Weak;
        const auto sweep = *simcore::LayoutSweep::fromScenario(sweepScenario);
        QElapsedTimer sweepTimer;
        sweepTimer.start();
        double checksum = 0;
        for (std::int64_t n = 1; n <= 100000; ++n) {
            if (sweep.fit(n) == simcore::LayoutFit::Fits) {
                checksum += sweep.step(n).stepSeconds;
            }
        }
        const double sweepMs = static_cast<double>(sweepTimer.nsecsElapsed()) / 1e6;
        if (!std::isfinite(checksum)) {
            return 1;
        }
        figures.emplace_back(QStringLiteral("simcore_physical_sweep_1e5_ms"), sweepMs);
        notes << QStringLiteral("simcore: Physical (layout) step for every N in 1…1e5: %1 ms")
                     .arg(sweepMs, 0, 'f', 1);
    }
    // 3. Baseline: a minimal Qt Charts window with 13 bars, values changed each frame.
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    auto* set = new QBarSet(QStringLiteral("bars"));
    QStringList categories;
    for (int i = 0; i < 13; ++i) {
        *set << i;
        categories << QString::number(i);
    }
    auto* series = new QBarSeries;
    series->append(set);
    chart->addSeries(series);
    auto* axisX = new QBarCategoryAxis;
    axisX->append(categories);
    auto* axisY = new QValueAxis;
    axisY->setRange(0, 20);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisX);
    series->attachAxis(axisY);
    QChartView view(chart);
    view.resize(size);
    view.show();
    QCoreApplication::processEvents();
    const auto changeBaseline = [&](int i) {
        for (int b = 0; b < 13; ++b) {
            set->replace(b, (b * 7 + i) % 19);
        }
    };
    const Stats baseline = record(QStringLiteral("baseline_minimal_chart"),
                                  QStringLiteral("baseline: minimal 13-bar chart repaint"),
                                  summarise(timeChanges(samples, view, changeBaseline)));
    for (const auto& r : rows) {
        if (r.key == QLatin1String("scaling_linear_drag")) {
            notes << QStringLiteral("ratio Scaling drag (linear) / baseline, medians: %1")
                         .arg(r.stats.median / baseline.median, 0, 'f', 2);
        }
    }

    if (wanted(QStringLiteral("simcore"))) {
        // 4. simcore alone: one evaluation of each view's report (what every redraw starts
        // with), the Scaling view's at N anywhere in 1…4096.
        for (const simcore::View view : simcore::allViews()) {
            std::vector<double> evaluations;
            simcore::Scenario scenario;
            for (int i = 0; i < samples; ++i) {
                scenario.scaling.workers = jump(generator);
                QElapsedTimer timer;
                timer.start();
                const auto report = simcore::evaluateView(view, scenario);
                const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
                if (!report.ok()) {
                    return 1;
                }
                evaluations.push_back(ms);
            }
            const QString id = QString::fromLatin1(
                simcore::viewId(view).data(), static_cast<qsizetype>(simcore::viewId(view).size()));
            record(QStringLiteral("simcore_report_%1").arg(id),
                   QStringLiteral("simcore: %1 report").arg(id), summarise(evaluations));
        }
        // The Communication view at its widest axes, what an edit there evaluates (the cost,
        // both sweeps and the terms): a million GPUs (hierarchical), and S = 1e15 on 4,096 GPUs.
        const auto timeCommunication = [&](const QString& key, const QString& label,
                                           std::initializer_list<const char*> sets) {
            simcore::Scenario scenario;
            for (const char* set : sets) {
                if (simcore::applyAssignment(scenario, set)) {
                    return false;
                }
            }
            std::vector<double> evaluations;
            for (int i = 0; i < samples; ++i) {
                QElapsedTimer timer;
                timer.start();
                const auto report = simcore::communicationReport(scenario);
                const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
                if (!report.ok()) {
                    return false;
                }
                evaluations.push_back(ms);
            }
            record(key, label, summarise(evaluations));
            return true;
        };
        if (!timeCommunication(
                QStringLiteral("simcore_communication_1e6_gpus"),
                QStringLiteral("simcore: communication, 1e6 GPUs"),
                {"collective.workers=1000000", "collective.algorithm=hierarchical"}) ||
            !timeCommunication(QStringLiteral("simcore_communication_1e15_bytes"),
                               QStringLiteral("simcore: communication, S = 1e15"),
                               {"collective.bytes=1e15", "collective.workers=4096"})) {
            return 1;
        }
        // E[max] of N standard normals (simcore/models/goodput.h), the straggler factor's order
        // statistic, for N of every decade from 10 to 1e12: one quadrature each (a new N every
        // time, past the cache of known N); its cost must not grow with N.
        {
            std::vector<double> quadratures;
            double sink = 0;
            for (std::int64_t round = 0; round < std::max(samples / 10, 5); ++round) {
                for (std::int64_t decade = 10; decade <= 1'000'000'000'000; decade *= 10) {
                    QElapsedTimer timer;
                    timer.start();
                    sink += simcore::normalMaxMoments(decade + round).mean;
                    quadratures.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
                }
            }
            if (!std::isfinite(sink)) {
                return 1;
            }
            record(QStringLiteral("simcore_normal_max_quadrature"),
                   QStringLiteral("simcore: E[max] of N normals, N = 10…1e12"),
                   summarise(quadratures));
        }
        // One dp × tp × pp × cp layout's step time (simcore/models/training.h), what a planner
        // evaluates thousands of times: the GPT-3 layout of Narayanan et al. 2021 Table 2 with
        // dp and the schedule varied. Timed in batches of 100 (a clock read costs more than
        // one evaluation), reported per evaluation in microseconds.
        {
            simcore::Scenario gpt3;
            gpt3.model = {0, 96, 12288, 96, 2048, 51200};
            gpt3.train.precision = simcore::Precision::Mixed;
            gpt3.train.recompute = simcore::Recompute::Full;
            gpt3.train.globalBatch = 1536;
            gpt3.parallel = {};
            gpt3.parallel.tp = 8;
            gpt3.parallel.pp = 12;
            gpt3.hardware.gpu = "a100-80";
            const auto base = *simcore::stepTimeParamsFromScenario(gpt3);
            constexpr int kBatch = 100;
            constexpr std::int64_t kDp[] = {1, 2, 3, 4, 6, 8, 12, 16};
            std::vector<double> microseconds;
            double sink = 0;
            for (int i = 0; i < samples; ++i) {
                QElapsedTimer timer;
                timer.start();
                for (int k = 0; k < kBatch; ++k) {
                    auto params = base;
                    params.dp = kDp[k % 8];
                    params.zero = k % 4;
                    params.schedule = k % 2 ? simcore::PipelineSchedule::Interleaved
                                            : simcore::PipelineSchedule::OneFOneB;
                    params.virtualStages = 2;
                    sink += simcore::evaluateStepTime(params).stepSeconds;
                }
                microseconds.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e3 / kBatch);
            }
            const Stats layout = summarise(microseconds);
            figures.emplace_back(QStringLiteral("steptime3d_layout_median_us"), layout.median);
            figures.emplace_back(QStringLiteral("steptime3d_layout_p99_us"), layout.p99);
            notes << QStringLiteral("simcore: one dp x tp x pp x cp layout's step time: median "
                                    "%1 us, p99 %2 us (target 1 us; checksum %3)")
                         .arg(layout.median, 0, 'f', 3)
                         .arg(layout.p99, 0, 'f', 3)
                         .arg(sink > 0 ? 1 : 0);
        }
    }
    if (wanted(QStringLiteral("planner"))) {
        // 4b. The planner (simcore/plan/planner.h): Llama 3 405B at 8K, a batch of 2,048 sequences
        // (Dubey et al. 2024, Table 4), on 1,024, 16,384 and 98,304 H100 (≈ 100k: 12,288 nodes
        // of 8), one search per sample on one thread: search time and layouts per second.
        simcore::Scenario llama;
        llama.model = simcore::findModelPreset("llama3-405b")->model;
        llama.train.precision = simcore::Precision::Mixed;
        llama.train.globalBatch = 2048;
        llama.train.tokens = 15.6e12;
        llama.hardware.gpu = "h100-sxm";
        llama.hardware.nicsPerNode = 8;
        llama.hardware.nicBandwidthBytesPerSecond = 50e9;
        for (const std::int64_t gpus :
             {std::int64_t{1024}, std::int64_t{16384}, std::int64_t{98304}}) {
            llama.hardware.gpus = gpus;
            std::vector<double> searches;
            std::int64_t evaluated = 0;
            std::int64_t priced = 0;
            for (int i = 0; i < std::max(samples / 10, 5); ++i) {
                QElapsedTimer timer;
                timer.start();
                const auto plan = simcore::planTraining(llama);
                searches.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
                evaluated = plan.evaluated;
                priced = plan.priced;
            }
            const Stats search = record(QStringLiteral("planner_%1_gpus").arg(gpus),
                                        QStringLiteral("planner: Llama 3 405B, %1 GPUs").arg(gpus),
                                        summarise(searches));
            const double perSecond = static_cast<double>(evaluated) / (search.median / 1e3);
            figures.emplace_back(QStringLiteral("planner_%1_gpus_layouts").arg(gpus),
                                 static_cast<double>(evaluated));
            figures.emplace_back(QStringLiteral("planner_%1_gpus_layouts_per_second").arg(gpus),
                                 perSecond);
            notes << QStringLiteral("planner, %1 GPUs: %2 layouts considered (%3 priced) in %4 ms "
                                    "median: %5 layouts/s on one core")
                         .arg(gpus)
                         .arg(evaluated)
                         .arg(priced)
                         .arg(search.median, 0, 'f', 2)
                         .arg(perSecond, 0, 'g', 3);
        }
        // The Plan panel re-ranking on an edit (the batch, then the cluster, typed), Llama 3 405B
        // at 16,384 GPUs. The search runs on a worker (PlanSearch), so what the user feels is
        // two frames on the UI thread and the wait between them: the edit's own frame (fields,
        // the search asked for), the frame that draws the plan when it arrives (map, front,
        // bars, read-outs repainted), and the latency from the edit to that plan drawn. The
        // worker's end is waited for outside the event loop (the UI thread would idle), then
        // the event loop delivers it as in the window, so the second frame is timed alone.
        {
            simcore::Scenario planStart = llama;
            planStart.hardware.gpus = 16384;
            dtsim::ui::ScenarioModel planModel(planStart);
            std::unique_ptr<dtsim::ui::Panel> created(
                dtsim::ui::findPanelEntry(QStringLiteral("plan"))
                    ->createPanel(&planModel, nullptr));
            auto* planPanel = qobject_cast<dtsim::ui::PlanPanel*>(created.get());
            planPanel->resize(size);
            planPanel->show();
            QCoreApplication::processEvents();
            std::vector<double> editFrames;
            std::vector<double> planFrames;
            std::vector<double> latencies;
            int warmUp = 20; // the first frames warm caches and fonts
            for (int i = 0; static_cast<int>(latencies.size()) < samples; ++i) {
                const int drawnBefore = planPanel->plansDrawn();
                QElapsedTimer timer;
                timer.start();
                if (i % 2 == 0) {
                    planModel.setNumber(QStringLiteral("train.global_batch"),
                                        i % 4 == 0 ? 1024 : 2048);
                } else {
                    planModel.setNumber(QStringLiteral("hardware.gpus"), i % 3 == 0 ? 8192 : 16384);
                }
                QCoreApplication::processEvents();
                const double editFrame = static_cast<double>(timer.nsecsElapsed()) / 1e6;
                double planFrame = 0;
                while (planPanel->isSearching()) {
                    planPanel->search()->waitForWorker();
                    const qint64 arrived = timer.nsecsElapsed();
                    // The plan arrives as a posted event; what drawing it posts (the repaint)
                    // waits for the event loop's next pass, as in the window.
                    QCoreApplication::processEvents();
                    QCoreApplication::processEvents();
                    planFrame = static_cast<double>(timer.nsecsElapsed() - arrived) / 1e6;
                }
                if (planPanel->plansDrawn() == drawnBefore) {
                    continue; // the value did not change: no search, no sample
                }
                const double latency = static_cast<double>(timer.nsecsElapsed()) / 1e6;
                if (warmUp > 0) {
                    --warmUp;
                    continue;
                }
                editFrames.push_back(editFrame);
                planFrames.push_back(planFrame);
                latencies.push_back(latency);
            }
            record(QStringLiteral("plan_edit_frame_16384_gpus"),
                   QStringLiteral("Plan: batch / GPUs edit, the edit's frame (405B, 16k GPUs)"),
                   summarise(editFrames));
            record(QStringLiteral("plan_result_frame_16384_gpus"),
                   QStringLiteral("Plan: the frame that draws the new plan"),
                   summarise(planFrames));
            record(QStringLiteral("plan_edit_to_drawn_16384_gpus"),
                   QStringLiteral("Plan: edit to new plan drawn (latency, search incl.)"),
                   summarise(latencies));
            planPanel->hide();
        }
        // The whole command as a user runs it, process start included (target < 1 s).
        const QString executable =
            QCoreApplication::applicationDirPath() + QStringLiteral("/../app/dtsim");
        if (QFileInfo::exists(executable)) {
            const QStringList arguments{
                QStringLiteral("plan"),  QStringLiteral("--json"),
                QStringLiteral("--top"), QStringLiteral("1"),
                QStringLiteral("--set"), QStringLiteral("model.params=405853388800"),
                QStringLiteral("--set"), QStringLiteral("model.layers=126"),
                QStringLiteral("--set"), QStringLiteral("model.hidden=16384"),
                QStringLiteral("--set"), QStringLiteral("model.heads=128"),
                QStringLiteral("--set"), QStringLiteral("model.seq_len=8192"),
                QStringLiteral("--set"), QStringLiteral("model.vocab=128256"),
                QStringLiteral("--set"), QStringLiteral("train.precision=mixed"),
                QStringLiteral("--set"), QStringLiteral("train.global_batch=2048"),
                QStringLiteral("--set"), QStringLiteral("train.tokens=15.6e12"),
                QStringLiteral("--set"), QStringLiteral("hardware.gpus=16384"),
                QStringLiteral("--set"), QStringLiteral("hardware.nics_per_node=8"),
                QStringLiteral("--set"), QStringLiteral("hardware.nic_bandwidth=5e10")};
            std::vector<double> runs;
            for (int i = 0; i < 10; ++i) {
                QProcess process;
                QElapsedTimer timer;
                timer.start();
                process.start(executable, arguments);
                if (!process.waitForFinished(60000) || process.exitCode() != 0) {
                    return 1;
                }
                runs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            }
            record(QStringLiteral("planner_command_16384_gpus"),
                   QStringLiteral("dtsim plan, 16384 GPUs, process start incl."), summarise(runs));
        }
    }
    if (wanted(QStringLiteral("montecarlo"))) {
        // 5. Monte-Carlo failure simulation (MODELS §6): failure events per second on one core,
        // Llama 3 §3.3.4's job (M = 54 days / 419 failures ≈ 3.09 h, τ = 20 min, δ = 1 min,
        // R = 10 min, W = 54 days).
        simcore::CheckpointParams llama;
        llama.intervalSeconds = 1200;
        llama.writeSeconds = 60;
        llama.restartSeconds = 600;
        llama.mtbfSeconds = 54.0 * 86400.0 / 419.0;
        llama.workSeconds = 54.0 * 86400.0;
        simcore::MonteCarloOptions monteCarloOptions;
        monteCarloOptions.seed = 2026;
        QElapsedTimer monteCarloTimer;
        monteCarloTimer.start();
        const auto batch = simcore::simulateBatch(llama, 5000, monteCarloOptions);
        const double monteCarloSeconds = static_cast<double>(monteCarloTimer.nsecsElapsed()) / 1e9;
        const double failuresPerSecond =
            static_cast<double>(batch.totalFailures) / monteCarloSeconds;
        figures.emplace_back(QStringLiteral("montecarlo_failure_events_per_second"),
                             failuresPerSecond);
        notes << QStringLiteral("Monte-Carlo (Llama 3 job, 5000 runs): %1 failures in %2 s = %3 "
                                "failure events/s")
                     .arg(batch.totalFailures)
                     .arg(monteCarloSeconds, 0, 'f', 3)
                     .arg(failuresPerSecond, 0, 'g', 3);
    }
    if (wanted(QStringLiteral("startup"))) {
        // Cold start to the first painted window: dtsim's whole window vs a minimal Qt Charts
        // window, alternating so both see the same machine state.
        // Thirty pairs: this machine drifts between fast and slow phases lasting seconds, so the
        // ratio within each adjacent pair is the steadier figure.
        struct Series {
            std::vector<double> dtsim;
            std::vector<double> minimal;
            std::vector<double> pairRatios;
            void add(double d, double m)
            {
                dtsim.push_back(d);
                minimal.push_back(m);
                pairRatios.push_back(d / m);
            }
        };
        Series paint;
        Series frame;
        for (int i = 0; i < 30; ++i) {
            const StartTimes d = timeStartup(QStringLiteral("dtsim"));
            const StartTimes m = timeStartup(QStringLiteral("minimal"));
            paint.add(d.firstPaint, m.firstPaint);
            frame.add(d.firstFrame, m.firstFrame);
        }
        const auto report = [&](const Series& series, const QString& key, const QString& what) {
            const Stats dtsimStart = record(
                QStringLiteral("cold_start_%1_dtsim").arg(key),
                QStringLiteral("cold start: dtsim window, %1").arg(what), summarise(series.dtsim));
            const Stats minimalStart =
                record(QStringLiteral("cold_start_%1_minimal_chart").arg(key),
                       QStringLiteral("cold start: minimal chart window, %1").arg(what),
                       summarise(series.minimal));
            const Stats pairs = summarise(series.pairRatios);
            figures.emplace_back(QStringLiteral("cold_start_%1_ratio_medians").arg(key),
                                 dtsimStart.median / minimalStart.median);
            figures.emplace_back(QStringLiteral("cold_start_%1_ratio_pairs_median").arg(key),
                                 pairs.median);
            notes << QStringLiteral("cold start ratio to %1 (medians): %2; per adjacent pair: "
                                    "median %3, p90 %4")
                         .arg(what)
                         .arg(dtsimStart.median / minimalStart.median, 0, 'f', 2)
                         .arg(pairs.median, 0, 'f', 2)
                         .arg(pairs.p90, 0, 'f', 2);
        };
        report(paint, QStringLiteral("paint"), QStringLiteral("first paint event"));
        report(frame, QStringLiteral("frame"), QStringLiteral("first frame painted"));
    }
    if (json) {
        QJsonObject root;
        for (const auto& r : rows) {
            root.insert(r.key, toJson(r.stats));
        }
        if (!exports.empty()) {
            QJsonObject exportsJson;
            for (const auto& [id, stats] : exports) {
                exportsJson.insert(id, toJson(stats));
            }
            root.insert(QStringLiteral("export_png2x_and_svg"), exportsJson);
        }
        for (const auto& [key, value] : figures) {
            root.insert(key, value);
        }
        root.insert(QStringLiteral("samples"), samples);
        root.insert(QStringLiteral("repaint"), g_repaint == RepaintMode::Whole
                                                   ? QStringLiteral("whole")
                                                   : QStringLiteral("dirty"));
        root.insert(QStringLiteral("size"),
                    QStringLiteral("%1x%2").arg(size.width()).arg(size.height()));
        QTextStream(stdout) << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    QTextStream out(stdout);
    out << "dtsim_bench: " << samples << " changes each, window " << size.width() << "x"
        << size.height() << ", platform " << QGuiApplication::platformName() << ", repaint "
        << (g_repaint == RepaintMode::Whole ? "whole window" : "dirty regions") << "\n";
    out << QStringLiteral("%1 %2 %3 %4 %5\n")
               .arg(QStringLiteral("case"), -44)
               .arg(QStringLiteral("median"), 9)
               .arg(QStringLiteral("p90"), 9)
               .arg(QStringLiteral("p99"), 9)
               .arg(QStringLiteral("max ms"), 9);
    const auto row = [&out](const QString& name, const Stats& s) {
        out << QStringLiteral("%1 %2 %3 %4 %5\n")
                   .arg(name, -44)
                   .arg(s.median, 9, 'f', 3)
                   .arg(s.p90, 9, 'f', 3)
                   .arg(s.p99, 9, 'f', 3)
                   .arg(s.max, 9, 'f', 3);
    };
    for (const auto& r : rows) {
        row(r.label, r.stats);
    }
    for (const auto& [id, stats] : exports) {
        row(QStringLiteral("export %1 (PNG 2x or SVG, 1600x900)").arg(id), stats);
    }
    for (const auto& line : notes) {
        out << line << "\n";
    }
    return 0;
}
