#include "ringmaster/game/opening_from_sgf.hpp"

#include <algorithm>

#include "engine/go/board.hpp"
#include "engine/go/coordinates.hpp"

namespace rm::game {

OpeningError::OpeningError(SgfPosition p, const std::string& what)
    : std::runtime_error("line " + std::to_string(p.line) + " column " + std::to_string(p.column) +
                         ": " + what),
      position(p) {}

namespace {

using rm::go::Colour;
using rm::go::Move;
using rm::go::Vertex;

struct Placed {
  Colour colour;
  Move move;
  SgfPosition position;
};

// An SGF point ("dd", row counted from the top), or a pass ("" or "tt" up to 19x19).
std::optional<Move> sgf_move(const std::string& v, int size, bool allow_pass) {
  if (allow_pass && (v.empty() || (v == "tt" && size <= 19))) return Move::pass();
  if (v.size() != 2) return std::nullopt;
  auto coord = [](char c) -> int {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
    return -1;
  };
  const int col = coord(v[0]), top_row = coord(v[1]);
  if (col < 0 || top_row < 0 || col >= size || top_row >= size) return std::nullopt;
  return Move::at(Vertex{col, size - 1 - top_row});
}

// Calls add(point) for each point of the property, in order. Point by point: a hostile
// file's rectangles repeated a million times must meet the duplicate check before they
// take the memory.
template <typename Add>
void for_each_setup_point(const SgfProperty& p, int size, Add add) {
  for (const auto& v : p.values) {
    const auto colon = v.find(':');
    if (colon == std::string::npos) {
      auto m = sgf_move(v, size, false);
      if (!m) throw OpeningError(p.position, p.id + ": point [" + v + "] is not on the board");
      add(m->vertex());
      continue;
    }
    auto a = sgf_move(v.substr(0, colon), size, false);
    auto b = sgf_move(v.substr(colon + 1), size, false);
    if (!a || !b)
      throw OpeningError(p.position, p.id + ": rectangle [" + v + "] is not on the board");
    for (int c = std::min(a->vertex().col, b->vertex().col);
         c <= std::max(a->vertex().col, b->vertex().col); ++c)
      for (int r = std::min(a->vertex().row, b->vertex().row);
           r <= std::max(a->vertex().row, b->vertex().row); ++r)
        add(Vertex{c, r});
  }
}

}  // namespace

Opening opening_from_sgf(const SgfGameTree& tree, int board_size, std::optional<int> max_moves,
                         const std::string& name) {
  const SgfNode& root = tree.main_line.front();
  int size = 19;
  if (const auto* sz = root.find("SZ")) {
    const std::string v = sz->values.front();
    if (v.empty() ||
        !std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
        v.size() > 3)
      throw OpeningError(sz->position, "SZ[" + v + "] is not a square board size");
    size = std::stoi(v);
  }
  if (size != board_size)
    throw OpeningError(root.position, "board size " + std::to_string(size) +
                                          " does not match the competition's board_size " +
                                          std::to_string(board_size));

  std::vector<Vertex> black, white;
  std::vector<SgfPosition> black_at, white_at;
  std::vector<Placed> record_moves;
  std::optional<Colour> first_to_move;
  for (const SgfNode& node : tree.main_line) {
    for (const auto& p : node.properties) {
      const bool is_move = p.id == "B" || p.id == "W";
      const bool is_setup = p.id == "AB" || p.id == "AW" || p.id == "AE";
      if (is_setup && !record_moves.empty())
        throw OpeningError(p.position,
                           "setup stones (" + p.id + ") after the first move are not supported");
      if (p.id == "AE") throw OpeningError(p.position, "AE (removing stones) is not supported");
      if (p.id == "AB" || p.id == "AW") {
        for_each_setup_point(p, size, [&](Vertex v) {
          // A point given twice is named where it is given the second time, with the
          // property that gave it first (which may be of the other colour).
          for (const auto& [earlier, id] : {std::pair{&black, "AB"}, std::pair{&white, "AW"}})
            if (std::find(earlier->begin(), earlier->end(), v) != earlier->end())
              throw OpeningError(
                  p.position,
                  p.id + ": point " + rm::go::to_gtp(Move::at(v)) +
                      (id == p.id ? " given twice" : std::string(" is already given in ") + id));
          (p.id == "AB" ? black : white).push_back(v);
          (p.id == "AB" ? black_at : white_at).push_back(p.position);
        });
      }
      if (p.id == "PL" && record_moves.empty()) {
        const std::string v = p.values.front();
        // SGF writes B / W; lower case is accepted as well.
        first_to_move = rm::go::colour_from_letter(
            v.size() == 1 ? std::string(1, static_cast<char>(std::tolower(v[0]))) : v);
        if (!first_to_move) throw OpeningError(p.position, "PL[" + v + "] is not B or W");
      }
      if (is_move) {
        if (max_moves && static_cast<int>(record_moves.size()) >= *max_moves) continue;
        auto m = sgf_move(p.values.front(), size, true);
        if (!m)
          throw OpeningError(p.position,
                             p.id + "[" + p.values.front() + "] is not a move on the board");
        record_moves.push_back({p.id == "B" ? Colour::Black : Colour::White, *m, p.position});
      }
    }
  }
  if (black.empty() && white.empty() && record_moves.empty())
    throw OpeningError(root.position, "the record has no setup stones and no moves");

  Opening opening;
  opening.name = name;
  rm::go::Board board(size);
  std::vector<Placed> sequence;
  const bool as_handicap = white.empty() && black.size() >= 2;
  if (as_handicap) {
    for (std::size_t i = 0; i < black.size(); ++i) {
      // Black stones alone lack a liberty only when they fill the board.
      if (board.check(Colour::Black, Move::at(black[i])) != rm::go::MoveError::None)
        throw OpeningError(black_at[i], "AB: the setup stones fill the board (black stone " +
                                            rm::go::to_gtp(Move::at(black[i])) +
                                            " would have no liberty)");
      board.place_handicap_stone(black[i]);
      opening.free_handicap.push_back(rm::go::to_gtp(Move::at(black[i])));
    }
  } else {
    // Each colour's stones in turn; a pass where one colour has no stone left to place.
    for (std::size_t i = 0; i < std::max(black.size(), white.size()); ++i) {
      if (i < black.size()) sequence.push_back({Colour::Black, Move::at(black[i]), black_at[i]});
      if (i < white.size()) sequence.push_back({Colour::White, Move::at(white[i]), white_at[i]});
    }
  }
  const int setup_stones = static_cast<int>(black.size() + white.size());
  // Who moves next: white after a free handicap, else the colour after the last one placed.
  Colour next = as_handicap ? Colour::White : Colour::Black;
  std::vector<Placed> plays;
  auto add = [&](const Placed& p) {
    if (p.colour != next) plays.push_back({next, Move::pass(), p.position});
    plays.push_back(p);
    next = rm::go::opponent(p.colour);
  };
  for (const auto& p : sequence) add(p);
  if (record_moves.empty() && first_to_move && *first_to_move != next) {
    plays.push_back({next, Move::pass(), root.position});
    next = *first_to_move;
  }
  const int setup_count = static_cast<int>(plays.size());
  for (const auto& p : record_moves) add(p);

  for (std::size_t i = 0; i < plays.size(); ++i) {
    const Placed& p = plays[i];
    const rm::go::MoveError e = board.play(p.colour, p.move);
    if (e != rm::go::MoveError::None) {
      const bool setup = static_cast<int>(i) < setup_count;
      throw OpeningError(p.position, std::string(setup ? "setup stone " : "move ") +
                                         std::string(1, rm::go::sgf_letter(p.colour)) + " " +
                                         rm::go::to_gtp(p.move) + " is illegal (" +
                                         std::string(rm::go::describe(e)) + ")");
    }
    if (static_cast<int>(i) + 1 == setup_count &&
        board.stone_count(Colour::Black) + board.stone_count(Colour::White) != setup_stones)
      throw OpeningError(root.position,
                         "the setup stones cannot be sent as moves (placing them captures stones)");
    opening.moves.push_back({p.colour, rm::go::to_gtp(p.move)});
  }
  opening.setup_moves = setup_count;
  return opening;
}

}  // namespace rm::game
