#include "bench/playouts/naive_board.hpp"

namespace rm::bench {

NaiveBoard::NaiveBoard(int size) : size_(size), cells_(static_cast<std::size_t>(size * size)) {}

std::vector<int> NaiveBoard::neighbours(int p) const {
  std::vector<int> n;
  const int col = p % size_;
  const int row = p / size_;
  if (col > 0) n.push_back(p - 1);
  if (col + 1 < size_) n.push_back(p + 1);
  if (row > 0) n.push_back(p - size_);
  if (row + 1 < size_) n.push_back(p + size_);
  return n;
}

bool NaiveBoard::has_liberty(int p, std::vector<int>& chain) const {
  const std::uint8_t c = cells_[static_cast<std::size_t>(p)];
  chain.assign(1, p);
  std::vector<bool> seen(cells_.size());
  seen[static_cast<std::size_t>(p)] = true;
  bool liberty = false;
  for (std::size_t i = 0; i < chain.size(); ++i)
    for (int n : neighbours(chain[i])) {
      const std::uint8_t nc = cells_[static_cast<std::size_t>(n)];
      if (nc == kEmpty)
        liberty = true;
      else if (nc == c && !seen[static_cast<std::size_t>(n)]) {
        seen[static_cast<std::size_t>(n)] = true;
        chain.push_back(n);
      }
    }
  return liberty;
}

bool NaiveBoard::is_eye(int p, std::uint8_t c) const {
  for (int n : neighbours(p))
    if (cells_[static_cast<std::size_t>(n)] != c) return false;
  const int col = p % size_;
  const int row = p / size_;
  int enemies = 0;
  bool edge = false;
  for (int dc : {-1, 1})
    for (int dr : {-1, 1}) {
      const int x = col + dc;
      const int y = row + dr;
      if (x < 0 || y < 0 || x >= size_ || y >= size_)
        edge = true;
      else if (cells_[static_cast<std::size_t>(y * size_ + x)] == 3 - c)
        ++enemies;
    }
  return edge ? enemies == 0 : enemies <= 1;
}

bool NaiveBoard::legal(int p, std::uint8_t c) const {
  if (cells_[static_cast<std::size_t>(p)] != kEmpty || p == ko_) return false;
  NaiveBoard trial = *this;
  trial.cells_[static_cast<std::size_t>(p)] = c;
  std::vector<int> chain;
  for (int n : trial.neighbours(p))
    if (trial.cells_[static_cast<std::size_t>(n)] == 3 - c && !trial.has_liberty(n, chain))
      return true;  // captures
  return trial.has_liberty(p, chain);
}

void NaiveBoard::play(int p, std::uint8_t c) {
  cells_[static_cast<std::size_t>(p)] = c;
  std::vector<int> chain;
  int captured = 0;
  int last = -1;
  for (int n : neighbours(p))
    if (cells_[static_cast<std::size_t>(n)] == 3 - c && !has_liberty(n, chain)) {
      for (int s : chain) cells_[static_cast<std::size_t>(s)] = kEmpty;
      captured += static_cast<int>(chain.size());
      last = n;
    }
  has_liberty(p, chain);
  ko_ = -1;
  if (captured == 1 && chain.size() == 1) {
    int libs = 0;
    for (int n : neighbours(p)) libs += cells_[static_cast<std::size_t>(n)] == kEmpty;
    if (libs == 1) ko_ = last;
  }
}

int NaiveBoard::playout(refbot::Rng& rng) {
  std::fill(cells_.begin(), cells_.end(), kEmpty);
  ko_ = -1;
  std::uint8_t c = kBlack;
  int passes = 0;
  int moves = 0;
  const int max_moves = 3 * size_ * size_;
  std::vector<int> candidates;
  while (passes < 2 && moves < max_moves) {
    candidates.clear();
    for (int p = 0; p < size_ * size_; ++p)
      if (cells_[static_cast<std::size_t>(p)] == kEmpty) candidates.push_back(p);
    int chosen = -1;
    while (!candidates.empty()) {
      const auto i = static_cast<std::size_t>(rng.below(static_cast<int>(candidates.size())));
      const int p = candidates[i];
      if (!is_eye(p, c) && legal(p, c)) {
        chosen = p;
        break;
      }
      candidates[i] = candidates.back();
      candidates.pop_back();
    }
    if (chosen < 0) {
      ++passes;
      ko_ = -1;
    } else {
      play(chosen, c);
      passes = 0;
    }
    ++moves;
    c = static_cast<std::uint8_t>(3 - c);
  }
  return moves;
}

}  // namespace rm::bench
