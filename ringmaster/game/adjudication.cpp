#include "ringmaster/game/adjudication.hpp"

#include "ringmaster/game/engine_spec_json.hpp"
#include "ringmaster/game/json_fields.hpp"

namespace rm::game {

namespace {

const char* arbiter_name(ArbiterKind k) {
  switch (k) {
    case ArbiterKind::Internal:
      return "internal";
    case ArbiterKind::Engine:
      return "engine";
    case ArbiterKind::None:
      break;
  }
  return "none";
}

}  // namespace

nlohmann::json to_json(const Adjudication& a) {
  nlohmann::json j{{"arbiter", arbiter_name(a.arbiter)},
                   {"cleanup_moves", a.cleanup_moves},
                   {"resign_moves", a.resign_moves},
                   {"resign_after_moves", a.resign_after_moves},
                   {"score_at_move_limit", a.score_at_move_limit}};
  if (a.arbiter == ArbiterKind::Engine && a.arbiter_engine) {
    j["arbiter_code"] = a.arbiter_code;
    j["arbiter_engine"] = engine_spec_to_json(*a.arbiter_engine);
  }
  j["resign_score"] = a.resign_score ? nlohmann::json(*a.resign_score) : nlohmann::json(nullptr);
  return j;
}

Adjudication adjudication_from_json(const nlohmann::json& j, const std::string& path) {
  using namespace json_fields;
  object(j, path);
  only_keys(j, path,
            {"arbiter", "arbiter_code", "arbiter_engine", "cleanup_moves", "resign_score",
             "resign_moves", "resign_after_moves", "score_at_move_limit"});
  Adjudication a;
  std::string arbiter = "none";
  get(j, path, "arbiter", arbiter);
  if (arbiter == "none") {
    a.arbiter = ArbiterKind::None;
  } else if (arbiter == "internal") {
    a.arbiter = ArbiterKind::Internal;
  } else if (arbiter == "engine") {
    a.arbiter = ArbiterKind::Engine;
    a.arbiter_code = as_string(required(j, path, "arbiter_code"), join(path, "arbiter_code"));
    if (!is_gtp_word(a.arbiter_code))
      fail(join(path, "arbiter_code"), "must be a non-empty name without spaces");
    a.arbiter_engine =
        engine_spec_from_json(required(j, path, "arbiter_engine"), join(path, "arbiter_engine"));
    if (a.arbiter_engine->name.empty()) a.arbiter_engine->name = a.arbiter_code;
  } else {
    fail(join(path, "arbiter"),
         "expected one of \"none\", \"internal\", \"engine\", got \"" + arbiter + "\"");
  }
  get(j, path, "cleanup_moves", a.cleanup_moves);
  if (a.cleanup_moves < 0) fail(join(path, "cleanup_moves"), "must not be negative");
  get(j, path, "resign_score", a.resign_score);
  if (a.resign_score && !(*a.resign_score > 0))
    fail(join(path, "resign_score"), "must be a positive number");
  get(j, path, "resign_moves", a.resign_moves);
  if (a.resign_moves < 1) fail(join(path, "resign_moves"), "must be a positive integer");
  get(j, path, "resign_after_moves", a.resign_after_moves);
  if (a.resign_after_moves < 0) fail(join(path, "resign_after_moves"), "must not be negative");
  get(j, path, "score_at_move_limit", a.score_at_move_limit);
  return a;
}

}  // namespace rm::game
