#pragma once
// A competition's YAML control file, loaded into typed, range-checked settings.
// Format and every setting: docs/control-file.md.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ringmaster/control/candidate_colour.hpp"
#include "ringmaster/control/candidate_template.hpp"
#include "ringmaster/control/ce_tuner_config.hpp"
#include "ringmaster/control/config_error.hpp"
#include "ringmaster/control/executor_settings.hpp"
#include "ringmaster/control/model_tuner_config.hpp"
#include "ringmaster/control/openings_config.hpp"
#include "ringmaster/control/tournament_config.hpp"
#include "ringmaster/control/validation_config.hpp"
#include "ringmaster/game/game_job.hpp"
#include "scales/parameter.hpp"

namespace rm::control {

struct CommonSettings {
  std::string description;  // stripped of leading/trailing whitespace; "" if not given
  bool record_games = true;
  bool stderr_to_log = true;
  bool skip_player_checks = false;
};

enum class InFlightVisits { None, VirtualLoss, VirtualVisit };

struct McTunerSettings {
  std::optional<int> number_of_games;  // none = unlimited
  CandidateColour candidate_colour = CandidateColour::White;
  std::string opponent;  // a key of ControlFile::players
  std::vector<rm::scales::Parameter> parameters;
  CandidateTemplate candidate;
  double exploration_coefficient = 0.0;
  int initial_visits = 1;
  int initial_wins = 1;
  int max_depth = 1;
  std::vector<int> summary_spec{30};
  std::optional<int> log_tree_to_history_period;
  int number_of_running_simulations_to_show = 12;
  std::optional<std::uint64_t> seed;  // our addition: repeatable tuner choices
  // Our addition: how games in flight count when choosing (in_flight_visits: none, gomill's,
  // virtual_loss: each counts as a visit its candidate lost; virtual_visit: as a visit at the
  // candidate's win rate).
  InFlightVisits in_flight_visits = InFlightVisits::None;
  ValidationSettings validation;  // our addition: games of the best candidate, not tuning

  std::vector<int> splits() const;  // one per parameter
};

struct ControlFile {
  std::string path;              // as given to load_control_file, made absolute
  std::string directory;         // the competition directory: dirname(path)
  std::string code;              // file name without its extension
  std::string competition_type;  // "playoff", "allplayall", "mc_tuner", "ce_tuner", "model_tuner"
  CommonSettings common;
  std::map<std::string, rm::game::PlayerSpec> players;
  // The top-level game settings. For a playoff they are only defaults for the matchups (and
  // board_size and komi may be absent): each MatchupSettings holds the settings it plays with.
  rm::game::GameSettings game;
  std::variant<McTunerSettings, PlayoffSettings, AllPlayAllSettings, CeTunerSettings,
               ModelTunerSettings>
      competition;
  ExecutorSettings executor;                 // where the games are played (docs/cluster.md)
  std::optional<OpeningsSettings> openings;  // none: every game starts from the empty board
};

// Reads and checks the file; pure apart from reading it (and candidate template files).
// Throws ConfigError. Forbidden extensions (gomill's, plus ours): .log .status .cmd .hist
// .report .games .void .gtplogs .db .lock .candidates.
ControlFile load_control_file(const std::string& path);

// A tuner's parameters as its candidates' engines see them (for their formats in reports and
// the live view); none for a tournament.
std::vector<rm::scales::Parameter> tuned_parameters(const ControlFile& control);

// Listing for `ringmaster FILE candidates`: for each depth-1 candidate its coordinates,
// optimiser values, formatted engine parameters, the full command (shell-quoted for display
// only) and startup commands. Nothing is started or written.
std::string describe_candidates(const ControlFile& control);

// Display-only shell quoting: words with no special characters as they are, others in single
// quotes ('it'"'"'s'). Never used to run anything.
std::string shell_quote_for_display(const std::vector<std::string>& argv);

}  // namespace rm::control
