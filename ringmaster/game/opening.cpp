#include "ringmaster/game/opening.hpp"

#include "ringmaster/game/json_fields.hpp"

namespace rm::game {

nlohmann::json to_json(const Opening& o) {
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : o.moves) moves.push_back({rm::go::colour_letter(m.colour), m.vertex});
  return {{"name", o.name},
          {"free_handicap", o.free_handicap},
          {"moves", moves},
          {"setup_moves", o.setup_moves}};
}

Opening opening_from_json(const nlohmann::json& j, const std::string& path) {
  using namespace json_fields;
  object(j, path);
  only_keys(j, path, {"name", "free_handicap", "moves", "setup_moves"});
  Opening o;
  get(j, path, "name", o.name);
  get(j, path, "free_handicap", o.free_handicap);
  if (const auto* moves = find(j, "moves")) {
    const std::string mpath = join(path, "moves");
    if (!moves->is_array()) fail(mpath, "expected an array");
    for (std::size_t i = 0; i < moves->size(); ++i) {
      const std::string ipath = mpath + "[" + std::to_string(i) + "]";
      const auto& m = (*moves)[i];
      if (!m.is_array() || m.size() != 2) fail(ipath, "expected [colour, vertex]");
      const auto colour = rm::go::colour_from_letter(as_string(m[0], ipath));
      if (!colour) fail(ipath, "colour must be \"b\" or \"w\"");
      o.moves.push_back({*colour, as_string(m[1], ipath)});
    }
  }
  get(j, path, "setup_moves", o.setup_moves);
  if (o.setup_moves < 0 || o.setup_moves > static_cast<int>(o.moves.size()))
    fail(join(path, "setup_moves"), "must be between 0 and the number of moves");
  return o;
}

}  // namespace rm::game
