#include "ringmaster/control/tuner_settings.hpp"

#include <charconv>
#include <set>

#include "ringmaster/control/player_fields.hpp"
#include "ringmaster/game/bounded_file.hpp"

namespace rm::control::detail {

namespace {

// Every scalar under `f` that may hold placeholders: check them and collect the codes.
void check_placeholders(const Reader& r, const Field& f,
                        const std::vector<rm::scales::Parameter>& params,
                        std::set<std::string>& used) {
  if (f.node.IsScalar()) {
    try {
      for (auto& code : placeholder_codes(f.node.Scalar(), params)) used.insert(code);
    } catch (const ConfigError& e) {
      r.fail(f, e.what());
    }
  } else if (f.node.IsSequence()) {
    for (const auto& item : sequence_items(r, f)) check_placeholders(r, item, params, used);
  } else if (f.node.IsMap()) {
    for (const auto& [k, v] : free_mapping(r, f)) check_placeholders(r, v, params, used);
  }
}

std::vector<TemplateFile> read_template_files(const Reader& r, const Field& f,
                                              const std::string& directory,
                                              const std::vector<rm::scales::Parameter>& params,
                                              std::set<std::string>& used) {
  std::vector<TemplateFile> files;
  for (const auto& [name, spec] : free_mapping(r, f)) {
    if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos)
      r.fail(spec, "file name must be a plain name without '/'");
    Mapping m(r, spec, {"template"});
    Field t = m.require("template");
    TemplateFile file;
    file.name = name;
    file.template_path = resolve_against(directory, expand_user(read_string(r, t)));
    auto read = rm::game::read_bounded_file(file.template_path);
    if (auto* problem = std::get_if<rm::game::FileProblem>(&read))
      r.fail(t, "cannot read template file " + file.template_path + ": " + problem->message);
    file.text = std::move(std::get<std::string>(read));
    try {
      for (auto& code : placeholder_codes(file.text, params)) used.insert(code);
    } catch (const ConfigError& e) {
      r.fail(t, std::string("in ") + file.template_path + ": " + e.what());
    }
    files.push_back(std::move(file));
  }
  return files;
}

}  // namespace

CandidateColour read_candidate_colour(const Reader& r, const Field& f) {
  std::string c = read_enum(r, f, {"b", "black", "w", "white", "r", "random"});
  return c[0] == 'b'   ? CandidateColour::Black
         : c[0] == 'w' ? CandidateColour::White
                       : CandidateColour::Random;
}

std::string read_opponent(const Reader& r, const Field& f, const ControlFile& control) {
  std::string opponent = read_identifier(r, f);
  if (control.players.count(opponent) == 0) {
    std::vector<std::string> codes;
    for (const auto& [code, spec] : control.players) codes.push_back(code);
    std::string what = "unknown player " + opponent;
    if (auto near = nearest(opponent, codes)) what += " (did you mean '" + *near + "'?)";
    r.fail(f, what);
  }
  return opponent;
}

namespace {

// A startup command's words must still be GTP words once rendered: a padded format
// ({p0:%10.3f}) or a candidate directory with a space would only fail at the first game.
// Checked at both ends and the middle of every range, where the scale defines them.
void check_rendered_gtp_words(const Reader& r, const std::vector<Field>& commands,
                              const CandidateTemplate& t, const ControlFile& control) {
  const std::string files_dir = candidate_files_dir(control.directory, control.code, "0");
  for (double u : {0.0, 0.5, 1.0}) {
    std::vector<rm::scales::Value> values;
    for (const auto& p : t.parameters) {
      if (!p.scale) return;
      values.push_back(p.scale->at(u));
    }
    for (std::size_t i = 0; i < t.startup_gtp_commands.size() && i < commands.size(); ++i)
      for (const auto& word : t.startup_gtp_commands[i]) {
        std::string rendered;
        try {
          rendered = substitute_placeholders(word, t.parameters, values, files_dir);
        } catch (const ConfigError&) {
          continue;  // a format that cannot render is reported where formats are checked
        }
        if (!is_gtp_word(rendered))
          r.fail(commands[i], "the word '" + word + "' renders as '" + rendered +
                                  "', which is not a GTP word (no spaces or control "
                                  "characters: drop the padding from its format)");
      }
  }
}

}  // namespace

