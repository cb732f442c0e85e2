// The worker protocol's pieces (line_pieces.hpp): every line fits one Slurm I/O message, and
// the lines join back into exactly the message sent, whatever its length or first character.
#include "ringmaster/game/line_pieces.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace rm::game;

namespace {

std::string joined(const std::vector<std::string>& lines, std::size_t max_bytes,
                   int* pieces_answered) {
  PieceJoiner joiner(max_bytes);
  *pieces_answered = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto kind = joiner.add(lines[i]);
    if (i + 1 < lines.size()) {
      REQUIRE(kind == PieceJoiner::Kind::Piece);
      ++*pieces_answered;
    } else {
      REQUIRE(kind == PieceJoiner::Kind::Message);
    }
  }
  return joiner.take();
}

}  // namespace

TEST_CASE("line pieces: messages of every length come back whole, in lines of a Slurm message",
          "[game][pieces]") {
  for (const std::size_t length : {0u, 1u, 999u, 1000u, 1001u, 2000u, 2001u, 12345u}) {
    std::string message(length, 'x');
    for (std::size_t i = 0; i < length; ++i) message[i] = static_cast<char>('a' + i % 26);
    if (length > 0) message.front() = '{';
    const auto lines = message_to_lines(message);
    for (const auto& line : lines) {
      CHECK(line.size() + 1 <= 1024);  // with its newline, within Slurm's 1 KiB message
      CHECK(line.find('\n') == std::string::npos);
    }
    // Short messages go as they are: the old one-line protocol, readable by hand.
    if (length >= 1 && length <= kPieceBytes) CHECK(lines == std::vector<std::string>{message});
    int answered = 0;
    CHECK(joined(lines, 1 << 20, &answered) == message);
    CHECK(answered == static_cast<int>(lines.size()) - 1);
  }
}

TEST_CASE("line pieces: a message that starts with a piece's mark is not taken for a piece",
          "[game][pieces]") {
  for (const std::string& message :
       std::vector<std::string>{"+1", "=", "+" + std::string(3000, 'p')}) {
    int answered = 0;
    CHECK(joined(message_to_lines(message), 1 << 20, &answered) == message);
  }
}

TEST_CASE("line pieces: an empty line is an answer, and a message past the limit is refused",
          "[game][pieces]") {
  PieceJoiner joiner(1500);
  CHECK(joiner.add("") == PieceJoiner::Kind::Answer);
  const auto lines = message_to_lines(std::string(2500, 'y'));
  REQUIRE(lines.size() == 3);
  CHECK(joiner.add(lines[0]) == PieceJoiner::Kind::Piece);
  CHECK(joiner.add(lines[1]) == PieceJoiner::Kind::Piece);  // still answered: the sender waits
  CHECK(joiner.add(lines[2]) == PieceJoiner::Kind::TooLong);
  // The next message is read normally.
  CHECK(joiner.add("{}") == PieceJoiner::Kind::Message);
  CHECK(joiner.take() == "{}");
}
