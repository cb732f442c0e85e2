// The tuners' pooled statistics (every game as "candidates v <opponent>") against golden text.
#include <catch2/catch.hpp>

#include "ringmaster/competitions/matchups/candidate_pool_stats.hpp"

using rm::comp::CandidatePoolStats;
using rm::game::GameResult;

namespace {

GameResult game(const std::string& black, const std::string& white, const std::string& winner,
                std::optional<double> black_cpu = std::nullopt,
                std::optional<double> white_cpu = std::nullopt) {
  GameResult r;
  r.black_code = black;
  r.white_code = white;
  r.winner = winner;
  r.is_jigo = winner.empty();
  r.black_cpu_s = black_cpu;
  r.white_cpu_s = white_cpu;
  return r;
}

rm::game::GameSettings nine() {
  rm::game::GameSettings g;
  g.board_size = 9;
  g.komi = 7.0;
  return g;
}

}  // namespace

TEST_CASE("pooled statistics: wins by colour, forfeits by cause, jigos, CPU and Elo", "[pool]") {
  CandidatePoolStats pool("opp", nine());
  CHECK(pool.report().empty());  // nothing before the first game

  pool.add(game("#0", "opp", "b", 1.0, 2.0));   // candidate black wins
  pool.add(game("opp", "#1", "w", 2.0, 1.0));   // candidate white wins
  GameResult timeout = game("#0", "opp", "w");  // candidate black loses on time
  timeout.is_forfeit = true;
  timeout.forfeit_cause = "timeout";
  pool.add(timeout);
  pool.add(game("opp", "#1", ""));  // jigo
  const std::string report = pool.report();
  INFO(report);
  CHECK(report ==
        "candidates v opp (4 games)\n"
        "board size: 9   komi: 7.0\n"
        "             wins              black          white        forfeits avg cpu\n"
        "candidates    2.5 62.50%       1   50.00%     1.5 75.00%          1    1.00\n"
        "opp           1.5 37.50%       0.5 25.00%     1   50.00%          0    2.00\n"
        "                               1.5 37.50%     2.5 62.50%\n"
        "forfeits: candidates 1 (timeout 1); opp 0\n"
        "jigos: 1\n"
        // s = 2.5/4, trinomial sd 0.2073: lower score 0.2187 -> -221.2; upper past 1, so
        // Wilson's upper end, 0.9093 -> +397.9: margin (397.9 + 221.1) / 2;
        // LOS (1 + erf(1 / sqrt(6))) / 2 = 71.8%.
        "candidates v opp: Elo +88.7 ± 309.5 (95%), LOS 71.8%\n");

  const auto json = pool.json();
  CHECK(json.at("player_1") == "candidates");
  CHECK(json.at("games_played") == 4);
  CHECK(json.at("players")[0].at("forfeits_by_cause").at("timeout") == 1);

  pool.clear();
  CHECK(pool.report().empty());
}

TEST_CASE("an opponent named candidates keeps the pool apart", "[pool]") {
  CandidatePoolStats pool("candidates", nine());
  pool.add(game("candidates", "#0", "w"));
  CHECK_THAT(pool.report(), Catch::StartsWith("(candidates) v candidates (1 games)\n"));
  CHECK(pool.json().at("players")[0].at("wins") == 1.0);
}
