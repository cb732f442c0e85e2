// Tournament's persistent state, its restore (with gomill's rules on control-file changes
// between runs) and the rebuilding of per-matchup results from the stored games.
#include <algorithm>
#include <stdexcept>

#include "ringmaster/competitions/tournaments/tournament.hpp"

namespace rm::comp {
namespace {

constexpr int kStateFormat = 1;
// statistics(): per-matchup accumulators and the players' descriptions. Another number makes
// restore_statistics() refuse them, and the session rebuilds them from the games.
constexpr int kStatisticsFormat = 2;  // 2: with the results per opening

nlohmann::json matchup_state(const Tournament::Matchup& m) {
  const auto& s = m.settings;
  return {
      {"id", s.id},
      {"name", s.name},
      {"player_1", s.player_1},
      {"player_2", s.player_2},
      {"alternating", s.alternating},
      {"board_size", s.game.board_size},
      {"komi", s.game.komi},
      {"handicap", s.game.handicap},
      {"handicap_style", s.game.handicap_style == rm::game::HandicapStyle::Free ? "free" : "fixed"},
      {"numbers", m.numbers.to_json()},
      {"id_digits", m.id_digits}};
}

// A matchup that has left the control file keeps its games in reports, and plays no more.
Tournament::Matchup ghost_from_state(const nlohmann::json& j) {
  Tournament::Matchup m;
  m.is_ghost = true;
  auto& s = m.settings;
  s.id = j.at("id").get<std::string>();
  s.name = j.at("name").get<std::string>();
  s.player_1 = j.at("player_1").get<std::string>();
  s.player_2 = j.at("player_2").get<std::string>();
  s.alternating = j.at("alternating").get<bool>();
  s.game.board_size = j.at("board_size").get<int>();
  s.game.komi = j.at("komi").get<double>();
  s.game.handicap = j.at("handicap").get<int>();
  s.game.handicap_style = j.at("handicap_style").get<std::string>() == "free"
                              ? rm::game::HandicapStyle::Free
                              : rm::game::HandicapStyle::Fixed;
  m.numbers = GameNumbers::from_json(j.at("numbers"));
  m.id_digits = j.value("id_digits", std::size_t{1});
  m.accumulator = MatchupAccumulator(s.player_1, s.player_2);
  return m;
}

}  // namespace

nlohmann::json Tournament::definition() const {
  // Everything that may change between runs is checked by restore() with gomill's rules.
  return {{"competition_type", cf_.competition_type}};
}

nlohmann::json Tournament::state() const {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& m : matchups_) list.push_back(matchup_state(m));
  nlohmann::json state{{"format", kStateFormat}, {"matchups", list}};
  add_extra_state(state);
  return state;
}

void Tournament::restore(const nlohmann::json& state) {
  try {
    if (!state.is_object() || state.value("format", 0) != kStateFormat)
      throw IncompatibleState("incompatible stored state (not a tournament state of format " +
                              std::to_string(kStateFormat) + ")");
    restore_extra(state);
    std::vector<Matchup> ghosts;
    for (const auto& stored : state.at("matchups")) {
      const std::string id = stored.at("id").get<std::string>();
      auto current = std::find_if(matchups_.begin(), matchups_.end(), [&](const Matchup& m) {
        return !m.is_ghost && m.settings.id == id;
      });
      GameNumbers numbers = GameNumbers::from_json(stored.at("numbers"));
      if (current == matchups_.end()) {
        ghosts.push_back(ghost_from_state(stored));
        continue;
      }
      const std::string p1 = stored.at("player_1").get<std::string>();
      const std::string p2 = stored.at("player_2").get<std::string>();
      if (numbers.issued() > 0 &&
          (p1 != current->settings.player_1 || p2 != current->settings.player_2))
        throw IncompatibleState("existing results for matchup " + id +
                                " are inconsistent with control file:\nresult players are " + p1 +
                                "," + p2 + ";\ncontrol file players are " +
                                current->settings.player_1 + "," + current->settings.player_2);
      current->numbers = numbers;
      // Kept from the matchup's first run (states written before it was stored: the
      // current number_of_games's, as then).
      if (numbers.issued() > 0 && stored.contains("id_digits")) {
        const auto digits = stored.at("id_digits").get<std::size_t>();
        if (digits < 1 || digits > 10)
          throw IncompatibleState("stored matchup " + id + " has game ids of " +
                                  std::to_string(digits) + " digits");
        current->id_digits = digits;
      }
    }
    for (auto& g : ghosts) matchups_.push_back(std::move(g));
  } catch (const nlohmann::json::exception& e) {
    throw IncompatibleState(std::string("corrupt stored tournament state: ") + e.what());
  } catch (const std::invalid_argument& e) {
    throw IncompatibleState(std::string("corrupt stored tournament state: ") + e.what());
  }
}

void Tournament::restore_games(const std::vector<rm::game::GameResult>& games) {
  for (auto& m : matchups_)
    m.accumulator = MatchupAccumulator(m.settings.player_1, m.settings.player_2);
  descriptions_.clear();
  opening_counts_.clear();
  for (const auto& r : games) {
    int number = 0;
    Matchup* m = matchup_of_game(r.game_id, &number);
    if (m == nullptr)
      throw IncompatibleState("stored game " + r.game_id + " belongs to no matchup");
    record(*m, r, number);
  }
  for (auto& m : matchups_) update_sprt(m);
}

nlohmann::json Tournament::statistics() const {
  nlohmann::json matchups = nlohmann::json::object();
  for (const auto& m : matchups_)
    if (m.accumulator.games() > 0) matchups[m.settings.id] = m.accumulator.to_json();
  return {{"format", kStatisticsFormat},
          {"matchups", matchups},
          {"descriptions", descriptions_},
          {"openings", opening_counts_to_json(opening_counts_)}};
}

bool Tournament::restore_statistics(const nlohmann::json& statistics) {
  if (!statistics.is_object() || statistics.value("format", 0) != kStatisticsFormat) return false;
  try {
    std::vector<MatchupAccumulator> restored;
    const auto& stored = statistics.at("matchups");
    std::size_t found = 0;
    for (const auto& m : matchups_) {
      const auto entry = stored.find(m.settings.id);
      if (entry == stored.end()) {
        restored.emplace_back(m.settings.player_1, m.settings.player_2);
        continue;
      }
      restored.push_back(
          MatchupAccumulator::from_json(*entry, m.settings.player_1, m.settings.player_2));
      ++found;
    }
    // Games of a matchup that is not in the state: rebuilding says which game is astray.
    if (found != stored.size()) return false;
    auto descriptions = statistics.at("descriptions").get<std::map<std::string, std::string>>();
    auto openings = opening_counts_from_json(statistics.at("openings"));
    for (std::size_t i = 0; i < matchups_.size(); ++i)
      matchups_[i].accumulator = std::move(restored[i]);
    descriptions_ = std::move(descriptions);
    opening_counts_ = std::move(openings);
  } catch (const nlohmann::json::exception&) {
    return false;
  } catch (const std::invalid_argument&) {
    return false;
  }
  for (auto& m : matchups_) update_sprt(m);
  return true;
}

}  // namespace rm::comp
