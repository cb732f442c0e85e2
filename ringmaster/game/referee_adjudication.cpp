// The referee's adjudication: resigning for a hopeless side, and the arbiter at the move limit.
#include "ringmaster/game/referee_impl.hpp"

namespace rm::game::detail {

std::optional<Outcome> Referee::adjudicate_resignation() {
  if (!resign_.enabled()) return std::nullopt;
  double lead = 0;
  auto winner = resign_.after_move(board_, result_.move_count, &lead);
  if (!winner) return std::nullopt;
  Outcome o = resignation(*winner);
  o.detail = "resign adjudication: " + std::string(*winner == Colour::Black ? "white" : "black") +
             " behind by " + format_number(lead < 0 ? -lead : lead) + " by the area estimate";
  result_.decided_by = "resign adjudication";
  return o;
}

Outcome Referee::adjudicate(bool at_move_limit) {
  const Colour next = game_.moves.empty()
                          ? (game_.opening_setup_black.empty() ? Colour::Black : Colour::White)
                          : (game_.moves.back().colour == 'B' ? Colour::White : Colour::Black);
  const std::string sgf = render_sgf(make_sgf_record(job_, result_, game_, local_date_time_now()));
  ArbiterVerdict v = ask_arbiter(job_.settings, board_, sgf, next, abort_, transcript_.logger());
  for (const auto& note : v.notes) game_.scoring_lines.push_back(note);
  if (!v.outcome) {
    result_.warnings.push_back("the arbiter could not decide");
    return at_move_limit ? move_limit_reached() : unknown_result("players disagreed");
  }
  result_.decided_by = v.decided_by;
  Outcome o = *v.outcome;
  o.detail = (at_move_limit ? "move limit; scored by " : "decided by ") + v.decided_by;
  return o;
}

}  // namespace rm::game::detail
