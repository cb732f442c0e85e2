#include "ringmaster/game/resign_adjudicator.hpp"

#include "engine/go/scoring.hpp"
#include "ringmaster/game/outcome.hpp"

namespace rm::game {

std::optional<rm::go::Colour> ResignAdjudicator::after_move(const rm::go::Board& board,
                                                            int move_count, double* estimate) {
  const Adjudication& a = settings_.adjudication;
  if (!a.resign_score) return std::nullopt;
  const auto area = rm::go::area_score(board);
  const double lead =
      area.black - area.white - settings_.komi -
      handicap_compensation(settings_.handicap, settings_.internal_scorer_handicap_compensation);
  if (estimate != nullptr) *estimate = lead;
  if (move_count <= a.resign_after_moves) return std::nullopt;
  using rm::go::Colour;
  const Colour leader = lead >= *a.resign_score    ? Colour::Black
                        : lead <= -*a.resign_score ? Colour::White
                                                   : Colour::Empty;
  if (leader == Colour::Empty || leader != leader_) {
    leader_ = leader;
    run_ = leader == Colour::Empty ? 0 : 1;
  } else {
    ++run_;
  }
  if (leader_ != Colour::Empty && run_ >= a.resign_moves) return leader_;
  return std::nullopt;
}

}  // namespace rm::game
