#pragma once
// Why a file could not be imported, as a value: what every importer returns instead of a table.

#include <cstddef>
#include <string>
#include <string_view>

namespace simcore {

/// Why a file could not be imported: where, what was expected, what was found. Shared by the
/// nccl-tests and nvidia-smi importers. Nothing of a file is imported when this is returned.
struct ImportError {
    enum class Kind {
        Empty,            ///< no text at all (or only blank lines)
        NoHeader,         ///< no table header anywhere: not this program's output
        BadLine,          ///< a line inside the table that is neither data nor a comment
        BadNumber,        ///< a field that must be a number is not one
        DecimalComma,     ///< "1,23": a number written with a decimal comma (non-English locale)
        ReorderedColumns, ///< the column header is not in the program's order
        Truncated,        ///< the text ends before the table does
        NoData,           ///< a table with no rows
        Inconsistent,     ///< rows or blocks that contradict each other or the header
        CannotFit,        ///< the points do not determine α and B (fit only)
    };
    Kind kind = Kind::BadLine;
    std::size_t line = 0; ///< 1-based line number; 0 when it concerns the whole text
    std::string expected; ///< English: what the line should have held
    std::string found;    ///< the offending text, shortened to at most 60 characters

    /// "line 12: expected …, found '…'" (English, for logs and the command line; the UI
    /// translates from the fields).
    [[nodiscard]] std::string message() const;
    friend bool operator==(const ImportError&, const ImportError&) = default;
};

/// Helpers the importers share to build an ImportError.
namespace importtext {
/// The error value with `found` shortened.
ImportError error(ImportError::Kind kind, std::size_t line, std::string expected,
                  std::string_view found);
} // namespace importtext

} // namespace simcore
