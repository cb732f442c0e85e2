// The live display: redraws the current frame in place on a terminal (ANSI clear + home) or
// as a block after a delimiter line of 78 '-' otherwise, at most every `min_interval`.
// Quiet mode prints nothing on the output; warnings then go to the warning stream.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

#include "ringmaster/report/display_text.hpp"

namespace rm::report {

class LiveDisplay {
 public:
  enum class Mode { Terminal, Delimited, Quiet };

  // Terminal if `out` is a tty, else Delimited; Quiet when `quiet`.
  static Mode mode_for(std::FILE* out, bool quiet);

  LiveDisplay(std::FILE* out, std::FILE* warnings_out, Mode mode,
              std::chrono::milliseconds min_interval = std::chrono::milliseconds(500));

  // Shows `frame` now if the last redraw is at least min_interval old, else remembers it
  // for flush(). Returns true if it drew.
  bool update(const DisplayFrame& frame);
  // Draws the last frame passed to update() if it has not been drawn yet.
  void flush();
  // A warning: in quiet mode printed at once on the warning stream (the frame shows it
  // otherwise).
  void warn(const std::string& message);
  // A plain message line (e.g. "running startup checks on all players"); nothing when quiet.
  void say(const std::string& message);

  Mode mode() const { return mode_; }

 private:
  void draw(const DisplayFrame& frame);

  std::FILE* out_;
  std::FILE* warnings_out_;
  Mode mode_;
  std::chrono::milliseconds min_interval_;
  std::chrono::steady_clock::time_point last_draw_{};
  bool drawn_once_ = false;
  bool pending_ = false;
  DisplayFrame pending_frame_;
};

}  // namespace rm::report
