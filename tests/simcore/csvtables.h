#pragma once
// Reading back the tables a view's CSV returns (simcore::CsvTable): by name, all of them as one
// text, and a line split into its fields as RFC 4180 reads them.

#include "simcore/reports/report.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace testing {

/// The text of the table named `name` (the test fails without one).
inline std::string tableText(const std::vector<simcore::CsvTable>& tables, std::string_view name)
{
    for (const auto& table : tables) {
        if (table.name == name) {
            return table.text;
        }
    }
    FAIL("no CSV table named " << name);
    return {};
}

/// Whether a table named `name` is there.
inline bool hasCsvTable(const std::vector<simcore::CsvTable>& tables, std::string_view name)
{
    for (const auto& table : tables) {
        if (table.name == name) {
            return true;
        }
    }
    return false;
}

/// Every table's text, one after the other: for checks that do not mind which table holds a row.
inline std::string joinedCsv(const std::vector<simcore::CsvTable>& tables)
{
    std::string text;
    for (const auto& table : tables) {
        text += table.text;
    }
    return text;
}

/// The fields of one CSV record (RFC 4180: a quoted field may hold commas and doubled quotes).
/// `ok` is false for a quote that does not close or text after a closing quote.
struct CsvRecord {
    std::vector<std::string> fields;
    bool ok = true;
};

inline CsvRecord splitCsvLine(std::string_view line)
{
    CsvRecord record;
    std::string field;
    std::size_t i = 0;
    for (;;) {
        if (i < line.size() && line[i] == '"') {
            ++i;
            for (;;) {
                if (i >= line.size()) {
                    record.ok = false;
                    break;
                }
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field += line[i++];
            }
            if (i < line.size() && line[i] != ',') {
                record.ok = false;
            }
        } else {
            while (i < line.size() && line[i] != ',') {
                if (line[i] == '"') {
                    record.ok = false;
                }
                field += line[i++];
            }
        }
        record.fields.push_back(field);
        field.clear();
        if (i >= line.size()) {
            return record;
        }
        ++i; // the comma
    }
}

/// The table's lines, without the final "\n" (a quoted line break is not expected in dtsim's).
inline std::vector<std::string> csvLines(const std::string& text)
{
    std::vector<std::string> lines;
    std::size_t at = 0;
    for (std::size_t end; (end = text.find('\n', at)) != std::string::npos; at = end + 1) {
        lines.push_back(text.substr(at, end - at));
    }
    if (at < text.size()) {
        lines.push_back(text.substr(at));
    }
    return lines;
}

} // namespace testing
