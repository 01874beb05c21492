#include "app/cli.h"

#include "app/calc_allreduce.h" // communication panel (issue #4)
#include "app/calc_pipeline.h"  // parallelism panel (issue #6)
#include "app/calcoutput.h"
#include "app/importcommand.h"  // topology panel (issue #5)
#include "simcore/catalogue.h"  // memory panel (issue #3)
#include "simcore/checkpoint.h" // checkpoint panel (issue #7)
#include "simcore/memory.h"     // memory panel (issue #3)
#include "simcore/montecarlo.h" // checkpoint panel (issue #7)
#include "simcore/parallellayout.h"
#include "simcore/scaling.h"
#include "simcore/scenario.h"
#include "ui/appearance.h"
#include "ui/exporter.h"
#include "ui/language.h"
#include "ui/mainwindow.h"
#include "ui/presets.h" // presets (issue #8)
#include "ui/scenariofile.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QJsonArray> // memory panel (issue #3)
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSettings>
#include <QTextStream>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>

namespace dtsim::app {

namespace {

void setApplicationInfo()
{
    QCoreApplication::setApplicationName(QStringLiteral("dtsim"));
    QCoreApplication::setOrganizationName(QStringLiteral("dtsim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DTSIM_VERSION));
}

QString calcModelNames();

/// --theme light|dark|system; false (with a message) for another word. Without it the look
/// stays as it is (light for export; the window reads its remembered theme itself).
bool applyThemeOption(const QCommandLineParser& parser)
{
    if (!parser.isSet(QStringLiteral("theme"))) {
        return true;
    }
    bool known = false;
    const QString name = parser.value(QStringLiteral("theme"));
    ui::Appearance appearance = ui::currentAppearance();
    appearance.theme = ui::themeFromName(name, &known);
    if (!known) {
        printError(QStringLiteral("--theme: '%1' is not allowed; allowed: system | light | dark")
                       .arg(name));
        return false;
    }
    ui::applyAppearance(appearance);
    return true;
}

/// --lang, else the remembered language, else the system's; false (with a message) for a bad
/// --lang.
bool applyLanguageOption(const QCommandLineParser& parser, const QString& remembered)
{
    if (parser.isSet(QStringLiteral("lang"))) {
        const QString code = parser.value(QStringLiteral("lang"));
        if (!ui::setLanguage(code)) {
            printError(QStringLiteral("--lang: '%1' is not available; allowed: %2")
                           .arg(code, ui::availableLanguages().join(QStringLiteral(" | "))));
            return false;
        }
        return true;
    }
    const QString code =
        ui::availableLanguages().contains(remembered) ? remembered : ui::systemLanguage();
    ui::setLanguage(code);
    return true;
}

QString usage()
{
    return QStringLiteral(
               "Usage:\n"
               "  dtsim [--scenario FILE | --preset ID] [--panel P] [--lang vi|en] [--theme "
               "system|light|dark]\n"
               "        [--presentation]                  start the window\n"
               "  dtsim calc MODEL [--scenario FILE | --preset ID] [--set KEY=VALUE]... [--json]\n"
               "  dtsim export --panel P --out FILE [--scenario FILE | --preset ID] [--set "
               "KEY=VALUE]...\n"
               "               [--size WxH] [--scale S] [--lang vi|en] [--theme light|dark]\n"
               "  dtsim export --panel all --out DIR [--format png|svg|pdf] ...   every panel + "
               "CSV\n"
               "  dtsim keys                              list every scenario key\n"
               "  dtsim import nccl-tests|nvidia-topo FILE [--json]   read your own measurements\n"
               "  dtsim --help | --version\n"
               "\n"
               "MODEL: %1.\nP: %2.\nID (presets): %3.\n"
               "FILE for export: .png, .svg, .pdf or .csv.\n"
               "Units are SI: seconds, bytes, bytes per second.\n"
               "Example: dtsim calc scaling --set scaling.workers=32 --json\n"
               "calc checkpoint --monte-carlo also simulates checkpoint.mc_runs jobs.\n")
        .arg(calcModelNames(), ui::exportablePanels().join(QStringLiteral(", ")),
             ui::presetIds().join(QStringLiteral(", ")));
}

/// The options every scenario-reading command shares.
void addScenarioOptions(QCommandLineParser& parser)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOption({QStringLiteral("scenario"), QStringLiteral("Scenario file to start from."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("preset"), // presets (issue #8)
                      QStringLiteral("Built-in preset to start from."), QStringLiteral("ID")});
    parser.addOption({QStringLiteral("set"), QStringLiteral("Set one scenario key."),
                      QStringLiteral("KEY=VALUE")});
}

/// Parses with a one-line error on stderr; returns false on bad usage.
bool parseArguments(QCommandLineParser& parser, const QStringList& arguments)
{
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return false;
    }
    return true;
}

/// Builds the scenario from --scenario then every --set in order; prints the first problem.
std::optional<simcore::Scenario> scenarioFrom(const QCommandLineParser& parser)
{
    simcore::Scenario scenario;
    // presets (issue #8): a preset or a scenario file is the starting point, never both.
    if (parser.isSet(QStringLiteral("preset")) && parser.isSet(QStringLiteral("scenario"))) {
        printError(QStringLiteral("--preset and --scenario cannot be used together; choose one "
                                  "(--set applies after either)"));
        return std::nullopt;
    }
    if (parser.isSet(QStringLiteral("preset"))) {
        QString error;
        const auto preset = ui::loadPreset(parser.value(QStringLiteral("preset")), &error);
        if (!preset) {
            printError(QStringLiteral("--preset: ") + error);
            return std::nullopt;
        }
        scenario = *preset;
    }
    if (parser.isSet(QStringLiteral("scenario"))) {
        auto loaded = ui::loadScenarioFile(parser.value(QStringLiteral("scenario")));
        if (!loaded.scenario) {
            printError(QStringLiteral("--scenario: ") + loaded.error);
            return std::nullopt;
        }
        scenario = *loaded.scenario;
    }
    for (const QString& assignment : parser.values(QStringLiteral("set"))) {
        if (auto error = simcore::applyAssignment(scenario, assignment.toStdString())) {
            printError(QStringLiteral("--set: ") + QString::fromStdString(error->message()));
            return std::nullopt;
        }
    }
    const auto problems = simcore::validate(scenario);
    if (!problems.empty()) {
        printError(QString::fromStdString(problems.front().message()));
        return std::nullopt;
    }
    return scenario;
}

int calcScaling(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const bool json = options.json;
    const auto result = simcore::evaluateScaling(scenario);
    const auto& s = result.selected;
    const bool physical = result.mode == simcore::ScalingMode::Physical;
    if (json) {
        QJsonObject object{
            {QStringLiteral("model"), QStringLiteral("scaling")},
            {QStringLiteral("mode"),
             physical ? QStringLiteral("physical") : QStringLiteral("lesson")},
            {QStringLiteral("workers"), static_cast<double>(s.workers)},
            {QStringLiteral("compute"), s.computeSeconds},
            {QStringLiteral("sync"), s.syncSeconds},
            {QStringLiteral("step"), s.stepSeconds},
            {QStringLiteral("ideal"), s.idealSeconds},
            {QStringLiteral("speedup"), s.speedup},
            {QStringLiteral("efficiency"), s.efficiency},
            {QStringLiteral("optimal_workers"), static_cast<double>(result.optimalWorkers)},
            {QStringLiteral("optimal_step"), result.optimal.stepSeconds},
            {QStringLiteral("steps"), static_cast<double>(scenario.train.steps)},
            {QStringLiteral("total_time"), s.totalSeconds}};
        printOut(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) +
                 QLatin1Char('\n'));
        return kSuccess;
    }
    QString text;
    QTextStream out(&text);
    if (physical) {
        out << "Scaling, physical model (MODELS §3 compute, §4 collectives), N = " << s.workers
            << "\n";
    } else {
        out << "Scaling, lesson model (seed lesson §5), N = " << s.workers << "\n";
    }
    const auto number = [](double value) { return QString::number(value, 'g', 6); };
    const auto row = [&out](const char* name, const QString& value, const char* unit) {
        out << "  " << QString::fromLatin1(name).leftJustified(24) << value.rightJustified(14)
            << "  " << unit << "\n";
    };
    row(physical ? "compute" : "compute (T1/N)", number(s.computeSeconds), "s");
    row(physical ? "sync (not overlapped)" : "sync", number(s.syncSeconds), "s");
    row("step", number(s.stepSeconds), "s");
    row("ideal (T1/N)", number(s.idealSeconds), "s");
    row("speed-up", number(s.speedup), "x");
    row("efficiency", number(s.efficiency), "");
    row("optimal workers", QString::number(result.optimalWorkers), "");
    row("step at optimum", number(result.optimal.stepSeconds), "s");
    row("steps", QString::number(scenario.train.steps), "");
    row("total training time", number(s.totalSeconds), "s");
    out.flush();
    printOut(text);
    return kSuccess;
}

// memory panel (issue #3): `dtsim calc memory`, per-GPU bytes and the verdict on hardware.gpu.
int calcMemory(const simcore::Scenario& scenario, const CalcOptions& calcOptions)
{
    const bool json = calcOptions.json;
    const simcore::MemoryOptions options = simcore::memoryOptionsFromScenario(scenario);
    if (const auto problems = simcore::validateMemory(scenario, options); !problems.empty()) {
        printError(QString::fromStdString(problems.front().message()));
        return kBadInput;
    }
    const simcore::GpuSpec* gpu = simcore::findGpu(scenario.hardware.gpu);
    if (!gpu) { // validate() has checked the id against the catalogue already
        printError(QStringLiteral("hardware.gpu: unknown GPU '%1'")
                       .arg(QString::fromStdString(scenario.hardware.gpu)));
        return kBadInput;
    }
    const auto m = simcore::evaluateMemory(scenario, options);
    const auto verdict = simcore::memoryVerdict(scenario, *gpu, options);
    const auto bytes =
        simcore::bytesPerParameter(scenario.train.precision, scenario.train.optimizer);
    const QString gpuId = QString::fromUtf8(gpu->id.data(), static_cast<qsizetype>(gpu->id.size()));
    constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
    if (json) {
        QJsonArray stages;
        simcore::Scenario trial = scenario;
        for (std::int64_t zero = 0; zero <= 3; ++zero) {
            trial.parallel.zero = zero;
            const auto stage = simcore::evaluateMemory(trial, options);
            const auto stageVerdict = simcore::memoryVerdict(trial, *gpu, options);
            stages.append(QJsonObject{
                {QStringLiteral("zero"), static_cast<double>(zero)},
                {QStringLiteral("total"), stage.totalBytes},
                {QStringLiteral("fits"), stageVerdict.fits},
                {QStringLiteral("min_gpus"), static_cast<double>(stageVerdict.minGpus)}});
        }
        QJsonObject object{{QStringLiteral("model"), QStringLiteral("memory")},
                           {QStringLiteral("params"), m.parameters},
                           {QStringLiteral("params_per_gpu"), m.parametersPerGpu},
                           {QStringLiteral("bytes_per_param"),
                            QJsonObject{{QStringLiteral("weights"), bytes.weights},
                                        {QStringLiteral("gradients"), bytes.gradients},
                                        {QStringLiteral("optimizer"), bytes.optimizer}}},
                           {QStringLiteral("zero"), static_cast<double>(scenario.parallel.zero)},
                           {QStringLiteral("dp"), static_cast<double>(scenario.parallel.dp)},
                           {QStringLiteral("tp"), static_cast<double>(scenario.parallel.tp)},
                           {QStringLiteral("pp"), static_cast<double>(scenario.parallel.pp)},
                           {QStringLiteral("weights"), m.weightsBytes},
                           {QStringLiteral("gradients"), m.gradientsBytes},
                           {QStringLiteral("optimizer"), m.optimizerBytes},
                           {QStringLiteral("activations"), m.activationsBytes},
                           {QStringLiteral("buffers"), m.buffersBytes},
                           {QStringLiteral("total"), m.totalBytes},
                           {QStringLiteral("total_gib"), m.totalBytes / kGiB},
                           {QStringLiteral("gpu"), gpuId},
                           {QStringLiteral("capacity"), verdict.capacityBytes},
                           {QStringLiteral("headroom"), verdict.headroomBytes},
                           {QStringLiteral("fits"), verdict.fits},
                           {QStringLiteral("min_dp"), static_cast<double>(verdict.minDataParallel)},
                           {QStringLiteral("min_gpus"), static_cast<double>(verdict.minGpus)},
                           {QStringLiteral("stages"), stages}};
        printOut(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) +
                 QLatin1Char('\n'));
        return kSuccess;
    }
    QString text;
    QTextStream out(&text);
    out << "Memory per GPU (seed lesson §1, ZeRO paper §5): ZeRO-" << scenario.parallel.zero
        << ", dp " << scenario.parallel.dp << " x tp " << scenario.parallel.tp << " x pp "
        << scenario.parallel.pp << ", "
        << QString::fromUtf8(gpu->displayName.data(),
                             static_cast<qsizetype>(gpu->displayName.size()))
        << "\n";
    out << "  " << QStringLiteral("item").leftJustified(14)
        << QStringLiteral("bytes").rightJustified(18)
        << QStringLiteral("GB (1e9)").rightJustified(12)
        << QStringLiteral("GiB (2^30)").rightJustified(12) << "\n";
    const auto row = [&out](const char* name, double value) {
        out << "  " << QString::fromLatin1(name).leftJustified(14)
            << QString::number(value, 'f', 0).rightJustified(18)
            << QString::number(value / 1e9, 'f', 3).rightJustified(12)
            << QString::number(value / kGiB, 'f', 3).rightJustified(12) << "\n";
    };
    row("weights", m.weightsBytes);
    row("gradients", m.gradientsBytes);
    row("optimizer", m.optimizerBytes);
    row("activations", m.activationsBytes);
    row("buffers", m.buffersBytes);
    row("total", m.totalBytes);
    row("capacity", verdict.capacityBytes);
    row("headroom", verdict.headroomBytes);
    out << "  parameters    " << QString::number(m.parameters, 'g', 10) << " (" << bytes.weights
        << " + " << bytes.gradients << " + " << bytes.optimizer << " bytes per parameter)\n";
    out << "  fits          " << (verdict.fits ? "yes" : "no") << "\n";
    out << "  min GPUs      "
        << (verdict.minGpus > 0 ? QString::number(verdict.minGpus) + QStringLiteral(" (dp ") +
                                      QString::number(verdict.minDataParallel) +
                                      QStringLiteral(" at this ZeRO stage, tp and pp)")
                                : QStringLiteral("never at this ZeRO stage, tp and pp"))
        << "\n";
    out.flush();
    printOut(text);
    return kSuccess;
}

// checkpoint panel (issue #7): `dtsim calc checkpoint`, MODELS §6 (Young 1974, Daly 2006).
int calcCheckpoint(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const bool json = options.json;
    const bool monteCarlo = options.monteCarlo;
    const auto r = simcore::evaluateCheckpoint(scenario);
    if (r.status == simcore::CheckpointStatus::InvalidInput) {
        printError(QStringLiteral("checkpoint: the checkpoint.* values cannot be evaluated "
                                  "(dtsim keys lists their ranges)"));
        return kBadInput;
    }
    const bool overflow = r.status == simcore::CheckpointStatus::Overflow;
    const auto& a = r.atInterval;
    const double stepSeconds = simcore::evaluateScaling(scenario).selected.stepSeconds;
    const auto steps = simcore::intervalSecondsToSteps(r.params.intervalSeconds, stepSeconds);
    std::optional<simcore::BatchResult> batch;
    double mcExpected = 0;
    if (monteCarlo) {
        simcore::MonteCarloOptions options;
        options.seed = static_cast<std::uint64_t>(scenario.checkpoint.monteCarloSeed);
        batch = simcore::simulateBatch(r.params, scenario.checkpoint.monteCarloRuns, options);
        mcExpected = simcore::segmentedExpectedTime(r.params).expectedSeconds;
    }
    const char* batchStatus = !batch                                              ? ""
                              : batch->status == simcore::RunStatus::Completed    ? "completed"
                              : batch->status == simcore::RunStatus::FailureLimit ? "failure_limit"
                              : batch->status == simcore::RunStatus::TooManyIntervals
                                  ? "too_many_intervals"
                                  : "invalid";
    if (json) {
        const QJsonValue expected = overflow ? QJsonValue() : QJsonValue(r.expectedSeconds);
        QJsonObject object{
            {QStringLiteral("model"), QStringLiteral("checkpoint")},
            {QStringLiteral("status"),
             overflow ? QStringLiteral("overflow") : QStringLiteral("ok")},
            {QStringLiteral("gpus"), static_cast<double>(scenario.checkpoint.gpus)},
            {QStringLiteral("gpu_mtbf"), scenario.checkpoint.gpuMtbfSeconds},
            {QStringLiteral("cluster_mtbf"), r.clusterMtbfSeconds},
            {QStringLiteral("interval"), r.params.intervalSeconds},
            {QStringLiteral("write_time"), r.params.writeSeconds},
            {QStringLiteral("restart_time"), r.params.restartSeconds},
            {QStringLiteral("work"), r.params.workSeconds},
            {QStringLiteral("young_interval"), r.youngIntervalSeconds},
            {QStringLiteral("optimal_interval"), r.optimalIntervalSeconds},
            {QStringLiteral("waste_fraction"), r.wasteFraction},
            {QStringLiteral("waste_parts"),
             QJsonObject{{QStringLiteral("write"), a.writeFraction},
                         {QStringLiteral("lost"), a.lostFraction},
                         {QStringLiteral("restart"), a.restartFraction}}},
            {QStringLiteral("expected_time"), expected},
            {QStringLiteral("expected_failures"), a.expectedFailures},
            {QStringLiteral("optimal_waste_fraction"), r.atOptimum.wasteFraction},
            {QStringLiteral("optimal_expected_time"), r.atOptimum.expectedSeconds},
            {QStringLiteral("step_time"), stepSeconds},
            {QStringLiteral("interval_steps"),
             steps.ok() ? QJsonValue(static_cast<double>(steps.value)) : QJsonValue()}};
        if (batch) {
            object.insert(
                QStringLiteral("monte_carlo"),
                QJsonObject{{QStringLiteral("status"), QLatin1String(batchStatus)},
                            {QStringLiteral("runs"), static_cast<double>(batch->runsCompleted)},
                            {QStringLiteral("seed"),
                             static_cast<double>(scenario.checkpoint.monteCarloSeed)},
                            {QStringLiteral("mean"), batch->meanSeconds},
                            {QStringLiteral("standard_error"), batch->standardErrorSeconds},
                            {QStringLiteral("min"), batch->minSeconds},
                            {QStringLiteral("max"), batch->maxSeconds},
                            {QStringLiteral("mean_failures"), batch->meanFailures},
                            {QStringLiteral("expected"), mcExpected}});
        }
        printOut(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) +
                 QLatin1Char('\n'));
        return kSuccess;
    }
    QString text;
    QTextStream out(&text);
    out << "Checkpoints and failures (MODELS §6: Young 1974, Daly 2006), N = "
        << scenario.checkpoint.gpus << " GPUs\n";
    const auto number = [](double value) { return QString::number(value, 'g', 6); };
    const auto row = [&out](const char* name, const QString& value, const char* unit) {
        out << "  " << QString::fromLatin1(name).leftJustified(26) << value.rightJustified(14)
            << "  " << unit << "\n";
    };
    row("GPU MTBF", number(scenario.checkpoint.gpuMtbfSeconds), "s");
    row("cluster MTBF (M = GPU/N)", number(r.clusterMtbfSeconds), "s");
    row("interval (tau)", number(r.params.intervalSeconds), "s");
    row("write time (delta)", number(r.params.writeSeconds), "s");
    row("restart time (R)", number(r.params.restartSeconds), "s");
    row("work (W)", number(r.params.workSeconds), "s");
    row("Young interval", number(r.youngIntervalSeconds), "s");
    row("optimal interval (Daly)", number(r.optimalIntervalSeconds), "s");
    row("waste fraction", number(r.wasteFraction), "");
    row("  writes", number(a.writeFraction), "");
    row("  lost work", number(a.lostFraction), "");
    row("  restarts", number(a.restartFraction), "");
    row("expected time", overflow ? QStringLiteral("overflow") : number(r.expectedSeconds), "s");
    row("expected failures", number(a.expectedFailures), "");
    row("waste at optimum", number(r.atOptimum.wasteFraction), "");
    if (steps.ok()) {
        row("interval in steps", QString::number(steps.value), "steps");
    }
    if (batch) {
        row("Monte-Carlo runs", QString::number(batch->runsCompleted), batchStatus);
        row("Monte-Carlo mean", number(batch->meanSeconds), "s");
        row("  standard error", number(batch->standardErrorSeconds), "s");
        row("  expected (whole intervals)", number(mcExpected), "s");
    }
    out.flush();
    printOut(text);
    return kSuccess;
}

