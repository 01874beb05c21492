#include "simcore/reports/importreport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>
#include <utility>

namespace simcore {

namespace {

/// Six significant digits, as `dtsim calc`'s tables write numbers ("%g": 0.000125, 1.2e+11).
std::string sixDigits(double value)
{
    if (std::isnan(value)) {
        return "nan";
    }
    if (std::isinf(value)) {
        return value > 0 ? "inf" : "-inf";
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
}

template <typename Integer> std::string whole(Integer value)
{
    return std::to_string(value);
}

std::string padRight(std::string text, std::size_t width)
{
    if (text.size() < width) {
        text.append(width - text.size(), ' ');
    }
    return text;
}

std::string padLeft(const std::string& text, std::size_t width)
{
    return text.size() < width ? std::string(width - text.size(), ' ') + text : text;
}

std::string joined(const std::vector<std::string>& parts, std::string_view separator)
{
    std::string text;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        text += (i == 0 ? std::string() : std::string(separator)) + parts[i];
    }
    return text;
}

/// The groups dtsim accepts (applyGroups on the default scenario, as --set applies them).
struct CheckedSets {
    std::vector<std::string> accepted; ///< "KEY=VALUE", one per assignment
    std::vector<std::string> leftOut;  ///< "KEY=VALUE KEY=VALUE", one per refused group
    std::vector<std::string> reasons;  ///< why, one per refused group
};

CheckedSets checkSets(const std::vector<AssignmentGroup>& groups)
{
    const AppliedGroups applied = applyGroups(Scenario{}, groups);
    CheckedSets checked;
    for (const auto& group : applied.accepted) {
        for (const auto& assignment : group) {
            checked.accepted.push_back(assignment.text());
        }
    }
    for (const auto& group : applied.leftOut) {
        std::vector<std::string> texts;
        for (const auto& assignment : group) {
            texts.push_back(assignment.text());
        }
        checked.leftOut.push_back(joined(texts, " "));
    }
    checked.reasons = applied.reasons;
    return checked;
}

List leftOutList(const CheckedSets& checked)
{
    List list;
    for (std::size_t i = 0; i < checked.leftOut.size(); ++i) {
        list.push_back(Record{{"set", checked.leftOut[i]}, {"reason", checked.reasons[i]}});
    }
    return list;
}

std::string leftOutLines(const CheckedSets& checked)
{
    std::string text;
    for (std::size_t i = 0; i < checked.leftOut.size(); ++i) {
        text += "Left out: " + checked.leftOut[i] + " (dtsim refuses it: " + checked.reasons[i] +
                ").\n";
    }
    return text;
}

/// "--set a=1 --set 'b=x y'": a value with spaces (topology.node) is one shell word only quoted.
std::string setLine(const std::vector<std::string>& assignments)
{
    std::string line;
    for (const auto& assignment : assignments) {
        const std::string word =
            assignment.find(' ') != std::string::npos ? '\'' + assignment + '\'' : assignment;
        line += (line.empty() ? "" : " ") + std::string("--set ") + word;
    }
    return line;
}

std::string_view ranksFromId(NcclRanksFrom from)
{
    switch (from) {
    case NcclRanksFrom::RankLines:
        return "rank_lines";
    case NcclRanksFrom::ThreadsGpus:
        return "nthread_ngpus";
    case NcclRanksFrom::BusFactor:
        return "bus_factor";
    case NcclRanksFrom::CountColumn:
        return "count_column";
    }
    return "rank_lines";
}

Record fitRecord(const NcclFit& fit)
{
    if (fit.error) {
        return {{"error", fit.error->message()}};
    }
    return {{"points", static_cast<double>(fit.points)},
            {"latency", fit.latencySeconds},
            {"bandwidth", fit.bandwidthBytesPerSecond},
            {"latency_steps", fit.latencySteps},
            {"bandwidth_factor", fit.bandwidthFactor},
            {"latency_clamped", fit.latencyClamped},
            {"worst_relative_error", fit.worstRelativeError},
            {"worst_line", static_cast<double>(fit.worstLine)}};
}

/// One run of a log, for `tables`.
Record runRecord(const NcclRun& run)
{
    const auto& t = run.table;
    return {{"first_line", static_cast<double>(run.firstLine)},
            {"last_line", static_cast<double>(run.lastLine)},
            {"collective", std::string(ncclCollectiveId(t.collective))},
            {"ranks", static_cast<double>(t.ranks)},
            {"ranks_from", std::string(ranksFromId(t.ranksFrom))},
            {"ranks_inferred", t.ranksFrom == NcclRanksFrom::BusFactor},
            {"nodes", static_cast<double>(t.nodes)},
            {"rows", static_cast<double>(t.outOfPlace.size())},
            {"checked", t.checked},
            {"wrong_results", static_cast<double>(t.wrongResults)},
            {"average_busbw", t.averageBusBandwidth ? Value{*t.averageBusBandwidth} : Value{}},
            {"fit", fitRecord(run.fit)}};
}

/// "N = 8 was inferred from busbw / algbw = 1.75 = 2(N-1)/N (…); the log lists no devices".
std::string inferredText(const NcclTable& table)
{
    return "N = " + whole(table.ranks) +
           " was inferred from busbw / algbw = " + sixDigits(ncclObservedBusFactor(table)) + " = " +
           (table.collective == NcclCollective::AllReduce ? "2(N-1)/N" : "(N-1)/N") +
           " (nccl-tests PERFORMANCE.md); the log lists no devices";
}

/// What one log contributes: its details, its text and its link group.
struct NcclOutcome {
    Record details;
    std::string text;
    AssignmentGroup link;
};

NcclOutcome describeNccl(const ImportSource& source, const NcclLog& log, bool intra,
                         bool levelFromPosition, bool single)
{
    NcclOutcome outcome;
    const auto& table = *log.combined.table;
    const auto& fit = log.combined.fit;
    const NcclImportKeys keys = ncclImportKeys(log.combined, intra);
    outcome.link = keys.links.empty() ? AssignmentGroup{} : keys.links.front();
    const CheckedSets paste = checkSets(keys.links);
    // The calc line: the ring over the measured GPUs, on as many GPUs per node as the run had.
    const CheckedSets calc = checkSets(keys.measuredRun);
    const std::string collective(ncclCollectiveId(fit.collective));
    std::vector<std::string> alsoFits;
    for (const auto other : table.alsoFits) {
        alsoFits.emplace_back(ncclCollectiveId(other));
    }
    const bool inferred = table.ranksFrom == NcclRanksFrom::BusFactor;
    List tables;
    for (const auto& run : log.runs) {
        tables.push_back(runRecord(run));
    }
    List conflicts;
    for (const auto& conflict : table.nameConflicts) {
        conflicts.push_back(
            Record{{"named", std::string(ncclCollectiveId(conflict.named))},
                   {"source", std::string(conflict.line == 0 ? "file_name" : "text")},
                   {"line", static_cast<double>(conflict.line)},
                   {"message", ncclConflictText(table, conflict)}});
    }
    outcome.details = {
        {"kind", std::string("nccl-tests")},
        {"file", source.shown},
        {"collective", collective},
        {"collective_from", std::string(table.collectiveChosenByName ? "name" : "columns")},
        {"also_fits", textList(alsoFits)},
        {"name_conflicts", std::move(conflicts)},
        {"ranks", static_cast<double>(table.ranks)},
        {"ranks_from", std::string(ranksFromId(table.ranksFrom))},
        {"ranks_inferred", inferred},
        {"observed_bus_factor", ncclObservedBusFactor(table)},
        {"nodes", static_cast<double>(table.nodes)},
        {"points", static_cast<double>(fit.points)},
        {"tables", std::move(tables)},
        {"fitted_tables", log.merged ? std::string("all") : whole(log.chosenRun + 1)},
        {"placement", std::string("out_of_place")},
        {"latency", fit.latencySeconds},
        {"bandwidth", fit.bandwidthBytesPerSecond},
        {"latency_steps", fit.latencySteps},
        {"bandwidth_factor", fit.bandwidthFactor},
        {"latency_clamped", fit.latencyClamped},
        {"worst_relative_error", fit.worstRelativeError},
        {"worst_line", static_cast<double>(fit.worstLine)},
        {"checked", table.checked},
        {"wrong_results", static_cast<double>(table.wrongResults)},
        {"scope", std::string(intra ? "intra" : "inter")},
        {"scope_from", std::string(table.nodes > 0     ? "hosts"
                                   : single            ? "default"
                                   : levelFromPosition ? "position"
                                                       : "other_log")},
        {"set", textList(paste.accepted)},
        {"left_out", leftOutList(paste)},
        {"calc_set", calc.leftOut.empty() ? textList(calc.accepted) : List{}},
        {"calc_left_out", leftOutList(calc)}};

    std::string& out = outcome.text;
    out += source.shown + ": nccl-tests " + collective + ", " + whole(table.ranks) + " ranks" +
           (table.nodes > 0 ? " on " + whole(table.nodes) + " node(s)" : std::string()) + ", " +
           whole(fit.points) + " points (out-of-place), fitted to the ring model of MODELS §4\n";
    out += "  latency               " + sixDigits(fit.latencySeconds) + "  s per step\n";
    out += "  bandwidth             " + sixDigits(fit.bandwidthBytesPerSecond) +
           "  bytes/s per link, one direction\n";
    out += "  worst_relative_error  " + sixDigits(fit.worstRelativeError) + "  (line " +
           whole(fit.worstLine) + ")\n";
    if (log.runs.size() > 1) {
        out += "The log holds " + whole(log.runs.size()) + " runs:\n";
        for (std::size_t i = 0; i < log.runs.size(); ++i) {
            const auto& run = log.runs[i];
            out += "  " + whole(i + 1) + ". lines " + whole(run.firstLine) + "-" +
                   whole(run.lastLine) + ": " +
                   std::string(ncclCollectiveId(run.table.collective)) + ", " +
                   whole(run.table.ranks) + " ranks, " + whole(run.table.outOfPlace.size()) +
                   " rows";
            if (run.fit.error) {
                out += "; no fit: " + run.fit.error->expected;
            } else {
                out += "; latency " + sixDigits(run.fit.latencySeconds) + " s, bandwidth " +
                       sixDigits(run.fit.bandwidthBytesPerSecond) + " bytes/s";
            }
            out += "\n";
        }
        out += log.merged ? std::string("All runs measured the same: their points are fitted "
                                        "together.")
                          : "The runs differ: run " + whole(log.chosenRun + 1) +
                                " is the one fitted (the first all_reduce that can be, else the "
                                "first that can).";
        out += "\n";
    }
    for (const auto& conflict : table.nameConflicts) {
        out += "Note: " + ncclConflictText(table, conflict) + ".\n";
    }
    if (!alsoFits.empty()) {
        out += "Note: the columns fit " + joined(alsoFits, " or ") + " as well; read as " +
               collective +
               (table.collectiveChosenByName ? " (as the text or file name says)" : "") +
               ". If it was another program, name the file after it (e.g. " + alsoFits.front() +
               "_perf.txt).\n";
    }
    if (inferred) {
        out += "Note: " + inferredText(table) + ".\n";
    }
    out += "Model: t = " + sixDigits(fit.latencySteps) + " steps x latency + " +
           sixDigits(fit.bandwidthFactor) + " x S / bandwidth (S in bytes).\n";
    if (fit.latencyClamped) {
        out += "Note: the best straight line had a negative intercept; latency set to 0.\n";
    }
    if (!table.checked) {
        out += "Note: the run did not check its results (#wrong is N/A, -c 0).\n";
    }
    if (table.wrongResults > 0) {
        out += "Warning: " + whole(table.wrongResults) +
               " row(s) report wrong results; the measurement may be broken.\n";
    }
    const std::string level = intra ? "inside a node" : "between nodes";
    if (table.nodes == 1) {
        out += "All ranks ran on one node, so these describe the link inside a node.\n";
    } else if (table.nodes > 1) {
        out += "The ranks span nodes, so these describe the link between nodes.\n";
    } else if (single) {
        out += "The log names no hosts; it is taken as the link between nodes (give a second "
               "log to fill both levels).\n";
    } else if (levelFromPosition) {
        out += std::string("The log names no hosts; as the ") + (intra ? "first" : "second") +
               " log it is taken as the link " + level + ".\n";
    } else {
        out += "The log names no hosts; it is taken as the link " + level +
               ", the level the other log leaves.\n";
    }
    if (paste.accepted.empty()) {
        out += "Nothing to paste into dtsim: " + joined(paste.reasons, "; ") + ".\n";
    } else {
        out += "Paste into dtsim:\n  " + setLine(paste.accepted) + "\n";
    }
    if (calc.leftOut.empty()) {
        out += "The ring on these GPUs then reproduces the fit:\n  dtsim calc allreduce " +
               setLine(calc.accepted) + "\n";
    } else {
        out += "No dtsim calc line reproduces this run: " + leftOutLines(calc);
    }
    return outcome;
}

void addNcclQuantities(std::vector<Quantity>& q, const NcclImport& log, bool intra)
{
    const auto& table = *log.table;
    const auto& fit = log.fit;
    q.push_back(
        wordQuantity("collective", "collective", std::string(ncclCollectiveId(fit.collective))));
    q.push_back(quantity("ranks", "ranks", static_cast<double>(table.ranks), Unit::Gpus));
    q.push_back(quantity("nodes", "nodes (0: the log names no host)",
                         static_cast<double>(table.nodes), Unit::Nodes));
    q.push_back(quantity("points", "points fitted", static_cast<double>(fit.points), Unit::Number));
    q.push_back(quantity("latency", "latency per step", fit.latencySeconds, Unit::Seconds));
    q.push_back(quantity("bandwidth", "bandwidth per link, one direction",
                         fit.bandwidthBytesPerSecond, Unit::BytesPerSecond));
    q.push_back(quantity("worst_relative_error", "worst relative error", fit.worstRelativeError,
                         Unit::Fraction));
    q.push_back(quantity("worst_line", "line of the worst point",
                         static_cast<double>(fit.worstLine), Unit::Number));
    q.push_back(wordQuantity("scope", "link level", intra ? "intra" : "inter"));
}

template <typename Report>
Report failed(std::optional<std::size_t> source, ImportError error, std::string text)
{
    Report report;
    report.error = std::move(error);
    report.errorSource = source;
    report.errorText = std::move(text);
    return report;
}

} // namespace

std::string importErrorText(std::string_view file, const ImportError& error)
{
    std::string text(file);
    if (error.line > 0) {
        text += ':' + whole(error.line);
    }
    text += ": expected " + error.expected;
    if (!error.found.empty()) {
        text += ", found '" + error.found + '\'';
    }
    return text;
}

NcclImportReport ncclImportReport(std::span<const ImportSource> sources)
{
    NcclImportReport report;
    std::vector<NcclLinkLevel> levels;
    for (std::size_t i = 0; i < sources.size(); ++i) {
        auto log = importNcclLog(sources[i].text, sources[i].fileName);
        if (log.error) {
            return failed<NcclImportReport>(i, *log.error,
                                            importErrorText(sources[i].shown, *log.error));
        }
        levels.push_back(ncclLinkLevel(*log.combined.table));
        report.logs.push_back(std::move(log));
    }
    report.levels = ncclAssignLevels(levels);
    std::vector<std::string> files;
    for (const auto& source : sources) {
        files.push_back(source.shown);
    }
    if (report.levels.error) {
        auto error = *report.levels.error;
        return failed<NcclImportReport>(std::nullopt, error,
                                        joined(files, ", ") + ": expected " + error.expected);
    }
    const auto& assigned = report.levels;
    std::vector<NcclOutcome> outcomes(sources.size());
    std::vector<AssignmentGroup> links;
    for (const auto& [index, intra, byPosition] :
         {std::tuple{assigned.intra, true, assigned.intraFromPosition},
          std::tuple{assigned.inter, false, assigned.interFromPosition}}) {
        if (index) {
            outcomes[*index] = describeNccl(sources[*index], report.logs[*index], intra, byPosition,
                                            sources.size() == 1);
            links.push_back(outcomes[*index].link);
        }
    }
    addNcclQuantities(report.quantities, report.logs.front().combined, assigned.intra == 0u);
    if (report.logs.size() > 1) {
        const auto& second = report.logs[1].combined;
        report.quantities.push_back(quantity("second_ranks", "second log: ranks",
                                             static_cast<double>(second.table->ranks), Unit::Gpus));
        report.quantities.push_back(quantity("second_latency", "second log: latency per step",
                                             second.fit.latencySeconds, Unit::Seconds));
        report.quantities.push_back(
            quantity("second_bandwidth", "second log: bandwidth per link, one direction",
                     second.fit.bandwidthBytesPerSecond, Unit::BytesPerSecond));
    }
    if (sources.size() == 1) {
        report.details = std::move(outcomes.front().details);
        report.text = std::move(outcomes.front().text);
        return report;
    }
    const CheckedSets both = checkSets(links);
    List logs;
    for (auto& outcome : outcomes) {
        logs.push_back(std::move(outcome.details));
        report.text += outcome.text + '\n';
    }
    report.details = {{"kind", std::string("nccl-tests")},
                      {"files", textList(files)},
                      {"intra_file", sources[*assigned.intra].shown},
                      {"inter_file", sources[*assigned.inter].shown},
                      {"logs", std::move(logs)},
                      {"set", textList(both.accepted)},
                      {"left_out", leftOutList(both)}};
    if (both.accepted.empty()) {
        report.text +=
            "Nothing to paste into dtsim for both levels: " + joined(both.reasons, "; ") + ".\n";
    } else {
        report.text += "Both link levels (" + sources[*assigned.intra].shown + " inside a node, " +
                       sources[*assigned.inter].shown + " between nodes); paste into dtsim:\n  " +
                       setLine(both.accepted) + "\n" + leftOutLines(both);
    }
    return report;
}

namespace {

std::string cellText(const TopoCell& cell)
{
    if (cell.code == TopoCode::NvLink) {
        return "NV" + whole(cell.nvlinks);
    }
    return std::string(topoCodeText(cell.code));
}

} // namespace

NvTopoImportReport nvTopoImportReport(const ImportSource& source)
{
    auto parsed = parseNvidiaTopo(source.text);
    if (parsed.error) {
        return failed<NvTopoImportReport>(0, *parsed.error,
                                          importErrorText(source.shown, *parsed.error));
    }
    NvTopoImportReport report;
    report.node = std::move(parsed.node);
    const auto& node = *report.node;
    report.cluster = nvTopoCluster(node);
    if (!report.cluster) { // the default ids are all in the catalogue; kept as a guard
        report.error =
            importtext::error(ImportError::Kind::Inconsistent, 0, "links in the catalogue", {});
        report.errorSource = 0;
        report.errorText = source.shown + ": a link id is missing from the catalogue";
        return report;
    }
    const auto& cluster = *report.cluster;
    const auto choice = nvTopoChoice(node);
    const auto ring = nvTopoRing(cluster);
    const bool wirable = node.gpus >= 2 && node.gpus <= kMaxWiringGpus;
    report.proposed = topoImportKeys(node, cluster);
    const CheckedSets checked = checkSets(report.proposed);
    const auto& assignments = checked.accepted;
    std::vector<std::string> why = checked.reasons;
    if (node.gpus < 2) {
        why.push_back("one GPU has no link to another GPU, so there is no link to describe and "
                      "no pair to wire (topology.node takes 2 to " +
                      whole(kMaxWiringGpus) + " GPUs)");
    } else if (!wirable) {
        why.push_back("topology.node (the wiring pair by pair) takes 2 to " +
                      whole(kMaxWiringGpus) + " GPUs; this node has " + whole(node.gpus) +
                      ", so the Topology panel cannot draw it");
    }
    const auto nicName = [&node](std::int64_t index) {
        return index < 0 ? std::string() : node.nics[static_cast<std::size_t>(index)];
    };

    auto& q = report.quantities;
    q.push_back(quantity("gpus", "GPUs", static_cast<double>(node.gpus), Unit::Gpus));
    q.push_back(quantity("nics", "NICs", static_cast<double>(node.nics.size()), Unit::Number));
    q.push_back(quantity("gpu_nics", "NICs next to a GPU", static_cast<double>(node.gpuNics()),
                         Unit::Number));
    q.push_back(quantity("nvswitch", "NVSwitch", node.nvswitch() ? 1 : 0, Unit::Boolean));
    if (ring.bottleneck) {
        const auto& hop = ring.hops[*ring.bottleneck];
        q.push_back(quantity("slowest_hop_from", "best ring's slowest hop, from GPU",
                             static_cast<double>(hop.from), Unit::Number));
        q.push_back(quantity("slowest_hop_to", "best ring's slowest hop, to GPU",
                             static_cast<double>(hop.to), Unit::Number));
        q.push_back(wordQuantity("slowest_hop_kind", "best ring's slowest hop, link",
                                 std::string(linkKindId(hop.kind))));
        q.push_back(quantity("slowest_hop_bandwidth", "best ring's slowest hop, bandwidth",
                             hop.link.bandwidthBytesPerSecond, Unit::BytesPerSecond));
    }

    List pairs;
    for (std::int64_t a = 0; a < node.gpus; ++a) {
        for (std::int64_t b = a + 1; b < node.gpus; ++b) {
            const auto& pair = cluster.node.pair(a, b);
            pairs.push_back(Record{{"a", static_cast<double>(a)},
                                   {"b", static_cast<double>(b)},
                                   {"code", cellText(node.cell(a, b))},
                                   {"kind", std::string(linkKindId(pair.kind))},
                                   {"bandwidth", pair.link.bandwidthBytesPerSecond},
                                   {"latency", pair.link.latencySeconds},
                                   {"source", std::string(pair.sourceId)}});
        }
    }
    List gpus;
    for (std::int64_t g = 0; g < node.gpus; ++g) {
        const auto i = static_cast<std::size_t>(g);
        const std::int64_t nic = node.nearestNic[i];
        gpus.push_back(Record{
            {"gpu", static_cast<double>(g)},
            {"cpu_affinity", i < node.cpuAffinity.size() ? node.cpuAffinity[i] : std::string()},
            {"numa_affinity", i < node.numaAffinity.size() ? node.numaAffinity[i] : std::string()},
            {"nearest_nic", nicName(nic)},
            {"nearest_nic_code", nic < 0 ? std::string() : cellText(node.nicCell(g, nic))}});
    }
    List order;
    for (const auto gpu : ring.ring) {
        order.push_back(static_cast<double>(gpu));
    }
    Record bottleneck;
    if (ring.bottleneck) {
        const auto& hop = ring.hops[*ring.bottleneck];
        bottleneck = {{"from", static_cast<double>(hop.from)},
                      {"to", static_cast<double>(hop.to)},
                      {"kind", std::string(linkKindId(hop.kind))},
                      {"bandwidth", hop.link.bandwidthBytesPerSecond},
                      {"latency", hop.link.latencySeconds}};
    }
    report.details = {{"kind", std::string("nvidia-topo")},
                      {"file", source.shown},
                      {"gpus", static_cast<double>(node.gpus)},
                      {"nics", static_cast<double>(node.nics.size())},
                      {"gpu_nics", static_cast<double>(node.gpuNics())},
                      {"nic_names", textList(node.nics)},
                      {"nvswitch", node.nvswitch()},
                      {"nvlink", std::string(choice.nvlinkId)},
                      {"pcie", std::string(choice.pcieId)},
                      {"pairs", std::move(pairs)},
                      {"gpu_details", std::move(gpus)},
                      {"ring", std::move(order)},
                      {"bottleneck", std::move(bottleneck)},
                      {"set", textList(assignments)},
                      {"left_out", textList(why)}};

    std::string& out = report.text;
    out += "nvidia-smi topo -m: " + whole(node.gpus) + " GPUs, " + whole(node.nics.size()) +
           " NICs (" + whole(node.gpuNics()) + " next to a GPU)" +
           (node.nvswitch() ? ", NVSwitch" : "") + "\n";
    out += "  gpus  " + whole(node.gpus) + "\n  nics  " + whole(node.nics.size()) + "\n";
    out += "Assumed (topo -m shows no speeds): " + std::string(choice.nvlinkId) + ", " +
           std::string(choice.pcieId) + ", sockets joined by upi-spr, NICs " +
           std::string(cluster.nicId) + " (dtsim keys / MODELS §7 for the figures).\n";
    out += "GPU pairs: code, link kind, bandwidth one direction per GPU:\n";
    for (std::int64_t a = 0; a < node.gpus; ++a) {
        for (std::int64_t b = a + 1; b < node.gpus; ++b) {
            const auto& pair = cluster.node.pair(a, b);
            out += "  GPU" + whole(a) + "-GPU" + whole(b) + "  " +
                   padRight(cellText(node.cell(a, b)), 5) + " " +
                   padRight(std::string(linkKindId(pair.kind)), 17) + " " +
                   sixDigits(pair.link.bandwidthBytesPerSecond) + " bytes/s\n";
        }
    }
    for (std::int64_t g = 0; g < node.gpus; ++g) {
        const auto i = static_cast<std::size_t>(g);
        const std::int64_t nic = node.nearestNic[i];
        out += "  GPU" + whole(g) + ": nearest NIC " +
               (nic < 0 ? std::string("none")
                        : nicName(nic) + " (" + cellText(node.nicCell(g, nic)) + ')');
        if (i < node.cpuAffinity.size()) {
            out += ", CPU affinity " + node.cpuAffinity[i];
        }
        if (i < node.numaAffinity.size()) {
            out += ", NUMA " + node.numaAffinity[i];
        }
        out += "\n";
    }
    if (ring.bottleneck) {
        const auto& hop = ring.hops[*ring.bottleneck];
        std::vector<std::string> gpuOrder;
        for (const auto gpu : ring.ring) {
            gpuOrder.push_back(whole(gpu));
        }
        out += "Best ring over all " + whole(node.gpus) + " GPUs: " + joined(gpuOrder, " ") +
               "; slowest hop GPU" + whole(hop.from) + "->GPU" + whole(hop.to) + " (" +
               std::string(linkKindId(hop.kind)) + ", " +
               sixDigits(hop.link.bandwidthBytesPerSecond) + " bytes/s).\n";
    }
    if (assignments.empty()) {
        out += "Nothing to paste into dtsim: " + joined(why, "; ") + ".\n";
    } else {
        out += "Paste into dtsim:\n  " + setLine(assignments) + "\n";
        for (const auto& reason : why) {
            out += "Left out: " + reason + ".\n";
        }
    }
    return report;
}

StepTimesImportReport stepTimesImportReport(const ImportSource& source)
{
    auto parsed = parseStepTimes(source.text);
    if (parsed.error) {
        return failed<StepTimesImportReport>(0, *parsed.error,
                                             importErrorText(source.shown, *parsed.error));
    }
    StepTimesImportReport report;
    report.points = std::move(parsed.points);
    report.fit = fitLessonConstants(report.points);
    const auto& f = report.fit;
    // With the points themselves, so `dtsim export --panel scaling` draws them over the model.
    report.proposed = stepTimesImportKeys(report.points, f);
    if (f.error) {
        report.error = f.error;
        report.errorSource = 0;
        report.errorText = importErrorText(source.shown, *f.error);
        return report;
    }
    const CheckedSets paste = checkSets(report.proposed);
    std::vector<std::string> clamped;
    if (f.fixedClamped) {
        clamped.emplace_back("fixed_sync");
    }
    if (f.perWorkerClamped) {
        clamped.emplace_back("sync_per_worker");
    }

    auto& q = report.quantities;
    q.push_back(quantity("base_compute", "base compute", f.baseComputeSeconds, Unit::Seconds));
    q.push_back(quantity("fixed_sync", "fixed sync", f.fixedSyncSeconds, Unit::Seconds));
    q.push_back(
        quantity("sync_per_worker", "sync per worker", f.syncPerWorkerSeconds, Unit::Seconds));
    q.push_back(quantity("residual_rms", "root mean square of model - measured", f.rmsSeconds,
                         Unit::Seconds));
    q.push_back(quantity("worst_error", "worst error", f.worstSeconds, Unit::Seconds));
    q.push_back(quantity("worst_line", "line of the worst error", static_cast<double>(f.worstLine),
                         Unit::Number));
    q.push_back(quantity("optimal_workers", "optimal workers",
                         static_cast<double>(f.optimalWorkers), Unit::Number));
    q.push_back(quantity("points", "runs", static_cast<double>(f.points), Unit::Runs));
    q.push_back(quantity("distinct_workers", "worker counts",
                         static_cast<double>(f.distinctWorkers), Unit::Number));

    List points;
    for (const auto& p : report.points) {
        points.push_back(Record{{"workers", static_cast<double>(p.workers)},
                                {"seconds", p.seconds},
                                {"line", static_cast<double>(p.line)}});
    }
    report.details = {{"kind", std::string("step-times")},
                      {"file", source.shown},
                      {"model", std::string("lesson")},
                      {"base_compute", f.baseComputeSeconds},
                      {"fixed_sync", f.fixedSyncSeconds},
                      {"sync_per_worker", f.syncPerWorkerSeconds},
                      {"residual_rms", f.rmsSeconds},
                      {"residual_unit", std::string("s")},
                      {"worst_error", f.worstSeconds},
                      {"worst_line", static_cast<double>(f.worstLine)},
                      {"points", static_cast<double>(f.points)},
                      {"distinct_workers", static_cast<double>(f.distinctWorkers)},
                      {"clamped_to_zero", textList(clamped)},
                      {"optimal_workers", static_cast<double>(f.optimalWorkers)},
                      {"measured", std::move(points)},
                      {"set", textList(paste.accepted)},
                      {"left_out", leftOutList(paste)}};

    // The table as `dtsim calc` aligns its rows: names as wide as the longest, values right.
    const std::vector<std::pair<std::string, std::string>> rows = {
        {sixDigits(f.baseComputeSeconds), "s"},
        {sixDigits(f.fixedSyncSeconds), "s"},
        {sixDigits(f.syncPerWorkerSeconds), "s"},
        {sixDigits(f.rmsSeconds), "s (root mean square of model - measured)"},
        {sixDigits(f.worstSeconds), "s (line " + whole(f.worstLine) + ")"},
        {whole(f.optimalWorkers), ""}};
    const char* const names[] = {"base_compute", "fixed_sync",  "sync_per_worker",
                                 "residual_rms", "worst_error", "optimal_workers"};
    std::size_t valueWidth = 14;
    for (const auto& row : rows) {
        valueWidth = std::max(valueWidth, row.first.size());
    }
    std::string& out = report.text;
    out += "step times: " + whole(f.points) + " runs at " + whole(f.distinctWorkers) +
           " worker counts, fitted to the lesson model (MODELS §1) by least squares\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        out += "  " + padRight(names[i], 24) + ' ' + padLeft(rows[i].first, valueWidth);
        if (!rows[i].second.empty()) {
            out += "  " + rows[i].second;
        }
        out += '\n';
    }
    out += "Model: step(N) = base_compute/N + (N > 1 ? fixed_sync + sync_per_worker x (N-1) : "
           "0).\n";
    for (const auto& name : clamped) {
        out += "Note: the best unconstrained fit had " + name +
               " < 0; it is held at 0 (the key's range) and the others refitted.\n";
    }
    if (paste.accepted.empty()) {
        out += "Nothing to paste into dtsim: " + joined(paste.reasons, "; ") + ".\n";
    } else {
        out +=
            "Paste into dtsim (the constants, and the runs to draw over the Scaling charts):\n  " +
            setLine(paste.accepted) + "\n" + leftOutLines(paste);
    }
    return report;
}

} // namespace simcore
