// A player running the scripted test engine (tests/engines/scripted_engine.cpp) with the given
// flags, and test timeouts: 10 s to start and per command, genmove_s per move, 1 s to quit.
// RM_BIN_DIR is set for every test target (tests/CMakeLists.txt).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ringmaster/game/game_job.hpp"

namespace rm::test {

inline const std::string kScriptedEngine = std::string(RM_BIN_DIR) + "/scripted_engine";

inline rm::game::PlayerSpec scripted_player(const std::string& code,
                                            std::vector<std::string> flags = {},
                                            double genmove_s = 10) {
  rm::game::PlayerSpec p;
  p.code = code;
  p.engine.name = code;
  p.engine.process.argv = {kScriptedEngine};
  for (auto& f : flags) p.engine.process.argv.push_back(std::move(f));
  p.engine.timeouts.startup_s = 10;
  p.engine.timeouts.genmove_s = genmove_s;
  p.engine.timeouts.other_s = 10;
  p.engine.timeouts.quit_s = 1;
  return p;
}

}  // namespace rm::test
