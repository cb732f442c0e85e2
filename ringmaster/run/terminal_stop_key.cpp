#include "ringmaster/run/terminal_stop_key.hpp"

#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <cstring>

namespace rm::run {
namespace {

constexpr char kCtrlX = 0x18;

}  // namespace

TerminalStopKey::TerminalStopKey() {
  fd_ = ::open("/dev/tty", O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) return;
  termios attributes{};
  if (::tcgetattr(fd_, &attributes) != 0) {  // not a terminal after all
    ::close(fd_);
    fd_ = -1;
  }
}

TerminalStopKey::~TerminalStopKey() {
  if (fd_ >= 0) ::close(fd_);
}

bool TerminalStopKey::pressed() {
  if (fd_ < 0) return false;
  // A background ringmaster must not touch the terminal (reading would stop it with SIGTTIN
  // or take another program's input).
  if (::tcgetpgrp(fd_) != ::getpgrp()) return false;
  termios saved{};
  if (::tcgetattr(fd_, &saved) != 0) return false;
  termios raw = saved;
  // Non-canonical, so that a Ctrl-X without a newline can be read; no echo of what is read.
  // ISIG stays on: Ctrl-C still interrupts.
  raw.c_lflag &= static_cast<tcflag_t>(~(ICANON | ECHO));
  raw.c_cc[VMIN] = 0;
  raw.c_cc[VTIME] = 0;
  if (::tcsetattr(fd_, TCSANOW, &raw) != 0) return false;
  bool seen = false;
  char buffer[256];
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n <= 0) break;
    if (std::memchr(buffer, kCtrlX, static_cast<std::size_t>(n)) != nullptr) seen = true;
  }
  ::tcsetattr(fd_, TCSANOW, &saved);
  return seen;
}

void TerminalStopKey::say(const char* text) const {
  if (fd_ < 0) return;
  const ssize_t ignored = ::write(fd_, text, std::strlen(text));
  (void)ignored;
}

}  // namespace rm::run
