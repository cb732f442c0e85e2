// Internal to the referee: the Referee class, which plays one game (play_game in referee.hpp),
// and the helpers its parts share. Its member functions are defined by concern:
// referee.cpp (engines, endings), referee_setup.cpp (board, handicap, opening),
// referee_moves.cpp (the move loop, scoring), referee_clock.cpp (game clocks) and
// referee_adjudication.cpp.
#pragma once

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
#include "ringmaster/game/referee.hpp"
#include "ringmaster/game/resign_adjudicator.hpp"
#include "ringmaster/game/sgf_record.hpp"

namespace rm::game::detail {

using rm::go::Colour;
using rm::gtp::Controller;
using rm::gtp::ErrorKind;
using rm::gtp::GtpError;
using Reply = std::variant<std::string, GtpError>;

// Python's str(float): "7.5", "0.0", "6.0" (gomill sends komi this way; some engines care).
inline std::string python_float(double v) {
  std::string s = format_number(v);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

inline std::vector<std::string> split_words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// A player's colour as GTP arguments and the transcript's channels spell it: "b" / "w".
inline std::string letter(Colour c) {
  return std::string(rm::go::colour_letter(c));
}

// Raised inside the referee when the game cannot count (gomill's "job failed"); never leaves
// play_game.
struct VoidGame {
  std::string message;                              // the void reason as stored and shown
  std::optional<VoidReason> reason = std::nullopt;  // one of Ringmaster's fixed reasons
  static VoidGame because(VoidReason r) { return {std::string(void_reason_text(r)), r}; }
};

// A 'play' pipelined before a player's move request (GTP v2 lets the referee send both in
// one write; the responses come back in order).
struct PlayInFlight {
  std::string colour;  // of the move being played, as GTP spells it
  std::string vertex;
};

struct Player {
  const PlayerSpec* spec = nullptr;
  Colour colour = Colour::Black;
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
    players_[0].colour = Colour::Black;
    players_[1].spec = &job.white;
    players_[1].colour = Colour::White;
    result_ = result_for(job);
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
    if (aborted()) throw VoidGame::because(VoidReason::Aborted);
  }
  // Both engines start at once (their start-up latencies overlap); if both fail, black's
  // error is reported, as when they were started one after the other.
  void start_engines();
  [[noreturn]] void void_on(const GtpError& e);
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
  Reply in_play(Reply r);
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
  void set_up_board();
  void place_handicap(const std::vector<rm::go::Vertex>& points);
  void set_up_fixed_handicap();
  void set_up_free_handicap();

  // ---- play ----
  // Sends p its move request, after `play` of the opponent's last move if given, in one
  // write (GTP pipelining); the responses are read by play_moves in order.
  void request_move(Player& p, std::optional<PlayInFlight> play);
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
    if (lower(err->response) == "illegal move") {
      return forfeit_by(1 - receiver, p.spec->code + " claims move " + play.vertex + " is illegal",
                        "claims_illegal");
    }
    // The stderr tail is kept for void-game reports, where it helps, but dropped from
    // forfeit details, which must be one stable line.
    return forfeit_by(receiver, err->without_stderr_tail(), "failure_response");
  }
  Outcome play_moves(int first_to_move);
  // gomill-explain_last_move output for the move just made ("" if none or unsupported).
  std::string explain(Player& p);
  // gomill asks a player whose own move ended the game (resign, or a move that forfeits) to
  // explain it, in cautious mode, and keeps the answer for the SGF record's last node.
  void keep_final_message(Player& p);
  Outcome forfeit_by(int loser, const std::string& reason, const std::string& cause);
  Outcome score_game();

  // ---- hooks: clocks (referee_clock.cpp), opening (referee_setup.cpp), adjudication
  // (referee_adjudication.cpp) ----
  // time_settings, then kgs-time_settings when the engine lists it (it can say Japanese
  // byo-yomi, which time_settings cannot; the later command wins). An engine that refuses
  // them still plays under the clock: Ringmaster keeps the time.
  void tell_time_settings();
  Controller::Command time_left_command(const Player& p) const;
  // The genmove may not outlast the clock (plus the margin), nor the per-genmove timeout,
  // which stays the hard backstop.
  std::optional<double> genmove_deadline(Player& p);
  // A time_left the engine does not understand is ignored; a timeout forfeits as for play.
  std::optional<Outcome> time_left_rejected(int receiver, const Reply& r);
  Outcome lost_on_time(int loser, double elapsed_s);
  // Resign adjudication (adjudication.resign_score) after the move just recorded.
  std::optional<Outcome> adjudicate_resignation();
  // The arbiter (or, at the move limit without one, the internal scorer) decides.
  Outcome adjudicate(bool at_move_limit);
  int play_job_opening();
  [[noreturn]] void void_on_opening(const GtpError& e);

  // ---- endings ----
  // CPU time: gomill-cpu_time if the engine claims it (junk -> unknown, rusage not used),
  // else the rusage of the reaped process.
  // Both engines are told to quit before either is waited for, so their exits overlap.
  void close_engines(bool ask_cpu_time, bool kill_first);
  // Engines of players with `reuse` that had no GTP error of any kind in this game go back
  // to the cache instead of being closed.
  void keep_reusable_engines();
  // The game's set-up and moves as one string: equal for games with identical records.
  std::string record_fingerprint() const;
  GameResult finish(const Outcome& o);
  GameResult finish_void(const VoidGame& v);

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

}  // namespace rm::game::detail
