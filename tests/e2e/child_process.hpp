// Runs a real executable for the end-to-end and command-line tests: fork + exec (no shell),
// stdout and stderr captured in files, an extra environment variable that marks every
// process it starts (engines inherit it), and a scan of /proc for marked processes left over.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/scratch_files.hpp"
#include "tests/support/time_scale.hpp"

namespace rm::test {

struct Finished {
  int exit_status = -1;  // -1 if killed by a signal
  int signal = 0;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  return rm::test::read_whole_file(path);
}

class ChildProcess {
 public:
  // argv[0] is a path. `tag` is exported as RM_TEST_TAG=<tag>; output goes to
  // <capture_stem>.out/.err. The child leads a new session: it never shares the terminal the tests
  // were started from. With a `terminal` (a pseudo-terminal's slave path) that one is its
  // controlling terminal and its standard input; otherwise it has no terminal and its input is
  // /dev/null. With `output_to_terminal` its standard output is the terminal too (stderr still the
  // file). `extra_env`: more NAME=VALUE entries for its environment.
  ChildProcess(const std::vector<std::string>& argv, const std::string& capture_stem,
               const std::string& tag, const std::string& terminal = "",
               bool output_to_terminal = false, const std::vector<std::string>& extra_env = {})
      : out_path_(capture_stem + ".out"), err_path_(capture_stem + ".err") {
    std::vector<char*> c_argv;
    for (const auto& a : argv) c_argv.push_back(const_cast<char*>(a.c_str()));
    c_argv.push_back(nullptr);
    // The environment is built before fork: only async-signal-safe calls happen in the child.
    std::vector<std::string> env_strings;
    for (char** e = environ; *e != nullptr; ++e)
      if (std::string(*e).rfind("RM_TEST_TAG=", 0) != 0) env_strings.emplace_back(*e);
    env_strings.push_back("RM_TEST_TAG=" + tag);
    for (const auto& e : extra_env) env_strings.push_back(e);
    std::vector<char*> c_env;
    for (auto& e : env_strings) c_env.push_back(e.data());
    c_env.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      int out = ::open(out_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      int err = ::open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      // Opened by a session leader without one, the terminal becomes the controlling one.
      ::setsid();
      int in = terminal.empty() ? ::open("/dev/null", O_RDONLY) : ::open(terminal.c_str(), O_RDWR);
      if (out < 0 || err < 0 || in < 0) ::_exit(127);
      ::dup2(in, 0);
      ::dup2(output_to_terminal && !terminal.empty() ? in : out, 1);
      ::dup2(err, 2);
      ::execve(c_argv[0], c_argv.data(), c_env.data());
      ::_exit(127);
    }
  }
  ~ChildProcess() {
    if (!reaped_) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      ::waitpid(pid_, &status, 0);
    }
  }
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }
  void send(int sig) { ::kill(pid_, sig); }

  // Waits at most `limit`, stretched by RM_TEST_TIME_SCALE (a safety net so a hung child fails
  // the test instead of hanging it).
  std::optional<Finished> wait(std::chrono::milliseconds limit = std::chrono::seconds(120)) {
    auto deadline = std::chrono::steady_clock::now() + rm::test::scaled(limit);
    int status = 0;
    for (;;) {
      pid_t r = ::waitpid(pid_, &status, WNOHANG);
      if (r == pid_) break;
      if (std::chrono::steady_clock::now() > deadline) return std::nullopt;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    reaped_ = true;
    Finished f;
    if (WIFEXITED(status)) f.exit_status = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) f.signal = WTERMSIG(status);
    f.out = slurp(out_path_);
    f.err = slurp(err_path_);
    return f;
  }

  std::string stdout_so_far() const { return slurp(out_path_); }
  std::string stderr_so_far() const { return slurp(err_path_); }

 private:
  std::string out_path_, err_path_;
  pid_t pid_ = -1;
  bool reaped_ = false;
};

// Live (not zombie) processes whose environment carries RM_TEST_TAG=<tag>.
inline std::vector<int> tagged_processes(const std::string& tag) {
  std::vector<int> found;
  const std::string needle = "RM_TEST_TAG=" + tag;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string stat = slurp(entry.path().string() + "/stat");
    auto close_paren = stat.rfind(')');
    if (close_paren == std::string::npos || close_paren + 2 >= stat.size()) continue;
    if (stat[close_paren + 2] == 'Z') continue;
    std::ifstream env(entry.path().string() + "/environ", std::ios::binary);
    std::string var;
    while (std::getline(env, var, '\0'))
      if (var == needle) {
        found.push_back(std::stoi(name));
        break;
      }
  }
  return found;
}

// Waits up to `limit` for every tagged process to go (engines die by PDEATHSIG after a kill).
inline std::vector<int> tagged_processes_after(const std::string& tag,
                                               std::chrono::milliseconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  for (;;) {
    auto left = tagged_processes(tag);
    if (left.empty() || std::chrono::steady_clock::now() > deadline) return left;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace rm::test
