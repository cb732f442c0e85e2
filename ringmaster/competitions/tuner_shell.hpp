// The shell every tuner shares (mc_tuner, ce_tuner, model_tuner, spsa_tuner): the opponent and its
// description (a tuner may have none: the spsa_tuner's head to head plays candidates against
// each other), candidates rendered from the template (with their files), colours and openings,
// the job for a game, validation games (asked first, their results routed to Validation), the
// statistics of every game as candidates against the opponent, and the part of the state
// envelope they have in common. A tuner is a strategy behind a few hooks: its next game, a
// result, a void game, its progress, what it recommends (recommendation(), which is
// Competition::recommended_values for a tuner), its short and JSON reports, and its part of the
// state out and in (docs/architecture.md lists them; tests/competitions/fifth_tuner_tests.cpp
// is a tuner with those alone).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ringmaster/competitions/candidate_renderer.hpp"
#include "ringmaster/competitions/competition.hpp"
#include "ringmaster/competitions/matchups/candidate_pool_stats.hpp"
#include "ringmaster/competitions/opening_choice.hpp"
#include "ringmaster/competitions/validation.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/control/tuner_config.hpp"
#include "scales/parameter.hpp"
#include "scales/value.hpp"

namespace rm::comp {

class TunerShell : public Competition {
 public:
  // Validation games first (when a round is due), then the tuner's own.
  std::optional<JobRequest> next_job() final;
  ResultLines on_result(const rm::game::GameResult& r) final;
  bool on_void(const rm::game::GameResult& r) final;
  bool finished() const final;
  std::optional<int> games_remaining() const final;
  std::optional<ValidationGames> validation_games() const final;
  void restore_games(const std::vector<rm::game::GameResult>& games) final;
  nlohmann::json statistics() const final { return pool_stats_.statistics(); }
  bool restore_statistics(const nlohmann::json& statistics) final {
    return pool_stats_.restore_statistics(statistics);
  }
  std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> players_to_check()
      const final;
  // The state envelope: the format, the definition, the tuner's part (tuner_state) and the
  // shell's (the opponent's description, the validation rounds).
  nlohmann::json state() const final;
  // Refuses an unknown format or a changed definition, reads the shell's part and the tuner's
  // (read_tuner_state, with the archive) whole, and only then takes both: a state that cannot
  // be used changes nothing. Throws IncompatibleState saying why.
  void restore(const nlohmann::json& state) final;
  // The tuner's reports (its hooks below), each followed by validation's.
  std::string full_report() const final { return with_validation(tuner_full_report()); }
  std::string short_report() const final { return with_validation(tuner_short_report()); }
  std::string screen_report(const std::vector<std::string>& game_ids_in_progress) const final {
    return tuner_screen_report(game_ids_in_progress) +
           validation_->screen_report(game_ids_in_progress);
  }
  nlohmann::json json_report() const final;
  // Kept for restore(), which hands them to read_tuner_state.
  void restore_archive(std::vector<nlohmann::json> chunks) final { archive_ = std::move(chunks); }
  // A tuner always recommends something (its start before any game): validation plays it.
  std::optional<std::vector<rm::scales::Value>> recommended_values() const final {
    return recommendation();
  }

  const Validation& validation() const { return *validation_; }
  // The start (when the tuner has one), the recommendation (once it has played) and `values`,
  // each rendered by kept_candidate() into <code>.candidates/start, /tuned and /given
  // (tuner_shell_points.cpp).
  std::optional<std::string> describe_points(const std::optional<std::string>& values) const final;

 protected:
  // `tuner`: the tuner's settings as every tuner has them; `parameters`: the engine
  // parameters, for formatting. Throws std::invalid_argument if the opponent is not among the
  // players. An empty `tuner.opponent` is a tuner without one: its games are made with
  // make_pair_job, the pool statistics stay empty, the startup check starts the candidate
  // alone, and its validation rounds (if any) play a candidate it names
  // (Validation::play_against_candidate: the spsa_tuner's start).
  // `state_format`: the number of the state format the tuner writes; it reads every one from 1.
  TunerShell(const rm::control::ControlFile& cf, const rm::control::TunerSettings& tuner,
             std::vector<rm::scales::Parameter> parameters, int state_format);

