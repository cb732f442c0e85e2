#include "ringmaster/competitions/matchups/candidate_pool_stats.hpp"

#include "ringmaster/competitions/matchups/matchup_report.hpp"

namespace rm::comp {
namespace {

// The pool's name in reports; it must differ from the opponent's code for the tallies.
std::string pool_code(const std::string& opponent) {
  return opponent == "candidates" ? "(candidates)" : "candidates";
}

MatchupSettings pool_settings(const std::string& opponent, const rm::game::GameSettings& game) {
  MatchupSettings m;
  m.id = "candidates";
  m.player_1 = pool_code(opponent);
  m.player_2 = opponent;
  m.name = m.player_1 + " v " + opponent;
  m.game = game;
  return m;
}

}  // namespace

CandidatePoolStats::CandidatePoolStats(const std::string& opponent,
                                       const rm::game::GameSettings& game)
    : settings_(pool_settings(opponent, game)),
      accumulator_(settings_.player_1, settings_.player_2) {}

void CandidatePoolStats::add(const rm::game::GameResult& r) {
  // Only what the tallies read, with the candidate's code replaced by the pool's.
  rm::game::GameResult g;
  const bool opponent_is_black = r.black_code == settings_.player_2;
  g.black_code = opponent_is_black ? settings_.player_2 : settings_.player_1;
  g.white_code = opponent_is_black ? settings_.player_1 : settings_.player_2;
  g.winner = r.winner;
  g.is_jigo = r.is_jigo;
  g.is_forfeit = r.is_forfeit;
  g.forfeit_cause = r.forfeit_cause;
  g.black_cpu_s = r.black_cpu_s;
  g.white_cpu_s = r.white_cpu_s;
  accumulator_.add(g, games_++);
}

void CandidatePoolStats::clear() {
  accumulator_ = MatchupAccumulator(settings_.player_1, settings_.player_2);
  games_ = 0;
}

namespace {
constexpr int kStatisticsFormat = 1;
}

nlohmann::json CandidatePoolStats::statistics() const {
  return {{"format", kStatisticsFormat}, {"games", games_}, {"pool", accumulator_.to_json()}};
}

bool CandidatePoolStats::restore_statistics(const nlohmann::json& statistics) {
  if (!statistics.is_object() || statistics.value("format", 0) != kStatisticsFormat) return false;
  try {
    auto accumulator = MatchupAccumulator::from_json(statistics.at("pool"), settings_.player_1,
                                                     settings_.player_2);
    const int games = statistics.at("games").get<int>();
    if (games != accumulator.games()) return false;
    accumulator_ = std::move(accumulator);
    games_ = games;
  } catch (const nlohmann::json::exception&) {
    return false;
  } catch (const std::invalid_argument&) {
    return false;
  }
  return true;
}

MatchupStats CandidatePoolStats::stats() const {
  return accumulator_.stats(false, std::nullopt);
}

std::string CandidatePoolStats::report() const {
  // Nothing to say before the first game (gomill's report stays as it was).
  return games_ == 0 ? "" : matchup_block({&settings_, false}, stats());
}

nlohmann::json CandidatePoolStats::json() const {
  return matchup_json({&settings_, false}, stats());
}

}  // namespace rm::comp
