// Reading time controls.
#include "ringmaster/control/time_control_settings.hpp"

#include <algorithm>
#include <cmath>

namespace rm::control::detail {

namespace {

double seconds(const Reader& r, const Mapping& m, const std::string& key, bool zero_allowed) {
  Field f = m.require(key);
  double v = read_number(r, f);
  if (!std::isfinite(v) || v < 0 || (!zero_allowed && v == 0) || v > rm::game::kMaxClockSeconds)
    r.fail(f, std::string(zero_allowed ? "must be a number of seconds, 0 or more"
                                       : "must be a positive number of seconds") +
                  ", at most 1e9 (got " + f.node.Scalar() + ")");
  return v;
}

}  // namespace

rm::game::TimeControl read_time_control(const Reader& r, const Field& f) {
  using rm::game::TimeSystem;
  Mapping all(r, f, {"system", "main_time", "period_time", "period_moves", "periods", "move_time"});
  const std::string system =
      read_enum(r, all.require("system"), {"absolute", "canadian", "japanese", "per_move"});
  const std::vector<std::string> keys =
      system == "absolute" ? std::vector<std::string>{"system", "main_time"}
      : system == "canadian"
          ? std::vector<std::string>{"system", "main_time", "period_time", "period_moves"}
      : system == "japanese"
          ? std::vector<std::string>{"system", "main_time", "period_time", "periods"}
          : std::vector<std::string>{"system", "move_time"};
  for (const auto& [key, field] : all.entries()) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end())
      r.fail(
          field, "not used by the " + system + " system (it uses " + [&] {
            std::string s;
            for (std::size_t i = 1; i < keys.size(); ++i) s += (i > 1 ? ", " : "") + keys[i];
            return s;
          }() + ")");
  }
  rm::game::TimeControl tc;
  if (system == "absolute") {
    tc.system = TimeSystem::Absolute;
    tc.main_s = seconds(r, all, "main_time", false);
  } else if (system == "canadian") {
    tc.system = TimeSystem::Canadian;
    tc.main_s = seconds(r, all, "main_time", true);
    tc.period_s = seconds(r, all, "period_time", false);
    tc.stones = read_positive_int(r, all.require("period_moves"));
  } else if (system == "japanese") {
    tc.system = TimeSystem::Japanese;
    tc.main_s = seconds(r, all, "main_time", true);
    tc.period_s = seconds(r, all, "period_time", false);
    tc.periods = read_positive_int(r, all.require("periods"));
  } else {
    tc.system = TimeSystem::PerMove;
    tc.period_s = seconds(r, all, "move_time", false);
  }
  return tc;
}

}  // namespace rm::control::detail
