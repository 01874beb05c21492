#pragma once
// A report's structured details: what `dtsim calc VIEW --json` and `dtsim import --json` write
// beside the quantities (a failure breakdown, a curve, the runs of a log). Simcore decides every
// field id here, so the command line only converts a Record to JSON, one rule for all of them.

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace simcore {

struct Field;
struct Value;
/// Fields in the order they were added; an id is written once (a later field with the same id
/// replaces the earlier one in JSON).
using Record = std::vector<Field>;
using List = std::vector<Value>;

/// Null (no value: JSON null), a Boolean, a whole number, a number (NaN is null), text, a
/// nested record or a list.
struct Value : std::variant<std::monostate, bool, std::int64_t, double, std::string, Record, List> {
    using variant::variant;
    friend bool operator==(const Value&, const Value&) = default;
};

struct Field {
    std::string id; ///< snake_case and stable: the JSON field
    Value value;
    friend bool operator==(const Field&, const Field&) = default;
};

/// Texts as a list of strings.
List textList(const std::vector<std::string>& texts);

/// The value of the field with this id, or null.
const Value* findField(const Record& record, std::string_view id);

} // namespace simcore
