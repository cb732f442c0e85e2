#include "ringmaster/game/referee.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>
#include <variant>

#include "engine/go/board.hpp"
#include "engine/go/coordinates.hpp"
#include "engine/go/handicap.hpp"
#include "engine/go/scoring.hpp"
#include "engine/gtp/controller.hpp"
#include "ringmaster/game/arbiter.hpp"
#include "ringmaster/game/game_clock.hpp"
#include "ringmaster/game/gtp_transcript.hpp"
#include "ringmaster/game/number_format.hpp"
#include "ringmaster/game/opening_sender.hpp"
#include "ringmaster/game/outcome.hpp"
#include "ringmaster/game/played_game.hpp"
#include "ringmaster/game/resign_adjudicator.hpp"
#include "ringmaster/game/sgf_record.hpp"

namespace rm::game {

namespace {

using rm::go::Colour;
using rm::gtp::Controller;
using rm::gtp::ErrorKind;
using rm::gtp::GtpError;
using Reply = std::variant<std::string, GtpError>;

// Python's str(float): "7.5", "0.0", "6.0" (gomill sends komi this way; some engines care).
std::string python_float(double v) {
  std::string s = format_number(v);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::vector<std::string> split_words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// The engine's own text of a failure response: the controller's message is
// "failure response from '<cmd>' to player <code>:\n<text>[\nstderr tail...]".
std::string failure_text(const GtpError& e) {
  auto nl = e.message.find('\n');
  if (nl == std::string::npos) return "";
  std::string rest = e.message.substr(nl + 1);
  auto tail = rest.find("\nstderr tail:");
  if (tail != std::string::npos) rest.resize(tail);
  return rest;
}

// The message without the quoted stderr tail (kept for void-game reports, where it helps,
// but dropped from forfeit details, which must be one stable line).
std::string without_stderr_tail(const std::string& message) {
  auto tail = message.find("\nstderr tail:");
  return tail == std::string::npos ? message : message.substr(0, tail);
}

// Raised inside the referee when the game cannot count (gomill's "job failed"); never leaves
// play_game.
struct VoidGame {
  std::string message;
  bool aborted = false;
};

// A 'play' pipelined before a player's move request (GTP v2 lets the referee send both in
// one write; the responses come back in order).
struct PlayInFlight {
  std::string colour;  // of the move being played
  std::string vertex;
};

struct Player {
  const PlayerSpec* spec = nullptr;
  std::string colour;  // "b" / "w"
  std::unique_ptr<Controller> controller;
  std::optional<PlayInFlight> play_in_flight;  // its response not read yet
  bool move_requested = false;                 // genmove sent, response not read yet
  bool move_request_uses_claim = false;
  // Game clocks (time_control): Ringmaster's own measurement of each move.
  std::optional<GameClock> clock;
  bool time_left_in_flight = false;        // `time_left` sent before the genmove, not read yet
  bool genmove_deadline_is_clock = false;  // the genmove's deadline is the clock's, not the timeout
  std::chrono::steady_clock::time_point move_requested_at;
};

class Referee {
 public:
  Referee(const GameJob& job, const std::atomic<bool>* abort, EngineCache* engines)
      : job_(job),
        abort_(abort),
        engines_(engines),
        board_(job.settings.board_size),
        transcript_(job.gtp_log_path) {
    board_.set_suicide_allowed(job.settings.suicide == SuicideRule::Allowed);
    players_[0].spec = &job.black;
    players_[0].colour = "b";
    players_[1].spec = &job.white;
    players_[1].colour = "w";
    result_.game_id = job.game_id;
    result_.black_code = job.black.code;
    result_.white_code = job.white.code;
    if (job.opening) result_.opening = job.opening->name;
    for (Player& p : players_) {
      if (auto tc = time_control_of(*p.spec, job.settings)) p.clock.emplace(*tc);
    }
    if (!transcript_.open_error().empty()) result_.warnings.push_back(transcript_.open_error());
  }

  GameResult run() {
    std::optional<Outcome> outcome;
    try {
      start_engines();
      set_up_board();
      tell_time_settings();
      outcome = play_moves(play_job_opening());
    } catch (const VoidGame& v) {
      return finish_void(v);
    }
    return finish(*outcome);
  }

 private:
  // ---- engines ----

  bool aborted() const { return abort_ != nullptr && abort_->load(); }
  void check_abort() const {
    if (aborted()) throw VoidGame{"aborted", true};
  }

  // Both engines start at once (their start-up latencies overlap); if both fail, black's
  // error is reported, as when they were started one after the other.
  void start_engines() {
    check_abort();
    if (engines_ != nullptr) {
      auto kept = engines_->take(job_.black, job_.white, transcript_.logger(), abort_);
      for (std::size_t i = 0; i < 2; ++i) players_[i].controller = std::move(kept[i]);
    }
    std::vector<Controller::StartRequest> requests;
    std::vector<Player*> starting;
    for (Player& p : players_) {
      if (p.controller) continue;  // kept alive from an earlier game
      starting.push_back(&p);
      Controller::StartRequest r;
      r.spec = p.spec->engine;
      if (r.spec.name.empty()) r.spec.name = p.spec->code;
      r.spec.process.environ["GOMILL_GAME_ID"] = job_.game_id;
      r.log = transcript_.logger();
      r.log_channel = p.colour;
      r.abort = abort_;
      requests.push_back(std::move(r));
    }
    auto started = Controller::start_all(requests);
    for (std::size_t i = 0; i < started.size(); ++i) {
      if (auto* c = std::get_if<std::unique_ptr<Controller>>(&started[i]))
        starting[i]->controller = std::move(*c);
    }
    for (auto& s : started) {
      if (auto* err = std::get_if<GtpError>(&s)) void_on(*err);
    }
    for (Player& p : players_) {
      const auto& d = p.controller->description();
      (p.colour == "b" ? result_.black_short_description : result_.white_short_description) =
          d.short_description();
      (p.colour == "b" ? result_.black_long_description : result_.white_long_description) =
          d.long_description();
    }
  }

  [[noreturn]] void void_on(const GtpError& e) {
    if (e.kind == ErrorKind::Aborted || aborted()) throw VoidGame{"aborted", true};
    throw VoidGame{e.message, false};
  }

  // A command whose failure (of any kind) makes the game void: set-up commands.
  std::string send_required(Player& p, const std::string& cmd,
                            const std::vector<std::string>& args) {
    check_abort();
    Reply r = p.controller->send(cmd, args);
    if (auto* err = std::get_if<GtpError>(&r)) void_on(*err);
    return std::get<std::string>(r);
  }

  // A command during play: channel errors void the game, failure responses and timeouts
  // are returned.
  Reply send_in_play(Player& p, const std::string& cmd, const std::vector<std::string>& args,
                     Controller::CommandKind kind = Controller::CommandKind::Other) {
    check_abort();
    return in_play(p.controller->send(cmd, args, kind));
  }
  // The same for the next result of commands submitted earlier.
  Reply receive_in_play(Player& p) { return in_play(p.controller->receive()); }
  Reply in_play(Reply r) {
    if (auto* err = std::get_if<GtpError>(&r)) {
      if (err->kind != ErrorKind::FailureResponse && err->kind != ErrorKind::Timeout) void_on(*err);
    }
    return r;
  }

  // After the result is known (gomill's cautious mode): errors become late errors.
  std::optional<std::string> send_cautiously(Player& p, const std::string& cmd,
                                             const std::vector<std::string>& args) {
    if (aborted() || p.controller->is_broken()) return std::nullopt;
    Reply r = p.controller->send(cmd, args);
    if (auto* err = std::get_if<GtpError>(&r)) {
      if (err->kind != ErrorKind::FailureResponse) result_.late_errors.push_back(err->message);
      return std::nullopt;
    }
    return std::get<std::string>(r);
  }

  // ---- set-up ----

  // Both engines' set-up commands are pipelined (one write each) and the two engines work
  // at once. The known_command questions the referee will ask later go in the same write,
  // and so does black's first move request when nothing has to be decided before it.
  void set_up_board() {
    const GameSettings& s = job_.settings;
    const bool first_move_now = s.handicap < 2 && !players_[0].spec->allow_claim && !job_.opening &&
                                !players_[0].clock && !players_[1].clock;
    check_abort();
    for (Player& p : players_) {
      std::vector<Controller::Command> commands = {{"boardsize", {std::to_string(s.board_size)}},
                                                   {"clear_board", {}},
                                                   {"komi", {python_float(s.komi)}}};
      std::vector<std::string> known = {"gomill-explain_last_move", "gomill-cpu_time"};
      if (p.spec->allow_claim) known.push_back("gomill-genmove_ex");
      p.controller->submit(commands, known);
      if (&p == &players_[0] && first_move_now) request_move(p, std::nullopt);
    }
    for (Player& p : players_) {
      for (int i = 0; i < 3; ++i) {
        Reply r = p.controller->receive();
        if (auto* err = std::get_if<GtpError>(&r)) void_on(*err);
      }
    }
    if (s.handicap >= 2) {
      if (s.handicap_style == HandicapStyle::Fixed) {
        set_up_fixed_handicap();
      } else {
        set_up_free_handicap();
      }
    }
  }

  void place_handicap(const std::vector<rm::go::Vertex>& points) {
    for (const auto& v : points) {
      board_.place_handicap_stone(v);
      game_.handicap_points.push_back(
          rm::go::to_sgf(rm::go::Move::at(v), job_.settings.board_size));
    }
  }

  void set_up_fixed_handicap() {
    const int size = job_.settings.board_size;
    auto expected = rm::go::fixed_handicap_points(size, job_.settings.handicap);
    auto key = [](const rm::go::Vertex& v) { return std::pair(v.col, v.row); };
    std::vector<std::pair<int, int>> expected_set;
    for (const auto& v : expected) expected_set.push_back(key(v));
    std::sort(expected_set.begin(), expected_set.end());
    for (Player& p : players_) {
      std::string response =
          send_required(p, "fixed_handicap", {std::to_string(job_.settings.handicap)});
      std::vector<std::pair<int, int>> got;
      for (const auto& w : split_words(response)) {
        auto m = rm::go::parse_gtp_move(w, size);
        if (!m || m->is_pass()) {
          got.clear();
          break;
        }
        got.push_back(key(m->vertex()));
      }
      std::sort(got.begin(), got.end());
      if (got != expected_set) {
        throw VoidGame{"bad response from fixed_handicap command to " + p.spec->code + ": " +
                       response};
      }
    }
    place_handicap(expected);
  }

  void set_up_free_handicap() {
    const int size = job_.settings.board_size;
    Player& black = players_[0];
    std::string response =
        send_required(black, "place_free_handicap", {std::to_string(job_.settings.handicap)});
    auto invalid = [&](const std::string& why) {
      return VoidGame{"invalid response from place_free_handicap command to " + black.spec->code +
                      ": " + why};
    };
    std::vector<rm::go::Vertex> points;
    std::vector<std::string> gtp_points;
    for (const auto& w : split_words(response)) {
      auto m = rm::go::parse_gtp_move(w, size);
      if (!m) throw invalid("invalid vertex " + w);
      if (m->is_pass()) throw invalid("pass");
      if (std::find(points.begin(), points.end(), m->vertex()) != points.end()) {
        throw invalid("duplicate point");
      }
      points.push_back(m->vertex());
      gtp_points.push_back(rm::go::to_gtp(*m));
    }
    if (static_cast<int>(points.size()) != job_.settings.handicap) {
      throw invalid("expected " + std::to_string(job_.settings.handicap) + " points, got " +
                    std::to_string(points.size()));
    }
    send_required(players_[1], "set_free_handicap", gtp_points);
    place_handicap(points);
  }

  // ---- play ----

  // Sends p its move request, after `play` of the opponent's last move if given, in one
  // write (GTP pipelining); the responses are read by play_moves in order.
  void request_move(Player& p, std::optional<PlayInFlight> play) {
    check_abort();
    p.move_request_uses_claim =
        p.spec->allow_claim && p.controller->known_command("gomill-genmove_ex");
    std::vector<Controller::Command> commands;
    if (play) commands.push_back({"play", {play->colour, play->vertex}});
    if (p.clock) commands.push_back(time_left_command(p));
    std::vector<std::string> args = p.move_request_uses_claim
                                        ? std::vector<std::string>{p.colour, "claim"}
                                        : std::vector<std::string>{p.colour};
    commands.push_back({p.move_request_uses_claim ? "gomill-genmove_ex" : "genmove", args,
                        Controller::CommandKind::Genmove, genmove_deadline(p)});
    p.controller->submit(commands);
    p.time_left_in_flight = p.clock.has_value();
    p.move_requested_at = std::chrono::steady_clock::now();
    p.play_in_flight = std::move(play);
    p.move_requested = true;
  }

  // The outcome if `receiver` did not accept `play` of the move `maker` just made, else
  // nullopt. The rules are gomill's: a timeout or other failure forfeits the receiver, except
  // "illegal move", which forfeits the maker.
  std::optional<Outcome> play_rejected(int receiver, const PlayInFlight& play,
                                       const Reply& played) {
    const auto* err = std::get_if<GtpError>(&played);
    if (err == nullptr) return std::nullopt;
    const Player& p = players_[receiver];
    if (err->kind == ErrorKind::Timeout) {
      return forfeit_by(receiver,
                        "timeout after " + python_float(p.spec->engine.timeouts.other_s) +
                            "s waiting for response to 'play " + play.colour + " " + play.vertex +
                            "'",
                        "timeout");
    }
    if (lower(failure_text(*err)) == "illegal move") {
      return forfeit_by(1 - receiver, p.spec->code + " claims move " + play.vertex + " is illegal",
                        "claims_illegal");
    }
    return forfeit_by(receiver, without_stderr_tail(err->message), "failure_response");
  }

  Outcome play_moves(int first_to_move) {
    const GameSettings& s = job_.settings;
    int to_move = first_to_move;
    int consecutive_passes = 0;
    while (true) {
      Player& mover = players_[to_move];
      Player& other = players_[1 - to_move];
      const std::string& c = mover.colour;
      const Colour colour = c == "b" ? Colour::Black : Colour::White;

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
        return forfeit_by(to_move, without_stderr_tail(err->message), "failure_response");
      }
      if (mover.clock && !mover.clock->charge(elapsed_s, s.time_margin_s))
        return lost_on_time(to_move, elapsed_s);
      std::string text = std::get<std::string>(reply);
      std::string ltext = lower(text);
      if (ltext == "resign") {
        keep_final_message(mover);
        return resignation(other.colour);
      }
      if (use_claim && ltext == "claim") return claim(c);

      auto move = rm::go::parse_gtp_move(text, s.board_size);
      if (!move) {
        keep_final_message(mover);
        return forfeit_by(to_move, "attempted ill-formed move " + text, "ill_formed_move");
      }
      rm::go::MoveError error = board_.play(colour, *move);
      if (error != rm::go::MoveError::None) {
        std::string what =
            error == rm::go::MoveError::Occupied  ? "attempted move to occupied point "
            : error == rm::go::MoveError::Ko      ? "attempted move to ko-forbidden point "
            : error == rm::go::MoveError::Suicide ? "attempted suicide at "
                                                  : "attempted illegal move ";
        keep_final_message(mover);
        return forfeit_by(to_move, what + rm::go::to_gtp(*move), "illegal_move");
      }
      ++result_.move_count;
      consecutive_passes = move->is_pass() ? consecutive_passes + 1 : 0;
      game_.moves.push_back(SgfMove{c == "b" ? 'B' : 'W', rm::go::to_sgf(*move, s.board_size), ""});
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

  // gomill-explain_last_move output for the move just made ("" if none or unsupported).
  std::string explain(Player& p) {
    if (!p.controller->known_command("gomill-explain_last_move")) return "";
    Reply r = send_in_play(p, "gomill-explain_last_move", {});
    if (auto* s = std::get_if<std::string>(&r)) return *s;
    return "";
  }

  // gomill asks a player whose own move ended the game (resign, or a move that forfeits) to
  // explain it, in cautious mode, and keeps the answer for the SGF record's last node.
  void keep_final_message(Player& p) {
    if (aborted() || p.controller->is_broken()) return;
    if (!p.controller->known_command("gomill-explain_last_move")) return;
    auto text = send_cautiously(p, "gomill-explain_last_move", {});
    if (text && !text->empty())
      game_.final_message = "final message from " + p.colour + ": <<<\n" + *text + "\n>>>";
  }

  Outcome forfeit_by(int loser, const std::string& reason, const std::string& cause) {
    Outcome o = forfeit(players_[1 - loser].colour, players_[loser].spec->code, reason, cause);
    result_.warnings.push_back(o.detail);
    return o;
  }

  Outcome score_game() {
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

  // ---- hooks: clocks, opening, adjudication (each in its own file) ----

  // time_settings, then kgs-time_settings when the engine lists it (it can say Japanese
  // byo-yomi, which time_settings cannot; the later command wins). An engine that refuses
  // them still plays under the clock: Ringmaster keeps the time.
  void tell_time_settings() {
    for (Player& p : players_) {
      if (!p.clock) continue;
      std::vector<std::pair<std::string, std::vector<std::string>>> commands{
          {"time_settings", time_settings_args(p.clock->control())}};
      if (p.controller->known_command("kgs-time_settings"))
        commands.push_back({"kgs-time_settings", kgs_time_settings_args(p.clock->control())});
      for (const auto& [cmd, args] : commands) {
        Reply r = send_in_play(p, cmd, args);
        if (auto* err = std::get_if<GtpError>(&r)) {
          if (err->kind == ErrorKind::Timeout) void_on(*err);
          result_.warnings.push_back(p.spec->code + " refused the time settings: " +
                                     without_stderr_tail(err->message));
        }
      }
    }
  }

  Controller::Command time_left_command(const Player& p) const {
    std::vector<std::string> args{p.colour};
    for (auto& a : p.clock->time_left_args()) args.push_back(a);
    return {"time_left", args};
  }

  // The genmove may not outlast the clock (plus the margin), nor the per-genmove timeout,
  // which stays the hard backstop.
  std::optional<double> genmove_deadline(Player& p) {
    p.genmove_deadline_is_clock = false;
    if (!p.clock) return std::nullopt;
    const double clock_s = p.clock->allowance_s() + job_.settings.time_margin_s;
    if (clock_s >= p.spec->engine.timeouts.genmove_s) return std::nullopt;
    p.genmove_deadline_is_clock = true;
    return clock_s;
  }

  // A time_left the engine does not understand is ignored; a timeout forfeits as for play.
  std::optional<Outcome> time_left_rejected(int receiver, const Reply& r) {
    const auto* err = std::get_if<GtpError>(&r);
    if (err == nullptr || err->kind == ErrorKind::FailureResponse) return std::nullopt;
    return forfeit_by(receiver,
                      "timeout after " +
                          python_float(players_[receiver].spec->engine.timeouts.other_s) +
                          "s waiting for response to 'time_left'",
                      "timeout");
  }

  Outcome lost_on_time(int loser, double elapsed_s) {
    const Player& p = players_[loser];
    char took[64];
    std::snprintf(took, sizeof took, "move took %.2fs, the clock allowed %.2fs + %.2fs margin",
                  elapsed_s, p.clock->allowance_s(), job_.settings.time_margin_s);
    Outcome o = forfeit_by(loser, std::string("out of time: ") + took, "time");
    o.sgf_result = players_[1 - loser].colour == "b" ? "B+T" : "W+T";
    return o;
  }

  // Resign adjudication (adjudication.resign_score) after the move just recorded.
  std::optional<Outcome> adjudicate_resignation() {
    if (!resign_.enabled()) return std::nullopt;
    double lead = 0;
    auto winner = resign_.after_move(board_, result_.move_count, &lead);
    if (!winner) return std::nullopt;
    Outcome o = resignation(*winner);
    o.detail = "resign adjudication: " + std::string(*winner == "b" ? "white" : "black") +
               " behind by " + format_number(lead < 0 ? -lead : lead) + " by the area estimate";
    result_.decided_by = "resign adjudication";
    return o;
  }

  // The arbiter (or, at the move limit without one, the internal scorer) decides.
  Outcome adjudicate(bool at_move_limit) {
    const std::string next = game_.moves.empty() ? (game_.opening_setup_black.empty() ? "b" : "w")
                                                 : (game_.moves.back().colour == 'B' ? "w" : "b");
    const std::string sgf =
        render_sgf(make_sgf_record(job_, result_, game_, local_date_time_now()));
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

  int play_job_opening() {
    int to_move = job_.settings.handicap >= 2 ? 1 : 0;  // white moves first after handicap stones
    if (!job_.opening) return to_move;
    check_abort();
    try {
      OpeningPlayed played =
          play_opening(*job_.opening, {players_[0].controller.get(), players_[1].controller.get()},
                       board_, game_, [this](const GtpError& e) { void_on_opening(e); });
      result_.move_count = played.move_count;
      return played.to_move;
    } catch (const std::invalid_argument& e) {
      throw VoidGame{e.what(), false};
    }
  }

  [[noreturn]] void void_on_opening(const GtpError& e) {
    if (e.kind == ErrorKind::Aborted || aborted()) throw VoidGame{"aborted", true};
    throw VoidGame{"error playing the opening " + job_.opening->name + ":\n" + e.message, false};
  }

  // ---- endings ----

  // CPU time: gomill-cpu_time if the engine claims it (junk -> unknown, rusage not used),
  // else the rusage of the reaped process.
  // Both engines are told to quit before either is waited for, so their exits overlap.
  void close_engines(bool ask_cpu_time, bool kill_first) {
    std::optional<double> cpu[2];
    bool claims_cpu_time[2] = {false, false};
    for (int i = 0; i < 2; ++i) {
      Player& p = players_[i];
      if (!p.controller) continue;
      if (ask_cpu_time && !aborted() && !p.controller->is_broken() &&
          p.controller->known_command("gomill-cpu_time")) {
        claims_cpu_time[i] = true;
        cpu[i] = p.controller->engine_cpu_time();
      }
    }
    for (Player& p : players_) {
      if (!p.controller) continue;
      if (kill_first || aborted()) p.controller->kill();
      p.controller->begin_close();
    }
    // Both engines are closed at once, so each gets the whole quit deadline from its own
    // `quit`: one slow to exit must not make the other's answer late (and blamed on it).
    Controller::CloseReport reports[2];
    std::thread white_closer;
    if (players_[1].controller)
      white_closer = std::thread([&] { reports[1] = players_[1].controller->close(); });
    if (players_[0].controller) reports[0] = players_[0].controller->close();
    if (white_closer.joinable()) white_closer.join();
    for (int i = 0; i < 2; ++i) {
      Player& p = players_[i];
      if (!p.controller) continue;
      if (!claims_cpu_time[i]) cpu[i] = reports[i].rusage_cpu_s;
      for (auto& e : reports[i].late_errors) result_.late_errors.push_back(std::move(e));
      (p.colour == "b" ? result_.black_cpu_s : result_.white_cpu_s) = cpu[i];
      p.controller.reset();
    }
  }

  // Engines of players with `reuse` that had no GTP error of any kind in this game go back
  // to the cache instead of being closed.
  void keep_reusable_engines() {
    if (engines_ == nullptr || aborted()) return;
    for (Player& p : players_) {
      if (!p.spec->reuse || !p.controller || p.controller->is_broken() ||
          p.controller->error_count() != 0)
        continue;
      (p.colour == "b" ? result_.black_cpu_s : result_.white_cpu_s) =
          engines_->keep(*p.spec, std::move(p.controller));
    }
  }

  GameResult finish(const Outcome& o) {
    result_.winner = o.winner;
    result_.margin = o.margin;
    result_.is_jigo = o.is_jigo;
    result_.is_forfeit = o.is_forfeit;
    result_.sgf_result = o.sgf_result;
    result_.detail = o.detail;
    result_.forfeit_cause = o.forfeit_cause;
    keep_reusable_engines();
    close_engines(true, false);
    if (aborted()) {
      // The result was known, but the caller asked us to stop: the caller discards this game.
      return finish_void(VoidGame{"aborted", true});
    }
    write_game_record(job_, result_, game_, local_date_time_now());
    return result_;
  }

  GameResult finish_void(const VoidGame& v) {
    close_engines(false, v.aborted);
    result_.is_void = true;
    result_.void_reason = v.message;
    result_.winner.clear();
    result_.margin.reset();
    result_.is_jigo = result_.is_forfeit = false;
    result_.sgf_result = "Void";
    result_.detail.clear();
    result_.forfeit_cause.clear();
    if (!v.aborted) {
      game_.error_message = "aborting game due to error:\n" + v.message;
      write_game_record(job_, result_, game_, local_date_time_now());
    }
    return result_;
  }

  const GameJob& job_;
  const std::atomic<bool>* abort_;
  EngineCache* engines_;
  rm::go::Board board_;
  GtpTranscript transcript_;
  Player players_[2];
  GameResult result_;
  PlayedGame game_;
  std::vector<ScoreReport> score_reports_;
  ResignAdjudicator resign_{job_.settings};
};

}  // namespace

GameResult play_game(const GameJob& job, const std::atomic<bool>* abort, EngineCache* engines) {
  Referee referee(job, abort, engines);
  return referee.run();
}

}  // namespace rm::game
