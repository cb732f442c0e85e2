#include "engine/go/coordinates.hpp"

#include <cctype>

namespace rm::go {

namespace {
char lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}
}  // namespace

char gtp_column_letter(int col) {
  // GTP skips 'I' to avoid confusion with 'J' and '1'.
  return static_cast<char>('A' + col + (col >= 8 ? 1 : 0));
}

std::optional<Move> parse_gtp_move(std::string_view text, int board_size) {
  if (board_size < kMinBoardSize || board_size > kMaxBoardSize) return std::nullopt;
  if (equals_ignoring_case(text, "pass")) return Move::pass();
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char letter = lower(text[0]);
  if (letter < 'a' || letter > 'z' || letter == 'i') return std::nullopt;
  const int col = letter - 'a' - (letter > 'i' ? 1 : 0);
  if (text[1] < '1' || text[1] > '9') return std::nullopt;  // no sign, no leading zero
  int line = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    line = line * 10 + (text[i] - '0');
  }
  const Vertex v{col, line - 1};
  if (!on_board(v, board_size)) return std::nullopt;
  return Move::at(v);
}

std::string to_gtp(Move m) {
  if (m.is_pass()) return "pass";
  const Vertex v = m.vertex();
  return std::string(1, gtp_column_letter(v.col)) + std::to_string(v.row + 1);
}

std::string to_sgf(Move m, int board_size) {
  if (m.is_pass()) return board_size <= 19 ? "tt" : "";
  const Vertex v = m.vertex();
  std::string point(2, 'a');
  point[0] = static_cast<char>('a' + v.col);
  point[1] = static_cast<char>('a' + (board_size - 1 - v.row));
  return point;
}

}  // namespace rm::go
