#include "app/calcoutput.h"

#include <QJsonDocument>
#include <QTextStream>

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

} // namespace dtsim::app
