// Small control files of every tuner type for the tests of `ringmaster FILE simulate`: real
// settings and ranges, short budgets, engines that are never started.
#pragma once

#include <string>

namespace rm::simulation::test {

inline const std::string kOpponent =
    "players:\n  opp:\n    command: \"ringbot --playouts 100\"\n"
    "board_size: 9\nkomi: 7.5\nopponent: opp\n";

inline std::string mc_tuner_file(int games = 200) {
  return "competition_type: mc_tuner\n" + kOpponent +
         "candidate_colour: b\nnumber_of_games: " + std::to_string(games) +
         "\nexploration_coefficient: 0.45\ninitial_visits: 10\ninitial_wins: 5\nmax_depth: 1\n"
         "seed: 4\nparameters:\n"
         "  - {code: c, scale: \"LINEAR(0.1, 1.5)\", split: 8}\n"
         "  - {code: et, scale: {expression: \"2^(4*x)\", integer: true}, split: 4}\n"
         "candidate:\n  command: \"ringbot --uct_c {c} --expand {et}\"\n";
}

inline std::string ce_tuner_file() {
  return "competition_type: ce_tuner\n" + kOpponent +
         "candidate_colour: random\nsamples_per_generation: 10\nbatch_size: 4\n"
         "number_of_generations: 3\nelite_proportion: 0.2\nstep_size: 0.6\nseed: 2\n"
         "parameters:\n"
         "  - {code: pl, initial_mean: 1.8, initial_variance: 0.09,\n"
         "     transform: {expression: \"min(2000, max(4, 10^x))\", integer: true}}\n"
         "  - {code: c, initial_mean: 0.7, initial_variance: 0.04}\n"
         "candidate:\n  command: [\"ringbot\", \"{pl}\", \"{c}\"]\n";
}

inline std::string model_tuner_file() {
  return "competition_type: model_tuner\n" + kOpponent +
         "candidate_colour: random\nnumber_of_games: 150\nseed: 42\nparameters:\n"
         "  - {code: c, lower: 0.1, upper: 1.5}\n"
         "  - {code: et, lower: 1, upper: 16, scale: LOG, integer: true}\n"
         "candidate:\n  command: \"ringbot --uct_c {c} --expand {et}\"\n";
}

// Against the opponent, or head to head (no opponent) with validation rounds to skip.
inline std::string spsa_tuner_file(bool head_to_head, int games = 400) {
  std::string text = "competition_type: spsa_tuner\n";
  text += head_to_head ? "board_size: 9\nkomi: 7.5\nvalidation: {every: 100, games: 10}\n"
                       : kOpponent + "mode: against_opponent\ncandidate_colour: random\n";
  return text + "number_of_games: " + std::to_string(games) + "\nprecision: 5\nseed: 1\n" +
         "parameters:\n"
         "  - {code: c, lower: 0.1, upper: 2.0, start: 1.8, elo: 20}\n"
         "  - {code: et, lower: 1, upper: 64, scale: LOG, integer: true, start: 40, elo: 20}\n"
         "candidate:\n  command: [\"ringbot\", \"--uct_c\", \"{c}\", \"--expand\", \"{et}\"]\n";
}

// One parameter, its start at the lower end: for checks that the tuner moves towards the truth.
inline std::string spsa_one_parameter_file(int games) {
  return "competition_type: spsa_tuner\nboard_size: 9\nkomi: 7.5\nnumber_of_games: " +
         std::to_string(games) +
         "\nprecision: 5\nseed: 1\nparameters:\n"
         "  - {code: c, lower: 0, upper: 1, start: 0, elo: 100}\n"
         "candidate:\n  command: [\"ringbot\", \"{c}\"]\n";
}

}  // namespace rm::simulation::test
