#include "app/calcmodels.h"
#include "simcore/reports/memoryreport.h"

#include <QJsonArray>
#include <QJsonObject>

namespace dtsim::app {

// `dtsim calc memory`: per-GPU bytes and the verdict on hardware.gpu, and every ZeRO stage's.
int calcMemory(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const auto report = simcore::memoryReport(scenario);
    QJsonObject extra;
    if (report.ok()) {
        QJsonArray stages;
        for (const auto& stage : report.stages) {
            stages.append(QJsonObject{
                {QStringLiteral("zero"), static_cast<double>(stage.zero)},
                {QStringLiteral("total"), stage.memory.totalBytes},
                {QStringLiteral("fits"), stage.verdict.fits},
                {QStringLiteral("min_gpus"), static_cast<double>(stage.verdict.minGpus)}});
        }
        const auto& bytes = report.bytesPerParameter;
        extra = {{QStringLiteral("bytes_per_param"),
                  QJsonObject{{QStringLiteral("weights"), bytes.weights},
                              {QStringLiteral("gradients"), bytes.gradients},
                              {QStringLiteral("optimizer"), bytes.optimizer}}},
                 {QStringLiteral("stages"), stages}};
    }
    return printReport(report, options, extra);
}

} // namespace dtsim::app
