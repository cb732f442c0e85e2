#pragma once
// The game state behind the GTP commands: board (positional superko on), komi, move history
// (for undo), handicap stones, and move generation with deterministic seeding.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/go/board.hpp"
#include "engine/refbot/params.hpp"
#include "engine/refbot/search.hpp"

namespace rm::refbot {

struct Genmove {
  bool resign = false;
  go::Move move = go::Move::pass();
  SearchResult search;
};

class Engine {
 public:
  Engine();

  Params& params() { return params_; }
  const Params& params() const { return params_; }
  const go::Board& board() const { return board_; }
  double komi() const { return komi_; }
  void set_komi(double k) { komi_ = k; }
  int moves_played() const { return static_cast<int>(history_.size()); }

  // Sizes 2..25 (returns false otherwise); clears the board.
  bool set_board_size(int size);
  void clear_board();
  // The game id mixed into a fixed seed (as GOMILL_GAME_ID at start): a kept engine told
  // each game's id plays what a fresh one started for that game would.
  void set_game_id(std::string_view id);

  // Plays a move (positional superko applies); returns the error and changes nothing if illegal.
  go::MoveError play(go::Colour c, go::Move m);
  // Generates and plays a move for c (not played when resigning).
  Genmove genmove(go::Colour c);
  // Takes back the last move; false if there is none.
  bool undo();

  // Handicap set-up on an empty board; each returns an error message or nullopt.
  std::optional<std::string> set_handicap(const std::vector<go::Vertex>& stones);
  // Chooses n free handicap points: the fixed layout where there is one, else the fixed
  // layout's points first and then points nearest the centre.
  std::vector<go::Vertex> choose_free_handicap(int n) const;

  // Black's area minus White's area minus komi, every stone counted alive.
  double score() const;

 private:
  void rebuild();
  std::uint64_t move_seed(go::Colour c) const;

  Params params_;
  go::Board board_{9};
  double komi_ = 7.5;
  std::vector<go::Vertex> handicap_;
  std::vector<std::pair<go::Colour, go::Move>> history_;
  std::uint64_t clock_seed_;  // used when params_.seed is 0
  std::uint64_t game_salt_;   // from GOMILL_GAME_ID or ringmaster-game_id; 0 outside Ringmaster
};

}  // namespace rm::refbot
