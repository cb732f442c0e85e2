#include "ringmaster/game/line_pieces.hpp"

namespace rm::game {

std::vector<std::string> message_to_lines(std::string_view message) {
  // A short message starting with a mark would be taken for a piece: it goes as a last piece.
  const bool marked = !message.empty() && (message.front() == '+' || message.front() == '=' ||
                                           message == kHeartbeatLine);
  if (message.size() <= kPieceBytes && !message.empty() && !marked) return {std::string(message)};
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < message.size() || lines.empty(); at += kPieceBytes) {
    const bool last = at + kPieceBytes >= message.size();
    lines.push_back((last ? "=" : "+") + std::string(message.substr(at, kPieceBytes)));
  }
  return lines;
}

PieceJoiner::Kind PieceJoiner::add(std::string_view line) {
  if (line.empty()) return Kind::Answer;
  if (line == kHeartbeatLine) return Kind::Heartbeat;
  const bool piece = line.front() == '+';
  const bool last = line.front() == '=';
  if (piece || last) line.remove_prefix(1);
  if (!overlong_ && message_.size() + line.size() > max_bytes_) {
    overlong_ = true;
    message_.clear();
  }
  if (!overlong_) message_.append(line);
  if (piece) return Kind::Piece;
  if (overlong_) {
    overlong_ = false;
    return Kind::TooLong;
  }
  return Kind::Message;
}

}  // namespace rm::game
