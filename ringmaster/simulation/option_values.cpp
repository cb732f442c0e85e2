#include "ringmaster/simulation/option_values.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace rm::simulation {

std::vector<int> parse_list(const std::string& text, const char* what) {
  std::vector<int> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    std::size_t used = 0;
    int value = 0;
    try {
      std::string digits = item;
      if (!digits.empty() && (digits.back() == 'k' || digits.back() == 'K')) {
        digits.pop_back();
        value = std::stoi(digits, &used) * 1000;
        ++used;
      } else {
        value = std::stoi(digits, &used);
      }
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != item.size() || item.empty() || value < 1)
      throw std::invalid_argument(std::string(what) + ": '" + item +
                                  "' is not a whole number >= 1 (e.g. 1000 or 1k)");
    out.push_back(value);
    start = comma + 1;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

int whole_number(const std::string& option, const std::string& text, long long lo, long long hi) {
  std::size_t used = 0;
  long long value = 0;
  try {
    value = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || value < lo || value > hi)
    throw std::invalid_argument(option + ": must be a whole number from " + std::to_string(lo) +
                                " to " + std::to_string(hi) + " (got '" + text + "')");
  return static_cast<int>(value);
}

double number_in(const std::string& option, const std::string& text, double hi) {
  return number_between(option, text, 0.0, hi);
}

double number_between(const std::string& option, const std::string& text, double lo, double hi) {
  std::size_t used = 0;
  double value = lo - 1.0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !(value >= lo && value <= hi)) {
    std::ostringstream message;
    message << option << ": must be a number from " << lo << " to " << hi << " (got '" << text
            << "')";
    throw std::invalid_argument(message.str());
  }
  return value;
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    if (comma > start) out.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

}  // namespace rm::simulation
