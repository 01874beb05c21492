#include "app/calcmodels.h"
#include "app/cli.h"
#include "simcore/memory.h"
#include "simcore/pipeline.h"
#include "simcore/pipelinememory.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

namespace dtsim::app {

namespace {

/// The scenario key behind a PipelineError field (the three times are named after the keys).
QString keyOf(const std::string& field)
{
    if (field == "pipeline.forward_seconds") {
        return QStringLiteral("parallel.forward_time");
    }
    if (field == "pipeline.backward_seconds") {
        return QStringLiteral("parallel.backward_time");
    }
    if (field == "pipeline.transfer_seconds") {
        return QStringLiteral("parallel.p2p_time");
    }
    return QString::fromStdString(field);
}

} // namespace

int calcPipeline(const simcore::Scenario& scenario, const CalcOptions& options)
{
    simcore::PipelineParams params = simcore::pipelineParamsFromScenario(scenario);
    params.recordOperations = false; // the summary numbers do not need the operation list
    const simcore::PipelineResult r = simcore::simulatePipeline(params);
    if (!r.ok()) {
        printError(QStringLiteral("pipeline: %1 must be %2")
                       .arg(keyOf(r.error->field), QString::fromStdString(r.error->allowed)));
        return kBadInput;
    }

    QString formula;
    double formulaValue = 0;
    switch (params.schedule) {
    case simcore::PipelineSchedule::GPipe:
        formula = QStringLiteral("(p-1)/(m+p-1) of the step (Huang et al. 2019)");
        formulaValue = simcore::gpipeBubbleFraction(params.stages, params.microbatches);
        break;
    case simcore::PipelineSchedule::OneFOneB:
        formula = QStringLiteral("(p-1)/m of the ideal time (Narayanan et al. 2021)");
        formulaValue = simcore::oneFOneBBubbleRatio(params.stages, params.microbatches);
        break;
    case simcore::PipelineSchedule::Interleaved:
        formula = QStringLiteral("(p-1)/(v*m) of the ideal time (Narayanan et al. 2021)");
        formulaValue = simcore::interleavedBubbleRatio(params.stages, params.microbatches,
                                                       params.virtualStages);
        break;
    }

    const auto memoryOptions = simcore::memoryOptionsFromScenario(scenario);
    const auto memoryProblems = simcore::validateMemory(scenario, memoryOptions);
    std::vector<simcore::DeviceActivations> activations;
    if (memoryProblems.empty()) {
        activations = simcore::pipelineActivations(scenario, r, memoryOptions);
    }
    const QString schedule =
        QString::fromStdString(simcore::valueText(scenario, "parallel.schedule"));

    if (options.json) {
        QJsonArray peaks;
        for (auto peak : r.peakInFlight) {
            peaks.append(static_cast<double>(peak));
        }
        QJsonValue bytes;
        if (!activations.empty()) {
            QJsonArray perDevice;
            for (const auto& device : activations) {
                perDevice.append(device.bytes);
            }
            bytes = perDevice;
        }
        printJson(QJsonObject{
            {QStringLiteral("model"), QStringLiteral("pipeline")},
            {QStringLiteral("schedule"), schedule},
            {QStringLiteral("stages"), static_cast<double>(params.stages)},
            {QStringLiteral("microbatches"), static_cast<double>(params.microbatches)},
            {QStringLiteral("virtual_stages"), static_cast<double>(params.virtualStages)},
            {QStringLiteral("forward_time"), params.forwardSeconds},
            {QStringLiteral("backward_time"), params.backwardSeconds},
            {QStringLiteral("p2p_time"), params.transferSeconds},
            {QStringLiteral("time"), r.totalSeconds},
            {QStringLiteral("ideal_time"), r.idealSeconds},
            {QStringLiteral("bubble_time"), r.bubbleSeconds},
            {QStringLiteral("bubble_fraction"), r.bubbleFraction},
            {QStringLiteral("bubble_ratio"), r.bubbleRatio},
            {QStringLiteral("formula"), formula},
            {QStringLiteral("formula_value"), formulaValue},
            {QStringLiteral("peak_in_flight"), static_cast<double>(r.maxPeakInFlight)},
            {QStringLiteral("peak_in_flight_microbatches"), r.maxPeakInFlightMicrobatches},
            {QStringLiteral("peak_in_flight_per_device"), peaks},
            {QStringLiteral("activations_per_device"), bytes}});
    } else {
        ReportTable table(
            QStringLiteral("Pipeline step (MODELS §5), %1 schedule, p = %2, m = %3, v = %4")
                .arg(schedule)
                .arg(params.stages)
                .arg(params.microbatches)
                .arg(params.virtualStages));
        table.number(QStringLiteral("forward time (t_f)"), params.forwardSeconds,
                     QStringLiteral("s"));
        table.number(QStringLiteral("backward time (t_b)"), params.backwardSeconds,
                     QStringLiteral("s"));
        table.number(QStringLiteral("p2p time"), params.transferSeconds, QStringLiteral("s"));
        table.number(QStringLiteral("step time"), r.totalSeconds, QStringLiteral("s"));
        table.number(QStringLiteral("ideal m(t_f+t_b)"), r.idealSeconds, QStringLiteral("s"));
        table.number(QStringLiteral("bubble time"), r.bubbleSeconds, QStringLiteral("s"));
        table.number(QStringLiteral("bubble / step"), r.bubbleFraction);
        table.number(QStringLiteral("bubble / ideal"), r.bubbleRatio);
        table.number(QStringLiteral("published formula"), formulaValue, formula);
        table.number(QStringLiteral("peak in flight"), r.maxPeakInFlightMicrobatches,
                     QStringLiteral("micro-batches"));
        if (!activations.empty()) {
            table.number(QStringLiteral("activations, device 0"), activations.front().bytes,
                         QStringLiteral("bytes"));
            table.number(QStringLiteral("activations, last device"), activations.back().bytes,
                         QStringLiteral("bytes"));
        }
        table.print();
    }
    if (!memoryProblems.empty()) {
        printError(QStringLiteral("activations not computed: ") +
                   QString::fromStdString(memoryProblems.front().message()));
    }
    return kSuccess;
}

} // namespace dtsim::app
