#include "ringmaster/cli/match_control_file.hpp"

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "engine/process/process.hpp"

namespace rm::cli {
namespace {

const char* kMatchUsage =
    "usage: ringmaster match --black CMD --white CMD [--games N] [--size N] [--komi X] "
    "[options]";

ParseExit match_usage_error(const std::string& message) {
  return {kExitUsage, "", std::string(kMatchUsage) + "\nringmaster: error: " + message + "\n"};
}

std::optional<long long> whole(const std::string& text, long long lo, long long hi) {
  long long v = 0;
  const char* begin = text.data();
  const char* end = begin + text.size();
  auto res = std::from_chars(begin, end, v);
  if (text.empty() || res.ec != std::errc() || res.ptr != end || v < lo || v > hi)
    return std::nullopt;
  return v;
}

// A player code from a program name: its base name, letters, digits, '-', '_' and '.'.
std::string code_from_program(const std::string& program, const std::string& fallback) {
  std::string base = program.substr(program.find_last_of('/') + 1);
  std::string code;
  for (char c : base)
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') code += c;
  return code.empty() ? fallback : code;
}

bool is_code(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
      return false;
  return true;
}

// A YAML double-quoted scalar (JSON's string syntax is a subset of YAML's).
std::string quoted(const std::string& s) {
  return nlohmann::json(s).dump();
}

std::string yaml_list(const std::vector<std::string>& words) {
  std::string text = "[";
  for (std::size_t i = 0; i < words.size(); ++i) text += (i ? ", " : "") + quoted(words[i]);
  return text + "]";
}

// "1.0" / "7.5": a number YAML reads back exactly.
std::string number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  std::string s = buf;
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

}  // namespace

std::variant<MatchOptions, ParseExit> parse_match_command_line(
    const std::vector<std::string>& args) {
  MatchOptions o;
  std::string black, white, games, size, komi, handicap, move_limit, parallel;
  CLI::App app{
      "Plays a match between two GTP engines: a playoff without a control file. The "
      "control file <dir>/<code>.yaml is written first, so the run can be resumed, "
      "reported and changed like any other.",
      "ringmaster match"};
  app.add_option("--black", black, "black's engine command (split into words without a shell)")
      ->type_name("CMD");
  app.add_option("--white", white, "white's engine command")->type_name("CMD");
  app.add_option("--black-name", o.black_code, "black's player code (default: its program's name)")
      ->type_name("CODE");
  app.add_option("--white-name", o.white_code, "white's player code")->type_name("CODE");
  app.add_option("-n,--games", games, "number of games (default 100)")->type_name("N");
  app.add_option("--size", size, "board size, 2-25 (default 19)")->type_name("N");
  app.add_option("--komi", komi, "komi (default 7.5)")->type_name("X");
  app.add_option("--handicap", handicap, "fixed handicap stones (default none)")->type_name("N");
  app.add_option("--move-limit", move_limit, "moves before a game is stopped")->type_name("N");
  app.add_option("--scorer", o.scorer, "players (default) or internal");
  app.add_flag("--alternate", o.alternate, "swap colours every game");
  app.add_flag("--reuse", o.reuse, "keep each engine alive between games (docs/engine-reuse.md)");
  app.add_option("--code", o.code, "competition code: the files' names (default match)");
  app.add_option("--dir", o.directory, "directory for the control file and results (default .)");
  app.add_option("-j,--parallel", parallel, "number of games to play at once, 1-1023")
      ->type_name("N");
  app.add_flag("-q,--quiet", o.run.quiet, "no live display; warnings to stderr");
  app.add_flag("--log-gtp", o.run.log_gtp, "write GTP transcripts to <code>.gtplogs/");
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    return ParseExit{kExitOk, app.help(), ""};
  } catch (const CLI::ParseError& e) {
    return match_usage_error(e.what());
  }
  if (black.empty()) return match_usage_error("--black: an engine command is required");
  if (white.empty()) return match_usage_error("--white: an engine command is required");
  for (auto [name, text, argv] :
       {std::tuple{"--black", &black, &o.black}, std::tuple{"--white", &white, &o.white}}) {
    try {
      *argv = rm::process::split_command_line(*text);
    } catch (const std::invalid_argument& e) {
      return match_usage_error(std::string(name) + ": " + e.what());
    }
    if (argv->empty() || argv->front().empty())
      return match_usage_error(std::string(name) + ": an engine command is required");
  }
  if (o.black_code.empty()) o.black_code = code_from_program(o.black.front(), "black");
  if (o.white_code.empty()) o.white_code = code_from_program(o.white.front(), "white");
  if (o.black_code == o.white_code) {
    o.black_code += "-b";
    o.white_code += "-w";
  }
  for (const auto& [option, code] :
       {std::pair{"--black-name", o.black_code}, std::pair{"--white-name", o.white_code},
        std::pair{"--code", o.code}})
    if (!is_code(code))
      return match_usage_error(std::string(option) +
                               ": use letters, digits, '-', '_' and '.' (got '" + code + "')");
  if (!games.empty()) {
    auto n = whole(games, 1, 2147483647LL);
    if (!n)
      return match_usage_error("--games: must be a whole number \u2265 1 (got '" + games + "')");
    o.games = static_cast<int>(*n);
  }
  if (!size.empty()) {
    auto n = whole(size, 2, 25);
    if (!n)
      return match_usage_error("--size: must be a whole number from 2 to 25 (got '" + size + "')");
    o.board_size = static_cast<int>(*n);
  }
  if (!komi.empty()) {
    char* end = nullptr;
    o.komi = std::strtod(komi.c_str(), &end);
    if (*end != '\0' || !std::isfinite(o.komi) || std::abs(o.komi) > 1000)
      return match_usage_error("--komi: must be a number (got '" + komi + "')");
  }
  if (!handicap.empty()) {
    auto n = whole(handicap, 2, 9);
    if (!n)
      return match_usage_error("--handicap: must be a whole number from 2 to 9 (got '" + handicap +
                               "')");
    o.handicap = static_cast<int>(*n);
  }
  if (!move_limit.empty()) {
    auto n = whole(move_limit, 1, 100000);
    if (!n)
      return match_usage_error("--move-limit: must be a whole number \u2265 1 (got '" + move_limit +
                               "')");
    o.move_limit = static_cast<int>(*n);
  }
  if (o.scorer != "players" && o.scorer != "internal")
    return match_usage_error("--scorer: must be players or internal (got '" + o.scorer + "')");
  if (!parallel.empty()) {
    auto n = whole(parallel, 1, 1023);
    if (!n)
      return match_usage_error("-j/--parallel: must be a whole number from 1 to 1023 (got '" +
                               parallel + "')");
    o.run.parallel = static_cast<int>(*n);
  }
  if (o.directory.empty()) o.directory = ".";
  o.run.control_file = o.directory + (o.directory.back() == '/' ? "" : "/") + o.code + ".yaml";
  o.run.command = "run";
  return o;
}

