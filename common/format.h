#pragma once
// Turning simcore's SI numbers into text people read: locale-aware, translated units.

#include "simcore/reports/report.h"

#include <QString>
#include <cstdint>

namespace dtsim::common {

/// "142.5 ms", "1.43 s", "3 h 57 min", "12 d 4 h" — always in the largest unit that fits.
QString formatDuration(double seconds);
/// "7.02×"
QString formatSpeedup(double speedup);
/// "43.9 %"
QString formatPercent(double fraction);
/// A number with `significant` significant digits in the current locale ("0.0625", "14.43";
/// Vietnamese "14,43"). From 1000 on it is written out, its digits grouped in threes by a narrow
/// no-break space (U+202F) that reads as no decimal sign in any language: "1 020", "1 234.5"
/// (Vietnamese "1 234,5"), never "1.02E+03".
QString formatNumber(double value, int significant = 4);
/// A whole count written out, grouped like formatNumber ("1 024", Vietnamese too): QLocale's own
/// grouping writes Vietnamese "1.024", which reads as one point zero two four.
QString formatWhole(std::int64_t value);
/// The `n` by which tr() picks a count's plural form ("1 GPU", "2 GPUs"): the count, held within
/// Qt's int. The count itself is written by formatWhole and passed as %1…%9, never as Qt's %n
/// (written "1024", ungrouped) or %Ln (QLocale's grouping, Vietnamese "1.024"):
/// `tr("%1 GPU(s)", nullptr, numerus(n)).arg(formatWhole(n))`. The English forms come from
/// resources/translations/dtsim_en.ts.
int numerus(std::int64_t count);
/// numerus for an amount that may have a fraction ("1.5 micro-batches"): a whole amount counts
/// as itself, any other as 2, since both languages write a fraction as they write many.
int numerusOfAmount(double amount);
/// formatNumber for text that reads as mathematics: a negative value takes the minus sign
/// (U+2212) the formulas use, not the locale's hyphen-minus ("−0.81").
QString formatSignedNumber(double value, int significant = 4);
/// `number` followed by a percent sign that no line break separates from it ("−0.01 %").
QString withPercentSign(const QString& number);

/// With a decimal SI prefix, 4 significant digits: "2.097 M", "175 G", "950".
QString formatCount(double value);
/// "42 GFLOP", "1.05 TFLOP" (decimal prefixes).
QString formatFlops(double flops);
/// "989.4 TFLOP/s".
QString formatFlopRate(double flopsPerSecond);
/// "14 GB", "512 MB" (decimal: 1 GB = 10^9 bytes, as SI and link vendors use).
QString formatBytes(double bytes);
/// "450 GB/s" (decimal).
QString formatBandwidth(double bytesPerSecond);
/// A report's quantity as a read-out writes it, by its unit: a duration, bytes, a bandwidth,
/// FLOP(/s), a percentage, "×", a whole count grouped as formatNumber groups ("16 384"), yes/no,
/// or the word itself; "—"
/// when it has no value (NaN).
QString formatQuantity(const simcore::Quantity& quantity);
/// The report's quantity `id` as formatQuantity writes it; "—" when the report has none.
QString formatQuantity(const simcore::Report& report, std::string_view id);

} // namespace dtsim::common
