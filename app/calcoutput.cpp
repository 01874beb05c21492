#include "app/calcoutput.h"

#include "app/cli.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>
#include <cmath>

namespace dtsim::app {

void printError(const QString& message)
{
    QTextStream(stderr) << "dtsim: " << message << Qt::endl;
}

void printOut(const QString& text)
{
    QTextStream(stdout) << text;
}

void printJson(const QJsonObject& object)
{
    printOut(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) +
             QLatin1Char('\n'));
}

ReportTable::ReportTable(const QString& heading) : m_text(heading + QLatin1Char('\n')) {}

void ReportTable::row(const QString& name, const QString& value, const QString& unit)
{
    m_text += QStringLiteral("  ") + name.leftJustified(24) + value.rightJustified(14);
    if (!unit.isEmpty()) {
        m_text += QStringLiteral("  ") + unit;
    }
    m_text += QLatin1Char('\n');
}

void ReportTable::number(const QString& name, double value, const QString& unit)
{
    row(name, QString::number(value, 'g', 6), unit);
}

void ReportTable::print() const
{
    printOut(m_text);
}

namespace {

QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

QJsonValue jsonValue(const simcore::Quantity& quantity)
{
    switch (quantity.unit) {
    case simcore::Unit::Word:
        return QString::fromStdString(quantity.word);
    case simcore::Unit::Boolean:
        return quantity.value != 0;
    default:
        return std::isfinite(quantity.value) ? QJsonValue(quantity.value) : QJsonValue();
    }
}

} // namespace

QJsonObject reportJson(const simcore::Report& report, const QJsonObject& extra)
{
    QJsonObject object{{QStringLiteral("model"), fromView(simcore::viewId(report.view))}};
    QJsonArray quantities;
    for (const auto& quantity : report.quantities) {
        const QString id = fromView(quantity.id);
        object.insert(id, jsonValue(quantity));
        quantities.append(
            QJsonObject{{QStringLiteral("id"), id},
                        {QStringLiteral("value"), jsonValue(quantity)},
                        {QStringLiteral("unit"), fromView(simcore::unitSymbol(quantity.unit))}});
    }
    for (auto it = extra.begin(); it != extra.end(); ++it) {
        object.insert(it.key(), it.value());
    }
    object.insert(QStringLiteral("quantities"), quantities);
    return object;
}

QString quantityText(const simcore::Quantity& quantity)
{
    switch (quantity.unit) {
    case simcore::Unit::Word:
        return QString::fromStdString(quantity.word);
    case simcore::Unit::Boolean:
        return quantity.value != 0 ? QStringLiteral("yes") : QStringLiteral("no");
    default:
        return std::isfinite(quantity.value) ? QString::number(quantity.value, 'g', 6)
                                             : QStringLiteral("none");
    }
}

int printReport(const simcore::Report& report, const CalcOptions& options, const QJsonObject& extra)
{
    if (!report.ok()) {
        printError(QString::fromStdString(report.problems.front().message()));
        return kBadInput;
    }
    if (options.json) {
        printJson(reportJson(report, extra));
        return kSuccess;
    }
    ReportTable table(QString::fromStdString(report.heading));
    for (const auto& quantity : report.quantities) {
        table.row(fromView(quantity.name), quantityText(quantity),
                  fromView(simcore::unitSymbol(quantity.unit)));
    }
    table.print();
    return kSuccess;
}

} // namespace dtsim::app
