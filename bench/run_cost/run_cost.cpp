#include "run_cost.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>

extern char** environ;

namespace rm::bench {
namespace {

// utime, stime, cutime, cstime (fields 14-17 of /proc/<pid>/stat), in ms.
bool read_stat_cpu(pid_t pid, double* self_ms, double* children_ms) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  std::getline(in, text);  // one line
  // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
  const auto close = text.rfind(')');
  if (close == std::string::npos) return false;
  std::istringstream fields(text.substr(close + 2));
  std::vector<std::string> f;
  std::string field;
  while (fields >> field) f.push_back(field);
  if (f.size() < 15) return false;  // f[0] is field 3 (state), so field k is f[k - 3]
  const double tick_ms = 1000.0 / static_cast<double>(::sysconf(_SC_CLK_TCK));
  *self_ms = (std::stod(f[11]) + std::stod(f[12])) * tick_ms;
  *children_ms = (std::stod(f[13]) + std::stod(f[14])) * tick_ms;
  return true;
}

}  // namespace

RunCost run_and_measure(const std::vector<std::string>& args, const std::string& stdout_path) {
  RunCost cost;
  std::vector<std::string> copy = args;
  std::vector<char*> argv;
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  pid_t pid = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const int error = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) {
    std::fprintf(stderr, "cannot start %s: error %d\n", argv[0], error);
    return cost;
  }
  siginfo_t info{};
  // WNOWAIT: the process stays a zombie, so /proc/<pid>/stat still has its CPU figures.
  while (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
  }
  cost.wall_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  read_stat_cpu(pid, &cost.self_cpu_ms, &cost.children_cpu_ms);
  int status = 0;
  rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  cost.total_cpu_ms = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
                      static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
  cost.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return cost;
}

}  // namespace rm::bench
