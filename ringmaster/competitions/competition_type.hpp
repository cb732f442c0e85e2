// One competition type as a whole: its settings (read by the control layer), its class, its
// line in the live view and, for the mc_tuner, its listing of candidates. Every type is
// registered in one place, competition_types.cpp; the control file reader, the factory, the
// live view and the candidates command find them there by name.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
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
