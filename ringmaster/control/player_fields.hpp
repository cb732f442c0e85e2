#pragma once
// The settings of one player definition (gomill's Player(...)) as read from YAML, shared by
// `players` entries and the candidate template. Internal to rm_control.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ringmaster/control/yaml_reader.hpp"
#include "ringmaster/game/game_job.hpp"

namespace rm::control::detail {

struct PlayerFields {
  std::vector<std::string> command;  // split like a shell (no shell) when given as a string
  std::optional<std::string> cwd;
  std::map<std::string, std::string> environ;
  std::vector<std::vector<std::string>> startup_gtp_commands;
  std::map<std::string, std::string> gtp_aliases;
  bool is_reliable_scorer = true;
  bool allow_claim = false;
  bool sgf_player_name_from_gtp = true;
  bool discard_stderr = false;
  bool gtp_pipelining = true;
  int startup_banner_lines = 0;  // non-GTP lines skipped before the first response
  bool reuse = false;            // keep the engine alive between games (docs/engine-reuse.md)
  int restart_every = 0;         // with reuse: start it anew after this many games (0: never)
  rm::gtp::Timeouts timeouts;
  std::optional<rm::game::TimeControl> time_control;  // this player's own clock (time odds)
};

// The keys read_player_fields understands.
const std::vector<std::string>& player_keys();

// Reads the player keys of `m` (the caller has already checked that no other keys are present).
PlayerFields read_player_fields(const Reader& r, const Mapping& m);

// Where the engine's stderr goes: discard_stderr -> discarded; else with stderr_to_log appended
// to log_path; else passed through to ringmaster's stderr.
struct StderrPolicy {
  bool stderr_to_log = true;
  std::string log_path;
};

// A ready PlayerSpec: command[0] containing '/' and cwd are resolved against `directory`
// after ~ expansion (gomill's rule); a bare command name is left for the process layer.
rm::game::PlayerSpec make_player_spec(const std::string& code, const PlayerFields& fields,
                                      const std::string& directory,
                                      const StderrPolicy& stderr_policy);

// gomill's rule for GTP command words and aliases: printable, no spaces ([\x21-\x7e\x80-\xff]+).
bool is_gtp_word(const std::string& s);

// ~ and ~/... expanded with $HOME (gomill's os.path.expanduser, without ~user).
std::string expand_user(const std::string& path);
// directory/path unless path is absolute.
std::string resolve_against(const std::string& directory, const std::string& path);

}  // namespace rm::control::detail
