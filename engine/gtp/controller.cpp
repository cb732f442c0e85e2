// rm::gtp::Controller: a GTP session over an rm::process::Process, with gomill's command
// sequence and error wording, plus deadlines (gomill has none) and pipelining. The wire
// exchange is channel.cpp; the start sequence is controller_start.cpp.
#include "engine/gtp/controller.hpp"

#include <cmath>
#include <csignal>
#include <cstdlib>

#include "engine/gtp/controller_impl.hpp"

namespace rm::gtp {

std::string quoted_stderr_tail(const std::string& tail) {
  return "\nstderr tail:\n" + tail;
}

std::string GtpError::without_stderr_tail() const {
  if (stderr_tail.empty()) return message;
  return message.substr(0, message.size() - quoted_stderr_tail(stderr_tail).size());
}

std::string to_string(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::StartFailed:
      return "start failed";
    case ErrorKind::Timeout:
      return "timeout";
    case ErrorKind::Exited:
      return "exited";
    case ErrorKind::ClosedPipe:
      return "closed pipe";
    case ErrorKind::ProtocolError:
      return "protocol error";
    case ErrorKind::FailureResponse:
      return "failure response";
    case ErrorKind::Aborted:
      return "aborted";
  }
  return "unknown";
}

Controller::CloseReport Controller::Impl::do_close() {
  if (close_report) return *close_report;
  CloseReport report;
  rm::process::CloseOptions options;
  options.wait_s = spec.timeouts.quit_s;
  options.term_grace_s = std::min(1.0, spec.timeouts.quit_s);
  if (!channel->broken() && !quit_submitted) {
    channel->abandon();
    submit_with_timeout({{"quit", {}}}, spec.timeouts.quit_s);
    quit_submitted = true;
  }
  bool quit_really_sent = false;
  if (quit_submitted) {
    auto r = channel->receive();
    // A quit that was never really sent (the channel broke while dropping abandoned
    // responses before it) is not the engine's late error.
    quit_really_sent = !channel->last_result_derived();
    if (auto* e = std::get_if<GtpError>(&r); e && quit_really_sent) {
      report.late_errors.push_back(e->message);
    }
  }
  const auto broken = channel->broken();
  if (broken == ErrorKind::Timeout || broken == ErrorKind::ProtocolError) {
    options.wait_s = 0;  // unresponsive or confused: no point waiting politely
  } else if (broken == ErrorKind::Aborted) {
    options.wait_s = 0;
    options.term_grace_s = 0;
  }
  if (auto* process = channel->process()) {
    const auto closed = process->close(options);
    report.rusage_cpu_s = closed.rusage_cpu_s;
    report.exit_status = closed.exit.status_value();
    report.was_killed = closed.was_terminated || closed.was_killed;
    // An engine that answered `quit` and then had to be terminated misbehaved: say so (one
    // already broken, aborted or never asked to quit is killed as expected, silently).
    if (report.was_killed && quit_really_sent && !broken) {
      report.late_errors.push_back(
          "error closing " + player() + ":\nengine did not exit within " +
          detail::format_seconds(options.wait_s) + "s of 'quit'; " +
          (closed.was_killed ? "killed (SIGKILL)" : "terminated (SIGTERM)"));
    }
  }
  channel->mark_closed();
  close_report = report;
  return report;
}

Controller::Controller(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Controller::~Controller() {
  if (impl_) close();
}

std::variant<std::string, GtpError> Controller::send(const std::string& command,
                                                     const std::vector<std::string>& args,
                                                     CommandKind kind) {
  return impl_->counted(impl_->command(command, args, impl_->timeout_for(kind)));
}

void Controller::submit(const std::vector<Command>& commands,
                        const std::vector<std::string>& known_commands) {
  Impl& c = *impl_;
  std::vector<detail::Channel::Request> requests;
  for (const auto& cmd : commands) {
    requests.push_back({cmd.name,
                        cmd.args,
                        cmd.timeout_s ? *cmd.timeout_s : c.timeout_for(cmd.kind),
                        detail::Channel::Purpose::Caller,
                        {},
                        {}});
  }
  for (const auto& name : known_commands) {
    if (auto q = c.known_query(name)) requests.push_back(std::move(*q));
  }
  c.channel->submit(requests);
}

std::variant<std::string, GtpError> Controller::receive() {
  return impl_->counted(impl_->channel->receive());
}

void Controller::abandon_pending() {
  impl_->channel->abandon();
}

void Controller::prefetch_known_command(const std::string& name) {
  if (auto q = impl_->known_query(name)) impl_->channel->submit({std::move(*q)});
}

bool Controller::known_command(const std::string& name) {
  prefetch_known_command(name);
  // The query was just sent or was pending; a query that could not be sent (broken channel)
  // leaves no answer: that counts as not known, as any error does.
  const bool known = impl_->channel->known(name).value_or(false);
  impl_->channel->set_known(name, known);
  return known;
}

const Description& Controller::description() const {
  return impl_->description;
}

std::optional<double> Controller::engine_cpu_time() {
  Impl& c = *impl_;
  if (!c.claims_cpu_time && !c.close_report) {
    c.claims_cpu_time = known_command("gomill-cpu_time");
    if (*c.claims_cpu_time) {
      auto r = send("gomill-cpu_time");
      if (auto* s = std::get_if<std::string>(&r)) {
        char* end = nullptr;
        const double v = std::strtod(s->c_str(), &end);
        // "inf" or "1e400" (strtod: infinity) is no more a time than "lots" is.
        if (!s->empty() && end != nullptr && *end == '\0' && v >= 0 && std::isfinite(v))
          c.gtp_cpu_time = v;
      }
    }
  }
  if (c.claims_cpu_time.value_or(false)) return c.gtp_cpu_time;  // claimed: never rusage
  if (c.close_report) return c.close_report->rusage_cpu_s;
  return std::nullopt;
}

Controller::CloseReport Controller::close() {
  return impl_->do_close();
}

void Controller::begin_close() {
  Impl& c = *impl_;
  if (c.close_report || c.quit_submitted || c.channel->broken()) return;
  c.channel->abandon();
  c.submit_with_timeout({{"quit", {}}}, c.spec.timeouts.quit_s);
  c.quit_submitted = true;
}

void Controller::kill() {
  if (auto* process = impl_->channel->process()) process->signal_group(SIGKILL);
}

int Controller::error_count() const {
  return impl_->error_count;
}

void Controller::rebind(GtpLog log, std::string log_channel, const std::atomic<bool>* abort) {
  impl_->channel->rebind(std::move(log), std::move(log_channel), abort);
}

bool Controller::is_broken() const {
  return impl_->channel->broken().has_value();
}
const std::string& Controller::name() const {
  return impl_->spec.name;
}
std::string Controller::stderr_tail() const {
  auto* process = impl_->channel->process();
  return process ? process->stderr_tail() : std::string();
}
int Controller::pid() const {
  auto* process = impl_->channel->process();
  return process ? process->pid() : -1;
}

}  // namespace rm::gtp
