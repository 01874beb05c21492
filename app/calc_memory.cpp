#include "app/calcmodels.h"
#include "app/cli.h"
#include "simcore/catalogue.h"
#include "simcore/memory.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace dtsim::app {

// `dtsim calc memory`: per-GPU bytes and the verdict on hardware.gpu.
int calcMemory(const simcore::Scenario& scenario, const CalcOptions& calcOptions)
{
    const bool json = calcOptions.json;
    const simcore::MemoryOptions options = simcore::memoryOptionsFromScenario(scenario);
    if (const auto problems = simcore::validateMemory(scenario, options); !problems.empty()) {
        printError(QString::fromStdString(problems.front().message()));
        return kBadInput;
    }
    const simcore::GpuSpec* gpu = simcore::findGpu(scenario.hardware.gpu);
    if (!gpu) { // validate() has checked the id against the catalogue already
        printError(QStringLiteral("hardware.gpu: unknown GPU '%1'")
                       .arg(QString::fromStdString(scenario.hardware.gpu)));
        return kBadInput;
    }
    const auto m = simcore::evaluateMemory(scenario, options);
    const auto verdict = simcore::memoryVerdict(scenario, *gpu, options);
    const auto bytes =
        simcore::bytesPerParameter(scenario.train.precision, scenario.train.optimizer);
    const QString gpuId = QString::fromUtf8(gpu->id.data(), static_cast<qsizetype>(gpu->id.size()));
    constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
    if (json) {
        QJsonArray stages;
        simcore::Scenario trial = scenario;
        for (std::int64_t zero = 0; zero <= 3; ++zero) {
            trial.parallel.zero = zero;
            const auto stage = simcore::evaluateMemory(trial, options);
            const auto stageVerdict = simcore::memoryVerdict(trial, *gpu, options);
            stages.append(QJsonObject{
                {QStringLiteral("zero"), static_cast<double>(zero)},
                {QStringLiteral("total"), stage.totalBytes},
                {QStringLiteral("fits"), stageVerdict.fits},
                {QStringLiteral("min_gpus"), static_cast<double>(stageVerdict.minGpus)}});
        }
        QJsonObject object{{QStringLiteral("model"), QStringLiteral("memory")},
                           {QStringLiteral("params"), m.parameters},
                           {QStringLiteral("params_per_gpu"), m.parametersPerGpu},
                           {QStringLiteral("bytes_per_param"),
                            QJsonObject{{QStringLiteral("weights"), bytes.weights},
                                        {QStringLiteral("gradients"), bytes.gradients},
                                        {QStringLiteral("optimizer"), bytes.optimizer}}},
                           {QStringLiteral("zero"), static_cast<double>(scenario.parallel.zero)},
                           {QStringLiteral("dp"), static_cast<double>(scenario.parallel.dp)},
                           {QStringLiteral("tp"), static_cast<double>(scenario.parallel.tp)},
                           {QStringLiteral("pp"), static_cast<double>(scenario.parallel.pp)},
                           {QStringLiteral("weights"), m.weightsBytes},
                           {QStringLiteral("gradients"), m.gradientsBytes},
                           {QStringLiteral("optimizer"), m.optimizerBytes},
                           {QStringLiteral("activations"), m.activationsBytes},
                           {QStringLiteral("buffers"), m.buffersBytes},
                           {QStringLiteral("total"), m.totalBytes},
                           {QStringLiteral("total_gib"), m.totalBytes / kGiB},
                           {QStringLiteral("gpu"), gpuId},
                           {QStringLiteral("capacity"), verdict.capacityBytes},
                           {QStringLiteral("headroom"), verdict.headroomBytes},
                           {QStringLiteral("fits"), verdict.fits},
                           {QStringLiteral("min_dp"), static_cast<double>(verdict.minDataParallel)},
                           {QStringLiteral("min_gpus"), static_cast<double>(verdict.minGpus)},
                           {QStringLiteral("stages"), stages}};
        printOut(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) +
                 QLatin1Char('\n'));
        return kSuccess;
    }
    QString text;
    QTextStream out(&text);
    out << "Memory per GPU (seed lesson §1, ZeRO paper §5): ZeRO-" << scenario.parallel.zero
        << ", dp " << scenario.parallel.dp << " x tp " << scenario.parallel.tp << " x pp "
        << scenario.parallel.pp << ", "
        << QString::fromUtf8(gpu->displayName.data(),
                             static_cast<qsizetype>(gpu->displayName.size()))
        << "\n";
    out << "  " << QStringLiteral("item").leftJustified(14)
        << QStringLiteral("bytes").rightJustified(18)
        << QStringLiteral("GB (1e9)").rightJustified(12)
        << QStringLiteral("GiB (2^30)").rightJustified(12) << "\n";
    const auto row = [&out](const char* name, double value) {
        out << "  " << QString::fromLatin1(name).leftJustified(14)
            << QString::number(value, 'f', 0).rightJustified(18)
            << QString::number(value / 1e9, 'f', 3).rightJustified(12)
            << QString::number(value / kGiB, 'f', 3).rightJustified(12) << "\n";
    };
    row("weights", m.weightsBytes);
    row("gradients", m.gradientsBytes);
    row("optimizer", m.optimizerBytes);
    row("activations", m.activationsBytes);
    row("buffers", m.buffersBytes);
    row("total", m.totalBytes);
    row("capacity", verdict.capacityBytes);
    row("headroom", verdict.headroomBytes);
    out << "  parameters    " << QString::number(m.parameters, 'g', 10) << " (" << bytes.weights
        << " + " << bytes.gradients << " + " << bytes.optimizer << " bytes per parameter)\n";
    out << "  fits          " << (verdict.fits ? "yes" : "no") << "\n";
    out << "  min GPUs      "
        << (verdict.minGpus > 0 ? QString::number(verdict.minGpus) + QStringLiteral(" (dp ") +
                                      QString::number(verdict.minDataParallel) +
                                      QStringLiteral(" at this ZeRO stage, tp and pp)")
                                : QStringLiteral("never at this ZeRO stage, tp and pp"))
        << "\n";
    out.flush();
    printOut(text);
    return kSuccess;
}

} // namespace dtsim::app
