#include "engine/refbot/params.hpp"

#include <charconv>
#include <cmath>
#include <sstream>

namespace rm::refbot {

namespace {

std::optional<double> parse_double(std::string_view text) {
  // std::from_chars for double is available in g++ 12; it rejects "nan"/"inf" spellings? No,
  // it accepts them, so finite values are checked explicitly.
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

template <typename Int>
std::optional<Int> parse_int(std::string_view text) {
  Int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// A playout weight is positive (0 would forbid moves outright) and bounded.
constexpr double kMinWeight = 0.001;
constexpr double kMaxWeight = 1000;

std::string format_double(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

}  // namespace

const std::vector<std::string>& Params::names() {
  static const std::vector<std::string> all{
      "search",     "playouts",   "time_per_move",    "uct_c",      "expand_threshold",
      "fpu",        "rave_equiv", "resign_threshold", "seed",       "pass_when_won",
      "pw_capture", "pw_save",    "pw_near_last",     "pw_contact", "pw_line1",
      "pw_line2"};
  return all;
}

std::optional<std::string> Params::set(std::string_view name, std::string_view value) {
  auto bad = [&](std::string_view what) {
    return std::optional<std::string>("invalid value for " + std::string(name) + ": '" +
                                      std::string(value) + "' (" + std::string(what) + ")");
  };
  if (name == "search") {
    if (value == "flat")
      search = SearchMode::Flat;
    else if (value == "uct")
      search = SearchMode::Uct;
    else if (value == "random")
      search = SearchMode::Random;
    else
      return bad("flat, uct or random");
    return std::nullopt;
  }
  if (name == "playouts" || name == "expand_threshold") {
    auto v = parse_int<int>(value);
    if (!v || *v < 1 || *v > 100'000'000) return bad("an integer from 1 to 100000000");
    (name == "playouts" ? playouts : expand_threshold) = *v;
    return std::nullopt;
  }
  if (name == "seed") {
    auto v = parse_int<std::uint64_t>(value);
    if (!v) return bad("a non-negative integer");
    seed = *v;
    return std::nullopt;
  }
  if (name == "pass_when_won") {
    if (value == "1" || value == "true")
      pass_when_won = true;
    else if (value == "0" || value == "false")
      pass_when_won = false;
    else
      return bad("0 or 1");
    return std::nullopt;
  }
  struct Real {
    const char* name;
    double* field;
    double lo;
    double hi;
  };
  const Real reals[] = {{"time_per_move", &time_per_move, 0, 3600},
                        {"uct_c", &uct_c, 0, 100},
                        {"fpu", &fpu, 0, 100},
                        {"rave_equiv", &rave_equiv, 0, 1e9},
                        {"resign_threshold", &resign_threshold, 0, 1},
                        {"pw_capture", &weights.capture, kMinWeight, kMaxWeight},
                        {"pw_save", &weights.save, kMinWeight, kMaxWeight},
                        {"pw_near_last", &weights.near_last, kMinWeight, kMaxWeight},
                        {"pw_contact", &weights.contact, kMinWeight, kMaxWeight},
                        {"pw_line1", &weights.line1, kMinWeight, kMaxWeight},
                        {"pw_line2", &weights.line2, kMinWeight, kMaxWeight}};
  for (const Real& r : reals) {
    if (name != r.name) continue;
    auto v = parse_double(value);
    if (!v || *v < r.lo || *v > r.hi)
      return bad("a number from " + format_double(r.lo) + " to " + format_double(r.hi));
    *r.field = *v;
    return std::nullopt;
  }
  return "unknown parameter: " + std::string(name);
}

std::optional<std::string> Params::get(std::string_view name) const {
  if (name == "search")
    return std::string(search == SearchMode::Flat  ? "flat"
                       : search == SearchMode::Uct ? "uct"
                                                   : "random");
  if (name == "playouts") return std::to_string(playouts);
  if (name == "time_per_move") return format_double(time_per_move);
  if (name == "uct_c") return format_double(uct_c);
  if (name == "expand_threshold") return std::to_string(expand_threshold);
  if (name == "fpu") return format_double(fpu);
  if (name == "rave_equiv") return format_double(rave_equiv);
  if (name == "resign_threshold") return format_double(resign_threshold);
  if (name == "seed") return std::to_string(seed);
  if (name == "pass_when_won") return std::string(pass_when_won ? "1" : "0");
  if (name == "pw_capture") return format_double(weights.capture);
  if (name == "pw_save") return format_double(weights.save);
  if (name == "pw_near_last") return format_double(weights.near_last);
  if (name == "pw_contact") return format_double(weights.contact);
  if (name == "pw_line1") return format_double(weights.line1);
  if (name == "pw_line2") return format_double(weights.line2);
  return std::nullopt;
}

}  // namespace rm::refbot
