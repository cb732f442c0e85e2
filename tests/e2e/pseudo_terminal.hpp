// A pseudo-terminal for the tests that need a controlling terminal (Ctrl-X): the test holds
// the master side, a child started with ChildProcess(..., terminal.slave_path()) the other.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>

namespace rm::test {

class PseudoTerminal {
 public:
  PseudoTerminal() {
    master_ = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master_ < 0 || ::grantpt(master_) != 0 || ::unlockpt(master_) != 0)
      throw std::runtime_error("cannot open a pseudo-terminal");
    const char* name = ::ptsname(master_);
    if (name == nullptr) throw std::runtime_error("ptsname failed");
    slave_path_ = name;
  }
  ~PseudoTerminal() { ::close(master_); }
  PseudoTerminal(const PseudoTerminal&) = delete;
  PseudoTerminal& operator=(const PseudoTerminal&) = delete;

  const std::string& slave_path() const { return slave_path_; }

  // The terminal's size, as a terminal window sets it (the child sees it with TIOCGWINSZ;
  // a resize while it runs also sends SIGWINCH to its foreground process group).
  void set_size(int rows, int columns) const {
    winsize size{};
    size.ws_row = static_cast<unsigned short>(rows);
    size.ws_col = static_cast<unsigned short>(columns);
    if (::ioctl(master_, TIOCSWINSZ, &size) != 0)
      throw std::runtime_error("cannot set the pseudo-terminal's size");
  }

  // As if typed at the keyboard.
  void type(const std::string& keys) const {
    if (::write(master_, keys.data(), keys.size()) != static_cast<ssize_t>(keys.size()))
      throw std::runtime_error("write to the pseudo-terminal failed");
  }

  // What the child wrote to the terminal (and its echo), read until `limit` passes with
  // nothing more, or the child closes its side.
  std::string read_output(std::chrono::milliseconds limit) const {
    std::string out;
    char buffer[4096];
    for (;;) {
      pollfd pfd{master_, POLLIN, 0};
      if (::poll(&pfd, 1, static_cast<int>(limit.count())) <= 0) break;
      const ssize_t n = ::read(master_, buffer, sizeof buffer);
      if (n <= 0) break;  // EIO once the child side is closed
      out.append(buffer, static_cast<std::size_t>(n));
    }
    return out;
  }

 private:
  int master_ = -1;
  std::string slave_path_;
};

}  // namespace rm::test