CandidateTemplate read_candidate(const Reader& r, const Field& f,
                                 const std::vector<ReadParameter>& read_params,
                                 const ControlFile& control) {
  std::vector<std::string> keys = player_keys();
  // A candidate is a different engine from one game to the next: nothing to keep alive.
  std::erase_if(keys, [](const std::string& k) { return k == "reuse" || k == "restart_every"; });
  keys.push_back("files");
  Mapping m(r, f, keys);
  std::vector<rm::scales::Parameter> params;
  for (const auto& rp : read_params) params.push_back(rp.parameter);

  std::set<std::string> used;
  for (const char* key : {"command", "cwd", "environ", "startup_gtp_commands", "gtp_aliases"})
    if (auto g = m.find(key)) check_placeholders(r, *g, params, used);

  PlayerFields fields = read_player_fields(r, m);
  CandidateTemplate t;
  t.command = fields.command;
  t.cwd = fields.cwd;
  t.environ = fields.environ;
  t.startup_gtp_commands = fields.startup_gtp_commands;
  t.gtp_aliases = fields.gtp_aliases;
  t.is_reliable_scorer = fields.is_reliable_scorer;
  t.allow_claim = fields.allow_claim;
  t.sgf_player_name_from_gtp = fields.sgf_player_name_from_gtp;
  t.discard_stderr = fields.discard_stderr;
  t.gtp_pipelining = fields.gtp_pipelining;
  t.startup_banner_lines = fields.startup_banner_lines;
  t.timeouts = fields.timeouts;
  if (auto g = m.find("files"))
    t.files = read_template_files(r, *g, control.directory, params, used);
  t.parameters = params;
  t.directory = control.directory;
  t.stderr_to_log = control.common.stderr_to_log;
  t.log_path = resolve_against(control.directory, control.code + ".log");
  if (auto g = m.find("startup_gtp_commands"))
    check_rendered_gtp_words(r, sequence_items(r, *g), t, control);

  // An unused parameter would make candidates that differ only in name: refuse it.
  for (const auto& rp : read_params)
    if (used.count(rp.parameter.code) == 0)
      r.fail(rp.field, "parameter '" + rp.parameter.code +
                           "' is not used by the candidate template "
                           "(put {" +
                           rp.parameter.code +
                           "} in its command, startup_gtp_commands, environ or files)");
  return t;
}

ValidationSettings read_validation(const Reader& r, const Field& f,
                                   std::optional<long long> tuning_games) {
  const bool has_end = tuning_games.has_value();
  Mapping m(r, f, {"every", "games", "at_end"});
  ValidationSettings v;
  constexpr long long kMaxGames = 1000000000;
  const std::string range = "must be an integer from 0 to 1000000000";
  const auto every = m.find("every");
  const auto games = m.find("games");
  if (every) v.every = read_int_in(r, *every, 0, kMaxGames, range);
  if (games) v.games = read_int_in(r, *games, 0, kMaxGames, range);
  if (auto e = m.find("at_end")) {
    v.at_end = read_int_in(r, *e, 0, kMaxGames, range);
    if (v.at_end > 0 && !has_end)
      r.fail(*e, "needs number_of_games (without it the tuning has no end for a final round)");
  }
  if (v.every > 0 && !games)
    r.fail(m.self(), "every needs games (the games of each validation round)");
  if (v.games > 0 && !every)
    r.fail(m.self(), "games needs every (how many tuning games between rounds)");
  if ((v.every > 0) != (v.games > 0))
    r.fail(v.every > 0 ? *games : *every,
           "must be positive when " + std::string(v.every > 0 ? "every" : "games") +
               " is (0 turns periodic validation off: set both to 0)");
  if (tuning_games) {
    // Every count of the event (games played, games left) must fit the counters it is shown in.
    constexpr long long kMaxEventGames = 2147483647;
    const long long rounds = v.every > 0 ? *tuning_games / v.every : 0;
    const long long total = *tuning_games + rounds * v.games + v.at_end;
    if (total > kMaxEventGames)
      r.fail(m.self(), "tuning and validation together would play " + std::to_string(total) +
                           " games (" + std::to_string(*tuning_games) + " tuning, " +
                           std::to_string(rounds) + " rounds of " + std::to_string(v.games) + ", " +
                           std::to_string(v.at_end) + " at the end): at most " +
                           std::to_string(kMaxEventGames));
  }
  return v;
}

std::uint64_t read_seed(const Reader& r, const Field& f) {
  const std::string& text = read_string(r, f);
  std::uint64_t seed = 0;
  auto res = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (is_quoted(f.node) || text.empty() || res.ec != std::errc() ||
      res.ptr != text.data() + text.size())
    r.fail(f, "must be an integer 0..18446744073709551615 (got '" + text + "')");
  return seed;
}

}  // namespace rm::control::detail
