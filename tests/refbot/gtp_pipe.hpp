#pragma once
// Test helper: a tiny GTP driver for an engine process on pipes (fork/exec, no shell).
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace rm::refbot::test {

struct GtpReply {
  bool ok = false;
  std::string id;    // the id echoed after '=' or '?'
  std::string text;  // the response without '=id ' / '?id ' and without the final blank line
  std::string raw;   // exactly what the engine sent, including the terminating blank line
};

class GtpPipe {
 public:
  explicit GtpPipe(std::vector<std::string> argv) {
    std::signal(SIGPIPE, SIG_IGN);  // a dead engine must fail the test, not kill it
    int to_child[2];
    int from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[0]);
      close(to_child[1]);
      close(from_child[0]);
      close(from_child[1]);
      std::vector<char*> args;
      for (auto& a : argv) args.push_back(a.data());
      args.push_back(nullptr);
      execv(args[0], args.data());
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = fdopen(to_child[1], "w");
    out_ = fdopen(from_child[0], "r");
  }
  GtpPipe(const GtpPipe&) = delete;
  GtpPipe& operator=(const GtpPipe&) = delete;

  ~GtpPipe() {
    if (in_) std::fclose(in_);
    if (out_) std::fclose(out_);
    if (pid_ <= 0) return;
    int status = 0;
    // The engine exits at end of input; make sure it is gone either way.
    for (int i = 0; i < 200; ++i) {
      if (waitpid(pid_, &status, WNOHANG) == pid_) return;
      usleep(10000);
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
  }

  // Sends one raw line (a newline is added) and reads one response.
  GtpReply send(const std::string& line) {
    std::fputs((line + "\n").c_str(), in_);
    std::fflush(in_);
    return read_reply();
  }

  // Sends text that is not expected to produce a response (comments, blank lines).
  void send_silent(const std::string& text) {
    std::fputs(text.c_str(), in_);
    std::fflush(in_);
  }

  GtpReply read_reply() {
    GtpReply reply;
    std::vector<std::string> lines;
    for (;;) {
      std::string line;
      int ch;
      while ((ch = std::fgetc(out_)) != EOF && ch != '\n') line += static_cast<char>(ch);
      if (ch == EOF) throw std::runtime_error("engine closed its output");
      reply.raw += line + "\n";
      if (line.empty()) {
        if (lines.empty()) continue;  // blank lines before a response are skipped
        break;
      }
      lines.push_back(line);
    }
    const std::string& first = lines[0];
    reply.ok = first[0] == '=';
    std::size_t i = 1;
    while (i < first.size() && first[i] >= '0' && first[i] <= '9') reply.id += first[i++];
    if (i < first.size() && first[i] == ' ') ++i;
    reply.text = first.substr(i);
    for (std::size_t l = 1; l < lines.size(); ++l) reply.text += "\n" + lines[l];
    return reply;
  }

  int close_and_wait() {
    std::fclose(in_);
    in_ = nullptr;
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
  }

 private:
  pid_t pid_ = -1;
  std::FILE* in_ = nullptr;
  std::FILE* out_ = nullptr;
};

inline std::string ringbot_path() {
  return std::string(RM_BIN_DIR) + "/ringbot";
}

}  // namespace rm::refbot::test
