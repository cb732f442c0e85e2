#include "ringmaster/report/live_display.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <tuple>
#include <utility>

namespace rm::report {
namespace {

// The terminal's rows and columns, or {0, 0} when unknown.
std::pair<int, int> terminal_size(std::FILE* out) {
  winsize size{};
  if (::ioctl(::fileno(out), TIOCGWINSZ, &size) != 0) return {0, 0};
  return {size.ws_row, size.ws_col};
}

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the terminal is gone: nothing more to show
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

LiveDisplay::Mode LiveDisplay::mode_for(std::FILE* out, bool quiet) {
  if (quiet) return Mode::Quiet;
  return ::isatty(::fileno(out)) ? Mode::Terminal : Mode::Delimited;
}

LiveDisplay::LiveDisplay(std::FILE* out, std::FILE* warnings_out, Mode mode,
                         std::chrono::milliseconds min_interval)
    : out_(out), warnings_out_(warnings_out), mode_(mode), min_interval_(min_interval) {}

bool LiveDisplay::update(const DisplayFrame& frame) {
  if (mode_ == Mode::Quiet) return false;
  auto now = std::chrono::steady_clock::now();
  if (drawn_once_ && now - last_draw_ < min_interval_) {
    pending_frame_ = frame;
    pending_ = true;
    return false;
  }
  draw(frame);
  return true;
}

void LiveDisplay::flush() {
  if (pending_) draw(pending_frame_);
}

void LiveDisplay::warn(const std::string& message) {
  if (mode_ == Mode::Quiet) {
    std::fprintf(warnings_out_, "%s\n", message.c_str());
    std::fflush(warnings_out_);
  }
}

void LiveDisplay::say(const std::string& message) {
  if (mode_ == Mode::Quiet) return;
  std::fprintf(out_, "%s\n", message.c_str());
  std::fflush(out_);
}

bool LiveDisplay::terminal_resized() const {
  if (mode_ != Mode::Terminal || !drawn_once_) return false;
  return terminal_size(out_) != std::make_pair(rows_, columns_);
}

void LiveDisplay::draw_on_terminal(const std::string& text) {
  std::tie(rows_, columns_) = terminal_size(out_);
  // Home (the whole screen is cleared only once), each line over the old one with "clear to
  // end of line", then "clear to end of screen": one write, no blank screen in between.
  std::string out = drawn_once_ ? "\x1b[H" : "\x1b[H\x1b[2J";
  for (const auto& line : fit_to_terminal(text, rows_, columns_)) {
    out += line;
    out += "\x1b[K\n";
  }
  out += "\x1b[J";
  std::fflush(out_);
  write_all(::fileno(out_), out);
}

void LiveDisplay::draw(const DisplayFrame& frame) {
  std::string text = render_display(frame);
  if (mode_ == Mode::Terminal) {
    draw_on_terminal(text);
  } else {
    std::fputs((std::string(78, '-') + "\n").c_str(), out_);
    std::fputs(text.c_str(), out_);
    std::fflush(out_);
  }
  last_draw_ = std::chrono::steady_clock::now();
  drawn_once_ = true;
  pending_ = false;
}

}  // namespace rm::report
