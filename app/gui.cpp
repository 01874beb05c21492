#include "app/gui.h"

#include "app/calcoutput.h"
#include "app/cli.h"
#include "common/language.h"
#include "common/presets.h"
#include "common/scenariofile.h"
#include "common/settings.h"
#include "simcore/reports/report.h"
#include "simcore/views/views.h"
#include "ui/kit/appearance.h"
#include "ui/shell/exporter.h"
#include "ui/shell/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QRegularExpression>
#include <QSettings>
#include <QTextStream>
#include <cstdio>
#include <cstdlib>

namespace dtsim::app {

namespace {

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

std::optional<QSize> parseSize(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,6})[x×X](\\d{1,6})$"));
    const auto match = pattern.match(text.trimmed());
    if (!match.hasMatch()) {
        return std::nullopt;
    }
    return QSize(match.captured(1).toInt(), match.captured(2).toInt());
}

/// The offscreen platform's two harmless start-up notices would read like errors to a user; a
/// window system that cannot be loaded (QT_QPA_PLATFORM=bogus) is bad input, said in one line,
/// not Qt's abort.
void quietHarmlessNotices(QtMsgType type, const QMessageLogContext& context, const QString& text)
{
    if (text.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")) ||
        text.contains(QLatin1String("does not support propagateSizeHints")) ||
        text.startsWith(QLatin1String("Could not find the Qt platform plugin"))) {
        return;
    }
    if (type == QtFatalMsg && text.contains(QLatin1String("no Qt platform plugin could be"))) {
        const QString marker = QStringLiteral("Available platform plugins are: ");
        const qsizetype at = text.indexOf(marker);
        QString available = at < 0 ? QString() : text.mid(at + marker.size()).trimmed();
        if (available.endsWith(QLatin1Char('.'))) {
            available.chop(1);
        }
        printError(QStringLiteral("QT_QPA_PLATFORM: '%1' is not a window system Qt can load "
                                  "here; allowed: %2")
                       .arg(QString::fromLocal8Bit(qgetenv("QT_QPA_PLATFORM")),
                            available.isEmpty() ? QStringLiteral("offscreen, xcb") : available));
        std::fflush(stderr);
        std::_Exit(kBadInput);
    }
    QTextStream(stderr) << qFormatLogMessage(type, context, text) << Qt::endl;
}

} // namespace

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
    parser.addOption({QStringLiteral("slide"),
                      QStringLiteral("A 16:9 slide whose text reads from the back of a room.")});
    parser.addOption({QStringLiteral("lang"), QStringLiteral("Language of the charts: vi or en."),
                      QStringLiteral("LANG")});
    parser.addOption({QStringLiteral("theme"), QStringLiteral("light or dark charts."),
                      QStringLiteral("THEME")});
    parser.addOption({QStringLiteral("format"),
                      QStringLiteral("--panel all: picture format png, svg or pdf; one panel: "
                                     "must agree with --out."),
                      QStringLiteral("F"), QStringLiteral("png")});
    QStringList arguments = application.arguments();
    arguments.removeAt(1); // "export"
    const QCommandLineOption help = parser.addHelpOption();
    if (!parseArguments(parser, arguments)) {
        return kBadInput;
    }
    if (parser.isSet(help)) {
        printOut(exportUsage());
        return kSuccess;
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
    const QStringList allPanels = exportViewIds() << QStringLiteral("all");
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
    if (!parser.isSet(QStringLiteral("out"))) {
        printError(QStringLiteral("export: --out FILE is required (.png, .svg, .pdf or .csv)"));
        return kBadInput;
    }
    const QString out = parser.value(QStringLiteral("out"));
    // Without a name QDir::mkpath warns through Qt and fails: bad usage, said in one line.
    if (all && out.isEmpty()) {
        printError(QStringLiteral("--out: an empty name is no folder; give the folder to write "
                                  "every panel into"));
        return kBadInput;
    }
    const QString formatText = parser.value(QStringLiteral("format"));
    const QString formatName = formatText.toLower();
    const std::optional<ui::ExportFormat> format =
        formatName == QLatin1String("png")   ? std::optional(ui::ExportFormat::Png)
        : formatName == QLatin1String("svg") ? std::optional(ui::ExportFormat::Svg)
        : formatName == QLatin1String("pdf") ? std::optional(ui::ExportFormat::Pdf)
        : formatName == QLatin1String("csv") ? std::optional(ui::ExportFormat::Csv)
                                             : std::nullopt;
    if (!format || (all && *format == ui::ExportFormat::Csv)) {
        printError(QStringLiteral("--format: '%1' is not allowed; allowed: %2")
                       .arg(formatText, all ? QStringLiteral("png | svg | pdf")
                                            : QStringLiteral("png | svg | pdf | csv")));
        return kBadInput;
    }
    const ui::ExportFormat allFormat = *format;
    const auto outFormat = ui::exportFormatFor(out);
    if (!all && !outFormat) {
        printError(QStringLiteral("--out: '%1' has an unknown extension; allowed: .png, .svg, "
                                  ".pdf, .csv")
                       .arg(out));
        return kBadInput;
    }
    // One panel's format is its file's extension; a --format that says otherwise would be
    // ignored, and a PNG written to the file the user asked to be an SVG.
    if (!all && parser.isSet(QStringLiteral("format")) && *outFormat != *format) {
        printError(QStringLiteral("--format %1 disagrees with --out '%2' (a .%3 file); give "
                                  "--format %3 or leave it out")
                       .arg(formatText, out, QFileInfo(out).suffix().toLower()));
        return kBadInput;
    }
    const bool slide = parser.isSet(QStringLiteral("slide"));
    // A slide's size is part of what makes its text large enough: another size is refused, not
    // silently replaced.
    if (slide && parser.isSet(QStringLiteral("size"))) {
        printError(QStringLiteral("--size cannot be given with --slide: a slide is laid out at "
                                  "%1x%2 with fonts × %3; use --scale for more pixels")
                       .arg(ui::kSlideSize.width())
                       .arg(ui::kSlideSize.height())
                       .arg(ui::kSlideFontScale));
        return kBadInput;
    }
    ui::ExportOptions options = slide ? ui::slideOptions() : ui::ExportOptions{};
    options.progress = printMonteCarloProgress; // the Checkpoint panel's batch
    const auto size =
        slide ? std::optional(ui::kSlideSize) : parseSize(parser.value(QStringLiteral("size")));
    if (!size) {
        printError(QStringLiteral("--size: '%1' is not WxH (e.g. 1600x900); each side %2 to %3")
                       .arg(parser.value(QStringLiteral("size")))
                       .arg(ui::kMinExportSide)
                       .arg(ui::kMaxExportSide));
        return kBadInput;
    }
    options.size = *size;
    // A slide's PNG is 1920×1080 unless --scale says otherwise.
    const std::string scaleText = slide && !parser.isSet(QStringLiteral("scale"))
                                      ? QString::number(ui::kSlidePixelScale).toStdString()
                                      : parser.value(QStringLiteral("scale")).toStdString();
    const auto scale = simcore::parseNumber(scaleText);
    if (!scale) {
        printError(QStringLiteral("--scale: '%1' is not a number; allowed: %2 to %3")
                       .arg(parser.value(QStringLiteral("scale")))
                       .arg(ui::kMinExportScale)
                       .arg(ui::kMaxExportScale));
        return kBadInput;
    }
    // The decimal as written, as --set keys are checked: "4.0000000000000000001" rounds to the
    // double 4, which the range check below would let through.
    if (simcore::compareWritten(scaleText, ui::kMinExportScale).value_or(0) < 0 ||
        simcore::compareWritten(scaleText, ui::kMaxExportScale).value_or(0) > 0) {
        printError(QStringLiteral("--scale: '%1' is out of range; allowed: %2 to %3")
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
    int status = kBadInput;
    const auto scenario = scenarioFrom(parser, &status);
    if (!scenario) {
        return status;
    }
    // A large PNG takes seconds to draw and encode (BENCHMARKS.md): said, so it is not taken
    // for a hang.
    if (const double pixels =
            options.size.width() * options.size.height() * options.scale * options.scale;
        pixels > 16e6 && (all ? allFormat == ui::ExportFormat::Png
                              : out.endsWith(QLatin1String(".png"), Qt::CaseInsensitive))) {
        printError(QStringLiteral("drawing %1-megapixel pictures; this takes a few seconds…")
                       .arg(qRound(pixels / 1e6)));
    }
    // The views simcore's table marks refuse what their reports refuse (more workers than the
    // cluster or the batch allows, a layout that does not divide the model or cannot be drawn, a
    // schedule that cannot run, a GPU MTBF that underflows at checkpoint.gpus), as `dtsim calc`
    // does.
    for (const auto& entry : simcore::viewEntries()) {
        if (!entry.refusesProblems || !entry.view || !(all || panel.toStdString() == entry.id)) {
            continue;
        }
        if (const auto report = simcore::evaluateView(*entry.view, *scenario); !report.ok()) {
            printError(QString::fromStdString(report.problems.front().message()));
            return kBadInput;
        }
    }
    if (all) {
        const bool folderWasThere = QFileInfo(out).isDir();
        if (!QDir().mkpath(out)) {
            printError(QStringLiteral("--out: cannot create the folder '%1'").arg(out));
            return kFailure;
        }
        QStringList written;
        if (const QString error = ui::exportAllPanels(*scenario, out, allFormat, options, &written);
            !error.isEmpty()) {
            // All or nothing: a folder made for this export goes again when nothing was written.
            if (written.isEmpty() && !folderWasThere) {
                QDir().rmdir(out);
            }
            printError(written.isEmpty()
                           ? error + QStringLiteral(" No file was written.")
                           : error + QStringLiteral(" Written: %1.").arg(written.join(u", ")));
            return kFailure;
        }
        return kSuccess;
    }
    QStringList written;
    if (const QString error = ui::exportPanel(panel, *scenario, out, options, &written);
        !error.isEmpty()) {
        printError(error);
        return kFailure;
    }
    // A slide of several ideas is several files: their names are said, as they are not --out.
    if (written != QStringList{out}) {
        for (const QString& path : written) {
            std::fputs(qPrintable(path + u'\n'), stdout);
        }
    }
    return kSuccess;
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
    qInstallMessageHandler(quietHarmlessNotices);
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
    parser.addOption({QStringLiteral("preset"), QStringLiteral("Built-in preset to open."),
                      QStringLiteral("ID")});
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
    if (!optionsGivenOnce(parser)) {
        return kBadInput;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(usage());
        return kSuccess;
    }
    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("unexpected argument '%1': the window takes options only "
                                  "(dtsim --help lists them)")
                       .arg(parser.positionalArguments().front()));
        return kBadInput;
    }
    // Before the first QSettings parses anything: a settings file of gigabytes is set aside
    // (the window says so).
    common::guardSettingsFiles();
    if (!applyLanguageOption(
            parser, common::boundedSetting(QSettings(), QStringLiteral("language")).toString())) {
        return kBadInput;
    }
    // the window starts from the preset; --scenario excludes it.
    simcore::Scenario initial;
    if (parser.isSet(QStringLiteral("preset"))) {
        if (parser.isSet(QStringLiteral("scenario"))) {
            printError(
                QStringLiteral("--preset and --scenario cannot be used together; choose one"));
            return kBadInput;
        }
        QString error;
        const auto preset = common::loadPreset(parser.value(QStringLiteral("preset")), &error);
        if (!preset) {
            printError(QStringLiteral("--preset: ") + error);
            return kBadInput;
        }
        initial = *preset;
    }
    if (!applyThemeOption(parser)) {
        return kBadInput;
    }
    // --theme is for this session; the View menu's choice is the one remembered.
    std::optional<ui::Theme> sessionTheme;
    if (parser.isSet(QStringLiteral("theme"))) {
        sessionTheme = ui::currentAppearance().theme;
    }
    ui::MainWindow window(initial, sessionTheme);
    if (parser.isSet(QStringLiteral("scenario"))) {
        const QString error = window.openScenario(parser.value(QStringLiteral("scenario")));
        if (!error.isEmpty()) {
            printError(QStringLiteral("--scenario: ") + error);
            return kBadInput;
        }
    }
    // Without --scenario or --preset, the scenario file of the last session comes back.
    const QString last =
        common::boundedSetting(QSettings(), QStringLiteral("lastScenario")).toString();
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
