#include "ringmaster/game/engine_spec_json.hpp"

#include "engine/process/saturating_duration.hpp"
#include "ringmaster/game/json_fields.hpp"

namespace rm::game {

namespace {

using rm::process::StderrMode;

const char* stderr_mode_name(StderrMode m) {
  switch (m) {
    case StderrMode::Discard:
      return "discard";
    case StderrMode::AppendToFile:
      return "append_to_file";
    case StderrMode::PassThrough:
      return "pass_through";
  }
  return "discard";
}

StderrMode stderr_mode_from(const std::string& s, const std::string& path) {
  if (s == "discard") return StderrMode::Discard;
  if (s == "append_to_file") return StderrMode::AppendToFile;
  if (s == "pass_through") return StderrMode::PassThrough;
  json_fields::fail(
      path, "expected \"discard\", \"append_to_file\" or \"pass_through\", got \"" + s + "\"");
}

std::map<std::string, std::string> string_map(const nlohmann::json& v, const std::string& path) {
  if (!v.is_object()) json_fields::fail(path, "expected an object of strings");
  std::map<std::string, std::string> out;
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (it.key().find('\0') != std::string::npos)
      json_fields::fail(path, "a name contains a NUL character");
    out[it.key()] = json_fields::as_string(it.value(), path + "." + it.key());
  }
  return out;
}

double positive_seconds(const nlohmann::json& j, const std::string& prefix, const std::string& key,
                        double def) {
  double v = def;
  json_fields::get(j, prefix, key, v);
  // The upper limit keeps deadlines representable (engine/process/saturating_duration.hpp).
  if (!(v > 0) || v > rm::process::kMaxWaitSeconds)
    json_fields::fail(json_fields::join(prefix, key),
                      "must be a positive number of seconds, at most 1e9");
  return v;
}

}  // namespace

nlohmann::json engine_spec_to_json(const rm::gtp::EngineSpec& spec) {
  nlohmann::json process;
  process["argv"] = spec.process.argv;
  process["cwd"] = spec.process.cwd;
  process["environ"] = spec.process.environ;
  process["stderr_mode"] = stderr_mode_name(spec.process.stderr_mode);
  process["stderr_path"] = spec.process.stderr_path;
  // Absent when 0 (no cap): the form older readers take. A worker (ringmaster-play) passes the
  // engine's stderr on to the controller's log, capped here as it would be locally.
  if (spec.process.stderr_sink_limit > 0)
    process["stderr_sink_limit"] = spec.process.stderr_sink_limit;
  nlohmann::json j;
  j["name"] = spec.name;
  j["process"] = process;
  j["startup_gtp_commands"] = spec.startup_gtp_commands;
  j["gtp_aliases"] = spec.gtp_aliases;
  j["timeouts"] = {{"startup_s", spec.timeouts.startup_s},
                   {"genmove_s", spec.timeouts.genmove_s},
                   {"other_s", spec.timeouts.other_s},
                   {"quit_s", spec.timeouts.quit_s}};
  j["gtp_pipelining"] = spec.pipelining;
  // Absent when 0: the form older readers take.
  if (spec.startup_banner_lines > 0) j["startup_banner_lines"] = spec.startup_banner_lines;
  return j;
}

rm::gtp::EngineSpec engine_spec_from_json(const nlohmann::json& j, const std::string& path) {
  using namespace json_fields;
  object(j, path);
  only_keys(j, path,
            {"name", "process", "startup_gtp_commands", "gtp_aliases", "timeouts", "gtp_pipelining",
             "startup_banner_lines"});
  rm::gtp::EngineSpec spec;
  get(j, path, "name", spec.name);

  const std::string ppath = join(path, "process");
  const auto& p = object(required(j, path, "process"), ppath);
  only_keys(p, ppath,
            {"argv", "cwd", "environ", "stderr_mode", "stderr_path", "stderr_sink_limit"});
  spec.process.argv = as_strings(required(p, ppath, "argv"), join(ppath, "argv"));
  if (spec.process.argv.empty() || spec.process.argv.front().empty()) {
    fail(join(ppath, "argv"), "must name an executable");
  }
  get(p, ppath, "cwd", spec.process.cwd);
  if (const auto* env = find(p, "environ"))
    spec.process.environ = string_map(*env, join(ppath, "environ"));
  for (const auto& [name, value] : spec.process.environ)
    if (name.empty() || name.find('=') != std::string::npos)
      fail(join(ppath, "environ"), "invalid environment variable name '" + name + "'");
  if (const auto* mode = find(p, "stderr_mode")) {
    spec.process.stderr_mode =
        stderr_mode_from(as_string(*mode, join(ppath, "stderr_mode")), join(ppath, "stderr_mode"));
  }
  get(p, ppath, "stderr_path", spec.process.stderr_path);
  if (const auto* limit = find(p, "stderr_sink_limit")) {
    if (!limit->is_number_unsigned())
      fail(join(ppath, "stderr_sink_limit"), "must be a number of bytes (0: no limit)");
    spec.process.stderr_sink_limit = limit->get<std::size_t>();
  }
  if (spec.process.stderr_mode == StderrMode::AppendToFile && spec.process.stderr_path.empty()) {
    fail(join(ppath, "stderr_path"), "required when stderr_mode is \"append_to_file\"");
  }

  if (const auto* cmds = find(j, "startup_gtp_commands")) {
    const std::string cpath = join(path, "startup_gtp_commands");
    if (!cmds->is_array()) fail(cpath, "expected an array of arrays of strings");
    std::size_t i = 0;
    for (const auto& c : *cmds) {
      std::string ipath = cpath + "[" + std::to_string(i++) + "]";
      auto words = as_strings(c, ipath);
      if (words.empty()) fail(ipath, "empty command");
      for (const auto& w : words)
        if (!is_gtp_word(w))
          fail(ipath, "invalid command (word '" + w + "' is not printable without spaces)");
      spec.startup_gtp_commands.push_back(std::move(words));
    }
  }
  if (const auto* aliases = find(j, "gtp_aliases")) {
    spec.gtp_aliases = string_map(*aliases, join(path, "gtp_aliases"));
    for (const auto& [name, target] : spec.gtp_aliases)
      if (!is_gtp_word(name) || !is_gtp_word(target))
        fail(join(path, "gtp_aliases"),
             "invalid alias (GTP command names are printable, without spaces)");
  }
  if (const auto* t = find(j, "timeouts")) {
    const std::string tpath = join(path, "timeouts");
    object(*t, tpath);
    only_keys(*t, tpath, {"startup_s", "genmove_s", "other_s", "quit_s"});
    spec.timeouts.startup_s = positive_seconds(*t, tpath, "startup_s", spec.timeouts.startup_s);
    spec.timeouts.genmove_s = positive_seconds(*t, tpath, "genmove_s", spec.timeouts.genmove_s);
    spec.timeouts.other_s = positive_seconds(*t, tpath, "other_s", spec.timeouts.other_s);
    spec.timeouts.quit_s = positive_seconds(*t, tpath, "quit_s", spec.timeouts.quit_s);
  }
  get(j, path, "gtp_pipelining", spec.pipelining);
  if (const auto* banner = find(j, "startup_banner_lines")) {
    if (!banner->is_number_integer() || banner->get<long long>() < 0 ||
        banner->get<long long>() > rm::gtp::kMaxStartupBannerLines)
      fail(join(path, "startup_banner_lines"),
           "must be a whole number from 0 to " + std::to_string(rm::gtp::kMaxStartupBannerLines));
    spec.startup_banner_lines = banner->get<int>();
  }
  return spec;
}

}  // namespace rm::game
