// Reading the `executor:` section (docs/cluster.md).
#include "ringmaster/control/executor_fields.hpp"

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

}  // namespace

ExecutorSettings read_executor(const Reader& r, const Field& f) {
  Mapping m(r, f,
            {"type", "mode", "games_in_flight", "partition", "account", "time_limit", "srun_args",
             "ringmaster_play", "engine_prefix"});
  ExecutorSettings e;
  if (auto t = m.find("type"))
    e.type =
        read_enum(r, *t, {"local", "slurm"}) == "slurm" ? ExecutorType::Slurm : ExecutorType::Local;
  SlurmSettings& s = e.slurm;
  if (auto t = m.find("mode"))
    s.mode =
        read_enum(r, *t, {"games", "engines"}) == "engines" ? SlurmMode::Engines : SlurmMode::Games;
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
  // An explicit `type: local` says the Slurm settings will never be used: a mistake. Without
  // `type` they are kept for `run --executor slurm`.
  if (m.find("type") && e.type == ExecutorType::Local)
    for (const auto& [key, field] : m.entries())
      if (key != "type")
        r.fail(field, "a Slurm setting, not used with type: local (set type: slurm, or remove it)");
  return e;
}

}  // namespace rm::control::detail
