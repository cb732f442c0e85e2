#include "ringmaster/game/time_control.hpp"

#include <cmath>

#include "ringmaster/game/json_fields.hpp"
#include "ringmaster/game/number_format.hpp"

namespace rm::game {

namespace {

std::string seconds_text(double s) {
  return format_number(s) + "s";
}

}  // namespace

const char* time_system_name(TimeSystem s) {
  switch (s) {
    case TimeSystem::Absolute:
      return "absolute";
    case TimeSystem::Canadian:
      return "canadian";
    case TimeSystem::Japanese:
      return "japanese";
    case TimeSystem::PerMove:
      return "per_move";
  }
  return "absolute";
}

nlohmann::json to_json(const TimeControl& tc) {
  nlohmann::json j{{"system", time_system_name(tc.system)}};
  switch (tc.system) {
    case TimeSystem::Absolute:
      j["main_time"] = tc.main_s;
      break;
    case TimeSystem::Canadian:
      j["main_time"] = tc.main_s;
      j["period_time"] = tc.period_s;
      j["period_moves"] = tc.stones;
      break;
    case TimeSystem::Japanese:
      j["main_time"] = tc.main_s;
      j["period_time"] = tc.period_s;
      j["periods"] = tc.periods;
      break;
    case TimeSystem::PerMove:
      j["move_time"] = tc.period_s;
      break;
  }
  return j;
}

TimeControl time_control_from_json(const nlohmann::json& j, const std::string& path) {
  using namespace json_fields;
  object(j, path);
  TimeControl tc;
  const std::string system = as_string(required(j, path, "system"), join(path, "system"));
  auto non_negative = [&](const char* key) {
    double v = as_double(required(j, path, key), join(path, key));
    if (!(v >= 0) || !(v <= kMaxClockSeconds))
      fail(join(path, key), "must be a non-negative number, at most 1e9");
    return v;
  };
  auto positive = [&](const char* key) {
    double v = as_double(required(j, path, key), join(path, key));
    if (!(v > 0) || !(v <= kMaxClockSeconds))
      fail(join(path, key), "must be a positive number, at most 1e9");
    return v;
  };
  auto positive_int = [&](const char* key) {
    int v = as_int(required(j, path, key), join(path, key));
    if (v <= 0) fail(join(path, key), "must be a positive integer");
    return v;
  };
  if (system == "absolute") {
    only_keys(j, path, {"system", "main_time"});
    tc.system = TimeSystem::Absolute;
    tc.main_s = positive("main_time");
  } else if (system == "canadian") {
    only_keys(j, path, {"system", "main_time", "period_time", "period_moves"});
    tc.system = TimeSystem::Canadian;
    tc.main_s = non_negative("main_time");
    tc.period_s = positive("period_time");
    tc.stones = positive_int("period_moves");
  } else if (system == "japanese") {
    only_keys(j, path, {"system", "main_time", "period_time", "periods"});
    tc.system = TimeSystem::Japanese;
    tc.main_s = non_negative("main_time");
    tc.period_s = positive("period_time");
    tc.periods = positive_int("periods");
  } else if (system == "per_move") {
    only_keys(j, path, {"system", "move_time"});
    tc.system = TimeSystem::PerMove;
    tc.period_s = positive("move_time");
  } else {
    fail(join(path, "system"),
         "expected one of \"absolute\", \"canadian\", \"japanese\", \"per_move\", got \"" + system +
             "\"");
  }
  return tc;
}

std::string describe_overtime(const TimeControl& tc) {
  switch (tc.system) {
    case TimeSystem::Absolute:
      return "none";
    case TimeSystem::Canadian:
      return std::to_string(tc.stones) + " moves/" + seconds_text(tc.period_s) + " canadian";
    case TimeSystem::Japanese:
      return std::to_string(tc.periods) + "x" + seconds_text(tc.period_s) + " byo-yomi";
    case TimeSystem::PerMove:
      return seconds_text(tc.period_s) + " per move";
  }
  return "";
}

std::string describe_time_control(const TimeControl& tc) {
  switch (tc.system) {
    case TimeSystem::Absolute:
      return seconds_text(tc.main_s) + " absolute";
    case TimeSystem::PerMove:
      return describe_overtime(tc);
    default:
      return seconds_text(tc.main_s) + " + " + describe_overtime(tc);
  }
}

int gtp_seconds(double s) {
  if (s <= 0) return 0;
  return std::max(1, static_cast<int>(std::floor(s)));
}

std::vector<std::string> time_settings_args(const TimeControl& tc) {
  auto n = [](double s) { return std::to_string(gtp_seconds(s)); };
  switch (tc.system) {
    case TimeSystem::Absolute:
      return {n(tc.main_s), "0", "0"};
    case TimeSystem::Canadian:
      return {n(tc.main_s), n(tc.period_s), std::to_string(tc.stones)};
    case TimeSystem::Japanese:
      return {n(tc.main_s), n(tc.period_s), "1"};
    case TimeSystem::PerMove:
      return {"0", n(tc.period_s), "1"};
  }
  return {};
}

std::vector<std::string> kgs_time_settings_args(const TimeControl& tc) {
  auto n = [](double s) { return std::to_string(gtp_seconds(s)); };
  switch (tc.system) {
    case TimeSystem::Absolute:
      return {"absolute", n(tc.main_s)};
    case TimeSystem::Canadian:
      return {"canadian", n(tc.main_s), n(tc.period_s), std::to_string(tc.stones)};
    case TimeSystem::Japanese:
      return {"byoyomi", n(tc.main_s), n(tc.period_s), std::to_string(tc.periods)};
    case TimeSystem::PerMove:
      return {"canadian", "0", n(tc.period_s), "1"};
  }
  return {};
}

}  // namespace rm::game
