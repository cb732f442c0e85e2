// Turning a played game into its SGF record (contents as gomill's game_jobs/_make_sgf) and
// writing it to the job's sgf_dir or void_sgf_dir.
#pragma once

#include <string>

#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/game_result.hpp"
#include "ringmaster/game/played_game.hpp"
#include "ringmaster/game/sgf_writer.hpp"

namespace rm::game {

// The application name written as AP, "ringmaster:<version>".
std::string sgf_application();

// PB/PW: the engine's short description when the player allows it and one exists, else the code.
std::string sgf_player_name(const PlayerSpec& player, const std::string& short_description);

// `date_time` is local time "YYYY-MM-DD HH:MM" (DT takes its first 10 characters); passing it
// in keeps golden tests deterministic.
SgfGameRecord make_sgf_record(const GameJob& job, const GameResult& result, const PlayedGame& game,
                              const std::string& date_time);

// Current local time as "YYYY-MM-DD HH:MM".
std::string local_date_time_now();

// Writes <sgf_dir>/<game_id>.sgf for a counted game, or <void_sgf_dir>/<game_id>.sgf for a
// void game with at least one move; sets result.sgf_path, or adds a warning if writing failed.
// With job.return_sgf the text goes to result.sgf_text instead (nothing is written).
void write_game_record(const GameJob& job, GameResult& result, const PlayedGame& game,
                       const std::string& date_time);

// The controller's half of return_sgf: writes result.sgf_text (if any) where
// write_game_record would have, and clears it; same sgf_path / sgf_write_error rules.
void write_returned_sgf(const GameJob& job, GameResult& result);

}  // namespace rm::game
