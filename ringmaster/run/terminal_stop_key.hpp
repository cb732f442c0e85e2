// Ctrl-X typed at the terminal halts a run gracefully, as `ringmaster FILE stop` does
// (gomill's terminal_input). The terminal is switched to non-canonical mode only for the
// instant of each check and put back at once, so a killed ringmaster never leaves it in an
// odd state; Ctrl-C keeps its usual meaning.
#pragma once

namespace rm::run {

class TerminalStopKey {
 public:
  // Opens the controlling terminal, if there is one; without one, available() is false.
  TerminalStopKey();
  ~TerminalStopKey();
  TerminalStopKey(const TerminalStopKey&) = delete;
  TerminalStopKey& operator=(const TerminalStopKey&) = delete;

  bool available() const { return fd_ >= 0; }

  // Reads what was typed since the last check (it is consumed) and says whether it held a
  // Ctrl-X. Only while Ringmaster is the terminal's foreground process group: in the
  // background, or once the terminal is gone, it reads nothing and returns false.
  bool pressed();

  // Writes text straight to the terminal (e.g. an acknowledgement in quiet mode).
  void say(const char* text) const;

 private:
  int fd_ = -1;
};

}  // namespace rm::run
