#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"

#include <algorithm>
#include <stdexcept>

#include "ringmaster/competitions/game_rng.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/game/atomic_file.hpp"
#include "scales/grid.hpp"

namespace rm::comp {
namespace {

const rm::control::McTunerSettings& mc_settings_of(const rm::control::ControlFile& cf) {
  const auto* settings = std::get_if<rm::control::McTunerSettings>(&cf.competition);
  if (cf.competition_type != "mc_tuner" || settings == nullptr)
    throw std::invalid_argument("not an mc_tuner control file (competition_type '" +
                                cf.competition_type + "')");
  return *settings;
}

McTreeSettings tree_settings_of(const rm::control::McTunerSettings& s) {
  return McTreeSettings{s.splits(),
                        s.initial_visits,
                        s.initial_wins,
                        s.max_depth,
                        s.exploration_coefficient,
                        s.in_flight_visits == rm::control::InFlightVisits::VirtualLoss,
                        s.in_flight_visits == rm::control::InFlightVisits::VirtualVisit};
}

}  // namespace

McTuner::McTuner(const rm::control::ControlFile& cf)
    : cf_(cf),
      settings_(mc_settings_of(cf)),
      seed_(settings_.seed ? *settings_.seed : seed_from_clock()),
      tree_(tree_settings_of(settings_)),
      pool_stats_(settings_.opponent, cf_.game) {
  const auto opponent = cf_.players.find(settings_.opponent);
  if (opponent == cf_.players.end())
    throw std::invalid_argument("opponent: unknown player " + settings_.opponent);
  opponent_ = opponent->second;
  opponent_.code = settings_.opponent;
  validation_.emplace(settings_.validation, cf_, settings_.candidate, settings_.parameters,
                      opponent_, settings_.candidate_colour, seed_);
}

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

void McTuner::write_candidate_files(const std::vector<int>& path) const {
  const std::string dir = candidate_dir(path);
  if (candidate_dirs_written_.count(dir) != 0) return;
  const auto values = rm::scales::engine_values(path, settings_.parameters);
  // Each file is written to a temporary name and renamed, so an engine (of this or another
  // game) never reads a half-written file; the content for a candidate never changes.
  for (const auto& file : settings_.candidate.files_to_write(values, dir)) {
    const std::string error = rm::game::write_file_atomically(file.path, file.text);
    if (!error.empty()) throw std::runtime_error("cannot write candidate file: " + error);
  }
  candidate_dirs_written_.insert(dir);
}

rm::game::PlayerSpec McTuner::make_candidate(const std::vector<int>& path,
                                             const std::string& player_code) const {
  const auto values = rm::scales::engine_values(path, settings_.parameters);
  rm::game::PlayerSpec spec =
      settings_.candidate.render_spec(values, player_code, candidate_dir(path));
  write_candidate_files(path);
  return spec;
}

std::optional<JobRequest> McTuner::next_job() {
  if (auto validation_job = validation_->next_job(numbers_.fixed(), tuning_finished(),
                                                  [this] { return *recommended_values(); }))
    return validation_job;
  const std::optional<int> number = numbers_.issue(settings_.number_of_games);
  if (!number) return std::nullopt;
  GameRng rng(seed_, static_cast<std::uint64_t>(*number));
  const std::vector<int> path = tree_.choose_path(rng);
  bool candidate_is_black = settings_.candidate_colour == rm::control::CandidateColour::Black;
  if (settings_.candidate_colour == rm::control::CandidateColour::Random)
    candidate_is_black = rng.below(2) == 0;
  if (openings_.pairs())
    candidate_is_black = openings_.candidate_is_black(settings_.candidate_colour, seed_,
                                                      static_cast<std::uint64_t>(*number));

  JobRequest request;
  rm::game::GameJob& job = request.job;
  job.game_id = std::to_string(*number);
  job.competition_code = cf_.code;
  job.sgf_event = cf_.code;
  job.sgf_note = "Candidate parameters: " + format_parameters(path);
  rm::game::PlayerSpec candidate = make_candidate(path, "#" + job.game_id);
  job.black = candidate_is_black ? candidate : opponent_;
  job.white = candidate_is_black ? opponent_ : candidate;
  job.settings = cf_.game;
  openings_.apply(job, static_cast<std::uint64_t>(*number));
  if (cf_.common.record_games) job.sgf_dir = cf_.directory + "/" + cf_.code + ".games";
  job.void_sgf_dir = cf_.directory + "/" + cf_.code + ".void";
  request.description = "game " + job.game_id + ": " + describe_path(path);
  outstanding_[*number] = Outstanding{path};
  tree_.add_in_flight(path);
  return request;
}

int McTuner::game_number_of(const rm::game::GameResult& r) const {
  const std::optional<int> number = parse_game_number(r.game_id);
  if (!number || outstanding_.count(*number) == 0)
    throw std::logic_error("mc_tuner: result for game '" + r.game_id +
                           "', which is not in progress");
  return *number;
}

std::optional<std::vector<int>> McTuner::outstanding_path(int game_number) const {
  const auto found = outstanding_.find(game_number);
  if (found == outstanding_.end()) return std::nullopt;
  return found->second.path;
}

ResultLines McTuner::on_result(const rm::game::GameResult& r) {
  if (Validation::is_validation_id(r.game_id)) return validation_->on_result(r);
  if (r.is_void) throw std::logic_error("mc_tuner: on_result called with a void game " + r.game_id);
  const int number = game_number_of(r);
  const std::vector<int> path = outstanding_.at(number).path;
  // gomill counts anything but the opponent losing (jigo, unknown result, move limit) as a
  // loss for the candidate.
  const bool candidate_won = !settings_.opponent.empty() && r.losing_code() == settings_.opponent;
  note_opponent_description(opponent_description_, r, settings_.opponent);

  void_halt_rule_.on_result();
  numbers_.fix(number);
  outstanding_.erase(number);
  tree_.remove_in_flight(path);
  tree_.update(path, candidate_won);
  pool_stats_.add(r);
  last_event_was_result_ = true;

  ResultLines lines;
  lines.history_line = describe_path(path) + (candidate_won ? " won" : " lost");
  lines.screen_line = "game " + r.game_id + ": " + lines.history_line + " " + r.sgf_result;
  return lines;
}

bool McTuner::on_void(const rm::game::GameResult& r) {
  if (Validation::is_validation_id(r.game_id)) return validation_->on_void(r);
  const int number = game_number_of(r);
  // The simulation is dropped and the game number skipped (never replayed).
  tree_.remove_in_flight(outstanding_.at(number).path);
  outstanding_.erase(number);
  numbers_.fix(number);
  last_event_was_result_ = false;
  // gomill: halt if the first game to finish in this run is void, or two in a row are.
  return void_halt_rule_.on_void();
}

bool McTuner::tuning_finished() const {
  return settings_.number_of_games && numbers_.fixed() >= *settings_.number_of_games;
}

bool McTuner::finished() const {
  return tuning_finished() && validation_->finished(numbers_.fixed(), true);
}

std::optional<int> McTuner::games_remaining() const {
  if (!settings_.number_of_games) return std::nullopt;
  const int tuning = std::max(0, *settings_.number_of_games - numbers_.fixed());
  return tuning + validation_->games_remaining(numbers_.fixed(), tuning);
}

std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> McTuner::players_to_check()
    const {
  return {{make_candidate({0}, "candidate"), cf_.game}, {opponent_, cf_.game}};
}

std::optional<std::vector<rm::scales::Value>> McTuner::recommended_values() const {
  return rm::scales::engine_values(tree_.best_path(), settings_.parameters);
}

}  // namespace rm::comp
