#include "ringmaster/cli/command_line.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>

namespace rm::cli {
namespace {

const char* kUsage = "usage: ringmaster [options] <control file> [command]";

ParseExit usage_error(const std::string& message) {
  return {kExitUsage, "", std::string(kUsage) + "\nringmaster: error: " + message + "\n"};
}

// A whole number in [lo, hi] written in decimal, or nullopt. Options are read as text and
// checked here so that a bad value gets a message a person can act on (CLI11's own says
// "not in range" for a word, and prints the limits of a 64-bit double).
std::optional<int> whole_number(const std::string& text, long long lo, long long hi) {
  long long v = 0;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  if (!text.empty() && text[0] == '+') ++begin;
  auto res = std::from_chars(begin, end, v);
  if (text.empty() || res.ec != std::errc() || res.ptr != end || v < lo || v > hi)
    return std::nullopt;
  return static_cast<int>(v);
}

// CLI11's help, first line the usage line that usage errors print (in place of CLI11's own
// "Usage:" line, which would differ from it).
std::string help_text(const CLI::App& app) {
  std::string help = app.help();
  std::size_t at = help.find("Usage: ");
  if (at != std::string::npos) {
    std::size_t end = help.find('\n', at);
    help.erase(at, end == std::string::npos ? std::string::npos : end - at + 1);
  }
  return std::string(kUsage) + "\n" + help;
}

// With `simulate`, --json names the file to write (elsewhere it is a flag): taken out of `args`
// before CLI11 sees them. Returns an error message, or "".
std::string take_json_file(std::vector<std::string>& args, std::string& json_file) {
  if (std::find(args.begin(), args.end(), "simulate") == args.end()) return "";
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].starts_with("--json=")) {
      json_file = args[i].substr(7);
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i));
      return "";
    }
    if (args[i] == "--json") {
      if (i + 1 == args.size() || args[i + 1].empty())
        return "--json: with simulate, give the file to write (--json FILE)";
      json_file = args[i + 1];
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
                 args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
      return "";
    }
  }
  return "";
}

}  // namespace

const std::vector<std::string>& command_names() {
  static const std::vector<std::string> names = {"run",          "stop",    "show", "report",
                                                 "reset",        "check",   "cost", "candidates",
                                                 "playoff-file", "simulate"};
  return names;
}

