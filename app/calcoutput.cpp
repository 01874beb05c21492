#include "app/calcoutput.h"

#include "app/cli.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <variant>

namespace dtsim::app {

void printError(const QString& message)
{
    QTextStream(stderr) << "dtsim: " << message << Qt::endl;
}

void printMonteCarloProgress(std::int64_t done, std::int64_t total)
{
    printError(QStringLiteral("Monte-Carlo: %1 of %2 jobs simulated…").arg(done).arg(total));
}

namespace {
/// errno of the first failed write to standard output, 0 while none has failed.
int g_standardOutputError = 0;
} // namespace

void printOut(const QString& text)
{
    // Written and flushed here, so a failure is seen with its reason (a full disk, a closed pipe).
    const QByteArray bytes = text.toUtf8();
    errno = 0;
    const bool written = std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()),
                                     stdout) == static_cast<std::size_t>(bytes.size()) &&
                         std::fflush(stdout) == 0;
    if (!written && g_standardOutputError == 0) {
        g_standardOutputError = errno != 0 ? errno : EIO;
    }
}

int standardOutputError()
{
    if (g_standardOutputError == 0 && (std::fflush(stdout) != 0 || std::ferror(stdout))) {
        g_standardOutputError = errno != 0 ? errno : EIO;
    }
    return g_standardOutputError;
}

void printJson(const QJsonObject& object)
{
    printOut(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) +
             QLatin1Char('\n'));
}

ReportTable::ReportTable(const QString& heading) : m_heading(heading) {}

void ReportTable::row(const QString& name, const QString& value, const QString& unit)
{
    m_rows.append({name, value, unit});
}

void ReportTable::number(const QString& name, double value, const QString& unit)
{
    row(name, QString::number(value, 'g', 6), unit);
}

void ReportTable::print() const
{
    // Names in a column as wide as the longest, values right-aligned, as a terminal shows them.
    qsizetype nameWidth = 24;
    qsizetype valueWidth = 14;
    for (const Row& row : m_rows) {
        nameWidth = std::max(nameWidth, row.name.size());
        valueWidth = std::max(valueWidth, row.value.size());
    }
    QString text = m_heading + QLatin1Char('\n');
    for (const Row& row : m_rows) {
        text += QStringLiteral("  ") + row.name.leftJustified(nameWidth) + QLatin1Char(' ') +
                row.value.rightJustified(valueWidth);
        if (!row.unit.isEmpty()) {
            text += QStringLiteral("  ") + row.unit;
        }
        text += QLatin1Char('\n');
    }
    printOut(text);
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

QJsonValue jsonValue(const simcore::Value& value);

QJsonArray listJson(const simcore::List& list)
{
    QJsonArray array;
    for (const auto& item : list) {
        array.append(jsonValue(item));
    }
    return array;
}

QJsonValue jsonValue(const simcore::Value& value)
{
    return std::visit(
        [](const auto& v) -> QJsonValue {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                return QJsonValue();
            } else if constexpr (std::is_same_v<T, bool>) {
                return v;
            } else if constexpr (std::is_same_v<T, std::int64_t>) {
                return static_cast<qint64>(v);
            } else if constexpr (std::is_same_v<T, double>) {
                return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
            } else if constexpr (std::is_same_v<T, std::string>) {
                return QString::fromStdString(v);
            } else if constexpr (std::is_same_v<T, simcore::Record>) {
                return recordJson(v);
            } else {
                return listJson(v);
            }
        },
        value);
}

} // namespace

QJsonObject recordJson(const simcore::Record& record)
{
    QJsonObject object;
    for (const auto& field : record) {
        object.insert(QString::fromStdString(field.id), jsonValue(field.value));
    }
    return object;
}

QJsonObject reportJson(const simcore::Report& report, std::string_view model)
{
    QJsonObject object{
        {QStringLiteral("model"), fromView(model.empty() ? simcore::viewId(report.view) : model)}};
    QJsonArray quantities;
    for (const auto& quantity : report.quantities) {
        const QString id = fromView(quantity.id);
        object.insert(id, jsonValue(quantity));
        quantities.append(
            QJsonObject{{QStringLiteral("id"), id},
                        {QStringLiteral("value"), jsonValue(quantity)},
                        {QStringLiteral("unit"), fromView(simcore::unitSymbol(quantity.unit))}});
    }
    for (const auto& field : report.details) {
        object.insert(QString::fromStdString(field.id), jsonValue(field.value));
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
        if (!std::isfinite(quantity.value)) {
            return QStringLiteral("none");
        }
        // Whole numbers in full (bytes, GPUs, steps), up to what a double holds exactly.
        if (quantity.value == std::floor(quantity.value) && std::abs(quantity.value) < 9e15) {
            return QString::number(static_cast<qlonglong>(quantity.value));
        }
        return QString::number(quantity.value, 'g', 6);
    }
}

int printReport(const simcore::Report& report, const CalcOptions& options)
{
    if (!report.ok()) {
        printError(QString::fromStdString(report.problems.front().message()));
        return kBadInput;
    }
    if (options.json) {
        printJson(reportJson(report, options.model));
        return kSuccess;
    }
    ReportTable table(QString::fromStdString(report.heading));
    for (const auto& quantity : report.quantities) {
        QString unit = fromView(simcore::unitSymbol(quantity.unit));
        if (quantity.unit == simcore::Unit::Bytes && std::isfinite(quantity.value)) {
            // Bytes as vendors (GB) and as operating systems and the seed (GiB) count them.
            constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
            unit += QStringLiteral(" = %1 GB = %2 GiB")
                        .arg(quantity.value / 1e9, 0, 'f', 3)
                        .arg(quantity.value / kGiB, 0, 'f', 3);
        }
        table.row(fromView(quantity.name), quantityText(quantity), unit);
    }
    table.print();
    return kSuccess;
}

} // namespace dtsim::app
