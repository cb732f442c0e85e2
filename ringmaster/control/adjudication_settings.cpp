// Reading adjudication settings.
#include "ringmaster/control/adjudication_settings.hpp"

#include <cmath>

namespace rm::control::detail {

rm::game::Adjudication read_adjudication(
    const Reader& r, const Field& f, const std::map<std::string, rm::game::PlayerSpec>* players) {
  Mapping m(r, f,
            {"arbiter", "cleanup_moves", "resign_score", "resign_moves", "resign_after_moves",
             "score_at_move_limit"});
  rm::game::Adjudication a;
  if (auto arbiter = m.find("arbiter")) {
    const std::string code = read_string(r, *arbiter);
    if (code == "internal") {
      a.arbiter = rm::game::ArbiterKind::Internal;
    } else {
      const rm::game::PlayerSpec* spec = nullptr;
      if (players != nullptr) {
        if (auto found = players->find(code); found != players->end()) spec = &found->second;
      }
      if (spec == nullptr) {
        std::vector<std::string> names{"internal"};
        if (players != nullptr)
          for (const auto& entry : *players) names.push_back(entry.first);
        std::string what = "'" + code + "' is neither 'internal' nor a player in players";
        if (auto near = nearest(code, names)) what += " (did you mean '" + *near + "'?)";
        r.fail(*arbiter, what);
      }
      a.arbiter = rm::game::ArbiterKind::Engine;
      a.arbiter_code = code;
      a.arbiter_engine = spec->engine;
      a.arbiter_engine->name = code;
    }
  }
  if (auto c = m.find("cleanup_moves")) {
    if (a.arbiter != rm::game::ArbiterKind::Engine)
      r.fail(*c, "needs an engine arbiter (arbiter: <player code>)");
    a.cleanup_moves = read_int_in(r, *c, 0, 100000, "must be between 0 and 100000");
  }
  if (auto s = m.find("resign_score")) {
    const double v = read_number(r, *s);
    if (!(v > 0) || !std::isfinite(v)) r.fail(*s, "must be a positive number of points");
    a.resign_score = v;
  }
  for (const char* key : {"resign_moves", "resign_after_moves"}) {
    if (auto k = m.find(key)) {
      if (!a.resign_score) r.fail(*k, "needs resign_score");
      if (std::string(key) == "resign_moves")
        a.resign_moves = read_positive_int(r, *k);
      else
        a.resign_after_moves = read_int_in(r, *k, 0, 1000000, "must be 0 or more");
    }
  }
  if (auto s = m.find("score_at_move_limit")) a.score_at_move_limit = read_bool(r, *s);
  return a;
}

}  // namespace rm::control::detail