struct CalcModel {
    const char* name;
    CalcFunction run;
};

/// Every `dtsim calc MODEL`, in the order the help lists them. Add a model with one line.
const CalcModel kCalcModels[] = {
    {"scaling", &calcScaling},   {"memory", &calcMemory},         {"allreduce", &calcAllreduce},
    {"pipeline", &calcPipeline}, {"checkpoint", &calcCheckpoint},
};

QString calcModelNames()
{
    QStringList names;
    for (const auto& entry : kCalcModels) {
        names << QLatin1String(entry.name);
    }
    return names.join(QStringLiteral(", "));
}

int runCalc(const QStringList& arguments)
{
    QCommandLineParser parser;
    addScenarioOptions(parser);
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object.")});
    parser.addOption({QStringLiteral("monte-carlo"), // checkpoint panel (issue #7)
                      QStringLiteral("checkpoint: also simulate checkpoint.mc_runs jobs.")});
    parser.addPositionalArgument(QStringLiteral("MODEL"), calcModelNames());
    if (!parseArguments(parser, arguments)) {
        return kBadInput;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printError(QStringLiteral("calc: expected one MODEL (%1), got %2")
                       .arg(calcModelNames(), positional.isEmpty()
                                                  ? QStringLiteral("none")
                                                  : positional.join(QLatin1Char(' '))));
        return kBadInput;
    }
    const auto scenario = scenarioFrom(parser);
    if (!scenario) {
        return kBadInput;
    }
    const QString model = positional.front();
    for (const auto& entry : kCalcModels) {
        if (model == QLatin1String(entry.name)) {
            const CalcOptions options{parser.isSet(QStringLiteral("json")),
                                      parser.isSet(QStringLiteral("monte-carlo"))};
            return entry.run(*scenario, options);
        }
    }
    printError(QStringLiteral("calc: unknown MODEL '%1'; available in this version: %2")
                   .arg(model, calcModelNames()));
    return kBadInput;
}

