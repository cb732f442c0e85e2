// One competition type as a whole: its settings (read by the control layer), its class, its
// line in the live view, for the mc_tuner its listing of candidates, and for the tuners their
// presets in the simulation bench. Every type is registered in one place,
// competition_types.cpp; the control file reader, the factory, the live view, the candidates
// command and ringmaster-simulate find them there by name.
#pragma once

#include <yaml-cpp/yaml.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/settings_type.hpp"

namespace rm::comp {

struct CompetitionType {
  rm::control::SettingsType settings;  // its name, its own settings and their reader
  std::unique_ptr<Competition> (*make)(const rm::control::ControlFile& cf) = nullptr;
  // The live view's lines from the type's json_report() ("best now: ...", Elo per matchup).
  std::vector<std::string> (*live_lines)(const nlohmann::json& report) = nullptr;
  // `ringmaster FILE candidates`; null for a type without a fixed set of candidates.
  std::string (*describe_candidates)(const rm::control::ControlFile& cf) = nullptr;
  // The simulation bench (ringmaster-simulate, docs/simulation.md): the settings of the preset
  // `name` for parameters x1..xd whose engine values are on [-1, 1], as a user would write
  // them; nullopt when `name` is not one of this type's presets. Null: the type has none.
  std::optional<YAML::Node> (*simulation_preset)(const std::string& name, int dims) = nullptr;
  // Sets how long a simulated run is, so that it plays about `games` tuning games; null: it
  // sets number_of_games.
  void (*set_simulation_games)(YAML::Node& settings, int games) = nullptr;

  const std::string& name() const { return settings.name; }
};

// For CompetitionType::make.
template <class ACompetition>
std::unique_ptr<Competition> make_competition_of(const rm::control::ControlFile& cf) {
  return std::make_unique<ACompetition>(cf);
}

// Every type, in the order the "unknown competition type" suggestion considers them
// (competition_types.cpp).
const std::vector<CompetitionType>& competition_types();

// The type named `name`; null if there is none.
const CompetitionType* find_competition_type(const std::string& name);

// rm::control::load_control_file knowing every registered type: reads and checks the file;
// pure apart from reading it (and candidate template files). Throws rm::control::ConfigError.
rm::control::ControlFile load_control_file(const std::string& path);

}  // namespace rm::comp
