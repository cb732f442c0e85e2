// Shared pieces of the Slurm tests: the one-node cluster that ctest starts around them
// (scripts/slurm-cluster.sh, fixture slurm_cluster), its queue, and small events of every
// competition type whose games go through the slurm executor.
#pragma once

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "ringmaster/competitions/competition_type.hpp"
#include "ringmaster/control/control_file.hpp"
#include "ringmaster/run/executor/child_command.hpp"
#include "tests/e2e/e2e_support.hpp"

namespace rm::test {

// Fails the test (never skips it) when no cluster answers.
inline void require_cluster() {
  const char* conf = std::getenv("SLURM_CONF");
  INFO("SLURM_CONF=" << (conf ? conf : "(unset)"));
  rm::run::ChildStop limit;
  limit.time_limit = std::chrono::seconds(20);  // sinfo retries a missing config for 60 s
  auto sinfo = rm::run::run_child({"sinfo", "--noheader", "--format=%T"}, "", limit);
  INFO("sinfo: " << sinfo.describe() << ": " << sinfo.err);
  if (!sinfo.succeeded() || sinfo.out.empty())
    FAIL(
        "no Slurm cluster answers: the tests need the one-node cluster that ctest starts "
        "with scripts/slurm-cluster.sh start (fixture slurm_cluster); see docs/cluster.md");
}

// The names of this user's jobs in the queue that start with `prefix`; with `running_only`,
// only those running (not a finished game's job still completing).
inline std::vector<std::string> queued_jobs(const std::string& prefix = "rm.",
                                            bool running_only = false) {
  std::vector<std::string> argv{"squeue", "--me", "--noheader", "--format=%j"};
  if (running_only) argv.emplace_back("--states=RUNNING");
  auto squeue = rm::run::run_child(argv, "");
  REQUIRE(squeue.succeeded());
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start < squeue.out.size()) {
    auto end = squeue.out.find('\n', start);
    if (end == std::string::npos) end = squeue.out.size();
    std::string name = squeue.out.substr(start, end - start);
    if (name.compare(0, prefix.size(), prefix) == 0) names.push_back(name);
    start = end + 1;
  }
  return names;
}

// Sends SIGTERM to a job's batch script alone, as `--signal=B:TERM@T` does before the time
// limit (on slurmctld's own schedule), and requires that scancel took it.
inline void signal_batch(const std::string& job) {
  rm::run::ChildStop limit;
  limit.time_limit = std::chrono::seconds(30);
  const auto signalled =
      rm::run::run_child({"scancel", "--batch", "--signal=TERM", job}, "", limit);
  INFO(signalled.err);
  REQUIRE(signalled.succeeded());
}

// Waits (polling) until none of our jobs is queued; the names still there after `limit`.
inline std::vector<std::string> queued_jobs_after(std::chrono::seconds limit,
                                                  const std::string& prefix = "rm.") {
  auto deadline = std::chrono::steady_clock::now() + limit;
  for (;;) {
    auto names = queued_jobs(prefix);
    if (names.empty() || std::chrono::steady_clock::now() > deadline) return names;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

inline std::string slurm_executor_yaml(int games_in_flight, const std::string& mode = "games") {
  return "executor:\n"
         "  type: slurm\n"
         "  mode: " +
         mode +
         "\n"
         "  games_in_flight: " +
         std::to_string(games_in_flight) +
         "\n"
         "  time_limit: '5'\n";
}

inline const std::string kRingbots =
    "players:\n"
    "  weak: {command: [ringbot, --playouts, '2', --seed, '3']}\n"
    "  strong: {command: [ringbot, --playouts, '30', --seed, '4']}\n"
    "  mid: {command: [ringbot, --playouts, '8', --seed, '5']}\n"
    "board_size: 7\n"
    "komi: 4.5\n"
    "move_limit: 200\n";

inline std::string playoff_yaml(int games) {
  return "competition_type: playoff\n" + kRingbots +
         "matchups:\n"
         "  - {player_1: weak, player_2: strong, alternating: true, number_of_games: " +
         std::to_string(games) + "}\n";
}

inline std::string allplayall_yaml(int rounds) {
  return "competition_type: allplayall\n" + kRingbots +
         "competitors: [weak, strong, mid]\n"
         "rounds: " +
         std::to_string(rounds) + "\n";
}

inline std::string ce_tuner_yaml() {
  return small_ce_event_yaml(3, 1, 2, 8);
}

inline std::string model_tuner_yaml(int games) {
  return "competition_type: model_tuner\n" + small_event_game_settings_yaml(8) +
         "number_of_games: " + std::to_string(games) +
         "\n"
         "candidate_colour: random\n"
         "opponent: opp\n"
         "seed: 9\n"
         "parameters:\n"
         "  - {code: pl, lower: 2, upper: 40, scale: LOG, integer: true, format: 'pl: %d'}\n"
         "candidate:\n"
         "  command: [ringbot, --playouts, '{pl}', --seed, '5']\n";
}

// The ConfigError a playoff with this `executor:` section gives ("" if it loads).
inline std::string executor_load_error(const std::string& executor_yaml) {
  CompetitionDir c("settings", playoff_yaml(2) + executor_yaml);
  try {
    rm::comp::load_control_file(c.control());
  } catch (const rm::control::ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace rm::test
