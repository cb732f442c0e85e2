#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"

#include <algorithm>
#include <stdexcept>

#include "ringmaster/competitions/game_rng.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/game/atomic_file.hpp"
#include "scales/grid.hpp"

namespace rm::comp {
namespace {

const McTunerSettings& mc_settings_of(const rm::control::ControlFile& cf) {
  const auto* settings = cf.settings_if<McTunerSettings>();
  if (cf.competition_type != "mc_tuner" || settings == nullptr)
    throw std::invalid_argument("not an mc_tuner control file (competition_type '" +
                                cf.competition_type + "')");
  return *settings;
}

McTreeSettings tree_settings_of(const McTunerSettings& s) {
  return McTreeSettings{s.splits(),
                        s.initial_visits,
                        s.initial_wins,
                        s.max_depth,
                        s.exploration_coefficient,
                        s.in_flight_visits == InFlightVisits::VirtualLoss,
                        s.in_flight_visits == InFlightVisits::VirtualVisit};
}

}  // namespace

McTuner::McTuner(const rm::control::ControlFile& cf)
    : NumberedTuner(cf, mc_settings_of(cf), mc_settings_of(cf).parameters,
                    mc_settings_of(cf).number_of_games, kStateFormat),
      settings_(mc_settings_of(cf)),
      tree_(tree_settings_of(settings_)) {}

std::string McTuner::format_parameters(const std::vector<int>& path) const {
  return rm::scales::format_engine_parameters(
      settings_.parameters, rm::scales::engine_values(path, settings_.parameters));
}

std::string McTuner::describe_path(const std::vector<int>& path) const {
  return format_parameters(path) + " [" + rm::scales::format_path(path, settings_.splits()) + "]";
}

std::string McTuner::candidate_dir(const std::vector<int>& path) const {
  std::string name;
  for (int choice : path)
    for (int coordinate : rm::scales::child_coordinates(choice, settings_.splits()))
      name += (name.empty() ? "" : "_") + std::to_string(coordinate);
  return cf_.directory + "/" + cf_.code + ".candidates/" + name;
}

rm::game::PlayerSpec McTuner::candidate_for(const std::vector<int>& path,
                                            const std::string& code) const {
  return render_candidate(values_of(path), code, candidate_dir(path));
}

std::vector<int> McTuner::choose_point(GameRng& rng) {
  return tree_.choose_path(rng);
}

std::optional<std::vector<int>> McTuner::outstanding_path(int game_number) const {
  const auto found = outstanding_.find(game_number);
  if (found == outstanding_.end()) return std::nullopt;
  return found->second;
}

std::string McTuner::on_point_result(const std::vector<int>& path, const rm::game::GameResult& r) {
  // gomill counts anything but the opponent losing (jigo, unknown result, move limit) as a
  // loss for the candidate.
  const bool candidate_won = !settings_.opponent.empty() && r.losing_code() == settings_.opponent;
  tree_.remove_in_flight(path);
  tree_.update(path, candidate_won);
  last_event_was_result_ = true;
  return describe_path(path) + (candidate_won ? " won" : " lost");
}

void McTuner::on_point_dropped(const std::vector<int>& path) {
  // The simulation is dropped and the game number skipped (never replayed).
  tree_.remove_in_flight(path);
  last_event_was_result_ = false;
}

rm::game::PlayerSpec McTuner::check_candidate() const {
  return candidate_for({0}, "candidate");
}

std::vector<rm::scales::Value> McTuner::recommendation() const {
  return rm::scales::engine_values(tree_.best_path(), settings_.parameters);
}

}  // namespace rm::comp
