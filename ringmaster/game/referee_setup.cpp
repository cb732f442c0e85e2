// The referee: setting up the board (size, komi, handicap) and playing the job's opening.
#include "ringmaster/game/referee_impl.hpp"

namespace rm::game::detail {

void Referee::set_up_board() {
  const GameSettings& s = job_.settings;
  const bool first_move_now = s.handicap < 2 && !players_[0].spec->allow_claim && !job_.opening &&
                              !players_[0].clock && !players_[1].clock;
  check_abort();
  // A kept engine was started for another game (GOMILL_GAME_ID): an engine that knows
  // ringmaster-game_id (ringbot reseeds from it) is told this game's, so that its moves depend
  // on this game as a fresh engine's would (docs/engine-reuse.md).
  for (Player& p : players_)
    if (p.spec->reuse && p.controller->known_command("ringmaster-game_id"))
      send_required(p, "ringmaster-game_id", {job_.game_id});
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

void Referee::place_handicap(const std::vector<rm::go::Vertex>& points) {
  for (const auto& v : points) {
    board_.place_handicap_stone(v);
    game_.handicap_points.push_back(rm::go::to_sgf(rm::go::Move::at(v), job_.settings.board_size));
  }
}

void Referee::set_up_fixed_handicap() {
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

void Referee::set_up_free_handicap() {
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

int Referee::play_job_opening() {
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
    throw VoidGame{e.what()};
  }
}

void Referee::void_on_opening(const GtpError& e) {
  if (e.kind == ErrorKind::Aborted || aborted()) throw VoidGame::because(VoidReason::Aborted);
  throw VoidGame{"error playing the opening " + job_.opening->name + ":\n" + e.message};
}

}  // namespace rm::game::detail
