// A game clock's rules (absolute, Canadian or Japanese byo-yomi, a fixed time per move): plain
// data with a JSON round trip, and how the rules are told to engines and written in SGF.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace rm::game {

// The longest clock time (main time, period, time per move), in seconds (about 31 years):
// engines are told whole seconds as GTP integers, which they (and GameClock) hold in 32
// bits, and deadlines computed from a clock stay representable.
inline constexpr double kMaxClockSeconds = 1e9;

enum class TimeSystem { Absolute, Canadian, Japanese, PerMove };

struct TimeControl {
  TimeSystem system = TimeSystem::Absolute;
  double main_s = 0;    // main time (absolute, canadian, japanese)
  double period_s = 0;  // byo-yomi period (canadian, japanese); the time per move (per_move)
  int stones = 0;       // canadian: moves to make in each period
  int periods = 0;      // japanese: number of periods
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// "absolute", "canadian", "japanese", "per_move".
const char* time_system_name(TimeSystem s);

// Throws std::invalid_argument naming the field (path.main_time: ...) when malformed.
nlohmann::json to_json(const TimeControl& tc);
TimeControl time_control_from_json(const nlohmann::json& j, const std::string& path);

// Human text, also the SGF OT value: "10 min absolute", "5x30s byo-yomi", "25 moves/300s
// canadian", "5s per move" (main time in TM, not here).
std::string describe_overtime(const TimeControl& tc);
// One line for reports and the SGF root comment: "300s + 5x30s byo-yomi".
std::string describe_time_control(const TimeControl& tc);

// Arguments of GTP `time_settings main byo_yomi_time byo_yomi_stones` (whole seconds, rounded
// down, at least 1 when the real value is positive). Japanese byo-yomi cannot be said in
// time_settings: it is sent as Canadian with one stone per period (the engine sees a single
// period, which is never more time than it has).
std::vector<std::string> time_settings_args(const TimeControl& tc);
// Arguments of `kgs-time_settings`: "absolute M", "canadian M P S", "byoyomi M P N"; a
// fixed time per move is "canadian 0 T 1".
std::vector<std::string> kgs_time_settings_args(const TimeControl& tc);

// Whole seconds for GTP: floor, but at least 1 when positive.
int gtp_seconds(double s);

}  // namespace rm::game
