// scripted_engine: a small real GTP engine whose misbehaviour is chosen by flags, for
// testing the GTP controller, the process layer and the referee against real processes.
// It plays unused points in order (A1, B1, ... row by row), or at random among unused points
// with --seed N (N > 0); it keeps no rules beyond "a point it has seen played is occupied".
// "Moves" below counts the moves it has generated (genmove / gomill-genmove_ex answers);
// "after N" means: the first N moves are normal, the (N+1)th triggers the behaviour.
//
// Flags (all stable; other areas' tests rely on them; --help points here):
//   --name S / --version S        answers to `name` / `version` (default "scripted" / "1.0");
//                                 an empty string makes the command fail ("? no name").
//   --describe S                  implements gomill-describe_engine, answering S.
//   --protocol-version S          answer to protocol_version (default 2): a controller must
//                                 reject anything but 2 ("... reports GTP protocol version 1").
//   --exit-code N                 exit status on quit, stdin EOF and every crash (default 0;
//                                 crashes use 3 unless given).
//   --stderr-message S            written to stderr (plus newline) at startup.
//   --crash-at-start              writes "scripted_engine: crashing at start" to stderr and
//                                 exits before reading anything -> Exited error on the first
//                                 command.
//   --crash-after-moves N         on the (N+1)th move request: stderr "scripted_engine: crashing
//                                 after N moves", exit without answering -> Exited error.
//   --hang-at-start               never reads or answers anything -> Timeout on the first command.
//   --hang-in-genmove-after N     the (N+1)th move request never gets an answer -> Timeout.
//   --garbage                     answers the first command with "prepare to die" (not GTP)
//                                 -> ProtocolError "engine isn't speaking GTP: first byte is 'p'".
//   --illegal-move-after N        the (N+1)th move is a point already occupied (forfeit:
//                                 "attempted move to occupied point ...").
//   --ill-formed-move-after N     the (N+1)th move is "Z99" (forfeit: "attempted ill-formed move
//   Z99").
//   --fail-genmove-after N        the (N+1)th move request gets "? forced failure".
//   --resign-after N              the (N+1)th move is "resign".
//   --pass-after N                from the (N+1)th move on it passes.
//   --claim-after N               with gomill-genmove_ex ... claim, the (N+1)th and later
//                                 answers are "claim". gomill-genmove_ex is always implemented
//                                 (no arguments: lists the keyword "claim").
//   --flood-stdout                the first move request gets "= flood" followed by endless
//                                 non-blank lines -> ProtocolError (response too long) or Timeout.
//   --flood-stderr                writes 1 MiB to stderr before every answer (an engine whose
//                                 stderr is not drained would block) -> must play normally.
//   --close-stdout-after N        on the (N+1)th move request, closes stdout and keeps reading
//                                 stdin until EOF -> ClosedPipe error.
//   --fork-hanging-child          at startup forks a child (same process group) that sleeps
//                                 forever with the pipes open -> close() must kill it.
//   --ignore-quit                 answers quit but keeps running, ignores SIGTERM and stdin EOF
//                                 -> close() needs SIGKILL.
//   --cpu-time S                  implements gomill-cpu_time, answering S verbatim (may be junk).
//   --burn-cpu SECONDS            busy-loops this long (CPU time) before each move.
//   --banner S                    writes the line S to stdout at startup, before reading any
//                                 command (repeatable: one line each, in order), as Minigo's
//                                 C++ `gtp` does -> ProtocolError quoting the line, unless the
//                                 player's startup_banner_lines allows that many.
//   --banner-flood                writes endless non-GTP lines to stdout at startup -> even
//                                 with startup_banner_lines set, a ProtocolError (too many
//                                 banner lines or bytes) within the startup deadline.
//   --crash-on-time-left-zero     on `time_left <colour> 0 ...` writes "scripted_engine: time_left
//                                 with no time" to stderr and exits without answering (Pachi
//                                 aborts so) -> Exited; a referee must not send 0 while time
//                                 remains.
//   --sleep-at-start SECONDS      sleeps this long before reading its first command: an
//                                 engine slow to start (loading a network), for the reuse bench.
//   --count-starts PATH           appends a line "start <pid> <GOMILL_GAME_ID> <GOMILL_SLOT>"
//                                 to PATH when it starts: a test counts the engine's starts.
//   --sleep-before-move SECONDS   sleeps this long (wall time) before each move: a slow engine
//                                 whose pace does not depend on the machine's load.
//   --wait-for-file PATH          before each move, waits until PATH exists (a gate a test
//                                 opens when it is ready: a game that cannot end before).
//   --check-file PATH             at startup and before each move, reads PATH (a rendered
//                                 candidate file, say): it must be non-empty and end with the
//                                 line "end"; otherwise stderr "scripted_engine: PATH is
//                                 incomplete (N bytes)" and a crash.
//   --explain                     implements gomill-explain_last_move ("move N by scripted").
//   --final-score S               implements final_score, answering S.
//   --fail-command NAME           answers NAME with "? forced failure" (repeatable), e.g.
//   boardsize.
//   --illegal-play-after N        answers `play` with "? illegal move" once it has accepted N
//   plays.
//   --seed N                      N > 0: choose moves at random among unused points.
//   --moves V1,V2,...             its first moves are these vertices (GTP form, e.g. A1),
//                                 whatever the board holds: a scripted suicide, say.
//   --wait-for-stdin              before reading each command, waits with poll() for stdin to
//                                 be readable, then reads through the buffered std::cin: a
//                                 common engine pattern that hangs when two commands arrive
//                                 in one write (the second is in the buffer, poll waits on
//                                 the pipe) -> needs `gtp_pipelining: false`.
//
// Implemented commands: protocol_version name version known_command list_commands quit
// boardsize clear_board komi play genmove fixed_handicap place_free_handicap
// set_free_handicap gomill-genmove_ex, plus the optional ones above.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Options {
  std::string name = "scripted", version = "1.0", protocol_version = "2";
  std::optional<std::string> describe, cpu_time, final_score, stderr_message;
  int exit_code = 0;
  std::optional<int> exit_code_given;
  bool crash_at_start = false, hang_at_start = false, garbage = false, flood_stdout = false,
       flood_stderr = false, fork_hanging_child = false, ignore_quit = false, explain = false,
       wait_for_stdin = false, banner_flood = false, crash_on_time_left_zero = false;
  std::vector<std::string> banner;  // --banner
  std::optional<int> crash_after, hang_after, illegal_after, ill_formed_after, fail_genmove_after,
      resign_after, pass_after, claim_after, close_stdout_after, illegal_play_after;
  double burn_cpu_s = 0;
  double sleep_before_move_s = 0;
  double sleep_at_start_s = 0;
  std::string wait_for_file;  // --wait-for-file
  std::string check_file;     // --check-file
  std::string count_starts;   // --count-starts
  std::set<std::string> fail_commands;
  std::vector<std::string> moves;  // --moves
  unsigned seed = 0;
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr, "usage: scripted_engine [flags] (--help for help)\nscripted_engine: %s\n",
               why.c_str());
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options o;
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) usage("missing value for " + a);
      return args[++i];
    };
    auto number = [&]() -> int {
      const std::string v = value();
      try {
        return std::stoi(v);
      } catch (const std::exception&) {
        usage("bad number for " + a + ": " + v);
      }
    };
    if (a == "--help" || a == "-h") {
      std::printf(
          "usage: scripted_engine [flags]\n"
          "A GTP engine for tests whose misbehaviour is chosen by flags; each flag is described\n"
          "at the top of tests/engines/scripted_engine.cpp.\n");
      std::exit(0);
    } else if (a == "--name")
      o.name = value();
    else if (a == "--version")
      o.version = value();
    else if (a == "--describe")
      o.describe = value();
    else if (a == "--protocol-version")
      o.protocol_version = value();
    else if (a == "--exit-code")
      o.exit_code_given = number();
    else if (a == "--stderr-message")
      o.stderr_message = value();
    else if (a == "--crash-at-start")
      o.crash_at_start = true;
    else if (a == "--crash-after-moves")
      o.crash_after = number();
    else if (a == "--hang-at-start")
      o.hang_at_start = true;
    else if (a == "--hang-in-genmove-after")
      o.hang_after = number();
    else if (a == "--garbage")
      o.garbage = true;
    else if (a == "--illegal-move-after")
      o.illegal_after = number();
    else if (a == "--ill-formed-move-after")
      o.ill_formed_after = number();
    else if (a == "--fail-genmove-after")
      o.fail_genmove_after = number();
    else if (a == "--resign-after")
      o.resign_after = number();
    else if (a == "--pass-after")
      o.pass_after = number();
    else if (a == "--claim-after")
      o.claim_after = number();
    else if (a == "--flood-stdout")
      o.flood_stdout = true;
    else if (a == "--flood-stderr")
      o.flood_stderr = true;
    else if (a == "--close-stdout-after")
      o.close_stdout_after = number();
    else if (a == "--fork-hanging-child")
      o.fork_hanging_child = true;
    else if (a == "--ignore-quit")
      o.ignore_quit = true;
    else if (a == "--cpu-time")
      o.cpu_time = value();
    else if (a == "--burn-cpu")
      o.burn_cpu_s = std::atof(value().c_str());
    else if (a == "--banner")
      o.banner.push_back(value());
    else if (a == "--crash-on-time-left-zero")
      o.crash_on_time_left_zero = true;
    else if (a == "--banner-flood")
      o.banner_flood = true;
    else if (a == "--sleep-at-start")
      o.sleep_at_start_s = std::atof(value().c_str());
    else if (a == "--count-starts")
      o.count_starts = value();
    else if (a == "--sleep-before-move")
      o.sleep_before_move_s = std::atof(value().c_str());
    else if (a == "--wait-for-file")
      o.wait_for_file = value();
    else if (a == "--check-file")
      o.check_file = value();
    else if (a == "--explain")
      o.explain = true;
    else if (a == "--wait-for-stdin")
      o.wait_for_stdin = true;
    else if (a == "--final-score")
      o.final_score = value();
    else if (a == "--moves") {
      std::stringstream list(value());
      for (std::string v; std::getline(list, v, ',');) o.moves.push_back(v);
    } else if (a == "--fail-command")
      o.fail_commands.insert(value());
    else if (a == "--illegal-play-after")
      o.illegal_play_after = number();
    else if (a == "--seed")
      o.seed = static_cast<unsigned>(number());
    else
      usage("unknown option " + a);
  }
  o.exit_code = o.exit_code_given.value_or(0);
  return o;
}

