#include "ringmaster/run/executor/srun_game.hpp"

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "ringmaster/game/sgf_record.hpp"
#include "ringmaster/run/executor/child_command.hpp"
#include "ringmaster/run/executor/remote_job.hpp"
#include "ringmaster/run/executor/slurm_failure.hpp"
#include "ringmaster/run/executor/slurm_jobs.hpp"

namespace rm::run {

std::vector<std::string> srun_game_command(const rm::control::SlurmSettings& s,
                                           const std::string& job_name,
                                           const std::string& ringmaster_play) {
  std::vector<std::string> argv{"srun", "--job-name=" + job_name, "--ntasks=1", "--quiet"};
  if (!s.partition.empty()) argv.push_back("--partition=" + s.partition);
  if (!s.account.empty()) argv.push_back("--account=" + s.account);
  if (!s.time_limit.empty()) argv.push_back("--time=" + s.time_limit);
  argv.insert(argv.end(), s.srun_args.begin(), s.srun_args.end());
  argv.push_back(ringmaster_play);
  argv.push_back("-");
  return argv;
}

rm::game::GameResult play_game_with_srun(const SrunGame& srun, const rm::game::GameJob& job,
                                         const std::string& job_name,
                                         const std::atomic<bool>* abort) {
  StderrHome stderr_home;
  const rm::game::GameJob remote = remote_job(job, &stderr_home);

  ChildStop stop;
  stop.abort = abort;
  stop.fallback = [&job_name] { SlurmJobs::cancel_named({job_name}); };
  ChildOutcome outcome = run_child(srun_game_command(srun.settings, job_name, srun.ringmaster_play),
                                   rm::game::to_json(remote).dump(), stop);
  std::string text = outcome.err;
  if (outcome.err_dropped > 0)
    text += "[game " + job.game_id + ": " + std::to_string(outcome.err_dropped) +
            " more bytes of stderr from the cluster dropped]\n";
  if (!stderr_home.file.empty())
    append_to_file(stderr_home.file, text);
  else if (stderr_home.pass_through)
    write_all(STDERR_FILENO, text);

  rm::game::GameResult result;
  std::string problem;
  try {
    result = rm::game::result_from_json(nlohmann::json::parse(outcome.out));
    problem = result_mismatch(job, result);
  } catch (const std::exception& e) {
    problem = outcome.out.empty() ? std::string("nothing on stdout")
                                  : std::string("bad result JSON: ") + e.what();
  }
  const bool aborted_here = outcome.stopped && abort != nullptr && abort->load();
  // srun does not always print why the cluster ended its step (a scancel can leave only
  // "task 0: Terminated"): then the job's final state says.
  const auto job_state = [&] {
    return slurm_cause_needs_job_state(outcome.err) ? SlurmJobs::final_state(job_name)
                                                    : std::string();
  };
  if (!problem.empty()) {
    // Stopped by us: the run loop treats it as any aborted game.
    if (aborted_here) return rm::game::void_result_for(job, rm::game::VoidReason::Aborted);
    return rm::game::void_result_for(
        job,
        slurm_failure_reason(outcome, "ringmaster-play gave no result: " + problem, job_state()));
  }
  // Slurm stopped the step (time limit, preemption, scancel): ringmaster-play got SIGTERM
  // and reported an aborted game. Say what really happened.
  if (result.is_void && !aborted_here &&
      (result.known_void_reason() == rm::game::VoidReason::Aborted ||
       !slurm_cause(outcome.err).empty()))
    result.void_reason = slurm_failure_reason(
        outcome, "ringmaster-play was stopped on the node (" + result.void_reason + ")",
        job_state());
  rm::game::write_returned_sgf(job, result);
  return result;
}

}  // namespace rm::run
