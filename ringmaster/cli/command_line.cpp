#include "ringmaster/cli/command_line.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>

namespace rm::cli {
namespace {

const char* kUsage = "usage: ringmaster [options] <control file> [command]";

ParseExit usage_error(const std::string& message) {
  return {kExitUsage, "", std::string(kUsage) + "\nringmaster: error: " + message + "\n"};
}

}  // namespace

const std::vector<std::string>& command_names() {
  static const std::vector<std::string> names = {"run",   "stop",  "show",      "report",
                                                 "reset", "check", "candidates"};
  return names;
}

std::variant<CommandLine, ParseExit> parse_command_line(const std::vector<std::string>& args) {
  CommandLine line;
  std::vector<std::string> positional;
  bool version = false;
  int max_games = -1;

  CLI::App app{
      "Runs Go competitions and parameter-tuning events between GTP engines.\n"
      "commands: run (default), stop, show, report, reset, check, candidates",
      "ringmaster"};
  app.add_option("args", positional, "<control file> [command]");
  app.add_option("-j,--parallel", line.parallel,
                 "number of games to play at once (worker threads), 1-1023")
      ->check(CLI::Range(1, 1023));
  app.add_option("-g,--max-games", max_games, "maximum number of games to start in this run")
      ->check(CLI::NonNegativeNumber);
  app.add_flag("-q,--quiet", line.quiet, "no live display; warnings to stderr");
  app.add_flag("--log-gtp", line.log_gtp, "write GTP transcripts to <code>.gtplogs/");
  app.add_flag(
      "--affinity", line.affinity,
      "with run: pin each game (its worker thread and both engines) to one CPU, round robin; "
      "for single-threaded engines");
  app.add_flag("--json", line.json, "with show/report: print the report as JSON");
  app.add_flag("--version", version, "print the version and exit");

  // CLI11 wants argv order reversed for parse(vector); give it a copy.
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    return ParseExit{kExitOk, app.help(), ""};
  } catch (const CLI::ParseError& e) {
    return usage_error(e.what());
  }
  if (version) return ParseExit{kExitOk, std::string(kVersionText) + "\n", ""};
  if (positional.empty()) return usage_error("no control file specified");
  if (positional.size() > 2) return usage_error("too many arguments");
  line.control_file = positional[0];
  if (positional.size() == 2) {
    const auto& names = command_names();
    if (std::find(names.begin(), names.end(), positional[1]) == names.end())
      return usage_error("no such command: " + positional[1]);
    line.command = positional[1];
  }
  if (max_games >= 0) line.max_games = max_games;
  return line;
}

}  // namespace rm::cli
