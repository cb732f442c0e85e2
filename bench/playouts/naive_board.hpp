#pragma once
// The baseline: a deliberately naive board that finds liberties by flood fill on every
// question, playing the same reference-bot playouts (uniform legal non-eye moves, simple ko).
#include <cstdint>
#include <vector>

#include "engine/refbot/rng.hpp"

namespace rm::bench {

class NaiveBoard {
 public:
  explicit NaiveBoard(int size);
  // One playout from the empty board; returns the number of moves (passes included).
  int playout(refbot::Rng& rng);

 private:
  enum : std::uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2 };
  bool has_liberty(int p, std::vector<int>& chain) const;
  bool is_eye(int p, std::uint8_t c) const;
  bool legal(int p, std::uint8_t c) const;
  void play(int p, std::uint8_t c);
  std::vector<int> neighbours(int p) const;

  int size_;
  std::vector<std::uint8_t> cells_;
  int ko_ = -1;
};

}  // namespace rm::bench
