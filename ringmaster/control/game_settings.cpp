// Reading game settings.
#include "ringmaster/control/game_settings.hpp"

namespace rm::control::detail {

const std::vector<std::string>& game_setting_keys() {
  static const std::vector<std::string> keys{"board_size", "komi", "handicap", "handicap_style",
                                             "move_limit", "scorer", "internal_scorer_handicap_compensation"};
  return keys;
}

int max_handicap(rm::game::HandicapStyle style, int board_size) {
  if (style == rm::game::HandicapStyle::Free) return board_size * board_size - 1;
  if (board_size <= 7) return 0;
  return board_size % 2 == 0 ? 4 : 9;
}

rm::game::GameSettings read_game_settings(const Reader& r, const Mapping& top) {
  rm::game::GameSettings g;
  Field size = top.require("board_size");
  long long n = read_int(r, size);
  if (n < 2) r.fail(size, "too small (board_size is 2..25)");
  if (n > 25) r.fail(size, "too large (board_size is 2..25)");
  g.board_size = static_cast<int>(n);
  g.komi = read_number(r, top.require("komi"));
  if (auto f = top.find("handicap_style"))
    g.handicap_style = read_enum(r, *f, {"fixed", "free"}) == "free" ? rm::game::HandicapStyle::Free
                                                                     : rm::game::HandicapStyle::Fixed;
  if (auto f = top.find("handicap")) {
    long long h = read_int(r, *f);
    if (h < 2) r.fail(*f, "handicap too small (none, or at least 2)");
    if (h > max_handicap(g.handicap_style, g.board_size)) {
      const char* style = g.handicap_style == rm::game::HandicapStyle::Free ? "free" : "fixed";
      r.fail(*f, std::string(style) + " handicap out of range for board size " + std::to_string(g.board_size));
    }
    g.handicap = static_cast<int>(h);
  }
  if (auto f = top.find("move_limit")) g.move_limit = read_positive_int(r, *f);
  if (auto f = top.find("scorer"))
    g.scorer = read_enum(r, *f, {"players", "internal"}) == "internal" ? rm::game::Scorer::Internal
                                                                        : rm::game::Scorer::Players;
  if (auto f = top.find("internal_scorer_handicap_compensation")) {
    std::string v = read_enum(r, *f, {"no", "full", "short"});
    g.internal_scorer_handicap_compensation = v == "no"     ? rm::game::HandicapCompensation::No
                                              : v == "full" ? rm::game::HandicapCompensation::Full
                                                            : rm::game::HandicapCompensation::Short;
  }
  return g;
}

}  // namespace rm::control::detail
