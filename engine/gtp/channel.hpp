// Internal: the GTP command/response channel of one engine process, with pipelining. GTP v2
// lets a controller send several commands before reading their responses, which come back
// in order; the channel keeps the queue of commands whose responses are still expected.
// Error values and messages are those of rm::gtp::Controller (see controller.hpp).
#pragma once

#include <atomic>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "engine/gtp/controller.hpp"
#include "engine/process/process.hpp"

namespace rm::gtp::detail {

// "2.0", "0.5", "600.0": seconds as in the messages' examples.
std::string format_seconds(double s);

using Reply = std::variant<std::string, GtpError>;

class Channel {
 public:
  using Clock = rm::process::Process::Clock;

  // What happens to a response once it is read.
  enum class Purpose {
    Caller,        // returned by receive()
    KnownCommand,  // a known_command query: the answer goes to the known_command cache
    Discard,       // nobody wants it any more (abandon()): read and dropped
  };
  struct Request {
    std::string name;  // before aliasing
    std::vector<std::string> args;
    double timeout_s = 0;
    Purpose purpose = Purpose::Caller;
    std::string known_name;  // KnownCommand: the cache key (the name before aliasing)
    // Added in brackets to a timeout's message, naming the setting that gives timeout_s so
    // that the user knows what to raise; empty: nothing added.
    std::string timeout_setting;
  };

  struct Settings {
    std::string player;  // the player code, for messages
    std::map<std::string, std::string> aliases;
    GtpLog log;
    std::string log_channel;
    const std::atomic<bool>* abort = nullptr;
    double discard_timeout_s = 5;  // bound on reading a discarded response
    // false: each command is written only once the previous response has been read (for
    // engines that cannot take several commands at once); submit() queues the rest.
    bool pipelining = true;
    // How many lines that are not GTP responses may come before the first response and are
    // then skipped (logged), a startup banner (EngineSpec::startup_banner_lines). 0: the
    // first byte must start a GTP response.
    int startup_banner_lines = 0;
    // How long to wait actively for a response before sleeping until it comes (see
    // Process::read_line), for commands this engine answered within that time last time.
    // Zero: never.
    Clock::duration reply_spin = std::chrono::microseconds(20);
  };

  Channel(Settings settings, std::unique_ptr<rm::process::Process> process);

  // Sends the requests in one write (without pipelining: the first now if nothing is awaiting
  // its response, each of the others once the response before it has been read). Each
  // response gets its own deadline (timeout_s), counted from when the previous response was
  // read, or from the write if that is later: never less time than sending the commands one
  // by one would give. A request that cannot be sent (closed or broken channel, ill-formed
  // word) is not written and gets its error as its result.
  void submit(const std::vector<Request>& requests);

  // The result of the oldest Caller request still outstanding (reading, and handling,
  // the KnownCommand and Discard responses before it). Precondition: one is outstanding.
  Reply receive();
  bool has_caller_pending() const;

  // Every Caller request still outstanding becomes Discard: its response will be read and
  // dropped before any later response (bounded by discard_timeout_s).
  void abandon();

  // Cached known_command answer for `name` (the cache key given with the query), reading a
  // pending KnownCommand query for it if there is one; nullopt if never answered.
  std::optional<bool> known(const std::string& name);
  bool known_query_pending(const std::string& name) const;
  // The cached answer only, reading nothing.
  std::optional<bool> cached_known(const std::string& name) const {
    const auto it = known_.find(name);
    return it == known_.end() ? std::nullopt : std::optional<bool>(it->second);
  }
  void set_known(const std::string& name, bool value) { known_[name] = value; }

  // Reads (and drops) everything still outstanding, e.g. before quit. Errors only break
  // the channel, they are not reported.
  void drain();

  // Later submits fail at once with "channel is closed" (the controller has closed).
  void mark_closed() { closed_ = true; }
  // True if the last result receive() returned is "channel is unusable after an earlier
  // error", i.e. the command was never really answered because the channel broke before.
  bool last_result_derived() const { return last_derived_; }

  std::optional<ErrorKind> broken() const { return broken_; }
  rm::process::Process* process() { return process_.get(); }
  // A kept-alive engine serves several games: each has its own transcript and abort flag.
  void rebind(GtpLog log, std::string log_channel, const std::atomic<bool>* abort) {
    s_.log = std::move(log);
    s_.log_channel = std::move(log_channel);
    s_.abort = abort;
  }
  // The error with the engine's stderr tail quoted at the end of its message.
  GtpError with_stderr_tail(ErrorKind kind, std::string message) const;

 private:
  struct Entry {
    std::string name;  // the command name as written (aliases applied)
    std::string line;  // the command as written, aliases applied
    std::string desc;  // "'genmove b'" or "first command (protocol_version)"
    std::string known_name;
    std::string timeout_setting;
    double timeout_s = 0;
    Clock::time_point submitted;
    Purpose purpose = Purpose::Caller;
    bool queued = false;  // to be written (well-formed, channel usable when submitted)
    bool written = false;
    bool derived_error = false;  // result is "unusable after an earlier error"
    std::optional<Reply> result;
  };

  std::string actual_name(const std::string& name) const;
  GtpError unusable(const std::string& desc) const;
  GtpError channel_error(GtpError e);
  GtpError closed_error(const std::string& prefix, const std::string& what);
  // Writes the queued entries: all of them in one write, or without pipelining the oldest
  // one if no written entry is still waiting for its response.
  void send_queued();
  bool any_queued() const;
  // Sends what is queued and due, then reads the response of the first written entry
  // without a result.
  void read_next();
  void read_response(Entry& e);
  // Before the first response: checks its first byte, skipping up to startup_banner_lines
  // lines of a banner. The protocol error's reason if the engine is not speaking GTP.
  std::optional<rm::process::ReadResult> skip_banner(Clock::time_point deadline,
                                                     std::string& not_gtp);
  // After the channel broke: every written entry still waiting gets a derived error.
  void fail_waiting_entries();
  void finish(Entry& e);  // KnownCommand bookkeeping once e has its result

  Settings s_;
  std::unique_ptr<rm::process::Process> process_;
  std::deque<Entry> entries_;
  Clock::time_point last_read_end_{};
  // Commands whose last response took longer than reply_spin: not worth spinning for.
  std::set<std::string> slow_commands_;
  bool first_command_ = true;
  bool first_response_ = true;
  bool any_written_ = false;
  bool closed_ = false;
  bool last_derived_ = false;
  std::optional<ErrorKind> broken_;
  std::map<std::string, bool> known_;
};

}  // namespace rm::gtp::detail
