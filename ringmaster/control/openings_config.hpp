#pragma once
// The `openings` setting: opening positions loaded from SGF files, and how games are given
// them (docs/openings.md).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/game/opening.hpp"

namespace rm::control {

enum class OpeningOrder { Sequential, Random };

struct OpeningsSettings {
  std::string sgf;                          // the file or directory, as written
  std::vector<rm::game::Opening> openings;  // in file order (a directory: files by name)
  std::optional<int> moves;                 // the first N moves of each record; none: all
  OpeningOrder order = OpeningOrder::Sequential;
  std::uint64_t seed = 0;  // for order: random
  // Each opening is played twice with colours swapped (games 2k and 2k+1 share opening k).
  bool pairs = true;
  bool report = false;  // results per opening in the reports
};

}  // namespace rm::control
