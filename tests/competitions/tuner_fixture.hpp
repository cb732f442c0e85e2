// Builds mc_tuner control files in memory (no YAML) and feeds results, for the tests.
#pragma once

#include <filesystem>
#include <random>
#include <string>

#include "ringmaster/competitions/mc_tuner/mc_tuner.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tuner_settings.hpp"
#include "ringmaster/control/control_file.hpp"
#include "scales/scale.hpp"
#include "tests/support/temp_dir.hpp"

namespace rm::comp::test {

using TempDir = rm::test::TempDir;

inline rm::scales::Parameter linear_parameter(const std::string& code, double lo, double hi,
                                              int split) {
  rm::scales::Parameter p;
  p.code = code;
  p.scale = rm::scales::make_linear(lo, hi, true);
  p.split = split;
  p.format = code + ": %s";
  return p;
}

// An mc_tuner on 9x9 against "opp", tuning pl = LINEAR(0, 10, integer) split 5 -> 1,3,5,7,9.
inline rm::control::ControlFile make_control(const std::string& directory,
                                             std::uint64_t seed = 42) {
  rm::control::ControlFile cf;
  cf.path = directory + "/tune.yaml";
  cf.directory = directory;
  cf.code = "tune";
  cf.competition_type = "mc_tuner";
  cf.common.description = "A test tuning event.";
  cf.game.board_size = 9;
  cf.game.komi = 7.5;
  rm::game::PlayerSpec opponent;
  opponent.code = "opp";
  opponent.engine.name = "opp";
  opponent.engine.process.argv = {"/usr/games/gnugo", "--mode", "gtp"};
  cf.players["opp"] = opponent;
  rm::comp::McTunerSettings s;
  s.number_of_games = 100;
  s.candidate_colour = rm::control::CandidateColour::Black;
  s.opponent = "opp";
  s.parameters = {linear_parameter("pl", 0, 10, 5)};
  s.candidate.command = {"/bin/ringbot", "--playouts", "{pl}"};
  s.candidate.parameters = s.parameters;
  s.candidate.directory = directory;
  s.exploration_coefficient = 0.5;
  s.initial_visits = 2;
  s.initial_wins = 1;
  s.max_depth = 1;
  s.seed = seed;
  cf.competition = s;
  return cf;
}

inline rm::comp::McTunerSettings& mc(rm::control::ControlFile& cf) {
  return cf.settings<rm::comp::McTunerSettings>();
}

// The result of a job: the candidate wins or loses (or a jigo when `jigo`).
inline rm::game::GameResult result_for(const rm::game::GameJob& job, bool candidate_wins,
                                       bool jigo = false) {
  rm::game::GameResult r;
  r.game_id = job.game_id;
  r.black_code = job.black.code;
  r.white_code = job.white.code;
  const bool candidate_is_black = job.black.code != "opp";
  if (jigo) {
    r.is_jigo = true;
    r.sgf_result = "0";
  } else {
    const bool black_wins = candidate_wins == candidate_is_black;
    r.winner = black_wins ? "b" : "w";
    r.sgf_result = black_wins ? "B+R" : "W+12.5";
  }
  (candidate_is_black ? r.white_long_description : r.black_long_description) =
      "Opponent Engine 1.0";
  return r;
}

inline rm::game::GameResult void_for(const rm::game::GameJob& job) {
  rm::game::GameResult r;
  r.game_id = job.game_id;
  r.black_code = job.black.code;
  r.white_code = job.white.code;
  r.is_void = true;
  r.void_reason = "engine exited";
  r.sgf_result = "Void";
  return r;
}

}  // namespace rm::comp::test
