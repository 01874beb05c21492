#include "app/importcommand.h"

#include "app/calcoutput.h"
#include "app/cli.h"
#include "common/files.h"
#include "simcore/reports/importreport.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <optional>
#include <string_view>
#include <vector>

namespace dtsim::app {

namespace {

constexpr qint64 kMaxFileBytes = common::kMaxMeasurementLogBytes;

/// What `dtsim import --help` prints.
QString importUsage()
{
    return QStringLiteral(
        "Usage: dtsim import KIND FILE [--json]\n"
        "       dtsim import nccl-tests INTRA.log ACROSS.log [--json]\n"
        "\n"
        "Reads what a tool printed on your own machine and prints the numbers dtsim takes.\n"
        "KIND:\n"
        "  nccl-tests   the output of an nccl-tests program (all_reduce_perf, all_gather_perf,\n"
        "               ...): latency and bandwidth fitted to the ring model (MODELS section 4)\n"
        "  nvidia-topo  the matrix `nvidia-smi topo -m` prints: the node's GPUs, NICs and links\n"
        "  step-times   a CSV of measured step times, one run per line: workers,seconds\n"
        "               (optional header line, '#' comments); the lesson model's three\n"
        "               constants fitted by least squares (needs 3 or more worker counts)\n"
        "FILE: a text file (UTF-8, or UTF-16 with a byte-order mark as PowerShell saves it;\n"
        "      any line ends), or - for standard input.\n"
        "Options:\n"
        "  --json       print one JSON object on stdout\n"
        "  -h, --help   print this help\n"
        "Exit status: 0 when the file was read (also when none of its numbers can be\n"
        "pasted as settings: the output says why), 2 on bad usage or input (one line on\n"
        "stderr naming the line of the file and what was expected), 1 when a file that is\n"
        "there cannot be read (permissions, an I/O error) or stdout fails.\n"
        "Two nccl-tests logs (one run inside a node, one across nodes) fill both link\n"
        "levels in one --set line; each log's level comes from the hosts its '# Rank' lines\n"
        "name, or, when it names none, from its place (first: inside, second: across).\n"
        "Example: dtsim import nccl-tests all_reduce_perf.txt --json\n"
        "         dtsim import step-times steps.csv\n");
}

/// The bytes of FILE ("-": standard input), or nullopt after printing why not; `status` is then
/// the exit status: kFailure for a file that is there but cannot be read, else kBadInput.
std::optional<QByteArray> readInput(const QString& path, const QString& shown, int& status)
{
    status = kBadInput;
    using Problem = common::FileRead::Problem;
    const common::FileRead read = path == QLatin1String("-")
                                      ? common::readStandardInput(kMaxFileBytes)
                                      : common::readWholeFile(path, kMaxFileBytes);
    switch (read.problem) {
    case Problem::None:
        return read.bytes;
    case Problem::Missing:
        printError(QStringLiteral("import: %1: no such file").arg(shown));
        break;
    case Problem::NotRegular:
        printError(QStringLiteral("import: %1: not a regular file (a directory, a device or a "
                                  "pipe); expected a text file, or - for standard input")
                       .arg(shown));
        break;
    case Problem::CannotOpen:
    case Problem::ReadError:
        printError(QStringLiteral("import: %1: cannot read (%2)").arg(shown, read.reason));
        status = kFailure;
        break;
    case Problem::TooLarge:
        printError(QStringLiteral("import: %1: more than %2 bytes is too large for a measurement "
                                  "log; allowed: up to %2 bytes")
                       .arg(shown)
                       .arg(kMaxFileBytes));
        break;
    }
    return std::nullopt;
}

/// One file as given on the command line.
struct Input {
    QString shown;    ///< the path as given, or "standard input"
    QString fileName; ///< names the collective only when the columns cannot tell; empty for stdin
    QByteArray bytes;
};

simcore::ImportSource source(const Input& input)
{
    return {
        input.shown.toStdString(), input.fileName.toStdString(),
        std::string_view(input.bytes.constData(), static_cast<std::size_t>(input.bytes.size()))};
}

/// Prints the report: its JSON object or its text; its error line when nothing was imported.
int printImport(const simcore::ImportReport& report, bool json)
{
    if (!report.ok()) {
        printError(QStringLiteral("import: ") + QString::fromStdString(report.errorText));
        return kBadInput;
    }
    if (json) {
        printJson(recordJson(report.details));
    } else {
        printOut(QString::fromStdString(report.text));
    }
    return kSuccess;
}

} // namespace

int runImport(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object.")});
    parser.addOption(
        {{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Print this help.")});
    parser.addPositionalArgument(QStringLiteral("KIND"),
                                 QStringLiteral("nccl-tests or nvidia-topo"));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The text to read."));
    if (!parser.parse(arguments)) {
        printError(QStringLiteral("import: ") + parser.errorText() +
                   QStringLiteral(" (dtsim import --help)"));
        return kBadInput;
    }
    if (!optionsGivenOnce(parser)) {
        return kBadInput;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printOut(importUsage());
        return kSuccess;
    }
    const QStringList positional = parser.positionalArguments();
    const QString kinds = QStringLiteral("nccl-tests, nvidia-topo, step-times");
    if (positional.size() < 2) {
        printError(QStringLiteral("import: expected KIND FILE (KIND: %1; FILE: a file or - for "
                                  "standard input), got %2")
                       .arg(kinds, positional.isEmpty() ? QStringLiteral("nothing")
                                                        : positional.join(QLatin1Char(' '))));
        return kBadInput;
    }
    const QString kind = positional.at(0);
    if (kind != QLatin1String("nccl-tests") && kind != QLatin1String("nvidia-topo") &&
        kind != QLatin1String("step-times")) {
        printError(QStringLiteral("import: unknown KIND '%1'; allowed: %2").arg(kind, kinds));
        return kBadInput;
    }
    // nccl-tests takes a second log: one run inside a node and one across nodes.
    const qsizetype mostFiles = kind == QLatin1String("nccl-tests") ? 3 : 2;
    if (positional.size() > mostFiles) {
        printError(
            kind == QLatin1String("nccl-tests")
                ? QStringLiteral("import: expected nccl-tests FILE [FILE2] (at most two logs: "
                                 "one inside a node, one across nodes), got %1 files")
                      .arg(positional.size() - 1)
                : QStringLiteral("import: expected %1 FILE (one file), got %2 files")
                      .arg(kind)
                      .arg(positional.size() - 1));
        return kBadInput;
    }
    if (positional.size() == 3 && positional.at(1) == QLatin1String("-") &&
        positional.at(2) == QLatin1String("-")) {
        printError(QStringLiteral("import: standard input (-) can be read once; give at most "
                                  "one of the two logs as -"));
        return kBadInput;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    std::vector<Input> inputs;
    for (qsizetype i = 1; i < positional.size(); ++i) {
        const QString path = positional.at(i);
        const bool standardInput = path == QLatin1String("-");
        const QString shown = standardInput ? QStringLiteral("standard input") : path;
        int status = kBadInput;
        const auto bytes = readInput(path, shown, status);
        if (!bytes) {
            return status;
        }
        inputs.push_back({shown, standardInput ? QString() : QFileInfo(path).fileName(), *bytes});
    }
    if (kind == QLatin1String("nccl-tests")) {
        std::vector<simcore::ImportSource> sources;
        for (const auto& input : inputs) {
            sources.push_back(source(input));
        }
        return printImport(simcore::ncclImportReport(sources), json);
    }
    if (kind == QLatin1String("step-times")) {
        return printImport(simcore::stepTimesImportReport(source(inputs.front())), json);
    }
    return printImport(simcore::nvTopoImportReport(source(inputs.front())), json);
}

} // namespace dtsim::app
