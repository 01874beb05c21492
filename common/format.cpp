#include "common/format.h"

#include "common/numberentry.h"
#include "simcore/scenario/scenario.h" // parseNumber: what --set reads

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace dtsim::common {

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("dtsim::common::Format", text);
}
} // namespace

QString groupDigits(QString text)
{
    const QChar separator(0x202F);
    qsizetype firstDigit = 0;
    while (firstDigit < text.size() && !text.at(firstDigit).isDigit()) {
        ++firstDigit; // the sign
    }
    qsizetype endOfInteger = firstDigit;
    while (endOfInteger < text.size() && text.at(endOfInteger).isDigit()) {
        ++endOfInteger;
    }
    for (qsizetype at = endOfInteger - 3; at > firstDigit; at -= 3) {
        text.insert(at, separator);
    }
    return text;
}

QString formatFixed(double value, int decimals, const QLocale& locale)
{
    if (!std::isfinite(value)) {
        return QStringLiteral("—");
    }
    QLocale plain = locale;
    plain.setNumberOptions(plain.numberOptions() | QLocale::OmitGroupSeparator);
    return groupDigits(plain.toString(value, 'f', std::max(decimals, 0)));
}

TypedNumber readTypedNumber(const QString& text, const QLocale& locale)
{
    QString typed = text.trimmed();
    if (typed.isEmpty()) {
        return {0, TypedNumber::Problem::Empty};
    }
    typed.replace(QChar(0x2212), QLatin1Char('-'));
    if (!locale.negativeSign().isEmpty() && locale.negativeSign() != QLatin1String("-") &&
        typed.startsWith(locale.negativeSign())) {
        typed.replace(0, locale.negativeSign().size(), QLatin1Char('-'));
    }
    // Sign; whole digits, plain or grouped in threes by a space; one decimal sign and the
    // fraction; an exponent.
    static const QRegularExpression pattern(QStringLiteral(
        "^([+-]?)([0-9]{1,3}(?:[ \\x{00A0}\\x{2009}\\x{202F}][0-9]{3})+|[0-9]*)(?:([.,])([0-9]*))?"
        "(?:[eE]([+-]?[0-9]+))?$"));
    const QRegularExpressionMatch match = pattern.match(typed);
    if (!match.hasMatch()) {
        return {0, TypedNumber::Problem::NotANumber};
    }
    QString whole;
    for (const QChar c : match.capturedView(2)) {
        if (c.isDigit()) {
            whole += c; // the spaces that group them left out
        }
    }
    const QString sign = match.captured(1);
    const QString point = match.captured(3);
    const QString fraction = match.captured(4);
    const QString exponent = match.captured(5);
    if (whole.isEmpty() && fraction.isEmpty()) {
        return {0, TypedNumber::Problem::NotANumber};
    }
    // The decimal sign that is not the locale's, before three digits, may be a group separator:
    // "1,500" is 1.5 to a Vietnamese and 1500 to an American.
    if (!point.isEmpty() && point != locale.decimalPoint() && fraction.size() == 3 &&
        !whole.isEmpty() && whole.front() != QLatin1Char('0')) {
        return {0, TypedNumber::Problem::AmbiguousSeparator};
    }
    QString written = sign + (whole.isEmpty() ? QStringLiteral("0") : whole);
    if (!fraction.isEmpty()) {
        written += QLatin1Char('.') + fraction;
    }
    if (!exponent.isEmpty()) {
        written += QLatin1Char('e') + exponent;
    }
    if (const auto value = simcore::parseNumber(written.toStdString())) {
        return {*value, TypedNumber::Problem::None};
    }
    // A decimal beyond a double: far above every range, or a nonzero number far below it.
    const bool tiny = exponent.startsWith(QLatin1Char('-'));
    const double magnitude =
        tiny ? std::numeric_limits<double>::denorm_min() : std::numeric_limits<double>::infinity();
    return {sign == QLatin1String("-") ? -magnitude : magnitude, TypedNumber::Problem::None};
}

