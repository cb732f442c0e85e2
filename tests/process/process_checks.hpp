// Test helpers shared by process_tests and gtp_tests: is anything left of a process group,
// and does the test process have zombie children? Real /proc scans, no mocks.
#pragma once

#include <dirent.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace rm::test {

struct ProcStat {
  int pid = 0;
  char state = '?';
  int ppid = 0;
  int pgrp = 0;
};

inline bool read_stat(int pid, ProcStat& out) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(in, text)) return false;
  // The command name is in parentheses and may contain spaces: parse after the last ')'.
  const auto close = text.rfind(')');
  if (close == std::string::npos) return false;
  std::istringstream rest(text.substr(close + 2));
  out.pid = pid;
  rest >> out.state >> out.ppid >> out.pgrp;
  return static_cast<bool>(rest);
}

inline std::vector<ProcStat> all_processes() {
  std::vector<ProcStat> result;
  DIR* dir = ::opendir("/proc");
  if (dir == nullptr) return result;
  while (const dirent* e = ::readdir(dir)) {
    const std::string name = e->d_name;
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    ProcStat st;
    if (read_stat(std::stoi(name), st)) result.push_back(st);
  }
  ::closedir(dir);
  return result;
}

// Live (non-zombie) members of a process group.
inline std::vector<ProcStat> live_group_members(int pgid) {
  std::vector<ProcStat> members;
  for (const auto& p : all_processes())
    if (p.pgrp == pgid && p.state != 'Z' && p.state != 'X') members.push_back(p);
  return members;
}

// Children of this test process that are zombies (exited but never reaped).
inline std::vector<ProcStat> zombie_children() {
  std::vector<ProcStat> zombies;
  const int self = static_cast<int>(::getpid());
  for (const auto& p : all_processes())
    if (p.ppid == self && p.state == 'Z') zombies.push_back(p);
  return zombies;
}

// kill(-pgid, 0) fails with ESRCH once nothing is left of the group. Orphaned members that
// were killed are reaped by init asynchronously, so allow a bounded settling time; this is a
// condition wait, not a timing assertion.
inline bool group_gone(int pgid,
                       std::chrono::milliseconds settle = std::chrono::milliseconds(10000)) {
  const auto deadline = std::chrono::steady_clock::now() + settle;
  while (true) {
    if (::kill(-pgid, 0) == -1 && errno == ESRCH) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

// True once the pid no longer runs (gone, or a zombie awaiting its reaper).
inline bool process_dead(int pid,
                         std::chrono::milliseconds settle = std::chrono::milliseconds(10000)) {
  const auto deadline = std::chrono::steady_clock::now() + settle;
  while (true) {
    ProcStat st;
    if (!read_stat(pid, st) || st.state == 'Z' || st.state == 'X') return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

inline std::string engine_path() {
  return std::string(RM_BIN_DIR) + "/scripted_engine";
}

}  // namespace rm::test
