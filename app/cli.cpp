#include "app/cli.h"

#include "app/calcmodels.h"
#include "app/calcoutput.h"
#include "app/importcommand.h"
#include "app/plancommand.h"
#include "common/language.h"
#include "common/presets.h"
#include "common/scenariofile.h"
#include "simcore/scenario/scenario.h"
#include "simcore/views/views.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QTextStream>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iterator>

namespace dtsim::app {

namespace {

struct CalcModel {
    const char* name;
    CalcFunction run;
};

/// What prints each `dtsim calc MODEL` of simcore's view table (viewEntries, calc): the table
/// decides the names, their order and --monte-carlo; a test runs every one.
const CalcModel kCalcModels[] = {
    {"scaling", &calcScaling},
    {"memory", &calcMemory},
    {"parallelism", &calcParallelism},
    {"pipeline", &calcPipeline},
    {"communication", &calcCommunication},
    {"topology", &calcTopology},
    {"checkpoint", &calcCheckpoint},
    {"allreduce", &calcAllreduce},
    {"goodput", &calcGoodput},
    {"training", &calcTraining},
    {"plan", &calcPlan},
};

QString idText(std::string_view id)
{
    return QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size()));
}

QString calcModelNames()
{
    QStringList names;
    for (const auto& entry : simcore::viewEntries()) {
        if (entry.calc) {
            names << idText(entry.id);
        }
    }
    return names.join(QStringLiteral(", "));
}

/// "calc checkpoint": the models --monte-carlo applies to.
QString simulatingModels()
{
    QStringList names;
    for (const auto& entry : simcore::viewEntries()) {
        if (entry.calc && entry.monteCarlo) {
            names << QStringLiteral("calc ") + idText(entry.id);
        }
    }
    return names.join(QStringLiteral(", "));
}

/// The commands `dtsim --help COMMAND` explains.
const QStringList& helpTopics()
{
    static const QStringList topics{QStringLiteral("calc"), QStringLiteral("export"),
                                    QStringLiteral("import"), QStringLiteral("keys"),
                                    QStringLiteral("plan")};
    return topics;
}

} // namespace

QStringList exportViewIds()
{
    QStringList ids;
    for (const auto& entry : simcore::viewEntries()) {
        if (entry.exported) {
            ids << idText(entry.id);
        }
    }
    return ids;
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
               "  dtsim plan [--scenario FILE | --preset ID] [--set KEY=VALUE]... [--json] "
               "[--top K]\n"
               "                                          the fastest layouts that fit, and "
               "their cost\n"
               "  dtsim validate [--json]                 published training runs vs the model\n"
               "  dtsim import nccl-tests|nvidia-topo|step-times FILE [--json]   read your own "
               "measurements\n"
               "  dtsim --help [COMMAND] | --version     COMMAND: calc, export, import, keys, "
               "plan\n"
               "\n"
               "MODEL: %1.\nP: %2.\nID (presets): %3.\n"
               "FILE for export: .png, .svg, .pdf or .csv.\n"
               "Units are SI: seconds, bytes, bytes per second.\n"
               "Example: dtsim calc scaling --set scaling.workers=32 --json\n"
               "calc checkpoint and calc goodput --monte-carlo also simulate checkpoint.mc_runs "
               "jobs.\n"
               "Each option but --set is given once.\n"
               "Exit status: 0 success; 2 bad usage or input (one line on stderr), a missing\n"
               "file or a name that is not UTF-8 included; 1 otherwise: a file that is there\n"
               "but cannot be read or written (permissions, an I/O error, a full disk).\n")
        .arg(calcModelNames(), exportViewIds().join(QStringLiteral(", ")),
             common::presetIds().join(QStringLiteral(", ")));
}

