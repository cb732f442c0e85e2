// What `ringmaster FILE candidates` prints under a candidate (the mc_tuner's grid and the
// other tuners' start, recommendation and given values share it): the full command, the
// startup commands, the environment and the files rendered for it.
#pragma once

#include <string>
#include <vector>

#include "ringmaster/control/candidate_template.hpp"
#include "ringmaster/game/game_job.hpp"

namespace rm::comp {

// "  command: ...\n", then a line per startup command, environment entry and file
// ("  file: <path> (<n> bytes)").
std::string candidate_player_lines(const rm::game::PlayerSpec& spec,
                                   const std::vector<rm::control::RenderedFile>& files);

}  // namespace rm::comp
