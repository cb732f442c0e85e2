#include "ringmaster/game/line_pieces.hpp"

#include "ringmaster/game/message_packing.hpp"

namespace rm::game {

std::vector<std::string> message_to_lines(std::string_view message) {
  // A short message starting with a mark would be taken for a piece: it goes as a last piece.
  const bool marked = !message.empty() && (message.front() == '+' || message.front() == '=' ||
                                           message.front() == '~' || message == kHeartbeatLine);
  if (message.size() <= kPieceBytes && !message.empty() && !marked) return {std::string(message)};
  // A long message goes packed when that makes it shorter: its last piece is marked '~'.
  const std::optional<std::string> packed =
      message.size() > kPieceBytes ? pack_message(message) : std::nullopt;
  const std::string_view text = packed ? std::string_view(*packed) : message;
  const char last_mark = packed ? '~' : '=';
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size() || lines.empty(); at += kPieceBytes) {
    const bool last = at + kPieceBytes >= text.size();
    lines.push_back((last ? last_mark : '+') + std::string(text.substr(at, kPieceBytes)));
  }
  return lines;
}

PieceJoiner::Kind PieceJoiner::add(std::string_view line) {
  if (line.empty()) return Kind::Answer;
  if (line == kHeartbeatLine) return Kind::Heartbeat;
  const bool piece = line.front() == '+';
  const bool packed = line.front() == '~';
  const bool last = line.front() == '=' || packed;
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
  if (packed) {
    auto unpacked = unpack_message(message_, max_bytes_);
    // Unreadable or too long once unpacked: nothing a reader can take for a message.
    if (!unpacked) {
      message_.clear();
      return Kind::TooLong;
    }
    message_ = std::move(*unpacked);
  }
  return Kind::Message;
}

}  // namespace rm::game