QString calcUsage()
{
    return QStringLiteral(
               "Usage: dtsim calc MODEL [--scenario FILE | --preset ID] [--set KEY=VALUE]... "
               "[--json] [--monte-carlo]\n"
               "\n"
               "Computes one model and prints its results (text, or one JSON object with "
               "--json).\n"
               "MODEL: %1.\nID (presets): %2.\n"
               "--set KEY=VALUE applies after the preset or file, in order; dtsim keys lists "
               "every key.\n"
               "--monte-carlo (checkpoint, goodput): also simulates checkpoint.mc_runs jobs.\n"
               "Each option but --set is given once.\n"
               "Example: dtsim calc scaling --set scaling.workers=32 --json\n")
        .arg(calcModelNames(), common::presetIds().join(QStringLiteral(", ")));
}

QString exportUsage()
{
    return QStringLiteral(
               "Usage: dtsim export --panel P --out FILE [--scenario FILE | --preset ID] "
               "[--set KEY=VALUE]...\n"
               "                    [--size WxH | --slide] [--scale S] [--lang vi|en] [--theme "
               "light|dark]\n"
               "       dtsim export --panel all --out DIR [--format png|svg|pdf] ...\n"
               "\n"
               "Draws a panel's charts to FILE (.png, .svg, .pdf, or its data as .csv) without a "
               "window;\n"
               "--panel all writes every panel and its CSV tables into DIR (dtsim-P.png,\n"
               "dtsim-P.csv, dtsim-P-NAME.csv …), its pictures in --format (png unless given);\n"
               "for one panel FILE's extension is the format, and a --format given must agree\n"
               "with it. --scale (0.5 to 4) multiplies a PNG's pixels.\n"
               "--slide lays the charts out as a 16:9 slide read from the back of a room: "
               "1280x720\n"
               "with every font 1.6 times larger (text at least 3 % of the height), a PNG of\n"
               "1920x1080 unless --scale is given, a PDF page of 13.33 x 7.5 in. A panel of\n"
               "several ideas (scaling, communication, checkpoint) gives a slide each: a PDF page\n"
               "each, or FILE-1.png, FILE-2.png … (printed).\n"
               "CSV is one table a file, as a spreadsheet or pandas reads it: FILE.csv holds\n"
               "the quantities (quantity,value,unit) and FILE-NAME.csv each other table, e.g.\n"
               "s.csv, s-curve.csv (the files are printed); written all or none.\n"
               "Each option but --set is given once.\n"
               "P: %1.\nID (presets): %2.\n")
        .arg(exportViewIds().join(QStringLiteral(", ")),
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

QString keysUsage()
{
    return QStringLiteral("Usage: dtsim keys\n"
                          "\n"
                          "Lists every scenario key that --set and scenario files take: its "
                          "type, unit, default\nand allowed range.\n");
}

bool optionsGivenOnce(const QCommandLineParser& parser)
{
    QStringList checked;
    for (const QString& name : parser.optionNames()) {
        // --set is applied in order, so it repeats by design; a flag's values() is empty.
        if (name == QLatin1String("set") || checked.contains(name)) {
            continue;
        }
        checked << name;
        if (const qsizetype count = parser.values(name).size(); count > 1) {
            printError(QStringLiteral("--%1 is given %2; give it once")
                           .arg(name, count == 2 ? QStringLiteral("twice")
                                                 : QStringLiteral("%1 times").arg(count)));
            return false;
        }
    }
    return true;
}

/// Parses with a one-line error on stderr; returns false on bad usage.
bool parseArguments(QCommandLineParser& parser, const QStringList& arguments)
{
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return false;
    }
    return optionsGivenOnce(parser);
}

/// Builds the scenario from --scenario then every --set in order; prints the first problem.
std::optional<simcore::Scenario> scenarioFrom(const QCommandLineParser& parser, int* status)
{
    if (status) {
        *status = kBadInput;
    }
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
            if (status && loaded.unreadable) {
                *status = kFailure;
            }
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
    parser.addOption(
        {QStringLiteral("monte-carlo"),
         QStringLiteral("checkpoint, goodput: also simulate checkpoint.mc_runs jobs.")});
    parser.addPositionalArgument(QStringLiteral("MODEL"), calcModelNames());
    const QCommandLineOption help = parser.addHelpOption();
    if (!parseArguments(parser, arguments)) {
        return kBadInput;
    }
    if (parser.isSet(help)) {
        printOut(calcUsage());
        return kSuccess;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printError(QStringLiteral("calc: expected one MODEL (%1), got %2")
                       .arg(calcModelNames(), positional.isEmpty()
                                                  ? QStringLiteral("none")
                                                  : positional.join(QLatin1Char(' '))));
        return kBadInput;
    }
    const QString model = positional.front();
    const std::string modelId = model.toStdString();
    const simcore::ViewEntry* const entry = simcore::findViewEntry(modelId);
    const auto* const printer =
        std::find_if(std::begin(kCalcModels), std::end(kCalcModels),
                     [&modelId](const CalcModel& candidate) { return modelId == candidate.name; });
    const bool known = entry && entry->calc && printer != std::end(kCalcModels);
    const bool monteCarlo = parser.isSet(QStringLiteral("monte-carlo"));
    // A flag that does nothing for this model would read as if a simulation had run.
    if (known && monteCarlo && !entry->monteCarlo) {
        printError(QStringLiteral("--monte-carlo applies to %1 only, not calc %2")
                       .arg(simulatingModels(), model));
        return kBadInput;
    }
    int status = kBadInput;
    const auto scenario = scenarioFrom(parser, &status);
    if (!scenario) {
        return status;
    }
    if (!known) {
        printError(QStringLiteral("calc: unknown MODEL '%1'; available in this version: %2")
                       .arg(model, calcModelNames()));
        return kBadInput;
    }
    return printer->run(*scenario,
                        CalcOptions{parser.isSet(QStringLiteral("json")), monteCarlo, entry->id});
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
constexpr const char* kSubcommands[] = {"calc", "keys",   "export", "import",    "validate",
                                        "plan", "--help", "-h",     "--version", "-v"};

/// Levenshtein distance, for "did you mean": the commands are few and short.
qsizetype editDistance(const QString& a, const QString& b)
{
    QList<qsizetype> previous(b.size() + 1);
    for (qsizetype j = 0; j <= b.size(); ++j) {
        previous[j] = j;
    }
    for (qsizetype i = 1; i <= a.size(); ++i) {
        QList<qsizetype> current(b.size() + 1);
        current[0] = i;
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const qsizetype substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
        }
        previous = current;
    }
    return previous[b.size()];
}

QString unknownCommandMessage(int argc, char** argv)
{
    if (argc < 2 || isSubcommand(argc, argv) || argv[1][0] == '-') {
        return {};
    }
    const QString word = QString::fromLocal8Bit(argv[1]);
    QString nearest;
    qsizetype nearestDistance = 0;
    for (const char* name : kSubcommands) {
        const QString command = QString::fromLatin1(name);
        if (command.startsWith(QLatin1Char('-'))) {
            continue;
        }
        // "calcscaling": a command glued to its argument.
        const qsizetype distance =
            word.startsWith(command) ? 1 : editDistance(word.toLower(), command);
        if (nearest.isEmpty() || distance < nearestDistance) {
            nearest = command;
            nearestDistance = distance;
        }
    }
    QString message = QStringLiteral("unknown command '%1'").arg(word);
    if (!word.isEmpty() && nearestDistance <= 2) {
        message += QStringLiteral("; did you mean %1?").arg(nearest);
    }
    return message + QStringLiteral(
                         " (commands: calc, keys, import, export, validate, plan; the window takes "
                         "options only: dtsim --help)");
}

namespace {

/// The bytes of `argument` as text: valid UTF-8 as it reads, any other byte as \xHH.
QString shownWithEscapes(const QByteArray& argument)
{
    QString shown;
    qsizetype i = 0;
    while (i < argument.size()) {
        const auto lead = static_cast<unsigned char>(argument.at(i));
        const qsizetype length = lead < 0x80             ? 1
                                 : (lead & 0xE0) == 0xC0 ? 2
                                 : (lead & 0xF0) == 0xE0 ? 3
                                 : (lead & 0xF8) == 0xF0 ? 4
                                                         : 0;
        const QByteArray sequence = argument.mid(i, length);
        if (length > 0 && sequence.size() == length &&
            QString::fromUtf8(sequence).toUtf8() == sequence) {
            shown += QString::fromUtf8(sequence);
            i += length;
        } else {
            shown += QStringLiteral("\\x") +
                     QStringLiteral("%1").arg(lead, 2, 16, QLatin1Char('0')).toUpper();
            ++i;
        }
    }
    return shown;
}

} // namespace

QString unrepresentableArgumentMessage(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        // What Qt passes on (QCoreApplication::arguments(), then QFile) is this round trip.
        if (QFile::encodeName(QFile::decodeName(argument)) == argument) {
            continue;
        }
        const QByteArray previous = i > 1 ? QByteArray(argv[i - 1]) : QByteArray();
        QString name;
        QByteArray value = argument;
        if (argument.startsWith("--") && argument.contains('=')) {
            name = QString::fromUtf8(argument.left(argument.indexOf('=')));
            value = argument.mid(argument.indexOf('=') + 1);
        } else if (previous.startsWith('-') && !previous.contains('=') &&
                   QFile::encodeName(QFile::decodeName(previous)) == previous) {
            name = QString::fromUtf8(previous);
        } else {
            name = QStringLiteral("argument %1").arg(i);
        }
        return QStringLiteral("%1: '%2' is not UTF-8 text, so it cannot be used as given (it "
                              "would name another file); rename the file or give the name in "
                              "UTF-8")
            .arg(name, shownWithEscapes(value));
    }
    return {};
}