QString formatNumber(double value, int significant)
{
    if (!std::isfinite(value)) {
        return QStringLiteral("—");
    }
    significant = std::max(significant, 1);
    const QLocale locale;
    // Rounded first: 999.7 to three digits is 1000 and must be written out like it.
    double rounded = value;
    if (value != 0) {
        const int exponent = static_cast<int>(std::floor(std::log10(std::abs(value))));
        const double unit = std::pow(10.0, exponent - significant + 1);
        rounded = std::round(value / unit) * unit;
    }
    const double magnitude = std::abs(rounded);
    if (magnitude < 1000.0 || magnitude >= 1e18) {
        return locale.toString(value, 'g', significant);
    }
    // Written out, never "1.02E+03"; grouped in threes by a narrow no-break space, which no
    // language reads as a decimal sign (English "1,020" is Vietnamese "1.020": one point
    // zero two).
    const int digits = static_cast<int>(std::floor(std::log10(magnitude))) + 1;
    QLocale plain = locale;
    plain.setNumberOptions(plain.numberOptions() | QLocale::OmitGroupSeparator);
    QString text = plain.toString(rounded, 'f', std::max(0, significant - digits));
    // As 'g' writes it: no trailing zeros after the decimal sign ("2000", not "2000.000").
    if (const QString point = plain.decimalPoint(); text.contains(point)) {
        while (text.endsWith(QLatin1Char('0'))) {
            text.chop(1);
        }
        if (text.endsWith(point)) {
            text.chop(point.size());
        }
    }
    return groupDigits(text);
}

int numerus(std::int64_t count)
{
    return static_cast<int>(std::clamp<std::int64_t>(count, std::numeric_limits<int>::min(),
                                                     std::numeric_limits<int>::max()));
}

int numerusOfAmount(double amount)
{
    if (!std::isfinite(amount) || amount != std::floor(amount) || std::abs(amount) > 1e18) {
        return 2;
    }
    return numerus(static_cast<std::int64_t>(amount));
}

QString formatSignedNumber(double value, int significant)
{
    QString text = formatNumber(value, significant);
    const QString hyphen = QLocale().negativeSign();
    if (value < 0 && text.startsWith(hyphen)) {
        text.replace(0, hyphen.size(), QChar(0x2212));
    }
    return text;
}

QString withPercentSign(const QString& number)
{
    return number + QChar(QChar::Nbsp) + QLatin1Char('%');
}

QString formatDuration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0) {
        return QStringLiteral("—");
    }
    const QLocale locale;
    if (seconds < 1e-3) {
        return tr("%1 µs").arg(locale.toString(seconds * 1e6, 'g', 4));
    }
    if (seconds < 1.0) {
        return tr("%1 ms").arg(locale.toString(seconds * 1e3, 'g', 4));
    }
    if (seconds < 60.0) {
        return tr("%1 s").arg(locale.toString(seconds, 'g', 4));
    }
    const auto wholeMinutes = static_cast<long long>(std::llround(seconds / 60.0));
    if (seconds < 3600.0) {
        const auto wholeSeconds = static_cast<long long>(std::llround(seconds));
        return tr("%1 min %2 s").arg(wholeSeconds / 60).arg(wholeSeconds % 60);
    }
    if (seconds < 86400.0) {
        return tr("%1 h %2 min").arg(wholeMinutes / 60).arg(wholeMinutes % 60);
    }
    const double days = seconds / 86400.0;
    if (days < 365.0) {
        const auto wholeHours = static_cast<long long>(std::llround(seconds / 3600.0));
        return tr("%1 d %2 h").arg(wholeHours / 24).arg(wholeHours % 24);
    }
    return tr("%1 years").arg(formatNumber(days / 365.25, 4));
}

QString formatSpeedup(double speedup)
{
    return tr("%1×").arg(formatNumber(speedup, 3));
}

QString formatPercent(double fraction)
{
    return tr("%1 %").arg(formatFixed(fraction * 100.0, 1)); // "1 250.0 %", never "1.250,0 %"
}

