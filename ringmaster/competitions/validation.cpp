#include "ringmaster/competitions/validation.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <stdexcept>

#include "ringmaster/competitions/game_rng.hpp"
#include "ringmaster/competitions/matchups/matchup_report.hpp"
#include "ringmaster/competitions/tuner_results.hpp"
#include "ringmaster/stats/format.hpp"
#include "ringmaster/stats/wilson.hpp"

namespace rm::comp {
namespace {

// Mixed into the tuner's seed so that validation colours are not the tuning games' draws.
constexpr std::uint64_t kValidationStream = 0x76616c6964617465ULL;  // "validate"

std::string percent(double fraction) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f%%", fraction * 100.0);
  return buffer;
}

}  // namespace

Validation::Validation(const rm::control::ValidationSettings& settings,
                       const rm::control::ControlFile& cf,
                       std::shared_ptr<const CandidateRenderer> renderer,
                       std::vector<rm::scales::Parameter> parameters,
                       const rm::game::PlayerSpec& opponent, rm::control::CandidateColour colour,
                       std::uint64_t seed)
    : settings_(settings),
      directory_(cf.directory),
      code_(cf.code),
      game_(cf.game),
      record_games_(cf.common.record_games),
      renderer_(std::move(renderer)),
      parameters_(std::move(parameters)),
      opponent_(opponent),
      colour_(colour),
      seed_(seed),
      openings_(cf.openings) {}

void Validation::play_against_candidate(const std::string& code,
                                        std::vector<rm::scales::Value> values) {
  opponent_ = rm::game::PlayerSpec{};
  opponent_.code = code;
  opponent_values_ = std::move(values);
}

bool Validation::is_validation_id(const std::string& game_id) {
  return !game_id.empty() && game_id[0] == 'v';
}

