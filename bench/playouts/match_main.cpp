// ringbot_match: plays games between two GTP engines (colours alternate) with an internal
// referee (positional superko, area scoring with every stone alive, two passes end a game)
// and prints the result. Used by scripts/ringbot-strength.sh. Not a test.
//
//   ringbot_match --games N [--size 9] [--komi 7.5] --a "CMD ARGS" --b "CMD ARGS"
// A word "{seed}" in a command is replaced by a per-game seed so games differ.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <sstream>
#include <string>
#include <vector>

#include "bench/playouts/gtp_engine_process.hpp"
#include "engine/go/board.hpp"
#include "engine/go/coordinates.hpp"
#include "engine/go/scoring.hpp"

namespace {

using rm::go::Colour;

std::vector<std::string> words(const std::string& command, int seed) {
  std::vector<std::string> out;
  std::istringstream in(command);
  for (std::string w; in >> w;) out.push_back(w == "{seed}" ? std::to_string(seed) : w);
  return out;
}

struct GameOutcome {
  int winner;  // 0 = engine A, 1 = engine B, -1 = jigo
  int moves;
  std::string reason;
};

GameOutcome play_game(const std::string& a, const std::string& b, bool a_is_black, int size,
                      double komi, int seed) {
  rm::bench::GtpEngineProcess ea(words(a, seed));
  rm::bench::GtpEngineProcess eb(words(b, seed + 7919));
  rm::bench::GtpEngineProcess* black = a_is_black ? &ea : &eb;
  rm::bench::GtpEngineProcess* white = a_is_black ? &eb : &ea;
  const int black_id = a_is_black ? 0 : 1;
  std::string text;
  for (auto* e : {black, white}) {
    if (!e->command("boardsize " + std::to_string(size), text) || !e->command("clear_board", text) ||
        !e->command("komi " + std::to_string(komi), text))
      throw std::runtime_error("engine refused set-up: " + text);
  }
  rm::go::Board board(size);
  board.set_positional_superko(true);
  int passes = 0;
  int moves = 0;
  Colour to_move = Colour::Black;
  const int max_moves = 4 * size * size;
  while (passes < 2 && moves < max_moves) {
    auto* mover = to_move == Colour::Black ? black : white;
    auto* other = to_move == Colour::Black ? white : black;
    const int mover_id = to_move == Colour::Black ? black_id : 1 - black_id;
    const std::string colour = to_move == Colour::Black ? "b" : "w";
    if (!mover->command("genmove " + colour, text))
      return {1 - mover_id, moves, "genmove failed: " + text};
    std::string lower;
    for (char ch : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (lower == "resign") return {1 - mover_id, moves, "resign"};
    const auto move = rm::go::parse_gtp_move(lower, size);
    if (!move || board.play(to_move, *move) != rm::go::MoveError::None)
      return {1 - mover_id, moves, "illegal move " + text};
    if (!other->command("play " + colour + " " + lower, text))
      return {mover_id, moves, "opponent rejected move: " + text};
    passes = move->is_pass() ? passes + 1 : 0;
    ++moves;
    to_move = rm::go::opponent(to_move);
  }
  const rm::go::AreaScore s = rm::go::area_score(board);
  const double margin = s.black - s.white - komi;
  if (margin == 0) return {-1, moves, "jigo"};
  return {margin > 0 ? black_id : 1 - black_id, moves, passes >= 2 ? "score" : "move limit"};
}

}  // namespace

int main(int argc, char** argv) {
  int games = 10;
  int size = 9;
  double komi = 7.5;
  int seed = 1;
  std::string a;
  std::string b;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    const std::string value = argv[i + 1];
    if (key == "--games") games = std::atoi(value.c_str());
    else if (key == "--size") size = std::atoi(value.c_str());
    else if (key == "--komi") komi = std::atof(value.c_str());
    else if (key == "--seed") seed = std::atoi(value.c_str());
    else if (key == "--a") a = value;
    else if (key == "--b") b = value;
    else {
      std::fprintf(stderr, "ringbot_match: unknown option %s\n", key.c_str());
      return 2;
    }
  }
  if (a.empty() || b.empty() || games < 1 || size < 2 || size > 25) {
    std::fprintf(stderr, "usage: ringbot_match --games N [--size S] [--komi K] [--seed S] "
                         "--a \"CMD\" --b \"CMD\"\n");
    return 2;
  }
  double a_wins = 0;
  int total_moves = 0;
  const auto start = std::chrono::steady_clock::now();
  try {
    for (int g = 0; g < games; ++g) {
      const GameOutcome o = play_game(a, b, g % 2 == 0, size, komi, seed + g);
      a_wins += o.winner == 0 ? 1.0 : o.winner == -1 ? 0.5 : 0.0;
      total_moves += o.moves;
      std::fprintf(stderr, "game %d: A %s, %s, winner %s (%d moves)\n", g + 1,
                   g % 2 == 0 ? "black" : "white", o.reason.c_str(),
                   o.winner == 0 ? "A" : o.winner == 1 ? "B" : "none", o.moves);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ringbot_match: %s\n", e.what());
    return 1;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("games %d a_wins %.1f a_win_rate %.2f avg_moves %.1f sec_per_game %.2f\n", games,
              a_wins, a_wins / games, static_cast<double>(total_moves) / games, seconds / games);
  return 0;
}
