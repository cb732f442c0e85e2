#include "process_scan.hpp"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

namespace rm::game::test {

namespace {

// Reads a whole stream (istreambuf_iterator trips GCC 12's -Wnull-dereference at -O2).
std::string slurp(std::istream& in) {
  std::string s;
  char buf[4096];
  while (in.read(buf, sizeof buf) || in.gcount() > 0)
    s.append(buf, static_cast<std::size_t>(in.gcount()));
  return s;
}

struct Stat {
  int pid = 0;
  int ppid = 0;
  char state = '?';
  std::string comm;
};

bool read_stat(int pid, Stat& out) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return false;
  auto open = line.find('(');
  auto close = line.rfind(')');
  if (open == std::string::npos || close == std::string::npos) return false;
  out.pid = pid;
  out.comm = line.substr(open + 1, close - open - 1);
  std::istringstream rest(line.substr(close + 2));
  rest >> out.state >> out.ppid;
  return true;
}

std::vector<int> all_pids() {
  std::vector<int> pids;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (!name.empty() && name.find_first_not_of("0123456789") == std::string::npos) {
      pids.push_back(std::stoi(name));
    }
  }
  return pids;
}

}  // namespace

std::vector<std::string> descendant_processes() {
  std::map<int, Stat> stats;
  for (int pid : all_pids()) {
    Stat s;
    if (read_stat(pid, s)) stats[pid] = s;
  }
  const int self = ::getpid();
  std::vector<std::string> found;
  for (const auto& [pid, s] : stats) {
    if (pid == self) continue;
    // Threads of this process are not in /proc's top level, so any hit is a real process.
    int ancestor = s.ppid;
    for (int depth = 0; depth < 64 && ancestor > 1; ++depth) {
      if (ancestor == self) {
        found.push_back(std::to_string(pid) + " " + s.state + " " + s.comm);
        break;
      }
      auto it = stats.find(ancestor);
      if (it == stats.end()) break;
      ancestor = it->second.ppid;
    }
  }
  return found;
}

std::vector<std::string> leftover_processes(double seconds) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::vector<std::string> left = descendant_processes();
  while (!left.empty() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    left = descendant_processes();
  }
  return left;
}

std::vector<std::string> processes_with_game_id(const std::string& game_id) {
  const std::string needle = "GOMILL_GAME_ID=" + game_id;
  std::vector<std::string> found;
  for (int pid : all_pids()) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/environ", std::ios::binary);
    if (!in) continue;
    std::string env = slurp(in);
    std::size_t start = 0;
    while (start < env.size()) {
      auto end = env.find('\0', start);
      if (end == std::string::npos) end = env.size();
      if (env.compare(start, end - start, needle) == 0) {
        Stat s;
        if (read_stat(pid, s)) found.push_back(std::to_string(pid) + " " + s.state + " " + s.comm);
        break;
      }
      start = end + 1;
    }
  }
  return found;
}

}  // namespace rm::game::test
