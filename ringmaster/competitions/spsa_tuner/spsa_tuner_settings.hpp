#pragma once
// The settings of an spsa_tuner competition (SPSA for many parameters, issue 31). Reading and
// checks: spsa_tuner_settings.cpp; every setting: docs/spsa-tuner.md.
#include <vector>

#include "ringmaster/competitions/range_parameter.hpp"
#include "ringmaster/control/tuner_config.hpp"

namespace rm::comp {

// How a pair is played (spsa_design.hpp's Protocol).
enum class SpsaMode {
  HeadToHead,       // theta+c*Delta against theta-c*Delta, two games with colours swapped
  AgainstOpponent,  // theta+c*Delta and theta-c*Delta each play one game against `opponent`
};

struct SpsaParameter : RangeParameter {
  double start = 0.0;  // normalised, in [-1, 1]: the engine value the tuning starts from
  double elo = 0.0;    // the Elo the engine is expected to lose half a range from the optimum
};

// TunerSettings::opponent is empty in head to head (the tuner shell's tuner without one).
struct SpsaTunerSettings : rm::control::TunerSettings {
  int number_of_games = 0;  // the budget: even, fixed for the run (the design depends on it)
  SpsaMode mode = SpsaMode::HeadToHead;
  std::vector<SpsaParameter> parameters;
  double precision = 0.0;    // the final Elo loss to stay within...
  double confidence = 0.95;  // ...with this probability

  std::vector<RangeParameter> ranges() const {
    return std::vector<RangeParameter>(parameters.begin(), parameters.end());
  }
};

inline constexpr int kMaxSpsaParameters = 64;

}  // namespace rm::comp
