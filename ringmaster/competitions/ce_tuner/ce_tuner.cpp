// CeTuner: samples, scheduling, results and void games (gomill/cem_tuners.py).
#include "ringmaster/competitions/ce_tuner/ce_tuner.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>

#include "ringmaster/competitions/candidate_values.hpp"
#include "ringmaster/competitions/game_rng.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/game/atomic_file.hpp"

namespace rm::comp {
namespace {

const CeTunerSettings& ce_settings_of(const rm::control::ControlFile& cf) {
  const auto* settings = cf.settings_if<CeTunerSettings>();
  if (cf.competition_type != "ce_tuner" || settings == nullptr)
    throw std::invalid_argument("not a ce_tuner control file (competition_type '" +
                                cf.competition_type + "')");
  return *settings;
}

std::vector<Gaussian> initial_distribution(const CeTunerSettings& s) {
  std::vector<Gaussian> d;
  for (const auto& p : s.parameters) d.push_back({p.initial_mean, p.initial_variance});
  return d;
}

// Reads a non-negative decimal number at `pos`, advancing it.
std::optional<int> read_number_at(const std::string& text, std::size_t& pos) {
  const std::size_t start = pos;
  long long value = 0;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9' && pos - start < 9)
    value = value * 10 + (text[pos++] - '0');
  if (pos == start || (pos < text.size() && text[pos] >= '0' && text[pos] <= '9'))
    return std::nullopt;
  return static_cast<int>(value);
}

}  // namespace

CeTuner::CeTuner(const rm::control::ControlFile& cf)
    : TunerShell(cf, ce_settings_of(cf), ce_settings_of(cf).engine_parameters(), kStateFormat),
      settings_(ce_settings_of(cf)),
      engine_parameters_(settings_.engine_parameters()),
      distribution_(initial_distribution(settings_)) {
  start_generation();
}

std::string CeTuner::candidate_code(int generation, int index) {
  return "g" + std::to_string(generation) + "#" + std::to_string(index);
}

std::optional<CeTuner::GameKey> CeTuner::parse_game_id(const std::string& id) {
  GameKey key;
  std::size_t pos = 0;
  if (id.empty() || id[pos++] != 'g') return std::nullopt;
  const auto generation = read_number_at(id, pos);
  if (!generation || pos >= id.size() || id[pos++] != '#') return std::nullopt;
  const auto sample = read_number_at(id, pos);
  if (!sample || pos >= id.size() || id[pos++] != 'r') return std::nullopt;
  const auto round = read_number_at(id, pos);
  if (!round || pos != id.size()) return std::nullopt;
  key.generation = *generation;
  key.sample = *sample;
  key.round = *round;
  return key;
}

CeTuner::GameKey CeTuner::outstanding_key(const rm::game::GameResult& r, const char* what) const {
  const auto key = parse_game_id(r.game_id);
  if (!key || key->generation != generation_ || samples_generation_ != generation_ ||
      key->sample >= static_cast<int>(samples_.size()) ||
      !samples_[static_cast<std::size_t>(key->sample)].rounds.is_outstanding(key->round))
    throw std::logic_error(std::string("ce_tuner: ") + what + " for game '" + r.game_id +
                           "', which is not in progress");
  return *key;
}

std::vector<rm::scales::Value> CeTuner::engine_values(
    const std::vector<double>& optimiser_values) const {
  std::vector<rm::scales::Value> values;
  for (std::size_t i = 0; i < engine_parameters_.size() && i < optimiser_values.size(); ++i) {
    const auto& p = engine_parameters_[i];
    try {
      values.push_back(p.scale->at(optimiser_values[i]));
    } catch (const rm::scales::ScaleError& e) {
      throw std::runtime_error("error from transform for " + p.code + " (applied to " +
                               rm::scales::python_repr(optimiser_values[i]) + "): " + e.what());
    }
  }
  return values;
}

std::string CeTuner::format_parameters(const std::vector<double>& optimiser_values) const {
  // Never throws: reports must show every sample, so a value whose transform fails shows as
  // "[code?x=<optimiser value>]" (a failing format as "[code?<value>]", gomill's fallback).
  std::string out;
  for (std::size_t i = 0; i < engine_parameters_.size() && i < optimiser_values.size(); ++i) {
    const auto& p = engine_parameters_[i];
    if (i > 0) out += "; ";
    try {
      out += rm::scales::format_engine_parameters({p}, {p.scale->at(optimiser_values[i])});
    } catch (const rm::scales::ScaleError&) {
      out += "[" + p.code + "?x=" + rm::scales::python_repr(optimiser_values[i]) + "]";
    }
  }
  return out;
}

void CeTuner::start_generation() {
  samples_.clear();
  for (auto& x :
       draw_samples(distribution_, settings_.samples_per_generation, seed_, generation_)) {
    CeSample sample;
    sample.optimiser_values = std::move(x);
    samples_.push_back(std::move(sample));
  }
  samples_generation_ = generation_;
  failed_once_.clear();
  replays_.clear();
}

std::vector<double> CeTuner::scores() const {
  std::vector<double> s;
  for (const auto& sample : samples_) s.push_back(sample.score());
  return s;
}

bool CeTuner::generation_complete() const {
  // gomill's Group_scheduler.all_fixed().
  return std::all_of(samples_.begin(), samples_.end(),
                     [&](const CeSample& s) { return s.rounds.fixed() >= settings_.batch_size; });
}

void CeTuner::finish_generation() {
  CeGenerationRecord record;
  record.generation = generation_;
  record.distribution = distribution_;
  for (const auto& s : samples_) {
    record.samples.push_back(s.optimiser_values);
    record.games.push_back(s.games);
    record.wins.push_back(s.wins);
    record.no_winner.push_back(s.no_winner);
  }
  record.ranking = rank_samples(scores());
  record.elite_count = elite_count(settings_.elite_proportion, static_cast<int>(samples_.size()));
  std::vector<std::vector<double>> elites;
  for (int i = 0; i < record.elite_count && i < static_cast<int>(record.ranking.size()); ++i)
    elites.push_back(samples_[static_cast<std::size_t>(record.ranking[static_cast<std::size_t>(i)])]
                         .optimiser_values);
  distribution_ = update_distribution(distribution_, elites, settings_.step_size);
  history_.push_back(std::move(record));
  generation_just_finished_ = true;
  ++generation_;
  // After the last generation the samples stay as they are, as gomill's do: the reports then
  // show the last generation's wins beside the final distribution.
  if (generation_ < settings_.number_of_generations) start_generation();
}

rm::game::PlayerSpec CeTuner::make_candidate(const std::vector<double>& optimiser_values,
                                             const std::string& code) const {
  return candidate_named(engine_values(optimiser_values), code);
}

JobRequest CeTuner::job_for(const GameKey& key) const {
  const CeSample& sample = samples_.at(static_cast<std::size_t>(key.sample));
  const std::string code = candidate_code(key.generation, key.sample);
  // For openings, the games are numbered generation by generation, sample by sample.
  const auto number = static_cast<std::uint64_t>(
      (static_cast<long long>(key.generation) * settings_.samples_per_generation + key.sample) *
          settings_.batch_size +
      key.round);
  const bool black = candidate_is_black(
      number, [&] { return random_colour_is_black(seed_, key.generation, key.sample, key.round); });
  const std::string game_id = code + "r" + std::to_string(key.round);
  const std::string parameters = format_parameters(sample.optimiser_values);
  return make_job(game_id, number, make_candidate(sample.optimiser_values, code),
                  engine_values(sample.optimiser_values), black, parameters,
                  "game " + game_id + ": " + parameters);
}

std::optional<JobRequest> CeTuner::next_tuning_job() {
  if (tuning_finished()) return std::nullopt;
  // A game voided once is replayed first (gomill's ringmaster replays before new games).
  while (!replays_.empty()) {
    const GameKey key = replays_.front();
    replays_.pop_front();
    if (key.generation == generation_ &&
        samples_[static_cast<std::size_t>(key.sample)].rounds.is_outstanding(key.round))
      return job_for(key);
  }
  // gomill's Group_scheduler: the sample with the fewest games issued (those waiting to be
  // reissued after a restart do not count), lowest index on ties, below batch_size.
  int best = -1;
  int best_issued = 0;
  for (int i = 0; i < static_cast<int>(samples_.size()); ++i) {
    const GameNumbers& rounds = samples_[static_cast<std::size_t>(i)].rounds;
    const int issued = rounds.fixed() + static_cast<int>(rounds.outstanding().size());
    if (issued >= settings_.batch_size) continue;
    if (best < 0 || issued < best_issued) {
      best = i;
      best_issued = issued;
    }
  }
  if (best < 0) return std::nullopt;  // waiting for the generation's last games
  const std::optional<int> round =
      samples_[static_cast<std::size_t>(best)].rounds.issue(settings_.batch_size);
  if (!round) return std::nullopt;
  return job_for(GameKey{generation_, best, *round});
}

ResultLines CeTuner::on_tuning_result(const rm::game::GameResult& r) {
  const GameKey key = outstanding_key(r, "result");
  CeSample& sample = samples_[static_cast<std::size_t>(key.sample)];
  const std::string code = candidate_code(key.generation, key.sample);
  if (r.black_code != code && r.white_code != code)
    throw std::logic_error("ce_tuner: result for game '" + r.game_id +
                           "' does not name candidate " + code);

  // gomill: a win is a point, no winner (jigo, unknown result) half a point.
  const std::string winner = r.winning_code();
  std::string outcome = "lost";
  ++sample.games;
  if (winner == code) {
    ++sample.wins;
    outcome = "won";
  } else if (winner.empty()) {
    ++sample.no_winner;
    outcome = "no winner";
  }
  sample.rounds.fix(key.round);
  seen_successful_game_ = true;
  generation_just_finished_ = false;

  ResultLines lines;
  // gomill's ce_tuner writes no line per game; these follow the mc_tuner's
  // ("game 3: pl: 35 [(3,)] lost W+25.5" / "pl: 35 [(3,)] lost") with the game id in front.
  const std::string parameters = format_parameters(sample.optimiser_values);
  lines.history_line = r.game_id + " " + parameters + " " + outcome;
  lines.screen_line = "game " + r.game_id + ": " + parameters + " " + outcome + " " + r.sgf_result;
  if (generation_complete()) finish_generation();
  return lines;
}

bool CeTuner::on_tuning_void(const rm::game::GameResult& r) {
  const GameKey key = outstanding_key(r, "void game");
  generation_just_finished_ = false;
  // gomill: halt if no game has succeeded yet in this run, or if this game already failed
  // once; otherwise replay it. The round stays issued and unfixed either way, so a halted
  // run's next run reissues it.
  const std::pair<int, int> id{key.sample, key.round};
  if (!seen_successful_game_ || failed_once_.count(id) != 0) return false;
  failed_once_.insert(id);
  replays_.push_back(key);
  return true;
}

bool CeTuner::tuning_finished() const {
  return generation_ >= settings_.number_of_generations;
}

CeTuner::TuningProgress CeTuner::tuning_progress() const {
  // Done: tuning games with a result.
  const long long per_generation =
      static_cast<long long>(settings_.samples_per_generation) * settings_.batch_size;
  long long done = std::min(generation_, settings_.number_of_generations) * per_generation;
  if (!tuning_finished() && samples_generation_ == generation_)
    for (const auto& s : samples_) done += s.rounds.fixed();
  TuningProgress progress{static_cast<int>(std::min<long long>(done, INT_MAX)), 0,
                          tuning_finished()};
  if (progress.finished) return progress;
  long long remaining = 0;
  for (const auto& s : samples_) remaining += std::max(0, settings_.batch_size - s.rounds.fixed());
  remaining += static_cast<long long>(settings_.number_of_generations - generation_ - 1) *
               settings_.samples_per_generation * settings_.batch_size;
  progress.remaining = static_cast<int>(std::min<long long>(remaining, INT_MAX));
  return progress;
}

std::vector<double> CeTuner::initial_means() const {
  std::vector<double> means;
  for (const auto& p : settings_.parameters) means.push_back(p.initial_mean);
  return means;
}

rm::scales::Value CeTuner::value_from_text(std::size_t k, const std::string& text) const {
  const auto& p = engine_parameters_.at(k);
  const double x = number_from_text(p.code, text);
  try {
    return p.scale->at(x);
  } catch (const rm::scales::ScaleError& e) {
    throw std::invalid_argument(p.code + ": the transform fails for " + text + ": " + e.what());
  }
}

std::vector<rm::scales::Value> CeTuner::recommendation() const {
  std::vector<double> means;
  for (const auto& g : distribution_) means.push_back(g.mean);
  return engine_values(means);
}

}  // namespace rm::comp
