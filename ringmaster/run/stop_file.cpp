#include "ringmaster/run/stop_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>

#include <unistd.h>

#include "ringmaster/run/ringmaster_error.hpp"

namespace rm::run {

void request_stop(const std::string& cmd_path) {
  std::ofstream out(cmd_path, std::ios::trunc);
  out << "stop\n";
  out.close();
  if (!out) throw RingmasterError("can't write " + cmd_path + ": " + std::strerror(errno));
}

bool take_stop_request(const std::string& cmd_path) {
  std::ifstream in(cmd_path);
  if (!in) return false;
  std::stringstream text;
  text << in.rdbuf();
  std::string word;
  text >> word;
  if (word != "stop") return false;
  ::unlink(cmd_path.c_str());
  return true;
}

void remove_stale_commands(const std::string& cmd_path) { ::unlink(cmd_path.c_str()); }

}  // namespace rm::run
