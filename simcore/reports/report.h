#pragma once
// What every view reports (SPEC "Export" and "Command line"): the named quantities a user reads
// — the panel's read-outs, `dtsim calc VIEW` as text and JSON, the CSV's first block — and the
// problems of the view's keys. Each view's report (scalingreport.h, memoryreport.h, …) adds what
// its charts draw and the terms its formula strip substitutes; ui and app print these values and
// compute nothing of their own.

#include "simcore/reports/record.h"
#include "simcore/scenario/scenario.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simcore {

/// What a quantity's number counts or measures: its unit in JSON and CSV, and how a read-out
/// writes it.
enum class Unit {
    Seconds,
    Bytes,
    BytesPerSecond,
    Flops,          ///< floating-point operations
    FlopsPerSecond, ///< FLOP/s
    Fraction,       ///< a share, 0 … 1 (read-outs write a percentage)
    Factor,         ///< a multiple ("×"), e.g. a speed-up
    Number,         ///< dimensionless
    Gpus,
    Nodes,
    Steps,        ///< optimizer steps, or rounds of messages (see the quantity's name)
    Microbatches, ///< micro-batches (a pipeline's count, or activations in flight)
    Parameters,
    Failures,
    Runs,    ///< simulated jobs
    Tokens,  ///< tokens
    Boolean, ///< 0 or 1; JSON true / false
    Word,    ///< Quantity::word holds the value, a stable lower-case id; JSON a string
};

/// The unit as JSON and CSV write it: "s", "bytes", "bytes/s", "FLOP", "FLOP/s", "fraction",
/// "x", "" (Number, Boolean, Word), "GPUs", "nodes", "steps", "micro-batches", "parameters",
/// "failures", "runs", "tokens".
std::string_view unitSymbol(Unit unit);

/// One number (or word) a view shows, with its unit.
struct Quantity {
    std::string_view id;   ///< snake_case and stable: the JSON field, the CSV row
    std::string_view name; ///< English, for `dtsim calc`'s table ("step time")
    double value = 0;      ///< SI units; NaN when undefined here (JSON null, read-out "—")
    Unit unit = Unit::Number;
    std::string word; ///< Unit::Word only: the value
    friend bool operator==(const Quantity&, const Quantity&) = default;
};

/// A quantity with a number (or Boolean) value.
Quantity quantity(std::string_view id, std::string_view name, double value, Unit unit);
/// A quantity whose value is a word (Unit::Word).
Quantity wordQuantity(std::string_view id, std::string_view name, std::string word);

/// The quantity with this id, or null.
const Quantity* findQuantity(std::span<const Quantity> quantities, std::string_view id);

/// Each quantity by its id: a number (null when NaN), a Boolean or a word.
Record quantitiesRecord(std::span<const Quantity> quantities);

/// The views `dtsim export --panel` draws and `dtsim calc` prints, in SPEC order.
enum class View {
    Scaling,
    Memory,
    Parallelism,
    Pipeline,
    Communication,
    Topology,
    Checkpoint,
    Plan
};

std::span<const View> allViews();
/// "scaling", "memory", "parallelism", "pipeline", "communication", "topology", "checkpoint",
/// "plan".
std::string_view viewId(View view);
std::optional<View> findView(std::string_view id);

/// The scenario keys a view's model reads (and its panel edits), in `dtsim keys` order.
std::span<const std::string_view> viewKeys(View view);

/// The one rule for every panel: a problem belongs to the view whose keys it names (its `key`).
bool belongsTo(const ScenarioError& problem, View view);

/// The problems of `view`: validate()'s and the model's own rules (`modelRules`, e.g. a layout
/// that does not divide the model), those that belong to the view, each once, in that order.
std::vector<ScenarioError> problemsOf(View view, const Scenario& scenario,
                                      std::vector<ScenarioError> modelRules = {});

/// What every view's report has.
struct Report {
    View view = View::Scaling;
    /// One English line saying what the numbers are ("Scaling, lesson model (seed lesson §5),
    /// N = 8"): the title of `dtsim calc`'s table.
    std::string heading;
    std::vector<Quantity> quantities;
    /// What `dtsim calc VIEW --json` writes beside the quantities (a field here may replace a
    /// quantity's or "model"): the structure the view's charts and tables draw.
    Record details;
    /// When not empty, the view cannot be evaluated: the rest of the report is empty.
    std::vector<ScenarioError> problems;

    [[nodiscard]] bool ok() const { return problems.empty(); }
    [[nodiscard]] const Quantity* find(std::string_view id) const
    {
        return findQuantity(quantities, id);
    }
};

/// One table of a view's CSV export, as its own file holds it: a header line, then rows each with
/// as many fields as the header (RFC 4180), every line ending in "\n", no comment or blank line,
/// so a spreadsheet or pandas.read_csv reads it as it is.
struct CsvTable {
    /// snake_case, stable and unique within the view: "quantities" for the first table of every
    /// view, then what the table holds ("curve", "layouts"). The exporter names the files after it.
    std::string name;
    std::string text;
    friend bool operator==(const CsvTable&, const CsvTable&) = default;
};

/// Builds one CsvTable, the one place where a row is made as wide as its header.
class CsvTableBuilder {
public:
    /// `header`: the column names, plain snake_case.
    CsvTableBuilder(std::string name, const std::vector<std::string>& header);
    /// One row of fields written as CSV cells (csvNumber, csvField, a quoted text): a row with
    /// fewer fields than the header ends in empty ones (values that do not apply), never one
    /// with more.
    void row(std::vector<std::string> fields);
    [[nodiscard]] const CsvTable& table() const { return m_table; }

private:
    CsvTable m_table;
    std::size_t m_width = 0;
};

/// A number in a CSV cell: the shortest text that reads back to the same double (formatNumber),
/// "" for NaN.
std::string csvNumber(double value);
/// Text in a CSV cell: as it is, or in double quotes (those inside doubled) when it holds a
/// comma, a double quote or a line break (RFC 4180).
std::string csvField(std::string_view text);
/// Text as one CSV cell, always quoted, inner quotes doubled (RFC 4180).
std::string csvQuoted(std::string_view text);
/// A quantity,value,unit table of `quantities`.
CsvTable csvQuantityTable(std::string name, std::span<const Quantity> quantities);
/// The report's quantities: the table named "quantities" that every view's CSV starts with.
CsvTable csvQuantities(const Report& report);

} // namespace simcore
