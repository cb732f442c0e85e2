// Shared pieces of the games tests: scratch directories, scripted engines and GNU Go as
// players, a job on a small board, reading files.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "ringmaster/game/game_job.hpp"
#include "tests/support/scratch_files.hpp"
#include "tests/support/scripted_player.hpp"

namespace rm::games_test {

inline const std::string& kScripted = rm::test::kScriptedEngine;
inline const std::string kGnugo = "/usr/games/gnugo";

inline bool have(const std::string& path) {
  return ::access(path.c_str(), X_OK) == 0;
}

inline std::filesystem::path scratch(const std::string& name) {
  return rm::test::scratch_dir("rm_games_test", name);
}

inline rm::game::PlayerSpec scripted(const std::string& code, std::vector<std::string> flags = {}) {
  return rm::test::scripted_player(code, std::move(flags), /*genmove_s=*/30);
}

inline rm::gtp::EngineSpec gnugo_engine() {
  rm::gtp::EngineSpec e;
  e.name = "gnugo";
  e.process.argv = {kGnugo, "--mode", "gtp", "--level", "1"};
  e.timeouts.quit_s = 2;
  return e;
}

inline rm::game::GameJob job_for(const std::string& id, rm::game::PlayerSpec black,
                                 rm::game::PlayerSpec white, const std::filesystem::path& dir,
                                 int size = 5) {
  rm::game::GameJob job;
  job.game_id = id;
  job.competition_code = "games";
  job.black = std::move(black);
  job.white = std::move(white);
  job.settings.board_size = size;
  job.settings.komi = 7.5;
  job.settings.move_limit = 200;
  job.sgf_dir = dir.string();
  job.void_sgf_dir = dir.string();
  job.gtp_log_path = (dir / (id + ".gtp")).string();
  return job;
}

inline std::string slurp(const std::filesystem::path& p) {
  return rm::test::read_whole_file(p);
}

}  // namespace rm::games_test
