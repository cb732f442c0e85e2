// rm::gtp::Controller: a GTP session over an rm::process::Process, with gomill's command
// sequence and error wording, plus deadlines (gomill has none).
#include "engine/gtp/controller.hpp"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "engine/gtp/wire.hpp"

namespace rm::gtp {

using rm::process::IoStatus;
using Clock = rm::process::Process::Clock;

std::string to_string(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::StartFailed: return "start failed";
    case ErrorKind::Timeout: return "timeout";
    case ErrorKind::Exited: return "exited";
    case ErrorKind::ClosedPipe: return "closed pipe";
    case ErrorKind::ProtocolError: return "protocol error";
    case ErrorKind::FailureResponse: return "failure response";
    case ErrorKind::Aborted: return "aborted";
  }
  return "unknown";
}

namespace {

// A flooding engine is a protocol error, not unbounded memory.
constexpr std::size_t max_response_bytes = 1 << 20;

// "2.0", "0.5", "600.0": seconds as in the messages' examples.
std::string format_seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  std::string r = buf;
  if (r.find_first_of(".e") == std::string::npos) r += ".0";
  return r;
}

std::optional<std::string> non_empty(std::string s) {
  if (s.empty()) return std::nullopt;
  return sanitise_utf8(s);
}

// True if nothing is left of the line once control characters (including CR) are removed:
// such a line ends a response.
bool is_terminator(const std::string& line) {
  for (char c : line) {
    const auto u = static_cast<unsigned char>(c);
    if (!(u <= 0x08 || (u >= 0x0a && u <= 0x1f) || u == 0x7f)) return false;
  }
  return true;
}

}  // namespace

struct Controller::Impl {
  EngineSpec spec;
  GtpLog log;
  std::string channel;
  const std::atomic<bool>* abort = nullptr;
  std::unique_ptr<rm::process::Process> process;
  bool first_command = true;
  bool first_response = true;
  std::optional<ErrorKind> broken;
  std::map<std::string, bool> known;
  Description description;
  std::optional<bool> claims_cpu_time;
  std::optional<double> gtp_cpu_time;
  std::optional<CloseReport> close_report;

  std::string player() const { return "player " + spec.name; }

  void log_line(const std::string& direction, const std::string& text) {
    if (log) log(direction + " " + channel + ": " + text);
  }

  std::string with_stderr_tail(std::string message) const {
    std::string tail = process ? process->stderr_tail() : std::string();
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
    if (!tail.empty()) message += "\nstderr tail:\n" + sanitise_utf8(tail);
    return message;
  }

