// ModelTuner: scheduling, candidates, results and void games.
#include "ringmaster/competitions/model_tuner/model_tuner.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "ringmaster/competitions/game_rng.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/game/atomic_file.hpp"

namespace rm::comp {
namespace {

const rm::control::ModelTunerSettings& model_settings_of(const rm::control::ControlFile& cf) {
  const auto* settings = std::get_if<rm::control::ModelTunerSettings>(&cf.competition);
  if (cf.competition_type != "model_tuner" || settings == nullptr)
    throw std::invalid_argument("not a model_tuner control file (competition_type '" +
                                cf.competition_type + "')");
  return *settings;
}

model::SearchSettings search_settings_of(const rm::control::ModelTunerSettings& s) {
  model::SearchSettings search;
  search.dims = static_cast<int>(s.parameters.size());
  search.region_scale = s.region_scale;
  search.explore_fraction = s.exploration;
  search.thompson_share = s.thompson_share;
  search.cell_share = s.cell_share;
  return search;
}

// Points are kept on a grid of 2^-16 of the normalised range: finer than any engine needs,
// and the stored state holds them as small integers, exactly.
constexpr double kPointGrid = 65536.0;
double on_grid(double u) {
  return std::clamp(std::round(u * kPointGrid) / kPointGrid, -1.0, 1.0);
}

}  // namespace

ModelTuner::ModelTuner(const rm::control::ControlFile& cf)
    : cf_(cf),
      settings_(model_settings_of(cf)),
      engine_parameters_(settings_.engine_parameters()),
      seed_(settings_.seed ? *settings_.seed : seed_from_clock()),
      search_(search_settings_of(settings_)),
      pool_stats_(settings_.opponent, cf_.game) {
  const auto opponent = cf_.players.find(settings_.opponent);
  if (opponent == cf_.players.end())
    throw std::invalid_argument("opponent: unknown player " + settings_.opponent);
  opponent_ = opponent->second;
  opponent_.code = settings_.opponent;
  validation_.emplace(settings_.validation, cf_, settings_.candidate, engine_parameters_, opponent_,
                      settings_.candidate_colour, seed_);
}

std::vector<rm::scales::Value> ModelTuner::engine_values(const std::vector<double>& u) const {
  std::vector<rm::scales::Value> values;
  for (std::size_t k = 0; k < engine_parameters_.size(); ++k)
    values.push_back(engine_parameters_[k].scale->at((u[k] + 1.0) / 2.0));
  return values;
}

std::vector<double> ModelTuner::played_point(const std::vector<double>& u) const {
  std::vector<double> played(u.size());
  for (std::size_t k = 0; k < u.size(); ++k) {
    const auto& p = settings_.parameters[k];
    if (!p.integer) {
      played[k] = on_grid(u[k]);
      continue;
    }
    const auto value = engine_parameters_[k].scale->at((u[k] + 1.0) / 2.0);
    const double v = static_cast<double>(std::get<long long>(value));
    const double f = p.log_scale ? std::log(v / p.lower) / std::log(p.upper / p.lower)
                                 : (v - p.lower) / (p.upper - p.lower);
    played[k] = on_grid(2.0 * f - 1.0);
  }
  return played;
}

std::string ModelTuner::format_parameters(const std::vector<double>& u) const {
  return rm::scales::format_engine_parameters(engine_parameters_, engine_values(u));
}

rm::game::PlayerSpec ModelTuner::make_candidate(const std::vector<double>& u,
                                                const std::string& code) const {
  const auto values = engine_values(u);
  const std::string dir = settings_.candidate.needs_files_dir()
                              ? rm::control::candidate_files_dir(cf_.directory, cf_.code, code)
                              : std::string();
  rm::game::PlayerSpec spec = settings_.candidate.render_spec(values, code, dir);
  if (!dir.empty() && candidate_dirs_written_.insert(dir).second) {
    for (const auto& file : settings_.candidate.files_to_write(values, dir)) {
      const std::string error = rm::game::write_file_atomically(file.path, file.text);
      if (!error.empty()) throw std::runtime_error("cannot write candidate file: " + error);
    }
  }
  return spec;
}

std::optional<JobRequest> ModelTuner::next_job() {
  if (auto validation_job = validation_->next_job(numbers_.fixed(), tuning_finished(),
                                                  [this] { return *recommended_values(); }))
    return validation_job;
  const std::optional<int> number = numbers_.issue(settings_.number_of_games);
  if (!number) return std::nullopt;
  GameRng rng(seed_, static_cast<std::uint64_t>(*number));
  const std::vector<double> point = played_point(search_.choose([&rng] { return rng.unit(); }));
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
  job.sgf_note = "Candidate parameters: " + format_parameters(point);
  const rm::game::PlayerSpec candidate = make_candidate(point, "#" + job.game_id);
  job.black = candidate_is_black ? candidate : opponent_;
  job.white = candidate_is_black ? opponent_ : candidate;
  job.settings = cf_.game;
  openings_.apply(job, static_cast<std::uint64_t>(*number));
  if (cf_.common.record_games) job.sgf_dir = cf_.directory + "/" + cf_.code + ".games";
  job.void_sgf_dir = cf_.directory + "/" + cf_.code + ".void";
  request.description = "game " + job.game_id + ": " + format_parameters(point);
  outstanding_[*number] = point;
  return request;
}

int ModelTuner::game_number_of(const rm::game::GameResult& r) const {
  const std::optional<int> number = parse_game_number(r.game_id);
  if (!number || outstanding_.count(*number) == 0)
    throw std::logic_error("model_tuner: result for game '" + r.game_id +
                           "', which is not in progress");
  return *number;
}

ResultLines ModelTuner::on_result(const rm::game::GameResult& r) {
  if (Validation::is_validation_id(r.game_id)) return validation_->on_result(r);
  if (r.is_void)
    throw std::logic_error("model_tuner: on_result called with a void game " + r.game_id);
  const int number = game_number_of(r);
  const std::vector<double> point = outstanding_.at(number);
  const bool candidate_won = r.losing_code() == settings_.opponent;
  const bool no_winner = r.winner.empty();
  note_opponent_description(opponent_description_, r, settings_.opponent);

  void_halt_rule_.on_result();
  numbers_.fix(number);
  outstanding_.erase(number);
  // A game without a winner (jigo, unknown result) counts half, as in the pool statistics.
  search_.add(point, candidate_won ? 1.0 : no_winner ? 0.5 : 0.0);
  wins_ += candidate_won ? 1 : 0;
  no_winner_ += no_winner ? 1 : 0;
  pool_stats_.add(r);
  ++results_since_history_;

  ResultLines lines;
  lines.history_line = format_parameters(point) + (candidate_won ? " won"
                                                   : no_winner   ? " no winner"
                                                                 : " lost");
  lines.screen_line = "game " + r.game_id + ": " + lines.history_line + " " + r.sgf_result;
  return lines;
}

bool ModelTuner::on_void(const rm::game::GameResult& r) {
  if (Validation::is_validation_id(r.game_id)) return validation_->on_void(r);
  const int number = game_number_of(r);
  // As mc_tuner: the game number is skipped, never replayed; halt if the first game to finish
  // in this run is void, or two in a row are.
  outstanding_.erase(number);
  numbers_.fix(number);
  return void_halt_rule_.on_void();
}

bool ModelTuner::tuning_finished() const {
  return settings_.number_of_games && numbers_.fixed() >= *settings_.number_of_games;
}

bool ModelTuner::finished() const {
  return tuning_finished() && validation_->finished(numbers_.fixed(), true);
}

std::optional<int> ModelTuner::games_remaining() const {
  if (!settings_.number_of_games) return std::nullopt;
  const int tuning = std::max(0, *settings_.number_of_games - numbers_.fixed());
  return tuning + validation_->games_remaining(numbers_.fixed(), tuning);
}

std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> ModelTuner::players_to_check()
    const {
  // The centre of the ranges, so that the check is the same every time.
  const std::vector<double> centre(engine_parameters_.size(), 0.0);
  return {{make_candidate(played_point(centre), "candidate"), cf_.game}, {opponent_, cf_.game}};
}

std::optional<std::vector<rm::scales::Value>> ModelTuner::recommended_values() const {
  return engine_values(search_.best());
}

// Every result is a sample, added in the order results arrive (the commit order).
std::size_t ModelTuner::played_candidates_kept() const {
  return search_.samples().size();
}

std::optional<Competition::PlayedCandidate> ModelTuner::played_candidate(std::size_t index) const {
  const auto& samples = search_.samples();
  if (index >= samples.size()) return std::nullopt;
  const auto& u = samples[index].u;
  return PlayedCandidate{format_parameters(u), engine_values(u)};
}

}  // namespace rm::comp
