#include "app/calcmodels.h"
#include "app/cli.h"
#include "simcore/reports/trainingreport.h"
#include "simcore/reports/validation.h"
#include "simcore/scenario/catalogue.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>
#include <cmath>

namespace dtsim::app {

namespace {

QString text(std::string_view view)
{
    return QString::fromUtf8(view.data(), static_cast<qsizetype>(view.size()));
}

} // namespace

int calcTraining(const simcore::Scenario& scenario, const CalcOptions& options)
{
    return printReport(simcore::trainingReport(scenario), options,
                       {{QStringLiteral("model"), QStringLiteral("training")}});
}

int runValidation(bool json)
{
    const auto results = simcore::validateRuns();
    int within = 0;
    for (const auto& result : results) {
        within += result.problem.empty() && std::abs(result.errorFraction) <= 0.15 ? 1 : 0;
    }
    if (json) {
        QJsonArray rows;
        for (const auto& result : results) {
            const auto& run = *result.run;
            QJsonObject row{{QStringLiteral("id"), text(run.id)},
                            {QStringLiteral("name"), text(run.name)},
                            {QStringLiteral("source"), QString::fromStdString(run.source)},
                            {QStringLiteral("metric"), text(simcore::metricName(run.metric))},
                            {QStringLiteral("published"), run.published},
                            {QStringLiteral("note"), text(run.note)}};
            if (result.problem.empty()) {
                row.insert(QStringLiteral("predicted"), result.predicted);
                row.insert(QStringLiteral("error"), result.errorFraction);
            } else {
                row.insert(QStringLiteral("problem"), QString::fromStdString(result.problem));
            }
            rows.append(row);
        }
        printJson({{QStringLiteral("model"), QStringLiteral("validate")},
                   {QStringLiteral("efficiency"), simcore::kCalibratedEfficiency},
                   {QStringLiteral("runs"), rows},
                   {QStringLiteral("within_15_percent"), within},
                   {QStringLiteral("count"), static_cast<qint64>(results.size())}});
        return kSuccess;
    }
    QString out;
    QTextStream stream(&out);
    stream << "Published runs against dtsim's training model (efficiency "
           << simcore::kCalibratedEfficiency
           << " of peak, calibrated once on Narayanan et al. 2021 Table 2, PTD-P 175B on 384 "
              "A100, a run not listed here; error = dtsim's throughput / published − 1)\n\n";
    stream << QStringLiteral("%1  %2  %3  %4  %5\n")
                  .arg(QStringLiteral("run"), -30)
                  .arg(QStringLiteral("metric"), -18)
                  .arg(QStringLiteral("published"), 9)
                  .arg(QStringLiteral("dtsim"), 9)
                  .arg(QStringLiteral("error"), 8);
    for (const auto& result : results) {
        const auto& run = *result.run;
        stream << QStringLiteral("%1  %2  %3  ")
                      .arg(text(run.id), -30)
                      .arg(text(simcore::metricName(run.metric)), -18)
                      .arg(run.published, 9, 'f', 2);
        if (result.problem.empty()) {
            stream << QStringLiteral("%1  %2%\n")
                          .arg(result.predicted, 9, 'f', 2)
                          .arg(100.0 * result.errorFraction, 7, 'f', 1);
        } else {
            stream << QString::fromStdString(result.problem) << "\n";
        }
    }
    stream << "\n" << within << " of " << results.size() << " runs within ±15 %.\nSources:\n";
    for (const auto& result : results) {
        stream << "  " << text(result.run->id) << ": " << QString::fromStdString(result.run->source)
               << "; " << text(result.run->note) << "\n";
    }
    stream.flush();
    printOut(out);
    return kSuccess;
}

} // namespace dtsim::app
