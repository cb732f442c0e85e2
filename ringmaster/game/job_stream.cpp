#include "ringmaster/game/job_stream.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stop_token>
#include <thread>
#include <vector>

#include "ringmaster/game/bounded_file.hpp"
#include "ringmaster/game/engine_cache.hpp"
#include "ringmaster/game/game_job.hpp"
#include "ringmaster/game/line_pieces.hpp"
#include "ringmaster/game/referee.hpp"

#ifndef RINGMASTER_VERSION
#define RINGMASTER_VERSION "unknown"
#endif

namespace rm::game {
namespace {

// A line longer than a job file may be is replaced by this marker (a job never starts with it).
constexpr const char* kTooLong = "\x01too long";
// How long the controller may take to answer a piece of a result (it answers at once).
constexpr std::chrono::seconds kAnswerLimit{30};

// Messages read by a thread of their own, so that the end of input is seen while a game is
// being played (the controller is gone: the game is aborted rather than played for nobody).
struct InputLines {
  std::mutex mutex;
  std::condition_variable ready;
  std::deque<std::string> messages;
  int answers = 0;  // empty lines not yet consumed: the controller took a piece of ours
  bool ended = false;
};

// Written by the main thread (results), the reader (answers to the controller's pieces) and
// the heartbeat (while a game is played).
struct Output {
  int fd;
  std::mutex mutex;
  bool in_game = false;  // a job is being played: the heartbeat may write
  std::chrono::steady_clock::time_point last_write{};
};

bool write_line_locked(Output& out, const std::string& text) {
  const std::string line = text + "\n";
  out.last_write = std::chrono::steady_clock::now();
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t w = ::write(out.fd, line.data() + done, line.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    done += static_cast<std::size_t>(w);
  }
  return true;
}

bool write_line(Output& out, const std::string& text) {
  std::lock_guard lock(out.mutex);
  return write_line_locked(out, text);
}

void set_in_game(Output& out, bool in_game) {
  std::lock_guard lock(out.mutex);
  out.in_game = in_game;
  out.last_write = std::chrono::steady_clock::now();
}

// While a game is played, a heartbeat line whenever nothing was written for a second: the
// controller takes a worker silent for executor.silence_timeout for a frozen one. Never
// between the pieces of a message (in_game is false then), so the pieces' rule holds.
void send_heartbeats(std::stop_token stop, const std::shared_ptr<Output>& out) {
  std::mutex mutex;
  std::condition_variable_any wake;
  std::unique_lock lock(mutex);
  for (;;) {
    wake.wait_for(lock, stop, std::chrono::milliseconds(kHeartbeatInterval) / 4,
                  [] { return false; });
    if (stop.stop_requested()) return;
    std::lock_guard out_lock(out->mutex);
    if (out->in_game && std::chrono::steady_clock::now() - out->last_write >= kHeartbeatInterval)
      write_line_locked(*out, std::string(kHeartbeatLine));
  }
}

void read_lines(int fd, const std::shared_ptr<InputLines>& input,
                const std::shared_ptr<Output>& output, std::atomic<bool>* abort) {
  std::string partial;
  bool overlong = false;
  PieceJoiner joiner(kMaxInputFileBytes);
  char buffer[65536];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    for (ssize_t i = 0; i < got; ++i) {
      if (buffer[i] != '\n') {
        if (partial.size() < kMaxInputFileBytes)
          partial.push_back(buffer[i]);
        else
          overlong = true;
        continue;
      }
      const PieceJoiner::Kind kind = overlong ? PieceJoiner::Kind::TooLong : joiner.add(partial);
      partial.clear();
      overlong = false;
      if (kind == PieceJoiner::Kind::Piece) {
        write_line(*output, "");
        continue;
      }
      if (kind == PieceJoiner::Kind::Heartbeat) continue;
      std::lock_guard lock(input->mutex);
      if (kind == PieceJoiner::Kind::Answer)
        ++input->answers;
      else
        input->messages.push_back(kind == PieceJoiner::Kind::TooLong ? std::string(kTooLong)
                                                                     : joiner.take());
      input->ready.notify_one();
    }
  }
  {
    std::lock_guard lock(input->mutex);
    input->ended = true;
  }
  abort->store(true);
  input->ready.notify_one();
}

enum class Sent { Ok, ControllerGone, NotAnswered };

// Sends one message, piece by piece (line_pieces.hpp).
Sent write_message(Output& out, InputLines& input, const std::string& message) {
  const std::vector<std::string> lines = message_to_lines(message);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!write_line(out, lines[i])) return Sent::ControllerGone;
    if (i + 1 == lines.size()) break;
    // Not cut short by `abort`: the void result of an aborted game still goes to a controller
    // that is there to answer; one that is gone ends the input.
    std::unique_lock lock(input.mutex);
    if (!input.ready.wait_for(lock, kAnswerLimit, [&] { return input.answers > 0 || input.ended; }))
      return Sent::NotAnswered;
    if (input.answers == 0) return Sent::ControllerGone;
    --input.answers;
  }
  return Sent::Ok;
}

