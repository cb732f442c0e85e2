#include "ringmaster/competitions/tuner_shell.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <utility>

#include "ringmaster/competitions/game_rng.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/control/candidate_template.hpp"
#include "ringmaster/control/config_error.hpp"

namespace rm::comp {

TunerShell::TunerShell(const rm::control::ControlFile& cf, const rm::control::TunerSettings& tuner,
                       std::vector<rm::scales::Parameter> parameters, int state_format)
    : cf_(cf),
      tuner_(tuner),
      parameters_(std::move(parameters)),
      seed_(tuner_.seed ? *tuner_.seed : seed_from_clock()),
      state_format_(state_format),
      renderer_(
          std::make_shared<const CandidateRenderer>(tuner_.candidate, cf_.directory, cf_.code)),
      pool_stats_(tuner_.opponent, cf_.game) {
  if (has_opponent()) {
    const auto opponent = cf_.players.find(tuner_.opponent);
    if (opponent == cf_.players.end())
      throw std::invalid_argument("opponent: unknown player " + tuner_.opponent);
    opponent_ = opponent->second;
    opponent_.code = tuner_.opponent;
  }
  validation_.emplace(tuner_.validation, cf_, renderer_, parameters_, opponent_,
                      tuner_.candidate_colour, seed_);
}

std::optional<JobRequest> TunerShell::next_job() {
  const TuningProgress progress = tuning_progress();
  if (auto validation_job = validation_->next_job(progress.done, progress.finished,
                                                  [this] { return recommendation(); }))
    return validation_job;
  rendered_dirs_.clear();
  std::optional<JobRequest> job = next_tuning_job();
  if (job) hold_candidate_dirs(job->job.game_id);
  return job;
}

void TunerShell::hold_candidate_dirs(const std::string& game_id) {
  std::vector<std::string> dirs;
  for (const std::string& dir : rendered_dirs_)
    if (std::find(dirs.begin(), dirs.end(), dir) == dirs.end()) {
      dirs.push_back(dir);
      ++games_in_dir_[dir];
    }
  rendered_dirs_.clear();
  // The same game issued again is counted once; its new directories are counted first, so
  // that letting go of the earlier issue never removes the files just written.
  release_candidate_dirs(game_id);
  if (!dirs.empty()) dirs_of_game_[game_id] = std::move(dirs);
}

void TunerShell::release_candidate_dirs(const std::string& game_id) {
  const auto game = dirs_of_game_.find(game_id);
  if (game == dirs_of_game_.end()) return;
  for (const std::string& dir : game->second) {
    const auto in_dir = games_in_dir_.find(dir);
    if (in_dir == games_in_dir_.end() || --in_dir->second > 0) continue;
    games_in_dir_.erase(in_dir);
    renderer_->discard(dir);
  }
  dirs_of_game_.erase(game);
}

ResultLines TunerShell::on_result(const rm::game::GameResult& r) {
  if (Validation::is_validation_id(r.game_id)) return validation_->on_result(r);
  if (r.is_void)
    throw std::logic_error(cf_.competition_type + ": on_result called with a void game " +
                           r.game_id);
  ResultLines lines = on_tuning_result(r);
  release_candidate_dirs(r.game_id);
  if (!has_opponent()) return lines;
  note_opponent_description(opponent_description_, r, tuner_.opponent);
  pool_stats_.add(r);
  return lines;
}

bool TunerShell::on_void(const rm::game::GameResult& r) {
  if (Validation::is_validation_id(r.game_id)) return validation_->on_void(r);
  const bool carry_on = on_tuning_void(r);
  release_candidate_dirs(r.game_id);
  return carry_on;
}

bool TunerShell::finished() const {
  const TuningProgress progress = tuning_progress();
  return progress.finished && validation_->finished(progress.done, true);
}

std::optional<int> TunerShell::games_remaining() const {
  const TuningProgress progress = tuning_progress();
  if (!progress.remaining) return std::nullopt;
  return static_cast<int>(
      std::min<long long>(static_cast<long long>(*progress.remaining) +
                              validation_->games_remaining(progress.done, *progress.remaining),
                          INT_MAX));
}

std::optional<Competition::ValidationGames> TunerShell::validation_games() const {
  const TuningProgress progress = tuning_progress();
  const long played = validation_->games_played();
  const long remaining = validation_->games_remaining(progress.done, progress.remaining);
  if (played + remaining == 0) return std::nullopt;
  return ValidationGames{played, remaining};
}

void TunerShell::restore_games(const std::vector<rm::game::GameResult>& games) {
  pool_stats_.clear();
  if (!has_opponent()) return;
  for (const auto& r : games)
    if (!Validation::is_validation_id(r.game_id)) pool_stats_.add(r);
}

std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> TunerShell::players_to_check()
    const {
  if (!has_opponent()) return {{check_candidate(), cf_.game}};
  return {{check_candidate(), cf_.game}, {opponent_, cf_.game}};
}

rm::game::PlayerSpec TunerShell::check_candidate() const {
  // A tuner without a start (a new one that left the hook out) checks what it would recommend
  // before any game, so forgetting the hook never stops `check`.
  const auto start = start_values();
  return candidate_named(start ? *start : recommendation(), "candidate");
}

rm::game::PlayerSpec TunerShell::candidate_named(const std::vector<rm::scales::Value>& values,
                                                 const std::string& code) const {
  const std::string dir = tuner_.candidate.needs_files_dir()
                              ? rm::control::candidate_files_dir(cf_.directory, cf_.code, code)
                              : std::string();
  return render_candidate(values, code, dir);
}

rm::game::PlayerSpec TunerShell::kept_candidate(const std::vector<rm::scales::Value>& values,
                                                const std::string& name, std::string& error) const {
  try {
    return renderer_->render(values, name);
  } catch (const rm::control::ConfigError& e) {
    error = e.what();
    return tuner_.candidate.render_spec(values, name, renderer_->files_dir(name));
  }
}

bool TunerShell::candidate_is_black(std::uint64_t opening_number,
                                    const std::function<bool()>& draw_black) const {
  const auto colour = tuner_.candidate_colour;
  bool black = colour == rm::control::CandidateColour::Black;
  if (colour == rm::control::CandidateColour::Random) black = draw_black();
  if (openings_.pairs()) black = openings_.candidate_is_black(colour, seed_, opening_number);
  return black;
}

JobRequest TunerShell::make_job(const std::string& game_id, std::uint64_t opening_number,
                                const rm::game::PlayerSpec& candidate,
                                const std::vector<rm::scales::Value>& values,
                                bool candidate_is_black, const std::string& parameters,
                                std::string description) const {
  JobRequest request =
      job_between(game_id, opening_number, candidate_is_black ? candidate : opponent_,
                  candidate_is_black ? opponent_ : candidate, "Candidate parameters: " + parameters,
                  std::move(description));
  request.job.candidate = candidate_record(candidate.code, parameters, values);
  return request;
}

JobRequest TunerShell::make_pair_job(const std::string& game_id, std::uint64_t opening_number,
                                     const rm::game::PlayerSpec& candidate,
                                     rm::game::CandidateRecord candidate_record,
                                     const rm::game::PlayerSpec& other,
                                     rm::game::CandidateRecord other_record,
                                     bool candidate_is_black, std::string description) const {
  const std::string note = "Candidate parameters: " + candidate.code + ": " +
                           candidate_record.parameters + "; " + other.code + ": " +
                           other_record.parameters;
  JobRequest request =
      job_between(game_id, opening_number, candidate_is_black ? candidate : other,
                  candidate_is_black ? other : candidate, note, std::move(description));
  request.job.candidate = std::move(candidate_record);
  request.job.opponent_candidate = std::move(other_record);
  return request;
}

JobRequest TunerShell::job_between(const std::string& game_id, std::uint64_t opening_number,
                                   const rm::game::PlayerSpec& black,
                                   const rm::game::PlayerSpec& white, const std::string& sgf_note,
                                   std::string description) const {
  JobRequest request;
  rm::game::GameJob& job = request.job;
  job.game_id = game_id;
  job.competition_code = cf_.code;
  job.sgf_event = cf_.code;
  job.sgf_note = sgf_note;
  job.black = black;
  job.white = white;
  job.settings = cf_.game;
  openings_.apply(job, opening_number);
  if (cf_.common.record_games) job.sgf_dir = cf_.directory + "/" + cf_.code + ".games";
  job.void_sgf_dir = cf_.directory + "/" + cf_.code + ".void";
  request.description = std::move(description);
  return request;
}

nlohmann::json TunerShell::state() const {
  nlohmann::json state = tuner_state();
  state["format"] = state_format_;
  state["definition"] = definition();
  state["opponent_description"] = opponent_description_;
  if (!validation_->rounds().empty()) state["validation"] = validation_->state();
  return state;
}

void TunerShell::restore(const nlohmann::json& state) {
  const nlohmann::json* format =
      state.is_object() && state.contains("format") ? &state["format"] : nullptr;
  if (format == nullptr || !format->is_number_integer() || format->get<int>() < 1 ||
      format->get<int>() > state_format_)
    throw IncompatibleState("error loading competition state: unknown " + cf_.competition_type +
                            " state format");
  // The definition is kept in the state as well, so `show` and `report` check it too.
  if (state.contains("definition")) check_stored_definition(state["definition"]);
  std::string opponent_description;
  std::optional<Validation> validation = *validation_;
  StateCommit commit;
  try {
    opponent_description = state.at("opponent_description").get<std::string>();
    validation->restore(state.contains("validation")
                            ? state["validation"]
                            : nlohmann::json{{"rounds", nlohmann::json::array()}});
    commit = read_tuner_state(state, format->get<int>(), archive_);
  } catch (const IncompatibleState&) {
    throw;
  } catch (const std::exception& e) {
    throw IncompatibleState(std::string("error loading competition state: ") + e.what());
  }
  commit();
  opponent_description_ = std::move(opponent_description);
  validation_ = std::move(validation);
  archive_.clear();  // in the tuner's state now
}

nlohmann::json TunerShell::json_report() const {
  nlohmann::json report = tuner_json_report();
  validation_->add_to_json_report(report);
  return report;
}

std::string TunerShell::with_validation(std::string report) const {
  const std::string validation = validation_->report();
  return validation.empty() ? report : report + "\n" + validation;
}

std::string TunerShell::games_played_text(long tuning_played, const std::string& detail) const {
  const TuningProgress progress = tuning_progress();
  const std::optional<int>& tuning_remaining = progress.remaining;
  const long validation_played = validation_->games_played();
  const long validation_remaining = validation_->games_remaining(progress.done, tuning_remaining);
  const auto of = [&tuning_remaining](long played, long remaining) {
    return std::to_string(played) +
           (tuning_remaining ? "/" + std::to_string(played + remaining) : std::string());
  };
  const long tuning_left = tuning_remaining.value_or(0);
  if (validation_played + validation_remaining == 0)
    return of(tuning_played, tuning_left) + " games played" +
           (detail.empty() ? "" : " (" + detail + ")");
  return of(tuning_played + validation_played, tuning_left + validation_remaining) +
         " games played (tuning " + of(tuning_played, tuning_left) +
         (detail.empty() ? "" : ": " + detail) + "; validation " +
         of(validation_played, validation_remaining) + ")";
}

bool TunerShell::has_validation_games() const {
  return validation_games().has_value();
}

std::string TunerShell::opponent_line() const {
  if (opponent_description_.empty()) return "opponent: " + tuner_.opponent + "\n\n";
  return "opponent (" + tuner_.opponent + "): " + opponent_description_ + "\n\n";
}

}  // namespace rm::comp
