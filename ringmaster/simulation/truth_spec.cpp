#include "ringmaster/simulation/truth_spec.hpp"

#include <charconv>
#include <stdexcept>

#include "ringmaster/simulation/option_values.hpp"

namespace rm::simulation {
namespace {

std::optional<double> full_number(const std::string& text) {
  double v = 0.0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || ptr != end) return std::nullopt;
  return v;
}

// A number as a JSON number (what the scales compare), anything else as a string (EXPLICIT).
nlohmann::json engine_value(const std::string& text) {
  if (auto v = full_number(text)) return *v;
  return text;
}

[[noreturn]] void fail(const std::string& item, const std::string& why) {
  throw std::invalid_argument("--truth: '" + item + "': " + why);
}

}  // namespace

Truth parse_truth(const std::string& text, const std::vector<ParameterAxis>& axes) {
  Truth result;
  auto& truth = result.axes;
  truth.resize(axes.size());
  std::vector<bool> seen(axes.size(), false);
  bool opponent_seen = false;
  for (const auto& item : split_commas(text)) {
    const auto equals = item.find('=');
    if (equals == std::string::npos) fail(item, "not CODE=OPTIMUM:ELO");
    const std::string code = item.substr(0, equals);
    const std::string rest = item.substr(equals + 1);
    std::size_t k = 0;
    while (k < axes.size() && axes[k].code != code) ++k;
    if (code == "opponent" && k == axes.size()) {
      const auto e = full_number(rest);
      if (!e || !(*e >= -1000.0 && *e <= 1000.0))
        fail(item, "the opponent's Elo '" + rest + "' is not a number from -1000 to 1000");
      if (opponent_seen) fail(item, "the opponent given twice");
      opponent_seen = true;
      result.opponent_elo = *e;
      continue;
    }
    const auto colon = rest.find(':');
    const std::string optimum = rest.substr(0, colon);
    const std::string elo = colon == std::string::npos ? "" : rest.substr(colon + 1);
    if (optimum.empty() && elo.empty()) fail(item, "gives neither an optimum nor an Elo");
    if (k == axes.size()) {
      std::string known;
      for (const auto& a : axes) known += (known.empty() ? "" : ", ") + a.code;
      fail(item, "no parameter '" + code + "' (parameters: " + known + ")");
    }
    if (seen[k]) fail(item, "parameter '" + code + "' given twice");
    seen[k] = true;
    if (!optimum.empty()) {
      const nlohmann::json value = engine_value(optimum);
      bool inside = false;
      try {
        inside = axes[k].in_range(value);
      } catch (const std::invalid_argument& e) {
        fail(item, e.what());
      }
      if (!inside)
        fail(item, "optimum " + optimum + " is outside the range " + axes[k].range_text());
      truth[k].optimum = axes[k].position(value);
    }
    if (!elo.empty()) {
      const auto e = full_number(elo);
      if (!e || !(*e >= 0.0 && *e <= 1000.0))
        fail(item, "Elo '" + elo + "' is not a number from 0 to 1000");
      truth[k].elo = *e;
    }
  }
  return result;
}

}  // namespace rm::simulation
