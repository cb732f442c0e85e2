// SKELETON: being written.
#include "ringmaster/competitions/playoff.hpp"

namespace rm::comp {

Playoff::Playoff(const rm::control::ControlFile& cf) : cf_(cf) {
  throw std::invalid_argument("competition type 'playoff' is not supported yet");
}
std::optional<JobRequest> Playoff::next_job() { return std::nullopt; }
ResultLines Playoff::on_result(const rm::game::GameResult&) { return {}; }
bool Playoff::on_void(const rm::game::GameResult&) { return false; }
bool Playoff::finished() const { return true; }
std::optional<int> Playoff::games_remaining() const { return 0; }
nlohmann::json Playoff::state() const { return {}; }
void Playoff::restore(const nlohmann::json&) {}
nlohmann::json Playoff::definition() const { return {}; }
std::string Playoff::full_report() const { return ""; }
std::string Playoff::short_report() const { return ""; }
std::string Playoff::screen_report(const std::vector<std::string>&) const { return ""; }
std::vector<std::string> Playoff::periodic_history_lines() const { return {}; }
nlohmann::json Playoff::json_report() const { return {}; }
std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> Playoff::players_to_check() const { return {}; }

}  // namespace rm::comp
