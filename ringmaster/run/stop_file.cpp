#include "ringmaster/run/stop_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <system_error>
#include <variant>

#include "ringmaster/game/bounded_file.hpp"
#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::run {

void request_stop(const std::string& cmd_path) {
  // Written to a new file and renamed over the path: opening a FIFO left there would block.
  const std::string tmp = cmd_path + ".new-" + std::to_string(::getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) throw RingmasterError("can't write " + cmd_path + ": " + std::strerror(errno));
  const char text[] = "stop\n";
  int error =
      ::write(fd, text, sizeof text - 1) == static_cast<ssize_t>(sizeof text - 1) ? 0 : errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && ::rename(tmp.c_str(), cmd_path.c_str()) != 0) error = errno;
  if (error == 0) return;
  ::unlink(tmp.c_str());
  throw RingmasterError("can't write " + cmd_path + ": " + std::strerror(error));
}

bool take_stop_request(const std::string& cmd_path) {
  // Bounded and non-blocking: a FIFO or a huge file there must not stall the run.
  auto read = rm::game::read_bounded_file(cmd_path, 4096);
  if (!std::holds_alternative<std::string>(read)) return false;
  std::istringstream text(std::get<std::string>(read));
  std::string word;
  text >> word;
  if (word != "stop") return false;
  ::unlink(cmd_path.c_str());
  return true;
}

bool competition_is_running(const std::string& lock_path) {
  int fd = ::open(lock_path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return false;
  // A shared lock can be had only while no run holds its exclusive one; it is dropped at once.
  bool running = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return running;
}

void remove_stale_commands(const std::string& cmd_path) {
  ::unlink(cmd_path.c_str());
}

}  // namespace rm::run
