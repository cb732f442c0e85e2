// `ringmaster match`'s command line: CLI11 reads the words, then each value is checked here so
// that a bad one is a usage error (exit 2) that says what a good one looks like.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <stdexcept>

#include "engine/gtp/controller.hpp"
#include "engine/process/process.hpp"
#include "ringmaster/cli/match_option_values.hpp"
#include "ringmaster/cli/match_options.hpp"
#include "ringmaster/run/competition_paths.hpp"

namespace rm::cli {
namespace {

const char* kMatchUsage =
    "usage: ringmaster match --engine CMD --engine CMD [--engine CMD...] [--games N] [options]\n"
    "       ringmaster match --black CMD --white CMD [options]";

ParseExit match_usage_error(const std::string& message) {
  return {kExitUsage, "", std::string(kMatchUsage) + "\nringmaster: error: " + message + "\n"};
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

std::string absolute_path(const std::string& path, const std::string& cwd) {
  if (path.empty() || path.front() == '/' || path.front() == '~') return path;
  return cwd + (cwd.empty() || cwd.back() == '/' ? "" : "/") + path;
}

// The raw text of every option, checked after CLI11 has read the words.
struct RawOptions {
  std::string black, white, black_name, white_name;
  std::vector<std::string> engines, names;
  std::string games, size, komi, handicap, move_limit, parallel, rating_interval;
  std::string openings, openings_order, openings_moves, openings_seed;
  std::string time, byoyomi, canadian, move_time, tc, time_margin;
  std::string sprt, arbiter, resign_score, resign_moves, resign_after_moves;
  std::string startup_timeout, startup_banner_lines;
};

void add_options(CLI::App& app, RawOptions& r, MatchOptions& o) {
  auto text = [&](const std::string& name, std::string& into, const std::string& help,
                  const std::string& type) { app.add_option(name, into, help)->type_name(type); };
  app.add_option("-e,--engine", r.engines,
                 "an engine's command (give it once per engine; split into words, no shell)")
      ->type_name("CMD")
      ->allow_extra_args(false);
  app.add_option("--name", r.names, "the player code of the --engine in the same place")
      ->type_name("CODE")
      ->allow_extra_args(false);
  text("--black", r.black, "two engines: player 1's command (black in the first game)", "CMD");
  text("--white", r.white, "two engines: player 2's command", "CMD");
  text("--black-name", r.black_name, "--black's player code (default: its program's name)", "CODE");
  text("--white-name", r.white_name, "--white's player code", "CODE");
  app.add_flag("--gauntlet", o.gauntlet,
               "the first engine plays each of the others (default: all "
               "pairs, a round robin)");
  text("-n,--games", r.games, "games per pair of engines (default 100)", "N");
  text("--size", r.size, "board size, 2-25 (default 19)", "N");
  text("--komi", r.komi, "komi (default 7.5)", "X");
  text("--handicap", r.handicap, "fixed handicap stones (default none)", "N");
  text("--move-limit", r.move_limit, "moves before a game is stopped", "N");
  app.add_option("--scorer", o.scorer, "players (default) or internal");
  app.add_flag("--alternate,!--no-alternate", o.alternate,
               "swap colours every game (default; --no-alternate: player 1 always black)");
  app.add_flag("--reuse", o.reuse, "keep each engine alive between games (docs/engine-reuse.md)");
  text("--openings", r.openings, "start games from the SGF openings in FILE or DIR", "FILE|DIR");
  text("--openings-order", r.openings_order, "sequential (default) or random", "ORDER");
  text("--openings-moves", r.openings_moves, "moves of each opening to play (default all)", "N");
  text("--openings-seed", r.openings_seed, "seed of the random order (default 0)", "N");
  app.add_flag("--repeat,!--no-repeat", o.openings.pairs,
               "play each opening twice, colours swapped (default)");
  text("--time", r.time, "main time in seconds (alone: absolute time)", "SECONDS");
  text("--byoyomi", r.byoyomi, "Japanese byo-yomi after the main time: 5x30", "PxSECONDS");
  text("--canadian", r.canadian, "Canadian byo-yomi after the main time: 10/30", "M/SECONDS");
  text("--move-time", r.move_time, "seconds for every move (cutechess st=)", "SECONDS");
  text("--tc", r.tc, "cutechess's tc: SECONDS or MOVES/SECONDS (no increment)", "SPEC");
  text("--time-margin", r.time_margin, "seconds a move may overrun its clock (default 0.1)", "S");
  text("--sprt", r.sprt,
       "stop when decided: elo0,elo1[,alpha,beta][,model=normalized|logistic] (default alpha "
       "0.05, beta 0.05, normalized Elo)",
       "SPEC");
  text("--arbiter", r.arbiter,
       "scores games the players disagree on: internal, gnugo, or a command", "WHO");
  text("--resign-score", r.resign_score, "resign adjudication: points behind...", "X");
  text("--resign-moves", r.resign_moves, "...for this many moves running (default 1)...", "N");
  text("--resign-after-moves", r.resign_after_moves, "...after this move (default 0)", "N");
  text("--startup-timeout", r.startup_timeout,
       "seconds an engine may take to start and answer its first commands (default 30)", "SECONDS");
  text("--startup-banner-lines", r.startup_banner_lines,
       "lines an engine may print before its first response, skipped (default 0)", "N");
  app.add_option("--code", o.code, "competition code: the files' names (default match)");
  app.add_option("--dir", o.directory, "directory for the control file and results (default .)");
  text("-j,--parallel", r.parallel, "number of games to play at once, 1-1023", "N");
  app.add_flag("-q,--quiet", o.run.quiet, "no live display; warnings and status lines to stderr");
  text("--rating-interval", r.rating_interval,
       "with -q: score, Elo and SPRT every N games (default 10; 0: never)", "N");
  app.add_flag("--log-gtp", o.run.log_gtp, "write GTP transcripts to <code>.gtplogs/");
}

// The engines from --engine or --black/--white, with their codes (unique).
std::optional<std::string> read_engines(const RawOptions& r, MatchOptions& o) {
  std::vector<std::pair<std::string, std::string>> given;  // option, command text
  std::vector<std::string> names;
  std::vector<bool> named;  // given a code by --name, --black-name or --white-name
  if (!r.engines.empty()) {
    if (!r.black.empty() || !r.white.empty())
      return "give the engines with --engine or with --black and --white, not both";
    if (!r.black_name.empty() || !r.white_name.empty())
      return "--black-name/--white-name go with --black/--white; use --name with --engine";
    if (r.engines.size() < 2) return "--engine: give at least two engines";
    if (r.names.size() > r.engines.size()) return "--name: more names than engines";
    for (const auto& e : r.engines) given.emplace_back("--engine", e);
    names = r.names;
  } else {
    if (!r.names.empty()) return "--name goes with --engine; use --black-name/--white-name";
    if (r.black.empty()) return "--black: an engine command is required (or give --engine twice)";
    if (r.white.empty()) return "--white: an engine command is required";
    given = {{"--black", r.black}, {"--white", r.white}};
    names = {r.black_name, r.white_name};
  }
  for (std::size_t i = 0; i < given.size(); ++i) {
    MatchEngine e;
    try {
      e.command = rm::process::split_command_line(given[i].second);
    } catch (const std::invalid_argument& ex) {
      return given[i].first + ": " + ex.what();
    }
    if (e.command.empty() || e.command.front().empty())
      return given[i].first + ": an engine command is required";
    named.push_back(i < names.size() && !names[i].empty());
    e.code = named.back() ? names[i] : code_from_program(e.command.front(), "engine");
    if (!is_code(e.code))
      return std::string(r.engines.empty() ? (i == 0 ? "--black-name" : "--white-name")
                                           : "--name") +
             ": use letters, digits, '-', '_' and '.' (got '" + e.code + "')";
    o.engines.push_back(std::move(e));
  }
  // Unnamed engines whose programs share a name are numbered (two by colour: -b and -w).
  for (std::size_t i = 0; i < o.engines.size(); ++i) {
    if (named[i]) continue;
    std::vector<std::size_t> same;
    for (std::size_t j = i; j < o.engines.size(); ++j)
      if (!named[j] && o.engines[j].code == o.engines[i].code) same.push_back(j);
    if (same.size() < 2) continue;
    for (std::size_t n = 0; n < same.size(); ++n) {
      const bool colours = r.engines.empty();
      o.engines[same[n]].code +=
          colours ? (n == 0 ? "-b" : "-w") : "-" + std::to_string(same[n] + 1);
      named[same[n]] = true;
    }
  }
  for (std::size_t i = 0; i < o.engines.size(); ++i)
    for (std::size_t j = i + 1; j < o.engines.size(); ++j)
      if (o.engines[i].code == o.engines[j].code)
        return "two engines have the player code '" + o.engines[i].code + "': give --name";
  return std::nullopt;
}

// A whole-number option in [lo, hi], if given; `range` says which numbers are good.
std::optional<std::string> read_whole(const std::string& option, const std::string& text,
                                      long long lo, long long hi, const std::string& range,
                                      int& into) {
  if (text.empty()) return std::nullopt;
  auto n = whole_in(text, lo, hi);
  if (!n) return option + ": must be a whole number " + range + " (got '" + text + "')";
  into = static_cast<int>(*n);
  return std::nullopt;
}

std::optional<std::string> read_game_settings(const RawOptions& r, MatchOptions& o) {
  int move_limit = 0;
  for (auto error : {read_whole("--games", r.games, 1, 2147483647LL, "\u2265 1", o.games),
                     read_whole("--size", r.size, 2, 25, "from 2 to 25", o.board_size),
                     read_whole("--handicap", r.handicap, 2, 9, "from 2 to 9", o.handicap),
                     read_whole("--move-limit", r.move_limit, 1, 100000, "\u2265 1", move_limit)})
    if (error) return error;
  if (move_limit > 0) o.move_limit = move_limit;
  if (!r.komi.empty()) {
    auto v = number_in(r.komi, -1000, 1000);
    if (!v) return "--komi: must be a number (got '" + r.komi + "')";
    o.komi = *v;
  }
  if (o.scorer != "players" && o.scorer != "internal")
    return "--scorer: must be players or internal (got '" + o.scorer + "')";
  return std::nullopt;
}

std::optional<std::string> read_openings(const RawOptions& r, MatchOptions& o,
                                         const std::string& cwd) {
  if (r.openings.empty()) {
    for (const auto& [option, value] : {std::pair{"--openings-order", &r.openings_order},
                                        std::pair{"--openings-moves", &r.openings_moves},
                                        std::pair{"--openings-seed", &r.openings_seed}})
      if (!value->empty()) return std::string(option) + ": needs --openings";
    return std::nullopt;
  }
  o.openings.path = absolute_path(r.openings, cwd);
  std::error_code ec;
  if (!std::filesystem::exists(o.openings.path, ec))
    return "--openings: no such file or directory: " + r.openings;
  if (!r.openings_order.empty()) {
    if (r.openings_order != "sequential" && r.openings_order != "random")
      return "--openings-order: must be sequential or random (got '" + r.openings_order + "')";
    o.openings.order = r.openings_order;
  }
  int moves = 0;
  if (auto error = read_whole("--openings-moves", r.openings_moves, 1, 100000, "\u2265 1", moves))
    return error;
  if (moves > 0) o.openings.moves = moves;
  if (!r.openings_seed.empty()) {
    if (o.openings.order != "random") return "--openings-seed: needs --openings-order random";
    auto n = whole_in(r.openings_seed, 0, 9007199254740991LL);
    if (!n)
      return "--openings-seed: must be a whole number \u2265 0 (got '" + r.openings_seed + "')";
    o.openings.seed = *n;
  }
  if (o.handicap >= 2) return "--openings: cannot be combined with --handicap";
  return std::nullopt;
}

std::optional<std::string> read_clock(const RawOptions& r, MatchOptions& o) {
  const int systems = int(!r.tc.empty()) + int(!r.move_time.empty()) +
                      int(!r.byoyomi.empty() || !r.canadian.empty() || !r.time.empty());
  if (systems > 1) return "--tc, --move-time and --time/--byoyomi/--canadian: give one of them";
  if (!r.byoyomi.empty() && !r.canadian.empty()) return "--byoyomi and --canadian: give one";
  auto take = [&](const std::string& option,
                  Parsed<MatchClock> parsed) -> std::optional<std::string> {
    if (auto* error = std::get_if<std::string>(&parsed)) return option + ": " + *error;
    o.clock = std::get<MatchClock>(parsed);
    return std::nullopt;
  };
  std::optional<std::string> error;
  if (!r.tc.empty()) error = take("--tc", parse_tc(r.tc));
  if (!r.byoyomi.empty()) error = take("--byoyomi", parse_byoyomi(r.byoyomi));
  if (!r.canadian.empty()) error = take("--canadian", parse_canadian(r.canadian));
  if (error) return error;
  if (!r.move_time.empty()) {
    auto v = number_in(r.move_time, 0, 1e9);
    if (!v || *v <= 0)
      return "--move-time: must be a positive number of seconds (got '" + r.move_time + "')";
    o.clock.system = "per_move";
    o.clock.move_time = *v;
  }
  if (!r.time.empty()) {
    auto v = number_in(r.time, 0, 1e9);
    const bool byoyomi = !o.clock.system.empty();
    if (!v || (*v <= 0 && !byoyomi))
      return "--time: must be a positive number of seconds (got '" + r.time + "')";
    if (!byoyomi) o.clock.system = "absolute";
    o.clock.main_time = *v;
  }
  if (!r.time_margin.empty()) {
    if (o.clock.system.empty()) return "--time-margin: needs a clock (--time, --tc...)";
    auto v = number_in(r.time_margin, 0, 3600);
    if (!v) return "--time-margin: must be seconds from 0 to 3600 (got '" + r.time_margin + "')";
    o.clock.margin = *v;
  }
  return std::nullopt;
}

std::optional<std::string> read_adjudication(const RawOptions& r, MatchOptions& o) {
  if (!r.sprt.empty()) {
    auto parsed = parse_sprt(r.sprt);
    if (auto* error = std::get_if<std::string>(&parsed)) return "--sprt: " + *error;
    o.sprt = std::get<MatchSprt>(parsed);
  }
  auto& a = o.adjudication;
  if (r.arbiter == "internal") {
    a.arbiter = "internal";
  } else if (!r.arbiter.empty()) {
    // GNU Go by name: in GTP mode, scoring by area as the referee and ringbot do.
    const std::string command =
        r.arbiter == "gnugo" ? "gnugo --mode gtp --chinese-rules --capture-all-dead" : r.arbiter;
    std::vector<std::string> argv;
    try {
      argv = rm::process::split_command_line(command);
    } catch (const std::invalid_argument& e) {
      return std::string("--arbiter: ") + e.what();
    }
    if (argv.empty() || argv.front().empty()) return "--arbiter: give internal, gnugo or a command";
    for (const auto& e : o.engines)
      if (e.command == argv) a.arbiter = e.code;  // one of the players: no second definition
    if (a.arbiter.empty()) {
      a.arbiter = code_from_program(argv.front(), "arbiter");
      for (const auto& e : o.engines)
        if (e.code == a.arbiter) a.arbiter += "-arbiter";
      a.arbiter_command = argv;
    }
  }
  if (!r.resign_score.empty()) {
    auto v = number_in(r.resign_score, 0, 1e6);
    if (!v || *v <= 0)
      return "--resign-score: must be a positive number of points (got '" + r.resign_score + "')";
    a.resign_score = *v;
  }
  for (const auto& [option, text, into, lo] :
       {std::tuple{"--resign-moves", &r.resign_moves, &a.resign_moves, 1LL},
        std::tuple{"--resign-after-moves", &r.resign_after_moves, &a.resign_after_moves, 0LL}}) {
    if (text->empty()) continue;
    if (!a.resign_score) return std::string(option) + ": needs --resign-score";
    int n = 0;
    if (auto error = read_whole(option, *text, lo, 100000, "\u2265 " + std::to_string(lo), n))
      return error;
    *into = n;
  }
  return std::nullopt;
}

// The players' start-up settings (timeouts.startup, startup_banner_lines).
std::optional<std::string> read_engine_start(const RawOptions& r, MatchOptions& o) {
  if (!r.startup_timeout.empty()) {
    auto v = number_in(r.startup_timeout, 0, 1e9);
    if (!v || *v <= 0)
      return "--startup-timeout: must be a positive number of seconds, at most 1e9 (got '" +
             r.startup_timeout + "')";
    o.startup_timeout = *v;
  }
  return read_whole(
      "--startup-banner-lines", r.startup_banner_lines, 0, rm::gtp::kMaxStartupBannerLines,
      "from 0 to " + std::to_string(rm::gtp::kMaxStartupBannerLines), o.startup_banner_lines);
}

std::optional<std::string> read_run_options(const RawOptions& r, MatchOptions& o) {
  if (!is_code(o.code))
    return "--code: use letters, digits, '-', '_' and '.' (got '" + o.code + "')";
  if (o.code.size() > rm::run::kMaxCodeBytes)
    return "--code: at most " + std::to_string(rm::run::kMaxCodeBytes) +
           " characters (it names files such as <code>.report.html; got " +
           std::to_string(o.code.size()) + ")";
  o.run.parallel_given = !r.parallel.empty();
  o.run.rating_interval = 10;  // fastchess's default
  for (auto error :
       {read_whole("-j/--parallel", r.parallel, 1, 1023, "from 1 to 1023", o.run.parallel),
        read_whole("--rating-interval", r.rating_interval, 0, 2147483647LL, "\u2265 0",
                   o.run.rating_interval)})
    if (error) return error;
  if (o.directory.empty()) o.directory = ".";
  o.run.control_file = o.directory + (o.directory.back() == '/' ? "" : "/") + o.code + ".yaml";
  o.run.command = "run";
  return std::nullopt;
}

}  // namespace

std::variant<MatchOptions, ParseExit> parse_match_command_line(const std::vector<std::string>& args,
                                                               const std::string& cwd) {
  MatchOptions o;
  RawOptions r;
  CLI::App app{
      "Plays a match between GTP engines: two, a round robin, or a gauntlet, without a control "
      "file. The control file <dir>/<code>.yaml is written first, so the run can be resumed "
      "(run the same line again; a larger --games continues it), reported and changed like "
      "any other (docs/match.md).",
      "ringmaster match"};
  add_options(app, r, o);
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::string help = app.help();
    const auto at = help.find("Usage: ");
    if (at != std::string::npos) help.erase(at, help.find('\n', at) - at + 1);
    return ParseExit{kExitOk, std::string(kMatchUsage) + "\n" + help, ""};
  } catch (const CLI::ParseError& e) {
    return match_usage_error(e.what());
  }
  for (auto error : {read_engines(r, o), read_game_settings(r, o), read_clock(r, o),
                     read_adjudication(r, o), read_run_options(r, o)})
    if (error) return match_usage_error(*error);
  if (auto error = read_openings(r, o, cwd)) return match_usage_error(*error);
  if (auto error = read_engine_start(r, o)) return match_usage_error(*error);
  return o;
}

}  // namespace rm::cli
