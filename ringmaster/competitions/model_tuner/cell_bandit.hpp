// The model_tuner's bandit over coarse cells of one parameter's range (docs/model-tuner.md;
// docs/model-tuner-research.md, step 7): UCB1 as the mc_tuner's (ucb.hpp), over `cells` equal
// cells, each with the prior of gomill's sample control file (10 games, 5 wins), counting every
// game played in a cell whoever chose it. Why: where the win rate varies by little more than the
// noise over much of the range, the model's region and its process can settle on the wrong part and
// play too few games elsewhere to see it; the bandit's share keeps a balanced design across the
// range. Deterministic: a pure function of the games counted.
#pragma once

#include <vector>

namespace rm::comp::model {

class CellBandit {
 public:
  CellBandit(int cells, double exploration);

  int cells() const { return static_cast<int>(games_.size()); }
  // A result at u (y: 1 won, 0.5 no winner, 0 lost).
  void add(double u, double y);
  // The cell with the largest upper bound (of equal ones, the first).
  int cell_to_play() const;
  // The point at `fraction` (in [0, 1)) of a cell's width.
  double point_in(int cell, double fraction) const;

 private:
  double exploration_;
  std::vector<double> games_, wins_;
};

}  // namespace rm::comp::model
