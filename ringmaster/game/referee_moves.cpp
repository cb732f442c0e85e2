// The referee: the move loop (pipelined play + genmove), forfeits and scoring.
#include "ringmaster/game/referee_impl.hpp"

namespace rm::game::detail {

void Referee::request_move(Player& p, std::optional<PlayInFlight> play) {
  check_abort();
  p.move_request_uses_claim =
      p.spec->allow_claim && p.controller->known_command("gomill-genmove_ex");
  std::vector<Controller::Command> commands;
  if (play) commands.push_back({"play", {play->colour, play->vertex}});
  if (p.clock) commands.push_back(time_left_command(p));
  std::vector<std::string> args = p.move_request_uses_claim
                                      ? std::vector<std::string>{letter(p.colour), "claim"}
                                      : std::vector<std::string>{letter(p.colour)};
  commands.push_back({p.move_request_uses_claim ? "gomill-genmove_ex" : "genmove", args,
                      Controller::CommandKind::Genmove, genmove_deadline(p)});
  p.controller->submit(commands);
  p.time_left_in_flight = p.clock.has_value();
  p.move_requested_at = std::chrono::steady_clock::now();
  p.play_in_flight = std::move(play);
  p.move_requested = true;
}

Outcome Referee::play_moves(int first_to_move) {
  const GameSettings& s = job_.settings;
  int to_move = first_to_move;
  int consecutive_passes = 0;
  while (true) {
    Player& mover = players_[to_move];
    Player& other = players_[1 - to_move];
    const Colour colour = mover.colour;
    const std::string c = letter(colour);

    check_abort();
    if (!mover.move_requested) request_move(mover, std::nullopt);
    if (mover.play_in_flight) {
      const PlayInFlight play = *mover.play_in_flight;
      mover.play_in_flight.reset();
      if (auto o = play_rejected(to_move, play, receive_in_play(mover))) {
        // The genmove written with the play is not wanted any more.
        mover.controller->abandon_pending();
        mover.move_requested = false;
        return *o;
      }
    }
    if (mover.time_left_in_flight) {
      mover.time_left_in_flight = false;
      if (auto o = time_left_rejected(to_move, receive_in_play(mover))) {
        mover.controller->abandon_pending();
        mover.move_requested = false;
        return *o;
      }
    }
    const bool use_claim = mover.move_request_uses_claim;
    std::string cmd_text = std::string(use_claim ? "gomill-genmove_ex " : "genmove ") + c +
                           (use_claim ? " claim" : "");
    mover.move_requested = false;
    Reply reply = receive_in_play(mover);
    const double elapsed_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - mover.move_requested_at)
            .count();
    if (auto* err = std::get_if<GtpError>(&reply)) {
      if (err->kind == ErrorKind::Timeout && mover.genmove_deadline_is_clock)
        return lost_on_time(to_move, elapsed_s);
      if (err->kind == ErrorKind::Timeout) {
        return forfeit_by(to_move,
                          "timeout after " + python_float(mover.spec->engine.timeouts.genmove_s) +
                              "s waiting for response to '" + cmd_text + "'",
                          "timeout");
      }
      keep_final_message(mover);
      return forfeit_by(to_move, err->without_stderr_tail(), "failure_response");
    }
    if (mover.clock && !mover.clock->charge(elapsed_s, s.time_margin_s))
      return lost_on_time(to_move, elapsed_s);
    std::string text = std::get<std::string>(reply);
    std::string ltext = lower(text);
    if (ltext == "resign") {
      keep_final_message(mover);
      return resignation(other.colour);
    }
    if (use_claim && ltext == "claim") return claim(colour);

    auto move = rm::go::parse_gtp_move(text, s.board_size);
    if (!move) {
      keep_final_message(mover);
      return forfeit_by(to_move, "attempted ill-formed move " + text, "ill_formed_move");
    }
    rm::go::MoveError error = board_.play(colour, *move);
    if (error != rm::go::MoveError::None) {
      std::string what = error == rm::go::MoveError::Occupied ? "attempted move to occupied point "
                         : error == rm::go::MoveError::Ko ? "attempted move to ko-forbidden point "
                         : error == rm::go::MoveError::Suicide ? "attempted suicide at "
                                                               : "attempted illegal move ";
      keep_final_message(mover);
      return forfeit_by(to_move, what + rm::go::to_gtp(*move), "illegal_move");
    }
    ++result_.move_count;
    consecutive_passes = move->is_pass() ? consecutive_passes + 1 : 0;
    game_.moves.push_back(
        SgfMove{rm::go::sgf_letter(colour), rm::go::to_sgf(*move, s.board_size), ""});
    if (mover.clock) {
      game_.moves.back().time_left = mover.clock->sgf_time_left();
      game_.moves.back().overtime_left = mover.clock->sgf_overtime_left();
    }
    if (auto o = adjudicate_resignation()) {
      game_.moves.back().comment = explain(mover);
      return *o;
    }

    const bool passed_out = consecutive_passes >= 2;
    const PlayInFlight play{c, rm::go::to_gtp(*move)};
    if (!passed_out && result_.move_count < s.move_limit) {
      // The usual case: the opponent gets the move and its own move request in one write,
      // and works on them while the mover is asked to explain its move.
      request_move(other, play);
      game_.moves.back().comment = explain(mover);
      to_move = 1 - to_move;
      continue;
    }
    game_.moves.back().comment = explain(mover);
    if (passed_out) {
      // The game-ending pass is still sent (in cautious mode); a failure there is ignored.
      send_cautiously(other, "play", {play.colour, play.vertex});
      return score_game();
    }
    if (auto o = play_rejected(1 - to_move, play,
                               send_in_play(other, "play", {play.colour, play.vertex}))) {
      return *o;
    }
    if (s.adjudication.score_at_move_limit) return adjudicate(true);
    return move_limit_reached();
  }
}

