// SKELETON: being written.
#include "ringmaster/competitions/ce_tuner.hpp"

namespace rm::comp {

CeTuner::CeTuner(const rm::control::ControlFile& cf) : cf_(cf) {
  throw std::invalid_argument("competition type 'ce_tuner' is not supported yet");
}
std::optional<JobRequest> CeTuner::next_job() { return std::nullopt; }
ResultLines CeTuner::on_result(const rm::game::GameResult&) { return {}; }
bool CeTuner::on_void(const rm::game::GameResult&) { return false; }
bool CeTuner::finished() const { return true; }
std::optional<int> CeTuner::games_remaining() const { return 0; }
nlohmann::json CeTuner::state() const { return {}; }
void CeTuner::restore(const nlohmann::json&) {}
nlohmann::json CeTuner::definition() const { return {}; }
std::string CeTuner::full_report() const { return ""; }
std::string CeTuner::short_report() const { return ""; }
std::string CeTuner::screen_report(const std::vector<std::string>&) const { return ""; }
std::vector<std::string> CeTuner::periodic_history_lines() const { return {}; }
nlohmann::json CeTuner::json_report() const { return {}; }
std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> CeTuner::players_to_check() const { return {}; }

}  // namespace rm::comp