std::string match_control_file(const MatchOptions& o, const std::string& cwd) {
  auto absolute = [&](std::vector<std::string> argv) {
    std::string& program = argv.front();
    if (program.find('/') != std::string::npos && program.front() != '/' && program.front() != '~')
      program = cwd + (cwd.empty() || cwd.back() == '/' ? "" : "/") + program;
    return argv;
  };
  auto player = [&](const std::string& code, const std::vector<std::string>& argv) {
    std::string text = "  " + quoted(code) + ":\n    command: " + yaml_list(absolute(argv)) + "\n";
    if (o.reuse) text += "    reuse: true\n";
    return text;
  };
  std::string text = "# Written by `ringmaster match`. Run `ringmaster " + o.code +
                     ".yaml` to resume, show or report this match; edit it like any control file\n"
                     "# (docs/match.md, docs/control-file.md).\n"
                     "competition_type: playoff\n"
                     "description: " +
                     quoted("match: " + o.black_code + " (black) v " + o.white_code + " (white)") +
                     "\n"
                     "players:\n" +
                     player(o.black_code, o.black) + player(o.white_code, o.white) +
                     "board_size: " + std::to_string(o.board_size) + "\nkomi: " + number(o.komi) +
                     "\n";
  if (o.handicap >= 2) text += "handicap: " + std::to_string(o.handicap) + "\n";
  if (o.move_limit) text += "move_limit: " + std::to_string(*o.move_limit) + "\n";
  text += "scorer: " + o.scorer + "\n";
  text += "matchups:\n  - player_1: " + quoted(o.black_code) +
          "\n    player_2: " + quoted(o.white_code) +
          "\n    alternating: " + (o.alternate ? "true" : "false") +
          "\n    number_of_games: " + std::to_string(o.games) + "\n";
  return text;
}

}  // namespace rm::cli
