// playoff and allplayall settings (gomill's Matchup, Competitor, rounds), plus our sprt.
#include "ringmaster/competitions/tournaments/tournament_settings.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "ringmaster/competitions/tournaments/allplayall.hpp"
#include "ringmaster/competitions/tournaments/playoff.hpp"
#include "ringmaster/control/game_settings.hpp"
#include "ringmaster/control/settings_type.hpp"

namespace rm::comp {
namespace {

using namespace rm::control;          // ControlFile
using namespace rm::control::detail;  // the YAML reader and its helpers

const std::vector<std::string>& playoff_keys() {
  static const std::vector<std::string> keys{"matchups",        "gauntlet", "alternating",
                                             "number_of_games", "sprt",     "rating_anchor",
                                             "anchor_rating"};
  return keys;
}

const std::vector<std::string>& allplayall_keys() {
  static const std::vector<std::string> keys{"competitors", "rounds", "sprt", "rating_anchor",
                                             "anchor_rating"};
  return keys;
}

std::string known_player(const Reader& r, const Field& f, const ControlFile& control) {
  std::string code = read_string(r, f);
  if (control.players.count(code) != 0) return code;
  std::vector<std::string> codes;
  for (const auto& [known, spec] : control.players) codes.push_back(known);
  std::string what = "unknown player " + code;
  if (auto near = nearest(code, codes)) what += " (did you mean '" + *near + "'?)";
  r.fail(f, what);
}

std::optional<int> read_number_of_games(const Reader& r, const Field& f) {
  return read_int_in(r, f, 0, 2147483647LL, "must be a non-negative integer");
}

// The keys a matchup mapping may hold: its own, the game settings and the defaults it overrides.
const std::vector<std::string>& matchup_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> k{"player_1",    "player_2",        "id",  "name",
                               "alternating", "number_of_games", "sprt"};
    k.insert(k.end(), game_setting_keys().begin(), game_setting_keys().end());
    return k;
  }();
  return keys;
}

// elo0 < elo1, alpha and beta in (0, 1) with alpha + beta < 1; alpha and beta default to 0.05;
// model normalized (the default) or logistic.
SprtSettings read_sprt(const Reader& r, const Field& f) {
  Mapping m(r, f, {"elo0", "elo1", "alpha", "beta", "model"});
  SprtSettings s;
  Field elo0 = m.require("elo0"), elo1 = m.require("elo1");
  s.elo0 = read_number(r, elo0);
  s.elo1 = read_number(r, elo1);
  if (!std::isfinite(s.elo0)) r.fail(elo0, "must be a finite number");
  if (!std::isfinite(s.elo1) || s.elo1 <= s.elo0)
    r.fail(elo1, "must be a finite number greater than elo0");
  for (auto [key, value] : {std::pair{"alpha", &s.alpha}, std::pair{"beta", &s.beta}}) {
    if (auto g = m.find(key)) {
      *value = read_number(r, *g);
      if (!(*value > 0.0 && *value < 1.0)) r.fail(*g, "must be between 0 and 1 (exclusive)");
    }
  }
  if (s.alpha + s.beta >= 1.0) r.fail(f, "alpha + beta must be less than 1");
  if (auto g = m.find("model"))
    s.model = *rm::stats::parse_sprt_model(read_enum(r, *g, {"normalized", "logistic"}));
  return s;
}

struct MatchupDefaults {
  bool alternating = false;
  std::optional<int> number_of_games;
  std::optional<SprtSettings> sprt;
};

