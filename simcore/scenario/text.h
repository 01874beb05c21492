#pragma once
// Text as users' tools save it: encodings, line ends, fields. Shared by the scenario's key
// readers and the importers.

#include <string>
#include <string_view>
#include <vector>

namespace simcore::textutil {

/// The text as UTF-8 with '\n' line ends, whatever a user's tool saved: a UTF-8 byte-order mark
/// is dropped; UTF-16 with a byte-order mark (PowerShell's `>` and Out-File write UTF-16 LE),
/// little- or big-endian, is converted (an unpaired surrogate or an odd last byte becomes
/// U+FFFD); CRLF and lone CR (old Mac editors) become LF, so line numbers count what an editor
/// shows. Anything else passes unchanged.
std::string decode(std::string_view bytes);
/// Lines split on '\n' (a trailing '\r' stays and is trimmed by trim()).
std::vector<std::string_view> lines(std::string_view text);
/// Without leading and trailing white space.
std::string_view trim(std::string_view text);
/// Fields separated by white space (spaces and tabs).
std::vector<std::string_view> fields(std::string_view text);
/// At most 60 characters of the trimmed text, cut on a UTF-8 boundary, "…" when cut.
std::string shorten(std::string_view text);

} // namespace simcore::textutil
