// Python 2.7's `format % value` for one value.
#include "scales/python_format.hpp"

#include <cmath>
#include <cstdio>
#include <string>

namespace rm::scales {
namespace {

struct Spec {
  bool left = false, plus = false, space = false, zero = false, alt = false;
  int width = 0;
  int precision = -1;  // -1: not given
  char conversion = 0;
};

std::string pad(std::string body, const Spec& s) {
  auto width = static_cast<std::size_t>(s.width);
  if (body.size() >= width) return body;
  std::string fill(width - body.size(), ' ');
  return s.left ? body + fill : fill + body;
}

long long to_integer(const Value& v, char conversion) {
  if (const auto* i = std::get_if<long long>(&v)) return *i;
  if (const auto* f = std::get_if<double>(&v)) {
    if (std::isnan(*f)) throw FormatError("cannot convert float NaN to integer");
    if (std::isinf(*f)) throw FormatError("cannot convert float infinity to integer");
    if (!(*f > -9.2e18 && *f < 9.2e18)) throw FormatError("integer too large to format");
    return static_cast<long long>(*f);  // int(): truncation toward zero
  }
  throw FormatError(std::string("%") + conversion + " format: a number is required, not str");
}

std::string format_integer(const Value& v, const Spec& s) {
  long long n = to_integer(v, s.conversion);
  bool negative = n < 0;
  // Magnitude as unsigned so that LLONG_MIN works.
  unsigned long long mag =
      negative ? 0ULL - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
  unsigned base = (s.conversion == 'x' || s.conversion == 'X') ? 16U
                  : s.conversion == 'o'                        ? 8U
                                                               : 10U;
  const char* digit_chars = s.conversion == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string digits;
  do {
    digits.insert(digits.begin(), digit_chars[mag % base]);
    mag /= base;
  } while (mag != 0);
  if (s.precision > 0 && digits.size() < static_cast<std::size_t>(s.precision))
    digits.insert(0, static_cast<std::size_t>(s.precision) - digits.size(), '0');
  std::string prefix;
  if (s.alt && base == 16) prefix = s.conversion == 'X' ? "0X" : "0x";
  if (s.alt && base == 8 && digits[0] != '0') prefix = "0";  // Python 2's octal prefix
  std::string sign = negative ? "-" : s.plus ? "+" : s.space ? " " : "";
  std::string head = sign + prefix;
  if (s.zero && !s.left && head.size() + digits.size() < static_cast<std::size_t>(s.width))
    digits.insert(0, static_cast<std::size_t>(s.width) - head.size() - digits.size(), '0');
  return pad(head + digits, s);
}

std::string format_float(const Value& v, const Spec& s) {
  double x = 0.0;
  if (const auto* i = std::get_if<long long>(&v)) {
    x = static_cast<double>(*i);
  } else if (const auto* f = std::get_if<double>(&v)) {
    x = *f;
  } else {
    throw FormatError("float argument required, not str");
  }
  char conversion = s.conversion;
  // Python 2: "%f conversions for numbers whose absolute value is over 1e50 are replaced by %g".
  if ((conversion == 'f' || conversion == 'F') && std::fabs(x) >= 1e50)
    conversion = conversion == 'f' ? 'g' : 'G';
  std::string fmt = "%";
  if (s.left) fmt += '-';
  if (s.plus) fmt += '+';
  if (s.space) fmt += ' ';
  if (s.zero) fmt += '0';
  if (s.alt) fmt += '#';
  if (s.width > 0) fmt += std::to_string(s.width);
  fmt += '.' + std::to_string(s.precision < 0 ? 6 : s.precision);
  fmt += conversion;
  char buf[512];
  // The format is assembled above from parsed flags, two numbers and a checked conversion
  // letter, so a non-literal format string is safe here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  int n = std::snprintf(buf, sizeof buf, fmt.c_str(), x);
#pragma GCC diagnostic pop
  if (n < 0 || static_cast<std::size_t>(n) >= sizeof buf)
    throw FormatError("formatted result too long");
  return std::string(buf, static_cast<std::size_t>(n));
}

std::string format_text(std::string text, const Spec& s) {
  if (s.precision >= 0 && text.size() > static_cast<std::size_t>(s.precision))
    text.resize(static_cast<std::size_t>(s.precision));
  return pad(std::move(text), s);  // the '0' flag does not apply to strings in Python
}

std::string format_char(const Value& v, const Spec& s) {
  if (const auto* str = std::get_if<std::string>(&v)) {
    if (str->size() != 1) throw FormatError("%c requires int or char");
    return pad(*str, s);
  }
  long long n = to_integer(v, 'c');
  if (n < 0 || n > 255) throw FormatError("%c arg not in range(256)");
  return pad(std::string(1, static_cast<char>(n)), s);
}

std::string convert(const Value& v, const Spec& s) {
  switch (s.conversion) {
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o':
      return format_integer(v, s);
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
      return format_float(v, s);
    case 's':
      return format_text(python_str(v), s);
    case 'r':
      return format_text(python_repr(v), s);
    case 'c':
      return format_char(v, s);
    default:
      break;
  }
  throw FormatError("unsupported format character '" + std::string(1, s.conversion) + "'");
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

int read_number(std::string_view fmt, std::size_t& i) {
  int n = 0;
  while (i < fmt.size() && is_digit(fmt[i])) {
    n = n * 10 + (fmt[i] - '0');
    if (n > 1000) throw FormatError("width or precision too big");
    ++i;
  }
  return n;
}

}  // namespace

std::string python_format(std::string_view fmt, const Value& v) {
  std::string out;
  bool converted = false;
  std::size_t i = 0;
  while (i < fmt.size()) {
    char c = fmt[i++];
    if (c != '%') {
      out += c;
      continue;
    }
    if (i >= fmt.size()) throw FormatError("incomplete format");
    if (fmt[i] == '(') throw FormatError("format requires a mapping");
    Spec s;
    for (; i < fmt.size(); ++i) {
      char f = fmt[i];
      if (f == '-')
        s.left = true;
      else if (f == '+')
        s.plus = true;
      else if (f == ' ')
        s.space = true;
      else if (f == '0')
        s.zero = true;
      else if (f == '#')
        s.alt = true;
      else
        break;
    }
    if (i < fmt.size() && fmt[i] == '*') throw FormatError("* wants int (only one value is given)");
    s.width = read_number(fmt, i);
    if (i < fmt.size() && fmt[i] == '.') {
      ++i;
      if (i < fmt.size() && fmt[i] == '*')
        throw FormatError("* wants int (only one value is given)");
      s.precision = read_number(fmt, i);
    }
    while (i < fmt.size() && (fmt[i] == 'h' || fmt[i] == 'l' || fmt[i] == 'L')) ++i;
    if (i >= fmt.size()) throw FormatError("incomplete format");
    s.conversion = fmt[i++];
    if (s.conversion == '%') {
      out += '%';
      continue;
    }
    if (converted) throw FormatError("not enough arguments for format string");
    out += convert(v, s);
    converted = true;
  }
  if (!converted) throw FormatError("not all arguments converted during string formatting");
  return out;
}

}  // namespace rm::scales
