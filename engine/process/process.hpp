// One live child process (a GTP engine): spawn without a shell in its own process group,
// line I/O over pipes with deadlines, a continuously drained stderr with an in-memory tail,
// and a bounded close (wait, SIGTERM to the group, SIGKILL to the group, reap with rusage).
// Engine misbehaviour is reported as status values; nothing here throws for it.
#pragma once

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace rm::process {

// POSIX-shell-like word splitting: whitespace separates words; '...' quotes literally;
// "..." quotes with backslash escaping only \" \\ \$ \` and backslash-newline; an unquoted
// backslash quotes the next character. No expansion of any kind.
// Throws std::invalid_argument("unbalanced quotes in command line: ...") for an unclosed
// quote or a trailing backslash.
std::vector<std::string> split_command_line(std::string_view s);

enum class StderrMode { Discard, AppendToFile, PassThrough };

struct ProcessSpec {
  // argv[0]: a path (contains '/'), or a bare name looked up on PATH, then beside the
  // running executable (dirname of /proc/self/exe), then /usr/games.
  std::vector<std::string> argv;
  std::string cwd;                             // empty = inherit
  std::map<std::string, std::string> environ;  // added to / overriding the inherited environment
  StderrMode stderr_mode = StderrMode::Discard;
  std::string stderr_path;  // for AppendToFile
  // AppendToFile / PassThrough: at most this many bytes of stderr reach the sink (0: no
  // limit); the rest is still drained (and kept in the tail) but dropped, and when the
  // stream ends a line says how much was dropped, naming the engine by stderr_name.
  std::size_t stderr_sink_limit = 0;
  std::string stderr_name;
  // Sent to the child when the thread that spawned it ends (PR_SET_PDEATHSIG). SIGKILL for
  // engines; SIGTERM for a launcher such as srun, which must live long enough to cancel its
  // job step.
  int death_signal = SIGKILL;
};

// The executable that spawn() would run for argv0, or nullopt if none is found.
std::optional<std::string> resolve_executable(const std::string& argv0);

enum class IoStatus {
  Ok,
  Timeout,  // the deadline passed first
  Eof,      // the child closed its stdout (read) or its stdin (write: EPIPE)
  TooLong,  // the line exceeded max_bytes
  Aborted,  // the abort flag became true
  Failed,   // any other OS error (message in `error`)
};

struct ReadResult {
  IoStatus status = IoStatus::Ok;
  std::string line;   // without the '\n'; for Eof, any unterminated final bytes
  std::string error;  // for Failed
};

struct WriteResult {
  IoStatus status = IoStatus::Ok;  // Ok, Eof (EPIPE) or Failed
  std::string error;
};

struct ExitInfo {
  bool exited_normally = false;  // true: exit_code is valid; false: term_signal is valid
  int exit_code = 0;
  int term_signal = 0;
  // "exit status 3" / "killed by signal 9"
  std::string describe() const;
  // exit code, or -signal when killed by a signal
  int status_value() const { return exited_normally ? exit_code : -term_signal; }
};

struct CloseOptions {
  double wait_s = 5.0;        // after closing stdin, how long to wait for the child to exit
  double term_grace_s = 1.0;  // after SIGTERM to the group, how long before SIGKILL
};

struct CloseResult {
  ExitInfo exit;
  std::optional<double> rusage_cpu_s;  // ru_utime + ru_stime of the reaped child
  bool was_terminated = false;         // we had to send SIGTERM
  bool was_killed = false;             // we had to send SIGKILL to a still-running leader
};

struct SpawnError {
  std::string
      message;  // e.g. "cannot find executable 'foo' (looked on PATH, beside ..., /usr/games)"
};

// Whether reads may spin at all (see Process::read_line), for the whole program. A spin pays
// only while a CPU is free to run it; when as many games run at once as there are CPUs, it
// takes time from the engines. Set before engines are spawned (a process keeps the setting it
// was spawned with); allowed by default.
void set_read_spin_allowed(bool allowed);
bool read_spin_allowed();

class Process {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts the child. The child gets its own process group, PR_SET_PDEATHSIG (death_signal),
  // default signal dispositions, an empty signal mask and no inherited fds but 0/1/2.
  static std::variant<std::unique_ptr<Process>, SpawnError> spawn(const ProcessSpec& spec);

  ~Process();  // close({0, 0}) if not closed yet: the group is killed and reaped
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  int pid() const;  // also the process group id

  // Writes line + '\n' in full. A dead reader gives Eof (EPIPE), never SIGPIPE.
  WriteResult write_line(std::string_view line);
  // Writes data (e.g. several command lines at once) in full, in one write() when the pipe
  // has room. Same status rules as write_line.
  WriteResult write_text(std::string_view data);

  // Reads one line ('\n' removed) before `deadline`. At most max_bytes are accepted for the
  // line; more gives TooLong (the excess stays unread). `abort` (may be null) is polled
  // at least every 50 ms. `spin`: if nothing is buffered, how long to keep asking the pipe
  // before sleeping until data comes (cheaper than being woken, for answers expected within
  // microseconds); ignored when the process was spawned from a thread pinned to one CPU, or
  // while set_read_spin_allowed(false).
  ReadResult read_line(Clock::time_point deadline, std::size_t max_bytes,
                       const std::atomic<bool>* abort = nullptr,
                       Clock::duration spin = Clock::duration::zero());

  // Waits (before `deadline`) until at least one byte is available or EOF, without
  // consuming anything. Ok: `line` holds the first buffered byte. Lets the GTP layer check
  // the first byte of an engine that never sends a newline (e.g. one speaking GMP).
  ReadResult peek_byte(Clock::time_point deadline, const std::atomic<bool>* abort = nullptr);
  // The first max_bytes of what has been read from stdout and not yet consumed (e.g. the
  // start of a line longer than read_line accepted), for error messages.
  std::string buffered_output(std::size_t max_bytes) const;

  // Has the child (the group leader) exited? Does not reap it.
  std::optional<ExitInfo> exit_status_if_exited();
  // Waits up to max_s (or until `abort` becomes true) for the leader to exit, without
  // reaping it; its status, or nullopt if it still runs.
  std::optional<ExitInfo> wait_for_exit(double max_s, const std::atomic<bool>* abort = nullptr);

  // Last ~2 KiB of the child's stderr (whatever the StderrMode). Thread-safe.
  std::string stderr_tail() const;
  // Waits up to max_s for the stderr pipe to reach EOF (used once the engine is known to
  // have exited, so that its last words are in the tail).
  void settle_stderr(double max_s);

  // Sends sig to the whole process group (no-op after close). Thread-safe: another thread
  // may call it to interrupt a blocked read (the read then sees Eof).
  void signal_group(int sig);

  // Closes stdin, waits up to wait_s for the leader to exit, else SIGTERM to the group and
  // waits term_grace_s, else SIGKILL to the group. Then SIGKILLs whatever is left in the
  // group (the engine's own children) and reaps the leader with wait4. Idempotent: later
  // calls return the first result.
  CloseResult close(const CloseOptions& options);
  bool is_closed() const;

 private:
  struct Impl;
  explicit Process(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace rm::process
