// The tuners the simulation bench runs: presets (mc8, mc16 ... mc_tuner with that split; ce,
// the ce_tuner; model, the model_tuner) or a user's control file, each turned into an ordinary
// control file whose candidates are the problem's points: parameters x1..xd whose engine
// values are the coordinates in [-1, 1], and a candidate command that carries them as
// arguments. The competition classes run unchanged on it.
#pragma once

#include <cstdint>
#include <string>

#include "ringmaster/control/control_file.hpp"

namespace rm::simulation {

// `tuner`: a preset name or the path of a YAML control file (its tuner settings are kept; its
// players, opponent, candidate, number of games and seed are replaced, validation dropped; its
// parameters must be as many as the problem's dimensions and give engine values in [-1, 1]). Throws
// std::invalid_argument (unknown preset) or rm::control::ConfigError.
rm::control::ControlFile simulation_control_file(const std::string& tuner, int dims, int games);

// An spsa_tuner control file for ringmaster-simulate-spsa's runs: parameters x1..xd over
// [-1, 1] whose engine values are the coordinates (d = stated_elo's size), each with its stated
// Elo; head to head, or against player "opponent"; validation off.
struct SpsaControlSpec {
  std::vector<double> stated_elo;
  double precision = 1.0, confidence = 0.95;
  bool head_to_head = true;
  long number_of_games = 2;  // even
};
rm::control::ControlFile spsa_simulation_control_file(const SpsaControlSpec& spec);

// Sets the tuner's seed (every tuner type has one).
void set_seed(rm::control::ControlFile& control, std::uint64_t seed);

// The engine values of a candidate, from its command's arguments.
std::vector<double> candidate_point(const rm::game::PlayerSpec& candidate, int dims);

inline constexpr const char* kSimulatedOpponent = "opponent";

}  // namespace rm::simulation
