#include "app/cli.h"

#include "app/calcmodels.h"
#include "app/calcoutput.h"
#include "app/importcommand.h"
#include "common/language.h"
#include "common/presets.h"
#include "common/scenariofile.h"
#include "simcore/scenario.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>
#include <algorithm>
#include <cstring>
#include <iterator>

namespace dtsim::app {

namespace {

struct CalcModel {
    const char* name;
    CalcFunction run;
};

/// Every `dtsim calc MODEL`, in the order the help lists them. Add a model with one line.
const CalcModel kCalcModels[] = {
    {"scaling", &calcScaling},
    {"memory", &calcMemory},
    {"parallelism", &calcParallelism},
    {"pipeline", &calcPipeline},
    {"communication", &calcCommunication},
    {"topology", &calcTopology},
    {"checkpoint", &calcCheckpoint},
    {"allreduce", &calcAllreduce},
};

QString calcModelNames()
{
    QStringList names;
    for (const auto& entry : kCalcModels) {
        names << QLatin1String(entry.name);
    }
    return names.join(QStringLiteral(", "));
}

} // namespace

QStringList exportViewIds()
{
    return {QStringLiteral("scaling"),       QStringLiteral("memory"),
            QStringLiteral("parallelism"),   QStringLiteral("pipeline"),
            QStringLiteral("communication"), QStringLiteral("topology"),
            QStringLiteral("checkpoint")};
}

void setApplicationInfo()
{
    QCoreApplication::setApplicationName(QStringLiteral("dtsim"));
    QCoreApplication::setOrganizationName(QStringLiteral("dtsim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DTSIM_VERSION));
}

/// --lang, else the remembered language, else the system's; false (with a message) for a bad
/// --lang.
bool applyLanguageOption(const QCommandLineParser& parser, const QString& remembered)
{
    if (parser.isSet(QStringLiteral("lang"))) {
        const QString code = parser.value(QStringLiteral("lang"));
        if (!common::setLanguage(code)) {
            printError(QStringLiteral("--lang: '%1' is not available; allowed: %2")
                           .arg(code, common::availableLanguages().join(QStringLiteral(" | "))));
            return false;
        }
        return true;
    }
    const QString code =
        common::availableLanguages().contains(remembered) ? remembered : common::systemLanguage();
    common::setLanguage(code);
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
        .arg(calcModelNames(), exportViewIds().join(QStringLiteral(", ")),
             common::presetIds().join(QStringLiteral(", ")));
}

/// The options every scenario-reading command shares.
void addScenarioOptions(QCommandLineParser& parser)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOption({QStringLiteral("scenario"), QStringLiteral("Scenario file to start from."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("preset"), QStringLiteral("Built-in preset to start from."),
                      QStringLiteral("ID")});
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
    // a preset or a scenario file is the starting point, never both.
    if (parser.isSet(QStringLiteral("preset")) && parser.isSet(QStringLiteral("scenario"))) {
        printError(QStringLiteral("--preset and --scenario cannot be used together; choose one "
                                  "(--set applies after either)"));
        return std::nullopt;
    }
    if (parser.isSet(QStringLiteral("preset"))) {
        QString error;
        const auto preset = common::loadPreset(parser.value(QStringLiteral("preset")), &error);
        if (!preset) {
            printError(QStringLiteral("--preset: ") + error);
            return std::nullopt;
        }
        scenario = *preset;
    }
    if (parser.isSet(QStringLiteral("scenario"))) {
        auto loaded = common::loadScenarioFile(parser.value(QStringLiteral("scenario")));
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

int runCalc(const QStringList& arguments)
{
    QCommandLineParser parser;
    addScenarioOptions(parser);
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object.")});
    parser.addOption({QStringLiteral("monte-carlo"),
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
    if (std::strcmp(command, "import") == 0) {
        arguments.removeAt(1);
        return runImport(arguments);
    }
    arguments.removeAt(1); // "calc"
    return runCalc(arguments);
}

} // namespace dtsim::app
