#include "simcore/import/importerror.h"

#include "simcore/scenario/text.h"

namespace simcore {

std::string ImportError::message() const
{
    std::string text;
    if (line > 0) {
        text = "line " + std::to_string(line) + ": ";
    }
    text += "expected " + expected;
    if (!found.empty()) {
        text += ", found '" + found + "'";
    }
    return text;
}

namespace importtext {

ImportError error(ImportError::Kind kind, std::size_t line, std::string expected,
                  std::string_view found)
{
    return ImportError{kind, line, std::move(expected), textutil::shorten(found)};
}

} // namespace importtext

} // namespace simcore
