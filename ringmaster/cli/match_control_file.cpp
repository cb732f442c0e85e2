#include "ringmaster/cli/match_control_file.hpp"

#include <charconv>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

namespace rm::cli {
namespace {

constexpr const char* kGamesKey = "number_of_games: ";

// A YAML double-quoted scalar (JSON's string syntax is a subset of YAML's).
std::string quoted(const std::string& s) {
  return nlohmann::json(s).dump();
}

std::string yaml_list(const std::vector<std::string>& words) {
  std::string text = "[";
  for (std::size_t i = 0; i < words.size(); ++i) text += (i ? ", " : "") + quoted(words[i]);
  return text + "]";
}

// The shortest text that reads back as `v` ("0.1", not "0.10000000000000001"), as a float.
std::string number(double v) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, res.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string clock_text(const MatchClock& c) {
  std::string text = "time_control: {system: " + c.system;
  if (c.system == "per_move") return text + ", move_time: " + number(c.move_time) + "}\n";
  text += ", main_time: " + number(c.main_time);
  if (c.system == "canadian")
    text += ", period_time: " + number(c.period_time) +
            ", period_moves: " + std::to_string(c.period_moves);
  if (c.system == "japanese")
    text += ", period_time: " + number(c.period_time) + ", periods: " + std::to_string(c.periods);
  return text + "}\n";
}

std::string adjudication_text(const MatchAdjudication& a) {
  std::vector<std::string> items;
  if (!a.arbiter.empty()) items.push_back("arbiter: " + quoted(a.arbiter));
  if (a.resign_score) items.push_back("resign_score: " + number(*a.resign_score));
  if (a.resign_moves) items.push_back("resign_moves: " + std::to_string(*a.resign_moves));
  if (a.resign_after_moves)
    items.push_back("resign_after_moves: " + std::to_string(*a.resign_after_moves));
  if (items.empty()) return "";
  std::string text = "adjudication: {";
  for (std::size_t i = 0; i < items.size(); ++i) text += (i ? ", " : "") + items[i];
  return text + "}\n";
}

std::string openings_text(const MatchOpenings& op) {
  if (op.path.empty()) return "";
  std::string text = "openings:\n  sgf: " + quoted(op.path) + "\n";
  if (op.moves) text += "  moves: " + std::to_string(*op.moves) + "\n";
  text += "  order: " + op.order + "\n";
  if (op.seed) text += "  seed: " + std::to_string(*op.seed) + "\n";
  text += std::string("  pairs: ") + (op.pairs ? "true" : "false") + "\n";
  return text + "  report: true\n";
}

std::string description(const MatchOptions& o) {
  std::vector<std::string> codes;
  for (const auto& e : o.engines) codes.push_back(e.code);
  if (codes.size() == 2) return "match: " + codes[0] + " v " + codes[1];
  std::string others;
  for (std::size_t i = 1; i < codes.size(); ++i) others += (i > 1 ? ", " : "") + codes[i];
  if (o.gauntlet) return "match: gauntlet of " + codes[0] + " against " + others;
  return "match: round robin of " + codes[0] + ", " + others;
}

// Every pair in the engines' order, or the first engine against each of the others.
std::string pairings_text(const MatchOptions& o) {
  const auto& e = o.engines;
  if (o.gauntlet) {
    std::vector<std::string> opponents;
    for (std::size_t i = 1; i < e.size(); ++i) opponents.push_back(e[i].code);
    return "gauntlet:\n  player: " + quoted(e[0].code) + "\n  opponents: " + yaml_list(opponents) +
           "\n";
  }
  std::string text = "matchups:\n";
  for (std::size_t i = 0; i < e.size(); ++i)
    for (std::size_t j = i + 1; j < e.size(); ++j)
      text += "  - " + yaml_list({e[i].code, e[j].code}) + "\n";
  return text;
}

}  // namespace

std::string match_control_file(const MatchOptions& o, const std::string& cwd) {
  auto absolute = [&](std::vector<std::string> argv) {
    std::string& program = argv.front();
    if (program.find('/') != std::string::npos && program.front() != '/' && program.front() != '~')
      program = cwd + (cwd.empty() || cwd.back() == '/' ? "" : "/") + program;
    return argv;
  };
  auto player = [&](const std::string& code, const std::vector<std::string>& argv, bool reuse) {
    std::string text = "  " + quoted(code) + ":\n    command: " + yaml_list(absolute(argv)) + "\n";
    if (reuse) text += "    reuse: true\n";
    if (o.startup_banner_lines > 0)
      text += "    startup_banner_lines: " + std::to_string(o.startup_banner_lines) + "\n";
    if (o.startup_timeout) text += "    timeouts: {startup: " + number(*o.startup_timeout) + "}\n";
    return text;
  };
  std::string text = "# Written by `ringmaster match`. Run `ringmaster " + o.code +
                     ".yaml` to resume, show or report this match; edit it like any control file\n"
                     "# (docs/match.md, docs/control-file.md).\n"
                     "competition_type: playoff\n"
                     "description: " +
                     quoted(description(o)) + "\nplayers:\n";
  for (const auto& e : o.engines) text += player(e.code, e.command, o.reuse);
  if (!o.adjudication.arbiter_command.empty())
    text += player(o.adjudication.arbiter, o.adjudication.arbiter_command, false);
  text += "board_size: " + std::to_string(o.board_size) + "\nkomi: " + number(o.komi) + "\n";
  if (o.handicap >= 2) text += "handicap: " + std::to_string(o.handicap) + "\n";
  if (o.move_limit) text += "move_limit: " + std::to_string(*o.move_limit) + "\n";
  text += "scorer: " + o.scorer + "\n";
  if (!o.clock.system.empty()) text += clock_text(o.clock);
  if (o.clock.margin) text += "time_margin: " + number(*o.clock.margin) + "\n";
  text += adjudication_text(o.adjudication);
  text += openings_text(o.openings);
  text += std::string("alternating: ") + (o.alternate ? "true" : "false") + "\n";
  text += kGamesKey + std::to_string(o.games) + "\n";
  if (o.sprt)
    text += "sprt: {elo0: " + number(o.sprt->elo0) + ", elo1: " + number(o.sprt->elo1) +
            ", alpha: " + number(o.sprt->alpha) + ", beta: " + number(o.sprt->beta) +
            (o.sprt->model ? ", model: " + *o.sprt->model : std::string()) + "}\n";
  return text + pairings_text(o);
}

std::optional<std::string> games_changed_only(const std::string& existing,
                                              const std::string& wanted) {
  std::istringstream a(existing), b(wanted);
  std::string line_a, line_b, old_games;
  const std::string key = kGamesKey;
  for (;;) {
    const bool more_a = static_cast<bool>(std::getline(a, line_a));
    const bool more_b = static_cast<bool>(std::getline(b, line_b));
    if (more_a != more_b) return std::nullopt;
    if (!more_a) break;
    if (line_a == line_b) continue;
    if (line_a.rfind(key, 0) != 0 || line_b.rfind(key, 0) != 0) return std::nullopt;
    old_games = line_a.substr(key.size());
  }
  if (old_games.empty()) return std::nullopt;
  return old_games;
}

}  // namespace rm::cli
