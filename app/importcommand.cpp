#include "app/importcommand.h"

#include "app/calcoutput.h"
#include "app/cli.h"
#include "simcore/ncclimport.h"
#include "simcore/nvtopoimport.h"
#include "simcore/scenario.h"
#include "simcore/topology.h"

#include <QCommandLineParser>
#include <QFile>
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

constexpr qint64 kMaxFileBytes = 64 * 1024 * 1024; // far above any nccl-tests or topo output

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

/// The file's bytes, or nullopt after printing why not.
std::optional<QByteArray> readFile(const QString& path)
{
    QFile file(path);
    if (!QFileInfo(path).isFile()) {
        printError(QStringLiteral("import: %1: no such file").arg(path));
        return std::nullopt;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        printError(QStringLiteral("import: %1: cannot read (%2)").arg(path, file.errorString()));
        return std::nullopt;
    }
    if (file.size() > kMaxFileBytes) {
        printError(QStringLiteral("import: %1: %2 bytes is too large for a measurement log; "
                                  "allowed: up to %3 bytes")
                       .arg(path)
                       .arg(file.size())
                       .arg(kMaxFileBytes));
        return std::nullopt;
    }
    return file.readAll();
}

/// KEY=VALUE assignments, each checked against the key's range (no silent clamp): the first
/// problem, or an empty string.
QString checkAssignments(const std::vector<std::pair<std::string, double>>& sets,
                         QStringList& lines)
{
    simcore::Scenario scenario;
    for (const auto& [key, value] : sets) {
        const std::string text = simcore::formatNumber(value);
        if (auto error = simcore::setValue(scenario, key, text)) {
            return fromStd(error->message());
        }
        lines << fromStd(key) + QLatin1Char('=') + fromStd(text);
    }
    return {};
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
    }
    return "rank_lines";
}

int importNccl(const QString& path, const QByteArray& bytes, bool json)
{
    const std::string fileName = QFileInfo(path).fileName().toStdString();
    const auto imported =
        simcore::importNcclTests(std::string_view(bytes.constData(), bytes.size()), fileName);
    if (imported.error) {
        printError(importErrorText(path, *imported.error));
        return kBadInput;
    }
    const auto& table = *imported.table;
    const auto& fit = imported.fit;
    // One node: the fit describes the link inside it; several (or unknown): the link between.
    const bool intra = table.nodes == 1;
    const std::string scope = intra ? "intra" : "inter";
    QStringList assignments;
    if (const QString problem =
            checkAssignments({{"hardware." + scope + "_latency", fit.latencySeconds},
                              {"hardware." + scope + "_bandwidth", fit.bandwidthBytesPerSecond}},
                             assignments);
        !problem.isEmpty()) {
        printError(QStringLiteral("import: %1: the fitted numbers are outside dtsim's ranges: %2")
                       .arg(path, problem));
        return kBadInput;
    }
    QStringList calc = {QStringLiteral("collective.algorithm=ring"),
                        QStringLiteral("collective.workers=%1").arg(table.ranks)};
    if (const auto perNode = simcore::ncclGpusPerNode(table)) {
        calc << QStringLiteral("hardware.gpus_per_node=%1").arg(*perNode);
    }
    calc << assignments;
    const QString collective = fromStd(simcore::ncclCollectiveId(fit.collective));

    if (json) {
        QJsonArray sets;
        for (const QString& assignment : assignments) {
            sets.append(assignment);
        }
        printJson(
            QJsonObject{{QStringLiteral("kind"), QStringLiteral("nccl-tests")},
                        {QStringLiteral("file"), path},
                        {QStringLiteral("collective"), collective},
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
                        {QStringLiteral("set"), sets}});
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
        << "\nPaste into dtsim:\n  " << setLine(assignments)
        << "\nThe ring on these GPUs then reproduces the fit:\n  dtsim calc allreduce "
        << setLine(calc) << "\n";
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
    const auto parsed = simcore::parseNvidiaTopo(std::string_view(bytes.constData(), bytes.size()));
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
    QStringList assignments;
    if (const QString problem =
            checkAssignments({{"hardware.gpus_per_node", static_cast<double>(node.gpus)},
                              {"hardware.intra_latency", links.intra.latencySeconds},
                              {"hardware.intra_bandwidth", links.intra.bandwidthBytesPerSecond}},
                             assignments);
        !problem.isEmpty()) {
        printError(QStringLiteral("import: %1: the node does not fit dtsim's ranges: %2")
                       .arg(path, problem));
        return kBadInput;
    }
    // The node pair by pair, as the Topology panel's "Use these for my cluster" stores it.
    {
        simcore::Scenario check;
        const std::vector<std::pair<std::string, std::string>> wiring = {
            {"topology.preset", "imported"},
            {"topology.node", simcore::nvTopoWiringText(node)},
            {"topology.node_nics", std::to_string(node.gpuNics())}};
        for (const auto& [key, value] : wiring) {
            if (auto error = simcore::setValue(check, key, value)) {
                printError(QStringLiteral("import: %1: the node does not fit dtsim's ranges: %2")
                               .arg(path, fromStd(error->message())));
                return kBadInput;
            }
            assignments << fromStd(key) + QLatin1Char('=') + fromStd(value);
        }
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
        for (const QString& assignment : assignments) {
            sets.append(assignment);
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
                              {QStringLiteral("set"), sets}});
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
    out << "Paste into dtsim:\n  " << setLine(assignments) << "\n";
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
    parser.addPositionalArgument(QStringLiteral("KIND"),
                                 QStringLiteral("nccl-tests or nvidia-topo"));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The text to read."));
    if (!parser.parse(arguments)) {
        printError(QStringLiteral("import: ") + parser.errorText());
        return kBadInput;
    }
    const QStringList positional = parser.positionalArguments();
    const QString kinds = QStringLiteral("nccl-tests, nvidia-topo");
    if (positional.size() != 2) {
        printError(QStringLiteral("import: expected KIND FILE (KIND: %1), got %2")
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
    const auto bytes = readFile(path);
    if (!bytes) {
        return kBadInput;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    return kind == QLatin1String("nccl-tests") ? importNccl(path, *bytes, json)
                                               : importTopo(path, *bytes, json);
}

} // namespace dtsim::app
