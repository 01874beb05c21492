#include "app/calcmodels.h"
#include "app/cli.h"
#include "simcore/reports/trainingreport.h"
#include "simcore/reports/validation.h"
#include "simcore/scenario/catalogue.h"

#include <QTextStream>

namespace dtsim::app {

namespace {

QString text(std::string_view view)
{
    return QString::fromUtf8(view.data(), static_cast<qsizetype>(view.size()));
}

} // namespace

int calcTraining(const simcore::Scenario& scenario, const CalcOptions& options)
{
    return printReport(simcore::trainingReport(scenario), options);
}

int runValidation(bool json)
{
    const auto results = simcore::validateRuns();
    const std::int64_t within = simcore::runsWithin15Percent(results);
    if (json) {
        printJson(recordJson(simcore::validationRecord(results)));
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