int runKeys()
{
    const simcore::Scenario defaults;
    QString text;
    QTextStream out(&text);
    out << "Scenario keys (dtsim --set KEY=VALUE, scenario files). Units are SI.\n\n";
    for (const auto& key : simcore::scenarioKeys()) {
        const char* type = key.type == simcore::KeyType::Integer ? "integer"
                           : key.type == simcore::KeyType::Real  ? "number"
                           : key.type == simcore::KeyType::Text  ? "text"
                                                                 : "choice";
        out << QString::fromUtf8(key.name.data(), key.name.size()) << "\n";
        out << "    type: " << type;
        if (!key.unit.empty()) {
            out << ", unit: " << QString::fromUtf8(key.unit.data(), key.unit.size());
        }
        out << ", default: " << QString::fromStdString(simcore::valueText(defaults, key))
            << "\n    allowed: " << QString::fromStdString(key.allowedText());
        if (!key.specialMeaning.empty()) {
            out << " (" << QString::fromUtf8(key.specialMeaning.data(), key.specialMeaning.size())
                << ")";
        }
        out << "\n    " << QString::fromUtf8(key.meaning.data(), key.meaning.size()) << "\n";
    }
    out.flush();
    printOut(text);
    return kSuccess;
}

bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

std::optional<QSize> parseSize(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,6})[x×X](\\d{1,6})$"));
    const auto match = pattern.match(text.trimmed());
    if (!match.hasMatch()) {
        return std::nullopt;
    }
    return QSize(match.captured(1).toInt(), match.captured(2).toInt());
}

