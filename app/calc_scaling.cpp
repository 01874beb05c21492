#include "app/calcmodels.h"
#include "app/cli.h"
#include "simcore/scaling.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace dtsim::app {

int calcScaling(const simcore::Scenario& scenario, const CalcOptions& options)
{
    const bool json = options.json;
    const auto result = simcore::evaluateScaling(scenario);
    const auto& s = result.selected;
    const bool physical = result.mode == simcore::ScalingMode::Physical;
    if (json) {
        QJsonObject object{
            {QStringLiteral("model"), QStringLiteral("scaling")},
            {QStringLiteral("mode"),
             physical ? QStringLiteral("physical") : QStringLiteral("lesson")},
            {QStringLiteral("workers"), static_cast<double>(s.workers)},
            {QStringLiteral("compute"), s.computeSeconds},
            {QStringLiteral("sync"), s.syncSeconds},
            {QStringLiteral("step"), s.stepSeconds},
            {QStringLiteral("ideal"), s.idealSeconds},
            {QStringLiteral("speedup"), s.speedup},
            {QStringLiteral("efficiency"), s.efficiency},
            {QStringLiteral("optimal_workers"), static_cast<double>(result.optimalWorkers)},
            {QStringLiteral("optimal_step"), result.optimal.stepSeconds},
            {QStringLiteral("steps"), static_cast<double>(scenario.train.steps)},
            {QStringLiteral("total_time"), s.totalSeconds}};
        printOut(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) +
                 QLatin1Char('\n'));
        return kSuccess;
    }
    QString text;
    QTextStream out(&text);
    if (physical) {
        out << "Scaling, physical model (MODELS §3 compute, §4 collectives), N = " << s.workers
            << "\n";
    } else {
        out << "Scaling, lesson model (seed lesson §5), N = " << s.workers << "\n";
    }
    const auto number = [](double value) { return QString::number(value, 'g', 6); };
    const auto row = [&out](const char* name, const QString& value, const char* unit) {
        out << "  " << QString::fromLatin1(name).leftJustified(24) << value.rightJustified(14)
            << "  " << unit << "\n";
    };
    row(physical ? "compute" : "compute (T1/N)", number(s.computeSeconds), "s");
    row(physical ? "sync (not overlapped)" : "sync", number(s.syncSeconds), "s");
    row("step", number(s.stepSeconds), "s");
    row("ideal (T1/N)", number(s.idealSeconds), "s");
    row("speed-up", number(s.speedup), "x");
    row("efficiency", number(s.efficiency), "");
    row("optimal workers", QString::number(result.optimalWorkers), "");
    row("step at optimum", number(result.optimal.stepSeconds), "s");
    row("steps", QString::number(scenario.train.steps), "");
    row("total training time", number(s.totalSeconds), "s");
    out.flush();
    printOut(text);
    return kSuccess;
}

} // namespace dtsim::app
