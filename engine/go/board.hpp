#pragma once
// The Go board: stones, captures, suicide, simple ko, optional positional superko, Zobrist hash.
//
// Representation (chosen for speed in the bundled engine's playouts): a bordered array of
// (size + 2)^2 points with a fixed capacity for the largest board, so a move never allocates.
// Stones form chains kept as circular linked lists; each chain keeps pseudo-liberties (the
// number of empty neighbours counted once per adjacent stone) together with the sum and the
// sum of squares of those liberty points: a chain is in atari exactly when all its
// pseudo-liberties are the same point, i.e. when count * sum_sq == sum * sum.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/go/colour.hpp"
#include "engine/go/move.hpp"
#include "engine/go/move_error.hpp"
#include "engine/go/vertex.hpp"

namespace rm::go {

class Board {
 public:
  // Bordered-array capacity for the largest board.
  static constexpr int kMaxStride = kMaxBoardSize + 2;
  static constexpr int kMaxPoints = kMaxStride * kMaxStride;
  // A point index in the bordered array; kNoPoint means none (no ko, no liberty).
  using Point = int;
  static constexpr Point kNoPoint = 0;

  // 2..25; throws std::invalid_argument otherwise.
  explicit Board(int size);

  int size() const { return size_; }
  Colour at(Vertex v) const;  // Empty for a vertex off the board

  // Legality only; a pass is always legal.
  MoveError check(Colour c, Move m) const;
  // Plays (with captures) if legal; otherwise changes nothing and returns the error.
  MoveError play(Colour c, Move m);

  // Off by default: simple ko only. Suicide is always forbidden.
  void set_positional_superko(bool on) { superko_ = on; }
  bool positional_superko() const { return superko_; }

  // A black stone for handicap set-up: the point must be empty; no captures are made.
  // Throws std::invalid_argument for an occupied or off-board vertex.
  void place_handicap_stone(Vertex v);

  int stone_count(Colour c) const;
  // Zobrist hash of the stones on the board (not of the side to move or the ko point).
  std::uint64_t hash() const { return hash_; }

  // ---- Fast interface for the bundled engine (points are bordered-array indices) ----
  int stride() const { return stride_; }
  Point point_of(Vertex v) const { return (v.row + 1) * stride_ + v.col + 1; }
  Vertex vertex_of(Point p) const { return Vertex{p % stride_ - 1, p / stride_ - 1}; }
  Colour colour_at(Point p) const { return static_cast<Colour>(colour_[idx(p)] & 3u); }
  int empty_count() const { return empty_count_; }
  Point empty_point(int i) const { return empties_[idx(i)]; }
  // Reorders the empty-point list (for sampling without replacement); the set is unchanged.
  void swap_empties(int i, int j);
  // The point the given colour may not play now because of simple ko (kNoPoint if none).
  Point ko_point_for(Colour c) const { return c == ko_colour_ ? ko_point_ : kNoPoint; }
  // One-point eye of c per the reference-bot rule: all orthogonal neighbours are c or off
  // board, and the diagonals hold no enemy stone if the point is on the edge or in a corner,
  // at most one otherwise.
  bool is_one_point_eye(Colour c, Point p) const;
  // Occupied, suicide and simple ko only (no superko).
  bool is_legal_fast(Colour c, Point p) const;
  // Plays a move that is_legal_fast accepted; skips the superko history.
  void play_fast(Colour c, Point p);
  // A pass for the playouts: clears the ko point.
  void pass_fast() { ko_point_ = kNoPoint; ko_colour_ = Colour::Empty; }
  // Copies the position (stones, chains, ko, hash) but not the superko history; cheaper than
  // assignment because only the points in use are copied.
  void copy_position_from(const Board& other);
  // Number of positions recorded for positional superko (including the starting one).
  std::size_t history_length() const { return history_.size(); }

 private:
  static constexpr std::uint8_t kBorder = 3;
  static std::size_t idx(int i) { return static_cast<std::size_t>(i); }

  bool in_atari(Point head) const;
  Point atari_liberty(Point head) const;
  bool is_suicide(Colour c, Point p) const;
  std::uint64_t hash_after(Colour c, Point p) const;
  void add_liberty(Point head, Point lib);
  void remove_liberty(Point head, Point lib);
  void place_stone(Colour c, Point p);
  void merge_chains(Point keep, Point absorbed);
  int capture_chain(Point head);
  void add_empty(Point p);
  void remove_empty(Point p);
  MoveError check_point(Colour c, Point p) const;
  MoveError check_superko(Colour c, Point p) const;
  void record_position();

  int size_;
  int stride_;
  int num_points_;  // stride_ * stride_: the prefix of every array in use
  bool superko_ = false;
  Point ko_point_ = kNoPoint;
  Colour ko_colour_ = Colour::Empty;
  std::uint64_t hash_ = 0;
  int stones_[3] = {0, 0, 0};
  int empty_count_ = 0;

  std::array<std::uint8_t, kMaxPoints> colour_{};      // Colour or kBorder
  std::array<std::uint16_t, kMaxPoints> chain_{};      // head point of the chain at a stone
  std::array<std::uint16_t, kMaxPoints> next_stone_{}; // circular list of a chain's stones
  // Indexed by a chain's head point:
  std::array<std::uint16_t, kMaxPoints> chain_size_{};
  std::array<std::uint16_t, kMaxPoints> libs_{};       // pseudo-liberty count
  std::array<std::uint32_t, kMaxPoints> lib_sum_{};
  std::array<std::uint32_t, kMaxPoints> lib_sum_sq_{};
  // Empty points for uniform move choice: empties_[0 .. empty_count_) and each point's slot.
  std::array<std::uint16_t, kMaxPoints> empties_{};
  std::array<std::uint16_t, kMaxPoints> empty_slot_{};

  std::vector<std::uint64_t> history_;  // hashes of every position so far (for superko)
};

}  // namespace rm::go
