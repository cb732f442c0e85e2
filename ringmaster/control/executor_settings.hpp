#pragma once
// The `executor:` section of a control file: where games are played (docs/cluster.md).
// Absent: local worker threads, as before.
#include <string>
#include <vector>

namespace rm::control {

enum class ExecutorType { Local, Slurm };

// games: each game is one `srun ... ringmaster-play -` job step on the cluster;
// engines: the referee plays here and each engine runs under engine_prefix on the cluster.
enum class SlurmMode { Games, Engines };

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
  SlurmSettings slurm;  // read whatever the type, so `--executor slurm` can use them
};

}  // namespace rm::control
