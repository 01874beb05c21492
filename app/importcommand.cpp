#include "app/importcommand.h"

#include "app/calcoutput.h"
#include "app/cli.h"
#include "common/files.h"
#include "simcore/ncclimport.h"
#include "simcore/nvtopoimport.h"
#include "simcore/scenario.h"
#include "simcore/topology.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>
#include <optional>
#include <string>
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
        "\n"
        "Reads what a tool printed on your own machine and prints the numbers dtsim takes.\n"
        "KIND:\n"
        "  nccl-tests   the output of an nccl-tests program (all_reduce_perf, all_gather_perf,\n"
        "               ...): latency and bandwidth fitted to the ring model (MODELS section 4)\n"
        "  nvidia-topo  the matrix `nvidia-smi topo -m` prints: the node's GPUs, NICs and links\n"
        "FILE: a text file (UTF-8, or UTF-16 with a byte-order mark as PowerShell saves it;\n"
        "      any line ends), or - for standard input.\n"
        "Options:\n"
        "  --json       print one JSON object on stdout\n"
        "  -h, --help   print this help\n"
        "Exit status: 0 when the file was read (also when none of its numbers can be\n"
        "pasted as settings: the output says why), 2 on bad usage or input (one line on\n"
        "stderr naming the line of the file and what was expected), 1 when stdout fails.\n"
        "Example: dtsim import nccl-tests all_reduce_perf.txt --json\n");
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

/// Assignments that stand or fall together (a link's latency and bandwidth; the node's wiring).
using SetGroup = QStringList;

/// The groups dtsim accepts, each applied with applyAssignment (what --set does) on top of the
/// groups accepted before it and the whole validated; a refused group is left out with the
/// reason. So every printed line is one dtsim takes as it stands.
struct CheckedSets {
    QStringList accepted;
    QStringList leftOut; ///< "KEY=VALUE KEY=VALUE", one per refused group
    QStringList reasons; ///< why, one per refused group
};

CheckedSets checkSets(const std::vector<SetGroup>& groups)
{
    CheckedSets checked;
    simcore::Scenario accepted;
    for (const SetGroup& group : groups) {
        simcore::Scenario trial = accepted;
        std::optional<simcore::ScenarioError> problem;
        for (const QString& assignment : group) {
            problem = simcore::applyAssignment(trial, assignment.toStdString());
            if (problem) {
                break;
            }
        }
        if (!problem) {
            if (const auto errors = simcore::validate(trial); !errors.empty()) {
                problem = errors.front();
            }
        }
        QString reason = problem ? fromStd(problem->message()) : QString();
        // The Topology view draws the imported node: its own rules (a node without NICs holds
        // the whole ring) are not validate()'s.
        if (!problem && trial.topology.preset == simcore::TopologyPresetId::Imported) {
            if (const auto& error = simcore::topologyAllReduceFromScenario(trial).allReduce.error) {
                reason =
                    fromStd(error->field) + QStringLiteral(": allowed ") + fromStd(error->allowed);
            }
        }
        if (!reason.isEmpty()) {
            checked.leftOut << group.join(QLatin1Char(' '));
            checked.reasons << reason;
            continue;
        }
        accepted = trial;
        checked.accepted << group;
    }
    return checked;
}

