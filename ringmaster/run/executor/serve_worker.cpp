#include "ringmaster/run/executor/serve_worker.hpp"

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <variant>

#include "engine/process/saturating_duration.hpp"
#include "ringmaster/game/job_stream.hpp"
#include "ringmaster/game/number_format.hpp"
#include "ringmaster/game/sgf_record.hpp"
#include "ringmaster/run/executor/remote_job.hpp"
#include "ringmaster/run/executor/slurm_failure.hpp"
#include "ringmaster/run/executor/worker_messages.hpp"

namespace rm::run {
namespace {

using Clock = rm::process::Process::Clock;

// A result line carries the SGF record: far larger than any job.
constexpr std::size_t kMaxResultLine = 64u << 20;
// A worker told to stop (its stdin closed) aborts its game and closes its engines (quit,
// then their escalation: up to a few seconds) before it exits.
constexpr rm::process::CloseOptions kStopWorker{10.0, 5.0};
// A worker (or launcher) that has stopped talking is not waited for.
constexpr rm::process::CloseOptions kStopSilentWorker{0.0, 5.0};
// A worker answers each piece of a job at once (line_pieces.hpp).
constexpr std::chrono::seconds kAnswerPiece{30};

}  // namespace

std::string ServeWorker::start(const std::atomic<bool>* abort) {
  stop();
  never_answered_ = false;
  incompatible_ = false;
  rm::process::ProcessSpec spec;
  spec.argv = command_.argv;
  spec.stderr_mode = rm::process::StderrMode::AppendToFile;
  spec.stderr_path = command_.stderr_log;
  spec.death_signal = SIGTERM;  // srun must live to cancel its step (child_command.hpp)
  auto spawned = rm::process::Process::spawn(spec);
  if (auto* error = std::get_if<rm::process::SpawnError>(&spawned)) return error->message;
  process_ = std::move(std::get<std::unique_ptr<rm::process::Process>>(spawned));
  const auto deadline = Clock::now() + rm::process::saturating_duration(command_.start_timeout_s);
  bool heard = false;  // a line on its stdout
  for (;;) {
    const auto line = receive_message(*process_, deadline, kMaxResultLine, abort);
    if (line.status == rm::process::IoStatus::Ok) {
      heard = true;
      // A launcher may print a banner (a login message) before the worker starts.
      const auto ready = rm::game::read_worker_ready_line(line.line);
      if (!ready) continue;
      if (ready->protocol == rm::game::kWorkerProtocol) return {};
      incompatible_ = true;
      return "it speaks worker protocol " + std::to_string(ready->protocol) + " (ringmaster-play " +
             (ready->version.empty() ? "of no stated version" : ready->version) +
             "), this ringmaster speaks " + std::to_string(rm::game::kWorkerProtocol) +
             ": run the same Ringmaster build on the workers as here; " + stop_and_describe();
    }
    if (line.status == rm::process::IoStatus::Timeout) {
      never_answered_ = !heard && line.line.empty() && process_->stderr_tail().empty();
      return "no ready line within " + std::to_string(static_cast<int>(command_.start_timeout_s)) +
             " s (executor.start_timeout)" +
             (never_answered_ ? ", and not a byte from it on its stdout or stderr" : "") + "; " +
             stop_and_describe(true);
    }
    if (line.status == rm::process::IoStatus::Aborted) {
      stop();
      return "aborted";
    }
    return "it did not start: " + stop_and_describe();
  }
}

bool ServeWorker::running() {
  if (process_ && process_->exit_status_if_exited()) stop();
  return process_ != nullptr;
}

rm::game::GameResult ServeWorker::play(const rm::game::GameJob& job, const std::atomic<bool>* abort,
                                       WorkerFault* fault) {
  *fault = WorkerFault::None;
  // `ended`: the worker is gone (rather than talking nonsense).
  const auto fail = [&](const std::string& what, bool ended = false) {
    *fault = WorkerFault::Failed;
    const std::string how = stop_and_describe();
    // Slurm SIGKILLs a cancelled step's task at once (`scancel JOB.STEP`: srun exits 137,
    // "task 0: Killed") and says why on srun's stderr: the worker was stopped, not dead.
    if (const std::string cause = ended ? slurm_cause(how) : ""; !cause.empty())
      return rm::game::void_result_for(
          job, command_.name + " was stopped during the game (slurm: " + cause + "): " + how);
    return rm::game::void_result_for(job, command_.name + " " + what + ": " + how);
  };
  const auto silence = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(command_.silence_timeout_s));
  const auto went_silent = [&](const std::string& when) {
    *fault = WorkerFault::Silent;
    return rm::game::void_result_for(
        job,
        command_.name + " went silent " + when + ": not a word from it for " +
            rm::game::format_number(command_.silence_timeout_s) +
            " s (executor.silence_timeout); its processes were killed: " + stop_and_describe(true));
  };
  if (!process_) return fail("is not running");
  const auto sent =
      send_message(*process_, rm::game::to_json(remote_job(job)).dump(),
                   Clock::now() + std::min<Clock::duration>(kAnswerPiece, silence), abort);
  if (sent.status == rm::process::IoStatus::Aborted) {
    stop();
    return rm::game::void_result_for(job, rm::game::VoidReason::Aborted);
  }
  if (sent.status == rm::process::IoStatus::Timeout) return went_silent("as it was sent the game");
  if (sent.status != rm::process::IoStatus::Ok) return fail("could not be sent the game", true);
  // The referee on the worker keeps the game's time limits; the worker's heartbeats show that
  // it is alive (job_stream.hpp).
  const auto line = receive_message(
      *process_, Clock::now() + rm::process::saturating_duration(rm::process::kMaxWaitSeconds),
      kMaxResultLine, abort, silence);
  if (line.status == rm::process::IoStatus::Aborted) {
    stop();
    return rm::game::void_result_for(job, rm::game::VoidReason::Aborted);
  }
  if (line.status == rm::process::IoStatus::Timeout) return went_silent("during the game");
  if (line.status != rm::process::IoStatus::Ok) return fail("died during the game", true);
  rm::game::GameResult result;
  try {
    const auto answer = nlohmann::json::parse(line.line);
    // A job the worker could not read: the worker itself is fine.
    if (answer.is_object() && answer.contains("error"))
      return rm::game::void_result_for(
          job, command_.name + " refused the game: " + answer["error"].get<std::string>());
    result = rm::game::result_from_json(answer);
  } catch (const std::exception& e) {
    return fail(std::string("answered with something that is not a result (") + e.what() + ")");
  }
  if (const std::string mismatch = result_mismatch(job, result); !mismatch.empty())
    return fail("answered with " + mismatch);
  // Aborted though we did not ask: the worker was stopped from outside (SIGTERM from a time
  // limit, scancel, preemption) and is exiting.
  if (result.known_void_reason() == rm::game::VoidReason::Aborted &&
      !(abort != nullptr && abort->load()))
    return fail("was stopped during the game", true);
  rm::game::write_returned_sgf(job, result);
  return result;
}

void ServeWorker::stop() {
  if (!process_) return;
  process_->close(kStopWorker);
  process_.reset();
}

std::string ServeWorker::stop_and_describe(bool silent) {
  if (!process_) return "not running";
  const auto closed = process_->close(silent ? kStopSilentWorker : kStopWorker);
  process_->settle_stderr(0.5);
  std::string tail = process_->stderr_tail();
  process_.reset();
  while (!tail.empty() && (tail.back() == '\n' || tail.back() == ' ')) tail.pop_back();
  std::string text = closed.exit.describe();
  if (closed.was_terminated || closed.was_killed) text += " (after we signalled it)";
  if (!tail.empty()) text += "; the end of its stderr:\n" + tail;
  return text;
}

}  // namespace rm::run