  // The hooks. next_tuning_job(): the tuner's next game, nullopt when none can start now.
  virtual std::optional<JobRequest> next_tuning_job() = 0;
  // A tuning game's result (never a validation game's, never a void one); the shell has
  // already counted it in the pool statistics and noted the opponent's description.
  virtual ResultLines on_tuning_result(const rm::game::GameResult& r) = 0;
  // A void tuning game: true to carry on, false to halt (each tuner keeps gomill's rule).
  virtual bool on_tuning_void(const rm::game::GameResult& r) = 0;
  // How far the tuning has gone (validation is scheduled from it).
  struct TuningProgress {
    int done = 0;                  // tuning games done (finished or void): validation's `every`
    std::optional<int> remaining;  // tuning games still to play; nullopt if unlimited
    bool finished = false;         // no tuning game is left to play or to wait for
  };
  virtual TuningProgress tuning_progress() const = 0;
  // The candidate the startup check starts (the same every time): by default the start, or
  // the recommendation for a tuner without one.
  virtual rm::game::PlayerSpec check_candidate() const;
  // Whether a tuning candidate's directory is kept after its games (by default it lives only
  // while a game of it is in flight: a candidate per game or pair would leave thousands).
  virtual bool keeps_candidate_dirs() const { return false; }
  // The engine values the tuner recommends now, one per parameter.
  virtual std::vector<rm::scales::Value> recommendation() const = 0;
  // The tuner's reports, without validation's (Competition's reports say what each is).
  virtual std::string tuner_short_report() const = 0;
  virtual std::string tuner_full_report() const { return tuner_short_report(); }
  // By default the live screen shows the short report.
  virtual std::string tuner_screen_report(
      const std::vector<std::string>& game_ids_in_progress) const {
    (void)game_ids_in_progress;  // the display lists the games in progress itself
    return tuner_short_report();
  }
  virtual nlohmann::json tuner_json_report() const = 0;
  // The tuner's part of its state (state() adds the format, the definition and the shell's).
  virtual nlohmann::json tuner_state() const = 0;
  // Reads the tuner's part of a stored `state` of `format` (1 to the tuner's state format:
  // older ones it converts),
  // with `archive`, every chunk archive_chunk() gave, in commit order. Changes nothing and
  // throws std::exception (IncompatibleState to give its own message) when it cannot be used;
  // returns the commit that takes what was read, which cannot fail.
  using StateCommit = std::function<void()>;
  virtual StateCommit read_tuner_state(const nlohmann::json& state, int format,
                                       const std::vector<nlohmann::json>& archive) = 0;
  // The engine values the tuner starts from, which `candidates` lists; nullopt for a tuner
  // without a start (the mc_tuner: its grid).
  virtual std::optional<std::vector<rm::scales::Value>> start_values() const {
    return std::nullopt;
  }
  // The engine value of parameter k as a user typed it (`candidates --values`); throws
  // std::invalid_argument saying why it is not one. By default the type takes none.
  virtual rm::scales::Value value_from_text(std::size_t k, const std::string& text) const;

