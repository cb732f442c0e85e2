// SKELETON: being written.
#include "ringmaster/competitions/allplayall.hpp"

namespace rm::comp {

AllPlayAll::AllPlayAll(const rm::control::ControlFile& cf) : cf_(cf) {
  throw std::invalid_argument("competition type 'allplayall' is not supported yet");
}
std::optional<JobRequest> AllPlayAll::next_job() { return std::nullopt; }
ResultLines AllPlayAll::on_result(const rm::game::GameResult&) { return {}; }
bool AllPlayAll::on_void(const rm::game::GameResult&) { return false; }
bool AllPlayAll::finished() const { return true; }
std::optional<int> AllPlayAll::games_remaining() const { return 0; }
nlohmann::json AllPlayAll::state() const { return {}; }
void AllPlayAll::restore(const nlohmann::json&) {}
nlohmann::json AllPlayAll::definition() const { return {}; }
std::string AllPlayAll::full_report() const { return ""; }
std::string AllPlayAll::short_report() const { return ""; }
std::string AllPlayAll::screen_report(const std::vector<std::string>&) const { return ""; }
std::vector<std::string> AllPlayAll::periodic_history_lines() const { return {}; }
nlohmann::json AllPlayAll::json_report() const { return {}; }
std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> AllPlayAll::players_to_check() const { return {}; }

}  // namespace rm::comp
