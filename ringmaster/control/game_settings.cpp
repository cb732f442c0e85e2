// Reading game settings.
#include "ringmaster/control/game_settings.hpp"

#include "ringmaster/control/adjudication_settings.hpp"
#include "ringmaster/control/time_control_settings.hpp"

namespace rm::control::detail {

const std::vector<std::string>& game_setting_keys() {
  static const std::vector<std::string> keys{"board_size",
                                             "komi",
                                             "handicap",
                                             "handicap_style",
                                             "move_limit",
                                             "scorer",
                                             "internal_scorer_handicap_compensation",
                                             "suicide",
                                             "time_control",
                                             "time_margin",
                                             "adjudication"};
  return keys;
}

int max_handicap(rm::game::HandicapStyle style, int board_size) {
  if (style == rm::game::HandicapStyle::Free) return board_size * board_size - 1;
  if (board_size <= 7) return 0;
  return board_size % 2 == 0 ? 4 : 9;
}

namespace {

std::optional<Field> find_in(const std::vector<const Mapping*>& layers, const std::string& key) {
  for (const Mapping* layer : layers)
    if (auto f = layer->find(key)) return f;
  return std::nullopt;
}

}  // namespace

rm::game::GameSettings read_game_settings(
    const Reader& r, const std::vector<const Mapping*>& layers,
    const std::map<std::string, rm::game::PlayerSpec>* players) {
  rm::game::GameSettings g;
  const Mapping& innermost = *layers.front();
  const auto require = [&](const std::string& key) {
    if (auto f = find_in(layers, key)) return *f;
    return innermost.require(key);  // fails: "<setting>.<key>: not specified"
  };
  Field size = require("board_size");
  long long n = read_int(r, size);
  if (n < 2) r.fail(size, "too small (board_size is 2..25)");
  if (n > 25) r.fail(size, "too large (board_size is 2..25)");
  g.board_size = static_cast<int>(n);
  g.komi = read_number(r, require("komi"));
  if (auto f = find_in(layers, "handicap_style"))
    g.handicap_style = read_enum(r, *f, {"fixed", "free"}) == "free"
                           ? rm::game::HandicapStyle::Free
                           : rm::game::HandicapStyle::Fixed;
  if (auto f = find_in(layers, "handicap")) {
    long long h = read_int(r, *f);
    if (h < 2) r.fail(*f, "handicap too small (none, or at least 2)");
    if (h > max_handicap(g.handicap_style, g.board_size)) {
      const char* style = g.handicap_style == rm::game::HandicapStyle::Free ? "free" : "fixed";
      r.fail(*f, std::string(style) + " handicap out of range for board size " +
                     std::to_string(g.board_size));
    }
    g.handicap = static_cast<int>(h);
  }
  if (auto f = find_in(layers, "move_limit")) g.move_limit = read_positive_int(r, *f);
  if (auto f = find_in(layers, "scorer"))
    g.scorer = read_enum(r, *f, {"players", "internal"}) == "internal" ? rm::game::Scorer::Internal
                                                                       : rm::game::Scorer::Players;
  if (auto f = find_in(layers, "internal_scorer_handicap_compensation")) {
    std::string v = read_enum(r, *f, {"no", "full", "short"});
    g.internal_scorer_handicap_compensation = v == "no"     ? rm::game::HandicapCompensation::No
                                              : v == "full" ? rm::game::HandicapCompensation::Full
                                                            : rm::game::HandicapCompensation::Short;
  }
  if (auto f = find_in(layers, "suicide"))
    g.suicide = read_enum(r, *f, {"allowed", "forfeit"}) == "forfeit"
                    ? rm::game::SuicideRule::Forfeit
                    : rm::game::SuicideRule::Allowed;
  if (auto f = find_in(layers, "time_control")) g.time_control = read_time_control(r, *f);
  if (auto f = find_in(layers, "time_margin")) {
    g.time_margin_s = read_number(r, *f);
    if (!(g.time_margin_s >= 0) || g.time_margin_s > 3600)
      r.fail(*f, "must be a number of seconds between 0 and 3600");
  }
  if (auto f = find_in(layers, "adjudication")) g.adjudication = read_adjudication(r, *f, players);
  return g;
}

rm::game::GameSettings read_game_settings(
    const Reader& r, const Mapping& top,
    const std::map<std::string, rm::game::PlayerSpec>* players) {
  return read_game_settings(r, std::vector<const Mapping*>{&top}, players);
}

}  // namespace rm::control::detail
