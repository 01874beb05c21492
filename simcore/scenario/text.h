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
/// ASCII letters in lower case ("All_Reduce" → "all_reduce"); other bytes unchanged.
std::string lower(std::string_view text);
/// Fields separated by white space (spaces and tabs).
std::vector<std::string_view> fields(std::string_view text);
/// At most 60 characters of the trimmed text, cut on a UTF-8 boundary, "…" when cut; control
/// characters shown escaped (visible).
std::string shorten(std::string_view text);
/// The text with every control character written out, so echoing what a file or an argument
/// held can never drive a terminal (ESC, BEL, OSC sequences) or break a line: C0 controls and
/// DEL as \t, \n, \r or \xHH, C1 controls (U+0080…U+009F) as \u0080….
/// Everything else, UTF-8 included, passes unchanged.
std::string visible(std::string_view text);

} // namespace simcore::textutil
