#pragma once
// A point on the board by column and row.

namespace rm::go {

// 0-based. col 0 is GTP column 'A' (GTP letters skip 'I'); row 0 is line "1", at the bottom.
struct Vertex {
  int col = 0;
  int row = 0;
  friend constexpr bool operator==(const Vertex&, const Vertex&) = default;
};

// The board sizes this library supports (and the GTP/SGF coordinate systems can name).
inline constexpr int kMinBoardSize = 2;
inline constexpr int kMaxBoardSize = 25;

constexpr bool on_board(Vertex v, int board_size) {
  return v.col >= 0 && v.row >= 0 && v.col < board_size && v.row < board_size;
}

}  // namespace rm::go
