#include "app/importcommand.h"

#include "app/calcoutput.h"
#include "app/cli.h"
#include "common/files.h"
#include "simcore/import/measuredsteps.h"
#include "simcore/import/ncclimport.h"
#include "simcore/import/nccllog.h"
#include "simcore/import/nvtopoimport.h"
#include "simcore/models/topology.h"
#include "simcore/reports/importkeys.h"
#include "simcore/scenario/scenario.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace dtsim::app {

namespace {

constexpr qint64 kMaxFileBytes = common::kMaxMeasurementLogBytes;

QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

QString number(double value)
{
    return QString::number(value, 'g', 6);
}

/// "import: FILE:LINE: expected …, found '…'" (LINE left out when the error concerns the file).
QString importErrorText(const QString& file, const simcore::ImportError& error)
{
    QString text = QStringLiteral("import: ") + file;
    if (error.line > 0) {
        text += QLatin1Char(':') + QString::number(error.line);
    }
    text += QStringLiteral(": expected ") + fromStd(error.expected);
    if (!error.found.empty()) {
        text += QStringLiteral(", found '") + fromStd(error.found) + QLatin1Char('\'');
    }
    return text;
}

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
        "stderr naming the line of the file and what was expected), 1 when stdout fails.\n"
        "Two nccl-tests logs (one run inside a node, one across nodes) fill both link\n"
        "levels in one --set line; each log's level comes from the hosts its '# Rank' lines\n"
        "name, or, when it names none, from its place (first: inside, second: across).\n"
        "Example: dtsim import nccl-tests all_reduce_perf.txt --json\n"
        "         dtsim import step-times steps.csv\n");
}