[[noreturn]] void sleep_forever() {
  while (true) ::pause();
}

void burn_cpu(double seconds) {
  if (seconds <= 0) return;
  const std::clock_t start = std::clock();
  volatile unsigned long sink = 0;
  while (static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC < seconds) sink = sink + 1;
}

// --check-file: the file must be whole (non-empty, its last line "end"), else a crash.
void check_file(const std::string& path, int crash_code) {
  if (path.empty()) return;
  std::string text;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buffer[65536];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;) text.append(buffer, n);
    std::fclose(f);
  }
  const std::string tail = "\nend\n";
  if (text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0)
    return;
  std::fprintf(stderr, "scripted_engine: %s is incomplete (%zu bytes)\n", path.c_str(),
               text.size());
  std::fflush(stderr);
  std::_Exit(crash_code);
}

const char* const columns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

std::string vertex_name(int col, int row) {
  return std::string(1, columns[col]) + std::to_string(row + 1);
}

std::optional<std::pair<int, int>> parse_vertex(std::string v, int size) {
  for (auto& c : v) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (v.size() < 2) return std::nullopt;
  const char* found = std::strchr(columns, v[0]);
  if (found == nullptr) return std::nullopt;
  const int col = static_cast<int>(found - columns);
  int row = 0;
  try {
    row = std::stoi(v.substr(1)) - 1;
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (col >= size || row < 0 || row >= size) return std::nullopt;
  return std::make_pair(col, row);
}

// The standard fixed handicap points (GTP spec section 4.1.1), as (col, row) pairs.
std::vector<std::pair<int, int>> handicap_points(int stones, int size) {
  if (size < 7 || stones < 2) return {};
  const int max = (size % 2 == 1 && size >= 9) ? 9 : 4;
  if (stones > max) return {};
  const int lo = size >= 13 ? 3 : 2, hi = size - 1 - lo, mid = (size - 1) / 2;
  std::vector<std::pair<int, int>> p = {{lo, lo}, {hi, hi}};
  if (stones >= 3) p.push_back({hi, lo});
  if (stones >= 4) p.push_back({lo, hi});
  if (stones == 5 || stones == 7 || stones == 9) p.push_back({mid, mid});
  if (stones >= 6) {
    p.push_back({lo, mid});
    p.push_back({hi, mid});
  }
  if (stones >= 8) {
    p.push_back({mid, lo});
    p.push_back({mid, hi});
  }
  return p;
}

class Engine {
 public:
  explicit Engine(Options o) : opt_(std::move(o)), rng_(opt_.seed) {}

  int run() {
    std::string line;
    while (wait_for_stdin() && std::getline(std::cin, line)) {
      handle(line);
    }
    // stdin EOF
    if (opt_.ignore_quit) sleep_forever();
    return opt_.exit_code;
  }

 private:
  // --wait-for-stdin: block until the pipe itself has data (ignoring what std::cin has
  // already buffered). Always true otherwise.
  bool wait_for_stdin() const {
    if (!opt_.wait_for_stdin) return true;
    pollfd p{0, POLLIN, 0};
    while (::poll(&p, 1, -1) < 0) {
    }
    return true;
  }

  void respond(bool ok, const std::string& id, const std::string& text) {
    if (opt_.flood_stderr) {
      const std::string chunk(4096, 'e');
      for (int i = 0; i < 256; ++i) {
        if (::write(2, chunk.data(), chunk.size()) < 0) break;
      }
      [[maybe_unused]] auto w = ::write(2, "\n", 1);
    }
    std::string out = (ok ? "=" : "?") + id + (text.empty() ? "" : " " + text) + "\n\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
  }

  bool claims(const std::string& cmd) const {
    static const std::set<std::string> base = {"protocol_version",
                                               "name",
                                               "version",
                                               "known_command",
                                               "list_commands",
                                               "quit",
                                               "boardsize",
                                               "clear_board",
                                               "komi",
                                               "play",
                                               "genmove",
                                               "fixed_handicap",
                                               "place_free_handicap",
                                               "set_free_handicap",
                                               "gomill-genmove_ex"};
    if (base.count(cmd)) return true;
    if (cmd == "gomill-describe_engine") return opt_.describe.has_value();
    if (cmd == "gomill-cpu_time") return opt_.cpu_time.has_value();
    if (cmd == "gomill-explain_last_move") return opt_.explain;
    if (cmd == "final_score") return opt_.final_score.has_value();
    return false;
  }

  bool reached(const std::optional<int>& after) const { return after && moves_ >= *after; }

  void handle(std::string line) {
    // GTP preprocessing: drop CR and other controls, comments, surrounding whitespace.
    std::string clean;
    for (char c : line) {
      if (c == '#') break;
      if (c == '\t') c = ' ';
      if (static_cast<unsigned char>(c) < 32 || c == 127) continue;
      clean += c;
    }
    std::istringstream in(clean);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.empty()) return;
    std::string id;
    if (std::isdigit(static_cast<unsigned char>(words[0][0]))) {
      id = words[0];
      words.erase(words.begin());
      if (words.empty()) return;
    }
    if (opt_.garbage && first_command_) {
      std::fputs("prepare to die\n", stdout);
      std::fflush(stdout);
      first_command_ = false;
      return;
    }
    first_command_ = false;
    const std::string cmd = words[0];
    const std::vector<std::string> args(words.begin() + 1, words.end());
    if (opt_.fail_commands.count(cmd)) return respond(false, id, "forced failure");

    if (cmd == "protocol_version") return respond(true, id, opt_.protocol_version);
    if (cmd == "name")
      return opt_.name.empty() ? respond(false, id, "no name") : respond(true, id, opt_.name);
    if (cmd == "version")
      return opt_.version.empty() ? respond(false, id, "no version")
                                  : respond(true, id, opt_.version);
    if (cmd == "known_command")
      return respond(true, id, !args.empty() && claims(args[0]) ? "true" : "false");
    if (cmd == "list_commands") {
      std::string all;
      for (const char* c : {"protocol_version", "name", "version", "known_command", "list_commands",
                            "quit", "boardsize", "clear_board", "komi", "play", "genmove",
                            "fixed_handicap", "place_free_handicap", "set_free_handicap",
                            "gomill-genmove_ex", "gomill-describe_engine", "gomill-cpu_time",
                            "gomill-explain_last_move", "final_score"}) {
        if (claims(c)) all += std::string(all.empty() ? "" : "\n") + c;
      }
      return respond(true, id, all);
    }
    if (cmd == "quit") {
      respond(true, id, "");
      if (opt_.ignore_quit) sleep_forever();
      std::exit(opt_.exit_code);
    }
    if (cmd == "time_left" && opt_.crash_on_time_left_zero && args.size() >= 2 && args[1] == "0") {
      std::fprintf(stderr, "scripted_engine: time_left with no time\n");
      std::fflush(stderr);
      std::exit(opt_.exit_code_given.value_or(3));
    }
    if (!claims(cmd)) return respond(false, id, "unknown command");
    if (cmd == "boardsize") {
      int n = args.empty() ? 0 : std::atoi(args[0].c_str());
      if (n < 1 || n > 25) return respond(false, id, "unacceptable size");
      size_ = n;
      occupied_.clear();
      return respond(true, id, "");
    }
    if (cmd == "clear_board") {
      occupied_.clear();
      return respond(true, id, "");
    }
    if (cmd == "komi") return respond(true, id, "");
    if (cmd == "play") {
      if (args.size() < 2) return respond(false, id, "syntax error");
      if (reached_plays(opt_.illegal_play_after)) return respond(false, id, "illegal move");
      ++plays_;
      if (auto v = parse_vertex(args[1], size_)) occupied_.insert(*v);
      return respond(true, id, "");
    }
    if (cmd == "fixed_handicap" || cmd == "place_free_handicap") {
      const int n = args.empty() ? 0 : std::atoi(args[0].c_str());
      auto points = handicap_points(n, size_);
      if (points.empty()) return respond(false, id, "invalid handicap");
      std::string text;
      for (auto p : points) {
        occupied_.insert(p);
        text += (text.empty() ? "" : " ") + vertex_name(p.first, p.second);
      }
      return respond(true, id, text);
    }
    if (cmd == "set_free_handicap") {
      for (const auto& a : args)
        if (auto v = parse_vertex(a, size_)) occupied_.insert(*v);
      return respond(true, id, "");
    }
    if (cmd == "genmove") return generate(id, false);
    if (cmd == "gomill-genmove_ex") {
      if (args.empty()) return respond(true, id, "claim");
      bool claim = false;
      for (std::size_t i = 1; i < args.size(); ++i) claim = claim || args[i] == "claim";
      return generate(id, claim);
    }
    if (cmd == "gomill-describe_engine") return respond(true, id, *opt_.describe);
    if (cmd == "gomill-cpu_time") return respond(true, id, *opt_.cpu_time);
    if (cmd == "final_score") return respond(true, id, *opt_.final_score);
    if (cmd == "gomill-explain_last_move")
      return respond(true, id, "move " + std::to_string(moves_) + " by " + opt_.name);
    respond(false, id, "unknown command");
  }

  bool reached_plays(const std::optional<int>& after) const { return after && plays_ >= *after; }

  int crash_code() const { return opt_.exit_code_given.value_or(3); }

  void generate(const std::string& id, bool claim_allowed) {
    burn_cpu(opt_.burn_cpu_s);
    if (opt_.sleep_before_move_s > 0)
      std::this_thread::sleep_for(std::chrono::duration<double>(opt_.sleep_before_move_s));
    while (!opt_.wait_for_file.empty() && ::access(opt_.wait_for_file.c_str(), F_OK) != 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    check_file(opt_.check_file, crash_code());
    if (reached(opt_.crash_after)) {
      std::fprintf(stderr, "scripted_engine: crashing after %d moves\n", moves_);
      std::fflush(stderr);
      std::_Exit(crash_code());
    }
    if (reached(opt_.hang_after)) sleep_forever();
    if (reached(opt_.close_stdout_after)) {
      std::fclose(stdout);
      ::close(1);
      std::string rest;
      while (std::getline(std::cin, rest)) {
      }
      std::_Exit(opt_.exit_code);
    }
    if (opt_.flood_stdout) {
      std::fputs("= flood\n", stdout);
      const std::string chunk = std::string(1023, 'f') + "\n";
      while (std::fwrite(chunk.data(), 1, chunk.size(), stdout) == chunk.size()) {
      }
      std::_Exit(opt_.exit_code);
    }
    if (reached(opt_.fail_genmove_after)) return respond(false, id, "forced failure");
    std::string move;
    if (reached(opt_.resign_after)) {
      move = "resign";
    } else if (claim_allowed && reached(opt_.claim_after)) {
      move = "claim";
    } else if (reached(opt_.ill_formed_after)) {
      move = "Z99";
    } else if (reached(opt_.illegal_after) && !occupied_.empty()) {
      move = vertex_name(occupied_.begin()->first, occupied_.begin()->second);
    } else if (reached(opt_.pass_after)) {
      move = "pass";
    } else if (static_cast<std::size_t>(moves_) < opt_.moves.size()) {
      move = opt_.moves[static_cast<std::size_t>(moves_)];
    } else {
      move = next_unused();
    }
    ++moves_;
    respond(true, id, move);
  }

  std::string next_unused() {
    std::vector<std::pair<int, int>> free;
    for (int row = 0; row < size_; ++row)
      for (int col = 0; col < size_; ++col)
        if (!occupied_.count({col, row})) free.push_back({col, row});
    if (free.empty()) return "pass";
    std::pair<int, int> p = free.front();
    if (opt_.seed > 0)
      p = free[std::uniform_int_distribution<std::size_t>(0, free.size() - 1)(rng_)];
    occupied_.insert(p);
    return vertex_name(p.first, p.second);
  }

  Options opt_;
  std::mt19937 rng_;
  int size_ = 19;
  int moves_ = 0;
  int plays_ = 0;
  bool first_command_ = true;
  std::set<std::pair<int, int>> occupied_;
};

}  // namespace

