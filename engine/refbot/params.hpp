#pragma once
// The engine's tunable parameters: each is a command-line option `--name value` and is
// settable over GTP with `ringbot-set_param name value`.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/refbot/playout.hpp"

namespace rm::refbot {

// Random: a uniformly random legal non-eye move (the playout policy), a baseline opponent.
enum class SearchMode { Flat, Uct, Random };

struct Params {
  SearchMode search = SearchMode::Uct;
  int playouts = 1000;          // per move (when time_per_move is 0)
  double time_per_move = 0;     // seconds; 0 = stop by playouts
  double uct_c = 0.7;           // exploration constant
  int expand_threshold = 2;     // visits a leaf needs before it is expanded
  double fpu = 1.1;             // value of an unvisited child (first-play urgency)
  double rave_equiv = 0;        // RAVE equivalence parameter; 0 = no RAVE
  double resign_threshold = 0;  // resign below this win rate; 0 = never
  std::uint64_t seed = 0;       // 0 = seeded from the clock
  // Pass in reply to a pass when the area score (all stones alive) already wins; off by
  // default because the reference-bot rules never pass while a non-eye move exists.
  bool pass_when_won = false;
  // The playout policy's feature weights (pw_capture, pw_save, pw_near_last, pw_contact,
  // pw_line1, pw_line2); all 1 keeps the reference bot's uniform playouts.
  PlayoutWeights weights;

  // Sets a parameter from text; returns an error message, or nullopt on success.
  std::optional<std::string> set(std::string_view name, std::string_view value);
  // The value as text, or nullopt for an unknown name.
  std::optional<std::string> get(std::string_view name) const;
  static const std::vector<std::string>& names();
};

}  // namespace rm::refbot