/// The offscreen platform's two harmless start-up notices would read like errors to a user.
void quietHarmlessNotices(QtMsgType type, const QMessageLogContext& context, const QString& text)
{
    if (text.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")) ||
        text.contains(QLatin1String("does not support propagateSizeHints"))) {
        return;
    }
    QTextStream(stderr) << qFormatLogMessage(type, context, text) << Qt::endl;
}

int runExport(int argc, char** argv)
{
    qInstallMessageHandler(quietHarmlessNotices);
    // The window system is chosen when the application object is made: off screen unless the
    // caller has a display or chose a platform.
    if (!hasDisplay()) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication application(argc, argv);
    setApplicationInfo();
    ui::useTextFont(); // the window's font, so the picture is the window's
    QCommandLineParser parser;
    addScenarioOptions(parser);
    parser.addOption(
        {QStringLiteral("panel"), QStringLiteral("Panel to draw."), QStringLiteral("P")});
    parser.addOption({QStringLiteral("out"), QStringLiteral("Output file (.png .svg .pdf .csv)."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("size"), QStringLiteral("Picture size in pixels."),
                      QStringLiteral("WxH"), QStringLiteral("1600x900")});
    parser.addOption({QStringLiteral("scale"), QStringLiteral("PNG pixel scale."),
                      QStringLiteral("S"), QStringLiteral("1")});
    parser.addOption({QStringLiteral("lang"), QStringLiteral("Language of the charts: vi or en."),
                      QStringLiteral("LANG")});
    parser.addOption({QStringLiteral("theme"), QStringLiteral("light or dark charts."),
                      QStringLiteral("THEME")});
    parser.addOption({QStringLiteral("format"),
                      QStringLiteral("--panel all: picture format png, svg or pdf."),
                      QStringLiteral("F"), QStringLiteral("png")});
    QStringList arguments = application.arguments();
    arguments.removeAt(1); // "export"
    if (!parseArguments(parser, arguments)) {
        return kBadInput;
    }
    // Scripts get the same picture on every machine: English unless --lang says otherwise.
    if (!applyLanguageOption(parser, QStringLiteral("en")) || !applyThemeOption(parser)) {
        return kBadInput;
    }
    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("export: unexpected argument '%1'")
                       .arg(parser.positionalArguments().front()));
        return kBadInput;
    }
    const QStringList allPanels = {QStringLiteral("scaling"),       QStringLiteral("memory"),
                                   QStringLiteral("parallelism"),   QStringLiteral("pipeline"),
                                   QStringLiteral("communication"), QStringLiteral("topology"),
                                   QStringLiteral("checkpoint"),    QStringLiteral("all")};
    if (!parser.isSet(QStringLiteral("panel"))) {
        printError(QStringLiteral("export: --panel is required; one of: ") +
                   allPanels.join(QStringLiteral(", ")));
        return kBadInput;
    }
    const QString panel = parser.value(QStringLiteral("panel"));
    if (!allPanels.contains(panel)) {
        printError(QStringLiteral("--panel: unknown panel '%1'; allowed: %2")
                       .arg(panel, allPanels.join(QStringLiteral(", "))));
        return kBadInput;
    }
    const bool all = panel == QLatin1String("all");
    if (!all && !ui::exportablePanels().contains(panel)) {
        printError(QStringLiteral("--panel: '%1' is not built in this version; available: %2")
                       .arg(panel, ui::exportablePanels().join(QStringLiteral(", "))));
        return kBadInput;
    }
    if (!parser.isSet(QStringLiteral("out"))) {
        printError(QStringLiteral("export: --out FILE is required (.png, .svg, .pdf or .csv)"));
        return kBadInput;
    }
    const QString out = parser.value(QStringLiteral("out"));
    const QString formatName = parser.value(QStringLiteral("format")).toLower();
    const auto allFormat = formatName == QLatin1String("png")   ? ui::ExportFormat::Png
                           : formatName == QLatin1String("svg") ? ui::ExportFormat::Svg
                           : formatName == QLatin1String("pdf") ? ui::ExportFormat::Pdf
                                                                : ui::ExportFormat::Csv;
    if (all && allFormat == ui::ExportFormat::Csv) {
        printError(QStringLiteral("--format: '%1' is not allowed; allowed: png | svg | pdf")
                       .arg(parser.value(QStringLiteral("format"))));
        return kBadInput;
    }
    if (!all && !ui::exportFormatFor(out)) {
        printError(QStringLiteral("--out: '%1' has an unknown extension; allowed: .png, .svg, "
                                  ".pdf, .csv")
                       .arg(out));
        return kBadInput;
    }
    ui::ExportOptions options;
    const auto size = parseSize(parser.value(QStringLiteral("size")));
    if (!size) {
        printError(QStringLiteral("--size: '%1' is not WxH (e.g. 1600x900); each side %2 to %3")
                       .arg(parser.value(QStringLiteral("size")))
                       .arg(ui::kMinExportSide)
                       .arg(ui::kMaxExportSide));
        return kBadInput;
    }
    options.size = *size;
    const auto scale = simcore::parseNumber(parser.value(QStringLiteral("scale")).toStdString());
    if (!scale) {
        printError(QStringLiteral("--scale: '%1' is not a number; allowed: %2 to %3")
                       .arg(parser.value(QStringLiteral("scale")))
                       .arg(ui::kMinExportScale)
                       .arg(ui::kMaxExportScale));
        return kBadInput;
    }
    options.scale = *scale;
    if (const QString problem = ui::checkExportOptions(options); !problem.isEmpty()) {
        printError(QStringLiteral("--") + problem);
        return kBadInput;
    }
    const auto scenario = scenarioFrom(parser);
    if (!scenario) {
        return kBadInput;
    }
    if (panel == QLatin1String("memory") || all) { // cross-key rules of the Memory panel
        const auto problems =
            simcore::validateMemory(*scenario, simcore::memoryOptionsFromScenario(*scenario));
        if (!problems.empty()) {
            printError(QString::fromStdString(problems.front().message()));
            return kBadInput;
        }
    }
    if (panel == QLatin1String("parallelism") || panel == QLatin1String("pipeline") || all) {
        // A layout that cannot be drawn is bad input, as on the Memory panel.
        if (auto problem = simcore::checkLayout(simcore::layoutParamsFromScenario(*scenario))) {
            printError(QString::fromStdString(problem->message()));
            return kBadInput;
        }
    }
    if (all) {
        if (!QDir().mkpath(out)) {
            printError(QStringLiteral("--out: cannot create the folder '%1'").arg(out));
            return kFailure;
        }
        if (const QString error = ui::exportAllPanels(*scenario, out, allFormat, options);
            !error.isEmpty()) {
            printError(error);
            return kFailure;
        }
        return kSuccess;
    }
    if (const QString error = ui::exportPanel(panel, *scenario, out, options); !error.isEmpty()) {
        printError(error);
        return kFailure;
    }
    return kSuccess;
}

} // namespace

