#include "ringmaster/competitions/matchups/matchup_stats.hpp"

namespace rm::comp {

std::optional<double> PlayerTally::average_cpu_s() const {
  if (cpu_games == 0) return std::nullopt;
  return cpu_total_s / cpu_games;
}

rm::stats::Sprt make_sprt(const rm::control::SprtSettings& s) {
  return rm::stats::Sprt(s.elo0, s.elo1, s.alpha, s.beta);
}

namespace {

void tally(PlayerTally& p, const rm::game::GameResult& r, bool is_black) {
  const bool won = r.winning_code() == p.code;
  const double score = won ? 1.0 : r.is_jigo ? 0.5 : 0.0;
  p.wins += score;
  (is_black ? p.played_black : p.played_white) += 1;
  (is_black ? p.wins_black : p.wins_white) += score;
  if (r.is_forfeit && r.losing_code() == p.code) {
    ++p.forfeits;
    ++p.forfeits_by_cause[r.forfeit_cause.empty() ? "unspecified" : r.forfeit_cause];
  }
  const auto& cpu = is_black ? r.black_cpu_s : r.white_cpu_s;
  if (cpu) {
    p.cpu_total_s += *cpu;
    ++p.cpu_games;
  }
}

}  // namespace

MatchupAccumulator::MatchupAccumulator(const std::string& player_1, const std::string& player_2) {
  partial_.player_1.code = player_1;
  partial_.player_2.code = player_2;
}

void MatchupAccumulator::add(const rm::game::GameResult& r, int game_number) {
  MatchupStats& s = partial_;
  ++s.total;
  tally(s.player_1, r, r.black_code == s.player_1.code);
  tally(s.player_2, r, r.black_code == s.player_2.code);
  if (r.is_jigo) {
    ++s.jigos;
    s.wins_black += 0.5;
    s.wins_white += 0.5;
  } else if (r.winner == "b") {
    s.wins_black += 1;
  } else if (r.winner == "w") {
    s.wins_white += 1;
  } else {
    ++s.unknown;
    return;  // no score for the Elo figures
  }
  const double score = r.winning_code() == s.player_1.code ? 1.0 : r.is_jigo ? 0.5 : 0.0;
  outcomes_.push_back({rm::stats::consecutive_pair_key(game_number), score});
}

MatchupStats MatchupAccumulator::stats(bool alternating_setting,
                                       const std::optional<rm::control::SprtSettings>& sprt) const {
  MatchupStats s = partial_;
  s.alternating = !((s.player_1.played_white == 0 && s.player_2.played_black == 0) ||
                    (s.player_1.played_black == 0 && s.player_2.played_white == 0));
  s.wdl = rm::stats::count_outcomes(outcomes_);
  s.elo = rm::stats::estimate_elo(s.wdl);
  if (alternating_setting) {
    s.pairs = rm::stats::pair_outcomes(outcomes_);
    s.pair_elo = rm::stats::estimate_elo(s.pairs->pairs);
  }
  if (sprt) {
    const rm::stats::Sprt test = make_sprt(*sprt);
    s.sprt = s.pairs ? test.test(s.pairs->pairs) : test.test(s.wdl);
  }
  return s;
}

MatchupStats compute_matchup_stats(const std::string& player_1, const std::string& player_2,
                                   const std::vector<MatchupGame>& games, bool alternating_setting,
                                   const std::optional<rm::control::SprtSettings>& sprt) {
  MatchupAccumulator accumulator(player_1, player_2);
  for (const auto& g : games) accumulator.add(*g.result, g.game_number);
  return accumulator.stats(alternating_setting, sprt);
}

}  // namespace rm::comp
