#pragma once
// Reading the `openings` mapping and loading its SGF files. Internal to rm_control.
#include "ringmaster/control/openings_config.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control::detail {

// Loads every opening for `board_size`. A file that is not SGF, a record for another board
// size, or an illegal move is a ConfigError "<sgf file>:<line>:<column>: openings: <what>";
// the setting's own problems name the control file's position as usual.
OpeningsSettings read_openings(const Reader& r, const Field& f, const std::string& directory,
                               int board_size);

}  // namespace rm::control::detail
