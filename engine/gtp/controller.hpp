// The controller side of a GTP session with one engine process: start and identify the
// engine, send commands with deadlines, cache known_command, ask for CPU time, close.
// Engine misbehaviour is a GtpError value naming the engine, the command and quoting the
// tail of the engine's stderr; nothing here throws for it.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/process/process.hpp"

namespace rm::gtp {

// Seconds. startup covers spawn + protocol_version/name/version/describe + startup commands
// (each of those commands gets this deadline); genmove_s is for CommandKind::Genmove;
// quit_s bounds the `quit` response and then the wait for the process to exit.
struct Timeouts {
  double startup_s = 30;
  double genmove_s = 600;
  double other_s = 30;
  double quit_s = 5;
};

struct EngineSpec {
  std::string name;  // the player code, used in every message
  rm::process::ProcessSpec process;
  std::vector<std::vector<std::string>> startup_gtp_commands;  // sent after identification
  std::map<std::string, std::string>
      gtp_aliases;  // command renaming, e.g. {"gomill-cpu_time": "cputime"}
  Timeouts timeouts;
  // GTP pipelining: several commands in one write (e.g. play + genmove), as GTP v2 allows.
  // false: one command at a time, each written once the previous one is answered (gomill's
  // way), for engines that mishandle input arriving in one piece.
  bool pipelining = true;
  // Lines before the first response that are not GTP responses (a startup banner, as
  // Minigo's C++ `gtp` prints) skipped, at most this many (and 64 KiB in all); each is in
  // the transcript. 0: the first byte must start a response, and a line that does not is a
  // ProtocolError quoting it.
  int startup_banner_lines = 0;
};
// The largest startup_banner_lines the settings accept.
constexpr int kMaxStartupBannerLines = 10000;

enum class ErrorKind {
  StartFailed,      // the process could not be started
  Timeout,          // no complete response before the deadline
  Exited,           // the engine exited (its status is in the message)
  ClosedPipe,       // the engine closed stdin/stdout but is still running
  ProtocolError,    // not GTP, response too long, protocol version != 2
  FailureResponse,  // a well-formed '?' response
  Aborted,          // the caller's abort flag became true
};
std::string to_string(ErrorKind kind);  // "start failed", "timeout", ...

struct GtpError {
  ErrorKind kind;
  // Names the engine and the command, e.g.
  // "timeout after 2.0s waiting for response to 'genmove b' from player slow\nstderr tail:\n..."
  std::string message;
  // The parts of the message that callers act on, kept as values so that none parses the
  // message back. FailureResponse: the engine's own text after '?'.
  std::string response = {};
  // The tail of the engine's stderr quoted at the end of the message ("" if none is).
  std::string stderr_tail = {};
  // The message without its quoted stderr tail.
  std::string without_stderr_tail() const;
};
// How a message quotes an engine's stderr tail: "\nstderr tail:\n<tail>".
std::string quoted_stderr_tail(const std::string& tail);

// gomill's Engine_description: empty strings become nullopt; invalid UTF-8 bytes become '?'.
struct Description {
  std::optional<std::string> name, version, describe_engine;
  // version with a leading copy of the name removed and kgsGTP-style verbosity cut when
  // longer than 64 characters (MoGo, Pachi, else the first word).
  std::optional<std::string> clean_version() const;
  // "name:clean_version" (just the name if no version or clean_version > 32 chars);
  // empty if name is absent.
  std::string short_description() const;
  // describe_engine, else "name:clean_version", else "name", else "version <v>", else empty.
  std::string long_description() const;
};

// Receives ">> b: boardsize 9" / "<< b: = " style lines (channel name supplied by caller).
using GtpLog = std::function<void(const std::string& line)>;

class Controller {
 public:
  // Starts the process, checks protocol_version (a failure response is accepted; a response
  // other than 2 is a ProtocolError "player x reports GTP protocol version 1"), gets
  // name/version and gomill-describe_engine (if known), sends startup commands (a failure
  // response there is an error). `abort` (may be null) is polled during every wait for the
  // controller's lifetime; when it becomes true the current wait ends with ErrorKind::Aborted.
  static std::variant<std::unique_ptr<Controller>, GtpError> start(
      const EngineSpec& spec, GtpLog log = {}, std::string log_channel = {},
      const std::atomic<bool>* abort = nullptr);

