// Pieces of the `ringmaster serve` tests: a competition directory with small ringbot events,
// `ringmaster serve` started on a free port, and raw HTTP requests over a socket (so that a
// test can send what no well-behaved client would).
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/child_process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/time_scale.hpp"

namespace rm::test {

inline const std::string kRingmasterBin = std::string(RM_BIN_DIR) + "/ringmaster";

// A playoff of two fixed ringbots on 7x7, `games` games.
inline std::string small_playoff_yaml(int games, const std::string& description = "serve test") {
  return "competition_type: playoff\n"
         "description: '" +
         description +
         "'\n"
         "players:\n"
         "  weak: {command: [ringbot, --playouts, '2', --seed, '3']}\n"
         "  strong: {command: [ringbot, --playouts, '12', --seed, '4']}\n"
         "board_size: 7\n"
         "komi: 4.5\n"
         "move_limit: 200\n"
         "matchups:\n"
         "  - {player_1: strong, player_2: weak, alternating: true, number_of_games: " +
         std::to_string(games) + "}\n";
}

// An mc_tuner of ringbot's playouts against a fixed ringbot on 7x7.
inline std::string small_tuner_yaml(int games) {
  return "competition_type: mc_tuner\n"
         "description: serve test tuner\n"
         "players:\n"
         "  opp: {command: [ringbot, --playouts, '8', --seed, '3']}\n"
         "board_size: 7\n"
         "komi: 4.5\n"
         "move_limit: 200\n"
         "number_of_games: " +
         std::to_string(games) +
         "\n"
         "candidate_colour: w\n"
         "opponent: opp\n"
         "exploration_coefficient: 0.45\n"
         "initial_visits: 2\n"
         "initial_wins: 1\n"
         "seed: 42\n"
         "parameters:\n"
         "  - {code: pl, scale: 'LOG(2, 40, integer)', split: 3, format: 'pl: %d'}\n"
         "candidate:\n"
         "  command: [ringbot, --playouts, '{pl}', --seed, '5']\n";
}

struct HttpReply {
  int status = 0;  // 0: no answer (the connection was closed or timed out)
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
  std::string raw;
};

// Sends `request` as written to 127.0.0.1:port and reads until the server closes or 30 s
// (scaled) pass without data.
inline HttpReply http_raw(int port, const std::string& request) {
  HttpReply reply;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  timeval timeout{static_cast<long>(30 * rm::test::time_scale()), 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return reply;
  }
  std::size_t sent = 0;
  while (sent < request.size()) {
    const ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;  // the server may close early on a request it refuses
    sent += static_cast<std::size_t>(n);
  }
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    reply.raw.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  const auto line_end = reply.raw.find("\r\n");
  if (reply.raw.rfind("HTTP/1.1 ", 0) != 0 || line_end == std::string::npos) return reply;
  reply.status = std::stoi(reply.raw.substr(9, 3));
  const auto head_end = reply.raw.find("\r\n\r\n");
  std::size_t pos = line_end + 2;
  while (head_end != std::string::npos && pos < head_end) {
    const auto end = reply.raw.find("\r\n", pos);
    const std::string line = reply.raw.substr(pos, end - pos);
    const auto colon = line.find(':');
    if (colon != std::string::npos) {
      std::string name = line.substr(0, colon);
      for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      std::string value = line.substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.erase(0, 1);
      reply.headers[name] = value;
    }
    pos = end + 2;
  }
  if (head_end != std::string::npos) reply.body = reply.raw.substr(head_end + 4);
  return reply;
}

// A header of the reply ("" without it); `name` in lower case.
inline std::string header(const HttpReply& reply, const std::string& name) {
  const auto it = reply.headers.find(name);
  return it == reply.headers.end() ? "" : it->second;
}

inline HttpReply http_get(int port, const std::string& target, const std::string& method = "GET") {
  return http_raw(
      port, method + " " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
}

// Whether a new socket can take 127.0.0.1:port (nothing listens there any more).
inline bool port_free(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool ok = ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  ::close(fd);
  return ok;
}

// Runs `ringmaster args...` in `dir` to its end.
inline Finished run_ringmaster(const std::string& dir, const std::vector<std::string>& args,
                               const std::string& tag) {
  std::vector<std::string> argv{kRingmasterBin};
  argv.insert(argv.end(), args.begin(), args.end());
  static int runs = 0;
  ChildProcess child(argv, dir + "/ringmaster-" + std::to_string(runs++), tag);
  auto finished = child.wait(std::chrono::seconds(180));
  REQUIRE(finished);
  return *finished;
}

// `ringmaster serve DIR... --port 0 [more]`, with the port it printed.
class ServeProcess {
 public:
  ServeProcess(const std::vector<std::string>& dirs, const std::string& capture_stem,
               const std::string& tag, const std::vector<std::string>& more = {}) {
    std::vector<std::string> argv{kRingmasterBin, "serve"};
    argv.insert(argv.end(), dirs.begin(), dirs.end());
    argv.insert(argv.end(), {"--port", "0"});
    argv.insert(argv.end(), more.begin(), more.end());
    child_ = std::make_unique<ChildProcess>(argv, capture_stem, tag);
    const auto deadline = std::chrono::steady_clock::now() + scaled(std::chrono::seconds(60));
    while (std::chrono::steady_clock::now() < deadline) {
      const std::string out = child_->stdout_so_far();
      const auto at = out.find("open http://");
      const auto colon = at == std::string::npos ? at : out.find(':', at + 12);
      if (colon != std::string::npos && out.find('\n', colon) != std::string::npos) {
        port_ = std::stoi(out.substr(colon + 1));
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    FAIL("ringmaster serve did not print its URL: " << child_->stderr_so_far());
  }
  int port() const { return port_; }
  ChildProcess& child() { return *child_; }

 private:
  std::unique_ptr<ChildProcess> child_;
  int port_ = 0;
};

inline std::string unique_tag(const std::string& name) {
  return name + "-" + std::to_string(std::random_device{}());
}

}  // namespace rm::test
