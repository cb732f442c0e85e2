// An opening position for one game: what the referee sends to both engines before the first
// genmove. Plain data with a JSON round trip; made from an SGF record by opening_from_sgf.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/go/colour.hpp"

namespace rm::game {

struct OpeningMove {
  rm::go::Colour colour = rm::go::Colour::Black;  // Black or White; "b" / "w" in the JSON
  std::string vertex;                             // GTP vertex ("D4") or "pass"
  friend bool operator==(const OpeningMove&, const OpeningMove&) = default;
};

struct Opening {
  std::string name;  // where it came from, e.g. "openings/joseki.sgf" or "a.sgf (game 2)"
  // Black setup stones sent with `set_free_handicap` (recorded as AB); white moves next.
  // Used only for a record whose setup is black stones alone (at least 2).
  std::vector<std::string> free_handicap;
  // Sent as `play`, in order: setup stones that cannot be a free handicap (each colour's
  // stones in turn, a pass inserted where one colour places two stones running), then the
  // record's moves (a pass inserted where the record has one colour move twice running).
  std::vector<OpeningMove> moves;
  int setup_moves = 0;  // how many of `moves` come from setup stones (AB/AW) and inserted passes
  friend bool operator==(const Opening&, const Opening&) = default;
};

// Throws std::invalid_argument naming the field ("opening.moves[2]: ...").
nlohmann::json to_json(const Opening& o);
Opening opening_from_json(const nlohmann::json& j, const std::string& path);

}  // namespace rm::game
