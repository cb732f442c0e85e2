#include "ringmaster/competitions/candidate_values.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace rm::comp {
namespace {

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

std::string joined(const std::vector<std::string>& codes) {
  std::string out;
  for (const auto& code : codes) out += (out.empty() ? "" : ", ") + code;
  return out;
}

}  // namespace

std::vector<std::string> values_by_parameter(const std::string& text,
                                             const std::vector<std::string>& codes) {
  std::vector<std::string> values(codes.size());
  std::vector<bool> given(codes.size(), false);
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = trimmed(text.substr(start, comma - start));
    start = comma + 1;
    if (item.empty() && text.find_first_not_of(' ') == std::string::npos) break;
    if (item.empty()) throw std::invalid_argument("an empty item in '" + text + "'");
    const std::size_t equals = item.find('=');
    if (equals == std::string::npos)
      throw std::invalid_argument("'" + item + "' is not CODE=VALUE (e.g. " + codes.front() +
                                  "=...)");
    const std::string code = trimmed(item.substr(0, equals));
    const auto at = std::find(codes.begin(), codes.end(), code);
    if (at == codes.end())
      throw std::invalid_argument("unknown parameter '" + code + "' (the parameters are " +
                                  joined(codes) + ")");
    const auto k = static_cast<std::size_t>(at - codes.begin());
    if (given[k]) throw std::invalid_argument("parameter " + code + " is given twice");
    given[k] = true;
    values[k] = trimmed(item.substr(equals + 1));
  }
  std::vector<std::string> missing;
  for (std::size_t k = 0; k < codes.size(); ++k)
    if (!given[k]) missing.push_back(codes[k]);
  if (!missing.empty())
    throw std::invalid_argument("missing " + joined(missing) + ": give every parameter (" +
                                joined(codes) + ")");
  return values;
}

double number_from_text(const std::string& code, const std::string& text) {
  double value = 0.0;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  if (begin != end && *begin == '+') ++begin;
  const auto res = std::from_chars(begin, end, value);
  if (text.empty() || res.ec != std::errc() || res.ptr != end || !std::isfinite(value))
    throw std::invalid_argument(code + ": '" + text + "' is not a number");
  return value;
}

}  // namespace rm::comp
