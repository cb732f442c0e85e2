#pragma once
// Reading the playoff and allplayall settings: their SettingsTypes for the registry of
// competition types (competitions/competition_types.cpp); the readers themselves are internal
// to rm_control.
#include "ringmaster/control/settings_type.hpp"
#include "ringmaster/control/tournament_config.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control {

SettingsType playoff_settings_type();
SettingsType allplayall_settings_type();

}  // namespace rm::control

namespace rm::control::detail {

const std::vector<std::string>& playoff_keys();
const std::vector<std::string>& allplayall_keys();

// `control` already holds the common settings and players; a matchup of a player against
// itself adds the clone "<code>#2" to control.players (gomill's rule).
PlayoffSettings read_playoff(const Reader& r, const Mapping& top, ControlFile& control);
// `control` also holds the (top-level) game settings.
AllPlayAllSettings read_allplayall(const Reader& r, const Mapping& top, const ControlFile& control);

// elo0 < elo1, alpha and beta in (0, 1) with alpha + beta < 1; alpha and beta default to 0.05.
SprtSettings read_sprt(const Reader& r, const Field& f);

}  // namespace rm::control::detail
