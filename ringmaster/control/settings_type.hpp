#pragma once
// What the control file reader needs of one competition type: its name, its own settings and
// how to read them. The list of types is not kept here: the competitions layer registers every
// type in one place (competitions/competition_types.cpp) and passes the list down.
#include <any>
#include <string>
#include <vector>

#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control {

struct SettingsType {
  std::string name;               // the value of competition_type
  std::vector<std::string> keys;  // its own top-level settings, besides the common ones
  bool handicap = true;           // handicap and handicap_style are settings (gomill: no
                                  // handicaps in an allplayall)
  // The top-level game settings are only defaults (a playoff's matchups read their own, and
  // `read` sets ControlFile::game); otherwise they are read before `read` is called.
  bool game_settings_per_matchup = false;
  // Reads the type's settings into control.competition; `control` holds everything read
  // before it (common settings, players, executor, and the game settings as said above).
  void (*read)(const detail::Reader& r, const detail::Mapping& top, ControlFile& control) = nullptr;
  // A tuner's common settings inside its settings; null for a type that is not a tuner.
  TunerSettings* (*tuner)(std::any& settings) = nullptr;
};

// For SettingsType::tuner: the TunerSettings that `Settings` extends.
template <class Settings>
TunerSettings* tuner_part(std::any& settings) {
  return std::any_cast<Settings>(&settings);
}

// Reads and checks the file as load_control_file(path) describes, knowing the competition
// types `types` (which must outlive the ControlFile: it points to its type).
ControlFile load_control_file(const std::string& path, const std::vector<SettingsType>& types);

}  // namespace rm::control
