// Reading player definitions and turning them into PlayerSpecs.
#include "ringmaster/control/player_fields.hpp"

#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "engine/process/process.hpp"
#include "engine/process/saturating_duration.hpp"
#include "ringmaster/control/time_control_settings.hpp"

namespace rm::control::detail {

const std::vector<std::string>& player_keys() {
  static const std::vector<std::string> keys{"command",
                                             "cwd",
                                             "environ",
                                             "is_reliable_scorer",
                                             "allow_claim",
                                             "startup_gtp_commands",
                                             "gtp_aliases",
                                             "discard_stderr",
                                             "sgf_player_name_from_gtp",
                                             "timeouts",
                                             "gtp_pipelining",
                                             "startup_banner_lines",
                                             "reuse",
                                             "restart_every",
                                             "time_control"};
  return keys;
}

bool is_gtp_word(const std::string& s) {
  if (s.empty()) return false;
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (!((c >= 0x21 && c <= 0x7e) || c >= 0x80)) return false;
  }
  return true;
}

std::string expand_user(const std::string& path) {
  if (path == "~" || path.rfind("~/", 0) == 0) {
    const char* home = std::getenv("HOME");
    if (home != nullptr && *home != '\0') return std::string(home) + path.substr(1);
  }
  return path;
}

std::string resolve_against(const std::string& directory, const std::string& path) {
  if (!path.empty() && path[0] == '/') return path;
  if (directory.empty()) return path;
  return directory + (directory.back() == '/' ? "" : "/") + path;
}

namespace {

std::vector<std::string> read_command(const Reader& r, const Field& f) {
  std::vector<std::string> argv;
  if (f.node.IsSequence()) {
    for (const auto& item : sequence_items(r, f)) argv.push_back(read_string(r, item));
  } else {
    std::string line = read_string(r, f);
    try {
      argv = rm::process::split_command_line(line);
    } catch (const std::invalid_argument& e) {
      r.fail(f, e.what());
    }
  }
  if (argv.empty()) r.fail(f, "empty command");
  if (argv[0].empty()) r.fail(f, "empty program name");
  return argv;
}

std::vector<std::string> read_gtp_command(const Reader& r, const Field& f) {
  std::vector<std::string> words;
  if (f.node.IsSequence()) {
    for (const auto& item : sequence_items(r, f)) words.push_back(read_string(r, item));
  } else {
    std::istringstream in(read_string(r, f));
    for (std::string w; in >> w;) words.push_back(w);
  }
  if (words.empty()) r.fail(f, "invalid command (empty)");
  for (const auto& w : words)
    if (!is_gtp_word(w))
      r.fail(f, "invalid command (word '" + w + "' is not printable without spaces)");
  return words;
}

double read_timeout(const Reader& r, const Field& f) {
  double v = read_number(r, f);
  // The upper limit keeps deadlines representable (engine/process/saturating_duration.hpp).
  if (!(v > 0) || v > rm::process::kMaxWaitSeconds)
    r.fail(f, "must be a positive number of seconds, at most 1e9 (got " + f.node.Scalar() + ")");
  return v;
}

}  // namespace

