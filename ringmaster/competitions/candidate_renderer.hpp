// The one path by which candidates are rendered from the candidate template: a tuner's own
// candidates, its validation rounds' candidates and their fixed opponent (the spsa_tuner's
// start), and the tuned and start engines its report tells the user to run. The shell owns it
// (TunerShell) and shares it with Validation.
//
// A candidate's files (the template's `files:`) are written into its directory before the
// player is returned, so before any engine of it starts: once per directory in a run (again
// only when what they hold changes, as the tuned engine's do while the recommendation moves),
// whole (CandidateTemplate::write_files: a new directory is renamed into place complete, the
// files of an existing one are each replaced by a rename), so that no engine ever reads an
// empty or partial file, whatever else renders the same directory at the same time.
// discard() removes a directory's files again (the shell does, once no tuning game in flight
// uses them).
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "ringmaster/control/candidate_template.hpp"
#include "ringmaster/game/game_job.hpp"
#include "scales/value.hpp"

namespace rm::comp {

class CandidateRenderer {
 public:
  // `directory` and `competition_code`: where the candidates' directories go
  // (<directory>/<code>.candidates/...).
  CandidateRenderer(rm::control::CandidateTemplate candidate, std::string directory,
                    std::string competition_code);

  const rm::control::CandidateTemplate& candidate_template() const { return candidate_; }
  // The directory of the candidate with this player code (<code>.candidates/<id>, "#17" ->
  // "17"), or "" when the template needs none (no `files:`, no {files_dir}).
  std::string files_dir(const std::string& player_code) const;

  // The candidate's player, its files written into `files_dir` first (see above). Throws
  // rm::control::ConfigError naming the path when they cannot be written.
  rm::game::PlayerSpec render(const std::vector<rm::scales::Value>& values,
                              const std::string& player_code, const std::string& files_dir) const;
  // The same in the directory its player code names (files_dir(player_code)).
  rm::game::PlayerSpec render(const std::vector<rm::scales::Value>& values,
                              const std::string& player_code) const {
    return render(values, player_code, files_dir(player_code));
  }
  // Removes the files written into `files_dir` (CandidateTemplate::remove_files) and forgets
  // them, so that a later render() of that directory writes them again.
  void discard(const std::string& files_dir) const;

 private:
  rm::control::CandidateTemplate candidate_;
  std::string directory_, code_;
  mutable std::mutex mutex_;
  // The directories written in this run, with the values their files hold.
  mutable std::map<std::string, std::vector<rm::scales::Value>> written_;
};

}  // namespace rm::comp
