// Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
// JSON messages, each ended by a NUL, the browser reading fd 3 and writing fd 4), so that a
// test can open a page, let it run in real time and look at its DOM as often as it likes,
// and hear every console message and exception. Chromium runs in a session of its own and
// its whole process group is killed at the end.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/support/temp_dir.hpp"
#include "tests/support/time_scale.hpp"

namespace rm::test {

class DevToolsChromium {
 public:
  // `log_stem`: Chromium's stdout and stderr go to <log_stem>.out/.err. `tag`: RM_TEST_TAG.
  DevToolsChromium(const std::string& log_stem, const std::string& tag)
      : profile_("rm-chromium-profile") {
    int to_browser[2], from_browser[2];
    if (::pipe2(to_browser, O_CLOEXEC) != 0 || ::pipe2(from_browser, O_CLOEXEC) != 0)
      throw std::runtime_error("pipe failed");
    std::vector<std::string> args{"/usr/bin/chromium",
                                  "--headless",
                                  "--no-sandbox",
                                  "--disable-gpu",
                                  "--disable-quic",
                                  "--no-first-run",
                                  "--disable-background-networking",
                                  "--disable-component-update",
                                  "--disable-sync",
                                  "--disable-extensions",
                                  "--remote-debugging-pipe",
                                  "--user-data-dir=" + profile_.path(),
                                  "about:blank"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> env_strings;
    for (char** e = environ; *e != nullptr; ++e)
      if (std::string(*e).rfind("RM_TEST_TAG=", 0) != 0) env_strings.emplace_back(*e);
    env_strings.push_back("RM_TEST_TAG=" + tag);
    std::vector<char*> env;
    for (auto& e : env_strings) env.push_back(e.data());
    env.push_back(nullptr);
    const std::string out_path = log_stem + ".out", err_path = log_stem + ".err";
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      ::setsid();
      const int in = ::open("/dev/null", O_RDONLY);
      const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (in < 0 || out < 0 || err < 0) ::_exit(127);
      ::dup2(in, 0);
      ::dup2(out, 1);
      ::dup2(err, 2);
      // dup2 clears close-on-exec: only fds 3 and 4 of the pipes reach Chromium.
      const int read_end = ::dup(to_browser[0]);
      const int write_end = ::dup(from_browser[1]);
      ::dup2(read_end, 3);
      ::dup2(write_end, 4);
      ::execve(argv[0], argv.data(), env.data());
      ::_exit(127);
    }
    ::close(to_browser[0]);
    ::close(from_browser[1]);
    write_fd_ = to_browser[1];
    read_fd_ = from_browser[0];
  }

  ~DevToolsChromium() { kill_all(); }
  DevToolsChromium(const DevToolsChromium&) = delete;
  DevToolsChromium& operator=(const DevToolsChromium&) = delete;

  // Sends a command and waits for its answer (its "result"; throws on an "error" or after
  // `limit`, scaled). Events that come meanwhile are kept in events().
  nlohmann::json call(const std::string& method,
                      const nlohmann::json& params = nlohmann::json::object(),
                      const std::string& session = "",
                      std::chrono::seconds limit = std::chrono::seconds(60)) {
    const int id = ++last_id_;
    nlohmann::json message{{"id", id}, {"method", method}, {"params", params}};
    if (!session.empty()) message["sessionId"] = session;
    std::string text = message.dump();
    text.push_back('\0');
    std::size_t sent = 0;
    while (sent < text.size()) {
      const ssize_t n = ::write(write_fd_, text.data() + sent, text.size() - sent);
      if (n <= 0) throw std::runtime_error("cannot write to Chromium");
      sent += static_cast<std::size_t>(n);
    }
    const auto deadline = std::chrono::steady_clock::now() + scaled(limit);
    for (;;) {
      auto next = read_message(deadline);
      if (!next) throw std::runtime_error("no answer from Chromium to " + method);
      if (next->contains("id") && (*next)["id"] == id) {
        if (next->contains("error"))
          throw std::runtime_error(method + ": " + (*next)["error"].dump());
        return next->value("result", nlohmann::json::object());
      }
      if (next->contains("method")) events_.push_back(*next);
    }
  }

  // Reads whatever events have come, for up to `wait`.
  void drain(std::chrono::milliseconds wait) {
    const auto deadline = std::chrono::steady_clock::now() + wait;
    while (auto next = read_message(deadline))
      if (next->contains("method")) events_.push_back(*next);
  }

  const std::vector<nlohmann::json>& events() const { return events_; }
  pid_t pid() const { return pid_; }

  // Kills Chromium's whole process group and reaps it.
  void kill_all() {
    if (pid_ <= 0) return;
    ::kill(-pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    ::close(write_fd_);
    ::close(read_fd_);
  }

 private:
  std::optional<nlohmann::json> read_message(std::chrono::steady_clock::time_point deadline) {
    for (;;) {
      const auto end = buffer_.find('\0');
      if (end != std::string::npos) {
        const std::string text = buffer_.substr(0, end);
        buffer_.erase(0, end + 1);
        return nlohmann::json::parse(text);
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return std::nullopt;
      pollfd p{read_fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
      char chunk[65536];
      const ssize_t n = ::read(read_fd_, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;  // Chromium went away
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  TempDir profile_;
  pid_t pid_ = -1;
  int write_fd_ = -1, read_fd_ = -1;
  int last_id_ = 0;
  std::string buffer_;
  std::vector<nlohmann::json> events_;
};

}  // namespace rm::test