PlayerFields read_player_fields(const Reader& r, const Mapping& m) {
  PlayerFields p;
  p.command = read_command(r, m.require("command"));
  if (auto f = m.find("cwd")) {
    p.cwd = read_string(r, *f);
    if (p.cwd->empty()) r.fail(*f, "empty pathname");
  }
  if (auto f = m.find("environ"))
    for (const auto& [k, v] : free_mapping(r, *f)) {
      if (k.empty() || k.find('=') != std::string::npos || k.find('\0') != std::string::npos)
        r.fail(v, "invalid environment variable name '" + k + "'");
      p.environ[k] = read_string(r, v);
    }
  if (auto f = m.find("startup_gtp_commands"))
    for (const auto& item : sequence_items(r, *f))
      p.startup_gtp_commands.push_back(read_gtp_command(r, item));
  if (auto f = m.find("gtp_aliases")) {
    for (const auto& [k, v] : free_mapping(r, *f)) {
      std::string target = read_string(r, v);
      if (!is_gtp_word(k) || !is_gtp_word(target))
        r.fail(v, "invalid alias (GTP command names are printable, without spaces)");
      p.gtp_aliases[k] = target;
    }
  }
  if (auto f = m.find("is_reliable_scorer")) p.is_reliable_scorer = read_bool(r, *f);
  if (auto f = m.find("allow_claim")) p.allow_claim = read_bool(r, *f);
  if (auto f = m.find("discard_stderr")) p.discard_stderr = read_bool(r, *f);
  if (auto f = m.find("gtp_pipelining")) p.gtp_pipelining = read_bool(r, *f);
  if (auto f = m.find("startup_banner_lines"))
    p.startup_banner_lines =
        static_cast<int>(read_int_in(r, *f, 0, rm::gtp::kMaxStartupBannerLines,
                                     "must be a whole number of lines from 0 to " +
                                         std::to_string(rm::gtp::kMaxStartupBannerLines)));
  if (auto f = m.find("time_control")) p.time_control = read_time_control(r, *f);
  if (auto f = m.find("sgf_player_name_from_gtp")) p.sgf_player_name_from_gtp = read_bool(r, *f);
  if (auto f = m.find("reuse")) p.reuse = read_bool(r, *f);
  if (auto f = m.find("restart_every")) {
    p.restart_every = read_int_in(r, *f, 1, 1000000000LL, "must be a positive integer");
    if (!p.reuse) r.fail(*f, "restart_every needs reuse: true");
  }
  if (auto f = m.find("timeouts")) {
    Mapping t(r, *f, {"startup", "genmove", "other", "quit"});
    if (auto g = t.find("startup")) p.timeouts.startup_s = read_timeout(r, *g);
    if (auto g = t.find("genmove")) p.timeouts.genmove_s = read_timeout(r, *g);
    if (auto g = t.find("other")) p.timeouts.other_s = read_timeout(r, *g);
    if (auto g = t.find("quit")) p.timeouts.quit_s = read_timeout(r, *g);
  }
  return p;
}

rm::game::PlayerSpec make_player_spec(const std::string& code, const PlayerFields& fields,
                                      const std::string& directory,
                                      const StderrPolicy& stderr_policy) {
  rm::game::PlayerSpec spec;
  spec.code = code;
  spec.is_reliable_scorer = fields.is_reliable_scorer;
  spec.allow_claim = fields.allow_claim;
  spec.sgf_player_name_from_gtp = fields.sgf_player_name_from_gtp;
  spec.reuse = fields.reuse;
  spec.restart_every = fields.restart_every;
  spec.time_control = fields.time_control;
  rm::gtp::EngineSpec& engine = spec.engine;
  engine.name = code;
  engine.process.argv = fields.command;
  if (!engine.process.argv.empty()) {
    std::string& program = engine.process.argv[0];
    program = expand_user(program);
    if (program.find('/') != std::string::npos) program = resolve_against(directory, program);
  }
  if (fields.cwd) engine.process.cwd = resolve_against(directory, expand_user(*fields.cwd));
  engine.process.environ = fields.environ;
  if (fields.discard_stderr) {
    engine.process.stderr_mode = rm::process::StderrMode::Discard;
  } else if (stderr_policy.stderr_to_log) {
    engine.process.stderr_mode = rm::process::StderrMode::AppendToFile;
    engine.process.stderr_path = stderr_policy.log_path;
  } else {
    engine.process.stderr_mode = rm::process::StderrMode::PassThrough;
  }
  engine.startup_gtp_commands = fields.startup_gtp_commands;
  engine.gtp_aliases = fields.gtp_aliases;
  engine.timeouts = fields.timeouts;
  engine.pipelining = fields.gtp_pipelining;
  engine.startup_banner_lines = fields.startup_banner_lines;
  return spec;
}

}  // namespace rm::control::detail