bool standardOutputWritten()
{
    const int error = standardOutputError();
    if (error == 0) {
        return true;
    }
    printError(QStringLiteral("could not write to standard output: %1")
                   .arg(QString::fromLocal8Bit(std::strerror(error))));
    return false;
}

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
    // A word after --help is the command to explain, as `dtsim COMMAND --help` does; any other
    // word is refused, so a typo is not taken for the general usage.
    if (std::strcmp(command, "--help") == 0 || std::strcmp(command, "-h") == 0) {
        if (arguments.size() > 3) {
            printError(QStringLiteral("--help: unexpected argument '%1'; give one command at most")
                           .arg(arguments.at(3)));
            return kBadInput;
        }
        if (arguments.size() == 2) {
            printOut(usage());
            return kSuccess;
        }
        const QString topic = arguments.at(2);
        if (!helpTopics().contains(topic)) {
            printError(QStringLiteral("--help: unknown command '%1'; allowed after --help: %2")
                           .arg(topic, helpTopics().join(QStringLiteral(", "))));
            return kBadInput;
        }
        if (topic == QLatin1String("import")) {
            return runImport({arguments.front(), QStringLiteral("--help")});
        }
        printOut(topic == QLatin1String("calc")     ? calcUsage()
                 : topic == QLatin1String("export") ? exportUsage()
                 : topic == QLatin1String("plan")   ? planUsage()
                                                    : keysUsage());
        return kSuccess;
    }
    if (std::strcmp(command, "--version") == 0 || std::strcmp(command, "-v") == 0) {
        if (arguments.size() > 2) {
            printError(QStringLiteral("--version: unexpected argument '%1'; it takes none")
                           .arg(arguments.at(2)));
            return kBadInput;
        }
        printOut(QStringLiteral("dtsim %1\n").arg(QCoreApplication::applicationVersion()));
        return kSuccess;
    }
    if (std::strcmp(command, "keys") == 0) {
        if (arguments.size() == 3 && (arguments.at(2) == QLatin1String("--help") ||
                                      arguments.at(2) == QLatin1String("-h"))) {
            printOut(keysUsage());
            return kSuccess;
        }
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
    if (std::strcmp(command, "validate") == 0) {
        const bool json = arguments.size() == 3 && arguments.at(2) == QLatin1String("--json");
        if (arguments.size() > 2 && !json) {
            printError(QStringLiteral("validate: unexpected argument '%1'; it takes --json only")
                           .arg(arguments.at(2)));
            return kBadInput;
        }
        return runValidation(json);
    }
    if (std::strcmp(command, "plan") == 0) {
        arguments.removeAt(1);
        return runPlan(arguments);
    }
    arguments.removeAt(1); // "calc"
    return runCalc(arguments);
}

} // namespace dtsim::app
