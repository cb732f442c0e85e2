#include "ringmaster/report/live_display.hpp"

#include <unistd.h>

namespace rm::report {

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

void LiveDisplay::draw(const DisplayFrame& frame) {
  std::string text = render_display(frame);
  if (mode_ == Mode::Terminal)
    std::fputs("\x1b[H\x1b[2J", out_);  // home + clear: redraw in place
  else
    std::fputs((std::string(78, '-') + "\n").c_str(), out_);
  std::fputs(text.c_str(), out_);
  std::fflush(out_);
  last_draw_ = std::chrono::steady_clock::now();
  drawn_once_ = true;
  pending_ = false;
}

}  // namespace rm::report
