// Startup checks (gomill's check_player): start each engine once with the game settings
// (boardsize, clear_board, komi), then quit, before any game is played.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/gtp/controller.hpp"
#include "ringmaster/game/game_job.hpp"

namespace rm::run {

struct StartupCheckOutcome {
  // "player X failed startup check:\n<msg>" for the first player that failed; nullopt if all
  // passed.
  std::optional<std::string> failure;
  std::vector<std::string> warnings;  // late errors (e.g. from quit) of players that passed
};

// `players` with each engine arbiter of their game settings appended (once per arbiter code,
// unless it is one of the players): an arbiter that cannot start is found before any game,
// not at the first disputed score.
std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> with_arbiters(
    std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>> players);

// Engines the checks keep for the games instead of closing them (`reuse: true` with the
// local executor, docs/engine-reuse.md). For a player to which game_spec gives a spec (the
// player as the worker that will take the engine plays it: its GOMILL_SLOT, its stderr), the
// engine is started with that spec (GOMILL_GAME_ID=startup-check) and, if it passed its
// check with no error, handed to keep(spec, engine) instead of being closed.
struct CheckEngineHandover {
  std::function<std::optional<rm::game::PlayerSpec>(const rm::game::PlayerSpec&)> game_spec;
  std::function<void(const rm::game::PlayerSpec&, std::unique_ptr<rm::gtp::Controller>)> keep;
};

// pass_stderr: the engines' stderr goes to ours (the `check` command) instead of being
// discarded. on_checking(code) is called before each player (for "checking player <code>").
// Stops at the first failure, as gomill does.
StartupCheckOutcome run_startup_checks(
    const std::vector<std::pair<rm::game::PlayerSpec, rm::game::GameSettings>>& players,
    bool pass_stderr, const std::function<void(const std::string& code)>& on_checking = {},
    const CheckEngineHandover* handover = nullptr);

}  // namespace rm::run
