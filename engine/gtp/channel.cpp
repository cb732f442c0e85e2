// The GTP channel: gomill's Linebased_gtp_channel wording and response rules, plus deadlines
// and pipelining.
#include "engine/gtp/channel.hpp"

#include <algorithm>
#include <cstdio>

#include "engine/gtp/wire.hpp"
#include "engine/process/saturating_duration.hpp"

namespace rm::gtp::detail {

using rm::process::IoStatus;

namespace {

// A flooding engine is a protocol error, not unbounded memory.
constexpr std::size_t max_response_bytes = 1 << 20;
// What a startup banner may take (startup_banner_lines) before the first response, in all.
constexpr std::size_t max_banner_bytes = 1 << 16;
// How much of an engine's line an error message quotes.
constexpr std::size_t kQuotedBytes = 120;

// True if nothing is left of the line once control characters (including CR) are removed:
// such a line ends a response.
bool is_terminator(const std::string& line) {
  for (char c : line) {
    const auto u = static_cast<unsigned char>(c);
    if (!(u <= 0x08 || (u >= 0x0a && u <= 0x1f) || u == 0x7f)) return false;
  }
  return true;
}

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

Channel::Clock::duration seconds(double s) {
  return rm::process::saturating_duration(s);
}

}  // namespace

Channel::Channel(Settings settings, std::unique_ptr<rm::process::Process> process)
    : s_(std::move(settings)), process_(std::move(process)) {}

std::string Channel::actual_name(const std::string& name) const {
  const auto alias = s_.aliases.find(name);
  return alias == s_.aliases.end() ? name : alias->second;
}

GtpError Channel::with_stderr_tail(ErrorKind kind, std::string message) const {
  std::string tail = process_ ? process_->stderr_tail() : std::string();
  while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
  GtpError e{kind, std::move(message)};
  if (!tail.empty()) {
    e.stderr_tail = sanitise_engine_text(tail);
    e.message += quoted_stderr_tail(e.stderr_tail);
  }
  return e;
}

GtpError Channel::unusable(const std::string& desc) const {
  return GtpError{*broken_, "error sending " + desc + " to player " + s_.player +
                                ":\nchannel is unusable after an earlier error"};
}

GtpError Channel::channel_error(GtpError e) {
  broken_ = e.kind;
  return e;
}

// The engine stopped talking: tell an exit (with status) from a closed pipe.
GtpError Channel::closed_error(const std::string& prefix, const std::string& what) {
  // Give an exiting engine up to 1 s to finish dying, so the status can be reported.
  if (auto exit = process_->wait_for_exit(1.0)) {
    process_->settle_stderr(0.2);
    return with_stderr_tail(ErrorKind::Exited, prefix + what + " (" + exit->describe() + ")");
  }
  return with_stderr_tail(ErrorKind::ClosedPipe, prefix + what);
}

void Channel::submit(const std::vector<Request>& requests) {
  for (const auto& r : requests) {
    Entry e;
    const std::string actual = actual_name(r.name);
    e.line = format_command(actual, r.args);
    e.name = actual;
    // gomill names the very first command so: an engine that fails it is usually not
    // speaking GTP at all.
    const bool first = first_command_ && !any_written_ && !any_queued();
    e.desc = first ? "first command (" + e.line + ")" : "'" + e.line + "'";
    e.timeout_s = r.timeout_s;
    e.purpose = r.purpose;
    e.known_name = r.known_name;
    e.timeout_setting = r.timeout_setting;
    bool well_formed = is_well_formed_word(actual);
    for (const auto& a : r.args) well_formed = well_formed && is_well_formed_word(a);
    if (!process_ || closed_) {
      e.result = GtpError{ErrorKind::ClosedPipe, "error sending " + e.desc + " to player " +
                                                     s_.player + ":\nchannel is closed"};
    } else if (broken_) {
      e.result = unusable(e.desc);
      e.derived_error = true;
    } else if (!well_formed) {
      e.result =
          GtpError{ErrorKind::ProtocolError, "invalid command " + e.desc + " for player " +
                                                 s_.player + ": words must be printable non-space"};
    } else {
      e.queued = true;
    }
    entries_.push_back(std::move(e));
  }
  send_queued();
}

bool Channel::any_queued() const {
  return std::any_of(entries_.begin(), entries_.end(), [](const Entry& e) { return e.queued; });
}

void Channel::send_queued() {
  if (!s_.pipelining) {
    // One command at a time: the next goes out once the previous one is answered.
    for (const auto& e : entries_)
      if (e.written && !e.result) return;
  }
  std::string data;
  std::vector<Entry*> sent;
  const auto now = Clock::now();
  for (auto& e : entries_) {
    if (!e.queued) continue;
    if (s_.log) s_.log(">> " + s_.log_channel + ": " + e.line);
    data += e.line;
    data += '\n';
    e.queued = false;
    e.written = true;
    e.submitted = now;
    sent.push_back(&e);
    if (!s_.pipelining) break;
  }
  if (data.empty()) return;
  any_written_ = true;

  const auto written = process_->write_text(data);
  if (written.status == IoStatus::Ok) return;
  // The write failed as a whole: the first command gets the error, the rest were never
  // (usefully) sent.
  Entry& first_written = *sent.front();
  const std::string prefix =
      "error sending " + first_written.desc + " to player " + s_.player + ":\n";
  if (written.status == IoStatus::Eof) {
    first_written.result =
        channel_error(closed_error(prefix, "engine has closed the command channel"));
  } else {
    first_written.result = channel_error(
        with_stderr_tail(ErrorKind::ClosedPipe, "transport " + prefix + written.error));
  }
  fail_waiting_entries();
}

void Channel::fail_waiting_entries() {
  for (auto& e : entries_) {
    if ((e.written || e.queued) && !e.result) {
      e.result = unusable(e.desc);
      e.derived_error = true;
      e.queued = false;
    }
  }
}

void Channel::finish(Entry& e) {
  if (e.purpose != Purpose::KnownCommand) return;
  // Failure responses and errors count as "not known".
  const auto* text = std::get_if<std::string>(&*e.result);
  known_[e.known_name] = text != nullptr && *text == "true";
}

void Channel::read_next() {
  send_queued();  // without pipelining, the oldest command not yet sent goes out now
  for (auto& e : entries_) {
    if (e.written && !e.result) {
      read_response(e);
      finish(e);
      return;
    }
  }
}

std::optional<rm::process::ReadResult> Channel::skip_banner(Clock::time_point deadline,
                                                            std::string& not_gtp) {
  auto log_line = [&](const std::string& line) {
    if (s_.log) s_.log("<< " + s_.log_channel + ": " + line);
  };
  const int allowed = s_.startup_banner_lines;
  const std::string setting = "startup_banner_lines: " + std::to_string(allowed);
  int skipped = 0;
  std::size_t bytes = 0;
  while (true) {
    // Check the first byte before waiting for a whole line: an engine speaking GMP or
    // printing a banner without a newline is reported as such, not as a timeout.
    auto peeked = process_->peek_byte(deadline, s_.abort);
    if (peeked.status != IoStatus::Ok) return peeked;
    const char c = peeked.line[0];
    const auto bad = check_first_byte(c);
    if (c == '\x01') {
      not_gtp = *bad;  // GMP: no line to quote
      return std::nullopt;
    }
    if (allowed == 0) {
      if (!bad) return std::nullopt;
      // Quote the offending line, up to its end if that comes at once.
      auto line =
          process_->read_line(std::min(deadline, Clock::now() + std::chrono::milliseconds(200)),
                              max_banner_bytes, s_.abort);
      std::string text = line.status == IoStatus::Ok || line.status == IoStatus::Eof
                             ? std::move(line.line)
                             : process_->buffered_output(max_banner_bytes);
      text = first_line(text);
      log_line(text);
      not_gtp = *bad + "; its first line is " + quote_engine_line(text, kQuotedBytes) +
                " (a startup banner? the player's startup_banner_lines skips such lines; "
                "ringmaster match: --startup-banner-lines)";
      return std::nullopt;
    }
    if (c == '=' || c == '?') return std::nullopt;  // the response begins
    auto line = process_->read_line(deadline, max_banner_bytes - bytes, s_.abort);
    if (line.status == IoStatus::TooLong) {
      not_gtp =
          "more than " + std::to_string(max_banner_bytes) + " bytes before the first response (" +
          setting + "); the line then is " +
          quote_engine_line(first_line(process_->buffered_output(max_banner_bytes)), kQuotedBytes);
      return std::nullopt;
    }
    if (line.status != IoStatus::Ok) {
      if (!line.line.empty()) log_line(line.line);
      return line;
    }
    bytes += line.line.size() + 1;
    log_line(line.line);
    if (is_blank_line(line.line)) continue;
    if (skipped == allowed) {
      not_gtp = "more than " + std::to_string(allowed) +
                " lines that are not GTP before the first response (" + setting + "); line " +
                std::to_string(allowed + 1) + " is " + quote_engine_line(line.line, kQuotedBytes);
      return std::nullopt;
    }
    ++skipped;
  }
}

void Channel::read_response(Entry& e) {
  double timeout_s = e.timeout_s;
  // A response nobody wants any more must not hold up the end of a game longer than a quit.
  if (e.purpose == Purpose::Discard) timeout_s = std::min(timeout_s, s_.discard_timeout_s);
  const auto deadline = std::max(e.submitted, last_read_end_) + seconds(timeout_s);
  const std::string& desc = e.desc;
  // Message parts are built only when needed: this runs for every response.
  auto from_player = [&] { return " from player " + s_.player; };
  auto protocol = [&] {
    return "GTP protocol error reading response to " + desc + from_player() + ":\n";
  };
  auto wait_failure = [&](const rm::process::ReadResult& r) -> GtpError {
    switch (r.status) {
      case IoStatus::Timeout:
        return channel_error(with_stderr_tail(
            ErrorKind::Timeout,
            "timeout after " + format_seconds(timeout_s) + "s waiting for response to " + desc +
                from_player() +
                (e.timeout_setting.empty() ? std::string() : " (" + e.timeout_setting + ")")));
      case IoStatus::Aborted:
        return channel_error(
            {ErrorKind::Aborted, "aborted while waiting for response to " + desc + from_player()});
      case IoStatus::TooLong:
        return channel_error(with_stderr_tail(ErrorKind::ProtocolError,
                                              protocol() + "response too long (more than " +
                                                  std::to_string(max_response_bytes) + " bytes)"));
      case IoStatus::Eof:
        return channel_error(
            closed_error("error reading response to " + desc + from_player() + ":\n",
                         "engine has closed the response channel"));
      default:
        return channel_error(with_stderr_tail(
            ErrorKind::ClosedPipe,
            "transport error reading response to " + desc + from_player() + ":\n" + r.error));
    }
  };
  auto fail = [&](GtpError err) {
    e.result = std::move(err);
    fail_waiting_entries();
  };

  if (first_response_) {
    std::string not_gtp;
    if (auto failed = skip_banner(deadline, not_gtp)) return fail(wait_failure(*failed));
    if (!not_gtp.empty()) {
      return fail(channel_error(with_stderr_tail(ErrorKind::ProtocolError, protocol() + not_gtp)));
    }
    first_response_ = false;
  }

  std::vector<std::string> lines;
  std::size_t total = 0;
  bool seen_data = false;
  const auto wait_start = Clock::now();
  bool was_slow = slow_commands_.count(e.name) != 0;
  auto spin = was_slow ? Clock::duration::zero() : s_.reply_spin;
  while (true) {
    auto r = process_->read_line(deadline, max_response_bytes - std::min(total, max_response_bytes),
                                 s_.abort, spin);
    if (spin > Clock::duration::zero()) {
      spin = Clock::duration::zero();
      // Spinning pays only for engines that answer this command within the spin; so a
      // slow answer (a genmove that thinks) turns it off until one comes quickly again.
      if (Clock::now() - wait_start > s_.reply_spin) slow_commands_.insert(e.name);
    } else if (was_slow && s_.reply_spin > Clock::duration::zero() &&
               Clock::now() - wait_start <= s_.reply_spin) {
      slow_commands_.erase(e.name);
      was_slow = false;
    }
    if (r.status == IoStatus::Eof && !r.line.empty() && !is_blank_line(r.line)) {
      // A final line without newline ends the response (as gomill's readline does).
      if (s_.log) s_.log("<< " + s_.log_channel + ": " + r.line);
      lines.push_back(r.line);
      break;
    }
    if (r.status != IoStatus::Ok) {
      if (r.status == IoStatus::Eof && seen_data) break;
      return fail(wait_failure(r));
    }
    total += r.line.size() + 1;
    if (!seen_data) {
      if (is_blank_line(r.line)) continue;  // blank lines before a response are ignored
      seen_data = true;
    } else if (is_terminator(r.line)) {
      break;
    }
    if (s_.log) s_.log("<< " + s_.log_channel + ": " + r.line);
    lines.push_back(std::move(r.line));
  }
  last_read_end_ = Clock::now();
  auto parsed = parse_response(lines);
  if (!parsed.response) {
    return fail(
        channel_error(with_stderr_tail(ErrorKind::ProtocolError, protocol() + parsed.error)));
  }
  first_command_ = false;
  if (parsed.response->is_failure) {
    e.result = GtpError{
        ErrorKind::FailureResponse,
        "failure response from " + desc + " to player " + s_.player + ":\n" + parsed.response->text,
        parsed.response->text};
    return;
  }
  e.result = std::move(parsed.response->text);
}

bool Channel::has_caller_pending() const {
  return std::any_of(entries_.begin(), entries_.end(),
                     [](const Entry& e) { return e.purpose == Purpose::Caller; });
}

Reply Channel::receive() {
  while (true) {
    if (entries_.empty()) {
      return GtpError{ErrorKind::ClosedPipe, "no command outstanding for player " + s_.player};
    }
    Entry& front = entries_.front();
    if (!front.result) read_next();
    if (front.purpose != Purpose::Caller) {
      entries_.pop_front();
      continue;
    }
    last_derived_ = front.derived_error;
    Reply r = std::move(*front.result);
    entries_.pop_front();
    return r;
  }
}

void Channel::abandon() {
  for (auto& e : entries_) {
    if (e.purpose != Purpose::Caller) continue;
    e.purpose = Purpose::Discard;
    // Not sent yet (no pipelining): it never will be.
    if (e.queued) {
      e.queued = false;
      e.result = GtpError{ErrorKind::Aborted, "abandoned before sending " + e.desc};
    }
  }
}

void Channel::drain() {
  abandon();
  while (!entries_.empty()) {
    if (!entries_.front().result) read_next();
    entries_.pop_front();
  }
}

bool Channel::known_query_pending(const std::string& name) const {
  return std::any_of(entries_.begin(), entries_.end(), [&](const Entry& e) {
    return e.purpose == Purpose::KnownCommand && e.known_name == name && !e.result;
  });
}

std::optional<bool> Channel::known(const std::string& name) {
  while (known_query_pending(name)) read_next();
  // Answered queries leave the queue once everything before them has been received.
  while (!entries_.empty() && entries_.front().purpose == Purpose::KnownCommand &&
         entries_.front().result)
    entries_.pop_front();
  if (auto it = known_.find(name); it != known_.end()) return it->second;
  return std::nullopt;
}

std::string format_seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  std::string r = buf;
  if (r.find_first_of(".e") == std::string::npos) r += ".0";
  return r;
}

}  // namespace rm::gtp::detail
