// How the worker protocol's messages (job_stream.hpp) travel: a message of up to kPieceBytes
// is one line; a longer one is cut into pieces, each sent only after the other side answered
// the previous one with an empty line.
//
// Why: Slurm forwards a step's stdin and stdout in messages of at most 1 KiB over TCP without
// TCP_NODELAY. A longer line is two or more messages, and Nagle's algorithm holds the second
// until the first is acknowledged, which the other end delays by up to 40 ms: every job and
// every result paid about 44 ms (measured on the one-node cluster). Waiting for the empty
// line means nothing is ever unacknowledged when a piece is sent (the answer carries the
// TCP acknowledgement), so nothing is held. ssh without a terminal does not set TCP_NODELAY
// either.
//
// A message longer than a piece goes packed (message_packing.hpp) when that makes it
// shorter: two or three times fewer pieces, so fewer round trips.
//
// Lines: "+DATA" is a piece to be followed by more (answer it with an empty line); "=DATA"
// is the last piece of a message; "~DATA" the last piece of a packed message; "." alone is a
// heartbeat (a worker in a game sends one when it has written nothing for a second:
// job_stream.hpp), to be ignored; any other non-empty line is a whole message (JSON messages start
// with '{'). An empty line is an answer to a piece.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace rm::game {

// Below Slurm's 1 KiB message, with the piece's mark and newline.
inline constexpr std::size_t kPieceBytes = 1000;
// The heartbeat line (without its '\n').
inline constexpr std::string_view kHeartbeatLine = ".";

// The lines (without '\n') that carry `message`, in order.
std::vector<std::string> message_to_lines(std::string_view message);

// Joins the received lines back into messages, at most max_bytes each.
class PieceJoiner {
 public:
  enum class Kind {
    Message,    // a whole message (unpacked): take() it
    Piece,      // a piece: answer with an empty line
    Answer,     // an empty line: the answer to a piece we sent
    TooLong,    // the message grew past max_bytes (the rest of it is dropped), or was packed
                // and cannot be unpacked within max_bytes
    Heartbeat,  // the other side is alive: nothing to do
  };

  explicit PieceJoiner(std::size_t max_bytes) : max_bytes_(max_bytes) {}
  Kind add(std::string_view line);
  std::string take() { return std::move(message_); }

 private:
  std::size_t max_bytes_;
  std::string message_;
  bool overlong_ = false;
};

}  // namespace rm::game
