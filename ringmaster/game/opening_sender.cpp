#include "ringmaster/game/opening_sender.hpp"

#include <stdexcept>
#include <variant>

#include "engine/go/coordinates.hpp"

namespace rm::game {

OpeningPlayed play_opening(const Opening& opening,
                           const std::array<rm::gtp::Controller*, 2>& engines, rm::go::Board& board,
                           PlayedGame& game, const OpeningErrorHandler& on_error) {
  const int size = board.size();
  OpeningPlayed played;
  std::vector<rm::gtp::Controller::Command> commands;
  if (!opening.free_handicap.empty()) {
    commands.push_back({"set_free_handicap", opening.free_handicap});
    for (const auto& v : opening.free_handicap) {
      const auto m = rm::go::parse_gtp_move(v, size);
      if (!m || m->is_pass()) throw std::invalid_argument("opening: bad setup point " + v);
      board.place_handicap_stone(m->vertex());
      game.opening_setup_black.push_back(rm::go::to_sgf(*m, size));
    }
    played.to_move = 1;
  }
  for (const auto& om : opening.moves) {
    const auto m = rm::go::parse_gtp_move(om.vertex, size);
    const std::string letter(rm::go::colour_letter(om.colour));
    if (!m || board.play(om.colour, *m) != rm::go::MoveError::None)
      throw std::invalid_argument("opening: illegal move " + letter + " " + om.vertex);
    commands.push_back({"play", {letter, rm::go::to_gtp(*m)}});
    game.moves.push_back(SgfMove{rm::go::sgf_letter(om.colour), rm::go::to_sgf(*m, size), ""});
    played.to_move = om.colour == rm::go::Colour::Black ? 1 : 0;
    ++played.move_count;
  }
  if (played.move_count > 0) game.moves.back().comment = "end of opening " + opening.name;
  if (commands.empty()) return played;
  // Both engines get the whole opening in one write and work on it at once.
  for (auto* engine : engines) engine->submit(commands);
  for (auto* engine : engines) {
    for (std::size_t i = 0; i < commands.size(); ++i) {
      auto reply = engine->receive();
      if (auto* err = std::get_if<rm::gtp::GtpError>(&reply)) {
        // Whatever is left of this engine's pipeline is not wanted any more.
        engine->abandon_pending();
        on_error(*err);
      }
    }
  }
  return played;
}

}  // namespace rm::game
