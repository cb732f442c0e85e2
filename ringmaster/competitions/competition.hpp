// The competition interface the run loop drives. A competition decides which games to play
// and keeps their statistics; it does no I/O of its own (the store persists state()).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"
#include "scales/value.hpp"

namespace rm::control {
struct ControlFile;
}

namespace rm::comp {

// The stored state or definition cannot be used with this control file (e.g. a parameter's
// scale changed). The message names what changed.
class IncompatibleState : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// description: how the display shows a game in progress, e.g. "game 17: pl: 300 [(3,)]"
struct JobRequest {
  rm::game::GameJob job;
  std::string description;
};

// "game 3: pl: 35 [(3,)] lost W+25.5" / "pl: 35 [(3,)] lost"
struct ResultLines {
  std::string screen_line;
  std::string history_line;
};

class Competition {
 public:
  virtual ~Competition() = default;
  // Next game to start, or nullopt when none can start now (all issued and waiting, or finished).
  virtual std::optional<JobRequest> next_job() = 0;
  // A finished (non-void) game: update statistics; returns the lines for display and history.
  virtual ResultLines on_result(const rm::game::GameResult& r) = 0;
  // A void game: returns true to carry on (the game number is skipped or the job replayed, per
  // gomill's rules for the type), false to halt ("too many void games").
  virtual bool on_void(const rm::game::GameResult& r) = 0;
  virtual bool finished() const = 0;                       // all games played
  virtual std::optional<int> games_remaining() const = 0;  // nullopt if unlimited
  // A tuner's validation games (docs/control-file.md#validation): finished (void ones left
  // out, as the games table holds them) and still to play, which games_remaining() counts
  // and the JSON report's games_played does not. nullopt for an event that plays none.
  struct ValidationGames {
    long played = 0;
    long remaining = 0;
  };
  virtual std::optional<ValidationGames> validation_games() const { return std::nullopt; }
  // Persistent state (JSON), committed by the store with each game. restore() refuses an
  // incompatible state with IncompatibleState and a clear message.
  virtual nlohmann::json state() const = 0;
  virtual void restore(const nlohmann::json& state) = 0;
  // After restore(), on resume and for show/report: every finished game in commit order, for
  // competitions that keep statistics per game (tournaments). Throws IncompatibleState when
  // the games do not fit the control file. The tuners keep what they need in state().
  virtual void restore_games(const std::vector<rm::game::GameResult>& games) { (void)games; }
  // What restore_games() would rebuild from every stored game (per-matchup tallies, the
  // tuners' pooled statistics), kept game by game: the store commits it with each game, so
  // opening a competition of a million games reads one row. Its size does not grow with the
  // games. null: nothing to keep.
  virtual nlohmann::json statistics() const { return nullptr; }
  // After restore(), instead of restore_games(): takes statistics() as committed with the last
  // game. Returns false when they cannot be used (another format, matchups that do not fit);
  // the caller then rebuilds them with restore_games().
  virtual bool restore_statistics(const nlohmann::json& statistics) {
    (void)statistics;
    return false;
  }
  // Records that would make state() grow with every game (model_tuner's samples) leave it in
  // chunks of a fixed size: called after on_result(), returns a chunk that is now complete
  // (state() no longer holds its records) to commit with the game; nullopt when none is due.
  virtual std::optional<nlohmann::json> archive_chunk() { return std::nullopt; }
  // Before restore(): every chunk committed so far, in commit order.
  virtual void restore_archive(std::vector<nlohmann::json> chunks) { (void)chunks; }
  // What must not change between runs (parameters, splits, scales...), stored once and
  // compared on resume.
  virtual nlohmann::json definition() const = 0;
  // Throws IncompatibleState when the definition stored at the start differs from
  // definition(). The default names the differing keys; the tuners override it to name each
  // change ("parameter pl: split changed from 3 to 4") and to allow what gomill allows.
  virtual void check_stored_definition(const nlohmann::json& stored) const;
  // Reports in gomill's formats: the full report (`report`, the .report file), the short one
  // for `show`, and the live screen report ("In progress:" lines for the given game ids).
  virtual std::string full_report() const = 0;
  virtual std::string short_report() const = 0;
  virtual std::string screen_report(const std::vector<std::string>& game_ids_in_progress) const = 0;
  // e.g. the tree dump every log_tree_to_history_period games; empty when not due (by default
  // always: a type that writes nothing to the history file but its results' lines).
  virtual std::vector<std::string> periodic_history_lines() const { return {}; }
  virtual nlohmann::json json_report() const = 0;
  // Tuners: the engine values of the candidate the tuner recommends now (mc_tuner: gomill's
  // best path; ce_tuner: the distribution's mean; model_tuner: the estimated optimum);
  // nullopt for tournaments. The simulation bench measures its regret.
  virtual std::optional<std::vector<rm::scales::Value>> recommended_values() const {
    return std::nullopt;
  }
  // Tuners: `ringmaster FILE candidates` (docs/command-line.md): the candidates a user can look
  // at before spending games (its start, its recommendation once it has played, the point
  // `values` gives as "code=value,...") with their commands and files, rendered into kept
  // directories. nullopt for a type without any. Throws std::invalid_argument for bad values.
  virtual std::optional<std::string> describe_points(
      const std::optional<std::string>& values) const {
    (void)values;
    return std::nullopt;
  }
  // The players to start once before a run (startup checks), with the settings to use.
  virtual std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> players_to_check()
      const = 0;
};

// Factory by the control file's competition_type; throws std::invalid_argument for a type
// that has no implementation.
std::unique_ptr<Competition> make_competition(const rm::control::ControlFile& cf);

}  // namespace rm::comp
