#include "ringmaster/run/executor/worker_messages.hpp"

#include <string>
#include <vector>

#include "ringmaster/game/line_pieces.hpp"

namespace rm::run {

using rm::process::IoStatus;

rm::process::WriteResult send_message(rm::process::Process& worker, std::string_view message,
                                      rm::process::Process::Clock::time_point deadline,
                                      const std::atomic<bool>* abort) {
  const std::vector<std::string> lines = rm::game::message_to_lines(message);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    auto written = worker.write_line(lines[i]);
    if (written.status != IoStatus::Ok || i + 1 == lines.size()) return written;
    const auto answer = worker.read_line(deadline, rm::game::kPieceBytes + 1, abort);
    if (answer.status != IoStatus::Ok) return {answer.status, answer.error};
    if (!answer.line.empty())
      return {IoStatus::Failed, "a piece of the message was answered with something else"};
  }
  return {};
}

rm::process::ReadResult receive_message(rm::process::Process& worker,
                                        rm::process::Process::Clock::time_point deadline,
                                        std::size_t max_bytes, const std::atomic<bool>* abort,
                                        rm::process::Process::Clock::duration silence) {
  rm::game::PieceJoiner joiner(max_bytes);
  for (;;) {
    auto line_deadline = deadline;
    if (silence > rm::process::Process::Clock::duration::zero()) {
      const auto now = rm::process::Process::Clock::now();
      if (deadline - now > silence) line_deadline = now + silence;
    }
    auto line = worker.read_line(line_deadline, max_bytes + 1, abort);
    if (line.status != IoStatus::Ok) return line;
    switch (joiner.add(line.line)) {
      case rm::game::PieceJoiner::Kind::Message:
        return {IoStatus::Ok, joiner.take(), {}};
      case rm::game::PieceJoiner::Kind::TooLong:
        return {IoStatus::TooLong, {}, {}};
      case rm::game::PieceJoiner::Kind::Piece:
        if (const auto w = worker.write_line(""); w.status != IoStatus::Ok)
          return {w.status, {}, w.error};
        break;
      case rm::game::PieceJoiner::Kind::Answer:  // nothing of ours was waiting: ignored
      case rm::game::PieceJoiner::Kind::Heartbeat:
        break;
    }
  }
}

}  // namespace rm::run
