#pragma once
// What every `dtsim calc MODEL` shares: where text goes, the JSON object, the aligned table.
// One file per model (calc_<model>.cpp) implements a CalcFunction; cli.cpp lists them.

#include "simcore/reports/report.h"
#include "simcore/scenario/scenario.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <cstdint>
#include <string_view>

namespace dtsim::app {

struct CalcOptions {
    bool json = false;       ///< one JSON object instead of the table
    bool monteCarlo = false; ///< checkpoint: also simulate checkpoint.mc_runs jobs
    /// The model as `dtsim calc` names it (simcore's viewEntries id), JSON's "model"; empty:
    /// the report's view.
    std::string_view model;
};

/// Runs one model on a validated scenario; returns an ExitCode (cli.h).
using CalcFunction = int (*)(const simcore::Scenario& scenario, const CalcOptions& options);

/// "dtsim: message" on stderr.
void printError(const QString& message);
/// "dtsim: Monte-Carlo: DONE of TOTAL jobs simulated…" on stderr (common::WorkProgress).
void printMonteCarloProgress(std::int64_t done, std::int64_t total);
/// Text on stdout as is.
void printOut(const QString& text);
/// The errno of the first write to standard output that failed (printOut's or, at the final
/// flush, anyone's); 0 when everything written reached it.
int standardOutputError();
/// One compact JSON object and a newline on stdout.
void printJson(const QJsonObject& object);

/// The report as JSON: {"model": `model` or else the view's id, every quantity by its id (a
/// number, true/false, a word, or null for no value), every field of its details,
/// "quantities": [{"id", "value", "unit"}, …]}.
QJsonObject reportJson(const simcore::Report& report, std::string_view model = {});
/// A record as one JSON object, field by field (null, true/false, a number, text, an object or
/// an array); the one conversion of simcore's details to JSON.
QJsonObject recordJson(const simcore::Record& record);
/// A quantity's value as `dtsim calc` writes it in a table: six significant digits, yes/no, the
/// word, or "none".
QString quantityText(const simcore::Quantity& quantity);
/// Prints the report: one JSON object (reportJson named options.model), or its heading and a
/// row per quantity. When the report has a problem, prints that on stderr instead and returns
/// kBadInput; else kSuccess.
int printReport(const simcore::Report& report, const CalcOptions& options);

/// A readable table: a heading, then "name  value  unit" rows with the values right-aligned.
class ReportTable {
public:
    explicit ReportTable(const QString& heading);
    void row(const QString& name, const QString& value, const QString& unit = {});
    /// Six significant digits, like the other calc tables.
    void number(const QString& name, double value, const QString& unit = {});
    void print() const;

private:
    struct Row {
        QString name;
        QString value;
        QString unit;
    };
    QString m_heading;
    QList<Row> m_rows;
};

} // namespace dtsim::app
