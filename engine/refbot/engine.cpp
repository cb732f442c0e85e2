#include "engine/refbot/engine.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <random>

#include "engine/go/handicap.hpp"
#include "engine/go/scoring.hpp"

namespace rm::refbot {

using go::Board;
using go::Colour;
using go::Move;

namespace {
// Ringmaster sets GOMILL_GAME_ID for every engine it starts. Mixing it into a fixed seed makes
// each game of an event different (two seeded ringbots would otherwise replay one game for
// ever) while a given game id still replays exactly.
std::uint64_t game_id_salt(std::string_view id) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (char c : id) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  return h;
}

std::uint64_t environment_game_salt() {
  const char* id = std::getenv("GOMILL_GAME_ID");
  return id == nullptr ? 0 : game_id_salt(id);
}
}  // namespace

Engine::Engine() : clock_seed_(std::random_device{}()), game_salt_(environment_game_salt()) {
  clock_seed_ = mix_seed(
      clock_seed_,
      static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
  board_.set_positional_superko(true);
}

bool Engine::set_board_size(int size) {
  if (size < go::kMinBoardSize || size > go::kMaxBoardSize) return false;
  board_ = Board(size);
  board_.set_positional_superko(true);
  handicap_.clear();
  history_.clear();
  return true;
}

void Engine::clear_board() {
  set_board_size(board_.size());
}

void Engine::set_game_id(std::string_view id) {
  game_salt_ = game_id_salt(id);
}

void Engine::rebuild() {
  board_ = Board(board_.size());
  board_.set_positional_superko(true);
  for (const go::Vertex& v : handicap_) board_.place_handicap_stone(v);
  for (const auto& [c, m] : history_) board_.play(c, m);
}

go::MoveError Engine::play(Colour c, Move m) {
  const go::MoveError e = board_.play(c, m);
  if (e == go::MoveError::None) history_.emplace_back(c, m);
  return e;
}

bool Engine::undo() {
  if (history_.empty()) return false;
  history_.pop_back();
  rebuild();
  return true;
}

std::optional<std::string> Engine::set_handicap(const std::vector<go::Vertex>& stones) {
  if (!history_.empty() || !handicap_.empty() || board_.stone_count(Colour::Black) > 0 ||
      board_.stone_count(Colour::White) > 0)
    return std::string("board not empty");
  if (stones.size() < 2) return std::string("invalid number of stones");
  if (static_cast<int>(stones.size()) >= board_.size() * board_.size())
    return std::string("invalid number of stones");
  for (std::size_t i = 0; i < stones.size(); ++i) {
    if (!go::on_board(stones[i], board_.size())) return std::string("invalid vertex");
    for (std::size_t j = 0; j < i; ++j)
      if (stones[i] == stones[j]) return std::string("repeated vertex");
  }
  for (const go::Vertex& v : stones) board_.place_handicap_stone(v);
  handicap_ = stones;
  return std::nullopt;
}

std::vector<go::Vertex> Engine::choose_free_handicap(int n) const {
  const int size = board_.size();
  std::vector<go::Vertex> points =
      go::fixed_handicap_points(size, std::min(n, go::max_fixed_handicap(size)));
  if (static_cast<int>(points.size()) == n) return points;
  std::vector<go::Vertex> rest;
  for (int row = 0; row < size; ++row)
    for (int col = 0; col < size; ++col)
      if (std::find(points.begin(), points.end(), go::Vertex{col, row}) == points.end())
        rest.push_back(go::Vertex{col, row});
  // Nearest the centre first; ties in row-major order (stable sort): deterministic.
  auto dist = [size](go::Vertex v) {
    return std::abs(2 * v.col - (size - 1)) + std::abs(2 * v.row - (size - 1));
  };
  std::stable_sort(rest.begin(), rest.end(),
                   [&](go::Vertex a, go::Vertex b) { return dist(a) < dist(b); });
  for (const go::Vertex& v : rest) {
    if (static_cast<int>(points.size()) >= n) break;
    points.push_back(v);
  }
  return points;
}

double Engine::score() const {
  const go::AreaScore s = go::area_score(board_);
  return s.black - s.white - komi_;
}

std::uint64_t Engine::move_seed(Colour c) const {
  // Seed + move number + position: a replayed game regenerates exactly the same moves.
  const std::uint64_t base = params_.seed != 0 ? mix_seed(params_.seed, game_salt_) : clock_seed_;
  std::uint64_t s = mix_seed(base, static_cast<std::uint64_t>(history_.size()));
  s = mix_seed(s, board_.hash());
  return mix_seed(s, static_cast<std::uint64_t>(c));
}

Genmove Engine::genmove(Colour c) {
  Genmove g;
  const bool opponent_passed =
      !history_.empty() && history_.back().first != c && history_.back().second.is_pass();
  const int passes_before = opponent_passed ? 1 : 0;
  if (opponent_passed && params_.pass_when_won) {
    const double margin = c == Colour::Black ? score() : -score();
    if (margin > 0) {
      play(c, Move::pass());
      return g;
    }
  }
  Rng rng(move_seed(c));
  switch (params_.search) {
    case SearchMode::Flat:
      g.search = flat_search(board_, c, passes_before, komi_, params_, rng);
      break;
    case SearchMode::Uct:
      g.search = uct_search(board_, c, passes_before, komi_, params_, rng);
      break;
    case SearchMode::Random:
      g.search = random_move(board_, c, rng);
      break;
  }
  if (params_.resign_threshold > 0 && g.search.win_rate < params_.resign_threshold) {
    g.resign = true;
    return g;
  }
  g.move =
      g.search.point == Board::kNoPoint ? Move::pass() : Move::at(board_.vertex_of(g.search.point));
  play(c, g.move);
  return g;
}

}  // namespace rm::refbot