std::optional<std::pair<int, int>> Validation::parse(const std::string& game_id) const {
  const std::size_t hash = game_id.find('#');
  if (!is_validation_id(game_id) || hash == std::string::npos) return std::nullopt;
  try {
    std::size_t used = 0;
    const int round = std::stoi(game_id.substr(1, hash - 1), &used);
    if (used != hash - 1) return std::nullopt;
    const int index = std::stoi(game_id.substr(hash + 1), &used);
    if (used != game_id.size() - hash - 1) return std::nullopt;
    if (round < 1 || round > static_cast<int>(rounds_.size())) return std::nullopt;
    return std::make_pair(round - 1, index);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

int Validation::due_periodic_rounds(int tuning_done, bool tuning_finished) const {
  if (settings_.every <= 0 || settings_.games <= 0) return 0;
  // A periodic round that would fall on the last tuning game is left to the final round.
  if (tuning_finished && settings_.at_end > 0)
    return std::max(0, tuning_done - 1) / settings_.every;
  return tuning_done / settings_.every;
}

std::optional<JobRequest> Validation::next_job(
    int tuning_done, bool tuning_finished,
    const std::function<std::vector<rm::scales::Value>()>& recommended) {
  if (rounds_.empty() && !enabled()) return std::nullopt;
  ValidationRound* round = nullptr;
  std::optional<int> index;
  for (auto& r : rounds_) {
    if ((index = r.numbers.issue(r.games))) {
      round = &r;
      break;
    }
  }
  if (!round) {
    int periodic = 0;
    bool end_started = false;
    for (const auto& r : rounds_) {
      if (r.at_end)
        end_started = true;
      else
        ++periodic;
    }
    ValidationRound fresh;
    if (!end_started && periodic < due_periodic_rounds(tuning_done, tuning_finished)) {
      fresh.games = settings_.games;
    } else if (!end_started && tuning_finished && settings_.at_end > 0) {
      fresh.games = settings_.at_end;
      fresh.at_end = true;
    } else {
      return std::nullopt;
    }
    fresh.round = static_cast<int>(rounds_.size()) + 1;
    fresh.after_games = tuning_done;
    fresh.values = recommended();
    fresh.parameters = rm::scales::format_engine_parameters(parameters_, fresh.values);
    rounds_.push_back(std::move(fresh));
    round = &rounds_.back();
    index = round->numbers.issue(round->games);
    if (!index) return std::nullopt;
  }

  JobRequest request;
  rm::game::GameJob& job = request.job;
  const std::string round_code = "v" + std::to_string(round->round);
  job.game_id = round_code + "#" + std::to_string(*index);
  job.competition_code = code_;
  job.sgf_event = code_;
  job.sgf_note = "Validation round " + std::to_string(round->round) +
                 ", candidate parameters: " + round->parameters;
  const std::string player_code = "#" + round_code;
  // Through the tuner's renderer: the round's directory (<code>.candidates/v<round>) is
  // written once, whole, before its first game; the round's later games share it.
  const rm::game::PlayerSpec candidate = renderer_->render(round->values, player_code);
  const rm::game::PlayerSpec opponent =
      opponent_values_ ? renderer_->render(*opponent_values_, opponent_.code) : opponent_;
  bool candidate_is_black = colour_ == rm::control::CandidateColour::Black;
  if (colour_ == rm::control::CandidateColour::Random) {
    GameRng rng(seed_ ^ kValidationStream, (static_cast<std::uint64_t>(round->round) << 32) |
                                               static_cast<std::uint32_t>(*index));
    candidate_is_black = rng.below(2) == 0;
  }
  if (openings_.pairs())
    candidate_is_black = openings_.candidate_is_black(
        colour_, seed_ ^ kValidationStream,
        (static_cast<std::uint64_t>(round->round) << 32) | static_cast<std::uint32_t>(*index));
  job.black = candidate_is_black ? candidate : opponent;
  job.white = candidate_is_black ? opponent : candidate;
  job.settings = game_;
  openings_.apply(job, static_cast<std::uint64_t>(*index));
  if (record_games_) job.sgf_dir = directory_ + "/" + code_ + ".games";
  job.void_sgf_dir = directory_ + "/" + code_ + ".void";
  job.candidate = candidate_record(player_code, round->parameters, round->values);
  if (opponent_values_)
    job.opponent_candidate = candidate_record(
        opponent_.code, rm::scales::format_engine_parameters(parameters_, *opponent_values_),
        *opponent_values_);
  request.description = "game " + job.game_id + ": " + round_label(*round) + round->parameters;
  return request;
}

std::string Validation::round_label(const ValidationRound& round) const {
  return "validation " + std::to_string(round.round) + ": ";
}

ResultLines Validation::on_result(const rm::game::GameResult& r) {
  const auto key = parse(r.game_id);
  if (!key || !rounds_[static_cast<std::size_t>(key->first)].numbers.is_outstanding(key->second))
    throw std::logic_error("validation: result for game '" + r.game_id +
                           "', which is not in progress");
  ValidationRound& round = rounds_[static_cast<std::size_t>(key->first)];
  round.numbers.fix(key->second);
  std::string outcome;
  if (r.losing_code() == opponent_.code) {
    ++round.wdl.wins;
    outcome = "won";
  } else if (r.winning_code().empty()) {
    ++round.wdl.draws;
    outcome = "no winner";
  } else {
    ++round.wdl.losses;
    outcome = "lost";
  }
  ResultLines lines;
  lines.history_line = round_label(round) + round.parameters + " " + outcome;
  lines.screen_line = "game " + r.game_id + ": " + lines.history_line + " " + r.sgf_result;
  return lines;
}

bool Validation::on_void(const rm::game::GameResult& r) {
  const auto key = parse(r.game_id);
  if (!key || !rounds_[static_cast<std::size_t>(key->first)].numbers.is_outstanding(key->second))
    throw std::logic_error("validation: void game '" + r.game_id + "', which is not in progress");
  ValidationRound& round = rounds_[static_cast<std::size_t>(key->first)];
  round.numbers.fix(key->second);
  ++round.void_games;
  return true;
}

bool Validation::finished(int tuning_done, bool tuning_finished) const {
  int periodic = 0;
  bool end_started = false;
  for (const auto& r : rounds_) {
    if (!r.complete()) return false;
    if (r.at_end)
      end_started = true;
    else
      ++periodic;
  }
  if (end_started) return true;
  if (periodic < due_periodic_rounds(tuning_done, tuning_finished)) return false;
  return !(tuning_finished && settings_.at_end > 0);
}

long Validation::games_played() const {
  long played = 0;
  for (const auto& r : rounds_) played += static_cast<long>(r.wdl.games());
  return played;
}

int Validation::games_remaining(int tuning_done, std::optional<int> tuning_remaining) const {
  long long remaining = 0;
  int periodic = 0;
  bool end_started = false;
  for (const auto& r : rounds_) {
    remaining += std::max(0, r.games - r.numbers.fixed());
    if (r.at_end)
      end_started = true;
    else
      ++periodic;
  }
  if (!end_started && tuning_remaining) {
    const long long total = static_cast<long long>(tuning_done) + *tuning_remaining;
    const long long periodic_total =
        due_periodic_rounds(static_cast<int>(std::min<long long>(total, INT_MAX)), true);
    remaining += std::max(0LL, periodic_total - periodic) * settings_.games;
    remaining += settings_.at_end;
  }
  // Saturated, never wrapped (the control file keeps real events below this).
  return static_cast<int>(std::min<long long>(remaining, INT_MAX));
}

nlohmann::json Validation::state() const {
  nlohmann::json rounds = nlohmann::json::array();
  for (const auto& r : rounds_) {
    nlohmann::json values = nlohmann::json::array();
    for (const auto& v : r.values) values.push_back(rm::scales::value_to_json(v));
    rounds.push_back({{"round", r.round},
                      {"after_games", r.after_games},
                      {"at_end", r.at_end},
                      {"games", r.games},
                      {"values", values},
                      {"parameters", r.parameters},
                      {"numbers", r.numbers.to_json()},
                      {"wins", r.wdl.wins},
                      {"no_winner", r.wdl.draws},
                      {"losses", r.wdl.losses},
                      {"void", r.void_games}});
  }
  return {{"rounds", rounds}};
}

void Validation::restore(const nlohmann::json& state) {
  std::vector<ValidationRound> rounds;
  try {
    for (const auto& j : state.at("rounds")) {
      ValidationRound r;
      r.round = j.at("round").get<int>();
      if (r.round != static_cast<int>(rounds.size()) + 1)
        throw std::invalid_argument("validation rounds out of order");
      r.after_games = j.at("after_games").get<int>();
      r.at_end = j.at("at_end").get<bool>();
      r.games = j.at("games").get<int>();
      for (const auto& v : j.at("values")) r.values.push_back(rm::scales::value_from_json(v));
      r.parameters = j.at("parameters").get<std::string>();
      r.numbers = GameNumbers::from_json(j.at("numbers"));
      r.wdl.wins = j.at("wins").get<std::int64_t>();
      r.wdl.draws = j.at("no_winner").get<std::int64_t>();
      r.wdl.losses = j.at("losses").get<std::int64_t>();
      r.void_games = j.at("void").get<int>();
      if (r.games < 1 || r.wdl.wins < 0 || r.wdl.draws < 0 || r.wdl.losses < 0 ||
          r.void_games < 0 || r.wdl.games() + r.void_games != r.numbers.fixed())
        throw std::invalid_argument("validation round " + std::to_string(r.round) +
                                    " has impossible counts");
      rounds.push_back(std::move(r));
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("validation: ") + e.what());
  }
  rounds_ = std::move(rounds);
}

std::string Validation::report() const {
  if (rounds_.empty()) return "";
  std::string out = "validation (recommended candidate v " + opponent_.code + "):\n";
  for (const auto& r : rounds_) {
    out +=
        (r.at_end ? "final round " + std::to_string(r.round) : "round " + std::to_string(r.round)) +
        " after " + std::to_string(r.after_games) + " games: " + r.parameters + "\n";
    const auto games = r.wdl.games();
    out += "  " + std::to_string(games) + "/" + std::to_string(r.games) + " games";
    if (r.void_games > 0) out += " (" + std::to_string(r.void_games) + " void)";
    if (games > 0) {
      out += ": " + std::to_string(r.wdl.wins) + " won " +
             percent(static_cast<double>(r.wdl.wins) / static_cast<double>(games));
      if (const auto ci = rm::stats::wilson_interval(r.wdl.wins, games))
        out += " (95% CI " + percent(ci->lower) + " to " + percent(ci->upper) + ")";
      out += ", " + rm::stats::format_elo(rm::stats::estimate_elo(r.wdl));
    }
    out += "\n";
  }
  return out;
}

nlohmann::json Validation::json() const {
  nlohmann::json rounds = nlohmann::json::array();
  for (const auto& r : rounds_) {
    nlohmann::json values = nlohmann::json::array();
    for (const auto& v : r.values) values.push_back(rm::scales::value_to_json(v));
    const auto games = r.wdl.games();
    nlohmann::json round = {
        {"round", r.round},         {"after_games", r.after_games},
        {"at_end", r.at_end},       {"parameters", r.parameters},
        {"values", values},         {"games", r.games},
        {"played", games},          {"wins", r.wdl.wins},
        {"no_winner", r.wdl.draws}, {"losses", r.wdl.losses},
        {"void", r.void_games},     {"win_rate", nullptr},
        {"win_rate_ci", nullptr},   {"elo", elo_json(rm::stats::estimate_elo(r.wdl))}};
    if (games > 0) {
      round["win_rate"] = static_cast<double>(r.wdl.wins) / static_cast<double>(games);
      if (const auto ci = rm::stats::wilson_interval(r.wdl.wins, games))
        round["win_rate_ci"] = {ci->lower, ci->upper};
    }
    rounds.push_back(std::move(round));
  }
  return {{"every", settings_.every},
          {"games", settings_.games},
          {"at_end", settings_.at_end},
          {"rounds", rounds}};
}

std::optional<std::string> Validation::describe_in_progress(const std::string& game_id) const {
  const auto key = parse(game_id);
  if (!key || !rounds_[static_cast<std::size_t>(key->first)].numbers.is_outstanding(key->second))
    return std::nullopt;
  const ValidationRound& round = rounds_[static_cast<std::size_t>(key->first)];
  return "game " + game_id + ": " + round_label(round) + round.parameters;
}

std::string Validation::screen_report(const std::vector<std::string>& game_ids_in_progress) const {
  std::string text;
  for (const auto& id : game_ids_in_progress)
    if (const auto line = describe_in_progress(id)) text += *line + "\n";
  return text.empty() ? text : "Validation in progress:\n" + text;
}

void Validation::add_to_json_report(nlohmann::json& report) const {
  if (enabled() || !rounds_.empty()) report["validation"] = json();
}

}  // namespace rm::comp