MatchupSettings read_matchup(const Reader& r, const Field& item, std::size_t index,
                             const Mapping& top, const MatchupDefaults& defaults,
                             ControlFile& control) {
  MatchupSettings m;
  m.id = std::to_string(index);
  m.alternating = defaults.alternating;
  m.number_of_games = defaults.number_of_games;
  m.sprt = defaults.sprt;
  Field p1, p2;
  std::vector<const Mapping*> layers;
  std::optional<Mapping> own;
  if (item.node.IsSequence()) {
    // Shorthand: [player_1, player_2].
    auto players = sequence_items(r, item);
    if (players.size() != 2)
      r.fail(item, "a matchup given as a list must name exactly two players");
    p1 = players[0];
    p2 = players[1];
  } else {
    own.emplace(r, item, matchup_keys());
    p1 = own->require("player_1");
    p2 = own->require("player_2");
    if (auto f = own->find("id")) m.id = read_identifier(r, *f);
    if (auto f = own->find("name")) {
      m.name = read_string(r, *f);
      m.name_given = true;
    }
    if (auto f = own->find("alternating")) m.alternating = read_bool(r, *f);
    if (auto f = own->find("number_of_games")) m.number_of_games = read_number_of_games(r, *f);
    if (auto f = own->find("sprt")) m.sprt = read_sprt(r, *f);
    layers.push_back(&*own);
  }
  layers.push_back(&top);
  m.player_1 = known_player(r, p1, control);
  m.player_2 = known_player(r, p2, control);
  if (m.player_1 == m.player_2) {
    // gomill: the second of two identical players is a clone with its own code.
    m.player_2 = m.player_1 + "#2";
    rm::game::PlayerSpec clone = control.players.at(m.player_1);
    clone.code = m.player_2;
    control.players.emplace(m.player_2, clone);
  }
  if (m.name.empty()) m.name = m.player_1 + " v " + m.player_2;
  if (own) {
    m.game = read_game_settings(r, layers, &control.players);
  } else {
    // A list has no mapping to name in "not specified": report at the item.
    if (!top.find("board_size"))
      r.fail(item, "board_size not specified (for the matchup or at the top level)");
    if (!top.find("komi")) r.fail(item, "komi not specified (for the matchup or at the top level)");
    m.game = read_game_settings(r, top, &control.players);
  }
  return m;
}

RatingSettings read_ratings(const Reader& r, const Mapping& top, const ControlFile& control) {
  RatingSettings s;
  if (auto f = top.find("rating_anchor")) s.anchor = known_player(r, *f, control);
  if (auto f = top.find("anchor_rating")) {
    s.anchor_rating = read_number(r, *f);
    if (!std::isfinite(s.anchor_rating) || std::abs(s.anchor_rating) > 1e6)
      r.fail(*f, "must be a number between -1000000 and 1000000");
  }
  return s;
}

// The anchor must play in one of the matchups.
void check_playoff_anchor(const Reader& r, const Mapping& top, const PlayoffSettings& s) {
  if (!s.ratings.anchor) return;
  for (const auto& m : s.matchups)
    if (m.player_1 == *s.ratings.anchor || m.player_2 == *s.ratings.anchor) return;
  r.fail(*top.find("rating_anchor"), "the rating anchor must play in one of the matchups");
}

// `gauntlet: {player: P, opponents: [a, b, ...]}`: the matchups [P, a], [P, b], ... with
// the top-level settings. Each matchup's id is its opponent's code (a player code is an
// identifier), so that opponents can be added or removed between runs without moving ids.
std::vector<MatchupSettings> read_gauntlet(const Reader& r, const Field& f, const Mapping& top,
                                           const MatchupDefaults& defaults, ControlFile& control,
                                           std::string& player) {
  Mapping g(r, f, {"player", "opponents"});
  Field hero = g.require("player");
  player = known_player(r, hero, control);
  Field opponents = g.require("opponents");
  auto items = sequence_items(r, opponents);
  if (items.empty()) r.fail(opponents, "empty list");
  if (!top.find("board_size")) r.fail(f, "board_size not specified (at the top level)");
  if (!top.find("komi")) r.fail(f, "komi not specified (at the top level)");
  const rm::game::GameSettings game = read_game_settings(r, top);
  std::set<std::string> seen;
  std::vector<MatchupSettings> matchups;
  for (std::size_t i = 0; i < items.size(); ++i) {
    MatchupSettings m;
    m.player_1 = player;
    m.player_2 = known_player(r, items[i], control);
    m.id = m.player_2;
    if (m.player_2 == player) r.fail(items[i], "the gauntlet's player cannot be its own opponent");
    if (!seen.insert(m.player_2).second)
      r.fail(items[i], "duplicate opponent '" + m.player_2 + "'");
    m.name = m.player_1 + " v " + m.player_2;
    m.game = game;
    m.alternating = defaults.alternating;
    m.number_of_games = defaults.number_of_games;
    m.sprt = defaults.sprt;
    matchups.push_back(std::move(m));
  }
  return matchups;
}