  // Starts several engines at once, as start() does each: every engine is spawned and sent
  // protocol_version before any response is awaited, and the later identification steps
  // are interleaved, so that the engines' start-up latencies overlap. Results are in the
  // order of the requests; an engine whose start fails is closed.
  struct StartRequest {
    EngineSpec spec;
    GtpLog log;
    std::string log_channel;
    const std::atomic<bool>* abort = nullptr;
  };
  static std::vector<std::variant<std::unique_ptr<Controller>, GtpError>> start_all(
      const std::vector<StartRequest>& requests);

  ~Controller();  // close()
  Controller(const Controller&) = delete;
  Controller& operator=(const Controller&) = delete;

  // Sends one command (aliases applied), waits up to the deadline for its kind.
  // Success -> response text; failure response -> GtpError{FailureResponse,
  // "failure response from 'genmove b' to player one:\n<text>"}. After any error other than
  // FailureResponse the channel is broken: later sends fail at once with the same kind.
  // Results of submitted commands not yet received are dropped first (see abandon_pending).
  enum class CommandKind { Genmove, Other };
  std::variant<std::string, GtpError> send(const std::string& command,
                                           const std::vector<std::string>& args = {},
                                           CommandKind kind = CommandKind::Other);

  // Pipelining. GTP v2 lets a controller send several commands before reading responses,
  // which come back in order. submit() sends the commands in one write; receive() then
  // returns their results one at a time, in order, exactly as send() would have: the same
  // errors and messages, each with its own deadline (for its kind), counted from when the
  // previous response was read (or from the write if later). The transcript lists each
  // command when it is written and each response when it is read.
  struct Command {
    std::string name;
    std::vector<std::string> args;
    CommandKind kind = CommandKind::Other;
    // Overrides the kind's deadline for this command (a game clock's limit, when shorter).
    std::optional<double> timeout_s = std::nullopt;
  };
  // `known_commands`: names to ask known_command about in the same write (as
  // prefetch_known_command), after the commands.
  void submit(const std::vector<Command>& commands,
              const std::vector<std::string>& known_commands = {});
  // Precondition: a submitted command's result is outstanding.
  std::variant<std::string, GtpError> receive();
  // Gives up on the submitted commands whose results have not been received (e.g. the
  // genmove pipelined after a play that failed): their responses are read and dropped before
  // any later response, each allowed at most quit_s; an error there breaks the channel but
  // is not reported.
  void abandon_pending();
  // Sends `known_command <name>` now without waiting; known_command(name) reads the answer.
  void prefetch_known_command(const std::string& name);

  // Cached per command name; failure responses and channel errors count as false.
  bool known_command(const std::string& name);

  const Description& description() const;

  // gomill-cpu_time when the engine claims it (if it claims it and then fails or answers
  // junk: nullopt); else, after close(), the child's rusage CPU; else nullopt.
  std::optional<double> engine_cpu_time();  // call before close() to use gomill-cpu_time

  struct CloseReport {
    std::vector<std::string> late_errors;  // e.g. "error closing player p2:\n..."
    std::optional<double> rusage_cpu_s;
    int exit_status = 0;      // exit code, or -signal if killed by a signal
    bool was_killed = false;  // SIGTERM or SIGKILL was needed
  };
  // quit (bounded by quit_s; skipped if the channel is broken), wait quit_s, SIGTERM group,
  // SIGKILL group, reap. Idempotent (later calls return the first report).
  CloseReport close();
  // Sends quit without waiting (abandoning outstanding results), so that several engines
  // can be told to quit before waiting for any; close() then reads the response.
  void begin_close();

  // Thread-safe: SIGKILLs the engine's process group now (e.g. to stop a game from another
  // thread); the blocked send() then returns an Exited/ClosedPipe error. close() still reaps.
  void kill();

  bool is_broken() const;  // an error other than FailureResponse has happened
  // GtpErrors of any kind (failure responses included) returned by send() and receive().
  int error_count() const;

  // For an engine kept alive between games: later commands go to this transcript (empty:
  // none) under this channel name, and waits poll this abort flag (may be null).
  void rebind(GtpLog log, std::string log_channel, const std::atomic<bool>* abort);
  const std::string& name() const;
  std::string stderr_tail() const;
  int pid() const;

 private:
  struct Impl;
  explicit Controller(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace rm::gtp
