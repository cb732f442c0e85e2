// Python 2.7's str() and repr() of the three value types, and their JSON round trip.
#include "scales/value.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace rm::scales {
namespace {

// Decimal digits (no dot, no trailing zeros) and decpt (value = 0.digits * 10^decpt),
// the representation CPython's float formatting works from.
struct Digits {
  bool negative = false;
  std::string digits;
  int decpt = 0;
};

Digits split_scientific(const std::string& sci) {
  // sci is like "-1.2345e+05" or "5e-07".
  Digits d;
  std::size_t i = 0;
  if (sci[i] == '-') {
    d.negative = true;
    ++i;
  }
  std::size_t e = sci.find('e', i);
  for (std::size_t k = i; k < e; ++k)
    if (sci[k] != '.') d.digits += sci[k];
  int exponent = std::atoi(sci.c_str() + e + 1);
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
  d.decpt = exponent + 1;
  return d;
}

// CPython's format_float_short layout with Py_DTSF_ADD_DOT_0.
std::string layout(const Digits& d, bool use_exp) {
  std::string out = d.negative ? "-" : "";
  if (use_exp) {
    out += d.digits.substr(0, 1);
    if (d.digits.size() > 1) out += "." + d.digits.substr(1);
    int exponent = d.decpt - 1;
    char buf[16];
    std::snprintf(buf, sizeof buf, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    out += buf;
    return out;
  }
  if (d.decpt <= 0) {
    out += "0." + std::string(static_cast<std::size_t>(-d.decpt), '0') + d.digits;
  } else if (static_cast<std::size_t>(d.decpt) >= d.digits.size()) {
    out += d.digits + std::string(static_cast<std::size_t>(d.decpt) - d.digits.size(), '0') + ".0";
  } else {
    auto p = static_cast<std::size_t>(d.decpt);
    out += d.digits.substr(0, p) + "." + d.digits.substr(p);
  }
  return out;
}

std::string non_finite(double v) {
  if (std::isnan(v)) return "nan";
  return v < 0 ? "-inf" : "inf";
}

std::string repr_string(const std::string& s) {
  // Python 2 repr of a byte string: single quotes unless the text has ' and no ".
  char quote = (s.find('\'') != std::string::npos && s.find('"') == std::string::npos) ? '"' : '\'';
  std::string out(1, quote);
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (ch == quote || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch == '\r') {
      out += "\\r";
    } else if (ch == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += ch;
    }
  }
  out += quote;
  return out;
}

}  // namespace

std::string python_str(double v) {
  if (!std::isfinite(v)) return non_finite(v);
  // 12 significant digits; exponent form when decpt <= -4 or decpt > 11 (precision - 1,
  // because ".0" may be added).
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.11e", v);
  Digits d = split_scientific(buf);
  if (d.digits == "0") d.decpt = 1;
  return layout(d, d.decpt <= -4 || d.decpt > 11);
}

std::string python_repr(double v) {
  if (!std::isfinite(v)) return non_finite(v);
  // Shortest round-trip digits (std::to_chars without precision), exponent form when
  // decpt <= -4 or decpt > 16, as Python 2.7's float_repr.
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  Digits d = split_scientific(std::string(buf, res.ptr));
  if (d.digits == "0") d.decpt = 1;
  return layout(d, d.decpt <= -4 || d.decpt > 16);
}

std::string python_str(const Value& v) {
  if (const auto* i = std::get_if<long long>(&v)) return std::to_string(*i);
  if (const auto* f = std::get_if<double>(&v)) return python_str(*f);
  return std::get<std::string>(v);
}

std::string python_repr(const Value& v) {
  if (const auto* i = std::get_if<long long>(&v)) return std::to_string(*i);
  if (const auto* f = std::get_if<double>(&v)) return python_repr(*f);
  return repr_string(std::get<std::string>(v));
}

nlohmann::json value_to_json(const Value& v) {
  if (const auto* i = std::get_if<long long>(&v)) return *i;
  if (const auto* f = std::get_if<double>(&v)) return *f;
  return std::get<std::string>(v);
}

Value value_from_json(const nlohmann::json& j) {
  if (j.is_number_integer()) return j.get<long long>();
  if (j.is_number_float()) return j.get<double>();
  if (j.is_string()) return j.get<std::string>();
  throw ScaleError("an engine parameter value must be an integer, a float or a string, not " +
                   std::string(j.type_name()));
}

}  // namespace rm::scales
