#include "app/cli.h"

#include "simcore/scaling.h"
#include "simcore/scenario.h"
#include "ui/exporter.h"
#include "ui/mainwindow.h"
#include "ui/scenariofile.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTextStream>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace dtsim::app {

namespace {

const char* const kSubcommands[] = {"calc", "keys", "export", "--help", "-h", "--version", "-v"};

void printError(const QString& message)
{
    QTextStream(stderr) << "dtsim: " << message << Qt::endl;
}

void printOut(const QString& text)
{
    QTextStream(stdout) << text;
}

void setApplicationInfo()
{
    QCoreApplication::setApplicationName(QStringLiteral("dtsim"));
    QCoreApplication::setOrganizationName(QStringLiteral("dtsim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DTSIM_VERSION));
}

QString usage()
{
    return QStringLiteral(
        "Usage:\n"
        "  dtsim [--scenario FILE]                 start the window\n"
        "  dtsim calc MODEL [--scenario FILE] [--set KEY=VALUE]... [--json]\n"
        "  dtsim export --panel P --out FILE [--scenario FILE] [--set KEY=VALUE]...\n"
        "               [--size WxH] [--scale S]\n"
        "  dtsim keys                              list every scenario key\n"
        "  dtsim --help | --version\n"
        "\n"
        "MODEL: scaling.  P: scaling.  FILE for export: .png, .svg, .pdf or .csv.\n"
        "Units are SI: seconds, bytes, bytes per second.\n"
        "Example: dtsim calc scaling --set scaling.workers=32 --json\n");
}

/// The options every scenario-reading command shares.
void addScenarioOptions(QCommandLineParser& parser)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOption({QStringLiteral("scenario"), QStringLiteral("Scenario file to start from."),
                      QStringLiteral("FILE")});
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

int calcScaling(const simcore::Scenario& scenario, bool json)
{
    const auto result = simcore::evaluateScaling(scenario);
    const auto& s = result.selected;
    if (json) {
        QJsonObject object{
            {QStringLiteral("model"), QStringLiteral("scaling")},
            {QStringLiteral("mode"), QStringLiteral("lesson")},
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
    out << "Scaling, lesson model (seed lesson §5), N = " << s.workers << "\n";
    const auto number = [](double value) { return QString::number(value, 'g', 6); };
    const auto row = [&out](const char* name, const QString& value, const char* unit) {
        out << "  " << QString::fromLatin1(name).leftJustified(24) << value.rightJustified(14)
            << "  " << unit << "\n";
    };
    row("compute (T1/N)", number(s.computeSeconds), "s");
    row("sync", number(s.syncSeconds), "s");
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

int runCalc(const QStringList& arguments)
{
    QCommandLineParser parser;
    addScenarioOptions(parser);
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object.")});
    parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("scaling"));
    if (!parseArguments(parser, arguments)) {
        return kBadInput;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        printError(QStringLiteral("calc: expected one MODEL (scaling), got %1")
                       .arg(positional.isEmpty() ? QStringLiteral("none")
                                                 : positional.join(QLatin1Char(' '))));
        return kBadInput;
    }
    const auto scenario = scenarioFrom(parser);
    if (!scenario) {
        return kBadInput;
    }
    const QString model = positional.front();
    if (model == QLatin1String("scaling")) {
        return calcScaling(*scenario, parser.isSet(QStringLiteral("json")));
    }
    printError(
        QStringLiteral("calc: unknown MODEL '%1'; available in this version: scaling").arg(model));
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
    QStringList arguments = application.arguments();
    arguments.removeAt(1); // "export"
    if (!parseArguments(parser, arguments)) {
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
                                   QStringLiteral("checkpoint")};
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
    if (!ui::exportablePanels().contains(panel)) {
        printError(QStringLiteral("--panel: '%1' is not built in this version; available: %2")
                       .arg(panel, ui::exportablePanels().join(QStringLiteral(", "))));
        return kBadInput;
    }
    if (!parser.isSet(QStringLiteral("out"))) {
        printError(QStringLiteral("export: --out FILE is required (.png, .svg, .pdf or .csv)"));
        return kBadInput;
    }
    const QString out = parser.value(QStringLiteral("out"));
    if (!ui::exportFormatFor(out)) {
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
    if (const QString error = ui::exportPanel(panel, *scenario, out, options); !error.isEmpty()) {
        printError(error);
        return kFailure;
    }
    return kSuccess;
}

} // namespace

const char* subcommand(int argc, char** argv)
{
    if (argc < 2) {
        return nullptr;
    }
    for (const char* name : kSubcommands) {
        if (std::strcmp(argv[1], name) == 0) {
            return name;
        }
    }
    return nullptr;
}

int runSubcommand(int argc, char** argv)
{
    const char* command = subcommand(argc, argv);
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
    arguments.removeAt(1); // "calc"
    return runCalc(arguments);
}

int runGui(int argc, char** argv)
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
    QApplication::setApplicationDisplayName(QStringLiteral("dtsim"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Distributed Training Simulator"));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("scenario"), QStringLiteral("Scenario file to open."),
                      QStringLiteral("FILE")});
    if (!parser.parse(application.arguments())) {
        printError(parser.errorText() + QStringLiteral(" (dtsim --help lists the options)"));
        return kBadInput;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(usage());
        return kSuccess;
    }
    simcore::Scenario scenario;
    if (parser.isSet(QStringLiteral("scenario"))) {
        auto loaded = ui::loadScenarioFile(parser.value(QStringLiteral("scenario")));
        if (!loaded.scenario) {
            printError(QStringLiteral("--scenario: ") + loaded.error);
            return kBadInput;
        }
        scenario = *loaded.scenario;
    }
    ui::MainWindow window(scenario);
    window.show();
    return QApplication::exec();
}

} // namespace dtsim::app