int main(int argc, char** argv) {
  Options opt = parse_options(argc, argv);
  if (opt.stderr_message) {
    std::fprintf(stderr, "%s\n", opt.stderr_message->c_str());
    std::fflush(stderr);
  }
  if (!opt.count_starts.empty()) {
    if (std::FILE* f = std::fopen(opt.count_starts.c_str(), "a")) {
      const char* game = std::getenv("GOMILL_GAME_ID");
      const char* slot = std::getenv("GOMILL_SLOT");
      std::fprintf(f, "start %d %s %s\n", static_cast<int>(::getpid()), game ? game : "-",
                   slot ? slot : "-");
      std::fclose(f);
    }
  }
  if (opt.crash_at_start) {
    std::fprintf(stderr, "scripted_engine: crashing at start\n");
    std::fflush(stderr);
    return opt.exit_code_given.value_or(3);
  }
  if (opt.ignore_quit) ::signal(SIGTERM, SIG_IGN);
  if (opt.fork_hanging_child) {
    const pid_t child = ::fork();
    if (child == 0) sleep_forever();  // keeps the pipes open, same process group
  }
  if (opt.hang_at_start) sleep_forever();
  check_file(opt.check_file, opt.exit_code_given.value_or(3));
  if (opt.sleep_at_start_s > 0)
    std::this_thread::sleep_for(std::chrono::duration<double>(opt.sleep_at_start_s));
  for (const auto& line : opt.banner) std::printf("%s\n", line.c_str());
  std::fflush(stdout);
  if (opt.banner_flood) {
    // Until the reader goes away (EPIPE: SIGPIPE's default ends the engine).
    for (long n = 0;; ++n) std::printf("banner line %ld of a flooding engine\n", n);
  }
  Engine engine(std::move(opt));
  return engine.run();
}