/// KEY=VALUE with the value as --set reads it back.
QString assignment(const std::string& key, double value)
{
    return fromStd(key) + QLatin1Char('=') + fromStd(simcore::formatNumber(value));
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

/// `fileName` names the collective only when the columns cannot tell (and a conflict is
/// reported); standard input has none.
int importNccl(const QString& shown, const QString& fileName, const QByteArray& bytes, bool json)
{
    const auto imported = simcore::importNcclTests(
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
        fileName.toStdString());
    if (imported.error) {
        printError(importErrorText(shown, *imported.error));
        return kBadInput;
    }
    const auto& table = *imported.table;
    const auto& fit = imported.fit;
    // One node: the fit describes the link inside it; several (or unknown): the link between.
    const bool intra = table.nodes == 1;
    const std::string scope = intra ? "intra" : "inter";
    const SetGroup link = {
        assignment("hardware." + scope + "_latency", fit.latencySeconds),
        assignment("hardware." + scope + "_bandwidth", fit.bandwidthBytesPerSecond)};
    const CheckedSets paste = checkSets({link});
    // The calc line: the ring over the measured GPUs, on as many GPUs per node as the run had.
    std::vector<SetGroup> calcGroups = {{QStringLiteral("collective.algorithm=ring"),
                                         QStringLiteral("collective.workers=%1").arg(table.ranks)}};
    if (const auto perNode = simcore::ncclGpusPerNode(table)) {
        calcGroups.push_back({QStringLiteral("hardware.gpus_per_node=%1").arg(*perNode)});
    }
    calcGroups.push_back(link);
    const CheckedSets calc = checkSets(calcGroups);
    const QString collective = fromStd(simcore::ncclCollectiveId(fit.collective));
    QStringList conflicts;
    for (const auto& conflict : table.nameConflicts) {
        conflicts << fromStd(simcore::ncclConflictText(table, conflict));
    }
    QStringList alsoFits;
    for (const auto other : table.alsoFits) {
        alsoFits << fromStd(simcore::ncclCollectiveId(other));
    }

    if (json) {
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
        printJson(QJsonObject{
            {QStringLiteral("kind"), QStringLiteral("nccl-tests")},
            {QStringLiteral("file"), shown},
            {QStringLiteral("collective"), collective},
            {QStringLiteral("collective_from"),
             table.collectiveChosenByName ? QStringLiteral("name") : QStringLiteral("columns")},
            {QStringLiteral("also_fits"), QJsonArray::fromStringList(alsoFits)},
            {QStringLiteral("name_conflicts"), conflictArray},
            {QStringLiteral("ranks"), static_cast<double>(table.ranks)},
            {QStringLiteral("ranks_from"), QLatin1String(ranksFromId(table.ranksFrom))},
            {QStringLiteral("nodes"), static_cast<double>(table.nodes)},
            {QStringLiteral("points"), static_cast<double>(fit.points)},
            {QStringLiteral("tables"), static_cast<double>(table.tables)},
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
            {QStringLiteral("set"), QJsonArray::fromStringList(paste.accepted)},
            {QStringLiteral("left_out"), leftOutJson(paste)},
            {QStringLiteral("calc_set"),
             calc.leftOut.isEmpty() ? QJsonArray::fromStringList(calc.accepted) : QJsonArray()},
            {QStringLiteral("calc_left_out"), leftOutJson(calc)}});
        return kSuccess;
    }

    ReportTable report(
        QStringLiteral("nccl-tests %1: %2 ranks%3, %4 points (out-of-place), fitted to the ring "
                       "model of MODELS §4")
            .arg(collective)
            .arg(table.ranks)
            .arg(table.nodes > 0 ? QStringLiteral(" on %1 node(s)").arg(table.nodes) : QString())
            .arg(fit.points));
    report.number(QStringLiteral("latency"), fit.latencySeconds, QStringLiteral("s per step"));
    report.number(QStringLiteral("bandwidth"), fit.bandwidthBytesPerSecond,
                  QStringLiteral("bytes/s per link, one direction"));
    report.row(QStringLiteral("collective"), collective);
    report.row(QStringLiteral("ranks"), QString::number(table.ranks));
    report.row(QStringLiteral("points"), QString::number(fit.points));
    report.number(QStringLiteral("worst_relative_error"), fit.worstRelativeError,
                  QStringLiteral("(line %1)").arg(fit.worstLine));
    report.print();
    QString text;
    QTextStream out(&text);
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
    out << (intra ? "All ranks ran on one node, so these describe the link inside a node."
                  : "The ranks span nodes (or the file does not say), so these describe the "
                    "link between nodes.")
        << "\n";
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
    const auto links = simcore::equivalentLinks(*cluster);
    const auto ring = simcore::nvTopoRing(*cluster);
    std::vector<SetGroup> groups;
    if (node.gpus >= 2) {
        groups.push_back(
            {assignment("hardware.gpus_per_node", static_cast<double>(node.gpus)),
             assignment("hardware.intra_latency", links.intra.latencySeconds),
             assignment("hardware.intra_bandwidth", links.intra.bandwidthBytesPerSecond)});
    }
    // The node pair by pair, as the Topology panel's "Use these for my cluster" stores it.
    const bool wirable = node.gpus >= 2 && node.gpus <= simcore::kMaxWiringGpus;
    if (wirable) {
        SetGroup wiring = {QStringLiteral("topology.preset=imported"),
                           QStringLiteral("topology.node=") +
                               fromStd(simcore::nvTopoWiringText(node)),
                           QStringLiteral("topology.node_nics=%1").arg(node.gpuNics())};
        if (node.gpuNics() == 0) {
            // Nothing leaves a node without NICs: the ring stays on its GPUs (the default
            // collective.workers may be more).
            wiring << QStringLiteral("collective.workers=%1").arg(node.gpus);
        }
        groups.push_back(wiring);
    }
    const CheckedSets checked = checkSets(groups);
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
    const QString kinds = QStringLiteral("nccl-tests, nvidia-topo");
    if (positional.size() != 2) {
        printError(QStringLiteral("import: expected KIND FILE (KIND: %1; FILE: a file or - for "
                                  "standard input), got %2")
                       .arg(kinds, positional.isEmpty() ? QStringLiteral("nothing")
                                                        : positional.join(QLatin1Char(' '))));
        return kBadInput;
    }
    const QString kind = positional.at(0);
    if (kind != QLatin1String("nccl-tests") && kind != QLatin1String("nvidia-topo")) {
        printError(QStringLiteral("import: unknown KIND '%1'; allowed: %2").arg(kind, kinds));
        return kBadInput;
    }
    const QString path = positional.at(1);
    const bool standardInput = path == QLatin1String("-");
    const QString shown = standardInput ? QStringLiteral("standard input") : path;
    const auto bytes = readInput(path, shown);
    if (!bytes) {
        return kBadInput;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    return kind == QLatin1String("nccl-tests")
               ? importNccl(shown, standardInput ? QString() : QFileInfo(path).fileName(), *bytes,
                            json)
               : importTopo(shown, *bytes, json);
}

} // namespace dtsim::app
