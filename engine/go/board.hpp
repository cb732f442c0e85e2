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

  // Legality only; a pass is always legal. c must be Black or White for a stone
  // (std::invalid_argument otherwise).
  MoveError check(Colour c, Move m) const;
  // Plays (with captures) if legal; otherwise changes nothing and returns the error.
  MoveError play(Colour c, Move m);

  // Off by default: simple ko only.
  void set_positional_superko(bool on) { superko_ = on; }
  bool positional_superko() const { return superko_; }
  // Off by default: suicide is illegal (MoveError::Suicide). On, as on gomill's board, a
  // suicide is legal through check() and play(), which removes the suicided chain (no
  // superko check for such a move). The fast interface (ringbot's playouts) never allows it.
  void set_suicide_allowed(bool on) { suicide_allowed_ = on; }
  bool suicide_allowed() const { return suicide_allowed_; }

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
  inline bool is_one_point_eye(Colour c, Point p) const;
  // Occupied, suicide and simple ko only (no superko).
  inline bool is_legal_fast(Colour c, Point p) const;
  // Number of empty orthogonal neighbours. An empty point with one is never an eye, never
  // suicide and never the ko point: the playouts' quick accept.
  int empty_neighbours(Point p) const {
    return static_cast<int>(neighbours_of(p, static_cast<std::uint8_t>(Colour::Empty)));
  }
  // Plays a move that is_legal_fast accepted; skips the superko history.
  // Whether the chain of the stone at `stone` has a single liberty (a playout feature).
  bool chain_in_atari(Point stone) const { return in_atari(chain_[idx(stone)]); }
  void play_fast(Colour c, Point p);
  // A pass for the playouts: clears the ko point.
  void pass_fast() {
    ko_point_ = kNoPoint;
    ko_colour_ = Colour::Empty;
  }
  // Copies the position (stones, chains, ko, hash) but not the superko history; cheaper than
  // assignment because only the points in use are copied.
  void copy_position_from(const Board& other);
  // Number of positions recorded for positional superko (including the starting one).
  std::size_t history_length() const { return history_.size(); }

 private:
  static constexpr std::uint8_t kBorder = 3;
  static std::size_t idx(int i) { return static_cast<std::size_t>(i); }

  inline bool in_atari(Point head) const;
  inline bool is_suicide(Colour c, Point p) const;
  // Neighbour counts are packed one byte per colour value (Empty, Black, White, border).
  static constexpr std::uint32_t count_unit(std::uint8_t colour) { return 1u << (8u * colour); }
  std::uint32_t neighbours_of(Point p, std::uint8_t colour) const {
    return (nbr_counts_[idx(p)] >> (8u * colour)) & 0xffu;
  }
  void set_colour(Point p, std::uint8_t colour);
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
  bool suicide_allowed_ = false;
  Point ko_point_ = kNoPoint;
  Colour ko_colour_ = Colour::Empty;
  std::uint64_t hash_ = 0;
  int stones_[3] = {0, 0, 0};
  int empty_count_ = 0;

  std::array<std::uint8_t, kMaxPoints> colour_{};       // Colour or kBorder
  std::array<std::uint32_t, kMaxPoints> nbr_counts_{};  // orthogonal neighbours by colour
  std::array<std::uint16_t, kMaxPoints> chain_{};       // head point of the chain at a stone
  std::array<std::uint16_t, kMaxPoints> next_stone_{};  // circular list of a chain's stones
  // Indexed by a chain's head point:
  std::array<std::uint16_t, kMaxPoints> chain_size_{};
  std::array<std::uint16_t, kMaxPoints> libs_{};  // pseudo-liberty count
  std::array<std::uint32_t, kMaxPoints> lib_sum_{};
  std::array<std::uint32_t, kMaxPoints> lib_sum_sq_{};
  // Empty points for uniform move choice: empties_[0 .. empty_count_) and each point's slot.
  std::array<std::uint16_t, kMaxPoints> empties_{};
  std::array<std::uint16_t, kMaxPoints> empty_slot_{};

  std::vector<std::uint64_t> history_;  // hashes of every position so far (for superko)
};

// ---- hot queries, inline for the playouts ----

inline bool Board::in_atari(Point head) const {
  const auto h = idx(head);
  const std::uint64_t sum = lib_sum_[h];
  return static_cast<std::uint64_t>(libs_[h]) * lib_sum_sq_[h] == sum * sum;
}

inline bool Board::is_suicide(Colour c, Point p) const {
  if (neighbours_of(p, static_cast<std::uint8_t>(Colour::Empty)) > 0) return false;
  const auto own = static_cast<std::uint8_t>(c);
  // Not suicide if an own chain keeps another liberty or an enemy chain loses its last one.
  auto saves = [&](Point n) {
    const std::uint8_t nc = colour_[idx(n)];
    return nc != kBorder && (nc == own) != in_atari(chain_[idx(n)]);
  };
  return !(saves(p - 1) || saves(p + 1) || saves(p - stride_) || saves(p + stride_));
}

inline bool Board::is_legal_fast(Colour c, Point p) const {
  if (colour_[idx(p)] != static_cast<std::uint8_t>(Colour::Empty)) return false;
  if (p == ko_point_ && c == ko_colour_) return false;
  return !is_suicide(c, p);
}

inline bool Board::is_one_point_eye(Colour c, Point p) const {
  const auto own = static_cast<std::uint8_t>(c);
  if (neighbours_of(p, own) + neighbours_of(p, kBorder) != 4) return false;
  const auto enemy = static_cast<std::uint8_t>(opponent(c));
  int enemies = 0;
  bool edge = false;
  for (Point n : {p - stride_ - 1, p - stride_ + 1, p + stride_ - 1, p + stride_ + 1}) {
    const std::uint8_t nc = colour_[idx(n)];
    enemies += nc == enemy;
    edge = edge || nc == kBorder;
  }
  return edge ? enemies == 0 : enemies <= 1;
}

}  // namespace rm::go