  // The candidate's player: the template rendered with `values` under `code`, its files (if
  // the template has any) written to `files_dir` once per run, whole, before it is returned
  // (CandidateRenderer: the one path of the tuning, validation and report candidates). A
  // tuning game's directory is removed when no game in flight uses it any more (below).
  rm::game::PlayerSpec render_candidate(const std::vector<rm::scales::Value>& values,
                                        const std::string& code,
                                        const std::string& files_dir) const {
    rm::game::PlayerSpec spec = renderer_->render(values, code, files_dir);
    if (!files_dir.empty() && !tuner_.candidate.files.empty() && !keeps_candidate_dirs())
      rendered_dirs_.push_back(files_dir);
    return spec;
  }
  // A tuning candidate: render_candidate() under `code`, its files (when the template has any)
  // in <code>.candidates/<code without '#'>.
  rm::game::PlayerSpec candidate_named(const std::vector<rm::scales::Value>& values,
                                       const std::string& code) const;
  // The candidate's colour: the setting's, or for `random` the result of `draw_black`; with
  // openings played in pairs, the pair's colour for game `opening_number` instead.
  bool candidate_is_black(std::uint64_t opening_number,
                          const std::function<bool()>& draw_black) const;
  // The job of a tuning game of the candidate with `values`: `parameters` ("pl: 300; c: 0.45")
  // goes in the SGF's note, and both in the job's candidate record (which the result keeps).
  JobRequest make_job(const std::string& game_id, std::uint64_t opening_number,
                      const rm::game::PlayerSpec& candidate,
                      const std::vector<rm::scales::Value>& values, bool candidate_is_black,
                      const std::string& parameters, std::string description) const;
  // A game between two candidates (a tuner without an opponent): both records go in the job,
  // `candidate`'s as its candidate and `other`'s as its opponent_candidate, so that the stored
  // result names both. Why the record grew a field rather than the shell a second kind of
  // opponent: the result must say which engine values each side played, and one optional
  // record is the smallest change that keeps every stored game readable.
  JobRequest make_pair_job(const std::string& game_id, std::uint64_t opening_number,
                           const rm::game::PlayerSpec& candidate,
                           rm::game::CandidateRecord candidate_record,
                           const rm::game::PlayerSpec& other,
                           rm::game::CandidateRecord other_record, bool candidate_is_black,
                           std::string description) const;
  bool has_opponent() const { return !tuner_.opponent.empty(); }
  // An engine a report tells the user to run (the spsa_tuner's tuned and start engines): the
  // template rendered with `values` under `name`, a template that needs a directory rendered
  // into a kept one, <code>.candidates/<name>, through the same renderer as every candidate
  // (written whole, again only when the values change). When its files cannot be written the
  // player is still returned (its command names the directory) and `error` says why.
  rm::game::PlayerSpec kept_candidate(const std::vector<rm::scales::Value>& values,
                                      const std::string& name, std::string& error) const;

  // "9/138 games played (tuning 9/120: <detail>; validation 0/18)": every finished game as the
  // run's summary counts them (the games table: validation games in, void games out) of every
  // game the event will play; `tuning_played`: the tuning games among them. Without validation
  // games "9/120 games played (<detail>)"; an empty detail is left out.
  std::string games_played_text(long tuning_played, const std::string& detail) const;
  // Whether the event plays validation games (played or still to play).
  bool has_validation_games() const;
  // "opponent (code): description" or "opponent: code", and a blank line.
  std::string opponent_line() const;

  const rm::control::ControlFile cf_;
  const rm::control::TunerSettings tuner_;
  const std::vector<rm::scales::Parameter> parameters_;  // the engine parameters
  const std::uint64_t seed_;
  const int state_format_;
  // Every candidate's player and files (shared with validation_).
  const std::shared_ptr<const CandidateRenderer> renderer_;
  rm::game::PlayerSpec opponent_;
  OpeningChoice openings_{cf_.openings};
  std::string opponent_description_;  // "" until the first result
  CandidatePoolStats pool_stats_;     // every finished tuning game; rebuilt by restore_games()
  std::optional<Validation> validation_;

 private:
  std::vector<nlohmann::json> archive_;  // from restore_archive(), until restore()
  // A tuning candidate's directory lives while a game of it is in flight: a long tune keeps a
  // few directories, not one per game or pair. The directories render_candidate() wrote for
  // the job being made; those of each tuning game in flight, and how many such games use
  // each. When the last game using one comes back (a result or void) its files are removed;
  // a later game of the same candidate (a pair's other game, a void game played again)
  // writes them again. Validation rounds, the report's engines and a tuner that
  // keeps_candidate_dirs() (the mc_tuner's grid) keep theirs.
  mutable std::vector<std::string> rendered_dirs_;
  std::map<std::string, std::vector<std::string>> dirs_of_game_;
  std::map<std::string, int> games_in_dir_;
  void hold_candidate_dirs(const std::string& game_id);
  void release_candidate_dirs(const std::string& game_id);
  // `report`, and validation's report after a blank line when it has one.
  std::string with_validation(std::string report) const;
  // The job of a tuning game between `black` and `white`, without its candidate records.
  JobRequest job_between(const std::string& game_id, std::uint64_t opening_number,
                         const rm::game::PlayerSpec& black, const rm::game::PlayerSpec& white,
                         const std::string& sgf_note, std::string description) const;
};

}  // namespace rm::comp