std::variant<CommandLine, ParseExit> parse_command_line(const std::vector<std::string>& given) {
  CommandLine line;
  std::vector<std::string> args = given;
  if (auto error = take_json_file(args, line.json_file); !error.empty()) return usage_error(error);
  std::vector<std::string> positional;
  bool version = false;
  std::string parallel, max_games;

  CLI::App app{
      "Runs Go competitions and parameter-tuning events between GTP engines.\n"
      "commands: run (default), stop, show, report, reset, check, cost, candidates, "
      "playoff-file, simulate\n"
      "A match without a control file: ringmaster match --engine CMD --engine CMD [options] "
      "(ringmaster match --help; docs/match.md)\n"
      "The live view of running events in a browser: ringmaster serve [DIR...] [--port N] "
      "(docs/reports.md)",
      "ringmaster"};
  app.add_option("args", positional, "<control file> [command]");
  auto* parallel_option = app.add_option("-j,--parallel", parallel,
                                         "number of games to play at once (worker threads), 1-1023")
                              ->type_name("N");
  auto* max_games_option =
      app.add_option("-g,--max-games", max_games, "maximum number of games to start in this run")
          ->type_name("N");
  app.add_flag("-q,--quiet", line.quiet, "no live display; warnings to stderr");
  std::string rating_interval;
  auto* rating_interval_option =
      app.add_option("--rating-interval", rating_interval,
                     "with run -q: each matchup's score, Elo and SPRT every N games")
          ->type_name("N");
  app.add_flag("--log-gtp", line.log_gtp, "write GTP transcripts to <code>.gtplogs/");
  app.add_flag(
      "--affinity", line.affinity,
      "with run: pin each game (its worker thread and both engines) to one CPU, round robin; "
      "for single-threaded engines");
  app.add_option("--executor", line.executor,
                 "with run: where games are played, local (worker threads), slurm or workers (the "
                 "control file's executor settings; docs/cluster.md); default: the control file's")
      ->type_name("TYPE");
  app.add_flag("--json", line.json,
               "with show/report: print the report as JSON; with simulate: --json FILE writes "
               "every run");
  auto* html_option =
      app.add_flag("--html", line.html, "with report: print the HTML report (with plots)");
  auto* csv_option = app.add_flag("--csv", line.csv, "with report: print one CSV row per game");
  auto* sgf_collection_option =
      app.add_option(
             "--sgf-collection", line.sgf_collection,
             "with report: write every game's SGF record to FILE as one collection (- for stdout)")
          ->type_name("FILE");
  auto* baseline_option =
      app.add_option(
             "--baseline", line.baseline,
             "with playoff-file: the player the tuned candidate meets (default: the opponent)")
          ->type_name("PLAYER");
  auto* output_option = app.add_option("-o,--output", line.output,
                                       "with playoff-file: the control file to write (default "
                                       "<code>-confirm.yaml; - for stdout)")
                            ->type_name("FILE");
  std::string values;
  auto* values_option =
      app.add_option("--values", values,
                     "with candidates: also render the candidate with these parameter values, "
                     "every parameter given (e.g. c=0.4,pl=300)")
          ->type_name("CODE=VALUE,...");
  std::string runs, seed;
  auto* runs_option =
      app.add_option("--runs", runs, "with simulate: the simulated runs (default 100)")
          ->type_name("N");
  auto* seed_option =
      app.add_option("--seed", seed, "with simulate: the seed of every run (default 1)")
          ->type_name("S");
  auto* truth_option =
      app.add_option("--truth", line.truth,
                     "with simulate: the true surface, CODE=OPTIMUM:ELO,... (docs/simulation.md)")
          ->type_name("SPEC");
  auto* surface_option =
      app.add_option("--surface", line.surface,
                     "with simulate: the true surface's shape, quadratic (default), power1.5, "
                     "quartic, asymmetric, saturating")
          ->type_name("SHAPE");
  auto* rotate_option = app.add_flag("--rotate", line.rotate,
                                     "with simulate: the parameters interact (a rotation per run)");
  std::string in_flight;
  auto* in_flight_option =
      app.add_option("--in-flight", in_flight,
                     "with simulate: games in progress at once in each run, as `run -j N` "
                     "keeps them (default 1)")
          ->type_name("N");
  app.add_flag("--version", version, "print the version and exit");

  // CLI11 wants argv order reversed for parse(vector); give it a copy.
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    return ParseExit{kExitOk, help_text(app), ""};
  } catch (const CLI::ParseError& e) {
    return usage_error(e.what());
  }
  if (version) return ParseExit{kExitOk, std::string(kVersionText) + "\n", ""};
  if (parallel_option->count() > 0) {
    auto n = whole_number(parallel, 1, 1023);
    if (!n)
      return usage_error("-j/--parallel: must be a whole number from 1 to 1023 (got '" + parallel +
                         "')");
    line.parallel = *n;
    line.parallel_given = true;
  }
  if (!line.executor.empty() && line.executor != "local" && line.executor != "slurm" &&
      line.executor != "workers")
    return usage_error("--executor: must be local, slurm or workers (got '" + line.executor + "')");
  if (max_games_option->count() > 0) {
    auto n = whole_number(max_games, 0, 2147483647LL);
    if (!n)
      return usage_error("-g/--max-games: must be a whole number \u2265 0 (got '" + max_games +
                         "')");
    line.max_games = *n;
  }
  if (rating_interval_option->count() > 0) {
    auto n = whole_number(rating_interval, 0, 2147483647LL);
    if (!n)
      return usage_error("--rating-interval: must be a whole number \u2265 0 (got '" +
                         rating_interval + "')");
    line.rating_interval = *n;
  }
  if (runs_option->count() > 0) {
    auto n = whole_number(runs, 1, 1000000);
    if (!n)
      return usage_error("--runs: must be a whole number from 1 to 1000000 (got '" + runs + "')");
    line.runs = *n;
  }
  if (in_flight_option->count() > 0) {
    auto n = whole_number(in_flight, 1, 1023);
    if (!n)
      return usage_error("--in-flight: must be a whole number from 1 to 1023 (got '" + in_flight +
                         "')");
    line.in_flight = static_cast<int>(*n);
  }
  if (seed_option->count() > 0) {
    const char* end = seed.data() + seed.size();
    auto res = std::from_chars(seed.data(), end, line.seed);
    if (seed.empty() || res.ec != std::errc() || res.ptr != end)
      return usage_error("--seed: must be a whole number \u2265 0 (got '" + seed + "')");
  }
  if (int(line.json) + int(line.html) + int(line.csv) > 1)
    return usage_error("--json, --html and --csv: give at most one");
  if (positional.empty()) return usage_error("no control file specified");
  if (positional.size() > 2) return usage_error("too many arguments");
  line.control_file = positional[0];
  if (positional.size() == 2) {
    const auto& names = command_names();
    if (positional[1] == "debugstatus")  // gomill's: its status was a pickle, ours is JSON
      return usage_error("no such command: debugstatus (gomill's; use show --json)");
    if (std::find(names.begin(), names.end(), positional[1]) == names.end())
      return usage_error("no such command: " + positional[1]);
    line.command = positional[1];
  }
  // An option of one command given to another would be ignored: say so instead.
  const std::pair<const CLI::Option*, const char*> only_with[] = {
      {values_option, "candidates"},   {runs_option, "simulate"},
      {seed_option, "simulate"},       {truth_option, "simulate"},
      {surface_option, "simulate"},    {rotate_option, "simulate"},
      {in_flight_option, "simulate"},  {baseline_option, "playoff-file"},
      {output_option, "playoff-file"}, {html_option, "report"},
      {csv_option, "report"},          {sgf_collection_option, "report"}};
  for (const auto& [option, command] : only_with)
    if (option->count() > 0 && line.command != command)
      return usage_error(option->get_name() + ": only with " + command);
  if (values_option->count() > 0) line.values = values;
  return line;
}

}  // namespace rm::cli
