// SpsaTuner: the design, pairs, their games and results, void games.
#include "ringmaster/competitions/spsa_tuner/spsa_tuner.hpp"

#include <charconv>
#include <stdexcept>

#include "ringmaster/competitions/game_rng.hpp"

namespace rm::comp {
namespace {

const SpsaTunerSettings& spsa_settings_of(const rm::control::ControlFile& cf) {
  const auto* settings = cf.settings_if<SpsaTunerSettings>();
  if (cf.competition_type != "spsa_tuner" || settings == nullptr)
    throw std::invalid_argument("not an spsa_tuner control file (competition_type '" +
                                cf.competition_type + "')");
  return *settings;
}

}  // namespace

spsa::Design spsa_design_of(const SpsaTunerSettings& s) {
  spsa::DesignInput in;
  for (const auto& p : s.parameters) in.elo_at_half_range.push_back(p.elo);
  in.precision = s.precision;
  in.confidence = s.confidence;
  in.protocol =
      s.mode == SpsaMode::HeadToHead ? spsa::Protocol::HeadToHead : spsa::Protocol::AgainstOpponent;
  return spsa::design_spsa(in);
}

namespace {

std::vector<double> start_of(const SpsaTunerSettings& s) {
  std::vector<double> start;
  for (const auto& p : s.parameters) start.push_back(p.start);
  return start;
}

// The colour of a pair's candidates against the opponent, drawn per pair for `random`.
constexpr std::uint64_t kPairColourStream = 0x73707361636f6c72ULL;  // "spsacolr"

}  // namespace

SpsaTuner::SpsaTuner(const rm::control::ControlFile& cf)
    : TunerShell(cf, spsa_settings_of(cf), engine_parameters_of(spsa_settings_of(cf).ranges()),
                 kStateFormat),
      settings_(spsa_settings_of(cf)),
      design_(spsa_design_of(settings_)),
      search_(spsa::settings_for_budget(design_, start_of(settings_), seed_,
                                        settings_.number_of_games)),
      trajectory_(start_of(settings_)),
      window_sum_(settings_.parameters.size(), 0.0),
      window_sum_squares_(settings_.parameters.size(), 0.0) {
  // Head to head there is no opponent: validation games measure the recommendation against
  // the start, which is what the Elo gained is.
  if (head_to_head())
    validation_->play_against_candidate("start", engine_values(start_of(settings_)));
}

std::vector<rm::scales::Value> SpsaTuner::engine_values(const std::vector<double>& u) const {
  std::vector<rm::scales::Value> values;
  for (std::size_t k = 0; k < settings_.parameters.size(); ++k)
    values.push_back(settings_.parameters[k].value_at(u[k]));
  return values;
}

std::string SpsaTuner::format_parameters(const std::vector<double>& u) const {
  return rm::scales::format_engine_parameters(parameters_, engine_values(u));
}

rm::game::PlayerSpec SpsaTuner::candidate_for(const std::vector<double>& u,
                                              const std::string& code) const {
  return candidate_named(engine_values(u), code);
}

rm::game::CandidateRecord SpsaTuner::record_for(const std::vector<double>& u,
                                                const std::string& code) const {
  return candidate_record(code, format_parameters(u), engine_values(u));
}

std::optional<std::pair<std::uint64_t, std::size_t>> SpsaTuner::parse_game_id(
    const std::string& id) {
  if (id.size() < 2 || (id.back() != 'a' && id.back() != 'b')) return std::nullopt;
  std::uint64_t pair = 0;
  const char* end = id.data() + id.size() - 1;
  const auto [ptr, ec] = std::from_chars(id.data(), end, pair);
  if (ec != std::errc() || ptr != end || (id.size() > 2 && id[0] == '0')) return std::nullopt;
  return std::make_pair(pair, std::size_t{id.back() == 'a' ? 0U : 1U});
}

SpsaTuner::PendingPair* SpsaTuner::pending(std::uint64_t id) {
  for (auto& p : pending_)
    if (p.id == id) return &p;
  return nullptr;
}

std::optional<JobRequest> SpsaTuner::next_tuning_job() {
  // First the games of pairs in flight not yet started in this run (after a restart, those
  // that were in progress), then a new pair while the budget has room for it.
  for (auto& pair : pending_)
    for (std::size_t game = 0; game < 2; ++game)
      if (!pair.issued[game] && !pair.score[game]) return job_for(pair, game);
  const long committed = search_.games() + 2 * static_cast<long>(pending_.size());
  if (committed >= settings_.number_of_games) return std::nullopt;
  spsa::Pair next = search_.next_pair();
  pending_.push_back({next.id, std::move(next.plus), std::move(next.minus), {}, {}});
  return job_for(pending_.back(), 0);
}

JobRequest SpsaTuner::job_for(PendingPair& pair, std::size_t game) {
  pair.issued[game] = true;
  const std::string n = std::to_string(pair.id);
  const std::string game_id = n + (game == 0 ? "a" : "b");
  const std::string plus_code = "#" + n + "+", minus_code = "#" + n + "-";
  // Both games of a pair start from the pair's opening (k = the pair's number).
  const std::uint64_t opening_number = openings_.pairs() ? 2 * pair.id + game : pair.id;
  if (head_to_head()) {
    // Colours swapped between the two games; which comes first is drawn from the pair.
    const bool plus_black = openings_.candidate_is_black(
        rm::control::CandidateColour::Random, search_.settings().seed, 2 * pair.id + game);
    return make_pair_job(game_id, opening_number, candidate_for(pair.plus, plus_code),
                         record_for(pair.plus, plus_code), candidate_for(pair.minus, minus_code),
                         record_for(pair.minus, minus_code), plus_black,
                         "pair " + n + (game == 0 ? " a: " : " b: ") +
                             format_parameters(pair.plus) + " v " + format_parameters(pair.minus));
  }
  // Against the opponent both candidates of a pair take the same colour on the same opening,
  // so that the difference of their scores is not the colour's or the opening's.
  const auto colour = settings_.candidate_colour;
  bool black = colour == rm::control::CandidateColour::Black;
  if (colour == rm::control::CandidateColour::Random)
    black = GameRng(search_.settings().seed ^ kPairColourStream, pair.id).below(2) == 0;
  const std::vector<double>& u = game == 0 ? pair.plus : pair.minus;
  const std::string& code = game == 0 ? plus_code : minus_code;
  return make_job(game_id, opening_number, candidate_for(u, code), engine_values(u), black,
                  format_parameters(u), "pair " + n + " " + code + ": " + format_parameters(u));
}

ResultLines SpsaTuner::on_tuning_result(const rm::game::GameResult& r) {
  const auto parsed = parse_game_id(r.game_id);
  if (!parsed) throw std::logic_error("spsa_tuner: result for an unknown game '" + r.game_id + "'");
  const auto [id, game] = *parsed;
  ResultLines lines;
  PendingPair* pair = pending(id);
  if (pair == nullptr) {
    // The other game of a pair dropped for a void game: kept in the store, not used.
    if (dropped_in_progress_.erase(id) == 0)
      throw std::logic_error("spsa_tuner: result for game '" + r.game_id +
                             "', which is not in progress");
    ++unused_games_;
    lines.history_line = "pair " + std::to_string(id) + " was dropped: result not used";
    lines.screen_line = "game " + r.game_id + ": " + lines.history_line;
    return lines;
  }
  void_halt_rule_.on_result();
  const std::string winner = r.winning_code();
  const std::string plus_code = "#" + std::to_string(id) + "+";
  std::string outcome;
  if (head_to_head()) {
    pair->score[game] = winner.empty() ? 1.0 : winner == plus_code ? 2.0 : 0.0;
    outcome = winner.empty() ? "no winner" : winner + " won";
  } else {
    const bool won = !winner.empty() && winner != settings_.opponent;
    pair->score[game] = won ? 1.0 : winner.empty() ? 0.5 : 0.0;
    (won ? wins_ : winner.empty() ? no_winner_ : losses_) += 1;
    const std::size_t kind = won ? 0 : winner.empty() ? 1 : 2;
    if (first_window_[0] + first_window_[1] + first_window_[2] < gain_window())
      ++first_window_[kind];
    recent_window_.push_back("wdl"[kind]);
    if (static_cast<long>(recent_window_.size()) > gain_window()) recent_window_.erase(0, 1);
    outcome =
        (game == 0 ? plus_code : "#" + std::to_string(id) + "-") + (won              ? " won"
                                                                    : winner.empty() ? " no winner"
                                                                                     : " lost");
  }
  lines.history_line = "pair " + std::to_string(id) + (game == 0 ? " a: " : " b: ") + outcome;
  lines.screen_line = "game " + r.game_id + ": " + outcome + " " + r.sgf_result;
  if (pair->score[0] && pair->score[1]) {
    take(*pair);
    std::erase_if(pending_, [wanted = id](const PendingPair& p) { return p.id == wanted; });
  }
  return lines;
}

void SpsaTuner::take(const PendingPair& pair) {
  if (head_to_head()) {
    const int half_points = static_cast<int>(*pair.score[0] + *pair.score[1]);
    search_.take_pentanomial(pair.id, half_points);
    ++pentanomial_[static_cast<std::size_t>(half_points)];
  } else {
    search_.take_against_opponent(pair.id, *pair.score[0], *pair.score[1]);
  }
  ++results_since_history_;
  const auto& theta = search_.theta();
  const long from = search_.settings().average_from_games;
  if (from >= 0 && search_.games() >= from) {  // the results SpsaSearch averages
    ++window_count_;
    for (std::size_t k = 0; k < theta.size(); ++k) {
      window_sum_[k] += theta[k];
      window_sum_squares_[k] += theta[k] * theta[k];
    }
  }
  trajectory_.note(search_.games(), theta);
}

// A void game drops its pair: the pair's other result (if any) is discarded and the pair moves
// nothing; while the budget has room another pair is issued in its place. gomill's rule for
// the tuners whose void games are skipped halts the run (VoidHaltRule).
bool SpsaTuner::on_tuning_void(const rm::game::GameResult& r) {
  const auto parsed = parse_game_id(r.game_id);
  if (!parsed) throw std::logic_error("spsa_tuner: void result for an unknown game " + r.game_id);
  const auto [id, game] = *parsed;
  PendingPair* pair = pending(id);
  if (pair == nullptr) {
    if (dropped_in_progress_.erase(id) == 0)
      throw std::logic_error("spsa_tuner: void game '" + r.game_id + "' is not in progress");
    return true;  // the pair was dropped already and counted then
  }
  const std::size_t other = 1 - game;
  if (pair->issued[other] && !pair->score[other]) dropped_in_progress_.insert(id);
  if (pair->score[other]) ++unused_games_;
  search_.drop(id);
  std::erase_if(pending_, [wanted = id](const PendingPair& p) { return p.id == wanted; });
  ++void_pairs_;
  return void_halt_rule_.on_void();
}

SpsaTuner::TuningProgress SpsaTuner::tuning_progress() const {
  // Done: the games of finished pairs. Remaining: the finished game of a pair still in play
  // counts as played, as in the games table.
  long halves = 0;
  for (const auto& p : pending_) halves += (p.score[0] ? 1 : 0) + (p.score[1] ? 1 : 0);
  return {static_cast<int>(search_.games()),
          static_cast<int>(std::max(0L, settings_.number_of_games - search_.games() - halves)),
          search_.games() >= settings_.number_of_games && pending_.empty()};
}

void SpsaTuner::use_search_settings(const spsa::SearchSettings& settings) {
  if (search_.games() > 0 || !pending_.empty())
    throw std::logic_error("spsa_tuner: search settings changed after the first game");
  if (settings.c.size() != settings_.parameters.size() ||
      settings.start.size() != settings_.parameters.size())
    throw std::invalid_argument("spsa_tuner: search settings for " +
                                std::to_string(settings.c.size()) + " parameters, not " +
                                std::to_string(settings_.parameters.size()));
  search_ = spsa::SpsaSearch(settings);
  trajectory_ = spsa::Trajectory(settings.start);
}

std::vector<rm::scales::Value> SpsaTuner::recommendation() const {
  return engine_values(search_.recommendation());
}

}  // namespace rm::comp
