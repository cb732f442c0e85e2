// The referee's game clocks: telling the engines the time settings, time_left, the genmove
// deadline and losses on time.
#include "ringmaster/game/referee_impl.hpp"

namespace rm::game::detail {

void Referee::tell_time_settings() {
  for (Player& p : players_) {
    if (!p.clock) continue;
    std::vector<std::pair<std::string, std::vector<std::string>>> commands{
        {"time_settings", time_settings_args(p.clock->control())}};
    if (p.controller->known_command("kgs-time_settings"))
      commands.push_back({"kgs-time_settings", kgs_time_settings_args(p.clock->control())});
    for (const auto& [cmd, args] : commands) {
      Reply r = send_in_play(p, cmd, args);
      if (auto* err = std::get_if<GtpError>(&r)) {
        if (err->kind == ErrorKind::Timeout) void_on(*err);
        result_.warnings.push_back(p.spec->code +
                                   " refused the time settings: " + err->without_stderr_tail());
      }
    }
  }
}

Controller::Command Referee::time_left_command(const Player& p) const {
  std::vector<std::string> args{letter(p.colour)};
  for (auto& a : p.clock->time_left_args()) args.push_back(a);
  return {"time_left", args};
}

std::optional<double> Referee::genmove_deadline(Player& p) {
  p.genmove_deadline_is_clock = false;
  if (!p.clock) return std::nullopt;
  const double clock_s = p.clock->allowance_s() + job_.settings.time_margin_s;
  if (clock_s >= p.spec->engine.timeouts.genmove_s) return std::nullopt;
  p.genmove_deadline_is_clock = true;
  return clock_s;
}

std::optional<Outcome> Referee::time_left_rejected(int receiver, const Reply& r) {
  const auto* err = std::get_if<GtpError>(&r);
  if (err == nullptr || err->kind == ErrorKind::FailureResponse) return std::nullopt;
  return forfeit_by(receiver,
                    "timeout after " +
                        python_float(players_[receiver].spec->engine.timeouts.other_s) +
                        "s waiting for response to 'time_left'",
                    "timeout");
}

Outcome Referee::lost_on_time(int loser, double elapsed_s) {
  const Player& p = players_[loser];
  char took[64];
  std::snprintf(took, sizeof took, "move took %.2fs, the clock allowed %.2fs + %.2fs margin",
                elapsed_s, p.clock->allowance_s(), job_.settings.time_margin_s);
  Outcome o = forfeit_by(loser, std::string("out of time: ") + took, "time");
  o.sgf_result = std::string(1, rm::go::sgf_letter(players_[1 - loser].colour)) + "+T";
  return o;
}

}  // namespace rm::game::detail
