#pragma once
// What the control file reader needs of one competition type: its name, its own settings and
// how to read them. The list of types is not kept here: the competitions layer registers every
// type in one place (competitions/competition_types.cpp) and passes the list down.
#include <any>
#include <string>
#include <utility>
#include <vector>

#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control {

struct SettingsType {
  std::string name;               // the value of competition_type
  std::vector<std::string> keys;  // its own top-level settings, besides the common ones
  bool handicap = true;           // handicap and handicap_style are settings (gomill: no
                                  // handicaps in an allplayall)
  bool players_required = true;   // false: `players` may be left out or empty (the spsa_tuner
                                  // head to head plays candidates only)
  // Reads the type's settings into control.competition; `control` holds everything read
  // before it (common settings, players, executor, and the game settings unless the type has
  // matchup_games).
  void (*read)(const detail::Reader& r, const detail::Mapping& top, ControlFile& control) = nullptr;
  // A tuner's common settings inside its settings; null for a type that is not a tuner.
  TunerSettings* (*tuner)(std::any& settings) = nullptr;
  // For a type whose matchups each read their own game settings (a playoff; the top-level
  // ones are only their defaults, and `read` sets ControlFile::game): those settings, named
  // for messages ("matchup 1"), which `openings` must all suit. Null: the type plays with the
  // top-level game settings.
  std::vector<std::pair<std::string, const rm::game::GameSettings*>> (*matchup_games)(
      const ControlFile& control) = nullptr;
};

// For SettingsType::read, when reading the type's settings is all there is to it: stores what
// `read(r, top, control)` returns as control.competition.
template <auto read>
void store_settings(const detail::Reader& r, const detail::Mapping& top, ControlFile& control) {
  control.competition = read(r, top, control);
}

// For SettingsType::tuner: the TunerSettings that `Settings` extends.
template <class Settings>
TunerSettings* tuner_part(std::any& settings) {
  return std::any_cast<Settings>(&settings);
}

// Reads and checks the file as load_control_file(path) describes, knowing the competition
// types `types` (which must outlive the ControlFile: it points to its type).
ControlFile load_control_file(const std::string& path, const std::vector<SettingsType>& types);

}  // namespace rm::control