  // The engine stopped talking: tell an exit (with status) from a closed pipe.
  GtpError closed_error(const std::string& prefix, const std::string& what) {
    std::optional<rm::process::ExitInfo> exit;
    // Give an exiting engine up to 1 s to finish dying, so the status can be reported.
    for (int i = 0; i < 200 && !exit; ++i) {
      exit = process->exit_status_if_exited();
      if (!exit) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (exit) {
      process->settle_stderr(0.2);
      return {ErrorKind::Exited, with_stderr_tail(prefix + what + " (" + exit->describe() + ")")};
    }
    return {ErrorKind::ClosedPipe, with_stderr_tail(prefix + what)};
  }

  GtpError channel_error(GtpError e) {
    broken = e.kind;
    return e;
  }

  std::variant<std::string, GtpError> do_command(const std::string& command,
                                                 const std::vector<std::string>& args,
                                                 double timeout_s) {
    const auto alias = spec.gtp_aliases.find(command);
    const std::string& actual = alias == spec.gtp_aliases.end() ? command : alias->second;
    const std::string line = format_command(actual, args);
    const std::string desc = first_command ? "first command (" + line + ")" : "'" + line + "'";
    if (!process || close_report) {
      return GtpError{ErrorKind::ClosedPipe,
                      "error sending " + desc + " to " + player() + ":\nchannel is closed"};
    }
    if (broken) {
      return GtpError{*broken, "error sending " + desc + " to " + player() +
                                   ":\nchannel is unusable after an earlier error"};
    }
    bool well_formed = is_well_formed_word(actual);
    for (const auto& a : args) well_formed = well_formed && is_well_formed_word(a);
    if (!well_formed) {
      return GtpError{ErrorKind::ProtocolError,
                      "invalid command " + desc + " for " + player() + ": words must be printable non-space"};
    }

    log_line(">>", line);
    const auto written = process->write_line(line);
    if (written.status == IoStatus::Eof) {
      return channel_error(closed_error("error sending " + desc + " to " + player() + ":\n",
                                        "engine has closed the command channel"));
    }
    if (written.status != IoStatus::Ok) {
      return channel_error({ErrorKind::ClosedPipe,
                            with_stderr_tail("transport error sending " + desc + " to " + player() +
                                             ":\n" + written.error)});
    }

    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(timeout_s));
    const std::string reading = "error reading response to " + desc + " from " + player() + ":\n";
    const std::string protocol = "GTP protocol error reading response to " + desc + " from " + player() + ":\n";
    auto wait_failure = [&](const rm::process::ReadResult& r) -> GtpError {
      switch (r.status) {
        case IoStatus::Timeout:
          return channel_error({ErrorKind::Timeout,
                                with_stderr_tail("timeout after " + format_seconds(timeout_s) +
                                                 "s waiting for response to " + desc + " from " + player())});
        case IoStatus::Aborted:
          return channel_error({ErrorKind::Aborted, "aborted while waiting for response to " + desc +
                                                        " from " + player()});
        case IoStatus::TooLong:
          return channel_error({ErrorKind::ProtocolError,
                                with_stderr_tail(protocol + "response too long (more than " +
                                                 std::to_string(max_response_bytes) + " bytes)")});
        case IoStatus::Eof:
          return channel_error(closed_error(reading, "engine has closed the response channel"));
        default:
          return channel_error({ErrorKind::ClosedPipe,
                                with_stderr_tail("transport error reading response to " + desc + " from " +
                                                 player() + ":\n" + r.error)});
      }
    };

    if (first_response) {
      // Check the first byte before waiting for a whole line: an engine speaking GMP or
      // printing a banner without a newline is reported as such, not as a timeout.
      const auto peeked = process->peek_byte(deadline, abort);
      if (peeked.status != IoStatus::Ok) return wait_failure(peeked);
      if (auto bad = check_first_byte(peeked.line[0])) {
        return channel_error({ErrorKind::ProtocolError, with_stderr_tail(protocol + *bad)});
      }
      first_response = false;
    }

    std::vector<std::string> lines;
    std::size_t total = 0;
    bool seen_data = false;
    while (true) {
      auto r = process->read_line(deadline, max_response_bytes - std::min(total, max_response_bytes), abort);
      if (r.status == IoStatus::Eof && !r.line.empty() && !is_blank_line(r.line)) {
        // A final line without newline ends the response (as gomill's readline does).
        log_line("<<", r.line);
        lines.push_back(r.line);
        break;
      }
      if (r.status != IoStatus::Ok) {
        if (r.status == IoStatus::Eof && seen_data) break;
        return wait_failure(r);
      }
      total += r.line.size() + 1;
      if (!seen_data) {
        if (is_blank_line(r.line)) continue;  // blank lines before a response are ignored
        seen_data = true;
      } else if (is_terminator(r.line)) {
        break;
      }
      log_line("<<", r.line);
      lines.push_back(std::move(r.line));
    }
    auto parsed = parse_response(lines);
    if (!parsed.response) return channel_error({ErrorKind::ProtocolError, with_stderr_tail(protocol + parsed.error)});
    first_command = false;
    if (parsed.response->is_failure) {
      return GtpError{ErrorKind::FailureResponse,
                      "failure response from " + desc + " to " + player() + ":\n" + parsed.response->text};
    }
    return parsed.response->text;
  }

  double timeout_for(CommandKind kind) const {
    return kind == CommandKind::Genmove ? spec.timeouts.genmove_s : spec.timeouts.other_s;
  }

  CloseReport do_close() {
    if (close_report) return *close_report;
    CloseReport report;
    if (process) {
      rm::process::CloseOptions options;
      options.wait_s = spec.timeouts.quit_s;
      options.term_grace_s = std::min(1.0, spec.timeouts.quit_s);
      if (!broken) {
        auto r = do_command("quit", {}, spec.timeouts.quit_s);
        if (auto* e = std::get_if<GtpError>(&r)) report.late_errors.push_back(e->message);
      }
      if (broken == ErrorKind::Timeout || broken == ErrorKind::ProtocolError) {
        options.wait_s = 0;  // unresponsive or confused: no point waiting politely
      } else if (broken == ErrorKind::Aborted) {
        options.wait_s = 0;
        options.term_grace_s = 0;
      }
      const auto closed = process->close(options);
      report.rusage_cpu_s = closed.rusage_cpu_s;
      report.exit_status = closed.exit.status_value();
      report.was_killed = closed.was_terminated || closed.was_killed;
    }
    close_report = report;
    return report;
  }
};

