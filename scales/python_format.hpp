#pragma once
// Python's %-formatting of one value (gomill's Parameter format strings, e.g. "pl: %d").
#include <stdexcept>
#include <string>
#include <string_view>

#include "scales/value.hpp"

namespace rm::scales {

struct FormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// `fmt % value` as Python 2.7 does it, for a format with exactly one conversion (plus any
// number of "%%"). Conversions: d i u (integer; a double is truncated as int() does),
// x X o (integer; '#' gives 0x / 0X / 0 prefixes), e E f F g G (a number; %f of a number
// whose magnitude is >= 1e50 becomes %g as in Python 2), s (python_str), r (python_repr),
// c (integer code point < 128, or a one-character string), %%. Flags - + space 0 #, a width,
// a precision (minimum digits for integers, maximum characters for s/r) and the ignored
// length modifiers h l L. Throws FormatError for: no conversion ("not all arguments converted
// during string formatting"), two conversions ("not enough arguments for format string"),
// '*' widths, "%(key)" mappings, an unknown conversion, an incomplete format, or a string
// given to a numeric conversion ("%d format: a number is required, not str").
std::string python_format(std::string_view fmt, const Value& v);

}  // namespace rm::scales