/// The bytes of FILE ("-": standard input), or nullopt after printing why not.
std::optional<QByteArray> readInput(const QString& path, const QString& shown)
{
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

/// The groups dtsim accepts (simcore::applyGroups on the default scenario, as --set applies
/// them), as the command prints them. So every printed line is one dtsim takes as it stands.
struct CheckedSets {
    QStringList accepted;
    QStringList leftOut; ///< "KEY=VALUE KEY=VALUE", one per refused group
    QStringList reasons; ///< why, one per refused group
};

QStringList assignmentTexts(const simcore::AssignmentGroup& group)
{
    QStringList texts;
    for (const auto& assignment : group) {
        texts << fromStd(assignment.text());
    }
    return texts;
}

CheckedSets checkSets(const std::vector<simcore::AssignmentGroup>& groups)
{
    const simcore::AppliedGroups applied = simcore::applyGroups(simcore::Scenario{}, groups);
    CheckedSets checked;
    for (const auto& group : applied.accepted) {
        checked.accepted << assignmentTexts(group);
    }
    for (const auto& group : applied.leftOut) {
        checked.leftOut << assignmentTexts(group).join(QLatin1Char(' '));
    }
    for (const auto& reason : applied.reasons) {
        checked.reasons << fromStd(reason);
    }
    return checked;
}

QJsonArray leftOutJson(const CheckedSets& checked)
{
    QJsonArray array;
    for (qsizetype i = 0; i < checked.leftOut.size(); ++i) {
        array.append(QJsonObject{{QStringLiteral("set"), checked.leftOut.at(i)},
                                 {QStringLiteral("reason"), checked.reasons.at(i)}});
    }
    return array;
}

void printLeftOut(QTextStream& out, const CheckedSets& checked)
{
    for (qsizetype i = 0; i < checked.leftOut.size(); ++i) {
        out << "Left out: " << checked.leftOut.at(i)
            << " (dtsim refuses it: " << checked.reasons.at(i) << ").\n";
    }
}

QString setLine(const QStringList& assignments)
{
    QString line;
    for (const QString& assignment : assignments) {
        // A value with spaces (topology.node) is one shell word only when quoted.
        const QString word = assignment.contains(QLatin1Char(' '))
                                 ? QLatin1Char('\'') + assignment + QLatin1Char('\'')
                                 : assignment;
        line +=
            (line.isEmpty() ? QString() : QStringLiteral(" ")) + QStringLiteral("--set ") + word;
    }
    return line;
}

const char* ranksFromId(simcore::NcclRanksFrom from)
{
    switch (from) {
    case simcore::NcclRanksFrom::RankLines:
        return "rank_lines";
    case simcore::NcclRanksFrom::ThreadsGpus:
        return "nthread_ngpus";
    case simcore::NcclRanksFrom::BusFactor:
        return "bus_factor";
    case simcore::NcclRanksFrom::CountColumn:
        return "count_column";
    }
    return "rank_lines";
}

/// One nccl-tests log as given on the command line.
struct NcclInput {
    QString shown;    ///< the path as given, or "standard input"
    QString fileName; ///< names the collective only when the columns cannot tell; empty for stdin
    QByteArray bytes;
};

/// What one log contributes: its JSON object, its text report and its link group.
struct NcclOutcome {
    QJsonObject json;
    QString text;
    simcore::AssignmentGroup link;
};

QJsonObject fitJson(const simcore::NcclFit& fit)
{
    if (fit.error) {
        return QJsonObject{{QStringLiteral("error"), fromStd(fit.error->message())}};
    }
    return QJsonObject{{QStringLiteral("points"), static_cast<double>(fit.points)},
                       {QStringLiteral("latency"), fit.latencySeconds},
                       {QStringLiteral("bandwidth"), fit.bandwidthBytesPerSecond},
                       {QStringLiteral("latency_steps"), fit.latencySteps},
                       {QStringLiteral("bandwidth_factor"), fit.bandwidthFactor},
                       {QStringLiteral("latency_clamped"), fit.latencyClamped},
                       {QStringLiteral("worst_relative_error"), fit.worstRelativeError},
                       {QStringLiteral("worst_line"), static_cast<double>(fit.worstLine)}};
}

/// One run of a log, for `tables` in --json.
QJsonObject runJson(const simcore::NcclRun& run)
{
    const auto& t = run.table;
    QJsonObject object{
        {QStringLiteral("first_line"), static_cast<double>(run.firstLine)},
        {QStringLiteral("last_line"), static_cast<double>(run.lastLine)},
        {QStringLiteral("collective"), fromStd(simcore::ncclCollectiveId(t.collective))},
        {QStringLiteral("ranks"), static_cast<double>(t.ranks)},
        {QStringLiteral("ranks_from"), QLatin1String(ranksFromId(t.ranksFrom))},
        {QStringLiteral("ranks_inferred"), t.ranksFrom == simcore::NcclRanksFrom::BusFactor},
        {QStringLiteral("nodes"), static_cast<double>(t.nodes)},
        {QStringLiteral("rows"), static_cast<double>(t.outOfPlace.size())},
        {QStringLiteral("checked"), t.checked},
        {QStringLiteral("wrong_results"), static_cast<double>(t.wrongResults)},
        {QStringLiteral("average_busbw"),
         t.averageBusBandwidth ? QJsonValue(*t.averageBusBandwidth) : QJsonValue()},
        {QStringLiteral("fit"), fitJson(run.fit)}};
    return object;
}

/// "inferred from busbw / algbw = 1.75 = 2(N-1)/N (the log lists no devices)".
QString inferredText(const simcore::NcclTable& table)
{
    const QString factor = table.collective == simcore::NcclCollective::AllReduce
                               ? QStringLiteral("2(N-1)/N")
                               : QStringLiteral("(N-1)/N");
    return QStringLiteral("N = %1 was inferred from busbw / algbw = %2 = %3 (nccl-tests "
                          "PERFORMANCE.md); the log lists no devices")
        .arg(table.ranks)
        .arg(number(simcore::ncclObservedBusFactor(table)))
        .arg(factor);
}

NcclOutcome describeNccl(const NcclInput& input, const simcore::NcclLog& log, bool intra,
                         bool levelFromPosition, bool single)
{
    NcclOutcome outcome;
    const auto& table = *log.combined.table;
    const auto& fit = log.combined.fit;
    const std::string scope = intra ? "intra" : "inter";
    const simcore::NcclImportKeys keys = simcore::ncclImportKeys(log.combined, intra);
    outcome.link = keys.links.empty() ? simcore::AssignmentGroup{} : keys.links.front();
    const CheckedSets paste = checkSets(keys.links);
    // The calc line: the ring over the measured GPUs, on as many GPUs per node as the run had.
    const CheckedSets calc = checkSets(keys.measuredRun);
    const QString collective = fromStd(simcore::ncclCollectiveId(fit.collective));
    QStringList conflicts;
    for (const auto& conflict : table.nameConflicts) {
        conflicts << fromStd(simcore::ncclConflictText(table, conflict));
    }
    QStringList alsoFits;
    for (const auto other : table.alsoFits) {
        alsoFits << fromStd(simcore::ncclCollectiveId(other));
    }
    const bool inferred = table.ranksFrom == simcore::NcclRanksFrom::BusFactor;
    QJsonArray tables;
    for (const auto& run : log.runs) {
        tables.append(runJson(run));
    }

    QJsonArray conflictArray;
    for (qsizetype i = 0; i < conflicts.size(); ++i) {
        const auto& conflict = table.nameConflicts[static_cast<std::size_t>(i)];
        conflictArray.append(QJsonObject{
            {QStringLiteral("named"), fromStd(simcore::ncclCollectiveId(conflict.named))},
            {QStringLiteral("source"),
             conflict.line == 0 ? QStringLiteral("file_name") : QStringLiteral("text")},
            {QStringLiteral("line"), static_cast<double>(conflict.line)},
            {QStringLiteral("message"), conflicts.at(i)}});
    }
    outcome.json = QJsonObject{
        {QStringLiteral("kind"), QStringLiteral("nccl-tests")},
        {QStringLiteral("file"), input.shown},
        {QStringLiteral("collective"), collective},
        {QStringLiteral("collective_from"),
         table.collectiveChosenByName ? QStringLiteral("name") : QStringLiteral("columns")},
        {QStringLiteral("also_fits"), QJsonArray::fromStringList(alsoFits)},
        {QStringLiteral("name_conflicts"), conflictArray},
        {QStringLiteral("ranks"), static_cast<double>(table.ranks)},
        {QStringLiteral("ranks_from"), QLatin1String(ranksFromId(table.ranksFrom))},
        {QStringLiteral("ranks_inferred"), inferred},
        {QStringLiteral("observed_bus_factor"), simcore::ncclObservedBusFactor(table)},
        {QStringLiteral("nodes"), static_cast<double>(table.nodes)},
        {QStringLiteral("points"), static_cast<double>(fit.points)},
        {QStringLiteral("tables"), tables},
        {QStringLiteral("fitted_tables"),
         log.merged ? QStringLiteral("all") : QStringLiteral("%1").arg(log.chosenRun + 1)},
        {QStringLiteral("placement"), QStringLiteral("out_of_place")},
        {QStringLiteral("latency"), fit.latencySeconds},
        {QStringLiteral("bandwidth"), fit.bandwidthBytesPerSecond},
        {QStringLiteral("latency_steps"), fit.latencySteps},
        {QStringLiteral("bandwidth_factor"), fit.bandwidthFactor},
        {QStringLiteral("latency_clamped"), fit.latencyClamped},
        {QStringLiteral("worst_relative_error"), fit.worstRelativeError},
        {QStringLiteral("worst_line"), static_cast<double>(fit.worstLine)},
        {QStringLiteral("checked"), table.checked},
        {QStringLiteral("wrong_results"), static_cast<double>(table.wrongResults)},
        {QStringLiteral("scope"), fromStd(scope)},
        {QStringLiteral("scope_from"), table.nodes > 0     ? QStringLiteral("hosts")
                                       : single            ? QStringLiteral("default")
                                       : levelFromPosition ? QStringLiteral("position")
                                                           : QStringLiteral("other_log")},
        {QStringLiteral("set"), QJsonArray::fromStringList(paste.accepted)},
        {QStringLiteral("left_out"), leftOutJson(paste)},
        {QStringLiteral("calc_set"),
         calc.leftOut.isEmpty() ? QJsonArray::fromStringList(calc.accepted) : QJsonArray()},
        {QStringLiteral("calc_left_out"), leftOutJson(calc)}};

    QString text;
    QTextStream out(&text);
    out << input.shown << ": nccl-tests " << collective << ", " << table.ranks << " ranks"
        << (table.nodes > 0 ? QStringLiteral(" on %1 node(s)").arg(table.nodes) : QString()) << ", "
        << fit.points << " points (out-of-place), fitted to the ring model of MODELS §4\n";
    out << "  latency               " << number(fit.latencySeconds) << "  s per step\n";
    out << "  bandwidth             " << number(fit.bandwidthBytesPerSecond)
        << "  bytes/s per link, one direction\n";
    out << "  worst_relative_error  " << number(fit.worstRelativeError) << "  (line "
        << fit.worstLine << ")\n";
    if (log.runs.size() > 1) {
        out << "The log holds " << log.runs.size() << " runs:\n";
        for (std::size_t i = 0; i < log.runs.size(); ++i) {
            const auto& run = log.runs[i];
            out << "  " << (i + 1) << ". lines " << run.firstLine << "-" << run.lastLine << ": "
                << fromStd(simcore::ncclCollectiveId(run.table.collective)) << ", "
                << run.table.ranks << " ranks, " << run.table.outOfPlace.size() << " rows";
            if (run.fit.error) {
                out << "; no fit: " << fromStd(run.fit.error->expected);
            } else {
                out << "; latency " << number(run.fit.latencySeconds) << " s, bandwidth "
                    << number(run.fit.bandwidthBytesPerSecond) << " bytes/s";
            }
            out << "\n";
        }
        out << (log.merged ? QStringLiteral("All runs measured the same: their points are "
                                            "fitted together.")
                           : QStringLiteral("The runs differ: run %1 is the one fitted (the first "
                                            "all_reduce that can be, else the first that can).")
                                 .arg(log.chosenRun + 1))
            << "\n";
    }
    for (const QString& conflict : conflicts) {
        out << "Note: " << conflict << ".\n";
    }
    if (!alsoFits.isEmpty()) {
        out << "Note: the columns fit " << alsoFits.join(QStringLiteral(" or "))
            << " as well; read as " << collective
            << (table.collectiveChosenByName ? " (as the text or file name says)" : "")
            << ". If it was another program, name the file after it (e.g. " << alsoFits.front()
            << "_perf.txt).\n";
    }
    if (inferred) {
        out << "Note: " << inferredText(table) << ".\n";
    }
    out << "Model: t = " << number(fit.latencySteps) << " steps x latency + "
        << number(fit.bandwidthFactor) << " x S / bandwidth (S in bytes).\n";
    if (fit.latencyClamped) {
        out << "Note: the best straight line had a negative intercept; latency set to 0.\n";
    }
    if (!table.checked) {
        out << "Note: the run did not check its results (#wrong is N/A, -c 0).\n";
    }
    if (table.wrongResults > 0) {
        out << "Warning: " << table.wrongResults
            << " row(s) report wrong results; the measurement may be broken.\n";
    }
    if (table.nodes == 1) {
        out << "All ranks ran on one node, so these describe the link inside a node.\n";
    } else if (table.nodes > 1) {
        out << "The ranks span nodes, so these describe the link between nodes.\n";
    } else if (single) {
        out << "The log names no hosts; it is taken as the link between nodes (give a second "
               "log to fill both levels).\n";
    } else if (levelFromPosition) {
        out << "The log names no hosts; as the " << (intra ? "first" : "second")
            << " log it is taken as the link " << (intra ? "inside a node" : "between nodes")
            << ".\n";
    } else {
        out << "The log names no hosts; it is taken as the link "
            << (intra ? "inside a node" : "between nodes") << ", the level the other log leaves.\n";
    }
    if (paste.accepted.isEmpty()) {
        out << "Nothing to paste into dtsim: " << paste.reasons.join(QStringLiteral("; ")) << ".\n";
    } else {
        out << "Paste into dtsim:\n  " << setLine(paste.accepted) << "\n";
    }
    if (calc.leftOut.isEmpty()) {
        out << "The ring on these GPUs then reproduces the fit:\n  dtsim calc allreduce "
            << setLine(calc.accepted) << "\n";
    } else {
        out << "No dtsim calc line reproduces this run: ";
        printLeftOut(out, calc);
    }
    out.flush();
    outcome.text = text;
    return outcome;
}

/// One log: its link level from its hosts (several or unknown: between nodes). Two logs: one
/// inside a node and one across, both levels filled in one paste line.
int importNccl(const std::vector<NcclInput>& inputs, bool json)
{
    std::vector<simcore::NcclLog> logs;
    std::vector<simcore::NcclLinkLevel> levels;
    for (const auto& input : inputs) {
        auto log = simcore::importNcclLog(
            std::string_view(input.bytes.constData(), static_cast<std::size_t>(input.bytes.size())),
            input.fileName.toStdString());
        if (log.error) {
            printError(importErrorText(input.shown, *log.error));
            return kBadInput;
        }
        levels.push_back(simcore::ncclLinkLevel(*log.combined.table));
        logs.push_back(std::move(log));
    }
    const auto assigned = simcore::ncclAssignLevels(levels);
    if (assigned.error) {
        QStringList files;
        for (const auto& input : inputs) {
            files << input.shown;
        }
        printError(QStringLiteral("import: %1: expected %2")
                       .arg(files.join(QStringLiteral(", ")), fromStd(assigned.error->expected)));
        return kBadInput;
    }
    std::vector<NcclOutcome> outcomes(inputs.size());
    std::vector<simcore::AssignmentGroup> links;
    for (const auto& [index, intra, byPosition] :
         {std::tuple{assigned.intra, true, assigned.intraFromPosition},
          std::tuple{assigned.inter, false, assigned.interFromPosition}}) {
        if (index) {
            outcomes[*index] =
                describeNccl(inputs[*index], logs[*index], intra, byPosition, inputs.size() == 1);
            links.push_back(outcomes[*index].link);
        }
    }
    if (inputs.size() == 1) {
        if (json) {
            printJson(outcomes.front().json);
        } else {
            printOut(outcomes.front().text);
        }
        return kSuccess;
    }
    const CheckedSets both = checkSets(links);
    if (json) {
        QJsonArray array;
        QStringList files;
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            array.append(outcomes[i].json);
            files << inputs[i].shown;
        }
        printJson(QJsonObject{{QStringLiteral("kind"), QStringLiteral("nccl-tests")},
                              {QStringLiteral("files"), QJsonArray::fromStringList(files)},
                              {QStringLiteral("intra_file"), inputs[*assigned.intra].shown},
                              {QStringLiteral("inter_file"), inputs[*assigned.inter].shown},
                              {QStringLiteral("logs"), array},
                              {QStringLiteral("set"), QJsonArray::fromStringList(both.accepted)},
                              {QStringLiteral("left_out"), leftOutJson(both)}});
        return kSuccess;
    }
    QString text;
    for (const auto& outcome : outcomes) {
        text += outcome.text + QLatin1Char('\n');
    }
    QTextStream out(&text);
    if (both.accepted.isEmpty()) {
        out << "Nothing to paste into dtsim for both levels: "
            << both.reasons.join(QStringLiteral("; ")) << ".\n";
    } else {
        out << "Both link levels (" << inputs[*assigned.intra].shown << " inside a node, "
            << inputs[*assigned.inter].shown << " between nodes); paste into dtsim:\n  "
            << setLine(both.accepted) << "\n";
        printLeftOut(out, both);
    }
    out.flush();
    printOut(text);
    return kSuccess;
}

