// load_control_file: the YAML file -> ControlFile.
#include "ringmaster/control/control_file.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <utility>

#include "ringmaster/control/executor_fields.hpp"
#include "ringmaster/control/game_settings.hpp"
#include "ringmaster/control/openings_settings.hpp"
#include "ringmaster/control/player_fields.hpp"
#include "ringmaster/control/settings_type.hpp"
#include "ringmaster/control/yaml_document.hpp"
#include "ringmaster/control/yaml_reader.hpp"

namespace rm::control {

namespace {

using namespace detail;

const std::vector<std::string>& common_keys() {
  static const std::vector<std::string> keys{
      "competition_type", "description",        "players",  "record_games",
      "stderr_to_log",    "skip_player_checks", "executor", "openings"};
  return keys;
}

// The gomill extensions (files the ringmaster writes beside the control file) plus ours.
bool forbidden_extension(const std::string& ext) {
  for (const char* bad : {".log", ".status", ".cmd", ".hist", ".report", ".games", ".void",
                          ".gtplogs", ".db", ".lock", ".candidates"})
    if (ext == bad) return true;
  return false;
}

std::string strip(const std::string& s) {
  std::size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  std::size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

CommonSettings read_common(const Reader& r, const Mapping& top) {
  CommonSettings c;
  if (auto f = top.find("description")) c.description = strip(read_string(r, *f));
  if (auto f = top.find("record_games")) c.record_games = read_bool(r, *f);
  if (auto f = top.find("stderr_to_log")) c.stderr_to_log = read_bool(r, *f);
  if (auto f = top.find("skip_player_checks")) c.skip_player_checks = read_bool(r, *f);
  return c;
}

std::map<std::string, rm::game::PlayerSpec> read_players(const Reader& r, const Mapping& top,
                                                         const ControlFile& control) {
  std::map<std::string, rm::game::PlayerSpec> players;
  const bool required = control.settings_type == nullptr || control.settings_type->players_required;
  if (!required && !top.find("players")) return players;
  StderrPolicy policy{control.common.stderr_to_log,
                      resolve_against(control.directory, control.code + ".log")};
  for (const auto& [code, field] : free_mapping(r, top.require("players"))) {
    std::string problem = identifier_problem(code);
    if (!problem.empty()) r.fail(field, "player code '" + code + "': " + problem);
    Mapping m(r, field, player_keys());
    players[code] = make_player_spec(code, read_player_fields(r, m), control.directory, policy);
  }
  if (players.empty() && required) r.fail(top.require("players"), "no players defined");
  return players;
}

// The openings are loaded for the competition's one board size; games with a handicap
// cannot also start from an opening.
void read_openings_setting(const Reader& r, const Mapping& top, ControlFile& control) {
  auto f = top.find("openings");
  if (!f) return;
  std::vector<std::pair<std::string, const rm::game::GameSettings*>> games;
  if (control.settings_type->matchup_games)
    games = control.settings_type->matchup_games(control);
  else
    games.push_back({"the competition", &control.game});
  const int size = games.front().second->board_size;
  for (const auto& [what, game] : games) {
    if (game->board_size != size)
      r.fail(*f, "needs one board size, but " + games.front().first + " has board_size " +
                     std::to_string(size) + " and " + what + " has " +
                     std::to_string(game->board_size));
    if (game->handicap >= 2) r.fail(*f, "cannot be combined with a handicap (" + what + ")");
  }
  control.openings = read_openings(r, *f, control.directory, size);
}

}  // namespace

ControlFile load_control_file(const std::string& path, const std::vector<SettingsType>& types) {
  ControlFile control;
  std::filesystem::path p(path);
  std::string ext = p.extension().string();
  if (forbidden_extension(ext))
    throw ConfigError(path + ": forbidden control file extension: " + ext);
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(p, ec);
  if (ec) throw ConfigError(path + ": " + ec.message());
  control.path = absolute.lexically_normal().string();
  control.directory = absolute.lexically_normal().parent_path().string();
  control.code = p.stem().string();
  if (control.code.empty()) throw ConfigError(path + ": control file name has no stem");

  Reader r(path);
  YAML::Node root = load_yaml_document(path);
  if (!root.IsMap())
    r.fail(root.Mark(), "", "the control file must be a YAML mapping (setting: value lines)");

  // competition_type first: it decides which other settings exist.
  Field type_field{YAML::Node(), "competition_type"};
  bool have_type = false;
  // Range-for keeps yaml-cpp's key/value pair alive (it->first would point into a temporary).
  for (const auto& entry : root) {
    if (entry.first.IsScalar() && entry.first.Scalar() == "competition_type") {
      type_field.node = entry.second;
      have_type = true;
    }
  }
  if (!have_type || type_field.node.IsNull())
    r.fail(root.Mark(), "competition_type", "not specified");
  control.competition_type = read_string(r, type_field);
  const std::string& type = control.competition_type;
  const auto known = std::find_if(types.begin(), types.end(),
                                  [&type](const SettingsType& t) { return t.name == type; });
  if (known == types.end()) {
    std::vector<std::string> names;
    for (const auto& t : types) names.push_back(t.name);
    std::string what = "unknown competition type: " + type;
    if (auto near = nearest(type, names)) what += " (did you mean '" + *near + "'?)";
    r.fail(type_field, what);
  }
  control.settings_type = &*known;

  std::vector<std::string> keys = common_keys();
  for (const auto& key : game_setting_keys())
    if (known->handicap || (key != "handicap" && key != "handicap_style")) keys.push_back(key);
  keys.insert(keys.end(), known->keys.begin(), known->keys.end());
  Mapping top(r, Field{root, ""}, keys);

  control.common = read_common(r, top);
  control.players = read_players(r, top, control);
  if (auto f = top.find("executor")) control.executor = read_executor(r, *f);
  if (!known->matchup_games) control.game = read_game_settings(r, top, &control.players);
  known->read(r, top, control);
  read_openings_setting(r, top, control);
  return control;
}

const TunerSettings* ControlFile::tuner() const {
  // The accessor only finds the settings; nothing is changed through it here.
  return const_cast<ControlFile*>(this)->tuner();
}

TunerSettings* ControlFile::tuner() {
  if (settings_type == nullptr || settings_type->tuner == nullptr) return nullptr;
  return settings_type->tuner(competition);
}

std::vector<rm::scales::Parameter> tuned_parameters(const ControlFile& control) {
  const TunerSettings* tuner = control.tuner();
  return tuner ? tuner->candidate.parameters : std::vector<rm::scales::Parameter>{};
}

}  // namespace rm::control
