#pragma once
// GTP and SGF names of moves.
#include <optional>
#include <string>
#include <string_view>

#include "engine/go/move.hpp"

namespace rm::go {

// "pass" or a vertex such as "D4" / "d4" (case-insensitive; the letter 'I' is not used).
// nullopt if ill-formed, if the board size is outside 2..25, or if the vertex is off the board.
std::optional<Move> parse_gtp_move(std::string_view text, int board_size);

// "D4" (upper case) or "pass".
std::string to_gtp(Move m);

// GTP column letter for a 0-based column (A..H, J..Z).
char gtp_column_letter(int col);

// SGF point: column letter then row letter counted from the TOP ("aa" is the top-left corner).
// A pass is "tt" on boards up to 19 and "" on larger boards (FF[4]).
std::string to_sgf(Move m, int board_size);

}  // namespace rm::go
