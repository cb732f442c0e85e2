#pragma once
// A competition's YAML control file, loaded into typed, range-checked settings.
// Format and every setting: docs/control-file.md.
// The settings particular to the competition type are held as they are (each type's struct is
// in its folder, competitions/<type>/); load_control_file is in settings_type.hpp, and the
// competitions layer's rm::comp::load_control_file passes it every registered type.
#include <any>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/control/candidate_template.hpp"
#include "ringmaster/control/config_error.hpp"
#include "ringmaster/control/executor_settings.hpp"
#include "ringmaster/control/openings_config.hpp"
#include "ringmaster/control/tuner_config.hpp"
#include "ringmaster/game/game_job.hpp"
#include "scales/parameter.hpp"

namespace rm::control {

struct SettingsType;

struct CommonSettings {
  std::string description;  // stripped of leading/trailing whitespace; "" if not given
  bool record_games = true;
  bool stderr_to_log = true;
  bool skip_player_checks = false;
};

struct ControlFile {
  std::string path;       // as given to load_control_file, made absolute
  std::string directory;  // the competition directory: dirname(path)
  std::string code;       // file name without its extension
  std::string
      competition_type;  // the name of a registered type (competitions/competition_types.cpp)
  const SettingsType* settings_type = nullptr;  // that type; null in a file made by hand
  CommonSettings common;
  std::map<std::string, rm::game::PlayerSpec> players;
  // The top-level game settings. For a playoff they are only defaults for the matchups (and
  // board_size and komi may be absent): each MatchupSettings holds the settings it plays with.
  rm::game::GameSettings game;
  std::any competition;       // the type's settings: McTunerSettings, PlayoffSettings, ...
  ExecutorSettings executor;  // where the games are played (docs/cluster.md)
  std::optional<OpeningsSettings> openings;  // none: every game starts from the empty board

  // The type's settings; throw std::bad_any_cast when they are of another type.
  template <class Settings>
  const Settings& settings() const {
    return std::any_cast<const Settings&>(competition);
  }
  template <class Settings>
  Settings& settings() {
    return std::any_cast<Settings&>(competition);
  }
  // Null when they are of another type.
  template <class Settings>
  const Settings* settings_if() const {
    return std::any_cast<Settings>(&competition);
  }
  // A tuner's common settings; null for a type that is not a tuner (or a file made by hand).
  const TunerSettings* tuner() const;
  TunerSettings* tuner();
};

// A tuner's parameters as its candidates' engines see them (for their formats in reports and
// the live view); none for a tournament.
std::vector<rm::scales::Parameter> tuned_parameters(const ControlFile& control);

}  // namespace rm::control
