// Where the model_tuner plays its next game: one declared table of proposal shares, keyed by the
// search's phase (docs/model-tuner.md, "How it works"). The whole policy is this table; the
// surrogates only say how their own proposal is drawn.
#pragma once

namespace rm::comp::model {

enum class Phase {
  Opening,  // before the surrogate's first fit: nothing is known yet
  Search,   // the surrogate is fitted and steers the games
};

enum class Proposal {
  Uniform,    // a uniform point of the whole box
  Cells,      // a point of the cell the cell bandit chooses (one parameter only)
  Surrogate,  // the surrogate's own proposal (a Thompson draw's maximum, a point of the region)
  Interval,   // a uniform point of the recommendation's interval: the values not shown worse
};

struct ProposalShares {
  double uniform = 0.0, cells = 0.0, surrogate = 0.0, interval = 0.0;  // they sum to 1
};

// The table. cell_share is the user's setting (one parameter only; 0 turns the bandit off).
//   phase    one parameter                           two or more parameters
//   Opening  uniform 1                               uniform 1
//   Search   cells cell_share, the rest halved       surrogate 1 (the quadratic's region)
//            between surrogate (Thompson) and interval
// Why the interval's games with one parameter: Thompson sampling puts its games where the
// optimum most likely is, which is right for finding it but leaves few games on either side to
// place it precisely; the interval's games spread over all the values still in contention.
// The quadratic's region does both already.
inline ProposalShares proposal_shares(Phase phase, int dims, double cell_share) {
  if (phase == Phase::Opening) return {1.0, 0.0, 0.0, 0.0};
  if (dims == 1) return {0.0, cell_share, (1.0 - cell_share) / 2.0, (1.0 - cell_share) / 2.0};
  return {0.0, 0.0, 1.0, 0.0};
}

// The proposal for a uniform number in [0, 1).
inline Proposal pick_proposal(const ProposalShares& shares, double unit) {
  if (unit < shares.uniform) return Proposal::Uniform;
  if (unit < shares.uniform + shares.cells) return Proposal::Cells;
  if (unit < shares.uniform + shares.cells + shares.surrogate) return Proposal::Surrogate;
  return Proposal::Interval;
}

}  // namespace rm::comp::model
