// ringmaster-play JOB.json (or '-' for stdin): plays one GameJob and prints its GameResult as
// JSON on stdout. Exit 0 when a result was produced (void or not) and for --help, 2 for a
// bad job file or usage.
// ringmaster-play --serve: a long-lived worker, one job per line in, one result per line out
// (job_stream.hpp); exit 0 at the end of input or on SIGTERM/SIGINT/SIGHUP, 3 when the
// controller stopped answering the pieces of a result (said on stderr).
// This is the seam for running games in another process or on another machine.
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <iostream>
#include <string>
#include <variant>

#include "ringmaster/game/bounded_file.hpp"
#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/job_stream.hpp"
#include "ringmaster/game/referee.hpp"

namespace {

std::atomic<bool> g_abort{false};

extern "C" void on_signal(int) {
  g_abort.store(true);
}

const char* const kUsage =
    "usage: ringmaster-play JOB.json   (or '-' to read the job from stdin)\n"
    "       ringmaster-play --serve    (a worker: one job JSON per line in, one result per line "
    "out)\n";

int usage_error(const std::string& message) {
  std::cerr << kUsage << "ringmaster-play: " << message << "\n";
  return 2;
}

// SIGINT/SIGTERM (and, for a worker, SIGHUP) abort the game: engines are killed and a void
// result is still printed.
void abort_on_signals(bool hangup_too) {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  if (hangup_too) sigaction(SIGHUP, &sa, nullptr);
}

int bad_job(const std::string& path, const std::string& message) {
  std::cerr << "ringmaster-play: bad job file " << path << ": " << message << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && (std::string(argv[1]) == "-h" || std::string(argv[1]) == "--help")) {
    std::cout
        << kUsage
        << "Plays one game and prints the result as JSON on stdout (docs/games-and-sgf.md).\n";
    return 0;
  }
  if (argc == 2 && std::string(argv[1]) == "--serve") {
    abort_on_signals(true);
    // A controller that went away shows as a failed write, not as a fatal signal.
    std::signal(SIGPIPE, SIG_IGN);
    return rm::game::serve_jobs(STDIN_FILENO, STDOUT_FILENO, g_abort);
  }
  if (argc != 2) return usage_error(argc < 2 ? "no job file specified" : "too many arguments");
  std::string path = argv[1];
  // A job is small; a device, a FIFO or a huge file is refused rather than read for ever.
  auto read =
      path == "-" ? rm::game::read_bounded_stream(std::cin) : rm::game::read_bounded_file(path);
  if (auto* problem = std::get_if<rm::game::FileProblem>(&read))
    return bad_job(path, problem->message);
  rm::game::GameJob job;
  try {
    job = rm::game::job_from_json(nlohmann::json::parse(std::get<std::string>(read)));
  } catch (const nlohmann::json::parse_error& e) {
    return bad_job(path, std::string("invalid JSON: ") + e.what());
  } catch (const nlohmann::json::exception& e) {
    // e.g. out_of_range for a number beyond a double (1e400)
    return bad_job(path, std::string("invalid JSON: ") + e.what());
  } catch (const std::invalid_argument& e) {
    return bad_job(path, e.what());
  }
  abort_on_signals(false);

  rm::game::GameResult result = rm::game::play_game(job, &g_abort);
  std::cout << rm::game::to_json(result).dump(2) << std::endl;
  return 0;
}
