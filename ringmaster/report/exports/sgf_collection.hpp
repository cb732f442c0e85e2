// `report --sgf-collection FILE`: every finished game's SGF record, in commit order, as one
// SGF collection (the game trees one after another, which SGF readers take as one file).
#pragma once

#include <string>
#include <vector>

#include "ringmaster/report/report_inputs.hpp"

namespace rm::report {

struct SgfCollection {
  std::string text;                  // the collection; "" when no record was found
  int games = 0;                     // records included
  std::vector<std::string> missing;  // game ids with no record (not recorded, or file gone)
};

// Reads each game's record from its sgf_path, or takes the text kept in the database when
// the file could not be written.
SgfCollection sgf_collection(const std::vector<GameRecord>& games);

}  // namespace rm::report
