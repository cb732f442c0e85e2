#include "ringmaster/simulation/spsa_variant.hpp"

#include <cmath>
#include <stdexcept>

#include "ringmaster/simulation/option_values.hpp"

namespace rm::simulation {
SpsaVariant parse_spsa_variant(const std::string& text) {
  SpsaVariant v;
  v.name = text;
  std::size_t at = text.find(':');
  const std::string base = text.substr(0, at);
  if (base == "avg") {
    v.average_from = 0.5;
  } else if (base == "budget") {
    v.average_from = 0.5;
    v.c_from_budget = true;
    v.early_r = 2.0;
    v.early_until = 0.25;
  } else if (base != "plain") {
    throw std::invalid_argument("unknown SPSA variant '" + base + "' (plain, avg, budget)");
  }
  while (at != std::string::npos) {
    const std::size_t next = text.find(':', at + 1);
    const std::string item = text.substr(at + 1, next == std::string::npos ? next : next - at - 1);
    const std::size_t equals = item.find('=');
    const std::string key = item.substr(0, equals);
    const std::string value = equals == std::string::npos ? "" : item.substr(equals + 1);
    if (key == "r")
      v.r_factor = number_between(key, value, 1e-3, 1e3);
    else if (key == "c" && value == "budget")
      v.c_from_budget = true;
    else if (key == "c")
      v.c_factor = number_between(key, value, 1e-3, 1e3);
    else if (key == "early")
      v.early_r = number_between(key, value, 1e-3, 1e3);
    else if (key == "until")
      v.early_until = number_between(key, value, 0.0, 1.0);
    else if (key == "cmax")
      v.c_max = number_between(key, value, 1.0, 1e3);
    else if (key == "from" && base != "plain")
      v.average_from = number_between(key, value, 0.0, 1.0);
    else
      throw std::invalid_argument(text + ": unknown key '" + key + "' (r, c, cmax, early, until" +
                                  (base != "plain" ? ", from)" : ")"));
    at = next;
  }
  return v;
}

rm::comp::spsa::SearchSettings variant_settings(const SpsaVariant& variant,
                                                const rm::comp::spsa::Design& design,
                                                const std::vector<double>& start,
                                                std::uint64_t seed, long budget) {
  rm::comp::spsa::SearchSettings s;
  if (variant.c_from_budget)
    s.c = rm::comp::spsa::c_for_budget(design, budget, variant.c_max);
  else
    for (double c : design.c) s.c.push_back(c * variant.c_factor);
  for (double c : s.c)
    if (!(c < 1.0)) throw std::invalid_argument(variant.name + ": c must stay below 1");
  s.r = design.r * variant.r_factor;
  s.start = start;
  s.seed = seed;
  s.early_r_factor = variant.early_r;
  s.early_r_games = std::lround(variant.early_until * static_cast<double>(budget));
  if (variant.average_from >= 0.0)
    s.average_from_games = std::lround(variant.average_from * static_cast<double>(budget));
  return s;
}

}  // namespace rm::simulation
