#pragma once
// The `executor:` section of a control file: where games are played (docs/cluster.md).
// Absent: local worker threads, as before.
#include <string>
#include <vector>

namespace rm::control {

enum class ExecutorType { Local, Slurm, Workers };

// games: each game is one `srun ... ringmaster-play -` job step on the cluster;
// engines: the referee plays here and each engine runs under engine_prefix on the cluster;
// workers: games_in_flight long-lived `srun --exact ... ringmaster-play --serve` job steps.
enum class SlurmMode { Games, Engines, Workers };

// Long-lived workers (type workers, or slurm mode workers): each is `ringmaster-play --serve`
// started once through a launcher and fed one game after another.
struct WorkerSettings {
  int workers = 4;                    // type workers: 1..1023
  std::vector<std::string> launcher;  // argv prefix (env, ssh HOST, kubectl exec ...); none: here
  std::vector<std::string> hosts;     // worker i runs under launcher + hosts[i % size]
  int max_restarts = 3;               // 0..1000 failures in a row before a worker is retired
  double start_timeout = 60;          // seconds until the worker's ready line, 1..86400
  // Seconds without a word (a heartbeat every second) from a worker in a game before it is
  // taken for frozen, 2..86400.
  double silence_timeout = 30;
};

struct SlurmSettings {
  SlurmMode mode = SlurmMode::Games;
  int games_in_flight = 4;             // 1..1023
  std::string partition, account;      // "" = the cluster's default
  std::string time_limit;              // srun --time per game (games mode) or engine; "" none
  std::vector<std::string> srun_args;  // extra srun arguments, each a whole argument
  std::string ringmaster_play;         // path on the nodes; "" = this ringmaster-play
  std::vector<std::string> engine_prefix{"srun", "-n1", "-Q", "--unbuffered"};  // engines mode
};

struct ExecutorSettings {
  ExecutorType type = ExecutorType::Local;
  SlurmSettings slurm;     // read whatever the type, so `--executor slurm` can use them
  WorkerSettings workers;  // likewise for `--executor workers` (ringmaster_play: slurm's)
};

}  // namespace rm::control
