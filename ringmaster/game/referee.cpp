// The referee of one game: starting the engines, and the endings (closing them, the result,
// the record). The class is in referee_impl.hpp; its other parts are in the referee_*.cpp files.
#include "ringmaster/game/referee.hpp"

#include "ringmaster/game/referee_impl.hpp"

namespace rm::game::detail {

void Referee::start_engines() {
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
    r.log_channel = letter(p.colour);
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
    (p.colour == Colour::Black ? result_.black_short_description
                               : result_.white_short_description) = d.short_description();
    (p.colour == Colour::Black ? result_.black_long_description : result_.white_long_description) =
        d.long_description();
  }
}

void Referee::void_on(const GtpError& e) {
  if (e.kind == ErrorKind::Aborted || aborted()) throw VoidGame::because(VoidReason::Aborted);
  throw VoidGame{e.message};
}

Reply Referee::in_play(Reply r) {
  if (auto* err = std::get_if<GtpError>(&r)) {
    if (err->kind != ErrorKind::FailureResponse && err->kind != ErrorKind::Timeout) void_on(*err);
  }
  return r;
}

void Referee::close_engines(bool ask_cpu_time, bool kill_first) {
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
    (p.colour == Colour::Black ? result_.black_cpu_s : result_.white_cpu_s) = cpu[i];
    p.controller.reset();
  }
}

void Referee::keep_reusable_engines() {
  if (engines_ == nullptr || aborted()) return;
  const std::string record = record_fingerprint();
  std::vector<std::string> replaying;
  std::string earlier_game;
  for (Player& p : players_) {
    if (!p.spec->reuse || !p.controller || p.controller->is_broken() ||
        p.controller->error_count() != 0)
      continue;
    if (auto earlier = engines_->note_record(*p.controller, job_.game_id, record)) {
      replaying.push_back(p.spec->code);
      earlier_game = *earlier;
    }
    (p.colour == Colour::Black ? result_.black_cpu_s : result_.white_cpu_s) =
        engines_->keep(*p.spec, std::move(p.controller));
  }
  if (replaying.empty()) return;
  std::string who = replaying[0];
  if (replaying.size() > 1) who += " and " + replaying[1];
  result_.warnings.push_back(
      "game " + job_.game_id + " has exactly the moves of game " + earlier_game +
      ", played by the same kept engine process (" + who +
      ", reuse: true): an engine kept alive that is not told a new game began (a fixed seed "
      "never reseeded) replays its games; see docs/engine-reuse.md");
}

std::string Referee::record_fingerprint() const {
  std::string r = std::to_string(job_.settings.board_size) + " " +
                  (job_.opening ? job_.opening->name : std::string()) + ";";
  for (const auto& h : game_.handicap_points) r += h + " ";
  for (const auto& h : game_.opening_setup_black) r += h + " ";
  for (const auto& m : game_.moves) r += std::string(1, m.colour) + m.point + " ";
  return r;
}

GameResult Referee::finish(const Outcome& o) {
  result_.winner = o.winner ? letter(*o.winner) : "";
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
    return finish_void(VoidGame::because(VoidReason::Aborted));
  }
  write_game_record(job_, result_, game_, local_date_time_now());
  return result_;
}

GameResult Referee::finish_void(const VoidGame& v) {
  const bool aborted_game = v.reason == VoidReason::Aborted;
  close_engines(false, aborted_game);
  result_.is_void = true;
  result_.void_reason = v.message;
  result_.winner.clear();
  result_.margin.reset();
  result_.is_jigo = result_.is_forfeit = false;
  result_.sgf_result = "Void";
  result_.detail.clear();
  result_.forfeit_cause.clear();
  if (!aborted_game) {
    game_.error_message = "aborting game due to error:\n" + v.message;
    write_game_record(job_, result_, game_, local_date_time_now());
  }
  return result_;
}

}  // namespace rm::game::detail

namespace rm::game {

GameResult play_game(const GameJob& job, const std::atomic<bool>* abort, EngineCache* engines) {
  detail::Referee referee(job, abort, engines);
  return referee.run();
}

}  // namespace rm::game
