#include "ringmaster/competitions/matchups/matchup_stats.hpp"

#include <stdexcept>

namespace rm::comp {

std::optional<double> PlayerTally::average_cpu_s() const {
  if (cpu_games == 0) return std::nullopt;
  return cpu_total_s / cpu_games;
}

rm::stats::Sprt make_sprt(const SprtSettings& s) {
  return rm::stats::Sprt(s.elo0, s.elo1, s.alpha, s.beta, s.model);
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

namespace {

// 0 for a loss, 1 for a jigo, 2 for a win: player 1's score in half points.
void add_half_points(rm::stats::Wdl& wdl, int half) {
  if (half == 2)
    ++wdl.wins;
  else if (half == 1)
    ++wdl.draws;
  else
    ++wdl.losses;
}

void add_pair(rm::stats::Pentanomial& p, int total) {
  switch (total) {
    case 0:
      ++p.ll;
      break;
    case 1:
      ++p.ld;
      break;
    case 2:
      ++p.wl_dd;
      break;
    case 3:
      ++p.wd;
      break;
    default:
      ++p.ww;
      break;
  }
}

}  // namespace

void MatchupAccumulator::add(const rm::game::GameResult& r, int game_number) {
  MatchupStats& s = partial_;
  if (game_number < 0)
    throw std::invalid_argument("game numbers must not be negative, got " +
                                std::to_string(game_number));
  const std::int64_t pair = game_number / 2;
  const auto open = open_pairs_.find(pair);
  ++s.total;
  tally(s.player_1, r, r.black_code == s.player_1.code);
  tally(s.player_2, r, r.black_code == s.player_2.code);
  if (r.is_jigo) {
    ++s.jigos;
    s.wins_black += 0.5;
    s.wins_white += 0.5;
  } else if (const auto winner = r.winner_colour()) {
    (*winner == rm::go::Colour::Black ? s.wins_black : s.wins_white) += 1;
  } else {
    ++s.unknown;
    return;  // no score for the Elo figures
  }
  const int half = r.winning_code() == s.player_1.code ? 2 : r.is_jigo ? 1 : 0;
  add_half_points(wdl_, half);
  if (open == open_pairs_.end()) {
    open_pairs_.emplace(pair, half);
  } else {
    add_pair(pairs_, open->second + half);
    open_pairs_.erase(open);
  }
}

MatchupStats MatchupAccumulator::stats(bool alternating_setting,
                                       const std::optional<SprtSettings>& sprt) const {
  MatchupStats s = partial_;
  s.alternating = !((s.player_1.played_white == 0 && s.player_2.played_black == 0) ||
                    (s.player_1.played_black == 0 && s.player_2.played_white == 0));
  s.wdl = wdl_;
  s.elo = rm::stats::estimate_elo(s.wdl);
  if (alternating_setting) {
    rm::stats::PairedResults paired;
    paired.pairs = pairs_;
    paired.games = wdl_;
    paired.unpaired_games = static_cast<std::int64_t>(open_pairs_.size());
    s.pairs = paired;
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
                                   const std::optional<SprtSettings>& sprt) {
  MatchupAccumulator accumulator(player_1, player_2);
  for (const auto& g : games) accumulator.add(*g.result, g.game_number);
  return accumulator.stats(alternating_setting, sprt);
}

}  // namespace rm::comp