std::string Referee::explain(Player& p) {
  if (!p.controller->known_command("gomill-explain_last_move")) return "";
  Reply r = send_in_play(p, "gomill-explain_last_move", {});
  if (auto* s = std::get_if<std::string>(&r)) return *s;
  return "";
}

void Referee::keep_final_message(Player& p) {
  if (aborted() || p.controller->is_broken()) return;
  if (!p.controller->known_command("gomill-explain_last_move")) return;
  auto text = send_cautiously(p, "gomill-explain_last_move", {});
  if (text && !text->empty())
    game_.final_message = "final message from " + letter(p.colour) + ": <<<\n" + *text + "\n>>>";
}

Outcome Referee::forfeit_by(int loser, const std::string& reason, const std::string& cause) {
  Outcome o = forfeit(players_[1 - loser].colour, players_[loser].spec->code, reason, cause);
  result_.warnings.push_back(o.detail);
  return o;
}

Outcome Referee::score_game() {
  const GameSettings& s = job_.settings;
  if (s.scorer == Scorer::Internal) {
    auto area = rm::go::area_score(board_);
    return internal_score(area.black, area.white, s.komi, s.handicap,
                          s.internal_scorer_handicap_compensation);
  }
  for (Player& p : players_) {
    if (!p.spec->is_reliable_scorer || p.controller->is_broken()) continue;
    if (!p.controller->known_command("final_score")) continue;
    if (auto score = send_cautiously(p, "final_score", {})) {
      score_reports_.push_back({p.spec->code, *score});
    }
  }
  Outcome o = combine_player_scores(score_reports_);
  game_.scoring_lines = disagreeing_score_lines(score_reports_, o.sgf_result);
  if (o.sgf_result == "?" && s.adjudication.arbiter != ArbiterKind::None) {
    Outcome decided = adjudicate(false);
    if (decided.sgf_result != "?") return decided;
  }
  return o;
}

}  // namespace rm::game::detail
