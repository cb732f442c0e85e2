// Cross-checks the incremental board against a deliberately naive one (flood-fill liberties,
// position comparison for ko and superko) over many random moves on several sizes.
#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/go/board.hpp"
#include "engine/go/move_error.hpp"
#include "engine/go/scoring.hpp"
#include "tests/go/diagram.hpp"

using namespace rm::go;

namespace {

struct NaiveBoard {
  int size;
  std::string cells;  // row-major, row 0 at the bottom; '.', 'X', 'O'

  explicit NaiveBoard(int n) : size(n), cells(static_cast<std::size_t>(n * n), '.') {}
  char& at(int col, int row) { return cells[static_cast<std::size_t>(row * size + col)]; }

  // Removes the chain at (col,row) if it has no liberty; returns the number removed.
  int remove_if_dead(int col, int row) {
    const char c = at(col, row);
    std::vector<int> stack{row * size + col};
    std::set<int> chain{row * size + col};
    bool has_liberty = false;
    while (!stack.empty()) {
      const int p = stack.back();
      stack.pop_back();
      const int pc = p % size;
      const int pr = p / size;
      const int nb[4][2] = {{pc - 1, pr}, {pc + 1, pr}, {pc, pr - 1}, {pc, pr + 1}};
      for (const auto& n : nb) {
        if (n[0] < 0 || n[1] < 0 || n[0] >= size || n[1] >= size) continue;
        const char nc = at(n[0], n[1]);
        if (nc == '.')
          has_liberty = true;
        else if (nc == c && chain.insert(n[1] * size + n[0]).second)
          stack.push_back(n[1] * size + n[0]);
      }
    }
    if (has_liberty) return 0;
    for (int p : chain) cells[static_cast<std::size_t>(p)] = '.';
    return static_cast<int>(chain.size());
  }

  // The position after c plays (col,row), or "" if the move is suicide.
  std::string after(char c, int col, int row) const {
    NaiveBoard b = *this;
    b.at(col, row) = c;
    const char enemy = c == 'X' ? 'O' : 'X';
    const int nb[4][2] = {{col - 1, row}, {col + 1, row}, {col, row - 1}, {col, row + 1}};
    for (const auto& n : nb) {
      if (n[0] < 0 || n[1] < 0 || n[0] >= size || n[1] >= size) continue;
      if (b.at(n[0], n[1]) == enemy) b.remove_if_dead(n[0], n[1]);
    }
    if (b.remove_if_dead(col, row) > 0) return "";
    return b.cells;
  }
};

std::string cells_of(const Board& b) {
  std::string s;
  for (int row = 0; row < b.size(); ++row)
    for (int col = 0; col < b.size(); ++col) {
      const Colour c = b.at(Vertex{col, row});
      s += c == Colour::Black ? 'X' : c == Colour::White ? 'O' : '.';
    }
  return s;
}

// Verdicts seen across all random games, so the test can show that every rule was exercised.
std::map<MoveError, int> verdicts_seen;

void random_game(int size, bool superko, unsigned seed, int checks_per_ply) {
  std::mt19937 rng(seed);
  Board board(size);
  board.set_positional_superko(superko);
  NaiveBoard naive(size);
  std::string two_plies_ago;  // simple ko: may not recreate the position before the last move
  std::string one_ply_ago = naive.cells;
  std::set<std::string> seen{naive.cells};
  std::map<std::string, std::uint64_t> hash_of{{naive.cells, board.hash()}};
  Colour to_move = Colour::Black;
  const int max_plies = 3 * size * size;
  for (int ply = 0; ply < max_plies; ++ply) {
    const char c = to_move == Colour::Black ? 'X' : 'O';
    auto expected = [&](int col, int row) {
      if (naive.at(col, row) != '.') return MoveError::Occupied;
      const std::string next = naive.after(c, col, row);
      if (next.empty()) return MoveError::Suicide;
      if (next == two_plies_ago) return MoveError::Ko;
      if (superko && seen.count(next) > 0) return MoveError::Superko;
      return MoveError::None;
    };
    std::vector<Vertex> legal;
    for (int row = 0; row < size; ++row)
      for (int col = 0; col < size; ++col)
        if (expected(col, row) == MoveError::None) legal.push_back(Vertex{col, row});
    // Compare the board's verdict on a sample of points (all of them on small boards).
    for (int i = 0; i < checks_per_ply; ++i) {
      const int col = static_cast<int>(rng() % static_cast<unsigned>(size));
      const int row = static_cast<int>(rng() % static_cast<unsigned>(size));
      INFO("size " << size << " ply " << ply << " point " << col << "," << row);
      const MoveError verdict = expected(col, row);
      REQUIRE(board.check(to_move, Move::at(Vertex{col, row})) == verdict);
      ++verdicts_seen[verdict];
    }
    two_plies_ago = one_ply_ago;
    if (legal.empty() || rng() % 50 == 0) {
      REQUIRE(board.play(to_move, Move::pass()) == MoveError::None);
    } else {
      const Vertex m = legal[rng() % legal.size()];
      REQUIRE(board.play(to_move, Move::at(m)) == MoveError::None);
      naive.cells = naive.after(c, m.col, m.row);
    }
    one_ply_ago = naive.cells;
    seen.insert(naive.cells);
    REQUIRE(cells_of(board) == naive.cells);
    REQUIRE(board.stone_count(Colour::Empty) ==
            static_cast<int>(std::count(naive.cells.begin(), naive.cells.end(), '.')));
    // Equal positions have equal hashes, different ones (almost surely) different hashes.
    auto [it, inserted] = hash_of.emplace(naive.cells, board.hash());
    if (!inserted) REQUIRE(it->second == board.hash());
    to_move = opponent(to_move);
  }
  std::set<std::uint64_t> distinct;
  for (const auto& [cells, h] : hash_of) distinct.insert(h);
  CHECK(distinct.size() == hash_of.size());
}

}  // namespace

TEST_CASE("random games agree with a naive flood-fill board", "[board][random]") {
  for (int size : {2, 3, 4, 5, 7, 9}) {
    for (unsigned seed = 1; seed <= 6; ++seed)
      random_game(size, seed % 2 == 0, seed * 7919u + static_cast<unsigned>(size), size * size);
  }
  random_game(13, true, 11, 40);
  random_game(19, false, 12, 30);
  random_game(25, true, 13, 20);
  // Captures, suicides, kos and superko repetitions all occurred (small boards see many).
  for (MoveError e : {MoveError::None, MoveError::Occupied, MoveError::Suicide, MoveError::Ko,
                      MoveError::Superko}) {
    INFO(describe(e));
    CHECK(verdicts_seen[e] > 0);
  }
}

TEST_CASE("copy_position_from reproduces the position", "[board]") {
  Board a(9);
  std::mt19937 rng(5);
  Colour c = Colour::Black;
  for (int i = 0; i < 60; ++i) {
    const Vertex m{static_cast<int>(rng() % 9), static_cast<int>(rng() % 9)};
    a.play(c, Move::at(m));
    c = opponent(c);
  }
  Board b(19);
  b.copy_position_from(a);
  CHECK(b.size() == 9);
  CHECK(cells_of(b) == cells_of(a));
  CHECK(b.hash() == a.hash());
  CHECK(area_score(b).black == area_score(a).black);
  for (int i = 0; i < a.empty_count(); ++i) {
    const auto p = a.empty_point(i);
    CHECK(b.is_legal_fast(Colour::Black, p) == a.is_legal_fast(Colour::Black, p));
  }
}
