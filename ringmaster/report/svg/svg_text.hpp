// Text helpers shared by the plots: XML escaping and number formatting for ticks and labels.
#pragma once

#include <string>
#include <vector>

namespace rm::svg {

// `text` with & < > " ' replaced by entities: safe in element content and attribute values.
std::string escape_xml(const std::string& text);

// A coordinate for an attribute: at most two decimals, no trailing zeros ("12.5", "40").
std::string coord(double value);

// A tick or value label with `decimals` digits after the point; "-0" printed as "0"; values of
// 10000 or more in magnitude with no decimals get thin groups ("12 000" reads at a glance).
std::string format_number(double value, int decimals);

// `value` in three significant digits, with an exponent when it is very large or small.
std::string format_general(double value);

}  // namespace rm::svg

namespace rm::svg {

// `text` cut to at most `max_chars` characters (UTF-8 sequences kept whole), ending with an
// ellipsis when cut.
std::string shorten(const std::string& text, std::size_t max_chars);

// `text` broken at spaces into lines of at most `max_chars` characters (a longer word is
// shortened); at least one line.
std::vector<std::string> wrap(const std::string& text, std::size_t max_chars);

// The number of characters (not bytes) of UTF-8 `text`.
std::size_t character_count(const std::string& text);

}  // namespace rm::svg
