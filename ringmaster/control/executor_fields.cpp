// Reading the `executor:` section (docs/cluster.md).
#include "ringmaster/control/executor_fields.hpp"

#include <algorithm>
#include <cctype>

namespace rm::control::detail {
namespace {

bool is_time_limit(const std::string& s) {
  // Slurm's forms: M, M:S, H:M:S, D-H, D-H:M, D-H:M:S; digits, ':' and at most one '-'.
  if (s.empty() || s.size() > 20) return false;
  int dashes = 0, colons = 0;
  char previous = '\0';
  for (char c : s) {
    if (c == '-')
      ++dashes;
    else if (c == ':')
      ++colons;
    else if (!std::isdigit(static_cast<unsigned char>(c)))
      return false;
    if ((c == '-' || c == ':') && !std::isdigit(static_cast<unsigned char>(previous))) return false;
    previous = c;
  }
  return std::isdigit(static_cast<unsigned char>(previous)) && dashes <= 1 && colons <= 2;
}

std::vector<std::string> read_words(const Reader& r, const Field& f) {
  if (!f.node.IsSequence())
    r.fail(f, "must be a list of arguments (each one whole, no shell): [--mem=1G, --gres=gpu:1]");
  std::vector<std::string> words;
  for (const auto& item : sequence_items(r, f)) {
    std::string w = read_string(r, item);
    if (w.empty()) r.fail(item, "empty argument");
    words.push_back(std::move(w));
  }
  return words;
}

std::string read_slurm_name(const Reader& r, const Field& f) {
  std::string s = read_string(r, f);
  if (s.empty()) r.fail(f, "empty (leave the setting out for the cluster's default)");
  for (char c : s)
    if (std::isspace(static_cast<unsigned char>(c)) || std::iscntrl(static_cast<unsigned char>(c)))
      r.fail(f, "must not contain spaces or control characters");
  return s;
}

// Keys that only one kind of executor reads. With an explicit `type` the others are refused
// (they would never be used: a mistake); without one they are kept for `run --executor`.
const std::vector<std::string> kSlurmOnly = {
    "mode", "games_in_flight", "partition", "account", "time_limit", "srun_args", "engine_prefix"};
const std::vector<std::string> kWorkersOnly = {"workers", "launcher", "hosts"};
const std::vector<std::string> kAnyWorkers = {"max_restarts", "start_timeout", "silence_timeout"};

bool is_one_of(const std::string& key, const std::vector<std::string>& keys) {
  for (const auto& k : keys)
    if (k == key) return true;
  return false;
}

void refuse_keys_of_other_types(const Reader& r, const Mapping& m, const ExecutorSettings& e) {
  for (const auto& [key, field] : m.entries()) {
    if (key == "type") continue;
    if (e.type == ExecutorType::Local)
      r.fail(field,
             is_one_of(key, kSlurmOnly) || key == "ringmaster_play"
                 ? "a Slurm setting, not used with type: local (set type: slurm, or remove it)"
                 : "a setting of long-lived workers, not used with type: local (set type: "
                   "workers, or remove it)");
    if (e.type == ExecutorType::Workers && is_one_of(key, kSlurmOnly))
      r.fail(field, "a Slurm setting, not used with type: workers (set type: slurm, or remove it)");
    if (e.type == ExecutorType::Slurm && is_one_of(key, kWorkersOnly))
      r.fail(field,
             "only used with type: workers (with type: slurm, mode: workers the workers are job "
             "steps: games_in_flight, srun_args)");
    if (e.type == ExecutorType::Slurm && is_one_of(key, kAnyWorkers) &&
        e.slurm.mode != SlurmMode::Workers)
      r.fail(field, "only used with long-lived workers (type: workers, or mode: workers)");
  }
}

void read_worker_fields(const Reader& r, const Mapping& m, WorkerSettings& w) {
  if (auto t = m.find("workers")) w.workers = read_int_in(r, *t, 1, 1023, "1..1023");
  if (auto t = m.find("launcher")) w.launcher = read_words(r, *t);
  if (auto t = m.find("hosts")) {
    w.hosts = read_words(r, *t);
    if (w.hosts.empty()) r.fail(*t, "empty (leave it out to start the workers here)");
    // One worker per host unless `workers` says otherwise.
    if (!m.find("workers"))
      w.workers = static_cast<int>(std::min<std::size_t>(w.hosts.size(), 1023));
    // ssh without a terminal or a password prompt: a worker that cannot log in fails at once.
    if (!m.find("launcher")) w.launcher = {"ssh", "-T", "-o", "BatchMode=yes"};
  }
  if (m.find("launcher") && w.launcher.empty())
    r.fail(*m.find("launcher"), "empty (leave it out to start the workers here)");
  if (auto t = m.find("max_restarts")) w.max_restarts = read_int_in(r, *t, 0, 1000, "0..1000");
  if (auto t = m.find("start_timeout")) {
    w.start_timeout = read_number(r, *t);
    if (!(w.start_timeout >= 1 && w.start_timeout <= 86400))
      r.fail(*t, "must be a number of seconds in 1..86400");
  }
  if (auto t = m.find("silence_timeout")) {
    w.silence_timeout = read_number(r, *t);
    if (!(w.silence_timeout >= 2 && w.silence_timeout <= 86400))
      r.fail(*t, "must be a number of seconds in 2..86400");
  }
}

}  // namespace

ExecutorSettings read_executor(const Reader& r, const Field& f) {
  Mapping m(r, f,
            {"type", "mode", "games_in_flight", "partition", "account", "time_limit", "srun_args",
             "ringmaster_play", "engine_prefix", "workers", "launcher", "hosts", "max_restarts",
             "start_timeout", "silence_timeout"});
  ExecutorSettings e;
  if (auto t = m.find("type")) {
    const std::string type = read_enum(r, *t, {"local", "slurm", "workers"});
    e.type = type == "slurm"     ? ExecutorType::Slurm
             : type == "workers" ? ExecutorType::Workers
                                 : ExecutorType::Local;
  }
  SlurmSettings& s = e.slurm;
  if (auto t = m.find("mode")) {
    const std::string mode = read_enum(r, *t, {"games", "engines", "workers"});
    s.mode = mode == "engines"   ? SlurmMode::Engines
             : mode == "workers" ? SlurmMode::Workers
                                 : SlurmMode::Games;
  }
  if (auto t = m.find("games_in_flight"))
    s.games_in_flight = read_int_in(r, *t, 1, 1023, "1..1023");
  if (auto t = m.find("partition")) s.partition = read_slurm_name(r, *t);
  if (auto t = m.find("account")) s.account = read_slurm_name(r, *t);
  if (auto t = m.find("time_limit")) {
    s.time_limit = read_string(r, *t);
    if (!is_time_limit(s.time_limit))
      r.fail(*t, "'" + s.time_limit +
                     "' is not a Slurm time limit (minutes, M:S, H:M:S, D-H, D-H:M or D-H:M:S; "
                     "quote it: \"10:00\")");
  }
  if (auto t = m.find("srun_args")) s.srun_args = read_words(r, *t);
  if (auto t = m.find("ringmaster_play")) {
    s.ringmaster_play = read_string(r, *t);
    if (s.ringmaster_play.empty()) r.fail(*t, "empty path");
  }
  if (auto t = m.find("engine_prefix")) {
    s.engine_prefix = read_words(r, *t);
    if (s.engine_prefix.empty()) r.fail(*t, "empty (the prefix needs at least a program)");
  }
  if (m.find("engine_prefix") && s.mode != SlurmMode::Engines)
    r.fail(*m.find("engine_prefix"), "only used with mode: engines");
  read_worker_fields(r, m, e.workers);
  if (m.find("type")) refuse_keys_of_other_types(r, m, e);
  return e;
}

}  // namespace rm::control::detail
