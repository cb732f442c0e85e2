// The GTP v2 wire format, controller side: formatting commands and parsing responses
// exactly as gomill's Linebased_gtp_channel does.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rm::gtp {

// A GTP word as gomill accepts it in commands: one or more of [\x21-\x7e\x80-\xff].
bool is_well_formed_word(std::string_view word);

// "command arg1 arg2" (no id, no newline).
std::string format_command(const std::string& command, const std::vector<std::string>& args);

// The check on the very first byte an engine sends: nullopt if it may start a GTP response
// (' ', '\t', '\r', '\n', '#', '=', '?'), else the protocol error message
// ("engine isn't speaking GTP: first byte is 'p'", "engine appears to be speaking GMP, not GTP!").
std::optional<std::string> check_first_byte(char c);

// An engine's line quoted for an error message: between backquotes, printable ASCII kept,
// a backslash doubled, every other byte as \xNN; longer than max_bytes, cut there and
// followed by "... (N bytes)". E.g. `Minigo GTP engine ready\x1b[0m`.
std::string quote_engine_line(std::string_view line, std::size_t max_bytes = 120);

// True if the line (without '\n') is empty or only whitespace: such lines are skipped before
// a response and a blank line ends one. Control characters count as data, as in gomill.
bool is_blank_line(std::string_view line);

struct Response {
  bool is_failure = false;
  std::string text;  // the leading '='/'?', id and whitespace removed; trailing whitespace stripped
};

// Parses a complete response given its lines (without '\n', leading blank lines already
// skipped, terminating blank line not included). Returns the response, or the protocol
// error message ("no success/failure indication from engine: first line is `ERROR`").
// Control characters (except '\t' and '\n') are removed and tabs become spaces; an id after
// '='/'?' is removed.
struct ParseOutcome {
  std::optional<Response> response;
  std::string error;
};
ParseOutcome parse_response(const std::vector<std::string>& lines);

// Replaces bytes that are not valid UTF-8 with '?' (as gomill's sanitise_utf8).
std::string sanitise_utf8(std::string_view s);

// Free text from an engine (its stderr) made safe to print on a terminal: sanitise_utf8, and
// the control characters parse_response removes from responses are removed (ESC included, so
// no escape sequence survives), as are the C1 controls U+0080..U+009F; tabs become spaces,
// newlines stay.
std::string sanitise_engine_text(std::string_view s);

}  // namespace rm::gtp
