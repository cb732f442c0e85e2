#include "ringmaster/run/stop_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <system_error>
#include <variant>

#include "ringmaster/game/atomic_file.hpp"
#include "ringmaster/game/bounded_file.hpp"
#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::run {

void request_stop(const std::string& cmd_path) {
  // Written to a new file and renamed: opening a FIFO left at that path would block.
  const std::string error = rm::game::write_file_atomically(cmd_path, "stop\n");
  if (!error.empty()) throw RingmasterError("can't write " + cmd_path + ": " + error);
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

void remove_stale_commands(const std::string& cmd_path) { ::unlink(cmd_path.c_str()); }

}  // namespace rm::run
