#pragma once
// Numbers in number fields: written as read-outs write them (one grouping, common/format.h), and
// read from what a person types, with the notations the command line accepts.

#include <QLocale>
#include <QString>

namespace dtsim::common {

/// `value` with exactly `decimals` decimals in `locale`, its digits grouped as formatNumber
/// groups them ("16 384", "1 000.000", Vietnamese "1 000,000"): what a number field shows.
QString formatFixed(double value, int decimals, const QLocale& locale = QLocale());
/// `text`, a number without group separators as QLocale writes it ("-16384.5"), with the digits
/// before its decimal sign grouped in threes by a narrow no-break space ("-16 384.5"): the one
/// grouping of every number the window shows, read-outs and fields alike.
QString groupDigits(QString text);

/// A number as a person types it into a field, read or refused with the reason.
struct TypedNumber {
    enum class Problem {
        None,
        Empty,
        NotANumber, ///< not a number readTypedNumber reads ("1.5 s", "0x10", "1,234.5")
        /// a single '.' or ',' that is not `locale`'s decimal sign, followed by three digits: it
        /// may group thousands ("1,500" in English, "1.500" in Vietnamese)
        AmbiguousSeparator,
    };
    double value = 0; ///< the number read; ±infinity when its exponent is beyond a double's
    Problem problem = Problem::None;
};
/// Reads what was typed into a number field: the notations --set accepts (simcore::parseNumber:
/// "1500", "-2", "1e3", "2.5E-3"), digits grouped in threes by spaces as formatNumber writes them
/// ("16 384"), a minus sign (U+2212) for '-', and either decimal sign, `locale`'s or the other of
/// '.' and ',' ("1.5" and "1,5" are both 1.5 in English and in Vietnamese) — except where the
/// other one may group thousands ("1,500" in English), which is refused as ambiguous. Units,
/// hexadecimal and grouping by '.' or ',' are not numbers.
TypedNumber readTypedNumber(const QString& text, const QLocale& locale = QLocale());

} // namespace dtsim::common
