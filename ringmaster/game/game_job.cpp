#include "ringmaster/game/game_job.hpp"

#include "engine/go/coordinates.hpp"
#include "engine/go/handicap.hpp"
#include "engine/go/vertex.hpp"
#include "ringmaster/game/engine_spec_json.hpp"
#include "ringmaster/game/json_fields.hpp"

namespace rm::game {

namespace {

template <class E>
struct EnumName {
  E value;
  const char* name;
};

constexpr EnumName<Scorer> kScorers[] = {{Scorer::Players, "players"},
                                         {Scorer::Internal, "internal"}};
constexpr EnumName<SuicideRule> kSuicideRules[] = {{SuicideRule::Allowed, "allowed"},
                                                   {SuicideRule::Forfeit, "forfeit"}};
constexpr EnumName<HandicapStyle> kStyles[] = {{HandicapStyle::Fixed, "fixed"},
                                               {HandicapStyle::Free, "free"}};
constexpr EnumName<HandicapCompensation> kCompensations[] = {
    {HandicapCompensation::No, "no"},
    {HandicapCompensation::Full, "full"},
    {HandicapCompensation::Short, "short"}};

template <class E, std::size_t N>
const char* name_of(const EnumName<E> (&table)[N], E v) {
  for (const auto& e : table) {
    if (e.value == v) return e.name;
  }
  return table[0].name;
}

template <class E, std::size_t N>
void get_enum(const nlohmann::json& j, const std::string& prefix, const std::string& key,
              const EnumName<E> (&table)[N], E& out) {
  const auto* v = json_fields::find(j, key);
  if (v == nullptr) return;
  std::string path = json_fields::join(prefix, key);
  std::string s = json_fields::as_string(*v, path);
  std::string allowed;
  for (const auto& e : table) {
    if (s == e.name) {
      out = e.value;
      return;
    }
    allowed += std::string(allowed.empty() ? "" : ", ") + "\"" + e.name + "\"";
  }
  json_fields::fail(path, "expected one of " + allowed + ", got \"" + s + "\"");
}

nlohmann::json to_json(const PlayerSpec& p) {
  nlohmann::json j{{"code", p.code},
                   {"engine", engine_spec_to_json(p.engine)},
                   {"is_reliable_scorer", p.is_reliable_scorer},
                   {"allow_claim", p.allow_claim},
                   {"sgf_player_name_from_gtp", p.sgf_player_name_from_gtp},
                   {"reuse", p.reuse},
                   {"restart_every", p.restart_every}};
  if (p.time_control) j["time_control"] = to_json(*p.time_control);
  return j;
}

PlayerSpec player_from_json(const nlohmann::json& j, const std::string& path) {
  using namespace json_fields;
  object(j, path);
  only_keys(j, path,
            {"code", "engine", "is_reliable_scorer", "allow_claim", "sgf_player_name_from_gtp",
             "reuse", "restart_every", "time_control"});
  PlayerSpec p;
  p.code = as_string(required(j, path, "code"), join(path, "code"));
  // Player codes appear in messages, reports and SGF files: printable, without spaces.
  if (!is_gtp_word(p.code))
    fail(join(path, "code"), "must be a non-empty name without spaces or control characters");
  p.engine = engine_spec_from_json(required(j, path, "engine"), join(path, "engine"));
  if (p.engine.name.empty()) p.engine.name = p.code;  // messages name the player by its code
  get(j, path, "is_reliable_scorer", p.is_reliable_scorer);
  get(j, path, "allow_claim", p.allow_claim);
  get(j, path, "sgf_player_name_from_gtp", p.sgf_player_name_from_gtp);
  get(j, path, "reuse", p.reuse);
  get(j, path, "restart_every", p.restart_every);
  if (p.restart_every < 0) fail(join(path, "restart_every"), "must be a non-negative integer");
  if (const auto* tc = json_fields::find(j, "time_control"); tc != nullptr && !tc->is_null())
    p.time_control = time_control_from_json(*tc, join(path, "time_control"));
  return p;
}

GameSettings settings_from_json(const nlohmann::json& j, const std::string& path) {
  using namespace json_fields;
  object(j, path);
  only_keys(j, path,
            {"board_size", "komi", "handicap", "handicap_style", "move_limit", "scorer",
             "internal_scorer_handicap_compensation", "suicide", "time_control", "time_margin",
             "adjudication"});
  GameSettings s;
  s.board_size = as_int(required(j, path, "board_size"), join(path, "board_size"));
  if (s.board_size < rm::go::kMinBoardSize || s.board_size > rm::go::kMaxBoardSize) {
    fail(join(path, "board_size"), "must be between 2 and 25");
  }
  s.komi = as_double(required(j, path, "komi"), join(path, "komi"));
  get(j, path, "handicap", s.handicap);
  get_enum(j, path, "handicap_style", kStyles, s.handicap_style);
  if (s.handicap == 1 || s.handicap < 0)
    fail(join(path, "handicap"), "handicap too small (0 or at least 2)");
  if (s.handicap >= 2) {
    int max = s.handicap_style == HandicapStyle::Fixed ? rm::go::max_fixed_handicap(s.board_size)
                                                       : s.board_size * s.board_size - 1;
    if (s.handicap > max) {
      fail(join(path, "handicap"),
           std::string(s.handicap_style == HandicapStyle::Fixed ? "fixed" : "free") +
               " handicap out of range for board size " + std::to_string(s.board_size));
    }
  }
  get(j, path, "move_limit", s.move_limit);
  if (s.move_limit <= 0) fail(join(path, "move_limit"), "must be positive integer");
  get_enum(j, path, "scorer", kScorers, s.scorer);
  get_enum(j, path, "internal_scorer_handicap_compensation", kCompensations,
           s.internal_scorer_handicap_compensation);
  get_enum(j, path, "suicide", kSuicideRules, s.suicide);
  if (const auto* tc = find(j, "time_control"); tc != nullptr && !tc->is_null())
    s.time_control = time_control_from_json(*tc, join(path, "time_control"));
  get(j, path, "time_margin", s.time_margin_s);
  if (!(s.time_margin_s >= 0)) fail(join(path, "time_margin"), "must not be negative");
  if (const auto* a = find(j, "adjudication"))
    s.adjudication = adjudication_from_json(*a, join(path, "adjudication"));
  return s;
}

}  // namespace

nlohmann::json to_json(const GameJob& job) {
  const GameSettings& s = job.settings;
  nlohmann::json j{{"game_id", job.game_id},
                   {"competition_code", job.competition_code},
                   {"sgf_event", job.sgf_event},
                   {"sgf_note", job.sgf_note},
                   {"black", to_json(job.black)},
                   {"white", to_json(job.white)},
                   {"settings",
                    {{"board_size", s.board_size},
                     {"komi", s.komi},
                     {"handicap", s.handicap},
                     {"handicap_style", name_of(kStyles, s.handicap_style)},
                     {"move_limit", s.move_limit},
                     {"scorer", name_of(kScorers, s.scorer)},
                     {"internal_scorer_handicap_compensation",
                      name_of(kCompensations, s.internal_scorer_handicap_compensation)},
                     {"suicide", name_of(kSuicideRules, s.suicide)},
                     {"time_margin", s.time_margin_s},
                     {"adjudication", to_json(s.adjudication)}}},
                   {"sgf_dir", job.sgf_dir},
                   {"void_sgf_dir", job.void_sgf_dir},
                   {"gtp_log_path", job.gtp_log_path}};
  if (s.time_control) j["settings"]["time_control"] = to_json(*s.time_control);
  if (job.opening) j["opening"] = to_json(*job.opening);
  if (job.return_sgf) j["return_sgf"] = true;  // absent when false: older readers take the job
  if (job.candidate) j["candidate"] = to_json(*job.candidate);
  if (job.opponent_candidate) j["opponent_candidate"] = to_json(*job.opponent_candidate);
  return j;
}

namespace {

// Every vertex of the opening must be on the board (the referee plays them as given).
void check_opening(const Opening& o, int board_size) {
  for (std::size_t i = 0; i < o.free_handicap.size(); ++i) {
    auto m = rm::go::parse_gtp_move(o.free_handicap[i], board_size);
    if (!m || m->is_pass())
      json_fields::fail("opening.free_handicap[" + std::to_string(i) + "]",
                        "not a point on the board: " + o.free_handicap[i]);
  }
  if (o.free_handicap.size() == 1)
    json_fields::fail("opening.free_handicap", "needs at least 2 stones");
  for (std::size_t i = 0; i < o.moves.size(); ++i) {
    if (!rm::go::parse_gtp_move(o.moves[i].vertex, board_size))
      json_fields::fail("opening.moves[" + std::to_string(i) + "]",
                        "not a move on the board: " + o.moves[i].vertex);
  }
}

}  // namespace

GameResult result_for(const GameJob& job) {
  GameResult r;
  r.game_id = job.game_id;
  r.black_code = job.black.code;
  r.white_code = job.white.code;
  if (job.opening) r.opening = job.opening->name;
  r.candidate = job.candidate;
  r.opponent_candidate = job.opponent_candidate;
  return r;
}

GameResult void_result_for(const GameJob& job, std::string reason) {
  GameResult r = result_for(job);
  r.is_void = true;
  r.sgf_result = "Void";
  r.void_reason = std::move(reason);
  return r;
}

GameResult void_result_for(const GameJob& job, VoidReason reason) {
  return void_result_for(job, std::string(void_reason_text(reason)));
}

GameJob job_from_json(const nlohmann::json& j) {
  using namespace json_fields;
  object(j, "");
  only_keys(j, "",
            {"game_id", "competition_code", "sgf_event", "sgf_note", "black", "white", "settings",
             "sgf_dir", "void_sgf_dir", "gtp_log_path", "return_sgf", "opening", "candidate",
             "opponent_candidate"});
  GameJob job;
  job.game_id = as_string(required(j, "", "game_id"), "game_id");
  // The game id names files (<sgf_dir>/<game_id>.sgf), so it must be a plain file name; it is
  // also shown in logs and SGF: printable, without spaces.
  if (!is_gtp_word(job.game_id) || job.game_id.find('/') != std::string::npos ||
      job.game_id == "." || job.game_id == "..") {
    fail("game_id", "must be a non-empty name without '/', spaces or control characters");
  }
  get(j, "", "competition_code", job.competition_code);
  get(j, "", "sgf_event", job.sgf_event);
  get(j, "", "sgf_note", job.sgf_note);
  job.black = player_from_json(required(j, "", "black"), "black");
  job.white = player_from_json(required(j, "", "white"), "white");
  job.settings = settings_from_json(required(j, "", "settings"), "settings");
  get(j, "", "sgf_dir", job.sgf_dir);
  get(j, "", "void_sgf_dir", job.void_sgf_dir);
  get(j, "", "gtp_log_path", job.gtp_log_path);
  get(j, "", "return_sgf", job.return_sgf);
  if (const auto* o = find(j, "opening"); o != nullptr && !o->is_null()) {
    job.opening = opening_from_json(*o, "opening");
    check_opening(*job.opening, job.settings.board_size);
    if (job.settings.handicap >= 2) fail("opening", "cannot be combined with a handicap");
  }
  if (const auto* c = find(j, "candidate"); c != nullptr && !c->is_null())
    job.candidate = candidate_from_json(*c, "candidate");
  if (const auto* c = find(j, "opponent_candidate"); c != nullptr && !c->is_null())
    job.opponent_candidate = candidate_from_json(*c, "opponent_candidate");
  return job;
}

}  // namespace rm::game
