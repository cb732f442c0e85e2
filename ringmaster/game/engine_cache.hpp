// Engines kept alive between games (a player's `reuse: true`): one worker's engines, handed
// to the referee at the start of a game and given back after it. Starting an engine that
// loads a neural network can take longer than a game; a kept engine is only told
// `boardsize`, `clear_board` and `komi` (the start of every game sends them anyway), and
// `ringmaster-game_id` if it knows that command.
//
// An engine is kept only after a game that finished cleanly for it: no GTP error of any
// kind (failure response, timeout, crash), not void, not aborted. One that dies while idle
// is found by a `protocol_version` probe at the next game and started anew; so is one whose
// player definition (command, environment, settings) differs, and one that has played
// restart_every games. A worker keeps only the engines of its last game.
//
// Not thread-safe: one EngineCache per worker (WorkerEngines hands them out by slot).
#pragma once

#include <array>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/gtp/controller.hpp"
#include "ringmaster/game/game_job.hpp"

namespace rm::game {

class EngineCache {
 public:
  EngineCache() = default;
  ~EngineCache();  // closes every kept engine (quit, then the usual escalation)
  EngineCache(const EngineCache&) = delete;
  EngineCache& operator=(const EngineCache&) = delete;

  // At the start of a game: the kept engines for these players (null where there is none,
  // or the player is not reused), rebound to the game's transcript and abort flag. Kept
  // engines the game does not use are closed first, so a worker never holds more than two.
  std::array<std::unique_ptr<rm::gtp::Controller>, 2> take(const PlayerSpec& black,
                                                           const PlayerSpec& white,
                                                           const rm::gtp::GtpLog& log,
                                                           const std::atomic<bool>* abort);

  // After a game that ended cleanly for this engine (see above): keeps it (or closes it if
  // it has now played restart_every games). Returns the CPU time it used in this game:
  // the difference of gomill-cpu_time if it implements it, else of the process's own and
  // reaped children's CPU time (/proc), as rusage would give for a fresh engine.
  std::optional<double> keep(const PlayerSpec& player, std::unique_ptr<rm::gtp::Controller> engine);

  // Before keep(): notes the record (moves, set-up) of the game this engine just played.
  // Returns the id of an earlier game this process played with exactly the same record, the
  // first time that happens for this process (an engine that does not know a new game began,
  // such as a seeded one that is never reseeded, replays its games); else nullopt.
  std::optional<std::string> note_record(const rm::gtp::Controller& engine,
                                         const std::string& game_id, const std::string& record);

  // An engine started before any game for this player (the run's startup check under
  // `reuse`, docs/engine-reuse.md), kept as if from an earlier game: the next game that uses
  // the player takes it (after the probe); one that does not closes it, as any kept engine.
  // Its first game's CPU time includes its start, as a fresh engine's does.
  void adopt(const PlayerSpec& player, std::unique_ptr<rm::gtp::Controller> engine);

  // Kept engines and their process ids (for tests).
  std::size_t size() const { return kept_.size(); }
  std::vector<int> pids() const;
  void close_all();

  // What must be equal for an engine to be reused: the player code and everything that
  // starts or configures the engine, except GOMILL_GAME_ID (a kept engine keeps the id of
  // the game it was started for).
  static std::string key_of(const PlayerSpec& player);

 private:
  // The records a process has played (hash -> game id, the first 1,000), for note_record.
  struct Records {
    std::map<std::size_t, std::string> seen;
    bool repeated = false;  // reported once per process
  };
  struct Kept {
    std::string key;
    std::unique_ptr<rm::gtp::Controller> engine;
    int games = 0;          // games played by this process
    double cpu_so_far = 0;  // CPU time at the end of its last game
    Records records;
  };
  struct Lent {
    int games = 0;
    double cpu_so_far = 0;
    Records records;
  };
  std::unique_ptr<rm::gtp::Controller> take_one(const PlayerSpec& player,
                                                const rm::gtp::GtpLog& log, std::string channel,
                                                const std::atomic<bool>* abort);

  std::vector<Kept> kept_;
  std::map<const rm::gtp::Controller*, Lent> lent_;  // engines in a game now
};

// Every worker's EngineCache, by slot; shared by the worker threads (each uses its own).
// A slot's kept engines are closed by the thread that used it, when that thread ends:
// engines die with the thread that started them (PR_SET_PDEATHSIG), so closing them later
// would find them killed instead of told to quit. Whatever is left is closed on destruction.
class WorkerEngines {
 public:
  WorkerEngines() = default;
  ~WorkerEngines();
  WorkerEngines(const WorkerEngines&) = delete;
  WorkerEngines& operator=(const WorkerEngines&) = delete;

  EngineCache& for_slot(int slot);
  // Gives an engine started elsewhere (the startup check) to this slot's cache (adopt());
  // unlike for_slot, the calling thread does not become one that closes the cache.
  void adopt(int slot, const PlayerSpec& player, std::unique_ptr<rm::gtp::Controller> engine);

 private:
  std::mutex mutex_;
  std::map<int, std::shared_ptr<EngineCache>> caches_;
};

}  // namespace rm::game
