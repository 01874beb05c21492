#include "app/plancommand.h"

#include "app/calcmodels.h"
#include "app/calcoutput.h"
#include "app/cli.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTextStream>
#include <algorithm>
#include <limits>

namespace dtsim::app {

namespace {

QString word(const std::string& text)
{
    return QString::fromStdString(text);
}

QJsonObject planJson(const simcore::PlanReport& report, double seconds, qsizetype top)
{
    simcore::PlanReport withDetails = report;
    withDetails.details = simcore::planDetails(report, seconds, static_cast<std::size_t>(top));
    return reportJson(withDetails);
}

/// Why no layout was found: each tp × pp cell of the map grouped by its reason.
void printEmptyPlan(QTextStream& out, const simcore::PlanReport& report)
{
    using Status = simcore::PlanCellStatus;
    const std::pair<Status, QString> reasons[] = {
        {Status::OutOfMemory, QStringLiteral("every layout needs more than the %1 GB of a GPU")
                                  .arg(report.capacityBytes / 1e9, 0, 'f', 1)},
        {Status::BatchNotDivisible,
         QStringLiteral("no dp = GPUs / (tp x pp x cp) divides train.global_batch")},
        {Status::GpusNotDivisible, QStringLiteral("tp x pp does not divide hardware.gpus")},
        {Status::PpNotDivisor, QStringLiteral("pp does not divide model.layers")},
        {Status::TpNotDivisor, QStringLiteral("tp divides neither model.heads nor model.hidden")},
        {Status::TpAcrossNodes,
         QStringLiteral("tp is larger than a node (plan.tp_across_nodes=on allows it)")},
    };
    out << "  no layout fits: every tp x pp cell is refused\n";
    for (const auto& [status, reason] : reasons) {
        QStringList cells;
        for (const auto& cell : report.map) {
            if (cell.status == status) {
                cells << QStringLiteral("%1x%2").arg(cell.tp).arg(cell.pp);
            }
        }
        if (!cells.isEmpty()) {
            out << "    " << reason << ": tp x pp = " << cells.join(QStringLiteral(", ")) << "\n";
        }
    }
}

void printPlanTable(const simcore::PlanReport& report, double seconds, qsizetype top)
{
    QString text;
    QTextStream out(&text);
    out << QString::fromStdString(report.heading) << "\n";
    out << QStringLiteral("  searched in %1 s; %2 priced")
               .arg(seconds, 0, 'f', 3)
               .arg(report.priced);
    if (report.evaluated > report.priced) {
        out << ", the rest pruned (cannot fit even with full recomputation, ZeRO-3 and sequence "
               "parallelism)";
    }
    out << "\n";
    if (report.layouts.empty()) {
        printEmptyPlan(out, report);
        out.flush();
        printOut(text);
        return;
    }
    out << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9")
               .arg(QStringLiteral("#"), 4)
               .arg(QStringLiteral("dp"), 6)
               .arg(QStringLiteral("tp"), 3)
               .arg(QStringLiteral("pp"), 4)
               .arg(QStringLiteral("cp"), 3)
               .arg(QStringLiteral("b"), 3)
               .arg(QStringLiteral("schedule"), -11)
               .arg(QStringLiteral("v"), 3)
               .arg(QStringLiteral("recompute"), -9)
        << QStringLiteral(" %1 %2 %3 %4 %5 %6 %7\n")
               .arg(QStringLiteral("zero"), 4)
               .arg(QStringLiteral("sp"), 3)
               .arg(QStringLiteral("step s"), 9)
               .arg(QStringLiteral("GB/GPU"), 7)
               .arg(QStringLiteral("MFU"), 6)
               .arg(QStringLiteral("days"), 8)
               .arg(QStringLiteral("cost $"), 12);
    const auto shown = std::min<std::size_t>(report.layouts.size(), static_cast<std::size_t>(top));
    for (std::size_t i = 0; i < shown; ++i) {
        const auto& l = report.layouts[i];
        out << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9")
                   .arg(static_cast<qint64>(i + 1), 4)
                   .arg(static_cast<qint64>(l.dp), 6)
                   .arg(static_cast<qint64>(l.tp), 3)
                   .arg(static_cast<qint64>(l.pp), 4)
                   .arg(static_cast<qint64>(l.cp), 3)
                   .arg(static_cast<qint64>(l.microBatch), 3)
                   .arg(word(simcore::scheduleWord(l.schedule)), -11)
                   .arg(static_cast<qint64>(l.virtualStages), 3)
                   .arg(word(simcore::recomputeWord(l.recompute)), -9)
            << QStringLiteral(" %1 %2 %3 %4 %5 %6 %7\n")
                   .arg(static_cast<qint64>(l.zero), 4)
                   .arg(l.sequenceParallel ? QStringLiteral("on") : QStringLiteral("off"), 3)
                   .arg(l.step.stepSeconds, 9, 'g', 6)
                   .arg(l.memoryPerGpuBytes / 1e9, 7, 'f', 1)
                   .arg(100.0 * l.mfu, 5, 'f', 1)
                   .arg(l.days, 8, 'g', 4)
                   .arg(l.cost.dollars, 12, 'g', 6);
    }
    if (shown < report.layouts.size()) {
        out << QStringLiteral("  … %1 more (--top K shows K)\n")
                   .arg(static_cast<qint64>(report.layouts.size() - shown));
    }
    const auto& best = report.layouts.front();
    out << QStringLiteral("  best: %1 GPU-hours, $%2, %3 kWh, %4 t CO2 (%5 W per GPU: %6)\n")
               .arg(best.cost.gpuHours, 0, 'g', 6)
               .arg(best.cost.dollars, 0, 'g', 6)
               .arg(best.cost.energyKwh, 0, 'g', 6)
               .arg(best.cost.co2Kg / 1000.0, 0, 'g', 4)
               .arg(report.gpuPowerWatts, 0, 'g', 6)
               .arg(word(report.gpuPowerSource));
    out << "  apply it: dtsim calc training";
    for (const auto& [key, value] : simcore::layoutAssignments(best)) {
        out << " --set " << word(key) << "=" << word(value);
    }
    out << "\n";
    out.flush();
    printOut(text);
}

} // namespace

int calcPlan(const simcore::Scenario& scenario, const CalcOptions& options)
{
    return printReport(simcore::planTraining(scenario), options);
}

QString planUsage()
{
    return QStringLiteral(
        "Usage: dtsim plan [--scenario FILE | --preset ID] [--set KEY=VALUE]... [--json] "
        "[--top K]\n"
        "\n"
        "Every dp x tp x pp x cp layout of the model on hardware.gpus GPUs (with micro-batch,\n"
        "schedule, recomputation, ZeRO stage and sequence parallelism) that fits in memory,\n"
        "fastest first, with the time to train train.tokens and its GPU-hours, cost, energy\n"
        "and CO2 (cost.* keys). tp stays within a node unless plan.tp_across_nodes=on.\n"
        "--top K lists the K fastest (default: 10 in the table, all with --json).\n"
        "Each option but --set is given once.\n"
        "Example: dtsim plan --set hardware.gpus=64 --set train.global_batch=256 --top 5\n");
}

int runPlan(const QStringList& arguments)
{
    QCommandLineParser parser;
    addScenarioOptions(parser);
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print one JSON object.")});
    parser.addOption({QStringLiteral("top"), QStringLiteral("List the K fastest layouts."),
                      QStringLiteral("K")});
    const QCommandLineOption help = parser.addHelpOption();
    if (!parseArguments(parser, arguments)) {
        return kBadInput;
    }
    if (parser.isSet(help)) {
        printOut(planUsage());
        return kSuccess;
    }
    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("plan: unexpected argument '%1'; it takes options only "
                                  "(dtsim plan --help)")
                       .arg(parser.positionalArguments().front()));
        return kBadInput;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    qsizetype top = json ? std::numeric_limits<qsizetype>::max() : 10;
    if (parser.isSet(QStringLiteral("top"))) {
        const QString given = parser.value(QStringLiteral("top"));
        bool ok = false;
        const qlonglong k = given.toLongLong(&ok);
        if (!ok || k < 1 || k > 1000000) {
            printError(QStringLiteral("--top: '%1' is not allowed; give a whole number of "
                                      "layouts, 1 … 1000000")
                           .arg(given));
            return kBadInput;
        }
        top = static_cast<qsizetype>(k);
    }
    int status = kBadInput;
    auto scenario = scenarioFrom(parser, &status);
    if (!scenario) {
        return status;
    }
    QElapsedTimer timer;
    timer.start();
    const auto report = simcore::planTraining(*scenario);
    const double seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    if (!report.ok()) {
        printError(QString::fromStdString(report.problems.front().message()));
        return kBadInput;
    }
    if (json) {
        printJson(planJson(report, seconds, top));
    } else {
        printPlanTable(report, seconds, top);
    }
    // No layout is an answer, not a crash, but a script must not take it for a plan.
    return report.layouts.empty() ? kFailure : kSuccess;
}

} // namespace dtsim::app
