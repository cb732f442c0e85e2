// Competitions of each type filled with made-up games through the real session and store, as
// `run` commits them (and as bench/million_games/make_games does at scale).
#pragma once

#include <filesystem>
#include <random>
#include <string>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/competition_paths.hpp"
#include "ringmaster/run/competition_session.hpp"
#include "ringmaster/run/line_file.hpp"
#include "tests/support/temp_dir.hpp"

namespace rm::scale::test {

inline const char* const kTypes[] = {"playoff", "allplayall", "mc_tuner", "ce_tuner",
                                     "model_tuner"};

// Copies bench/million_games/controls/<type>.yaml into `dir`; returns the control file's path.
inline std::string copy_control(const rm::test::TempDir& dir, const std::string& type) {
  std::string target = dir.file(type + ".yaml");
  std::filesystem::copy_file(
      std::string(RM_SOURCE_DIR) + "/bench/million_games/controls/" + type + ".yaml", target);
  return target;
}

// Every kind of result the statistics tally: wins by resignation and on points, jigos,
// forfeits with a cause, unknown results, with and without CPU times.
inline rm::game::GameResult made_up(const rm::game::GameJob& job, std::mt19937& rng) {
  rm::game::GameResult r;
  r.game_id = job.game_id;
  r.black_code = job.black.code;
  r.white_code = job.white.code;
  switch (std::uniform_int_distribution<int>(0, 5)(rng)) {
    case 0:
      r.winner = "b";
      r.sgf_result = "B+R";
      break;
    case 1:
      r.winner = "w";
      r.sgf_result = "W+3.5";
      r.margin = 3.5;
      break;
    case 2:
      r.is_jigo = true;
      r.sgf_result = "0";
      break;
    case 3:
      r.winner = "w";
      r.sgf_result = "W+F";
      r.is_forfeit = true;
      r.forfeit_cause = "timeout";
      break;
    case 4:
      r.sgf_result = "?";
      break;
    default:
      r.winner = "b";
      r.sgf_result = "B+12.5";
      r.margin = 12.5;
      break;
  }
  if (std::uniform_int_distribution<int>(0, 3)(rng) != 0) {
    r.black_cpu_s = 0.125 * std::uniform_int_distribution<int>(1, 9)(rng);
    r.white_cpu_s = 0.1 * std::uniform_int_distribution<int>(1, 9)(rng);
  }
  r.move_count = 75;
  r.black_long_description = job.black.code + " engine";
  r.white_long_description = job.white.code + " engine";
  return r;
}

// Plays `games` made-up games in a run session of `control_path` (committed with the
// competition's statistics unless `with_statistics` is false), writing the history file.
inline void add_games(const std::string& control_path, int games, unsigned seed,
                      bool with_statistics = true) {
  const auto control = rm::comp::load_control_file(control_path);
  const auto paths = rm::run::CompetitionPaths::for_control_file(control_path);
  auto session = rm::run::open_for_run(control, paths);
  rm::run::LineFile history(paths.hist);
  std::mt19937 rng(seed);
  for (int i = 0; i < games; ++i) {
    auto request = session.competition->next_job();
    if (!request) throw std::logic_error("no job");
    const auto r = made_up(request->job, rng);
    const auto lines = session.competition->on_result(r);
    const auto chunk = session.competition->archive_chunk();
    session.store->commit_game(
        r, session.competition->state(), lines.history_line + "\n",
        with_statistics ? session.competition->statistics() : nlohmann::json(nullptr),
        chunk ? *chunk : nlohmann::json(nullptr));
    history.line(lines.history_line);
  }
}

}  // namespace rm::scale::test