Controller::Controller(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Controller::~Controller() {
  if (impl_) close();
}

std::variant<std::unique_ptr<Controller>, GtpError> Controller::start(
    const EngineSpec& spec, GtpLog log, std::string log_channel, const std::atomic<bool>* abort) {
  auto impl = std::make_unique<Impl>();
  impl->spec = spec;
  impl->log = std::move(log);
  impl->channel = log_channel.empty() ? spec.name : std::move(log_channel);
  impl->abort = abort;
  auto spawned = rm::process::Process::spawn(spec.process);
  if (auto* e = std::get_if<rm::process::SpawnError>(&spawned)) {
    return GtpError{ErrorKind::StartFailed,
                    "error starting subprocess for player " + spec.name + ":\n" + e->message};
  }
  impl->process = std::move(std::get<std::unique_ptr<rm::process::Process>>(spawned));
  std::unique_ptr<Controller> controller(new Controller(std::move(impl)));
  Impl& c = *controller->impl_;
  const double t = spec.timeouts.startup_s;
  auto fail = [&](GtpError e) -> std::variant<std::unique_ptr<Controller>, GtpError> {
    controller->close();
    return e;
  };

  auto pv = c.do_command("protocol_version", {}, t);
  if (auto* e = std::get_if<GtpError>(&pv)) {
    if (e->kind != ErrorKind::FailureResponse) return fail(*e);  // failure response: accepted
  } else {
    const std::string& v = std::get<std::string>(pv);
    char* end = nullptr;
    const double number = std::strtod(v.c_str(), &end);
    if (v.empty() || end == nullptr || *end != '\0' || number != 2.0) {
      return fail({ErrorKind::ProtocolError, c.player() + " reports GTP protocol version " + v});
    }
  }
  auto text_or_none = [&](const std::string& command, std::optional<std::string>& out) -> std::optional<GtpError> {
    auto r = c.do_command(command, {}, t);
    if (auto* e = std::get_if<GtpError>(&r)) {
      if (e->kind == ErrorKind::FailureResponse) return std::nullopt;
      return *e;
    }
    out = non_empty(std::get<std::string>(r));
    return std::nullopt;
  };
  if (auto e = text_or_none("name", c.description.name)) return fail(*e);
  if (auto e = text_or_none("version", c.description.version)) return fail(*e);
  {
    auto r = c.do_command("known_command", {"gomill-describe_engine"}, t);
    if (auto* e = std::get_if<GtpError>(&r); e && e->kind != ErrorKind::FailureResponse) return fail(*e);
    const bool known = std::holds_alternative<std::string>(r) && std::get<std::string>(r) == "true";
    c.known["gomill-describe_engine"] = known;
    if (known) {
      if (auto e = text_or_none("gomill-describe_engine", c.description.describe_engine)) return fail(*e);
    }
  }
  for (const auto& words : spec.startup_gtp_commands) {
    if (words.empty()) continue;
    auto r = c.do_command(words[0], {words.begin() + 1, words.end()}, t);
    if (auto* e = std::get_if<GtpError>(&r)) return fail(*e);
  }
  return controller;
}

std::variant<std::string, GtpError> Controller::send(const std::string& command,
                                                     const std::vector<std::string>& args,
                                                     CommandKind kind) {
  return impl_->do_command(command, args, impl_->timeout_for(kind));
}

bool Controller::known_command(const std::string& name) {
  Impl& c = *impl_;
  if (auto it = c.known.find(name); it != c.known.end()) return it->second;
  // Ask about the name the engine will actually receive (after aliasing).
  const auto alias = c.spec.gtp_aliases.find(name);
  const std::string& actual = alias == c.spec.gtp_aliases.end() ? name : alias->second;
  auto r = c.do_command("known_command", {actual}, c.spec.timeouts.other_s);
  const bool known = std::holds_alternative<std::string>(r) && std::get<std::string>(r) == "true";
  c.known[name] = known;
  return known;
}

const Description& Controller::description() const { return impl_->description; }

std::optional<double> Controller::engine_cpu_time() {
  Impl& c = *impl_;
  if (!c.claims_cpu_time && !c.close_report) {
    c.claims_cpu_time = known_command("gomill-cpu_time");
    if (*c.claims_cpu_time) {
      auto r = send("gomill-cpu_time");
      if (auto* s = std::get_if<std::string>(&r)) {
        char* end = nullptr;
        const double v = std::strtod(s->c_str(), &end);
        if (!s->empty() && end != nullptr && *end == '\0' && v >= 0) c.gtp_cpu_time = v;
      }
    }
  }
  if (c.claims_cpu_time.value_or(false)) return c.gtp_cpu_time;  // claimed: never rusage
  if (c.close_report) return c.close_report->rusage_cpu_s;
  return std::nullopt;
}

Controller::CloseReport Controller::close() { return impl_->do_close(); }

void Controller::kill() {
  if (impl_->process) impl_->process->signal_group(SIGKILL);
}

bool Controller::is_broken() const { return impl_->broken.has_value(); }
const std::string& Controller::name() const { return impl_->spec.name; }
std::string Controller::stderr_tail() const {
  return impl_->process ? impl_->process->stderr_tail() : std::string();
}
int Controller::pid() const { return impl_->process ? impl_->process->pid() : -1; }

}  // namespace rm::gtp
