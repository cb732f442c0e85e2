// MatchupAccumulator as JSON, stored with every game (docs/files-and-database.md,
// "statistics"): what add() accumulated, so that resuming reads one row instead of every game.
#include <array>
#include <stdexcept>

#include "ringmaster/competitions/matchups/matchup_stats.hpp"

namespace rm::comp {
namespace {

nlohmann::json tally_state(const PlayerTally& p) {
  return {{"code", p.code},
          {"wins", p.wins},
          {"played_black", p.played_black},
          {"played_white", p.played_white},
          {"wins_black", p.wins_black},
          {"wins_white", p.wins_white},
          {"forfeits", p.forfeits},
          {"forfeits_by_cause", p.forfeits_by_cause},
          {"cpu_total_s", p.cpu_total_s},
          {"cpu_games", p.cpu_games}};
}

void restore_tally(PlayerTally& p, const nlohmann::json& j) {
  if (j.at("code").get<std::string>() != p.code)
    throw std::invalid_argument("statistics of player " + j.at("code").get<std::string>() +
                                " where " + p.code + " was expected");
  p.wins = j.at("wins").get<double>();
  p.played_black = j.at("played_black").get<int>();
  p.played_white = j.at("played_white").get<int>();
  p.wins_black = j.at("wins_black").get<double>();
  p.wins_white = j.at("wins_white").get<double>();
  p.forfeits = j.at("forfeits").get<int>();
  p.forfeits_by_cause = j.at("forfeits_by_cause").get<std::map<std::string, int>>();
  p.cpu_total_s = j.at("cpu_total_s").get<double>();
  p.cpu_games = j.at("cpu_games").get<int>();
}

}  // namespace

nlohmann::json MatchupAccumulator::to_json() const {
  const MatchupStats& s = partial_;
  nlohmann::json open = nlohmann::json::array();
  for (const auto& [pair, half] : open_pairs_) open.push_back({pair, half});
  return {{"total", s.total},
          {"jigos", s.jigos},
          {"unknown", s.unknown},
          {"wins_black", s.wins_black},
          {"wins_white", s.wins_white},
          {"player_1", tally_state(s.player_1)},
          {"player_2", tally_state(s.player_2)},
          {"wdl", {wdl_.wins, wdl_.draws, wdl_.losses}},
          {"pairs", pairs_.counts()},
          {"open_pairs", open}};
}

MatchupAccumulator MatchupAccumulator::from_json(const nlohmann::json& j,
                                                 const std::string& player_1,
                                                 const std::string& player_2) {
  MatchupAccumulator a(player_1, player_2);
  try {
    MatchupStats& s = a.partial_;
    s.total = j.at("total").get<int>();
    s.jigos = j.at("jigos").get<int>();
    s.unknown = j.at("unknown").get<int>();
    s.wins_black = j.at("wins_black").get<double>();
    s.wins_white = j.at("wins_white").get<double>();
    restore_tally(s.player_1, j.at("player_1"));
    restore_tally(s.player_2, j.at("player_2"));
    const auto wdl = j.at("wdl").get<std::array<std::int64_t, 3>>();
    a.wdl_ = {wdl[0], wdl[1], wdl[2]};
    const auto p = j.at("pairs").get<std::array<std::int64_t, 5>>();
    a.pairs_ = {p[0], p[1], p[2], p[3], p[4]};
    for (const auto& entry : j.at("open_pairs"))
      a.open_pairs_[entry.at(0).get<std::int64_t>()] = entry.at(1).get<int>();
    if (s.total < 0 || a.wdl_.games() + s.unknown != s.total ||
        2 * a.pairs_.pairs() + static_cast<std::int64_t>(a.open_pairs_.size()) != a.wdl_.games())
      throw std::invalid_argument("the counts do not add up");
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("malformed matchup statistics: ") + e.what());
  }
  return a;
}

}  // namespace rm::comp
