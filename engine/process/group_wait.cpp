#include "engine/process/group_wait.hpp"

#include <dirent.h>
#include <signal.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "engine/process/saturating_duration.hpp"

namespace rm::process {
namespace {

// Is there a member of `pgid` that is not a zombie? Reads /proc/<pid>/stat: "pid (comm) S
// ppid pgrp ...", where comm may contain spaces and parentheses (hence the last ')').
bool group_has_running_member(pid_t pgid) {
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return false;
  bool running = false;
  while (const dirent* entry = ::readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (pid <= 0 || *end != '\0') continue;
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    std::FILE* f = std::fopen(path, "re");
    if (f == nullptr) continue;  // gone meanwhile
    char buf[512];
    const std::size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    buf[n] = '\0';
    const char* close_paren = std::strrchr(buf, ')');
    if (close_paren == nullptr) continue;
    char state = 0;
    long ppid = 0, pgrp = 0;
    if (std::sscanf(close_paren + 1, " %c %ld %ld", &state, &ppid, &pgrp) != 3) continue;
    if (pgrp == pgid && state != 'Z' && state != 'X') {
      running = true;
      break;
    }
  }
  ::closedir(proc);
  return running;
}

}  // namespace

bool wait_until_group_stopped(pid_t pgid, double max_s) {
  // The usual case: the leader had no children left, the group no longer exists.
  if (::kill(-pgid, 0) != 0 && errno == ESRCH) return true;
  const auto deadline = std::chrono::steady_clock::now() + saturating_duration(max_s);
  while (group_has_running_member(pgid)) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

}  // namespace rm::process
