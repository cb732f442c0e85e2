#include "ringmaster/game/game_result.hpp"

#include "ringmaster/game/json_fields.hpp"

namespace rm::game {

std::optional<rm::go::Colour> GameResult::winner_colour() const {
  return rm::go::colour_from_letter(winner);
}

std::optional<VoidReason> GameResult::known_void_reason() const {
  if (!is_void) return std::nullopt;
  return void_reason_from_text(void_reason);
}

std::string GameResult::winning_code() const {
  const auto c = winner_colour();
  if (!c) return "";
  return *c == rm::go::Colour::Black ? black_code : white_code;
}

std::string GameResult::losing_code() const {
  const auto c = winner_colour();
  if (!c) return "";
  return *c == rm::go::Colour::Black ? white_code : black_code;
}

// gomill's Game_result.describe(), extended to our void games (which gomill never describes
// because they have no result): "one vs two Void (aborted)".
std::string GameResult::describe() const {
  std::string s;
  if (!winner.empty()) {
    s = winning_code() + " beat " + losing_code() + " ";
  } else {
    s = black_code + " vs " + white_code + " ";
  }
  s += is_jigo ? std::string("jigo") : sgf_result;
  if (!detail.empty()) {
    s += " (" + detail + ")";
  } else if (is_void && !void_reason.empty()) {
    s += " (" + void_reason + ")";
  }
  return s;
}

nlohmann::json to_json(const GameResult& r) {
  nlohmann::json j;
  j["game_id"] = r.game_id;
  j["black_code"] = r.black_code;
  j["white_code"] = r.white_code;
  j["is_void"] = r.is_void;
  j["void_reason"] = r.void_reason;
  j["winner"] = r.winner;
  j["sgf_result"] = r.sgf_result;
  j["margin"] = r.margin ? nlohmann::json(*r.margin) : nlohmann::json(nullptr);
  j["is_jigo"] = r.is_jigo;
  j["is_forfeit"] = r.is_forfeit;
  j["detail"] = r.detail;
  j["forfeit_cause"] = r.forfeit_cause;
  j["move_count"] = r.move_count;
  j["black_cpu_s"] = r.black_cpu_s ? nlohmann::json(*r.black_cpu_s) : nlohmann::json(nullptr);
  j["white_cpu_s"] = r.white_cpu_s ? nlohmann::json(*r.white_cpu_s) : nlohmann::json(nullptr);
  j["black_short_description"] = r.black_short_description;
  j["white_short_description"] = r.white_short_description;
  j["black_long_description"] = r.black_long_description;
  j["white_long_description"] = r.white_long_description;
  j["warnings"] = r.warnings;
  j["late_errors"] = r.late_errors;
  j["sgf_path"] = r.sgf_path;
  if (!r.opening.empty()) j["opening"] = r.opening;
  if (!r.decided_by.empty()) j["decided_by"] = r.decided_by;
  if (!r.sgf_write_error.empty()) {
    j["sgf_write_error"] = r.sgf_write_error;
    j["unwritten_sgf"] = r.unwritten_sgf;
  }
  if (!r.sgf_text.empty()) j["sgf_text"] = r.sgf_text;
  if (r.candidate) j["candidate"] = to_json(*r.candidate);
  if (r.opponent_candidate) j["opponent_candidate"] = to_json(*r.opponent_candidate);
  return j;
}

GameResult result_from_json(const nlohmann::json& j) {
  using namespace json_fields;
  object(j, "");
  GameResult r;
  // Identity and outcome are required: a result without them cannot be credited to anyone.
  r.game_id = as_string(required(j, "", "game_id"), "game_id");
  r.black_code = as_string(required(j, "", "black_code"), "black_code");
  r.white_code = as_string(required(j, "", "white_code"), "white_code");
  r.is_void = as_bool(required(j, "", "is_void"), "is_void");
  r.sgf_result = as_string(required(j, "", "sgf_result"), "sgf_result");
  get(j, "", "winner", r.winner);
  if (!r.winner.empty() && !r.winner_colour()) {
    fail("winner", "expected \"b\", \"w\" or \"\", got \"" + r.winner + "\"");
  }
  get(j, "", "void_reason", r.void_reason);
  get(j, "", "margin", r.margin);
  get(j, "", "is_jigo", r.is_jigo);
  get(j, "", "is_forfeit", r.is_forfeit);
  get(j, "", "detail", r.detail);
  get(j, "", "forfeit_cause", r.forfeit_cause);
  get(j, "", "move_count", r.move_count);
  if (r.move_count < 0) fail("move_count", "must not be negative");
  get(j, "", "black_cpu_s", r.black_cpu_s);
  get(j, "", "white_cpu_s", r.white_cpu_s);
  get(j, "", "black_short_description", r.black_short_description);
  get(j, "", "white_short_description", r.white_short_description);
  get(j, "", "black_long_description", r.black_long_description);
  get(j, "", "white_long_description", r.white_long_description);
  get(j, "", "warnings", r.warnings);
  get(j, "", "late_errors", r.late_errors);
  get(j, "", "sgf_path", r.sgf_path);
  get(j, "", "opening", r.opening);
  get(j, "", "decided_by", r.decided_by);
  get(j, "", "sgf_write_error", r.sgf_write_error);
  get(j, "", "unwritten_sgf", r.unwritten_sgf);
  get(j, "", "sgf_text", r.sgf_text);
  if (const auto* c = find(j, "candidate"); c != nullptr && !c->is_null())
    r.candidate = candidate_from_json(*c, "candidate");
  if (const auto* c = find(j, "opponent_candidate"); c != nullptr && !c->is_null())
    r.opponent_candidate = candidate_from_json(*c, "opponent_candidate");
  return r;
}

}  // namespace rm::game
