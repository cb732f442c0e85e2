// SGF records of counted games that could not be written when the games were played (a
// read-only or full directory: the run halted, the text kept in the database) are written
// out at the start of the next run, and their rows updated.
#pragma once

#include <string>
#include <vector>

#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/store/store.hpp"

namespace rm::run {

// Writes every waiting record to <code>.games/<game id>.sgf; returns lines for the log (one
// per record written or still failing). A record that still cannot be written waits for the
// next run.
std::vector<std::string> write_unwritten_records(rm::store::Store& store,
                                                 const CompetitionPaths& paths);

}  // namespace rm::run
