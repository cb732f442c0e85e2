// ringmaster-play JOB.json (or '-' for stdin): plays one GameJob and prints its GameResult as
// JSON on stdout. Exit 0 when a result was produced (void or not), 2 for a bad job file.
// This is the seam for running games in another process or on another machine.
#include <atomic>
#include <csignal>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/referee.hpp"

namespace {

// Reads a whole stream (istreambuf_iterator trips GCC 12's -Wnull-dereference at -O2).
std::string slurp(std::istream& in) {
  std::string s;
  char buf[4096];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) s.append(buf, static_cast<std::size_t>(in.gcount()));
  return s;
}

std::atomic<bool> g_abort{false};

extern "C" void on_signal(int) { g_abort.store(true); }

int usage_error(const std::string& message) {
  std::cerr << "ringmaster-play: " << message << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || std::string(argv[1]) == "-h" || std::string(argv[1]) == "--help") {
    std::cerr << "usage: ringmaster-play JOB.json   (or '-' to read the job from stdin)\n"
                 "Plays one game and prints the result as JSON on stdout.\n";
    return 2;
  }
  std::string path = argv[1];
  std::string text;
  if (path == "-") {
    text = slurp(std::cin);
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) return usage_error("cannot read job file " + path);
    text = slurp(in);
  }
  rm::game::GameJob job;
  try {
    job = rm::game::job_from_json(nlohmann::json::parse(text));
  } catch (const nlohmann::json::parse_error& e) {
    return usage_error("bad job file " + path + ": invalid JSON: " + e.what());
  } catch (const std::invalid_argument& e) {
    return usage_error("bad job file " + path + ": " + e.what());
  }
  // SIGINT/SIGTERM abort the game: engines are killed and a void result is still printed.
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);

  rm::game::GameResult result = rm::game::play_game(job, &g_abort);
  std::cout << rm::game::to_json(result).dump(2) << std::endl;
  return 0;
}