namespace {
/// value scaled to [1, 1000) with its decimal prefix ("", k, M, G, T, P, E).
std::pair<double, const char*> siScaled(double value)
{
    static const char* const prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    int index = 0;
    while (std::abs(value) >= 999.95 && index < 6) {
        value /= 1000.0;
        ++index;
    }
    return {value, prefixes[index]};
}

QString siText(double value)
{
    const auto [scaled, prefix] = siScaled(value);
    return QLocale().toString(scaled, 'g', 4) + QStringLiteral(" ") + QLatin1String(prefix);
}
} // namespace

QString formatWhole(std::int64_t value)
{
    // Digit by digit: through formatNumber's rounding to 19 digits, 3023 came out as
    // "3 023.000000000000455" (the rounding unit 1e-15 is no exact double).
    if (value > -1000 && value < 1000) {
        return QLocale().toString(static_cast<qlonglong>(value));
    }
    const QString digits = QString::number(value < 0 ? -static_cast<qulonglong>(value)
                                                     : static_cast<qulonglong>(value));
    QString text;
    for (qsizetype i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) {
            text += QChar(0x202F); // as formatNumber groups: a narrow no-break space
        }
        text += digits[i];
    }
    return value < 0 ? QLocale().negativeSign() + text : text;
}

QString formatCount(double value)
{
    if (!std::isfinite(value)) {
        return QStringLiteral("—");
    }
    return siText(value).trimmed();
}

QString formatFlops(double flops)
{
    if (!std::isfinite(flops)) {
        return QStringLiteral("—");
    }
    return tr("%1FLOP").arg(siText(flops));
}

QString formatFlopRate(double flopsPerSecond)
{
    if (!std::isfinite(flopsPerSecond)) {
        return QStringLiteral("—");
    }
    return tr("%1FLOP/s").arg(siText(flopsPerSecond));
}

QString formatBytes(double bytes)
{
    if (!std::isfinite(bytes)) {
        return QStringLiteral("—");
    }
    return tr("%1B").arg(siText(bytes));
}

QString formatBandwidth(double bytesPerSecond)
{
    if (!std::isfinite(bytesPerSecond)) {
        return QStringLiteral("—");
    }
    return tr("%1B/s").arg(siText(bytesPerSecond));
}

QString formatQuantity(const simcore::Quantity& quantity)
{
    using simcore::Unit;
    const double value = quantity.value;
    if (quantity.unit == Unit::Word) {
        return QString::fromStdString(quantity.word);
    }
    if (!std::isfinite(value)) {
        return QStringLiteral("—");
    }
    switch (quantity.unit) {
    case Unit::Seconds:
        return formatDuration(value);
    case Unit::Bytes:
        return formatBytes(value);
    case Unit::BytesPerSecond:
        return formatBandwidth(value);
    case Unit::Flops:
        return formatFlops(value);
    case Unit::FlopsPerSecond:
        return formatFlopRate(value);
    case Unit::Fraction:
        return formatPercent(value);
    case Unit::Factor:
        return formatSpeedup(value);
    case Unit::Boolean:
        return value != 0 ? tr("yes") : tr("no");
    case Unit::Parameters:
        return formatCount(value);
    case Unit::Gpus:
    case Unit::Nodes:
    case Unit::Steps:
    case Unit::Microbatches:
    case Unit::Failures:
    case Unit::Runs:
    case Unit::Tokens:
        if (value == std::floor(value) && std::abs(value) < 9e15) {
            // Grouped as formatNumber groups: Vietnamese "4.096" would read as four point zero.
            QLocale plain;
            plain.setNumberOptions(plain.numberOptions() | QLocale::OmitGroupSeparator);
            return groupDigits(plain.toString(static_cast<qlonglong>(value)));
        }
        return formatNumber(value, 4);
    case Unit::Number:
    case Unit::Word:
        break;
    }
    return formatNumber(value, 4);
}

QString formatQuantity(const simcore::Report& report, std::string_view id)
{
    const simcore::Quantity* quantity = report.find(id);
    return quantity ? formatQuantity(*quantity) : QStringLiteral("—");
}

} // namespace dtsim::common