std::string error_line(const std::string& message) {
  return nlohmann::json{{"error", message}}.dump();
}

// The answer to one input line: the game's result, or what is wrong with the line.
std::string answer(const std::string& line, std::atomic<bool>& abort, EngineCache& engines) {
  if (line == kTooLong)
    return error_line("bad job: longer than " + describe_size(kMaxInputFileBytes));
  GameJob job;
  try {
    job = job_from_json(nlohmann::json::parse(line));
  } catch (const nlohmann::json::exception& e) {
    return error_line(std::string("bad job: invalid JSON: ") + e.what());
  } catch (const std::invalid_argument& e) {
    return error_line(std::string("bad job: ") + e.what());
  }
  return to_json(play_game(job, &abort, &engines)).dump();
}

}  // namespace

std::string worker_ready_line() {
  return nlohmann::json{{"ready", "ringmaster-play"},
                        {"protocol", kWorkerProtocol},
                        {"version", RINGMASTER_VERSION},
                        {"pid", static_cast<long>(::getpid())}}
      .dump();
}

std::optional<WorkerReady> read_worker_ready_line(const std::string& line) {
  try {
    const auto j = nlohmann::json::parse(line);
    if (!j.is_object() || j.value("ready", "") != "ringmaster-play") return std::nullopt;
    WorkerReady ready;
    // A number that is not a whole one is no protocol this controller speaks.
    if (const auto p = j.find("protocol"); p != j.end())
      ready.protocol = p->is_number_integer() ? p->get<int>() : 0;
    if (const auto v = j.find("version"); v != j.end() && v->is_string())
      ready.version = v->get<std::string>();
    return ready;
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

int serve_jobs(int in_fd, int out_fd, std::atomic<bool>& abort) {
  auto input = std::make_shared<InputLines>();
  auto output = std::make_shared<Output>();
  output->fd = out_fd;
  // Detached: it may stay blocked in read() until the process exits; it owns a share of the
  // messages and the output, and `abort` lives as long as the process.
  std::thread(read_lines, in_fd, input, output, &abort).detach();
  if (!write_line(*output, worker_ready_line())) return 0;
  std::jthread heartbeat(send_heartbeats, output);  // stopped and joined before `output` goes
  EngineCache engines;  // closed (quit, then the usual escalation) when the stream ends
  for (;;) {
    std::string message;
    {
      std::unique_lock lock(input->mutex);
      while (input->messages.empty() && !abort.load())
        input->ready.wait_for(lock, std::chrono::milliseconds(100));
      if (abort.load()) break;
      message = std::move(input->messages.front());
      input->messages.pop_front();
    }
    set_in_game(*output, true);
    const std::string reply = answer(message, abort, engines);
    set_in_game(*output, false);
    const Sent sent = write_message(*output, *input, reply);
    if (sent == Sent::NotAnswered) {
      // The controller is there (its end of the pipe is open) but stopped answering: a wedged
      // launcher or a frozen controller. Nothing more can be sent; say so and give up.
      std::fprintf(stderr,
                   "ringmaster-play --serve: the controller did not answer a piece of the "
                   "result within %d s; giving up (exit status %d)\n",
                   static_cast<int>(kAnswerLimit.count()), kServeNotAnsweredExit);
      return kServeNotAnsweredExit;
    }
    if (sent != Sent::Ok || abort.load()) break;
  }
  return 0;
}

}  // namespace rm::game
