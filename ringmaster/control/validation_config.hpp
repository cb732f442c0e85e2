#pragma once
// The tuners' `validation` setting: games of the current recommended candidate against the
// opponent, every `every` tuning games and/or at the end, not fed to the tuner. Read for every
// tuner in tuner_settings.cpp; docs/control-file.md#validation.
namespace rm::control {

struct ValidationSettings {
  int every = 0;   // a validation round after every `every` tuning games (0: none)
  int games = 0;   // games in each of those rounds
  int at_end = 0;  // games of the final round, once every tuning game is in (0: none)

  bool enabled() const { return (every > 0 && games > 0) || at_end > 0; }
};

}  // namespace rm::control