/// argv[1] values that run a command instead of the window.
constexpr const char* kSubcommands[] = {"calc",   "keys", "export",    "import",
                                        "--help", "-h",   "--version", "-v"};

bool isSubcommand(int argc, char** argv)
{
    return argc >= 2 &&
           std::any_of(std::begin(kSubcommands), std::end(kSubcommands),
                       [argv](const char* name) { return std::strcmp(argv[1], name) == 0; });
}

int runSubcommand(int argc, char** argv)
{
    const char* command = argv[1];
    if (std::strcmp(command, "export") == 0) {
        return runExport(argc, argv);
    }
    QCoreApplication application(argc, argv);
    setApplicationInfo();
    QStringList arguments = application.arguments();
    if (std::strcmp(command, "--help") == 0 || std::strcmp(command, "-h") == 0) {
        printOut(usage());
        return kSuccess;
    }
    if (std::strcmp(command, "--version") == 0 || std::strcmp(command, "-v") == 0) {
        printOut(QStringLiteral("dtsim %1\n").arg(QCoreApplication::applicationVersion()));
        return kSuccess;
    }
    if (std::strcmp(command, "keys") == 0) {
        if (arguments.size() > 2) {
            printError(QStringLiteral("keys: unexpected argument '%1'").arg(arguments.at(2)));
            return kBadInput;
        }
        return runKeys();
    }
    if (std::strcmp(command, "import") == 0) { // topology panel (issue #5)
        arguments.removeAt(1);
        return runImport(arguments);
    }
    arguments.removeAt(1); // "calc"
    return runCalc(arguments);
}