/// `dtsim import step-times`: the lesson's three constants fitted to measured step times.
int importStepTimes(const QString& shown, const QByteArray& bytes, bool json)
{
    const auto parsed = simcore::parseStepTimes(
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (parsed.error) {
        printError(importErrorText(shown, *parsed.error));
        return kBadInput;
    }
    const auto fit = simcore::fitLessonConstants(parsed.points);
    if (fit.error) {
        printError(importErrorText(shown, *fit.error));
        return kBadInput;
    }
    // With the points themselves, so `dtsim export --panel scaling` draws them over the model.
    const CheckedSets paste = checkSets(simcore::stepTimesImportKeys(parsed.points, fit));
    QJsonArray points;
    for (const auto& p : parsed.points) {
        points.append(QJsonObject{{QStringLiteral("workers"), static_cast<double>(p.workers)},
                                  {QStringLiteral("seconds"), p.seconds},
                                  {QStringLiteral("line"), static_cast<double>(p.line)}});
    }
    QStringList clamped;
    if (fit.fixedClamped) {
        clamped << QStringLiteral("fixed_sync");
    }
    if (fit.perWorkerClamped) {
        clamped << QStringLiteral("sync_per_worker");
    }
    if (json) {
        printJson(QJsonObject{
            {QStringLiteral("kind"), QStringLiteral("step-times")},
            {QStringLiteral("file"), shown},
            {QStringLiteral("model"), QStringLiteral("lesson")},
            {QStringLiteral("base_compute"), fit.baseComputeSeconds},
            {QStringLiteral("fixed_sync"), fit.fixedSyncSeconds},
            {QStringLiteral("sync_per_worker"), fit.syncPerWorkerSeconds},
            {QStringLiteral("residual_rms"), fit.rmsSeconds},
            {QStringLiteral("residual_unit"), QStringLiteral("s")},
            {QStringLiteral("worst_error"), fit.worstSeconds},
            {QStringLiteral("worst_line"), static_cast<double>(fit.worstLine)},
            {QStringLiteral("points"), static_cast<double>(fit.points)},
            {QStringLiteral("distinct_workers"), static_cast<double>(fit.distinctWorkers)},
            {QStringLiteral("clamped_to_zero"), QJsonArray::fromStringList(clamped)},
            {QStringLiteral("optimal_workers"), static_cast<double>(fit.optimalWorkers)},
            {QStringLiteral("measured"), points},
            {QStringLiteral("set"), QJsonArray::fromStringList(paste.accepted)},
            {QStringLiteral("left_out"), leftOutJson(paste)}});
        return kSuccess;
    }
    ReportTable report(QStringLiteral("step times: %1 runs at %2 worker counts, fitted to the "
                                      "lesson model (MODELS §1) by least squares")
                           .arg(fit.points)
                           .arg(fit.distinctWorkers));
    report.number(QStringLiteral("base_compute"), fit.baseComputeSeconds, QStringLiteral("s"));
    report.number(QStringLiteral("fixed_sync"), fit.fixedSyncSeconds, QStringLiteral("s"));
    report.number(QStringLiteral("sync_per_worker"), fit.syncPerWorkerSeconds, QStringLiteral("s"));
    report.number(QStringLiteral("residual_rms"), fit.rmsSeconds,
                  QStringLiteral("s (root mean square of model - measured)"));
    report.number(QStringLiteral("worst_error"), fit.worstSeconds,
                  QStringLiteral("s (line %1)").arg(fit.worstLine));
    report.row(QStringLiteral("optimal_workers"), QString::number(fit.optimalWorkers));
    report.print();
    QString text;
    QTextStream out(&text);
    out << "Model: step(N) = base_compute/N + (N > 1 ? fixed_sync + sync_per_worker x (N-1) : "
           "0).\n";
    for (const QString& name : clamped) {
        out << "Note: the best unconstrained fit had " << name
            << " < 0; it is held at 0 (the key's range) and the others refitted.\n";
    }
    if (paste.accepted.isEmpty()) {
        out << "Nothing to paste into dtsim: " << paste.reasons.join(QStringLiteral("; ")) << ".\n";
    } else {
        out << "Paste into dtsim (the constants, and the runs to draw over the Scaling charts):\n  "
            << setLine(paste.accepted) << "\n";
        printLeftOut(out, paste);
    }
    out.flush();
    printOut(text);
    return kSuccess;
}

QString cellText(const simcore::TopoCell& cell)
{
    if (cell.code == simcore::TopoCode::NvLink) {
        return QStringLiteral("NV%1").arg(cell.nvlinks);
    }
    return fromStd(simcore::topoCodeText(cell.code));
}

int importTopo(const QString& path, const QByteArray& bytes, bool json)
{
    const auto parsed = simcore::parseNvidiaTopo(
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (parsed.error) {
        printError(importErrorText(path, *parsed.error));
        return kBadInput;
    }
    const auto& node = *parsed.node;
    const auto choice = simcore::nvTopoChoice(node);
    const auto cluster = simcore::nvTopoCluster(node);
    if (!cluster) { // the default ids are all in the catalogue; kept as a guard
        printError(QStringLiteral("import: %1: a link id is missing from the catalogue").arg(path));
        return kBadInput;
    }
    const auto ring = simcore::nvTopoRing(*cluster);
    const bool wirable = node.gpus >= 2 && node.gpus <= simcore::kMaxWiringGpus;
    const CheckedSets checked = checkSets(simcore::topoImportKeys(node, *cluster));
    const QStringList& assignments = checked.accepted;
    QStringList why = checked.reasons;
    if (node.gpus < 2) {
        why << QStringLiteral("one GPU has no link to another GPU, so there is no link to "
                              "describe and no pair to wire (topology.node takes 2 to %1 GPUs)")
                   .arg(simcore::kMaxWiringGpus);
    } else if (!wirable) {
        why << QStringLiteral("topology.node (the wiring pair by pair) takes 2 to %1 GPUs; this "
                              "node has %2, so the Topology panel cannot draw it")
                   .arg(simcore::kMaxWiringGpus)
                   .arg(node.gpus);
    }
    const auto nicName = [&node](std::int64_t index) {
        return index < 0 ? QString()
                         : QString::fromStdString(node.nics[static_cast<std::size_t>(index)]);
    };

    if (json) {
        QJsonArray pairs;
        for (std::int64_t a = 0; a < node.gpus; ++a) {
            for (std::int64_t b = a + 1; b < node.gpus; ++b) {
                const auto& pair = cluster->node.pair(a, b);
                pairs.append(
                    QJsonObject{{QStringLiteral("a"), static_cast<double>(a)},
                                {QStringLiteral("b"), static_cast<double>(b)},
                                {QStringLiteral("code"), cellText(node.cell(a, b))},
                                {QStringLiteral("kind"), fromStd(simcore::linkKindId(pair.kind))},
                                {QStringLiteral("bandwidth"), pair.link.bandwidthBytesPerSecond},
                                {QStringLiteral("latency"), pair.link.latencySeconds},
                                {QStringLiteral("source"), fromStd(pair.sourceId)}});
            }
        }
        QJsonArray gpus;
        for (std::int64_t g = 0; g < node.gpus; ++g) {
            const auto i = static_cast<std::size_t>(g);
            const std::int64_t nic = node.nearestNic[i];
            gpus.append(QJsonObject{
                {QStringLiteral("gpu"), static_cast<double>(g)},
                {QStringLiteral("cpu_affinity"),
                 i < node.cpuAffinity.size() ? fromStd(node.cpuAffinity[i]) : QString()},
                {QStringLiteral("numa_affinity"),
                 i < node.numaAffinity.size() ? fromStd(node.numaAffinity[i]) : QString()},
                {QStringLiteral("nearest_nic"), nicName(nic)},
                {QStringLiteral("nearest_nic_code"),
                 nic < 0 ? QString() : cellText(node.nicCell(g, nic))}});
        }
        QJsonArray nics;
        for (const auto& name : node.nics) {
            nics.append(QString::fromStdString(name));
        }
        QJsonArray order;
        for (const auto gpu : ring.ring) {
            order.append(static_cast<double>(gpu));
        }
        QJsonArray sets;
        for (const QString& set : assignments) {
            sets.append(set);
        }
        QJsonObject bottleneck;
        if (ring.bottleneck) {
            const auto& hop = ring.hops[*ring.bottleneck];
            bottleneck =
                QJsonObject{{QStringLiteral("from"), static_cast<double>(hop.from)},
                            {QStringLiteral("to"), static_cast<double>(hop.to)},
                            {QStringLiteral("kind"), fromStd(simcore::linkKindId(hop.kind))},
                            {QStringLiteral("bandwidth"), hop.link.bandwidthBytesPerSecond},
                            {QStringLiteral("latency"), hop.link.latencySeconds}};
        }
        printJson(QJsonObject{{QStringLiteral("kind"), QStringLiteral("nvidia-topo")},
                              {QStringLiteral("file"), path},
                              {QStringLiteral("gpus"), static_cast<double>(node.gpus)},
                              {QStringLiteral("nics"), static_cast<double>(node.nics.size())},
                              {QStringLiteral("gpu_nics"), static_cast<double>(node.gpuNics())},
                              {QStringLiteral("nic_names"), nics},
                              {QStringLiteral("nvswitch"), node.nvswitch()},
                              {QStringLiteral("nvlink"), fromStd(choice.nvlinkId)},
                              {QStringLiteral("pcie"), fromStd(choice.pcieId)},
                              {QStringLiteral("pairs"), pairs},
                              {QStringLiteral("gpu_details"), gpus},
                              {QStringLiteral("ring"), order},
                              {QStringLiteral("bottleneck"), bottleneck},
                              {QStringLiteral("set"), sets},
                              {QStringLiteral("left_out"), QJsonArray::fromStringList(why)}});
        return kSuccess;
    }

    QString text;
    QTextStream out(&text);
    out << "nvidia-smi topo -m: " << node.gpus << " GPUs, " << node.nics.size() << " NICs ("
        << node.gpuNics() << " next to a GPU)" << (node.nvswitch() ? ", NVSwitch" : "") << "\n";
    out << "  gpus  " << node.gpus << "\n  nics  " << node.nics.size() << "\n";
    out << "Assumed (topo -m shows no speeds): " << fromStd(choice.nvlinkId) << ", "
        << fromStd(choice.pcieId) << ", sockets joined by upi-spr, NICs " << fromStd(cluster->nicId)
        << " (dtsim keys / MODELS §7 for the figures).\n";
    out << "GPU pairs: code, link kind, bandwidth one direction per GPU:\n";
    for (std::int64_t a = 0; a < node.gpus; ++a) {
        for (std::int64_t b = a + 1; b < node.gpus; ++b) {
            const auto& pair = cluster->node.pair(a, b);
            out << "  GPU" << a << "-GPU" << b << "  " << cellText(node.cell(a, b)).leftJustified(5)
                << " " << fromStd(simcore::linkKindId(pair.kind)).leftJustified(17) << " "
                << number(pair.link.bandwidthBytesPerSecond) << " bytes/s\n";
        }
    }
    for (std::int64_t g = 0; g < node.gpus; ++g) {
        const auto i = static_cast<std::size_t>(g);
        const std::int64_t nic = node.nearestNic[i];
        out << "  GPU" << g << ": nearest NIC "
            << (nic < 0 ? QStringLiteral("none")
                        : nicName(nic) + QStringLiteral(" (") + cellText(node.nicCell(g, nic)) +
                              QLatin1Char(')'));
        if (i < node.cpuAffinity.size()) {
            out << ", CPU affinity " << fromStd(node.cpuAffinity[i]);
        }
        if (i < node.numaAffinity.size()) {
            out << ", NUMA " << fromStd(node.numaAffinity[i]);
        }
        out << "\n";
    }
    if (ring.bottleneck) {
        const auto& hop = ring.hops[*ring.bottleneck];
        QStringList order;
        for (const auto gpu : ring.ring) {
            order << QString::number(gpu);
        }
        out << "Best ring over all " << node.gpus << " GPUs: " << order.join(QLatin1Char(' '))
            << "; slowest hop GPU" << hop.from << "->GPU" << hop.to << " ("
            << fromStd(simcore::linkKindId(hop.kind)) << ", "
            << number(hop.link.bandwidthBytesPerSecond) << " bytes/s).\n";
    }
    if (assignments.isEmpty()) {
        out << "Nothing to paste into dtsim: " << why.join(QStringLiteral("; ")) << ".\n";
    } else {
        out << "Paste into dtsim:\n  " << setLine(assignments) << "\n";
        for (const QString& reason : why) {
            out << "Left out: " << reason << ".\n";
        }
    }
    out.flush();
    printOut(text);
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
    std::vector<NcclInput> inputs;
    for (qsizetype i = 1; i < positional.size(); ++i) {
        const QString path = positional.at(i);
        const bool standardInput = path == QLatin1String("-");
        const QString shown = standardInput ? QStringLiteral("standard input") : path;
        const auto bytes = readInput(path, shown);
        if (!bytes) {
            return kBadInput;
        }
        inputs.push_back({shown, standardInput ? QString() : QFileInfo(path).fileName(), *bytes});
    }
    if (kind == QLatin1String("nccl-tests")) {
        return importNccl(inputs, json);
    }
    if (kind == QLatin1String("step-times")) {
        return importStepTimes(inputs.front().shown, inputs.front().bytes, json);
    }
    return importTopo(inputs.front().shown, inputs.front().bytes, json);
}

} // namespace dtsim::app