PlayoffSettings read_playoff(const Reader& r, const Mapping& top, ControlFile& control) {
  MatchupDefaults defaults;
  if (auto f = top.find("alternating")) defaults.alternating = read_bool(r, *f);
  if (auto f = top.find("number_of_games")) defaults.number_of_games = read_number_of_games(r, *f);
  if (auto f = top.find("sprt")) defaults.sprt = read_sprt(r, *f);

  PlayoffSettings s;
  auto gauntlet = top.find("gauntlet");
  if (gauntlet && top.find("matchups"))
    r.fail(*gauntlet, "give either matchups or gauntlet, not both");
  if (gauntlet) {
    std::string player;
    s.matchups = read_gauntlet(r, *gauntlet, top, defaults, control, player);
    s.gauntlet_player = player;
    s.ratings = read_ratings(r, top, control);
    check_playoff_anchor(r, top, s);
    return s;
  }
  Field matchups = top.require("matchups");
  auto items = sequence_items(r, matchups);
  if (items.empty()) r.fail(matchups, "empty list");
  std::set<std::string> ids;
  for (std::size_t i = 0; i < items.size(); ++i) {
    MatchupSettings m = read_matchup(r, items[i], i, top, defaults, control);
    if (!ids.insert(m.id).second) r.fail(items[i], "duplicate matchup id '" + m.id + "'");
    s.matchups.push_back(std::move(m));
  }
  s.ratings = read_ratings(r, top, control);
  check_playoff_anchor(r, top, s);
  return s;
}

AllPlayAllSettings read_allplayall(const Reader& r, const Mapping& top,
                                   const ControlFile& control) {
  AllPlayAllSettings s;
  Field competitors = top.require("competitors");
  auto items = sequence_items(r, competitors);
  if (items.empty()) r.fail(competitors, "empty list");
  if (items.size() < 2) r.fail(competitors, "an all-play-all needs at least two competitors");
  // Letters A..Z then AA..ZZ: gomill's limit.
  constexpr std::size_t kMaxCompetitors = 26 * 27;
  if (items.size() > kMaxCompetitors)
    r.fail(competitors, "too many competitors (at most " + std::to_string(kMaxCompetitors) + ")");
  std::set<std::string> seen;
  for (const auto& item : items) {
    std::string code = known_player(r, item, control);
    if (!seen.insert(code).second) r.fail(item, "duplicate competitor '" + code + "'");
    s.competitors.push_back(code);
  }
  if (auto f = top.find("rounds")) s.rounds = read_number_of_games(r, *f);
  if (auto f = top.find("sprt")) s.sprt = read_sprt(r, *f);
  s.ratings = read_ratings(r, top, control);
  if (s.ratings.anchor && std::find(s.competitors.begin(), s.competitors.end(),
                                    *s.ratings.anchor) == s.competitors.end())
    r.fail(*top.find("rating_anchor"), "the rating anchor must be one of the competitors");
  return s;
}

// For SettingsType::read: a playoff's settings, and the game settings that stand for the
// competition's.
void store_playoff(const Reader& r, const Mapping& top, ControlFile& control) {
  control.competition = read_playoff(r, top, control);
  // The first matchup's settings stand for the competition's (one board size).
  control.game = control.settings<PlayoffSettings>().matchups.front().game;
}

std::vector<std::pair<std::string, const rm::game::GameSettings*>> playoff_matchup_games(
    const ControlFile& control) {
  std::vector<std::pair<std::string, const rm::game::GameSettings*>> games;
  for (const auto& m : control.settings<PlayoffSettings>().matchups)
    games.push_back({"matchup " + m.id, &m.game});
  return games;
}

}  // namespace

rm::control::SettingsType Playoff::settings_type() {
  return {.name = "playoff",
          .keys = playoff_keys(),
          .read = store_playoff,
          .matchup_games = playoff_matchup_games};
}

rm::control::SettingsType AllPlayAll::settings_type() {
  return {.name = "allplayall",
          .keys = allplayall_keys(),
          .handicap = false,
          .read = rm::control::store_settings<read_allplayall>};
}

}  // namespace rm::comp