int runGui(int argc, char** argv, WindowHook beforeShow)
{
    if (!hasDisplay()) {
        std::fputs("dtsim: no display found (DISPLAY and WAYLAND_DISPLAY are not set), so the "
                   "window cannot open.\n"
                   "       To draw charts without a display: dtsim export --panel scaling --out "
                   "scaling.png\n"
                   "       To compute without charts:        dtsim calc scaling\n",
                   stderr);
        return kFailure;
    }
    QApplication application(argc, argv);
    setApplicationInfo();
    ui::useTextFont();
    QApplication::setApplicationDisplayName(QStringLiteral("dtsim"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/dtsim.svg")));
    // Wayland and the task bar match the window to the installed .desktop file by this id.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.dtsim.Dtsim"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Distributed Training Simulator"));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("scenario"), QStringLiteral("Scenario file to open."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("preset"), // presets (issue #8)
                      QStringLiteral("Built-in preset to open."), QStringLiteral("ID")});
    parser.addOption(
        {QStringLiteral("panel"), QStringLiteral("Panel to show first."), QStringLiteral("P")});
    parser.addOption({QStringLiteral("lang"), QStringLiteral("Interface language: vi or en."),
                      QStringLiteral("LANG")});
    parser.addOption({QStringLiteral("theme"), QStringLiteral("system, light or dark."),
                      QStringLiteral("THEME")});
    parser.addOption({QStringLiteral("presentation"),
                      QStringLiteral("Start in presentation mode (full screen, large text).")});
    if (!parser.parse(application.arguments())) {
        printError(parser.errorText() + QStringLiteral(" (dtsim --help lists the options)"));
        return kBadInput;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(usage());
        return kSuccess;
    }
    if (!applyLanguageOption(parser, QSettings().value(QStringLiteral("language")).toString())) {
        return kBadInput;
    }
    // presets (issue #8): the window starts from the preset; --scenario excludes it.
    simcore::Scenario initial;
    if (parser.isSet(QStringLiteral("preset"))) {
        if (parser.isSet(QStringLiteral("scenario"))) {
            printError(
                QStringLiteral("--preset and --scenario cannot be used together; choose one"));
            return kBadInput;
        }
        QString error;
        const auto preset = ui::loadPreset(parser.value(QStringLiteral("preset")), &error);
        if (!preset) {
            printError(QStringLiteral("--preset: ") + error);
            return kBadInput;
        }
        initial = *preset;
    }
    if (!applyThemeOption(parser)) {
        return kBadInput;
    }
    if (parser.isSet(QStringLiteral("theme"))) { // the window reads the remembered theme
        QSettings().setValue(QStringLiteral("theme"), parser.value(QStringLiteral("theme")));
    }
    ui::MainWindow window(initial);
    if (parser.isSet(QStringLiteral("scenario"))) {
        const QString error = window.openScenario(parser.value(QStringLiteral("scenario")));
        if (!error.isEmpty()) {
            printError(QStringLiteral("--scenario: ") + error);
            return kBadInput;
        }
    }
    // Without --scenario or --preset, the scenario file of the last session comes back.
    const QString last = QSettings().value(QStringLiteral("lastScenario")).toString();
    if (!parser.isSet(QStringLiteral("scenario")) && !parser.isSet(QStringLiteral("preset")) &&
        !last.isEmpty() && QFileInfo::exists(last)) {
        if (const QString error = window.openScenario(last); !error.isEmpty()) {
            printError(QStringLiteral("last scenario not reopened: ") + error);
        }
    }
    if (parser.isSet(QStringLiteral("panel")) &&
        !window.showPanel(parser.value(QStringLiteral("panel")))) {
        printError(QStringLiteral("--panel: '%1' is not a panel; allowed: %2")
                       .arg(parser.value(QStringLiteral("panel")),
                            ui::MainWindow::panelIds().join(QStringLiteral(", "))));
        return kBadInput;
    }
    if (beforeShow) {
        beforeShow(&window);
    }
    window.show();
    if (parser.isSet(QStringLiteral("presentation"))) {
        window.setPresentationMode(true);
    }
    return QApplication::exec();
}

} // namespace dtsim::app
