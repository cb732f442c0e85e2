// The live display: redraws the current frame in place on a terminal or as a block after a
// delimiter line of 78 '-' otherwise, at most every `min_interval`. On a terminal each frame
// is fitted to the terminal's size (asked with TIOCGWINSZ for every frame; see
// fit_to_terminal()) and written at once: cursor home, each line followed by "clear to end
// of line", then "clear to end of screen" (the whole screen is cleared only before the first
// frame), so a redraw does not flicker. Quiet mode prints nothing on the output; warnings
// then go to the warning stream.
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

  // On a terminal: true when its size differs from the size the last frame was fitted to
  // (the run loop then redraws the frame).
  bool terminal_resized() const;

 private:
  void draw(const DisplayFrame& frame);
  void draw_on_terminal(const std::string& text);

  std::FILE* out_;
  std::FILE* warnings_out_;
  Mode mode_;
  std::chrono::milliseconds min_interval_;
  std::chrono::steady_clock::time_point last_draw_{};
  bool drawn_once_ = false;
  bool pending_ = false;
  DisplayFrame pending_frame_;
  int rows_ = 0, columns_ = 0;  // the terminal size the last frame was fitted to
};

}  // namespace rm::report
