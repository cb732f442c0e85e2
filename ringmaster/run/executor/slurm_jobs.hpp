// Naming and cancelling the Slurm jobs a competition starts. Every job is named
// "rm.<code>.<hash>.<game id>[.<colour>]", where <hash> comes from the control file's path,
// so that a run can find (and cancel) what a killed run of the same competition left behind
// without touching anyone else's jobs.
#pragma once

#include <string>
#include <vector>

namespace rm::run {

class SlurmJobs {
 public:
  explicit SlurmJobs(const std::string& control_file_path, const std::string& code);

  const std::string& prefix() const { return prefix_; }
  std::string name_for(const std::string& game_id) const { return prefix_ + game_id; }
  // The name of this process's startup check of a player in mode engines:
  // <prefix>check.<pid>.<player code>. The pid keeps the run from cancelling its own checks
  // as leftovers (their steps may still be ending when the executor starts).
  std::string name_for_own_check(const std::string& player_code) const;

  // `scancel --name=<name>` for each name; "" if it worked, else why not.
  static std::string cancel_named(const std::vector<std::string>& names);

  // The state squeue reports for the newest job of that name (COMPLETED, CANCELLED,
  // TIMEOUT...; finished jobs stay listed for a few minutes), "" if none or squeue failed.
  static std::string final_state(const std::string& name);

  // The ids of this user's jobs whose name starts with the prefix, except this process's own
  // startup checks ("" and the error if squeue failed).
  std::vector<std::string> leftover_job_ids(std::string* error) const;
  // Cancels them; returns how many there were, or -1 (and the error) if squeue or scancel
  // failed.
  int cancel_leftovers(std::string* error) const;

 private:
  std::string prefix_;
};

}  // namespace rm::run
